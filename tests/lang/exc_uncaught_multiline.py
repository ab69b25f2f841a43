# A failing call whose arguments span several lines; the traceback shows the failing line.
def combine(a, b, c):
    return a + b + c
values = [1, 2]
print(combine(1, 2, 3))
result = combine(
    values[0],
    values[1],
    values[2],
)

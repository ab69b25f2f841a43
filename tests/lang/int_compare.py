# Integer comparisons: chains, mixed with floats and bools, large values and sorting.
print(1 < 2, 2 < 1, 1 <= 1, 1 >= 2, 1 == 1, 1 != 1)
print(1 < 2 < 3 < 4, 1 < 3 < 2, 5 > 4 >= 4 > 3, 1 == 1.0 == True)
print(10 ** 20 > 10 ** 19, -(10 ** 20) < -(10 ** 19), 2 ** 100 == 2 ** 100)
print(2 ** 53 == 2.0 ** 53, 2 ** 53 + 1 == 2.0 ** 53, 2 ** 53 + 1 > 2.0 ** 53)
print(10 ** 400 > float("inf"), 10 ** 400 < float("inf"), -(10 ** 400) > float("-inf"))
print(0 == -0.0, 1 < float("nan"), 1 > float("nan"), 1 != float("nan"))
print(True > False, True == 1, False == 0, True + 0 == 1)
vals = [10 ** 20, -5, 3.5, True, 0, -(10 ** 20), 2 ** 64, 7]
print(sorted(vals))
print(max(vals), min(vals))
def cmp(a, b):
    return (a > b) - (a < b)
print([cmp(a, b) for a, b in [(1, 2), (2, 1), (3, 3), (-1, 1), (10 ** 30, 10 ** 29)]])
try:
    print(1 < "2")
except TypeError as e:
    print("TypeError:", e)
try:
    print(None < 1)
except TypeError as e:
    print("TypeError:", e)
print(1 == "1", 1 != "1", [1, 2] < [1, 3], (1, 2) < (1, 2, 0))

# Generator functions: lazy execution, StopIteration, exhaustion, and iteration protocols.
def count_up(n):
    print("start")
    i = 0
    while i < n:
        print("yield", i)
        yield i
        i += 1
    print("end")
g = count_up(3)
print(type(g).__name__, "created")
print(next(g))
print(next(g))
print(list(g))
try:
    next(g)
except StopIteration:
    print("exhausted")
print(next(g, "default"))
def evens():
    n = 0
    while True:
        yield n
        n += 2
e = evens()
print([next(e) for _ in range(5)])
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
out = []
for v in fib():
    if v > 100:
        break
    out.append(v)
print(out)
print(sum(count_up(4)))
g = (i for i in range(2))
print(iter(g) is g, next(g), next(g), next(g, "done"))
def empty():
    return
    yield
print(list(empty()), list(empty()))
def nested_gen():
    for i in range(3):
        for j in range(i):
            yield (i, j)
print(list(nested_gen()))

# Exceptions inside comprehensions propagate; StopIteration is not swallowed oddly.
try:
    [1 / (x - 2) for x in range(5)]
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    {x: y for x, y in [(1, 2), (3,)]}
except ValueError as e:
    print("ValueError:", e)
try:
    {[x] for x in range(2)}
except TypeError as e:
    print("TypeError:", e)
try:
    sum(int(s) for s in ["1", "2", "x"])
except ValueError as e:
    print("ValueError:", e)
try:
    [undefined_name for _ in range(1)]
except NameError as e:
    print("NameError:", e)
def first(it):
    return [next(it) for _ in range(5)]
try:
    first(iter([1, 2]))
except StopIteration:
    print("StopIteration escaped the list comprehension")
def gen():
    yield from (next(iter([])) for _ in range(1))
try:
    list(gen())
except RuntimeError as e:
    print("RuntimeError:", e)
print([x for x in range(3) if x] or "empty")

# functools.reduce with and without an initial value.
from functools import reduce
print(reduce((lambda a, b: a + b), [1, 2, 3, 4]), reduce((lambda a, b: a * b), range(1, 11)), reduce(lambda a, b: a + b, ["a", "b", "c"]))
print(reduce(lambda acc, x: acc + [x * 2], [1, 2, 3], []), reduce(max, [3, 9, 2, 7]), reduce((lambda a, b: a + b), [], 0), reduce((lambda a, b: a + b), [5]))
print(reduce(lambda d, kv: {**d, kv[0]: kv[1]}, [("a", 1), ("b", 2)], {}))
print(reduce(lambda a, b: a * 10 + b, [1, 2, 3, 4]), reduce((lambda a, b: a | b), [1, 2, 4, 8]), reduce((lambda a, b: a ^ b), range(10)))
steps = []
def trace(a, b):
    steps.append((a, b))
    return a + b
print(reduce(trace, [1, 2, 3, 4], 100), steps)
try:
    reduce((lambda a, b: a + b), [])
except TypeError as e:
    print("TypeError:", e)
print(reduce(lambda acc, w: acc if len(acc) >= len(w) else w, "a bbb cc dddd e".split()))

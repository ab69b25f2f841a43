# map and filter are lazy iterators.
m = map(lambda x: x * 2, [1, 2, 3])
print(type(m).__name__, next(m), list(m), list(m))
print(list(map(str.upper, "abc")), list(map(int, ["1", "2"])), list(map(lambda a, b: a + b, "ab", "xyz")))
print(list(map(pow, range(4), [2] * 4)), list(map(len, [[], [1], [1, 2]])))
f = filter(lambda x: x > 1, [0, 1, 2, 3])
print(type(f).__name__, list(f), list(filter(None, [0, "", None, 3, "a", [], [0]])))
print(list(filter(str.isdigit, "a1b2c3")), list(filter(lambda kv: kv[1], {"a": 0, "b": 1}.items())))
def noisy(x):
    print("map called", x)
    return x
lazy = map(noisy, [1, 2])
print("map created")
print(next(lazy))
print(sum(map(int, "12345")), max(map(len, "a bb ccc".split())), sorted(map(abs, [-3, 1, -2])))
print(list(map(lambda t: t[0] * t[1], zip([1, 2], [3, 4]))), list(filter(lambda v: v % 2, range(10)))[::2])

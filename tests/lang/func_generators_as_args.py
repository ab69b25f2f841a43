# Built-in higher-order functions with user callables and key functions.
data = [("apple", 3, 1.2), ("banana", 1, 0.5), ("cherry", 2, 3.0), ("date", 5, 2.2)]
print(sorted(data, key=lambda r: r[1]), max(data, key=lambda r: r[2])[0], min(data, key=lambda r: len(r[0]))[0])
print(list(map(lambda r: r[0].upper(), data)), list(filter(lambda r: r[1] > 1, data)))
print(sum(r[1] * r[2] for r in data), list(zip(*data))[0])
print(list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6])), list(map(str, range(3))), list(filter(None, [0, 1, "", "a", None])))
def key_fn(word):
    return (len(word), word)
print(sorted("the quick brown fox jumps over the lazy dog".split(), key=key_fn))
print(sorted(range(-5, 6), key=lambda v: (v * v, v)))

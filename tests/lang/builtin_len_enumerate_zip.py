# len, enumerate, zip (including strict mode), and reversed.
print(len("abc"), len([1, 2]), len((1,)), len({1: 2}), len({1, 2, 3}), len(range(10)), len(b"xy"), len(""), len(range(0, 10, 3)))
print(list(enumerate("abc")), list(enumerate("abc", 1)), list(enumerate([], 5)), list(enumerate("ab", start=-1)))
for i, (a, b) in enumerate(zip("xy", [10, 20])):
    print(i, a, b)
print(list(zip()), list(zip([1, 2, 3], "ab")), list(zip(range(3), range(3, 6), "abc")), list(zip("a")))
print(dict(zip(["k1", "k2"], [1, 2])), list(zip(*[(1, "a"), (2, "b")])))
try:
    list(zip([1, 2], [1], strict=True))
except ValueError as e:
    print("ValueError:", e)
try:
    list(zip([1], [1, 2], strict=True))
except ValueError as e:
    print("ValueError:", e)
print(list(zip([1, 2], [3, 4], strict=True)))
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed(range(5))), list(reversed((1, 2))), list(reversed({1: 2, 3: 4})))
try:
    reversed({1, 2})
except TypeError as e:
    print("TypeError:", e)
try:
    len(5)
except TypeError as e:
    print("TypeError:", e)
e = enumerate("ab")
print(next(e), next(e), next(e, None), type(e).__name__, type(zip()).__name__)
class L:
    def __len__(self):
        return 7
print(len(L()))

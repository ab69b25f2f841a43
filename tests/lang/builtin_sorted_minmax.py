# sorted, min, max, sum with keys, defaults and start values.
print(sorted([3, 1, 2]), sorted("bca"), sorted([3, 1, 2], reverse=True), sorted({"b": 1, "a": 2}), sorted([]))
print(min(3, 1, 2), max(3, 1, 2), min([3, 1, 2]), max("hello"), min("b", "a", "c"), max([1, 2], [1, 3]))
print(min([], default="empty"), max([], default=None), min([5], default=0), max((), default=-1))
print(min(["aa", "b", "ccc"], key=len), max(["aa", "b", "ccc"], key=len), max([1, -5, 3], key=abs), min({1: "z", 2: "a"}, key=lambda k: {1: "z", 2: "a"}[k]))
print(max([2, 2.0]), max([2.0, 2]), min([(1, "b"), (1, "a")]), max("ab", "ba", key=lambda s: s[1]))
print(sum([1, 2, 3]), sum([1, 2, 3], 10), sum([0.1] * 3), sum([[1], [2]], []), sum(()), sum(range(101)), sum([True, True]))
print(sum([1, 2.5]), sum([1j, 2]), sum(x * x for x in range(4)), sum([], 5), sum([1, 2], start=100))
try:
    sum(["a", "b"], "")
except TypeError as e:
    print("TypeError:", e)
try:
    min([])
except ValueError as e:
    print("ValueError:", e)
try:
    max(1)
except TypeError as e:
    print("TypeError:", e)
try:
    min(1, 2, default=0)
except TypeError as e:
    print("TypeError:", e)
print(sorted([("b", 2), ("a", 2), ("c", 1)], key=lambda t: t[1]), sorted(["B", "a", "C"], key=str.lower))

# list.sort and sorted: stability, key functions, reverse, and errors on mixed types.
a = [5, 2, 8, 1, 9, 3, 2]
b = sorted(a)
print(a, b, sorted(a, reverse=True))
a.sort()
print(a)
words = ["banana", "Apple", "cherry", "date", "Elderberry", "fig", "apple"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len), sorted(words, key=len, reverse=True))
pairs = [(1, "b"), (0, "c"), (1, "a"), (0, "a"), (2, "z")]
print(sorted(pairs), sorted(pairs, key=lambda p: p[0]), sorted(pairs, key=lambda p: p[1]))
recs = [("ann", 30), ("bob", 25), ("cid", 30), ("dee", 25), ("eve", 35)]
recs.sort(key=lambda r: r[1])
print(recs)
recs.sort(key=lambda r: r[1], reverse=True)
print(recs)
print(sorted([3.5, 1, 2.25, -1, 0]), sorted("hello"), sorted((3, 1, 2)), sorted({3: 1, 1: 2}))
print(sorted([[2, 1], [1, 2], [1, 1, 1], []]), sorted([-3, 2, -1], key=abs), sorted([], reverse=True))
try:
    sorted([1, "a", 2])
except TypeError as e:
    print("TypeError:", e)
try:
    [3, 1].sort(lambda x: x)
except TypeError as e:
    print("TypeError:", e)
big = [(i * 7919) % 1000 for i in range(200)]
s = sorted(big)
print(s[:10], s[-5:], all(s[i] <= s[i + 1] for i in range(len(s) - 1)))
class K:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        return self.v < other.v
    def __repr__(self):
        return "K%d" % self.v
print(sorted([K(3), K(1), K(2)]), max([K(3), K(5), K(1)]), min(K(4), K(2)))

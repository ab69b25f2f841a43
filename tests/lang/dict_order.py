# Insertion order is preserved through updates, deletions and re-insertions.
d = {}
for k in ["z", "a", "m", "b"]:
    d[k] = len(d)
print(d)
d["a"] = 99
print(d)
del d["z"]
d["z"] = 0
print(d, list(d.items())[0], next(iter(d)))
print({3: "c", 1: "a", 2: "b"}, dict(sorted({3: "c", 1: "a", 2: "b"}.items())))
big = {i * 7 % 101: i for i in range(101)}
print(list(big)[:10], list(big.values())[-5:])
for i in range(0, 101, 2):
    del big[i * 7 % 101]
print(list(big)[:10], len(big))
for i in range(0, 101, 2):
    big[i * 7 % 101] = -i
print(list(big)[:5], list(big)[-5:], len(big))
print(list({"b": 1, "a": 2} | {"c": 3, "b": 4}))
print({**{"x": 1, "y": 2}, "x": 3}, dict([(2, "two"), (1, "one"), (2, "TWO")]))
print({"x": 1, "y": 2} == {"y": 2, "x": 1}, list({"x": 1, "y": 2}) == list({"y": 2, "x": 1}))

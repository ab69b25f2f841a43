# Dict views are live, set-like (keys/items), and support reversed().
d = {"a": 1, "b": 2, "c": 3}
k, v, it = d.keys(), d.values(), d.items()
print(k, v, it, len(k), "a" in k, 2 in v, ("c", 3) in it, ("c", 4) in it)
d["d"] = 4
del d["a"]
print(k, v, it, list(k), list(v), list(it))
print(sorted(k & {"b", "x"}), sorted(k | {"z"}), sorted(k - {"b"}), sorted(k ^ {"b", "q"}))
print(sorted(it & {("b", 2), ("c", 0)}), k == {"b", "c", "d"}, k <= {"b", "c", "d", "e"}, k.isdisjoint({"x"}))
print(list(reversed(k)), list(reversed(v)), list(reversed(it)))
for key in d:
    print(key, d[key])
for key, value in d.items():
    print(key, "->", value)
print([x * 2 for x in d.values()], sum(d.values()), max(d.items(), key=lambda kv: kv[1]))
try:
    for key in d:
        d[key + "!"] = 0
except RuntimeError as e:
    print("RuntimeError:", e)
e = {"x": 1}
try:
    for key in e:
        del e[key]
except RuntimeError as err:
    print("RuntimeError:", err)
f = {i: i for i in range(5)}
for key in list(f):
    if key % 2:
        del f[key]
print(f, type(k).__name__, type(v).__name__, type(it).__name__)
try:
    d.keys()[0]
except TypeError as err:
    print("TypeError:", err)

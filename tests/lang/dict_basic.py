# Dictionaries: creation forms, lookup, insertion order, update, deletion and membership.
d = {"one": 1, "two": 2, "three": 3}
print(d, len(d), d["two"], "one" in d, 1 in d, "four" not in d)
d["four"] = 4
d["one"] = 100
print(d)
del d["two"]
print(d, list(d), list(d.keys()), list(d.values()), list(d.items()))
d["two"] = 2
print(d)
print(dict(), dict(a=1, b=2), dict([("x", 1), ("y", 2)]), dict({"k": "v"}, extra=1), dict(zip("abc", range(3))))
print(dict.fromkeys("abc"), dict.fromkeys(["x", "y"], 0), {i: i * i for i in range(5)})
e = {1: "int", 1.0: "float", True: "bool"}
print(e, len(e))
f = {(1, 2): "tuple", None: "none", "s": "str", 3: "int", -1: "neg", frozenset({1}): "fs"}
print(f[(1, 2)], f[None], f[frozenset([1])], f)
try:
    d["missing"]
except KeyError as e:
    print("KeyError:", e)
try:
    del d["missing"]
except KeyError as e:
    print("KeyError:", e)
try:
    {[1]: 2}
except TypeError as e:
    print("TypeError:", e)
try:
    d[(1, [2])] = 0
except TypeError as e:
    print("TypeError:", e)
m = {}
for w in "the cat and the hat and the bat".split():
    m[w] = m.get(w, 0) + 1
print(m)
order = {}
for k in [5, 3, 9, 1, 3, 5]:
    order[k] = True
print(list(order), {**order, 0: False}, {**{"a": 1}, **{"a": 2, "b": 3}})
print(d == {"one": 100, "three": 3, "four": 4, "two": 2}, {1: 2} == {1: 2.0}, {1: 2} != {1: 3})

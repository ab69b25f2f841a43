# Every dict method with its return value.
d = {"a": 1, "b": 2}
print(d.get("a"), d.get("z"), d.get("z", 0), d.setdefault("a", 9), d.setdefault("c", 3), d)
print(d.pop("b"), d.pop("z", "default"), d)
try:
    d.pop("z")
except KeyError as e:
    print("KeyError:", e)
d.update({"x": 10}, y=20)
d.update([("z", 30)])
d.update(a=-1)
print(d)
print(d.popitem(), d.popitem(), d)
c = d.copy()
c["new"] = 1
print(d, c, c is d)
print(d.clear(), d)
try:
    d.popitem()
except KeyError as e:
    print("KeyError:", e)
m = {"k1": [1], "k2": [2]}
sh = m.copy()
sh["k1"].append(99)
print(m, sh)
x = {"a": 1} | {"b": 2, "a": 3}
print(x)
x |= {"c": 4}
print(x, list(reversed(x)), list(reversed(x.items())))
print(dict.fromkeys(range(3), []), sorted({"b": 1, "a": 2}), sorted({"b": 1, "a": 2}.items()))
print({k: v for k, v in sorted(x.items(), key=lambda kv: kv[1], reverse=True)})
print(len(x), bool({}), bool(x), x.__contains__("a"), x.__getitem__("b"), x.__len__())
print(max(x), min(x), max(x, key=x.get), sum(x.values()), sorted(x, key=lambda k: -x[k]))

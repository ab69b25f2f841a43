# Nested dictionaries, grouping, inversion and counting patterns.
inventory = {"fruit": {"apple": 3, "pear": 0}, "veg": {"kale": 2}}
inventory["fruit"]["plum"] = 7
inventory.setdefault("grain", {})["rice"] = 1
print(inventory)
print({cat: sum(items.values()) for cat, items in inventory.items()})
print([name for items in inventory.values() for name, n in items.items() if n])
words = ["apple", "avocado", "banana", "blueberry", "cherry", "akee"]
groups = {}
for w in words:
    groups.setdefault(w[0], []).append(w)
print(groups)
by_len = {}
for w in words:
    by_len[len(w)] = by_len.get(len(w), []) + [w]
print(dict(sorted(by_len.items())))
inv = {v: k for k, v in {"a": 1, "b": 2, "c": 1}.items()}
print(inv)
def deep_get(d, path, default=None):
    for key in path:
        if not isinstance(d, dict) or key not in d:
            return default
        d = d[key]
    return d
cfg = {"db": {"host": "localhost", "port": 5432, "opts": {"ssl": True}}}
print(deep_get(cfg, ["db", "host"]), deep_get(cfg, ["db", "opts", "ssl"]), deep_get(cfg, ["db", "x", "y"], "?"))
def merge(a, b):
    out = dict(a)
    for k, v in b.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = v
    return out
print(merge(cfg, {"db": {"port": 6543, "opts": {"timeout": 3}}, "debug": False}))
matrix = {(r, c): r * 10 + c for r in range(3) for c in range(3) if r != c}
print(matrix, len(matrix))
d = {}
d[1] = d
print(d)

# JSON in a small program: config merging, pretty printing, custom encoding of objects.
import json
defaults = json.loads('{"debug": false, "workers": 4, "paths": {"data": "/data", "logs": "/logs"}}')
override = json.loads('{"workers": 8, "paths": {"logs": "/var/log"}, "name": "svc"}')
def merge(a, b):
    out = dict(a)
    for k, v in b.items():
        out[k] = merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out
cfg = merge(defaults, override)
print(json.dumps(cfg, indent=2, sort_keys=True))
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
def encode(o):
    if isinstance(o, Point):
        return {"__point__": [o.x, o.y]}
    raise TypeError(f"cannot encode {type(o).__name__}")
def decode(d):
    if "__point__" in d:
        return Point(*d["__point__"])
    return d
s = json.dumps({"shape": [Point(1, 2), Point(3, 4)]}, default=encode)
print(s)
back = json.loads(s, object_hook=decode)
print([(p.x, p.y) for p in back["shape"]])
try:
    json.dumps(object(), default=encode)
except TypeError as e:
    print("TypeError:", e)
rows = [{"id": i, "sq": i * i, "even": i % 2 == 0} for i in range(4)]
print(json.dumps(rows))
print(sum(r["sq"] for r in json.loads(json.dumps(rows))))

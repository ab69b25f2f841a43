# json.dumps: every value type, separators, ensure_ascii, indent and sort_keys.
import json
values = [None, True, False, 0, -12, 10 ** 20, 1.5, 0.1, 1e100, -0.0, "text", "quote\"back\\slash", "tab\tnew\nline",
          "é日😀", "\x00\x1f\x7f", [], {}, [1, [2, [3]]], (1, 2), {"a": 1, "b": [None]}, {1: "int key", 2.5: "float key", True: "bool", None: "none"}]
for v in values:
    print(json.dumps(v))
print(json.dumps("é日😀", ensure_ascii=False), json.dumps({"k": [1, 2]}, separators=(",", ":")), json.dumps([1, 2], separators=(", ", ": ")))
print(json.dumps(float("inf")), json.dumps(float("-inf")), json.dumps(float("nan")))
try:
    json.dumps(float("nan"), allow_nan=False)
except ValueError as e:
    print("ValueError:", e)
try:
    json.dumps({1, 2})
except TypeError as e:
    print("TypeError:", e)
try:
    json.dumps({(1, 2): "tuple key"})
except TypeError as e:
    print("TypeError:", e)
print(json.dumps({"b": 1, "a": {"d": 4, "c": 3}}, sort_keys=True), json.dumps({"set": {1}}, default=sorted))

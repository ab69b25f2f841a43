# json.dumps with indent (ints, strings, nesting, empty containers) and sort_keys.
import json
doc = {"name": "widget", "tags": ["a", "b"], "dims": {"w": 2, "h": 3.5}, "empty_list": [], "empty_obj": {},
       "nested": [{"x": 1}, [1, [2, []]]], "flag": False, "none": None}
print(json.dumps(doc, indent=2))
print(json.dumps(doc, indent=4, sort_keys=True))
print(json.dumps([1, {"a": [True]}], indent="\t"))
print(json.dumps({"z": 1, "a": 2}, indent=0))
print(json.dumps([], indent=2), json.dumps({}, indent=2), json.dumps([[]], indent=1))
print(json.dumps({"k": "v"}, indent=2, separators=(",", " = ")))

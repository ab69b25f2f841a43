# json.loads: all value kinds, whitespace, escapes, numbers, and round trips.
import json
texts = ['null', 'true', 'false', '0', '-12', '12345678901234567890123', '1.5', '-0.0', '1e3', '1E-2', '"s"',
         '"esc \\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\ud83d\\ude00"', '[]', '{}', ' [1, 2 , [3]] ',
         '{"a": {"b": [1, {"c": null}]}}', '{"dup": 1, "dup": 2}', 'NaN', 'Infinity', '-Infinity', '"\u65e5"']
for t in texts:
    v = json.loads(t)
    print(repr(t), "->", repr(v), type(v).__name__)
doc = {"users": [{"name": "ann", "age": 31, "admin": True}, {"name": "bob", "age": None, "scores": [1.5, 2]}]}
s = json.dumps(doc)
back = json.loads(s)
print(back == doc, back["users"][1]["scores"], json.loads(json.dumps(doc, indent=3)) == doc)
print(json.loads('{"b": 1, "a": 2}'), list(json.loads('{"b": 1, "a": 2}')))
print(json.loads("[1, 2]", parse_int=str), json.loads('{"x": 1.25}', parse_float=lambda f: "float:" + f))
print(json.loads(b'{"bytes": true}'), json.loads('"\\u0041"'))

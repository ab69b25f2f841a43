# json.loads errors: JSONDecodeError messages, positions and attributes.
import json
bad = ['', '   ', '{', '[1, 2', '{"a" 1}', '{"a": 1,}', '[1,]', "{'a': 1}", 'tru', '"unterminated', '01', '1 2',
       '{"a": 1} x', '[1] [2]', '"\\x"', '{1: 2}', '[-]', '"tab\there"']
for t in bad:
    try:
        json.loads(t)
        print(repr(t), "parsed?")
    except json.JSONDecodeError as e:
        print(repr(t), "->", e.msg, "| pos", e.pos, "line", e.lineno, "col", e.colno, "|", e)
print(issubclass(json.JSONDecodeError, ValueError))
try:
    json.loads('{\n  "a": 1,\n  "b": oops\n}')
except ValueError as e:
    print("ValueError:", e)

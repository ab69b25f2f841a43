# json hooks and classes: object_hook / object_pairs_hook order and precedence, parse_* callbacks,
# strict, JSONDecoder / JSONEncoder subclasses, raw_decode, dump / load with file-like objects.
import json
from json.decoder import JSONDecodeError
calls = []
def hook(d):
    calls.append(sorted(d))
    return {"hooked": d}
print(json.loads('{"a": {"b": {}}, "c": [{"d": 1}]}', object_hook=hook), calls)
print(json.loads('{"b": 1, "a": 2, "b": 3}', object_pairs_hook=lambda pairs: pairs))
print(json.loads('{"x": {"y": 1}}', object_hook=lambda d: "hook", object_pairs_hook=lambda p: ("pairs", p)))
print(json.loads('[1, 2.50, 3e2, NaN, -Infinity]', parse_int=lambda s: "int:" + s, parse_float=lambda s: "float:" + s,
                 parse_constant=lambda s: "const:" + s))
print(json.loads('{"n": 10000000000000000000000000000001}', parse_int=float), json.loads('[1.10]', parse_float=len))
print(repr(json.loads('"tab\there\x00"', strict=False)))
try:
    json.loads('["ok", "bad\nline"]')
except JSONDecodeError as e:
    print(e.msg, e.pos, e.lineno, e.colno)
class Decoder(json.JSONDecoder):
    def __init__(self, **kw):
        super().__init__(object_hook=self.to_tuple, **kw)
    def to_tuple(self, d):
        return tuple(sorted(d.items()))
print(json.loads('{"b": [1, {"z": 0}], "a": null}', cls=Decoder))
dec = json.JSONDecoder()
text = '{"id": 1} {"id": 2}\n[3]'
pos, docs = 0, []
while pos < len(text):
    obj, pos = dec.raw_decode(text, pos)
    docs.append(obj)
    while pos < len(text) and text[pos].isspace():
        pos += 1
print(docs, dec.strict, dec.object_hook, dec.parse_float is float, dec.parse_int is int)
class Encoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, complex):
            return {"re": o.real, "im": o.imag}
        if isinstance(o, (set, frozenset)):
            return sorted(o)
        return super().default(o)
print(json.dumps({"z": 1 + 2j, "s": frozenset("cab")}, cls=Encoder, sort_keys=True))
print(Encoder(indent=1, separators=(",", ":")).encode({"k": {2, 1}}))
try:
    json.dumps(range(3), cls=Encoder)
except TypeError as e:
    print("TypeError:", e)
print("".join(json.JSONEncoder(sort_keys=True).iterencode({"b": [1, 2], "a": "x"})))
class Sink:
    def __init__(self, text=""):
        self.parts = [text]
    def write(self, s):
        self.parts.append(s)
    def read(self):
        return "".join(self.parts)
out = Sink()
json.dump({"name": "caf\u00e9", "n": [1, 2]}, out, ensure_ascii=False, indent=2)
print(out.read())
print(json.load(Sink(out.read())), json.load(Sink('[{"a": 1}]'), object_pairs_hook=list))
err = JSONDecodeError("Boom", "ab\ncd\nef", 7)
print(err, err.args, err.lineno, err.colno, isinstance(err, ValueError))

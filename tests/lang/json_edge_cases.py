# json edge cases: unicode escapes and surrogates, ensure_ascii, control characters, number grammar,
# subclasses, dict key conversion, circular references, error positions across lines.
import json
for t in ['"\\u00e9\\u65E5\\ud83d\\ude00"', '"\\ud800"', '"\\udc00\\ud800"', '"\\ud83dx"', '"\\ud83d\\u0041"',
          '"\\u0000\\u001f"', '"\x7f\x80\u2028"', '"a\\/b"', '1E+2', '-0', '0.5e-1', '[1e400, -1e400]',
          '12345678901234567890.5', ' \r\n\t[ 1 ,\n 2 ]\n ', '[' * 30 + ']' * 30, '{"": {"": []}}']:
    print(repr(t), "->", ascii(json.loads(t)))
bad = ['"\\u12"', '"\\ud800\\uzzzz"', '"\\u0041', '"\\', '"\x01"', '"abc\\', '-', '- 1', '+1', '.5', '1.', '1e',
       '1.5.3', '[1.]', 'nulll', '-NaN', 'Infinityy', '[1 2]', '{"a":1 "b":2}', '{"a"}', '{,}', '[,]',
       '{"x": [1, 2}', '[1, 2]]', '"x" "y"', '123abc', '{"a": 1, "b"}', '[\n  1,\n  2,\n]', '{\n"a":\n}']
for t in bad:
    try:
        print(repr(t), "parsed?", json.loads(t))
    except json.JSONDecodeError as e:
        print(repr(t), "->", e)
print(json.dumps("\U0010ffff\U00010000\uffff\x80\x7f\x1b"), json.dumps(["\x7f\x1b\u2028"], ensure_ascii=False))
print(json.dumps("\\\"\b\f\n\r\t/"), json.loads(json.dumps("\U0001f600\ud800")) == "\U0001f600\ud800")
class F(float):
    def __repr__(self):
        return "F!"
class I(int):
    def __repr__(self):
        return "I!"
class S(str):
    pass
class L(list):
    pass
class D(dict):
    pass
print(json.dumps([F(1.5), I(3), S("s"), L([1, (2,)]), D(a=1), {I(4): 1, F(2.5): 2, S("k"): 3}]))
print(json.dumps({1: 2, 1.0: 3}), json.dumps({True: 1, 1: 2}),
      json.dumps({False: 0, None: 1, -5: 2, 1e20: 3, float("inf"): 4, float("nan"): 5, 10 ** 20: 6}))
print(json.dumps([1e16, 1e-7, 123456789.123456789, -0.0, 2 ** 100, -2 ** 64, 0.1 + 0.2]))
for bad_value in [{float("inf"): 1}, [1, float("-inf")], {"x": float("nan")}]:
    try:
        json.dumps(bad_value, allow_nan=False)
    except ValueError as e:
        print("ValueError:", e)
loop = [1]
loop.append(loop)
d = {}
d["self"] = [d]
for value, kw in [(loop, {}), (d, {}), (object(), {"default": lambda o: [o]})]:
    try:
        json.dumps(value, **kw)
    except ValueError as e:
        print("ValueError:", e)
shared = [1]
print(json.dumps([shared, shared, {"k": shared}]))
print(json.dumps({"b": 1, (1, 2): 2, "a": 3}, skipkeys=True), json.dumps({(1,): 1}, skipkeys=True),
      json.dumps({(1,): 1}, skipkeys=True, indent=2))
try:
    json.dumps({"a": 1, 2: 3}, sort_keys=True)
except TypeError as e:
    print("TypeError:", e)
print(json.dumps({3: 1, 1: 2, 2.5: 0}, sort_keys=True), json.dumps([1, [2, {"a": []}]], indent=-1))
print(json.dumps({"a": [1, 2]}, separators=(";", "=")), json.dumps({"a": 1}, indent=" > "))
for value in ["\ufeff[1]", 5, None]:
    try:
        json.loads(value)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
print(json.loads(b'\xef\xbb\xbf[1]'), json.loads(bytearray(b'{"a": "\xc3\xa9"}')))
try:
    json.JSONDecoder().raw_decode("  1")
except ValueError as e:
    print("ValueError:", e)

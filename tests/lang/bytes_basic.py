# bytes: literals, construction, indexing gives ints, slicing, repr, operators.
b = b"hello\x00\xff"
print(b, len(b), b[0], b[-1], b[1:4], b[::-1], list(b[:3]), type(b[0]), type(b[0:1]))
print(bytes(3), bytes([65, 66, 67]), bytes(range(5)), bytes("é", "utf-8"), bytes(b"copy"), bytes())
print(b"ab" + b"cd", b"ab" * 3, b"a" in b"abc", 97 in b"abc", b"" in b"x", b"abc" < b"abd", b"a" == b"a")
print(repr(b"\t\n\r\\'\""), repr(b"'"), repr(b'"'), repr(b"'\""), b"\x7f\x80", bytes([0, 31, 32, 126, 127]))
print(b"abc".hex(), bytes.fromhex("de ad be ef"), b"\x01\x02".hex("-"), bytes.fromhex("00ff"))
print(b"Hello World".upper(), b"Hi".lower(), b"  x ".strip(), b"a,b,c".split(b","), b"-".join([b"a", b"b"]))
print(b"hello".find(b"l"), b"hello".count(b"l"), b"hello".replace(b"l", b"L"), b"hello".startswith(b"he"), b"x.py".endswith(b".py"))
print(b"abc".decode(), b"caf\xc3\xa9".decode("utf-8"), str(b"abc"), b"abc".isalpha(), b"123".isdigit(), b"hello"[1:].capitalize())
for x in b"AZ":
    print(x, chr(x))
try:
    bytes([256])
except ValueError as e:
    print("ValueError:", e)
try:
    b"abc"[0] = 1
except TypeError as e:
    print("TypeError:", e)
try:
    b"a" + "b"
except TypeError as e:
    print("TypeError:", e)
try:
    bytes("x")
except TypeError as e:
    print("TypeError:", e)
print(b"a%sc" % b"b", b"%05.1f" % 2.25, b"".join([]), b"x".center(5, b"-"), b"ab".zfill(4))
print(sorted(b"bca"), max(b"abc"), sum(b"\x01\x02"), bytes(b"abc"[i] + 1 for i in range(3)))
print(hash(b"") == hash(b""), b"abc" == bytes([97, 98, 99]), b"abc".index(b"c"), b"a b".split())


# bytes(s, encoding) encodes with str's own encode: a subclass's override
# (here returning a non-bytes) is not called, as in CPython's codecs
class OwnEncode(str):
    def encode(self, *args):
        return 42


print(bytes(OwnEncode("abc"), "utf-8"), bytearray(OwnEncode("é"), "latin-1"))

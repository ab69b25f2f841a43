# bytes and bytearray: the case predicates, title, splitlines, the affix
# removers and fromhex's whitespace
for cls in (bytes, bytearray):
    print(cls(b"AB").isupper(), cls(b"aB").isupper(), cls(b"ab1").islower(), cls(b"12").islower())
    print(cls(b"Hello World").istitle(), cls(b"hello").istitle(), cls(b"hello world").title())
    print(cls(b"ab\xff").isascii(), cls(b"").isascii())
    print(cls(b"a\nb\r\nc\rd\n").splitlines(), cls(b"a\nb\r\n").splitlines(True), cls(b"").splitlines())
    print(cls(b"prefix-x").removeprefix(b"prefix-"), cls(b"x.py").removesuffix(b".py"), cls(b"x").removesuffix(b"y"))
print(bytes.fromhex(" ab\tcd\n ef "), bytearray.fromhex("01 02"))
try:
    bytes.fromhex("a b")
except ValueError as e:
    print("ValueError:", e)
s = b"abc"
print(s.strip() is s, s.lstrip(b"x") is s, bytearray(s).strip() is s)

# chr, ord, hex, oct, bin, and their inverses through int().
for c in "Aa0 ~é€😀":
    print(repr(c), ord(c), hex(ord(c)), oct(ord(c)), bin(ord(c)), chr(ord(c)) == c)
print([chr(i) for i in range(65, 75)], "".join(chr(ord("a") + i) for i in range(26)))
for n in (0, 1, -1, 255, -255, 4096, 2 ** 64, -(2 ** 64)):
    print(n, hex(n), oct(n), bin(n), int(hex(n), 16), int(oct(n), 8), int(bin(n), 2), int(hex(n), 0))
print(hex(True), format(255, "x"), format(255, "#o"), f"{10:b}", "%x %o" % (255, 255))
class I:
    def __index__(self):
        return 10
print(hex(I()), oct(I()), bin(I()))
try:
    hex(1.5)
except TypeError as e:
    print("TypeError:", e)
try:
    chr(1114112)
except ValueError as e:
    print("ValueError:", e)
print(chr(0x10FFFF) == "\U0010ffff", ord("\n"), ord(b"A"), ascii("ü"), repr(chr(7)))

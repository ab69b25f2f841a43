# Bitwise operators on ints, including negatives (two's complement with infinite sign bits).
vals = [0, 1, 5, 12, 255, -1, -5, -256]
for a in vals:
    print(a, ~a, a << 3, a >> 1, a & 0xF, a | 0x10, a ^ 0xFF)
print(6 & 3, 6 | 3, 6 ^ 3, 1 << 62, 1 << 63, 1 << 64, 1 << 200 >> 199)
print(-1 >> 100, -(1 << 100) >> 99, 5 >> 10, (2 ** 80 + 3) & 7)
print((1 << 70) | 1, (1 << 70) ^ (1 << 70), ~(1 << 70))
try:
    print(1 << -1)
except ValueError as e:
    print("ValueError:", e)
try:
    print(1 >> -1)
except ValueError as e:
    print("ValueError:", e)
for n in (0, 1, 2, 7, 8, 255, 256, -1, -255, 2 ** 64 - 1, -(2 ** 64)):
    print(n, n.bit_length(), n.bit_count(), bin(n))
print(True & False, True | False, True ^ True, ~True, type(True & True))
x = 0b1111_0000
x &= ~0b0011_0000
print(bin(x), hex(x), oct(x))
print(int.from_bytes(b"\x01\x02", "big"), int.from_bytes(b"\x01\x02", "little"))
print((258).to_bytes(2, "big"), (258).to_bytes(4, "little"), (-2).to_bytes(2, "big", signed=True))
print(int.from_bytes(b"\xff\xfe", "big", signed=True), (1024).to_bytes(3, byteorder="big"))
try:
    (256).to_bytes(1, "big")
except OverflowError as e:
    print("OverflowError:", e)

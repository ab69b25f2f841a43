# Basic integer arithmetic, precedence and augmented assignment.
a, b = 17, 5
print(a + b, a - b, a * b, a / b)
print(a // b, a % b, a ** 2, -a)
print(+a, abs(-a), a - -b)
print(2 + 3 * 4, (2 + 3) * 4, 2 ** 3 ** 2, -2 ** 2, (-2) ** 2)
print(10 - 4 - 3, 100 // 10 // 3, 2 * 3 % 4)
x = 7
x += 3
print(x)
x -= 1
print(x)
x *= 4
print(x)
x //= 5
print(x)
x %= 4
print(x)
x **= 10
print(x)
x <<= 3
print(x)
x >>= 2
print(x)
x |= 0b1010
print(x)
x &= 0xff
print(x)
x ^= 0x0f
print(x)
print(1_000_000 + 0x_ff + 0o17 + 0b1_1)
print(0, -0, 00, 0x0)
print(type(7), type(7 / 7), 7 / 7, 8 / 2)
print(3 / 4, 1 / 3, 2 / 3, -7 / 2)
print(1 + True, True + True, False * 10)
for v in (0, 1, -1, 42, -42):
    print(v, v * v, v // 3, v % 3, v * -1)
print(int(), int(3), int(-3), int(True))
print(7 == 7.0, 7 < 7.5, 3 != 4, 1 < 2 < 3, 3 > 2 > 2)

# Negative numbers: unary minus, literals, abs, comparisons, and mixing with bigger values.
a = -5
print(a, -a, --a, ---a, +-a, -+a, abs(a))
print(-5 + 3, -5 - -3, -5 * -3, -5 * 3, -5 ** 2, (-5) ** 2)
print(-0 == 0, -1 < 0, sorted([3, -1, -10, 0, 5, -3]))
print(min(-3, -7, 2), max(-3, -7, 2), sum([-1, -2, -3]))
print(-9 // 4, -9 % 4, -9 / 4, int(-9 / 4), round(-9 / 4))
n = -1
for i in range(8):
    n *= -3
    print(i, n, n // 7, n % 7, n >> 2)
print(-(2 ** 63), -(2 ** 63) - 1, -(2 ** 64) // 3, -(2 ** 64) % 3)
print([-x for x in range(5)], [abs(x) for x in range(-3, 4)])
print(str(-42).zfill(6), format(-42, "+06d"), "%+d" % -42, f"{-42:x}")

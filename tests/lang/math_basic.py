# math: constants, powers, roots, logarithms and exponentials.
import math
print(math.pi, math.e, math.tau, math.inf, -math.inf, math.nan)
for x in (0.5, 1.0, 2.0, 10.0, 100.0, 1e-10, 12345.678):
    print(x, math.sqrt(x), math.exp(x) if x < 700 else "big", math.log(x), math.log10(x), math.log2(x), math.log1p(x), math.expm1(x) if x < 700 else "big")
print(math.log(8, 2), math.log(100, 10), math.log(1), math.log(math.e), math.log10(1000), math.log2(1024), math.log(2 ** 1000))
print(math.pow(2, 10), math.pow(2, 0.5), math.pow(-8, 3), math.pow(0, 0), math.exp(0), math.exp(-1), math.exp2(10))
print(math.sqrt(2), math.sqrt(16), math.isqrt(17), math.isqrt(10 ** 30), math.cbrt(27), math.hypot(3, 4), math.hypot(1, 2, 2))
for bad in (lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.log(-1), lambda: math.exp(1000), lambda: math.pow(0, -1), lambda: math.isqrt(-1)):
    try:
        print(bad())
    except (ValueError, OverflowError) as e:
        print(type(e).__name__ + ":", e)
print(math.sqrt(4) == 2.0, type(math.sqrt(4)).__name__, math.sqrt(10 ** 20), math.sqrt(True))

# round(): ties to even, exact decimal rounding of binary floats, ndigits positive and negative.
for v in (0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 0.49999999999999994, 2.675, 1.005, 0.125, 0.375):
    print(v, round(v), round(v, 2), round(v, 1))
print(round(1234.5678, -2), round(1234.5678, -1), round(-1234.5678, 3), round(1234.5678, 0))
print(type(round(2.5)), type(round(2.5, 0)), type(round(2.5, None)))
print(round(5e-324, 400), round(1e300, -299), round(1.23456789e-5, 7), round(123.456, 20))
print(round(2.5, -1), round(15.0, -1), round(25.0, -1), round(0.0, 3), round(-0.0, 3))
for n in range(10):
    print(n, round(n / 8, 2), round(n * 1.15, 1), round(n / 3, 3))
import math
print(math.floor(2.5), math.ceil(2.5), math.trunc(-2.5), math.floor(-2.5), math.ceil(-2.5))
print(math.floor(-0.0), math.ceil(1e20), type(math.floor(2.0)), int(2.9), int(-2.9))

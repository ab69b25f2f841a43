# Conversions to and from int: str, repr, hex/oct/bin, format, float, bool, round.
for n in (0, 7, -7, 255, -255, 2 ** 40, -(2 ** 70)):
    print(str(n), repr(n), hex(n), oct(n), bin(n))
print(int(2.5), int(-2.5), int(0.999), int(1e15), int(-1e-300))
print(float(7), float(-0), float(2 ** 60), float(10 ** 20), float(2 ** 53 + 1))
print(bool(0), bool(-1), bool(2 ** 100), int(False), int(True))
print(round(7), round(15, -1), round(25, -1), round(35, -1), round(-25, -1), round(1234567, -3))
print(round(5, 2), type(round(5, 2)), round(149, -2), round(150, -2), round(250, -2))
try:
    float(10 ** 400)
except OverflowError as e:
    print("OverflowError:", e)
try:
    int(float("inf"))
except OverflowError as e:
    print("OverflowError:", e)
try:
    int(float("nan"))
except ValueError as e:
    print("ValueError:", e)
print((17).real, (17).imag, (17).numerator, (17).denominator, (17).conjugate())
print((-3).__abs__(), (5).__add__(3), (5).__neg__(), int.__add__(2, 3))
print((10).as_integer_ratio(), (-6).as_integer_ratio())
print(str(10 ** 18), str(-(10 ** 18)), len(str(7 ** 77)))

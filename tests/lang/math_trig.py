# math: trigonometric, hyperbolic and angle-conversion functions.
import math
for deg in (0, 30, 45, 60, 90, 180, 270, 360, -45):
    r = math.radians(deg)
    print(deg, r, math.sin(r), math.cos(r), math.tan(r), math.degrees(r))
for x in (-1.0, -0.5, 0.0, 0.5, 1.0):
    print(x, math.asin(x), math.acos(x), math.atan(x), math.sinh(x), math.cosh(x), math.tanh(x), math.asinh(x))
print(math.atan2(1, 1), math.atan2(-1, -1), math.atan2(0, -1), math.atan2(-0.0, -1), math.atan2(1, 0))
print(math.acosh(2), math.atanh(0.5), math.dist((0, 0), (3, 4)), math.dist((1, 2, 3), (4, 6, 8)))
try:
    math.asin(2)
except ValueError as e:
    print("ValueError:", e)

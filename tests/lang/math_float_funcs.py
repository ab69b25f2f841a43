# math: float classification, closeness, nextafter/ulp, erf/gamma.
import math
for x in (0.0, -0.0, 1.0, 1e-320, math.inf, -math.inf, math.nan):
    print(x, math.isfinite(x), math.isinf(x), math.isnan(x), math.copysign(1, x))
print(math.isclose(1.0, 1.0 + 1e-10), math.isclose(1.0, 1.1), math.isclose(1.0, 1.1, rel_tol=0.2), math.isclose(0, 1e-10), math.isclose(0, 1e-10, abs_tol=1e-9))
print(math.nextafter(1.0, 2.0), math.nextafter(1.0, 0.0), math.nextafter(0.0, 1.0), math.ulp(1.0), math.ulp(1e10), math.ulp(0.0))
for x in (0.0, 0.5, 1.0, 2.0, -1.0):
    print(x, math.erf(x), math.erfc(x))
for x in (0.5, 1.0, 2.0, 5.0, 10.5):
    print(x, math.gamma(x), math.lgamma(x))
print(math.gamma(171), math.lgamma(1000))
try:
    math.gamma(0)
except ValueError as e:
    print("ValueError:", e)
try:
    math.gamma(172)
except OverflowError as e:
    print("OverflowError:", e)

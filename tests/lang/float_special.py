# inf and nan: arithmetic, comparisons, and how they print and convert.
inf, nan = float("inf"), float("nan")
print(inf, -inf, nan, -nan, inf + 1, inf - inf, inf * 0, inf / inf, -inf * -1)
print(inf > 1e308, -inf < -1e308, inf == inf, nan == nan, nan != nan, nan < 1, nan > 1)
print(inf + -inf, 1 / inf, -1 / inf, inf ** 0, nan ** 0, 1 ** nan, 0 * inf)
x = nan
print(x is x, x == x, [x] == [x], x in [x], (x,) == (x,))
print(repr(inf), str(nan), repr(-inf), f"{inf}", f"{nan:>6}", "%f" % inf, "%e" % -inf, "%g" % nan)
print(max(1.0, inf), min(-inf, 0.0), sorted([3.0, inf, -inf, 0.0]))
print(float("inf") == 10 ** 400, float("-inf") < -(10 ** 400), inf > 10 ** 400)
print(inf % 5, 5 % inf, -5 % inf, 5.0 // inf, -5.0 // inf)
print(hash(inf), hash(-inf), hash(0.0), hash(1.0) == hash(1))
import math
print(math.isinf(inf), math.isnan(nan), math.isfinite(1e308), math.isfinite(inf))
print(math.inf == inf, math.isnan(math.nan), math.copysign(1.0, -0.0), math.copysign(1.0, nan))
try:
    round(inf)
except OverflowError as e:
    print("OverflowError:", e)
try:
    round(nan)
except ValueError as e:
    print("ValueError:", e)
print(1e308 + 1e308, -1e308 - 1e308, 1e-323 / 2, 5e-324 / 2)

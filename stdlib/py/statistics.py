"""statistics for tirun: averages (mean, fmean, geometric_mean,
harmonic_mean, median and its variants, mode, multimode, quantiles) and
spread (variance, pvariance, stdev, pstdev), covariance, correlation and
linear_regression, as CPython 3.11's. Sums of ints and floats are exact
(rationals kept as numerator / denominator ints), so mean([1, 2, 3]) is the
int 2 and the results round as CPython's do; the square root of the
variance is correctly rounded."""

import math

__all__ = ["StatisticsError", "correlation", "covariance", "fmean", "geometric_mean",
           "harmonic_mean", "linear_regression", "mean", "median", "median_grouped",
           "median_high", "median_low", "mode", "multimode", "pstdev", "pvariance",
           "quantiles", "stdev", "variance"]


class StatisticsError(ValueError):
    pass


def _ratio(x):
    """x as (numerator, denominator) ints; (x, None) for an inf or a nan."""
    if isinstance(x, int):
        return int(x), 1
    if isinstance(x, float):
        if math.isinf(x) or math.isnan(x):
            return x, None
        return x.as_integer_ratio()
    try:
        return x.numerator, x.denominator
    except AttributeError:
        raise TypeError("can't convert type '%s' to numerator/denominator" % type(x).__name__)


def _coerce(T, S):
    if T is bool:
        T = int
    if S is bool:
        S = int
    if T is S:
        return T
    if T is int:
        return S
    if S is int:
        return T
    if issubclass(S, T):
        return S
    if issubclass(T, S):
        return T
    if issubclass(T, int):
        return S
    if issubclass(S, int):
        return T
    raise TypeError("can't convert type '%s' to '%s'" % (T.__name__, S.__name__))


class _Q:
    """An exact rational n / d (d > 0), in lowest terms."""

    __slots__ = ("n", "d")

    def __init__(self, n, d=1):
        if d < 0:
            n, d = -n, -d
        g = math.gcd(n, d)
        if g > 1:
            n //= g
            d //= g
        self.n = n
        self.d = d

    def add(self, o):
        return _Q(self.n * o.d + o.n * self.d, self.d * o.d)

    def sub(self, o):
        return _Q(self.n * o.d - o.n * self.d, self.d * o.d)

    def mul(self, o):
        return _Q(self.n * o.n, self.d * o.d)

    def div(self, o):
        return _Q(self.n * o.d, self.d * o.n)


def _sum(data):
    """(T, total, count): the type to give results in, the exact sum (a _Q,
    or a float inf / nan) and the number of items."""
    count = 0
    partials = {}
    T = int
    for x in data:
        T = _coerce(T, type(x))
        n, d = _ratio(x)
        count += 1
        partials[d] = partials.get(d, 0) + n
    if None in partials:
        return T, partials[None], count
    total = _Q(0)
    for d, n in partials.items():
        total = total.add(_Q(n, d))
    return T, total, count


def _convert(value, T):
    """An exact _Q (or a float inf / nan) as a T."""
    if not isinstance(value, _Q):
        return T(value) if T is not int else value
    if T is int or T is bool:
        if value.d == 1:
            return value.n
        T = float
    if T is float:
        return value.n / value.d
    try:
        return T(value.n) / T(value.d)
    except TypeError:
        return value.n / value.d


def _div(total, count):
    if isinstance(total, _Q):
        return total.div(_Q(count))
    return total / count


def mean(data):
    """The arithmetic mean, exact, in the data's type (an int for ints that divide)."""
    T, total, n = _sum(data)
    if n < 1:
        raise StatisticsError("mean requires at least one data point")
    return _convert(_div(total, n), T)


def fmean(data, weights=None):
    """The mean as a float (fast: math.fsum)."""
    if weights is None:
        data = list(data)
        n = len(data)
        if n == 0:
            raise StatisticsError("fmean requires at least one data point")
        return math.fsum(data) / n
    data = list(data)
    weights = list(weights)
    if len(weights) != len(data):
        raise StatisticsError("data and weights must be the same length")
    num = math.fsum(x * w for x, w in zip(data, weights))
    den = math.fsum(weights)
    if not den:
        raise StatisticsError("sum of weights must be non-zero")
    return num / den


def geometric_mean(data):
    """exp(fmean(log(x))) of positive data."""
    try:
        return math.exp(fmean(math.log(x) for x in data))
    except ValueError:
        raise StatisticsError("geometric mean requires a non-empty dataset containing positive numbers")


def harmonic_mean(data, weights=None):
    """n / sum(1/x) of non-negative data (0 if any item is 0)."""
    data = list(data)
    n = len(data)
    if n < 1:
        raise StatisticsError("harmonic_mean requires at least one data point")
    if n == 1 and weights is None:
        x = data[0]
        if isinstance(x, (int, float)):
            if x < 0:
                raise StatisticsError("harmonic mean does not support negative values")
            return x
        raise TypeError("unsupported type")
    if weights is None:
        weights = [1] * n
    else:
        weights = list(weights)
        if len(weights) != n:
            raise StatisticsError("Number of weights does not match data size")
    for x in data:
        if x < 0:
            raise StatisticsError("harmonic mean does not support negative values")
    for w in weights:
        if w < 0:
            raise StatisticsError("Weighted harmonic mean does not support negative weights")
    if any(x == 0 for x in data):
        return 0
    # as CPython: the float quotients w / x summed exactly, the weights' sum
    # as it is (an int stays exact)
    sum_weights = sum(weights)
    T, total, count = _sum(w / x if w else 0 for w, x in zip(weights, data))
    if not isinstance(total, _Q):
        return sum_weights / total
    if total.n <= 0:
        raise StatisticsError("Weighted sum must be positive")
    if isinstance(sum_weights, int):
        return _convert(_Q(sum_weights).div(total), T)
    return _convert(sum_weights / (total.n / total.d), T)


def median(data):
    """The middle item of the sorted data, or the mean of the middle two."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    i = n // 2
    return (data[i - 1] + data[i]) / 2


def median_low(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    return data[n // 2 - 1]


def median_high(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    return data[n // 2]


def median_grouped(data, interval=1):
    """The median of continuous data grouped in classes interval wide, by interpolation."""
    data = sorted(data)
    n = len(data)
    if not n:
        raise StatisticsError("no median for empty data")
    x = data[n // 2]
    i = 0
    while i < n and data[i] < x:
        i += 1
    j = i
    while j < n and not x < data[j]:
        j += 1
    try:
        interval = float(interval)
        x = float(x)
    except ValueError:
        raise TypeError("Value cannot be converted to a float")
    lower = x - interval / 2.0
    return lower + interval * (n / 2 - i) / (j - i)


def _counts(data):
    # collections.Counter's counting, without importing collections
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    return counts


def mode(data):
    """The most common item (the first met of those that tie)."""
    counts = _counts(data)
    if not counts:
        raise StatisticsError("no mode for empty data")
    return max(counts.items(), key=lambda kv: kv[1])[0]


def multimode(data):
    """The most common items, in the order first met."""
    counts = _counts(data)
    if not counts:
        return []
    maxcount = max(counts.values())
    return [value for value, count in counts.items() if count == maxcount]


def quantiles(data, *, n=4, method="exclusive"):
    """The n-1 cut points dividing the data into n intervals of equal probability."""
    if n < 1:
        raise StatisticsError("n must be at least 1")
    data = sorted(data)
    ld = len(data)
    if ld < 2:
        raise StatisticsError("must have at least two data points")
    result = []
    if method == "inclusive":
        m = ld - 1
        for i in range(1, n):
            j, delta = divmod(i * m, n)
            result.append((data[j] * (n - delta) + data[j + 1] * delta) / n)
        return result
    if method == "exclusive":
        m = ld + 1
        for i in range(1, n):
            j = min(max(i * m // n, 1), ld - 1)
            delta = i * m - j * n
            result.append((data[j - 1] * (n - delta) + data[j] * delta) / n)
        return result
    raise ValueError("Unknown method: %r" % (method,))


def _ss(data, c=None):
    """(T, sum of squared deviations, mean, count), exact."""
    if c is not None:
        data = list(data)
        T = int
        for x in data:
            T = _coerce(T, type(x))
        cn, cd = _ratio(c)
        if cd is None:
            return T, c, c, len(data)
        cq = _Q(cn, cd)
        T = _coerce(T, type(c))
        total = _Q(0)
        count = 0
        for x in data:
            xn, xd = _ratio(x)
            if xd is None:
                return T, x, c, len(data)
            dv = _Q(xn, xd).sub(cq)
            total = total.add(dv.mul(dv))
            count += 1
        return T, total, cq, count
    count = 0
    T = int
    sx = {}
    sxx = {}
    for x in data:
        T = _coerce(T, type(x))
        n, d = _ratio(x)
        count += 1
        sx[d] = sx.get(d, 0) + n
        if d is not None:
            sxx[d] = sxx.get(d, 0) + n * n
    if not count:
        return T, _Q(0), _Q(0), 0
    if None in sx:
        return T, sx[None], sx[None], count
    qsx = _Q(0)
    for d, n in sx.items():
        qsx = qsx.add(_Q(n, d))
    qsxx = _Q(0)
    for d, n in sxx.items():
        qsxx = qsxx.add(_Q(n, d * d))
    ssd = qsxx.mul(_Q(count)).sub(qsx.mul(qsx)).div(_Q(count))
    return T, ssd, qsx.div(_Q(count)), count


def variance(data, xbar=None):
    """The sample variance (divided by n - 1)."""
    T, ss, c, n = _ss(data, xbar)
    if n < 2:
        raise StatisticsError("variance requires at least two data points")
    return _convert(_div(ss, n - 1), T)


def pvariance(data, mu=None):
    """The population variance (divided by n)."""
    T, ss, c, n = _ss(data, mu)
    if n < 1:
        raise StatisticsError("pvariance requires at least one data point")
    return _convert(_div(ss, n), T)


def _rto_isqrt(n, m):
    """sqrt(n / m) rounded to an integer, odd when inexact (round-to-odd)."""
    a = math.isqrt(n // m)
    return a | (a * a * m != n)


def _sqrt_frac(q):
    """The correctly rounded float square root of the non-negative rational q:
    a round-to-odd root with 2 * 53 + 3 bits, then one rounding to float."""
    if not isinstance(q, _Q):
        return math.sqrt(q)
    n, m = q.n, q.d
    if n <= 0:
        return 0.0
    shift = (n.bit_length() - m.bit_length() - 109) // 2
    if shift >= 0:
        return float(_rto_isqrt(n, m << (2 * shift)) << shift)
    return _rto_isqrt(n << (-2 * shift), m) / (1 << -shift)


def stdev(data, xbar=None):
    """The sample standard deviation: the square root of variance."""
    T, ss, c, n = _ss(data, xbar)
    if n < 2:
        raise StatisticsError("stdev requires at least two data points")
    return _sqrt_frac(_div(ss, n - 1))


def pstdev(data, mu=None):
    """The population standard deviation: the square root of pvariance."""
    T, ss, c, n = _ss(data, mu)
    if n < 1:
        raise StatisticsError("pstdev requires at least one data point")
    return _sqrt_frac(_div(ss, n))


def _pair_check(name, x, y):
    n = len(x)
    if len(y) != n:
        raise StatisticsError("%s requires that both inputs have same number of data points" % name)
    if n < 2:
        raise StatisticsError("%s requires at least two data points" % name)
    return n


def covariance(x, y):
    """The sample covariance of two inputs."""
    n = _pair_check("covariance", x, y)
    xbar = math.fsum(x) / n
    ybar = math.fsum(y) / n
    sxy = math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
    return sxy / (n - 1)


def correlation(x, y):
    """Pearson's correlation coefficient of two inputs."""
    n = _pair_check("correlation", x, y)
    xbar = math.fsum(x) / n
    ybar = math.fsum(y) / n
    sxy = math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
    sxx = math.fsum((xi - xbar) ** 2.0 for xi in x)
    syy = math.fsum((yi - ybar) ** 2.0 for yi in y)
    try:
        return sxy / math.sqrt(sxx * syy)
    except ZeroDivisionError:
        raise StatisticsError("at least one of the inputs is constant")


class LinearRegression(tuple):
    """(slope, intercept), as CPython's namedtuple of that name."""

    __slots__ = ()
    _fields = ("slope", "intercept")

    def __new__(cls, slope, intercept):
        return tuple.__new__(cls, (slope, intercept))

    slope = property(lambda self: self[0])
    intercept = property(lambda self: self[1])

    def __repr__(self):
        return "LinearRegression(slope=%r, intercept=%r)" % self


def linear_regression(x, y, /, *, proportional=False):
    """slope and intercept of the least-squares line through (x, y)."""
    n = len(x)
    if len(y) != n:
        raise StatisticsError("linear regression requires that both inputs have same number of data points")
    if n < 2:
        raise StatisticsError("linear regression requires at least two data points")
    if proportional:
        sxy = math.fsum(xi * yi for xi, yi in zip(x, y))
        sxx = math.fsum(xi * xi for xi in x)
    else:
        xbar = math.fsum(x) / n
        ybar = math.fsum(y) / n
        sxy = math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
        sxx = math.fsum((xi - xbar) ** 2.0 for xi in x)
    try:
        slope = sxy / sxx
    except ZeroDivisionError:
        raise StatisticsError("x is constant")
    intercept = 0.0 if proportional else ybar - slope * xbar
    return LinearRegression(slope=slope, intercept=intercept)

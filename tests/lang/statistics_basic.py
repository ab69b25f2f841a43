# statistics: averages and spread on ints and floats (exact sums, the int
# result for ints that divide, correctly rounded roots), modes, quantiles,
# covariance / correlation / linear_regression, and the errors
import math
import statistics as st

ints = [2, 4, 4, 4, 5, 5, 7, 9]
floats = [0.1, 0.2, 0.3, 1e16, -1e16, 2.5]
for data in (ints, [1, 2, 3, 4], [1, 2, 3], floats, [1.5, 2.5, 2.5, 2.75, 3.25, 4.75], [True, False, True]):
    print(st.mean(data), st.fmean(data), st.median(data), st.median_low(data), st.median_high(data))
    print(" ", st.variance(data), st.pvariance(data), st.stdev(data), st.pstdev(data))
print(type(st.mean([1, 2, 3])).__name__, type(st.mean([1, 2])).__name__, type(st.variance([1, 2, 3])).__name__)
print(st.variance(ints, 5), st.pvariance(ints, 5.25), st.stdev([1, 2, 3, 4], 2.5))
print(st.mean([1, float("inf")]), st.mean([1e308, 1e308]))
print(st.mode([1, 1, 2, 3, 3]), st.mode("abracadabra"), st.multimode("aabbbbccddddeeffffgg"), st.multimode([]))
print(st.median_grouped([52, 52, 53, 54]), st.median_grouped([1, 3, 3, 5, 7], interval=2), st.median_grouped([1, 2, 2, 3, 4, 4, 4, 4, 4, 5]))
print(st.geometric_mean([54, 24, 36]), st.harmonic_mean([40, 60]), st.harmonic_mean([2, 0, 4]), st.harmonic_mean([40, 60], weights=[5, 30]))
print(st.quantiles([105, 129, 87, 86, 111, 111, 89, 81, 108, 92, 110, 100, 75, 105, 103, 109, 76, 119, 99, 91, 103, 129, 106, 101, 84, 111, 74, 87, 86, 103, 103, 106, 86, 111, 75, 87, 102, 121, 111, 88, 89, 101, 106, 95, 103, 107, 101, 81, 109, 104], n=10))
print(st.quantiles([1, 2, 3, 4, 5], n=4, method="inclusive"), st.quantiles([1.0, 9.0], n=3), st.quantiles([1, 5], n=1))
print(st.fmean([3.5, 4.0, 5.25], weights=[1, 2, 3]))
x = [1, 2, 3, 4, 5, 6, 7, 8, 9]
y = [1, 2, 3, 1, 2, 3, 1, 2, 3]
print(st.covariance(x, y), st.correlation(x, x[::-1]), st.correlation(x, y))
print(st.linear_regression([1, 2, 3, 4, 5], [3.1, 5.0, 7.2, 8.9, 11.1]))
print(st.linear_regression([1, 2, 3], [2, 4, 6], proportional=True))
seed = 7
vals = []
for i in range(200):
    seed = (seed * 1103515245 + 12345) % 2147483648
    vals.append((seed % 100000) / 7.0 - 3000)
print(st.mean(vals), st.stdev(vals), st.pvariance(vals), st.median(vals))
print(st.stdev([10 ** 20, 10 ** 20 + 3, 10 ** 20 + 7]), st.pstdev([2, 2, 2]), st.stdev([1, 1e-300]))
for f, arg in ((st.mean, []), (st.median, []), (st.mode, []), (st.variance, [1]), (st.stdev, [2]),
               (st.pvariance, []), (st.fmean, []), (st.geometric_mean, [1, -1]), (st.harmonic_mean, [-1, 2]),
               (st.quantiles, [1])):
    try:
        f(arg)
    except st.StatisticsError as e:
        print(f.__name__, "StatisticsError", e)
try:
    st.correlation([1, 1, 1], [1, 2, 3])
except st.StatisticsError as e:
    print("StatisticsError", e)
print(issubclass(st.StatisticsError, ValueError))

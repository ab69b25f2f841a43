# Floating-point accumulation, min/max/sum and comparisons with ints.
xs = [0.1] * 10
print(sum(xs), sum(xs) == 1.0, max(xs), min(xs + [-0.5]))
import math
print(math.fsum(xs), math.fsum([1e100, 1.0, -1e100]), sum([1e100, 1.0, -1e100]))
print(1.0 < 2, 2 > 1.5, 3 == 3.0, 3 != 3.1, 0.1 < 1 / 9, sorted([1, 0.5, 2, 1.5, -1]))
print(max(1, 1.0), max(1.0, 1), min(2, 2.0), max([3, 3.0, 2]), sorted([2, 2.0, 1.0, 1]))
def mean(v):
    return sum(v) / len(v)
def var(v):
    m = mean(v)
    return sum((x - m) ** 2 for x in v) / len(v)
data = [2.5, 3.5, 1.25, 8.0, 4.75, 6.125]
print(mean(data), var(data), var(data) ** 0.5, math.sqrt(var(data)))
def newton_sqrt(x):
    g = x / 2
    for _ in range(30):
        g = (g + x / g) / 2
    return g
for v in (2.0, 10.0, 144.0, 1e10, 0.25):
    print(v, newton_sqrt(v), math.sqrt(v))
t = 0.0
for i in range(1000):
    t += 0.001
print(t, round(t, 9), t == 1.0)
h = 1.0
while 1.0 + h != 1.0:
    h /= 2
print(h, h * 2, 2.0 ** -52)

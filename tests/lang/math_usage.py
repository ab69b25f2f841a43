# Using math in small numeric programs: geometry, statistics and numerical integration.
import math
def circle(r):
    return math.pi * r * r, 2 * math.pi * r
for r in (1, 2.5, 10):
    a, c = circle(r)
    print(f"r={r}: area={a:.4f} circumference={c:.4f}")
points = [(0, 0), (3, 4), (6, 8), (-3, 4)]
print([round(math.hypot(x, y), 6) for x, y in points], [round(math.degrees(math.atan2(y, x)), 3) for x, y in points])
def simpson(f, a, b, n=100):
    h = (b - a) / n
    s = f(a) + f(b)
    for i in range(1, n):
        s += (4 if i % 2 else 2) * f(a + i * h)
    return s * h / 3
print(simpson(math.sin, 0, math.pi), simpson(lambda x: x * x, 0, 3), simpson(math.exp, 0, 1), math.e - 1)
data = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]
mean = math.fsum(data) / len(data)
sd = math.sqrt(math.fsum((x - mean) ** 2 for x in data) / len(data))
print(mean, sd)
def is_prime(n):
    return n > 1 and all(n % p for p in range(2, math.isqrt(n) + 1))
print([n for n in range(100) if is_prime(n)][-5:], sum(1 for n in range(10000) if is_prime(n)))
print(math.comb(10, 3) * math.factorial(3) == math.perm(10, 3), math.gcd(*[84, 126, 210]))

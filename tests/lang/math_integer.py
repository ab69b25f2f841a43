# math: integer functions (factorial, gcd, lcm, comb, perm, isqrt, prod) and rounding.
import math
print([math.factorial(n) for n in range(10)], math.factorial(30))
print(math.gcd(12, 18), math.gcd(0, 5), math.gcd(-12, 18), math.gcd(), math.gcd(12, 18, 30), math.gcd(2 ** 100, 6 ** 50))
print(math.lcm(4, 6), math.lcm(3, 5, 7), math.lcm(), math.lcm(0, 5))
print(math.comb(5, 2), math.comb(52, 5), math.comb(100, 50), math.comb(3, 5), math.perm(5, 2), math.perm(5), math.perm(10, 0))
print(math.prod([1, 2, 3, 4]), math.prod([]), math.prod(range(1, 21)), math.prod([0.5, 4]), math.prod([2, 3], start=10))
print([math.isqrt(n) for n in (0, 1, 3, 4, 15, 16, 99, 100)], math.isqrt(2 ** 127))
print(math.floor(3.7), math.floor(-3.7), math.ceil(3.2), math.ceil(-3.2), math.trunc(3.9), math.trunc(-3.9), math.floor(5), math.ceil(10 ** 20))
print(math.fabs(-3), math.fmod(7, 3), math.fmod(-7, 3), -7 % 3, math.remainder(7, 3), math.remainder(8, 3), math.copysign(3, -0.0))
print(math.modf(3.75), math.modf(-2.5), math.frexp(8.0), math.frexp(0.1), math.ldexp(0.5, 4), math.fsum([0.1] * 10))
for bad in (lambda: math.factorial(-1), lambda: math.factorial(2.5), lambda: math.comb(-1, 2), lambda: math.gcd(1.5, 2)):
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)

# While-loop algorithms: Euclid, binary search, digit manipulation, Newton's method.
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a
print(gcd(1071, 462), gcd(2 ** 40, 6 ** 10), gcd(17, 5))
def reverse_digits(n):
    r = 0
    while n:
        n, d = divmod(n, 10)
        r = r * 10 + d
    return r
print(reverse_digits(12345), reverse_digits(1000), reverse_digits(9876543210123))
def int_sqrt(n):
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x
print([int_sqrt(n) for n in (0, 1, 15, 16, 17, 10 ** 20, 2 ** 100)])
def bsearch(a, t):
    lo, hi = 0, len(a) - 1
    steps = 0
    while lo <= hi:
        steps += 1
        mid = (lo + hi) // 2
        if a[mid] == t:
            return mid, steps
        if a[mid] < t:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1, steps
a = list(range(0, 1000, 3))
print(bsearch(a, 300), bsearch(a, 301), bsearch(a, 0), bsearch(a, 999))
n, steps = 27, 0
while n != 1:
    n = n // 2 if n % 2 == 0 else 3 * n + 1
    steps += 1
print("collatz 27:", steps)

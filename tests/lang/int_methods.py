# Integer-related builtins: abs, min/max, sum, gcd-like loops, digit sums, int as counters.
def digits(n):
    return [int(c) for c in str(abs(n))]
def gcd(a, b):
    while b:
        a, b = b, a % b
    return abs(a)
print(digits(9075), digits(-340), sum(digits(2 ** 100)))
print(gcd(12, 18), gcd(-12, 18), gcd(2 ** 64, 6 ** 20), gcd(17, 0))
def is_prime(n):
    if n < 2:
        return False
    i = 2
    while i * i <= n:
        if n % i == 0:
            return False
        i += 1
    return True
print([n for n in range(60) if is_prime(n)])
def collatz(n):
    steps = 0
    while n != 1:
        n = 3 * n + 1 if n % 2 else n // 2
        steps += 1
    return steps
print([collatz(n) for n in range(1, 20)], collatz(27))
def to_base(n, b):
    s = ""
    neg = n < 0
    n = abs(n)
    while True:
        n, r = divmod(n, b)
        s = "0123456789abcdefghijklmnopqrstuvwxyz"[r] + s
        if n == 0:
            break
    return "-" + s if neg else s
for n in (0, 255, -255, 10 ** 12):
    print(n, to_base(n, 2), to_base(n, 7), to_base(n, 36), int(to_base(n, 36), 36) == n)
print(isinstance(5, int), isinstance(True, int), type(5) is int, int.__name__)
print((255).__index__(), (3).__float__(), (3).__bool__(), (0).__bool__())
print([1, 2, 3][True], "abc"[False], 7 .bit_length(), (7).__str__())

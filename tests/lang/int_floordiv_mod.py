# Floor division and modulo follow the sign of the divisor (floored, not truncated).
pairs = [(7, 3), (-7, 3), (7, -3), (-7, -3), (0, 5), (0, -5), (6, 3), (-6, 3),
         (1, 7), (-1, 7), (123456789, 1000), (-123456789, 1000)]
for a, b in pairs:
    q, r = a // b, a % b
    print(f"{a:>10} {b:>5} -> {q:>7} {r:>5}", q * b + r == a, divmod(a, b) == (q, r))
try:
    print(1 // 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(1 % 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(divmod(5, 0))
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(5 / 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
big = 10 ** 30 + 7
for b in (3, -3, 10 ** 15, -(10 ** 15)):
    print(big // b, big % b, (-big) // b, (-big) % b)
print(divmod(-(2 ** 70), 12345))
print(-7 // 2 * 2 + -7 % 2)

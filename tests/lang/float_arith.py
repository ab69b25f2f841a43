# Float arithmetic, mixed int/float operations, floor division and modulo on floats.
a, b = 7.5, 2.0
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** b, -a)
print(1 + 2.0, 3 * 0.5, 10 / 4, 10 // 4.0, 2 ** 0.5, 2.0 ** -1)
for x, y in [(7.5, 2), (-7.5, 2), (7.5, -2), (-7.5, -2), (0.3, 0.1), (1e20, 3.0), (-0.0, 1.0), (5.0, 0.5)]:
    print(x, y, x // y, x % y, divmod(x, y))
print(0.1 + 0.7, 0.1 * 0.7, 1.1 * 1.1, 3.3 / 1.1, 1e308 * 10, -1e308 * 10, 1e-320 / 1e10)
print(1.0 % 0.3, -1.0 % 0.3, 5.5 % -2, 3.0 % 1.5)
try:
    print(1.0 / 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(1.0 // 0.0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(1.0 % 0.0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(0.0 ** -1)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(10.0 ** 400)
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(2 ** 10000 / 1.0)
except OverflowError as e:
    print("OverflowError:", e)
print(2 ** 10000 // 3 ** 6000 / 1e10 > 0, 10 ** 30 / 10 ** 10, 7 / 2 ** 70)
print((-8) ** (1 / 3))
print(abs(-2.5), abs(-0.0), -(0.0), 0.0 == -0.0, 1 / 3 * 3)
x = 1.0
for i in range(10):
    x = x * 1.1 + 0.01
print(x)
total = 0.0
for i in range(1, 11):
    total += 1 / i
print(total, sum(1 / i for i in range(1, 11)))

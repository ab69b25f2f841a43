# Exponentiation: int ** non-negative int stays int, negative exponent gives float, 3-arg pow.
print(2 ** 10, 2 ** 0, 0 ** 0, (-3) ** 3, (-3) ** 4)
print(2 ** -1, 2 ** -2, 10 ** -3, (-2) ** -3)
print(2 ** 64, 2 ** 100, 3 ** 50)
print((-2) ** 63, (-2) ** 65)
print(pow(2, 10), pow(2, -1), pow(3, 4, 5), pow(-3, 3, 7), pow(3, 200, 1000007))
print(pow(7, -1, 13), pow(3, -2, 11), (pow(7, -1, 13) * 7) % 13)
print(pow(2, 1000, 10 ** 9 + 7), pow(12345678901234567890, 3, 98765432109876543210))
try:
    pow(2, -1, 4)
except ValueError as e:
    print("ValueError:", e)
try:
    pow(2, 3, 0)
except ValueError as e:
    print("ValueError:", e)
try:
    print(0 ** -1)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
print(1 ** 10 ** 6, (-1) ** (10 ** 6 + 1))
x = 5
x **= 3
print(x, 10 ** 20 // 10 ** 19)
print(type(2 ** 3), type(2 ** -3), 4 ** 0.5, 8 ** (1 / 3))
print(pow(2.0, 3), pow(2, 3.0), 2 ** 0.5)
for n in range(0, 70, 7):
    print(n, 2 ** n, 2 ** n - 1)

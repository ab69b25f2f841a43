# Arbitrary-precision integers crossing the 64-bit boundary in every operation.
m = 2 ** 63 - 1
print(m, m + 1, -m - 1, -m - 2)
print(m * m, (m + 1) * (m + 1), m * -m)
print(9223372036854775807 + 9223372036854775807)
print(-9223372036854775808 - 1, -(-9223372036854775808))
print(abs(-9223372036854775808), -9223372036854775808 // -1)
print(-9223372036854775808 * -1, -9223372036854775808 % -1)
f = 1
for i in range(1, 41):
    f *= i
print(f)
print(f // 10 ** 20, f % 10 ** 20, f // -7, f % -7)
a = 123456789012345678901234567890
b = 987654321098765432109876543210
print(a + b, a - b, b - a, a * b)
print(b // a, b % a, divmod(-b, a))
print(a == 123456789012345678901234567890, a < b, -a > -b, a != b)
print(a & b, a | b, a ^ b, ~a, a << 65, b >> 70)
print(-a & b, -a | b, -a ^ -b, -a >> 3, (-a) << 3)
fib = [0, 1]
while len(fib) < 120:
    fib.append(fib[-1] + fib[-2])
print(fib[90], fib[100], fib[119])
print(len(str(2 ** 1000)), str(2 ** 1000)[:20], str(2 ** 1000)[-10:])
print(int("9" * 40) + 1)
print(10 ** 25 - 1, -(10 ** 25), hash(2 ** 61 - 1), hash(2 ** 61), hash(-(2 ** 61) + 1))
print(sum(range(10 ** 6)), sum(x * x for x in range(1000)) ** 3)
print(2 ** 64 > 1.8e19, 2 ** 64 == 18446744073709551616.0, 2 ** 53 + 1 == float(2 ** 53 + 1))
n = 1
for i in range(10):
    n = n * 1000003 + i
    print(i, n % 97, n.bit_length())

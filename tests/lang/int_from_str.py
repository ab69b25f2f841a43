# int() from strings in every base, with signs, whitespace and underscores.
tests = [("42", 10), ("-42", 10), ("  +17  ", 10), ("1_000_000", 10), ("ff", 16), ("FF", 16),
         ("0xff", 16), ("0xff", 0), ("0o777", 0), ("0b1011", 0), ("-0b1011", 0), ("777", 8),
         ("z", 36), ("ZZ", 36), ("helloworld", 36), ("101", 2), ("0", 0), ("12", 3), ("7fffffffffffffffff", 16),
         ("-123456789012345678901234567890", 10), ("\t\n 99 \n", 10), ("0_0", 0), ("1_2", 0)]
for s, base in tests:
    print(repr(s), base, int(s, base))
print(int("10"), int(" -0 "), int("0000123"), int("٣"))
bad = [("", 10), ("abc", 10), ("12.5", 10), ("1__0", 10), ("_1", 10), ("0x", 16), ("09", 0),
       ("2", 2), ("1 2", 10), ("0b102", 0), ("- 1", 10)]
for s, base in bad:
    try:
        int(s, base)
    except ValueError as e:
        print("ValueError:", e)
try:
    int("5", 1)
except ValueError as e:
    print("ValueError:", e)
try:
    int("5", 37)
except ValueError as e:
    print("ValueError:", e)
try:
    int(5, 10)
except TypeError as e:
    print("TypeError:", e)
try:
    int(None)
except TypeError as e:
    print("TypeError:", e)
try:
    int([1])
except TypeError as e:
    print("TypeError:", e)
print(int(3.99), int(-3.99), int(1e20), int("  7"), int(b"12"), int("-0x10", 16))

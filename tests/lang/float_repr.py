# repr/str of floats: the shortest string that round-trips, and the switch to exponent form.
vals = [0.0, -0.0, 1.0, -1.5, 0.1, 0.2, 0.1 + 0.2, 1 / 3, 2 / 3, 10 / 3, 3.14159, 2.5e-5,
        1e-4, 1e-5, 0.0001234, 123456789.0, 1e15, 1e16, 1.5e16, 12345678901234567.0,
        1e22, 1e100, 1.7976931348623157e308, 5e-324, 2.2250738585072014e-308, 9007199254740993.0,
        0.30000000000000004, 100.0, 1e-7, 123.456, -987.654321, 4.35, 0.5, 2 ** 0.5, 1e300 * 10]
for v in vals:
    print(repr(v), str(v), v)
print([0.1, 0.25, 1e20, 1e-20], (1.0,), {1.5: 2.5})
print(float("1.10"), float("-0"), float(" 3.25 "), float("1e3"), float("1_000.5"), float(".5"), float("5."))
print(float("inf"), float("-inf"), float("nan"), float("Infinity"), float("-iNF"), float("NaN"))
print(float(True), float(12), float("-1.5e-3"))
for bad in ("", "abc", "1.2.3", "1e", "--1", "0x10"):
    try:
        float(bad)
    except ValueError as e:
        print("ValueError:", e)
print(1e16 == 10 ** 16, 0.1 * 3, 0.1 * 3 == 0.3, round(0.1 * 3, 10) == 0.3)

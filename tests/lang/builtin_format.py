# format() builtin and __format__ on built-in types.
print(format(42), format(42, "5"), format(42, "<5") + "|", format(3.14159, ".2f"), format("s", "^5"), format(True), format(None))
print(format(1234567, ","), format(0.25, "%"), format(255, "#x"), format(-1.5, "+.3e"), format(10, "b"))
print(format([1, 2]), format((1,), ""), format({1: 2}), format(1j, ""), format(range(2), ""))
print(int.__format__(5, "03"), float.__format__(2.5, ".1f"), str.__format__("x", ">3"))
try:
    format([1], "5")
except TypeError as e:
    print("TypeError:", e)
try:
    format(1, "q")
except ValueError as e:
    print("ValueError:", e)

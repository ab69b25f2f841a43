# Padding and alignment: center, ljust, rjust, zfill.
for w in ("a", "ab", "abc", "abcd", "", "toolongstring"):
    print("[" + w.center(9) + "]", "[" + w.center(8, "*") + "]", "[" + w.ljust(6, ".") + "]", "[" + w.rjust(6) + "]")
for n in ("42", "-42", "+42", "3.14", "-0.5", "", "abc", "+", "1234567"):
    print(repr(n.zfill(6)), repr(n.zfill(2)))
print("x".center(4), "|", "x".center(5), "|", "xy".center(5), "|", "xy".center(6, "-"))
try:
    "a".center(5, "ab")
except TypeError as e:
    print("TypeError:", e)
print("日本".center(6, "・"), "é".rjust(3, "è"))

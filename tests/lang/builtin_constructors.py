# Calling the built-in types as constructors and conversion functions.
print(int("7"), float("7"), str(7), bool(7), complex(7), list("ab"), tuple("ab"), set("aa"), frozenset("ab") == {"a", "b"})
print(dict(a=1), dict([("a", 1)]), bytes(2), bytes([1, 2]), bytearray(b"x"), range(3), slice(2), object().__class__.__name__)
print(int(), float(), str(), bool(), complex(), list(), tuple(), dict(), set(), bytes())
print(list(range(3)), list(map(str, [1, 2])), tuple([1, 2]), dict({"x": 1}), str(["nested", ("t",)]))
print(list({"b": 1, "a": 2}), list({"b": 1}.items()), tuple(reversed("abc")), list(enumerate("ab")))
print(str(b"bytes"), str(b"caf\xc3\xa9", "utf-8"), str(42).zfill(5), str(3.0), str(-0.0), str(1e100))
print(bool([]), bool([0]), bool("0"), bool(0.0), int("  12  "), int(" -0x10 ", 16), float(" nan ") != float("nan"))
print(type(int("1")), type(float(1)), type(str(1)), type(list()), type(dict()))
try:
    dict([1, 2])
except TypeError as e:
    print("TypeError:", e)
try:
    dict([("a", 1, 2)])
except ValueError as e:
    print("ValueError:", e)
try:
    list(1)
except TypeError as e:
    print("TypeError:", e)

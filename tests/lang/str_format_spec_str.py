# The format-spec mini-language applied to strings and generic objects.
for s in ("abc", "", "longer string", "日本語"):
    print("|".join(format(s, spec) for spec in ("", "s", "5", "<6", ">6", "^7", "*^7", "-<4", ".2", "8.2", "^9.3s")))
print(format("x", "0>3"), format("x", "03"), format("ab", "=^6"), format("ab", "{^6"), format("ab", "}>4"))
class Obj:
    def __str__(self):
        return "OBJ"
print(format(Obj(), ""), "{}".format(Obj()), f"{Obj()}", f"{Obj()!s:>5}", f"{Obj()!r:.3}")
try:
    format(Obj(), ">5")
except TypeError as e:
    print("TypeError:", e)
try:
    format("abc", "d")
except ValueError as e:
    print("ValueError:", e)
try:
    format("abc", "=5")
except ValueError as e:
    print("ValueError:", e)
try:
    format("abc", "+")
except ValueError as e:
    print("ValueError:", e)
print(format([1, 2], ""), format((1,), ""), format(None, ""), format({"a": 1}, ""), str.__format__("ab", ">4"))

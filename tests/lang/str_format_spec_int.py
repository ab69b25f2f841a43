# The format-spec mini-language applied to ints.
specs = ["", "d", "5d", "<5d", "^5d", ">5d", "*^7d", "05d", "+d", " d", "-d", "=+6d", "x", "X", "#x", "#X",
         "o", "#o", "b", "#b", "#010b", ",", "_", "_x", "_b", ",d", "c", "n", "e", ".2f", "%", "+08,d", "#_o", "0=8d"]
for n in (0, 7, -7, 255, 1234567, -1234567):
    print(n, "|".join(format(n, s) for s in specs if s != "c" or 0 <= n < 0x110000))
print(format(2 ** 70, ","), format(-(2 ** 70), "_x"), format(2 ** 70, "e"), format(10 ** 30, ".3e"))
print(format(True, ""), format(True, "d"), format(False, "5"), format(True, "x"))
for bad in ("s", ",x", "._d", "=s", ".2d", "z"):
    try:
        print(format(42, bad))
    except ValueError as e:
        print("ValueError:", e)
try:
    format(-1, "c")
except (ValueError, OverflowError) as e:
    print(type(e).__name__ + ":", e)

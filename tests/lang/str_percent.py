# printf-style %-formatting.
print("%s|%r|%a|%d|%i|%u" % ("str", "repr", "é", 42, -7, 3))
print("%5d|%-5d|%05d|%+d|% d|%+05d|%x|%X|%#x|%o|%#o|%c|%c|%%" % (42, 42, 42, 42, 42, -42, 255, 255, 255, 8, 8, 65, "z"))
print("%f|%.2f|%10.3f|%-10.1f|%e|%.3E|%g|%G|%.3g|%#g" % (3.14159, 3.14159, 3.14159, 3.14159, 12345.678, 12345.678, 0.00001234, 1e20, 1234567, 1.5))
print("%(name)s is %(age)d years; %(name)r" % {"name": "Ann", "age": 7})
print("%*d|%-*d|%.*f|%*.*f" % (6, 42, 6, 42, 2, 3.14159, 8, 3, 2.71828))
print("%s" % [1, 2], "%s" % (1,), "%s %s" % (1, 2), "%s" % ((1, 2),), "%r" % ("a",), "%d%%" % 50)
print("%d" % 3.99, "%d" % True, "%x" % -255, "%.3s" % "abcdef", "%10.2s|" % "abc", "%-6s|" % "ab")
print("%s" % None, "%r" % None, "%5s|" % None, "%.0f %.0f %.0f" % (0.5, 1.5, 2.5), "%e" % 0)
print("%d items" % 10 ** 20, "%x" % 2 ** 70, "%o" % -8, "%#X" % 3054, "%+.2e" % -0.000123)
print(b"%d %s %x" % (5, b"bytes", 255), b"%-4d|" % 3, b"%c" % 65, b"%c" % b"q")
for fmt, args in [("%d", ("x",)), ("%s %s", (1,)), ("%s", (1, 2)), ("%z", (1,)), ("%(a)s", (1,)), ("%c", (1114112,))]:
    try:
        print(fmt % args)
    except (TypeError, ValueError, KeyError, OverflowError) as e:
        print(type(e).__name__ + ":", e)

# Formatting floats with format(), str.format, %-formatting and f-strings.
vals = [0.0, 1.0, -1.5, 3.14159265358979, 1234567.891, 1e-7, 1e22, 0.000123456, 100.0, 2.5, 0.05]
for v in vals:
    print(f"{v:f}|{v:.2f}|{v:e}|{v:.3e}|{v:g}|{v:.3g}|{v:10.4f}|{v:<12.1f}|{v:+.1f}|{v:%}|{v:.0f}")
for v in vals:
    print("%f %.1f %e %g %10.3f %-10.2e| %G %E" % (v, v, v, v, v, v, v, v))
print(format(1234567.891, ","), format(1234567.891, "_.2f"), format(1234567.891, ",.1f"))
print(format(0.5, ".0f"), format(1.5, ".0f"), format(2.5, ".0f"), format(0.125, ".2f"), format(2.675, ".2f"))
print(format(1e16, ""), format(1e16, "g"), format(1e16, ".17g"), format(0.1, ".20f"), format(0.1, ".17g"))
print(format(12.0, "#g"), format(12.0, "#.0f"), format(12.5, "08.2f"), format(-12.5, "08.2f"), format(12.5, "=+9.2f"))
print(format(float("inf"), "f"), format(float("-inf"), "e"), format(float("nan"), "10.2f"), format(float("inf"), "F"))
print(format(3.0, ""), format(3.0, "n"), format(1e-5, ""), format(123.0, ".2"), format(123.456, ".2"))
print(str(12.0), "{}".format(12.0), "{:}".format(1e100), "{!r}".format(0.1), "{:.3}".format(1 / 3))

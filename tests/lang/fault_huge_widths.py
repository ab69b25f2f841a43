# Widths and fills too large to build raise MemoryError at once (no hang,
# no giant string); ordinary large ones still work.
cases = [
    lambda: f"{1:{10**12}}",
    lambda: "%*d" % (10**12, 1),
    lambda: "x".ljust(10**12),
    lambda: "x".rjust(10**12, "*"),
    lambda: "x".center(10**12),
    lambda: "7".zfill(10**12),
]
for make in cases:
    try:
        make()
        print("built?")
    except MemoryError as e:
        print("MemoryError", e.args)
print(len(format(1, "100000")), len("x".ljust(100000, "-")), "-7".zfill(6))

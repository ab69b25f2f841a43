# An uncaught AssertionError with a message.
def sqrt_int(n):
    assert n >= 0, f"negative input: {n}"
    r = 0
    while (r + 1) * (r + 1) <= n:
        r += 1
    return r
for v in (16, 17, 0, -4):
    print(v, sqrt_int(v))

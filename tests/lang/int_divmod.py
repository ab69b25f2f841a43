# divmod on ints and the identity a == q*b + r with 0 <= |r| < |b| and sign(r) == sign(b).
for a in range(-7, 8):
    row = []
    for b in (-3, -2, 2, 3):
        q, r = divmod(a, b)
        assert q * b + r == a
        row.append("%d,%d" % (q, r))
    print(a, " ".join(row))
print(divmod(10 ** 20, 7), divmod(-(10 ** 20), 7), divmod(10 ** 20, -(10 ** 10 + 1)))
print(divmod(True, 2), divmod(7, True))
print(type(divmod(7, 2)), divmod(7, 2)[0])

# Complex arithmetic identities and mixing with ints and floats.
zs = [1 + 1j, 2 - 3j, -1.5 + 0.5j, 1j, 4 + 0j]
for a in zs:
    print(a, a * a.conjugate(), abs(a) ** 2, a + 1, a * 1.0, 2 - a, a == a.real + a.imag * 1j)
s = 0j
for a in zs:
    s += a
print(s, sum(zs), sum(zs, 1j))
def mandel(c, n=50):
    z = 0j
    for i in range(n):
        z = z * z + c
        if abs(z) > 2:
            return i
    return n
for y in range(5):
    print("".join("#" if mandel(complex(x / 10 - 2, y / 5 - 1)) == 50 else "." for x in range(30)))
print((1 + 2j).real.is_integer(), (3 + 4j).__abs__(), complex.__name__)

# Complex numbers: construction, repr, arithmetic, attributes and errors.
z = 3 + 4j
print(z, repr(z), type(z), z.real, z.imag, z.conjugate(), abs(z))
print(1j, -1j, 0j, 2j * 2j, 1j ** 2, (1 + 2j) * (3 - 4j), (1 + 2j) / (3 - 4j))
print(complex(1, 2), complex(1), complex(), complex("1+2j"), complex(" 3-5j "), complex("j"), complex("-1.5e3j"))
print(complex(2.5, -0.0), complex(-0.0, 0.0), complex(0, -1), -(1 + 1j), +z)
print(z + 1, z - 1.5, z * 2, z / 2, 2 / z, z ** 2, z ** 0.5, 1 + 0j == 1, z == 3 + 4j)
print((1 + 1j) ** 10, pow(1j, 4), (-1) ** 0.5)
print(complex(float("inf"), float("nan")), complex(1e300, 1e-300), 1e22j, 1.5j)
print(str(1 + 0j), str(0 + 1j), str(-0j), (0.1 + 0.2j) * 3)
print(f"{z}", "{:.2f}".format(1 / 3 + 2j / 3), format(z, ">12"), format(1.5 - 2.25j, "g"))
print(bool(0j), bool(1j), complex(True, False), hash(1 + 0j) == hash(1))
for bad in (lambda: (1 + 1j) / 0, lambda: z < z, lambda: complex("1+"), lambda: int(z), lambda: z // 2):
    try:
        bad()
    except (ZeroDivisionError, TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

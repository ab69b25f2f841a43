# Mixed int/float operations and the exact comparison of big ints with floats.
big = 2 ** 60 + 1
print(big, float(big), big == float(big), big > float(big), big - float(big))
print(10 ** 16 + 1 == 1e16, 10 ** 16 == 1e16, 2 ** 1000 > 1e300, 2 ** 1024 > 1.7976931348623157e308)
print(1 + 1.0, 1 * 1.0, 1 - 1.0, 1 / 1, 6 // 4.0, 6 % 4.0, -6 // 4.0, -6 % 4.0)
print(sum([1, 2.5, 3]), 3 * [1.5][0], int(7 / 2), 7 // 2, round(7 / 2))
print(hash(2.0) == hash(2), hash(-1.0), hash(0.5), {1: "a", 1.0: "b", True: "c"})
print(len({0, 0.0, False, -0.0}), 1.0 in [1, 2], 2 in (2.0,), [1, 2.0].index(2))
print(divmod(7, 2.0), divmod(-7.5, 2), pow(2, 0.5), pow(4.0, 2), pow(-8.0, 2))
print(float(2 ** 53) + 1, 2 ** 53 + 1.0, 1 / 10 ** 300 * 10 ** 300)

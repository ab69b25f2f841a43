# hash() of ints, floats, tuples and None-free deterministic values (never of str/bytes).
for v in (0, 1, -1, -2, 2 ** 61 - 2, 2 ** 61 - 1, 2 ** 61, 2 ** 100, -(2 ** 100), 10 ** 20):
    print(v, hash(v))
for v in (0.0, -0.0, 0.5, 1.5, -1.5, 1e10, 1e300, 0.1, float("inf"), float("-inf")):
    print(v, hash(v))
print(hash(1) == hash(1.0) == hash(True), hash(2 ** 64) == hash(2.0 ** 64), hash(1 + 0j) == hash(1))
print(hash((1, 2, 3)), hash(()), hash((0,)), hash((1, (2, 3))), hash((-1, -2)))
print(hash(frozenset()), hash(frozenset({1, 2, 3})) == hash(frozenset({3, 2, 1})))
print(hash(range(3)) == hash(range(0, 3, 1)), hash(3 + 4j), hash(-1j))

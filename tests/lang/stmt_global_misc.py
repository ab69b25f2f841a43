# Miscellaneous statements and expressions: chained comparisons, identity, conditional chains, lambda in dict.
x = 5
print(1 < x < 10, 1 < x > 3, x == 5 != 6, 0 <= x <= 5 < 6, not 1 < x)
print(x is not None, None is None, [] is not [], type(x) is int)
values = [0, 1, "", "a", None, [], [0]]
print([v for v in values if v], [bool(v) for v in values])
print(1 if 0 else 2 if 0 else 3, (lambda: 1 if x else 0)())
ops = {"double": lambda v: v * 2, "square": lambda v: v ** 2}
print({name: f(x) for name, f in ops.items()})
a, b = 10, 3
print(a // b, a % b, -a // b, a ** b, a / b, a * b, a - b, a + b, -a, +a, ~a)
print(a & b, a | b, a ^ b, a << b, a >> 1, not a, a and b, a or b, 0 and a, 0 or b)
print(3 * "ab" + "c", [0] * 2 + [1], (1, 2) * 2, "%d-%s" % (1, "x"), "a" < "b" < "c")
print(((1, 2), [3, 4])[1][0], {"a": [1, {"b": 2}]}["a"][1]["b"], "xyz"[::-1][0])
print(x if x > 3 else None, [i for i in range(3)] if x else [], *range(2), *"ab")

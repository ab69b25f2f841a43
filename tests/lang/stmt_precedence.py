# Operator precedence in mixed expressions, conditional expressions and lambdas.
print(2 + 3 * 4 ** 2, (2 + 3) * 4 ** 2, -2 ** 2, 2 ** -1, not 1 + 1 == 2, 1 + 2 << 1, 1 | 2 ^ 3 & 4)
print(1 < 2 == True, (1 < 2) == True, 3 - 2 - 1, 2 ** 3 ** 2, 100 / 10 / 5, 7 // 2 * 2, -7 % 3 * 2)
print(True + True * 3, "a" + "b" * 2, [1] + [2] * 2, not not 0, 1 if (2 if 0 else 0) else 3, 1 if 0 else 2 if 1 else 3)
print(~5 + 1, -~5, ~-5, 5 & 3 | 8, 5 ^ 1 << 2, (5 ^ 1) << 2, 1 and 2 or 3, 0 and 2 or 3, 1 or 2 and 0)
print(1 in [1] == True, (1 in [1]) == True, "b" not in "abc", not "b" in "abc")
f = lambda x: x + 1 if x > 0 else x - 1
print(f(1), f(-1), (lambda: (yield))() is not None)

# product, permutations, combinations, combinations_with_replacement.
from itertools import product, permutations, combinations, combinations_with_replacement
print(list(product("ab", [1, 2])), list(product([0, 1], repeat=3)), list(product()), list(product("ab", [])))
print(list(permutations("abc")), list(permutations(range(4), 2))[:6], len(list(permutations(range(6)))))
print(list(combinations("abcd", 2)), list(combinations(range(5), 3))[-3:], list(combinations("ab", 3)), list(combinations("ab", 0)))
print(list(combinations_with_replacement("abc", 2)), len(list(combinations_with_replacement(range(5), 3))))
print(["".join(p) for p in permutations("aab")], sorted(set(permutations("aab"))))
print(sum(1 for a, b, c in product(range(1, 7), repeat=3) if a + b + c == 10))
print([c for c in combinations(range(1, 10), 3) if sum(c) == 15][:5])

# Generator expressions: laziness, single use, as sole call argument, and early exit.
g = (x * x for x in range(5))
print(type(g).__name__, next(g), next(g), list(g), list(g))
print(sum(x for x in range(10)), max(len(w) for w in ["a", "abc", "ab"]), sorted(x % 3 for x in range(7)))
print(any(x > 3 for x in range(5)), all(x < 3 for x in range(5)), tuple(c for c in "ab"), set(x for x in (1, 1)))
def noisy(n):
    for i in range(n):
        print("produce", i)
        yield i
g = (v * 10 for v in noisy(3))
print("created")
for v in g:
    print("consume", v)
print(next((x for x in range(100) if x * x > 50), None), next((x for x in [] if x), "none"))
print(list(x + y for x in range(3) for y in (10, 20) if x != 1))
print(dict((k, v) for k, v in [("a", 1), ("b", 2)]), "-".join(str(i) for i in range(4)))
found = any(print("check", x) or x == 2 for x in range(5))
print(found)
nested = ((i, j) for i in range(3) for j in (i, i + 1))
print(list(nested))
gen = (i for i in range(3))
print(sum(gen), sum(gen))

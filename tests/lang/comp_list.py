# List comprehensions: filters, nesting, conditionals in the element, and scope.
print([x * x for x in range(10)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(x, y) for x in range(3) for y in range(x)])
print([[x * y for y in range(1, 4)] for x in range(1, 4)])
print(["even" if x % 2 == 0 else "odd" for x in range(5)])
print([c.upper() for c in "hello" if c not in "aeiou"])
matrix = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print([row[i] for i in range(3) for row in matrix], [x for row in matrix for x in row if x % 2])
print([[row[i] for row in matrix] for i in range(3)])
x = "outer"
r = [x for x in range(3)]
print(x, r)
print([y for x in [[1, 2], [3]] for y in x], [i for i in []], [[] for _ in range(2)])
print([(i, j, k) for i in range(2) for j in range(2) for k in range(2) if i + j + k == 2])
print([f(v) for f in (abs, str, lambda q: q * 2) for v in (-1, 2)])
n = 10
print([n * i for i in range(3)], [i for i in range(n) if i > n - 3])
print([w for w in "a bb ccc dddd".split() if len(w) % 2 == 0], sum([i for i in range(101)]))
def make():
    k = 3
    return [k * i for i in range(k)]
print(make())
print([(a, b) for a, b in zip("abc", range(3)) if b != 1], [len(s) for s in ["", "a", "ab"]])
print([v for _, v in sorted({"b": 2, "a": 1}.items())], [x for x in range(5)][::-1])

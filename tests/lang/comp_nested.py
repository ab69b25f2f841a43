# Deeply nested comprehensions and their equivalence with loops.
n = 4
pascal = [[1]]
for _ in range(n):
    row = pascal[-1]
    pascal.append([1] + [row[i] + row[i + 1] for i in range(len(row) - 1)] + [1])
print(pascal)
triples = [(a, b, c) for c in range(1, 30) for b in range(1, c) for a in range(1, b) if a * a + b * b == c * c]
print(triples)
flat = [x for row in [[1, [2, 3]], [4]] for item in row for x in (item if isinstance(item, list) else [item])]
print(flat)
ident = [[1 if r == c else 0 for c in range(n)] for r in range(n)]
print(ident)
mult = [[sum(a * b for a, b in zip(row, col)) for col in zip(*ident)] for row in [[1, 2, 3, 4], [5, 6, 7, 8]]]
print(mult)
words = ["hello", "world", "python"]
print({w: {c: w.count(c) for c in w if w.count(c) > 1} for w in words})
print(sorted({c for w in words for c in w if c in "aeiou"}))
chess = [f"{f}{r}" for r in range(8, 6, -1) for f in "abcdefgh"]
print(chess)
res = []
for i in range(3):
    for j in range(3):
        if i != j:
            res.append((i, j))
print(res == [(i, j) for i in range(3) for j in range(3) if i != j])

# Benchmark: list / dict / set comprehensions, with conditions, nested loops,
# comprehensions inside comprehensions, and tuple unpacking in the target.
N = 300
REPS = 36


def main():
    n = N
    total = 0
    for rep in range(REPS):
        squares = [i * i for i in range(n * 100)]
        evens = [x for x in squares if x % 2 == 0]
        total += len(evens) + squares[-1] % 1000
        pairs = [(i, j) for i in range(n) for j in range(i % 17) if (i + j) % 3]
        total += len(pairs)
        sums = [a + b for a, b in pairs]
        total += sum(sums) % 100003
        grid = [[(r * c + rep) % 10 for c in range(n)] for r in range(n)]
        diag = [grid[i][i] for i in range(n)]
        total += sum(diag) + sum([sum(row) for row in grid])
        transposed = [[row[c] for row in grid] for c in range(0, n, 3)]
        total += len(transposed) * len(transposed[0])
        d = {i: i * 3 % 101 for i in range(n * 50)}
        inv = {v: k for k, v in d.items()}
        total += len(inv) + sum(inv.values()) % 10007
        names = {f"n{i}": [i, i + 1] for i in range(n * 10) if i % 4}
        total += sum(v[1] for v in names.values()) % 10007
        s = {(i * i) % 1009 for i in range(n * 50)}
        total += len(s) + sum(s)
        s2 = {x for x in s if x & 1} | {y // 2 for y in s}
        total += len(s2)
        flat = [x for row in grid[:50] for x in row if x > 4]
        total += len(flat)
        words = ["".join([chr(97 + (i * k) % 26) for k in range(5)]) for i in range(n * 5)]
        lens = {w[:2]: len(w) for w in words}
        total += len(lens) + len(set(words))
    print("comprehensions", total)


main()

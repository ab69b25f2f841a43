# itertools in small algorithms.
import itertools as it
def primes():
    yield 2
    for n in it.count(3, 2):
        if all(n % p for p in range(3, int(n ** 0.5) + 1, 2)):
            yield n
print(list(it.islice(primes(), 15)))
def chunks(seq, n):
    iterator = iter(seq)
    while batch := list(it.islice(iterator, n)):
        yield batch
print(list(chunks(range(10), 3)), list(chunks("", 2)))
def flatten(list_of_lists):
    return list(it.chain.from_iterable(list_of_lists))
print(flatten([[1, 2], [3], [], [4, 5]]))
def run_length(s):
    return "".join(f"{len(list(g))}{k}" for k, g in it.groupby(s))
print(run_length("WWWWBBBWWCCCCCD"))
grid = list(it.product(range(3), repeat=2))
print(grid, [p for p in grid if sum(p) == 2])
print(max(it.permutations([3, 1, 2]), key=lambda p: p[0] * 100 + p[1] * 10 + p[2]))
totals = list(it.accumulate([100, -20, 35, -50, 10]))
print(totals, min(totals), list(it.takewhile(lambda t: t > 0, totals)))
subsets = [c for r in range(4) for c in it.combinations("abc", r)]
print(subsets, len(subsets))

# Generator expressions: closures over loop variables, evaluation order of the first iterable.
def source(label, items):
    print("evaluate", label)
    return items
g = (x for x in source("outer", [1, 2]) for y in source("inner", "ab"))
print("genexp created")
print(list(g))
gens = [(i * j for j in range(3)) for i in range(3)]
print([list(g) for g in gens])
total = sum(x * y for x, y in zip(range(5), range(5, 10)))
print(total)
print(max((len(w), w) for w in "a quick brown fox".split()))
print(sorted((x for x in range(10)), key=lambda v: -v)[:3])
it = (n for n in range(5))
for n in it:
    if n == 2:
        break
print(list(it))
print(list(zip((c for c in "xyz"), (i for i in range(10)))))

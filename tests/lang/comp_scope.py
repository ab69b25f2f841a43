# Comprehension scoping: the iteration variable does not leak; the first iterable is evaluated eagerly.
i = "outer"
print([i for i in range(3)], i)
class C:
    vals = [1, 2, 3]
    doubled = [v * 2 for v in vals]
    total = sum(v for v in vals)
print(C.doubled, C.total)
def f():
    fs = [lambda: k for k in range(3)]
    return [g() for g in fs]
print(f())
def g():
    fs = [lambda k=k: k for k in range(3)]
    return [h() for h in fs]
print(g())
x = 10
print([x + y for y in range(3)], [[x for x in range(y)] for y in range(3)], x)
it = iter([1, 2, 3])
gen = (v for v in it)
print(next(it), list(gen))
data = [3, 1, 2]
gen = (v for v in data)
data = [9, 9]
print(list(gen))
print([(lambda q: q + n)(n) for n in range(3)])
print([n := v for v in range(4)], n)
print([y := 5, y ** 2], y)
print([w for w in (z * 2 for z in range(3))], [*(z for z in "ab")])

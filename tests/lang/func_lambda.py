# Lambdas: in sort keys, map/filter, default args, immediately invoked, nested.
sq = lambda x: x * x
print(sq(7), (lambda: "nullary")(), (lambda *a, **k: (a, k))(1, z=2), (lambda x, y=10: x + y)(1))
print(sorted(["bb", "a", "ccc"], key=lambda s: -len(s)), list(map(lambda x: x + 1, [1, 2])), list(filter(lambda x: x % 2, range(7))))
compose = lambda f, g: lambda x: f(g(x))
inc_then_double = compose(lambda x: x * 2, lambda x: x + 1)
print(inc_then_double(5), compose(str, abs)(-3))
print(sq.__name__, (lambda: 0).__name__, type(sq).__name__)
ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}
print([ops[o](6, 3) for o in "+-*"])
curry = lambda a: lambda b: lambda c: a + b + c
print(curry(1)(2)(3))
y_fact = (lambda f: lambda n: f(f, n))(lambda self, n: 1 if n == 0 else n * self(self, n - 1))
print(y_fact(10))
print((lambda x: (lambda y: x * y))(3)(4), [(lambda i=i: i)() for i in range(3)])
cond = lambda v: "big" if v > 10 else "small"
print(cond(5), cond(50))

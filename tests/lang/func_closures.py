# Closures capture variables (not values); cells are shared between inner functions.
def make_counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    def get():
        return count
    return inc, get
inc, get = make_counter()
inc(); inc()
print(get(), inc(), get())
inc2, get2 = make_counter()
print(inc2(), get(), get2())
def adders():
    return [lambda x, i=i: x + i for i in range(3)], [lambda x: x + i for i in range(3)]
early, late = adders()
print([f(10) for f in early], [f(10) for f in late])
def outer():
    x = "enclosing"
    def middle():
        def inner():
            return x
        return inner
    return middle()()
print(outer())
def make_multiplier(n):
    def mul(v):
        return v * n
    return mul
double, triple = make_multiplier(2), make_multiplier(3)
print(double(5), triple(5), double(triple(2)), double.__closure__ is not None, make_multiplier.__closure__)
def late_binding():
    fns = []
    for name in ["a", "b"]:
        def f():
            return name
        fns.append(f)
    name = "changed"
    return [f() for f in fns]
print(late_binding())
def accumulator(total=0):
    def add(v):
        nonlocal total
        total += v
        return total
    return add
acc = accumulator(100)
print(acc(1), acc(10), acc(-50))
def fib_memo():
    memo = {0: 0, 1: 1}
    def fib(n):
        if n not in memo:
            memo[n] = fib(n - 1) + fib(n - 2)
        return memo[n]
    return fib
print(fib_memo()(80))

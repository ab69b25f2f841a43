# Combining functools pieces in a small program.
import functools
def compose(*fns):
    return functools.reduce(lambda f, g: lambda x: f(g(x)), fns)
def add(a, b):
    return a + b
def mul(a, b):
    return a * b
inc = functools.partial(add, 1)
dbl = functools.partial(mul, 2)
print(compose(inc, dbl)(5), compose(dbl, inc)(5), compose(str, inc, inc)(0))
@functools.lru_cache(maxsize=None)
def ways(n, coins=(1, 2, 5)):
    if n == 0:
        return 1
    if n < 0 or not coins:
        return 0
    return ways(n - coins[0], coins) + ways(n, coins[1:])
print([ways(n) for n in range(12)], ways(100), ways.cache_info().currsize > 0)
total = functools.reduce(add, map(functools.partial(pow, exp=2), range(10)))
print(total, sum(x * x for x in range(10)))

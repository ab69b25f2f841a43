# functools.lru_cache and cache: memoisation, cache_info, maxsize eviction, cache_clear.
from functools import lru_cache, cache
calls = []
@lru_cache(maxsize=None)
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(50), len(calls), fib.cache_info())
print(fib(50), fib.cache_info().hits)
fib.cache_clear()
print(fib.cache_info())
@lru_cache(maxsize=2)
def square(x):
    print("computing", x)
    return x * x
for v in (1, 2, 1, 3, 1, 2):
    print(v, square(v))
print(square.cache_info())
@cache
def slow_add(a, b):
    print("adding", a, b)
    return a + b
print(slow_add(1, 2), slow_add(1, 2), slow_add(2, 1), slow_add(2, 1), slow_add.cache_info())
@lru_cache
def plain(x):
    return x * 10
print(plain(3), plain(3), plain.cache_info(), plain.__name__)
@lru_cache(maxsize=32, typed=True)
def typed(x):
    return type(x).__name__
print(typed(1), typed(1.0), typed(1), typed.cache_info())
try:
    fib([1])
except TypeError as e:
    print("TypeError:", e)

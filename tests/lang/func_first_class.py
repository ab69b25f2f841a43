# Functions as values: passing, returning, storing in data structures, higher-order helpers.
def apply(f, *args):
    return f(*args)
def twice(f):
    return lambda x: f(f(x))
print(apply(max, 3, 9, 4), apply(str.upper, "x"), twice(lambda v: v * 3)(2), twice(twice(lambda v: v + 1))(0))
pipeline = [str.strip, str.lower, lambda s: s.replace(" ", "_")]
s = "  Hello World  "
for fn in pipeline:
    s = fn(s)
print(s)
def compose(*fns):
    def run(x):
        for fn in reversed(fns):
            x = fn(x)
        return x
    return run
print(compose(len, str, abs)(-12345))
dispatch = {"sq": lambda x: x * x, "neg": lambda x: -x, "id": lambda x: x}
print({k: f(4) for k, f in dispatch.items()})
def memoize(fn):
    cache = {}
    def wrapped(n):
        if n not in cache:
            cache[n] = fn(n)
        return cache[n]
    wrapped.cache = cache
    return wrapped
@memoize
def slow_fib(n):
    return n if n < 2 else slow_fib(n - 1) + slow_fib(n - 2)
print(slow_fib(90), len(slow_fib.cache))
print(list(map(pow, [2, 3], [3, 2])), list(map(len, ["a", "bb"])), sorted([-3, 1, -2], key=abs))
print(min(["apple", "fig", "banana"], key=len), max(range(10), key=lambda v: (v % 4, v)))

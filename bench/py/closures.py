# Benchmark: closures, nonlocal, lambdas, decorators, higher-order functions
# (map / filter / sorted with key=), function factories and partial application
# written by hand: the functional style of Python-scope glue.
N = 320000


def make_counter():
    count = 0

    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc


def make_adder(k):
    return lambda x: x + k


def compose(*fns):
    def composed(x):
        for f in reversed(fns):
            x = f(x)
        return x
    return composed


def partial(fn, *bound):
    def call(*args):
        return fn(*bound, *args)
    return call


def memoize(fn):
    cache = {}

    def wrapper(n):
        r = cache.get(n)
        if r is None:
            r = cache[n] = fn(n)
        return r
    wrapper.cache = cache
    return wrapper


def counted(fn):
    def wrapper(*args, **kwargs):
        wrapper.calls += 1
        return fn(*args, **kwargs)
    wrapper.calls = 0
    return wrapper


@memoize
def stairs(n):
    if n < 3:
        return n
    return (stairs(n - 1) + stairs(n - 2) + stairs(n - 3)) % 1000003


@counted
def scale(x, factor=2):
    return x * factor


def clamp_fn(lo, hi):
    def clamp(v):
        return lo if v < lo else hi if v > hi else v
    return clamp


def main():
    n = N
    out = []
    c = make_counter()
    for i in range(n):
        c()
        if i % 3 == 0:
            c(2)
    out.append(c(0))
    adders = [make_adder(k) for k in range(10)]
    total = 0
    for i in range(n):
        total += adders[i % 10](i)
    out.append(total)
    pipeline = compose(make_adder(3), lambda x: x * 2, make_adder(-1), abs)
    out.append(sum(pipeline(i - n // 2) for i in range(n)))
    add3 = partial(lambda a, b, c: a * 100 + b * 10 + c, 1, 2)
    out.append(sum(add3(i % 10) for i in range(n)))
    out.append(sum(stairs(i % 2000) for i in range(n)))
    out.append(len(stairs.cache))
    s = 0
    for i in range(n):
        s += scale(i) + scale(i, factor=3)
    out.append((s, scale.calls))
    clamp = clamp_fn(-50, 50)
    vals = list(map(clamp, map(lambda v: v % 200 - 100, range(n))))
    out.append(sum(vals))
    odd = list(filter(lambda v: v & 1, vals))
    out.append(len(odd))
    keyed = sorted(range(n // 4), key=lambda v: (v * 7919 % 101, -v))
    out.append(keyed[:5])
    fns = {}
    for name in ("sq", "cube", "neg"):
        if name == "sq":
            fns[name] = lambda v: v * v
        elif name == "cube":
            fns[name] = lambda v: v * v * v
        else:
            fns[name] = lambda v: -v
    acc = 0
    for i in range(n):
        acc += fns["sq"](i % 100) - fns["neg"](i % 10) + fns["cube"](i % 5)
    out.append(acc)
    print("closures", out)


main()

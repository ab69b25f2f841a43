# Generator pipelines: chained lazy stages.
def numbers():
    n = 1
    while True:
        yield n
        n += 1
def take(n, it):
    for _ in range(n):
        yield next(it)
def squares(it):
    for v in it:
        yield v * v
def only_odd(it):
    return (v for v in it if v % 2)
print(list(take(6, only_odd(squares(numbers())))))
lines = ["# comment", "alpha 1", "", "beta 2", "# x", "gamma 3"]
def parse(lines):
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, value = line.split()
        yield name, int(value)
print(dict(parse(lines)), sum(v for _, v in parse(lines)))
def window(it, n):
    buf = []
    for v in it:
        buf.append(v)
        if len(buf) > n:
            buf.pop(0)
        if len(buf) == n:
            yield tuple(buf)
print(list(window(range(6), 3)))
def primes():
    found = []
    n = 2
    while True:
        if all(n % p for p in found):
            found.append(n)
            yield n
        n += 1
p = primes()
print([next(p) for _ in range(15)])
def running_mean(it):
    total = 0
    for i, v in enumerate(it, 1):
        total += v
        yield total / i
print(list(running_mean([2, 4, 6, 8])))

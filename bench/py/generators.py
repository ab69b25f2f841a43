# Benchmark: generator functions, generator expressions consumed by sum / max / any /
# all / list, `yield from` pipelines, send(), return values from generators,
# and enumerate / zip / map / filter over generators.
N = 560000


def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1


def squares(src):
    for x in src:
        yield x * x


def only_odd(src):
    for x in src:
        if x & 1:
            yield x


def take(src, n):
    for x in src:
        if n <= 0:
            return
        n -= 1
        yield x


def chunked(src, size):
    buf = []
    for x in src:
        buf.append(x)
        if len(buf) == size:
            yield buf
            buf = []
    if buf:
        yield buf


def flatten(chunks):
    for c in chunks:
        yield from c


def tree(depth):
    if depth == 0:
        yield 1
        return
    yield depth
    yield from tree(depth - 1)
    yield from tree(depth - 1)


def summarize(src):
    total = 0
    count = 0
    for x in src:
        total += x
        count += 1
    return total, count


def delegator(src):
    result = yield from summarize_gen(src)
    yield result


def summarize_gen(src):
    total = 0
    for x in src:
        total += x
        if x % 1000 == 0:
            yield total
    return total


def averager():
    total = 0.0
    n = 0
    avg = None
    while True:
        x = yield avg
        if x is None:
            return n
        total += x
        n += 1
        avg = total / n


def fib_gen():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, (a + b) % 1000000007


def main():
    n = N
    out = []
    out.append(sum(only_odd(squares(count_up(n)))) % 1000000007)
    out.append(sum(x % 7 for x in range(n * 2) if x % 3 != 1))
    out.append(max(x * 31 % 1009 for x in count_up(n)))
    out.append(any(x > n for x in range(n)))
    out.append(all(x >= 0 for x in count_up(n)))
    out.append(sum(flatten(chunked(count_up(n), 7))))
    out.append(summarize(tree(14)))
    out.append(list(delegator(count_up(n)))[-1])
    avg = averager()
    next(avg)
    last = 0.0
    for i in range(n):
        last = avg.send(i % 100)
    try:
        avg.send(None)
    except StopIteration as e:
        out.append((last, e.value))
    out.append(sum(take(fib_gen(), n)) % 1000000007)
    acc = 0
    for i, (a, b) in enumerate(zip(count_up(n), map(lambda v: v * 2, filter(lambda v: v % 2, range(n * 2))))):
        acc += i ^ a ^ b
    out.append(acc)
    gens = [(j for j in range(i, i + 50)) for i in range(0, n // 10, 50)]
    out.append(sum(sum(g) for g in gens))
    print("generators", out)


main()

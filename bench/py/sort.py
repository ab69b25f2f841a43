# Benchmark: list.sort and sorted(): ints (random, presorted, reversed, many
# duplicates), floats, tuples, strings, with key= (lambda and builtin) and reverse=,
# relying on stability.
N = 120000


def rand_ints(n, seed):
    x = seed
    out = []
    for _ in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out.append(x >> 8)
    return out


def weigh(seq):
    # position-weighted checksum of a sequence of ints
    s = 0
    for i, v in enumerate(seq):
        s = (s + (i + 1) * v) % 1000000007
    return s


def main():
    n = N
    a = rand_ints(n, 42)
    results = []

    b = a[:]
    b.sort()
    results.append(weigh(b))
    b.sort()                       # already sorted
    b.sort(reverse=True)
    results.append(weigh(b))
    c = sorted(a, key=lambda v: v % 1000)   # stable on the key
    results.append(weigh(c))
    d = [v % 100 for v in a]       # many duplicates
    d.sort()
    results.append(weigh(d))

    fl = [v / 7.0 for v in a]
    fl.sort(reverse=True)
    results.append(int(fl[0] - fl[-1]))

    t = [(v % 50, -v, i) for i, v in enumerate(a)]
    t.sort()
    results.append(weigh([x[2] for x in t]))
    t2 = sorted(t, key=lambda x: (x[2] % 13, x[0]))
    results.append(weigh([x[2] for x in t2]))

    words = ["w%x" % (v % 9973) for v in a]
    words.sort()
    results.append(words[0] + words[n // 2] + words[-1])
    s2 = sorted(words, key=len, reverse=True)
    results.append(s2[0] + s2[-1])
    s3 = sorted(set(words), key=str.upper)
    results.append(len(s3))

    for _ in range(3):
        e = rand_ints(n // 4, len(results))
        e.sort(key=lambda v: -v)
        results.append(weigh(e))

    print("sort", results)


main()

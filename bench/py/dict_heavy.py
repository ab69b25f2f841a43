# Benchmark: dictionaries with int and str keys: building, lookups (hits and misses),
# get / setdefault / pop / update / del, `in`, iteration over keys / values / items,
# word counting and grouping, dicts of dicts.
N = 300000


def int_keys(n):
    d = {}
    for i in range(n):
        d[i * 7 % n] = i
    hits = 0
    for i in range(0, 2 * n, 3):
        if i in d:
            hits += d[i]
    miss = 0
    for i in range(n):
        miss += d.get(i + n, 1)
    for i in range(0, n, 2):
        del d[i]
    total = 0
    for k, v in d.items():
        total += k ^ v
    for k in d:
        total += k
    for v in d.values():
        total -= v
    return hits, miss, len(d), total


def str_keys(n):
    d = {}
    for i in range(n):
        d["key%d" % i] = i
    s = 0
    for i in range(0, n, 2):
        s += d["key" + str(i)]
    for i in range(n):
        k = "k" + str(i)
        if k in d:
            s += 1
    for i in range(0, n, 5):
        s += d.pop("key%d" % i)
    s += d.pop("missing", -1)
    return s, len(d)


def word_count(n):
    words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
             "iota", "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi"]
    counts = {}
    groups = {}
    x = 1
    for i in range(n):
        x = (x * 75 + 74) % 65537
        w = words[x % 16] + words[(x >> 4) % 16][:2]
        counts[w] = counts.get(w, 0) + 1
        groups.setdefault(len(w), []).append(i)
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    glen = sorted((k, len(v)) for k, v in groups.items())
    return len(counts), top, glen


def nested(n):
    table = {}
    for i in range(n):
        row = table.get(i % 97)
        if row is None:
            row = table[i % 97] = {}
        row[i % 13] = row.get(i % 13, 0) + i
    merged = {}
    for row in table.values():
        merged.update(row)
    acc = 0
    for r, row in table.items():
        for c, v in row.items():
            acc += (r + 1) * (c + 1) * v % 1000003
    copy = dict(merged)
    copy[100] = 1
    return acc, len(merged), sum(copy.values()) % 1000003, sorted(copy)[:5]


def main():
    a = int_keys(N)
    b = str_keys(N)
    c = word_count(N)
    d = nested(N)
    print("dict_heavy", a, b, c, d)


main()

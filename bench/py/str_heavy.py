# Benchmark: strings: += concatenation, join, split, replace, slicing, f-strings and
# %-formatting, str(int) / int(str), and common str methods (upper, lower, strip,
# startswith, find, count, isdigit, zfill, ...).
N = 200000


def checksum(s):
    # cheap position-sensitive checksum over a sample of characters
    h = len(s)
    for i in range(0, len(s), 97):
        h = (h * 31 + ord(s[i])) & 0xFFFFFFF
    return h


def build(n):
    parts = []
    s = ""
    for i in range(n):
        t = f"item{i}:{i * 3 % 17}"
        parts.append(t)
        s += t[-3:]
        if len(s) > 2000:
            s = s[1000:]
    joined = ",".join(parts)
    return joined, s


def split_replace(joined):
    fields = joined.split(",")
    total = 0
    for f in fields:
        name, _, num = f.partition(":")
        total += int(num) + len(name)
    r = joined.replace("item", "it").replace(":1", ";")
    lines = r.replace(",", "\n").splitlines()
    upper = 0
    for ln in lines[::7]:
        u = ln.upper()
        if u.startswith("IT1"):
            upper += 1
        upper += u.count("1")
    return total, len(r), upper, checksum(r)


def methods(n):
    acc = 0
    words = []
    for i in range(n):
        w = "  Word%05d_%s  " % (i, "xyz"[i % 3])
        w = w.strip()
        lw = w.lower()
        if lw.endswith("x"):
            acc += lw.find("d0")
        if w[4:9].isdigit():
            acc += int(w[4:9]) % 7
        acc += len(w.title()) + w.count("0")
        words.append(w[::-1][:4])
        words.append(str(i).zfill(6)[2:])
    text = " ".join(words)
    acc += text.count("z") + text.index("00")
    return acc, len(text), checksum(text)


def formatting(n):
    out = []
    for i in range(n):
        x = i * 0.5
        out.append(f"{i:>6}|{x:8.2f}|{i:#x}|{'ab' * (i % 3)}|{i % 7!r}")
        out.append("%-5d%+.3e%s" % (i, x, "!" * (i % 4)))
        out.append("{} {:^9} {}".format(i, "mid", i * i))
    s = "\n".join(out)
    return len(s), checksum(s), out[-3], out[-2], out[-1]


def main():
    joined, tail = build(N)
    a = split_replace(joined)
    b = methods(N)
    c = formatting(N // 2)
    print("str_heavy", len(joined), checksum(tail), a, b, c)


main()

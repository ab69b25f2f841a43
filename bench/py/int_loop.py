# Benchmark: integer arithmetic loops (add/mul/mod/floordiv, shifts, bitwise ops,
# comparisons, while loops, tuple swaps). All values stay within 64 bits.
N = 480000


def lcg_mix(n):
    x = 12345
    acc = 0
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        acc += (x >> 7) ^ (i & 255)
        if x % 3 == 0:
            acc -= i // 7
        elif x % 5 == 1:
            acc += i % 11
    return acc


def collatz_total(limit):
    total = 0
    longest = 0
    for start in range(1, limit):
        n = start
        steps = 0
        while n != 1:
            if n & 1:
                n = 3 * n + 1
            else:
                n >>= 1
            steps += 1
        total += steps
        if steps > longest:
            longest = steps
    return total, longest


def gcd_sum(n):
    s = 0
    for i in range(1, n):
        a = i
        b = (i * 7919) % 1009 + 1
        while b:
            a, b = b, a % b
        s += a
    return s


def digit_sums(n):
    s = 0
    for i in range(n):
        k = i * 37
        while k:
            s += k % 10
            k //= 10
    return s


def sieve_count(n):
    flags = [True] * (n + 1)
    flags[0] = flags[1] = False
    i = 2
    while i * i <= n:
        if flags[i]:
            j = i * i
            while j <= n:
                flags[j] = False
                j += i
        i += 1
    count = 0
    for f in flags:
        if f:
            count += 1
    return count


def main():
    a = lcg_mix(N)
    b = collatz_total(N // 8)
    c = gcd_sum(N // 4)
    d = digit_sums(N // 4)
    e = sieve_count(N * 2)
    print("int_loop", a, b[0], b[1], c, d, e)


main()

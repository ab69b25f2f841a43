# Building lists in loops vs comprehensions, and list-based algorithms.
def bubble(a):
    a = list(a)
    for i in range(len(a)):
        for j in range(len(a) - 1 - i):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
    return a
def quick(a):
    if len(a) <= 1:
        return a
    p = a[0]
    return quick([x for x in a[1:] if x < p]) + [p] + quick([x for x in a[1:] if x >= p])
def merge_sort(a):
    if len(a) <= 1:
        return a
    mid = len(a) // 2
    l, r = merge_sort(a[:mid]), merge_sort(a[mid:])
    out = []
    i = j = 0
    while i < len(l) and j < len(r):
        if l[i] <= r[j]:
            out.append(l[i]); i += 1
        else:
            out.append(r[j]); j += 1
    return out + l[i:] + r[j:]
data = [(i * 37 + 11) % 50 for i in range(25)]
print(data)
print(bubble(data))
print(quick(data) == sorted(data), merge_sort(data) == sorted(data))
def binary_search(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo
s = sorted(data)
print([binary_search(s, x) for x in (0, 11, 25, 49, 100)])
matrix = [[r * 3 + c for c in range(3)] for r in range(3)]
print(matrix, [list(col) for col in zip(*matrix)], [row[::-1] for row in matrix[::-1]])
flat = []
for row in matrix:
    flat.extend(row)
print(flat, sum(flat), [sum(r) for r in matrix], [sum(c) for c in zip(*matrix)])
primes = []
sieve = [True] * 100
for i in range(2, 100):
    if sieve[i]:
        primes.append(i)
        for j in range(i * i, 100, i):
            sieve[j] = False
print(primes)

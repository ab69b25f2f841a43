# Unpacking lists and tuples, starred targets, swaps and nested targets.
a, b, c = [1, 2, 3]
print(a, b, c)
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = "abcd"
print(init, last)
h, *mid, t = range(6)
print(h, mid, t)
x, *y = [1]
print(x, y)
(p, q), r = (1, 2), 3
print(p, q, r)
[m, [n, o]] = [1, (2, 3)]
print(m, n, o)
a, b = b, a
print(a, b)
a, b, c = c, a, b
print(a, b, c)
for i, (k, v) in enumerate([("x", 1), ("y", 2)]):
    print(i, k, v)
for a, *b in [(1, 2, 3), (4,), (5, 6)]:
    print(a, b)
print([*range(3), *"ab", *[9]], (*[1, 2], 3), {*[1, 1, 2]}, [*()])
def f(*args):
    return args
print(f(*[1, 2], *(3,), 4), f(*"hi"), f())
try:
    a, b = [1, 2, 3]
except ValueError as e:
    print("ValueError:", e)
try:
    a, b, c = [1, 2]
except ValueError as e:
    print("ValueError:", e)
try:
    a, *b, c = [1]
except ValueError as e:
    print("ValueError:", e)
try:
    a, b = 5
except TypeError as e:
    print("TypeError:", e)
i = 0
items = [0, 0, 0]
i, items[i] = 1, 9
print(i, items)
x = y = z = [0]
x.append(1)
print(x, y, z, x is z)

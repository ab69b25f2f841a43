# Slice assignment and deletion on lists: growing, shrinking, extended slices.
a = list(range(10))
a[2:5] = []
print(a)
a[2:2] = [100, 200, 300]
print(a)
a[-2:] = "xyz"
print(a)
a[::3] = [0] * len(a[::3])
print(a)
a[1::2] = reversed(a[1::2])
print(a)
del a[1:4]
print(a)
del a[::-2]
print(a)
a[:] = range(3)
print(a)
a[5:10] = [9]
print(a)
a[-100:1] = ["start"]
print(a)
b = a
b[:] = []
print(a, b, a is b)
c = [1, 2, 3, 4, 5]
c[1:4] = c
print(c)
try:
    c[::2] = [1, 2]
except ValueError as e:
    print("ValueError:", e)
try:
    c[1:2] = 5
except TypeError as e:
    print("TypeError:", e)

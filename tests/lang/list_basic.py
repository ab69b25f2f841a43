# List construction, indexing, assignment, and the common mutating methods.
a = [3, 1, 4, 1, 5, 9, 2, 6]
print(a, len(a), a[0], a[-1], a[2:5], a[::-1], a[::2])
a.append(7)
a.insert(0, 0)
a.insert(100, 99)
a.insert(-1, 98)
print(a)
a.extend([10, 11])
a.extend(range(2))
a += (12,)
print(a)
print(a.pop(), a.pop(0), a.pop(-2), a)
a.remove(1)
print(a, a.index(5), a.count(1), a.index(1, 2) if 1 in a[2:] else "none")
a[0] = "first"
a[-1] = "last"
print(a)
del a[0]
del a[-1]
del a[1:3]
print(a)
a.clear()
print(a, len(a), list(), list("abc"), list(range(3)), list((1, 2)), list({1: 2}))
b = [1, 2, 3]
c = b
c.append(4)
print(b, c is b, b.copy() is b, b.copy() == b, b[:] == b, list(b) is b)
try:
    b.remove(42)
except ValueError as e:
    print("ValueError:", e)
try:
    b.index(42)
except ValueError as e:
    print("ValueError:", e)
try:
    [].pop()
except IndexError as e:
    print("IndexError:", e)
try:
    b[10]
except IndexError as e:
    print("IndexError:", e)
try:
    b[10] = 1
except IndexError as e:
    print("IndexError:", e)
try:
    [1].pop(5)
except IndexError as e:
    print("IndexError:", e)

# List operators: +, *, comparison, membership, nested lists and aliasing pitfalls.
a, b = [1, 2], [3]
print(a + b, a * 2, 2 * b, [] * 5, a * 0, [0] * 3, [[0] * 2] * 2)
grid = [[0] * 3] * 2
grid[0][0] = 1
print(grid)
grid = [[0] * 3 for _ in range(2)]
grid[0][0] = 1
print(grid)
print([1, 2] == [1, 2], [1, 2] < [1, 3], [1, 2] < [1, 2, 0], [2] > [1, 9], [] < [0], [1, [2]] == [1, [2]])
print(2 in [1, 2, 3], [2] in [1, [2]], 4 not in [1, 2])
x = [1, 2, 3]
x *= 2
print(x)
x[1:3] = ["a", "b", "c"]
print(x)
x[::2] = [0] * len(x[::2])
print(x)
x[:] = []
print(x)
l = list(range(10))
l[2:8:3] = ["X", "Y"]
del l[::4]
print(l)
try:
    l[::2] = [1]
except ValueError as e:
    print("ValueError:", e)
try:
    [1] + (2,)
except TypeError as e:
    print("TypeError:", e)
nested = [[1, [2, 3]], [4], []]
print(nested[0][1][0], len(nested), sum(len(n) for n in nested), nested[-1])
m = [1, 2]
m.append(m)
print(m, len(m))
print(list(reversed([1, 2, 3])), [1, 2, 3].__len__(), [5, 6].__getitem__(-1), [1] * True)
print(max([3, 7, 2]), min([3, 7, 2]), sum([3, 7, 2]), sorted([3, 7, 2]), any([0, 0]), all([1, 1]))
a = [1, 2, 3]
a[len(a):] = [4, 5]
a[:0] = [-1, 0]
print(a, a[-100:100], a[100:])

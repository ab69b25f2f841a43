# Tuples as records: returning several values, sorting records, and tuple keys.
def min_max(xs):
    return min(xs), max(xs)
lo, hi = min_max([4, 8, 1, 9])
print(lo, hi, min_max("hello"))
def stats(xs):
    n = len(xs)
    mean = sum(xs) / n
    return n, mean, sorted(xs)[n // 2]
print(stats([3, 1, 4, 1, 5, 9, 2, 6]))
people = [("Ann", 31, "NY"), ("Bob", 25, "LA"), ("Cy", 31, "LA"), ("Di", 19, "NY")]
for name, age, city in sorted(people, key=lambda p: (p[2], -p[1])):
    print(f"{name:<4}{age:>3} {city}")
grid = {}
for x in range(3):
    for y in range(3):
        grid[(x, y)] = x * y
print(grid[(2, 2)], grid[1, 2], sorted(k for k, v in grid.items() if v == 0))
point = (3, 4)
x, y = point
print((x ** 2 + y ** 2) ** 0.5, point[0] * point[1], tuple(c * 2 for c in point))
def swap(pair):
    return pair[1], pair[0]
print(swap(("a", "b")), swap(swap((1, 2))))
print(tuple(sorted({"b": 1, "a": 2}.items())), tuple(reversed((1, 2, 3))), tuple(map(str, (1, 2))))
nested = ((1, 2), (3, (4, 5)))
print(nested[1][1][0], len(nested), [len(n) for n in nested], nested == ((1, 2), (3, (4, 5))))

# any and all short-circuit over iterables.
print(any([]), all([]), any([0, 0, 1]), all([1, 1, 0]), any("a"), all(""), any([None, ""]), all([1, "x", [0]]))
def noisy(v):
    print("check", v)
    return v
print(any(noisy(v) for v in [0, 3, 0, 5]))
print(all(noisy(v) for v in [1, 2, 0, 4]))
nums = [2, 4, 6, 7]
print(all(n % 2 == 0 for n in nums), any(n > 6 for n in nums), any(n > 10 for n in nums))
grid = [[1, 2], [3, 0]]
print(all(all(row) for row in grid), any(any(row) for row in grid), all(map(bool, grid)))
print(any(x for x in range(0)), all(x for x in range(0)), any(iter([False, True])), all({1: 0}))

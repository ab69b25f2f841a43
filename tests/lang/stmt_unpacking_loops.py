# for-loop targets: tuples, nested tuples, starred, attributes and subscripts as targets.
pairs = [(1, "a"), (2, "b")]
for num, letter in pairs:
    print(num, letter)
for (a, b), c in [((1, 2), 3), ((4, 5), 6)]:
    print(a + b + c)
for first, *rest in ["abc", "de", "f"]:
    print(first, rest)
class Box:
    pass
box = Box()
for box.value in range(3):
    pass
print(box.value)
arr = [0, 0, 0]
for i, arr[i] in enumerate("xyz"):
    pass
print(arr)
d = {}
for d["last"] in "pqr":
    pass
print(d)
for k, v in sorted({"b": 2, "a": 1}.items()):
    print(k, v)
for i, (k, v) in enumerate({"x": 10}.items()):
    print(i, k, v)
for _ in range(2):
    print("underscore loop")
matrix = [[1, 2], [3, 4]]
for row in matrix:
    for j, cell in enumerate(row):
        row[j] = cell * 10
print(matrix)

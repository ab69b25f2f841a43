# Many short-lived objects, including reference cycles: memory must be reclaimed as the loop runs.
class Node:
    __slots__ = ("value", "other")
    def __init__(self, value):
        self.value = value
        self.other = None
checksum = 0
for i in range(200000):
    a = Node(i)
    b = Node(i * 2)
    a.other = b
    b.other = a
    lst = [a, b, (i, str(i))]
    d = {"k": lst, i % 7: i}
    checksum = (checksum + a.other.value + len(d) + len(lst[2][1])) % 1000003
print(checksum)
strings = ["".join(str(j) for j in range(i % 50)) for i in range(20000)]
print(len(strings), sum(map(len, strings)))
big = [list(range(100)) for _ in range(2000)]
del big
print("done")

# Iteration protocol: __iter__/__next__, __getitem__ fallback, __contains__, __len__, __reversed__.
class Range3:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return Range3Iter(self.n)
class Range3Iter:
    def __init__(self, n):
        self.i, self.n = 0, n
    def __iter__(self):
        return self
    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i * 3
r = Range3(4)
print(list(r), list(r), sum(r), 9 in r, 10 in r, [x for x in r if x > 3], dict.fromkeys(r))
it = iter(r)
print(next(it), next(it), list(it), next(it, "end"))
class Seq:
    def __getitem__(self, i):
        if i >= 5:
            raise IndexError(i)
        return i * i
print(list(Seq()), 16 in Seq(), 5 in Seq(), list(zip(Seq(), "abc")))
class Box:
    def __init__(self, items):
        self.items = items
    def __len__(self):
        return len(self.items)
    def __contains__(self, x):
        print("contains", x)
        return x in self.items
    def __iter__(self):
        return iter(self.items)
    def __reversed__(self):
        return iter(self.items[::-1])
    def __getitem__(self, i):
        return self.items[i]
b = Box([1, 2, 3])
print(len(b), 2 in b, 7 not in b, list(reversed(b)), b[1], b[-1], b[0:2], sorted(b, reverse=True))
class NotIter:
    pass
try:
    iter(NotIter())
except TypeError as e:
    print("TypeError:", e)
try:
    for _ in 5:
        pass
except TypeError as e:
    print("TypeError:", e)
class BadIter:
    def __iter__(self):
        return 5
try:
    iter(BadIter())
except TypeError as e:
    print("TypeError:", e)
def gen_from_callable():
    vals = [1, 2, 3, 0, 5]
    return iter(lambda: vals.pop(0), 0)
print(list(gen_from_callable()))

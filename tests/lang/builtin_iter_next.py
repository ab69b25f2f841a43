# iter() and next(): on containers, with defaults, the two-argument sentinel form.
it = iter([1, 2, 3])
print(next(it), next(it), next(it), next(it, "done"), next(it, None))
try:
    next(it)
except StopIteration as e:
    print("StopIteration", e.args)
s = iter("ab")
d = iter({"x": 1, "y": 2})
t = iter((9,))
print(next(s), next(d), next(d), next(t), type(s).__name__, type(d).__name__, type(it).__name__)
print(iter(it) is it, list(iter(range(3))), type(iter(range(3))).__name__)
data = [5, 4, 3, 0, 2]
pos = iter(data)
print(list(iter(lambda: next(pos), 0)))
count = 0
def tick():
    global count
    count += 1
    return count
print(list(iter(tick, 4)))
try:
    next([1])
except TypeError as e:
    print("TypeError:", e)
try:
    iter(5)
except TypeError as e:
    print("TypeError:", e)
it1 = iter([1, 2, 3, 4])
print(list(zip(it1, it1)))
class Fib:
    def __init__(self):
        self.a, self.b = 0, 1
    def __iter__(self):
        return self
    def __next__(self):
        self.a, self.b = self.b, self.a + self.b
        if self.a > 50:
            raise StopIteration
        return self.a
print(list(Fib()), next(Fib()), sum(Fib()))

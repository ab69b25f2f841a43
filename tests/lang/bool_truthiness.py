# User classes define truthiness through __bool__ or __len__; short-circuit evaluation order.
class A:
    def __init__(self, v):
        self.v = v
    def __bool__(self):
        print("bool", self.v)
        return self.v > 0
class L:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        print("len", self.n)
        return self.n
class Plain:
    pass
print(bool(A(1)), bool(A(-1)), bool(L(0)), bool(L(3)), bool(Plain()))
if A(2) and L(0):
    print("yes")
else:
    print("no")
r = A(0) or L(2) or A(5)
print(type(r).__name__)
print(not A(3), not L(0))
x = [A(1), A(0), A(2)]
print(any(x), all(x))
while L(0):
    print("never")
print([bool(v) for v in (L(1), A(0))])
def side(name, value):
    print("eval", name)
    return value
print(side("a", 0) and side("b", 1))
print(side("a", 1) and side("b", 0) or side("c", 2))
print(side("a", 0) if side("cond", False) else side("b", 3))
class BadBool:
    def __bool__(self):
        return 1
try:
    bool(BadBool())
except TypeError as e:
    print("TypeError:", e)
class BadLen:
    def __len__(self):
        return -1
try:
    bool(BadLen())
except ValueError as e:
    print("ValueError:", e)

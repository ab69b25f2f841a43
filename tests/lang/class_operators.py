# Arithmetic operator dunders, including reflected and in-place forms.
class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f"Vec({self.x}, {self.y})"
    def __add__(self, o):
        if isinstance(o, Vec):
            return Vec(self.x + o.x, self.y + o.y)
        if isinstance(o, (int, float)):
            return Vec(self.x + o, self.y + o)
        return NotImplemented
    __radd__ = __add__
    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y)
    def __mul__(self, k):
        if isinstance(k, Vec):
            return self.x * k.x + self.y * k.y
        return Vec(self.x * k, self.y * k)
    def __rmul__(self, k):
        print("rmul")
        return self * k
    def __truediv__(self, k):
        return Vec(self.x / k, self.y / k)
    def __floordiv__(self, k):
        return Vec(self.x // k, self.y // k)
    def __mod__(self, k):
        return Vec(self.x % k, self.y % k)
    def __pow__(self, k):
        return Vec(self.x ** k, self.y ** k)
    def __neg__(self):
        return Vec(-self.x, -self.y)
    def __pos__(self):
        return self
    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
    def __invert__(self):
        return Vec(self.y, self.x)
    def __iadd__(self, o):
        print("iadd")
        self.x += o.x
        self.y += o.y
        return self
    def __matmul__(self, o):
        return "matmul"
    def __rsub__(self, o):
        return Vec(o - self.x, o - self.y)
    def __and__(self, o):
        return "and"
    def __ror__(self, o):
        return "ror"
    def __lshift__(self, n):
        return Vec(self.x << n, self.y << n)
    def __rpow__(self, b):
        return Vec(b ** self.x, b ** self.y)
a, b = Vec(1, 2), Vec(3, 4)
print(a + b, a + 1, 1 + a, a - b, a * 3, 3 * a, a * b, a / 2, b // 2, b % 2, a ** 2, -a, +a, abs(b), ~a)
print(a @ b, 10 - a, a & b, 5 | a, a << 2, 2 ** a)
c = a
c += b
print(c, a, c is a)
c -= Vec(1, 1)
print(c, a, c is a)
try:
    a - 1
except AttributeError as e:
    print("AttributeError:", e)
try:
    "s" + a
except TypeError as e:
    print("TypeError:", e)
try:
    a / "x" + None
except TypeError as e:
    print("TypeError:", e)
class Num:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        return "Num.__add__"
    def __radd__(self, o):
        return "Num.__radd__"
class SubNum(Num):
    def __radd__(self, o):
        return "SubNum.__radd__"
print(Num(1) + Num(2), Num(1) + SubNum(2), 1 + Num(1), SubNum(1) + 1)

# __hash__ and __eq__: objects as dict keys and set members; __eq__ without __hash__ is unhashable.
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __eq__(self, o):
        return isinstance(o, Point) and (self.x, self.y) == (o.x, o.y)
    def __hash__(self):
        return hash((self.x, self.y))
    def __repr__(self):
        return f"P({self.x},{self.y})"
s = {Point(1, 2), Point(1, 2), Point(2, 1)}
print(len(s), Point(1, 2) in s, Point(3, 3) in s)
d = {Point(0, 0): "origin"}
print(d[Point(0, 0)], d.get(Point(0, 1), "none"))
class EqOnly:
    def __eq__(self, o):
        return True
print(EqOnly.__hash__)
try:
    {EqOnly()}
except TypeError as e:
    print("TypeError:", e)
class Plain:
    pass
p = Plain()
print(hash(p) == hash(p), {p: 1}[p], p in {p}, Plain() in {p})
class ConstHash:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return 1
    def __eq__(self, o):
        return self.v == o.v
    def __repr__(self):
        return f"C{self.v}"
cs = {ConstHash(i % 3) for i in range(10)}
print(len(cs), sorted(c.v for c in cs))
class Inherit(Point):
    pass
print(hash(Inherit(1, 2)) == hash(Point(1, 2)), Inherit(1, 2) == Point(1, 2))
class Unhash:
    __hash__ = None
try:
    hash(Unhash())
except TypeError as e:
    print("TypeError:", e)
print(hash(1), hash(-1), hash(-2), hash(0), hash(10 ** 20), hash((1, 2)) == hash((1, 2)), hash(3.5), hash(None) == hash(None))

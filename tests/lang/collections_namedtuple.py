# collections.namedtuple: fields, repr, tuple behaviour, _asdict, _replace, _make, defaults.
from collections import namedtuple
Point = namedtuple("Point", ["x", "y"])
p = Point(3, 4)
print(p, p.x, p[1], len(p), p == (3, 4), tuple(p), list(p), isinstance(p, tuple))
x, y = p
print(x, y, p._fields, p._asdict(), p._replace(y=10), Point._make([7, 8]), Point(y=2, x=1))
Color = namedtuple("Color", "red green blue", defaults=[0])
print(Color(1, 2), Color(1, 2, 3), Color._field_defaults, Color.__name__)
Person = namedtuple("Person", "name, age")
people = [Person("ann", 30), Person("bob", 25)]
print(sorted(people, key=lambda q: q.age), max(people, key=lambda q: q.age).name)
print(p + (5,), p * 2, p.count(3), p.index(4), hash(p) == hash((3, 4)), {p: "v"}[(3, 4)])
try:
    p.x = 5
except AttributeError as e:
    print("AttributeError:", e)
try:
    Point(1)
except TypeError as e:
    print("TypeError:", e)
try:
    namedtuple("Bad", ["ok", "class"])
except ValueError as e:
    print("ValueError:", e)
R = namedtuple("R", "a b _c", rename=True)
print(R._fields, R(1, 2, 3))
class Vec(namedtuple("Vec", "x y")):
    __slots__ = ()
    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
print(Vec(3, 4).norm(), Vec(1, 2), Vec(1, 2)._replace(x=0))

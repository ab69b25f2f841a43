# @dataclass: generated __init__, __repr__, __eq__; defaults and default_factory.
from dataclasses import dataclass, field
@dataclass
class Point:
    x: int
    y: int = 0
@dataclass
class Inventory:
    name: str
    items: list = field(default_factory=list)
    count: int = field(default=0, repr=False)
    tags: dict = field(default_factory=dict, compare=False)
p = Point(1, 2)
print(p, Point(5), Point(y=3, x=4), p == Point(1, 2), p != Point(2, 1), p.x, p.y)
a = Inventory("a")
b = Inventory("b", ["x"], 3)
a.items.append("shared?")
print(a, b, Inventory("c").items, a.count, b.count)
print(Inventory("z", [], 1, {"k": 1}) == Inventory("z", [], 1, {"other": 2}))
p.x = 10
print(p, vars(p))
try:
    Point()
except TypeError as e:
    print("TypeError:", e)
try:
    Point(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
print(Point.__annotations__, Point.__dataclass_fields__["y"].default, Point.__eq__ is not object.__eq__)
@dataclass
class Unhashable:
    v: int
print(Unhashable.__hash__)

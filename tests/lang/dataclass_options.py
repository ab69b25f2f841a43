# @dataclass(order=True, frozen=True), __post_init__, inheritance, fields/asdict/astuple/replace.
from dataclasses import dataclass, field, fields, asdict, astuple, replace, FrozenInstanceError
@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0
vs = [Version(1, 2), Version(1, 0, 5), Version(0, 9), Version(1, 2, 1)]
print(sorted(vs), max(vs), Version(1) < Version(1, 0, 1), Version(2) >= Version(1, 9))
@dataclass(frozen=True)
class Coord:
    lat: float
    lon: float
c = Coord(1.5, 2.5)
try:
    c.lat = 0
except FrozenInstanceError as e:
    print("FrozenInstanceError:", e)
print(hash(c) == hash(Coord(1.5, 2.5)), {c: "here"}[Coord(1.5, 2.5)], replace(c, lon=0.0), c)
@dataclass
class Rect:
    w: float
    h: float
    area: float = field(init=False)
    def __post_init__(self):
        self.area = self.w * self.h
r = Rect(2, 3)
print(r, [f.name for f in fields(r)], asdict(r), astuple(r))
@dataclass
class Base:
    id: int
    name: str = "base"
@dataclass
class Derived(Base):
    extra: list = field(default_factory=lambda: [1])
d = Derived(7)
print(d, asdict(d), isinstance(d, Base), [f.name for f in fields(Derived)])
@dataclass
class Nested:
    inner: Rect
    points: list
n = Nested(Rect(1, 1), [Coord(0, 0)])
print(asdict(n), astuple(n))
try:
    @dataclass
    class Bad:
        a: int = 0
        b: int
except TypeError as e:
    print("TypeError:", e)

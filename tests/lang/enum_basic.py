# enum: Enum / IntEnum / StrEnum / Flag / IntFlag, auto, unique, aliases,
# lookup by value and name, iteration, repr / str / format, errors
from enum import Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1          # an alias of RED

    def describe(self):
        return "%s is %d" % (self.name, self.value)

    @classmethod
    def default(cls):
        return cls.GREEN


print(Color.RED, repr(Color.RED), Color.RED.name, Color.RED.value)
print(list(Color), len(Color))
print(Color(2), Color["BLUE"], Color.CRIMSON is Color.RED, Color.CRIMSON)
print(Color.__members__)
print(Color.RED.describe(), Color.default())
print(Color.RED in Color, Color.RED == Color.RED, Color.RED == 1, Color.RED != Color.GREEN)
print(type(Color.RED), isinstance(Color.RED, Color), repr(Color))
print(f"{Color.RED}", "{:>12}|".format(Color.GREEN), format(Color.BLUE))
print({Color.RED: "r", Color.GREEN: "g"}[Color.CRIMSON])
print(list(reversed(Color)))
try:
    Color(7)
except ValueError as e:
    print("ValueError", e)
try:
    Color["PURPLE"]
except KeyError as e:
    print("KeyError", e)
try:
    Color.RED = 5
except AttributeError as e:
    print("AttributeError", e)
try:
    Color.RED < Color.GREEN
except TypeError as e:
    print("TypeError", e)


class Shape(Enum):
    SQUARE = auto()
    CIRCLE = auto()
    TRIANGLE = 10
    LINE = auto()


print(list(Shape), [s.value for s in Shape])


class Num(IntEnum):
    ONE = 1
    TWO = 2
    THREE = auto()


print(Num.ONE, repr(Num.TWO), Num.THREE + 1, Num.ONE == 1, Num.TWO < Num.THREE, sorted([Num.THREE, Num.ONE]))
print(f"{Num.TWO}", "{:03d}".format(Num.THREE), Num(2), int(Num.THREE), isinstance(Num.ONE, int))
print(list(range(5))[Num.TWO], hash(Num.ONE) == hash(1))


class Mode(StrEnum):
    READ = auto()
    WRITE = "w"


print(Mode.READ, repr(Mode.READ), Mode.WRITE.upper(), Mode("w"), Mode.READ == "read", f"[{Mode.WRITE}]")


class Perm(Flag):
    R = 4
    W = 2
    X = 1
    RW = 6


rw = Perm.R | Perm.W
print(repr(rw), rw, rw is Perm.RW, list(Perm), len(Perm))
print(Perm.R in rw, Perm.X in rw, list(rw), len(rw), bool(Perm(0)), repr(Perm(0)), Perm(0))
print(repr(~Perm.R), repr(rw & Perm.W), repr(rw ^ Perm.R), repr(Perm(7)))
try:
    Perm(8)
except ValueError as e:
    print("ValueError", e)


class Opt(Flag):
    A = auto()
    B = auto()
    C = auto()


print([o.value for o in Opt], repr(Opt.A | Opt.C))


class IPerm(IntFlag):
    R = 4
    W = 2
    X = 1


print(repr(IPerm.R | IPerm.W), IPerm.R | IPerm.W, IPerm.R | 1, repr(IPerm.R | 8), repr(~IPerm.R), IPerm.R + 1)
print(repr(IPerm(0)), IPerm.W == 2, isinstance(IPerm.X, int), format(IPerm.R | IPerm.X, "x"))


@unique
class Ok(Enum):
    A = 1
    B = 2


try:
    @unique
    class Bad(Enum):
        A = 1
        B = 1
        C = 2
        D = 2
except ValueError as e:
    print("ValueError", e)


class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius


print(Planet.EARTH.mass, Planet.EARTH.value, Planet((3.303e+23, 2.4397e6)))


class Coord(Enum):
    def __new__(cls, value, label):
        obj = object.__new__(cls)
        obj._value_ = value
        obj.label = label
        return obj
    X = (0, "ex")
    Y = (1, "why")


print(Coord(1), Coord.X.label, Coord.Y.value)


class Fallback(Enum):
    A = 1
    OTHER = 99

    @classmethod
    def _missing_(cls, value):
        return cls.OTHER


print(Fallback(5))

Animal = Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE.value, repr(Animal))
Sizes = IntEnum("Sizes", [("S", 1), ("M", 5)])
print(list(Sizes), Sizes.M + 0)

try:
    class More(Color):
        PINK = 9
except TypeError as e:
    print("TypeError", e)
try:
    1 in Color
except TypeError as e:
    print("TypeError", e)

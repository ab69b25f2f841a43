# make_dataclass, descriptors as defaults, dataclasses over ABCs, InitVar defaults, disabled methods,
# a field named self.
from dataclasses import *
import abc
Z = make_dataclass('Z', ['a', ('b', int), ('c', int, field(default=2))], namespace={'total': lambda self: self.a + self.b}, order=True)
print(Z(1, 2), Z.__doc__, Z.__qualname__, Z.__annotations__, Z.__module__, Z(1, 2).total(), Z(1, 2) < Z(1, 3))
class Desc:
    def __set_name__(self, owner, name): print('set_name', owner.__name__, name)
    def __get__(self, obj, owner): return 'got' if obj is None else obj.__dict__.get('_a', 'unset')
    def __set__(self, obj, value): obj.__dict__['_a'] = value * 2
@dataclass
class X:
    a: int = field(default=Desc())
print(X(3).a, X().a if False else '', type(X.__dict__['a']).__name__)
class Base(abc.ABC):
    @abc.abstractmethod
    def __repr__(self): ...
    @property
    @abc.abstractmethod
    def name(self): ...
@dataclass
class Impl(Base):
    name: str
print(sorted(Impl.__abstractmethods__))
try: Impl('x')
except TypeError as e: print(e)
@dataclass
class Impl2(Base):
    name: str = 'n'
print(sorted(Impl2.__abstractmethods__), Impl2())
print(X.__init__.__qualname__, X.__repr__.__name__, X.__eq__.__qualname__)
print(fields(X)[0].metadata, type(fields(X)[0].metadata))
print(X.__dataclass_params__, X.__dataclass_fields__['a'].kw_only)
@dataclass
class Y:
    a: int = 1
    b: InitVar[int] = 2
    def __post_init__(self, b): self.c = self.a + b
y = Y(b=5)
print(y, y.c, vars(y), [f.name for f in fields(y)], Y.b)
@dataclass(repr=False, eq=False, match_args=False, init=False)
class Nothing:
    a: int = 0
print('__match_args__' in Nothing.__dict__, Nothing.__init__ is object.__init__, Nothing.__doc__)
@dataclass
class Self:
    self: int
    other: int = 0
print(Self(1), Self(self=2, other=3))
try: Self(1, self=2)
except TypeError as e: print(e)
print(Field[int], InitVar[list[int]], InitVar[int].type)

# abc: virtual subclasses (register), __subclasshook__, abstract properties, class and static
# methods, inherited abstract methods, update_abstractmethods, and the errors.
import abc
from abc import ABC, ABCMeta, abstractmethod
class Sized(ABC):
    @abstractmethod
    def __len__(self):
        ...
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized:
            return any("__len__" in B.__dict__ for B in C.__mro__) or NotImplemented
        return NotImplemented
print(isinstance([], Sized), issubclass(dict, Sized), isinstance(3, Sized), issubclass(int, Sized))
class Drawable(metaclass=ABCMeta):
    @property
    @abstractmethod
    def color(self):
        ...
    @classmethod
    @abstractmethod
    def make(cls):
        ...
    @staticmethod
    @abstractmethod
    def kind():
        ...
    def show(self):
        return f"{self.kind()} in {self.color}"
print(sorted(Drawable.__abstractmethods__))
class Dot(Drawable):
    color = "red"
    @classmethod
    def make(cls):
        return cls()
    @staticmethod
    def kind():
        return "dot"
print(Dot.make().show(), Dot.__abstractmethods__ == frozenset())
class HalfDot(Drawable):
    @staticmethod
    def kind():
        return "half"
try:
    HalfDot()
except TypeError as e:
    print("TypeError:", e)
class Legacy:
    def __len__(self):
        return 0
print(isinstance(Legacy(), Sized))
class Stream(ABC):
    @abstractmethod
    def read(self):
        ...
class File:
    def read(self):
        return "data"
print(isinstance(File(), Stream), issubclass(File, Stream))
token = abc.get_cache_token()
print(Stream.register(File) is File, isinstance(File(), Stream), issubclass(File, Stream))
print(abc.get_cache_token() != token, Stream in File.__mro__)
@Stream.register
class Socket:
    pass
class SubSocket(Socket):
    pass
print(isinstance(SubSocket(), Stream), issubclass(bool, Stream))
Stream.register(int)
print(isinstance(True, Stream), issubclass(bool, Stream), Stream.register(bool))
for bad in (lambda: Stream.register(3), lambda: issubclass(3, Stream),
            lambda: File.__class__, lambda: Sized.register(Sized)):
    try:
        print(bad())
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__ + ":", e)
class Base(ABC):
    @abstractmethod
    def a(self): ...
    @abstractmethod
    def b(self): ...
class Middle(Base):
    def a(self):
        return "a"
try:
    Middle()
except TypeError as e:
    print("TypeError:", e)
try:
    Base()
except TypeError as e:
    print("TypeError:", e)
Middle.b = lambda self: "b"
try:
    Middle()
except TypeError as e:
    print("still abstract:", e)
print(abc.update_abstractmethods(Middle) is Middle, Middle().b(), Middle.__abstractmethods__)
class Plain:
    pass
print(abc.update_abstractmethods(Plain) is Plain, hasattr(Plain, "__abstractmethods__"))
print(type(ABC), ABC.__slots__, type(Sized).__name__, isinstance(Sized, ABCMeta))
class WithInit(ABC):
    def __init__(self, v):
        self.v = v
print(WithInit(3).v)
try:
    object.__new__(Base)
except TypeError as e:
    print("TypeError:", e)
class Meta2(ABCMeta):
    def __new__(mcls, name, bases, ns, **kw):
        cls = super().__new__(mcls, name, bases, ns, **kw)
        cls.made_by = mcls.__name__
        return cls
class Thing(metaclass=Meta2):
    @abstractmethod
    def go(self): ...
print(Thing.made_by, sorted(Thing.__abstractmethods__))

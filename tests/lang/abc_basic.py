# abc.ABC and abstractmethod, next to the plain NotImplementedError pattern.
import abc
class Shape(abc.ABC):
    @abc.abstractmethod
    def area(self):
        ...
    def describe(self):
        return f"{type(self).__name__} with area {self.area():.2f}"
class Circle(Shape):
    def __init__(self, r):
        self.r = r
    def area(self):
        return 3.14159 * self.r ** 2
class Square(Shape):
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s ** 2
for s in (Circle(1), Square(2), Circle(0.5)):
    print(s.describe())
try:
    Shape()
except TypeError as e:
    print("TypeError:", e)
class Partial(Shape):
    pass
try:
    Partial()
except TypeError as e:
    print("TypeError:", e)
class Base:
    def run(self):
        raise NotImplementedError(f"{type(self).__name__}.run")
class Impl(Base):
    def run(self):
        return "ran"
print(Impl().run())
try:
    Base().run()
except NotImplementedError as e:
    print("NotImplementedError:", e)
print(isinstance(Circle(1), Shape), issubclass(Square, abc.ABC), sorted(Shape.__abstractmethods__))

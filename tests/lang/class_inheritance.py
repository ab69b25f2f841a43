# Single inheritance: overriding, extending via super(), isinstance/issubclass.
class Animal:
    sound = "..."
    def __init__(self, name):
        self.name = name
    def speak(self):
        return f"{self.name}: {self.sound}"
    def kind(self):
        return "animal"
    def describe(self):
        return f"{self.kind()} {self.speak()}"
class Cat(Animal):
    sound = "meow"
    def kind(self):
        return "cat"
class Lion(Cat):
    sound = "roar"
    def __init__(self, name, pride):
        super().__init__(name)
        self.pride = pride
    def kind(self):
        return "big " + super().kind()
a, c, l = Animal("gen"), Cat("tom"), Lion("leo", "east")
for x in (a, c, l):
    print(x.describe(), type(x).__name__)
print(l.pride, l.name, isinstance(l, Cat), isinstance(c, Lion), issubclass(Lion, Animal), issubclass(Animal, Lion))
print(issubclass(Cat, (int, Animal)), isinstance(l, (int, str)), issubclass(Lion, Lion), issubclass(bool, object))
print(Lion.__bases__[0].__name__, [k.__name__ for k in Lion.__mro__], Lion.__base__.__name__)
print(Animal.speak(l), Cat.kind(l), super(Lion, l).kind(), super(Cat, l).kind())
class Base:
    def __init__(self):
        self.log = ["Base"]
class Child(Base):
    pass
class GrandChild(Child):
    def __init__(self):
        super().__init__()
        self.log.append("GrandChild")
print(Child().log, GrandChild().log)
print(type(l).__mro__[-1], object.__bases__, type.__name__, type(type).__name__)

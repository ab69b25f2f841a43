# Classes: instances, attributes, methods, class attributes vs instance attributes.
class Dog:
    species = "canis"
    count = 0
    def __init__(self, name, age=1):
        self.name = name
        self.age = age
        Dog.count += 1
    def bark(self):
        return f"{self.name} says woof"
    def birthday(self):
        self.age += 1
        return self
d = Dog("Rex", 3)
e = Dog("Fido")
print(d.name, d.age, e.age, d.bark(), Dog.bark(e), Dog.count, d.count)
d.birthday().birthday()
print(d.age, d.species, Dog.species)
d.species = "wolf"
print(d.species, e.species, Dog.species)
del d.species
print(d.species)
print(type(d).__name__, type(d) is Dog, isinstance(d, Dog), isinstance(d, object), Dog.__name__, Dog.__qualname__)
print(sorted(vars(d)), vars(e), d.__dict__["name"], "bark" in Dog.__dict__)
d.tricks = ["sit"]
print(d.tricks, hasattr(e, "tricks"), getattr(e, "tricks", None))
class Empty:
    pass
x = Empty()
x.a = 1
setattr(x, "b", 2)
print(x.a, x.b, vars(x), getattr(x, "a"), delattr(x, "a"), vars(x))
try:
    x.a
except AttributeError as err:
    print("AttributeError:", err)
try:
    Empty.nothing
except AttributeError as err:
    print("AttributeError:", err)
print(Empty.__bases__, Dog.__module__, [k.__name__ for k in Empty.__mro__])
bound = d.bark
print(bound(), bound.__self__ is d, bound.__func__ is Dog.bark)

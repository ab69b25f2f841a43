# property: getters, setters, deleters, read-only properties and validation.
class Temperature:
    def __init__(self, celsius):
        self.celsius = celsius
    @property
    def celsius(self):
        return self._c
    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._c = value
    @celsius.deleter
    def celsius(self):
        print("deleting")
        del self._c
    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32
t = Temperature(25)
print(t.celsius, t.fahrenheit)
t.celsius = 100
print(t.celsius, t.fahrenheit, vars(t))
try:
    t.celsius = -300
except ValueError as e:
    print("ValueError:", e)
try:
    t.fahrenheit = 0
except AttributeError as e:
    print("AttributeError:", e)
del t.celsius
print(hasattr(t, "_c"))
try:
    t.celsius
except AttributeError as e:
    print("AttributeError:", e)
class Old:
    def get_x(self):
        return self._x
    def set_x(self, v):
        self._x = v * 2
    x = property(get_x, set_x, doc="doubled x")
o = Old()
o.x = 5
print(o.x, Old.x.__doc__, type(Old.x).__name__, isinstance(Old.x, property))
class Lazy:
    calls = 0
    @property
    def expensive(self):
        Lazy.calls += 1
        return 42
l = Lazy()
print(l.expensive, l.expensive, Lazy.calls)
class Sub(Temperature):
    @property
    def celsius(self):
        return "overridden"
print(Sub.__mro__[1].__name__, Temperature.celsius.fget.__name__, Temperature.fahrenheit.fset)

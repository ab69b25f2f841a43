# super() in many forms: zero-argument, two-argument, in classmethods and properties.
class Base:
    def greet(self):
        return "base"
    @classmethod
    def make(cls):
        return f"make {cls.__name__}"
    @property
    def value(self):
        return 10
class Derived(Base):
    def greet(self):
        return "derived+" + super().greet()
    @classmethod
    def make(cls):
        return "derived " + super().make()
    @property
    def value(self):
        return super().value * 2
d = Derived()
print(d.greet(), Derived.make(), d.make(), d.value)
print(super(Derived, d).greet(), super(Derived, Derived).make())
class Counter(dict):
    def __setitem__(self, key, value):
        super().__setitem__(key, value * 10)
    def __getitem__(self, key):
        return super().__getitem__(key) + 1
c = Counter()
c["a"] = 1
print(c["a"], dict(c), c.get("a"))
class Stack(list):
    def push(self, v):
        self.append(v)
        return self
    def __repr__(self):
        return "Stack(" + super().__repr__() + ")"
s = Stack()
s.push(1).push(2)
print(s, len(s), s.pop(), s, isinstance(s, list))
class Upper(str):
    def __new__(cls, value):
        return super().__new__(cls, value.upper())
u = Upper("hi")
print(u, type(u).__name__, u + "!", u.lower(), isinstance(u, str))
class Point(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))
    @property
    def x(self):
        return self[0]
p = Point(3, 4)
print(p, p.x, p[1], len(p), type(p).__name__)
def helper(self):
    return "outside"
class Late:
    pass
Late.method = helper
print(Late().method())

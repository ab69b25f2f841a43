# staticmethod and classmethod: alternative constructors, calls via class and instance.
class Date:
    def __init__(self, y, m, d):
        self.y, self.m, self.d = y, m, d
    @classmethod
    def from_string(cls, s):
        return cls(*map(int, s.split("-")))
    @staticmethod
    def is_leap(y):
        return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    def __repr__(self):
        return f"{type(self).__name__}({self.y}, {self.m}, {self.d})"
class MyDate(Date):
    pass
print(Date.from_string("2024-02-29"), MyDate.from_string("1999-12-31"), MyDate(1, 2, 3).from_string("5-6-7"))
print(Date.is_leap(2000), Date.is_leap(1900), Date(1, 1, 1).is_leap(2024), [y for y in range(1896, 1912) if Date.is_leap(y)])
class Registry:
    items = []
    @classmethod
    def add(cls, v):
        cls.items.append(v)
        return len(cls.items)
    @classmethod
    def count(cls):
        return len(cls.items)
print(Registry.add("a"), Registry.add("b"), Registry().count(), Registry.items)
sm = Date.__dict__["is_leap"]
cm = Date.__dict__["from_string"]
print(type(sm).__name__, type(cm).__name__, sm.__func__(2004), callable(sm))
class Counter:
    n = 0
    def __init__(self):
        type(self).n += 1
    @classmethod
    def created(cls):
        return cls.n
class Sub(Counter):
    n = 0
Counter(); Counter(); Sub()
print(Counter.created(), Sub.created())

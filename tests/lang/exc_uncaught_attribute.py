# AttributeError on an instance; CPython 3.11 adds a "Did you mean" hint for near misses.
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
p = Point(3, 4)
print(p.norm())
print(p.norn())

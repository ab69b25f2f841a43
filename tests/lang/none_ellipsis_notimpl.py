# The other singletons: Ellipsis and NotImplemented, and how binary operators use NotImplemented.
print(..., Ellipsis, ... is Ellipsis, type(...).__name__, repr(Ellipsis), bool(...))
print(NotImplemented, type(NotImplemented).__name__)
class Meters:
    def __init__(self, v):
        self.v = v
    def __add__(self, other):
        if isinstance(other, Meters):
            return Meters(self.v + other.v)
        return NotImplemented
    def __radd__(self, other):
        if other == 0:
            return self
        return NotImplemented
    def __eq__(self, other):
        if not isinstance(other, Meters):
            return NotImplemented
        return self.v == other.v
    def __repr__(self):
        return f"Meters({self.v})"
print(Meters(1) + Meters(2), sum([Meters(1), Meters(2), Meters(3)]))
print(Meters(1) == Meters(1), Meters(1) == 1, 1 == Meters(1), Meters(1) != "x")
try:
    Meters(1) + 1
except TypeError as e:
    print("TypeError:", e)
print((1).__add__("x"), "x".__eq__(1), (1).__lt__(2.0))
def f(x=...):
    return "default" if x is ... else x
print(f(), f(None), f(3))
a = [1, 2, 3]
print([..., ...], (...,), {...: ...}, a[...] if isinstance(a, dict) else a)

# Comparison dunders, reflected comparisons, and default identity equality.
class V:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        print(f"eq {self.v} {getattr(o, 'v', o)}")
        return isinstance(o, V) and self.v == o.v
    def __lt__(self, o):
        print(f"lt {self.v} {o.v}")
        return self.v < o.v
    def __repr__(self):
        return f"V{self.v}"
a, b = V(1), V(2)
print(a < b)
print(a > b)
print(a == V(1))
print(a != b)
print(a == 1)
print(1 == a)
try:
    a <= b
except TypeError as e:
    print("TypeError:", e)
print(sorted([V(3), V(1), V(2)]))
class Version:
    def __init__(self, s):
        self.parts = tuple(int(p) for p in s.split("."))
    def __eq__(self, o):
        return self.parts == o.parts
    def __lt__(self, o):
        return self.parts < o.parts
    def __le__(self, o):
        return self.parts <= o.parts
    def __gt__(self, o):
        return self.parts > o.parts
    def __ge__(self, o):
        return self.parts >= o.parts
    def __repr__(self):
        return "v" + ".".join(map(str, self.parts))
vs = [Version(s) for s in ("1.10", "1.2", "1.2.1", "0.9")]
print(sorted(vs), max(vs), Version("1.0") <= Version("1.0"), Version("2.0") >= Version("1.9"), Version("1") > Version("1.0"))
class NoEq:
    pass
x = NoEq()
print(x == x, x != x, x == NoEq(), x is x)
class AlwaysEq:
    def __eq__(self, o):
        return True
print(AlwaysEq() == 5, 5 == AlwaysEq(), AlwaysEq() != 5, [1, 2].count(AlwaysEq()), AlwaysEq() in [9])

# __slots__: fixed attribute sets, no __dict__, inheritance with and without slots.
class P:
    __slots__ = ("x", "y")
    def __init__(self, x, y):
        self.x = x
        self.y = y
p = P(1, 2)
print(p.x, p.y, hasattr(p, "__dict__"), P.__slots__)
p.x = 10
print(p.x)
try:
    p.z = 3
except AttributeError as e:
    print("AttributeError:", e)
q = P.__new__(P)
try:
    q.x
except AttributeError as e:
    print("AttributeError:", e)
del p.y
try:
    p.y
except AttributeError as e:
    print("AttributeError:", e)
class Q(P):
    pass
qq = Q(1, 2)
qq.z = 3
print(qq.z, vars(qq))
class R(P):
    __slots__ = ("w",)
r = R(1, 2)
r.w = 5
print(r.x, r.w, hasattr(r, "__dict__"))
try:
    r.v = 1
except AttributeError as e:
    print("AttributeError:", e)
class S:
    __slots__ = "single"
s = S()
s.single = "ok"
print(s.single, type(S.single).__name__)
class WithDict:
    __slots__ = ("a", "__dict__")
w = WithDict()
w.a = 1
w.b = 2
print(w.a, w.b, vars(w))

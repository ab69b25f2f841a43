# Multiple inheritance: C3 linearization with diamonds, cooperative super(), and MRO errors.
class A:
    def who(self):
        return ["A"]
class B(A):
    def who(self):
        return ["B"] + super().who()
class C(A):
    def who(self):
        return ["C"] + super().who()
class D(B, C):
    def who(self):
        return ["D"] + super().who()
print([k.__name__ for k in D.__mro__], D().who())
class E(C, B):
    pass
print([k.__name__ for k in E.__mro__], E().who())
class O: pass
class F(O): pass
class G(O): pass
class H(O): pass
class I(O): pass
class J(O): pass
class K1(F, G, H): pass
class K2(I, G, J): pass
class K3(I, H): pass
class Z(K1, K2, K3): pass
print([k.__name__ for k in Z.mro()])
try:
    class Bad(A, B):
        pass
except TypeError as e:
    print("TypeError:", e)
class Init1:
    def __init__(self, **kw):
        print("Init1", sorted(kw))
        super().__init__(**kw)
class Init2:
    def __init__(self, **kw):
        print("Init2", sorted(kw))
        super().__init__()
class Both(Init1, Init2):
    def __init__(self, **kw):
        print("Both")
        super().__init__(**kw)
Both(x=1, y=2)
class Mixin:
    def hello(self):
        return "mixin hello from " + type(self).__name__
class Real(Mixin, dict):
    pass
r = Real(a=1)
print(r.hello(), r, isinstance(r, dict), [k.__name__ for k in Real.__mro__])
class P1:
    attr = "P1"
class P2:
    attr = "P2"
    other = "P2 other"
class Q(P1, P2):
    pass
print(Q.attr, Q.other, Q().attr)
try:
    class Dup(A, A):
        pass
except TypeError as e:
    print("TypeError:", e)

# Metaclasses, __init_subclass__, assigning __class__, and three-argument type().
class Meta(type):
    pass
class WithMeta(metaclass=Meta):
    pass
print(type(WithMeta).__name__, isinstance(WithMeta, type), WithMeta.__class__.__name__, WithMeta().__class__.__name__)
class A:
    pass
class B:
    pass
a = A()
a.__class__ = B
print(type(a).__name__, isinstance(a, B))
class InitSub:
    subclasses = []
    def __init_subclass__(cls, **kw):
        super().__init_subclass__()
        InitSub.subclasses.append((cls.__name__, kw))
class Child1(InitSub):
    pass
class Child2(InitSub, tag="x"):
    pass
print(InitSub.subclasses)
class Registry(type):
    classes = []
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        Registry.classes.append(name)
        return cls
    def __call__(cls, *args):
        print("metaclass __call__ for", cls.__name__, args)
        return super().__call__(*args)
class Plugin(metaclass=Registry):
    def __init__(self, v):
        self.v = v
class Sub(Plugin):
    pass
print(Registry.classes, Sub(3).v, type(Sub).__name__)
T = type("T", (Plugin,), {"extra": 1})
print(Registry.classes, T.extra, T(5).v, T.__mro__[1].__name__)

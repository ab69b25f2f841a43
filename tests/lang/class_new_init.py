# __new__ vs __init__: singletons, immutable subclasses, and object creation order.
class Trace:
    def __new__(cls, *args):
        print("new", cls.__name__, args)
        return super().__new__(cls)
    def __init__(self, *args):
        print("init", args)
        self.args = args
t = Trace(1, 2)
print(t.args)
class Singleton:
    _inst = None
    def __new__(cls):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst
print(Singleton() is Singleton())
class NotReturned:
    def __new__(cls):
        return 42
    def __init__(self):
        print("never called")
print(NotReturned())
class Positive(int):
    def __new__(cls, v):
        return super().__new__(cls, abs(v))
print(Positive(-5), Positive(-5) + 1, type(Positive(3)).__name__, isinstance(Positive(1), int))
class InitReturns:
    def __init__(self):
        return 5
try:
    InitReturns()
except TypeError as e:
    print("TypeError:", e)
class Factory:
    def __init__(self, kind):
        self.kind = kind
    @classmethod
    def create(cls, kind):
        obj = cls.__new__(cls)
        obj.__init__(kind)
        return obj
print(Factory.create("widget").kind)
o = object()
try:
    o.x = 1
except AttributeError as e:
    print("AttributeError:", e)
print(type(o).__name__, object.__name__, isinstance(o, object))

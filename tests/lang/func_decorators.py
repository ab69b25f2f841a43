# Decorators: plain, with arguments, stacked, class-based, and functools.wraps metadata.
import functools
def trace(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        print(f"call {fn.__name__}{args}")
        result = fn(*args, **kwargs)
        print(f"ret {fn.__name__} -> {result!r}")
        return result
    return wrapper
@trace
def add(a, b):
    "Add two numbers."
    return a + b
print(add(2, 3), add.__name__, add.__doc__, add.__wrapped__(1, 1))
def repeat(n):
    def deco(fn):
        def wrapper(*a):
            return [fn(*a) for _ in range(n)]
        return wrapper
    return deco
@repeat(3)
def hi(name):
    return "hi " + name
print(hi("x"), hi.__name__)
def bold(fn):
    return lambda: "<b>" + fn() + "</b>"
def italic(fn):
    return lambda: "<i>" + fn() + "</i>"
@bold
@italic
def text():
    return "t"
print(text())
class CountCalls:
    def __init__(self, fn):
        self.fn = fn
        self.calls = 0
    def __call__(self, *a):
        self.calls += 1
        return self.fn(*a)
@CountCalls
def square(v):
    return v * v
print(square(3), square(4), square.calls)
registry = {}
def register(name):
    def deco(fn):
        registry[name] = fn
        return fn
    return deco
@register("double")
def dbl(v):
    return 2 * v
@register("neg")
def neg(v):
    return -v
print(sorted(registry), registry["double"](21), registry["neg"](1), dbl(4))
def deco_class(cls):
    cls.tag = "decorated"
    return cls
@deco_class
class Thing:
    pass
print(Thing.tag)
@trace
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(3))

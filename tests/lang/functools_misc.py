# functools: partial reprs and attributes, reduce errors, lru_cache details,
# total_ordering from each root, cmp_to_key errors, cached_property.
import functools
from functools import cached_property, cmp_to_key, lru_cache, partial, reduce, total_ordering


def attempt(fn):
    try:
        return fn()
    except (TypeError, ValueError, AttributeError) as e:
        return f"{type(e).__name__}: {e}"


# partial
p = partial(print, "a", sep="-")
print(repr(p), repr(partial(p, "b", end="!\n")), repr(partial(len)))
nested = partial(partial(max, key=abs), default=0)
print(nested.func is max, nested.args, nested.keywords, nested([3, -5]), nested([]))
p.note = "kept"
outer = partial(p, "c")
print(outer.func is p, outer.args, p.__dict__)


class MyPartial(partial):
    pass


print(repr(MyPartial(print, 1)), type(MyPartial(print)).__name__, isinstance(MyPartial(len), partial))
print(attempt(lambda: partial()), attempt(lambda: partial(1)), attempt(lambda: setattr(p, "func", len)),
      attempt(lambda: setattr(p, "args", ())))
print(partial(lambda self, x: (self, x), self=1)(x=2), partial(dict, a=1)(a=2, b=3))

# reduce argument errors
print(attempt(lambda: reduce(max, 5)), attempt(lambda: reduce(max)), attempt(lambda: reduce(max, [], 0, 1)),
      attempt(lambda: reduce(max, [], initial=1)), reduce(max, iter([3, 8, 1])), reduce(max, [], None))

# lru_cache: keyword order, typed keys, eviction order, methods, parameters
log = []


@lru_cache(maxsize=3)
def ident(*args, **kwargs):
    log.append((args, kwargs))
    return args, kwargs


ident(1, a=1, b=2)
ident(1, b=2, a=1)
ident(1, a=1, b=2)
print(ident.cache_info(), len(log))
ident(2); ident(3); ident(1, a=1, b=2); ident(4); ident(1, b=2, a=1)
print(ident.cache_info(), [entry[0] for entry in log])
info = ident.cache_info()
print(info.hits, info.misses, info.maxsize, info.currsize, info[0], tuple(info), type(info).__name__)
print(ident.cache_parameters(), lru_cache(maxsize=-3)(len).cache_info().maxsize)
print(attempt(lambda: lru_cache("big")), attempt(lambda: lru_cache(maxsize=2.5)))


@lru_cache(maxsize=None, typed=True)
def kind(x):
    return type(x).__name__


print(kind(1), kind(1.0), kind(True), kind(1), kind.cache_info())


@lru_cache(maxsize=0)
def nocache(x):
    return x * 2


print(nocache(1), nocache(1), nocache.cache_info())


class Circle:
    def __init__(self, r):
        self.r = r

    @lru_cache(maxsize=None)
    def area(self, scale=1):
        print("computing area", self.r)
        return 3 * self.r * self.r * scale


c = Circle(2)
print(c.area(), c.area(), Circle(3).area(), Circle.area.cache_info().currsize, c.area.__name__)
print(type(lru_cache(maxsize=8)(len)).__name__, lru_cache(len).__wrapped__ is len)

# total_ordering from each possible root
for root in ("__lt__", "__le__", "__gt__", "__ge__"):
    ops = {"__lt__": lambda a, b: a.v < b.v, "__le__": lambda a, b: a.v <= b.v,
           "__gt__": lambda a, b: a.v > b.v, "__ge__": lambda a, b: a.v >= b.v}

    def init(self, v):
        self.v = v

    cls = total_ordering(type("V", (), {"__init__": init, root: ops[root],
                                        "__eq__": lambda a, b: a.v == b.v}))
    a, b, c2 = cls(1), cls(2), cls(1)
    print(root, [a < b, a <= b, a > b, a >= b, a < c2, a <= c2, a > c2, a >= c2, b < a, b >= a],
          sorted(name for name in ("__lt__", "__le__", "__gt__", "__ge__") if name in cls.__dict__))


@total_ordering
class Version:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return isinstance(other, Version) and self.n == other.n

    def __gt__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.n > other.n


print(Version(2) >= Version(1), Version(1) <= Version(1), Version.__le__.__name__,
      attempt(lambda: Version(1) < 5), attempt(lambda: total_ordering(type("Empty", (), {}))))

# cmp_to_key
key = cmp_to_key(lambda a, b: len(a) - len(b))
print(sorted(["ccc", "a", "bb"], key=key), key("x") < key("yy"), key("x") == key("y"), key("xy").obj)
print(attempt(lambda: key("x") < "y"), attempt(lambda: hash(key("x"))))
print(sorted([3, 1, 2], key=cmp_to_key(lambda a, b: b - a)), min([3, 1, 2], key=cmp_to_key(lambda a, b: a - b)))


# cached_property
class Data:
    def __init__(self, items):
        self.items = items

    @cached_property
    def total(self):
        """The sum of the items."""
        print("summing")
        return sum(self.items)


d = Data([1, 2, 3])
print(d.total, d.total, d.__dict__, Data.total.__doc__, Data.total.attrname)
d.total = 100
print(d.total)
del d.total
print(d.total)


class Slotted:
    __slots__ = ("x",)

    @cached_property
    def value(self):
        return 1


print(attempt(lambda: Slotted().value))
print(functools.WRAPPER_ASSIGNMENTS, functools.WRAPPER_UPDATES)


def original(a, b=1):
    """Original doc."""


original.custom = "attr"


@functools.wraps(original, assigned=("__doc__",), updated=())
def only_doc(*args):
    pass


print(only_doc.__name__, only_doc.__doc__, hasattr(only_doc, "custom"), only_doc.__wrapped__ is original)
wrapped_again = functools.wraps(only_doc)(lambda: None)
print(wrapped_again.__name__, wrapped_again.__wrapped__ is only_doc, functools.cache(len).cache_info())

# functools.singledispatch and singledispatchmethod: registration by explicit
# type, dispatch along the MRO, union types, dispatch() and registry.
from functools import singledispatch, singledispatchmethod


@singledispatch
def describe(obj):
    """Describe an object."""
    return f"object {obj!r}"


@describe.register(int)
def _(obj):
    return f"int {obj}"


@describe.register(list)
@describe.register(tuple)
def _(obj):
    return f"sequence of {len(obj)}"


def describe_str(obj):
    return f"str {obj!r}"


print(describe.register(str, describe_str) is describe_str)


class Animal:
    pass


class Dog(Animal):
    pass


class Puppy(Dog):
    pass


describe.register(Animal, lambda obj: f"animal {type(obj).__name__}")
describe.register(Dog, lambda obj: f"dog {type(obj).__name__}")

for value in (3, True, "hi", [1, 2], (1,), 2.5, None, Animal(), Dog(), Puppy()):
    print(describe(value))

print(describe.__name__, describe.__doc__, describe.__wrapped__.__name__)
print(describe.dispatch(bool).__name__, describe.dispatch(float) is describe.__wrapped__)
print(sorted(cls.__name__ for cls in describe.registry))


@singledispatch
def size(obj):
    return "unknown"


size.register(int | float, lambda obj: "number")
print(size(1), size(1.5), size("x"), size.dispatch(float) is size.dispatch(int))

try:
    size()
except TypeError as e:
    print("TypeError:", e)

try:
    size.register(42)
except TypeError as e:
    print("TypeError:", str(e)[:38])

try:
    size.register("x", lambda obj: obj)
except TypeError as e:
    print("TypeError:", e)


class Formatter:
    def __init__(self, prefix):
        self.prefix = prefix

    @singledispatchmethod
    def fmt(self, arg):
        return f"{self.prefix} other {arg!r}"

    @fmt.register(int)
    def _(self, arg):
        return f"{self.prefix} int {arg}"

    @fmt.register(list)
    def _(self, arg):
        return f"{self.prefix} list " + ",".join(self.fmt(x) for x in arg)


f = Formatter(">")
print(f.fmt(1), "|", f.fmt("s"), "|", f.fmt([1, "a"]))
print(Formatter.fmt.__name__)

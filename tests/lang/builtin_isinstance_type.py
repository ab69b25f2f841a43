# isinstance, issubclass and type() on built-in and user types.
values = [1, 1.0, "s", b"b", [1], (1,), {1: 1}, {1}, frozenset(), None, True, 1j, range(1), len, int]
for v in values:
    print(repr(v) if not callable(v) or isinstance(v, type) else v.__name__, type(v).__name__,
          isinstance(v, int), isinstance(v, (list, tuple)), isinstance(v, object))
print(issubclass(bool, int), issubclass(int, bool), issubclass(int, object), issubclass(type, object), issubclass(object, type))
print(isinstance(int, type), isinstance(type, type), isinstance(object, type), type(int), type(type), type(object))
print(type(1) == int, type(True) == int, type(True) is bool, type("") in (str, bytes))
class A: pass
class B(A): pass
print(isinstance(B(), A), isinstance(A(), B), issubclass(B, (int, A)), type(B()).__name__, type(B()).__bases__)
try:
    isinstance(1, 1)
except TypeError as e:
    print("TypeError:", e)
try:
    issubclass(1, int)
except TypeError as e:
    print("TypeError:", e)
print(isinstance(1, (str, (int, float))), isinstance([], ()), type(None)(), type(5)("12"), type("a")(3.5))
print(int | None, isinstance(3, int | str), isinstance(None, int | None), issubclass(bool, str | int))

# Exception chaining: __cause__ (raise from), __context__ (implicit), and from None.
def explicit():
    try:
        {}["missing"]
    except KeyError as e:
        raise ValueError("lookup failed") from e
try:
    explicit()
except ValueError as e:
    print(repr(e), repr(e.__cause__), repr(e.__context__), e.__suppress_context__)
def implicit():
    try:
        1 / 0
    except ZeroDivisionError:
        raise RuntimeError("during handling")
try:
    implicit()
except RuntimeError as e:
    print(repr(e), e.__cause__, repr(e.__context__), e.__suppress_context__)
def suppressed():
    try:
        int("x")
    except ValueError:
        raise TypeError("clean") from None
try:
    suppressed()
except TypeError as e:
    print(repr(e), e.__cause__, repr(e.__context__), e.__suppress_context__)
def chain3():
    try:
        try:
            raise KeyError("a")
        except KeyError as a:
            raise IndexError("b") from a
    except IndexError:
        raise ValueError("c")
try:
    chain3()
except ValueError as e:
    c = e
    names = []
    while c is not None:
        names.append(type(c).__name__)
        c = c.__cause__ or c.__context__
    print(" <- ".join(names))
try:
    raise ValueError("x") from TypeError
except ValueError as e:
    print(repr(e.__cause__))
try:
    raise ValueError from 5
except TypeError as e:
    print("TypeError:", e)
e = RuntimeError("manual")
e.__cause__ = KeyError("set by hand")
print(repr(e.__cause__), e.__suppress_context__)
try:
    try:
        raise KeyError("first")
    finally:
        print("finally sees no handled exception yet")
except KeyError as k:
    print("context of first:", k.__context__)

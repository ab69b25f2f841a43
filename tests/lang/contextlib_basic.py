# contextlib: @contextmanager generators (with exception handling) and suppress().
import contextlib
@contextlib.contextmanager
def managed(label):
    print("enter", label)
    try:
        yield label * 2
    except ZeroDivisionError:
        print("handled zero division")
    finally:
        print("exit", label)
with managed("x") as v:
    print("got", v)
with managed("y"):
    1 / 0
print("done")
with contextlib.suppress(IndexError):
    [][0]
print("suppressed IndexError")
@contextlib.contextmanager
def tag(name):
    print(f"<{name}>")
    yield
    print(f"</{name}>")
with tag("outer"), tag("inner"):
    print("content")
try:
    with managed("z"):
        raise KeyError("not handled by managed")
except KeyError as e:
    print("KeyError:", e)

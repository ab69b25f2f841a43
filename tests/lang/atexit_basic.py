# atexit: callbacks run when the program ends, the last registered first, with
# their arguments; unregister removes every registration of a function; one that
# raises is reported on stderr and the rest still run; sys.exit's status stays.
import atexit
import sys


class Named:
    def __init__(self, name):
        self.name = name

    def __call__(self, *args, **kwargs):
        print("called", self.name, args, sorted(kwargs.items()))
        if self.name == "bad":
            raise ValueError("callback failed")

    def __repr__(self):
        return f"<Named {self.name}>"


def plain(x):
    print("plain", x)


print(atexit.register(plain, 1) is plain)
atexit.register(Named("first"), 1, 2, key="v")
atexit.register(plain, 2)
atexit.register(Named("bad"))
atexit.unregister(plain)
atexit.register(Named("last"))
try:
    atexit.register(42)
except TypeError as e:
    print("TypeError:", e)


@atexit.register
def decorated():
    print("decorated runs first")
    sys.stdout.flush()


print("main body ends")
sys.exit(3)

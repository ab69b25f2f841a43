# a function put in builtins.__import__ receives every import statement's
# name, globals, locals, fromlist and level, and its result is bound
import builtins

real = builtins.__import__


def hook(name, globals=None, locals=None, fromlist=(), level=0):
    print("import", name, fromlist, level, type(globals).__name__)

    class Fake:
        a = 1
        b = 2

    return Fake


builtins.__import__ = hook
import one
import one.two
from one import a
from .one import a, b
from ..one import b
builtins.__import__ = real
import math
print(one.a, a, b, math.floor(2.5))

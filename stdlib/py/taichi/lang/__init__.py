# taichi.lang: where Taichi keeps its language internals. tirun's taichi module
# is one file (taichi/__init__.py); this package gives the submodules programs
# and Taichi's tests import (impl, misc, exception) over it.
from taichi.lang import exception, impl, matrix, misc, ndarray, oop
from taichi.lang import enums, kernel_arguments, ops, util


def __getattr__(name):
    """np_interop (numpy's side of fields and kernels) loads on first use, so that
    `import taichi` stays quick."""
    if name == "np_interop":
        return __import__("taichi.lang.np_interop", None, None, ["_"])
    raise AttributeError("module 'taichi.lang' has no attribute '%s'" % name)

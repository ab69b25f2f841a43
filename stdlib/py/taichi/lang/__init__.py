# taichi.lang: where Taichi keeps its language internals. tirun's taichi module
# is one file (taichi/__init__.py); this package gives the submodules programs
# and Taichi's tests import (impl, misc, exception) over it.
from taichi.lang import exception, impl, matrix, misc, ndarray, oop
from taichi.lang import enums, kernel_arguments, np_interop, ops, util

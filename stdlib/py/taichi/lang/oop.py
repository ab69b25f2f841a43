# taichi.lang.oop: data-oriented classes (@ti.data_oriented): kernels defined in a class
# body take the object as their first parameter, a template argument (one compiled
# instance per object, as in Taichi), and ti.funcs taken from an object are bound to it.
import taichi as _ti


def in_class_body(fn):
    """Whether fn was defined in a class body (its qualified name says so), as Taichi
    decides which kernels are methods."""
    parts = getattr(fn, "__qualname__", "").split(".")
    return len(parts) >= 2 and parts[-2] != "<locals>"


def _check_data_oriented(obj):
    cls = type(obj)
    if not getattr(cls, "_data_oriented", False):
        raise _ti.TaichiSyntaxError("Please decorate class %s with @ti.data_oriented" % cls.__name__)


class ClassKernel:
    """A @ti.kernel defined in a class body with a self parameter: taken from an object
    of a data-oriented class it is that object's kernel (obj.k(...) is k(obj, ...))."""

    def __init__(self, kernel, fn):
        self._kernel = kernel
        self.__name__ = fn.__name__
        self.__qualname__ = fn.__qualname__
        self.__doc__ = getattr(fn, "__doc__", None)

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        _check_data_oriented(obj)
        return BoundKernel(self._kernel, obj, self.__name__)

    def __call__(self, obj, *args, **kwargs):
        _check_data_oriented(obj)
        return self._kernel(obj, *args, **kwargs)

    def __repr__(self):
        return "<ti.kernel %s>" % self.__qualname__


class BoundKernel:
    """obj.k for a class kernel k: calls k with obj first."""
    __slots__ = ("_kernel", "_obj", "__name__")

    def __init__(self, kernel, obj, name):
        self._kernel = kernel
        self._obj = obj
        self.__name__ = name

    def __call__(self, *args, **kwargs):
        return self._kernel(self._obj, *args, **kwargs)

    def grad(self, *args, **kwargs):
        raise _ti.TaichiRuntimeError("tirun has no automatic differentiation yet: %s.grad()" % self.__name__)

    def __repr__(self):
        return "<bound ti.kernel %s of %r>" % (self.__name__, self._obj)


def class_kernel(fn, make_kernel):
    """The kernel for fn, defined in a class body: its first parameter, unannotated,
    is the object, a template argument."""
    code = fn.__code__
    if code.co_argcount == 0:
        return make_kernel(fn)
    first = code.co_varnames[0]
    annotations = fn.__annotations__
    if first in annotations:
        return make_kernel(fn)
    annotations[first] = _ti.template()
    return ClassKernel(make_kernel(fn), fn)


def data_oriented(cls):
    """Marks a class whose objects own fields and kernels (Taichi's @ti.data_oriented):
    its kernels and ti.funcs are methods, and its objects may be template arguments."""
    cls._data_oriented = True
    return cls

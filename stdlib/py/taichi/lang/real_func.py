# taichi.lang.real_func: ti.real_func and ti.ref. tirun has no function calls in its IR
# yet, so a real function is inlined where it is called, with a real function's rules:
# every parameter annotated, a return value only with a return type, arguments by value
# (ti.ref(dtype) and ti.template() parameters alias the caller's variable or field).
# What inlining cannot do is an error when the kernel compiles: a real function that
# calls itself, and a return inside a non-static if / for / while.
import taichi as _ti


def real_func(fn):
    """Marks a Taichi real function (inlined by tirun; see above)."""
    names = fn.__code__.co_varnames[:fn.__code__.co_argcount]
    annotations = getattr(fn, "__annotations__", {})
    in_class = _ti.lang.oop.in_class_body(fn)
    for i, name in enumerate(names):
        if name not in annotations:
            if i == 0 and in_class:
                continue
            raise _ti.TaichiSyntaxError("Taichi function `%s` parameter `%s` must be type annotated"
                                        % (fn.__name__, name))
    return _ti._Func(fn, None, True)


def ref(dtype):
    """A real function's parameter passed by reference: it aliases the caller's variable."""
    r = _ti._Template()
    r.dtype = dtype
    return r

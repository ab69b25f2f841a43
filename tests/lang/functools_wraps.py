# functools.wraps and update_wrapper copy a wrapped function's metadata.
import functools
def logged(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        return ("logged", fn(*args, **kwargs))
    return inner
@logged
def compute(x, y=2):
    """Compute something useful."""
    return x * y
print(compute(3), compute.__name__, compute.__doc__, compute.__qualname__, compute.__wrapped__(3, y=3))
def unwrapped_deco(fn):
    def inner(*a):
        return fn(*a)
    return inner
@unwrapped_deco
def other():
    """Lost docstring."""
print(other.__name__, other.__doc__, hasattr(other, "__wrapped__"))
def manual(*a):
    return a
def target():
    """Target doc."""
functools.update_wrapper(manual, target)
print(manual.__name__, manual.__doc__, manual.__wrapped__ is target)

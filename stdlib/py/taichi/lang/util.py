# taichi.lang.util: the helpers Taichi's tests and examples import from it.
# tirun has no numpy, PyTorch, Paddle or clang++: the has_* probes say so.


def has_pytorch():
    return False


def has_paddle():
    return False


def has_clangpp():
    return False


def to_numpy_type(dt):
    raise ImportError("to_numpy_type(%s) needs numpy, which tirun does not have" % (dt,))


def warning(msg, warning_type=UserWarning, stacklevel=1, print_stack=True):
    print("[W] %s: %s" % (warning_type.__name__, msg))

# taichi.lang.util: the helpers Taichi's tests and examples import from it.
# tirun has no PyTorch, Paddle or clang++: the has_* probes say so.
from taichi.lang.np_interop import to_numpy_type, to_taichi_type  # noqa: F401


def has_pytorch():
    return False


def has_paddle():
    return False


def has_clangpp():
    return False


def warning(msg, warning_type=UserWarning, stacklevel=1, print_stack=True):
    print("[W] %s: %s" % (warning_type.__name__, msg))

# taichi.lang.util: the helpers Taichi's tests and examples import from it.
# tirun has no PyTorch, Paddle or clang++: the has_* probes say so.


def has_pytorch():
    return False


def has_paddle():
    return False


def has_clangpp():
    return False


def to_numpy_type(dt):
    """The numpy type of a Taichi primitive type (ti.f32: np.float32)."""
    from taichi.lang.np_interop import to_numpy_type
    return to_numpy_type(dt)


def to_taichi_type(dt):
    """The Taichi primitive type of a numpy type or dtype (np.float32: ti.f32)."""
    from taichi.lang.np_interop import to_taichi_type
    return to_taichi_type(dt)


def warning(msg, warning_type=UserWarning, stacklevel=1, print_stack=True):
    print("[W] %s: %s" % (warning_type.__name__, msg))

# taichi.lang.misc: arch helpers Taichi's tests use.
import taichi as _ti


def get_host_arch_list():
    """The archs of this machine's CPU: tirun runs kernels on it."""
    return [_ti.cpu]


# where Taichi gives it (not from `taichi` itself)
is_extension_supported = _ti._is_extension_supported

# taichi.lang.extra_ops: the small functions of Taichi's API that need no core
# support: colour conversions, ti.randn (Box-Muller over ti.random), ti.frexp in
# Python scope, and the optimization hints, which the CPU backend does without.
import math as _math
import sys as _sys

import taichi as _ti
from taichi import _taichi_core


def rgb_to_hex(c):
    """(r, g, b) in [0, 1] to 0xRRGGBB; each channel is scaled to 255,
    truncated and clamped, as Taichi does."""
    def to255(x):
        return max(0, min(255, int(x * 255)))
    return (to255(c[0]) << 16) + (to255(c[1]) << 8) + to255(c[2])


def hex_to_rgb(color):
    """0xRRGGBB to (r, g, b) in [0, 1]."""
    r, g, b = (color >> 16) & 0xFF, (color >> 8) & 0xFF, color & 0xFF
    return r / 255, g / 255, b / 255


def _taichi_scope_only(name):
    if not _taichi_core.compiling():
        raise _ti.TaichiSyntaxError("ti.%s can only be used in Taichi scope" % name)


def randn(dt=None):
    """A sample of the standard normal distribution (Box-Muller); Taichi scope only."""
    if not _taichi_core.compiling():
        raise _ti.TaichiSyntaxError("Taichi functions cannot be called from Python-scope.")
    if dt is None:
        dt = _ti._cfg.default_fp
    u1 = 1.0 - _taichi_core.builtin("random", dt)   # in (0, 1]: log(u1) is finite
    u2 = _taichi_core.builtin("random", dt)
    return _ti.sqrt(-2 * _ti.log(u1)) * _ti.cos(2 * _math.pi * u2)


def frexp(x):
    """(mantissa, exponent) with x == mantissa * 2 ** exponent, 0.5 <= |mantissa| < 1."""
    if _taichi_core.compiling() or isinstance(x, _ti._Expr):
        raise NotImplementedError("tirun does not support ti.frexp in kernels yet")
    return _math.frexp(x)


# Optimization hints: they change where data is cached or assume what a value is,
# never a result, and the CPU backend has nothing to do for them.

def block_local(*args):
    """Hint: cache these fields in block-local storage (a GPU feature)."""
    _taichi_scope_only("block_local")


def cache_read_only(*args):
    """Hint: these fields are read-only in the loop that follows."""
    _taichi_scope_only("cache_read_only")


def no_activate(*args):
    """Hint: accesses in this loop activate no sparse cell (tirun has no sparse SNodes)."""
    _taichi_scope_only("no_activate")


def assume_in_range(val, base, low, high):
    """Hint: base + low <= val < base + high; returns val."""
    _taichi_scope_only("assume_in_range")
    return val


experimental = type(_sys)("taichi.experimental")
experimental.real_func = _ti.real_func

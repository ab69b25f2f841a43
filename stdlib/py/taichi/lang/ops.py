# taichi.lang.ops: Taichi's operators as functions (ops.add(a, b) is a + b in
# either scope) and the built-in functions the taichi module gives, under the
# names code imports them by from here.
import taichi as _ti
from taichi import (abs, acos, asin, atan2, atomic_add, atomic_and, atomic_max, atomic_min, atomic_mul,
                    atomic_or, atomic_sub, atomic_xor, bit_cast, bit_shr, cast, ceil, cos,
                    exp, floor, log, max, min, pow, random, raw_div,
                    raw_mod, round, rsqrt, select, sin, sqrt, tan, tanh)

# built-ins Taichi keeps here rather than in `taichi`
bit_sar, bit_shl = _ti._bit_sar, _ti._bit_shl
logical_and, logical_not, logical_or = _ti._logical_and, _ti._logical_not, _ti._logical_or


def add(a, b):
    return a + b


def sub(a, b):
    return a - b


def mul(a, b):
    return a * b


def truediv(a, b):
    return a / b


def floordiv(a, b):
    return a // b


def mod(a, b):
    return a % b


def neg(a):
    return -a


def bit_not(a):
    return ~a


def bit_and(a, b):
    return a & b


def bit_or(a, b):
    return a | b


def bit_xor(a, b):
    return a ^ b


def cmp_eq(a, b):
    return a == b


def cmp_ne(a, b):
    return a != b


def cmp_lt(a, b):
    return a < b


def cmp_le(a, b):
    return a <= b


def cmp_gt(a, b):
    return a > b


def cmp_ge(a, b):
    return a >= b


# population count and leading zeros of 32-bit integers, by bit arithmetic
@_ti.func
def popcnt(x):
    v = x - ((x >> 1) & 0x55555555)
    v = (v & 0x33333333) + ((v >> 2) & 0x33333333)
    v = (v + (v >> 4)) & 0x0F0F0F0F
    return (v * 0x01010101) >> 24 & 0xFF


@_ti.func
def clz(x):
    n = 0
    seen = 0
    for i in _ti.static(range(32)):
        if seen == 0:
            if (x >> (31 - i)) & 1:
                seen = 1
            else:
                n += 1
    return n

# ti.math: GLSL-like functions over scalars and vectors, the vector and matrix
# types that follow ti.init's default_fp / default_ip, transforms and complex
# numbers as vec2. Written over ti's built-ins and Matrix's operators, so each
# works in a kernel (building IR) and in Python scope (computing).
import math as _math

import taichi as _ti
from taichi import _taichi_core
from taichi.lang import matrix as _matrix
from taichi import (sin, cos, tan, asin, acos, atan2, tanh, sqrt, exp, log, floor, ceil, round,  # noqa: F401
                    pow, max, min)

_Matrix = _matrix.Matrix
vec2, vec3, vec4 = _matrix.vec2, _matrix.vec3, _matrix.vec4
ivec2, ivec3, ivec4 = _matrix.ivec2, _matrix.ivec3, _matrix.ivec4
uvec2, uvec3, uvec4 = _matrix.uvec2, _matrix.uvec3, _matrix.uvec4
mat2, mat3, mat4 = _matrix.mat2, _matrix.mat3, _matrix.mat4

e = _math.e
pi = _math.pi
inf = _math.inf
nan = _math.nan


def _func(f):
    """A function that takes its arguments as a ti.func does: in a kernel, a
    Python number becomes a Taichi value of its default type (ti.math's
    functions are ti.funcs in Taichi: cos(pi / 2) is computed in f32)."""
    def call(*args):
        if _taichi_core.compiling():
            args = [_taichi_value(a) for a in args]
        return f(*args)
    call.__name__ = f.__name__
    call.__doc__ = f.__doc__
    return call


def _taichi_value(a):
    if isinstance(a, _Matrix):
        return a._like([_taichi_value(e) for e in a.entries])
    if isinstance(a, (int, float)) and not isinstance(a, bool):
        return _taichi_core.builtin("cast", a, float if isinstance(a, float) else int)
    return a


def _entrywise(f, x):
    if isinstance(x, _Matrix):
        return x._like([f(v) for v in x.entries])
    return f(x)


def _as_float(x):
    return _ti.cast(x, float)


@_func
def mix(x, y, a):
    return x * (1.0 - a) + y * a


@_func
def clamp(x, xmin, xmax):
    return _ti.min(xmax, _ti.max(xmin, x))


@_func
def step(edge, x):
    r = x >= edge
    return float(r) if isinstance(r, bool) else _entrywise(_as_float, r)


@_func
def fract(x):
    return x - _ti.floor(x)


@_func
def smoothstep(edge0, edge1, x):
    t = clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


@_func
def sign(x):
    def one(v):
        if _matrix._is_expr(v):
            return _ti.cast(v >= 0.0, float) - _ti.cast(v <= 0.0, float)
        return float(v >= 0.0) - float(v <= 0.0)
    return _entrywise(one, x)


@_func
def normalize(v):
    return v / v.norm()


@_func
def log2(x):
    return _ti.log(x) / _math.log(2.0)


@_func
def reflect(x, n):
    k = x.dot(n)
    return x - 2.0 * k * n


@_func
def degrees(x):
    return x * (180.0 / pi)


@_func
def radians(x):
    return x * (pi / 180.0)


@_func
def distance(x, y):
    return (x - y).norm()


@_func
def refract(x, n, eta):
    dxn = x.dot(n)
    k = 1.0 - eta * eta * (1.0 - dxn * dxn)
    r = eta * x - (eta * dxn + _ti.sqrt(_ti.max(k, 0.0))) * n
    return _ti.select(k >= 0.0, r, x * 0.0)


@_func
def dot(x, y):
    return x.dot(y)


@_func
def cross(x, y):
    return x.cross(y)


@_func
def mod(x, y):
    return x - y * _ti.floor(x / y)


@_func
def translate(dx, dy, dz):
    return mat4([[1.0, 0.0, 0.0, dx], [0.0, 1.0, 0.0, dy], [0.0, 0.0, 1.0, dz], [0.0, 0.0, 0.0, 1.0]])


@_func
def scale(sx, sy, sz):
    return mat4([[sx, 0.0, 0.0, 0.0], [0.0, sy, 0.0, 0.0], [0.0, 0.0, sz, 0.0], [0.0, 0.0, 0.0, 1.0]])


@_func
def rot_by_axis(axis, ang):
    c = _ti.cos(ang)
    s = _ti.sin(ang)
    axis = normalize(axis)
    t = (1 - c) * axis
    return mat4([
        [c + t[0] * axis[0], t[0] * axis[1] + s * axis[2], t[0] * axis[2] - s * axis[1], 0.0],
        [t[1] * axis[0] - s * axis[2], c + t[1] * axis[1], t[1] * axis[2] + s * axis[0], 0.0],
        [t[2] * axis[0] + s * axis[1], t[2] * axis[1] - s * axis[0], c + t[2] * axis[2], 0.0],
        [0.0, 0.0, 0.0, 1.0],
    ])


@_func
def rot_yaw_pitch_roll(yaw, pitch, roll):
    ch, sh = _ti.cos(yaw), _ti.sin(yaw)
    cp, sp = _ti.cos(pitch), _ti.sin(pitch)
    cb, sb = _ti.cos(roll), _ti.sin(roll)
    return mat4([
        [ch * cb + sh * sp * sb, sb * cp, -sh * cb + ch * sp * sb, 0.0],
        [-ch * sb + sh * sp * cb, cb * cp, sb * sh + ch * sp * cb, 0.0],
        [sh * cp, -sp, ch * cp, 0.0],
        [0.0, 0.0, 0.0, 1.0],
    ])


@_func
def rotation2d(ang):
    ca, sa = _ti.cos(ang), _ti.sin(ang)
    return mat2([[ca, -sa], [sa, ca]])


@_func
def rotation3d(ang_x, ang_y, ang_z):
    return rot_yaw_pitch_roll(ang_z, ang_x, ang_y)


def eye(n):
    return _Matrix.identity(float, n)


@_func
def length(x):
    return x.norm()


@_func
def determinant(m):
    return m.determinant()


@_func
def inverse(m):
    return m.inverse()


def _float_bits(x):
    """x as default_fp and its bits: (bits, is f64)."""
    ft = _ti._cfg.default_fp if _ti._cfg else _ti.f32
    fx = _ti.cast(x, ft)
    if ft is _ti.f64:
        return _ti.bit_cast(fx, _ti.u64), True
    return _ti.bit_cast(fx, _ti.u32), False


@_func
def isinf(x):
    def one(v):
        if not _matrix._is_expr(v):
            return int(_math.isinf(v))
        y, wide = _float_bits(v)
        if wide:
            return ((_ti.cast(y >> 32, _ti.u32) & 0x7FFFFFFF) == 0x7FF00000) & (_ti.cast(y, _ti.u32) == 0)
        return (y & 0x7FFFFFFF) == 0x7F800000
    return _entrywise(one, x)


@_func
def isnan(x):
    def one(v):
        if not _matrix._is_expr(v):
            return int(_math.isnan(v))
        y, wide = _float_bits(v)
        if wide:
            return (_ti.cast(y >> 32, _ti.u32) & 0x7FFFFFFF) + _ti.cast(_ti.cast(y, _ti.u32) != 0, _ti.u32) > 0x7FF00000
        return (y & 0x7FFFFFFF) > 0x7F800000
    return _entrywise(one, x)


@_func
def vdir(ang):
    return vec2(_ti.cos(ang), _ti.sin(ang))


@_func
def popcnt(x):
    return _entrywise(lambda v: _taichi_core.builtin("popcnt", v), x)


@_func
def clz(x):
    return _entrywise(lambda v: _taichi_core.builtin("clz", v), x)


# ---- complex numbers as vec2 (re, im)

@_func
def cmul(z1, z2):
    x1, y1 = z1[0], z1[1]
    x2, y2 = z2[0], z2[1]
    return vec2(x1 * x2 - y1 * y2, x1 * y2 + x2 * y1)


@_func
def cconj(z):
    return vec2(z[0], -z[1])


@_func
def cdiv(z1, z2):
    x1, y1 = z1[0], z1[1]
    x2, y2 = z2[0], z2[1]
    return vec2(x1 * x2 + y1 * y2, -x1 * y2 + x2 * y1) / dot(z2, z2)


@_func
def csqrt(z):
    r = _ti.sqrt(z.norm())
    a = _ti.atan2(z[1], z[0])
    return _ti.select(z.any(), r * vec2(_ti.cos(a / 2.0), _ti.sin(a / 2.0)), vec2(0.0))


@_func
def cinv(z):
    return cconj(z) / dot(z, z)


@_func
def cpow(z, n):
    r2 = dot(z, z)
    a = _ti.atan2(z[1], z[0]) * n
    return _ti.select(z.any(), _ti.pow(r2, n / 2.0) * vec2(_ti.cos(a), _ti.sin(a)), vec2(0.0))


@_func
def cexp(z):
    r = _ti.exp(z[0])
    return vec2(r * _ti.cos(z[1]), r * _ti.sin(z[1]))


@_func
def clog(z):
    ang = _ti.atan2(z[1], z[0])
    r2 = dot(z, z)
    return vec2(_ti.log(r2) / 2.0, ang)

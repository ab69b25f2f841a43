# taichi.math: the GLSL-style vector and matrix types (vec3, mat4, ...), the
# constants and the functions Taichi's math module gives, as ti.func (inlined
# where a kernel calls them). The vector types and Matrix come from
# taichi/lang/matrix.py, the elementary functions from the taichi module.
import math as _pymath

import taichi as _ti
from taichi import acos, asin, atan2, ceil, cos, exp, floor, log, max, min, pow, round, sin, sqrt, tan, tanh
from taichi.lang import matrix as _matrix
from taichi.lang import ops as _ops

e = _pymath.e
pi = _pymath.pi
inf = _pymath.inf
nan = _pymath.nan

vec2, vec3, vec4 = _matrix.vec2, _matrix.vec3, _matrix.vec4
ivec2, ivec3, ivec4 = _matrix.ivec2, _matrix.ivec3, _matrix.ivec4
uvec2, uvec3, uvec4 = _matrix.uvec2, _matrix.uvec3, _matrix.uvec4
mat2, mat3, mat4 = _matrix.mat2, _matrix.mat3, _matrix.mat4

_func = _ti.func


@_func
def mix(x, y, a):
    return x * (1.0 - a) + y * a


@_func
def clamp(x, xmin, xmax):
    return min(xmax, max(xmin, x))


@_func
def step(edge, x):
    return _ti.cast(x >= edge, float)


@_func
def fract(x):
    return x - floor(x)


@_func
def smoothstep(edge0, edge1, x):
    t = clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


@_func
def sign(x):
    return _ti.cast(x >= 0.0, float) - _ti.cast(x <= 0.0, float)


@_func
def normalize(v):
    return v / v.norm()


@_func
def log2(x):
    return log(x) / _ti.static(_pymath.log(2.0))


@_func
def reflect(x, n):
    return x - 2.0 * x.dot(n) * n


@_func
def degrees(x):
    return x * _ti.static(180.0 / pi)


@_func
def radians(x):
    return x * _ti.static(pi / 180.0)


@_func
def distance(x, y):
    return (x - y).norm()


@_func
def refract(x, n, eta):
    dxn = x.dot(n)
    result = x * 0.0
    k = 1.0 - eta * eta * (1.0 - dxn * dxn)
    if k >= 0.0:
        result = eta * x - (eta * dxn + sqrt(k)) * n
    return result


@_func
def dot(x, y):
    return x.dot(y)


@_func
def cross(x, y):
    return x.cross(y)


@_func
def mod(x, y):
    return x - y * floor(x / y)


@_func
def translate(dx, dy, dz):
    return mat4([[1.0, 0.0, 0.0, dx], [0.0, 1.0, 0.0, dy], [0.0, 0.0, 1.0, dz], [0.0, 0.0, 0.0, 1.0]])


@_func
def scale(sx, sy, sz):
    return mat4([[sx, 0.0, 0.0, 0.0], [0.0, sy, 0.0, 0.0], [0.0, 0.0, sz, 0.0], [0.0, 0.0, 0.0, 1.0]])


@_func
def rot_by_axis(axis, ang):
    """The 4x4 rotation by `ang` radians about `axis` (Rodrigues' formula)."""
    c = cos(ang)
    s = sin(ang)
    a = normalize(axis)
    t = (1 - c) * a
    return mat4([[c + t[0] * a[0], t[0] * a[1] + s * a[2], t[0] * a[2] - s * a[1], 0.0],
                 [t[1] * a[0] - s * a[2], c + t[1] * a[1], t[1] * a[2] + s * a[0], 0.0],
                 [t[2] * a[0] + s * a[1], t[2] * a[1] - s * a[0], c + t[2] * a[2], 0.0],
                 [0.0, 0.0, 0.0, 1.0]])


@_func
def rot_yaw_pitch_roll(yaw, pitch, roll):
    ch, sh = cos(yaw), sin(yaw)
    cp, sp = cos(pitch), sin(pitch)
    cb, sb = cos(roll), sin(roll)
    return mat4([[ch * cb + sh * sp * sb, sb * cp, -sh * cb + ch * sp * sb, 0.0],
                 [-ch * sb + sh * sp * cb, cb * cp, sb * sh + ch * sp * cb, 0.0],
                 [sh * cp, -sp, ch * cp, 0.0],
                 [0.0, 0.0, 0.0, 1.0]])


@_func
def rotation2d(ang):
    ca, sa = cos(ang), sin(ang)
    return mat2([[ca, -sa], [sa, ca]])


@_func
def rotation3d(ang_x, ang_y, ang_z):
    return rot_yaw_pitch_roll(ang_z, ang_x, ang_y)


@_func
def eye(n: _ti.template()):
    return _matrix.Matrix.identity(float, n)


@_func
def length(x):
    return x.norm()


@_func
def determinant(m):
    return m.determinant()


@_func
def inverse(mat):
    return mat.inverse()


@_func
def isinf(x):
    return abs(x) == inf


@_func
def isnan(x):
    return x != x   # kernels compile without fast-math's no-NaN assumption


@_func
def vdir(ang):
    return vec2(cos(ang), sin(ang))


@_func
def popcnt(x):
    return _ops.popcnt(x)


@_func
def clz(x):
    return _ops.clz(x)


# complex numbers as 2-vectors (real, imaginary)

@_func
def cmul(z1, z2):
    return vec2(z1[0] * z2[0] - z1[1] * z2[1], z1[0] * z2[1] + z1[1] * z2[0])


@_func
def cconj(z):
    return vec2(z[0], -z[1])


@_func
def cdiv(z1, z2):
    d = z2[0] * z2[0] + z2[1] * z2[1]
    return vec2((z1[0] * z2[0] + z1[1] * z2[1]) / d, (z1[1] * z2[0] - z1[0] * z2[1]) / d)


@_func
def csqrt(z):
    result = vec2(0.0, 0.0)
    if z[0] != 0.0 or z[1] != 0.0:
        r = sqrt(sqrt(z[0] * z[0] + z[1] * z[1]))
        half = atan2(z[1], z[0]) * 0.5
        result = vec2(r * cos(half), r * sin(half))
    return result


@_func
def cinv(z):
    return cconj(z) / (z[0] * z[0] + z[1] * z[1])


@_func
def cexp(z):
    r = exp(z[0])
    return vec2(r * cos(z[1]), r * sin(z[1]))


@_func
def clog(z):
    return vec2(log(sqrt(z[0] * z[0] + z[1] * z[1])), atan2(z[1], z[0]))


@_func
def cpow(z, n):
    result = vec2(0.0, 0.0)
    if z[0] != 0.0 or z[1] != 0.0:
        r = pow(sqrt(z[0] * z[0] + z[1] * z[1]), n)
        theta = atan2(z[1], z[0]) * n
        result = vec2(r * cos(theta), r * sin(theta))
    return result

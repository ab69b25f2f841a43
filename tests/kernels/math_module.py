# taichi.math in kernels: GLSL-like functions over scalars and vectors,
# linear algebra (determinant, inverse, outer_product), transforms, complex
# numbers as vec2, isinf / isnan, and the types that follow default_fp.
import taichi as ti
from taichi.math import vec2, vec3, mat3, pi, inf, nan

ti.init(arch=ti.cpu)


@ti.kernel
def glsl() -> ti.types.vector(12, ti.f32):
    x = vec3(-1.5, 0.25, 2.0)
    a = ti.math.clamp(x, 0.0, 1.0)
    b = ti.math.mix(x, vec3(1.0), 0.25)
    c = ti.math.smoothstep(0.0, 1.0, 0.3)
    d = ti.math.step(0.5, vec2(0.2, 0.7))
    e = ti.math.fract(x)
    f = ti.math.sign(x)
    g = ti.math.mod(7.5, 2.0)
    h = ti.math.reflect(vec2(1.0, -1.0), vec2(0.0, 1.0))
    n = ti.math.normalize(vec3(3.0, 0.0, 4.0))
    r = ti.math.refract(vec2(0.6, -0.8), vec2(0.0, 1.0), 0.9)
    return ti.Vector([a.x + a.z, b.y, c, d.y, e.x, f.x + f.z, g, h.y, n.z, ti.math.length(x),
                      ti.math.distance(x, vec3(0.0)), r.y])


@ti.kernel
def linalg() -> ti.types.vector(8, ti.f32):
    m = mat3([[2.0, 0.0, 1.0], [1.0, 3.0, 0.0], [0.0, 1.0, 4.0]])
    mi = ti.math.inverse(m)
    p = m @ mi
    m2 = ti.Matrix([[4.0, 7.0], [2.0, 6.0]])
    m4 = ti.math.translate(1.0, 2.0, 3.0) @ ti.math.scale(2.0, 2.0, 2.0)
    o = vec2(1.0, 2.0).outer_product(vec3(1.0, 0.0, -1.0))
    return ti.Vector([ti.math.determinant(m), p[0, 0] + p[1, 1] + p[2, 2], p[0, 1], m2.inverse()[0, 1],
                      m4.determinant(), m4[1, 3], o[1, 2], ti.math.eye(3).trace()])


@ti.kernel
def cplx() -> ti.types.vector(8, ti.f32):
    z = vec2(1.0, 2.0)
    w = vec2(3.0, -1.0)
    a = ti.math.cmul(z, w)
    b = ti.math.cdiv(a, w)
    c = ti.math.cexp(vec2(0.0, pi))
    s = ti.math.csqrt(vec2(-4.0, 0.0))
    return ti.Vector([a.x, a.y, b.x, b.y, c.x, s.y, ti.math.cconj(z).y, ti.math.clog(vec2(1.0, 0.0)).x])


@ti.kernel
def special() -> ti.types.vector(6, ti.i32):
    v = ti.math.vec4(inf, -inf, 1.0, nan)
    a = ti.math.isinf(v)
    b = ti.math.isnan(v)
    return ti.Vector([a.cast(ti.i32).sum(), b[3], b[0], ti.math.popcnt(255), ti.math.clz(1),
                      int(ti.math.degrees(pi / 2) + ti.math.radians(180.0) * 10)])


@ti.kernel
def rot() -> ti.types.vector(4, ti.f32):
    r2 = ti.math.rotation2d(ti.math.radians(90.0))
    r3 = ti.math.rotation3d(0.0, 0.0, pi / 2)
    v = r2 @ vec2(1.0, 0.0)
    return ti.Vector([v.x, v.y, r3[0, 2], ti.math.vdir(0.0).x])


for row in (glsl(), linalg(), cplx(), rot()):
    print(" ".join("%.4f" % row[i] for i in range(row.n)))
s = special()
print(" ".join(str(s[i]) for i in range(s.n)))
print(ti.math.vec3.dtype, ti.math.ivec2.dtype, ti.math.uvec2.dtype, ti.math.mat2.dtype)
ti.init(arch=ti.cpu, default_fp=ti.f64, default_ip=ti.i64)


@ti.kernel
def wide() -> ti.f64:
    return ti.math.vec2(1.0, 1e-12).sum() - 1.0


print(ti.math.vec3.dtype, ti.math.ivec2.dtype, ti.math.uvec2.dtype, ti.math.mat4.dtype, wide() > 0)

# taichi.math: every function of the module in a kernel (GLSL-style helpers,
# rotations, complex numbers as 2-vectors, popcnt / clz), and its constants.
import taichi as ti
import taichi.math as tm
from taichi.math import clamp, isinf, isnan, pi, vec2, vec3

ti.init(arch=ti.cpu)
z = ti.field(ti.f32, ())
out = ti.field(ti.f32, 48)


@ti.kernel
def k():
    v = vec3(1.0, 2.0, 3.0)
    w = vec3(0.0, 1.0, 0.0)
    a, b = vec2(1.0, 2.0), vec2(3.0, -1.0)
    r = [clamp(5.0, 0.0, 1.0), tm.length(v), tm.fract(2.5), tm.sign(-3.0), tm.sign(0.0),
         tm.smoothstep(0.0, 1.0, 0.25), tm.popcnt(255), tm.popcnt(-1), tm.clz(1), tm.clz(-5),
         isnan(ti.sqrt(z[None] - 1.0)), isnan(1.0), isinf(1.0 / z[None]), isinf(-1.0 / z[None]), isinf(2.0),
         tm.mix(1.0, 3.0, 0.25), tm.step(1.0, 2.0), tm.step(3.0, 2.0), tm.log2(8.0), tm.degrees(pi),
         tm.radians(180.0), tm.distance(v, w), tm.dot(v, w), tm.cross(v, w)[0], tm.mod(-7.0, 3.0),
         tm.reflect(v, w)[1], tm.refract(v.normalized(), w, 0.5)[1], tm.normalize(v)[2],
         tm.rotation2d(0.5)[0, 1], tm.rot_by_axis(v, 0.3)[1, 2], tm.rotation3d(0.1, 0.2, 0.3)[2, 0],
         tm.rot_yaw_pitch_roll(0.1, 0.2, 0.3)[0, 1], tm.translate(1.0, 2.0, 3.0)[1, 3],
         tm.scale(1.0, 2.0, 3.0)[2, 2], tm.vdir(0.7)[1], tm.eye(3)[1, 1], tm.eye(3)[0, 1],
         tm.cmul(a, b)[1], tm.cdiv(a, b)[0], tm.cconj(a)[1], tm.cinv(b)[0], tm.cexp(a)[1],
         tm.clog(a)[1], tm.cpow(a, 3)[0], tm.csqrt(b)[1], tm.csqrt(vec2(0.0, 0.0))[0]]
    for i in ti.static(range(len(r))):
        out[i] = r[i]


k()
for i in range(46):
    print(i, "%.4f" % out[i])
print(tm.pi, tm.e, tm.inf, tm.nan)

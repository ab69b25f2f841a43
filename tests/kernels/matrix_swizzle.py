# Swizzles (getters with repeats, setters, +=), in kernels and Python scope,
# and Taichi's errors for patterns a vector does not have.
import taichi as ti

ti.init(arch=ti.cpu)


@ti.kernel
def k() -> ti.math.vec4:
    v = ti.math.vec3(1, 2, 3)
    v.brg += 1
    v.x = v.y + v.z
    w = ti.math.vec4(v.zyx, v.s)
    u = ti.Vector([1, 2, 3])
    u.zxy += [u.z, u.y, u.x]
    w.yz = w.zy * 10 + u.xy
    return w + v.xxxx


@ti.kernel
def bad():
    b = ti.math.vec2(1, 2)
    b.z = 3


r = k()
print(r[0], r[1], r[2], r[3])
v = ti.math.vec3(0, 1, 2)
v.rgb += 1
v.zyx += ti.math.vec3(1, 2, 3)
print(v.x, v.g, v.p, v.xxy[2], len(v.stpq[:2]) if False else v.st[1])
a = ti.math.vec2(1, 2)
for f in (lambda: setattr(a, "z", 3), lambda: setattr(a, "xyz", [1, 2, 3]), lambda: setattr(a, "xy", [1, 2, 3]), bad):
    try:
        f()
    except (ti.TaichiSyntaxError, ti.TaichiRuntimeError) as e:
        print(type(e).__name__, str(e).strip().splitlines()[-1])

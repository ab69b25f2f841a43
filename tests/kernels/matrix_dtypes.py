# The dtype of ti.Vector / ti.Matrix constructors in kernels: zero / one /
# identity / unit take theirs (float and int meaning default_fp /
# default_ip), ti.Vector(..., dt=) and ti.types.vector(n, dt)(...) give
# entries of that type, and ti.math's vecN / ivecN / matN follow ti.init's
# defaults. An integer local here kept v += [0.5, 0.25] at 0.
import taichi as ti

ti.init(arch=ti.cpu)


@ti.kernel
def constructors():
    v = ti.Vector.zero(ti.f32, 2)
    v += [0.5, 0.25]
    w = ti.Vector.one(float, 3)
    w *= 0.5
    m = ti.Matrix.identity(float, 2)
    m *= 0.5
    z = ti.Matrix.zero(ti.f32, 2, 2)
    z += 0.5
    o = ti.Matrix.one(float, 2, 3)
    o /= 4
    u = ti.Vector.unit(3, 1, ti.f32)
    u *= 0.5
    ui = ti.Vector.unit(3, 2)
    ui += 1
    vz = ti.Matrix.zero(float, 2)
    vz += 0.5
    i = ti.Vector.zero(int, 2)
    i += 1
    print(v, w, m, z, o, u, ui, vz, i)


@ti.kernel
def explicit_dt():
    a = ti.Vector([1, 2], dt=ti.f32)
    a /= 4
    b = ti.Vector([1.7, 2.2], dt=ti.i32)
    c = ti.types.vector(2, ti.f32)(1, 2)
    c /= 8
    d = ti.types.vector(2, ti.i32)(1.7, -2.5)
    e = ti.Matrix([[1, 2]], dt=ti.f64)
    e /= 3
    print(a, b, c, d, e)


x = ti.field(ti.f32, shape=4)


@ti.kernel
def particles():
    for p in x:
        vel = ti.Vector.zero(float, 2)
        vel += ti.Vector([0.5, 0.25]) * p
        x[p] = vel.sum()


constructors()
explicit_dt()
particles()
print([x[p] for p in range(4)])

ti.init(arch=ti.cpu, default_ip=ti.i64, default_fp=ti.f64)


@ti.kernel
def wide() -> ti.i64:
    v = ti.math.ivec2(2**40, 1)
    w = ti.math.vec2(1, 2)
    w /= 3
    z = ti.Vector.zero(float, 2)
    z += 1 / 3
    print(w, z)
    return v[0] + v[1]


print(wide())
f = ti.math.vec2.field(shape=2)
print(f.dtype, ti.math.ivec3.field(shape=1).dtype, ti.math.mat2.field(shape=1).dtype,
      ti.math.uvec2.field(shape=1).dtype, ti.math.vec3.dtype, ti.math.uvec4.dtype)
ti.init(arch=ti.cpu)
print(ti.math.vec2.field(shape=2).dtype, ti.math.ivec2.dtype, ti.math.uvec2.dtype, ti.math.mat4.dtype)

# Matrix.fill in a kernel stores into what the matrix stands for: a local
# vector's variables, a field element (vf[1].fill(2.5) writes the field).
import taichi as ti

ti.init(arch=ti.cpu)
vf = ti.Vector.field(3, ti.f32, shape=4)
mf = ti.Matrix.field(2, 2, ti.i32, shape=())


@ti.kernel
def k() -> ti.f32:
    v = ti.Vector([1.0, 2.0, 3.0])
    v.fill(5.0)
    vf[1].fill(2.5)
    m = ti.Matrix([[1, 2], [3, 4]])
    m.fill(7)
    mf[None].fill(3)
    return v.sum() + m.sum()


print(k(), vf[1][0], vf[1][2], vf[0][0], mf[None][1, 1])

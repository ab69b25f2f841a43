# tirun-only: the program layer's Python-scope paths: a host fill over two
# dense levels (one strided fill per outer cell), ti.sync, and the arch the
# ARCHS table picked.
import taichi as ti
from taichi import _taichi_core

ti.init(arch=ti.cpu)
print(ti.cfg.arch is ti.cpu)
x = ti.field(ti.i32)
y = ti.field(ti.f32)
ti.root.dense(ti.i, 3).dense(ti.j, 2).place(x, y)
x[0, 0] = 1
_taichi_core.fill(x._snode._id, 7)
_taichi_core.fill(y._snode._id, 0.5)
print([[x[i, j] for j in range(2)] for i in range(3)], y[2, 1])


@ti.kernel
def total() -> ti.f32:
    s = 0.0
    for i, j in x:
        s += x[i, j] + y[i, j]
    return s


print(total())
ti.sync()
ti.init(arch=ti.arm64)
print(ti.cfg.arch)

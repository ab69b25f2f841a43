# x[cell, k] with cell a ti.Vector: the vector's entries are indices in their
# place (Taichi flattens them), as pbf2d's grid2particles[cell, offs] = p_i
import taichi as ti

ti.init(arch=ti.cpu)
g = ti.field(ti.i32, shape=(4, 3, 5))
h = ti.field(ti.f32, shape=(3, 4))


@ti.kernel
def fill():
    for i, j in ti.ndrange(4, 3):
        cell = ti.Vector([i, j])
        for k in range(5):
            g[cell, k] = i * 100 + j * 10 + k
    for I in ti.grouped(h):
        h[I] = I[0] * 0.5 + I[1]


@ti.kernel
def read(i: ti.i32, j: ti.i32) -> ti.i32:
    c = ti.Vector([i, j])
    return g[c, 4] + g[1, c]


fill()
print(g[3, 2, 4], g[1, 1, 0], read(2, 1), read(1, 2))
print(h[2, 3], h[1, 0])

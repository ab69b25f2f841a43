# A small Taichi program: a Julia set on a 2-D field, painted by a kernel.
import taichi as ti

ti.init(arch=ti.cpu)

n = 80
pixels = ti.field(dtype=ti.f32, shape=(n * 2, n))


@ti.func
def complex_sqr(z):
    return ti.Vector([z[0] ** 2 - z[1] ** 2, z[1] * z[0] * 2])


@ti.kernel
def paint(t: ti.f32):
    for i, j in pixels:  # one parallel loop over every pixel
        c = ti.Vector([-0.8, ti.cos(t) * 0.2])
        z = ti.Vector([i / n - 1, j / n - 0.5]) * 2
        iterations = 0
        while z.norm() < 20 and iterations < 50:
            z = complex_sqr(z) + c
            iterations += 1
        pixels[i, j] = 1 - iterations * 0.02


paint(0.03)
print(f"painted {n * 2}x{n} pixels; centre = {pixels[n, n // 2]:.3f}")

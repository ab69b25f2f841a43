# A Taichi program in the style tirun runs: fields, kernels, funcs, static.
import taichi as ti

ti.init(arch=ti.cpu, default_fp=ti.f32)

n = 320
pixels = ti.field(dtype=float, shape=(n * 2, n))
vel = ti.Vector.field(2, dtype=ti.f32, shape=(n, n))
M = ti.Matrix([[1.0, 0.0], [0.0, 1.0]])


@ti.func
def complex_sqr(z):
    return ti.Vector([z[0] ** 2 - z[1] ** 2, z[1] * z[0] * 2])


@ti.kernel
def paint(t: float, iters: ti.template()) -> ti.i32:
    count = 0
    for i, j in pixels:  # parallelized over all pixels
        c = ti.Vector([-0.8, ti.cos(t) * 0.2])
        z = ti.Vector([i / n - 1, j / n - 0.5]) * 2
        iterations = 0
        while z.norm() < 20 and iterations < 50:
            z = complex_sqr(z) + c
            iterations += 1
        pixels[i, j] = 1 - iterations * 0.02
        ti.atomic_add(count, 1)
    for k in ti.static(range(iters)):
        if ti.static(k > 1):
            continue
    return count


@ti.kernel
def reduce(a: ti.types.ndarray(dtype=ti.f32, ndim=1)) -> ti.f32:
    s = 0.0
    ti.loop_config(serialize=True)
    for i in range(a.shape[0]):
        s += a[i]
    return s


gui = ti.GUI("Julia Set", res=(n * 2, n))
for frame in range(1000000):
    paint(frame * 0.03, 3)
    gui.set_image(pixels)
    gui.show()

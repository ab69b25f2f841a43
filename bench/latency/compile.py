# Latency bench: compiles 12 small kernels (the shapes of the kernel benches and
# the tests) and prints each one's compile time, AST to machine code, with the
# median, as ti.profiler reports it.
import taichi as ti

ti.init(arch=ti.cpu)

a = ti.field(ti.f32, shape=4096)
b = ti.field(ti.f32, shape=4096)
g = ti.field(ti.i32, shape=(64, 64))


@ti.kernel
def k_fill(v: ti.f32):
    for i in range(4096):
        a[i] = v


@ti.kernel
def k_saxpy(s: ti.f32):
    for i in range(4096):
        a[i] = s * a[i] + b[i]


@ti.kernel
def k_sum() -> ti.f32:
    t = 0.0
    for i in range(4096):
        t += a[i]
    return t


@ti.kernel
def k_stencil():
    for i, j in ti.ndrange((1, 63), (1, 63)):
        g[i, j] = (g[i - 1, j] + g[i + 1, j] + g[i, j - 1] + g[i, j + 1]) // 4


@ti.kernel
def k_struct():
    for i, j in g:
        g[i, j] = i * j


@ti.kernel
def k_while(n: ti.i32) -> ti.i32:
    c = 0
    m = n
    while m != 1:
        if m % 2 == 0:
            m = m // 2
        else:
            m = 3 * m + 1
        c += 1
    return c


@ti.kernel
def k_mandel():
    for i, j in ti.ndrange(64, 64):
        zr = 0.0
        zi = 0.0
        k = 0
        while k < 50 and zr * zr + zi * zi <= 4.0:
            zr, zi = zr * zr - zi * zi + i / 32 - 1.5, 2.0 * zr * zi + j / 32 - 1.0
            k += 1
        g[i, j] = k


@ti.func
def sq(v):
    return v * v


@ti.kernel
def k_func() -> ti.f32:
    return sq(a[0]) + sq(b[1])


@ti.kernel
def k_print(v: ti.i32):
    print("v =", v)


@ti.kernel
def k_atomic():
    for i in range(4096):
        ti.atomic_max(g[i % 64, 0], i)


@ti.kernel
def k_static() -> ti.i32:
    s = 0
    for i in ti.static(range(8)):
        s += g[i, i]
    return s


@ti.kernel
def k_math(v: ti.f32) -> ti.f32:
    return ti.sqrt(v) + ti.exp(v) * ti.log(v + 1) - ti.atan2(v, 2.0)


k_fill(1.0)
k_saxpy(2.0)
k_sum()
k_stencil()
k_struct()
k_while(27)
k_mandel()
k_func()
k_print(3)
k_atomic()
k_static()
k_math(0.5)
ti.profiler.print_scoped_profiler_info()

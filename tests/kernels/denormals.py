# Kernels flush denormal results to zero, as Taichi's CPU backend does (the
# flush-to-zero mode, f32 and f64 alike): arithmetic and f64 -> f32
# conversions that underflow, constants (also folded ones), f32 arguments and
# Python-scope f32 writes. Denormal inputs are used as they are: a bit_cast
# denormal survives, and f64 arguments and writes keep theirs.
import taichi as ti

ti.init(arch=ti.cpu)
x = ti.field(ti.f32, shape=8)
y = ti.field(ti.f64, shape=8)
z = ti.field(ti.f32, shape=4096)


@ti.kernel
def compute(a: ti.f32, b: ti.f64, c: ti.f32):
    x[0] = 1e-45
    x[1] = a * 1e-30
    x[2] = c
    x[3] = ti.cast(b * 1e-30, ti.f32)
    x[4] = ti.f32(1e-40)
    x[5] = -a * 1e-30
    y[0] = ti.f64(1e-320)
    y[1] = b * ti.f64(1e-300)
    y[2] = b
    y[3] = ti.f64(1e-300) * ti.f64(1e-10)


@ti.kernel
def f32_bits(i: ti.i32) -> ti.i32:
    return ti.bit_cast(x[i], ti.i32)


@ti.kernel
def f64_bits(i: ti.i32) -> ti.i64:
    return ti.bit_cast(y[i], ti.i64)


@ti.kernel
def denormal_input() -> ti.f32:
    d = ti.bit_cast(71362, ti.f32)
    x[6] = d
    return d * 1e10


@ti.kernel
def f64_input(b: ti.f64) -> ti.f64:
    return b * 1e10


@ti.kernel
def parallel(a: ti.f32) -> ti.i32:
    for i in z:
        z[i] = a * 1e-30 * (i % 4 + 1)
    nonzero = 0
    for i in z:
        nonzero += ti.bit_cast(z[i], ti.i32) != 0
    return nonzero


compute(1e-10, 1e-10, 1e-40)
print([f32_bits(i) for i in range(6)], [f64_bits(i) for i in range(4)])
print(x[1], x[5], y[1], y[3])
print(denormal_input(), x[6], f32_bits(6), f64_input(1e-310))
x[7] = 1e-40
y[7] = 1e-310
print(f32_bits(7), x[7], f64_bits(7), y[7])
print(parallel(1e-10))
print(1e-310 * 1.0)

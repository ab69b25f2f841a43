# ti.abs / unary minus / ~ / ti.select of Python numbers are Python numbers in a kernel,
# as in Taichi (its ops run the Python operator when no operand is a Taichi
# value): so `-2147483647 - ti.abs(19)` is one literal, out of i32's range,
# not an i32 that wraps.
import taichi as ti

ti.init(arch=ti.cpu)


@ti.kernel
def fine(a: ti.i32) -> ti.i64:
    return a + ti.abs(-5) * 2 - ti.abs(-2.5) + ti.abs(-0.0)


@ti.kernel
def too_big(a: ti.i32) -> ti.i32:
    v = a
    v ^= (-2147483647 - ti.abs(19))
    return v


@ti.kernel
def select_sum(a: ti.i32) -> ti.f32:
    return a + ti.select(a > 0, 1, 2) + ti.select(3 > 2, 1, 2.5) + ti.select(0, 1, 2)


@ti.kernel
def select_too_big(a: ti.i32) -> ti.i32:
    return a | (6 + ti.select(2147483647 > 1048576, 2147483647, 1048576))


print(fine(1), select_sum(1), select_sum(-1))
for k in (too_big, select_too_big):
    try:
        k(1)
    except ti.TaichiTypeError as e:
        print("TaichiTypeError", str(e).splitlines()[-1])

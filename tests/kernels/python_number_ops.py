# ti.abs / unary minus / ~ of a Python number are Python numbers in a kernel,
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


print(fine(1))
try:
    too_big(1)
except ti.TaichiTypeError as e:
    print("TaichiTypeError", str(e).splitlines()[-1])

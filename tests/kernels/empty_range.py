# tirun-only: Taichi 1.7.4 gets these wrong: a variable assigned in the body of
# a loop that runs zero times does not keep its value after the loop (Taichi
# prints 0.0 20.0 and, for the i32, the bits of another kernel's float), found
# by tests/fuzz/kernel_diff.py. A loop that does not run changes nothing:
# tirun prints the values the variables had before it.
import taichi as ti

ti.init(arch=ti.cpu)


@ti.kernel
def f32_var(n: ti.i32) -> ti.f64:
    v = ti.cast(1.5, ti.f32)
    for i in range(0):
        v = -0.884
    for i in range(n):
        v += 10.0
    return v


@ti.kernel
def i32_var() -> ti.i32:
    v = 7
    for i in range(0):
        v = 3
    return v


print(f32_var(0), f32_var(2), i32_var())

# tirun-only: Taichi 1.7.4's constant folder disagrees with its own runtime
# here: on constants it computes -7 // 2 as -3 and -7 % 2 as -1 (C's
# truncation), and ti.round(2.5) as 2.0 (round half to even), while the same
# operations on run-time values give -4, 1 and 3.0, as the language reference
# specifies (Python's floor division and modulo; rounding half away from
# zero). Its folder also adds u1 constants as bools (True + True is 1) where
# the runtime wraps them to 0. ti.sin / ti.cos / ti.sqrt ... of a Python float
# run numpy's float64 function and round the result to f32 (ti.sin(-5.304) is
# 0.8300433158874512 as an f64), while on an f32 value they compute in f32
# (0.830043375492096): tirun computes in f32 for both. Integer ** agrees in both (checked). tirun folds constants to what the runtime computes, so each line
# below prints the same values for constants as for kernel arguments.
import taichi as ti

ti.init(arch=ti.cpu)


@ti.kernel
def consts():
    a = -7
    b = 2
    print(a // b, a % b, 7 // -2, 7 % -2, -7 // -2, -7 % -2)
    print(b ** 10, (-3) ** 3, a ** 3, b ** 31, a ** 0)
    x = -7.5
    y = 2.0
    print(x // y, x % y, 7.5 % -y)
    print(ti.round(2.5), ti.round(-2.5), ti.round(0.5), ti.round(1.5), ti.round(-0.5))
    t = True
    t = t + True
    print(t, -t)
    s = ti.sin(-5.304)
    print(ti.cast(s, ti.f64) == 0.830043375492096)


@ti.kernel
def runtime(a: ti.i32, b: ti.i32, c: ti.i32, d: ti.i32, x: ti.f32, y: ti.f32, h: ti.f32):
    print(a // b, a % b, c // d, c % d, a // d, a % d)
    print(b ** 10, (-3) ** (c - 4), a ** 3, b ** 31, a ** 0)
    print(x // y, x % y, h % -y)
    print(ti.round(x / -3.0), ti.round(-x / -3.0), ti.round(y / 4.0), ti.round(h / 5.0), ti.round(-y / 4.0))
    t = a < 0
    t = t + (a < 0)
    print(t, -t)
    s = ti.sin(x * 0.0 - 5.304)
    print(ti.cast(s, ti.f64) == 0.830043375492096)


consts()
runtime(-7, 2, 7, -2, -7.5, 2.0, 7.5)

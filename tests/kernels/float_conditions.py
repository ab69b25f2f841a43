# A float is no condition in kernels: if / while / assert raise Taichi's
# TaichiTypeError with its advice, a conditional expression its logic_not
# error; an integer of any width and a comparison are conditions.
import taichi as ti

ti.init(arch=ti.cpu, debug=True)


@ti.kernel
def k_if(f: ti.f32) -> ti.i32:
    r = 0
    if f:
        r = 1
    return r


@ti.kernel
def k_while(f: ti.f64) -> ti.i32:
    r = 0
    while f:
        r = 1
        break
    return r


@ti.kernel
def k_assert(f: ti.f32) -> ti.i32:
    assert f
    return 1


@ti.kernel
def k_ifexp(f: ti.f32) -> ti.i32:
    return 1 if f else 2


@ti.kernel
def k_ok(f: ti.f32, n: ti.i64, u: ti.u8) -> ti.i32:
    r = 0
    if f != 0:
        r += 1
    if n:
        r += 10
    if u:
        r += 100
    return r + (1000 if n else 0)


for k in (k_if, k_while, k_assert, k_ifexp):
    try:
        print(k(0.5))
    except ti.TaichiTypeError as e:
        print(k.__name__, type(e).__name__, str(e).strip().splitlines()[-1])
print(k_ok(0.5, 2 ** 40, 3))
print(k_ok(0.0, 0, 0))

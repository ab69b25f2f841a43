# Errors Taichi raises that tirun once missed or worded differently: `not` on
# a float, ti.static(ti.grouped(field)), integer fields with needs_grad, and a
# field never placed (a RuntimeError at the next launch, whatever the kernel
# uses, and at the next element access).
import taichi as ti

ti.init(arch=ti.cpu)


def report(f, *args):
    try:
        print(f(*args))
    except Exception as e:
        print(type(e).__name__, str(e).strip().splitlines()[-1])


@ti.kernel
def not_float(b: ti.f32) -> ti.i32:
    return not b


@ti.kernel
def not_int(b: ti.i32) -> ti.i32:
    return not b


report(not_float, 1.0)
report(not_int, 0)

y = ti.field(ti.f32, shape=4)


@ti.kernel
def static_grouped():
    for I in ti.static(ti.grouped(y)):
        print(I)


report(static_grouped)


@ti.kernel
def use_y():
    y[0] = 1


report(use_y)
z = ti.field(ti.f32)
report(use_y)
report(lambda: y[0])

# last: Taichi leaves the field it refused behind, unplaced
for dt in [ti.f32, ti.i32, ti.u8]:
    report(lambda: ti.field(dt, shape=2, needs_grad=True).dtype)

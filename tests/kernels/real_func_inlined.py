# ti.real_func and ti.ref, which tirun inlines: annotated parameters passed by value
# (converted to their types), ti.ref and ti.template() parameters aliasing the
# caller's variable or field, break / continue in a real function's loops, calls
# inside an assert (built even out of debug mode), and the errors: a parameter
# without annotation, a return value without a return type.
import taichi as ti

ti.init(arch=ti.cpu)
x = ti.field(ti.i32, shape=())


@ti.real_func
def foo(val: ti.i32) -> ti.i32:
    if x[None] > 10:
        x[None] += 1
    x[None] += val
    return 0


@ti.real_func
def add(a: ti.f32, b: ti.f32) -> ti.f32:
    return a + b


@ti.real_func
def inc(f: ti.template()):
    f[None] += 1


@ti.real_func
def seven(a: ti.ref(ti.f32)):
    a = 7


@ti.real_func
def odd_until(n: ti.i32) -> int:
    a = 0
    for i in range(10):
        if i == n:
            break
        if i % 2 == 0:
            continue
        a += 1
    return a


@ti.kernel
def run() -> ti.f32:
    assert foo(15) == 0
    assert foo(10) == 0
    inc(x)
    a = 5.0
    seven(a)
    return add(1, 2) + a + odd_until(7)


print(run(), x[None])

try:
    @ti.real_func
    def untyped(a, b: ti.i32) -> ti.i32:
        return a + b
except ti.TaichiSyntaxError as e:
    print(type(e).__name__, e)


@ti.real_func
def no_return_type(a: ti.i32, b: ti.i32):
    return a + b


@ti.kernel
def bad():
    no_return_type(30, 2)


try:
    bad()
except ti.TaichiCompilationError as e:
    print(type(e).__name__, str(e).strip().splitlines()[-1])

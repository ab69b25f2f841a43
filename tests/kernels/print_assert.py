# print in kernels (values, separators, f-strings with format specs) and
# assert in debug mode (TaichiAssertionError with its message).
import taichi as ti

ti.init(arch=ti.cpu, debug=True)

x = ti.field(ti.i32, shape=4)


@ti.kernel
def show(a: ti.f32, b: ti.i32, c: ti.f64):
    print(a, b, c)
    print("a =", a, "b =", b)
    print("x", a, sep="")
    print(f"f {a} {b} {c:.3f} {b:5d}")
    print(1.5, 2, "text", end="!\n")
    print(ti.u8(200), ti.i64(1) << 40)


@ti.kernel
def check(v: ti.i32):
    assert v > 0
    assert v < 100, "v is too large"
    assert v != 50, f"v is {v}"


@ti.kernel
def oob(i: ti.i32) -> ti.i32:
    return x[i]


show(1.5, -3, 2.25)
print("after")
for v in [5, -1, 200, 50]:
    try:
        check(v)
        print("ok", v)
    except AssertionError as e:
        print(type(e).__name__, str(e).splitlines()[0])
try:
    oob(7)
except AssertionError as e:
    print(type(e).__name__, str(e).splitlines()[0])
print(oob(2))

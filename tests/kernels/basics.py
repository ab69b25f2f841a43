# Kernel arguments and return values, primitive types, casts and the
# operators on Taichi values (Python semantics of // and % for integers).
import taichi as ti

ti.init(arch=ti.cpu)


@ti.kernel
def add(a: ti.i32, b: ti.i32) -> ti.i32:
    return a + b


@ti.kernel
def fdiv(a: ti.f32, b: ti.f32) -> ti.f32:
    return a / b


@ti.kernel
def idiv(a: ti.i32, b: ti.i32) -> ti.f32:
    return a / b


@ti.kernel
def floordiv(a: ti.i32, b: ti.i32) -> ti.i32:
    return a // b


@ti.kernel
def mod(a: ti.i32, b: ti.i32) -> ti.i32:
    return a % b


@ti.kernel
def fmod(a: ti.f64, b: ti.f64) -> ti.f64:
    return a % b


@ti.kernel
def power(a: ti.i32) -> ti.i32:
    return a ** 3 + 2 ** 4


@ti.kernel
def fpower(a: ti.f32, b: ti.f32) -> ti.f32:
    return a ** b


@ti.kernel
def bits(a: ti.i32, b: ti.i32) -> ti.i32:
    return (a & b) * 1000000 + (a | b) * 1000 + (a ^ b) + (~a) * 0 + (a << 2) - (b >> 1)


@ti.kernel
def shr(a: ti.i32) -> ti.i32:
    return a >> 1


@ti.kernel
def ushr(a: ti.u32) -> ti.u32:
    return a >> 1


@ti.kernel
def wrap(a: ti.i32) -> ti.i32:
    return a * 2


@ti.kernel
def wrap8(a: ti.u8) -> ti.i32:
    b = ti.u8(a + 1)
    return b


@ti.kernel
def casts(x: ti.f32) -> ti.i32:
    return ti.cast(x, ti.i32) + int(x) * 10 + ti.i32(x) * 100


@ti.kernel
def to_float(x: ti.i32) -> ti.f64:
    return ti.cast(x, ti.f64) / 4 + float(x)


@ti.kernel
def neg(x: ti.i32) -> ti.i32:
    return -x + (not x) * 100


@ti.kernel
def i64(x: ti.i64) -> ti.i64:
    return x * 1000000 + ti.i64(10000000000)


@ti.kernel
def mixed(x: ti.i32, y: ti.f32) -> ti.f32:
    return x + y * 2


@ti.kernel
def f64ret(x: ti.f64) -> ti.f64:
    return x * 0.1


print(add(2, 3), add(-7, 100))
print(fdiv(1.0, 4.0), idiv(7, 2))
for a, b in [(7, 2), (-7, 2), (7, -2), (-7, -2)]:
    print(a, b, floordiv(a, b), mod(a, b))
print(fmod(-7.5, 2.0), fmod(7.5, -2.0))
print(power(3), fpower(2.0, 0.5))
print(bits(12, 10), shr(-9), ushr(4294967295))
print(wrap(2000000000), wrap8(255))
print(casts(3.7), casts(-3.7), to_float(6))
print(neg(5), neg(0))
print(i64(123456789))
print(mixed(3, 0.25), f64ret(3.0))

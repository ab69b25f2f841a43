# Built-ins in kernels: math functions, min / max / abs / pow, select, atomics
# returning the old value, ti.random ranges, bit_cast, integer wrap-around.
import taichi as ti

ti.init(arch=ti.cpu)

acc = ti.field(ti.i32, shape=())
facc = ti.field(ti.f32, shape=())
hits = ti.field(ti.i32, shape=10)


@ti.kernel
def maths(v: ti.f32) -> ti.f32:
    return ti.sin(v) + ti.cos(v) + ti.sqrt(v) + ti.exp(v) + ti.log(v) + ti.floor(v) + ti.ceil(v) + ti.tanh(v)


@ti.kernel
def more(v: ti.f64) -> ti.f64:
    return ti.atan2(v, 2.0) + ti.asin(v / 4) + ti.acos(v / 4) + ti.tan(v) + ti.rsqrt(v) + ti.round(v)


@ti.kernel
def minmax(p: ti.i32, q: ti.i32) -> ti.i32:
    return max(p, q) * 100 + min(p, q) * 10 + abs(p - q) + ti.max(p, 0) + ti.min(q, 0)


@ti.kernel
def sel(c: ti.i32) -> ti.f32:
    return ti.select(c > 0, 1.5, -2.5)


@ti.kernel
def atomics() -> ti.i32:
    old = 0
    for i in range(100):
        ti.atomic_add(acc[None], 2)
    old = ti.atomic_add(acc[None], 5)
    ti.atomic_max(acc[None], 1000)
    m = ti.atomic_min(acc[None], 300)
    return old * 10000 + m


@ti.kernel
def float_sum():
    for i in range(1000):
        facc[None] += 0.5


@ti.kernel
def bitops(v: ti.i32) -> ti.i32:
    a = v
    ti.atomic_or(a, 8)
    ti.atomic_and(a, 14)
    ti.atomic_xor(a, 1)
    return a


@ti.kernel
def rand_check() -> ti.i32:
    bad = 0
    for i in range(10000):
        r = ti.random()
        if r < 0 or r >= 1:
            bad += 1
        k = ti.cast(ti.random(ti.f32) * 10, ti.i32)
        hits[k] += 1
    return bad


@ti.kernel
def bitcast(v: ti.f32) -> ti.i32:
    return ti.bit_cast(v, ti.i32)


@ti.kernel
def overflow(v: ti.i32) -> ti.i32:
    return v + 2147483647


@ti.kernel
def upow(v: ti.i32) -> ti.i32:
    return v ** 2 + pow(v, 3)


print("%.4f" % maths(1.5), "%.4f" % more(1.0))
print(minmax(3, -4), minmax(-2, 7))
print(sel(1), sel(-1))
print(atomics(), acc[None])
float_sum()
print(facc[None])
print(bitops(5), bitops(16))
print(rand_check(), all(hits[i] > 500 for i in range(10)), sum(hits[i] for i in range(10)))
print(bitcast(1.0), overflow(1), upow(3))

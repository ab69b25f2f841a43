# Comparisons, `not`, and Python bools are u1 in Taichi 1.7.4: 1-bit values
# whose arithmetic wraps (-(a < 5) is 1, (a < 5) + (a < 6) is 0), promoted to
# the other operand's type when it has more bits, and a u1 variable keeps the
# truth of what is assigned to it.
import taichi as ti

ti.init(arch=ti.cpu)

f = ti.field(ti.i32, shape=4)
g = ti.field(ti.f32, shape=2)
u = ti.field(ti.u8, shape=2)


@ti.kernel
def arith(a: ti.i32, b: ti.f32):
    print(-(a < 5), (a < 5) + 1, (a < 5) - 2, (a < 5) * 7, (a < 5) + b, (a < 5) * 2.5)
    print((a < 5) + (a < 6), -(a < 5) - (a < 6), (a < 5) * (a < 6), ~(a < 5), (a < 5) ^ (a < 6))
    print((a < 5) & (b > 0), (a < 5) | (b > 0), (a < 5) & 1, (a < 5) + True, (a < 5) ^ True)
    print(-(not a), -(a != 0), -(b < 2.0), -(1 < a < 7), -bool(a), -((a < 5) and (a < 6)), -((a < 5) or (a < 6)))
    print(-(a and 1), -(a or 0), -ti.select(a < 5, a < 4, a < 6), ti.select(a < 5, 1, 2), -ti.abs(a < 5))
    print(-((a < 5) ** 2), -((a < 5) // (a < 6)), (a < 5) // 2, (a < 5) / 2, ti.sqrt(a < 5))
    print(ti.cast(a < 5, ti.f32), -ti.cast(a < 5, ti.i32), -ti.u8(a < 5), -int(a < 5), -float(a < 5))


@ti.kernel
def variables(a: ti.i32):
    c = a < 5
    c = 6
    d = a < 5
    d = 0.5
    e = a > 5
    e += 1
    h = a < 5
    print(c, d, e, -ti.atomic_add(h, 1), h)


@ti.kernel
def store(a: ti.i32):
    f[0] = a < 5
    f[1] = -(a < 5)
    f[2] = (a < 5) + (a < 6)
    f[3] = -(a < 5) * 3
    g[0] = -(a < 5)
    g[1] = (a < 5) - 2
    u[0] = -(a < 5)
    u[1] = -ti.cast(a < 5, ti.u8)


@ti.kernel
def ret_i32(a: ti.i32) -> ti.i32:
    return -(a < 5)


@ti.kernel
def ret_f32(a: ti.i32) -> ti.f32:
    return -(a < 5) - (a > 10)


@ti.kernel
def ret_u8(a: ti.i32) -> ti.u8:
    return -(a < 5) + 0


@ti.kernel
def in_loops(n: ti.i32) -> ti.i32:
    flag = n > 2
    s = 0
    for i in range(n):
        s += (i < 3) + flag
    k = 0
    while k < n and (k < 100):
        k += 1
    return s + k


arith(3, 1.0)
arith(7, -1.0)
variables(3)
store(3)
print([f[i] for i in range(4)], [g[i] for i in range(2)], [u[i] for i in range(2)])
print(ret_i32(3), ret_f32(3), ret_u8(3), ret_i32(9))
print(in_loops(5), in_loops(1))

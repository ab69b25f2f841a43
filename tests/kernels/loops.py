# Loops: parallel range-for, nested serial loops, ndrange, grouped ndrange,
# struct-for over dense fields, while, break / continue, static for.
import taichi as ti

ti.init(arch=ti.cpu)

n = 16
x = ti.field(ti.i32, shape=n)
y = ti.field(ti.f32, shape=(4, 5))
z = ti.field(ti.i32, shape=(3, 4))


@ti.kernel
def fill_range():
    for i in range(n):
        x[i] = i * i


@ti.kernel
def fill_offset(a: ti.i32, b: ti.i32):
    for i in range(a, b):
        x[i] = -i


@ti.kernel
def nested() -> ti.i32:
    s = 0
    for i in range(4):
        for j in range(i):
            s += j
    return s


@ti.kernel
def nd():
    for i, j in ti.ndrange(4, 5):
        y[i, j] = i * 10 + j


@ti.kernel
def nd_bounds() -> ti.i32:
    s = 0
    for i, j in ti.ndrange((1, 3), (2, 5)):
        s += i * 100 + j
    return s


@ti.kernel
def grouped_sum() -> ti.f32:
    s = 0.0
    for I in ti.grouped(y):
        s += y[I]
    return s


@ti.kernel
def struct_for():
    for i, j in z:
        z[i, j] = i + j * 10


@ti.kernel
def while_loop(k0: ti.i32) -> ti.i32:
    c = 0
    k = k0
    while k != 1:
        if k % 2 == 0:
            k2 = k // 2
            k = k2
        else:
            k = 3 * k + 1
        c += 1
    return c


@ti.kernel
def collatz(start: ti.i32) -> ti.i32:
    m = start
    steps = 0
    while True:
        if m == 1:
            break
        steps += 1
        if m % 2 == 0:
            m = m // 2
            continue
        m = 3 * m + 1
    return steps


@ti.kernel
def serial_break() -> ti.i32:
    r = -1
    ti.loop_config(serialize=True)
    for i in range(100):
        if i * i > 50:
            r = i
            break
    return r


@ti.kernel
def inner_continue() -> ti.i32:
    s = 0
    for i in range(10):
        for j in range(10):
            if j % 3 != 0:
                continue
            s += j
    return s


@ti.kernel
def static_loop() -> ti.i32:
    s = 0
    for i in ti.static(range(5)):
        if ti.static(i == 3):
            break
        s += i * 10
    for i in ti.static(range(4)):
        if ti.static(i % 2 == 0):
            continue
        s += 1000 * i
    return s


@ti.kernel
def static_nd() -> ti.i32:
    s = 0
    for i, j in ti.static(ti.ndrange(2, 3)):
        s += i * 10 + j
    return s


wide = ti.field(ti.i32, shape=(3, 40))


@ti.kernel
def wide_rows() -> ti.i32:
    s = 0
    for i, j in ti.ndrange(3, (2, 40)):
        if j % 5 == 0:
            continue
        wide[i, j] = i * 100 + j
        s += 1
    return s


@ti.kernel
def serial_nd_break() -> ti.i32:
    r = 0
    ti.loop_config(serialize=True)
    for i, j in ti.ndrange(3, 40):
        r += 1
        if i == 1 and j == 5:
            break
    return r


fill_range()
print([x[i] for i in range(n)])
print(wide_rows(), wide[2, 39], wide[1, 10], wide[0, 1], serial_nd_break())
fill_offset(3, 6)
print([x[i] for i in range(8)])
print(nested())
nd()
print(y[3, 4], y[2, 1])
print(nd_bounds(), grouped_sum())
struct_for()
print([[z[i, j] for j in range(4)] for i in range(3)])
print(while_loop(27), collatz(27))
print(serial_break(), inner_continue())
print(static_loop(), static_nd())

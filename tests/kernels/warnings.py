# tirun-only: Taichi's warnings on stderr (tests/run compares NAME.err with the
# timestamp and process id of each "[W ...]" line taken out; Taichi prints the
# same lines, with its kernel's mangled name `f_c80_0` and an absolute path).
import taichi as ti

ti.init(arch=ti.cpu)
x = ti.field(ti.i32, 4)
y = ti.field(ti.f32, 4)


@ti.kernel
def f(a: ti.f64):
    v = 1.0
    v = a
    x[0] = a
    y[0] = a * 2
    for i in ti.static(range(40)):
        x[1] += i
    w = 0
    w = 2            # same type: no warning
    y[1] = w         # i32 into f32 promotes: no warning


@ti.kernel
def g(a: ti.f64):
    x[2] += a
    ti.atomic_add(x[3], 1.5)


f(1.5)
g(2.5)
g(2.5)              # compiled once: warned once
print(x[0], x[1], x[2], x[3], y[0], y[1])

ti.init(arch=ti.cpu, unrolling_limit=0)
z = ti.field(ti.i32, 2)


@ti.kernel
def h():
    for i in ti.static(range(40)):
        z[0] += i


h()
print(z[0])

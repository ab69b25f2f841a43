# A ti.func's ti.template() parameters are passed by reference: a local
# variable, a field element, a vector (local or a field element) given to one
# is changed by the callee's assignments and augmented assignments, also
# through nested calls. Unannotated and typed parameters are passed by value.
import taichi as ti

ti.init(arch=ti.cpu, cpu_max_num_threads=2)
x = ti.field(ti.i32, shape=8)
vf = ti.Vector.field(2, ti.f32, shape=2)


@ti.func
def inc(a: ti.template()):
    a += 1


@ti.func
def set7(a: ti.template()):
    a = 7


@ti.func
def inc_twice(a: ti.template()):
    inc(a)
    a *= 2


@ti.func
def swap(a: ti.template(), b: ti.template()):
    t = a
    a = b
    b = t


@ti.func
def incv(v: ti.template()):
    v += 1
    v[1] *= 3


@ti.func
def by_value(a):
    a += 1


@ti.func
def by_value_typed(a: ti.i32):
    a += 1


@ti.kernel
def run() -> ti.i32:
    b = 1
    inc(b)
    c = 1
    set7(c)
    d = 1
    by_value(d)
    e = 1
    by_value_typed(e)
    f = 0.5
    inc_twice(f)
    p, q = 1, 2
    swap(p, q)
    v = ti.Vector([1.0, 2.0])
    incv(v)
    incv(vf[1])
    set7(x[7])
    for i in range(1000):
        inc(x[i % 2])
    for i in range(4):
        inc_twice(x[i + 2])
    print(b, c, d, e, f, p, q, v[0], v[1])
    return b * 10 + c


print(run())
print([x[i] for i in range(8)], vf[1][0], vf[1][1])

# f16 storage, Python callables run at compile time on Taichi values, module
# constants frozen at compile time, vectors in kernels, ti.sync / ti.reset.
import math

import taichi as ti

ti.init(arch=ti.cpu)

h = ti.field(ti.f16, shape=4)
v = ti.Vector.field(3, ti.f32, shape=2)
K = 3


def helper(x):
    return x * 2 + K


@ti.kernel
def halves():
    for i in range(4):
        h[i] = i / 3


@ti.kernel
def python_calls(a: ti.f32) -> ti.f32:
    return helper(a) + math.pi + math.sqrt(16)


@ti.kernel
def vectors() -> ti.f32:
    for i in v:
        v[i] = ti.Vector([i, i * 2.0, 3.0])
    a = ti.Vector([1.0, 2.0, 3.0])
    a[0] = 4.0
    b = a + v[1] * 2
    return b.dot(ti.Vector([1.0, 0.0, 1.0])) + a.norm_sqr()


@ti.kernel
def static_in(flag: ti.template()) -> ti.i32:
    r = 0
    if ti.static(flag in (1, 2)):
        r = 1
    return r


halves()
print([h[i] for i in range(4)])
print("%.5f" % python_calls(1.5))
K = 100
print("%.5f" % python_calls(1.5))
print(vectors(), [float(e) for e in v[1]])
print(static_in(2), static_in(5))
ti.sync()
ti.reset()
ti.init(arch=ti.cpu)
h = ti.field(ti.f16, shape=4)
halves()
print(h[3])

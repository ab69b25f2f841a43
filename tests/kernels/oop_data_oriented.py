# @ti.data_oriented: fields as attributes, kernels and ti.funcs as methods (the
# object a template argument: one compiled instance per object), ti.static over
# attributes, nested data-oriented members, kernels under @property and
# @staticmethod, and Taichi's error for a class kernel of an undecorated class.
import taichi as ti
from taichi.lang import impl

ti.init(arch=ti.cpu)


@ti.data_oriented
class Inner:
    def __init__(self):
        self.x = ti.field(ti.i32, shape=2)


@ti.data_oriented
class Array:
    def __init__(self, n, inc, scales):
        self.n = n
        self.inc = inc
        self.scales = scales
        self.val = ti.field(ti.f32, shape=n)
        self.inner = Inner()

    @ti.func
    def bump(self, i, d):
        self.val[i] += d

    @ti.func
    def mul(self, i, j):
        return i * j

    @ti.kernel
    def fill(self, d: ti.f32):
        for i in self.val:
            self.bump(i, d + self.inc)
            self.val[i] += self.mul(i, 2)
            for k in ti.static(range(len(self.scales))):
                self.val[i] *= self.scales[k]
        self.inner.x[1] += self.n

    @property
    @ti.kernel
    def total(self) -> ti.f32:
        s = 0.0
        for i in self.val:
            s += self.val[i]
        return s

    @staticmethod
    @ti.kernel
    def answer() -> ti.i32:
        return 42


a = Array(4, 1, (2,))
b = Array(3, 10, (1, 3))
a.fill(0.5)
b.fill(1)
a.fill(0)
print([a.val[i] for i in range(4)], [b.val[i] for i in range(3)], a.inner.x[1], b.inner.x[1])
print(a.total, b.total, a.answer())
print(impl.get_runtime().get_num_compiled_functions())


class Plain:
    def __init__(self):
        self.val = ti.field(ti.f32, shape=2)

    @ti.kernel
    def run(self):
        self.val[0] = 1


try:
    Plain().run()
except ti.TaichiSyntaxError as e:
    print(type(e).__name__, e)

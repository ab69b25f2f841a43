# ti.init options that change kernels (default_fp, default_ip,
# cpu_max_num_threads, random_seed), ti.reset with a
# kernel recompiled for the new program, template instances cached per
# signature, and the column-major layout of internal-design.txt in a kernel.
import taichi as ti
from taichi.lang import impl

ti.init(arch=ti.cpu, default_fp=ti.f64, default_ip=ti.i64)


@ti.kernel
def defaults() -> ti.f64:
    a = 1.0 / 3
    b = 10000000000
    return a + b


print("%.15f" % defaults())

ti.init(arch=ti.cpu, cpu_max_num_threads=1, random_seed=7)
y = ti.field(ti.f32, shape=8)


@ti.kernel
def draw():
    for i in range(8):
        y[i] = ti.random()


draw()
first = [y[i] for i in range(8)]
ti.init(arch=ti.cpu, cpu_max_num_threads=1, random_seed=7)
y = ti.field(ti.f32, shape=8)
draw()
print(first == [y[i] for i in range(8)], all(0 <= v < 1 for v in first))

ti.init(arch=ti.cpu)
n = 3
m = 4
x = ti.field(ti.i32)
ti.root.dense(ti.j, m).dense(ti.i, n).place(x)


@ti.kernel
def fill_layout():
    for i, j in x:
        x[i, j] = i * 10 + j


@ti.kernel
def count(f: ti.template(), v: ti.template()) -> ti.i32:
    c = 0
    for i, j in f:
        if f[i, j] >= v:
            c += 1
    return c


fill_layout()
print(x.shape, [[x[i, j] for j in range(m)] for i in range(n)])
before = impl.get_runtime().get_num_compiled_functions()
print(count(x, 10), count(x, 20), count(x, 10), count(x, 0))
print(impl.get_runtime().get_num_compiled_functions() - before)

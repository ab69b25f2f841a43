# ti.algorithms: parallel_sort of 1-D fields (with and without values, offsets,
# sizes that are not powers of two) and PrefixSumExecutor (a GPU-only error); ti.zero / ti.one.
import taichi as ti

ti.init(arch=ti.cpu, random_seed=3)


def check(dtype, n, offset, with_values):
    keys = ti.field(dtype, n, offset=offset)
    values = ti.field(dtype, n, offset=offset)

    @ti.kernel
    def fill():
        for i in keys:
            keys[i] = (i * 7919 + 13) % n - n // 3
            values[i] = keys[i] * 2

    fill()
    ti.algorithms.parallel_sort(keys, values if with_values else None)
    got = [keys[offset + i] for i in range(n)]
    ok = got == sorted(got) and all(values[offset + i] == (2 * got[i] if with_values else values[offset + i])
                                    for i in range(n))
    expect = sorted(((i * 7919 + 13) % n - n // 3) for i in range(n))
    print(dtype, n, offset, with_values, ok and got == expect)


for dtype in (ti.i32, ti.f32):
    for n in (1, 2, 7, 256, 1000):
        check(dtype, n, 0, True)
check(ti.i32, 333, -23, True)
check(ti.f32, 100, 128, False)

x = ti.field(ti.i32, 10)
for i in range(10):
    x[i] = i + 1
try:
    ti.algorithms.PrefixSumExecutor(10).run(x)
except RuntimeError as e:  # Taichi runs it on CUDA and Vulkan only
    print("RuntimeError:", e)
print([x[i] for i in range(10)])


y = ti.field(ti.f32, ())
m = ti.Vector.field(3, ti.i32, ())


@ti.kernel
def zo():
    y[None] = ti.one(y[None]) + ti.zero(y[None]) * 5
    m[None] = ti.one(m[None]) * 2


zo()
print(y[None], m[None][0], m[None][2])
try:
    ti.zero(3.5)
except AssertionError as e:
    print("AssertionError:", e)

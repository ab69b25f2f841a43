# ti.init(kernel_profiler=True): each launch's run time is recorded by kernel;
# query_kernel_profiler_info(name) gives the launches and their min / avg / max
# time in ms, clear_kernel_profiler_info forgets them.
import taichi as ti

ti.init(arch=ti.cpu, kernel_profiler=True)
x = ti.field(ti.f32, shape=4096)


@ti.kernel
def fill(k: ti.f32):
    for i in x:
        x[i] = (i % 4) * k


@ti.kernel
def total() -> ti.f32:
    s = 0.0
    for i in x:
        s += x[i]
    return s


for i in range(10):
    fill(i)
print(total())
r = ti.profiler.query_kernel_profiler_info(fill.__name__)
print(r.counter, 0 <= r.min <= r.avg <= r.max, r.max > 0)
print(ti.profiler.query_kernel_profiler_info(total.__name__).counter)
ti.profiler.clear_kernel_profiler_info()
print(ti.profiler.query_kernel_profiler_info(fill.__name__).counter)
fill(1)
print(ti.profiler.query_kernel_profiler_info(fill.__name__).counter)

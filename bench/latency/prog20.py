# Latency bench: a 20-line program with one kernel, timed end to end
# (process start to exit) by bench/latency/run.
import taichi as ti

ti.init(arch=ti.cpu)

n = 1024
x = ti.field(ti.f32, shape=n)


@ti.kernel
def compute(scale: ti.f32) -> ti.f32:
    s = 0.0
    for i in range(n):
        x[i] = ti.sin(i * scale) * ti.sin(i * scale)
        s += x[i]
    return s


print("sum", compute(0.01))

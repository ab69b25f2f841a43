# tirun-only (Taichi prints the IR after every pass): which field atomics the
# demotion turns into a load and a store. m[i, j] and the digits of a lowered
# struct-for are each iteration's own; h[i // 4] and h[i % 4] are shared and
# stay atomic. demote_field_atomics checks the results on all threads.
import taichi as ti

ti.init(print_ir=True, cpu_max_num_threads=1)

m = ti.field(ti.f32, (4, 8))
h = ti.field(ti.i32, 8)


@ti.kernel
def own():
    for i, j in m:
        m[i, j] += 1


@ti.kernel
def shared():
    for i in range(32):
        h[i // 4] += 1
    for i in range(8):
        h[i] += 1
        h[i % 4] += 1


own()
shared()
print(m[3, 7], h[0], h[7])

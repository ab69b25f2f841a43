# On one thread a task's field atomics are plain loads and stores (nothing
# races them): every op and type still updates as an atomic does and yields
# the old value, also when many iterations hit one element.
import taichi as ti

ti.init(arch=ti.cpu, cpu_max_num_threads=1)

f = ti.field(ti.f32, 4)
d = ti.field(ti.f64, 4)
i = ti.field(ti.i32, 8)
u = ti.field(ti.u8, 2)
olds = ti.field(ti.i32, 64)


@ti.kernel
def scatter():
    for p in range(64):
        f[p % 4] += 0.5
        d[p % 4] -= 0.25
        ti.atomic_max(i[0], p)
        ti.atomic_min(i[1], -p)
        i[2] |= 1 << (p % 31)
        i[3] ^= p
        ti.atomic_and(i[4], ~(1 << (p % 8)))
        u[0] += ti.cast(7, ti.u8)
        olds[p] = ti.atomic_add(i[5], 2)


i[4] = -1
scatter()
print(f[0], f[3], d[1])
print(i[0], i[1], i[2], i[3], i[4], i[5], u[0])
print(sorted([olds[p] for p in range(64)])[-3:], olds[0], olds[63])

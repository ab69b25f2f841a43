# Augmented assignments on vector / matrix field elements are atomic, entry by
# entry, as on scalar fields: += -= &= |= ^= on vf[I], on one entry vf[I][k] /
# mf[I][i, j] / vf[I].x, and ti.atomic_add on vf[I] (which returns the old
# values). Two threads adding into the same elements must all count.
import taichi as ti

ti.init(arch=ti.cpu, cpu_max_num_threads=2)
N = 200000
vf = ti.Vector.field(2, ti.i32, shape=4)
mf = ti.Matrix.field(2, 2, ti.f32, shape=2)
bits = ti.Vector.field(2, ti.i32, shape=())


@ti.kernel
def scatter():
    for i in range(N):
        vf[i % 2] += ti.Vector([1, 2])
        vf[2][0] += 1
        vf[2][1] -= 1
        vf[3].x += 1
        mf[0] += ti.Matrix([[1.0, 0.0], [0.0, 1.0]])
        mf[1][0, 1] += 1.0
        mf[1] -= 0.5
        ti.atomic_add(vf[3], ti.Vector([0, 1]))
        bits[None] |= ti.Vector([1 << (i % 3), 1 << (i % 5)])


@ti.kernel
def old_values() -> ti.i32:
    old = ti.atomic_add(vf[0], ti.Vector([5, 5]))
    return old[0] * 10 + old[1]


@ti.kernel
def local_vector() -> ti.i32:
    v = ti.Vector([1, 2])
    v += ti.Vector([10, 20])
    v[0] -= 3
    v ^= 1
    return v[0] * 100 + v[1]


def show(f, n, m):
    return [[f[i][j] if m == 1 else [f[i][j, k] for k in range(m)] for j in range(n)] for i in range(f.shape[0])]


scatter()
print(show(vf, 2, 1))
print(show(mf, 2, 2))
print(bits[None][0], bits[None][1])
print(old_values(), vf[0][0], vf[0][1])
print(local_vector())

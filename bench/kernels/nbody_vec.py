# Bench kernel: bench/kernels/nbody.py with ti.Vector fields of 3 f32 (positions,
# accelerations) and vector arithmetic in the O(n^2) inner loop over 4096 bodies.
# Prints `nbody_vec <seconds per iteration> <checksum>`; optional argv[1] = repetitions.
import sys
import time

import taichi as ti

ti.init(arch=ti.cpu)

N = 4096
pos = ti.Vector.field(3, ti.f32, shape=N)
acc = ti.Vector.field(3, ti.f32, shape=N)


@ti.kernel
def init():
    for i in range(N):
        pos[i] = ti.Vector([(i % 64) * 0.25, (i // 64) * 0.25, (i % 7) * 0.5])


@ti.kernel
def forces():
    for i in range(N):
        pi = pos[i]
        f = ti.Vector([0.0, 0.0, 0.0])
        for j in range(N):
            d = pos[j] - pi
            r2 = d.dot(d) + 0.01
            f += d / (r2 * ti.sqrt(r2))
        acc[i] = f


@ti.kernel
def checksum() -> ti.f32:
    s = 0.0
    for i in range(N):
        s += ti.abs(acc[i][0]) + ti.abs(acc[i][1]) + ti.abs(acc[i][2])
    return s


reps = int(sys.argv[1]) if len(sys.argv) > 1 else 10
init()
forces()  # warm-up: the first call compiles
check = checksum()
ti.sync()
t0 = time.perf_counter()
for r in range(reps):
    forces()
ti.sync()
t = (time.perf_counter() - t0) / reps
print("nbody_vec", t, check)

# Bench kernel: one Jacobi step of the 5-point stencil from a to b on a 2048x2048 f32
# grid (interior points only). Prints `stencil <seconds per iteration> <checksum>`;
# optional argv[1] = repetitions.
import sys
import time

import taichi as ti

ti.init(arch=ti.cpu)

N = 2048
a = ti.field(ti.f32, shape=(N, N))
b = ti.field(ti.f32, shape=(N, N))


@ti.kernel
def init():
    for i, j in ti.ndrange(N, N):
        a[i, j] = ((i * 3 + j * 7) % 11) * 0.5
        b[i, j] = 0.0


@ti.kernel
def jacobi():
    for i, j in ti.ndrange((1, N - 1), (1, N - 1)):
        b[i, j] = 0.25 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
init()
jacobi()  # warm-up: the first call compiles
ti.sync()
t0 = time.perf_counter()
for r in range(reps):
    jacobi()
ti.sync()
t = (time.perf_counter() - t0) / reps

check = 0.0
for k in range(1, 17):
    check += b[k * 127, k * 113 + 5]
print("stencil", t, check)

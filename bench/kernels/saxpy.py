# Bench kernel: saxpy y = a*x + y in place over two 64 MB f32 fields (16M elements).
# Prints `saxpy <seconds per iteration> <checksum>`; optional argv[1] = repetitions.
# y grows by a*x on every call, so the checksum depends on the repetitions.
import sys
import time

import taichi as ti

ti.init(arch=ti.cpu)

N = 16 * 1024 * 1024
x = ti.field(ti.f32, shape=N)
y = ti.field(ti.f32, shape=N)


@ti.kernel
def init():
    for i in range(N):
        x[i] = (i % 7) * 0.125
        y[i] = (i % 5) * 0.5


@ti.kernel
def saxpy(a: ti.f32):
    for i in range(N):
        y[i] = a * x[i] + y[i]


reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
init()
saxpy(0.5)  # warm-up: the first call compiles
ti.sync()
t0 = time.perf_counter()
for r in range(reps):
    saxpy(0.5)
ti.sync()
t = (time.perf_counter() - t0) / reps

check = 0.0
for k in range(16):
    check += y[k * (N // 16) + k]
print("saxpy", t, check)

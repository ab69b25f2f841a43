# Bench kernel: fill a 64 MB f32 field (16M elements) with one value.
# Prints `fill <seconds per iteration> <checksum>`; optional argv[1] = repetitions.
import sys
import time

import taichi as ti

ti.init(arch=ti.cpu)

N = 16 * 1024 * 1024
a = ti.field(ti.f32, shape=N)


@ti.kernel
def fill(v: ti.f32):
    for i in range(N):
        a[i] = v


reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
fill(0.0)  # warm-up: the first call compiles
ti.sync()
t0 = time.perf_counter()
for r in range(reps):
    fill(1.25)
ti.sync()
t = (time.perf_counter() - t0) / reps

check = 0.0
for k in range(16):
    check += a[k * (N // 16) + k]
print("fill", t, check)

# Bench kernel: sum of a 64 MB f32 field (16M elements) into a kernel-scope
# accumulator returned from the kernel. Prints `reduction <seconds per iteration>
# <checksum>`; optional argv[1] = repetitions. The values are multiples of 0.5 and
# every partial sum stays below 2**23, so the f32 sum is exact in any order.
import sys
import time

import taichi as ti

ti.init(arch=ti.cpu)

N = 16 * 1024 * 1024
x = ti.field(ti.f32, shape=N)


@ti.kernel
def init():
    for i in range(N):
        x[i] = (i % 3) * 0.5


@ti.kernel
def total() -> ti.f32:
    s = 0.0
    for i in range(N):
        s += x[i]
    return s


reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
init()
check = total()  # warm-up: the first call compiles
ti.sync()
t0 = time.perf_counter()
for r in range(reps):
    check = total()
ti.sync()
t = (time.perf_counter() - t0) / reps
print("reduction", t, check)

# Bench kernel: a histogram of 16M values into 256 bins with ti.atomic_add on an
# i32 field (contended atomics: each chunk of the parallel loop hits every bin).
# Prints `histogram <seconds per iteration> <checksum>`; optional argv[1] = repetitions.
# The checksum is a weighted sum of the bins, exact in any order.
import sys
import time

import taichi as ti

ti.init(arch=ti.cpu)

N = 16 * 1024 * 1024
B = 256
data = ti.field(ti.i32, shape=N)
bins = ti.field(ti.i32, shape=B)


@ti.kernel
def init():
    for i in range(N):
        data[i] = ((i ^ (i >> 7)) * 37) % 1000003


@ti.kernel
def histogram():
    for b in range(B):
        bins[b] = 0
    for i in range(N):
        ti.atomic_add(bins[data[i] % B], 1)


@ti.kernel
def checksum() -> ti.f64:
    s = 0.0
    for b in range(B):
        s += ti.cast(bins[b], ti.f64) * (b + 1)
    return s


reps = int(sys.argv[1]) if len(sys.argv) > 1 else 10
init()
histogram()  # warm-up: the first call compiles
ti.sync()
t0 = time.perf_counter()
for r in range(reps):
    histogram()
ti.sync()
t = (time.perf_counter() - t0) / reps
print("histogram", t, checksum())

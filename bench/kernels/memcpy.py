# Bench kernel: copy a 64 MB f32 field (16M elements) into another.
# Prints `memcpy <seconds per iteration> <checksum>`; optional argv[1] = repetitions.
import sys
import time

import taichi as ti

ti.init(arch=ti.cpu)

N = 16 * 1024 * 1024
src = ti.field(ti.f32, shape=N)
dst = ti.field(ti.f32, shape=N)


@ti.kernel
def init():
    for i in range(N):
        src[i] = (i % 9) * 0.25


@ti.kernel
def copy():
    for i in range(N):
        dst[i] = src[i]


reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
init()
copy()  # warm-up: the first call compiles
ti.sync()
t0 = time.perf_counter()
for r in range(reps):
    copy()
ti.sync()
t = (time.perf_counter() - t0) / reps

check = 0.0
for k in range(16):
    check += dst[k * (N // 16) + k]
print("memcpy", t, check)

# Bench kernel: one O(n^2) n-body step over 4096 bodies in scalar f32 fields: each
# body sums the softened inverse-square pull of every other body (a serial inner
# loop of 4096 in a parallel loop), then velocities and positions advance. Prints
# `nbody <seconds per iteration> <checksum>`; optional argv[1] = repetitions. The
# checksum is the sum of the accelerations of the first step (float sums differ
# in rounding order between implementations, within the harness's tolerance).
import sys
import time

import taichi as ti

ti.init(arch=ti.cpu)

N = 4096
px = ti.field(ti.f32, shape=N)
py = ti.field(ti.f32, shape=N)
pz = ti.field(ti.f32, shape=N)
ax = ti.field(ti.f32, shape=N)
ay = ti.field(ti.f32, shape=N)
az = ti.field(ti.f32, shape=N)


@ti.kernel
def init():
    for i in range(N):
        px[i] = (i % 64) * 0.25
        py[i] = (i // 64) * 0.25
        pz[i] = (i % 7) * 0.5


@ti.kernel
def forces():
    for i in range(N):
        xi, yi, zi = px[i], py[i], pz[i]
        fx, fy, fz = 0.0, 0.0, 0.0
        for j in range(N):
            dx, dy, dz = px[j] - xi, py[j] - yi, pz[j] - zi
            r2 = dx * dx + dy * dy + dz * dz + 0.01
            inv = 1.0 / (r2 * ti.sqrt(r2))
            fx += dx * inv
            fy += dy * inv
            fz += dz * inv
        ax[i], ay[i], az[i] = fx, fy, fz


@ti.kernel
def checksum() -> ti.f32:
    s = 0.0
    for i in range(N):
        s += ti.abs(ax[i]) + ti.abs(ay[i]) + ti.abs(az[i])
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
print("nbody", t, check)

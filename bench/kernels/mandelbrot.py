# Bench kernel: Mandelbrot iteration counts (i32, at most 100) for a 2048x2048 image
# of [-2, 1] x [-1.5, 1.5] in f32. Prints `mandelbrot <seconds per iteration>
# <checksum>`, the checksum being the sum of all counts (summed by an untimed kernel);
# optional argv[1] = repetitions.
import sys
import time

import taichi as ti

ti.init(arch=ti.cpu)

N = 2048
MAX_ITER = 100
img = ti.field(ti.i32, shape=(N, N))


@ti.kernel
def mandelbrot():
    for i, j in ti.ndrange(N, N):
        cr = -2.0 + j * (3.0 / N)
        ci = -1.5 + i * (3.0 / N)
        zr = 0.0
        zi = 0.0
        k = 0
        while k < MAX_ITER and zr * zr + zi * zi <= 4.0:
            zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
            k += 1
        img[i, j] = k


@ti.kernel
def count_sum() -> ti.i32:
    s = 0
    for i, j in ti.ndrange(N, N):
        s += img[i, j]
    return s


reps = int(sys.argv[1]) if len(sys.argv) > 1 else 10
mandelbrot()  # warm-up: the first call compiles
ti.sync()
t0 = time.perf_counter()
for r in range(reps):
    mandelbrot()
ti.sync()
t = (time.perf_counter() - t0) / reps
print("mandelbrot", t, count_sum())

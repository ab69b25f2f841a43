# Bench kernel: a 3x3 SVD (ti.svd, f32) per element of a field of 1M matrices,
# keeping each one's rotation U V^T and singular values (as an MPM step does).
# Prints `svd3 <seconds per iteration> <checksum>`; optional argv[1] = repetitions.
# No C version: the comparison is tirun vs Taichi.
import sys
import time

import taichi as ti

ti.init(arch=ti.cpu)

N = 1024 * 1024
F = ti.Matrix.field(3, 3, ti.f32, shape=N)
R = ti.Matrix.field(3, 3, ti.f32, shape=N)
sig = ti.Vector.field(3, ti.f32, shape=N)


@ti.kernel
def init():
    for i in range(N):
        for j, k in ti.static(ti.ndrange(3, 3)):
            # deformation-gradient-like: the identity plus a perturbation in [-0.5, 0.5)
            F[i][j, k] = ((i * 7 + j * 13 + k * 29) % 17) / 17.0 - 0.5 + (1.0 if j == k else 0.0)


@ti.kernel
def svd3():
    for i in range(N):
        U, S, V = ti.svd(F[i])
        R[i] = U @ V.transpose()
        sig[i] = ti.Vector([S[0, 0], S[1, 1], S[2, 2]])


reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
init()
svd3()  # warm-up: the first call compiles
ti.sync()
t0 = time.perf_counter()
for r in range(reps):
    svd3()
ti.sync()
t = (time.perf_counter() - t0) / reps

check = 0.0
for k in range(16):
    e = k * (N // 16) + k * 5
    check += sig[e][0] + sig[e][1] + sig[e][2] + R[e][0, 0] + R[e][1, 1] + R[e][2, 2]
print("svd3", t, check)

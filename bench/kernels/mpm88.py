# Bench: substeps per second of Taichi's mpm88 example
# (python/taichi/examples/simulation/mpm88.py): its fields and its substep kernel
# exactly as there; the particles start on a jittered grid instead of ti.random()
# (so that every implementation computes the same) and no GUI is opened. Prints
# `mpm88 <seconds per substep> <checksum>`; optional argv[1] = substeps timed.
# TI_CPU_MAX_NUM_THREADS=1 in the environment runs it on one thread (mpm88_1t).
import sys
import time

import taichi as ti

ti.init(arch=ti.cpu)
n_particles = 8192
n_grid = 128
dx = 1 / n_grid
dt = 2e-4

p_rho = 1
p_vol = (dx * 0.5) ** 2
p_mass = p_vol * p_rho
gravity = 9.8
bound = 3
E = 400

x = ti.Vector.field(2, float, n_particles)
v = ti.Vector.field(2, float, n_particles)
C = ti.Matrix.field(2, 2, float, n_particles)
J = ti.field(float, n_particles)

grid_v = ti.Vector.field(2, float, (n_grid, n_grid))
grid_m = ti.field(float, (n_grid, n_grid))


@ti.kernel
def substep():
    for i, j in grid_m:
        grid_v[i, j] = [0, 0]
        grid_m[i, j] = 0
    for p in x:
        Xp = x[p] / dx
        base = int(Xp - 0.5)
        fx = Xp - base
        w = [0.5 * (1.5 - fx) ** 2, 0.75 - (fx - 1) ** 2, 0.5 * (fx - 0.5) ** 2]
        stress = -dt * 4 * E * p_vol * (J[p] - 1) / dx**2
        affine = ti.Matrix([[stress, 0], [0, stress]]) + p_mass * C[p]
        for i, j in ti.static(ti.ndrange(3, 3)):
            offset = ti.Vector([i, j])
            dpos = (offset - fx) * dx
            weight = w[i].x * w[j].y
            grid_v[base + offset] += weight * (p_mass * v[p] + affine @ dpos)
            grid_m[base + offset] += weight * p_mass
    for i, j in grid_m:
        if grid_m[i, j] > 0:
            grid_v[i, j] /= grid_m[i, j]
        grid_v[i, j].y -= dt * gravity
        if i < bound and grid_v[i, j].x < 0:
            grid_v[i, j].x = 0
        if i > n_grid - bound and grid_v[i, j].x > 0:
            grid_v[i, j].x = 0
        if j < bound and grid_v[i, j].y < 0:
            grid_v[i, j].y = 0
        if j > n_grid - bound and grid_v[i, j].y > 0:
            grid_v[i, j].y = 0
    for p in x:
        Xp = x[p] / dx
        base = int(Xp - 0.5)
        fx = Xp - base
        w = [0.5 * (1.5 - fx) ** 2, 0.75 - (fx - 1) ** 2, 0.5 * (fx - 0.5) ** 2]
        new_v = ti.Vector.zero(float, 2)
        new_C = ti.Matrix.zero(float, 2, 2)
        for i, j in ti.static(ti.ndrange(3, 3)):
            offset = ti.Vector([i, j])
            dpos = (offset - fx) * dx
            weight = w[i].x * w[j].y
            g_v = grid_v[base + offset]
            new_v += weight * g_v
            new_C += 4 * weight * g_v.outer_product(dpos) / dx**2
        v[p] = new_v
        x[p] += dt * v[p]
        J[p] *= 1 + dt * new_C.trace()
        C[p] = new_C


@ti.kernel
def init():
    for i in range(n_particles):
        x[i] = [(i % 91) / 91 * 0.4 + 0.2 + (i % 7) * 1e-4, (i // 91) / 91 * 0.4 + 0.2]
        v[i] = [0, -1]
        J[i] = 1


@ti.kernel
def checksum() -> ti.f64:
    s = 0.0
    for p in x:
        s += ti.cast(x[p][0] + 2 * x[p][1] + 0.01 * ti.abs(v[p][1]), ti.f64)
    return s


reps = int(sys.argv[1]) if len(sys.argv) > 1 else 500
init()
for s in range(50):  # warm-up: the first call compiles
    substep()
ti.sync()
t0 = time.perf_counter()
for r in range(reps):
    substep()
ti.sync()
t = (time.perf_counter() - t0) / reps
print("mpm88", t, checksum())

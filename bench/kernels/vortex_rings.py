# Bench kernel: the advection step of Taichi's vortex_rings example
# (python/taichi/examples/simulation/vortex_rings.py, its kernels and funcs as
# they are there): 200k tracers, each summing the velocity of 4 vortices three
# times in short serial loops inside the parallel loop. The tracers start on a
# grid instead of ti.random() so that every implementation computes the same.
# Prints `vortex_rings <seconds per iteration (4 substeps)> <checksum>`;
# optional argv[1] = repetitions.
import math
import sys
import time

import taichi as ti

ti.init(arch=ti.cpu)

eps = 0.01
dt = 0.1

n_vortex = 4
n_tracer = 200000

pos = ti.Vector.field(2, ti.f32, shape=n_vortex)
new_pos = ti.Vector.field(2, ti.f32, shape=n_vortex)
vort = ti.field(ti.f32, shape=n_vortex)

tracer = ti.Vector.field(2, ti.f32, shape=n_tracer)


@ti.func
def compute_u_single(p, i):
    r2 = (p - pos[i]).norm() ** 2
    uv = ti.Vector([pos[i].y - p.y, p.x - pos[i].x])
    return vort[i] * uv / (r2 * math.pi) * 0.5 * (1.0 - ti.exp(-r2 / eps**2))


@ti.func
def compute_u_full(p):
    u = ti.Vector([0.0, 0.0])
    for i in range(n_vortex):
        u += compute_u_single(p, i)
    return u


@ti.kernel
def integrate_vortex():
    for i in range(n_vortex):
        v = ti.Vector([0.0, 0.0])
        for j in range(n_vortex):
            if i != j:
                v += compute_u_single(pos[i], j)
        new_pos[i] = pos[i] + dt * v

    for i in range(n_vortex):
        pos[i] = new_pos[i]


@ti.kernel
def advect():
    for i in range(n_tracer):
        # Ralston's third-order method
        p = tracer[i]
        v1 = compute_u_full(p)
        v2 = compute_u_full(p + v1 * dt * 0.5)
        v3 = compute_u_full(p + v2 * dt * 0.75)
        tracer[i] += (2 / 9 * v1 + 1 / 3 * v2 + 4 / 9 * v3) * dt


pos[0] = [0, 1]
pos[1] = [0, -1]
pos[2] = [0, 0.3]
pos[3] = [0, -0.3]
vort[0] = 1
vort[1] = -1
vort[2] = 1
vort[3] = -1


@ti.kernel
def init_tracers():
    for i in range(n_tracer):
        tracer[i] = [(i % 500) / 500 - 0.5, (i // 500) / 400 * 3 - 1.5]


@ti.kernel
def checksum() -> ti.f32:
    s = 0.0
    for i in range(n_tracer):
        s += ti.abs(tracer[i][0]) + ti.abs(tracer[i][1])
    return s


def frame():
    for s in range(4):  # substeps
        advect()
        integrate_vortex()


reps = int(sys.argv[1]) if len(sys.argv) > 1 else 10
init_tracers()
frame()  # warm-up: the first call compiles
ti.sync()
t0 = time.perf_counter()
for r in range(reps):
    frame()
ti.sync()
t = (time.perf_counter() - t0) / reps
print("vortex_rings", t, checksum())

# A 2-D fluid by the moving least squares material point method (MLS-MPM, as
# Taichi's 88-line mpm88): particles to grid, grid update with gravity and
# walls, grid to particles; particles drawn by splatting into an image field.
#   tirun examples/mpm88.py                      # a window (Escape quits)
#   tirun examples/mpm88.py --frames 50 --out f  # no window: f/frame-0001.png ...
import argparse
import os

import taichi as ti

parser = argparse.ArgumentParser(description="MLS-MPM fluid")
parser.add_argument("--frames", type=int, default=0, help="stop after this many frames (0: never)")
parser.add_argument("--out", default="", help="write each frame to OUT/frame-NNNN.png, without a window")
args = parser.parse_args()

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
RES = 512

x = ti.Vector.field(2, float, n_particles)
v = ti.Vector.field(2, float, n_particles)
C = ti.Matrix.field(2, 2, float, n_particles)
J = ti.field(float, n_particles)
grid_v = ti.Vector.field(2, float, (n_grid, n_grid))
grid_m = ti.field(float, (n_grid, n_grid))
img = ti.Vector.field(3, float, (RES, RES))


@ti.kernel
def substep():
    for i, j in grid_m:
        grid_v[i, j] = [0, 0]
        grid_m[i, j] = 0
    for p in x:
        Xp = x[p] / dx
        base = (Xp - 0.5).cast(int)
        fx = Xp - base
        w = [0.5 * (1.5 - fx) ** 2, 0.75 - (fx - 1) ** 2, 0.5 * (fx - 0.5) ** 2]
        stress = -dt * 4 * E * p_vol * (J[p] - 1) / dx**2
        affine = ti.Matrix([[stress, 0], [0, stress]]) + p_mass * C[p]
        for i, j in ti.static(ti.ndrange(3, 3)):
            dpos = (ti.Vector([i, j]) - fx) * dx
            weight = w[i][0] * w[j][1]
            grid_v[base[0] + i, base[1] + j] += weight * (p_mass * v[p] + affine @ dpos)
            grid_m[base[0] + i, base[1] + j] += weight * p_mass
    for i, j in grid_m:
        if grid_m[i, j] > 0:
            grid_v[i, j] /= grid_m[i, j]
        grid_v[i, j][1] -= dt * gravity
        if i < bound and grid_v[i, j][0] < 0:
            grid_v[i, j][0] = 0
        if i > n_grid - bound and grid_v[i, j][0] > 0:
            grid_v[i, j][0] = 0
        if j < bound and grid_v[i, j][1] < 0:
            grid_v[i, j][1] = 0
        if j > n_grid - bound and grid_v[i, j][1] > 0:
            grid_v[i, j][1] = 0
    for p in x:
        Xp = x[p] / dx
        base = (Xp - 0.5).cast(int)
        fx = Xp - base
        w = [0.5 * (1.5 - fx) ** 2, 0.75 - (fx - 1) ** 2, 0.5 * (fx - 0.5) ** 2]
        new_v = ti.Vector.zero(float, 2)
        new_C = ti.Matrix.zero(float, 2, 2)
        for i, j in ti.static(ti.ndrange(3, 3)):
            dpos = (ti.Vector([i, j]) - fx) * dx
            weight = w[i][0] * w[j][1]
            g_v = grid_v[base[0] + i, base[1] + j]
            new_v += weight * g_v
            new_C += 4 * weight * ti.Matrix([[g_v[0] * dpos[0], g_v[0] * dpos[1]],
                                             [g_v[1] * dpos[0], g_v[1] * dpos[1]]]) / dx**2
        v[p] = new_v
        x[p] += dt * v[p]
        J[p] *= 1 + dt * (new_C[0, 0] + new_C[1, 1])
        C[p] = new_C


@ti.kernel
def init():
    for i in range(n_particles):
        # a 128 x 64 block of particles, jittered by a fixed pattern
        a, b = i % 128, i // 128
        jitter = ti.Vector([ti.sin(i * 12.9898) * 0.5, ti.cos(i * 78.233) * 0.5]) * dx * 0.25
        x[i] = ti.Vector([0.2 + a * 0.4 / 128, 0.2 + b * 0.4 / 64]) + jitter
        v[i] = [0, -1]
        J[i] = 1


@ti.kernel
def render():
    for i, j in img:
        img[i, j] = ti.Vector([0.07, 0.11, 0.16])
    for p in x:
        px, py = int(x[p][0] * RES), int(x[p][1] * RES)
        if 0 <= px < RES and 0 <= py < RES:
            img[px, py] = ti.Vector([0.02, 0.52, 0.53])


@ti.kernel
def mean_height() -> ti.f64:
    s = ti.f64(0.0)
    for p in x:
        s += ti.cast(x[p][1], ti.f64)
    return s / n_particles


init()
gui = ti.GUI("MPM88", res=(RES, RES), show_gui=not args.out)
if args.out:
    os.makedirs(args.out, exist_ok=True)
frame = 0
while gui.running and (args.frames == 0 or frame < args.frames):
    if gui.get_event(ti.GUI.ESCAPE, ti.GUI.EXIT):
        break
    for s in range(50):
        substep()
    render()
    gui.set_image(img)
    frame += 1
    gui.show(os.path.join(args.out, "frame-%04d.png" % frame) if args.out else None)
print("frame %d: mean particle height %.3f" % (frame, mean_height()))

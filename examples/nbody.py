# N bodies under softened gravity, all pairs each substep (semi-implicit
# Euler), starting as a rotating disc; drawn by splatting each body into an
# image field with fading trails.
#   tirun examples/nbody.py                      # a window (Escape quits)
#   tirun examples/nbody.py --frames 50 --out f  # no window: f/frame-0001.png ...
import argparse
import os

import taichi as ti

parser = argparse.ArgumentParser(description="gravitational N-body simulation")
parser.add_argument("--frames", type=int, default=0, help="stop after this many frames (0: never)")
parser.add_argument("--out", default="", help="write each frame to OUT/frame-NNNN.png, without a window")
args = parser.parse_args()

ti.init(arch=ti.cpu)

N = 512
RES = 512
G = 1.0 / N
EPS = 1e-3
DT = 1e-4
SUBSTEPS = 10
pos = ti.Vector.field(2, ti.f32, shape=N)
vel = ti.Vector.field(2, ti.f32, shape=N)
force = ti.Vector.field(2, ti.f32, shape=N)
img = ti.field(ti.f32, shape=(RES, RES))


@ti.kernel
def initialize():
    for i in pos:
        # a disc of golden-angle spirals (deterministic), spinning about its centre
        r = 0.05 + 0.3 * ti.sqrt((i + 0.5) / N)
        a = i * 2.399963
        offset = ti.Vector([ti.cos(a), ti.sin(a)]) * r
        pos[i] = ti.Vector([0.5, 0.5]) + offset
        vel[i] = ti.Vector([-offset[1], offset[0]]) * (2.2 / ti.sqrt(r))


@ti.kernel
def compute_force():
    for i in pos:
        f = ti.Vector([0.0, 0.0])
        for j in range(N):
            if i != j:
                d = pos[j] - pos[i]
                r2 = d.norm_sqr() + EPS
                f += d * (G / (r2 * ti.sqrt(r2)))
        force[i] = f


@ti.kernel
def advance():
    for i in pos:
        vel[i] += force[i] * DT
        pos[i] += vel[i] * DT


@ti.kernel
def render():
    for i, j in img:
        img[i, j] *= 0.8
    for k in pos:
        x, y = int(pos[k][0] * RES), int(pos[k][1] * RES)
        for dx, dy in ti.static(ti.ndrange((-1, 2), (-1, 2))):
            if 0 <= x + dx < RES and 0 <= y + dy < RES:
                img[x + dx, y + dy] = 1.0


@ti.kernel
def kinetic_energy() -> ti.f64:
    e = ti.f64(0.0)
    for i in vel:
        e += 0.5 * ti.cast(vel[i].norm_sqr(), ti.f64)
    return e / N


initialize()
gui = ti.GUI("N-body", res=(RES, RES), show_gui=not args.out)
if args.out:
    os.makedirs(args.out, exist_ok=True)
frame = 0
while gui.running and (args.frames == 0 or frame < args.frames):
    if gui.get_event(ti.GUI.ESCAPE, ti.GUI.EXIT):
        break
    for _ in range(SUBSTEPS):
        compute_force()
        advance()
    render()
    gui.set_image(img)
    frame += 1
    gui.show(os.path.join(args.out, "frame-%04d.png" % frame) if args.out else None)
print("frame %d: kinetic energy per body %.3f" % (frame, kinetic_energy()))

# Stable fluids (Stam): a jet of dye pushed into still fluid; each step
# advects velocity and dye semi-Lagrangianly (bilinear back-tracing), then
# makes the velocity divergence-free with Jacobi iterations on the pressure.
#   tirun examples/fluid.py                      # a window (Escape quits)
#   tirun examples/fluid.py --frames 50 --out f  # no window: f/frame-0001.png ...
import argparse
import os

import taichi as ti

parser = argparse.ArgumentParser(description="stable fluids")
parser.add_argument("--frames", type=int, default=0, help="stop after this many frames (0: never)")
parser.add_argument("--out", default="", help="write each frame to OUT/frame-NNNN.png, without a window")
args = parser.parse_args()

ti.init(arch=ti.cpu)

N = 256
DT = 0.03
JACOBI = 30
vel = ti.Vector.field(2, ti.f32, shape=(N, N))
new_vel = ti.Vector.field(2, ti.f32, shape=(N, N))
dye = ti.Vector.field(3, ti.f32, shape=(N, N))
new_dye = ti.Vector.field(3, ti.f32, shape=(N, N))
pressure = ti.field(ti.f32, shape=(N, N))
new_pressure = ti.field(ti.f32, shape=(N, N))
div = ti.field(ti.f32, shape=(N, N))


@ti.func
def clamped(i, j):
    return ti.max(0, ti.min(N - 1, i)), ti.max(0, ti.min(N - 1, j))


@ti.func
def sample(f: ti.template(), x, y):
    """f bilinearly interpolated at (x, y), in cells, clamped to the edges."""
    i, j = clamped(int(ti.floor(x)), int(ti.floor(y)))
    i1, j1 = clamped(i + 1, j + 1)
    fx, fy = x - ti.floor(x), y - ti.floor(y)
    a = f[i, j] * (1 - fx) + f[i1, j] * fx
    b = f[i, j1] * (1 - fx) + f[i1, j1] * fx
    return a * (1 - fy) + b * fy


@ti.kernel
def advect():
    for i, j in vel:
        v = vel[i, j]
        x, y = i + 0.5 - v[0] * DT * N - 0.5, j + 0.5 - v[1] * DT * N - 0.5
        new_vel[i, j] = sample(vel, x, y)
        new_dye[i, j] = sample(dye, x, y) * 0.995
    for i, j in vel:
        vel[i, j] = new_vel[i, j]
        dye[i, j] = new_dye[i, j]


@ti.kernel
def inflow(t: ti.f32):
    for i, j in ti.ndrange((8, 20), (N // 2 - 10, N // 2 + 10)):
        vel[i, j] = ti.Vector([1.0, 0.3 * ti.sin(t * 2.0)])
        dye[i, j] = ti.Vector([0.9, 0.4 + 0.3 * ti.sin(t), 0.2])


@ti.kernel
def divergence():
    for i, j in vel:
        l, r = clamped(i - 1, j), clamped(i + 1, j)
        b, t = clamped(i, j - 1), clamped(i, j + 1)
        div[i, j] = 0.5 * (vel[r][0] - vel[l][0] + vel[t][1] - vel[b][1])
        pressure[i, j] = 0.0


@ti.kernel
def jacobi():
    for i, j in pressure:
        l, r = clamped(i - 1, j), clamped(i + 1, j)
        b, t = clamped(i, j - 1), clamped(i, j + 1)
        new_pressure[i, j] = 0.25 * (pressure[l] + pressure[r] + pressure[b] + pressure[t] - div[i, j])
    for i, j in pressure:
        pressure[i, j] = new_pressure[i, j]


@ti.kernel
def project():
    for i, j in vel:
        l, r = clamped(i - 1, j), clamped(i + 1, j)
        b, t = clamped(i, j - 1), clamped(i, j + 1)
        vel[i, j] -= 0.5 * ti.Vector([pressure[r] - pressure[l], pressure[t] - pressure[b]])


@ti.kernel
def total_dye() -> ti.f64:
    s = ti.f64(0.0)
    for i, j in dye:
        s += ti.cast(dye[i, j][0], ti.f64)
    return s


gui = ti.GUI("Stable fluids", res=(N, N), show_gui=not args.out)
if args.out:
    os.makedirs(args.out, exist_ok=True)
frame = 0
while gui.running and (args.frames == 0 or frame < args.frames):
    if gui.get_event(ti.GUI.ESCAPE, ti.GUI.EXIT):
        break
    for _ in range(2):
        inflow(frame * DT * 2)
        advect()
        divergence()
        for _ in range(JACOBI):
            jacobi()
        project()
    gui.set_image(dye)
    frame += 1
    gui.show(os.path.join(args.out, "frame-%04d.png" % frame) if args.out else None)
print("frame %d: dye about %d00" % (frame, round(total_dye() / 100)))

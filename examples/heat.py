# Heat spreading through a plate: an explicit finite-difference step of the
# heat equation per substep, a hot ring held at 1 and cold edges held at 0,
# drawn through a blue-to-red colour map.
#   tirun examples/heat.py                      # a window (Escape quits)
#   tirun examples/heat.py --frames 50 --out f  # no window: f/frame-0001.png ...
import argparse
import os

import taichi as ti

parser = argparse.ArgumentParser(description="heat diffusion on a plate")
parser.add_argument("--frames", type=int, default=0, help="stop after this many frames (0: never)")
parser.add_argument("--out", default="", help="write each frame to OUT/frame-NNNN.png, without a window")
args = parser.parse_args()

ti.init(arch=ti.cpu)

N = 256
SUBSTEPS = 20
ALPHA = 0.24
temp = ti.field(ti.f32, shape=(N, N))
new = ti.field(ti.f32, shape=(N, N))
img = ti.Vector.field(3, ti.f32, shape=(N, N))


@ti.func
def source(x, y):
    # a ring of radius 40 around (96, 128), and a bar along the top
    d2 = (x - 96) ** 2 + (y - 128) ** 2
    return (d2 <= 45 * 45 and d2 >= 35 * 35) or (y > 200 and y < 210 and x > 150 and x < 230)


@ti.kernel
def step():
    for x, y in ti.ndrange((1, N - 1), (1, N - 1)):
        lap = temp[x - 1, y] + temp[x + 1, y] + temp[x, y - 1] + temp[x, y + 1] - 4.0 * temp[x, y]
        new[x, y] = temp[x, y] + ALPHA * lap
    for x, y in ti.ndrange((1, N - 1), (1, N - 1)):
        temp[x, y] = new[x, y]
        if source(x, y):
            temp[x, y] = 1.0


@ti.kernel
def render():
    for x, y in img:
        t = temp[x, y]
        img[x, y] = ti.Vector([ti.min(1.0, 2.0 * t), ti.min(1.0, 2.0 * t * (1.0 - t) + 0.1), 1.0 - t])


@ti.kernel
def total() -> ti.f64:
    s = ti.f64(0.0)
    for x, y in temp:
        s += ti.cast(temp[x, y], ti.f64)
    return s


gui = ti.GUI("Heat", res=(N, N), show_gui=not args.out)
if args.out:
    os.makedirs(args.out, exist_ok=True)
frame = 0
while gui.running and (args.frames == 0 or frame < args.frames):
    if gui.get_event(ti.GUI.ESCAPE, ti.GUI.EXIT):
        break
    for _ in range(SUBSTEPS):
        step()
    render()
    gui.set_image(img)
    frame += 1
    gui.show(os.path.join(args.out, "frame-%04d.png" % frame) if args.out else None)
print("frame %d: total heat %.1f" % (frame, total()))

# A Julia set whose constant turns with time: one kernel per frame colours
# every pixel by how fast z -> z^2 + c escapes (complex numbers as ti.Vector).
#   tirun examples/fractal.py                      # a window (Escape quits)
#   tirun examples/fractal.py --frames 50 --out f  # no window: f/frame-0001.png ...
import argparse
import math
import os

import taichi as ti

parser = argparse.ArgumentParser(description="an animated Julia set")
parser.add_argument("--frames", type=int, default=0, help="stop after this many frames (0: never)")
parser.add_argument("--out", default="", help="write each frame to OUT/frame-NNNN.png, without a window")
args = parser.parse_args()

ti.init(arch=ti.cpu)

W, H = 640, 320
ITERATIONS = 50
pixels = ti.Vector.field(3, ti.f32, shape=(W, H))


@ti.func
def complex_sqr(z):
    return ti.Vector([z[0] * z[0] - z[1] * z[1], z[1] * z[0] * 2])


@ti.kernel
def paint(t: ti.f32):
    for i, j in pixels:
        c = ti.Vector([-0.8, ti.cos(t) * 0.2])
        z = ti.Vector([i / H - 1, j / H - 0.5]) * 2
        n = 0
        while n < ITERATIONS and z.norm() < 20:
            z = complex_sqr(z) + c
            n += 1
        v = n / ITERATIONS
        pixels[i, j] = ti.Vector([v, v * v, 1 - v]) * (1 - 0.5 * v)


@ti.kernel
def escaped() -> ti.i32:
    count = 0
    for i, j in pixels:
        if pixels[i, j][2] < 0.25:
            count += 1
    return count


gui = ti.GUI("Julia set", res=(W, H), show_gui=not args.out)
if args.out:
    os.makedirs(args.out, exist_ok=True)
frame = 0
while gui.running and (args.frames == 0 or frame < args.frames):
    if gui.get_event(ti.GUI.ESCAPE, ti.GUI.EXIT):
        break
    paint(frame * 0.03 + math.pi / 3)
    gui.set_image(pixels)
    frame += 1
    gui.show(os.path.join(args.out, "frame-%04d.png" % frame) if args.out else None)
print("frame %d: %d slow pixels" % (frame, escaped()))

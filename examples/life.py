# Conway's game of life on a torus, one kernel per generation, seeded with a
# row of R-pentominoes (deterministic, so every run is the same).
#   tirun examples/life.py                      # a window (Escape quits)
#   tirun examples/life.py --frames 50 --out f  # no window: f/frame-0001.png ...
import argparse
import os

import taichi as ti

parser = argparse.ArgumentParser(description="Conway's game of life")
parser.add_argument("--frames", type=int, default=0, help="stop after this many frames (0: never)")
parser.add_argument("--out", default="", help="write each frame to OUT/frame-NNNN.png, without a window")
args = parser.parse_args()

ti.init(arch=ti.cpu)

N = 128
CELL = 4
alive = ti.field(ti.i32, shape=(N, N))
count = ti.field(ti.i32, shape=(N, N))
img = ti.field(ti.f32, shape=(N * CELL, N * CELL))


@ti.kernel
def seed():
    for x, y in alive:
        alive[x, y] = 0
    for k in range(5):
        cx, cy = 20 + k * 22, 64 + (k % 2) * 10
        # the R-pentomino: .## / ##. / .#.
        alive[cx, cy + 1] = 1
        alive[cx + 1, cy + 1] = 1
        alive[cx - 1, cy] = 1
        alive[cx, cy] = 1
        alive[cx, cy - 1] = 1


@ti.kernel
def step():
    for x, y in alive:
        n = 0
        for dx, dy in ti.static(ti.ndrange((-1, 2), (-1, 2))):
            if ti.static(dx != 0 or dy != 0):
                n += alive[(x + dx + N) % N, (y + dy + N) % N]
        count[x, y] = n
    for x, y in alive:
        n = count[x, y]
        if alive[x, y] == 1:
            alive[x, y] = 1 if n == 2 or n == 3 else 0
        else:
            alive[x, y] = 1 if n == 3 else 0


@ti.kernel
def population() -> ti.i32:
    total = 0
    for x, y in alive:
        total += alive[x, y]
    return total


@ti.kernel
def render():
    for i, j in img:
        x, y = i // CELL, j // CELL
        img[i, j] = 0.08 + 0.85 * alive[x, y]


seed()
gui = ti.GUI("Game of Life", res=(N * CELL, N * CELL), show_gui=not args.out)
if args.out:
    os.makedirs(args.out, exist_ok=True)
frame = 0
while gui.running and (args.frames == 0 or frame < args.frames):
    for e in gui.get_events(ti.GUI.PRESS):
        if e.key in (ti.GUI.ESCAPE, ti.GUI.EXIT):
            gui.running = False
    step()
    render()
    gui.set_image(img)
    frame += 1
    gui.show(os.path.join(args.out, "frame-%04d.png" % frame) if args.out else None)
print("generation %d: %d cells alive" % (frame, population()))

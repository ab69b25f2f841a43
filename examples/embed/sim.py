# A particle fountain for examples/embed/game: sparks shoot up from the floor,
# fall under gravity, bounce off the walls of the box and leave glowing
# trails. The game calls step(dt, mx, my, pull) and render() every frame and
# draws the field `img`; width() and height() give its size.
#
# Edit and save this file while the game runs: it runs again in the same
# runtime. The fields are made on the first run only, so a reload keeps the
# sparks where they are and changes only what the kernels do.
import taichi as ti

W, H = 320, 240         # the image, in pixels; also the box the sparks fly in
N = 6000                # sparks
GRAVITY = 260.0         # pixels / s^2
BOUNCE = 0.7            # the speed a wall gives back
FADE = 0.86             # how much of a trail is left after a frame
PULL = 900.0            # how hard the mouse button pulls, pixels / s^2

# A reload with another size (or none made yet) starts afresh.
if "img" not in globals() or img.shape != (H, W) or pos.shape != (N,):
    ti.init(arch=ti.cpu, random_seed=1)
    pos = ti.Vector.field(2, ti.f32, shape=N)     # pixels, y up
    vel = ti.Vector.field(2, ti.f32, shape=N)
    life = ti.field(ti.f32, shape=N)              # seconds left; < 0: seconds till launch
    img = ti.Vector.field(3, ti.f32, shape=(H, W))   # RGB in [0, 1], row 0 on top
    fresh = True
else:
    fresh = False


def width():
    return W


def height():
    return H


@ti.func
def spawn(i):
    pos[i] = ti.Vector([W * 0.5 + (ti.random() - 0.5) * 12.0, 2.0])
    angle = (ti.random() - 0.5) * 1.1
    speed = 200.0 + ti.random() * 110.0
    vel[i] = ti.Vector([ti.sin(angle), ti.cos(angle)]) * speed
    life[i] = 1.5 + ti.random() * 2.5


@ti.kernel
def start():
    for i in pos:
        spawn(i)
        life[i] = -ti.random() * 3.0    # launched one after another, so the fountain flows


@ti.kernel
def step(dt: ti.f32, mx: ti.f32, my: ti.f32, pull: ti.i32):
    for i in pos:
        if life[i] < 0.0:
            life[i] += dt
            if life[i] >= 0.0:
                spawn(i)
            continue
        life[i] -= dt
        if life[i] <= 0.0:
            spawn(i)
        v = vel[i] + ti.Vector([0.0, -GRAVITY]) * dt
        if pull != 0:
            d = ti.Vector([mx, my]) - pos[i]
            v += d / (d.norm() + 8.0) * PULL * dt
        p = pos[i] + v * dt
        if p[0] < 0.0:
            p[0] = -p[0]
            v[0] = -v[0] * BOUNCE
        if p[0] > W - 1.0:
            p[0] = 2.0 * (W - 1.0) - p[0]
            v[0] = -v[0] * BOUNCE
        if p[1] < 0.0:
            p[1] = -p[1]
            v[1] = -v[1] * BOUNCE
        if p[1] > H - 1.0:
            p[1] = 2.0 * (H - 1.0) - p[1]
            v[1] = -v[1] * BOUNCE
        pos[i] = p
        vel[i] = v


@ti.kernel
def render():
    for y, x in img:
        img[y, x] *= FADE
    for i in pos:
        # hot sparks are white-yellow, slow ones glow orange, dying ones red
        heat = ti.min(vel[i].norm() / 300.0, 1.0)
        glow = ti.min(life[i], 1.0)
        c = ti.Vector([1.0, 0.35 + 0.6 * heat, 0.1 + 0.7 * heat * heat]) * (0.35 * glow)
        x = ti.cast(pos[i][0], ti.i32)
        y = H - 1 - ti.cast(pos[i][1], ti.i32)
        if life[i] > 0.0 and 0 <= x < W and 0 <= y < H:
            img[y, x] += c


if fresh:
    start()

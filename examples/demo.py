# A Taichi simulation that tirun runs without CPython: heat diffusing through a
# 2-D plate with a hot square, stepped by kernels on every CPU core and drawn
# as ASCII shades from Python scope every few steps.
import taichi as ti

ti.init(arch=ti.cpu)

W, H = 48, 16
SHADES = " .:-=+*#%@"
ALPHA = 0.2

temp = ti.field(ti.f32, shape=(H, W))
new = ti.field(ti.f32, shape=(H, W))


@ti.kernel
def heat_source():
    for y, x in ti.ndrange((6, 10), (10, 14)):
        temp[y, x] = 100.0


@ti.kernel
def step():
    """One explicit finite-difference step of the heat equation (fixed borders)."""
    for y, x in ti.ndrange((1, H - 1), (1, W - 1)):
        lap = temp[y - 1, x] + temp[y + 1, x] + temp[y, x - 1] + temp[y, x + 1] - 4.0 * temp[y, x]
        new[y, x] = temp[y, x] + ALPHA * lap
    for y, x in ti.ndrange((1, H - 1), (1, W - 1)):
        temp[y, x] = new[y, x]


@ti.kernel
def total() -> ti.f64:
    s = 0.0
    for y, x in temp:
        s += ti.cast(temp[y, x], ti.f64)
    return s


def draw(t):
    rows = [[temp[y, x] for x in range(W)] for y in range(H)]
    hottest = max(max(row) for row in rows) or 1.0
    print(f"t = {t:3d}   total heat = {total():8.1f}")
    for row in rows:
        print("".join(SHADES[min(int(v / hottest * (len(SHADES) - 1)), len(SHADES) - 1)] for v in row))
    print()


for t in range(121):
    heat_source()
    if t % 60 == 0:
        draw(t)
    step()

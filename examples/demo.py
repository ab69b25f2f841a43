# A Python-scope simulation (tirun runs it without CPython): heat diffusing
# through a 2-D plate with a hot spot, drawn as ASCII shades every few steps.
# Kernels (@ti.kernel) come with the compiler; this is the glue they live in.

W, H = 48, 16
SHADES = " .:-=+*#%@"


def step(grid, alpha=0.2):
    """One explicit finite-difference step of the heat equation (fixed borders)."""
    new = [row[:] for row in grid]
    for y in range(1, H - 1):
        up, row, down = grid[y - 1], grid[y], grid[y + 1]
        out = new[y]
        for x in range(1, W - 1):
            lap = up[x] + down[x] + row[x - 1] + row[x + 1] - 4.0 * row[x]
            out[x] = row[x] + alpha * lap
    return new


def draw(grid, t):
    hottest = max(max(row) for row in grid) or 1.0
    print(f"t = {t:3d}   total heat = {sum(map(sum, grid)):8.3f}")
    for row in grid:
        print("".join(SHADES[min(int(v / hottest * (len(SHADES) - 1)), len(SHADES) - 1)] for v in row))
    print()


grid = [[0.0] * W for _ in range(H)]
for t in range(121):
    # a source that keeps heating a small square
    for y in range(6, 10):
        for x in range(10, 14):
            grid[y][x] = 100.0
    if t % 60 == 0:
        draw(grid, t)
    grid = step(grid)

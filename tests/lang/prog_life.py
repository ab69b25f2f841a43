# Conway's Game of Life on a small torus, printed generation by generation.
W, H = 12, 8
def step(live):
    counts = {}
    for (x, y) in live:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    key = ((x + dx) % W, (y + dy) % H)
                    counts[key] = counts.get(key, 0) + 1
    return {cell for cell, n in counts.items() if n == 3 or (n == 2 and cell in live)}
def show(live):
    return "\n".join("".join("#" if (x, y) in live else "." for x in range(W)) for y in range(H))
glider = {(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)}
blinker = {(8, 4), (9, 4), (10, 4)}
live = glider | blinker
for gen in range(4):
    print(f"generation {gen}: {len(live)} cells")
    print(show(live))
    live = step(live)
for _ in range(40):
    live = step(live)
print("after 44 generations:", len(live), "cells,", sorted(live)[:5])

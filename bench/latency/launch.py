# Latency bench: an empty kernel launched 100,000 times from a Python-scope
# loop. Prints `launch <microseconds per launch>`.
import time

import taichi as ti

ti.init(arch=ti.cpu)


@ti.kernel
def empty():
    pass


empty()
n = 100000
t0 = time.perf_counter()
for _ in range(n):
    empty()
t = time.perf_counter() - t0
print("launch", t / n * 1e6)

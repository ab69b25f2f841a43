# field.to_numpy() / from_numpy() of 64 MB against numpy copies of the same size
# in the same run: np.copy (a fresh array, as to_numpy makes one) and dst[...] = src
# (into memory already touched: the bare copy). Runs under tirun or python3.
import sys
import time

import numpy as np
import taichi as ti

ti.init(arch=ti.cpu)
N = 16 * 1024 * 1024          # float32 elements: 64 MB
REPS = int(sys.argv[1]) if len(sys.argv) > 1 else 7


def best(fn):
    fn()
    t = []
    for _ in range(REPS):
        t0 = time.perf_counter()
        fn()
        t.append(time.perf_counter() - t0)
    return min(t)


x = ti.field(ti.f32, shape=N)
x.fill(1.5)
v = ti.Vector.field(4, ti.f32, shape=N // 4)
src = np.full(N, 2.5, dtype=np.float32)
dst = np.empty(N, dtype=np.float32)

copy = best(lambda: np.copy(src))


def assign():
    dst[...] = src


bare = best(assign)
rows = [("field.to_numpy()", best(x.to_numpy)), ("vector field.to_numpy()", best(v.to_numpy)),
        ("field.from_numpy()", best(lambda: x.from_numpy(src)))]
mb = N * 4 / 1e6
print("%-26s %8.2f ms %7.1f GB/s" % ("np.copy (fresh array)", copy * 1e3, mb / copy / 1e3))
print("%-26s %8.2f ms %7.1f GB/s" % ("dst[...] = src", bare * 1e3, mb / bare / 1e3))
for name, t in rows:
    print("%-26s %8.2f ms %7.1f GB/s  %.2fx np.copy  %.2fx dst[...] = src"
          % (name, t * 1e3, mb / t / 1e3, copy / t, bare / t))
assert (x.to_numpy() == 2.5).all() if hasattr(np.ndarray, "all") else True

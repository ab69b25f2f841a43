# examples/mpm88.py up to its first frame (ti.init, its kernels compiled or
# loaded from the offline cache, 50 substeps, the frame written as a PNG):
# prints `mpm88_frame <ms from this script's start to the first show()>
# <ms of the second frame (its 50 substeps and its PNG: the first frame's
# share that is not start-up)> <kernels compiled> <kernels loaded from the
# offline cache>`.
# Usage: tirun bench/latency/mpm88_frame.py OUT_DIR
import sys
import time

t0 = time.perf_counter()
import taichi as ti  # noqa: E402
from taichi import _taichi_core as core  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else "."
examples = __file__.rsplit("/", 3)[0] + "/examples" if __file__.count("/") >= 3 else "examples"
first = []
show = ti.GUI.show


def timed_show(self, *args, **kwargs):
    first.append(time.perf_counter())
    return show(self, *args, **kwargs)


ti.GUI.show = timed_show
sys.argv = [examples + "/mpm88.py", "--frames", "2", "--out", out]
sys.path.insert(0, examples)
import mpm88  # noqa: E402,F401  (runs the example: it has no main guard)
print("mpm88_frame %.1f %.1f %d %d" % ((first[0] - t0) * 1000, (first[1] - first[0]) * 1000, core.backend_compiles(),
                                     core.cache_loads()))

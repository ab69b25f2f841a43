# a.sum() over 16M float32 (issue 11: >= 1.0x numpy); pairwise, so the sums agree exactly
import time

import numpy as np

n = 16 * 1024 * 1024
a = (np.arange(n, dtype=np.float32) % 1000) * np.float32(0.001)
s = a.sum()
best = 1e9
for _ in range(10):
    t = time.perf_counter()
    s = a.sum()
    best = min(best, time.perf_counter() - t)
print("sum", best, float(s))

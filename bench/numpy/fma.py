# a * b + c over 16M float32 (issue 11: >= 1.0x numpy)
import time

import numpy as np

n = 16 * 1024 * 1024
a = (np.arange(n, dtype=np.float32) % 1000) * np.float32(0.001)
b = (np.arange(n, dtype=np.float32) % 777) * np.float32(0.002)
c = (np.arange(n, dtype=np.float32) % 555) * np.float32(0.003)
r = a * b + c
best = 1e9
for _ in range(5):
    t = time.perf_counter()
    r = a * b + c
    best = min(best, time.perf_counter() - t)
print("fma", best, float(r[::4097].astype(np.float64).sum()))

# np.sort of 1M float64 (issue 11: >= 0.8x numpy); the data: a multiplicative
# hash of the index, so both sides sort the same values
import time

import numpy as np

n = 1000000
a = ((np.arange(n, dtype=np.int64) * 2654435761) % 1000003).astype(np.float64) * 0.37 - 1.5e5
s = np.sort(a)
best = 1e9
for _ in range(5):
    t = time.perf_counter()
    s = np.sort(a)
    best = min(best, time.perf_counter() - t)
print("sort", best, float(s[0] + s[n // 2] * 3 + s[-1] * 7))

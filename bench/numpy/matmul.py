# 512 x 512 float32 matmul (issue 11: >= 0.5x numpy, which calls BLAS)
import time

import numpy as np

n = 512
A = ((np.arange(n * n, dtype=np.float32) % 97) * np.float32(0.01)).reshape(n, n)
B = ((np.arange(n * n, dtype=np.float32) % 89) * np.float32(0.02)).reshape(n, n).T.copy()
C = A @ B
best = 1e9
for _ in range(20):
    t = time.perf_counter()
    C = A @ B
    best = min(best, time.perf_counter() - t)
print("matmul", best, float(C.astype(np.float64).sum()))

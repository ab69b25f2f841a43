import numpy as np
from numpy.random import default_rng, SeedSequence
print(SeedSequence(42).generate_state(4).tolist(), SeedSequence([1, 2**40]).generate_state(2, np.uint64).tolist(), SeedSequence(0).pool.tolist())
rng = default_rng(42)
print(rng.random(), rng.random(3).tolist(), rng.random(2, dtype=np.float32).tolist())
print(rng.integers(10), type(rng.integers(10)).__name__, rng.integers(0, 100, size=8).tolist(), rng.integers(5, size=3, endpoint=True).tolist())
print(rng.integers(0, 256, size=7, dtype=np.uint8).tolist(), rng.integers(-1000, 1000, size=5, dtype=np.int16).tolist(), rng.integers(0, 2, size=9, dtype=bool).tolist())
print(rng.integers(0, 2**40, size=3).tolist(), rng.integers(0, 2**32, size=3, dtype=np.uint32).tolist(), rng.integers(-2**63, 2**63 - 1, size=2).tolist(), rng.integers(0, 2**64, size=2, dtype=np.uint64).tolist())
print(rng.uniform(), rng.uniform(-2, 3, size=3).tolist())
print([round(x, 12) for x in rng.normal(size=5).tolist()], round(rng.normal(), 12), [round(x, 12) for x in rng.standard_normal(4).tolist()], [round(x, 12) for x in rng.normal(3.0, 0.5, size=2).tolist()])
print(rng.choice(5), rng.choice(10, 4).tolist(), rng.choice(10, 4, replace=False).tolist(), rng.choice([2.5, 3.5, 4.5], size=5).tolist())
print(rng.choice(4, 6, p=[0.1, 0.2, 0.3, 0.4]).tolist(), rng.choice(4, 3, replace=False, p=[0.1, 0.2, 0.3, 0.4]).tolist(), rng.choice(20000, 5, replace=False).tolist())
print(rng.choice(100, 10, replace=False, shuffle=False).tolist(), rng.choice(20000, 3000, replace=False)[:5].tolist())
print(rng.permutation(10).tolist(), rng.permutation([5, 6, 7]).tolist())
a = np.arange(12).reshape(4, 3); rng.shuffle(a); print(a.tolist())
l = list(range(7)); rng.shuffle(l); print(l)
print(rng.permutation(np.arange(6).reshape(3, 2)).tolist())
r2 = default_rng(2**100 + 12345); print(r2.random(2).tolist(), default_rng([1, 2, 3]).integers(100, size=4).tolist(), default_rng(0).random())
s = 0.0
r3 = default_rng(7)
for v in r3.standard_normal(20000).tolist():
    s += v
print(round(s, 9), r3.random())

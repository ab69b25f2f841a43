# numpy's reductions: values and dtypes of sum/prod/min/max/mean/var/std/arg*/
# all/any/cum*/ptp/nan* with axis, keepdims, dtype and out; float sums must
# agree bit for bit with numpy's pairwise summation (checked on pseudo-random
# float32 data of many lengths and layouts); dot/matmul and friends.
import numpy as np


def show(label, r):
    if isinstance(r, np.ndarray):
        print(label, r.dtype.name, r.tolist())
    else:
        print(label, type(r).__name__, r.item() if isinstance(r, np.generic) else r)


seed = 12345


def rand(n):
    global seed
    out = []
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        out.append(seed / 2147483648.0 * 2.0 - 0.7)
    return out


for n in [1, 7, 8, 9, 100, 128, 129, 1000, 4097, 10000, 20000]:
    x = np.array(rand(n), np.float32)
    print("f32 sum", n, x.sum().item(), x.mean().item(), x[::3].sum().item(), x.astype(np.float64).sum().item())
x = np.array(rand(30000), np.float32).reshape(150, 200)
print("f32 2d", x.sum().item(), x.sum(axis=0)[:4].tolist(), x.sum(axis=1)[:4].tolist(), x.T.sum(axis=1)[:3].tolist())
print("f32 2d mean/std", x.mean().item(), x.std().item(), x.var(axis=0)[:3].tolist(), x.std(axis=1, ddof=1)[:3].tolist())
print("f32 dtype f64", x.sum(dtype=np.float64).item(), x.mean(dtype=np.float64).item())
big = (np.arange(3 << 20, dtype=np.float32) % 1013) * np.float32(0.001) - np.float32(0.3)
print("f32 big sum", big.sum().item(), big[1:].sum().item(), big.reshape(3, -1).sum(axis=1).tolist())
h = np.array(rand(3000), np.float16)
print("f16", h.sum().item(), h.mean().item(), h.sum(dtype=np.float32).item())

i = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
for name in ["sum", "prod", "min", "max", "mean", "var", "std", "argmin", "argmax", "all", "any"]:
    f = getattr(i, name)
    show(name, f())
    show(name + " axis0", f(axis=0))
    show(name + " axis-1", f(axis=-1))
for name in ["sum", "prod", "min", "max", "mean", "var", "std", "all", "any"]:
    show(name + " axes", getattr(np, name)(i, axis=(0, 2)))
    show(name + " keepdims", getattr(np, name)(i, axis=1, keepdims=True))
show("sum bool", np.array([True, True, False]).sum())
show("sum u8", np.array([200, 100], np.uint8).sum())
show("sum u8 dtype", np.array([200, 100], np.uint8).sum(dtype=np.uint8))
show("prod i8", np.prod(np.array([100, 3], np.int8)))
show("sum initial", np.sum([1, 2], initial=10))
show("max initial", np.max(np.array([], np.int64), initial=-5))
show("sum empty", np.sum(np.array([])))
show("mean list", np.mean([1, 2, 3, 4]))
show("min f nan", np.min(np.array([1.0, np.nan, 0.5])))
show("argmax nan", np.argmax(np.array([1.0, np.nan, 5.0])))
show("argmax keepdims", np.argmax(i, axis=1, keepdims=True))
show("cumsum", np.cumsum(i))
show("cumsum axis", np.cumsum(i, axis=1))
show("cumprod", np.array([1, 2, 3, 4], np.int8).cumprod())
show("cumsum f32", np.cumsum(np.array([0.1, 0.2, 0.3], np.float32)))
show("ptp", np.ptp(i, axis=2))
show("amax", np.amax(i, axis=0))
show("amin", np.amin([[3, 1], [2, 5]]))
show("nansum", np.nansum(np.array([1.0, np.nan, 2.0])))
show("nanmax", np.nanmax(np.array([1.0, np.nan, 2.0])))
show("nanmin", np.nanmin(np.array([[1.0, np.nan], [np.nan, -2.0]]), axis=0))
show("nanmean", np.nanmean(np.array([1.0, np.nan, 2.0])))
out = np.zeros(4)
r = np.sum(i, axis=(0, 1), out=out)
print("out", r is out, out.tolist())
show("var ddof", np.var(np.array([1.0, 2.0, 4.0]), ddof=1))
show("std f32", np.array([1.0, 2.0, 4.0], np.float32).std())
try:
    np.max(np.array([]))
except ValueError as e:
    print("ValueError", e)
try:
    i.sum(axis=3)
except IndexError as e:   # numpy's AxisError is an IndexError
    print("IndexError", e)

A = np.arange(6, dtype=np.float32).reshape(2, 3)
B = np.arange(12, dtype=np.float32).reshape(3, 4)
show("matmul", A @ B)
show("dot", np.dot(A, B))
show("dot 1d", np.dot(np.array([1, 2, 3]), np.array([4, 5, 6])))
show("dot 2d1d", np.dot(A, np.array([1.0, 0.0, -1.0])))
show("dot 1d2d", np.array([1, 2]) @ A)
show("dot scalar", np.dot(3, A))
show("method dot", A.dot(B))
show("dot 3d", np.dot(np.arange(24).reshape(2, 3, 4), np.arange(8).reshape(4, 2)))
show("matmul batch", np.matmul(np.arange(12).reshape(2, 2, 3), np.arange(6).reshape(3, 2)))
show("matmul int32", np.arange(4, dtype=np.int32).reshape(2, 2) @ np.arange(4, dtype=np.int32).reshape(2, 2))
show("matmul bool", np.array([[True, False], [False, False]]) @ np.array([[True, True], [False, True]]))
show("vdot", np.vdot(np.array([[1, 2], [3, 4]]), np.array([[1, 1], [2, 2]])))
show("inner", np.inner(np.array([[1, 2], [3, 4]]), np.array([[1, 0], [0, 1], [1, 1]])))
show("outer", np.outer(np.array([1, 2, 3]), np.array([1.5, 2.0])))
show("tensordot", np.tensordot(np.arange(24).reshape(2, 3, 4), np.arange(12).reshape(3, 4), axes=2))
show("tensordot pairs", np.tensordot(np.arange(6).reshape(2, 3), np.arange(6).reshape(3, 2), axes=([1], [0])))
show("cross", np.cross(np.array([[1.0, 2.0, 3.0], [0.0, 1.0, 0.0]]), np.array([4.0, 5.0, 6.0])))
show("trace", np.trace(np.arange(9).reshape(3, 3)))
show("trace offset", np.arange(12).reshape(3, 4).trace(offset=1))
show("trace f32", np.trace(np.eye(3, dtype=np.float32)))
try:
    A @ A
except ValueError as e:
    print("ValueError", e)
try:
    np.dot(A, A)
except ValueError as e:
    print("ValueError", e)
M = np.array(rand(64 * 48), np.float32).reshape(64, 48)
N = np.array(rand(48 * 80), np.float32).reshape(48, 80)
P = M @ N
Q = M.astype(np.float64) @ N.astype(np.float64)
print("gemm close", P.shape, bool(np.allclose(P, Q, rtol=1e-5, atol=1e-5)), P.dtype.name)

# numpy's core (stdlib/numpy/ndarray.c, array.c, dtype.c): creation, dtypes,
# basic and advanced indexing, assignment with casting, shape methods, errors.
import numpy as np


def show(x):
    if isinstance(x, np.ndarray):
        print(x.dtype.name, x.shape, x.tolist())
    else:
        print(type(x).__name__, x)


a = np.array([[1, 2, 3], [4, 5, 6]])
print(a.shape, a.dtype, a.ndim, a.size, a.strides, a.itemsize, a.nbytes)
show(a); show(a[1, 2]); show(a[1]); show(a[:, 1]); show(a[::-1, ::2]); show(a[..., 0]); show(a[None, 1, :])
b = np.zeros((3, 4), dtype=np.float32)
b[1] = 5
b[:, 2] = [1, 2, 3]
b[2, ::2] = np.array([7, 8], dtype=np.int64)
show(b); print(repr(b.dtype), str(b.dtype), b.dtype.kind, b.dtype.itemsize, b.dtype.char)
show(np.arange(5)); show(np.arange(0, 1, 0.25)); show(np.arange(2, 11, 3, dtype=np.float32)); show(np.linspace(0, 1, 5))
show(np.linspace(0, 1, 4, endpoint=False))
c = np.arange(12).reshape(3, 4)
show(c.T); show(c.reshape(-1)); show(c.reshape((2, 6))); show(c.ravel()); show(c.flatten()); show(c.transpose(1, 0))
show(c[[0, 2]]); show(c[np.array([True, False, True])]); show(c[[0, 1], [1, 2]]); show(c[1:, [0, 3]]); show(c[:, [True, False, True, False]])
m = c.copy()
m[[0, 1], [1, 2]] = 100

show(m)
show(np.float32(1.5)); show(np.int32(7)); show(np.uint8(255)); show(np.float64("2.5")); show(np.bool_(1))
print(type(np.float32(1.5)).__name__, isinstance(np.float32(1), np.floating), isinstance(np.int8(1), np.integer), isinstance(np.float32(1), np.ndarray))
show(np.eye(3)); show(np.eye(2, 3, k=1, dtype=int)); show(np.identity(2)); show(np.full((2,), 7)); show(np.full((2, 2), 1.5, dtype=np.float32))
show(np.ones(3, dtype=int)); show(np.zeros_like(a)); show(np.ones_like(b)); show(np.full_like(a, 9)); show(np.empty((0, 3)))
print(isinstance(a, np.ndarray), a.dtype == np.int64, a.dtype == "int64", a.dtype == float, np.dtype("f4"), np.dtype(np.float32).type.__name__)
print(float(np.array(2.5)), int(np.int64(3)), len(a), [int(v) for v in np.arange(3)], bool(np.array([0])), np.int16(5).item(), a.item(4))
print(np.iinfo(np.int32).max, np.iinfo(np.uint8).min, float(np.finfo(np.float32).eps), np.finfo(np.float64).max)
x = np.array([1.5, 2.5], dtype=np.float32)
x[0] = 7
show(x); show(x.astype(np.int32)); show(x.astype("float64")); show(np.array([1, 2], dtype=np.uint8)); show(np.array([True, 2]))
show(np.array(5)); show(np.array([])); show(np.array([[]])); show(np.array(range(4))); show(np.array([1, 2.5])); show(np.array([[1], [2]], dtype=np.float16))
show(np.array([np.float32(1), np.float32(2)])); show(np.asarray([1, 2], dtype=np.float32)); show(np.ascontiguousarray(c[:, ::2]))
show(np.squeeze(np.zeros((1, 3, 1)))); show(np.expand_dims(np.arange(3), 0)); show(np.broadcast_to(np.arange(3), (2, 3)))
f = np.zeros(4); f.fill(2.5); show(f); f[1:3] = [9, 8]; show(f); f[:] = 1; show(f)
print(np.promote_types(np.int8, np.uint8), np.promote_types("f4", "i4"), np.promote_types(np.uint64, np.int64), np.promote_types(np.float16, np.int16))
print(np.issubdtype(np.float32, np.floating), np.issubdtype(np.int32, np.floating), np.isscalar(3.0), np.isscalar(np.array(3)))
print(np.shape([[1, 2]]), np.ndim(5), np.size([[1, 2], [3, 4]]))
for bad in ("np.array([[1, 2], [3]])", "np.zeros(3, dtype=np.uint8).__setitem__(0, 300)", "a[5]", "a[0, 0, 0]",
            "np.arange(6).reshape(4, 2)", "np.zeros(-1)", "np.dtype('float128x')", "float(np.zeros(2))",
            "bool(np.zeros(2))", "c[np.array([True, False])]", "np.int8(1000)", "a[[0, 5]]"):
    try:
        eval(bad)
        print(bad, "no error")
    except Exception as e:
        print(bad, type(e).__name__, e)

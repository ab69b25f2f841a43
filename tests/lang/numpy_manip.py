# numpy array manipulation and searching (stdlib/numpy/manip.c), checked against real numpy
import numpy as np
def show(x):
    if isinstance(x, (tuple, list)):
        print([show_s(v) for v in x])
    else:
        print(show_s(x))
def show_s(x):
    if isinstance(x, np.ndarray):
        return (x.dtype.name, x.shape, x.tolist())
    return x
a = np.arange(6).reshape(2, 3)
b = np.arange(6, 12).reshape(2, 3)
show(np.concatenate([a, b])); show(np.concatenate([a, b], axis=1)); show(np.concatenate([a, b], axis=None))
show(np.concatenate([a, b.astype(np.float32)]))
show(np.stack([a, b])); show(np.stack([a, b], axis=-1)); show(np.vstack([[1, 2], [3, 4]])); show(np.hstack([[1, 2], [3, 4]]))
show(np.dstack([a, b])); show(np.column_stack([[1, 2], [3, 4]]))
show(np.atleast_2d(5)); show(np.atleast_1d([1]))
show(np.repeat(a, 2)); show(np.repeat(a, 2, axis=0)); show(np.repeat(a, [1, 2, 3], axis=1)); show(a.repeat(2, axis=1))
show(np.tile([1, 2], 3)); show(np.tile(a, (2, 2)))
show(np.roll(np.arange(5), 2)); show(np.roll(a, 1, axis=1)); show(np.roll(a, -1)); show(np.roll(a, (1, 1), axis=(0, 1)))
show(np.flip(a)); show(np.flip(a, 0)); show(np.fliplr(a)); show(np.flipud(a))
show(np.moveaxis(np.zeros((2, 3, 4)), 0, -1).shape)
r = np.array([3.0, -1.0, np.nan, 2.5, -0.5, 7.0, 1e300, -np.inf])
show(np.sort(r)); show(np.argsort(r)); show(np.sort(np.array([[3, 1, 2], [9, 7, 8]]), axis=0)); show(np.sort([[3, 1, 2], [9, 7, 8]]))
show(np.argsort(np.array([5, 3, 3, 1, 5], dtype=np.int8)))
c = np.array([4, 2, 9, 1], dtype=np.uint16); c.sort(); show(c)
show(np.unique([3, 1, 2, 3, 1])); show(np.unique(np.array([2.5, 1.0, 2.5]), return_counts=True)); show(np.unique([5, 4, 5], return_index=True, return_inverse=True))
show(np.searchsorted([1, 2, 3, 4], [0, 2, 2.5, 9])); show(np.searchsorted([1, 2, 2, 3], 2, side='right'))
m = np.array([[0, 1, 0], [2, 0, 3]])
show(np.nonzero(m)); show(m.nonzero()); show(np.argwhere(m)); show(np.flatnonzero(m)); print(np.count_nonzero(m)); show(np.count_nonzero(m, axis=0))
x, y = np.meshgrid([1, 2, 3], [4, 5]); show(x); show(y)
x, y = np.meshgrid(np.arange(2), np.arange(3), indexing='ij'); show(x); show(y)
show(np.diff([1, 4, 9, 16])); show(np.diff(np.array([[1, 2], [4, 8]]), axis=0)); show(np.diff([1, 4, 9, 16], n=2))
show(np.gradient(np.array([1.0, 2.0, 4.0, 7.0, 11.0]))); show(np.gradient(np.array([[1.0, 2.0, 6.0], [3.0, 4.0, 5.0]])))
show(np.gradient(np.array([1, 4, 9, 16]), 2.0))
show(np.diag([1, 2, 3])); show(np.diag(np.arange(9).reshape(3, 3))); show(np.diag(np.arange(9).reshape(3, 3), 1)); show(np.diag([1, 2], -1))
show(np.tril(np.ones((3, 3)))); show(np.triu(np.ones((3, 3)), 1))
show(np.append([1, 2], [3, 4])); show(np.append([[1, 2]], [[3, 4]], axis=0)); show(np.take([4, 3, 5, 7], [0, 1, 4 - 1]))
show(np.bincount([0, 1, 1, 3])); show(np.bincount([0, 1, 1], weights=[0.5, 1.0, 2.0], minlength=4))
show(np.split(np.arange(6), 3)); show(np.array_split(np.arange(7), 3)); show(np.split(np.arange(6), [2, 4]))
big = np.arange(100000)[::-1].astype(np.float64)
s = np.sort(big); print(s[0], s[-1], s[500])

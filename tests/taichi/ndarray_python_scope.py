# ti.ndarray in Python scope: shapes, dtypes and element types; element reads and
# writes (with host-side conversions); vector / matrix elements written entry by entry;
# fill, copy_from, deepcopy; Taichi's errors for bad shapes and indices.
import copy

import taichi as ti
from taichi.lang.exception import TaichiIndexError

ti.init(arch=ti.cpu)

x = ti.ndarray(ti.i32, shape=(3, 4))
print(type(x).__name__, x.shape, x.dtype, x.element_shape, x.element_type, repr(x))
x[1, 2] = 7
x[2, 3] = -5
print(x[1, 2], x[2, 3], x[0, 0])
u = ti.ndarray(ti.u8, 4)
u[0] = 300
f = ti.ndarray(ti.f32, 2)
f[0] = 0.1
print(u[0], f[0], ti.ndarray(float, ()).dtype, ti.ndarray(int, 5).shape)

v = ti.Vector.ndarray(3, ti.f32, 4)
print(type(v).__name__, v.shape, v.dtype, v.element_shape, v.n, v.element_type, repr(v))
v[1] = [1, 2, 3]
v[2][1] = 9.5
print(v[1].to_list(), v[2].to_list(), v[2][1], v[0].x)

m = ti.Matrix.ndarray(2, 3, ti.i64, (2, 2))
print(type(m).__name__, m.shape, m.element_shape, m.n, m.m, m.element_type.shape(),
      m.element_type.element_type(), repr(m))
m[1, 1] = [[1, 2, 3], [4, 5, 6]]
m[0, 1][1, 2] = 2 ** 40
print(m[1, 1].to_list(), m[0, 1][1, 2], m[1, 1][0, 2])

vt = ti.ndarray(ti.types.vector(2, ti.i32), 3)
mt = ti.ndarray(ti.math.mat2, 3)
print(isinstance(vt, ti.VectorNdarray), isinstance(mt, ti.MatrixNdarray), vt.element_type, mt.element_type)

v.fill(2.5)
print(v[3].to_list())
v.fill(ti.Vector([1, 2, 3]))
print(v[0].to_list())
w = ti.Vector.ndarray(3, ti.f32, 4)
w.copy_from(v)
print(w[3].to_list(), w._get_element_size(), w._get_nelement())
x.fill(4)
y = copy.deepcopy(x)
x[0, 0] = 1
print(y[0, 0], y.shape, y.dtype)

for shape in (2 ** 31, 1.5, 0, (1, 0), (1, 0.5), (1, 2 ** 31)):
    try:
        ti.ndarray(int, shape)
    except ti.TaichiRuntimeError as e:
        print(type(e).__name__, e)
for key in ((0,), (0, 0, 0)):
    try:
        x[key]
    except TaichiIndexError as e:
        print(type(e).__name__, e)
try:
    x[0, 0] = 1.5
except TypeError as e:
    print(type(e).__name__)

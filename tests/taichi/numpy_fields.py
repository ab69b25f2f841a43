# Fields to and from numpy arrays: to_numpy / from_numpy on scalar, vector, matrix and
# struct fields (Taichi's shapes, dtype= and keep_dims=), ndarrays, the errors, the type
# maps of taichi.lang.util and ti.Vector / ti.Matrix made of numpy arrays.
import numpy as np
import taichi as ti

ti.init(arch=ti.cpu)


def show(a):
    print(type(a).__name__, a.dtype, a.shape, a.tolist())


x = ti.field(ti.f32, shape=(2, 3))


@ti.kernel
def fill_x():
    for i, j in x:
        x[i, j] = i * 10 + j + 0.75


fill_x()
show(x.to_numpy())
show(x.to_numpy(dtype=np.int32))
show(x.to_numpy(dtype=np.float64))
x.from_numpy(np.arange(6).reshape(2, 3))          # int64 into f32
print(x[1, 2], x[0, 1])
x.from_numpy(np.array([[0, 0.5], [1, 1.5], [2, 2.5]]).T)   # not contiguous
show(x.to_numpy())
for bad in (np.zeros((3, 2)), np.zeros(6), [1, 2, 3]):
    try:
        x.from_numpy(bad)
    except Exception as e:
        print(type(e).__name__, e)

z = ti.field(ti.i64, shape=())
z[None] = -7
show(z.to_numpy())
z.from_numpy(np.array(42))
print(z[None])

u = ti.field(ti.u8, shape=4)
u.from_numpy(np.array([1, 2, 255, 0], dtype=np.uint8))
show(u.to_numpy())
show(u.to_numpy(dtype=np.float32))

v = ti.Vector.field(3, ti.i32, shape=(4, 5))
v.from_numpy(np.arange(60, dtype=np.int32).reshape(4, 5, 3))
print(v[3, 4].to_list(), v[0, 1].to_list())
print(v.to_numpy().shape, v.to_numpy(keep_dims=True).shape, v.to_numpy(dtype=np.float64).dtype)
print(v.to_numpy()[2].tolist())
v1 = ti.Vector.field(1, ti.f32, shape=3)
print(v1.to_numpy().shape, v1.to_numpy(keep_dims=True).shape)

m = ti.Matrix.field(2, 3, ti.f64, shape=4)
m.from_numpy(np.arange(24, dtype=np.float64).reshape(4, 2, 3))
show(m.to_numpy()[1])
print(m.to_numpy().shape, m.to_numpy(keep_dims=True).shape)
m41 = ti.Matrix.field(4, 1, ti.f32, shape=(2, 2))
m14 = ti.Matrix.field(1, 4, ti.f32, shape=(2, 2))
print(m41.to_numpy().shape, m41.to_numpy(keep_dims=True).shape, m14.to_numpy().shape)
m41.from_numpy(np.ones((2, 2, 4), np.float32))
m41.from_numpy(np.ones((2, 2, 4, 1), np.float32))
try:
    m14.from_numpy(np.ones((2, 2, 4), np.float32))
except AssertionError as e:
    print("AssertionError", e)
soa = ti.Vector.field(2, ti.f32, shape=3, layout=ti.Layout.SOA)
soa.from_numpy(np.array([[1, 2], [3, 4], [5, 6]], np.float32))
print(soa[2].to_list(), soa.to_numpy().tolist())

s = ti.Struct.field({"a": ti.f32, "b": ti.types.vector(2, ti.i32),
                     "c": ti.types.struct(d=ti.i16)}, shape=2)
d = s.to_numpy()
print(sorted(d.keys()), d["a"].dtype, d["b"].shape, type(d["c"]).__name__, d["c"]["d"].dtype)
s.from_numpy({"a": np.array([0.5, 1.5], np.float32), "b": np.full((2, 2), 7, np.int32),
              "c": {"d": np.array([3, 4], np.int16)}})
print(s[1].a, s[1].b.to_list(), s[0].c.d)

a = ti.ndarray(ti.f32, shape=(3,))
a.from_numpy(np.array([1, 2, 3], dtype=np.float32))
show(a.to_numpy())
a.from_numpy(np.array([4, 5, 6]))                # int64 into f32
print(a[2])
vn = ti.Vector.ndarray(2, ti.i32, shape=(3,))
vn.from_numpy(np.arange(6, dtype=np.int32).reshape(3, 2))
show(vn.to_numpy())
mn = ti.Matrix.ndarray(2, 2, ti.f64, shape=(2,))
mn.from_numpy(np.arange(8, dtype=np.float64).reshape(2, 2, 2))
show(mn.to_numpy())
for bad in ([1, 2, 3], np.zeros(4, np.float32)):
    try:
        a.from_numpy(bad)
    except Exception as e:
        print(type(e).__name__, e)
try:
    vn.from_numpy(np.zeros((3, 3), np.int32))
except Exception as e:
    print(type(e).__name__, e)

from taichi.lang.util import to_numpy_type, to_taichi_type
print([to_numpy_type(t).__name__ for t in (ti.f16, ti.f32, ti.f64, ti.i8, ti.i16, ti.i32, ti.i64,
                                           ti.u8, ti.u16, ti.u32, ti.u64)])
print([str(to_taichi_type(t)) for t in (np.float32, np.float64, np.int8, np.int32, np.uint64, np.half, ti.i16)])
print(to_taichi_type(np.dtype("int16")), to_taichi_type(np.zeros(1).dtype))
try:
    ti.field(dtype=np.float32, shape=3)
except ValueError as e:
    print("ValueError", e)

vec = ti.Vector(np.array([1, 2, 3]))
print(vec.n, vec.m, vec.to_numpy().dtype, vec.to_list())
mat = ti.Matrix(np.array([[1.5, 2], [3, 4]]))
print(mat.n, mat.m, mat.to_numpy().dtype, mat.to_list())
print(ti.Vector([1, 2], dt=ti.f32).to_numpy().dtype, ti.Vector([1, 2]).to_numpy().dtype)
print(ti.Matrix([np.array([1, 2]), np.array([3, 4])]).to_list())

# numpy integers wherever Taichi takes ints: indices, ndrange bounds, shapes
g = ti.field(ti.i32, shape=(3, 3))
gv = ti.Vector.field(2, ti.i32, shape=3)
g[np.int32(1), np.int64(2)] = 5
gv[np.int32(1)] = [1, 2]
print(g[1, 2], gv[np.uint8(1)].to_list())
try:
    g[1.0, 2]
except TypeError as e:
    print(e)


@ti.kernel
def bounds() -> ti.i32:
    s = 0
    for i, j in ti.ndrange(np.int32(2), (np.int64(1), 3)):
        s += i * 10 + j
    for i in ti.static(ti.ndrange(np.int32(2))):
        s += 1000
    return s


print(bounds())
a = ti.ndarray(int, shape=np.int32(3))
b = ti.ndarray(int, shape=(1, np.int32(2)))
a[np.int32(2)] = 4
print(a[2], a.shape, b.shape)
y = ti.field(ti.f32)
ti.root.dense(ti.i, np.int32(4)).place(y)
print(y.shape)

h = ti.field(ti.f16, shape=4)
h.from_numpy(np.array([1.5, 2.25, -3, 65504], dtype=np.float32))
show(h.to_numpy())
h.from_numpy(np.array([0.1, 0.2, 0.3, 0.4], dtype=np.float16))
print(h.to_numpy(dtype=np.float64).tolist())

# Python scope prints fields and matrices as numpy prints their arrays
print(x)
print(v[3, 4], m[1])
print(ti.Vector([1.1, 2.2], dt=ti.f32), ti.Vector([1.1, 2.2]), ti.Matrix([[1, 2], [3, 4]]))
print(ti.Vector(np.array([0.5, 1], dtype=np.float32)), repr(ti.Vector([1, 2])))
print(s)
print(soa)

# built-ins are named as functions (pytest ids of Taichi's parametrized tests use the names)
print(ti.max.__name__, ti.atan2.__name__, ti.lang.ops.abs.__name__, ti.exp.__name__, ti.lang.ops.logical_not.__name__)

# ti.tools images to and from numpy arrays, as Taichi's
import os
img = np.arange(4 * 3 * 3, dtype=np.uint8).reshape(4, 3, 3) * 7
path = "/tmp/tirun_numpy_fields_%d.png" % os.getpid()
ti.tools.imwrite(img, path)
back = ti.tools.imread(path)
os.remove(path)
print(type(back).__name__, back.dtype, back.shape, (back == img).all(), ti.tools.imresize(back, 2, 3).shape)

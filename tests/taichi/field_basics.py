# Fields made with shape=: element access, shapes, dtypes, 0-d to 3-d.
import taichi as ti

ti.init(arch=ti.cpu)
x = ti.field(ti.f32, shape=(4, 8))
y = ti.field(dtype=ti.i32, shape=10)
s = ti.field(ti.f64, shape=())
v = ti.field(ti.i64, shape=(2, 3, 4))
x[1, 2] = 3.5
y[3] = 7
s[None] = 1.25
v[1, 2, 3] = 9
print(x[1, 2], y[3], s[None], v[1, 2, 3], v[(1, 2, 3)])
print(x.shape, y.shape, s.shape, v.shape)
print(y.dtype, x.dtype == ti.f32, x.dtype == ti.float32, x.dtype != ti.f64)
print(x[0, 0], y[9], type(x[0, 0]).__name__, type(y[0]).__name__)
y.fill(-1)
print(y[0], y[9])
x.fill(2)
print(x[3, 7])
print(ti.field(ti.u16, shape=5).dtype, ti.field(ti.i64, 5).shape, ti.field(ti.i32, shape=[2, 3]).shape)
print(repr(x))
print(x.snode, "|", x.snode.parent(), "|", repr(x.snode.parent()))
print(s.snode.parent(), "|", v.snode)
total = 0
for i in range(10):
    y[i] = i * i
for i in range(10):
    total += y[i]
print(total)

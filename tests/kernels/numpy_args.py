# numpy arrays passed straight to ti.types.ndarray() parameters: the kernel works on
# the array's own memory (its writes are seen at once), element types and dimensions
# from the array or checked against the annotation with Taichi's errors; column-major
# arrays go through a copy written back; numpy scalars as scalar arguments.
import numpy as np
import taichi as ti

ti.init(arch=ti.cpu)


@ti.kernel
def scale(a: ti.types.ndarray(), s: ti.f32):
    for i in range(a.shape[0]):
        a[i] = a[i] * s + 1


arr = np.ones(4, dtype=np.float32)
scale(arr, 3.0)
print(arr.tolist())
scale(arr, np.float32(0.5))
print(arr.tolist())
view = arr[1:3]            # a view: the kernel writes arr's memory
scale(view, 2)
print(arr.tolist())


@ti.kernel
def total(a: ti.types.ndarray(dtype=ti.i32, ndim=2)) -> ti.i32:
    s = 0
    for i, j in a:
        s += a[i, j] * (i + 1)
    return s


b = np.arange(12, dtype=np.int32).reshape(3, 4)
print(total(b), total(np.ascontiguousarray(b[:, 1:3])))


@ti.kernel
def bump(a: ti.types.ndarray(dtype=ti.f32, ndim=2)):
    for i, j in a:
        a[i, j] += 100 * i + j


c = np.arange(6, dtype=np.float32).reshape(2, 3).T      # column-major: copied and written back
bump(c)
print(c.tolist())


@ti.kernel
def vec(a: ti.types.ndarray(dtype=ti.math.vec2, ndim=1)):
    for i in a:
        a[i] = a[i] * 2 + ti.Vector([1.0, 0.0])


d = np.arange(6, dtype=np.float32).reshape(3, 2)
vec(d)
print(d.tolist())


@ti.kernel
def mat(a: ti.types.ndarray(dtype=ti.types.matrix(2, 2, ti.f64))) -> ti.f64:
    s = 0.0
    for i in a:
        s += a[i][0, 1] - a[i][1, 0]
    return s


print(mat(np.arange(12, dtype=np.float64).reshape(3, 2, 2)))


@ti.kernel
def kinds(a: ti.types.ndarray()) -> ti.f64:
    s = 0.0
    for I in ti.grouped(a):
        s += a[I]
    return s


for t in (np.int8, np.int16, np.int64, np.uint8, np.uint32, np.float64):
    print(t.__name__, kinds(np.arange(6, dtype=t).reshape(2, 3)), kinds(np.ones(5, dtype=t)))


@ti.kernel
def ints(x: ti.i32, y: ti.f64, z: ti.u8) -> ti.f64:
    return x + y + z


print(ints(np.int64(3), np.float32(0.25), np.uint8(200)), ints(np.int32(-2), np.int16(5), True))

for bad, anno in ((np.ones(3, np.float64), bump), (np.ones((2, 2, 2), np.float32), bump),
                  (np.ones((3, 3), np.float32)[::2, ::2], bump), (np.ones((3, 3), np.float32), vec),
                  (np.ones((3,), np.float32), vec), (np.ones((2, 2, 3), np.float64), mat)):
    try:
        anno(bad)
    except Exception as e:
        print(type(e).__name__, e)
try:
    ints(np.float32(1.5), 1, 1)
except Exception as e:
    print(type(e).__name__)

# numpy scalars in a kernel are constants of the default types, as Python numbers are
c, n = np.float32(2.5), np.int32(3)
f = ti.field(ti.f32, shape=3)


@ti.kernel
def consts():
    f[0] = c
    f[1] = n
    for i in range(n):
        f[2] += 1


consts()
print(f.to_numpy().tolist())
f[0] = np.float64(0.5)
f[1] = np.int64(9)
print(f[0], f[1], ti.Vector([0, np.float32(1.25)], dt=ti.f32).to_list())
W = np.array([1.5, 2.5, 3.5], dtype=np.float32)
@ti.kernel
def foo() -> ti.i32:
    a = np.array(3, dtype=np.int32)
    return a
print(foo())
@ti.kernel
def bar() -> ti.f32:
    s = 0.0
    for i in ti.static(range(3)):
        s += W[i]
    b = np.float32(1.5)
    b += 1
    c = 0
    if b > np.float64(2.0):
        c = 1
    return s + b + c
print(bar())
@ti.kernel
def baz():
    a = np.array([1])
try:
    baz()
except ti.TaichiTypeError as e:
    print("TaichiTypeError", str(e).splitlines()[-1])

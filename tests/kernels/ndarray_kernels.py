# ti.ndarray arguments of ti.types.ndarray() parameters: dtype and ndim from the
# argument when the annotation leaves them out (one compiled instance per kind of
# argument), vector / matrix elements (x[i] a vector, x[i][j] with a runtime j,
# x[i].y), 0-d ndarrays, for loops over an ndarray, ndarrays passed on to ti.funcs,
# and Taichi's errors for arguments that do not fit the annotation.
import taichi as ti
from taichi.lang import impl

ti.init(arch=ti.cpu)


@ti.kernel
def add(x: ti.types.ndarray(), y: ti.types.ndarray()):
    for i in range(x.shape[0]):
        x[i] += i + y[i]


a = ti.ndarray(ti.i32, shape=4)
b = ti.ndarray(ti.i32, shape=4)
for i in range(4):
    a[i] = i * i
    b[i] = 1
add(a, b)
print([a[i] for i in range(4)])
c = ti.ndarray(ti.f32, shape=8)
add(c, c)
print([c[i] for i in range(8)], impl.get_runtime().get_num_compiled_functions())


@ti.kernel
def mat(a: ti.types.ndarray()):
    for i in range(a.shape[0]):
        for j, k in ti.ndrange(2, 2):
            a[i][j, k] = j * j + k * k + i


m = ti.Matrix.ndarray(2, 2, ti.i32, 5)
mat(m)
print(m[3].to_list(), m[4][0, 1])


@ti.kernel
def vec(a: ti.types.ndarray()):
    for i in a:
        for j in range(4):
            a[i][j * j] = j * j + i


v = ti.Vector.ndarray(10, ti.i32, 3)
vec(v)
print(v[2].to_list())


@ti.kernel
def grouped(a: ti.types.ndarray()):
    for I in ti.grouped(a):
        a[I] = [I[0], I[1]]
        a[I].y += 10


g = ti.ndarray(ti.math.ivec2, (2, 3))
grouped(g)
print([[g[i, j].to_list() for j in range(3)] for i in range(2)])


@ti.kernel
def zero_d(x: ti.types.ndarray()):
    a = x[()] + 1
    x[None] = 2 * a


s = ti.ndarray(ti.f32, ())
zero_d(s)
zero_d(s)
sv = ti.ndarray(ti.math.vec2, ())
zero_d(sv)
print(s[None], sv[None].to_list())


@ti.kernel
def norms(x: ti.types.ndarray(dtype=ti.math.vec3, ndim=1)) -> ti.f32:
    total = 0.0
    for i in x:
        x[i] += ti.Vector([1.0, 2.0, 3.0])
        x[i].y += 10
        total += x[i].norm_sqr()
    return total


w = ti.Vector.ndarray(3, ti.f32, 2)
print(norms(w), w[1].to_list())


@ti.func
def get(weight: ti.types.ndarray(ti.f32, ndim=3)) -> ti.f32:
    return weight[1, 1, 1]


@ti.kernel
def via_func(weight: ti.types.ndarray(ti.f32, ndim=3)) -> ti.f32:
    return get(weight)


wt = ti.ndarray(ti.f32, (2, 2, 2))
wt.fill(42.0)
print(via_func(wt))


@ti.kernel
def vec2_only(a: ti.types.ndarray(dtype=ti.types.vector(2, ti.i32))):
    pass


@ti.kernel
def f32_only(x: ti.types.ndarray(dtype=ti.f32)):
    pass


@ti.kernel
def one_dim(x: ti.types.ndarray(ndim=1)):
    pass


@ti.kernel
def as_template(x: ti.template()):
    pass


for kernel, arg in ((vec2_only, ti.Matrix.ndarray(2, 3, ti.i32, (4, 7))), (vec2_only, ti.Vector.ndarray(3, ti.i32, 4)),
                    (f32_only, ti.ndarray(ti.i32, (16, 16))), (f32_only, ti.Vector.ndarray(3, ti.i32, 2)),
                    (one_dim, ti.ndarray(ti.f32, (12, 13))), (as_template, ti.ndarray(ti.f32, 3))):
    try:
        kernel(arg)
    except Exception as e:
        print(type(e).__name__, str(e).strip())

# Vectors and matrices as kernel parameters and return values (ti.types.vector /
# matrix, ti.math.vec3 ...), as ti.func annotations, and a kernel returning a
# tuple with a vector in it; the entries of int types cast, as Taichi does.
import taichi as ti

ti.init(arch=ti.cpu)

vec3 = ti.math.vec3
mat23 = ti.types.matrix(2, 3, ti.i32)


def show(m):
    return " ".join("%g" % m[i] for i in range(m.n)) if len(m.get_shape()) == 1 else \
        " | ".join(" ".join("%g" % m[i, j] for j in range(m.m)) for i in range(m.n))


@ti.kernel
def scale(v: vec3, s: ti.f32) -> vec3:
    return v * s


@ti.kernel
def corners(m: mat23) -> ti.i32:
    return m[0, 0] + m[1, 2]


@ti.kernel
def plus(k: ti.i32, m: ti.types.matrix(3, 2, ti.i32)) -> ti.types.matrix(3, 2, ti.i32):
    r = m
    for i in ti.static(range(3)):
        for j in ti.static(range(2)):
            r[i, j] += k
    return r


@ti.func
def twice(a: ti.types.vector(2, ti.i32)) -> ti.types.vector(2, ti.f32):
    return a * 2.5


@ti.kernel
def via_func() -> ti.types.vector(2, ti.f32):
    return twice(ti.Vector([1.7, 2.2]))


@ti.func
def to_int(a: ti.types.vector(2, ti.f32)) -> ti.types.vector(2, ti.i32):
    return a * 2


@ti.kernel
def bad_return() -> ti.types.vector(2, ti.i32):
    return to_int(ti.Vector([1.7, 2.2]))


@ti.kernel
def bad_shape() -> ti.types.vector(3, ti.i32):
    return ti.Vector([1, 2])


@ti.kernel
def big() -> ti.types.matrix(3, 10, ti.i32):
    return ti.Matrix([[i * 10 + j for j in range(10)] for i in range(3)])


@ti.kernel
def with_vectors(a: ti.types.vector(2, ti.i32), x: ti.f32, b: ti.math.ivec3) -> ti.f32:
    return a.sum() * x + b.dot(b)


print(show(scale(vec3(1, 2, 3), 2.5)))
print(corners(ti.Matrix([[1, 2, 3], [4, 5, 6]])))
print(show(plus(3, ti.Matrix([[1, 2], [3, 4], [5, 6]]))))
print(show(via_func()))
for f in (bad_return, bad_shape):
    try:
        f()
    except ti.TaichiCompilationError as e:
        print(type(e).__name__, str(e).strip().splitlines()[-1])
r = big()
print(r.n, r.m, r[2, 9], r[1, 3])
print(with_vectors(ti.Vector([1, 2]), 0.5, ti.Vector([1, 2, 3])))
print(show(scale([1, 1, 1], 3)))

# Taichi's errors around vectors and matrices: index counts, a vector's
# transpose, returned matrices of the wrong shape or ndim, a ti.func's matrix
# parameter given a scalar, and kernel arguments of the wrong shape.
import taichi as ti

ti.init(arch=ti.cpu)


@ti.kernel
def rows():
    m = ti.Matrix([[1, 2], [3, 4]])
    print(m[0])


@ti.kernel
def two():
    v = ti.Vector([1, 2, 3])
    print(v[0, 0])


@ti.kernel
def transposed():
    x = ti.Vector([1, 2])
    z = x @ x.transpose()


@ti.kernel
def scalar_for_vector() -> ti.math.vec3:
    return 1.0


@ti.kernel
def short() -> ti.types.vector(3, ti.i32):
    return ti.Vector([1, 2])


@ti.func
def first(v: ti.math.vec2):
    return v.x


@ti.kernel
def func_scalar() -> ti.f32:
    return first(3.0)


@ti.kernel
def matrix_test():
    v = ti.Vector([1, -1])
    w = v if v > 0 else -v


@ti.kernel
def slice_var(i: ti.i32):
    a = ti.Vector([0, 1, 2, 3])
    b = a[i::2]


for k in (rows, two, transposed, scalar_for_vector, short, func_scalar, matrix_test):
    try:
        k()
    except ti.TaichiCompilationError as e:
        msg = str(e).strip().splitlines()[-1]
        if " of type " in msg:   # the type's repr differs (an address in Taichi)
            msg = msg.split(" of type ")[0] + " ... " + msg.split(" is ")[1]
        print(type(e).__name__, msg)
try:
    slice_var(1)
except ti.TaichiCompilationError as e:
    print(type(e).__name__, str(e).strip().splitlines()[-1])

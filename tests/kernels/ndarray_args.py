# tirun-only: Taichi's ndarray parameters take numpy arrays and ti.ndarray (numpy_args.py);
# this script checks tirun's own external arrays (_taichi_core.external_array: a host address, a dtype
# and a shape, the value a host passes through tirun_ndarray) describe no memory and every
# launch touches none: zero extents, or a debug-mode bounds check that stops the access.
# A dtype or ndim the annotation leaves out is the argument's.
# tests/unit/test_runtimes.c runs such kernels on real host buffers.
import taichi as ti
from taichi import _taichi_core as core

ti.init(print_ir=True)


@ti.kernel
def scale(a: ti.types.ndarray(dtype=ti.f32, ndim=2), k: ti.f32):
    for i, j in ti.ndrange(a.shape[0], a.shape[1]):
        a[i, j] *= k
    if a.shape[0] > 0:
        a[0, 0] += 1


scale(core.external_array(64, ti.f32, (0, 3)), 2.0)
ti.init(debug=True)


@ti.kernel
def store(a: ti.types.ndarray(dtype=ti.i32, ndim=1), i: ti.i32):
    a[i] = a.shape[0]


def attempt(*args):
    try:
        store(*args)
    except Exception as e:
        print(type(e).__name__, str(e).strip().splitlines()[0])


attempt(core.external_array(64, ti.i32, (0,)), 0)
attempt(core.external_array(64, "i32", [0]), -1)
attempt(core.external_array(64, ti.f32, (0,)), 0)
attempt(core.external_array(64, ti.i32, (0, 1)), 0)
attempt(3, 0)
print(core.external_array(64, "u8", [2, 3]))
for bad in ((0, ti.f32, (1,)), (64, ti.u1, (1,)), (64, ti.f32, ()), (64, ti.f32, (-1,))):
    try:
        core.external_array(*bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    ti.types.ndarray(dtype=ti.f32, ndim=9)
except ti.TaichiSyntaxError as e:
    print(type(e).__name__, e)


@ti.kernel
def bools(a: ti.types.ndarray(dtype=ti.u1, ndim=1)):
    pass


try:
    bools(core.external_array(64, ti.i32, (0,)))
except Exception as e:
    print(type(e).__name__, e)

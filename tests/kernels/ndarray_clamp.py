# ti.types.ndarray(boundary="clamp"): indices out of the shape are clamped into it; a
# matrix element's entry by its row-major index, as Taichi does.
import taichi as ti
ti.init(arch=ti.cpu)
@ti.kernel
def test(x: ti.types.ndarray(boundary="clamp"), y: ti.i32) -> ti.f32:
    return x[y]
x = ti.ndarray(ti.f32, shape=(3))
for i in range(3):
    x[i] = i
print(test(x, -1), test(x, -2), test(x, 3), test(x, 4))
@ti.kernel
def test_vec_arr(x: ti.types.ndarray(boundary="clamp"), y: ti.i32) -> ti.f32:
    return x[1, 2][y]
x2 = ti.ndarray(ti.math.vec2, shape=(3, 3))
for i in range(3):
    for j in range(3):
        x2[i, j] = [i, j]
print(test_vec_arr(x2, -1), test_vec_arr(x2, 2))
@ti.kernel
def test_mat_arr(x: ti.types.ndarray(boundary="clamp"), i: ti.i32, j: ti.i32) -> ti.f32:
    return x[1, 2][i, j]
x3 = ti.ndarray(ti.math.mat2, shape=(3, 3))
for i in range(3):
    for j in range(3):
        x3[i, j] = [[i, j], [i + 1, j + 1]]
print(test_mat_arr(x3, -1, 0), test_mat_arr(x3, 1, -1), test_mat_arr(x3, 2, 0), test_mat_arr(x3, 1, 2))

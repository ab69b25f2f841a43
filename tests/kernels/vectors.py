# ti.Vector / ti.Matrix in kernels: construction, entry-wise operators,
# @, transpose, dot, cross, norm, vector and matrix fields, grouped indices
# used as vectors, matrix variables assigned entry by entry under control flow.
import taichi as ti

ti.init(arch=ti.cpu)

pos = ti.Vector.field(3, ti.f32, shape=4)
rot = ti.Matrix.field(2, 2, ti.f32, shape=())
grid = ti.field(ti.i32, shape=(3, 4))


@ti.kernel
def init():
    for i in pos:
        pos[i] = ti.Vector([i, i * 2, i * 3])
    rot[None] = ti.Matrix([[0.0, -1.0], [1.0, 0.0]])
    for I in ti.grouped(grid):
        grid[I] = (I * ti.Vector([10, 1])).sum()


@ti.kernel
def ops(s: ti.f32) -> ti.f32:
    a = ti.Vector([1.0, 2.0, 3.0])
    b = ti.Vector([4.0, 5.0, 6.0])
    c = a.cross(b)
    m = ti.Matrix([[1.0, 2.0], [3.0, 4.0]])
    v = m @ ti.Vector([1.0, 1.0])
    mt = m.transpose()
    if s > 0:
        a = a * s
    else:
        a[0] = -1.0
    print(a, c, v, mt)
    print(rot[None] @ ti.Vector([1.0, 0.0]))
    return a.dot(b) + c.norm() + (m @ mt)[1, 1] + ti.max(a, b).sum()


@ti.kernel
def move(dt: ti.f32):
    for i in pos:
        pos[i] += ti.Vector([1.0, 0.0, -1.0]) * dt
        pos[i][1] = pos[i][1] + 100


init()
print([[grid[i, j] for j in range(4)] for i in range(3)])
print("%.4f" % ops(2.0))
print("%.4f" % ops(-1.0))
move(0.5)
print([[float(e) for e in pos[i]] for i in range(4)])

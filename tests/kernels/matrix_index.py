# Runtime indices into local vectors and matrices (read, write, +=, a row
# or column with a runtime index, a slice), into vector-field elements, and
# debug mode's bounds check of them.
import taichi as ti

ti.init(arch=ti.cpu, debug=True)

vf = ti.Vector.field(3, ti.i32, shape=4)
mf = ti.Matrix.field(2, 2, ti.f32, shape=())


@ti.kernel
def local(i: ti.i32, j: ti.i32) -> ti.i32:
    v = ti.Vector([10, 20, 30, 40])
    m = ti.Matrix([[1, 2, 3], [4, 5, 6]])
    v[i] = 7
    v[j] += 100
    m[i % 2, j % 3] = -1
    return v[0] + v[1] * 10 + v[2] * 100 + v[3] * 1000 + m[j % 2, i % 3] * 100000 + m.sum() * 10000000


@ti.kernel
def rows(i: ti.i32) -> ti.types.vector(3, ti.i32):
    m = ti.Matrix([[1, 2, 3], [4, 5, 6]])
    return m[i, :] * 10 + m[:, i % 2].sum()


@ti.kernel
def loop_sum(n: ti.i32) -> ti.f32:
    v = ti.Vector([0.5, 1.5, 2.5, 3.5])
    s = 0.0
    for k in range(n):
        v[k % 4] *= 2
        s += v[(k + 1) % 4]
    return s


@ti.kernel
def fields():
    for p in vf:
        for c in range(3):
            vf[p][c] = p * 10 + c
        vf[p][p % 3] += 1000
    for a in range(2):
        for b in range(2):
            mf[None][a, b] = a * 2 + b + 0.5


@ti.kernel
def oob(i: ti.i32) -> ti.i32:
    v = ti.Vector([1, 2, 3])
    return v[i]


@ti.kernel
def pick(c: ti.i32) -> ti.types.vector(3, ti.i32):
    v = ti.Vector([1, 2, 3])
    return 0 if c > 0 else v * 2 + (v if c < -1 else 7)


print(local(1, 2), local(3, 0), local(0, 0))
for c in (1, 0, -2):
    p = pick(c)
    print(p[0], p[1], p[2])
r = rows(1)
print(r[0], r[1], r[2])
print(loop_sum(7))
fields()
print([[vf[p][c] for c in range(3)] for p in range(4)])
print(mf[None][1, 0], mf[None][0, 1])
print(oob(2))
try:
    oob(3)
except AssertionError as e:
    print("AssertionError:", "Out of bound access" in str(e))

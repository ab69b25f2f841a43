# ti.solve (2x2, 3x3, f32 and f64, with row swaps), Matrix.determinant and
# inverse (1x1 to 4x4), outer_product, norm_inv, Matrix.rows / cols / diag,
# any() / all() of a matrix, swaps by tuple assignment, and matrix fields
# placed with ti.root.place.
import taichi as ti


def fmt(x, digits):
    s = "%.*f" % (digits, x)
    return "0" if float(s) == 0 else s


def sig(x, digits):
    """digits significant digits: the ill-conditioned systems lose f32's last ones"""
    s = "%.*g" % (digits, x)
    return "0" if float(s) == 0 else s


def run(dt, digits, fmt):
    ti.init(arch=ti.cpu, default_fp=dt)
    x2 = ti.Vector.field(2, dt, shape=10)
    x3 = ti.Vector.field(3, dt, shape=10)
    x3b = ti.Vector.field(3, dt, shape=3)

    @ti.kernel
    def solve_all():
        for k in range(10):
            a00 = ti.cast(k, dt)
            x2[k] = ti.solve(ti.Matrix([[a00, 1.0], [1.0, 1.001]]), ti.Vector([3.0, 15.0]))
            x3[k] = ti.solve(ti.Matrix([[a00, 2.0, -4.0], [2.0, 3.0, 3.0], [5.0, -3, 1.0]]), ti.Vector([3.0, 15.0, 14.0]))
        # pivots in every row order
        x3b[0] = ti.solve(ti.Matrix([[0.0, 0.0, 2.0], [0.0, 3.0, 1.0], [4.0, 1.0, 1.0]]), ti.Vector([1.0, 2.0, 3.0]))
        x3b[1] = ti.solve(ti.Matrix([[1.0, 5.0, 0.0], [7.0, 1.0, 2.0], [2.0, 9.0, 1.0]]), ti.Vector([1.0, 2.0, 3.0]), dt)
        x3b[2] = ti.solve(ti.Matrix([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0]]), ti.Vector([6.0, 15.0, 25.0]))

    solve_all()
    for k in range(10):
        print("%s solve %d:" % (dt, k), " ".join(fmt(x2[k][i], digits) for i in range(2)), "|",
              " ".join(fmt(x3[k][i], digits) for i in range(3)))
    for k in range(3):
        print("%s pivoting %d:" % (dt, k), " ".join(fmt(x3b[k][i], digits) for i in range(3)))


run(ti.f32, 4, sig)
run(ti.f64, 8, fmt)

ti.init(arch=ti.cpu)
dets = ti.field(ti.f32, shape=4)
invs = [ti.Matrix.field(n, n, ti.f32, shape=()) for n in range(1, 5)]


def entry(i, j):
    return i * j + i * 3 + j + 1 + int(i == j) * 4


@ti.kernel
def det_inv():
    for n in ti.static(range(1, 5)):
        m = ti.Matrix([[entry(i, j) for j in range(n)] for i in range(n)], ti.f32)
        dets[n - 1] = m.determinant()
        invs[n - 1][None] = m.inverse() @ m


det_inv()
print("determinants", " ".join(fmt(dets[n], 2) for n in range(4)))
for n in range(1, 5):
    e = invs[n - 1][None]
    print("inverse @ m %dx%d" % (n, n), " ".join(fmt(e[i, j], 4) for i in range(n) for j in range(n)))
print("inverse in Python scope", [[round(x, 4) for x in r] for r in ti.Matrix([[2.0, 1.0], [1.0, 3.0]]).inverse().to_list()])

a = ti.Vector.field(3, dtype=ti.f32)
b = ti.Vector.field(2, dtype=ti.f32)
abT = ti.Matrix.field(3, 2, dtype=ti.f32)
norm_inv = ti.field(ti.f32)
ti.root.place(a, b, abT, norm_inv)
rc = ti.Matrix.field(3, 3, dtype=ti.f32, shape=3)
flags = ti.field(ti.i32, shape=8)
swapped = ti.Vector.field(4, ti.f32, shape=())


@ti.kernel
def helpers():
    a[None] = ti.Vector([1.0, 2.0, -3.0])
    b[None] = ti.Vector([4.0, 5.0])
    abT[None] = a[None].outer_product(b[None])
    norm_inv[None] = a[None].norm_inv()
    u = ti.Vector([1.0, 4.0, 7.0])
    v = ti.Vector([2.0, 5.0, 8.0])
    w = ti.Vector([3.0, 6.0, 9.0])
    rc[0] = ti.Matrix.rows([u, v, w])
    rc[1] = ti.Matrix.cols([u, v, w])
    rc[2] = ti.Matrix.diag(dim=3, val=1.5)
    z = ti.Matrix([[0, 0], [0, 0]])
    o = ti.Matrix([[0, 1], [0, 0]])
    p = ti.Matrix([[1, 1], [2, 3]])
    flags[0], flags[1], flags[2] = any(z), any(o), any(p)
    flags[3], flags[4], flags[5] = all(z), all(o), all(p)
    flags[6] = all(p == p.transpose())
    flags[7] = any(p != p.transpose())
    s, t = 1.5, 2.5
    s, t = t, s
    m = ti.Vector([s, t, 0.0, 0.0])
    m[2], m[3] = m[1], m[0]
    swapped[None] = m


helpers()
print("outer", [[abT[None][i, j] for j in range(2)] for i in range(3)], "norm_inv", fmt(norm_inv[None], 5))
for k in range(3):
    print("rows/cols/diag", [[rc[k][i, j] for j in range(3)] for i in range(3)])
print("any/all", [flags[i] for i in range(8)])
print("swapped", [swapped[None][i] for i in range(4)])
try:
    print(ti.Matrix([[1, 2], [3, 4]]).determinant())
except AssertionError as e:
    print(type(e).__name__, e)


@ti.kernel
def det_2x3() -> ti.f32:
    return ti.Matrix([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]).determinant()


@ti.kernel
def inv_5x5() -> ti.f32:
    return ti.Matrix.identity(ti.f32, 5).inverse()[0, 0]


for f in (det_2x3, inv_5x5):
    try:
        f()
    except ti.TaichiCompilationError as e:
        print(type(e).__name__, str(e).strip().splitlines()[-1])

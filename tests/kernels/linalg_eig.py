# ti.eig (2x2, real and complex eigenvalues) and ti.sym_eig (2x2 and 3x3,
# including repeated eigenvalues, where the 3x3 solver falls back to its QL
# iteration), f32 and f64, with the residual A v - lambda v of each pair.
import taichi as ti


def fmt(x, digits):
    s = "%.*f" % (digits, x)
    return "0" if float(s) == 0 else s


def show(name, m, digits):
    print(name, " ".join(fmt(m[i, j], digits) for i in range(m.n) for j in range(m.m)))


EIG2 = [[[1, 1], [2, 3]], [[1, -1], [1, 1]], [[0, 1], [-2, -3]], [[1, 2], [-3, 1]], [[4, -2], [1, 1]], [[3, 2], [-5, -1]]]
SYM2 = [[[5, 3], [3, 2]], [[1, 0], [0, 1]], [[2, -1], [-1, 2]], [[0, 0], [0, 0]], [[-3, 0.5], [0.5, 4]]]
SYM3 = ([[[a00, 1.0, 1.0], [1.0, 2.0, 2.0], [1.0, 2.0, 2.0]] for a00 in range(10)]
        + [[[1, 0, 0], [0, 1, 0], [0, 0, 1]], [[2, 0, 0], [0, 2, 0], [0, 0, 5]], [[4, 1, 0], [1, 4, 0], [0, 0, 4]],
           [[3, 0, 0], [0, 1, 0], [0, 0, 2]], [[1, 2, 3], [2, -4, 5], [3, 5, -6]], [[0, 0, 0], [0, 0, 0], [0, 0, 0]]])


def run(dt, digits):
    ti.init(arch=ti.cpu, default_fp=dt)
    a2 = ti.Matrix.field(2, 2, dt, shape=len(EIG2))
    val2 = ti.Matrix.field(2, 2, dt, shape=len(EIG2))
    vec2 = ti.Matrix.field(4, 2, dt, shape=len(EIG2))
    s2 = ti.Matrix.field(2, 2, dt, shape=len(SYM2))
    sval2 = ti.Vector.field(2, dt, shape=len(SYM2))
    svec2 = ti.Matrix.field(2, 2, dt, shape=len(SYM2))
    res2 = ti.Matrix.field(2, 2, dt, shape=len(SYM2))
    s3 = ti.Matrix.field(3, 3, dt, shape=len(SYM3))
    sval3 = ti.Vector.field(3, dt, shape=len(SYM3))
    svec3 = ti.Matrix.field(3, 3, dt, shape=len(SYM3))
    res3 = ti.Matrix.field(3, 3, dt, shape=len(SYM3))
    ident = ti.Vector.field(3, dt, shape=())

    @ti.kernel
    def solve_all():
        for k in range(ti.static(len(EIG2))):
            val2[k], vec2[k] = ti.eig(a2[k])
        for k in range(ti.static(len(SYM2))):
            v, w = ti.sym_eig(s2[k], dt)
            sval2[k], svec2[k] = v, w
            res2[k] = s2[k] @ w - w @ ti.Matrix([[v[0], 0], [0, v[1]]])
        for k in range(ti.static(len(SYM3))):
            v, w = ti.sym_eig(s3[k])
            sval3[k], svec3[k] = v, w
            res3[k] = s3[k] @ w - w @ ti.Matrix([[v[0], 0, 0], [0, v[1], 0], [0, 0, v[2]]])

    @ti.kernel
    def identity():
        X = ti.Matrix.identity(dt, 3)
        v, w = ti.sym_eig(X)
        ident[None] = v

    for k, rows in enumerate(EIG2):
        a2[k] = rows
    for k, rows in enumerate(SYM2):
        s2[k] = rows
    for k, rows in enumerate(SYM3):
        s3[k] = rows
    solve_all()
    identity()
    for k in range(len(EIG2)):
        print("%s eig %d" % (dt, k))
        show("  values", val2[k], digits)
        show("  vectors", vec2[k], digits)
    for k in range(len(SYM2)):
        print("%s sym_eig 2x2 %d" % (dt, k))
        print("  values", " ".join(fmt(sval2[k][i], digits) for i in range(2)))
        show("  vectors", svec2[k], digits)
        show("  residual", res2[k], digits)
    for k in range(len(SYM3)):
        print("%s sym_eig 3x3 %d" % (dt, k))
        print("  values", " ".join(fmt(sval3[k][i], digits) for i in range(3)))
        show("  vectors", svec3[k], digits)
        show("  residual", res3[k], digits)
    print("%s identity" % dt, " ".join(fmt(ident[None][i], digits) for i in range(3)))


run(ti.f32, 3)
run(ti.f64, 8)

m3 = ti.Matrix.field(3, 3, ti.f32, shape=())


@ti.kernel
def eig3():
    v, w = ti.eig(m3[None])


try:
    eig3()
except ti.TaichiCompilationError as e:
    print(type(e).__name__, str(e).strip().splitlines()[-1])

# ti.svd and ti.polar_decompose on 2x2 and 3x3 matrices, f32 and f64: the
# factors themselves (Taichi's signs and orderings), A = U S V^T, U and V
# orthogonal; the errors for other sizes and for a call from Python scope.
import taichi as ti


def fmt(x, digits):
    s = "%.*f" % (digits, x)
    return "0" if float(s) == 0 else s


def show(name, m, digits):
    print(name, " ".join(fmt(m[i, j], digits) for i in range(m.n) for j in range(m.m)))


CASES = {
    2: [[[1, 1], [2, 3]], [[3, 0], [0, -2]], [[0, 0], [0, 0]], [[1, 2], [2, 4]], [[-2, 1], [5, 0.5]],
        [[0, 1], [-1, 0]], [[2, 0], [0, 2]]],
    3: [[[1, 1, 3], [9, -3, 2], [-3, 4, 2]], [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [[2, 0, 0], [0, -3, 0], [0, 0, 1]],
        [[1, 2, 3], [2, 4, 6], [1, 0, 1]], [[0, 0, 0], [0, 0, 0], [0, 0, 0]], [[0.5, -1, 2], [3, 0.25, -1], [1, 1, 1]],
        [[3, 7, 14], [9, 11, 16], [15, 17, 23]]],
}


def run(dt, digits):
    ti.init(arch=ti.cpu, default_fp=dt)
    for n, cases in CASES.items():
        A = ti.Matrix.field(n, n, dt, shape=len(cases))
        out = ti.Matrix.field(n, n, dt, shape=(len(cases), 8))

        @ti.kernel
        def factor():
            for k in range(ti.static(len(cases))):
                U, S, V = ti.svd(A[k], dt)
                out[k, 0], out[k, 1], out[k, 2] = U, S, V
                out[k, 3] = U @ S @ V.transpose() - A[k]
                out[k, 4] = U.transpose() @ U
                out[k, 5] = V @ V.transpose()
                R, P = ti.polar_decompose(A[k])
                out[k, 6], out[k, 7] = R, P

        for k, rows in enumerate(cases):
            A[k] = rows
        factor()
        for k in range(len(cases)):
            print("%s %dx%d case %d" % (dt, n, n, k))
            for m, name in enumerate(("U", "S", "V", "USVt-A", "UtU", "VVt", "R", "P")):
                show("  " + name, out[k, m], digits)


run(ti.f32, 3)
run(ti.f64, 8)

# the same 3x3 SVD through a field of f32 elements but dt f64
ti.init(arch=ti.cpu)
a = ti.Matrix.field(3, 3, ti.f32, shape=())
s = ti.Vector.field(3, ti.f64, shape=())


@ti.kernel
def mixed():
    U, S, V = ti.svd(a[None], ti.f64)
    s[None] = ti.Vector([S[0, 0], S[1, 1], S[2, 2]])


a[None] = [[1, 1, 3], [9, -3, 2], [-3, 4, 2]]
mixed()
print("mixed", " ".join(fmt(s[None][i], 6) for i in range(3)))

m4 = ti.Matrix.field(4, 4, ti.f32, shape=())
m2 = ti.Matrix.field(2, 2, ti.f32, shape=())


@ti.kernel
def svd4():
    U, S, V = ti.svd(m4[None])


@ti.kernel
def polar4():
    U, P = ti.polar_decompose(m4[None])


for f in (svd4, polar4):
    try:
        f()
    except ti.TaichiCompilationError as e:
        print(type(e).__name__, str(e).strip().splitlines()[-1])
for f in (ti.svd, ti.polar_decompose):
    try:
        f(m2[None])
    except ti.TaichiSyntaxError as e:
        print(type(e).__name__, str(e).strip().splitlines()[-1])

# Linear algebra on small matrices in kernels: ti.svd, ti.polar_decompose,
# ti.eig, ti.sym_eig, ti.solve and Matrix.determinant / inverse. Each follows
# the algorithm Taichi uses (its orderings, signs and fallbacks), so results
# agree with Taichi's within float rounding. The parts with data-dependent
# control flow are ti.funcs; the 3x3 SVD is straight-line code built here
# entry by entry, unrolled.
import taichi as ti
from taichi import _taichi_core
from taichi.lang.matrix import Matrix


def _cast(x, dt):
    return _taichi_core.builtin("cast", x, dt)


def _default_dt(dt):
    return ti._dtype_of(float) if dt is None else ti._dtype_of(dt)


def _mat(rows):
    return Matrix._make(len(rows), len(rows[0]), 2, [e for r in rows for e in r])


# ---- determinant and inverse (Matrix methods), as Taichi expands them

def _cofactor(a, i, j, n):
    return a[i % n, j % n]


def _det3(a, i, j):
    """The 3x3 minor of a 4x4 matrix that Taichi's expansion uses at (i, j)."""
    def e(x, y):
        return _cofactor(a, x, y, 4)
    return (e(i + 1, j + 1) * (e(i + 2, j + 2) * e(i + 3, j + 3) - e(i + 3, j + 2) * e(i + 2, j + 3))
            - e(i + 2, j + 1) * (e(i + 1, j + 2) * e(i + 3, j + 3) - e(i + 3, j + 2) * e(i + 1, j + 3))
            + e(i + 3, j + 1) * (e(i + 1, j + 2) * e(i + 2, j + 3) - e(i + 2, j + 2) * e(i + 1, j + 3)))


def _square(a):
    """Taichi's preconditions of determinant and inverse, with its messages."""
    shape = a.get_shape()
    if len(shape) != 2 or shape[0] != shape[1]:
        raise ti.TaichiCompilationError("expected a square matrix, got shape %s" % (shape,))
    if shape[0] >= 5:
        raise ti.TaichiCompilationError("only dimension < 5 is supported, got shape %s" % (shape,))


def determinant(a):
    _square(a)
    n = a.n
    if n == 1:
        return a[0, 0]
    if n == 2:
        return a[0, 0] * a[1, 1] - a[0, 1] * a[1, 0]
    if n == 3:
        return (a[0, 0] * (a[1, 1] * a[2, 2] - a[2, 1] * a[1, 2])
                - a[1, 0] * (a[0, 1] * a[2, 2] - a[2, 1] * a[0, 2])
                + a[2, 0] * (a[0, 1] * a[1, 2] - a[1, 1] * a[0, 2]))
    det = a[0, 0] * 0   # keeps the entries' type
    for i in range(4):
        det = det + (-1) ** i * (a[i, 0] * _det3(a, i, 0))
    return det


def inverse(a):
    _square(a)
    n = a.n
    if n == 1:
        return _mat([[1.0 / a[0, 0]]])
    inv_det = 1.0 / determinant(a)
    if n == 2:
        adj = [[a[1, 1], -a[0, 1]], [-a[1, 0], a[0, 0]]]
    elif n == 3:
        adj = [[_cofactor(a, i + 1, j + 1, 3) * _cofactor(a, i + 2, j + 2, 3)
                - _cofactor(a, i + 2, j + 1, 3) * _cofactor(a, i + 1, j + 2, 3) for i in range(3)]
               for j in range(3)]
    else:
        adj = [[(-1) ** (i + j) * _det3(a, i, j) for i in range(4)] for j in range(4)]
    return _mat([[inv_det * x for x in row] for row in adj])


# ---- polar decomposition and SVD, 2x2

@ti.func
def _polar2(A, dt):
    U = Matrix.identity(dt, 2)
    P = ti.cast(A, dt)
    zero = ti.cast(0.0, dt)
    if A[0, 0] == zero and A[0, 1] == zero and A[1, 0] == zero and A[1, 1] == zero:
        pass   # the zero matrix: (I, A)
    else:
        det_a = A[0, 0] * A[1, 1] - A[1, 0] * A[0, 1]
        # B = A + sign(det A) adj(A)^T, a multiple of the rotation U
        B = Matrix([[A[0, 0] + A[1, 1], A[0, 1] - A[1, 0]], [A[1, 0] - A[0, 1], A[1, 1] + A[0, 0]]], dt)
        if det_a < zero:
            B = Matrix([[A[0, 0] - A[1, 1], A[0, 1] + A[1, 0]], [A[1, 0] + A[0, 1], A[1, 1] - A[0, 0]]], dt)
        k = ti.cast(1.0, dt) / ti.sqrt(abs(B[0, 0] * B[1, 1] - B[1, 0] * B[0, 1]))
        U = B * k
        P = (A.transpose() @ A + abs(det_a) * Matrix.identity(dt, 2)) * k
    return U, P


@ti.func
def _svd2(A, dt):
    R, S = _polar2(A, dt)
    # S is symmetric: one Jacobi rotation (c, s) diagonalizes it
    c = ti.cast(0.0, dt)
    s = ti.cast(0.0, dt)
    s1 = ti.cast(0.0, dt)
    s2 = ti.cast(0.0, dt)
    if abs(S[0, 1]) < 1e-5:
        c = 1
        s = 0
        s1 = S[0, 0]
        s2 = S[1, 1]
    else:
        tau = ti.cast(0.5, dt) * (S[0, 0] - S[1, 1])
        w = ti.sqrt(tau * tau + S[0, 1] * S[0, 1])
        t = ti.cast(0.0, dt)
        if tau > 0:
            t = S[0, 1] / (tau + w)
        else:
            t = S[0, 1] / (tau - w)
        c = 1 / ti.sqrt(t * t + 1)
        s = -t * c
        s1 = c * c * S[0, 0] - 2 * c * s * S[0, 1] + s * s * S[1, 1]
        s2 = s * s * S[0, 0] + 2 * c * s * S[0, 1] + c * c * S[1, 1]
    V = Matrix.zero(dt, 2, 2)
    if s1 < s2:
        s1, s2 = s2, s1
        V = Matrix([[-s, c], [-c, -s]], dt)
    else:
        V = Matrix([[c, s], [-s, c]], dt)
    return R @ V, Matrix([[s1, 0], [0, s2]], dt), V


# ---- SVD, 3x3: McAdams et al., "Computing the Singular Value Decomposition of
# 3x3 matrices with minimal branching and elementary floating point operations"
# (2011), the method Taichi builds in C++. Jacobi sweeps on A^T A accumulate V as
# a quaternion; the columns of A V are sorted by norm; Givens QR gives U and the
# singular values. Taichi takes its constants as f32 also for f64: so here.

_FOUR_GAMMA_SQUARED = 5.828427314758301    # f32(3 + 2 sqrt 2)
_SIN_PI_OVER_8 = 0.3826834261417389
_COS_PI_OVER_8 = 0.9238795042037964
_TINY = 9.999999682655225e-21              # f32(1e-20)
_SMALL = 9.999999960041972e-13             # f32(1e-12)


class _Svd3:
    """The computation's state: a (3x3, the matrix being reduced), s (A^T A,
    symmetric: s[(i, j)] for i >= j), q (the quaternion [w, x, y, z] of V)."""

    def __init__(self, A, dt):
        self.k = {v: _cast(v, dt) for v in (0.0, 0.5, 1.0, _FOUR_GAMMA_SQUARED, _SIN_PI_OVER_8, _COS_PI_OVER_8,
                                            _TINY, _SMALL)}
        self.a = [[_cast(A[i, j], dt) for j in range(3)] for i in range(3)]

    def const(self, v):
        return self.k[v]

    def sym(self, i, j):
        return (i, j) if i >= j else (j, i)

    def gram(self):
        a = self.a
        self.s = {}
        for i in range(3):
            for j in range(i + 1):
                acc = a[0][i] * a[0][j]
                acc = a[1][i] * a[1][j] + acc
                acc = a[2][i] * a[2][j] + acc
                self.s[(i, j)] = acc

    def jacobi(self, p, q):
        """One approximate Givens conjugation of s in the (p, q) plane, the
        rotation also applied to the quaternion."""
        s, k, r = self.s, self.const, 3 - p - q
        pq, rp, rq = self.sym(p, q), self.sym(r, p), self.sym(r, q)
        sh = s[pq] * k(0.5)
        diff = s[(p, p)] - s[(q, q)]
        big = (sh * sh) >= k(_TINY)
        sh = ti.select(big, sh, k(0.0))
        ch = ti.select(big, diff, k(1.0))
        sh2, ch2 = sh * sh, ch * ch
        norm = ti.rsqrt(sh2 + ch2)
        sh, ch = norm * sh, norm * ch
        # too large an angle: the fixed pi/8 rotation instead
        fixed = ch2 <= k(_FOUR_GAMMA_SQUARED) * sh2
        sh = ti.select(fixed, k(_SIN_PI_OVER_8), sh)
        ch = ti.select(fixed, k(_COS_PI_OVER_8), ch)
        sh2, ch2 = sh * sh, ch * ch
        c = ch2 - sh2
        sn = ch * sh
        sn = sn + sn
        scale = sh2 + ch2
        s[(r, r)] = s[(r, r)] * scale * scale
        srp, srq = s[rp] * scale, s[rq] * scale
        s[rp] = sn * srq + c * srp
        s[rq] = c * srq - sn * srp
        sn2, c2 = sn * sn, c * c
        spp = s[(p, p)] * c2 + s[(q, q)] * sn2
        sqq = s[(q, q)] * c2 + s[(p, p)] * sn2
        cs = c * sn
        two_pq = s[pq] + s[pq]
        s[pq] = s[pq] * (c2 - sn2) - diff * cs
        s[(p, p)] = spp + two_pq * cs
        s[(q, q)] = sqq - two_pq * cs
        # q = q * (ch + sh e_r)
        w, v = self.q[0], self.q[1:]
        t = [sh * x for x in v]
        shw = sh * w
        nv = [ch * x for x in v]
        nv[p] = nv[p] + t[q]
        nv[q] = nv[q] - t[p]
        nv[r] = nv[r] + shw
        self.q = [ch * w - t[r]] + nv

    def v_matrix(self):
        """V from the quaternion, normalized by one Newton step on rsqrt."""
        k = self.const
        w, x, y, z = self.q
        n2 = z * z + (y * y + (x * x + w * w))
        inv = _refined_rsqrt(n2, k(0.5))
        w, x, y, z = w * inv, x * inv, y * inv, z * inv
        xx, yy, zz, ww = x * x, y * y, z * z, w * w
        v11 = ww + xx - yy - zz
        v22 = ww - xx + yy - zz
        v33 = ww - xx - yy + zz
        x2, y2, z2 = x + x, y + y, z + z
        wx, wy, wz = w * x2, w * y2, w * z2
        xy, yz, xz = y * x2, z * y2, x * z2
        return [[v11, xy - wz, xz + wy], [xy + wz, v22, yz - wx], [xz - wy, yz + wx, v33]]

    def sort_columns(self, v):
        """Columns of a (and v) by decreasing norm; each swap negates one of
        the two columns so that det(v) stays 1."""
        a = self.a
        rho = [(a[0][j] * a[0][j] + a[1][j] * a[1][j]) + a[2][j] * a[2][j] for j in range(3)]
        for i, j, negate in ((0, 1, 1), (0, 2, 0), (1, 2, 2)):
            swap = rho[i] < rho[j]
            for m in (a, v):
                for row in m:
                    row[i], row[j] = ti.select(swap, row[j], row[i]), ti.select(swap, row[i], row[j])
                    row[negate] = ti.select(swap, -row[negate], row[negate])
            rho[i], rho[j] = ti.select(swap, rho[j], rho[i]), ti.select(swap, rho[i], rho[j])

    def givens_qr(self, p, q, u):
        """Zeroes a[q][p] by a rotation of rows p, q of a; u takes its inverse
        on columns p, q."""
        a, k = self.a, self.const
        sh = ti.select(a[q][p] * a[q][p] >= k(_SMALL), a[q][p], k(0.0))
        app = a[p][p]
        ch = ti.max(ti.max(k(0.0) - app, app), k(_SMALL))
        pos = app >= k(0.0)
        n2 = ch * ch + sh * sh
        ch = ch + _refined_rsqrt(n2, k(0.5)) * n2
        ch, sh = ti.select(pos, ch, sh), ti.select(pos, sh, ch)
        inv = _refined_rsqrt(ch * ch + sh * sh, k(0.5))
        ch, sh = ch * inv, sh * inv
        c = ch * ch - sh * sh
        sn = sh * ch
        sn = sn + sn
        for j in range(3):
            a[p][j], a[q][j] = c * a[p][j] + sn * a[q][j], c * a[q][j] - sn * a[p][j]
        for i in range(3):
            u[i][p], u[i][q] = c * u[i][p] + sn * u[i][q], c * u[i][q] - sn * u[i][p]

    def run(self, iters):
        self.gram()
        self.q = [self.const(1.0), self.const(0.0), self.const(0.0), self.const(0.0)]
        for _ in range(iters):
            self.jacobi(0, 1)
            self.jacobi(1, 2)
            self.jacobi(2, 0)
        v = self.v_matrix()
        a = self.a
        self.a = [[(v[0][j] * a[i][0] + v[1][j] * a[i][1]) + v[2][j] * a[i][2] for j in range(3)]
                  for i in range(3)]
        self.sort_columns(v)
        one, zero = self.const(1.0), self.const(0.0)
        u = [[one if i == j else zero for j in range(3)] for i in range(3)]
        self.givens_qr(0, 1, u)
        self.givens_qr(0, 2, u)
        self.givens_qr(1, 2, u)
        sigma = [[self.a[i][i] if i == j else zero for j in range(3)] for i in range(3)]
        return _mat(u), _mat(sigma), _mat(v)


def _refined_rsqrt(x, half):
    """1/sqrt(x) with one Newton step, y (3/2 - x y^2 / 2), as the paper writes it."""
    y = ti.rsqrt(x)
    h = y * half
    return (y + h) - x * (y * (y * h))


def _svd3(A, dt):
    # Taichi asserts this (a 3x3 SVD of f16 or of integers is not there)
    assert dt in (ti.f32, ti.f64), "the 3x3 SVD takes dt ti.f32 or ti.f64, not %s" % dt
    return _Svd3(A, dt).run(5 if dt is ti.f32 else 8)


@ti.func
def _polar3(A, dt):
    U, sig, V = _svd3(A, dt)
    return U @ V.transpose(), V @ sig @ V.transpose()


# ---- eigenvalues

@ti.func
def _normalized(v):
    return (1 / v.norm()) * v


@ti.func
def _eig2(A, dt):
    """Eigenvalues as rows (re, im), eigenvectors as columns (re, im, re, im)."""
    tr = A.trace()
    gap = tr * tr - 4 * determinant(A)
    l1 = Matrix.zero(dt, 2)
    l2 = Matrix.zero(dt, 2)
    v1 = Matrix.zero(dt, 4)
    v2 = Matrix.zero(dt, 4)
    if gap > 0:
        l1 = Matrix([tr + ti.sqrt(gap), 0.0], dt) * 0.5
        l2 = Matrix([tr - ti.sqrt(gap), 0.0], dt) * 0.5
        A1 = A - l1[0] * Matrix.identity(dt, 2)
        A2 = A - l2[0] * Matrix.identity(dt, 2)
        if (A1 == Matrix.zero(dt, 2, 2)).all():
            v1 = Matrix([0.0, 0.0, 1.0, 0.0], dt)
            v2 = Matrix([1.0, 0.0, 0.0, 0.0], dt)
        else:
            v1 = _normalized(Matrix([A2[0, 0], 0.0, A2[1, 0], 0.0], dt))
            v2 = _normalized(Matrix([A1[0, 0], 0.0, A1[1, 0], 0.0], dt))
    else:
        l1 = Matrix([tr, ti.sqrt(-gap)], dt) * 0.5
        l2 = Matrix([tr, -ti.sqrt(-gap)], dt) * 0.5
        A1r = A - l1[0] * Matrix.identity(dt, 2)
        A1i = -l1[1] * Matrix.identity(dt, 2)
        A2r = A - l2[0] * Matrix.identity(dt, 2)
        A2i = -l2[1] * Matrix.identity(dt, 2)
        v1 = _normalized(Matrix([A2r[0, 0], A2i[0, 0], A2r[1, 0], A2i[1, 0]], dt))
        v2 = _normalized(Matrix([A1r[0, 0], A1i[0, 0], A1r[1, 0], A1i[1, 0]], dt))
    return _mat([[l1[0], l1[1]], [l2[0], l2[1]]]), _mat([[v1[i], v2[i]] for i in range(4)])


@ti.func
def _sym_eig2(A, dt):
    assert (A == A.transpose()).all(), "A needs to be symmetric"
    tr = A.trace()
    gap = tr * tr - 4 * determinant(A)
    l1 = (tr + ti.sqrt(gap)) * 0.5
    l2 = (tr - ti.sqrt(gap)) * 0.5
    A1 = A - l1 * Matrix.identity(dt, 2)
    A2 = A - l2 * Matrix.identity(dt, 2)
    v1 = Matrix.zero(dt, 2)
    v2 = Matrix.zero(dt, 2)
    if (A1 == Matrix.zero(dt, 2, 2)).all():
        v1 = Matrix([0.0, 1.0], dt)
        v2 = Matrix([1.0, 0.0], dt)
    else:
        v1 = _normalized(Matrix([A2[0, 0], A2[1, 0]], dt))
        v2 = _normalized(Matrix([A1[0, 0], A1[1, 0]], dt))
    return Matrix([l1, l2], dt), _mat([[v1[0], v2[0]], [v1[1], v2[1]]])


# The 3x3 symmetric solver is Kopp's hybrid ("Efficient numerical diagonalization
# of hermitian 3x3 matrices", 2008): eigenvalues by Cardano, eigenvectors by cross
# products, and where those lose accuracy a tridiagonal QL iteration. Taichi's QL
# fallback differs from Kopp's: it starts from the partly computed Q (only its
# diagonal reset), and iterates on the leading 2x2 block alone (the off-diagonal
# e[1] is dropped). It is followed here as Taichi has it.

@ti.func
def _tridiagonalize(A, Q, dt):
    """Householder reduction of A to tridiagonal (d diagonal, e off-diagonal)."""
    Q[0, 0] = 1.0
    Q[1, 1] = 1.0
    Q[2, 2] = 1.0
    d = Matrix.zero(dt, 3)
    e = Matrix.zero(dt, 3)
    u = Matrix.zero(dt, 3)
    h = A[0, 1] * A[0, 1] + A[0, 2] * A[0, 2]
    g = 0.0
    if A[0, 1] > 0:
        g = -ti.sqrt(h)
    else:
        g = ti.sqrt(h)
    e[0] = g
    f = g * A[0, 1]
    u[1] = A[0, 1] - g
    u[2] = A[0, 2]
    omega = h - f
    d[0] = A[0, 0]
    if omega > 0.0:
        omega = 1.0 / omega
        f = A[1, 1] * u[1] + A[1, 2] * u[2]
        q1 = omega * f
        K = 0.0
        K += u[1] * f
        f = A[1, 2] * u[1] + A[2, 2] * u[2]
        q2 = omega * f
        K += u[2] * f
        K *= 0.5 * omega * omega
        q1 = q1 - K * u[1]
        q2 = q2 - K * u[2]
        d[1] = A[1, 1] - 2.0 * q1 * u[1]
        d[2] = A[2, 2] - 2.0 * q2 * u[2]
        for j in ti.static(range(1, 3)):
            f = omega * u[j]
            for i in ti.static(range(1, 3)):
                Q[i, j] = Q[i, j] - f * u[i]
        e[1] = A[1, 2] - q1 * u[2] - u[1] * q2
    else:
        d[1] = A[1, 1]
        d[2] = A[2, 2]
        e[1] = A[1, 2]
    return d, e, Q


@ti.func
def _ql_leading_block(A, Q, dt):
    w, e, Q = _tridiagonalize(A, Q, dt)
    n_iter = 0
    while True:
        g = abs(w[0]) + abs(w[1])
        if abs(e[0]) + g == g:
            break
        n_iter += 1
        assert n_iter <= 30, "Timeout"
        g = (w[1] - w[0]) / (e[0] + e[0])
        r = ti.sqrt(g * g + 1.0)
        if g > 0:
            g = w[1] - w[0] + e[0] / (g + r)
        else:
            g = w[1] - w[0] + e[0] / (g - r)
        s = 1.0
        c = 1.0
        f = s * e[0]
        b = c * e[0]
        if abs(f) > abs(g):
            c = g / f
            r = ti.sqrt(c * c + 1.0)
            e[1] = f * r
            s = 1.0 / r
            c *= s
        else:
            s = f / g
            r = ti.sqrt(s * s + 1.0)
            e[1] = g * r
            c = 1.0 / r
            s *= c
        g = w[1]
        r = (w[0] - g) * s + 2.0 * c * b
        p = s * r
        w[1] = g + p
        g = c * r - b
        for k in ti.static(range(3)):
            t = Q[k, 1]
            Q[k, 1] = s * Q[k, 0] + c * t
            Q[k, 0] = c * Q[k, 0] - s * t
        w[0] -= p
        e[0] = g
        e[1] = 0.0
    return Q, w


@ti.func
def _sym_eig3(A, dt):
    assert (A == A.transpose()).all(), "A needs to be symmetric"
    # the characteristic polynomial x^3 - m x^2 + c1 x + c0
    m = A.trace()
    dd = A[0, 1] * A[0, 1]
    ee = A[1, 2] * A[1, 2]
    ff = A[0, 2] * A[0, 2]
    c1 = A[0, 0] * A[1, 1] + A[0, 0] * A[2, 2] + A[1, 1] * A[2, 2] - (dd + ee + ff)
    c0 = (A[2, 2] * dd + A[0, 0] * ee + A[1, 1] * ff - A[0, 0] * A[1, 1] * A[2, 2]
          - 2.0 * A[0, 2] * A[0, 1] * A[1, 2])
    p = m * m - 3.0 * c1
    q = m * (p - 1.5 * c1) - 13.5 * c0
    sqrt_p = ti.sqrt(abs(p))
    phi = 27.0 * (0.25 * c1 * c1 * (p - c1) + c0 * (q + 6.75 * c0))
    phi = (1.0 / 3.0) * ti.atan2(ti.sqrt(abs(phi)), q)
    c = sqrt_p * ti.cos(phi)
    s = (1.0 / 1.73205080756887729352744634151) * sqrt_p * ti.sin(phi)
    ev = Matrix.zero(dt, 3)
    ev[1] = (1.0 / 3.0) * (m - c)
    ev[2] = ev[1] + s
    ev[0] = ev[1] + c
    ev[1] = ev[1] - s
    # the accuracy below which the cross-product eigenvectors are not trusted
    t = ti.max(ti.max(abs(ev[0]), abs(ev[1])), abs(ev[2]))
    u = t
    if t >= 1.0:
        u = t * t
    error = 256.0 * 2.2204460492503131e-16 * u * u
    Q = Matrix.zero(dt, 3, 3)
    Q[0, 1] = A[0, 1] * A[1, 2] - A[0, 2] * A[1, 1]
    Q[1, 1] = A[0, 2] * A[0, 1] - A[1, 2] * A[0, 0]
    Q[2, 1] = A[0, 1] * A[0, 1]
    fallback = 0
    for col in ti.static(range(2)):
        if not fallback:
            Q[0, col] = Q[0, 1] + A[0, 2] * ev[col]
            Q[1, col] = Q[1, 1] + A[1, 2] * ev[col]
            Q[2, col] = (A[0, 0] - ev[col]) * (A[1, 1] - ev[col]) - Q[2, 1]
            norm = Q[0, col] * Q[0, col] + Q[1, col] * Q[1, col] + Q[2, col] * Q[2, col]
            if norm <= error:
                Q, ev = _ql_leading_block(A, Q, dt)
                fallback = 1
            else:
                norm = ti.sqrt(1.0 / norm)
                for i in ti.static(range(3)):
                    Q[i, col] *= norm
    if not fallback:
        Q[0, 2] = Q[1, 0] * Q[2, 1] - Q[2, 0] * Q[1, 1]
        Q[1, 2] = Q[2, 0] * Q[0, 1] - Q[0, 0] * Q[2, 1]
        Q[2, 2] = Q[0, 0] * Q[1, 1] - Q[1, 0] * Q[0, 1]
    # ascending, the eigenvectors with them
    for i, j in ti.static(((0, 1), (0, 2), (1, 2))):
        if ev[j] < ev[i]:
            ev[i], ev[j] = ev[j], ev[i]
            for k in ti.static(range(3)):
                Q[k, i], Q[k, j] = Q[k, j], Q[k, i]
    return ev, Q


# ---- linear solve: Gauss elimination with partial pivoting

@ti.func
def _gauss(A, b, dt):
    n = ti.static(A.n)
    Ab = Matrix.zero(dt, n, n + 1)
    for i in ti.static(range(n)):
        for j in ti.static(range(n)):
            Ab[i, j] = A[i, j]
        Ab[i, n] = b[i]
    # Taichi checks the last pivot of a 3x3 system in this loop, not of a 2x2
    for i in ti.static(range(n if n == 3 else n - 1)):
        # the first row of the largest pivot
        best = i
        best_v = abs(Ab[i, i])
        for j in ti.static(range(i + 1, n)):
            if abs(Ab[j, i]) > best_v:
                best = j
                best_v = abs(Ab[j, i])
        assert best_v != 0.0, "Matrix is singular in linear solve."
        for j in ti.static(range(i + 1, n)):
            if best == j:
                for k in ti.static(range(n + 1)):
                    Ab[i, k], Ab[j, k] = Ab[j, k], Ab[i, k]
        assert Ab[i, i] != 0.0, "Matrix is singular in linear solve."
        for j in ti.static(range(i + 1, n)):
            scale = Ab[j, i] / Ab[i, i]
            Ab[j, i] = 0.0
            for k in ti.static(range(i + 1, n + 1)):
                Ab[j, k] -= Ab[i, k] * scale
    x = Matrix.zero(dt, n)
    for i in ti.static(range(n - 1, -1, -1)):
        x[i] = Ab[i, n]
        for k in ti.static(range(i + 1, n)):
            x[i] -= Ab[i, k] * x[k]
        x[i] = x[i] / Ab[i, i]
    return x


# ---- the public names (ti.svd, ...): ti.funcs, so that they inline where a
# kernel calls them and, as Taichi's, cannot be called from Python scope

def _for_size(A, impls, error):
    """The implementation for A's size, or Taichi's error for other sizes."""
    if A.n not in impls:
        raise Exception(error)
    return impls[A.n]


@ti.func
def svd(A, dt=None):
    """A = U S V^T for a 2x2 or 3x3 matrix: (U, S, V), S diagonal."""
    impl = ti.static(_for_size(A, {2: _svd2, 3: _svd3}, "SVD only supports 2D and 3D matrices."))
    return impl(A, ti.static(_default_dt(dt)))


@ti.func
def polar_decompose(A, dt=None):
    """A = U P for a 2x2 or 3x3 matrix: (U, P), U orthogonal, P symmetric."""
    impl = ti.static(_for_size(A, {2: _polar2, 3: _polar3}, "Polar decomposition only supports 2D and 3D matrices."))
    return impl(A, ti.static(_default_dt(dt)))


@ti.func
def eig(A, dt=None):
    """Eigenvalues (n x 2: re, im per row) and right eigenvectors (2n x n:
    re, im of each entry down a column) of a real 2x2 matrix."""
    impl = ti.static(_for_size(A, {2: _eig2}, "Eigen solver only supports 2D matrices."))
    return impl(A, ti.static(_default_dt(dt)))


@ti.func
def sym_eig(A, dt=None):
    """Eigenvalues (ascending for 3x3) and eigenvectors (columns) of a real
    symmetric 2x2 or 3x3 matrix."""
    impl = ti.static(_for_size(A, {2: _sym_eig2, 3: _sym_eig3}, "Symmetric eigen solver only supports 2D and 3D matrices."))
    return impl(A, ti.static(_default_dt(dt)))


def _check_solve(A, b):
    assert A.n == A.m, "Only square matrix is supported"
    assert 2 <= A.n <= 3, "Only 2D and 3D matrices are supported"
    assert A.m == b.n, "Matrix and Vector dimension dismatch"


@ti.func
def solve(A, b, dt=None):
    """x with A x = b for a 2x2 or 3x3 A (Gauss elimination)."""
    ti.static(_check_solve(A, b))
    return _gauss(A, b, ti.static(_default_dt(dt)))

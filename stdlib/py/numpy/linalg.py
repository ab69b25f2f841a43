"""np.linalg: argument checks, result types and LinAlgError around the C
kernels of stdlib/numpy/linalg.c (_numpy._linalg_*). Everything is computed
in float64 (float32 arrays give float32 results). Arrays of complex numbers
do not exist here: eig raises LinAlgError when an eigenvalue is complex.
eig's eigenvalues come in the order of the real Schur form that the
Francis QR steps leave (LAPACK's order for 2 x 2 matrices; for larger ones
usually, not always); eigenvectors are unit vectors whose signs may differ
from LAPACK's."""
import _numpy
import numpy as _np

__all__ = ["LinAlgError", "norm", "det", "slogdet", "solve", "inv", "eig", "eigvals", "eigh", "eigvalsh",
           "svd", "matrix_rank", "pinv", "cond", "matrix_power", "multi_dot"]


class LinAlgError(ValueError):
    pass


class _Result(tuple):
    _fields = ()

    def __new__(cls, *items):
        return tuple.__new__(cls, items)

    def __getattr__(self, name):
        try:
            return self[type(self)._fields.index(name)]
        except ValueError:
            raise AttributeError(name)

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__,
                           ", ".join("%s=%r" % (f, v) for f, v in zip(type(self)._fields, self)))


class EigResult(_Result):
    _fields = ("eigenvalues", "eigenvectors")


class EighResult(_Result):
    _fields = ("eigenvalues", "eigenvectors")


class SVDResult(_Result):
    _fields = ("U", "S", "Vh")


class SlogdetResult(_Result):
    _fields = ("sign", "logabsdet")


def _square(a, square=True):
    a = _np.asarray(a)
    if a.ndim < 2:
        raise LinAlgError("%d-dimensional array given. Array must be at least two-dimensional" % a.ndim)
    if square and a.shape[-1] != a.shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    return a


def det(a):
    return _numpy._linalg_det(_square(a))


def slogdet(a):
    return SlogdetResult(*_numpy._linalg_slogdet(_square(a)))


def solve(a, b):
    x = _numpy._linalg_solve(_square(a), b)
    if x is None:
        raise LinAlgError("Singular matrix")
    return x


def inv(a):
    x = _numpy._linalg_inv(_square(a))
    if x is None:
        raise LinAlgError("Singular matrix")
    return x


def _eig(a, vectors):
    r = _numpy._linalg_eig(_square(a), vectors)
    if r == "complex":
        raise LinAlgError("eig: the matrix has complex eigenvalues, and tirun's numpy has no complex arrays")
    if r == "noconv":
        raise LinAlgError("Eigenvalues did not converge")
    if r == "nonfinite":
        raise LinAlgError("Array must not contain infs or NaNs")
    return r


def eig(a):
    return EigResult(*_eig(a, True))


def eigvals(a):
    return _eig(a, False)


def eigh(a, UPLO="L"):
    if UPLO not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    return EighResult(*_numpy._linalg_eigh(_square(a), UPLO == "U", True))


def eigvalsh(a, UPLO="L"):
    if UPLO not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    return _numpy._linalg_eigh(_square(a), UPLO == "U", False)


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    r = _numpy._linalg_svd(_square(a, False), full_matrices, compute_uv)
    return SVDResult(*r) if compute_uv else r


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    A = _np.asarray(A)
    if A.ndim < 2:
        return int(any(v != 0 for v in _np.ravel(A).tolist()))
    S = _numpy._linalg_svd(A, False, False)
    eps = _np.finfo(S.dtype).eps
    rows = S.reshape(-1, S.shape[-1]).tolist()
    counts = []
    for s in rows:
        smax = max(s) if s else 0.0
        if tol is None:
            t = smax * (max(A.shape[-2:]) * float(eps) if rtol is None else rtol)
        else:
            t = tol
        counts.append(sum(1 for v in s if v > t))
    if A.ndim == 2:
        return _np.int64(counts[0])
    return _np.array(counts, dtype=_np.int64).reshape(A.shape[:-2])


def _matmul2(x, y):
    """Product of two 2-D lists."""
    n = len(y[0]) if y else 0
    return [[sum(r[k] * y[k][j] for k in range(len(y))) for j in range(n)] for r in x]


def pinv(a, rcond=None, hermitian=False, *, rtol=None):
    a = _np.asarray(a)
    if rcond is None:
        rcond = 1e-15 if rtol is None else rtol
    u, s, vt = _numpy._linalg_svd(a, False, True)
    if a.ndim != 2:
        return _np.array([pinv(m, rcond) for m in a.reshape((-1,) + a.shape[-2:])]).reshape(
            a.shape[:-2] + (a.shape[-1], a.shape[-2]))
    s = s.tolist()
    cutoff = rcond * max(s) if s else 0.0
    sinv = [1.0 / v if v > cutoff else 0.0 for v in s]
    v = vt.T.tolist()
    ut = u.T.tolist()
    scaled = [[sinv[i] * x for x in ut[i]] for i in range(len(sinv))]
    return _np.array(_matmul2(v, scaled), dtype=u.dtype)


def cond(x, p=None):
    x = _np.asarray(x)
    if p is None or p == 2 or p == -2:
        s = _numpy._linalg_svd(x, False, False).tolist()
        r = s[0] / s[-1] if p != -2 else s[-1] / s[0]
        return _np.float64(r)
    return norm(x, p, axis=(-2, -1)) * norm(inv(x), p, axis=(-2, -1))


def matrix_power(a, n):
    a = _np.asarray(a)
    if n < 0:
        a = inv(a)
        n = -n
    m = a.tolist()
    result = _np.eye(a.shape[-1], dtype=a.dtype).tolist()
    while n:
        if n & 1:
            result = _matmul2(result, m)
        m = _matmul2(m, m)
        n >>= 1
    return _np.array(result, dtype=a.dtype)


def multi_dot(arrays):
    arrays = [_np.asarray(a) for a in arrays]
    out = arrays[0].tolist()
    vec_first = arrays[0].ndim == 1
    if vec_first:
        out = [out]
    for b in arrays[1:]:
        bl = b.tolist()
        if b.ndim == 1:
            bl = [[v] for v in bl]
        out = _matmul2(out, bl)
    r = _np.array(out)
    if arrays[-1].ndim == 1:
        r = r.reshape(r.shape[:-1])
    if vec_first:
        r = r[0]
    return r


def _float(x):
    x = _np.asarray(x)
    if x.dtype.kind not in "f":
        x = x.astype(_np.float64)
    return x


def _keep(ret, nd, axes, keepdims):
    if not keepdims:
        return ret
    shape = list(_np.shape(ret))
    for ax in sorted(axes):
        shape.insert(ax, 1)
    if len(shape) != nd:
        shape = [1] * nd
    return _np.asarray(ret).reshape(shape)


def _matrix_norm(m, ord):
    """ord-norm of the 2-D list m."""
    if ord in (None, "fro", "f"):
        return sum(v * v for r in m for v in r) ** 0.5
    cols = [sum(abs(r[j]) for r in m) for j in range(len(m[0]))] if m else []
    rows = [sum(abs(v) for v in r) for r in m]
    if ord == 1:
        return max(cols)
    if ord == -1:
        return min(cols)
    if ord == float("inf"):
        return max(rows)
    if ord == float("-inf"):
        return min(rows)
    raise ValueError("Invalid norm order for matrices.")


def norm(x, ord=None, axis=None, keepdims=False):
    x = _float(x)
    nd = x.ndim
    if axis is None and (ord is None or (ord in ("f", "fro") and nd == 2) or (ord == 2 and nd == 1)):
        ret = _numpy._linalg_vnorm(x, 2, None)
        if keepdims:
            ret = _np.asarray(ret).reshape([1] * nd)
        return ret
    if axis is None:
        axis = tuple(range(nd))
    elif not isinstance(axis, tuple):
        try:
            axis = int(axis)
        except Exception:
            raise TypeError("'axis' must be None, an integer or a tuple of integers")
        axis = (axis,)
    if len(axis) == 1:
        if isinstance(ord, str):
            raise ValueError("Invalid norm order '%s' for vectors" % ord)
        a = axis[0]
        if a < 0:
            a += nd
        ret = _numpy._linalg_vnorm(x, 2 if ord is None else ord, axis[0])
        return _keep(ret, nd, (a,), keepdims)
    if len(axis) != 2:
        raise ValueError("Improper number of dimensions to norm.")
    r, c = axis
    if r < 0:
        r += nd
    if c < 0:
        c += nd
    if not (0 <= r < nd and 0 <= c < nd):
        raise _np.exceptions.AxisError("axis out of bounds") if hasattr(_np, "exceptions") else ValueError(
            "axis out of bounds")
    if r == c:
        raise ValueError("Duplicate axes given.")
    if ord not in (None, "fro", "f", "nuc", 1, -1, 2, -2, float("inf"), float("-inf")):
        raise ValueError("Invalid norm order for matrices.")
    rest = [d for d in range(nd) if d not in (r, c)]
    xt = x.transpose(rest + [r, c])
    batch = xt.reshape((-1,) + xt.shape[-2:])
    vals = []
    for m in batch:
        if ord in (None, "fro", "f"):
            vals.append(float(_numpy._linalg_vnorm(m.ravel(), 2, 0)))
        elif ord in (2, -2, "nuc"):
            s = _numpy._linalg_svd(m, False, False).tolist()
            vals.append(max(s) if ord == 2 else min(s) if ord == -2 else sum(s))
        else:
            vals.append(_matrix_norm(m.tolist(), ord))
    t = x.dtype.type
    if not rest:
        ret = t(vals[0])
    else:
        ret = _np.array(vals, dtype=x.dtype).reshape([x.shape[d] for d in rest])
    return _keep(ret, nd, (r, c), keepdims)

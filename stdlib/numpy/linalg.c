/* np.linalg's numerical kernels on stacks of small dense matrices, in
 * float64: LU with partial pivoting (det, slogdet, solve, inv), the real
 * nonsymmetric eigenproblem (Hessenberg + Francis QR), cyclic Jacobi for
 * symmetric ones, one-sided Jacobi SVD, and norms. numpy/linalg.py checks
 * arguments and raises LinAlgError where these return None. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "np.h"

/* ---- stacks of matrices ------------------------------------------------------ */

/* Matrix k of the stack a (..., m, n) into buf (row-major doubles). */
static void get_mat(const NdArray *a, int64_t k, double *buf)
{
    int nd = a->ndim, m = (int)a->shape[nd - 2], n = (int)a->shape[nd - 1];
    const char *p = a->data;
    for (int d = nd - 3; d >= 0; d--) {
        p += (k % a->shape[d]) * a->strides[d];
        k /= a->shape[d];
    }
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            buf[i * n + j] = np_get_f64(p + i * a->strides[nd - 2] + j * a->strides[nd - 1], a->dtype);
}

/* Stores `count` doubles into element range [k*count, (k+1)*count) of the C-contiguous out. */
static void put(NdArray *out, int64_t k, const double *buf, int64_t count)
{
    int sz = np_itemsize(out);
    for (int64_t i = 0; i < count; i++) np_set_f64(out->data + (k * count + i) * sz, out->dtype, buf[i]);
}

static int64_t batch_count(const NdArray *a, int core)
{
    int64_t b = 1;
    for (int d = 0; d < a->ndim - core; d++) b *= a->shape[d];
    return b;
}

/* The result dtype of linalg on a: float32 stays, everything else is float64. */
static int res_type(const NdArray *a) { return a->dtype == NP_FLOAT32 ? NP_FLOAT32 : NP_FLOAT64; }

/* A new array of shape a's batch dims followed by `core` trailing dims. */
static NdArray *new_stacked(VM *vm, NdArray *a, int keep, int ncore, const int64_t *core, int dtype)
{
    int64_t shape[NP_MAXDIMS];
    int nd = 0;
    for (int d = 0; d < keep; d++) shape[nd++] = a->shape[d];
    for (int d = 0; d < ncore; d++) shape[nd++] = core[d];
    return np_new(vm, a->st, dtype, nd, shape, false);
}

static double *scratch(VM *vm, size_t n)
{
    double *p = malloc(sizeof(double) * (n ? n : 1));
    if (!p) vm_raise(vm, vm->e_MemoryError, "out of memory");
    return p;
}

/* The first argument as an array of at least two dimensions, square when asked. */
static NdArray *mat_arg(VM *vm, Value *args, int nargs, const char *fname, bool square)
{
    if (nargs < 2) {
        vm_raise(vm, vm->e_TypeError, "%s() missing required argument 'a'", fname);
        return NULL;
    }
    NdArray *a = np_from_py(vm, np_state_of(args[0]), args[1], -1);
    if (!a) return NULL;
    if (a->ndim < 2) {
        vm_raise(vm, vm->e_ValueError, "%d-dimensional array given. Array must be at least two-dimensional", a->ndim);
        return NULL;
    }
    if (square && a->shape[a->ndim - 1] != a->shape[a->ndim - 2]) {
        vm_raise(vm, vm->e_ValueError, "Last 2 dimensions of the array must be square");
        return NULL;
    }
    if (a->dtype == NP_FLOAT16) {
        vm_raise(vm, vm->e_TypeError, "array type float16 is unsupported in linalg");
        return NULL;
    }
    return a;
}

/* ---- LU ------------------------------------------------------------------------ */

/* In-place LU of the n x n row-major a with row interchanges (LAPACK getrf's
 * conventions: the first largest pivot, multipliers scaled by the pivot's
 * reciprocal); piv[k] the row swapped with k. False when a pivot is zero. */
static bool lu(double *a, int n, int *piv)
{
    bool ok = true;
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(a[i * n + k]) > fabs(a[p * n + k])) p = i;
        piv[k] = p;
        if (p != k)
            for (int j = 0; j < n; j++) {
                double t = a[k * n + j];
                a[k * n + j] = a[p * n + j];
                a[p * n + j] = t;
            }
        double d = a[k * n + k];
        if (d == 0) {
            ok = false;
            continue;
        }
        double r = 1.0 / d;
        for (int i = k + 1; i < n; i++) a[i * n + k] *= r;
        for (int i = k + 1; i < n; i++) {
            double l = a[i * n + k];
            if (l == 0) continue;
            for (int j = k + 1; j < n; j++) a[i * n + j] -= l * a[k * n + j];
        }
    }
    return ok;
}

/* Solves LU x = b for nrhs columns of the row-major n x nrhs b, in place. */
static void lu_solve(const double *a, const int *piv, int n, double *b, int nrhs)
{
    for (int k = 0; k < n; k++)
        if (piv[k] != k)
            for (int j = 0; j < nrhs; j++) {
                double t = b[k * nrhs + j];
                b[k * nrhs + j] = b[piv[k] * nrhs + j];
                b[piv[k] * nrhs + j] = t;
            }
    for (int j = 0; j < nrhs; j++) {
        for (int i = 0; i < n; i++) {
            double s = b[i * nrhs + j];
            for (int k = 0; k < i; k++) s -= a[i * n + k] * b[k * nrhs + j];
            b[i * nrhs + j] = s;
        }
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i * nrhs + j];
            for (int k = i + 1; k < n; k++) s -= a[i * n + k] * b[k * nrhs + j];
            b[i * nrhs + j] = s * (1.0 / a[i * n + i]);
        }
    }
}

/* sign and log|det| as numpy's slogdet computes them from the LU. */
static void slogdet(double *a, int n, int *piv, double *sign, double *logdet)
{
    if (!lu(a, n, piv)) {
        *sign = 0.0;
        *logdet = -INFINITY;
        return;
    }
    double s = 1.0, l = 0.0;
    for (int k = 0; k < n; k++) {
        if (piv[k] != k) s = -s;
        double d = a[k * n + k];
        if (d < 0) s = -s, d = -d;
        l += log(d);
    }
    *sign = s;
    *logdet = l;
}

static Value la_det(VM *vm, Value *args, int nargs, TupleObj *kw, bool want_slog)
{
    NdArray *a = mat_arg(vm, args, nargs, want_slog ? "slogdet" : "det", true);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    int n = (int)a->shape[a->ndim - 1], t = res_type(a);
    int64_t nb = batch_count(a, 2);
    NdArray *out = new_stacked(vm, a, a->ndim - 2, 0, NULL, t), *out2 = NULL;
    if (out) vm_push_root(vm, v_obj(out));
    if (out && want_slog && (out2 = new_stacked(vm, a, a->ndim - 2, 0, NULL, t))) vm_push_root(vm, v_obj(out2));
    double *buf = scratch(vm, (size_t)n * n);
    int *piv = malloc(sizeof(int) * (size_t)(n ? n : 1));
    Value r = V_EXC;
    if (out && (!want_slog || out2) && buf && piv) {
        for (int64_t k = 0; k < nb; k++) {
            get_mat(a, k, buf);
            double s, l;
            slogdet(buf, n, piv, &s, &l);
            if (want_slog) {
                put(out, k, &s, 1);
                put(out2, k, &l, 1);
            } else {
                double d = s * exp(l);
                put(out, k, &d, 1);
            }
        }
        if (want_slog) {
            Value s = np_result(vm, out);
            vm_push_root(vm, s);
            Value l = np_result(vm, out2);
            vm_push_root(vm, l);
            Value items[2] = {s, l};
            r = vm_tuple_of(vm, items, 2);
            vm_pop_roots(vm, 2);
        } else {
            r = np_result(vm, out);
        }
    } else if (!piv && buf) {
        vm_raise(vm, vm->e_MemoryError, "out of memory");
    }
    free(buf);
    free(piv);
    vm_pop_roots(vm, 1 + (out != NULL) + (out2 != NULL));
    return r;
}

static Value f_det(VM *vm, Value *args, int nargs, TupleObj *kw) { return la_det(vm, args, nargs, kw, false); }
static Value f_slogdet(VM *vm, Value *args, int nargs, TupleObj *kw) { return la_det(vm, args, nargs, kw, true); }

/* Solves a x = b for each matrix of the stack a: b is NULL for the
 * identity (inv), 1-d (one right-hand side shared by the stack, numpy 2's
 * reading of a 1-d b) or (..., M, K). None when a matrix is singular. */
static Value solve_stack(VM *vm, NdArray *a, NdArray *b)
{
    int n = (int)a->shape[a->ndim - 1];
    bool vec = b && b->ndim == 1;
    int nrhs = !b ? n : vec ? 1 : (int)(b->ndim >= 2 ? b->shape[b->ndim - 1] : 0);
    int64_t nb = batch_count(a, 2);
    if (b && (b->ndim == 0 || b->shape[b->ndim - (vec ? 1 : 2)] != n))
        return vm_raise(vm, vm->e_ValueError,
                        "solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (m,m),(m,n)->(m,n) (size %lld is different from %d)",
                        (long long)(b->ndim ? b->shape[b->ndim - (vec ? 1 : 2)] : 0), n);
    if (b && !vec && batch_count(b, 2) != nb)
        return vm_raise(vm, vm->e_ValueError, "solve: stacks of a and b of different shapes are not supported");
    int t = b ? np_promote(res_type(a), b->dtype == NP_FLOAT32 ? NP_FLOAT32 : NP_FLOAT64) : res_type(a);
    int64_t core[2] = {n, nrhs};
    NdArray *out = new_stacked(vm, a, a->ndim - 2, vec ? 1 : 2, core, t);
    if (!out) return V_EXC;
    vm_push_root(vm, v_obj(out));
    double *ab = scratch(vm, (size_t)n * n), *bb = scratch(vm, (size_t)n * nrhs);
    int *piv = malloc(sizeof(int) * (size_t)(n ? n : 1));
    Value r = V_EXC;
    if (ab && bb && piv) {
        r = v_obj(out);
        for (int64_t k = 0; k < nb; k++) {
            get_mat(a, k, ab);
            if (!b)
                for (int i = 0; i < n * n; i++) bb[i] = i % (n + 1) == 0;
            else if (vec)
                for (int i = 0; i < n; i++) bb[i] = np_get_f64(b->data + i * b->strides[0], b->dtype);
            else
                get_mat(b, k, bb);
            if (!lu(ab, n, piv)) {
                r = V_NONE;
                break;
            }
            lu_solve(ab, piv, n, bb, nrhs);
            put(out, k, bb, (int64_t)n * nrhs);
        }
    } else if (!piv && ab && bb) {
        vm_raise(vm, vm->e_MemoryError, "out of memory");
    }
    free(ab);
    free(bb);
    free(piv);
    vm_pop_roots(vm, 1);
    return r;
}

/* _linalg_solve(a, b): x, or None when a is singular. */
static Value f_solve(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = mat_arg(vm, args, nargs, "solve", true);
    if (!a) return V_EXC;
    if (nargs < 3) return vm_raise(vm, vm->e_TypeError, "solve() missing required argument 'b'");
    vm_push_root(vm, v_obj(a));
    NdArray *b = np_from_py(vm, a->st, args[2], -1);
    Value r = V_EXC;
    if (b) {
        vm_push_root(vm, v_obj(b));
        r = solve_stack(vm, a, b);
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    return r;
}

/* _linalg_inv(a): the inverse, or None when a is singular. */
static Value f_inv(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = mat_arg(vm, args, nargs, "inv", true);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    Value r = solve_stack(vm, a, NULL);
    vm_pop_roots(vm, 1);
    return r;
}

/* ---- symmetric eigenproblem: cyclic Jacobi ------------------------------------- */

/* What eig and eigh return: (w, v), or w alone. */
static Value values_vectors(VM *vm, NdArray *w, NdArray *v, bool vectors)
{
    if (!vectors) return v_obj(w);
    Value items[2] = {v_obj(w), v_obj(v)};
    return vm_tuple_of(vm, items, 2);
}

/* Eigenvalues of the symmetric n x n a (destroyed) into w, ascending, with
 * the orthonormal eigenvectors as the columns of v. */
static void jacobi_eigh(double *a, int n, double *w, double *v)
{
    for (int i = 0; i < n * n; i++) v[i] = i % (n + 1) == 0;
    for (int sweep = 0; sweep < 100; sweep++) {
        double off = 0, diag = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (i != j) off += a[i * n + j] * a[i * n + j];
                else diag += a[i * n + i] * a[i * n + i];
        if (off <= DBL_MIN || off <= 1e-36 * diag) break;
        for (int p = 0; p < n - 1; p++)
            for (int q = p + 1; q < n; q++) {
                double apq = a[p * n + q];
                if (apq == 0) continue;
                double theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
                double t = (theta >= 0 ? 1.0 : -1.0) / (fabs(theta) + sqrt(theta * theta + 1));
                double c = 1 / sqrt(t * t + 1), s = t * c, tau = s / (1 + c);
                a[p * n + p] -= t * apq;
                a[q * n + q] += t * apq;
                a[p * n + q] = a[q * n + p] = 0;
                for (int k = 0; k < n; k++) {
                    if (k == p || k == q) continue;
                    double g = a[k * n + p], h = a[k * n + q];
                    a[k * n + p] = a[p * n + k] = g - s * (h + g * tau);
                    a[k * n + q] = a[q * n + k] = h + s * (g - h * tau);
                }
                for (int k = 0; k < n; k++) {
                    double g = v[k * n + p], h = v[k * n + q];
                    v[k * n + p] = g - s * (h + g * tau);
                    v[k * n + q] = h + s * (g - h * tau);
                }
            }
    }
    for (int i = 0; i < n; i++) w[i] = a[i * n + i];
    /* ascending, as LAPACK's syevd; selection sort keeps columns with their values */
    for (int i = 0; i < n; i++) {
        int m = i;
        for (int j = i + 1; j < n; j++)
            if (w[j] < w[m]) m = j;
        if (m == i) continue;
        double t = w[i];
        w[i] = w[m];
        w[m] = t;
        for (int k = 0; k < n; k++) {
            t = v[k * n + i];
            v[k * n + i] = v[k * n + m];
            v[k * n + m] = t;
        }
    }
}

/* _linalg_eigh(a, upper, want_vectors): (w, v) or w, from the lower (or upper) triangle. */
static Value f_eigh(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = mat_arg(vm, args, nargs, "eigh", true);
    if (!a) return V_EXC;
    bool upper = nargs > 2 && vm_truthy(vm, args[2]) == 1;
    bool vectors = nargs <= 3 || vm_truthy(vm, args[3]) == 1;
    vm_push_root(vm, v_obj(a));
    int n = (int)a->shape[a->ndim - 1], t = res_type(a);
    int64_t core[2] = {n, n};
    NdArray *w = new_stacked(vm, a, a->ndim - 2, 1, core, t), *v = NULL;
    Value r = V_EXC;
    double *m = NULL, *wb = NULL, *vb = NULL;
    if (!w) goto done;
    vm_push_root(vm, v_obj(w));
    if (!(v = new_stacked(vm, a, a->ndim - 2, 2, core, t))) goto done1;
    vm_push_root(vm, v_obj(v));
    m = scratch(vm, (size_t)n * n);
    wb = scratch(vm, (size_t)n);
    vb = scratch(vm, (size_t)n * n);
    if (!m || !wb || !vb) goto done2;
    for (int64_t k = 0; k < batch_count(a, 2); k++) {
        get_mat(a, k, m);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if ((upper && i > j) || (!upper && i < j)) m[i * n + j] = m[j * n + i];
        jacobi_eigh(m, n, wb, vb);
        put(w, k, wb, n);
        put(v, k, vb, (int64_t)n * n);
    }
    r = values_vectors(vm, w, v, vectors);
done2:
    vm_pop_roots(vm, 1);
done1:
    vm_pop_roots(vm, 1);
done:
    free(m);
    free(wb);
    free(vb);
    vm_pop_roots(vm, 1);
    return r;
}

/* ---- SVD: one-sided Jacobi ----------------------------------------------------- */

/* Orthonormal columns: fills the columns from `from` on of the m x m row-major
 * u with unit vectors orthogonal to those before (Gram-Schmidt on e_0, e_1 ...). */
static void complete_basis(double *u, int m, int from)
{
    int e = 0;
    for (int c = from; c < m; c++) {
        for (; e < m; e++) {
            double x[64], *xp = m <= 64 ? x : malloc(sizeof(double) * (size_t)m);
            if (!xp) return;
            for (int i = 0; i < m; i++) xp[i] = i == e;
            for (int pass = 0; pass < 2; pass++)
                for (int k = 0; k < c; k++) {
                    double d = 0;
                    for (int i = 0; i < m; i++) d += u[i * m + k] * xp[i];
                    for (int i = 0; i < m; i++) xp[i] -= d * u[i * m + k];
                }
            double nrm = 0;
            for (int i = 0; i < m; i++) nrm += xp[i] * xp[i];
            nrm = sqrt(nrm);
            bool good = nrm > 1e-8;
            if (good)
                for (int i = 0; i < m; i++) u[i * m + c] = xp[i] / nrm;
            if (xp != x) free(xp);
            if (good) {
                e++;
                break;
            }
        }
    }
}

/* The SVD of the m x n row-major a with m >= n: s (n, descending), u (m x m),
 * vt (n x n). a is destroyed. */
static void jacobi_svd(double *a, int m, int n, double *s, double *u, double *vt)
{
    double *v = u + (size_t)m * m;   /* n x n scratch after u, see callers */
    for (int i = 0; i < n * n; i++) v[i] = i % (n + 1) == 0;
    for (int sweep = 0; sweep < 100; sweep++) {
        bool rotated = false;
        for (int p = 0; p < n - 1; p++)
            for (int q = p + 1; q < n; q++) {
                double alpha = 0, beta = 0, gamma = 0;
                for (int i = 0; i < m; i++) {
                    alpha += a[i * n + p] * a[i * n + p];
                    beta += a[i * n + q] * a[i * n + q];
                    gamma += a[i * n + p] * a[i * n + q];
                }
                if (fabs(gamma) <= 1e-15 * sqrt(alpha * beta) || gamma == 0) continue;
                rotated = true;
                double zeta = (beta - alpha) / (2 * gamma);
                double t = (zeta >= 0 ? 1.0 : -1.0) / (fabs(zeta) + sqrt(1 + zeta * zeta));
                double c = 1 / sqrt(1 + t * t), sn = c * t;
                for (int i = 0; i < m; i++) {
                    double x = a[i * n + p], y = a[i * n + q];
                    a[i * n + p] = c * x - sn * y;
                    a[i * n + q] = sn * x + c * y;
                }
                for (int i = 0; i < n; i++) {
                    double x = v[i * n + p], y = v[i * n + q];
                    v[i * n + p] = c * x - sn * y;
                    v[i * n + q] = sn * x + c * y;
                }
            }
        if (!rotated) break;
    }
    int *order = malloc(sizeof(int) * (size_t)n);
    if (!order) return;
    for (int j = 0; j < n; j++) {
        double nrm = 0;
        for (int i = 0; i < m; i++) nrm += a[i * n + j] * a[i * n + j];
        s[j] = sqrt(nrm);
        order[j] = j;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (s[order[j]] > s[order[i]]) {
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
    double *sorted = malloc(sizeof(double) * (size_t)n);
    if (!sorted) {
        free(order);
        return;
    }
    int rank = 0;
    for (int c = 0; c < n; c++) {
        int j = order[c];
        sorted[c] = s[j];
        for (int i = 0; i < n; i++) vt[c * n + i] = v[i * n + j];
        if (s[j] > 0 && s[j] > 1e-300) {
            for (int i = 0; i < m; i++) u[i * m + c] = a[i * n + j] / s[j];
            rank = c + 1;
        }
    }
    memcpy(s, sorted, sizeof(double) * (size_t)n);
    complete_basis(u, m, rank);
    free(order);
    free(sorted);
}

/* _linalg_svd(a, full_matrices, compute_uv): (u, s, vh) or s. */
static Value f_svd(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = mat_arg(vm, args, nargs, "svd", false);
    if (!a) return V_EXC;
    bool full = nargs <= 2 || vm_truthy(vm, args[2]) == 1;
    bool uv = nargs <= 3 || vm_truthy(vm, args[3]) == 1;
    vm_push_root(vm, v_obj(a));
    int m = (int)a->shape[a->ndim - 2], n = (int)a->shape[a->ndim - 1], t = res_type(a);
    bool tr = m < n;
    int M = tr ? n : m, N = tr ? m : n, K = N;
    int64_t ushape[2] = {m, full ? m : K}, sshape[1] = {K}, vshape[2] = {full ? n : K, n};
    size_t roots = vm->nroots;
    Value r = V_EXC;
    double *buf = NULL, *ab = NULL, *s = NULL, *u = NULL, *vt = NULL;
    NdArray *uo = new_stacked(vm, a, a->ndim - 2, 2, ushape, t), *so = NULL, *vo = NULL;
    if (!uo) goto done;
    vm_push_root(vm, v_obj(uo));
    if (!(so = new_stacked(vm, a, a->ndim - 2, 1, sshape, t))) goto done;
    vm_push_root(vm, v_obj(so));
    if (!(vo = new_stacked(vm, a, a->ndim - 2, 2, vshape, t))) goto done;
    vm_push_root(vm, v_obj(vo));
    buf = scratch(vm, (size_t)m * (m > n ? m : n));
    ab = scratch(vm, (size_t)m * n);
    s = scratch(vm, (size_t)N);
    u = scratch(vm, (size_t)M * M + (size_t)N * N);
    vt = scratch(vm, (size_t)N * N);
    double *ub = scratch(vm, (size_t)m * m), *vb = scratch(vm, (size_t)n * n);
    if (!buf || !ab || !s || !u || !vt || !ub || !vb) {
        free(ub);
        free(vb);
        goto done;
    }
    for (int64_t k = 0; k < batch_count(a, 2); k++) {
        get_mat(a, k, buf);
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++) ab[i * N + j] = tr ? buf[j * n + i] : buf[i * n + j];
        jacobi_svd(ab, M, N, s, u, vt);
        /* a = U S Vt; for the transpose, a^T = U S Vt gives a = Vt^T S U^T */
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++) ub[i * m + j] = tr ? vt[j * N + i] : u[i * M + j];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) vb[i * n + j] = tr ? u[j * M + i] : vt[i * N + j];
        int uc = (int)ushape[1], vr = (int)vshape[0];
        for (int i = 0; i < m; i++)
            for (int j = 0; j < uc; j++) buf[i * uc + j] = ub[i * m + j];
        put(uo, k, buf, (int64_t)m * uc);
        put(so, k, s, K);
        put(vo, k, vb, (int64_t)vr * n);
    }
    free(ub);
    free(vb);
    if (uv) {
        Value items[3] = {v_obj(uo), v_obj(so), v_obj(vo)};
        r = vm_tuple_of(vm, items, 3);
    } else {
        r = v_obj(so);
    }
done:
    free(buf);
    free(ab);
    free(s);
    free(u);
    free(vt);
    vm->nroots = roots;
    vm_pop_roots(vm, 1);
    return r;
}

/* ---- nonsymmetric eigenproblem ------------------------------------------------- */

/* LAPACK's dlanv2: the Schur factorization of a real 2 x 2 block
 * [a b; c d] = [cs -sn; sn cs] [aa bb; cc dd] [cs sn; -sn cs], standardized
 * so that cc == 0 when the eigenvalues are real; (rt1r, rt2r) in that order. */
static void lanv2(double *a, double *b, double *c, double *d, double *rt1r, double *rt1i, double *rt2r,
                  double *rt2i, double *cs, double *sn)
{
    const double eps = DBL_EPSILON / 2 * 2;   /* dlamch('P') */
    if (*c == 0) {
        *cs = 1, *sn = 0;
    } else if (*b == 0) {
        *cs = 0, *sn = 1;
        double t = *d;
        *d = *a, *a = t;
        *b = -*c, *c = 0;
    } else if ((*a - *d) == 0 && signbit(*b) != signbit(*c)) {
        *cs = 1, *sn = 0;
    } else {
        double temp = *a - *d, p = 0.5 * temp;
        double bcmax = fmax(fabs(*b), fabs(*c));
        double bcmis = fmin(fabs(*b), fabs(*c)) * copysign(1.0, *b) * copysign(1.0, *c);
        double scale = fmax(fabs(p), bcmax);
        double z = p / scale * p + bcmax / scale * bcmis;
        if (z >= 4.0 * eps) {
            z = p + copysign(sqrt(scale) * sqrt(z), p);
            *a = *d + z;
            *d = *d - bcmax / z * bcmis;
            double tau = hypot(*c, z);
            *cs = z / tau;
            *sn = *c / tau;
            *b = *b - *c;
            *c = 0;
        } else {
            /* complex or nearly equal eigenvalues: make the diagonal equal */
            double sigma = *b + *c;
            double tau = hypot(sigma, temp);
            *cs = sqrt(0.5 * (1.0 + fabs(sigma) / tau));
            *sn = -(p / (tau * *cs)) * copysign(1.0, sigma);
            double aa = *a * *cs + *b * *sn, bb = -*a * *sn + *b * *cs;
            double cc = *c * *cs + *d * *sn, dd = -*c * *sn + *d * *cs;
            *a = aa * *cs + cc * *sn;
            *b = bb * *cs + dd * *sn;
            *c = -aa * *sn + cc * *cs;
            *d = -bb * *sn + dd * *cs;
            temp = 0.5 * (*a + *d);
            *a = *d = temp;
            if (*c != 0) {
                if (*b != 0) {
                    if (signbit(*b) == signbit(*c)) {
                        double sab = sqrt(fabs(*b)), sac = sqrt(fabs(*c));
                        p = copysign(sab * sac, *c);
                        tau = 1.0 / sqrt(fabs(*b + *c));
                        *a = temp + p;
                        *d = temp - p;
                        *b = *b - *c;
                        *c = 0;
                        double cs1 = sab * tau, sn1 = sac * tau;
                        temp = *cs * cs1 - *sn * sn1;
                        *sn = *cs * sn1 + *sn * cs1;
                        *cs = temp;
                    }
                } else {
                    *b = -*c, *c = 0;
                    temp = *cs;
                    *cs = -*sn, *sn = temp;
                }
            }
        }
    }
    *rt1r = *a, *rt2r = *d;
    if (*c == 0) {
        *rt1i = *rt2i = 0;
    } else {
        *rt1i = sqrt(fabs(*b)) * sqrt(fabs(*c));
        *rt2i = -*rt1i;
    }
}

/* Reduces the n x n a to upper Hessenberg form by Householder reflections,
 * accumulating them in z (a = z h z^T). */
static void hessenberg(double *a, int n, double *z, double *work)
{
    for (int i = 0; i < n * n; i++) z[i] = i % (n + 1) == 0;
    for (int k = 0; k < n - 2; k++) {
        double alpha = 0;
        for (int i = k + 1; i < n; i++) alpha += a[i * n + k] * a[i * n + k];
        alpha = sqrt(alpha);
        if (alpha == 0) continue;
        if (a[(k + 1) * n + k] > 0) alpha = -alpha;
        double *v = work;
        for (int i = 0; i < n; i++) v[i] = 0;
        v[k + 1] = a[(k + 1) * n + k] - alpha;
        for (int i = k + 2; i < n; i++) v[i] = a[i * n + k];
        double vv = 0;
        for (int i = k + 1; i < n; i++) vv += v[i] * v[i];
        if (vv == 0) continue;
        /* a = (I - 2vv^T/vv) a (I - 2vv^T/vv); z = z (I - 2vv^T/vv) */
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int i = k + 1; i < n; i++) s += v[i] * a[i * n + j];
            s *= 2 / vv;
            for (int i = k + 1; i < n; i++) a[i * n + j] -= s * v[i];
        }
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = k + 1; j < n; j++) s += a[i * n + j] * v[j];
            s *= 2 / vv;
            for (int j = k + 1; j < n; j++) a[i * n + j] -= s * v[j];
        }
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = k + 1; j < n; j++) s += z[i * n + j] * v[j];
            s *= 2 / vv;
            for (int j = k + 1; j < n; j++) z[i * n + j] -= s * v[j];
        }
        for (int i = k + 2; i < n; i++) a[i * n + k] = 0;
    }
}

/* Applies the rotation [c s; -s c] to rows p, q of h (columns from j0) and the
 * transposed one to columns p, q of h (rows up to i1) and of z. */
static void rotate(double *h, double *z, int n, int p, int q, double c, double s, int j0, int i1)
{
    for (int j = j0; j < n; j++) {
        double x = h[p * n + j], y = h[q * n + j];
        h[p * n + j] = c * x + s * y;
        h[q * n + j] = -s * x + c * y;
    }
    for (int i = 0; i <= i1; i++) {
        double x = h[i * n + p], y = h[i * n + q];
        h[i * n + p] = c * x + s * y;
        h[i * n + q] = -s * x + c * y;
    }
    for (int i = 0; i < n; i++) {
        double x = z[i * n + p], y = z[i * n + q];
        z[i * n + p] = c * x + s * y;
        z[i * n + q] = -s * x + c * y;
    }
}

/* Real Schur form of the Hessenberg h by Francis double-shift QR steps
 * (Householder bulge chasing), z accumulating; 2 x 2 blocks standardized by
 * lanv2. wr/wi the eigenvalues in Schur order. False when it does not converge. */
static bool schur(double *h, int n, double *z, double *wr, double *wi)
{
    int hi = n - 1, iter = 0;
    double norm = 0;
    for (int i = 0; i < n * n; i++) norm = fmax(norm, fabs(h[i]));
    while (hi >= 0) {
        int l = hi;
        for (; l > 0; l--) {
            double s = fabs(h[(l - 1) * n + l - 1]) + fabs(h[l * n + l]);
            if (s == 0) s = norm;
            if (fabs(h[l * n + l - 1]) <= DBL_EPSILON * s) {
                h[l * n + l - 1] = 0;
                break;
            }
        }
        if (l == hi) {
            wr[hi] = h[hi * n + hi];
            wi[hi] = 0;
            hi--;
            iter = 0;
            continue;
        }
        if (l == hi - 1) {
            int p = hi - 1;
            double a = h[p * n + p], b = h[p * n + hi], c = h[hi * n + p], d = h[hi * n + hi], cs, sn;
            lanv2(&a, &b, &c, &d, &wr[p], &wi[p], &wr[hi], &wi[hi], &cs, &sn);
            /* apply the rotation to the rest of h and to z */
            for (int j = hi + 1; j < n; j++) {
                double x = h[p * n + j], y = h[hi * n + j];
                h[p * n + j] = cs * x + sn * y;
                h[hi * n + j] = -sn * x + cs * y;
            }
            for (int i = 0; i < p; i++) {
                double x = h[i * n + p], y = h[i * n + hi];
                h[i * n + p] = cs * x + sn * y;
                h[i * n + hi] = -sn * x + cs * y;
            }
            for (int i = 0; i < n; i++) {
                double x = z[i * n + p], y = z[i * n + hi];
                z[i * n + p] = cs * x + sn * y;
                z[i * n + hi] = -sn * x + cs * y;
            }
            h[p * n + p] = a, h[p * n + hi] = b, h[hi * n + p] = c, h[hi * n + hi] = d;
            hi -= 2;
            iter = 0;
            continue;
        }
        if (++iter > 60 * n) return false;
        /* the double shift from the trailing 2 x 2 block (exceptional shifts now and then) */
        double s, t;
        if (iter % 11 == 0) {
            /* LAPACK's exceptional shift */
            double e = fabs(h[hi * n + hi - 1]) + fabs(h[(hi - 1) * n + hi - 2]);
            double h11 = 0.75 * e + h[hi * n + hi];
            s = 2 * h11;
            t = h11 * h11 + 0.4375 * e * e;
        } else {
            s = h[(hi - 1) * n + hi - 1] + h[hi * n + hi];
            t = h[(hi - 1) * n + hi - 1] * h[hi * n + hi] - h[(hi - 1) * n + hi] * h[hi * n + hi - 1];
        }
        double x = h[l * n + l] * h[l * n + l] + h[l * n + l + 1] * h[(l + 1) * n + l] - s * h[l * n + l] + t;
        double y = h[(l + 1) * n + l] * (h[l * n + l] + h[(l + 1) * n + l + 1] - s);
        double zz = h[(l + 1) * n + l] * h[(l + 2) * n + l + 1];
        for (int k = l; k <= hi - 2; k++) {
            /* a Householder reflector zeroing y, zz below x */
            double alpha = sqrt(x * x + y * y + zz * zz);
            if (alpha != 0) {
                if (x > 0) alpha = -alpha;
                double v0 = x - alpha, v1 = y, v2 = zz;
                double vv = v0 * v0 + v1 * v1 + v2 * v2;
                if (vv != 0) {
                    double f = 2 / vv;
                    int j0 = k > l ? k - 1 : l;
                    for (int j = j0; j < n; j++) {
                        double sum = v0 * h[k * n + j] + v1 * h[(k + 1) * n + j] + v2 * h[(k + 2) * n + j];
                        sum *= f;
                        h[k * n + j] -= sum * v0;
                        h[(k + 1) * n + j] -= sum * v1;
                        h[(k + 2) * n + j] -= sum * v2;
                    }
                    int i1 = k + 3 < hi ? k + 3 : hi;
                    for (int i = 0; i <= i1; i++) {
                        double sum = h[i * n + k] * v0 + h[i * n + k + 1] * v1 + h[i * n + k + 2] * v2;
                        sum *= f;
                        h[i * n + k] -= sum * v0;
                        h[i * n + k + 1] -= sum * v1;
                        h[i * n + k + 2] -= sum * v2;
                    }
                    for (int i = 0; i < n; i++) {
                        double sum = z[i * n + k] * v0 + z[i * n + k + 1] * v1 + z[i * n + k + 2] * v2;
                        sum *= f;
                        z[i * n + k] -= sum * v0;
                        z[i * n + k + 1] -= sum * v1;
                        z[i * n + k + 2] -= sum * v2;
                    }
                    if (k > l) h[(k + 1) * n + k - 1] = h[(k + 2) * n + k - 1] = 0;
                }
            }
            x = h[(k + 1) * n + k];
            y = h[(k + 2) * n + k];
            zz = k + 3 <= hi ? h[(k + 3) * n + k] : 0;
        }
        /* the last 2-vector: a Givens rotation */
        int k = hi - 1;
        double r = hypot(x, y);
        if (r != 0) {
            double c = x / r, sn = y / r;
            rotate(h, z, n, k, k + 1, c, sn, k - 1 >= l ? k - 1 : l, hi);
            h[(k + 1) * n + k - 1] = 0;
        }
    }
    return true;
}

/* Eigenvectors of the quasi-triangular t (real eigenvalues only) by back
 * substitution, multiplied by z and scaled to unit norm, into v's columns. */
static void schur_vectors(const double *t, int n, const double *z, double *v, double *x)
{
    double smlnum = DBL_MIN * n / DBL_EPSILON;
    for (int k = n - 1; k >= 0; k--) {
        double lam = t[k * n + k];
        for (int i = 0; i < n; i++) x[i] = 0;
        x[k] = 1;
        for (int i = k - 1; i >= 0; i--) {
            double s = 0;
            for (int j = i + 1; j <= k; j++) s += t[i * n + j] * x[j];
            double d = t[i * n + i] - lam;
            if (fabs(d) < smlnum) d = smlnum;
            x[i] = -s / d;
        }
        double nrm = 0;
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j <= k; j++) s += z[i * n + j] * x[j];
            v[i * n + k] = s;
            nrm += s * s;
        }
        nrm = sqrt(nrm);
        for (int i = 0; i < n; i++) v[i * n + k] /= nrm;
    }
}

/* _linalg_eig(a, want_vectors): (w, v) or w; the string "complex" when an
 * eigenvalue is complex, "noconv" when QR does not converge. */
static Value f_eig(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = mat_arg(vm, args, nargs, "eig", true);
    if (!a) return V_EXC;
    bool vectors = nargs <= 2 || vm_truthy(vm, args[2]) == 1;
    vm_push_root(vm, v_obj(a));
    int n = (int)a->shape[a->ndim - 1], t = res_type(a);
    int64_t core[2] = {n, n};
    size_t roots = vm->nroots;
    Value r = V_EXC;
    double *h = scratch(vm, (size_t)n * n * 3 + (size_t)n * 4);
    NdArray *w = h ? new_stacked(vm, a, a->ndim - 2, 1, core, t) : NULL, *v = NULL;
    if (!w) goto done;
    vm_push_root(vm, v_obj(w));
    if (!(v = new_stacked(vm, a, a->ndim - 2, 2, core, t))) goto done;
    vm_push_root(vm, v_obj(v));
    double *z = h + n * n, *vb = z + n * n, *wr = vb + n * n, *wi = wr + n, *work = wi + n;
    for (int64_t k = 0; k < batch_count(a, 2); k++) {
        get_mat(a, k, h);
        bool finite = true;
        for (int i = 0; i < n * n; i++) finite = finite && isfinite(h[i]);
        if (!finite) {
            r = vm_cstr(vm, "nonfinite");
            goto done;
        }
        hessenberg(h, n, z, work);
        if (!schur(h, n, z, wr, wi)) {
            r = vm_cstr(vm, "noconv");
            goto done;
        }
        for (int i = 0; i < n; i++)
            if (wi[i] != 0) {
                r = vm_cstr(vm, "complex");
                goto done;
            }
        put(w, k, wr, n);
        if (vectors) {
            schur_vectors(h, n, z, vb, work);
            put(v, k, vb, (int64_t)n * n);
        }
    }
    r = values_vectors(vm, w, v, vectors);
done:
    free(h);
    vm->nroots = roots;
    vm_pop_roots(vm, 1);
    return r;
}

/* ---- norms --------------------------------------------------------------------- */

/* numpy's pairwise summation (add.reduce over a contiguous run): blocks of 8
 * with eight accumulators up to 128 elements, halves above. */
static float pairwise_f(const double *a, int64_t n)
{
    if (n < 8) {
        float s = -0.0f;
        for (int64_t i = 0; i < n; i++) s += (float)a[i];
        return s;
    }
    if (n <= 128) {
        float r[8];
        for (int i = 0; i < 8; i++) r[i] = (float)a[i];
        int64_t i;
        for (i = 8; i < n - n % 8; i += 8)
            for (int j = 0; j < 8; j++) r[j] += (float)a[i + j];
        float s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; i++) s += (float)a[i];
        return s;
    }
    int64_t h = n / 2;
    h -= h % 8;
    return pairwise_f(a, h) + pairwise_f(a + h, n - h);
}

static double pairwise(const double *a, int64_t n)
{
    if (n < 8) {
        double s = -0.0;
        for (int64_t i = 0; i < n; i++) s += a[i];
        return s;
    }
    if (n <= 128) {
        double r[8];
        for (int i = 0; i < 8; i++) r[i] = a[i];
        int64_t i;
        for (i = 8; i < n - n % 8; i += 8)
            for (int j = 0; j < 8; j++) r[j] += a[i + j];
        double s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; i++) s += a[i];
        return s;
    }
    int64_t h = n / 2;
    h -= h % 8;
    return pairwise(a, h) + pairwise(a + h, n - h);
}

/* _linalg_vnorm(x, ord, axis): the vector norm of ord (a float; inf, -inf,
 * 0 and 2 special) along axis (an int; None: the whole array flattened). */
static Value f_vnorm(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs < 4) return vm_raise(vm, vm->e_TypeError, "_linalg_vnorm(x, ord, axis)");
    NpState *st = np_state_of(args[0]);
    NdArray *x = np_from_py(vm, st, args[1], -1);
    if (!x) return V_EXC;
    vm_push_root(vm, v_obj(x));
    double ord = 2;
    if (args[2] != V_NONE && !vm_to_double(vm, args[2], &ord)) return vm_pop_roots(vm, 1), V_EXC;
    int t = np_is_float(x->dtype) ? x->dtype : NP_FLOAT64;
    bool f32 = t == NP_FLOAT32, all = args[3] == V_NONE;
    int axis = 0;
    if (!all && !np_axis_arg(vm, args[3], x->ndim, &axis, &all)) return vm_pop_roots(vm, 1), V_EXC;
    int64_t len = all ? x->size : x->shape[axis], outer = 1, inner = 1;
    int64_t oshape[NP_MAXDIMS];
    int ond = 0;
    if (!all) {
        for (int d = 0; d < x->ndim; d++)
            if (d != axis) oshape[ond++] = x->shape[d];
        for (int d = 0; d < axis; d++) outer *= x->shape[d];
        for (int d = axis + 1; d < x->ndim; d++) inner *= x->shape[d];
    }
    NdArray *c = np_contiguous(vm, x, NP_FLOAT64);
    if (!c) return vm_pop_roots(vm, 1), V_EXC;
    vm_push_root(vm, v_obj(c));
    NdArray *out = np_new(vm, st, t, ond, oshape, false);
    double *run = out ? scratch(vm, (size_t)len) : NULL;
    if (!run) return vm_pop_roots(vm, 2), V_EXC;
    vm_push_root(vm, v_obj(out));
    const double *d = (const double *)c->data;
    for (int64_t o = 0; o < outer; o++)
        for (int64_t i = 0; i < inner; i++) {
            double res;
            for (int64_t k = 0; k < len; k++) run[k] = d[(o * len + k) * inner + i];
            if (isinf(ord) && ord > 0) {
                res = len ? fabs(run[0]) : 0;
                for (int64_t k = 1; k < len; k++) res = fmax(res, fabs(run[k]));
            } else if (isinf(ord)) {
                res = len ? fabs(run[0]) : 0;
                for (int64_t k = 1; k < len; k++) res = fmin(res, fabs(run[k]));
            } else if (ord == 0) {
                res = 0;
                for (int64_t k = 0; k < len; k++) res += run[k] != 0;
            } else if (ord == 2 && all && f32) {
                float sf = 0;
                for (int64_t k = 0; k < len; k++) sf += (float)run[k] * (float)run[k];
                res = sqrtf(sf);
            } else if (ord == 2 && all) {
                /* sqrt(dot(x, x)) */
                res = 0;
                for (int64_t k = 0; k < len; k++) res += run[k] * run[k];
                res = sqrt(res);
            } else if (ord == 2) {
                for (int64_t k = 0; k < len; k++) run[k] = f32 ? (float)run[k] * (float)run[k] : run[k] * run[k];
                res = f32 ? sqrtf(pairwise_f(run, len)) : sqrt(pairwise(run, len));
            } else if (ord == 1) {
                for (int64_t k = 0; k < len; k++) run[k] = fabs(run[k]);
                res = f32 ? pairwise_f(run, len) : pairwise(run, len);
            } else if (f32) {
                for (int64_t k = 0; k < len; k++) run[k] = powf(fabsf((float)run[k]), (float)ord);
                res = powf(pairwise_f(run, len), (float)(1.0 / ord));
            } else {
                for (int64_t k = 0; k < len; k++) run[k] = pow(fabs(run[k]), ord);
                res = pow(pairwise(run, len), 1.0 / ord);
            }
            np_set_f64(out->data + (o * inner + i) * np_itemsize(out), t, res);
        }
    free(run);
    Value r = np_result(vm, out);
    vm_pop_roots(vm, 3);
    return r;
}

static const NpFunction linalg_functions[] = {
    {"_linalg_det", f_det},   {"_linalg_slogdet", f_slogdet}, {"_linalg_solve", f_solve},
    {"_linalg_inv", f_inv},   {"_linalg_eigh", f_eigh},       {"_linalg_eig", f_eig},
    {"_linalg_svd", f_svd},   {"_linalg_vnorm", f_vnorm},
};

bool np_init_linalg(VM *vm, NpState *st)
{
    return np_add_functions(vm, st, linalg_functions, sizeof linalg_functions / sizeof linalg_functions[0]);
}

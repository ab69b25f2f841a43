/* numpy's products without linalg: matmul (the @ operator), dot, vdot, inner,
 * outer, tensordot, cross and trace. Every product reduces to C = A . B on
 * C-contiguous copies (gemm.c's kernels for floats, a typed loop otherwise). */
#include <stdio.h>

#include "ufunc.h"

static NpState *ST(Value *args) { return np_state_of(args[0]); }

/* c (m x n) = a (m x k) . b (k x n), all C-contiguous of type t (not float16). */
#define MMLOOP(C, ACC)                                                                   \
    for (int64_t i = 0; i < m; i++)                                                      \
        for (int64_t j = 0; j < n; j++) {                                                \
            ACC s = 0;                                                                   \
            for (int64_t p = 0; p < k; p++) s += (ACC)((const C *)a)[i * k + p] * ((const C *)b)[p * n + j]; \
            ((C *)c)[i * n + j] = (C)s;                                                  \
        }

static void mm_core(int t, int64_t m, int64_t n, int64_t k, const char *a, const char *b, char *c)
{
    switch (t) {
    case NP_FLOAT32: np_gemm_f32(m, n, k, (const float *)a, (const float *)b, (float *)c); return;
    case NP_FLOAT64: np_gemm_f64(m, n, k, (const double *)a, (const double *)b, (double *)c); return;
    case NP_BOOL:
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                bool_t s = 0;
                for (int64_t p = 0; p < k && !s; p++) s = a[i * k + p] && b[p * n + j];
                c[i * n + j] = s;
            }
        return;
    case NP_INT8: MMLOOP(int8_t, uint64_t) return;
    case NP_INT16: MMLOOP(int16_t, uint64_t) return;
    case NP_INT32: MMLOOP(int32_t, uint64_t) return;
    case NP_INT64: MMLOOP(int64_t, uint64_t) return;
    case NP_UINT8: MMLOOP(uint8_t, uint64_t) return;
    case NP_UINT16: MMLOOP(uint16_t, uint64_t) return;
    case NP_UINT32: MMLOOP(uint32_t, uint64_t) return;
    default: MMLOOP(uint64_t, uint64_t) return;
    }
}

/* a with its axes permuted, copied C-contiguous as type t. */
static NdArray *permuted_copy(VM *vm, NdArray *a, const int *perm, int t)
{
    int64_t shape[NP_MAXDIMS], strides[NP_MAXDIMS];
    for (int d = 0; d < a->ndim; d++) {
        shape[d] = a->shape[perm[d]];
        strides[d] = a->strides[perm[d]];
    }
    NdArray *v = np_view(vm, a->st, v_obj(a), a->dtype, a->data, a->ndim, shape, strides, false);
    if (!v) return NULL;
    vm_push_root(vm, v_obj(v));
    NdArray *c = np_copy(vm, v, t);
    vm_pop_roots(vm, 1);
    return c;
}

/* The product of matrices A (rows x k, the first `afree` axes of a after
 * permutation aperm) and B (k x cols): a new array of type rt with shape
 * rshape (rnd dims). */
static NdArray *product(VM *vm, NdArray *a, const int *aperm, NdArray *b, const int *bperm, int64_t rows, int64_t k,
                        int64_t cols, int rt, int rnd, const int64_t *rshape)
{
    int ct = rt == NP_FLOAT16 ? NP_FLOAT32 : rt;
    size_t roots = vm->nroots;
    NdArray *r = NULL;
    NdArray *ac = permuted_copy(vm, a, aperm, ct);
    if (!ac) goto done;
    vm_push_root(vm, v_obj(ac));
    NdArray *bc = permuted_copy(vm, b, bperm, ct);
    if (!bc) goto done;
    vm_push_root(vm, v_obj(bc));
    NdArray *c = np_new(vm, a->st, ct, rnd, rshape, false);
    if (!c) goto done;
    mm_core(ct, rows, cols, k, ac->data, bc->data, c->data);
    r = ct == rt ? c : np_copy(vm, c, rt);
done:
    vm->nroots = roots;
    return r;
}

static void shape_str(char *buf, size_t cap, const NdArray *a)
{
    size_t n = (size_t)snprintf(buf, cap, "(");
    for (int d = 0; d < a->ndim && n < cap; d++)
        n += (size_t)snprintf(buf + n, cap - n, a->ndim == 1 ? "%lld," : d ? ",%lld" : "%lld", (long long)a->shape[d]);
    if (n < cap) snprintf(buf + n, cap - n, ")");
}

/* np.matmul: stacks of matrices broadcast over the leading axes */
static Value matmul(VM *vm, NpState *st, NdArray *a, NdArray *b)
{
    if (a->ndim == 0 || b->ndim == 0)
        return vm_raise(vm, vm->e_ValueError,
                        "matmul: Input operand %d does not have enough dimensions (has 0, gufunc core with signature "
                        "(n?,k),(k,m?)->(n?,m?) requires 1)",
                        a->ndim == 0 ? 0 : 1);
    int64_t n = a->ndim == 1 ? 1 : a->shape[a->ndim - 2], k = a->shape[a->ndim - 1];
    int64_t kb = b->ndim == 1 ? b->shape[0] : b->shape[b->ndim - 2], m = b->ndim == 1 ? 1 : b->shape[b->ndim - 1];
    if (k != kb)
        return vm_raise(vm, vm->e_ValueError,
                        "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                        "(n?,k),(k,m?)->(n?,m?) (size %lld is different from %lld)",
                        (long long)kb, (long long)k);
    int rt = np_promote(a->dtype, b->dtype);
    int bnda = a->ndim > 2 ? a->ndim - 2 : 0, bndb = b->ndim > 2 ? b->ndim - 2 : 0, bnd;
    int64_t bshape[NP_MAXDIMS];
    int nds[2] = {bnda, bndb};
    const int64_t *shs[2] = {a->shape, b->shape};
    if (!np_broadcast_shapes(vm, 2, nds, shs, &bnd, bshape)) return V_EXC;
    int64_t rshape[NP_MAXDIMS];
    int rnd = 0;
    for (int d = 0; d < bnd; d++) rshape[rnd++] = bshape[d];
    if (a->ndim > 1) rshape[rnd++] = n;
    if (b->ndim > 1) rshape[rnd++] = m;
    int ct = rt == NP_FLOAT16 ? NP_FLOAT32 : rt;
    size_t roots = vm->nroots;
    Value res = V_EXC;
    NdArray *r = np_new(vm, st, ct, rnd, rshape, false);
    if (!r) goto done;
    vm_push_root(vm, v_obj(r));
    int64_t batch = 1;
    for (int d = 0; d < bnd; d++) batch *= bshape[d];
    /* per batch entry: contiguous copies of the two matrices */
    int64_t ashape[2] = {n, k}, bs2[2] = {k, m};
    NdArray *am = np_new(vm, st, ct, 2, ashape, false), *bm = am ? np_new(vm, st, ct, 2, bs2, false) : NULL;
    if (!bm) goto done;
    vm_push_root(vm, v_obj(am));
    vm_push_root(vm, v_obj(bm));
    int64_t idx[NP_MAXDIMS] = {0};
    int64_t esz = np_types[ct].size;
    for (int64_t e = 0; e < batch; e++) {
        char *pa = a->data, *pb = b->data;
        for (int d = 0; d < bnd; d++) {
            int da = d - (bnd - bnda), db = d - (bnd - bndb);
            if (da >= 0 && a->shape[da] != 1) pa += idx[d] * a->strides[da];
            if (db >= 0 && b->shape[db] != 1) pb += idx[d] * b->strides[db];
        }
        int64_t ast[2] = {a->ndim > 1 ? a->strides[a->ndim - 2] : 0, a->strides[a->ndim - 1]};
        int64_t bst[2] = {b->ndim > 1 ? b->strides[b->ndim - 2] : b->strides[0], b->ndim > 1 ? b->strides[b->ndim - 1] : 0};
        NdArray *av = np_view(vm, st, v_obj(a), a->dtype, pa, 2, ashape, ast, false);
        if (!av) goto done;
        vm_push_root(vm, v_obj(av));
        NdArray *bv = np_view(vm, st, v_obj(b), b->dtype, pb, 2, bs2, bst, false);
        if (!bv) goto done;
        vm_push_root(vm, v_obj(bv));
        /* operands already C-contiguous of the compute type are used in place */
        const char *da = am->data, *db = bm->data;
        if (a->dtype == ct && np_is_c_contiguous(av)) da = pa;
        else np_assign_array(vm, am, av);
        if (b->dtype == ct && np_is_c_contiguous(bv)) db = pb;
        else np_assign_array(vm, bm, bv);
        vm_pop_roots(vm, 2);
        mm_core(ct, n, m, k, da, db, r->data + e * n * m * esz);
        for (int d = bnd - 1; d >= 0; d--) {
            if (++idx[d] < bshape[d]) break;
            idx[d] = 0;
        }
    }
    if (ct != rt) {
        NdArray *c = np_copy(vm, r, rt);
        if (!c) goto done;
        r = c;
    }
    res = np_result(vm, r);
done:
    vm->nroots = roots;
    return res;
}

Value np_matmul(VM *vm, NpState *st, Value av, Value bv);
Value np_matmul(VM *vm, NpState *st, Value av, Value bv)
{
    NdArray *a = np_from_py(vm, st, av, -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    NdArray *b = np_from_py(vm, st, bv, -1);
    Value r = V_EXC;
    if (b) {
        vm_push_root(vm, v_obj(b));
        r = matmul(vm, st, a, b);
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    return r;
}

/* np.dot: products of 1-D and 2-D, and the sum over a's last and b's second-to-last axis */
static Value dot(VM *vm, NpState *st, NdArray *a, NdArray *b)
{
    if (a->ndim == 0 || b->ndim == 0) return np_uf2(vm, st, NP_UF_MULTIPLY, v_obj(a), v_obj(b));
    if (a->ndim <= 2 && b->ndim <= 2) {
        int64_t ka = a->shape[a->ndim - 1], kb = b->shape[b->ndim == 1 ? 0 : 0];
        if (ka != kb) {
            char sa[128], sb[128];
            shape_str(sa, sizeof sa, a);
            shape_str(sb, sizeof sb, b);
            return vm_raise(vm, vm->e_ValueError, "shapes %s and %s not aligned: %lld (dim %d) != %lld (dim 0)", sa, sb,
                            (long long)ka, a->ndim - 1, (long long)kb);
        }
        return matmul(vm, st, a, b);
    }
    int kb_axis = b->ndim == 1 ? 0 : b->ndim - 2;
    if (a->shape[a->ndim - 1] != b->shape[kb_axis]) {
        char sa[128], sb[128];
        shape_str(sa, sizeof sa, a);
        shape_str(sb, sizeof sb, b);
        return vm_raise(vm, vm->e_ValueError, "shapes %s and %s not aligned: %lld (dim %d) != %lld (dim %d)", sa, sb,
                        (long long)a->shape[a->ndim - 1], a->ndim - 1, (long long)b->shape[kb_axis], kb_axis);
    }
    int aperm[NP_MAXDIMS], bperm[NP_MAXDIMS];
    int64_t rows = 1, cols = 1, k = a->shape[a->ndim - 1], rshape[NP_MAXDIMS];
    int rnd = 0;
    for (int d = 0; d < a->ndim; d++) aperm[d] = d;
    for (int d = 0; d < a->ndim - 1; d++) {
        rows *= a->shape[d];
        rshape[rnd++] = a->shape[d];
    }
    bperm[0] = kb_axis;
    for (int d = 0, j = 1; d < b->ndim; d++)
        if (d != kb_axis) {
            bperm[j++] = d;
            cols *= b->shape[d];
            rshape[rnd++] = b->shape[d];
        }
    if (rnd > NP_MAXDIMS) return vm_raise(vm, vm->e_ValueError, "too many dimensions");
    return np_result(vm, product(vm, a, aperm, b, bperm, rows, k, cols, np_promote(a->dtype, b->dtype), rnd, rshape));
}

/* Both operands of a two-argument function as arrays (rooted: the caller pops 2). */
static bool two_arrays(VM *vm, NpState *st, Value x, Value y, NdArray **a, NdArray **b)
{
    *a = np_from_py(vm, st, x, -1);
    if (!*a) return false;
    vm_push_root(vm, v_obj(*a));
    *b = np_from_py(vm, st, y, -1);
    if (!*b) {
        vm_pop_roots(vm, 1);
        return false;
    }
    vm_push_root(vm, v_obj(*b));
    return true;
}

/* A product r written into out (an array; else r itself). */
static Value into(VM *vm, Value r, Value out)
{
    if (r == V_EXC || !np_is_array(out)) return r;
    vm_push_root(vm, r);
    NdArray *ra = np_from_py(vm, AS_ND(out)->st, r, -1);
    bool ok = ra && np_assign_array(vm, AS_ND(out), ra);
    vm_pop_roots(vm, 1);
    return ok ? out : V_EXC;
}

static Value f_dot(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "b", "out"};
    Value p[3];
    NdArray *a, *b;
    if (!np_parse(vm, "dot", args + 1, nargs - 1, kw, names, 3, 3, 2, p) || !two_arrays(vm, ST(args), p[0], p[1], &a, &b))
        return V_EXC;
    Value r = dot(vm, ST(args), a, b);
    vm_pop_roots(vm, 2);
    return into(vm, r, p[2]);
}

static Value m_dot(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs < 2) return vm_raise(vm, vm->e_TypeError, "dot() missing required argument 'b' (pos 1)");
    NdArray *b = np_from_py(vm, AS_ND(args[0])->st, args[1], -1);
    if (!b) return V_EXC;
    vm_push_root(vm, v_obj(b));
    Value r = dot(vm, AS_ND(args[0])->st, AS_ND(args[0]), b);
    vm_pop_roots(vm, 1);
    return r;
}

static Value f_matmul(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"", "", "out", "casting", "order", "dtype", "subok", "signature", "axes", "axis"};
    Value p[10];
    if (!np_parse(vm, "matmul", args + 1, nargs - 1, kw, names, 10, 3, 2, p)) return V_EXC;
    return into(vm, np_matmul(vm, ST(args), p[0], p[1]), p[2]);
}

static Value op_matmul(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs != 2 || !np_is_nd(args[0])) return V_NOTIMPL;
    Value o = args[1];
    if (!np_is_nd(o) && !v_has_layout(o, LAYOUT_LIST) && !v_has_layout(o, LAYOUT_TUPLE)) return V_NOTIMPL;
    return np_matmul(vm, AS_ND(args[0])->st, args[0], o);
}

static Value op_rmatmul(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs != 2 || !np_is_nd(args[0])) return V_NOTIMPL;
    Value o = args[1];
    if (!np_is_nd(o) && !v_has_layout(o, LAYOUT_LIST) && !v_has_layout(o, LAYOUT_TUPLE)) return V_NOTIMPL;
    return np_matmul(vm, AS_ND(args[0])->st, o, args[0]);
}

static Value op_imatmul(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value r = op_matmul(vm, args, nargs, kw);
    if (r == V_NOTIMPL || (AS_ND(args[0])->flags & NP_SCALAR)) return r;
    return into(vm, r, args[0]);
}

/* a's elements in C order as a 1-D array (of ncols columns when 2-D: a
 * column vector for ncols 1); rooted, the caller pops one */
static NdArray *flat(VM *vm, NdArray *a, int nd)
{
    NdArray *c = np_contiguous(vm, a, -1);
    if (!c) return NULL;
    vm_push_root(vm, v_obj(c));
    int64_t shape[2] = {c->size, 1}, strides[2] = {np_itemsize(c), 0};
    NdArray *v = np_view(vm, a->st, v_obj(c), c->dtype, c->data, nd, shape, strides, false);
    vm_pop_roots(vm, 1);
    if (v) vm_push_root(vm, v_obj(v));
    return v;
}

/* a and b flattened */
static Value f_vdot(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a, *b;
    if (!vm_check_nargs(vm, "vdot", nargs - 1, kw, 2, 2) || !two_arrays(vm, ST(args), args[1], args[2], &a, &b))
        return V_EXC;
    size_t roots = vm->nroots - 2;
    Value r = V_EXC;
    NdArray *av, *bv;
    if (a->size != b->size)
        vm_raise(vm, vm->e_ValueError, "cannot reshape array of size %lld into shape (%lld,)", (long long)b->size,
                 (long long)a->size);
    else if ((av = flat(vm, a, 1)) && (bv = flat(vm, b, 1)))
        r = matmul(vm, ST(args), av, bv);
    vm->nroots = roots;
    return r;
}

/* the sum over the last axes of both */
static Value f_inner(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a, *b;
    if (!vm_check_nargs(vm, "inner", nargs - 1, kw, 2, 2) || !two_arrays(vm, ST(args), args[1], args[2], &a, &b))
        return V_EXC;
    Value r = V_EXC;
    if (a->ndim == 0 || b->ndim == 0) r = np_uf2(vm, ST(args), NP_UF_MULTIPLY, v_obj(a), v_obj(b));
    else if (a->shape[a->ndim - 1] != b->shape[b->ndim - 1])
        vm_raise(vm, vm->e_ValueError, "shapes mismatch in inner: %lld != %lld", (long long)a->shape[a->ndim - 1], (long long)b->shape[b->ndim - 1]);
    else if (a->ndim + b->ndim - 2 > NP_MAXDIMS) vm_raise(vm, vm->e_ValueError, "too many dimensions");
    else {
        int aperm[NP_MAXDIMS], bperm[NP_MAXDIMS];
        int64_t rows = 1, cols = 1, rshape[NP_MAXDIMS];
        int rnd = 0;
        for (int d = 0; d < a->ndim; d++) aperm[d] = d;
        for (int d = 0; d < a->ndim - 1; d++) rows *= rshape[rnd++] = a->shape[d];
        bperm[0] = b->ndim - 1;
        for (int d = 0; d < b->ndim - 1; d++) {
            bperm[d + 1] = d;
            cols *= rshape[rnd++] = b->shape[d];
        }
        r = np_result(vm, product(vm, a, aperm, b, bperm, rows, a->shape[a->ndim - 1], cols,
                                  np_promote(a->dtype, b->dtype), rnd, rshape));
    }
    vm_pop_roots(vm, 2);
    return r;
}

static Value f_outer(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "b", "out"};
    Value p[3];
    NdArray *a, *b;
    if (!np_parse(vm, "outer", args + 1, nargs - 1, kw, names, 3, 3, 2, p) || !two_arrays(vm, ST(args), p[0], p[1], &a, &b))
        return V_EXC;
    size_t roots = vm->nroots - 2;
    Value r = V_EXC;
    NdArray *av = flat(vm, a, 2), *bv = av ? flat(vm, b, 1) : NULL;
    if (bv) {
        Value two[2] = {v_obj(av), v_obj(bv)}, out[2] = {p[2] == V_UNBOUND ? V_NONE : p[2], V_NONE};
        r = np_ufunc_apply(vm, ST(args), NP_UF_MULTIPLY, two, out, -1);
    }
    vm->nroots = roots;
    return r;
}

/* axes: an int N (a's last N against b's first N) or two sequences */
static Value f_tensordot(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "b", "axes"};
    Value p[3];
    NdArray *a, *b;
    if (!np_parse(vm, "tensordot", args + 1, nargs - 1, kw, names, 3, 3, 2, p) || !two_arrays(vm, ST(args), p[0], p[1], &a, &b))
        return V_EXC;
    Value r = V_EXC;
    int na = 0, ax_a[NP_MAXDIMS], ax_b[NP_MAXDIMS];
    Value axes = p[2] == V_UNBOUND ? v_int(2) : p[2];
    if (v_has_layout(axes, LAYOUT_TUPLE) || v_has_layout(axes, LAYOUT_LIST)) {
        uint32_t n2;
        Value *two = vm_seq_items(axes, &n2);
        if (n2 != 2) {
            vm_raise(vm, vm->e_ValueError, "axes must be an integer or a pair of sequences");
            goto done;
        }
        Value sa = two[0], sb = two[1];
        uint32_t la = 1, lb = 1;
        Value *ia = &sa, *ib = &sb;
        if (v_has_layout(sa, LAYOUT_TUPLE) || v_has_layout(sa, LAYOUT_LIST)) ia = vm_seq_items(sa, &la);
        if (v_has_layout(sb, LAYOUT_TUPLE) || v_has_layout(sb, LAYOUT_LIST)) ib = vm_seq_items(sb, &lb);
        if (la != lb) {
            vm_raise(vm, vm->e_ValueError, "shape-mismatch for sum");
            goto done;
        }
        bool all;
        for (uint32_t i = 0; i < la; i++)
            if (!np_axis_arg(vm, ia[i], a->ndim, &ax_a[i], &all) || !np_axis_arg(vm, ib[i], b->ndim, &ax_b[i], &all)) goto done;
        na = (int)la;
    } else {
        int64_t n;
        if (!vm_index(vm, axes, &n)) goto done;
        if (n < 0 || n > a->ndim || n > b->ndim) {
            vm_raise(vm, vm->e_ValueError, "shape-mismatch for sum");
            goto done;
        }
        na = (int)n;
        for (int i = 0; i < na; i++) {
            ax_a[i] = a->ndim - na + i;
            ax_b[i] = i;
        }
    }
    int64_t k = 1, rows = 1, cols = 1, rshape[NP_MAXDIMS];
    int aperm[NP_MAXDIMS], bperm[NP_MAXDIMS], rnd = 0, j = 0;
    bool used_a[NP_MAXDIMS] = {0}, used_b[NP_MAXDIMS] = {0};
    for (int i = 0; i < na; i++) {
        if (a->shape[ax_a[i]] != b->shape[ax_b[i]]) {
            vm_raise(vm, vm->e_ValueError, "shape-mismatch for sum");
            goto done;
        }
        used_a[ax_a[i]] = used_b[ax_b[i]] = true;
        k *= a->shape[ax_a[i]];
    }
    for (int d = 0; d < a->ndim; d++)
        if (!used_a[d]) {
            aperm[j++] = d;
            rows *= rshape[rnd++] = a->shape[d];
        }
    for (int i = 0; i < na; i++) aperm[j++] = ax_a[i];
    j = 0;
    for (int i = 0; i < na; i++) bperm[j++] = ax_b[i];
    for (int d = 0; d < b->ndim; d++)
        if (!used_b[d]) {
            bperm[j++] = d;
            cols *= rshape[rnd++] = b->shape[d];
        }
    r = np_result(vm, product(vm, a, aperm, b, bperm, rows, k, cols, np_promote(a->dtype, b->dtype), rnd, rshape));
done:
    vm_pop_roots(vm, 2);
    return r;
}

/* a[..., i] as a view (the last axis dropped) */
static NdArray *component(VM *vm, NdArray *a, int i)
{
    return np_view(vm, a->st, v_obj(a), a->dtype, a->data + i * a->strides[a->ndim - 1], a->ndim - 1, a->shape,
                   a->strides, false);
}

/* x * y - z * w on components */
static Value cross_term(VM *vm, NpState *st, NdArray *a, NdArray *b, int i, int j)
{
    size_t roots = vm->nroots;
    Value r = V_EXC;
    NdArray *ai = component(vm, a, i), *bj, *aj, *bi;
    if (!ai) goto done;
    vm_push_root(vm, v_obj(ai));
    if (!(bj = component(vm, b, j))) goto done;
    vm_push_root(vm, v_obj(bj));
    if (!(aj = component(vm, a, j))) goto done;
    vm_push_root(vm, v_obj(aj));
    if (!(bi = component(vm, b, i))) goto done;
    vm_push_root(vm, v_obj(bi));
    Value x = np_uf2(vm, st, NP_UF_MULTIPLY, v_obj(ai), v_obj(bj));
    if (x == V_EXC) goto done;
    vm_push_root(vm, x);
    Value y = np_uf2(vm, st, NP_UF_MULTIPLY, v_obj(aj), v_obj(bi));
    if (y == V_EXC) goto done;
    vm_push_root(vm, y);
    r = np_uf2(vm, st, NP_UF_SUBTRACT, x, y);
done:
    vm->nroots = roots;
    return r;
}

static Value f_cross(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "b", "axisa", "axisb", "axisc", "axis"};
    Value p[6];
    NdArray *a, *b;
    if (!np_parse(vm, "cross", args + 1, nargs - 1, kw, names, 6, 6, 2, p) || !two_arrays(vm, ST(args), p[0], p[1], &a, &b))
        return V_EXC;
    NpState *st = ST(args);
    size_t roots = vm->nroots - 2;
    Value r = V_EXC;
    int la = a->ndim ? (int)a->shape[a->ndim - 1] : 0, lb = b->ndim ? (int)b->shape[b->ndim - 1] : 0;
    if ((la != 2 && la != 3) || (lb != 2 && lb != 3)) {
        vm_raise(vm, vm->e_ValueError, "incompatible dimensions for cross product\n(dimension must be 2 or 3)");
        goto done;
    }
    if (la != lb) {
        vm_raise(vm, vm->e_NotImplementedError, "tirun's numpy: cross of a 2-vector and a 3-vector");
        goto done;
    }
    if (la == 2) {
        r = cross_term(vm, st, a, b, 0, 1);
        goto done;
    }
    Value t[3];
    static const int ij[3][2] = {{1, 2}, {2, 0}, {0, 1}};
    for (int c = 0; c < 3; c++) {
        t[c] = cross_term(vm, st, a, b, ij[c][0], ij[c][1]);
        if (t[c] == V_EXC) goto done;
        vm_push_root(vm, t[c]);
    }
    NdArray *t0 = np_from_py(vm, st, t[0], -1);
    if (!t0) goto done;
    int64_t shape[NP_MAXDIMS];
    for (int d = 0; d < t0->ndim; d++) shape[d] = t0->shape[d];
    shape[t0->ndim] = 3;
    NdArray *res = np_new(vm, st, t0->dtype, t0->ndim + 1, shape, false);
    if (!res) goto done;
    vm_push_root(vm, v_obj(res));
    for (int c = 0; c < 3; c++) {
        NdArray *slot = component(vm, res, c);
        if (!slot) goto done;
        slot->flags |= NP_WRITEABLE;
        vm_push_root(vm, v_obj(slot));
        if (!np_assign(vm, slot, t[c])) goto done;
    }
    r = v_obj(res);
done:
    vm->nroots = roots;
    return r;
}

/* the sum of a diagonal (offset) over axis1 and axis2 */
static Value do_trace(VM *vm, NdArray *a, Value *p)
{
    int64_t offset = 0;
    int ax1 = 0, ax2 = 1;
    bool all;
    if (p[0] != V_UNBOUND && !vm_index(vm, p[0], &offset)) return V_EXC;
    if (a->ndim < 2) return vm_raise(vm, vm->e_ValueError, "diag requires an array of at least two dimensions");
    if ((p[1] != V_UNBOUND && !np_axis_arg(vm, p[1], a->ndim, &ax1, &all)) ||
        (p[2] != V_UNBOUND && !np_axis_arg(vm, p[2], a->ndim, &ax2, &all)))
        return V_EXC;
    if (ax1 == ax2) return vm_raise(vm, vm->e_ValueError, "axis1 and axis2 cannot be the same");
    int dtype = np_dtype_of(vm, a->st, p[3], -1);
    if (dtype < 0 && vm->exc != V_NONE) return V_EXC;
    int64_t shape[NP_MAXDIMS], strides[NP_MAXDIMS];
    int nd = 0;
    for (int d = 0; d < a->ndim; d++)
        if (d != ax1 && d != ax2) {
            shape[nd] = a->shape[d];
            strides[nd++] = a->strides[d];
        }
    char *data = a->data;
    int64_t n1 = a->shape[ax1], n2 = a->shape[ax2], len;
    if (offset >= 0) {
        len = n2 - offset < n1 ? n2 - offset : n1;
        if (len > 0) data += offset * a->strides[ax2];
    } else {
        len = n1 + offset < n2 ? n1 + offset : n2;
        if (len > 0) data += -offset * a->strides[ax1];
    }
    shape[nd] = len > 0 ? len : 0;
    strides[nd++] = a->strides[ax1] + a->strides[ax2];
    NdArray *diag = np_view(vm, a->st, v_obj(a), a->dtype, data, nd, shape, strides, false);
    if (!diag) return V_EXC;
    vm_push_root(vm, v_obj(diag));
    NdArray *out = p[4] != V_UNBOUND && p[4] != V_NONE && np_is_array(p[4]) ? AS_ND(p[4]) : NULL;
    Value r = np_reduce(vm, a->st, NP_UF_ADD, diag, 1ull << (nd - 1), dtype, out, false, V_UNBOUND);
    vm_pop_roots(vm, 1);
    return r;
}

static Value m_trace(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"offset", "axis1", "axis2", "dtype", "out"};
    Value p[5];
    if (!np_parse(vm, "trace", args + 1, nargs - 1, kw, names, 5, 5, 0, p)) return V_EXC;
    return do_trace(vm, AS_ND(args[0]), p);
}

static Value f_trace(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "offset", "axis1", "axis2", "dtype", "out"};
    Value p[6];
    if (!np_parse(vm, "trace", args + 1, nargs - 1, kw, names, 6, 6, 1, p)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    Value r = do_trace(vm, a, p + 1);
    vm_pop_roots(vm, 1);
    return r;
}

bool np_init_dot(VM *vm, NpState *st)
{
    static const NpFunction functions[] = {
        {"dot", f_dot}, {"matmul", f_matmul}, {"vdot", f_vdot}, {"inner", f_inner}, {"outer", f_outer},
        {"tensordot", f_tensordot}, {"cross", f_cross}, {"trace", f_trace},
    };
    static const NpFunction methods[] = {
        {"dot", m_dot}, {"trace", m_trace}, {"__matmul__", op_matmul}, {"__rmatmul__", op_rmatmul},
        {"__imatmul__", op_imatmul},
    };
    return np_add_functions(vm, st, functions, sizeof functions / sizeof functions[0]) &&
           np_add_methods(vm, st->t_ndarray, methods, sizeof methods / sizeof methods[0]);
}

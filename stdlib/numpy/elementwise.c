/* numpy's element-wise functions built on the ufuncs: where, clip, round,
 * isclose, allclose, array_equal, array_equiv and nan_to_num, as numpy's own
 * Python code composes them (so results and dtypes agree with numpy's). */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "ufunc.h"

static NpState *ST(Value *args) { return np_state_of(args[0]); }

/* Calls the ufunc and keeps the result rooted (popped with the caller's roots). */
static Value call2(VM *vm, NpState *st, int uf, Value a, Value b, Value out)
{
    Value two[2] = {a, b}, o[2] = {out, V_NONE};
    Value r = np_ufunc_apply(vm, st, uf, two, out == V_NONE ? NULL : o, -1);
    if (r != V_EXC) vm_push_root(vm, r);
    return r;
}

static Value call1(VM *vm, NpState *st, int uf, Value a, Value out)
{
    Value o[2] = {out, V_NONE};
    Value r = np_ufunc_apply(vm, st, uf, &a, out == V_NONE ? NULL : o, -1);
    if (r != V_EXC) vm_push_root(vm, r);
    return r;
}

/* ---- where ------------------------------------------------------------------------------- */

static Value nonzero_of(VM *vm, NpState *st, Value cond)
{
    NdArray *c = np_from_py(vm, st, cond, NP_BOOL);
    if (!c) return V_EXC;
    size_t roots = vm->nroots;
    vm_push_root(vm, v_obj(c));
    c = np_contiguous(vm, c, -1);
    Value r = V_EXC;
    if (!c) goto done;
    vm_push_root(vm, v_obj(c));
    int64_t count = 0;
    for (int64_t i = 0; i < c->size; i++) count += c->data[i] != 0;
    int nd = c->ndim ? c->ndim : 1;
    Value items[NP_MAXDIMS];
    int64_t *cols[NP_MAXDIMS];
    for (int d = 0; d < nd; d++) {
        NdArray *ix = np_new(vm, st, NP_INT64, 1, &count, false);
        if (!ix) goto done;
        vm_push_root(vm, v_obj(ix));
        items[d] = v_obj(ix);
        cols[d] = (int64_t *)ix->data;
    }
    int64_t pos = 0, idx[NP_MAXDIMS] = {0};
    for (int64_t i = 0; i < c->size; i++) {
        if (c->data[i]) {
            for (int d = 0; d < c->ndim; d++) cols[d][pos] = idx[d];
            if (c->ndim == 0) cols[0][pos] = 0;
            pos++;
        }
        for (int d = c->ndim - 1; d >= 0; d--) {
            if (++idx[d] < c->shape[d]) break;
            idx[d] = 0;
        }
    }
    r = vm_tuple_of(vm, items, (uint32_t)nd);
done:
    vm->nroots = roots;
    return r;
}

static Value f_where(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (kw && kw->len) return vm_raise(vm, vm->e_TypeError, "where() takes no keyword arguments");
    NpState *st = ST(args);
    if (nargs == 2) return nonzero_of(vm, st, args[1]);
    if (nargs != 4) return vm_raise(vm, vm->e_ValueError, "either both or neither of x and y should be given");
    size_t roots = vm->nroots;
    Value r = V_EXC;
    NdArray *c = np_from_py(vm, st, args[1], NP_BOOL);
    if (!c) goto done;
    vm_push_root(vm, v_obj(c));
    /* the result type: x and y promoted, Python scalars weak */
    int t = -1;
    char wk = 0;
    for (int i = 2; i < 4; i++) {
        Value v = args[i];
        if (v_is_bool(v) || v_is_int(v) || v_is_double(v) || (!np_is_nd(v) && vm_is_int(vm, v))) {
            char k = v_is_bool(v) ? 'b' : v_is_double(v) ? 'f' : 'i';
            if (k == 'f' || (k == 'i' && wk != 'f') || !wk) wk = k;
            continue;
        }
        NdArray *a = np_from_py(vm, st, v, -1);
        if (!a) goto done;
        t = t < 0 ? a->dtype : np_promote(t, a->dtype);
    }
    if (t < 0) t = wk == 'f' ? NP_FLOAT64 : wk == 'i' ? NP_INT64 : NP_BOOL;
    else if (wk) t = np_promote_weak(t, wk);
    NdArray *x = np_from_py(vm, st, args[2], t);
    if (!x) goto done;
    vm_push_root(vm, v_obj(x));
    NdArray *y = np_from_py(vm, st, args[3], t);
    if (!y) goto done;
    vm_push_root(vm, v_obj(y));
    int nds[3] = {c->ndim, x->ndim, y->ndim}, nd;
    const int64_t *shs[3] = {c->shape, x->shape, y->shape};
    int64_t shape[NP_MAXDIMS];
    if (!np_broadcast_shapes(vm, 3, nds, shs, &nd, shape)) goto done;
    NdArray *res = np_new(vm, st, t, nd, shape, false);
    if (!res) goto done;
    vm_push_root(vm, v_obj(res));
    NdArray *ops[4] = {res, c, x, y};
    NpIter it;
    np_iter_init(&it, 4, ops, nd, shape);
    int size = np_types[t].size;
    while (np_iter_next(&it))
        for (int64_t k = 0; k < it.n; k++) {
            const char *src = it.ptr[1][k * it.stride[1]] ? it.ptr[2] + k * it.stride[2] : it.ptr[3] + k * it.stride[3];
            memcpy(it.ptr[0] + k * it.stride[0], src, size);
        }
    r = np_result(vm, res);
done:
    vm->nroots = roots;
    return r;
}

/* ---- clip -------------------------------------------------------------------------------- */

static Value do_clip(VM *vm, NpState *st, Value a, Value lo, Value hi, Value out)
{
    if ((lo == V_NONE || lo == V_UNBOUND) && (hi == V_NONE || hi == V_UNBOUND))
        return vm_raise(vm, vm->e_ValueError, "One of max or min must be given");
    size_t roots = vm->nroots;
    Value r = a;
    if (out == V_UNBOUND) out = V_NONE;
    if (lo != V_NONE && lo != V_UNBOUND) r = call2(vm, st, NP_UF_MAXIMUM, r, lo, out);
    if (r != V_EXC && hi != V_NONE && hi != V_UNBOUND) r = call2(vm, st, NP_UF_MINIMUM, r, hi, out);
    vm->nroots = roots;
    return r;
}

static Value f_clip(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "a_min", "a_max", "out", "min", "max"};
    Value p[6];
    if (!np_parse(vm, "clip", args + 1, nargs - 1, kw, names, 6, 4, 1, p)) return V_EXC;
    return do_clip(vm, ST(args), p[0], p[1] != V_UNBOUND ? p[1] : p[4], p[2] != V_UNBOUND ? p[2] : p[5], p[3]);
}

static Value m_clip(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"min", "max", "out"};
    Value p[3];
    if (!np_parse(vm, "clip", args + 1, nargs - 1, kw, names, 3, 3, 0, p)) return V_EXC;
    return do_clip(vm, AS_ND(args[0])->st, args[0], p[0], p[1], p[2]);
}

/* ---- round ------------------------------------------------------------------------------ */

static double power_of_ten(int64_t n)
{
    static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
    if (n < 9) return p10[n];
    double r = 1e9;
    while (n-- > 9) r *= 10.;
    return r;
}

static Value do_round(VM *vm, NpState *st, Value av, int64_t decimals, Value out)
{
    NdArray *a = np_from_py(vm, st, av, -1);
    if (!a) return V_EXC;
    size_t roots = vm->nroots;
    vm_push_root(vm, v_obj(a));
    Value r = V_EXC;
    if (out == V_UNBOUND) out = V_NONE;
    if (!np_is_float(a->dtype) && decimals >= 0) {
        if (out != V_NONE) r = np_assign(vm, AS_ND(out), v_obj(a)) ? out : V_EXC;
        else {
            NdArray *c = np_copy(vm, a, -1);
            r = c ? np_result(vm, c) : V_EXC;
        }
        goto done;
    }
    Value f = vm_new_float_obj(vm, power_of_ten(decimals >= 0 ? decimals : -decimals));
    if (f == V_EXC) goto done;
    vm_push_root(vm, f);
    int first = decimals >= 0 ? NP_UF_MULTIPLY : NP_UF_TRUE_DIVIDE, second = decimals >= 0 ? NP_UF_TRUE_DIVIDE : NP_UF_MULTIPLY;
    Value dst = np_is_float(a->dtype) ? out : V_NONE;
    Value y = call2(vm, st, first, v_obj(a), f, dst);
    if (y == V_EXC) goto done;
    Value y2 = np_is_array(y) ? y : V_NONE;
    if ((y = call1(vm, st, NP_UF_RINT, y, y2)) == V_EXC) goto done;
    if ((y = call2(vm, st, second, y, f, np_is_array(y) ? y : V_NONE)) == V_EXC) goto done;
    if (!np_is_float(a->dtype)) {
        NdArray *ya = np_from_py(vm, st, y, -1);
        NdArray *c = ya ? np_copy(vm, ya, a->dtype) : NULL;
        if (!c) goto done;
        if (out != V_NONE) {
            vm_push_root(vm, v_obj(c));
            r = np_assign_array(vm, AS_ND(out), c) ? out : V_EXC;
        } else r = np_result(vm, c);
        goto done;
    }
    r = y;
done:
    vm->nroots = roots;
    return r;
}

static Value f_round(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "decimals", "out"};
    Value p[3];
    int64_t dec = 0;
    if (!np_parse(vm, "round", args + 1, nargs - 1, kw, names, 3, 3, 1, p)) return V_EXC;
    if (p[1] != V_UNBOUND && !vm_index(vm, p[1], &dec)) return V_EXC;
    return do_round(vm, ST(args), p[0], dec, p[2]);
}

static Value m_round(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"decimals", "out"};
    Value p[2];
    int64_t dec = 0;
    if (!np_parse(vm, "round", args + 1, nargs - 1, kw, names, 2, 2, 0, p)) return V_EXC;
    if (p[0] != V_UNBOUND && !vm_index(vm, p[0], &dec)) return V_EXC;
    return do_round(vm, AS_ND(args[0])->st, args[0], dec, p[1]);
}

/* round(x[, n]): numpy scalars give a Python int without n, as Python's numbers do */
static Value m_dunder_round(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = AS_ND(args[0]);
    if ((nargs < 2 || args[1] == V_NONE) && (a->flags & NP_SCALAR)) {
        if (!np_is_float(a->dtype)) return np_elem_to_py(vm, a->data, a->dtype);
        return vm_int_from_double(vm, nearbyint(np_get_f64(a->data, a->dtype)));
    }
    int64_t dec = 0;
    if (nargs >= 2 && args[1] != V_NONE && !vm_index(vm, args[1], &dec)) return V_EXC;
    return do_round(vm, a->st, args[0], dec, V_NONE);
}

/* ---- isclose, allclose, array_equal ------------------------------------------------------------ */

static Value do_isclose(VM *vm, NpState *st, Value x, Value y, Value rtol, Value atol, Value equal_nan)
{
    size_t roots = vm->nroots;
    Value r = V_EXC;
    if (rtol == V_UNBOUND) rtol = v_double(1e-05);
    if (atol == V_UNBOUND) atol = v_double(1e-08);
    if (!np_is_nd(x) && !v_is_int(x) && !v_is_double(x) && !v_is_bool(x)) {
        NdArray *xa = np_from_py(vm, st, x, -1);
        if (!xa) goto done;
        x = v_obj(xa);
        vm_push_root(vm, x);
    }
    /* y as an inexact array (result_type(y, 1.)), or a float */
    if (v_is_int(y) || v_is_bool(y)) y = v_double(v_is_bool(y) ? (y == V_TRUE) : (double)v_as_int(y));
    else if (!v_is_double(y)) {
        NdArray *ya = np_from_py(vm, st, y, -1);
        if (!ya) goto done;
        vm_push_root(vm, v_obj(ya));
        if (!np_is_float(ya->dtype)) {
            ya = np_copy(vm, ya, NP_FLOAT64);
            if (!ya) goto done;
            vm_push_root(vm, v_obj(ya));
        }
        y = v_obj(ya);
    }
    Value d = call2(vm, st, NP_UF_SUBTRACT, x, y, V_NONE);
    if (d == V_EXC || (d = call1(vm, st, NP_UF_ABSOLUTE, d, V_NONE)) == V_EXC) goto done;
    Value tol = call1(vm, st, NP_UF_ABSOLUTE, y, V_NONE);
    if (tol == V_EXC || (tol = call2(vm, st, NP_UF_MULTIPLY, rtol, tol, V_NONE)) == V_EXC ||
        (tol = call2(vm, st, NP_UF_ADD, atol, tol, V_NONE)) == V_EXC)
        goto done;
    Value res = call2(vm, st, NP_UF_LESS_EQUAL, d, tol, V_NONE), fin;
    if (res == V_EXC || (fin = call1(vm, st, NP_UF_ISFINITE, y, V_NONE)) == V_EXC ||
        (res = call2(vm, st, NP_UF_BITWISE_AND, res, fin, V_NONE)) == V_EXC)
        goto done;
    Value eq = call2(vm, st, NP_UF_EQUAL, x, y, V_NONE);
    if (eq == V_EXC || (res = call2(vm, st, NP_UF_BITWISE_OR, res, eq, V_NONE)) == V_EXC) goto done;
    int en = equal_nan == V_UNBOUND ? 0 : vm_truthy(vm, equal_nan);
    if (en < 0) goto done;
    if (en) {
        Value nx = call1(vm, st, NP_UF_ISNAN, x, V_NONE), ny;
        if (nx == V_EXC || (ny = call1(vm, st, NP_UF_ISNAN, y, V_NONE)) == V_EXC ||
            (nx = call2(vm, st, NP_UF_BITWISE_AND, nx, ny, V_NONE)) == V_EXC ||
            (res = call2(vm, st, NP_UF_BITWISE_OR, res, nx, V_NONE)) == V_EXC)
            goto done;
    }
    r = res;
done:
    vm->nroots = roots;
    return r;
}

static const char *const close_names[] = {"a", "b", "rtol", "atol", "equal_nan"};

static Value f_isclose(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value p[5];
    if (!np_parse(vm, "isclose", args + 1, nargs - 1, kw, close_names, 5, 5, 2, p)) return V_EXC;
    return do_isclose(vm, ST(args), p[0], p[1], p[2], p[3], p[4]);
}

/* bool(v.all()) */
static Value all_true(VM *vm, NpState *st, Value v)
{
    if (v == V_EXC) return V_EXC;
    vm_push_root(vm, v);
    NdArray *a = np_from_py(vm, st, v, NP_BOOL);
    vm_pop_roots(vm, 1);
    if (!a) return V_EXC;
    NpIter it;
    np_iter_init(&it, 1, &a, a->ndim, a->shape);
    while (np_iter_next(&it))
        for (int64_t k = 0; k < it.n; k++)
            if (!it.ptr[0][k * it.stride[0]]) return V_FALSE;
    return V_TRUE;
}

static Value f_allclose(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value p[5];
    if (!np_parse(vm, "allclose", args + 1, nargs - 1, kw, close_names, 5, 5, 2, p)) return V_EXC;
    return all_true(vm, ST(args), do_isclose(vm, ST(args), p[0], p[1], p[2], p[3], p[4]));
}

static Value equal_arrays(VM *vm, Value *args, int nargs, TupleObj *kw, bool equiv)
{
    static const char *const names[] = {"a1", "a2", "equal_nan"};
    Value p[3];
    NpState *st = ST(args);
    if (!np_parse(vm, equiv ? "array_equiv" : "array_equal", args + 1, nargs - 1, kw, names, equiv ? 2 : 3, 3, 2, p))
        return V_EXC;
    NdArray *a = np_from_py(vm, st, p[0], -1);
    if (!a) return V_EXC;
    size_t roots = vm->nroots;
    vm_push_root(vm, v_obj(a));
    Value r = V_EXC;
    NdArray *b = np_from_py(vm, st, p[1], -1);
    if (!b) goto done;
    vm_push_root(vm, v_obj(b));
    if (equiv) {
        int nds[2] = {a->ndim, b->ndim}, nd;
        const int64_t *shs[2] = {a->shape, b->shape};
        int64_t shape[NP_MAXDIMS];
        if (!np_broadcast_shapes(vm, 2, nds, shs, &nd, shape)) {
            vm->exc = V_NONE;
            r = V_FALSE;
            goto done;
        }
    } else {
        bool same = a->ndim == b->ndim;
        for (int d = 0; same && d < a->ndim; d++) same = a->shape[d] == b->shape[d];
        if (!same) {
            r = V_FALSE;
            goto done;
        }
    }
    Value eq = call2(vm, st, NP_UF_EQUAL, v_obj(a), v_obj(b), V_NONE);
    if (eq == V_EXC) goto done;
    int en = p[2] == V_UNBOUND ? 0 : vm_truthy(vm, p[2]);
    if (en < 0) goto done;
    if (en) {
        Value na = call1(vm, st, NP_UF_ISNAN, v_obj(a), V_NONE), nb;
        if (na == V_EXC || (nb = call1(vm, st, NP_UF_ISNAN, v_obj(b), V_NONE)) == V_EXC ||
            (na = call2(vm, st, NP_UF_BITWISE_AND, na, nb, V_NONE)) == V_EXC ||
            (eq = call2(vm, st, NP_UF_BITWISE_OR, eq, na, V_NONE)) == V_EXC)
            goto done;
    }
    r = all_true(vm, st, eq);
done:
    vm->nroots = roots;
    return r;
}

static Value f_array_equal(VM *vm, Value *args, int nargs, TupleObj *kw) { return equal_arrays(vm, args, nargs, kw, false); }
static Value f_array_equiv(VM *vm, Value *args, int nargs, TupleObj *kw) { return equal_arrays(vm, args, nargs, kw, true); }

/* ---- nan_to_num --------------------------------------------------------------------------- */

static Value f_nan_to_num(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"x", "copy", "nan", "posinf", "neginf"};
    Value p[5];
    NpState *st = ST(args);
    if (!np_parse(vm, "nan_to_num", args + 1, nargs - 1, kw, names, 5, 5, 1, p)) return V_EXC;
    bool copy = p[1] == V_UNBOUND || vm_truthy(vm, p[1]) == 1;
    NdArray *a = np_is_array(p[0]) && !copy ? AS_ND(p[0]) : np_array_copy(vm, st, p[0], -1);
    if (!a) return V_EXC;
    if (!np_is_float(a->dtype)) return np_result(vm, a);
    double big = a->dtype == NP_FLOAT16 ? 65504.0 : a->dtype == NP_FLOAT32 ? FLT_MAX : DBL_MAX;
    double nanv = 0.0, pos = big, neg = -big;
    if ((p[2] != V_UNBOUND && p[2] != V_NONE && !vm_to_double(vm, p[2], &nanv)) ||
        (p[3] != V_UNBOUND && p[3] != V_NONE && !vm_to_double(vm, p[3], &pos)) ||
        (p[4] != V_UNBOUND && p[4] != V_NONE && !vm_to_double(vm, p[4], &neg)))
        return V_EXC;
    NpIter it;
    np_iter_init(&it, 1, &a, a->ndim, a->shape);
    while (np_iter_next(&it))
        for (int64_t k = 0; k < it.n; k++) {
            char *e = it.ptr[0] + k * it.stride[0];
            double d = np_get_f64(e, a->dtype);
            if (d != d) np_set_f64(e, a->dtype, nanv);
            else if (isinf(d)) np_set_f64(e, a->dtype, d > 0 ? pos : neg);
        }
    return np_result(vm, a);
}

bool np_init_elementwise(VM *vm, NpState *st)
{
    static const NpFunction functions[] = {
        {"where", f_where}, {"clip", f_clip}, {"round", f_round}, {"around", f_round}, {"isclose", f_isclose},
        {"allclose", f_allclose}, {"array_equal", f_array_equal}, {"array_equiv", f_array_equiv},
        {"nan_to_num", f_nan_to_num},
    };
    static const NpFunction methods[] = {{"clip", m_clip}, {"round", m_round}, {"__round__", m_dunder_round}};
    return np_add_functions(vm, st, functions, sizeof functions / sizeof functions[0]) &&
           np_add_methods(vm, st->t_ndarray, methods, sizeof methods / sizeof methods[0]);
}

/* numpy's ufuncs: type resolution (numpy 2's promotion, Python scalars weak
 * as NEP 50 says), the executor that runs a typed loop over broadcast
 * operands with casting buffers, the np.ufunc objects (np.add, np.sin ...)
 * with reduce / accumulate / outer, and the ndarray operators. */
#include <math.h>
#include <stdio.h>

#include "ufunc.h"

/* ---- casting and type resolution ------------------------------------------------ */

bool np_can_cast_safe(int from, int to) { return np_promote(from, to) == to; }

/* same_kind: safe, or within a kind, or to a later kind (bool < unsigned < signed < float) */
static int kind_rank(int t) { return t == NP_BOOL ? 0 : np_is_unsigned(t) ? 1 : np_is_signed(t) ? 2 : 3; }
bool np_can_cast_same_kind(int from, int to) { return np_can_cast_safe(from, to) || kind_rank(to) >= kind_rank(from); }

/* numpy's search order of loop types: ?bBhHiIlLqQefd */
static const int8_t loop_order[NP_NTYPES] = {NP_BOOL,  NP_INT8,   NP_UINT8,  NP_INT16,   NP_UINT16,  NP_INT32,
                                            NP_UINT32, NP_INT64, NP_UINT64, NP_FLOAT16, NP_FLOAT32, NP_FLOAT64};

static bool has_loop(const NpUfuncInfo *u, int t) { return u->loops[np_loop_type(t)] != NULL; }

static bool no_loop(VM *vm, const NpUfuncInfo *u, int t)
{
    if (t == NP_BOOL && (!strcmp(u->name, "sign") || !strcmp(u->name, "positive")))
        vm_raise(vm, vm->e_TypeError,
                 "ufunc '%s' did not contain a loop with signature matching types <class 'numpy.dtypes.BoolDType'> -> None",
                 u->name);
    else
        vm_raise(vm, vm->e_TypeError,
                 "ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any "
                 "supported types according to the casting rule ''safe''",
                 u->name);
    return false;
}

bool np_ufunc_resolve(VM *vm, int uf, int t, int dtype, NpSig *sig)
{
    const NpUfuncInfo *u = &np_ufuncs[uf];
    if (dtype >= 0 && !(u->flags & NP_UFK_BOOL_OUT)) t = dtype;
    int lt = -1;
    if (u->flags & NP_UFK_LOGICAL) lt = NP_BOOL;
    else if (t == NP_BOOL && uf == NP_UF_SUBTRACT) {
        vm_raise(vm, vm->e_TypeError,
                 "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, "
                 "or the logical_xor function instead.");
        return false;
    } else if (t == NP_BOOL && uf == NP_UF_NEGATIVE) {
        vm_raise(vm, vm->e_TypeError,
                 "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the "
                 "logical_not function instead.");
        return false;
    } else if ((u->flags & NP_UFK_TRUEDIV) && !np_is_float(t)) lt = NP_FLOAT64;
    else if (has_loop(u, t)) lt = t;
    else if (!(t == NP_BOOL && (uf == NP_UF_SIGN || uf == NP_UF_POSITIVE))) {
        for (int i = 0; i < NP_NTYPES && lt < 0; i++)
            if (has_loop(u, loop_order[i]) && np_can_cast_safe(t, loop_order[i])) lt = loop_order[i];
    }
    if (lt < 0) return no_loop(vm, u, t);
    for (int i = 0; i < u->nin; i++) sig->in[i] = lt;
    for (int i = 0; i < u->nout; i++) sig->out[i] = (u->flags & NP_UFK_BOOL_OUT) ? NP_BOOL : lt;
    return true;
}

/* ---- the executor ------------------------------------------------------------------- */

enum { BUF_N = 1024 };

static void cast_run(char *d, int64_t ds, int dt, const char *s, int64_t ss, int stype, int64_t n)
{
    if (dt == NP_FLOAT32 && stype == NP_FLOAT16) {
        for (int64_t k = 0; k < n; k++) *(float *)(d + k * ds) = np_half_to_float(*(const uint16_t *)(s + k * ss));
        return;
    }
    if (dt == NP_FLOAT16 && stype == NP_FLOAT32) {
        for (int64_t k = 0; k < n; k++) *(uint16_t *)(d + k * ds) = np_float_to_half(*(const float *)(s + k * ss));
        return;
    }
    for (int64_t k = 0; k < n; k++) np_cast_elem(d + k * ds, dt, s + k * ss, stype);
}

void np_run_loop(NpLoop loop, int nin, int nout, NdArray **ops, const int *ltype, int ndim, const int64_t *shape)
{
    int nop = nin + nout;
    bool cast[NP_UF_MAXOP + 2], any = false;
    for (int i = 0; i < nop; i++) {
        cast[i] = ops[i]->dtype != ltype[i];
        any |= cast[i];
    }
    NpIter it;
    np_iter_init(&it, nop, ops, ndim, shape);
    if (!any) {
        while (np_iter_next(&it)) loop(it.ptr, it.stride, it.n);
        return;
    }
    _Static_assert(BUF_N * 8 * (NP_UF_MAXOP + 2) <= 64 * 1024, "casting buffers fit the stack");
    char bufs[NP_UF_MAXOP + 2][BUF_N * 8];
    while (np_iter_next(&it)) {
        for (int64_t done = 0; done < it.n; done += BUF_N) {
            int64_t n = it.n - done < BUF_N ? it.n - done : BUF_N;
            char *args[NP_UF_MAXOP + 2];
            int64_t steps[NP_UF_MAXOP + 2];
            for (int i = 0; i < nop; i++) {
                char *p = it.ptr[i] + done * it.stride[i];
                if (!cast[i]) {
                    args[i] = p;
                    steps[i] = it.stride[i];
                    continue;
                }
                args[i] = bufs[i];
                int size = np_types[ltype[i]].size;
                if (i < nin) {
                    int64_t cn = it.stride[i] == 0 ? 1 : n;
                    cast_run(bufs[i], size, ltype[i], p, it.stride[i], ops[i]->dtype, cn);
                    steps[i] = it.stride[i] == 0 ? 0 : size;
                } else steps[i] = size;
            }
            loop(args, steps, n);
            for (int i = nin; i < nop; i++)
                if (cast[i]) cast_run(it.ptr[i] + done * it.stride[i], it.stride[i], ops[i]->dtype, bufs[i],
                                      np_types[ltype[i]].size, ltype[i], n);
        }
    }
}

/* ---- operands --------------------------------------------------------------------- */

/* The weak kind of a Python scalar ('b', 'i', 'f'), or 0 for anything else. */
static char weak_kind(VM *vm, Value v)
{
    if (v_is_bool(v)) return 'b';
    if (v_is_int(v)) return 'i';
    if (v_is_double(v)) return 'f';
    if (!v_is_obj(v) || np_is_nd(v)) return 0;
    if (v_has_layout(v, LAYOUT_BIGINT) || (vm_is_int(vm, v) && !v_has_layout(v, LAYOUT_STR))) return 'i';
    if (vm_is_subtype(vm_type_of(vm, v), vm->t_float)) return 'f';
    return 0;
}

/* The memory an array's elements span. */
static void extent(const NdArray *a, char **lo, char **hi)
{
    char *l = a->data, *h = a->data;
    for (int d = 0; d < a->ndim; d++) {
        if (a->shape[d] == 0) {
            *lo = *hi = a->data;
            return;
        }
        int64_t span = (a->shape[d] - 1) * a->strides[d];
        if (span < 0) l += span;
        else h += span;
    }
    *lo = l;
    *hi = h + np_itemsize(a);
}

/* in may be read while out is written: identical layouts are fine (in place),
 * other overlaps need a copy of in */
static bool needs_copy(const NdArray *in, const NdArray *out)
{
    char *il, *ih, *ol, *oh;
    extent(in, &il, &ih);
    extent(out, &ol, &oh);
    if (ih <= ol || oh <= il) return false;
    if (in->data != out->data || in->dtype != out->dtype || in->ndim != out->ndim) return true;
    for (int d = 0; d < in->ndim; d++)
        if (in->shape[d] != out->shape[d] || (in->shape[d] > 1 && in->strides[d] != out->strides[d])) return true;
    return false;
}

static Value cast_error(VM *vm, const char *name, const char *what, int from, int to)
{
    return vm_raise(vm, vm->e_TypeError, "Cannot cast ufunc '%s' %s from dtype('%s') to dtype('%s') with casting rule 'same_kind'",
                    name, what, np_types[from].name, np_types[to].name);
}

/* A Python int beyond the loop type, compared: the loop runs in float64 instead. */
static bool int_fits(VM *vm, Value v, int t)
{
    char tmp[8];
    if (np_py_to_elem(vm, tmp, t, v)) return true;
    vm->exc = V_NONE;
    return false;
}

Value np_ufunc_apply(VM *vm, NpState *st, int uf, Value *args, Value *outv, int dtype)
{
    const NpUfuncInfo *u = &np_ufuncs[uf];
    size_t roots = vm->nroots;
    NdArray *ops[NP_UF_MAXOP + 2] = {0};
    char weak[NP_UF_MAXOP] = {0};
    int t = -1;
    char wk = 0;
    for (int i = 0; i < u->nin; i++) {
        weak[i] = weak_kind(vm, args[i]);
        if (weak[i]) {
            if (weak[i] == 'f' || (weak[i] == 'i' && wk != 'f') || !wk) wk = weak[i];
            continue;
        }
        NdArray *a = np_from_py(vm, st, args[i], -1);
        if (!a) goto fail;
        vm_push_root(vm, v_obj(a));
        ops[i] = a;
        t = t < 0 ? a->dtype : np_promote(t, a->dtype);
    }
    if (t < 0) t = wk == 'f' ? NP_FLOAT64 : wk == 'i' ? NP_INT64 : NP_BOOL;
    else
        for (int i = 0; i < u->nin; i++)
            if (weak[i]) t = np_promote_weak(t, weak[i]);
    NpSig sig;
    if (!np_ufunc_resolve(vm, uf, t, dtype, &sig)) goto fail;
    /* Python scalars become 0-d arrays of the loop's input type */
    for (int i = 0; i < u->nin; i++) {
        if (!weak[i]) {
            if (dtype >= 0 && !np_can_cast_same_kind(ops[i]->dtype, sig.in[i])) {
                char what[16];
                snprintf(what, sizeof what, "input %d", i);
                cast_error(vm, u->name, what, ops[i]->dtype, sig.in[i]);
                goto fail;
            }
            continue;
        }
        int it = sig.in[i];
        if ((u->flags & NP_UFK_BOOL_OUT) && !(u->flags & NP_UFK_LOGICAL) && weak[i] == 'i' && np_is_integer(it) &&
            !int_fits(vm, args[i], it)) {
            sig.in[0] = sig.in[1] = it = NP_FLOAT64;
        }
        NdArray *a = np_new(vm, st, it, 0, NULL, false);
        if (!a) goto fail;
        vm_push_root(vm, v_obj(a));
        if (!np_py_to_elem(vm, a->data, it, args[i])) goto fail;
        ops[i] = a;
    }
    /* the broadcast shape (outputs take part but must not be broadcast) */
    int ndims[NP_UF_MAXOP + 2], nd;
    const int64_t *shapes[NP_UF_MAXOP + 2];
    int64_t shape[NP_MAXDIMS];
    int nshape = 0;
    for (int i = 0; i < u->nin; i++) {
        ndims[nshape] = ops[i]->ndim;
        shapes[nshape++] = ops[i]->shape;
    }
    if (!np_broadcast_shapes(vm, nshape, ndims, shapes, &nd, shape)) goto fail;
    bool given[2] = {false, false};
    for (int j = 0; j < u->nout; j++) {
        Value o = outv ? outv[j] : V_NONE;
        if (o == V_NONE || o == V_UNBOUND) continue;
        if (!np_is_array(o)) {
            vm_raise(vm, vm->e_TypeError, "return arrays must be of ArrayType");
            goto fail;
        }
        NdArray *oa = AS_ND(o);
        bool same = oa->ndim >= nd;
        for (int d = 0; same && d < nd; d++) same = oa->shape[oa->ndim - nd + d] == shape[d];
        if (!same) {
            char a[256], b[256];
            size_t n = (size_t)snprintf(a, sizeof a, "(");
            for (int d = 0; d < oa->ndim; d++) n += (size_t)snprintf(a + n, sizeof a - n, oa->ndim == 1 ? "%lld," : d ? ",%lld" : "%lld", (long long)oa->shape[d]);
            snprintf(a + n, sizeof a - n, ")");
            n = (size_t)snprintf(b, sizeof b, "(");
            for (int d = 0; d < nd; d++) n += (size_t)snprintf(b + n, sizeof b - n, nd == 1 ? "%lld," : d ? ",%lld" : "%lld", (long long)shape[d]);
            snprintf(b + n, sizeof b - n, ")");
            vm_raise(vm, vm->e_ValueError, "non-broadcastable output operand with shape %s doesn't match the broadcast shape %s", a, b);
            goto fail;
        }
        if (!(oa->flags & NP_WRITEABLE)) {
            vm_raise(vm, vm->e_ValueError, "output array is read-only");
            goto fail;
        }
        if (!np_can_cast_same_kind(sig.out[j], oa->dtype)) {
            cast_error(vm, u->name, "output", sig.out[j], oa->dtype);
            goto fail;
        }
        given[j] = true;
        ops[u->nin + j] = oa;
        if (oa->ndim > nd) {
            nd = oa->ndim;
            memcpy(shape, oa->shape, sizeof(int64_t) * (size_t)nd);
        }
    }
    for (int j = 0; j < u->nout; j++) {
        if (given[j]) {
            for (int i = 0; i < u->nin; i++)
                if (needs_copy(ops[i], ops[u->nin + j])) {
                    NdArray *c = np_copy(vm, ops[i], -1);
                    if (!c) goto fail;
                    vm_push_root(vm, v_obj(c));
                    ops[i] = c;
                }
            continue;
        }
        NdArray *r = np_new(vm, st, sig.out[j], nd, shape, false);
        if (!r) goto fail;
        vm_push_root(vm, v_obj(r));
        ops[u->nin + j] = r;
    }
    if (uf == NP_UF_POWER && np_is_signed(sig.in[1])) {
        /* numpy refuses negative integer exponents */
        NdArray *e = ops[1];
        NpIter it;
        np_iter_init(&it, 1, &e, e->ndim, e->shape);
        while (np_iter_next(&it))
            for (int64_t k = 0; k < it.n; k++) {
                char tmp[8];
                np_cast_elem(tmp, NP_INT64, it.ptr[0] + k * it.stride[0], e->dtype);
                if (*(int64_t *)tmp < 0) {
                    vm_raise(vm, vm->e_ValueError, "Integers to negative integer powers are not allowed.");
                    goto fail;
                }
            }
    }
    int lt[NP_UF_MAXOP + 2];
    for (int i = 0; i < u->nin; i++) lt[i] = np_loop_type(sig.in[i]);
    for (int j = 0; j < u->nout; j++) lt[u->nin + j] = np_loop_type(sig.out[j]);
    np_run_loop(u->loops[lt[0]], u->nin, u->nout, ops, lt, nd, shape);
    Value res[2];
    for (int j = 0; j < u->nout; j++) {
        NdArray *r = ops[u->nin + j];
        res[j] = given[j] ? v_obj(r) : np_result(vm, r);
        if (res[j] == V_EXC) goto fail;
        vm_push_root(vm, res[j]);
    }
    Value out = u->nout == 1 ? res[0] : vm_tuple_of(vm, res, 2);
    vm->nroots = roots;
    return out;
fail:
    vm->nroots = roots;
    return V_EXC;
}

Value np_uf1(VM *vm, NpState *st, int uf, Value a) { return np_ufunc_apply(vm, st, uf, &a, NULL, -1); }
Value np_uf2(VM *vm, NpState *st, int uf, Value a, Value b)
{
    Value args[2] = {a, b};
    return np_ufunc_apply(vm, st, uf, args, NULL, -1);
}

/* ---- the ufunc objects ------------------------------------------------------------- */

typedef struct {
    NativeObj nat;
    NpState *st;
    int id;
} UfuncObj;

static void ufunc_trace(Obj *o, void (*mark)(void *gc, Value v), void *gc) { mark(gc, v_obj(((UfuncObj *)o)->st)); }
static const NativeOps ufunc_ops = {"numpy.ufunc", ufunc_trace, NULL, NULL};

static UfuncObj *self_uf(VM *vm, Value v)
{
    if (v_has_layout(v, LAYOUT_NATIVE) && ((NativeObj *)v_as_obj(v))->ops == &ufunc_ops) return (UfuncObj *)v_as_obj(v);
    vm_raise(vm, vm->e_TypeError, "descriptor requires a 'numpy.ufunc' object");
    return NULL;
}

/* The keyword values of a call (after the positionals): out, dtype; the
 * others numpy accepts are taken and ignored where they change nothing. */
static bool call_kwargs(VM *vm, const NpUfuncInfo *u, Value *kwv, TupleObj *kw, Value *out, Value *dtype)
{
    for (uint32_t i = 0; kw && i < kw->len; i++) {
        const char *k = AS_STR(kw->items[i])->data;
        Value v = kwv[i];
        if (!strcmp(k, "out")) {
            if (v_has_layout(v, LAYOUT_TUPLE)) {
                uint32_t n;
                Value *items = vm_seq_items(v, &n);
                if (n != u->nout) {
                    vm_raise(vm, vm->e_ValueError, "The 'out' tuple must have exactly %d entries: one per ufunc output", u->nout);
                    return false;
                }
                for (uint32_t j = 0; j < n; j++) out[j] = items[j];
            } else out[0] = v;
        } else if (!strcmp(k, "dtype")) *dtype = v;
        else if (!strcmp(k, "where")) {
            if (v != V_TRUE) {
                vm_raise(vm, vm->e_NotImplementedError, "tirun's numpy: ufunc where= is not supported");
                return false;
            }
        } else if (strcmp(k, "casting") && strcmp(k, "order") && strcmp(k, "subok") && strcmp(k, "signature")) {
            vm_raise(vm, vm->e_TypeError, "%s() got an unexpected keyword argument '%s'", u->name, k);
            return false;
        }
    }
    return true;
}

static Value uf_call(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    UfuncObj *uo = self_uf(vm, args[0]);
    if (!uo) return V_EXC;
    const NpUfuncInfo *u = &np_ufuncs[uo->id];
    int npos = nargs - 1;   /* the keyword values follow the positionals */
    if (npos < u->nin || npos > u->nin + u->nout)
        return vm_raise(vm, vm->e_TypeError, "%s() takes from %d to %d positional arguments but %d were given", u->name,
                        u->nin, u->nin + u->nout, npos);
    Value out[2] = {V_NONE, V_NONE}, dt = V_NONE;
    for (int j = 0; j < npos - u->nin; j++) out[j] = args[1 + u->nin + j];
    if (!call_kwargs(vm, u, args + 1 + npos, kw, out, &dt)) return V_EXC;
    int dtype = np_dtype_of(vm, uo->st, dt, -1);
    if (dtype < 0 && vm->exc != V_NONE) return V_EXC;
    return np_ufunc_apply(vm, uo->st, uo->id, args + 1, out, dtype);
}

bool np_axes_arg(VM *vm, Value v, int ndim, uint64_t *mask)
{
    if (v == V_NONE || v == V_UNBOUND) {
        *mask = ndim ? (ndim >= 64 ? ~0ull : (1ull << ndim) - 1) : 0;
        return true;
    }
    Value one = v, *items = &one;
    uint32_t n = 1;
    if (v_has_layout(v, LAYOUT_TUPLE) || v_has_layout(v, LAYOUT_LIST)) items = vm_seq_items(v, &n);
    *mask = 0;
    for (uint32_t i = 0; i < n; i++) {
        int axis;
        bool all;
        if (!np_axis_arg(vm, items[i], ndim, &axis, &all)) return false;
        if (*mask & (1ull << axis)) {
            vm_raise(vm, vm->e_ValueError, "duplicate value in 'axis'");
            return false;
        }
        *mask |= 1ull << axis;
    }
    return true;
}

static Value uf_reduce(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"array", "axis", "dtype", "out", "keepdims", "initial", "where"};
    Value p[7];
    UfuncObj *uo = self_uf(vm, args[0]);
    if (!uo || !np_parse(vm, "reduce", args + 1, nargs - 1, kw, names, 7, 7, 1, p)) return V_EXC;
    if (np_ufuncs[uo->id].nin != 2 || np_ufuncs[uo->id].nout != 1)
        return vm_raise(vm, vm->e_ValueError, "reduce only supported for binary functions");
    NdArray *a = np_from_py(vm, uo->st, p[0], -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    uint64_t axes;
    Value r = V_EXC;
    int dtype = np_dtype_of(vm, uo->st, p[2], -1);
    if (dtype < 0 && vm->exc != V_NONE) goto done;
    if (!np_axes_arg(vm, p[1] == V_UNBOUND ? v_int(0) : p[1], a->ndim, &axes)) goto done;
    if (a->ndim == 0 && p[1] == V_UNBOUND) axes = 0;
    NdArray *out = NULL;
    if (p[3] != V_UNBOUND && p[3] != V_NONE) {
        Value o = v_has_layout(p[3], LAYOUT_TUPLE) && AS_TUPLE(p[3])->len == 1 ? AS_TUPLE(p[3])->items[0] : p[3];
        if (!np_is_array(o)) {
            vm_raise(vm, vm->e_TypeError, "output must be an array");
            goto done;
        }
        out = AS_ND(o);
    }
    int keep = p[4] == V_UNBOUND ? 0 : vm_truthy(vm, p[4]);
    if (keep < 0) goto done;
    r = np_reduce(vm, uo->st, uo->id, a, axes, dtype, out, keep, p[5]);
done:
    vm_pop_roots(vm, 1);
    return r;
}

static Value uf_accumulate(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"array", "axis", "dtype", "out"};
    Value p[4];
    UfuncObj *uo = self_uf(vm, args[0]);
    if (!uo || !np_parse(vm, "accumulate", args + 1, nargs - 1, kw, names, 4, 4, 1, p)) return V_EXC;
    if (np_ufuncs[uo->id].nin != 2 || np_ufuncs[uo->id].nout != 1)
        return vm_raise(vm, vm->e_ValueError, "accumulate only supported for binary functions");
    NdArray *a = np_from_py(vm, uo->st, p[0], -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    Value r = V_EXC;
    int axis = 0, dtype = np_dtype_of(vm, uo->st, p[2], -1);
    bool all;
    if ((dtype >= 0 || vm->exc == V_NONE) &&
        np_axis_arg(vm, p[1] == V_UNBOUND || p[1] == V_NONE ? v_int(0) : p[1], a->ndim, &axis, &all)) {
        NdArray *out = p[3] != V_UNBOUND && p[3] != V_NONE && np_is_array(p[3]) ? AS_ND(p[3]) : NULL;
        r = np_accumulate(vm, uo->st, uo->id, a, axis, dtype, out);
    }
    vm_pop_roots(vm, 1);
    return r;
}

/* ufunc.outer(A, B): A's dimensions, then B's */
static Value uf_outer(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    UfuncObj *uo = self_uf(vm, args[0]);
    if (!uo || !vm_check_nargs(vm, "outer", nargs - 1, kw, 2, 2)) return V_EXC;
    if (np_ufuncs[uo->id].nin != 2) return vm_raise(vm, vm->e_ValueError, "method outer is only supported for binary functions");
    NdArray *a = np_from_py(vm, uo->st, args[1], -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    NdArray *b = np_from_py(vm, uo->st, args[2], -1);
    Value r = V_EXC;
    if (b) {
        vm_push_root(vm, v_obj(b));
        int64_t shape[NP_MAXDIMS], strides[NP_MAXDIMS];
        int nd = a->ndim + b->ndim;
        if (nd > NP_MAXDIMS) {
            vm_pop_roots(vm, 2);
            return vm_raise(vm, vm->e_ValueError, "too many dimensions");
        }
        for (int d = 0; d < nd; d++) {
            shape[d] = d < a->ndim ? a->shape[d] : 1;
            strides[d] = d < a->ndim ? a->strides[d] : 0;
        }
        NdArray *av = np_view(vm, uo->st, v_obj(a), a->dtype, a->data, nd, shape, strides, false);
        if (av) {
            vm_push_root(vm, v_obj(av));
            Value two[2] = {v_obj(av), v_obj(b)};
            r = np_ufunc_apply(vm, uo->st, uo->id, two, NULL, -1);
            vm_pop_roots(vm, 1);
        }
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    return r;
}

static Value uf_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    UfuncObj *uo = self_uf(vm, args[0]);
    if (!uo) return V_EXC;
    char buf[64];
    snprintf(buf, sizeof buf, "<ufunc '%s'>", np_ufuncs[uo->id].name);
    return vm_cstr(vm, buf);
}

static Value uf_name(VM *vm, Value *args, int nargs, TupleObj *kw) { return vm_cstr(vm, np_ufuncs[((UfuncObj *)v_as_obj(args[0]))->id].name); }
static Value uf_nin(VM *vm, Value *args, int nargs, TupleObj *kw) { return v_int(np_ufuncs[((UfuncObj *)v_as_obj(args[0]))->id].nin); }
static Value uf_nout(VM *vm, Value *args, int nargs, TupleObj *kw) { return v_int(np_ufuncs[((UfuncObj *)v_as_obj(args[0]))->id].nout); }
static Value uf_nargs(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    const NpUfuncInfo *u = &np_ufuncs[((UfuncObj *)v_as_obj(args[0]))->id];
    return v_int(u->nin + u->nout);
}
static Value uf_identity(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    const NpUfuncInfo *u = &np_ufuncs[((UfuncObj *)v_as_obj(args[0]))->id];
    if (u->identity == NP_NO_IDENTITY) return V_NONE;
    if (u->flags & NP_UFK_LOGICAL) return v_bool(u->identity != 0);
    return v_int(u->identity);
}

/* ---- operators on ndarray (and numpy scalars) ------------------------------------------ */

/* What an operator takes as its other operand; others give NotImplemented so
 * that the other type's reflected method runs (taichi's matrices ...). */
static bool operand_ok(VM *vm, Value v)
{
    return np_is_nd(v) || weak_kind(vm, v) || v_has_layout(v, LAYOUT_LIST) || v_has_layout(v, LAYOUT_TUPLE);
}

static Value binop(VM *vm, Value *args, int nargs, int uf, bool reflected, bool inplace)
{
    if (nargs != 2) return vm_raise(vm, vm->e_TypeError, "expected 1 argument, got %d", nargs - 1);
    if (!np_is_nd(args[0])) return V_NOTIMPL;
    if (!operand_ok(vm, args[1])) return V_NOTIMPL;
    Value two[2] = {reflected ? args[1] : args[0], reflected ? args[0] : args[1]};
    NdArray *self = AS_ND(args[0]);
    if (inplace && !(self->flags & NP_SCALAR)) {
        Value out[2] = {args[0], V_NONE};
        return np_ufunc_apply(vm, self->st, uf, two, out, -1);
    }
    return np_ufunc_apply(vm, self->st, uf, two, NULL, -1);
}

#define BINOPS(X)                                                                                          \
    X(add, ADD) X(sub, SUBTRACT) X(mul, MULTIPLY) X(truediv, TRUE_DIVIDE) X(floordiv, FLOOR_DIVIDE)        \
    X(mod, REMAINDER) X(and, BITWISE_AND) X(or, BITWISE_OR) X(xor, BITWISE_XOR) X(lshift, LEFT_SHIFT)      \
    X(rshift, RIGHT_SHIFT)
#define X(stem, UF)                                                                                                \
    static Value op_##stem(VM *vm, Value *args, int nargs, TupleObj *kw) { return binop(vm, args, nargs, NP_UF_##UF, false, false); } \
    static Value op_r##stem(VM *vm, Value *args, int nargs, TupleObj *kw) { return binop(vm, args, nargs, NP_UF_##UF, true, false); } \
    static Value op_i##stem(VM *vm, Value *args, int nargs, TupleObj *kw) { return binop(vm, args, nargs, NP_UF_##UF, false, true); }
BINOPS(X)
#undef X

static Value op_pow(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs == 3 && args[2] != V_NONE) return V_NOTIMPL;
    return binop(vm, args, 2, NP_UF_POWER, false, false);
}
static Value op_rpow(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs == 3 && args[2] != V_NONE) return V_NOTIMPL;
    return binop(vm, args, 2, NP_UF_POWER, true, false);
}
static Value op_ipow(VM *vm, Value *args, int nargs, TupleObj *kw) { return binop(vm, args, nargs, NP_UF_POWER, false, true); }
static Value op_divmod(VM *vm, Value *args, int nargs, TupleObj *kw) { return binop(vm, args, nargs, NP_UF_DIVMOD, false, false); }
static Value op_rdivmod(VM *vm, Value *args, int nargs, TupleObj *kw) { return binop(vm, args, nargs, NP_UF_DIVMOD, true, false); }

/* == and != with what numpy cannot compare elementwise (None ...): all False / all True */
static Value compare(VM *vm, Value *args, int nargs, int uf)
{
    if (nargs != 2) return vm_raise(vm, vm->e_TypeError, "expected 1 argument, got %d", nargs - 1);
    if (!np_is_nd(args[0])) return V_NOTIMPL;
    if (args[1] == V_NONE && (uf == NP_UF_EQUAL || uf == NP_UF_NOT_EQUAL)) {
        NdArray *a = AS_ND(args[0]);
        NdArray *r = np_new(vm, a->st, NP_BOOL, a->ndim, a->shape, uf == NP_UF_EQUAL);
        if (r && uf == NP_UF_NOT_EQUAL) memset(r->data, 1, (size_t)r->size);
        return np_result(vm, r);
    }
    if (!operand_ok(vm, args[1])) return V_NOTIMPL;
    return np_uf2(vm, AS_ND(args[0])->st, uf, args[0], args[1]);
}
static Value op_eq(VM *vm, Value *args, int nargs, TupleObj *kw) { return compare(vm, args, nargs, NP_UF_EQUAL); }
static Value op_ne(VM *vm, Value *args, int nargs, TupleObj *kw) { return compare(vm, args, nargs, NP_UF_NOT_EQUAL); }
static Value op_lt(VM *vm, Value *args, int nargs, TupleObj *kw) { return compare(vm, args, nargs, NP_UF_LESS); }
static Value op_le(VM *vm, Value *args, int nargs, TupleObj *kw) { return compare(vm, args, nargs, NP_UF_LESS_EQUAL); }
static Value op_gt(VM *vm, Value *args, int nargs, TupleObj *kw) { return compare(vm, args, nargs, NP_UF_GREATER); }
static Value op_ge(VM *vm, Value *args, int nargs, TupleObj *kw) { return compare(vm, args, nargs, NP_UF_GREATER_EQUAL); }

static Value unop(VM *vm, Value *args, int nargs, int uf)
{
    if (nargs != 1 || !np_is_nd(args[0])) return vm_raise(vm, vm->e_TypeError, "expected no arguments");
    return np_uf1(vm, AS_ND(args[0])->st, uf, args[0]);
}
static Value op_neg(VM *vm, Value *args, int nargs, TupleObj *kw) { return unop(vm, args, nargs, NP_UF_NEGATIVE); }
static Value op_pos(VM *vm, Value *args, int nargs, TupleObj *kw) { return unop(vm, args, nargs, NP_UF_POSITIVE); }
static Value op_abs(VM *vm, Value *args, int nargs, TupleObj *kw) { return unop(vm, args, nargs, NP_UF_ABSOLUTE); }
static Value op_invert(VM *vm, Value *args, int nargs, TupleObj *kw) { return unop(vm, args, nargs, NP_UF_INVERT); }

static const NpFunction operator_methods[] = {
#define X(stem, UF) {"__" #stem "__", op_##stem}, {"__r" #stem "__", op_r##stem}, {"__i" #stem "__", op_i##stem},
    BINOPS(X)
#undef X
    {"__pow__", op_pow}, {"__rpow__", op_rpow}, {"__ipow__", op_ipow}, {"__divmod__", op_divmod},
    {"__rdivmod__", op_rdivmod}, {"__eq__", op_eq}, {"__ne__", op_ne}, {"__lt__", op_lt}, {"__le__", op_le},
    {"__gt__", op_gt}, {"__ge__", op_ge}, {"__neg__", op_neg}, {"__pos__", op_pos}, {"__abs__", op_abs},
    {"__invert__", op_invert},
};

/* numpy's other names for the same ufuncs */
static const struct {
    const char *alias;
    int uf;
} aliases[] = {
    {"true_divide", NP_UF_TRUE_DIVIDE}, {"mod", NP_UF_REMAINDER}, {"abs", NP_UF_ABSOLUTE},
    {"deg2rad", NP_UF_RADIANS}, {"rad2deg", NP_UF_DEGREES}, {"bitwise_not", NP_UF_INVERT},
    {"bitwise_invert", NP_UF_INVERT}, {"bitwise_left_shift", NP_UF_LEFT_SHIFT},
    {"bitwise_right_shift", NP_UF_RIGHT_SHIFT}, {"pow", NP_UF_POWER}, {"acos", NP_UF_ARCCOS},
    {"asin", NP_UF_ARCSIN}, {"atan", NP_UF_ARCTAN}, {"atan2", NP_UF_ARCTAN2}, {"acosh", NP_UF_ARCCOSH},
    {"asinh", NP_UF_ARCSINH}, {"atanh", NP_UF_ARCTANH},
};

bool np_init_ufunc(VM *vm, NpState *st)
{
    TypeObj *t = vm_new_builtin_type(vm, "numpy.ufunc", vm->t_object, LAYOUT_NATIVE);
    if (!t) return false;
    static const NpFunction methods[] = {
        {"__call__", uf_call}, {"reduce", uf_reduce}, {"accumulate", uf_accumulate}, {"outer", uf_outer},
        {"__repr__", uf_repr},
    };
    if (!np_add_methods(vm, t, methods, sizeof methods / sizeof methods[0])) return false;
    static const NpFunction props[] = {
        {"__name__", uf_name}, {"nin", uf_nin}, {"nout", uf_nout}, {"nargs", uf_nargs}, {"identity", uf_identity},
    };
    for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) vm_add_property(vm, t, props[i].name, props[i].fn, NULL);
    DictObj *d = v_as_obj(st->module)->dict;
    if (!mod_dict_put(vm, d, "ufunc", v_obj(t))) return false;
    Value objs[NP_NUFUNCS];
    for (int i = 0; i < NP_NUFUNCS; i++) {
        UfuncObj *u = vm_alloc(vm, t, sizeof *u);
        if (!u) return false;
        u->nat.ops = &ufunc_ops;
        u->nat.size = sizeof *u;
        u->st = st;
        u->id = i;
        objs[i] = v_obj(u);
        if (!mod_dict_put(vm, d, np_ufuncs[i].name, objs[i])) return false;
    }
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (!mod_dict_put(vm, d, aliases[i].alias, objs[aliases[i].uf])) return false;
    if (!np_add_methods(vm, st->t_ndarray, operator_methods, sizeof operator_methods / sizeof operator_methods[0]))
        return false;
    return np_init_elementwise(vm, st);
}

/* numpy's reductions: ufunc.reduce and accumulate in numpy's order of
 * operations (so float sums agree bit for bit: pairwise along the innermost
 * reduced run, elementwise across outer ones, 8192-element buffers where a
 * cast is needed), and on them sum, prod, min, max, mean, var, std, argmin,
 * argmax, all, any, cumsum, cumprod, ptp and the nan* variants. */
#include <math.h>
#include <stdio.h>

#include "ufunc.h"

enum { RED_BUF = 8192 };   /* numpy's buffer size: the chunks of a casting reduction */

/* acc op= the n elements at x (stride s, dtype xt); acc of dtype rt (the loop's). */
static void reduce_run(int uf, int rt, char *acc, const char *x, int64_t s, int xt, int64_t n)
{
    const NpUfuncInfo *u = &np_ufuncs[uf];
    if (rt == NP_FLOAT16) {
        if (uf == NP_UF_ADD && xt == NP_FLOAT16) {
            *(uint16_t *)acc = np_float_to_half(np_half_to_float(*(uint16_t *)acc) + np_pairwise_f16(x, n, s));
            return;
        }
        /* one element at a time, rounded to half after each as numpy's half loops do */
        for (int64_t k = 0; k < n; k++) {
            float fa = np_half_to_float(*(uint16_t *)acc), fx;
            np_cast_elem(&fx, NP_FLOAT32, x + k * s, xt);
            char *args[3] = {(char *)&fa, (char *)&fx, (char *)&fa};
            int64_t steps[3] = {0, 0, 0};
            u->loops[NP_FLOAT32](args, steps, 1);
            *(uint16_t *)acc = np_float_to_half(fa);
        }
        return;
    }
    char buf[RED_BUF * 8];
    for (int64_t done = 0; done < n; done += RED_BUF) {
        int64_t m = xt == rt ? n : (n - done < RED_BUF ? n - done : RED_BUF);
        const char *p = x + done * s;
        int64_t ps = s;
        if (xt != rt) {
            int size = np_types[rt].size;
            for (int64_t k = 0; k < m; k++) np_cast_elem(buf + k * size, rt, p + k * s, xt);
            p = buf;
            ps = size;
        }
        if (u->reduce && u->reduce[rt]) u->reduce[rt](acc, p, ps, m);
        else {
            char *args[3] = {acc, (char *)p, acc};
            int64_t steps[3] = {0, ps, 0};
            u->loops[rt](args, steps, m);
        }
        if (xt == rt) break;
    }
}

/* acc[j] = acc[j] op x[j] for a run of n (an outer, unreduced dimension). */
static void elementwise_run(int uf, int rt, char *acc, int64_t as, const char *x, int64_t xs, int xt, int64_t n)
{
    if (xt == rt && rt != NP_FLOAT16) {
        char *args[3] = {acc, (char *)x, acc};
        int64_t steps[3] = {as, xs, as};
        np_ufuncs[uf].loops[rt](args, steps, n);
        return;
    }
    for (int64_t k = 0; k < n; k++) reduce_run(uf, rt, acc + k * as, x + k * xs, 0, xt, 1);
}

/* The dtype a reduction runs in when none is asked for. */
static int default_reduce_type(int uf, int t)
{
    if ((uf == NP_UF_ADD || uf == NP_UF_MULTIPLY) && (t == NP_BOOL || (np_is_integer(t) && np_types[t].size < 8)))
        return np_is_unsigned(t) ? NP_UINT64 : NP_INT64;
    return t;
}

static bool reduce_type(VM *vm, int uf, NdArray *a, int dtype, NdArray *out, int *rt)
{
    int t = dtype >= 0 ? dtype : out ? out->dtype : default_reduce_type(uf, a->dtype);
    NpSig sig;
    if (!np_ufunc_resolve(vm, uf, t, dtype >= 0 ? dtype : out ? out->dtype : -1, &sig)) return false;
    if (sig.in[0] != sig.out[0]) {
        vm_raise(vm, vm->e_TypeError, "the resolved dtypes are not compatible with %s.reduce", np_ufuncs[uf].name);
        return false;
    }
    *rt = sig.out[0];
    return true;
}

/* Walks the iteration space of a and the accumulator (strides 0 on reduced
 * axes) in numpy's order: axes by decreasing input stride, merged where both
 * step evenly; the innermost run reduces (acc stride 0) or adds elementwise. */
static void reduce_walk(int uf, int rt, NdArray *a, char *acc, const int64_t *accst)
{
    int nd = 0, order[NP_MAXDIMS];
    for (int d = 0; d < a->ndim; d++)
        if (a->shape[d] != 1) order[nd++] = d;
    /* stable insertion sort by |input stride|, largest first */
    for (int i = 1; i < nd; i++) {
        int d = order[i], j = i;
        int64_t sd = llabs(a->strides[d]);
        while (j > 0 && llabs(a->strides[order[j - 1]]) < sd) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = d;
    }
    int64_t sh[NP_MAXDIMS], xs[NP_MAXDIMS], as[NP_MAXDIMS];
    int m = 0;
    for (int i = 0; i < nd; i++) {
        int d = order[i];
        if (m > 0 && xs[m - 1] == a->strides[d] * a->shape[d] && as[m - 1] == accst[d] * a->shape[d]) {
            sh[m - 1] *= a->shape[d];
            xs[m - 1] = a->strides[d];
            as[m - 1] = accst[d];
            continue;
        }
        sh[m] = a->shape[d];
        xs[m] = a->strides[d];
        as[m++] = accst[d];
    }
    if (a->size == 0) return;
    if (m == 0) {
        sh[0] = 1;
        xs[0] = as[0] = 0;
        m = 1;
    }
    int64_t idx[NP_MAXDIMS] = {0};
    int last = m - 1;
    for (;;) {
        const char *x = a->data;
        char *ap = acc;
        for (int d = 0; d < last; d++) {
            x += idx[d] * xs[d];
            ap += idx[d] * as[d];
        }
        if (as[last] == 0) reduce_run(uf, rt, ap, x, xs[last], a->dtype, sh[last]);
        else elementwise_run(uf, rt, ap, as[last], x, xs[last], a->dtype, sh[last]);
        int d = last - 1;
        for (; d >= 0; d--) {
            if (++idx[d] < sh[d]) break;
            idx[d] = 0;
        }
        if (d < 0) break;
    }
}

Value np_reduce(VM *vm, NpState *st, int uf, NdArray *a, uint64_t axes, int dtype, NdArray *out, bool keepdims,
                Value initial)
{
    const NpUfuncInfo *u = &np_ufuncs[uf];
    int rt;
    if (!reduce_type(vm, uf, a, dtype, out, &rt)) return V_EXC;
    /* the accumulator: C-contiguous, the shape with reduced axes kept as 1 */
    int64_t kshape[NP_MAXDIMS], rshape[NP_MAXDIMS];
    int rnd = 0, nred = 0, redaxis = -1;
    bool empty = false;
    for (int d = 0; d < a->ndim; d++) {
        bool r = (axes >> d) & 1;
        kshape[d] = r ? 1 : a->shape[d];
        if (r) {
            nred++;
            redaxis = d;
            empty |= a->shape[d] == 0;
        }
        if (!r || keepdims) rshape[rnd++] = kshape[d];
    }
    bool has_init = (initial != V_UNBOUND && initial != V_NONE) || u->identity != NP_NO_IDENTITY;
    if (empty && !has_init)
        return vm_raise(vm, vm->e_ValueError, "zero-size array to reduction operation %s which has no identity", u->name);
    if (out) {
        bool same = out->ndim == rnd;
        for (int d = 0; same && d < rnd; d++) same = out->shape[d] == rshape[d];
        if (!same) return vm_raise(vm, vm->e_ValueError, "output parameter for reduction operation %s has the wrong number of dimensions (or shape)", u->name);
    }
    NdArray *acc = np_new(vm, st, rt, a->ndim, kshape, false);
    if (!acc) return V_EXC;
    vm_push_root(vm, v_obj(acc));
    int64_t accst[NP_MAXDIMS];
    for (int d = 0; d < a->ndim; d++) accst[d] = (axes >> d) & 1 ? 0 : acc->strides[d];
    NdArray *src = a;
    if (has_init) {
        Value init = initial != V_UNBOUND && initial != V_NONE ? initial
                     : (u->flags & NP_UFK_LOGICAL)             ? v_bool(u->identity)
                                                               : v_int(u->identity);
        char elem[8];
        if (u->identity == -1 && initial == V_UNBOUND) np_set_i64(elem, rt, -1);
        else if (!np_py_to_elem(vm, elem, rt, init)) goto fail;
        int size = np_types[rt].size;
        for (int64_t i = 0; i < acc->size; i++) memcpy(acc->data + i * size, elem, size);
    } else if (a->size > 0) {
        /* no identity: start from the first element along the reduced axes */
        int64_t zst[NP_MAXDIMS];
        for (int d = 0; d < a->ndim; d++) zst[d] = (axes >> d) & 1 ? 0 : a->strides[d];
        NdArray *first = np_view(vm, st, v_obj(a), a->dtype, a->data, a->ndim, kshape, zst, false);
        if (!first) goto fail;
        np_assign_array(vm, acc, first);
        if (nred == 1) {
            /* the rest: the reduced axis from index 1 */
            int64_t shape[NP_MAXDIMS];
            memcpy(shape, a->shape, sizeof(int64_t) * a->ndim);
            shape[redaxis]--;
            src = np_view(vm, st, v_obj(a), a->dtype, a->data + a->strides[redaxis], a->ndim, shape, a->strides, false);
            if (!src) goto fail;
            vm_push_root(vm, v_obj(src));
            vm_pop_roots(vm, 1);
        }
    }
    vm_push_root(vm, v_obj(src));
    reduce_walk(uf, rt, src, acc->data, accst);
    vm_pop_roots(vm, 1);
    /* the result: acc seen with the result's shape */
    int64_t rst[NP_MAXDIMS];
    int k = 0;
    for (int d = 0; d < a->ndim; d++)
        if (!((axes >> d) & 1) || keepdims) rst[k++] = acc->strides[d];
    NdArray *res = np_view(vm, st, v_obj(acc), rt, acc->data, rnd, rshape, rst, true);
    if (!res) goto fail;
    vm_pop_roots(vm, 1);
    if (out) {
        vm_push_root(vm, v_obj(res));
        bool ok = np_assign_array(vm, out, res);
        vm_pop_roots(vm, 1);
        return ok ? v_obj(out) : V_EXC;
    }
    return np_result(vm, res);
fail:
    vm_pop_roots(vm, 1);
    return V_EXC;
}

Value np_accumulate(VM *vm, NpState *st, int uf, NdArray *a, int axis, int dtype, NdArray *out)
{
    int rt;
    if (!reduce_type(vm, uf, a, dtype, out, &rt)) return V_EXC;
    NdArray *r = out && out->dtype == rt && np_is_c_contiguous(out) ? out : np_new(vm, st, rt, a->ndim, a->shape, false);
    if (!r) return V_EXC;
    vm_push_root(vm, v_obj(r));
    if (!np_assign_array(vm, r, a)) {
        vm_pop_roots(vm, 1);
        return V_EXC;
    }
    int64_t n = a->ndim ? a->shape[axis] : 1, s = a->ndim ? r->strides[axis] : 0;
    int64_t outer = n ? r->size / n : 0;
    for (int64_t o = 0; o < outer && n > 1; o++) {
        /* the start of line o: its index over the other axes */
        char *p = r->data;
        int64_t rem = o;
        for (int d = a->ndim - 1; d >= 0; d--) {
            if (d == axis) continue;
            p += (rem % a->shape[d]) * r->strides[d];
            rem /= a->shape[d];
        }
        if (rt == NP_FLOAT16) {
            for (int64_t i = 1; i < n; i++) reduce_run(uf, rt, p + i * s, p + (i - 1) * s, 0, rt, 1);
            continue;
        }
        /* the accumulator here is the previous element, read as it is written */
        for (int64_t i = 1; i < n; i++) {
            char *args[3] = {p + (i - 1) * s, p + i * s, p + i * s};
            int64_t steps[3] = {0, 0, 0};
            np_ufuncs[uf].loops[rt](args, steps, 1);
        }
    }
    vm_pop_roots(vm, 1);
    if (out && r != out) {
        vm_push_root(vm, v_obj(r));
        bool ok = np_assign_array(vm, out, r);
        vm_pop_roots(vm, 1);
        return ok ? v_obj(out) : V_EXC;
    }
    return v_obj(r);
}

/* ---- the methods and functions ----------------------------------------------------- */

static NpState *ST(Value *args) { return np_state_of(args[0]); }

/* The parameters of a reduction after the array: numpy's names. */
enum { P_AXIS, P_DTYPE, P_OUT, P_KEEPDIMS, P_INITIAL, P_WHERE, P_DDOF, P_N };

typedef struct {
    uint64_t axes;
    int dtype;
    NdArray *out;
    bool keepdims;
    Value initial;
    Value ddof;
} RedArgs;

/* Parses (a, axis, dtype, out, keepdims, initial, where[, ddof]) from a
 * method call (args[0] the array) or a function call (args[1] converted). */
static NdArray *red_args(VM *vm, Value *args, int nargs, TupleObj *kw, bool method, const char *fname,
                         const char *const *names, int nnames, RedArgs *ra)
{
    Value p[P_N + 1];
    NdArray *a;
    Value *rest = args + 1;
    int nrest = nargs - 1;
    if (method) a = AS_ND(args[0]);
    else {
        if (nargs < 2 && !(kw && kw->len)) {
            vm_raise(vm, vm->e_TypeError, "%s() missing 1 required positional argument: 'a'", fname);
            return NULL;
        }
        a = NULL;
    }
    Value vals[P_N + 1];
    const char *allnames[P_N + 2];
    int off = method ? 0 : 1;
    if (!method) allnames[0] = "a";
    for (int i = 0; i < nnames; i++) allnames[off + i] = names[i];
    if (!np_parse(vm, fname, rest, nrest, kw, allnames, nnames + off, nnames + off, off, vals)) return NULL;
    if (!method) {
        a = np_from_py(vm, ST(args), vals[0], -1);
        if (!a) return NULL;
    }
    for (int i = 0; i < P_N; i++) p[i] = V_UNBOUND;
    for (int i = 0; i < nnames; i++) {
        const char *n = names[i];
        Value v = vals[off + i];
        if (!strcmp(n, "axis")) p[P_AXIS] = v;
        else if (!strcmp(n, "dtype")) p[P_DTYPE] = v;
        else if (!strcmp(n, "out")) p[P_OUT] = v;
        else if (!strcmp(n, "keepdims")) p[P_KEEPDIMS] = v;
        else if (!strcmp(n, "initial")) p[P_INITIAL] = v;
        else if (!strcmp(n, "where")) p[P_WHERE] = v;
        else if (!strcmp(n, "ddof")) p[P_DDOF] = v;
    }
    vm_push_root(vm, v_obj(a));
    NdArray *res = NULL;
    if (!np_axes_arg(vm, p[P_AXIS], a->ndim, &ra->axes)) goto done;
    ra->dtype = np_dtype_of(vm, a->st, p[P_DTYPE], -1);
    if (ra->dtype < 0 && vm->exc != V_NONE) goto done;
    ra->out = NULL;
    if (p[P_OUT] != V_UNBOUND && p[P_OUT] != V_NONE) {
        if (!np_is_array(p[P_OUT])) {
            vm_raise(vm, vm->e_TypeError, "output must be an array");
            goto done;
        }
        ra->out = AS_ND(p[P_OUT]);
    }
    int keep = p[P_KEEPDIMS] == V_UNBOUND ? 0 : vm_truthy(vm, p[P_KEEPDIMS]);
    if (keep < 0) goto done;
    ra->keepdims = keep;
    ra->initial = p[P_INITIAL];
    ra->ddof = p[P_DDOF] == V_UNBOUND ? v_int(0) : p[P_DDOF];
    if (p[P_WHERE] != V_UNBOUND && p[P_WHERE] != V_TRUE) {
        vm_raise(vm, vm->e_NotImplementedError, "tirun's numpy: where= in reductions is not supported");
        goto done;
    }
    res = a;
done:
    vm_pop_roots(vm, 1);
    return res;
}

static const char *const sum_names[] = {"axis", "dtype", "out", "keepdims", "initial", "where"};
static const char *const max_names[] = {"axis", "out", "keepdims", "initial", "where"};
static const char *const mean_names[] = {"axis", "dtype", "out", "keepdims", "where"};
static const char *const var_names[] = {"axis", "dtype", "out", "ddof", "keepdims", "where"};
static const char *const all_names[] = {"axis", "out", "keepdims", "where"};
static const char *const cum_names[] = {"axis", "dtype", "out"};

#define NNAMES(x) ((int)(sizeof x / sizeof x[0]))

static Value simple_reduce(VM *vm, Value *args, int nargs, TupleObj *kw, bool method, const char *fname, int uf,
                           const char *const *names, int nnames)
{
    RedArgs ra;
    NdArray *a = red_args(vm, args, nargs, kw, method, fname, names, nnames, &ra);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    Value r = np_reduce(vm, a->st, uf, a, ra.axes, ra.dtype, ra.out, ra.keepdims, ra.initial);
    vm_pop_roots(vm, 1);
    return r;
}

#define REDUCER(name, UF, NAMES)                                                                                \
    static Value m_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                                         \
    {                                                                                                           \
        return simple_reduce(vm, args, nargs, kw, true, #name, NP_UF_##UF, NAMES, NNAMES(NAMES));               \
    }                                                                                                           \
    static Value f_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                                         \
    {                                                                                                           \
        return simple_reduce(vm, args, nargs, kw, false, #name, NP_UF_##UF, NAMES, NNAMES(NAMES));              \
    }
REDUCER(sum, ADD, sum_names)
REDUCER(prod, MULTIPLY, sum_names)
REDUCER(max, MAXIMUM, max_names)
REDUCER(min, MINIMUM, max_names)
REDUCER(all, LOGICAL_AND, all_names)
REDUCER(any, LOGICAL_OR, all_names)

static Value f_nanmax(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return simple_reduce(vm, args, nargs, kw, false, "nanmax", NP_UF_FMAX, max_names, NNAMES(max_names));
}
static Value f_nanmin(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return simple_reduce(vm, args, nargs, kw, false, "nanmin", NP_UF_FMIN, max_names, NNAMES(max_names));
}

static int64_t reduced_count(NdArray *a, uint64_t axes)
{
    int64_t n = 1;
    for (int d = 0; d < a->ndim; d++)
        if ((axes >> d) & 1) n *= a->shape[d];
    return n;
}

/* r / n with numpy's _methods: arrays divided in place (in the promoted
 * type, cast back), scalars divided then converted to their own type. */
static Value divide_by(VM *vm, NpState *st, Value r, Value n, int as_type)
{
    vm_push_root(vm, r);
    Value q;
    if (np_is_array(r)) {
        Value two[2] = {r, n}, out[2] = {r, V_NONE};
        q = np_ufunc_apply(vm, st, NP_UF_TRUE_DIVIDE, two, out, -1);
    } else {
        q = np_uf2(vm, st, NP_UF_TRUE_DIVIDE, r, n);
        int t = as_type >= 0 ? as_type : AS_ND(r)->dtype;
        if (q != V_EXC && np_is_nd(q) && AS_ND(q)->dtype != t) {
            char elem[8];
            np_cast_elem(elem, t, AS_ND(q)->data, AS_ND(q)->dtype);
            q = np_scalar(vm, st, t, elem);
        }
    }
    vm_pop_roots(vm, 1);
    return q;
}

static Value do_mean(VM *vm, NdArray *a, RedArgs *ra, bool unused)
{
    NpState *st = a->st;
    int dtype = ra->dtype, f16 = -1;
    if (dtype < 0) {
        if (!np_is_float(a->dtype)) dtype = NP_FLOAT64;
        else if (a->dtype == NP_FLOAT16) {
            dtype = NP_FLOAT32;
            f16 = NP_FLOAT16;
        }
    }
    Value s = np_reduce(vm, st, NP_UF_ADD, a, ra->axes, dtype, ra->out, ra->keepdims, V_UNBOUND);
    if (s == V_EXC) return V_EXC;
    vm_push_root(vm, s);
    Value cnt = np_scalar_i64(vm, st, NP_INT64, reduced_count(a, ra->axes));
    Value r = cnt == V_EXC ? V_EXC : divide_by(vm, st, s, cnt, f16);
    vm_pop_roots(vm, 1);
    if (r != V_EXC && f16 >= 0 && np_is_array(r) && !ra->out) {
        NdArray *c = np_copy(vm, AS_ND(r), NP_FLOAT16);
        return c ? v_obj(c) : V_EXC;
    }
    return r;
}

static Value do_var(VM *vm, NdArray *a, RedArgs *ra, bool std)
{
    NpState *st = a->st;
    int dtype = ra->dtype;
    if (dtype < 0 && !np_is_float(a->dtype)) dtype = NP_FLOAT64;
    int64_t count = reduced_count(a, ra->axes);
    size_t roots = vm->nroots;
    Value r = V_EXC;
    Value mean = np_reduce(vm, st, NP_UF_ADD, a, ra->axes, dtype, NULL, true, V_UNBOUND);
    if (mean == V_EXC) goto done;
    vm_push_root(vm, mean);
    Value cnt = np_scalar_i64(vm, st, NP_INT64, count);
    if (cnt == V_EXC) goto done;
    vm_push_root(vm, cnt);
    mean = divide_by(vm, st, mean, cnt, -1);
    if (mean == V_EXC) goto done;
    vm_push_root(vm, mean);
    Value x = np_uf2(vm, st, NP_UF_SUBTRACT, v_obj(a), mean);
    if (x == V_EXC) goto done;
    vm_push_root(vm, x);
    Value out[2] = {x, V_NONE};
    if (np_is_array(x) && np_ufunc_apply(vm, st, NP_UF_SQUARE, &x, out, -1) == V_EXC) goto done;
    if (!np_is_array(x)) {
        x = np_uf1(vm, st, NP_UF_SQUARE, x);
        if (x == V_EXC) goto done;
        vm_push_root(vm, x);
    }
    NdArray *xa = np_from_py(vm, st, x, -1);
    if (!xa) goto done;
    vm_push_root(vm, v_obj(xa));
    Value s = np_reduce(vm, st, NP_UF_ADD, xa, ra->axes, dtype, ra->out, ra->keepdims, V_UNBOUND);
    if (s == V_EXC) goto done;
    vm_push_root(vm, s);
    /* max(count - ddof, 0): an int64 or a float64 as ddof is */
    Value div;
    if (v_is_double(ra->ddof)) {
        double d = (double)count - v_as_double(ra->ddof);
        div = np_scalar_f64(vm, st, NP_FLOAT64, d > 0 ? d : 0);
    } else {
        int64_t dd;
        if (!vm_index(vm, ra->ddof, &dd)) goto done;
        div = np_scalar_i64(vm, st, NP_INT64, count - dd > 0 ? count - dd : 0);
    }
    if (div == V_EXC) goto done;
    vm_push_root(vm, div);
    r = divide_by(vm, st, s, div, -1);
    if (r != V_EXC && std) {
        vm_push_root(vm, r);
        Value o2[2] = {r, V_NONE};
        r = np_ufunc_apply(vm, st, NP_UF_SQRT, &r, np_is_array(r) ? o2 : NULL, -1);
    }
done:
    vm->nroots = roots;
    return r;
}

#define MEANLIKE(name, fn, NAMES, flag)                                                                         \
    static Value m_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                                         \
    {                                                                                                           \
        RedArgs ra;                                                                                             \
        NdArray *a = red_args(vm, args, nargs, kw, true, #name, NAMES, NNAMES(NAMES), &ra);                     \
        return a ? fn(vm, a, &ra, flag) : V_EXC;                                                                \
    }                                                                                                           \
    static Value f_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                                         \
    {                                                                                                           \
        RedArgs ra;                                                                                             \
        NdArray *a = red_args(vm, args, nargs, kw, false, #name, NAMES, NNAMES(NAMES), &ra);                    \
        if (!a) return V_EXC;                                                                                   \
        vm_push_root(vm, v_obj(a));                                                                             \
        Value r = fn(vm, a, &ra, flag);                                                                         \
        vm_pop_roots(vm, 1);                                                                                    \
        return r;                                                                                               \
    }
MEANLIKE(mean, do_mean, mean_names, false)
MEANLIKE(var, do_var, var_names, false)
MEANLIKE(std, do_var, var_names, true)

/* ---- argmin / argmax ---------------------------------------------------------------- */

/* The index of the first extreme element of a run (NaN counts as extreme, as numpy's). */
#define ARGLOOP(name, C, BETTER)                                                                  \
    static int64_t name(const char *p, int64_t s, int64_t n)                                      \
    {                                                                                             \
        C best = *(const C *)p;                                                                   \
        int64_t bi = 0;                                                                           \
        if (best != best) return 0;                                                               \
        for (int64_t k = 1; k < n; k++) {                                                         \
            C x = *(const C *)(p + k * s);                                                        \
            if (x != x) return k;                                                                 \
            if (BETTER) {                                                                         \
                best = x;                                                                         \
                bi = k;                                                                           \
            }                                                                                     \
        }                                                                                         \
        return bi;                                                                                \
    }
#define ARGTYPES(X) X(INT8, int8_t) X(INT16, int16_t) X(INT32, int32_t) X(INT64, int64_t) X(UINT8, uint8_t) \
    X(UINT16, uint16_t) X(UINT32, uint32_t) X(UINT64, uint64_t) X(FLOAT32, float) X(FLOAT64, double) X(BOOL, bool_t)
#define X(E, C) ARGLOOP(argmax_##E, C, x > best) ARGLOOP(argmin_##E, C, x < best)
ARGTYPES(X)
#undef X
typedef int64_t (*ArgLoop)(const char *, int64_t, int64_t);
static const ArgLoop argmax_loops[NP_NTYPES] = {
#define X(E, C) [NP_##E] = argmax_##E,
    ARGTYPES(X)
#undef X
};
static const ArgLoop argmin_loops[NP_NTYPES] = {
#define X(E, C) [NP_##E] = argmin_##E,
    ARGTYPES(X)
#undef X
};

static Value do_arg(VM *vm, Value *args, int nargs, TupleObj *kw, bool method, bool max)
{
    const char *fname = max ? "argmax" : "argmin";
    static const char *const names[] = {"axis", "out", "keepdims"};
    Value p[4];
    NdArray *a;
    if (method) {
        if (!np_parse(vm, fname, args + 1, nargs - 1, kw, names, 3, 3, 0, p + 1)) return V_EXC;
        a = AS_ND(args[0]);
    } else {
        static const char *const fnames[] = {"a", "axis", "out", "keepdims"};
        if (!np_parse(vm, fname, args + 1, nargs - 1, kw, fnames, 4, 4, 1, p)) return V_EXC;
        a = np_from_py(vm, ST(args), p[0], -1);
        if (!a) return V_EXC;
    }
    vm_push_root(vm, v_obj(a));
    Value r = V_EXC;
    NdArray *src = a;
    if (a->dtype == NP_FLOAT16) {
        src = np_copy(vm, a, NP_FLOAT32);
        if (!src) goto done;
        vm_push_root(vm, v_obj(src));
        vm_pop_roots(vm, 1);
    }
    vm_push_root(vm, v_obj(src));
    ArgLoop fn = (max ? argmax_loops : argmin_loops)[src->dtype];
    int keep = p[3] == V_UNBOUND ? 0 : vm_truthy(vm, p[3]);
    if (keep < 0) goto done2;
    if (p[1] == V_UNBOUND || p[1] == V_NONE) {
        if (src->size == 0) {
            vm_raise(vm, vm->e_ValueError, "attempt to get %s of an empty sequence", fname);
            goto done2;
        }
        NdArray *c = np_contiguous(vm, src, -1);
        if (!c) goto done2;
        int64_t i = fn(c->data, np_itemsize(c), c->size);
        if (keep) {
            int64_t shape[NP_MAXDIMS];
            for (int d = 0; d < a->ndim; d++) shape[d] = 1;
            NdArray *o = np_new(vm, a->st, NP_INT64, a->ndim, shape, false);
            if (o) *(int64_t *)o->data = i;
            r = o ? v_obj(o) : V_EXC;
        } else r = np_scalar_i64(vm, a->st, NP_INT64, i);
        goto done2;
    }
    int axis;
    bool all;
    if (!np_axis_arg(vm, p[1], src->ndim, &axis, &all)) goto done2;
    if (src->shape[axis] == 0) {
        vm_raise(vm, vm->e_ValueError, "attempt to get %s of an empty sequence", fname);
        goto done2;
    }
    int64_t shape[NP_MAXDIMS];
    int nd = 0;
    for (int d = 0; d < src->ndim; d++)
        if (d != axis) shape[nd++] = src->shape[d];
    NdArray *o = np_new(vm, a->st, NP_INT64, nd, shape, false);
    if (!o) goto done2;
    int64_t *op = (int64_t *)o->data, n = src->shape[axis], s = src->strides[axis];
    int64_t idx[NP_MAXDIMS] = {0};
    for (int64_t e = 0; e < o->size; e++) {
        const char *q = src->data;
        for (int d = 0, k = 0; d < src->ndim; d++)
            if (d != axis) q += idx[k++] * src->strides[d];
        op[e] = fn(q, s, n);
        for (int k = nd - 1; k >= 0; k--) {
            if (++idx[k] < shape[k]) break;
            idx[k] = 0;
        }
    }
    if (keep) {
        int64_t ks[NP_MAXDIMS];
        for (int d = 0; d < src->ndim; d++) ks[d] = d == axis ? 1 : src->shape[d];
        o->ndim = (uint8_t)src->ndim;
        NdArray *kv = np_new(vm, a->st, NP_INT64, src->ndim, ks, false);
        if (!kv) goto done2;
        memcpy(kv->data, o->data, (size_t)o->size * 8);
        r = v_obj(kv);
    } else r = np_result(vm, o);
done2:
    vm_pop_roots(vm, 1);
done:
    vm_pop_roots(vm, 1);
    return r;
}

static Value m_argmax(VM *vm, Value *args, int nargs, TupleObj *kw) { return do_arg(vm, args, nargs, kw, true, true); }
static Value m_argmin(VM *vm, Value *args, int nargs, TupleObj *kw) { return do_arg(vm, args, nargs, kw, true, false); }
static Value f_argmax(VM *vm, Value *args, int nargs, TupleObj *kw) { return do_arg(vm, args, nargs, kw, false, true); }
static Value f_argmin(VM *vm, Value *args, int nargs, TupleObj *kw) { return do_arg(vm, args, nargs, kw, false, false); }

/* ---- cumsum / cumprod / ptp / nansum / nanmean ------------------------------------------- */

static Value do_cum(VM *vm, Value *args, int nargs, TupleObj *kw, bool method, int uf, const char *fname)
{
    Value p[4];
    NdArray *a;
    if (method) {
        if (!np_parse(vm, fname, args + 1, nargs - 1, kw, cum_names, 3, 3, 0, p + 1)) return V_EXC;
        a = AS_ND(args[0]);
    } else {
        static const char *const fnames[] = {"a", "axis", "dtype", "out"};
        if (!np_parse(vm, fname, args + 1, nargs - 1, kw, fnames, 4, 4, 1, p)) return V_EXC;
        a = np_from_py(vm, ST(args), p[0], -1);
        if (!a) return V_EXC;
    }
    vm_push_root(vm, v_obj(a));
    Value r = V_EXC;
    int dtype = np_dtype_of(vm, a->st, p[2], -1);
    if (dtype < 0 && vm->exc != V_NONE) goto done;
    NdArray *out = p[3] != V_UNBOUND && p[3] != V_NONE && np_is_array(p[3]) ? AS_ND(p[3]) : NULL;
    NdArray *src = a;
    int axis = 0;
    if (p[1] == V_UNBOUND || p[1] == V_NONE) {
        src = np_copy(vm, a, -1);
        if (!src) goto done;
        src->ndim = 1;
        src->shape[0] = a->size;
        src->strides = src->dims + 1;
        src->strides[0] = np_itemsize(a);
    } else {
        bool all;
        if (!np_axis_arg(vm, p[1], a->ndim, &axis, &all)) goto done;
    }
    vm_push_root(vm, v_obj(src));
    r = np_accumulate(vm, a->st, uf, src, axis, dtype, out);
    vm_pop_roots(vm, 1);
done:
    vm_pop_roots(vm, 1);
    return r;
}

static Value m_cumsum(VM *vm, Value *args, int nargs, TupleObj *kw) { return do_cum(vm, args, nargs, kw, true, NP_UF_ADD, "cumsum"); }
static Value m_cumprod(VM *vm, Value *args, int nargs, TupleObj *kw) { return do_cum(vm, args, nargs, kw, true, NP_UF_MULTIPLY, "cumprod"); }
static Value f_cumsum(VM *vm, Value *args, int nargs, TupleObj *kw) { return do_cum(vm, args, nargs, kw, false, NP_UF_ADD, "cumsum"); }
static Value f_cumprod(VM *vm, Value *args, int nargs, TupleObj *kw) { return do_cum(vm, args, nargs, kw, false, NP_UF_MULTIPLY, "cumprod"); }

static Value f_ptp(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"axis", "out", "keepdims"};
    RedArgs ra;
    NdArray *a = red_args(vm, args, nargs, kw, false, "ptp", names, 3, &ra);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    Value r = V_EXC, hi = np_reduce(vm, a->st, NP_UF_MAXIMUM, a, ra.axes, -1, NULL, ra.keepdims, V_UNBOUND);
    if (hi != V_EXC) {
        vm_push_root(vm, hi);
        Value lo = np_reduce(vm, a->st, NP_UF_MINIMUM, a, ra.axes, -1, NULL, ra.keepdims, V_UNBOUND);
        if (lo != V_EXC) {
            vm_push_root(vm, lo);
            Value two[2] = {hi, lo}, out[2] = {ra.out ? v_obj(ra.out) : V_NONE, V_NONE};
            r = np_ufunc_apply(vm, a->st, NP_UF_SUBTRACT, two, out, -1);
            vm_pop_roots(vm, 1);
        }
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    return r;
}

/* a copy of a float array with its NaNs replaced by 0 (the array itself when not float) */
static NdArray *nan_to_zero(VM *vm, NdArray *a)
{
    if (!np_is_float(a->dtype)) return a;
    NdArray *c = np_copy(vm, a, -1);
    if (!c) return NULL;
    int size = np_itemsize(c);
    for (int64_t i = 0; i < c->size; i++) {
        char *p = c->data + i * size;
        double d = np_get_f64(p, c->dtype);
        if (d != d) np_set_f64(p, c->dtype, 0.0);
    }
    return c;
}

static Value f_nansum(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    RedArgs ra;
    NdArray *a = red_args(vm, args, nargs, kw, false, "nansum", sum_names, NNAMES(sum_names), &ra);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    NdArray *c = nan_to_zero(vm, a);
    Value r = V_EXC;
    if (c) {
        vm_push_root(vm, v_obj(c));
        r = np_reduce(vm, a->st, NP_UF_ADD, c, ra.axes, ra.dtype, ra.out, ra.keepdims, ra.initial);
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    return r;
}

static Value f_nanmean(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    RedArgs ra;
    NdArray *a = red_args(vm, args, nargs, kw, false, "nanmean", mean_names, NNAMES(mean_names), &ra);
    if (!a) return V_EXC;
    if (!np_is_float(a->dtype)) {
        vm_push_root(vm, v_obj(a));
        Value r = do_mean(vm, a, &ra, false);
        vm_pop_roots(vm, 1);
        return r;
    }
    size_t roots = vm->nroots;
    vm_push_root(vm, v_obj(a));
    Value r = V_EXC;
    NdArray *c = nan_to_zero(vm, a);
    if (!c) goto done;
    vm_push_root(vm, v_obj(c));
    Value notnan = np_uf1(vm, a->st, NP_UF_ISNAN, v_obj(a));
    if (notnan == V_EXC) goto done;
    vm_push_root(vm, notnan);
    notnan = np_uf1(vm, a->st, NP_UF_LOGICAL_NOT, notnan);
    if (notnan == V_EXC) goto done;
    vm_push_root(vm, notnan);
    NdArray *nm = np_from_py(vm, a->st, notnan, -1);
    if (!nm) goto done;
    vm_push_root(vm, v_obj(nm));
    Value cnt = np_reduce(vm, a->st, NP_UF_ADD, nm, ra.axes, NP_INT64, NULL, ra.keepdims, V_UNBOUND);
    if (cnt == V_EXC) goto done;
    vm_push_root(vm, cnt);
    Value tot = np_reduce(vm, a->st, NP_UF_ADD, c, ra.axes, ra.dtype, ra.out, ra.keepdims, V_UNBOUND);
    if (tot == V_EXC) goto done;
    r = divide_by(vm, a->st, tot, cnt, -1);
done:
    vm->nroots = roots;
    return r;
}

bool np_init_reduce(VM *vm, NpState *st)
{
    static const NpFunction methods[] = {
        {"sum", m_sum}, {"prod", m_prod}, {"max", m_max}, {"min", m_min}, {"all", m_all}, {"any", m_any},
        {"mean", m_mean}, {"var", m_var}, {"std", m_std}, {"argmax", m_argmax}, {"argmin", m_argmin},
        {"cumsum", m_cumsum}, {"cumprod", m_cumprod},
    };
    static const NpFunction functions[] = {
        {"sum", f_sum}, {"prod", f_prod}, {"max", f_max}, {"min", f_min}, {"amax", f_max}, {"amin", f_min},
        {"all", f_all}, {"any", f_any}, {"mean", f_mean}, {"var", f_var}, {"std", f_std}, {"argmax", f_argmax},
        {"argmin", f_argmin}, {"cumsum", f_cumsum}, {"cumprod", f_cumprod}, {"ptp", f_ptp}, {"nansum", f_nansum},
        {"nanmax", f_nanmax}, {"nanmin", f_nanmin}, {"nanmean", f_nanmean},
    };
    return np_add_methods(vm, st->t_ndarray, methods, sizeof methods / sizeof methods[0]) &&
           np_add_functions(vm, st, functions, sizeof functions / sizeof functions[0]) && np_init_dot(vm, st);
}

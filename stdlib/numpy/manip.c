/* numpy's array manipulation and searching: joining (concatenate, stack),
 * repeating, rolling, flipping, sorting (radix sort for numbers), unique,
 * searchsorted, nonzero, meshgrid, diff, gradient, diagonals. */
#include <math.h>
#include <stdio.h>

#include "np.h"

static NpState *ST(Value *args) { return (NpState *)v_as_obj(args[0]); }

/* ---- helpers ------------------------------------------------------------------------------ */

/* A view of a with axis `axis` moved to the end. */
static NdArray *axis_last(VM *vm, NdArray *a, int axis)
{
    int64_t shape[NP_MAXDIMS], strides[NP_MAXDIMS];
    int k = 0;
    for (int d = 0; d < a->ndim; d++)
        if (d != axis) {
            shape[k] = a->shape[d];
            strides[k++] = a->strides[d];
        }
    shape[k] = a->shape[axis];
    strides[k] = a->strides[axis];
    return np_view(vm, a->st, v_obj(a), a->dtype, a->data, a->ndim, shape, strides, (a->flags & NP_WRITEABLE) != 0);
}

/* The inverse of axis_last: a view of r (axis last) with that axis at `axis`. */
static NdArray *axis_back(VM *vm, NdArray *r, int axis)
{
    int64_t shape[NP_MAXDIMS], strides[NP_MAXDIMS];
    int nd = r->ndim, k = 0;
    for (int d = 0; d < nd; d++) {
        if (d == axis) {
            shape[d] = r->shape[nd - 1];
            strides[d] = r->strides[nd - 1];
        } else {
            shape[d] = r->shape[k];
            strides[d] = r->strides[k++];
        }
    }
    return np_view(vm, r->st, v_obj(r), r->dtype, r->data, nd, shape, strides, true);
}

/* a flattened into a new C-contiguous 1-D array (of dtype when >= 0). */
static NdArray *flat_copy(VM *vm, NdArray *a, int dtype)
{
    NdArray *c = np_copy(vm, a, dtype);
    if (!c) return NULL;
    int64_t n = c->size;
    return np_view(vm, c->st, v_obj(c), c->dtype, c->data, 1, &n, (int64_t[]){np_itemsize(c)}, true);
}

/* A sequence of array-likes as arrays (rooted by the returned list). */
static Value arrays_of(VM *vm, NpState *st, Value seq, NdArray ***out, uint32_t *n)
{
    Value l = vm_list_from(vm, seq);
    if (l == V_EXC) return V_EXC;
    vm_push_root(vm, l);
    uint32_t len;
    vm_seq_items(l, &len);
    NdArray **arr = malloc(sizeof *arr * (len ? len : 1));
    if (!arr) {
        vm_pop_roots(vm, 1);
        return vm_raise(vm, vm->e_MemoryError, "out of memory");
    }
    for (uint32_t i = 0; i < len; i++) {
        NdArray *a = np_from_py(vm, st, AS_LIST(l)->items[i], -1);
        if (!a) {
            free(arr);
            vm_pop_roots(vm, 1);
            return V_EXC;
        }
        AS_LIST(l)->items[i] = v_obj(a);
        arr[i] = a;
    }
    vm_pop_roots(vm, 1);
    *out = arr;
    *n = len;
    return l;
}

static NdArray *reshaped(VM *vm, NdArray *a, int ndim, const int64_t *shape)
{
    NdArray *c = np_contiguous(vm, a, -1);
    if (!c) return NULL;
    int64_t strides[NP_MAXDIMS], s = np_itemsize(c);
    for (int i = ndim - 1; i >= 0; i--) {
        strides[i] = s;
        s *= shape[i] ? shape[i] : 1;
    }
    return np_view(vm, c->st, v_obj(c), c->dtype, c->data, ndim, shape, strides, true);
}

/* ---- joining ------------------------------------------------------------------------------ */

static Value concat(VM *vm, NpState *st, NdArray **arr, uint32_t n, int axis_in, bool flat, int dtype)
{
    if (n == 0) return vm_raise(vm, vm->e_ValueError, "need at least one array to concatenate");
    int t = arr[0]->dtype;
    for (uint32_t i = 1; i < n; i++) t = np_promote(t, arr[i]->dtype);
    if (dtype >= 0) t = dtype;
    if (flat) {
        int64_t total = 0;
        for (uint32_t i = 0; i < n; i++) total += arr[i]->size;
        NdArray *r = np_new(vm, st, t, 1, &total, false);
        if (!r) return V_EXC;
        int64_t pos = 0;
        for (uint32_t i = 0; i < n; i++) {
            int64_t len = arr[i]->size, stride = np_itemsize(r), strides[NP_MAXDIMS], sz = stride;
            for (int d = arr[i]->ndim - 1; d >= 0; d--) {
                strides[d] = sz;
                sz *= arr[i]->shape[d] ? arr[i]->shape[d] : 1;
            }
            NdArray *dst = np_view(vm, st, v_obj(r), t, r->data + pos * stride, arr[i]->ndim, arr[i]->shape, strides, true);
            if (!dst) return V_EXC;
            if (!np_assign_array(vm, dst, arr[i])) return V_EXC;
            pos += len;
        }
        return v_obj(r);
    }
    int nd = arr[0]->ndim;
    if (nd == 0) return vm_raise(vm, vm->e_ValueError, "zero-dimensional arrays cannot be concatenated");
    int axis = axis_in < 0 ? axis_in + nd : axis_in;
    if (axis < 0 || axis >= nd)
        return vm_raise(vm, vm->e_IndexError, "axis %d is out of bounds for array of dimension %d", axis_in, nd);
    int64_t shape[NP_MAXDIMS];
    memcpy(shape, arr[0]->shape, sizeof(int64_t) * (size_t)nd);
    shape[axis] = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (arr[i]->ndim != nd)
            return vm_raise(vm, vm->e_ValueError,
                            "all the input array dimensions except for the concatenation axis must match exactly, but "
                            "along dimension %d, the array at index 0 has %d dimension(s) and the array at index %u has "
                            "%d dimension(s)",
                            0, nd, i, arr[i]->ndim);
        for (int d = 0; d < nd; d++)
            if (d != axis && arr[i]->shape[d] != arr[0]->shape[d])
                return vm_raise(vm, vm->e_ValueError,
                                "all the input array dimensions except for the concatenation axis must match exactly, "
                                "but along dimension %d, the array at index 0 has size %lld and the array at index %u "
                                "has size %lld",
                                d, (long long)arr[0]->shape[d], i, (long long)arr[i]->shape[d]);
        shape[axis] += arr[i]->shape[axis];
    }
    NdArray *r = np_new(vm, st, t, nd, shape, false);
    if (!r) return V_EXC;
    vm_push_root(vm, v_obj(r));
    int64_t off = 0;
    for (uint32_t i = 0; i < n; i++) {
        int64_t sub[NP_MAXDIMS];
        memcpy(sub, shape, sizeof(int64_t) * (size_t)nd);
        sub[axis] = arr[i]->shape[axis];
        NdArray *dst = np_view(vm, st, v_obj(r), t, r->data + off * r->strides[axis], nd, sub, r->strides, true);
        if (!dst || !np_assign_array(vm, dst, arr[i])) {
            vm_pop_roots(vm, 1);
            return V_EXC;
        }
        off += arr[i]->shape[axis];
    }
    vm_pop_roots(vm, 1);
    return v_obj(r);
}

static bool int_arg(VM *vm, Value v, int64_t dflt, int64_t *out)
{
    if (v == V_UNBOUND) {
        *out = dflt;
        return true;
    }
    return vm_index(vm, v, out);
}

static Value f_concatenate(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"arrays", "axis", "out", "dtype", "casting"};
    Value p[5];
    if (!np_parse(vm, "concatenate", args + 1, nargs - 1, kw, names, 5, 3, 1, p)) return V_EXC;
    NdArray **arr;
    uint32_t n;
    Value l = arrays_of(vm, ST(args), p[0], &arr, &n);
    if (l == V_EXC) return V_EXC;
    vm_push_root(vm, l);
    int64_t axis = 0;
    bool flat = p[1] == V_NONE;
    int dtype = np_dtype_of(vm, ST(args), p[3], -1);
    Value r = (!flat && !int_arg(vm, p[1], 0, &axis)) || (dtype < 0 && vm->exc != V_NONE)
                  ? V_EXC
                  : concat(vm, ST(args), arr, n, (int)axis, flat, dtype);
    free(arr);
    vm_pop_roots(vm, 1);
    return r;
}

/* stack: each array gets a new axis of length 1 at `axis`, then concatenation. */
static Value stack_impl(VM *vm, NpState *st, Value seq, int64_t axis_in, int mode)
{
    NdArray **arr;
    uint32_t n;
    Value l = arrays_of(vm, st, seq, &arr, &n);
    if (l == V_EXC) return V_EXC;
    vm_push_root(vm, l);
    Value r = V_EXC;
    if (n == 0) {
        vm_raise(vm, vm->e_ValueError, "need at least one array to %s", mode == 0 ? "stack" : "concatenate");
        goto done;
    }
    int64_t axis = axis_in;
    int nd0 = arr[0]->ndim;
    int64_t shape0[NP_MAXDIMS];
    memcpy(shape0, arr[0]->shape, sizeof(int64_t) * (size_t)nd0);
    for (uint32_t i = 0; i < n; i++) {
        NdArray *a = arr[i];
        int64_t shape[NP_MAXDIMS];
        int nd = 0;
        if (mode == 0) {   /* stack */
            if (a->ndim != nd0 || memcmp(a->shape, shape0, sizeof(int64_t) * (size_t)a->ndim)) {
                vm_raise(vm, vm->e_ValueError, "all input arrays must have the same shape");
                goto done;
            }
            int64_t ax = axis < 0 ? axis + a->ndim + 1 : axis;
            if (ax < 0 || ax > a->ndim) {
                vm_raise(vm, vm->e_IndexError, "axis %lld is out of bounds for array of dimension %d", (long long)axis,
                         a->ndim + 1);
                goto done;
            }
            for (int d = 0; d <= a->ndim; d++) {
                if (d == ax) shape[nd++] = 1;
                if (d < a->ndim) shape[nd++] = a->shape[d];
            }
        } else if (mode == 1) {   /* vstack: at least 2-D */
            if (a->ndim >= 2) continue;
            shape[nd++] = 1;
            shape[nd++] = a->ndim ? a->shape[0] : 1;
        } else if (mode == 2) {   /* hstack: at least 1-D */
            if (a->ndim >= 1) continue;
            shape[nd++] = 1;
        } else if (mode == 3) {   /* dstack: at least 3-D */
            if (a->ndim >= 3) continue;
            if (a->ndim == 0) shape[nd++] = 1, shape[nd++] = 1, shape[nd++] = 1;
            else if (a->ndim == 1) shape[nd++] = 1, shape[nd++] = a->shape[0], shape[nd++] = 1;
            else shape[nd++] = a->shape[0], shape[nd++] = a->shape[1], shape[nd++] = 1;
        } else {   /* column_stack: 1-D become columns */
            if (a->ndim >= 2) continue;
            shape[nd++] = a->ndim ? a->shape[0] : 1;
            shape[nd++] = 1;
        }
        NdArray *v = reshaped(vm, a, nd, shape);
        if (!v) goto done;
        AS_LIST(l)->items[i] = v_obj(v);
        arr[i] = v;
    }
    int cat_axis = mode == 0 ? (int)(axis < 0 ? axis + nd0 + 1 : axis)
                   : mode == 1 ? 0
                   : mode == 2 ? (nd0 <= 1 ? 0 : 1)
                   : mode == 3 ? 2
                               : 1;
    r = concat(vm, st, arr, n, cat_axis, false, -1);
done:
    free(arr);
    vm_pop_roots(vm, 1);
    return r;
}

static Value f_stack(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"arrays", "axis", "out", "dtype", "casting"};
    Value p[5];
    int64_t axis;
    if (!np_parse(vm, "stack", args + 1, nargs - 1, kw, names, 5, 3, 1, p) || !int_arg(vm, p[1], 0, &axis)) return V_EXC;
    return stack_impl(vm, ST(args), p[0], axis, 0);
}

static Value one_seq(VM *vm, Value *args, int nargs, TupleObj *kw, const char *name, int mode)
{
    static const char *const names[] = {"tup", "dtype", "casting"};
    Value p[3];
    if (!np_parse(vm, name, args + 1, nargs - 1, kw, names, 3, 1, 1, p)) return V_EXC;
    return stack_impl(vm, ST(args), p[0], 0, mode);
}

static Value f_vstack(VM *vm, Value *args, int nargs, TupleObj *kw) { return one_seq(vm, args, nargs, kw, "vstack", 1); }
static Value f_hstack(VM *vm, Value *args, int nargs, TupleObj *kw) { return one_seq(vm, args, nargs, kw, "hstack", 2); }
static Value f_dstack(VM *vm, Value *args, int nargs, TupleObj *kw) { return one_seq(vm, args, nargs, kw, "dstack", 3); }
static Value f_column_stack(VM *vm, Value *args, int nargs, TupleObj *kw) { return one_seq(vm, args, nargs, kw, "column_stack", 4); }

static Value atleast(VM *vm, Value *args, int nargs, int nd_min)
{
    Value out = vm_new_list(vm, (uint32_t)(nargs - 1));
    if (out == V_EXC) return V_EXC;
    vm_push_root(vm, out);
    for (int i = 1; i < nargs; i++) {
        NdArray *a = np_from_py(vm, ST(args), args[i], -1);
        if (!a) goto fail;
        if (a->ndim < nd_min) {
            int64_t shape[3];
            int nd = 0;
            if (nd_min == 1) shape[nd++] = a->ndim ? a->shape[0] : 1;
            else if (nd_min == 2) {
                shape[nd++] = 1;
                shape[nd++] = a->ndim ? a->shape[0] : 1;
            } else {
                if (a->ndim == 0) shape[0] = 1, shape[1] = 1, shape[2] = 1;
                else if (a->ndim == 1) shape[0] = 1, shape[1] = a->shape[0], shape[2] = 1;
                else shape[0] = a->shape[0], shape[1] = a->shape[1], shape[2] = 1;
                nd = 3;
            }
            a = reshaped(vm, a, nd, shape);
            if (!a) goto fail;
        } else if (a->flags & NP_SCALAR) {
            a = np_copy(vm, a, -1);
            if (!a) goto fail;
        }
        if (!vm_list_append(vm, AS_LIST(out), v_obj(a))) goto fail;
    }
    vm_pop_roots(vm, 1);
    if (nargs == 2) return AS_LIST(out)->items[0];
    return vm_tuple_of(vm, AS_LIST(out)->items, AS_LIST(out)->len);
fail:
    vm_pop_roots(vm, 1);
    return V_EXC;
}

static Value f_atleast_1d(VM *vm, Value *args, int nargs, TupleObj *kw) { return atleast(vm, args, nargs, 1); }
static Value f_atleast_2d(VM *vm, Value *args, int nargs, TupleObj *kw) { return atleast(vm, args, nargs, 2); }
static Value f_atleast_3d(VM *vm, Value *args, int nargs, TupleObj *kw) { return atleast(vm, args, nargs, 3); }

/* ---- repeat, tile, roll, flip ---------------------------------------------------------------- */

static Value repeat_impl(VM *vm, NpState *st, Value av, Value reps, Value axisv)
{
    NdArray *a = np_from_py(vm, st, av, -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    Value r = V_EXC;
    int axis;
    bool all;
    if (!np_axis_arg(vm, axisv, a->ndim ? a->ndim : 1, &axis, &all)) goto out;
    if (all) {
        a = flat_copy(vm, a, -1);
        if (!a) goto out;
        vm_push_root(vm, v_obj(a));
        axis = 0;
    }
    NdArray *rp = np_from_py(vm, st, reps, NP_INT64);
    if (!rp) goto out2;
    vm_push_root(vm, v_obj(rp));
    int64_t len = a->shape[axis];
    if (rp->size != 1 && rp->size != len) {
        vm_raise(vm, vm->e_ValueError, "operands could not be broadcast together with shape (%lld,) (%lld,)",
                 (long long)len, (long long)rp->size);
        goto out3;
    }
    NdArray *rc = np_contiguous(vm, rp, NP_INT64);
    if (!rc) goto out3;
    const int64_t *cnt = (const int64_t *)rc->data;
    int64_t total = 0;
    for (int64_t i = 0; i < len; i++) {
        int64_t c = cnt[rp->size == 1 ? 0 : i];
        if (c < 0) {
            vm_raise(vm, vm->e_ValueError, "repeats may not contain negative values.");
            goto out3;
        }
        total += c;
    }
    int64_t shape[NP_MAXDIMS];
    memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
    shape[axis] = total;
    NdArray *res = np_new(vm, st, a->dtype, a->ndim, shape, false);
    if (!res) goto out3;
    int64_t sub[NP_MAXDIMS];
    memcpy(sub, a->shape, sizeof(int64_t) * (size_t)a->ndim);
    sub[axis] = 1;
    int64_t pos = 0;
    for (int64_t i = 0; i < len; i++) {
        int64_t c = cnt[rp->size == 1 ? 0 : i];
        NdArray *src = np_view(vm, st, v_obj(a), a->dtype, a->data + i * a->strides[axis], a->ndim, sub, a->strides, false);
        if (!src) goto out3;
        for (int64_t k = 0; k < c; k++, pos++) {
            NdArray *dst = np_view(vm, st, v_obj(res), a->dtype, res->data + pos * res->strides[axis], a->ndim, sub,
                                   res->strides, true);
            if (!dst || !np_assign_array(vm, dst, src)) goto out3;
        }
    }
    r = v_obj(res);
out3:
    vm_pop_roots(vm, 1);
out2:
    if (all) vm_pop_roots(vm, 1);
out:
    vm_pop_roots(vm, 1);
    return r;
}

static Value f_repeat(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "repeats", "axis"};
    Value p[3];
    if (!np_parse(vm, "repeat", args + 1, nargs - 1, kw, names, 3, 3, 2, p)) return V_EXC;
    return repeat_impl(vm, ST(args), p[0], p[1], p[2] == V_UNBOUND ? V_NONE : p[2]);
}

static Value m_repeat(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"repeats", "axis"};
    Value p[2];
    if (!np_parse(vm, "repeat", args + 1, nargs - 1, kw, names, 2, 2, 1, p)) return V_EXC;
    return repeat_impl(vm, AS_ND(args[0])->st, args[0], p[0], p[1] == V_UNBOUND ? V_NONE : p[1]);
}

static Value f_tile(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"A", "reps"};
    Value p[2];
    if (!np_parse(vm, "tile", args + 1, nargs - 1, kw, names, 2, 2, 2, p)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    int nr;
    int64_t reps[NP_MAXDIMS];
    Value r = V_EXC;
    if (!np_shape_arg(vm, p[1], &nr, reps)) goto out;
    int nd = a->ndim > nr ? a->ndim : nr;
    int64_t ashape[NP_MAXDIMS], rfull[NP_MAXDIMS], shape[NP_MAXDIMS];
    for (int d = 0; d < nd; d++) {
        int ad = d - (nd - a->ndim), rd = d - (nd - nr);
        ashape[d] = ad < 0 ? 1 : a->shape[ad];
        rfull[d] = rd < 0 ? 1 : reps[rd];
        shape[d] = ashape[d] * rfull[d];
    }
    NdArray *src = reshaped(vm, a, nd, ashape);
    if (!src) goto out;
    vm_push_root(vm, v_obj(src));
    NdArray *res = np_new(vm, ST(args), a->dtype, nd, shape, false);
    if (!res) goto out2;
    /* a view of res shaped (r0, a0, r1, a1, ...) with src broadcast over the r dims */
    int64_t vsh[2 * NP_MAXDIMS], vst[2 * NP_MAXDIMS], ssh[2 * NP_MAXDIMS], sst[2 * NP_MAXDIMS];
    if (2 * nd > NP_MAXDIMS) {
        vm_raise(vm, vm->e_ValueError, "tile: too many dimensions");
        goto out2;
    }
    for (int d = 0; d < nd; d++) {
        vsh[2 * d] = rfull[d];
        vst[2 * d] = res->strides[d] * ashape[d];
        vsh[2 * d + 1] = ashape[d];
        vst[2 * d + 1] = res->strides[d];
        ssh[2 * d] = rfull[d];
        sst[2 * d] = 0;
        ssh[2 * d + 1] = ashape[d];
        sst[2 * d + 1] = src->strides[d];
    }
    NdArray *dv = np_view(vm, ST(args), v_obj(res), res->dtype, res->data, 2 * nd, vsh, vst, true);
    NdArray *sv = dv ? np_view(vm, ST(args), v_obj(src), src->dtype, src->data, 2 * nd, ssh, sst, false) : NULL;
    if (sv && np_assign_array(vm, dv, sv)) r = v_obj(res);
out2:
    vm_pop_roots(vm, 1);
out:
    vm_pop_roots(vm, 1);
    return r;
}

static Value f_roll(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "shift", "axis"};
    Value p[3];
    if (!np_parse(vm, "roll", args + 1, nargs - 1, kw, names, 3, 3, 2, p)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    Value r = V_EXC;
    NdArray *res = NULL;
    if (p[2] == V_UNBOUND || p[2] == V_NONE) {
        int64_t shift;
        if (!vm_index(vm, p[1], &shift)) goto out;
        NdArray *f = flat_copy(vm, a, -1);
        if (!f) goto out;
        int64_t n = f->size;
        res = np_new(vm, ST(args), a->dtype, a->ndim, a->shape, false);
        if (!res) goto out;
        int size = np_itemsize(f);
        if (n) {
            shift = ((shift % n) + n) % n;
            memcpy(res->data + shift * size, f->data, (size_t)((n - shift) * size));
            memcpy(res->data, f->data + (n - shift) * size, (size_t)(shift * size));
        }
        r = v_obj(res);
        goto out;
    }
    /* shifts and axes: ints or equal-length tuples */
    int ns, na;
    int64_t shifts[NP_MAXDIMS], axes[NP_MAXDIMS];
    if (!np_shape_arg(vm, p[1], &ns, shifts) || !np_shape_arg(vm, p[2], &na, axes)) goto out;
    if (ns == 1 && na > 1)
        for (int i = 1; i < na; i++) shifts[i] = shifts[0];
    else if (na == 1 && ns > 1)
        for (int i = 1; i < ns; i++) axes[i] = axes[0];
    int cnt = ns > na ? ns : na;
    int64_t total[NP_MAXDIMS] = {0};
    for (int i = 0; i < cnt; i++) {
        int axis;
        bool all;
        if (!np_axis_arg(vm, v_int(axes[i]), a->ndim, &axis, &all)) goto out;
        total[axis] += shifts[i];
    }
    res = np_new(vm, ST(args), a->dtype, a->ndim, a->shape, false);
    if (!res) goto out;
    vm_push_root(vm, v_obj(res));
    /* per axis split into two pieces: 2^ndim block copies */
    int nd = a->ndim;
    for (int mask = 0; mask < (1 << nd); mask++) {
        int64_t sh[NP_MAXDIMS];
        char *sp = a->data, *dp = res->data;
        bool empty = false;
        for (int d = 0; d < nd; d++) {
            int64_t n = a->shape[d], s = n ? ((total[d] % n) + n) % n : 0;
            if (mask & (1 << d)) {   /* the tail of the source goes to the front */
                sh[d] = s;
                sp += (n - s) * a->strides[d];
            } else {
                sh[d] = n - s;
                dp += s * res->strides[d];
            }
            if (sh[d] == 0) empty = true;
        }
        if (empty) continue;
        NdArray *sv = np_view(vm, ST(args), v_obj(a), a->dtype, sp, nd, sh, a->strides, false);
        NdArray *dv = sv ? np_view(vm, ST(args), v_obj(res), a->dtype, dp, nd, sh, res->strides, true) : NULL;
        if (!dv || !np_assign_array(vm, dv, sv)) {
            vm_pop_roots(vm, 1);
            goto out;
        }
    }
    vm_pop_roots(vm, 1);
    r = v_obj(res);
out:
    vm_pop_roots(vm, 1);
    return r;
}

static Value flip_impl(VM *vm, NpState *st, Value av, Value axisv, int fixed)
{
    NdArray *a = np_from_py(vm, st, av, -1);
    if (!a) return V_EXC;
    bool flip[NP_MAXDIMS] = {0};
    if (fixed >= 0) {
        if (a->ndim <= fixed) return vm_raise(vm, vm->e_ValueError, "Input must be >= %d-d.", fixed + 1);
        flip[fixed] = true;
    } else if (axisv == V_UNBOUND || axisv == V_NONE) {
        for (int d = 0; d < a->ndim; d++) flip[d] = true;
    } else {
        int n;
        int64_t axes[NP_MAXDIMS];
        if (!np_shape_arg(vm, axisv, &n, axes)) return V_EXC;
        for (int i = 0; i < n; i++) {
            int axis;
            bool all;
            if (!np_axis_arg(vm, v_int(axes[i]), a->ndim, &axis, &all)) return V_EXC;
            flip[axis] = true;
        }
    }
    int64_t strides[NP_MAXDIMS];
    char *data = a->data;
    for (int d = 0; d < a->ndim; d++) {
        strides[d] = a->strides[d];
        if (flip[d] && a->shape[d] > 0) {
            data += (a->shape[d] - 1) * a->strides[d];
            strides[d] = -strides[d];
        }
    }
    NdArray *r = np_view(vm, st, v_obj(a), a->dtype, data, a->ndim, a->shape, strides, (a->flags & NP_WRITEABLE) != 0);
    return r ? v_obj(r) : V_EXC;
}

static Value f_flip(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"m", "axis"};
    Value p[2];
    if (!np_parse(vm, "flip", args + 1, nargs - 1, kw, names, 2, 2, 1, p)) return V_EXC;
    return flip_impl(vm, ST(args), p[0], p[1], -1);
}

static Value f_fliplr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "fliplr", nargs - 1, kw, 1, 1)) return V_EXC;
    return flip_impl(vm, ST(args), args[1], V_NONE, 1);
}

static Value f_flipud(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "flipud", nargs - 1, kw, 1, 1)) return V_EXC;
    return flip_impl(vm, ST(args), args[1], V_NONE, 0);
}

static Value f_moveaxis(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "source", "destination"};
    Value p[3];
    if (!np_parse(vm, "moveaxis", args + 1, nargs - 1, kw, names, 3, 3, 3, p)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    int ns, nd;
    int64_t src[NP_MAXDIMS], dst[NP_MAXDIMS];
    if (!np_shape_arg(vm, p[1], &ns, src) || !np_shape_arg(vm, p[2], &nd, dst)) return V_EXC;
    if (ns != nd)
        return vm_raise(vm, vm->e_ValueError, "`source` and `destination` arguments must have the same number of elements");
    int order[NP_MAXDIMS], perm[NP_MAXDIMS];
    bool used[NP_MAXDIMS] = {0}, placed[NP_MAXDIMS] = {0};
    for (int i = 0; i < ns; i++) {
        int s, d;
        bool all;
        if (!np_axis_arg(vm, v_int(src[i]), a->ndim, &s, &all) || !np_axis_arg(vm, v_int(dst[i]), a->ndim, &d, &all))
            return V_EXC;
        src[i] = s;
        dst[i] = d;
        used[s] = true;
    }
    int k = 0;
    for (int d = 0; d < a->ndim; d++)
        if (!used[d]) order[k++] = d;
    for (int i = 0; i < ns; i++) {
        perm[dst[i]] = (int)src[i];
        placed[dst[i]] = true;
    }
    k = 0;
    for (int d = 0; d < a->ndim; d++)
        if (!placed[d]) perm[d] = order[k++];
    int64_t shape[NP_MAXDIMS], strides[NP_MAXDIMS];
    for (int d = 0; d < a->ndim; d++) {
        shape[d] = a->shape[perm[d]];
        strides[d] = a->strides[perm[d]];
    }
    NdArray *r = np_view(vm, ST(args), v_obj(a), a->dtype, a->data, a->ndim, shape, strides, (a->flags & NP_WRITEABLE) != 0);
    return r ? v_obj(r) : V_EXC;
}

/* ---- sorting -------------------------------------------------------------------------------- */

/* Keys that sort as unsigned integers in the order numpy sorts the values
 * (NaN last). */
static uint64_t key_of(const char *p, int t)
{
    switch (t) {
    case NP_FLOAT64: {
        double d = *(const double *)p;
        uint64_t u;
        if (d != d) d = NAN;
        memcpy(&u, &d, 8);
        if (d != d) u = 0x7FF8000000000000ull;
        return (u >> 63) ? ~u : u | (1ull << 63);
    }
    case NP_FLOAT32: {
        float f = *(const float *)p;
        uint32_t u;
        memcpy(&u, &f, 4);
        if (f != f) u = 0x7FC00000u;
        return (u >> 31) ? (uint32_t)~u : u | (1u << 31);
    }
    case NP_FLOAT16: {
        uint16_t h = *(const uint16_t *)p;
        if ((h & 0x7C00) == 0x7C00 && (h & 0x3FF)) h = 0x7E00;
        return (h >> 15) ? (uint16_t)~h : h | 0x8000u;
    }
    case NP_INT8: return (uint8_t)(*(const int8_t *)p) ^ 0x80u;
    case NP_INT16: return (uint16_t)(*(const int16_t *)p) ^ 0x8000u;
    case NP_INT32: return (uint32_t)(*(const int32_t *)p) ^ 0x80000000u;
    case NP_INT64: return (uint64_t)(*(const int64_t *)p) ^ (1ull << 63);
    default: return np_get_u64(p, t);
    }
}

/* Stable LSD radix sort of n keys with an index permutation: sorts idx by
 * key; bytes = key width. Skips passes where every key has the same digit. */
static bool radix_sort(uint64_t *key, int64_t *idx, int64_t n, int bytes)
{
    uint64_t *k2 = malloc(sizeof *k2 * (size_t)(n ? n : 1));
    int64_t *i2 = idx ? malloc(sizeof *i2 * (size_t)(n ? n : 1)) : NULL;
    if (!k2 || (idx && !i2)) {
        free(k2);
        free(i2);
        return false;
    }
    enum { BITS = 11, BUCKETS = 1 << BITS };
    int passes = (bytes * 8 + BITS - 1) / BITS;
    int64_t *count = calloc((size_t)passes * BUCKETS, sizeof *count);
    if (!count) {
        free(k2);
        free(i2);
        return false;
    }
    for (int64_t i = 0; i < n; i++)
        for (int p = 0; p < passes; p++) count[p * BUCKETS + ((key[i] >> (p * BITS)) & (BUCKETS - 1))]++;
    uint64_t *ks = key, *kd = k2;
    int64_t *is = idx, *id = i2;
    for (int p = 0; p < passes; p++) {
        int64_t *c = count + p * BUCKETS;
        bool trivial = false;
        for (int b = 0; b < BUCKETS; b++)
            if (c[b] == n) trivial = true;
        if (trivial) continue;
        int64_t sum = 0;
        for (int b = 0; b < BUCKETS; b++) {
            int64_t t = c[b];
            c[b] = sum;
            sum += t;
        }
        int shift = p * BITS;
        for (int64_t i = 0; i < n; i++) {
            int64_t pos = c[(ks[i] >> shift) & (BUCKETS - 1)]++;
            kd[pos] = ks[i];
            if (idx) id[pos] = is[i];
        }
        uint64_t *tk = ks;
        ks = kd;
        kd = tk;
        int64_t *ti = is;
        is = id;
        id = ti;
    }
    if (ks != key) {
        memcpy(key, ks, sizeof *key * (size_t)n);
        if (idx) memcpy(idx, is, sizeof *idx * (size_t)n);
    }
    free(count);
    free(k2);
    free(i2);
    return true;
}

/* The value whose key_of is k. */
static void value_of(uint64_t k, char *p, int t)
{
    switch (t) {
    case NP_FLOAT64: {
        uint64_t u = (k >> 63) ? k ^ (1ull << 63) : ~k;
        memcpy(p, &u, 8);
        return;
    }
    case NP_FLOAT32: {
        uint32_t u = (k >> 31) & 1 ? (uint32_t)k ^ (1u << 31) : ~(uint32_t)k;
        memcpy(p, &u, 4);
        return;
    }
    case NP_FLOAT16: {
        uint16_t u = (k >> 15) & 1 ? (uint16_t)k ^ 0x8000u : (uint16_t)~(uint16_t)k;
        memcpy(p, &u, 2);
        return;
    }
    case NP_INT8: *(int8_t *)p = (int8_t)(uint8_t)(k ^ 0x80u); return;
    case NP_INT16: *(int16_t *)p = (int16_t)(uint16_t)(k ^ 0x8000u); return;
    case NP_INT32: *(int32_t *)p = (int32_t)(uint32_t)(k ^ 0x80000000u); return;
    case NP_INT64: *(int64_t *)p = (int64_t)(k ^ (1ull << 63)); return;
    default: np_set_u64(p, t, k); return;
    }
}

/* Key-only LSD radix sorts for sorting values (no permutation): keys
 * transformed in place in the row, one scratch buffer, 8-bit digits,
 * passes where every key shares the digit skipped. */
#define RADIX_KEYS(NAME, T)                                                              \
    static bool NAME(T *key, int64_t n)                                                  \
    {                                                                                    \
        enum { BITS = 8, BUCKETS = 1 << BITS, PASSES = (sizeof(T) * 8 + BITS - 1) / BITS }; \
        T *tmp = malloc(sizeof *tmp * (size_t)(n ? n : 1));                              \
        uint32_t *count = calloc((size_t)PASSES * BUCKETS, sizeof *count);               \
        if (!tmp || !count) {                                                            \
            free(tmp);                                                                   \
            free(count);                                                                 \
            return false;                                                                \
        }                                                                                \
        for (int64_t i = 0; i < n; i++) {                                                \
            T k = key[i];                                                                \
            for (int p = 0; p < PASSES; p++) count[p * BUCKETS + ((k >> (p * BITS)) & (BUCKETS - 1))]++; \
        }                                                                                \
        T *src = key, *dst = tmp;                                                        \
        for (int p = 0; p < PASSES; p++) {                                               \
            uint32_t *c = count + p * BUCKETS;                                           \
            if (c[(src[0] >> (p * BITS)) & (BUCKETS - 1)] == (uint32_t)n) continue;       \
            uint32_t sum = 0;                                                            \
            for (int b = 0; b < BUCKETS; b++) {                                          \
                uint32_t t = c[b];                                                       \
                c[b] = sum;                                                              \
                sum += t;                                                                \
            }                                                                            \
            int shift = p * BITS;                                                        \
            for (int64_t i = 0; i < n; i++) {                                            \
                T k = src[i];                                                            \
                dst[c[(k >> shift) & (BUCKETS - 1)]++] = k;                              \
            }                                                                            \
            T *t = src;                                                                  \
            src = dst;                                                                   \
            dst = t;                                                                     \
        }                                                                                \
        if (src != key) memcpy(key, src, sizeof *key * (size_t)n);                       \
        free(tmp);                                                                       \
        free(count);                                                                     \
        return true;                                                                     \
    }
RADIX_KEYS(radix_keys64, uint64_t)
RADIX_KEYS(radix_keys32, uint32_t)

/* Sorts a contiguous row of 4- or 8-byte elements by value; false when
 * out of memory. */
static bool sort_row_fast(char *row, int t, int64_t n)
{
    if (n >= (int64_t)UINT32_MAX) return false;
    if (np_types[t].size == 8) {
        uint64_t *k = (uint64_t *)row;
        if (t == NP_FLOAT64) {
            for (int64_t i = 0; i < n; i++) {
                uint64_t u = k[i];
                if ((u & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull) u = 0x7FF8000000000000ull;
                k[i] = (u >> 63) ? ~u : u | (1ull << 63);
            }
        } else if (t == NP_INT64)
            for (int64_t i = 0; i < n; i++) k[i] ^= 1ull << 63;
        bool ok = radix_keys64(k, n);
        if (t == NP_FLOAT64)
            for (int64_t i = 0; i < n; i++) k[i] = (k[i] >> 63) ? k[i] ^ (1ull << 63) : ~k[i];
        else if (t == NP_INT64)
            for (int64_t i = 0; i < n; i++) k[i] ^= 1ull << 63;
        return ok;
    }
    uint32_t *k = (uint32_t *)row;
    if (t == NP_FLOAT32) {
        for (int64_t i = 0; i < n; i++) {
            uint32_t u = k[i];
            if ((u & 0x7FFFFFFFu) > 0x7F800000u) u = 0x7FC00000u;
            k[i] = (u >> 31) ? ~u : u | (1u << 31);
        }
    } else if (t == NP_INT32)
        for (int64_t i = 0; i < n; i++) k[i] ^= 1u << 31;
    bool ok = radix_keys32(k, n);
    if (t == NP_FLOAT32)
        for (int64_t i = 0; i < n; i++) k[i] = (k[i] >> 31) ? k[i] ^ (1u << 31) : ~k[i];
    else if (t == NP_INT32)
        for (int64_t i = 0; i < n; i++) k[i] ^= 1u << 31;
    return ok;
}

/* Sorts one contiguous row of n elements in place; perm (when not NULL)
 * receives the argsort indices. */
static bool sort_row(char *row, int t, int64_t n, int64_t *perm_out)
{
    int size = np_types[t].size;
    if (!perm_out && (size == 4 || size == 8)) return sort_row_fast(row, t, n);
    uint64_t *key = malloc(sizeof *key * (size_t)(n ? n : 1));
    if (!key) return false;
    for (int64_t i = 0; i < n; i++) key[i] = key_of(row + i * size, t);
    if (perm_out)
        for (int64_t i = 0; i < n; i++) perm_out[i] = i;
    bool ok = radix_sort(key, perm_out, n, t == NP_BOOL ? 1 : size);
    if (ok && !perm_out)
        for (int64_t i = 0; i < n; i++) value_of(key[i], row + i * size, t);
    free(key);
    return ok;
}

/* Sorts (or argsorts) a along axis; returns the new array. */
static Value sort_impl(VM *vm, NpState *st, Value av, Value axisv, bool arg, NdArray *inplace)
{
    NdArray *a = inplace ? inplace : np_from_py(vm, st, av, -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    Value r = V_EXC;
    int axis;
    bool all;
    NdArray *work;
    if (axisv == V_NONE) {
        work = flat_copy(vm, a, -1);
        axis = 0;
        all = true;
    } else {
        if (a->ndim == 0) {
            vm_raise(vm, vm->e_IndexError, "axis -1 is out of bounds for array of dimension 0");
            goto out;
        }
        if (!np_axis_arg(vm, axisv == V_UNBOUND ? v_int(-1) : axisv, a->ndim, &axis, &all)) goto out;
        NdArray *moved = axis_last(vm, a, axis);
        work = moved ? np_copy(vm, moved, -1) : NULL;
    }
    if (!work) goto out;
    vm_push_root(vm, v_obj(work));
    int64_t rowlen = work->ndim ? work->shape[work->ndim - 1] : 1;
    int64_t rows = rowlen ? work->size / rowlen : 0;
    NdArray *res = work;
    if (arg) {
        res = np_new(vm, st, NP_INT64, work->ndim, work->shape, false);
        if (!res) goto out2;
    }
    vm_push_root(vm, v_obj(res));
    for (int64_t i = 0; i < rows; i++) {
        char *row = work->data + i * rowlen * np_itemsize(work);
        if (!sort_row(row, work->dtype, rowlen, arg ? (int64_t *)res->data + i * rowlen : NULL)) {
            vm_raise(vm, vm->e_MemoryError, "out of memory");
            goto out3;
        }
    }
    if (!inplace && (all || axis == a->ndim - 1)) r = v_obj(res);
    else {
        NdArray *back = axis_back(vm, res, axis);
        if (!back) goto out3;
        if (inplace) r = np_assign_array(vm, inplace, back) ? V_NONE : V_EXC;
        else {
            NdArray *c = np_copy(vm, back, -1);
            r = c ? v_obj(c) : V_EXC;
        }
    }
out3:
    vm_pop_roots(vm, 1);
out2:
    vm_pop_roots(vm, 1);
out:
    vm_pop_roots(vm, 1);
    return r;
}

static Value f_sort(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "axis", "kind", "order", "stable"};
    Value p[5];
    if (!np_parse(vm, "sort", args + 1, nargs - 1, kw, names, 5, 4, 1, p)) return V_EXC;
    return sort_impl(vm, ST(args), p[0], p[1], false, NULL);
}

static Value f_argsort(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "axis", "kind", "order", "stable"};
    Value p[5];
    if (!np_parse(vm, "argsort", args + 1, nargs - 1, kw, names, 5, 4, 1, p)) return V_EXC;
    return sort_impl(vm, ST(args), p[0], p[1], true, NULL);
}

static Value m_sort(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"axis", "kind", "order", "stable"};
    Value p[4];
    if (!np_parse(vm, "sort", args + 1, nargs - 1, kw, names, 4, 3, 0, p)) return V_EXC;
    NdArray *a = AS_ND(args[0]);
    if (!(a->flags & NP_WRITEABLE)) return vm_raise(vm, vm->e_ValueError, "assignment destination is read-only");
    return sort_impl(vm, a->st, args[0], p[0] == V_NONE ? V_UNBOUND : p[0], false, a);
}

static Value m_argsort(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"axis", "kind", "order", "stable"};
    Value p[4];
    if (!np_parse(vm, "argsort", args + 1, nargs - 1, kw, names, 4, 3, 0, p)) return V_EXC;
    return sort_impl(vm, AS_ND(args[0])->st, args[0], p[0], true, NULL);
}

/* np.unique(ar, return_index, return_inverse, return_counts, axis=None) */
static Value f_unique(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"ar", "return_index", "return_inverse", "return_counts", "axis", "equal_nan"};
    Value p[6];
    if (!np_parse(vm, "unique", args + 1, nargs - 1, kw, names, 6, 5, 1, p)) return V_EXC;
    if (p[4] != V_UNBOUND && p[4] != V_NONE) return vm_raise(vm, vm->e_NotImplementedError, "np.unique(axis=...) is not supported by tirun's numpy");
    bool want[3];
    for (int i = 0; i < 3; i++) {
        int b = p[1 + i] == V_UNBOUND ? 0 : vm_truthy(vm, p[1 + i]);
        if (b < 0) return V_EXC;
        want[i] = b;
    }
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    Value r = V_EXC;
    NdArray *f = flat_copy(vm, a, -1);
    if (!f) goto out;
    vm_push_root(vm, v_obj(f));
    int64_t n = f->size;
    int size = np_itemsize(f);
    uint64_t *key = malloc(sizeof *key * (size_t)(n + 1));
    int64_t *idx = malloc(sizeof *idx * (size_t)(n + 1));
    if (!key || !idx) {
        free(key);
        free(idx);
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        goto out2;
    }
    for (int64_t i = 0; i < n; i++) {
        key[i] = key_of(f->data + i * size, f->dtype);
        idx[i] = i;
    }
    if (!radix_sort(key, idx, n, f->dtype == NP_BOOL ? 1 : size)) {
        free(key);
        free(idx);
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        goto out2;
    }
    int64_t nu = 0;
    for (int64_t i = 0; i < n; i++)
        if (i == 0 || key[i] != key[i - 1]) nu++;
    NdArray *u = np_new(vm, ST(args), f->dtype, 1, &nu, false);
    NdArray *first = want[0] ? np_new(vm, ST(args), NP_INT64, 1, &nu, false) : NULL;
    NdArray *inv = want[1] ? np_new(vm, ST(args), NP_INT64, a->ndim ? a->ndim : 1, a->ndim ? a->shape : &n, false) : NULL;
    NdArray *counts = want[2] ? np_new(vm, ST(args), NP_INT64, 1, &nu, false) : NULL;
    if (!u || (want[0] && !first) || (want[1] && !inv) || (want[2] && !counts)) {
        free(key);
        free(idx);
        goto out2;
    }
    int64_t j = -1;
    for (int64_t i = 0; i < n; i++) {
        if (i == 0 || key[i] != key[i - 1]) {
            j++;
            memcpy(u->data + j * size, f->data + idx[i] * size, size);
            if (first) ((int64_t *)first->data)[j] = idx[i];   /* stable: the first occurrence */
            if (counts) ((int64_t *)counts->data)[j] = 0;
        }
        if (counts) ((int64_t *)counts->data)[j]++;
        if (inv) ((int64_t *)inv->data)[idx[i]] = j;
    }
    free(key);
    free(idx);
    if (!want[0] && !want[1] && !want[2]) r = v_obj(u);
    else {
        Value items[4];
        uint32_t k = 0;
        items[k++] = v_obj(u);
        if (first) items[k++] = v_obj(first);
        if (inv) items[k++] = v_obj(inv);
        if (counts) items[k++] = v_obj(counts);
        r = vm_tuple_of(vm, items, k);
    }
out2:
    vm_pop_roots(vm, 1);
out:
    vm_pop_roots(vm, 1);
    return r;
}

static Value f_searchsorted(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "v", "side", "sorter"};
    Value p[4];
    if (!np_parse(vm, "searchsorted", args + 1, nargs - 1, kw, names, 4, 4, 2, p)) return V_EXC;
    bool right = false;
    if (p[2] != V_UNBOUND) {
        if (!v_has_layout(p[2], LAYOUT_STR)) return vm_raise(vm, vm->e_TypeError, "side must be a str");
        right = AS_STR(p[2])->data[0] == 'r';
    }
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    NdArray *v = np_from_py(vm, ST(args), p[1], -1);
    Value r = V_EXC;
    if (!v) goto out;
    vm_push_root(vm, v_obj(v));
    int t = np_promote(a->dtype, v->dtype);
    NdArray *fa = a->ndim == 1 ? np_copy(vm, a, NP_FLOAT64) : NULL;
    if (!fa) {
        if (vm->exc == V_NONE) vm_raise(vm, vm->e_ValueError, "object too deep for desired array");
        goto out2;
    }
    (void)t;
    vm_push_root(vm, v_obj(fa));
    NdArray *res = np_new(vm, ST(args), NP_INT64, v->ndim, v->shape, false);
    if (!res) goto out3;
    NdArray *fv = np_copy(vm, v, NP_FLOAT64);
    if (!fv) goto out3;
    const double *hay = (const double *)fa->data, *needle = (const double *)fv->data;
    int64_t n = fa->size;
    for (int64_t i = 0; i < fv->size; i++) {
        double x = needle[i];
        int64_t lo = 0, hi = n;
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            bool go_right = right ? !(x < hay[mid]) : hay[mid] < x;
            if (go_right) lo = mid + 1;
            else hi = mid;
        }
        ((int64_t *)res->data)[i] = lo;
    }
    r = np_result(vm, res);
out3:
    vm_pop_roots(vm, 1);
out2:
    vm_pop_roots(vm, 1);
out:
    vm_pop_roots(vm, 1);
    return r;
}

/* ---- nonzero and friends ---------------------------------------------------------------------- */

static bool elem_true(const char *p, int t)
{
    switch (np_types[t].size) {
    case 1: return *p != 0;
    case 2: return t == NP_FLOAT16 ? (*(const uint16_t *)p & 0x7FFF) != 0 : *(const uint16_t *)p != 0;
    case 4: return t == NP_FLOAT32 ? *(const float *)p != 0 : *(const uint32_t *)p != 0;
    default: return t == NP_FLOAT64 ? *(const double *)p != 0 : *(const uint64_t *)p != 0;
    }
}

/* The positions of true elements: an (count, ndim) int64 array in C order. */
static NdArray *true_positions(VM *vm, NdArray *a)
{
    int nd = a->ndim ? a->ndim : 1;
    int64_t count = 0, idx[NP_MAXDIMS] = {0};
    for (int64_t e = 0; e < a->size; e++) {
        char *p = a->data;
        for (int d = 0; d < a->ndim; d++) p += idx[d] * a->strides[d];
        count += elem_true(p, a->dtype);
        for (int d = a->ndim - 1; d >= 0; d--) {
            if (++idx[d] < a->shape[d]) break;
            idx[d] = 0;
        }
    }
    int64_t shape[2] = {count, nd};
    NdArray *r = np_new(vm, a->st, NP_INT64, 2, shape, false);
    if (!r) return NULL;
    int64_t *out = (int64_t *)r->data, k = 0;
    memset(idx, 0, sizeof idx);
    for (int64_t e = 0; e < a->size; e++) {
        char *p = a->data;
        for (int d = 0; d < a->ndim; d++) p += idx[d] * a->strides[d];
        if (elem_true(p, a->dtype)) {
            for (int d = 0; d < nd; d++) out[k * nd + d] = a->ndim ? idx[d] : 0;
            k++;
        }
        for (int d = a->ndim - 1; d >= 0; d--) {
            if (++idx[d] < a->shape[d]) break;
            idx[d] = 0;
        }
    }
    return r;
}

static Value nonzero_of(VM *vm, NdArray *a)
{
    NdArray *pos = true_positions(vm, a);
    if (!pos) return V_EXC;
    vm_push_root(vm, v_obj(pos));
    int nd = (int)pos->shape[1];
    Value t = vm_new_tuple(vm, (uint32_t)nd);
    if (t == V_EXC) {
        vm_pop_roots(vm, 1);
        return V_EXC;
    }
    vm_push_root(vm, t);
    for (int d = 0; d < nd; d++) {
        NdArray *col = np_view(vm, a->st, v_obj(pos), NP_INT64, pos->data + d * 8, 1, pos->shape, (int64_t[]){nd * 8}, false);
        NdArray *c = col ? np_copy(vm, col, -1) : NULL;
        if (!c) {
            vm_pop_roots(vm, 2);
            return V_EXC;
        }
        AS_TUPLE(t)->items[d] = v_obj(c);
    }
    vm_pop_roots(vm, 2);
    return t;
}

static Value f_nonzero(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "nonzero", nargs - 1, kw, 1, 1)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), args[1], -1);
    if (!a) return V_EXC;
    if (a->ndim == 0) return vm_raise(vm, vm->e_ValueError, "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.");
    vm_push_root(vm, v_obj(a));
    Value r = nonzero_of(vm, a);
    vm_pop_roots(vm, 1);
    return r;
}

static Value m_nonzero(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (AS_ND(args[0])->ndim == 0) return vm_raise(vm, vm->e_ValueError, "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.");
    return nonzero_of(vm, AS_ND(args[0]));
}

static Value f_argwhere(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "argwhere", nargs - 1, kw, 1, 1)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), args[1], -1);
    if (!a) return V_EXC;
    NdArray *r = true_positions(vm, a);
    if (r && a->ndim == 0) r->shape[1] = 0;
    return r ? v_obj(r) : V_EXC;
}

static Value f_flatnonzero(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "flatnonzero", nargs - 1, kw, 1, 1)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), args[1], -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    NdArray *f = flat_copy(vm, a, -1);
    Value r = f ? nonzero_of(vm, f) : V_EXC;
    vm_pop_roots(vm, 1);
    return r == V_EXC ? r : AS_TUPLE(r)->items[0];
}

static Value f_count_nonzero(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "axis", "keepdims"};
    Value p[3];
    if (!np_parse(vm, "count_nonzero", args + 1, nargs - 1, kw, names, 3, 3, 1, p)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    if (p[1] != V_UNBOUND && p[1] != V_NONE) {
        vm_push_root(vm, v_obj(a));
        int axis;
        bool all;
        Value r = V_EXC;
        if (np_axis_arg(vm, p[1], a->ndim, &axis, &all)) {
            NdArray *m = axis_last(vm, a, axis);
            NdArray *res = m ? np_new(vm, ST(args), NP_INT64, a->ndim - 1, m->shape, true) : NULL;
            if (res) {
                int64_t rowlen = m->shape[m->ndim - 1], rows = res->size, idx[NP_MAXDIMS] = {0};
                for (int64_t i = 0; i < rows; i++) {
                    char *p0 = m->data;
                    for (int d = 0; d < m->ndim - 1; d++) p0 += idx[d] * m->strides[d];
                    int64_t c = 0;
                    for (int64_t k = 0; k < rowlen; k++) c += elem_true(p0 + k * m->strides[m->ndim - 1], a->dtype);
                    ((int64_t *)res->data)[i] = c;
                    for (int d = m->ndim - 2; d >= 0; d--) {
                        if (++idx[d] < m->shape[d]) break;
                        idx[d] = 0;
                    }
                }
                r = np_result(vm, res);
            }
        }
        vm_pop_roots(vm, 1);
        return r;
    }
    int64_t c = 0;
    NpIter it;
    np_iter_init(&it, 1, &a, a->ndim, a->shape);
    while (np_iter_next(&it))
        for (int64_t k = 0; k < it.n; k++) c += elem_true(it.ptr[0] + k * it.stride[0], a->dtype);
    return vm_int_from_i64(vm, c);
}

/* ---- grids, differences, diagonals -------------------------------------------------------------- */

static Value f_meshgrid(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    bool ij = false, copy = true;
    int nkw = kw ? (int)kw->len : 0, n = nargs - 1;
    for (int i = 0; i < nkw; i++) {
        const char *name = AS_STR(kw->items[i])->data;
        Value v = args[1 + n + i];
        if (!strcmp(name, "indexing")) {
            if (!v_has_layout(v, LAYOUT_STR) || (strcmp(AS_STR(v)->data, "xy") && strcmp(AS_STR(v)->data, "ij")))
                return vm_raise(vm, vm->e_ValueError, "Valid values for `indexing` are 'xy' and 'ij'.");
            ij = AS_STR(v)->data[0] == 'i';
        } else if (!strcmp(name, "copy")) copy = vm_truthy(vm, v) == 1;
        else if (strcmp(name, "sparse"))
            return vm_raise(vm, vm->e_TypeError, "meshgrid() got an unexpected keyword argument '%s'", name);
    }
    (void)copy;
    if (n > NP_MAXDIMS) return vm_raise(vm, vm->e_ValueError, "too many arrays");
    NdArray *xs[NP_MAXDIMS];
    int64_t shape[NP_MAXDIMS];
    Value out = vm_new_tuple(vm, (uint32_t)n);
    if (out == V_EXC) return V_EXC;
    vm_push_root(vm, out);
    for (int i = 0; i < n; i++) {
        NdArray *x = np_from_py(vm, ST(args), args[1 + i], -1);
        if (!x || !(x = flat_copy(vm, x, -1))) {
            vm_pop_roots(vm, 1);
            return V_EXC;
        }
        AS_TUPLE(out)->items[i] = v_obj(x);
        xs[i] = x;
        shape[i] = x->size;
    }
    if (!ij && n >= 2) {
        int64_t t = shape[0];
        shape[0] = shape[1];
        shape[1] = t;
    }
    for (int i = 0; i < n; i++) {
        NdArray *r = np_new(vm, ST(args), xs[i]->dtype, n, shape, false);
        if (!r) {
            vm_pop_roots(vm, 1);
            return V_EXC;
        }
        int dim = !ij && n >= 2 && i < 2 ? 1 - i : i;
        int64_t st[NP_MAXDIMS] = {0};
        st[dim] = xs[i]->strides[0];
        NdArray *src = np_view(vm, ST(args), v_obj(xs[i]), xs[i]->dtype, xs[i]->data, n, shape, st, false);
        if (!src || !np_assign_array(vm, r, src)) {
            vm_pop_roots(vm, 1);
            return V_EXC;
        }
        AS_TUPLE(out)->items[i] = v_obj(r);
    }
    vm_pop_roots(vm, 1);
    /* numpy 2 returns a tuple */
    return out;
}

/* out = a[1:] - a[:-1] along axis, in the promoted dtype (bool: xor). */
static NdArray *diff_once(VM *vm, NdArray *a, int axis)
{
    int64_t shape[NP_MAXDIMS];
    memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
    shape[axis] = a->shape[axis] > 0 ? a->shape[axis] - 1 : 0;
    NdArray *r = np_new(vm, a->st, a->dtype, a->ndim, shape, false);
    if (!r) return NULL;
    NdArray *hi = np_view(vm, a->st, v_obj(a), a->dtype, a->data + a->strides[axis], a->ndim, shape, a->strides, false);
    NdArray *lo = hi ? np_view(vm, a->st, v_obj(a), a->dtype, a->data, a->ndim, shape, a->strides, false) : NULL;
    if (!lo) return NULL;
    NdArray *ops[3] = {r, hi, lo};
    NpIter it;
    np_iter_init(&it, 3, ops, r->ndim, r->shape);
    int t = a->dtype;
    while (np_iter_next(&it))
        for (int64_t k = 0; k < it.n; k++) {
            char *d = it.ptr[0] + k * it.stride[0];
            const char *x = it.ptr[1] + k * it.stride[1], *y = it.ptr[2] + k * it.stride[2];
            if (t == NP_BOOL) *d = (*x != 0) != (*y != 0);
            else if (np_is_float(t)) np_set_f64(d, t, np_get_f64(x, t) - np_get_f64(y, t));
            else np_set_u64(d, t, np_get_u64(x, t) - np_get_u64(y, t));
        }
    return r;
}

static Value f_diff(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "n", "axis", "prepend", "append"};
    Value p[5];
    if (!np_parse(vm, "diff", args + 1, nargs - 1, kw, names, 5, 3, 1, p)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    int64_t n = 1;
    if (p[1] != V_UNBOUND && !vm_index(vm, p[1], &n)) return V_EXC;
    if (n < 0) return vm_raise(vm, vm->e_ValueError, "order must be non-negative but got %lld", (long long)n);
    if (a->ndim == 0) return vm_raise(vm, vm->e_ValueError, "diff requires input that is at least one dimensional");
    int axis;
    bool all;
    if (!np_axis_arg(vm, p[2] == V_UNBOUND ? v_int(-1) : p[2], a->ndim, &axis, &all)) return V_EXC;
    size_t roots = vm->nroots;
    vm_push_root(vm, v_obj(a));
    for (int64_t i = 0; i < n; i++) {
        a = diff_once(vm, a, axis);
        if (!a) {
            vm->nroots = roots;
            return V_EXC;
        }
        vm_push_root(vm, v_obj(a));
    }
    vm->nroots = roots;
    return v_obj(a);
}

/* np.gradient(f, *varargs, axis=None, edge_order=1): uniform spacing per axis. */
static Value f_gradient(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int nkw = kw ? (int)kw->len : 0, npos = nargs - 1;
    Value axisv = V_NONE;
    int64_t edge = 1;
    for (int i = 0; i < nkw; i++) {
        const char *name = AS_STR(kw->items[i])->data;
        if (!strcmp(name, "axis")) axisv = args[1 + npos + i];
        else if (!strcmp(name, "edge_order")) {
            if (!vm_index(vm, args[1 + npos + i], &edge)) return V_EXC;
        } else return vm_raise(vm, vm->e_TypeError, "gradient() got an unexpected keyword argument '%s'", name);
    }
    if (npos < 1) return vm_raise(vm, vm->e_TypeError, "gradient() missing required argument 'f'");
    if (edge != 1 && edge != 2) return vm_raise(vm, vm->e_ValueError, "'edge_order' greater than 2 not supported");
    NdArray *f = np_from_py(vm, ST(args), args[1], -1);
    if (!f) return V_EXC;
    vm_push_root(vm, v_obj(f));
    int axes[NP_MAXDIMS], nax = 0;
    if (axisv == V_NONE)
        for (int d = 0; d < f->ndim; d++) axes[nax++] = d;
    else {
        int n;
        int64_t ax[NP_MAXDIMS];
        if (!np_shape_arg(vm, axisv, &n, ax)) goto fail;
        for (int i = 0; i < n; i++) {
            bool all;
            if (!np_axis_arg(vm, v_int(ax[i]), f->ndim, &axes[nax++], &all)) goto fail;
        }
    }
    double h[NP_MAXDIMS];
    int nsp = npos - 1;
    if (nsp != 0 && nsp != 1 && nsp != nax) {
        vm_raise(vm, vm->e_TypeError, "invalid number of arguments");
        goto fail;
    }
    for (int i = 0; i < nax; i++) {
        h[i] = 1;
        if (nsp) {
            Value s = args[2 + (nsp == 1 ? 0 : i)];
            if (np_is_array(s) && AS_ND(s)->ndim > 0) {
                vm_raise(vm, vm->e_NotImplementedError, "np.gradient with coordinate arrays is not supported by tirun's numpy");
                goto fail;
            }
            if (!vm_to_double(vm, s, &h[i])) goto fail;
        }
    }
    int t = np_is_float(f->dtype) ? f->dtype : NP_FLOAT64;
    NdArray *ff = np_copy(vm, f, NP_FLOAT64);
    if (!ff) goto fail;
    vm_push_root(vm, v_obj(ff));
    Value out = vm_new_list(vm, (uint32_t)nax);
    if (out == V_EXC) goto fail2;
    vm_push_root(vm, out);
    for (int i = 0; i < nax; i++) {
        int axis = axes[i];
        int64_t n = ff->shape[axis];
        if (n < edge + 1) {
            vm_raise(vm, vm->e_ValueError,
                     "Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required.");
            goto fail3;
        }
        NdArray *g = np_new(vm, ST(args), NP_FLOAT64, ff->ndim, ff->shape, false);
        if (!g || !vm_list_append(vm, AS_LIST(out), v_obj(g))) goto fail3;
        NdArray *fm = axis_last(vm, ff, axis), *gm = fm ? axis_last(vm, g, axis) : NULL;
        if (!gm) goto fail3;
        int64_t rows = n ? ff->size / n : 0, idx[NP_MAXDIMS] = {0};
        int64_t fs = fm->strides[fm->ndim - 1], gs = gm->strides[gm->ndim - 1];
        for (int64_t r = 0; r < rows; r++) {
            char *fp = fm->data, *gp = gm->data;
            for (int d = 0; d < fm->ndim - 1; d++) {
                fp += idx[d] * fm->strides[d];
                gp += idx[d] * gm->strides[d];
            }
#define F(k) (*(const double *)(fp + (k) * fs))
#define G(k) (*(double *)(gp + (k) * gs))
            for (int64_t k = 1; k < n - 1; k++) G(k) = (F(k + 1) - F(k - 1)) / (2 * h[i]);
            if (edge == 1) {
                G(0) = (F(1) - F(0)) / h[i];
                G(n - 1) = (F(n - 1) - F(n - 2)) / h[i];
            } else {
                G(0) = (-1.5 * F(0) + 2 * F(1) - 0.5 * F(2)) / h[i];
                G(n - 1) = (0.5 * F(n - 3) - 2 * F(n - 2) + 1.5 * F(n - 1)) / h[i];
            }
#undef F
#undef G
            for (int d = fm->ndim - 2; d >= 0; d--) {
                if (++idx[d] < fm->shape[d]) break;
                idx[d] = 0;
            }
        }
        if (t != NP_FLOAT64) {
            NdArray *c = np_copy(vm, g, t);
            if (!c) goto fail3;
            AS_LIST(out)->items[i] = v_obj(c);
        }
    }
    vm_pop_roots(vm, 3);
    if (nax == 1) return AS_LIST(out)->items[0];
    return vm_tuple_of(vm, AS_LIST(out)->items, AS_LIST(out)->len);
fail3:
    vm_pop_roots(vm, 1);
fail2:
    vm_pop_roots(vm, 1);
fail:
    vm_pop_roots(vm, 1);
    return V_EXC;
}

static Value f_diag(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"v", "k"};
    Value p[2];
    if (!np_parse(vm, "diag", args + 1, nargs - 1, kw, names, 2, 2, 1, p)) return V_EXC;
    int64_t k = 0;
    if (p[1] != V_UNBOUND && !vm_index(vm, p[1], &k)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    if (a->ndim == 1) {
        int64_t n = a->shape[0] + (k < 0 ? -k : k), shape[2] = {n, n};
        NdArray *r = np_new(vm, ST(args), a->dtype, 2, shape, true);
        if (!r) return V_EXC;
        for (int64_t i = 0; i < a->shape[0]; i++) {
            int64_t row = k >= 0 ? i : i - k, col = k >= 0 ? i + k : i;
            memcpy(r->data + row * r->strides[0] + col * r->strides[1], a->data + i * a->strides[0], np_itemsize(a));
        }
        return v_obj(r);
    }
    if (a->ndim != 2) return vm_raise(vm, vm->e_ValueError, "Input must be 1- or 2-d.");
    int64_t rows = a->shape[0], cols = a->shape[1];
    int64_t n = k >= 0 ? (cols - k < rows ? cols - k : rows) : (rows + k < cols ? rows + k : cols);
    if (n < 0) n = 0;
    NdArray *r = np_new(vm, ST(args), a->dtype, 1, &n, false);
    if (!r) return V_EXC;
    for (int64_t i = 0; i < n; i++) {
        int64_t row = k >= 0 ? i : i - k, col = k >= 0 ? i + k : i;
        memcpy(r->data + i * np_itemsize(a), a->data + row * a->strides[0] + col * a->strides[1], np_itemsize(a));
    }
    return v_obj(r);
}

static Value tri(VM *vm, Value *args, int nargs, TupleObj *kw, bool lower)
{
    static const char *const names[] = {"m", "k"};
    Value p[2];
    if (!np_parse(vm, lower ? "tril" : "triu", args + 1, nargs - 1, kw, names, 2, 2, 1, p)) return V_EXC;
    int64_t k = 0;
    if (p[1] != V_UNBOUND && !vm_index(vm, p[1], &k)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    if (a->ndim < 2) return vm_raise(vm, vm->e_ValueError, "input array must be at least 2-d");
    NdArray *r = np_copy(vm, a, -1);
    if (!r) return V_EXC;
    int64_t rows = r->shape[r->ndim - 2], cols = r->shape[r->ndim - 1], blocks = rows > 0 && cols > 0 ? r->size / (rows * cols) : 0;
    int size = np_itemsize(r);
    for (int64_t b = 0; b < blocks; b++)
        for (int64_t i = 0; i < rows; i++)
            for (int64_t j = 0; j < cols; j++)
                if (lower ? j - i > k : j - i < k) memset(r->data + ((b * rows + i) * cols + j) * size, 0, size);
    return v_obj(r);
}

static Value f_tril(VM *vm, Value *args, int nargs, TupleObj *kw) { return tri(vm, args, nargs, kw, true); }
static Value f_triu(VM *vm, Value *args, int nargs, TupleObj *kw) { return tri(vm, args, nargs, kw, false); }

static Value f_append(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"arr", "values", "axis"};
    Value p[3];
    if (!np_parse(vm, "append", args + 1, nargs - 1, kw, names, 3, 3, 2, p)) return V_EXC;
    NdArray *arr[2];
    arr[0] = np_from_py(vm, ST(args), p[0], -1);
    if (!arr[0]) return V_EXC;
    vm_push_root(vm, v_obj(arr[0]));
    arr[1] = np_from_py(vm, ST(args), p[1], -1);
    Value r = V_EXC;
    if (arr[1]) {
        vm_push_root(vm, v_obj(arr[1]));
        int64_t axis = 0;
        bool flat = p[2] == V_UNBOUND || p[2] == V_NONE;
        if (flat || vm_index(vm, p[2], &axis)) r = concat(vm, ST(args), arr, 2, (int)axis, flat, -1);
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    return r;
}

static Value f_take(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "indices", "axis", "out", "mode"};
    Value p[5];
    if (!np_parse(vm, "take", args + 1, nargs - 1, kw, names, 5, 5, 2, p)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    Value r = V_EXC;
    if (p[2] == V_UNBOUND || p[2] == V_NONE) {
        NdArray *f = flat_copy(vm, a, -1);
        if (f) r = vm_getitem(vm, v_obj(f), p[1]);
    } else {
        int axis;
        bool all;
        if (np_axis_arg(vm, p[2], a->ndim, &axis, &all)) {
            Value key = vm_new_tuple(vm, (uint32_t)(axis + 1));
            if (key != V_EXC) {
                for (int d = 0; d < axis; d++) AS_TUPLE(key)->items[d] = vm_new_slice(vm, V_NONE, V_NONE, V_NONE);
                AS_TUPLE(key)->items[axis] = p[1];
                r = vm_getitem(vm, v_obj(a), key);
            }
        }
    }
    vm_pop_roots(vm, 1);
    return r;
}

static Value f_bincount(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"x", "weights", "minlength"};
    Value p[3];
    if (!np_parse(vm, "bincount", args + 1, nargs - 1, kw, names, 3, 3, 1, p)) return V_EXC;
    NdArray *x = np_from_py(vm, ST(args), p[0], -1);
    if (!x) return V_EXC;
    if (x->ndim != 1) return vm_raise(vm, vm->e_ValueError, "object too deep for desired array");
    vm_push_root(vm, v_obj(x));
    Value r = V_EXC;
    NdArray *xi = np_copy(vm, x, NP_INT64);
    NdArray *w = NULL;
    int64_t minlength = 0;
    if (!xi || (p[2] != V_UNBOUND && p[2] != V_NONE && !vm_index(vm, p[2], &minlength))) goto out;
    vm_push_root(vm, v_obj(xi));
    if (p[1] != V_UNBOUND && p[1] != V_NONE) {
        w = np_array_copy(vm, ST(args), p[1], NP_FLOAT64);
        if (!w) goto out2;
        if (w->size != xi->size) {
            vm_raise(vm, vm->e_ValueError, "The weights and list don't have the same length.");
            goto out2;
        }
    }
    int64_t n = minlength;
    const int64_t *v = (const int64_t *)xi->data;
    for (int64_t i = 0; i < xi->size; i++) {
        if (v[i] < 0) {
            vm_raise(vm, vm->e_ValueError, "'list' argument must have no negative elements");
            goto out2;
        }
        if (v[i] + 1 > n) n = v[i] + 1;
    }
    NdArray *res = np_new(vm, ST(args), w ? NP_FLOAT64 : NP_INT64, 1, &n, true);
    if (!res) goto out2;
    for (int64_t i = 0; i < xi->size; i++) {
        if (w) ((double *)res->data)[v[i]] += ((double *)w->data)[i];
        else ((int64_t *)res->data)[v[i]]++;
    }
    r = v_obj(res);
out2:
    vm_pop_roots(vm, 1);
out:
    vm_pop_roots(vm, 1);
    return r;
}

static Value f_split_impl(VM *vm, Value *args, int nargs, TupleObj *kw, bool strict)
{
    static const char *const names[] = {"ary", "indices_or_sections", "axis"};
    Value p[3];
    if (!np_parse(vm, strict ? "split" : "array_split", args + 1, nargs - 1, kw, names, 3, 3, 2, p)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    Value out = V_EXC;
    int axis;
    bool all;
    if (!np_axis_arg(vm, p[2] == V_UNBOUND ? v_int(0) : p[2], a->ndim, &axis, &all)) goto done;
    int64_t len = a->shape[axis];
    int64_t bounds[1024 + 2];
    int nb = 0;
    bounds[nb++] = 0;
    if (v_has_layout(p[1], LAYOUT_LIST) || v_has_layout(p[1], LAYOUT_TUPLE) || np_is_array(p[1])) {
        Value l = vm_list_from(vm, p[1]);
        if (l == V_EXC) goto done;
        uint32_t n;
        Value *items = vm_seq_items(l, &n);
        if (n > 1024) {
            vm_raise(vm, vm->e_ValueError, "too many split points");
            goto done;
        }
        for (uint32_t i = 0; i < n; i++) {
            int64_t b;
            if (!vm_index(vm, items[i], &b)) goto done;
            if (b < 0) b += len;
            bounds[nb++] = b < 0 ? 0 : b > len ? len : b;
        }
    } else {
        int64_t sections;
        if (!vm_index(vm, p[1], &sections)) goto done;
        if (sections <= 0 || sections > 1024) {
            vm_raise(vm, vm->e_ValueError, "number sections must be larger than 0.");
            goto done;
        }
        if (strict && len % sections) {
            vm_raise(vm, vm->e_ValueError, "array split does not result in an equal division");
            goto done;
        }
        int64_t each = len / sections, extra = len % sections, pos = 0;
        for (int64_t i = 0; i < sections - 1; i++) {
            pos += each + (i < extra);
            bounds[nb++] = pos;
        }
    }
    bounds[nb++] = len;
    Value l = vm_new_list(vm, (uint32_t)(nb - 1));
    if (l == V_EXC) goto done;
    vm_push_root(vm, l);
    for (int i = 0; i + 1 < nb; i++) {
        int64_t lo = bounds[i], hi = bounds[i + 1] < lo ? lo : bounds[i + 1];
        int64_t shape[NP_MAXDIMS];
        memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
        shape[axis] = hi - lo;
        NdArray *v = np_view(vm, ST(args), v_obj(a), a->dtype, a->data + lo * a->strides[axis], a->ndim, shape, a->strides,
                             (a->flags & NP_WRITEABLE) != 0);
        if (!v || !vm_list_append(vm, AS_LIST(l), v_obj(v))) {
            vm_pop_roots(vm, 1);
            goto done;
        }
    }
    vm_pop_roots(vm, 1);
    out = l;
done:
    vm_pop_roots(vm, 1);
    return out;
}

static Value f_split(VM *vm, Value *args, int nargs, TupleObj *kw) { return f_split_impl(vm, args, nargs, kw, true); }
static Value f_array_split(VM *vm, Value *args, int nargs, TupleObj *kw) { return f_split_impl(vm, args, nargs, kw, false); }

static const NpFunction manip_functions[] = {
    {"concatenate", f_concatenate}, {"stack", f_stack}, {"vstack", f_vstack}, {"row_stack", f_vstack},
    {"hstack", f_hstack}, {"dstack", f_dstack}, {"column_stack", f_column_stack}, {"atleast_1d", f_atleast_1d},
    {"atleast_2d", f_atleast_2d}, {"atleast_3d", f_atleast_3d}, {"repeat", f_repeat}, {"tile", f_tile},
    {"roll", f_roll}, {"flip", f_flip}, {"fliplr", f_fliplr}, {"flipud", f_flipud}, {"moveaxis", f_moveaxis},
    {"sort", f_sort}, {"argsort", f_argsort}, {"unique", f_unique}, {"searchsorted", f_searchsorted},
    {"nonzero", f_nonzero}, {"argwhere", f_argwhere}, {"flatnonzero", f_flatnonzero},
    {"count_nonzero", f_count_nonzero}, {"meshgrid", f_meshgrid}, {"diff", f_diff}, {"gradient", f_gradient},
    {"diag", f_diag}, {"tril", f_tril}, {"triu", f_triu}, {"append", f_append}, {"take", f_take},
    {"bincount", f_bincount}, {"split", f_split}, {"array_split", f_array_split},
};

static const NpFunction manip_methods[] = {
    {"repeat", m_repeat}, {"sort", m_sort}, {"argsort", m_argsort}, {"nonzero", m_nonzero},
};

bool np_init_manip(VM *vm, NpState *st)
{
    return np_add_functions(vm, st, manip_functions, sizeof manip_functions / sizeof manip_functions[0]) &&
           np_add_methods(vm, st->t_ndarray, manip_methods, sizeof manip_methods / sizeof manip_methods[0]);
}

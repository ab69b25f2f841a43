/* numpy's ndarray type: indexing (basic and advanced), the shape methods and
 * attributes, conversions, and the _numpy module that puts the parts together. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "np.h"

bool np_init_dtypes(VM *vm, NpState *st);
Value np_new_dtype_obj(VM *vm, NpState *st, int t);

/* An array header on the C stack (no allocation): for np_assign_array and
 * np_iter over pieces of arrays. */
typedef struct {
    NdArray a;
    int64_t d[2 * NP_MAXDIMS];
} FakeNd;

static NdArray *fake(FakeNd *f, NpState *st, int dtype, char *data, int ndim, const int64_t *shape, const int64_t *strides)
{
    memset(&f->a, 0, sizeof f->a);
    f->a.base = V_NONE;
    f->a.st = st;
    f->a.dtype = (uint8_t)dtype;
    f->a.ndim = (uint8_t)ndim;
    f->a.data = data;
    f->a.shape = f->a.dims;
    f->a.strides = f->a.dims + ndim;
    f->a.size = 1;
    f->a.flags = NP_WRITEABLE;
    for (int i = 0; i < ndim; i++) {
        f->a.shape[i] = shape[i];
        f->a.strides[i] = strides[i];
        f->a.size *= shape[i];
    }
    return &f->a;
}

static NdArray *self_nd(VM *vm, Value v, const char *what)
{
    if (np_is_nd(v)) return AS_ND(v);
    vm_raise(vm, vm->e_TypeError, "descriptor '%s' requires a 'numpy.ndarray' object but received a '%s'", what,
             vm_type_name(vm, v));
    return NULL;
}

bool np_axis_arg(VM *vm, Value v, int ndim, int *axis, bool *all)
{
    *all = false;
    if (v == V_NONE || v == V_UNBOUND) {
        *all = true;
        *axis = -1;
        return true;
    }
    int64_t ax;
    if (!vm_index(vm, v, &ax)) {
        vm->exc = V_NONE;
        vm_raise(vm, vm->e_TypeError, "'%s' object cannot be interpreted as an integer", vm_type_name(vm, v));
        return false;
    }
    if (ax < -ndim || ax >= ndim) {
        vm_raise(vm, vm->e_IndexError, "axis %lld is out of bounds for array of dimension %d", (long long)ax, ndim);
        return false;
    }
    *axis = (int)(ax < 0 ? ax + ndim : ax);
    return true;
}

/* ---- indexing -------------------------------------------------------------------------- */

static bool index_error(VM *vm, int64_t i, int axis, int64_t n)
{
    vm_raise(vm, vm->e_IndexError, "index %lld is out of bounds for axis %d with size %lld", (long long)i, axis,
             (long long)n);
    return false;
}

/* An integer index: Python ints, numpy integer scalars, __index__ objects. 1
 * yes (*out set), 0 not an integer, -1 error. */
static int as_int_index(VM *vm, Value v, int64_t *out)
{
    if (v_is_int(v)) {
        *out = v_as_int(v);
        return 1;
    }
    if (v_is_bool(v) || v_is_double(v) || v == V_NONE || v == V_ELLIPSIS) return 0;
    if (np_is_nd(v)) {
        NdArray *a = AS_ND(v);
        if (a->ndim != 0 || !np_is_integer(a->dtype)) return 0;
        *out = np_get_i64(a->data, a->dtype);
        return 1;
    }
    if (v_has_layout(v, LAYOUT_SLICE) || v_has_layout(v, LAYOUT_LIST) || v_has_layout(v, LAYOUT_TUPLE)) return 0;
    if (!v_is_obj(v)) return 0;
    if (vm_type_lookup(vm_type_of(vm, v), vm_intern(vm, "__index__", 9)) == V_UNBOUND) return 0;
    return vm_index(vm, v, out) ? 1 : -1;
}

static bool is_advanced(Value v)
{
    return v_has_layout(v, LAYOUT_LIST) || np_is_array(v) || v_is_bool(v) ||
           (np_is_nd(v) && AS_ND(v)->dtype == NP_BOOL);
}

typedef struct {
    int n;
    Value items[NP_MAXDIMS * 2 + 2];
} IndexItems;

static bool split_key(VM *vm, Value key, IndexItems *ix)
{
    ix->n = 0;
    if (v_has_layout(key, LAYOUT_TUPLE)) {
        TupleObj *t = AS_TUPLE(key);
        if (t->len > NP_MAXDIMS * 2) {
            vm_raise(vm, vm->e_IndexError, "too many indices for array");
            return false;
        }
        for (uint32_t i = 0; i < t->len; i++) ix->items[ix->n++] = t->items[i];
    } else ix->items[ix->n++] = key;
    return true;
}

/* Basic indexing of a by items (ints, slices, None, Ellipsis; advanced ones
 * replaced by full slices when keep_adv, their dimension positions recorded
 * in adv_dim). Fills the view's ndim/shape/strides/data; *all_ints when the
 * result is one element. */
typedef struct {
    int ndim;
    int64_t shape[NP_MAXDIMS], strides[NP_MAXDIMS];
    char *data;
    bool all_ints;
    int nadv;
    int adv_item[NP_MAXDIMS], adv_dim[NP_MAXDIMS];   /* item position, dimension in the view */
} Basic;

static bool basic_index(VM *vm, NdArray *a, IndexItems *ix, Basic *b)
{
    int consumed = 0, nell = 0;
    for (int i = 0; i < ix->n; i++) {
        Value v = ix->items[i];
        if (v == V_NONE) continue;
        if (v == V_ELLIPSIS) {
            if (++nell > 1) {
                vm_raise(vm, vm->e_IndexError, "an index can only have a single ellipsis ('...')");
                return false;
            }
            continue;
        }
        if (np_is_nd(v) && AS_ND(v)->dtype == NP_BOOL && !(AS_ND(v)->flags & NP_SCALAR)) consumed += AS_ND(v)->ndim;
        else consumed++;
    }
    if (consumed > a->ndim) {
        vm_raise(vm, vm->e_IndexError, "too many indices for array: array is %d-dimensional, but %d were indexed",
                 a->ndim, consumed);
        return false;
    }
    b->ndim = 0;
    b->data = a->data;
    b->all_ints = true;
    b->nadv = 0;
    int d = 0;   /* next dimension of a */
    for (int i = 0; i < ix->n; i++) {
        Value v = ix->items[i];
        int64_t k;
        if (v == V_NONE) {
            b->shape[b->ndim] = 1;
            b->strides[b->ndim++] = 0;
            b->all_ints = false;
            continue;
        }
        if (v == V_ELLIPSIS) {
            int n = a->ndim - consumed;
            for (int j = 0; j < n; j++, d++) {
                b->shape[b->ndim] = a->shape[d];
                b->strides[b->ndim++] = a->strides[d];
            }
            b->all_ints = false;
            continue;
        }
        if (is_advanced(v)) {
            int nd = np_is_nd(v) && AS_ND(v)->dtype == NP_BOOL && !(AS_ND(v)->flags & NP_SCALAR) ? AS_ND(v)->ndim : 1;
            b->adv_item[b->nadv] = i;
            b->adv_dim[b->nadv++] = b->ndim;
            for (int j = 0; j < nd; j++, d++) {
                b->shape[b->ndim] = a->shape[d];
                b->strides[b->ndim++] = a->strides[d];
            }
            b->all_ints = false;
            continue;
        }
        int r = as_int_index(vm, v, &k);
        if (r < 0) return false;
        if (r) {
            int64_t n = a->shape[d];
            if (k < -n || k >= n) return index_error(vm, k, d, n);
            if (k < 0) k += n;
            b->data += k * a->strides[d];
            d++;
            continue;
        }
        if (v_has_layout(v, LAYOUT_SLICE)) {
            int64_t start, stop, step, len;
            if (!vm_slice_indices(vm, v, a->shape[d], &start, &stop, &step, &len)) return false;
            b->data += start * a->strides[d];
            b->shape[b->ndim] = len;
            b->strides[b->ndim++] = a->strides[d] * step;
            d++;
            b->all_ints = false;
            continue;
        }
        vm_raise(vm, vm->e_IndexError,
                 "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays "
                 "are valid indices");
        return false;
    }
    for (; d < a->ndim; d++) {
        b->shape[b->ndim] = a->shape[d];
        b->strides[b->ndim++] = a->strides[d];
        b->all_ints = false;
    }
    return true;
}

/* The integer index arrays of the advanced items (bool arrays become their
 * nonzero positions, one array per dimension they cover), broadcast. */
typedef struct {
    int n;                        /* index arrays */
    NdArray *idx[NP_MAXDIMS];     /* int64, broadcast to (bnd, bshape) */
    int dim[NP_MAXDIMS];          /* the view dimension each indexes */
    int bnd;
    int64_t bshape[NP_MAXDIMS];
    bool adjacent;                /* advanced dims are consecutive: result keeps their place */
    int first;                    /* first advanced view dim */
} Adv;

static NdArray *nonzero_dim(VM *vm, NdArray *mask, int which, int64_t count)
{
    NdArray *r = np_new(vm, mask->st, NP_INT64, 1, &count, false);
    if (!r) return NULL;
    int64_t pos = 0, idx[NP_MAXDIMS] = {0};
    int64_t *out = (int64_t *)r->data;
    for (int64_t e = 0; e < mask->size; e++) {
        char *p = mask->data;
        for (int d = 0; d < mask->ndim; d++) p += idx[d] * mask->strides[d];
        if (*p) out[pos++] = idx[which];
        for (int d = mask->ndim - 1; d >= 0; d--) {
            if (++idx[d] < mask->shape[d]) break;
            idx[d] = 0;
        }
    }
    return r;
}

static bool build_adv(VM *vm, NdArray *a, IndexItems *ix, Basic *b, Adv *adv)
{
    adv->n = 0;
    for (int j = 0; j < b->nadv; j++) {
        Value v = ix->items[b->adv_item[j]];
        int dim = b->adv_dim[j];
        NdArray *arr;
        if (v_is_bool(v)) {
            vm_raise(vm, vm->e_IndexError, "boolean scalar indices are not supported by tirun's numpy");
            return false;
        }
        arr = np_from_py(vm, a->st, v, -1);
        if (!arr) return false;
        vm_push_root(vm, v_obj(arr));
        if (arr->dtype == NP_BOOL) {
            for (int d = 0; d < arr->ndim; d++)
                if (arr->shape[d] != b->shape[dim + d]) {
                    vm_pop_roots(vm, 1);
                    vm_raise(vm, vm->e_IndexError,
                             "boolean index did not match indexed array along axis %d; size of axis is %lld but size of "
                             "corresponding boolean axis is %lld",
                             dim + d, (long long)b->shape[dim + d], (long long)arr->shape[d]);
                    return false;
                }
            int64_t count = 0;
            NpIter it;
            np_iter_init(&it, 1, &arr, arr->ndim, arr->shape);
            while (np_iter_next(&it))
                for (int64_t k = 0; k < it.n; k++) count += it.ptr[0][k * it.stride[0]] != 0;
            for (int d = 0; d < arr->ndim; d++) {
                NdArray *nz = nonzero_dim(vm, arr, d, count);
                if (!nz) {
                    vm_pop_roots(vm, 1);
                    return false;
                }
                vm_push_root(vm, v_obj(nz));
                adv->idx[adv->n] = nz;
                adv->dim[adv->n++] = dim + d;
            }
            vm_pop_roots(vm, 1 + arr->ndim);
            for (int d = 0; d < arr->ndim; d++) vm_push_root(vm, v_obj(adv->idx[adv->n - arr->ndim + d]));
            continue;
        }
        if (!np_is_integer(arr->dtype) && !(arr->size == 0)) {
            vm_pop_roots(vm, 1);
            vm_raise(vm, vm->e_IndexError, "arrays used as indices must be of integer (or boolean) type");
            return false;
        }
        /* normalize negatives and check bounds into an int64 copy */
        NdArray *c = np_copy(vm, arr, NP_INT64);
        vm_pop_roots(vm, 1);
        if (!c) return false;
        vm_push_root(vm, v_obj(c));
        int64_t n = b->shape[dim], *p = (int64_t *)c->data;
        for (int64_t k = 0; k < c->size; k++) {
            if (p[k] < -n || p[k] >= n) {
                vm_pop_roots(vm, 1);
                return index_error(vm, p[k], dim, n);
            }
            if (p[k] < 0) p[k] += n;
        }
        adv->idx[adv->n] = c;
        adv->dim[adv->n++] = dim;
    }
    /* roots: one per index array, popped by the caller (adv->n) */
    int ndims[NP_MAXDIMS];
    const int64_t *shapes[NP_MAXDIMS];
    for (int j = 0; j < adv->n; j++) {
        ndims[j] = adv->idx[j]->ndim;
        shapes[j] = adv->idx[j]->shape;
    }
    if (!np_broadcast_shapes(vm, adv->n, ndims, shapes, &adv->bnd, adv->bshape)) return false;
    adv->adjacent = true;
    for (int j = 1; j < adv->n; j++)
        if (adv->dim[j] != adv->dim[j - 1] + 1) adv->adjacent = false;
    adv->first = adv->n ? adv->dim[0] : 0;
    return true;
}

/* The result shape of advanced indexing and, for the view dims that stay,
 * their positions: rest[] lists view dims not indexed, in order; the result
 * is pre(rest dims before first) + B + post, or B + rest when not adjacent. */
static int adv_result_shape(const Basic *b, const Adv *adv, int64_t *shape, int *rest, int *nrest, int *bpos)
{
    bool indexed[NP_MAXDIMS] = {0};
    for (int j = 0; j < adv->n; j++) indexed[adv->dim[j]] = true;
    *nrest = 0;
    for (int d = 0; d < b->ndim; d++)
        if (!indexed[d]) rest[(*nrest)++] = d;
    int npre = 0;
    if (adv->adjacent)
        for (int r = 0; r < *nrest; r++)
            if (rest[r] < adv->first) npre++;
    int nd = 0;
    for (int r = 0; r < npre; r++) shape[nd++] = b->shape[rest[r]];
    *bpos = nd;
    for (int k = 0; k < adv->bnd; k++) shape[nd++] = adv->bshape[k];
    for (int r = npre; r < *nrest; r++) shape[nd++] = b->shape[rest[r]];
    return nd;
}

/* Walks every position of the broadcast index: calls fn with the source
 * element offset of the advanced dims and the flat position b. */
static int64_t adv_offset(const Basic *b, const Adv *adv, const int64_t *bidx)
{
    int64_t off = 0;
    for (int j = 0; j < adv->n; j++) {
        const NdArray *ia = adv->idx[j];
        int64_t e = 0;
        for (int d = 0; d < ia->ndim; d++) {
            int bd = d + adv->bnd - ia->ndim;
            if (ia->shape[d] != 1) e += bidx[bd] * ia->strides[d];
        }
        off += *(const int64_t *)(ia->data + e) * b->strides[adv->dim[j]];
    }
    return off;
}

/* getitem or setitem (value != V_UNBOUND) through advanced indices. */
static Value advanced(VM *vm, NdArray *a, IndexItems *ix, Basic *b, Value value)
{
    Adv adv;
    size_t roots = vm->nroots;
    if (!build_adv(vm, a, ix, b, &adv)) {
        vm->nroots = roots;
        return V_EXC;
    }
    int64_t shape[NP_MAXDIMS];
    int rest[NP_MAXDIMS], nrest, bpos;
    int nd = adv_result_shape(b, &adv, shape, rest, &nrest, &bpos);
    if (nd > NP_MAXDIMS) {
        vm->nroots = roots;
        return vm_raise(vm, vm->e_IndexError, "too many dimensions");
    }
    /* the result (get) or the value broadcast to the result's shape (set) */
    NdArray *r;
    if (value == V_UNBOUND) r = np_new(vm, a->st, a->dtype, nd, shape, false);
    else {
        NdArray *v = np_from_py(vm, a->st, value, np_is_nd(value) ? -1 : a->dtype);
        if (!v) {
            vm->nroots = roots;
            return V_EXC;
        }
        vm_push_root(vm, v_obj(v));
        /* the value must broadcast to the result shape */
        int ndims[2] = {nd, v->ndim}, ond;
        const int64_t *shapes[2] = {shape, v->shape};
        int64_t oshape[NP_MAXDIMS];
        if (!np_broadcast_shapes(vm, 2, ndims, shapes, &ond, oshape) || ond > nd) {
            if (vm->exc == V_NONE)
                vm_raise(vm, vm->e_ValueError, "shape mismatch: value array could not be broadcast to indexing result");
            vm->nroots = roots;
            return V_EXC;
        }
        /* a broadcast view of v with the result's shape */
        FakeNd *fv = malloc(sizeof *fv);
        if (!fv) {
            vm->nroots = roots;
            return vm_raise(vm, vm->e_MemoryError, "out of memory");
        }
        int64_t vst[NP_MAXDIMS];
        for (int d = 0; d < nd; d++) {
            int vd = d - (nd - v->ndim);
            vst[d] = vd < 0 || v->shape[vd] == 1 ? 0 : v->strides[vd];
        }
        r = fake(fv, a->st, v->dtype, v->data, nd, shape, vst);
        /* copy into a real array so the loop below handles one case (and
         * overlap with a is harmless) */
        NdArray *rr = np_new(vm, a->st, a->dtype, nd, shape, false);
        if (rr) np_assign_array(vm, rr, r);
        free(fv);
        r = rr;
    }
    if (!r) {
        vm->nroots = roots;
        return V_EXC;
    }
    vm_push_root(vm, v_obj(r));
    /* per broadcast-index position: the rest dims form a block in both */
    int64_t rshape[NP_MAXDIMS], srcst[NP_MAXDIMS], dstst[NP_MAXDIMS];
    for (int k = 0; k < nrest; k++) {
        rshape[k] = b->shape[rest[k]];
        srcst[k] = b->strides[rest[k]];
        int rd = k < bpos ? k : k + adv.bnd;
        dstst[k] = r->strides[rd];
    }
    int64_t bsize = 1;
    for (int k = 0; k < adv.bnd; k++) bsize *= adv.bshape[k];
    int64_t bidx[NP_MAXDIMS] = {0};
    int size = np_itemsize(a);
    for (int64_t e = 0; e < bsize; e++) {
        int64_t off = adv_offset(b, &adv, bidx);
        char *rp = r->data;
        for (int k = 0; k < adv.bnd; k++) rp += bidx[k] * r->strides[bpos + k];
        char *ap = b->data + off;
        if (nrest == 0) {
            if (value == V_UNBOUND) memcpy(rp, ap, size);
            else memcpy(ap, rp, size);
        } else {
            FakeNd fa, fr;
            NdArray *va = fake(&fa, a->st, a->dtype, ap, nrest, rshape, srcst);
            NdArray *vr = fake(&fr, a->st, a->dtype, rp, nrest, rshape, dstst);
            if (value == V_UNBOUND) np_assign_array(vm, vr, va);
            else np_assign_array(vm, va, vr);
        }
        for (int k = adv.bnd - 1; k >= 0; k--) {
            if (++bidx[k] < adv.bshape[k]) break;
            bidx[k] = 0;
        }
    }
    vm->nroots = roots;
    return value == V_UNBOUND ? v_obj(r) : V_NONE;
}

static Value arr_getitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "__getitem__");
    if (!a || !vm_check_nargs(vm, "__getitem__", nargs - 1, kw, 1, 1)) return V_EXC;
    /* fast path: one integer on the first axis */
    Value key = args[1];
    if (v_is_int(key) && a->ndim >= 1) {
        int64_t k = v_as_int(key), n = a->shape[0];
        if (k < -n || k >= n) return index_error(vm, k, 0, n), V_EXC;
        if (k < 0) k += n;
        char *p = a->data + k * a->strides[0];
        if (a->ndim == 1) return np_scalar(vm, a->st, a->dtype, p);
        NdArray *r = np_view(vm, a->st, args[0], a->dtype, p, a->ndim - 1, a->shape + 1, a->strides + 1,
                             (a->flags & NP_WRITEABLE) != 0);
        return r ? v_obj(r) : V_EXC;
    }
    if (a->flags & NP_SCALAR) {
        if (key == V_ELLIPSIS || (v_has_layout(key, LAYOUT_TUPLE) && AS_TUPLE(key)->len == 0))
            return args[0];
        return vm_raise(vm, vm->e_IndexError, "invalid index to scalar variable.");
    }
    IndexItems ix;
    Basic b;
    if (!split_key(vm, key, &ix) || !basic_index(vm, a, &ix, &b)) return V_EXC;
    if (b.nadv) return advanced(vm, a, &ix, &b, V_UNBOUND);
    if (b.all_ints && b.ndim == 0) return np_scalar(vm, a->st, a->dtype, b.data);
    NdArray *r = np_view(vm, a->st, args[0], a->dtype, b.data, b.ndim, b.shape, b.strides, (a->flags & NP_WRITEABLE) != 0);
    return r ? v_obj(r) : V_EXC;
}

static bool check_writeable(VM *vm, NdArray *a)
{
    if (a->flags & NP_WRITEABLE) return true;
    vm_raise(vm, vm->e_ValueError, "assignment destination is read-only");
    return false;
}

static Value arr_setitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "__setitem__");
    if (!a || !vm_check_nargs(vm, "__setitem__", nargs - 1, kw, 2, 2)) return V_EXC;
    if (a->flags & NP_SCALAR)
        return vm_raise(vm, vm->e_TypeError, "'%s' object does not support item assignment", vm_type_name(vm, args[0]));
    if (!check_writeable(vm, a)) return V_EXC;
    Value key = args[1], value = args[2];
    if (v_is_int(key) && a->ndim == 1) {
        int64_t k = v_as_int(key), n = a->shape[0];
        if (k < -n || k >= n) return index_error(vm, k, 0, n), V_EXC;
        if (k < 0) k += n;
        return np_py_to_elem(vm, a->data + k * a->strides[0], a->dtype, value) ? V_NONE : V_EXC;
    }
    IndexItems ix;
    Basic b;
    if (!split_key(vm, key, &ix) || !basic_index(vm, a, &ix, &b)) return V_EXC;
    if (b.nadv) return advanced(vm, a, &ix, &b, value);
    if (b.all_ints && b.ndim == 0) return np_py_to_elem(vm, b.data, a->dtype, value) ? V_NONE : V_EXC;
    FakeNd f;
    NdArray *dst = fake(&f, a->st, a->dtype, b.data, b.ndim, b.shape, b.strides);
    if (np_is_nd(value) && (AS_ND(value)->data != a->data || AS_ND(value)->size <= 1))
        return np_assign_array(vm, dst, AS_ND(value)) ? V_NONE : V_EXC;
    /* through a new array: overlapping views of a, sequences, scalars */
    NdArray *v = np_is_nd(value) ? np_copy(vm, AS_ND(value), -1) : NULL;
    if (np_is_nd(value) && !v) return V_EXC;
    if (v) return np_assign_array(vm, dst, v) ? V_NONE : V_EXC;
    vm_push_root(vm, args[0]);
    bool ok = np_assign(vm, dst, value);
    vm_pop_roots(vm, 1);
    return ok ? V_NONE : V_EXC;
}

/* ---- shape methods --------------------------------------------------------------------- */

/* The shape from reshape's arguments (a tuple, or ints; one -1 inferred). */
static bool reshape_shape(VM *vm, NdArray *a, Value *args, int nargs, int *ndim, int64_t *shape)
{
    if (nargs == 1) {
        if (!np_shape_arg(vm, args[0], ndim, shape)) return false;
    } else {
        if (nargs > NP_MAXDIMS) return vm_raise(vm, vm->e_ValueError, "too many dimensions"), false;
        for (int i = 0; i < nargs; i++)
            if (!vm_index(vm, args[i], &shape[i])) return false;
        *ndim = nargs;
    }
    int unknown = -1;
    int64_t known = 1;
    for (int i = 0; i < *ndim; i++) {
        if (shape[i] == -1) {
            if (unknown >= 0) return vm_raise(vm, vm->e_ValueError, "can only specify one unknown dimension"), false;
            unknown = i;
        } else if (shape[i] < 0) return vm_raise(vm, vm->e_ValueError, "negative dimensions not allowed"), false;
        else known *= shape[i];
    }
    if (unknown >= 0 && known != 0 && a->size % known == 0) shape[unknown] = a->size / known;
    else if (unknown >= 0 || known != a->size) {
        char text[512];
        size_t n = (size_t)snprintf(text, sizeof text, "(");
        for (int i = 0; i < *ndim && n < sizeof text; i++)
            n += (size_t)snprintf(text + n, sizeof text - n, *ndim == 1 ? "%lld," : i ? ",%lld" : "%lld",
                                  (long long)shape[i]);
        vm_raise(vm, vm->e_ValueError, "cannot reshape array of size %lld into shape %s)", (long long)a->size, text);
        return false;
    }
    return true;
}

static Value do_reshape(VM *vm, Value self, int ndim, const int64_t *shape)
{
    NdArray *a = AS_ND(self);
    if (np_is_c_contiguous(a)) {
        int64_t strides[NP_MAXDIMS], s = np_itemsize(a);
        for (int i = ndim - 1; i >= 0; i--) {
            strides[i] = s;
            s *= shape[i] ? shape[i] : 1;
        }
        NdArray *r = np_view(vm, a->st, self, a->dtype, a->data, ndim, shape, strides, (a->flags & NP_WRITEABLE) != 0);
        return r ? v_obj(r) : V_EXC;
    }
    NdArray *c = np_copy(vm, a, -1);
    if (!c) return V_EXC;
    vm_push_root(vm, v_obj(c));
    Value r = do_reshape(vm, v_obj(c), ndim, shape);
    vm_pop_roots(vm, 1);
    return r;
}

static Value arr_reshape(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "reshape");
    if (!a) return V_EXC;
    int nkw = kw ? (int)kw->len : 0;
    int npos = nargs - 1;
    for (int i = 0; i < nkw; i++)
        if (strcmp(AS_STR(kw->items[i])->data, "order") && strcmp(AS_STR(kw->items[i])->data, "shape") &&
            strcmp(AS_STR(kw->items[i])->data, "newshape"))
            return vm_raise(vm, vm->e_TypeError, "reshape() got an unexpected keyword argument '%s'",
                            AS_STR(kw->items[i])->data);
    Value *shape_args = args + 1;
    if (npos == 0) {
        for (int i = 0; i < nkw; i++)
            if (strcmp(AS_STR(kw->items[i])->data, "order")) shape_args = &args[nargs + i];
        npos = 1;
        if (shape_args == args + 1) return vm_raise(vm, vm->e_TypeError, "reshape() missing required argument 'shape'");
    }
    int ndim;
    int64_t shape[NP_MAXDIMS];
    if (!reshape_shape(vm, a, shape_args, npos, &ndim, shape)) return V_EXC;
    return do_reshape(vm, args[0], ndim, shape);
}

static Value arr_ravel(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "ravel");
    if (!a) return V_EXC;
    int64_t n = a->size;
    return do_reshape(vm, args[0], 1, &n);
}

static Value arr_flatten(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "flatten");
    if (!a) return V_EXC;
    NdArray *c = np_copy(vm, a, -1);
    if (!c) return V_EXC;
    c->ndim = 1;
    c->shape[0] = a->size;
    c->strides = c->dims + 1;
    c->strides[0] = np_itemsize(a);
    return v_obj(c);
}

static Value transpose_axes(VM *vm, Value self, const int *perm)
{
    NdArray *a = AS_ND(self);
    int64_t shape[NP_MAXDIMS], strides[NP_MAXDIMS];
    for (int i = 0; i < a->ndim; i++) {
        shape[i] = a->shape[perm[i]];
        strides[i] = a->strides[perm[i]];
    }
    if (a->flags & NP_SCALAR) return self;
    NdArray *r = np_view(vm, a->st, self, a->dtype, a->data, a->ndim, shape, strides, (a->flags & NP_WRITEABLE) != 0);
    return r ? v_obj(r) : V_EXC;
}

static Value arr_transpose(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "transpose");
    if (!a) return V_EXC;
    int perm[NP_MAXDIMS];
    Value *ax = args + 1;
    int nax = nargs - 1;
    if (nax == 1 && (v_has_layout(ax[0], LAYOUT_TUPLE) || v_has_layout(ax[0], LAYOUT_LIST))) {
        uint32_t n;
        ax = vm_seq_items(ax[0], &n);
        nax = (int)n;
    } else if (nax == 1 && ax[0] == V_NONE) nax = 0;
    if (nax == 0) {
        for (int i = 0; i < a->ndim; i++) perm[i] = a->ndim - 1 - i;
    } else {
        if (nax != a->ndim) return vm_raise(vm, vm->e_ValueError, "axes don't match array");
        bool seen[NP_MAXDIMS] = {0};
        for (int i = 0; i < nax; i++) {
            int axis;
            bool all;
            if (!np_axis_arg(vm, ax[i], a->ndim, &axis, &all)) return V_EXC;
            if (seen[axis]) return vm_raise(vm, vm->e_ValueError, "repeated axis in transpose");
            seen[axis] = true;
            perm[i] = axis;
        }
    }
    return transpose_axes(vm, args[0], perm);
}

static Value arr_T(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = AS_ND(args[0]);
    int perm[NP_MAXDIMS];
    for (int i = 0; i < a->ndim; i++) perm[i] = a->ndim - 1 - i;
    return transpose_axes(vm, args[0], perm);
}

static Value arr_swapaxes(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "swapaxes");
    if (!a || !vm_check_nargs(vm, "swapaxes", nargs - 1, kw, 2, 2)) return V_EXC;
    int x, y;
    bool all;
    if (!np_axis_arg(vm, args[1], a->ndim, &x, &all) || !np_axis_arg(vm, args[2], a->ndim, &y, &all)) return V_EXC;
    int perm[NP_MAXDIMS];
    for (int i = 0; i < a->ndim; i++) perm[i] = i;
    perm[x] = y;
    perm[y] = x;
    return transpose_axes(vm, args[0], perm);
}

static Value arr_squeeze(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"axis"};
    Value p[1];
    NdArray *a = self_nd(vm, args[0], "squeeze");
    if (!a || !np_parse(vm, "squeeze", args + 1, nargs - 1, kw, names, 1, 1, 0, p)) return V_EXC;
    bool drop[NP_MAXDIMS] = {0};
    if (p[0] == V_UNBOUND || p[0] == V_NONE) {
        for (int i = 0; i < a->ndim; i++) drop[i] = a->shape[i] == 1;
    } else {
        Value one = p[0];
        uint32_t n = 1;
        Value *items = &one;
        if (v_has_layout(one, LAYOUT_TUPLE)) items = vm_seq_items(one, &n);
        for (uint32_t i = 0; i < n; i++) {
            int axis;
            bool all;
            if (!np_axis_arg(vm, items[i], a->ndim, &axis, &all)) return V_EXC;
            if (a->shape[axis] != 1)
                return vm_raise(vm, vm->e_ValueError, "cannot select an axis to squeeze out which has size not equal to one");
            drop[axis] = true;
        }
    }
    int64_t shape[NP_MAXDIMS], strides[NP_MAXDIMS];
    int nd = 0;
    for (int i = 0; i < a->ndim; i++)
        if (!drop[i]) {
            shape[nd] = a->shape[i];
            strides[nd++] = a->strides[i];
        }
    if (a->flags & NP_SCALAR) return args[0];
    NdArray *r = np_view(vm, a->st, args[0], a->dtype, a->data, nd, shape, strides, (a->flags & NP_WRITEABLE) != 0);
    return r ? v_obj(r) : V_EXC;
}

/* ---- conversions ----------------------------------------------------------------------- */

static Value arr_tolist(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "tolist");
    return a ? np_tolist(vm, a) : V_EXC;
}

static Value arr_item(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "item");
    if (!a) return V_EXC;
    if (nargs == 1) {
        if (a->size != 1) return vm_raise(vm, vm->e_ValueError, "can only convert an array of size 1 to a Python scalar");
        return np_elem_to_py(vm, a->data, a->dtype);
    }
    if (nargs == 2 && v_is_int(args[1])) {
        int64_t k = v_as_int(args[1]);
        if (k < -a->size || k >= a->size) return vm_raise(vm, vm->e_IndexError, "index %lld is out of bounds for size %lld", (long long)k, (long long)a->size);
        if (k < 0) k += a->size;
        char *p = a->data;
        for (int d = a->ndim - 1; d >= 0; d--) {
            p += (k % a->shape[d]) * a->strides[d];
            k /= a->shape[d];
        }
        return np_elem_to_py(vm, p, a->dtype);
    }
    Value key = nargs == 2 ? args[1] : vm_tuple_of(vm, args + 1, (uint32_t)(nargs - 1));
    if (key == V_EXC) return V_EXC;
    Value getargs[2] = {args[0], key};
    Value r = arr_getitem(vm, getargs, 2, NULL);
    if (r == V_EXC) return r;
    return np_is_nd(r) && AS_ND(r)->ndim == 0 ? np_elem_to_py(vm, AS_ND(r)->data, AS_ND(r)->dtype) : r;
}

static Value arr_astype(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"dtype", "order", "casting", "subok", "copy"};
    Value p[5];
    NdArray *a = self_nd(vm, args[0], "astype");
    if (!a || !np_parse(vm, "astype", args + 1, nargs - 1, kw, names, 5, 5, 1, p)) return V_EXC;
    int t = np_dtype_of(vm, a->st, p[0], -1);
    if (t < 0) return V_EXC;
    if (p[4] == V_FALSE && t == a->dtype) return args[0];
    if (a->flags & NP_SCALAR) {
        char elem[8];
        np_cast_elem(elem, t, a->data, a->dtype);
        return np_scalar(vm, a->st, t, elem);
    }
    NdArray *r = np_copy(vm, a, t);
    return r ? v_obj(r) : V_EXC;
}

static Value arr_copy(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "copy");
    if (!a) return V_EXC;
    if (a->flags & NP_SCALAR) return args[0];
    NdArray *r = np_copy(vm, a, -1);
    return r ? v_obj(r) : V_EXC;
}

static Value arr_deepcopy(VM *vm, Value *args, int nargs, TupleObj *kw) { return arr_copy(vm, args, 1, NULL); }

static Value arr_fill(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "fill");
    if (!a || !vm_check_nargs(vm, "fill", nargs - 1, kw, 1, 1)) return V_EXC;
    if (!check_writeable(vm, a)) return V_EXC;
    char elem[8];
    Value v = args[1];
    if (!np_py_to_elem(vm, elem, a->dtype, v)) return V_EXC;
    FakeNd f;
    int64_t zero = 0, one = 1;
    NdArray *src = fake(&f, a->st, a->dtype, elem, 1, &one, &zero);
    return np_assign_array(vm, a, src) ? V_NONE : V_EXC;
}

static Value arr_len(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "__len__");
    if (!a) return V_EXC;
    if (a->ndim == 0) return vm_raise(vm, vm->e_TypeError, "len() of unsized object");
    return vm_int_from_i64(vm, a->shape[0]);
}

static Value arr_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "__iter__");
    if (!a) return V_EXC;
    if (a->ndim == 0) return vm_raise(vm, vm->e_TypeError, "iteration over a 0-d array");
    return vm_new_iter(vm, vm->t_seq_iterator, args[0]);
}

static Value scalar_of(VM *vm, Value self, const char *what, NdArray **out)
{
    NdArray *a = self_nd(vm, self, what);
    if (!a) return V_EXC;
    if (a->ndim != 0 && strcmp(what, "__bool__"))
        return vm_raise(vm, vm->e_TypeError, "only 0-dimensional arrays can be converted to Python scalars");
    if (a->size != 1) {
        if (!strcmp(what, "__bool__"))
            return vm_raise(vm, vm->e_ValueError,
                            "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
        return vm_raise(vm, vm->e_TypeError, "only length-1 arrays can be converted to Python scalars");
    }
    *out = a;
    return V_NONE;
}

static Value arr_float(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a;
    if (scalar_of(vm, args[0], "__float__", &a) == V_EXC) return V_EXC;
    return v_double(np_get_f64(a->data, a->dtype));
}

static Value arr_int(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a;
    if (scalar_of(vm, args[0], "__int__", &a) == V_EXC) return V_EXC;
    if (np_is_float(a->dtype)) {
        double d = np_get_f64(a->data, a->dtype);
        if (d != d) return vm_raise(vm, vm->e_ValueError, "cannot convert float NaN to integer");
        if (isinf(d)) return vm_raise(vm, vm->e_OverflowError, "cannot convert float infinity to integer");
        if (fabs(d) < 9e15) return vm_int_from_i64(vm, (int64_t)d);
        mpz_t z;
        mpz_init_set_d(z, d);
        Value r = vm_int_from_mpz(vm, z);
        mpz_clear(z);
        return r;
    }
    if (a->dtype == NP_BOOL) return v_int(a->data[0] != 0);
    return np_elem_to_py(vm, a->data, a->dtype);
}


static Value arr_index(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "__index__");
    if (!a) return V_EXC;
    if (a->ndim != 0 || !np_is_integer(a->dtype))
        return vm_raise(vm, vm->e_TypeError, "only integer scalar arrays can be converted to a scalar index");
    return np_elem_to_py(vm, a->data, a->dtype);
}

static Value arr_bool(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a;
    if (scalar_of(vm, args[0], "__bool__", &a) == V_EXC) return V_EXC;
    return v_bool(np_get_f64(a->data, a->dtype) != 0 || (np_is_float(a->dtype) && np_get_f64(a->data, a->dtype) != np_get_f64(a->data, a->dtype)));
}

static Value arr_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = AS_ND(args[0]);
    if (!(a->flags & NP_SCALAR)) return vm_raise(vm, vm->e_TypeError, "unhashable type: 'numpy.ndarray'");
    Value py = np_elem_to_py(vm, a->data, a->dtype);
    int64_t h;
    if (py == V_EXC || !vm_hash(vm, py, &h)) return V_EXC;
    return vm_int_from_i64(vm, h);
}

static Value arr_array(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_nd(vm, args[0], "__array__");
    if (!a) return V_EXC;
    if (nargs > 1 && args[1] != V_NONE) {
        int t = np_dtype_of(vm, a->st, args[1], -1);
        if (t < 0) return V_EXC;
        if (t != a->dtype) {
            NdArray *r = np_copy(vm, a, t);
            return r ? v_obj(r) : V_EXC;
        }
    }
    if (a->flags & NP_SCALAR) {
        NdArray *r = np_new(vm, a->st, a->dtype, 0, NULL, false);
        if (!r) return V_EXC;
        memcpy(r->data, a->data, np_itemsize(a));
        return v_obj(r);
    }
    return args[0];
}

/* A basic repr until format.c gives numpy's: array([1, 2]) from tolist. */
static Value arr_repr_basic(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = AS_ND(args[0]);
    Value l = np_tolist(vm, a);
    if (l == V_EXC) return V_EXC;
    Value r = vm_repr(vm, l);
    if (r == V_EXC || (a->flags & NP_SCALAR)) return r;
    char *buf = malloc(AS_STR(r)->len + 64);
    if (!buf) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    bool dflt = a->dtype == NP_FLOAT64 || a->dtype == NP_INT64 || a->dtype == NP_BOOL;
    sprintf(buf, "array(%s%s%s)", AS_STR(r)->data, dflt ? "" : ", dtype=", dflt ? "" : np_types[a->dtype].name);
    Value s = vm_cstr(vm, buf);
    free(buf);
    return s;
}

static Value arr_str_basic(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = AS_ND(args[0]);
    Value l = np_tolist(vm, a);
    return l == V_EXC ? V_EXC : vm_str(vm, l);
}

/* ---- attributes -------------------------------------------------------------------------- */

static Value get_shape(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = AS_ND(args[0]);
    return np_shape_tuple(vm, a->ndim, a->shape);
}

static Value set_shape(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = AS_ND(args[0]);
    if (nargs < 2) return vm_raise(vm, vm->e_AttributeError, "cannot delete array shape");
    int ndim;
    int64_t shape[NP_MAXDIMS];
    if (!reshape_shape(vm, a, args + 1, 1, &ndim, shape)) return V_EXC;
    if (!np_is_c_contiguous(a))
        return vm_raise(vm, vm->e_AttributeError, "Incompatible shape for in-place modification. Use `.reshape()` to make a copy with the desired shape.");
    int cap = (int)((a->nat.size - sizeof(NdArray)) / (2 * sizeof(int64_t)));
    if (ndim > cap) return vm_raise(vm, vm->e_AttributeError, "tirun's numpy cannot add dimensions in place; use reshape");
    a->ndim = (uint8_t)ndim;
    a->shape = a->dims;
    a->strides = a->dims + ndim;
    int64_t s = np_itemsize(a);
    for (int i = ndim - 1; i >= 0; i--) {
        a->shape[i] = shape[i];
        a->strides[i] = s;
        s *= shape[i] ? shape[i] : 1;
    }
    return V_NONE;
}

static Value get_ndim(VM *vm, Value *args, int nargs, TupleObj *kw) { return v_int(AS_ND(args[0])->ndim); }
static Value get_size(VM *vm, Value *args, int nargs, TupleObj *kw) { return vm_int_from_i64(vm, AS_ND(args[0])->size); }
static Value get_dtype(VM *vm, Value *args, int nargs, TupleObj *kw) { return AS_ND(args[0])->st->dtypes[AS_ND(args[0])->dtype]; }
static Value get_itemsize(VM *vm, Value *args, int nargs, TupleObj *kw) { return v_int(np_itemsize(AS_ND(args[0]))); }
static Value get_nbytes(VM *vm, Value *args, int nargs, TupleObj *kw) { return vm_int_from_i64(vm, np_nbytes(AS_ND(args[0]))); }
static Value get_strides(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = AS_ND(args[0]);
    return np_shape_tuple(vm, a->ndim, a->strides);
}
static Value get_base(VM *vm, Value *args, int nargs, TupleObj *kw) { return AS_ND(args[0])->base; }
static Value get_flat(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = AS_ND(args[0]);
    int64_t n = a->size;
    return do_reshape(vm, args[0], 1, &n);
}
static Value get_real(VM *vm, Value *args, int nargs, TupleObj *kw) { return args[0]; }

/* ---- module functions -------------------------------------------------------------------- */

static NpState *ST(Value *args) { return (NpState *)v_as_obj(args[0]); }

static Value f_array(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"object", "dtype", "copy", "order", "subok", "ndmin", "like"};
    Value p[7];
    if (!np_parse(vm, "array", args + 1, nargs - 1, kw, names, 7, 2, 1, p)) return V_EXC;
    int t = np_dtype_of(vm, ST(args), p[1], -1);
    if (t == -1 && vm->exc != V_NONE) return V_EXC;
    NdArray *a = p[2] == V_FALSE ? np_from_py(vm, ST(args), p[0], t) : np_array_copy(vm, ST(args), p[0], t);
    if (!a) return V_EXC;
    if (p[5] != V_UNBOUND) {
        int64_t ndmin;
        if (!vm_index(vm, p[5], &ndmin)) return V_EXC;
        if (ndmin > a->ndim) {
            int64_t shape[NP_MAXDIMS];
            int extra = (int)ndmin - a->ndim;
            for (int i = 0; i < extra; i++) shape[i] = 1;
            for (int i = 0; i < a->ndim; i++) shape[extra + i] = a->shape[i];
            vm_push_root(vm, v_obj(a));
            Value r = do_reshape(vm, v_obj(a), (int)ndmin, shape);
            vm_pop_roots(vm, 1);
            return r;
        }
    }
    return v_obj(a);
}

static Value f_asarray(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "dtype", "order", "like", "copy"};
    Value p[5];
    if (!np_parse(vm, "asarray", args + 1, nargs - 1, kw, names, 5, 3, 1, p)) return V_EXC;
    int t = np_dtype_of(vm, ST(args), p[1], -1);
    if (t == -1 && vm->exc != V_NONE) return V_EXC;
    if (np_is_nd(p[0]) && (AS_ND(p[0])->flags & NP_SCALAR)) {
        NdArray *a = np_array_copy(vm, ST(args), p[0], t);
        return a ? v_obj(a) : V_EXC;
    }
    NdArray *a = np_from_py(vm, ST(args), p[0], t);
    return a ? v_obj(a) : V_EXC;
}

static Value f_ascontiguousarray(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "dtype", "like"};
    Value p[3];
    if (!np_parse(vm, "ascontiguousarray", args + 1, nargs - 1, kw, names, 3, 2, 1, p)) return V_EXC;
    int t = np_dtype_of(vm, ST(args), p[1], -1);
    if (t == -1 && vm->exc != V_NONE) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[0], t);
    if (!a) return V_EXC;
    if (a->ndim == 0) {
        int64_t one = 1;
        NdArray *r = np_new(vm, ST(args), a->dtype, 1, &one, false);
        if (r) memcpy(r->data, a->data, np_itemsize(a));
        return r ? v_obj(r) : V_EXC;
    }
    NdArray *r = np_contiguous(vm, a, -1);
    return r ? v_obj(r) : V_EXC;
}

/* zeros / ones / empty / full (shape, dtype=float64) */
static Value filled(VM *vm, NpState *st, Value shape_v, Value dtype_v, Value fill, int dflt)
{
    int ndim;
    int64_t shape[NP_MAXDIMS];
    if (!np_shape_arg(vm, shape_v, &ndim, shape)) return V_EXC;
    int t = np_dtype_of(vm, st, dtype_v, dflt);
    if (t < 0) return V_EXC;
    NdArray *a = np_new(vm, st, t, ndim, shape, fill == V_UNBOUND || fill == v_int(0));
    if (!a) return V_EXC;
    if (fill != V_UNBOUND && fill != v_int(0)) {
        vm_push_root(vm, v_obj(a));
        bool ok = np_assign(vm, a, fill);
        vm_pop_roots(vm, 1);
        if (!ok) return V_EXC;
    }
    return v_obj(a);
}

static Value f_zeros(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"shape", "dtype", "order", "like"};
    Value p[4];
    if (!np_parse(vm, "zeros", args + 1, nargs - 1, kw, names, 4, 3, 1, p)) return V_EXC;
    return filled(vm, ST(args), p[0], p[1], v_int(0), NP_FLOAT64);
}

static Value f_ones(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"shape", "dtype", "order", "like"};
    Value p[4];
    if (!np_parse(vm, "ones", args + 1, nargs - 1, kw, names, 4, 3, 1, p)) return V_EXC;
    return filled(vm, ST(args), p[0], p[1], v_int(1), NP_FLOAT64);
}

static Value f_empty(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"shape", "dtype", "order", "like"};
    Value p[4];
    if (!np_parse(vm, "empty", args + 1, nargs - 1, kw, names, 4, 3, 1, p)) return V_EXC;
    return filled(vm, ST(args), p[0], p[1], V_UNBOUND, NP_FLOAT64);
}

static Value f_full(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"shape", "fill_value", "dtype", "order", "like"};
    Value p[5];
    if (!np_parse(vm, "full", args + 1, nargs - 1, kw, names, 5, 4, 2, p)) return V_EXC;
    int dflt = NP_FLOAT64;
    if (p[2] == V_UNBOUND || p[2] == V_NONE) {
        NdArray *f = np_from_py(vm, ST(args), p[1], -1);
        if (!f) return V_EXC;
        dflt = f->dtype;
    }
    return filled(vm, ST(args), p[0], p[2], p[1], dflt);
}

static Value like(VM *vm, NpState *st, Value proto, Value dtype_v, Value shape_v, Value fill)
{
    NdArray *a = np_from_py(vm, st, proto, -1);
    if (!a) return V_EXC;
    int t = np_dtype_of(vm, st, dtype_v, a->dtype);
    if (t < 0) return V_EXC;
    int ndim = a->ndim;
    int64_t shape[NP_MAXDIMS];
    memcpy(shape, a->shape, sizeof(int64_t) * (size_t)ndim);
    if (shape_v != V_UNBOUND && shape_v != V_NONE && !np_shape_arg(vm, shape_v, &ndim, shape)) return V_EXC;
    NdArray *r = np_new(vm, st, t, ndim, shape, true);
    if (!r) return V_EXC;
    if (fill != V_UNBOUND) {
        vm_push_root(vm, v_obj(r));
        bool ok = np_assign(vm, r, fill);
        vm_pop_roots(vm, 1);
        if (!ok) return V_EXC;
    }
    return v_obj(r);
}

static Value f_zeros_like(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "dtype", "order", "subok", "shape"};
    Value p[5];
    if (!np_parse(vm, "zeros_like", args + 1, nargs - 1, kw, names, 5, 5, 1, p)) return V_EXC;
    return like(vm, ST(args), p[0], p[1], p[4], V_UNBOUND);
}

static Value f_empty_like(VM *vm, Value *args, int nargs, TupleObj *kw) { return f_zeros_like(vm, args, nargs, kw); }

static Value f_ones_like(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "dtype", "order", "subok", "shape"};
    Value p[5];
    if (!np_parse(vm, "ones_like", args + 1, nargs - 1, kw, names, 5, 5, 1, p)) return V_EXC;
    return like(vm, ST(args), p[0], p[1], p[4], v_int(1));
}

static Value f_full_like(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "fill_value", "dtype", "order", "subok", "shape"};
    Value p[6];
    if (!np_parse(vm, "full_like", args + 1, nargs - 1, kw, names, 6, 6, 2, p)) return V_EXC;
    return like(vm, ST(args), p[0], p[2], p[5], p[1]);
}

static bool num_arg(VM *vm, Value v, double *d, bool *is_float)
{
    *is_float = v_is_double(v) || (np_is_nd(v) && np_is_float(AS_ND(v)->dtype));
    if (np_is_nd(v)) {
        *d = np_get_f64(AS_ND(v)->data, AS_ND(v)->dtype);
        return true;
    }
    if (!*is_float && !vm_is_int(vm, v)) *is_float = true;
    return vm_to_double(vm, v, d);
}

static Value f_arange(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"start", "stop", "step", "dtype", "like"};
    Value p[5];
    if (!np_parse(vm, "arange", args + 1, nargs - 1, kw, names, 5, 4, 1, p)) return V_EXC;
    Value vs = p[0], ve = p[1], vstep = p[2];
    if (ve == V_UNBOUND || ve == V_NONE) {
        ve = vs;
        vs = v_int(0);
    }
    if (vstep == V_UNBOUND || vstep == V_NONE) vstep = v_int(1);
    double s, e, step;
    bool fs, fe, fst;
    if (!num_arg(vm, vs, &s, &fs) || !num_arg(vm, ve, &e, &fe) || !num_arg(vm, vstep, &step, &fst)) return V_EXC;
    if (step == 0) return vm_raise(vm, vm->e_ZeroDivisionError, "division by zero");
    int dflt = fs || fe || fst ? NP_FLOAT64 : NP_INT64;
    int t = np_dtype_of(vm, ST(args), p[3], dflt);
    if (t < 0) return V_EXC;
    double len = ceil((e - s) / step);
    int64_t n = len > 0 ? (int64_t)len : 0;
    NdArray *a = np_new(vm, ST(args), t, 1, &n, false);
    if (!a) return V_EXC;
    if (!np_is_float(dflt)) {
        int64_t is = (int64_t)s, istep = (int64_t)step;
        for (int64_t i = 0; i < n; i++) np_set_i64(a->data + i * np_itemsize(a), t, is + i * istep);
    } else {
        /* numpy computes start + i*delta with delta = (start+step) - start */
        double delta = (s + step) - s;
        for (int64_t i = 0; i < n; i++) np_set_f64(a->data + i * np_itemsize(a), t, s + (double)i * delta);
    }
    return v_obj(a);
}

static Value f_linspace(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"start", "stop", "num", "endpoint", "retstep", "dtype", "axis"};
    Value p[7];
    if (!np_parse(vm, "linspace", args + 1, nargs - 1, kw, names, 7, 7, 2, p)) return V_EXC;
    double s, e;
    bool f;
    if (!num_arg(vm, p[0], &s, &f) || !num_arg(vm, p[1], &e, &f)) return V_EXC;
    int64_t num = 50;
    if (p[2] != V_UNBOUND && !vm_index(vm, p[2], &num)) return V_EXC;
    if (num < 0) return vm_raise(vm, vm->e_ValueError, "Number of samples, %lld, must be non-negative.", (long long)num);
    bool endpoint = true;
    if (p[3] != V_UNBOUND) {
        int b = vm_truthy(vm, p[3]);
        if (b < 0) return V_EXC;
        endpoint = b;
    }
    int t = np_dtype_of(vm, ST(args), p[5], NP_FLOAT64);
    if (t < 0) return V_EXC;
    NdArray *a = np_new(vm, ST(args), NP_FLOAT64, 1, &num, false);
    if (!a) return V_EXC;
    int64_t div = endpoint ? num - 1 : num;
    double step = div > 0 ? (e - s) / (double)div : NAN;
    double *d = (double *)a->data;
    for (int64_t i = 0; i < num; i++) d[i] = div > 0 ? s + (double)i * step : s;
    if (endpoint && num > 1) d[num - 1] = e;
    vm_push_root(vm, v_obj(a));
    NdArray *r = t == NP_FLOAT64 ? a : np_copy(vm, a, t);
    Value out = r ? v_obj(r) : V_EXC;
    if (r && p[4] != V_UNBOUND && vm_truthy(vm, p[4]) == 1) {
        Value items[2] = {out, v_double(div > 0 ? step : NAN)};
        out = vm_tuple_of(vm, items, 2);
    }
    vm_pop_roots(vm, 1);
    return out;
}

static Value f_eye(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"N", "M", "k", "dtype", "order", "like"};
    Value p[6];
    if (!np_parse(vm, "eye", args + 1, nargs - 1, kw, names, 6, 5, 1, p)) return V_EXC;
    int64_t shape[2], k = 0;
    if (!vm_index(vm, p[0], &shape[0])) return V_EXC;
    shape[1] = shape[0];
    if (p[1] != V_UNBOUND && p[1] != V_NONE && !vm_index(vm, p[1], &shape[1])) return V_EXC;
    if (p[2] != V_UNBOUND && !vm_index(vm, p[2], &k)) return V_EXC;
    int t = np_dtype_of(vm, ST(args), p[3], NP_FLOAT64);
    if (t < 0) return V_EXC;
    NdArray *a = np_new(vm, ST(args), t, 2, shape, true);
    if (!a) return V_EXC;
    for (int64_t i = 0; i < shape[0]; i++)
        if (i + k >= 0 && i + k < shape[1]) np_set_i64(a->data + i * a->strides[0] + (i + k) * a->strides[1], t, 1);
    return v_obj(a);
}

static Value f_identity(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"n", "dtype", "like"};
    Value p[3];
    if (!np_parse(vm, "identity", args + 1, nargs - 1, kw, names, 3, 2, 1, p)) return V_EXC;
    Value a[5] = {args[0], p[0], V_NONE, v_int(0), p[1] == V_UNBOUND ? V_NONE : p[1]};
    return f_eye(vm, a, 5, NULL);
}

/* np.reshape(a, shape) and friends: the method on np.asarray(a). */
static Value via_method(VM *vm, Value *args, int nargs, TupleObj *kw, NativeFn m)
{
    if (nargs < 2) return vm_raise(vm, vm->e_TypeError, "missing required argument 'a'");
    NdArray *a = np_from_py(vm, ST(args), args[1], -1);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    args[1] = v_obj(a);
    Value r = m(vm, args + 1, nargs - 1, kw);
    vm_pop_roots(vm, 1);
    return r;
}

static Value f_reshape(VM *vm, Value *args, int nargs, TupleObj *kw) { return via_method(vm, args, nargs, kw, arr_reshape); }
static Value f_ravel(VM *vm, Value *args, int nargs, TupleObj *kw) { return via_method(vm, args, nargs, kw, arr_ravel); }
static Value f_transpose(VM *vm, Value *args, int nargs, TupleObj *kw) { return via_method(vm, args, nargs, kw, arr_transpose); }
static Value f_squeeze(VM *vm, Value *args, int nargs, TupleObj *kw) { return via_method(vm, args, nargs, kw, arr_squeeze); }
static Value f_swapaxes(VM *vm, Value *args, int nargs, TupleObj *kw) { return via_method(vm, args, nargs, kw, arr_swapaxes); }
static Value f_copy(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs < 2) return vm_raise(vm, vm->e_TypeError, "copy() missing required argument 'a'");
    NdArray *a = np_array_copy(vm, ST(args), args[1], -1);
    return a ? v_obj(a) : V_EXC;
}
static Value f_shape(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs != 2) return vm_raise(vm, vm->e_TypeError, "shape() takes 1 argument");
    NdArray *a = np_from_py(vm, ST(args), args[1], -1);
    return a ? np_shape_tuple(vm, a->ndim, a->shape) : V_EXC;
}
static Value f_ndim(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs != 2) return vm_raise(vm, vm->e_TypeError, "ndim() takes 1 argument");
    NdArray *a = np_from_py(vm, ST(args), args[1], -1);
    return a ? v_int(a->ndim) : V_EXC;
}
static Value f_size(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs < 2) return vm_raise(vm, vm->e_TypeError, "size() takes 1 argument");
    NdArray *a = np_from_py(vm, ST(args), args[1], -1);
    if (!a) return V_EXC;
    if (nargs > 2 && args[2] != V_NONE) {
        int axis;
        bool all;
        if (!np_axis_arg(vm, args[2], a->ndim, &axis, &all)) return V_EXC;
        return vm_int_from_i64(vm, a->shape[axis]);
    }
    return vm_int_from_i64(vm, a->size);
}

static Value f_promote_types(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs != 3) return vm_raise(vm, vm->e_TypeError, "promote_types() takes 2 arguments");
    int a = np_dtype_of(vm, ST(args), args[1], -1), b = a < 0 ? -1 : np_dtype_of(vm, ST(args), args[2], -1);
    if (b < 0) return V_EXC;
    return ST(args)->dtypes[np_promote(a, b)];
}

static Value f_broadcast_to(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"array", "shape", "subok"};
    Value p[3];
    if (!np_parse(vm, "broadcast_to", args + 1, nargs - 1, kw, names, 3, 3, 2, p)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    int ndim;
    int64_t shape[NP_MAXDIMS], strides[NP_MAXDIMS];
    if (!np_shape_arg(vm, p[1], &ndim, shape)) return V_EXC;
    if (ndim < a->ndim) return vm_raise(vm, vm->e_ValueError, "input operand has more dimensions than allowed by the axis remapping");
    for (int d = 0; d < ndim; d++) {
        int ad = d - (ndim - a->ndim);
        if (ad < 0) strides[d] = 0;
        else if (a->shape[ad] == shape[d]) strides[d] = a->strides[ad];
        else if (a->shape[ad] == 1) strides[d] = 0;
        else return vm_raise(vm, vm->e_ValueError, "operands could not be broadcast together with remapped shapes");
    }
    NdArray *r = np_view(vm, ST(args), v_obj(a), a->dtype, a->data, ndim, shape, strides, false);
    return r ? v_obj(r) : V_EXC;
}

static Value f_expand_dims(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "axis"};
    Value p[2];
    if (!np_parse(vm, "expand_dims", args + 1, nargs - 1, kw, names, 2, 2, 2, p)) return V_EXC;
    NdArray *a = np_from_py(vm, ST(args), p[0], -1);
    if (!a) return V_EXC;
    int axis;
    bool all;
    if (!np_axis_arg(vm, p[1], a->ndim + 1, &axis, &all)) return V_EXC;
    int64_t shape[NP_MAXDIMS];
    int nd = 0;
    for (int i = 0; i <= a->ndim; i++) {
        if (i == axis) shape[nd++] = 1;
        if (i < a->ndim) shape[nd++] = a->shape[i];
    }
    vm_push_root(vm, v_obj(a));
    Value r = do_reshape(vm, v_obj(a), nd, shape);
    vm_pop_roots(vm, 1);
    return r;
}

static Value f_isscalar(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs != 2) return vm_raise(vm, vm->e_TypeError, "isscalar() takes 1 argument");
    Value v = args[1];
    if (np_is_nd(v)) return v_bool(AS_ND(v)->flags & NP_SCALAR);
    return v_bool(v_is_int(v) || v_is_double(v) || v_is_bool(v) || v_has_layout(v, LAYOUT_BIGINT) ||
                  v_has_layout(v, LAYOUT_STR) || v_has_layout(v, LAYOUT_COMPLEX) || v_has_layout(v, LAYOUT_BYTES));
}

/* _numpy._dtype_index(x): the dtype number x names (for the Python layer). */
static Value f_dtype_num(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs != 2) return vm_raise(vm, vm->e_TypeError, "expected 1 argument");
    int t = np_dtype_of(vm, ST(args), args[1], -1);
    return t < 0 ? V_EXC : v_int(t);
}

/* ---- the state object ----------------------------------------------------------------------- */

static void state_trace(Obj *o, void (*mark)(void *gc, Value v), void *gc)
{
    NpState *st = (NpState *)o;
    TypeObj *types[] = {st->t_ndarray, st->t_dtype, st->t_flatiter, st->t_generic, st->t_number, st->t_integer,
                        st->t_signedinteger, st->t_unsignedinteger, st->t_inexact, st->t_floating};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (types[i]) mark(gc, v_obj(types[i]));
    for (int i = 0; i < NP_NTYPES; i++) {
        if (st->t_scalar[i]) mark(gc, v_obj(st->t_scalar[i]));
        if (st->dtypes[i]) mark(gc, st->dtypes[i]);
    }
    if (st->module) mark(gc, st->module);
    for (int i = 0; i < 16; i++)
        if (st->extra[i]) mark(gc, st->extra[i]);
}

static void state_release(Obj *o)
{
    NpState *st = (NpState *)o;
    for (int i = 0; i < 8; i++)
        if (st->part[i] && st->part_free[i]) st->part_free[i](st->part[i]);
}

static const NativeOps state_ops = {"numpy state", state_trace, state_release, NULL};

bool np_add_functions(VM *vm, NpState *st, const NpFunction *fns, size_t n)
{
    DictObj *d = v_as_obj(st->module)->dict;
    for (size_t i = 0; i < n; i++)
        if (!mod_dict_put(vm, d, fns[i].name, vm_new_builtin(vm, fns[i].name, fns[i].fn, v_obj(st)))) return false;
    return true;
}

bool np_add_methods(VM *vm, TypeObj *t, const NpFunction *fns, size_t n)
{
    for (size_t i = 0; i < n; i++) vm_add_method(vm, t, fns[i].name, fns[i].fn);
    return vm->exc == V_NONE;
}

bool np_add_property(VM *vm, NpState *st, const char *name, NativeFn get, NativeFn set, bool scalars)
{
    vm_add_property(vm, st->t_ndarray, name, get, set);
    if (scalars) vm_add_property(vm, st->t_generic, name, get, NULL);
    return vm->exc == V_NONE;
}

static const NpFunction array_methods[] = {
    {"__getitem__", arr_getitem}, {"__setitem__", arr_setitem}, {"__len__", arr_len}, {"__iter__", arr_iter},
    {"tolist", arr_tolist}, {"item", arr_item}, {"astype", arr_astype}, {"copy", arr_copy},
    {"__copy__", arr_copy}, {"__deepcopy__", arr_deepcopy}, {"reshape", arr_reshape}, {"ravel", arr_ravel},
    {"flatten", arr_flatten}, {"fill", arr_fill}, {"transpose", arr_transpose}, {"swapaxes", arr_swapaxes},
    {"squeeze", arr_squeeze}, {"__float__", arr_float}, {"__int__", arr_int}, {"__index__", arr_index},
    {"__bool__", arr_bool}, {"__hash__", arr_hash}, {"__array__", arr_array}, {"__repr__", arr_repr_basic},
    {"__str__", arr_str_basic},
};

/* what numpy scalars do not have */
static const char *const not_on_scalars[] = {"__setitem__", "__len__", "__iter__", "fill", "__new__", "__init__"};

static const struct {
    const char *name;
    NativeFn get, set;
} array_props[] = {
    {"shape", get_shape, set_shape}, {"ndim", get_ndim, NULL}, {"size", get_size, NULL}, {"dtype", get_dtype, NULL},
    {"itemsize", get_itemsize, NULL}, {"nbytes", get_nbytes, NULL}, {"strides", get_strides, NULL},
    {"T", arr_T, NULL}, {"base", get_base, NULL}, {"flat", get_flat, NULL}, {"real", get_real, NULL},
};

static const NpFunction module_functions[] = {
    {"array", f_array}, {"asarray", f_asarray}, {"asanyarray", f_asarray}, {"ascontiguousarray", f_ascontiguousarray},
    {"zeros", f_zeros}, {"ones", f_ones}, {"empty", f_empty}, {"full", f_full}, {"zeros_like", f_zeros_like},
    {"ones_like", f_ones_like}, {"empty_like", f_empty_like}, {"full_like", f_full_like}, {"arange", f_arange},
    {"linspace", f_linspace}, {"eye", f_eye}, {"identity", f_identity}, {"reshape", f_reshape}, {"ravel", f_ravel},
    {"transpose", f_transpose}, {"squeeze", f_squeeze}, {"swapaxes", f_swapaxes}, {"copy", f_copy},
    {"shape", f_shape}, {"ndim", f_ndim}, {"size", f_size}, {"promote_types", f_promote_types},
    {"broadcast_to", f_broadcast_to}, {"expand_dims", f_expand_dims}, {"isscalar", f_isscalar},
    {"_dtype_num", f_dtype_num},
};

/* ndarray(shape, dtype=float): an uninitialized (here: zeroed) array. */
static Value arr_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"shape", "dtype", "buffer", "offset", "strides", "order"};
    Value p[6];
    if (!np_parse(vm, "ndarray", args + 1, nargs - 1, kw, names, 6, 6, 1, p)) return V_EXC;
    Value s = vm_dict_get_str(AS_TYPE(args[0])->hdr.dict, vm_intern(vm, "_state", 6));
    if (s == V_UNBOUND) return vm_raise(vm, vm->e_TypeError, "cannot subclass numpy.ndarray in tirun");
    return filled(vm, (NpState *)v_as_obj(s), p[0], p[1], V_UNBOUND, NP_FLOAT64);
}

/* The hooks of parts not written yet are weak: a part's file defines the real one. */
__attribute__((weak)) bool np_init_ufunc(VM *vm, NpState *st) { return true; }
__attribute__((weak)) bool np_init_reduce(VM *vm, NpState *st) { return true; }
__attribute__((weak)) bool np_init_format(VM *vm, NpState *st) { return true; }
__attribute__((weak)) bool np_init_random(VM *vm, NpState *st) { return true; }
__attribute__((weak)) bool np_init_linalg(VM *vm, NpState *st) { return true; }
__attribute__((weak)) bool np_init_manip(VM *vm, NpState *st) { return true; }
__attribute__((weak)) bool np_init_npyio(VM *vm, NpState *st) { return true; }

Value mod_numpy_open(VM *vm)
{
    Value m = vm_new_module(vm, "_numpy");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    TypeObj *state_type = vm_new_builtin_type(vm, "_numpy.state", vm->t_object, LAYOUT_NATIVE);
    NpState *st = state_type ? vm_alloc(vm, state_type, sizeof *st) : NULL;
    if (!st) goto fail;
    st->nat.ops = &state_ops;
    st->nat.size = sizeof *st;
    st->module = m;
    DictObj *d = v_as_obj(m)->dict;
    if (!mod_dict_put(vm, d, "_state", v_obj(st))) goto fail;
    TypeObj *t = vm_new_builtin_type(vm, "numpy.ndarray", vm->t_object, LAYOUT_NATIVE);
    if (!t) goto fail;
    st->t_ndarray = t;
    if (!mod_dict_put(vm, t->hdr.dict, "_state", v_obj(st))) goto fail;
    vm_add_method(vm, t, "__new__", arr_new);
    if (!np_add_methods(vm, t, array_methods, sizeof array_methods / sizeof array_methods[0])) goto fail;
    for (size_t i = 0; i < sizeof array_props / sizeof array_props[0]; i++)
        vm_add_property(vm, t, array_props[i].name, array_props[i].get, array_props[i].set);
    if (!np_init_dtypes(vm, st) || !np_add_functions(vm, st, module_functions, sizeof module_functions / sizeof module_functions[0]))
        goto fail;
    if (!np_init_ufunc(vm, st) || !np_init_reduce(vm, st) || !np_init_format(vm, st) || !np_init_random(vm, st) ||
        !np_init_linalg(vm, st) || !np_init_manip(vm, st) || !np_init_npyio(vm, st))
        goto fail;
    /* numpy scalars have the array methods and attributes, less the mutating ones */
    DictObj *src = t->hdr.dict, *dst = st->t_generic->hdr.dict;
    for (uint32_t i = 0; i < src->nentries; i++) {
        DictEntry *e = &src->entries[i];
        if (e->key == V_UNBOUND || !v_has_layout(e->key, LAYOUT_STR)) continue;
        const char *name = AS_STR(e->key)->data;
        bool skip = !strcmp(name, "_state") || !strcmp(name, "__module__") || !strcmp(name, "__doc__") ||
                    !strcmp(name, "__qualname__") || !strcmp(name, "__name__");
        for (size_t k = 0; k < sizeof not_on_scalars / sizeof not_on_scalars[0]; k++)
            if (!strcmp(name, not_on_scalars[k])) skip = true;
        if (skip || vm_dict_get_str(dst, AS_STR(e->key)) != V_UNBOUND) continue;
        if (!vm_dict_set_str(vm, dst, AS_STR(e->key), e->value)) goto fail;
    }
    vm_type_modified(vm, st->t_generic);
    /* names */
    if (!mod_dict_put(vm, d, "ndarray", v_obj(t)) || !mod_dict_put(vm, d, "dtype", v_obj(st->t_dtype)) ||
        !mod_dict_put(vm, d, "generic", v_obj(st->t_generic)) || !mod_dict_put(vm, d, "number", v_obj(st->t_number)) ||
        !mod_dict_put(vm, d, "integer", v_obj(st->t_integer)) ||
        !mod_dict_put(vm, d, "signedinteger", v_obj(st->t_signedinteger)) ||
        !mod_dict_put(vm, d, "unsignedinteger", v_obj(st->t_unsignedinteger)) ||
        !mod_dict_put(vm, d, "inexact", v_obj(st->t_inexact)) || !mod_dict_put(vm, d, "floating", v_obj(st->t_floating)))
        goto fail;
    for (int i = 0; i < NP_NTYPES; i++) {
        if (!mod_dict_put(vm, d, i == NP_BOOL ? "bool" : np_types[i].name, v_obj(st->t_scalar[i]))) goto fail;
        char name[32];
        snprintf(name, sizeof name, "_dtype_%s", np_types[i].name);
        if (!mod_dict_put(vm, d, name, st->dtypes[i])) goto fail;
    }
    vm_pop_roots(vm, 1);
    return m;
fail:
    vm_pop_roots(vm, 1);
    return V_EXC;
}

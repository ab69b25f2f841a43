/* numpy's array object: allocation, views, scalars, contiguity, the broadcast
 * iterator, assignment with casting, and conversion from Python objects. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "np.h"

/* ---- the object -------------------------------------------------------------- */

static void array_trace(Obj *o, void (*mark)(void *gc, Value v), void *gc)
{
    NdArray *a = (NdArray *)o;
    mark(gc, a->base);
    if (a->st) mark(gc, v_obj(a->st));
}

/* ---- recycled big buffers ------------------------------------------------------
 * An expression like a * b + c over big arrays allocates a fresh buffer per
 * operation; fresh memory costs a page fault per page on first touch (numpy
 * pays it too), and the collector frees dead arrays only at its next cycle. So
 * buffers of 1 MiB and more that the collector frees are kept (up to eight, at
 * most 512 MiB) and handed to the next array of the same size. The cache is
 * reference counted: the state holds one reference and so does every big
 * buffer, alive or cached, since arrays may outlive their state's release. */
enum { BIG_MIN = 1 << 20, BIG_SLOTS = 8, BIG_HDR = 64 };
#define BIG_KEEP_MAX ((size_t)512 << 20)

typedef struct {
    int refs;
    bool open;                 /* the state is alive: freed buffers may be kept */
    int n;
    size_t kept;
    void *mem[BIG_SLOTS];
    size_t bytes[BIG_SLOTS];
} BufCache;

typedef struct {
    BufCache *cache;
    size_t bytes;
} BigHdr;

static void cache_unref(BufCache *c)
{
    if (--c->refs == 0) free(c);
}

static void cache_close(void *p)
{
    BufCache *c = p;
    c->open = false;
    for (int i = 0; i < c->n; i++) {
        free(c->mem[i]);
        c->refs--;
    }
    c->n = 0;
    cache_unref(c);
}

/* A big buffer for `bytes` elements (data at BIG_HDR past the block), from the
 * cache when one of that size is kept. */
static void *big_alloc(NpState *st, size_t bytes, bool zero)
{
    BufCache *c = st->part[NP_PART_UFUNC];
    if (!c) {
        c = calloc(1, sizeof *c);
        if (!c) return NULL;
        c->refs = 1;
        c->open = true;
        st->part[NP_PART_UFUNC] = c;
        st->part_free[NP_PART_UFUNC] = cache_close;
    }
    for (int i = 0; i < c->n; i++)
        if (c->bytes[i] == bytes) {
            void *mem = c->mem[i];
            c->kept -= bytes;
            c->mem[i] = c->mem[--c->n];
            c->bytes[i] = c->bytes[c->n];
            if (zero) memset((char *)mem + BIG_HDR, 0, bytes);
            return mem;
        }
    void *mem = zero ? calloc(bytes + BIG_HDR, 1) : malloc(bytes + BIG_HDR);
    if (!mem) return NULL;
    BigHdr *h = mem;
    h->cache = c;
    h->bytes = bytes;
    c->refs++;
    return mem;
}

static void big_free(void *mem)
{
    BigHdr *h = mem;
    BufCache *c = h->cache;
    if (c->open && c->n < BIG_SLOTS && c->kept + h->bytes <= BIG_KEEP_MAX) {
        c->mem[c->n] = mem;
        c->bytes[c->n++] = h->bytes;
        c->kept += h->bytes;
        return;
    }
    free(mem);
    cache_unref(c);
}

static void array_release(Obj *o)
{
    NdArray *a = (NdArray *)o;
    if (a->flags & NP_OWNDATA) {
        if (a->flags & NP_BIGBUF) big_free(a->alloc);
        else free(a->alloc);
    }
    a->alloc = NULL;
}

static size_t array_owned(const Obj *o)
{
    const NdArray *a = (const NdArray *)o;
    return (a->flags & NP_OWNDATA) ? (size_t)np_nbytes(a) : 0;
}

const NativeOps np_array_ops = {"numpy.ndarray", array_trace, array_release, array_owned};

/* An array object with room for ndim dimensions, nothing else set. */
static NdArray *alloc_obj(VM *vm, TypeObj *t, NpState *st, int ndim)
{
    size_t size = sizeof(NdArray) + 2 * (size_t)(ndim ? ndim : 1) * sizeof(int64_t);
    NdArray *a = vm_alloc(vm, t, size);
    if (!a) return NULL;
    a->nat.ops = &np_array_ops;
    a->nat.size = size;
    a->st = st;
    a->base = V_NONE;
    a->ndim = (uint8_t)ndim;
    a->shape = a->dims;
    a->strides = a->dims + ndim;
    return a;
}

static bool check_ndim(VM *vm, int ndim)
{
    if (ndim <= NP_MAXDIMS) return true;
    vm_raise(vm, vm->e_ValueError, "maximum supported dimension for an ndarray is currently %d, found %d", NP_MAXDIMS,
             ndim);
    return false;
}

/* Big blocks ask for transparent huge pages, as numpy does (from 4 MiB): the
 * first touch of a fresh 64 MB array then faults 32 pages, not 16384, which
 * otherwise costs more than the copy that fills it. */
static void hugepages(void *mem, size_t bytes)
{
    enum { HUGE = 1 << 22, PAGE = 4096 };
    if (bytes < HUGE) return;
    uintptr_t lo = ((uintptr_t)mem + PAGE - 1) & ~(uintptr_t)(PAGE - 1);
    uintptr_t hi = ((uintptr_t)mem + bytes) & ~(uintptr_t)(PAGE - 1);
    if (hi > lo) madvise((void *)lo, hi - lo, MADV_HUGEPAGE);   /* only advice: failure changes nothing */
}

NdArray *np_new(VM *vm, NpState *st, int dtype, int ndim, const int64_t *shape, bool zero)
{
    if (!check_ndim(vm, ndim)) return NULL;
    int64_t size = 1;
    for (int i = 0; i < ndim; i++) {
        if (shape[i] < 0) {
            vm_raise(vm, vm->e_ValueError, "negative dimensions are not allowed");
            return NULL;
        }
        if (shape[i] && size > INT64_MAX / 16 / shape[i]) {
            vm_raise(vm, vm->e_ValueError, "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
            return NULL;
        }
        size *= shape[i];
    }
    size_t bytes = (size_t)size * np_types[dtype].size;
    bool big = bytes >= BIG_MIN;
    void *mem = big ? big_alloc(st, bytes, zero) : zero ? calloc(bytes ? bytes : 1, 1) : malloc(bytes ? bytes : 1);
    if (!mem) {
        vm_raise(vm, vm->e_MemoryError, "Unable to allocate %.3g MiB for an array with shape and data type %s",
                 bytes / 1048576.0, np_types[dtype].name);
        return NULL;
    }
    hugepages(mem, bytes);
    NdArray *a = alloc_obj(vm, st->t_ndarray, st, ndim);
    if (!a) {
        if (big) big_free(mem);
        else free(mem);
        return NULL;
    }
    a->dtype = (uint8_t)dtype;
    a->flags = NP_WRITEABLE | NP_OWNDATA | (big ? NP_BIGBUF : 0);
    a->alloc = mem;
    a->data = big ? (char *)mem + BIG_HDR : mem;
    a->size = size;
    int64_t stride = np_types[dtype].size;
    for (int i = ndim - 1; i >= 0; i--) {
        a->shape[i] = shape[i];
        a->strides[i] = stride;
        stride *= shape[i] ? shape[i] : 1;
    }
    /* bytes counted toward collection pacing: big arrays trigger collections */
    vm->bytes_allocated += bytes;
    return a;
}

NdArray *np_view(VM *vm, NpState *st, Value base, int dtype, char *data, int ndim, const int64_t *shape,
                 const int64_t *strides, bool writeable)
{
    if (!check_ndim(vm, ndim)) return NULL;
    NdArray *a = alloc_obj(vm, st->t_ndarray, st, ndim);
    if (!a) return NULL;
    /* a view of a view keeps the owner alive, as numpy's base chain does */
    if (np_is_nd(base) && !(AS_ND(base)->flags & NP_OWNDATA) && AS_ND(base)->base != V_NONE) base = AS_ND(base)->base;
    a->base = base;
    a->dtype = (uint8_t)dtype;
    a->flags = writeable ? NP_WRITEABLE : 0;
    a->data = data;
    a->size = 1;
    for (int i = 0; i < ndim; i++) {
        a->shape[i] = shape[i];
        a->strides[i] = strides[i];
        a->size *= shape[i];
    }
    return a;
}

Value np_scalar(VM *vm, NpState *st, int dtype, const void *p)
{
    NdArray *a = alloc_obj(vm, st->t_scalar[dtype], st, 0);
    if (!a) return V_EXC;
    /* the element lives in the dims area (room for two int64s) */
    a->ndim = 0;
    a->dtype = (uint8_t)dtype;
    a->flags = NP_SCALAR;
    a->size = 1;
    a->data = (char *)a->dims;
    memcpy(a->data, p, np_types[dtype].size);
    return v_obj(a);
}

Value np_scalar_f64(VM *vm, NpState *st, int dtype, double d)
{
    char buf[8];
    np_set_f64(buf, dtype, d);
    return np_scalar(vm, st, dtype, buf);
}

Value np_scalar_i64(VM *vm, NpState *st, int dtype, int64_t i)
{
    char buf[8];
    np_set_i64(buf, dtype, i);
    return np_scalar(vm, st, dtype, buf);
}

Value np_result(VM *vm, NdArray *r)
{
    if (!r) return V_EXC;
    if (r->ndim == 0 && !(r->flags & NP_SCALAR)) return np_scalar(vm, r->st, r->dtype, r->data);
    return v_obj(r);
}

bool np_is_c_contiguous(const NdArray *a)
{
    int64_t stride = np_types[a->dtype].size;
    for (int i = a->ndim - 1; i >= 0; i--) {
        if (a->shape[i] == 0) return true;
        if (a->shape[i] != 1 && a->strides[i] != stride) return false;
        stride *= a->shape[i];
    }
    return true;
}

bool np_is_f_contiguous(const NdArray *a)
{
    int64_t stride = np_types[a->dtype].size;
    for (int i = 0; i < a->ndim; i++) {
        if (a->shape[i] == 0) return true;
        if (a->shape[i] != 1 && a->strides[i] != stride) return false;
        stride *= a->shape[i];
    }
    return true;
}

NdArray *np_copy(VM *vm, NdArray *a, int dtype)
{
    NdArray *r = np_new(vm, a->st, dtype < 0 ? a->dtype : dtype, a->ndim, a->shape, false);
    if (!r) return NULL;
    np_assign_array(vm, r, a);
    return r;
}

NdArray *np_contiguous(VM *vm, NdArray *a, int dtype)
{
    if ((dtype < 0 || dtype == a->dtype) && np_is_c_contiguous(a)) return a;
    return np_copy(vm, a, dtype);
}

/* ---- broadcasting and iteration ------------------------------------------------ */

static void shape_text(char *buf, size_t cap, int ndim, const int64_t *shape)
{
    size_t n = (size_t)snprintf(buf, cap, "(");
    for (int i = 0; i < ndim && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, ndim == 1 ? "%lld," : i ? ",%lld" : "%lld", (long long)shape[i]);
    if (n < cap) snprintf(buf + n, cap - n, ")");
}

bool np_broadcast_shapes(VM *vm, int n, const int *ndims, const int64_t *const *shapes, int *ndim_out,
                         int64_t *shape_out)
{
    int nd = 0;
    for (int i = 0; i < n; i++)
        if (ndims[i] > nd) nd = ndims[i];
    for (int d = 0; d < nd; d++) shape_out[d] = 1;
    for (int i = 0; i < n; i++) {
        for (int d = 0; d < ndims[i]; d++) {
            int64_t s = shapes[i][d], *o = &shape_out[nd - ndims[i] + d];
            if (s == *o || s == 1) continue;
            if (*o == 1) {
                *o = s;
                continue;
            }
            char text[1024];
            size_t len = 0;
            for (int k = 0; k < n && len < sizeof text - 64; k++) {
                shape_text(text + len, sizeof text - len, ndims[k], shapes[k]);
                len += strlen(text + len);
                text[len++] = ' ';
                text[len] = 0;
            }
            vm_raise(vm, vm->e_ValueError, "operands could not be broadcast together with shapes %s", text);
            return false;
        }
    }
    *ndim_out = nd;
    return true;
}

void np_iter_init(NpIter *it, int nop, NdArray *const *ops, int ndim, const int64_t *shape)
{
    it->nop = nop;
    it->started = false;
    it->done = false;
    int64_t total = 1;
    for (int d = 0; d < ndim; d++) total *= shape[d];
    /* per operand strides over the broadcast shape (0 where broadcast) */
    int64_t st[NP_ITER_MAXOP][NP_MAXDIMS];
    for (int i = 0; i < nop; i++) {
        const NdArray *a = ops[i];
        for (int d = 0; d < ndim; d++) {
            int ad = d - (ndim - a->ndim);
            st[i][d] = ad < 0 || a->shape[ad] == 1 ? 0 : a->strides[ad];
        }
        it->base[i] = a->data;
    }
    /* merge dimension d into d+1 when every operand steps evenly across them;
     * drop dimensions of length 1 */
    int64_t msh[NP_MAXDIMS];
    int64_t mst[NP_ITER_MAXOP][NP_MAXDIMS];
    int m = 0;
    for (int d = 0; d < ndim; d++) {
        if (shape[d] == 1) continue;
        bool merge = m > 0;
        for (int i = 0; merge && i < nop; i++)
            if (mst[i][m - 1] != st[i][d] * shape[d]) merge = false;
        if (merge) {
            msh[m - 1] *= shape[d];
            for (int i = 0; i < nop; i++) mst[i][m - 1] = st[i][d];
        } else {
            msh[m] = shape[d];
            for (int i = 0; i < nop; i++) mst[i][m] = st[i][d];
            m++;
        }
    }
    if (m == 0) {
        msh[0] = 1;
        for (int i = 0; i < nop; i++) mst[i][0] = 0;
        m = 1;
    }
    it->ndim = m;
    for (int d = 0; d < m; d++) {
        it->shape[d] = msh[d];
        it->idx[d] = 0;
        for (int i = 0; i < nop; i++) it->strides[i][d] = mst[i][d];
    }
    if (total == 0) it->done = true;
}

bool np_iter_next(NpIter *it)
{
    if (it->done) return false;
    int last = it->ndim - 1;
    if (it->started) {
        /* advance the outer index (the run covered the last dimension) */
        int d = last - 1;
        for (; d >= 0; d--) {
            if (++it->idx[d] < it->shape[d]) break;
            it->idx[d] = 0;
        }
        if (d < 0) {
            it->done = true;
            return false;
        }
    }
    it->started = true;
    it->n = it->shape[last];
    for (int i = 0; i < it->nop; i++) {
        char *p = it->base[i];
        for (int d = 0; d < last; d++) p += it->idx[d] * it->strides[i][d];
        it->ptr[i] = p;
        it->stride[i] = it->strides[i][last];
    }
    return true;
}

/* ---- assignment with casting ------------------------------------------------------ */

/* A typed copy loop per (destination, source) pair of the common types; others
 * go through np_cast_elem. */
#define COPY_LOOP(DT, ST)                                                       \
    for (int64_t k = 0; k < n; k++) *(DT *)(d + k * ds) = (DT) * (const ST *)(s + k * ss);

static void copy_run(char *d, int64_t ds, int dt, const char *s, int64_t ss, int stype, int64_t n)
{
    int size = np_types[dt].size;
    if (dt == stype) {
        if (ds == size && ss == size) {
            memmove(d, s, (size_t)(n * size));
            return;
        }
        switch (size) {
        case 1: COPY_LOOP(uint8_t, uint8_t) return;
        case 2: COPY_LOOP(uint16_t, uint16_t) return;
        case 4: COPY_LOOP(uint32_t, uint32_t) return;
        default: COPY_LOOP(uint64_t, uint64_t) return;
        }
    }
    switch (dt * NP_NTYPES + stype) {
    case NP_FLOAT32 * NP_NTYPES + NP_FLOAT64: COPY_LOOP(float, double) return;
    case NP_FLOAT64 * NP_NTYPES + NP_FLOAT32: COPY_LOOP(double, float) return;
    case NP_FLOAT32 * NP_NTYPES + NP_INT32: COPY_LOOP(float, int32_t) return;
    case NP_FLOAT64 * NP_NTYPES + NP_INT32: COPY_LOOP(double, int32_t) return;
    case NP_FLOAT32 * NP_NTYPES + NP_INT64: COPY_LOOP(float, int64_t) return;
    case NP_FLOAT64 * NP_NTYPES + NP_INT64: COPY_LOOP(double, int64_t) return;
    case NP_INT64 * NP_NTYPES + NP_INT32: COPY_LOOP(int64_t, int32_t) return;
    case NP_INT32 * NP_NTYPES + NP_INT64: COPY_LOOP(int32_t, int64_t) return;
    default: break;
    }
    for (int64_t k = 0; k < n; k++) np_cast_elem(d + k * ds, dt, s + k * ss, stype);
}

bool np_assign_array(VM *vm, NdArray *dst, NdArray *src)
{
    int nd;
    int64_t shape[NP_MAXDIMS];
    const int ndims[2] = {dst->ndim, src->ndim};
    const int64_t *shapes[2] = {dst->shape, src->shape};
    if (!np_broadcast_shapes(vm, 2, ndims, shapes, &nd, shape)) return false;
    bool fits = nd <= dst->ndim;
    for (int d = 0; fits && d < nd; d++) fits = shape[d] == dst->shape[dst->ndim - nd + d];
    if (!fits) {
        char a[256], b[256];
        shape_text(a, sizeof a, src->ndim, src->shape);
        shape_text(b, sizeof b, dst->ndim, dst->shape);
        vm_raise(vm, vm->e_ValueError, "could not broadcast input array from shape %s into shape %s", a, b);
        return false;
    }
    /* overlapping memory (a[1:] = a[:-1]): go through a copy of src */
    NdArray *s = src;
    if (src->data != dst->data && src->size > 1 && (src->base == v_obj(dst) || dst->base == v_obj(src) ||
                                                    (src->base != V_NONE && src->base == dst->base))) {
        s = np_copy(vm, src, -1);
        if (!s) return false;
    }
    NdArray *ops[2] = {dst, s};
    NpIter it;
    np_iter_init(&it, 2, ops, dst->ndim, dst->shape);
    while (np_iter_next(&it)) copy_run(it.ptr[0], it.stride[0], dst->dtype, it.ptr[1], it.stride[1], s->dtype, it.n);
    return true;
}

bool np_assign(VM *vm, NdArray *dst, Value src)
{
    if (np_is_nd(src)) return np_assign_array(vm, dst, AS_ND(src));
    if (v_is_int(src) || v_is_double(src) || v_is_bool(src)) {
        char elem[8];
        if (!np_py_to_elem(vm, elem, dst->dtype, src)) return false;
        NpIter it;
        np_iter_init(&it, 1, &dst, dst->ndim, dst->shape);
        while (np_iter_next(&it)) copy_run(it.ptr[0], it.stride[0], dst->dtype, elem, 0, dst->dtype, it.n);
        return true;
    }
    vm_push_root(vm, v_obj(dst));
    NdArray *s = np_from_py(vm, dst->st, src, -1);
    bool ok = false;
    if (s) {
        /* a Python int that does not fit the destination is an error even
         * where the inferred array's dtype would be cast silently */
        if (s->ndim == 0 && !np_is_nd(src) && np_is_integer(s->dtype)) {
            char elem[8];
            ok = np_py_to_elem(vm, elem, dst->dtype, src) && np_assign_array(vm, dst, s);
        } else ok = np_assign_array(vm, dst, s);
    }
    vm_pop_roots(vm, 1);
    return ok;
}

/* ---- conversion from Python objects ----------------------------------------------- */

static bool is_seq(Value v)
{
    return v_has_layout(v, LAYOUT_LIST) || v_has_layout(v, LAYOUT_TUPLE) || np_is_array(v);
}

/* The shape and dtype of nested sequences: walks every element (numpy 2
 * rejects ragged nesting). */
typedef struct {
    int ndim;
    bool ndim_known;
    int64_t shape[NP_MAXDIMS];
    int dtype;                 /* -1 until an element is seen */
    bool has_pyfloat, has_pyint, has_pybool;
} Discover;

/* numpy's message names the dimensions that were regular before the ragged one. */
static bool ragged_at(VM *vm, const Discover *ds, int depth)
{
    char shape[512];
    size_t n = (size_t)snprintf(shape, sizeof shape, "(");
    for (int d = 0; d < depth && n < sizeof shape; d++)
        n += (size_t)snprintf(shape + n, sizeof shape - n, depth == 1 ? "%lld," : d ? ", %lld" : "%lld",
                              (long long)ds->shape[d]);
    vm_raise(vm, vm->e_ValueError,
             "setting an array element with a sequence. The requested array has an inhomogeneous shape after %d "
             "dimensions. The detected shape was %s) + inhomogeneous part.",
             depth, shape);
    return false;
}
#define ragged(vm) ragged_at(vm, ds, depth)

static bool discover(VM *vm, Discover *ds, Value v, int depth)
{
    if (np_is_array(v)) {
        NdArray *a = AS_ND(v);
        if (!ds->ndim_known) {
            if (!check_ndim(vm, depth + a->ndim)) return false;
            ds->ndim = depth + a->ndim;
            ds->ndim_known = true;
            for (int d = 0; d < a->ndim; d++) ds->shape[depth + d] = a->shape[d];
        } else {
            if (ds->ndim != depth + a->ndim) return ragged(vm);
            for (int d = 0; d < a->ndim; d++)
                if (ds->shape[depth + d] != a->shape[d]) return ragged(vm);
        }
        ds->dtype = ds->dtype < 0 ? a->dtype : np_promote(ds->dtype, a->dtype);
        return true;
    }
    if (v_has_layout(v, LAYOUT_LIST) || v_has_layout(v, LAYOUT_TUPLE)) {
        uint32_t n;
        vm_seq_items(v, &n);
        if (!ds->ndim_known) {
            if (!check_ndim(vm, depth + 1)) return false;
            ds->shape[depth] = n;
            if (n == 0) {
                ds->ndim = depth + 1;
                ds->ndim_known = true;
                return true;
            }
        } else if (depth >= ds->ndim || ds->shape[depth] != n) return ragged(vm);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t len;
            Value *items = vm_seq_items(v, &len);
            if (i >= len) return ragged(vm);
            if (!discover(vm, ds, items[i], depth + 1)) return false;
        }
        return true;
    }
    /* a scalar leaf */
    if (!ds->ndim_known) {
        ds->ndim = depth;
        ds->ndim_known = true;
    } else if (ds->ndim != depth) return ragged(vm);
    int t;
    if (np_is_nd(v)) t = AS_ND(v)->dtype;
    else {
        t = np_dtype_of_pyscalar(vm, v);
        if (t < 0) {
            if (vm->exc != V_NONE) return false;
            /* objects that convert: __float__ / __index__ (e.g. ti Expr constants) */
            t = NP_FLOAT64;
        }
    }
    ds->dtype = ds->dtype < 0 ? t : np_promote(ds->dtype, t);
    return true;
}

/* Writes the leaves of v into a (C-contiguous) at *pos, in order. */
static bool fill(VM *vm, NdArray *a, Value v, int depth, int64_t *pos)
{
    if (np_is_array(v)) {
        NdArray *s = AS_ND(v);
        NdArray *dst = np_view(vm, a->st, v_obj(a), a->dtype, a->data + *pos * np_itemsize(a), s->ndim, s->shape,
                               a->strides + depth, true);
        if (!dst) return false;
        *pos += s->size;
        return np_assign_array(vm, dst, s);
    }
    if (v_has_layout(v, LAYOUT_LIST) || v_has_layout(v, LAYOUT_TUPLE)) {
        uint32_t n;
        vm_seq_items(v, &n);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t len;
            Value *items = vm_seq_items(v, &len);
            if (i >= len) {
                vm_raise(vm, vm->e_ValueError, "setting an array element with a sequence.");
                return false;
            }
            if (!fill(vm, a, items[i], depth + 1, pos)) return false;
        }
        return true;
    }
    char *p = a->data + *pos * np_itemsize(a);
    (*pos)++;
    return np_py_to_elem(vm, p, a->dtype, v);
}

NdArray *np_array_copy(VM *vm, NpState *st, Value v, int dtype)
{
    if (np_is_nd(v)) return np_copy(vm, AS_ND(v), dtype);
    /* other sequences and iterables numpy accepts: range, generators are
     * not arrays in numpy (object arrays) but range is */
    Value seq = v;
    bool rooted = false;
    if (v_has_layout(v, LAYOUT_RANGE)) {
        seq = vm_list_from(vm, v);
        if (seq == V_EXC) return NULL;
        vm_push_root(vm, seq);
        rooted = true;
    } else if (!is_seq(v) && v_is_obj(v) && !vm_is_int(vm, v) && !v_has_layout(v, LAYOUT_STR)) {
        /* objects with __array__ (our taichi fields don't; matrices use to_numpy) or
         * __len__ + __getitem__ sequences */
        StrObj *name = vm_intern(vm, "__array__", 9);
        Value m = name ? vm_getattr_opt(vm, v, name) : V_EXC;
        if (m == V_EXC) return NULL;
        if (m != V_UNBOUND) {
            Value r = vm_call(vm, m, NULL, 0, NULL);
            if (r == V_EXC) return NULL;
            if (!np_is_nd(r)) {
                vm_raise(vm, vm->e_ValueError, "object __array__ method not producing an array");
                return NULL;
            }
            return np_copy(vm, AS_ND(r), dtype);
        }
        if (v_has_layout(v, LAYOUT_DICT) || v_has_layout(v, LAYOUT_SET)) goto scalar;
        StrObj *gi = vm_intern(vm, "__getitem__", 11), *ln = vm_intern(vm, "__len__", 7);
        if (vm_type_lookup(vm_type_of(vm, v), gi) != V_UNBOUND && vm_type_lookup(vm_type_of(vm, v), ln) != V_UNBOUND) {
            seq = vm_list_from(vm, v);
            if (seq == V_EXC) return NULL;
            vm_push_root(vm, seq);
            rooted = true;
        }
    }
scalar:;
    Discover ds = {.dtype = -1};
    bool ok = discover(vm, &ds, seq, 0);
    NdArray *a = NULL;
    if (ok) {
        int t = dtype >= 0 ? dtype : ds.dtype >= 0 ? ds.dtype : NP_FLOAT64;
        a = np_new(vm, st, t, ds.ndim, ds.shape, false);
        if (a) {
            int64_t pos = 0;
            vm_push_root(vm, v_obj(a));
            if (!fill(vm, a, seq, 0, &pos)) a = NULL;
            vm_pop_roots(vm, 1);
        }
    }
    if (rooted) vm_pop_roots(vm, 1);
    return a;
}

NdArray *np_from_py(VM *vm, NpState *st, Value v, int dtype)
{
    if (np_is_array(v) && (dtype < 0 || AS_ND(v)->dtype == dtype)) return AS_ND(v);
    return np_array_copy(vm, st, v, dtype);
}

bool np_shape_arg(VM *vm, Value v, int *ndim, int64_t *shape)
{
    if (v_has_layout(v, LAYOUT_TUPLE) || v_has_layout(v, LAYOUT_LIST)) {
        uint32_t n;
        Value *items = vm_seq_items(v, &n);
        if (!check_ndim(vm, (int)n)) return false;
        for (uint32_t i = 0; i < n; i++) {
            if (!vm_index(vm, items[i], &shape[i])) {
                vm->exc = V_NONE;
                vm_raise(vm, vm->e_TypeError, "'%s' object cannot be interpreted as an integer",
                         vm_type_name(vm, items[i]));
                return false;
            }
            items = vm_seq_items(v, &n);
        }
        *ndim = (int)n;
        return true;
    }
    if (!vm_index(vm, v, &shape[0])) {
        vm->exc = V_NONE;
        vm_raise(vm, vm->e_TypeError, "'%s' object cannot be interpreted as an integer", vm_type_name(vm, v));
        return false;
    }
    *ndim = 1;
    return true;
}

Value np_shape_tuple(VM *vm, int ndim, const int64_t *shape)
{
    Value t = vm_new_tuple(vm, (uint32_t)ndim);
    if (t == V_EXC) return V_EXC;
    for (int i = 0; i < ndim; i++) AS_TUPLE(t)->items[i] = vm_int_from_i64(vm, shape[i]);
    return t;
}

static Value tolist_at(VM *vm, NdArray *a, int d, char *p)
{
    if (d == a->ndim) return np_elem_to_py(vm, p, a->dtype);
    Value l = vm_new_list(vm, (uint32_t)a->shape[d]);
    if (l == V_EXC) return V_EXC;
    vm_push_root(vm, l);
    for (int64_t i = 0; i < a->shape[d]; i++) {
        Value x = tolist_at(vm, a, d + 1, p + i * a->strides[d]);
        if (x == V_EXC || !vm_list_append(vm, AS_LIST(l), x)) {
            vm_pop_roots(vm, 1);
            return V_EXC;
        }
    }
    vm_pop_roots(vm, 1);
    return l;
}

Value np_tolist(VM *vm, NdArray *a) { return tolist_at(vm, a, 0, a->data); }

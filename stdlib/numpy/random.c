/* np.random's legacy generator: the MT19937 state object behind RandomState
 * (stdlib/py/numpy/random.py), drawing numpy 2's legacy streams bit for bit:
 * seeding, doubles, the polar Gaussian, masked bounded integers, shuffling.
 * The Generator (PCG64) is random_gen.c. */
#include <math.h>
#include <string.h>
#include <sys/random.h>

#include "../mt.h"
#include "np.h"
#include "random.h"

typedef struct {
    NativeObj nat;
    NpState *st;
    MtRandom mt;   /* index is numpy's pos; gauss_next / has_gauss_next its cached Gaussian */
} LegacyObj;

static void legacy_trace(Obj *o, void (*mark)(void *gc, Value v), void *gc) { mark(gc, v_obj(((LegacyObj *)o)->st)); }

static const NativeOps legacy_ops = {"numpy.random._MT19937", legacy_trace, NULL, NULL};

static LegacyObj *as_legacy(VM *vm, Value v)
{
    if (v_has_layout(v, LAYOUT_NATIVE) && ((NativeObj *)v_as_obj(v))->ops == &legacy_ops) return (LegacyObj *)v_as_obj(v);
    vm_raise(vm, vm->e_TypeError, "expected a numpy.random._MT19937, got '%s'", vm_type_name(vm, v));
    return NULL;
}

/* ---- the legacy draws (numpy's legacy-distributions.c, distributions.c) ------ */

static double legacy_gauss(MtRandom *r)
{
    if (r->has_gauss_next) {
        r->has_gauss_next = 0;
        double g = r->gauss_next;
        r->gauss_next = 0.0;
        return g;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * mt_random(r) - 1.0;
        x2 = 2.0 * mt_random(r) - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = sqrt(-2.0 * log(r2) / r2);
    r->gauss_next = f * x1;
    r->has_gauss_next = 1;
    return f * x2;
}

static uint64_t mt_next64(MtRandom *r)
{
    uint64_t hi = mt_genrand_u32(r);
    return hi << 32 | mt_genrand_u32(r);
}

/* random_interval: a uniform integer in [0, max] by masked rejection. */
static uint64_t legacy_interval(MtRandom *r, uint64_t max)
{
    if (max == 0) return 0;
    uint64_t mask = np_rand_mask(max), v;
    if (max <= 0xffffffffu)
        while ((v = mt_genrand_u32(r) & mask) > max) {}
    else
        while ((v = mt_next64(r) & mask) > max) {}
    return v;
}

/* One bounded integer in [off, off + rng] of `bits` (1 for bool), masked
 * rejection with the 8/16/1-bit draws cut from a buffered 32-bit word, as
 * random_bounded_*_fill and random_buffered_bounded_* do; the buffer lives
 * for one call of randint. */
static uint32_t buffered_bits(MtRandom *r, NpBitBuf *b, int bits)
{
    if (!b->bcnt) {
        b->buf = mt_genrand_u32(r);
        b->bcnt = 32 / bits - 1;
    } else {
        b->buf >>= bits;
        b->bcnt--;
    }
    return b->buf;
}

static uint64_t legacy_bounded(void *gen, int bits, uint64_t off, uint64_t rng, NpBitBuf *b)
{
    MtRandom *r = gen;
    if (rng == 0) return off;
    uint64_t mask = np_rand_mask(rng), v;
    switch (bits) {
    case 1:
        return (buffered_bits(r, b, 1) & 1) != 0;
    case 8:
    case 16: {
        uint32_t full = bits == 8 ? 0xffu : 0xffffu;
        if (rng == full) return off + (buffered_bits(r, b, bits) & full);
        while ((v = buffered_bits(r, b, bits) & full & mask) > rng) {}
        return off + v;
    }
    default:
        if (rng == 0xffffffffu) return off + mt_genrand_u32(r);
        if (rng < 0xffffffffu) {
            while ((v = mt_genrand_u32(r) & mask) > rng) {}
            return off + v;
        }
        if (rng == UINT64_MAX) return off + mt_next64(r);
        while ((v = mt_next64(r) & mask) > rng) {}
        return off + v;
    }
}

/* ---- shared helpers (random.h) ----------------------------------------------- */

NpState *np_rand_class_state(VM *vm, Value *args, int nargs)
{
    Value s = nargs >= 1 && v_has_layout(args[0], LAYOUT_TYPE)
                  ? vm_dict_get_str(AS_TYPE(args[0])->hdr.dict, vm_intern(vm, "_state", 6))
                  : V_UNBOUND;
    if (s == V_UNBOUND) {
        vm_raise(vm, vm->e_TypeError, "__new__(X): X is not a numpy.random type");
        return NULL;
    }
    return (NpState *)v_as_obj(s);
}

int np_rand_size(VM *vm, Value size, int *ndim, int64_t *shape)
{
    if (size == V_NONE || size == V_UNBOUND) return 0;
    return np_shape_arg(vm, size, ndim, shape) ? 1 : -1;
}

bool np_rand_params(VM *vm, NpState *st, int n, const Value *params, NdArray **out, bool *all0d)
{
    *all0d = true;
    for (int i = 0; i < n; i++) {
        out[i] = np_from_py(vm, st, params[i], NP_FLOAT64);
        if (!out[i]) return false;
        vm_push_root(vm, v_obj(out[i]));
        if (out[i]->ndim) *all0d = false;
    }
    return true;
}

NdArray *np_rand_out(VM *vm, NpState *st, int dtype, int have_size, int ndim, const int64_t *shape, int n,
                     NdArray *const *params)
{
    int nd[NP_ITER_MAXOP];
    const int64_t *shp[NP_ITER_MAXOP];
    int k = 0;
    if (have_size) {
        nd[k] = ndim;
        shp[k++] = shape;
    }
    for (int i = 0; i < n; i++) {
        nd[k] = params[i]->ndim;
        shp[k++] = params[i]->shape;
    }
    int bnd;
    int64_t bshape[NP_MAXDIMS];
    if (!np_broadcast_shapes(vm, k, nd, shp, &bnd, bshape)) return NULL;
    if (have_size && (bnd != ndim || memcmp(bshape, shape, sizeof(int64_t) * (size_t)ndim) != 0)) {
        vm_raise(vm, vm->e_ValueError, "shape mismatch: objects cannot be broadcast to a single shape.");
        return NULL;
    }
    return np_new(vm, st, dtype, bnd, bshape, false);
}

bool np_rand_check(VM *vm, int n, NdArray *const *params, const int *cons, const char *const *names)
{
    for (int i = 0; i < n; i++) {
        if (cons[i] == NP_CONS_NONE) continue;
        NpIter it;
        NdArray *p = params[i];
        np_iter_init(&it, 1, &p, p->ndim, p->shape);
        while (np_iter_next(&it))
            for (int64_t k = 0; k < it.n; k++) {
                double v = *(double *)(it.ptr[0] + k * it.stride[0]);
                bool bad = cons[i] == NP_CONS_NON_NEGATIVE ? !isnan(v) && signbit(v)
                                                           : !(v > 0) && !isnan(v);
                if (bad)
                    return vm_raise(vm, vm->e_ValueError, "%s %s", names[i],
                                    cons[i] == NP_CONS_NON_NEGATIVE ? "< 0" : "<= 0"),
                           false;
            }
    }
    return true;
}

/* ---- the state object's methods ---------------------------------------------- */

static Value legacy_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NpState *st = np_rand_class_state(vm, args, nargs);
    if (!st) return V_EXC;
    LegacyObj *o = vm_alloc(vm, AS_TYPE(args[0]), sizeof(LegacyObj));
    if (!o) return V_EXC;
    o->st = st;
    o->nat.ops = &legacy_ops;
    o->nat.size = sizeof(LegacyObj);
    mt_seed_u32(&o->mt, 5489u);
    return v_obj(o);
}

/* seed(seed=None): numpy's _legacy_seeding. */
static Value legacy_seed(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"seed"};
    Value p[1];
    LegacyObj *o = as_legacy(vm, args[0]);
    if (!o || !np_parse(vm, "seed", args + 1, nargs - 1, kw, names, 1, 1, 0, p)) return V_EXC;
    Value s = p[0] == V_UNBOUND ? V_NONE : p[0];
    if (s == V_NONE) {
        uint32_t key[MT_N];
        size_t got = 0;
        while (got < sizeof key) {
            ssize_t n = getrandom((char *)key + got, sizeof key - got, 0);
            if (n <= 0) return vm_raise(vm, vm->e_OSError, "getrandom failed");
            got += (size_t)n;
        }
        memcpy(o->mt.state, key, sizeof key);
        o->mt.state[0] = 0x80000000u;
        o->mt.index = MT_N;
        o->mt.has_gauss_next = 0;
        o->mt.gauss_next = 0.0;
        return V_NONE;
    }
    if (np_is_nd(s) && AS_ND(s)->size == 1) s = np_elem_to_py(vm, AS_ND(s)->data, AS_ND(s)->dtype);
    if (vm_is_int(vm, s) || (np_is_nd(s) && np_is_integer(AS_ND(s)->dtype) && AS_ND(s)->ndim == 0)) {
        int64_t i;
        if (!vm_index(vm, s, &i)) {
            vm->exc = V_NONE;
            i = -1;
        }
        if (i < 0 || i > 0xffffffffll) return vm_raise(vm, vm->e_ValueError, "Seed must be between 0 and 2**32 - 1");
        mt_seed_u32(&o->mt, (uint32_t)i);
        return V_NONE;
    }
    NdArray *a = np_from_py(vm, o->st, s, -1);
    if (!a) return V_EXC;
    if (a->size == 0) return vm_raise(vm, vm->e_ValueError, "Seed must be non-empty");
    if (np_is_float(a->dtype) || a->dtype == NP_UINT64)
        return vm_raise(vm, vm->e_TypeError,
                        "Cannot cast %s from dtype('%s') to dtype('int64') according to the rule 'safe'",
                        a->ndim ? "array data" : "scalar", np_types[a->dtype].name);
    if (a->ndim != 1) return vm_raise(vm, vm->e_ValueError, "Seed array must be 1-d");
    uint32_t *key = malloc(sizeof(uint32_t) * (size_t)a->size);
    if (!key) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    for (int64_t i = 0; i < a->size; i++) {
        int64_t v = np_get_i64(a->data + i * a->strides[0], a->dtype);
        if (v < 0 || v > 0xffffffffll) {
            free(key);
            return vm_raise(vm, vm->e_ValueError, "Seed must be between 0 and 2**32 - 1");
        }
        key[i] = (uint32_t)v;
    }
    mt_seed_key(&o->mt, key, (size_t)a->size);
    free(key);
    o->mt.has_gauss_next = 0;
    o->mt.gauss_next = 0.0;
    return V_NONE;
}

/* The distributions with float parameters: each draw is one function of the
 * generator and up to two parameters, filled in C order over the output. */
static double legacy_draw(void *gen, int kind, double a, double b)
{
    MtRandom *r = gen;
    switch (kind) {
    case NP_D_UNIFORM: return a + b * mt_random(r);
    case NP_D_STD_UNIFORM: return mt_random(r);
    case NP_D_NORMAL: return a + b * legacy_gauss(r);
    case NP_D_STD_NORMAL: return legacy_gauss(r);
    case NP_D_EXPONENTIAL: return a * -log(1.0 - mt_random(r));
    default: return -log(1.0 - mt_random(r));
    }
}

static Value legacy_cont(VM *vm, Value self, int kind, int n, Value *params, const int *cons,
                         const char *const *pnames, Value size)
{
    LegacyObj *o = as_legacy(vm, self);
    if (!o) return V_EXC;
    return np_rand_cont(vm, o->st, &o->mt, legacy_draw, kind, n, params, cons, pnames, size);
}

Value np_rand_cont(VM *vm, NpState *st, void *gen, NpDrawFn draw, int kind, int n, Value *params, const int *cons,
                   const char *const *pnames, Value size)
{
    int ndim = 0;
    int64_t shape[NP_MAXDIMS];
    int have_size = np_rand_size(vm, size, &ndim, shape);
    if (have_size < 0) return V_EXC;
    NdArray *pa[2];
    bool all0d;
    size_t roots = vm->nroots;
    if (!np_rand_params(vm, st, n, params, pa, &all0d)) goto fail;
    if (kind == NP_D_UNIFORM) {
        /* the second parameter becomes the range high - low */
        NdArray *ops[3];
        NdArray *range = np_rand_out(vm, st, NP_FLOAT64, 0, 0, NULL, 2, pa);
        if (!range) goto fail;
        vm_push_root(vm, v_obj(range));
        ops[0] = range, ops[1] = pa[0], ops[2] = pa[1];
        NpIter it;
        np_iter_init(&it, 3, ops, range->ndim, range->shape);
        while (np_iter_next(&it))
            for (int64_t k = 0; k < it.n; k++) {
                double d = *(double *)(it.ptr[2] + k * it.stride[2]) - *(double *)(it.ptr[1] + k * it.stride[1]);
                if (!isfinite(d)) {
                    vm_raise(vm, vm->e_OverflowError, "Range exceeds valid bounds");
                    goto fail;
                }
                *(double *)(it.ptr[0] + k * it.stride[0]) = d;
            }
        pa[1] = range;
    }
    if (!np_rand_check(vm, n, pa, cons, pnames)) goto fail;
    if (all0d && !have_size) {
        double a = n > 0 ? *(double *)pa[0]->data : 0, b = n > 1 ? *(double *)pa[1]->data : 0;
        vm->nroots = roots;
        return v_double(draw(gen, kind, a, b));
    }
    NdArray *out = np_rand_out(vm, st, NP_FLOAT64, have_size, ndim, shape, n, pa);
    if (!out) goto fail;
    NdArray *ops[3] = {out, n > 0 ? pa[0] : out, n > 1 ? pa[1] : out};
    NpIter it;
    np_iter_init(&it, 3, ops, out->ndim, out->shape);
    while (np_iter_next(&it))
        for (int64_t k = 0; k < it.n; k++) {
            double a = n > 0 ? *(double *)(it.ptr[1] + k * it.stride[1]) : 0;
            double b = n > 1 ? *(double *)(it.ptr[2] + k * it.stride[2]) : 0;
            *(double *)(it.ptr[0] + k * it.stride[0]) = draw(gen, kind, a, b);
        }
    vm->nroots = roots;
    return v_obj(out);
fail:
    vm->nroots = roots;
    return V_EXC;
}

static const int no_cons[2] = {NP_CONS_NONE, NP_CONS_NONE};

static Value legacy_random_sample(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"size"};
    Value p[1];
    if (!np_parse(vm, "random_sample", args + 1, nargs - 1, kw, names, 1, 1, 0, p)) return V_EXC;
    return legacy_cont(vm, args[0], NP_D_STD_UNIFORM, 0, NULL, no_cons, NULL, p[0]);
}

static Value legacy_standard_normal(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"size"};
    Value p[1];
    if (!np_parse(vm, "standard_normal", args + 1, nargs - 1, kw, names, 1, 1, 0, p)) return V_EXC;
    return legacy_cont(vm, args[0], NP_D_STD_NORMAL, 0, NULL, no_cons, NULL, p[0]);
}

static Value legacy_standard_exponential(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"size"};
    Value p[1];
    if (!np_parse(vm, "standard_exponential", args + 1, nargs - 1, kw, names, 1, 1, 0, p)) return V_EXC;
    return legacy_cont(vm, args[0], NP_D_STD_EXPONENTIAL, 0, NULL, no_cons, NULL, p[0]);
}

static Value dflt(Value v, double d) { return v == V_UNBOUND ? v_double(d) : v; }

static Value legacy_uniform(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"low", "high", "size"};
    Value p[3];
    if (!np_parse(vm, "uniform", args + 1, nargs - 1, kw, names, 3, 3, 0, p)) return V_EXC;
    Value params[2] = {dflt(p[0], 0.0), dflt(p[1], 1.0)};
    return legacy_cont(vm, args[0], NP_D_UNIFORM, 2, params, no_cons, NULL, p[2]);
}

static Value legacy_normal(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"loc", "scale", "size"};
    static const char *const pn[] = {"loc", "scale"};
    static const int cons[2] = {NP_CONS_NONE, NP_CONS_NON_NEGATIVE};
    Value p[3];
    if (!np_parse(vm, "normal", args + 1, nargs - 1, kw, names, 3, 3, 0, p)) return V_EXC;
    Value params[2] = {dflt(p[0], 0.0), dflt(p[1], 1.0)};
    return legacy_cont(vm, args[0], NP_D_NORMAL, 2, params, cons, pn, p[2]);
}

static Value legacy_exponential(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"scale", "size"};
    static const char *const pn[] = {"scale"};
    static const int cons[1] = {NP_CONS_NON_NEGATIVE};
    Value p[2];
    if (!np_parse(vm, "exponential", args + 1, nargs - 1, kw, names, 2, 2, 0, p)) return V_EXC;
    Value params[1] = {dflt(p[0], 1.0)};
    return legacy_cont(vm, args[0], NP_D_EXPONENTIAL, 1, params, cons, pn, p[1]);
}

/* ---- randint ----------------------------------------------------------------- */

bool np_rand_int_arg(VM *vm, Value v, __int128 *out)
{
    if (np_is_nd(v) && AS_ND(v)->ndim == 0) {
        NdArray *a = AS_ND(v);
        if (np_is_float(a->dtype)) {
            double d = np_get_f64(a->data, a->dtype);
            if (!isfinite(d)) return vm_raise(vm, vm->e_OverflowError, "cannot convert float infinity to integer"), false;
            *out = (__int128)d;
        } else if (a->dtype == NP_UINT64) {
            *out = np_get_u64(a->data, a->dtype);
        } else {
            *out = np_get_i64(a->data, a->dtype);
        }
        return true;
    }
    if (v_is_double(v)) {
        double d = v_as_double(v);
        if (!isfinite(d)) return vm_raise(vm, vm->e_OverflowError, "cannot convert float infinity to integer"), false;
        *out = (__int128)d;
        return true;
    }
    if (!vm_is_int(vm, v)) {
        vm_raise(vm, vm->e_TypeError, "'%s' object cannot be interpreted as an integer", vm_type_name(vm, v));
        return false;
    }
    mpz_t z;
    mpz_init(z);
    vm_int_to_mpz(v, z);
    bool fits = mpz_sizeinbase(z, 2) <= 100;
    __int128 r = 0;
    if (fits) {
        mpz_t a;
        mpz_init(a);
        mpz_abs(a, z);
        for (int i = 3; i >= 0; i--) {
            mpz_t w;
            mpz_init(w);
            mpz_tdiv_q_2exp(w, a, (mp_bitcnt_t)(32 * i));
            r = (r << 32) | (__int128)(mpz_get_ui(w) & 0xffffffffu);
            mpz_clear(w);
        }
        if (mpz_sgn(z) < 0) r = -r;
        mpz_clear(a);
    }
    mpz_clear(z);
    *out = fits ? r : (mpz_sgn(z) < 0 ? -((__int128)1 << 100) : ((__int128)1 << 100));
    return true;
}

void np_rand_int_bounds(int dtype, __int128 *lo, __int128 *hi)
{
    int bits = np_types[dtype].size * 8;
    if (dtype == NP_BOOL) *lo = 0, *hi = 1;
    else if (np_is_unsigned(dtype)) *lo = 0, *hi = ((__int128)1 << bits) - 1;
    else *lo = -((__int128)1 << (bits - 1)), *hi = ((__int128)1 << (bits - 1)) - 1;
}

/* Checks low/high (high already closed) against dtype's range; numpy's messages. */
bool np_rand_int_check(VM *vm, int dtype, __int128 low, __int128 high, bool closed)
{
    __int128 lb, ub;
    np_rand_int_bounds(dtype, &lb, &ub);
    const char *name = np_types[dtype].name;
    if (low < lb) return vm_raise(vm, vm->e_ValueError, "low is out of bounds for %s", name), false;
    if (high > ub) return vm_raise(vm, vm->e_ValueError, "high is out of bounds for %s", name), false;
    if (low > high) return vm_raise(vm, vm->e_ValueError, closed ? "low > high" : "low >= high"), false;
    return true;
}

void np_rand_store_int(char *p, int dtype, uint64_t v)
{
    if (dtype == NP_BOOL) *(bool_t *)p = (bool_t)(v != 0);
    else np_set_u64(p, dtype, v);
}

static int int_bits(int dtype) { return dtype == NP_BOOL ? 1 : np_types[dtype].size * 8; }

/* randint(low, high=None, size=None, dtype=int) */
static Value legacy_randint(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"low", "high", "size", "dtype"};
    Value p[4];
    LegacyObj *o = as_legacy(vm, args[0]);
    if (!o || !np_parse(vm, "randint", args + 1, nargs - 1, kw, names, 4, 4, 1, p)) return V_EXC;
    return np_rand_integers(vm, o->st, &o->mt, legacy_bounded, p, false);
}

Value np_rand_integers(VM *vm, NpState *st, void *gen, NpBoundedFn bounded, Value *p, bool closed)
{
    Value low = p[0], high = p[1] == V_UNBOUND ? V_NONE : p[1];
    if (high == V_NONE) high = low, low = v_int(0);
    Value dt = p[3] == V_UNBOUND ? v_obj(vm->t_int) : p[3];
    bool py_int = dt == v_obj(vm->t_int), py_bool = dt == v_obj(vm->t_bool);
    int dtype = py_int ? NP_INT64 : np_dtype_of(vm, st, dt, NP_INT64);
    if (dtype < 0) return V_EXC;
    if (np_is_float(dtype)) return vm_raise(vm, vm->e_TypeError, "Unsupported dtype dtype('%s') for randint", np_types[dtype].name);
    int ndim = 0;
    int64_t shape[NP_MAXDIMS];
    int have_size = np_rand_size(vm, p[2], &ndim, shape);
    if (have_size < 0) return V_EXC;
    int bits = int_bits(dtype);
    NpBitBuf buf = {0, 0};
    bool lo0 = !(np_is_nd(low) && AS_ND(low)->ndim) && !v_has_layout(low, LAYOUT_LIST) && !v_has_layout(low, LAYOUT_TUPLE);
    bool hi0 = !(np_is_nd(high) && AS_ND(high)->ndim) && !v_has_layout(high, LAYOUT_LIST) && !v_has_layout(high, LAYOUT_TUPLE);
    if (lo0 && hi0) {
        __int128 l, h;
        if (!np_rand_int_arg(vm, low, &l) || !np_rand_int_arg(vm, high, &h)) return V_EXC;
        if (!closed) h -= 1;
        if (!np_rand_int_check(vm, dtype, l, h, closed)) return V_EXC;
        uint64_t rng = (uint64_t)(h - l), off = (uint64_t)(int64_t)l;
        if (bits < 64) rng &= (UINT64_C(1) << (bits == 1 ? 8 : bits)) - 1;
        if (!have_size) {
            uint64_t v = bounded(gen, bits, off, rng, &buf);
            if (py_int) return vm_int_from_i64(vm, (int64_t)v);
            if (py_bool) return v_bool(v != 0);
            char elem[8];
            np_rand_store_int(elem, dtype, v);
            return np_scalar(vm, st, dtype, elem);
        }
        NdArray *out = np_new(vm, st, dtype, ndim, shape, false);
        if (!out) return V_EXC;
        int sz = np_types[dtype].size;
        for (int64_t i = 0; i < out->size; i++)
            np_rand_store_int(out->data + i * sz, dtype, bounded(gen, bits, off, rng, &buf));
        return v_obj(out);
    }
    /* the broadcast path: bounds per element */
    size_t roots = vm->nroots;
    int pt = dtype == NP_UINT64 ? NP_UINT64 : NP_INT64;
    NdArray *pa[2] = {np_from_py(vm, st, low, pt), NULL};
    if (!pa[0]) return V_EXC;
    vm_push_root(vm, v_obj(pa[0]));
    pa[1] = np_from_py(vm, st, high, pt);
    if (!pa[1]) goto fail;
    vm_push_root(vm, v_obj(pa[1]));
    NdArray *out = np_rand_out(vm, st, dtype, have_size, ndim, shape, 2, pa);
    if (!out) goto fail;
    vm_push_root(vm, v_obj(out));
    for (int pass = 0; pass < 2; pass++) {
        NdArray *ops[3] = {out, pa[0], pa[1]};
        NpIter it;
        np_iter_init(&it, 3, ops, out->ndim, out->shape);
        while (np_iter_next(&it))
            for (int64_t k = 0; k < it.n; k++) {
                const char *lp = it.ptr[1] + k * it.stride[1], *hp = it.ptr[2] + k * it.stride[2];
                __int128 l = pt == NP_UINT64 ? (__int128)np_get_u64(lp, pt) : np_get_i64(lp, pt);
                __int128 h = (pt == NP_UINT64 ? (__int128)np_get_u64(hp, pt) : np_get_i64(hp, pt)) - !closed;
                if (pass == 0) {
                    if (!np_rand_int_check(vm, dtype, l, h, closed)) goto fail;
                    continue;
                }
                uint64_t rng = (uint64_t)(h - l), off = (uint64_t)(int64_t)l;
                if (bits < 64) rng &= (UINT64_C(1) << (bits == 1 ? 8 : bits)) - 1;
                np_rand_store_int(it.ptr[0] + k * it.stride[0], dtype, bounded(gen, bits, off, rng, &buf));
            }
    }
    vm->nroots = roots;
    return v_obj(out);
fail:
    vm->nroots = roots;
    return V_EXC;
}

/* ---- shuffling --------------------------------------------------------------- */

static Value legacy_interval_m(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    LegacyObj *o = as_legacy(vm, args[0]);
    int64_t max;
    if (!o || !vm_check_nargs(vm, "_interval", nargs - 1, kw, 1, 1) || !vm_index(vm, args[1], &max)) return V_EXC;
    return vm_int_from_i64(vm, (int64_t)legacy_interval(&o->mt, (uint64_t)max));
}

bool np_rand_shuffle_array(VM *vm, NdArray *x, void *gen, uint64_t (*interval)(void *gen, uint64_t max))
{
    if (!(x->flags & NP_WRITEABLE)) return vm_raise(vm, vm->e_ValueError, "array is read-only"), false;
    if (x->ndim == 0) return vm_raise(vm, vm->e_TypeError, "len() of unsized object"), false;
    int64_t n = x->shape[0];
    if (x->size == 0 || n < 2) return true;
    if (x->ndim == 1) {
        int sz = np_itemsize(x);
        char tmp[8];
        for (int64_t i = n - 1; i >= 1; i--) {
            int64_t j = (int64_t)interval(gen, (uint64_t)i);
            char *pi = x->data + i * x->strides[0], *pj = x->data + j * x->strides[0];
            memcpy(tmp, pj, (size_t)sz);
            memcpy(pj, pi, (size_t)sz);
            memcpy(pi, tmp, (size_t)sz);
        }
        return true;
    }
    NpState *st = x->st;
    size_t roots = vm->nroots;
    NdArray *tmp = np_new(vm, st, x->dtype, x->ndim - 1, x->shape + 1, false);
    if (!tmp) return false;
    vm_push_root(vm, v_obj(tmp));
    bool ok = true;
    for (int64_t i = n - 1; i >= 1 && ok; i--) {
        int64_t j = (int64_t)interval(gen, (uint64_t)i);
        if (i == j) continue;
        NdArray *ri = np_view(vm, st, v_obj(x), x->dtype, x->data + i * x->strides[0], x->ndim - 1, x->shape + 1,
                              x->strides + 1, true);
        if (!ri) return vm->nroots = roots, false;
        vm_push_root(vm, v_obj(ri));
        NdArray *rj = np_view(vm, st, v_obj(x), x->dtype, x->data + j * x->strides[0], x->ndim - 1, x->shape + 1,
                              x->strides + 1, true);
        if (!rj) return vm->nroots = roots, false;
        vm_push_root(vm, v_obj(rj));
        ok = np_assign_array(vm, tmp, rj) && np_assign_array(vm, rj, ri) && np_assign_array(vm, ri, tmp);
        vm_pop_roots(vm, 2);
    }
    vm->nroots = roots;
    return ok;
}

static uint64_t legacy_interval_fn(void *gen, uint64_t max) { return legacy_interval(gen, max); }

/* _shuffle_array(x): the ndarray paths of RandomState.shuffle. */
static Value legacy_shuffle_array(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    LegacyObj *o = as_legacy(vm, args[0]);
    if (!o || !vm_check_nargs(vm, "_shuffle_array", nargs - 1, kw, 1, 1)) return V_EXC;
    if (!np_is_array(args[1])) return vm_raise(vm, vm->e_TypeError, "expected an ndarray");
    return np_rand_shuffle_array(vm, AS_ND(args[1]), &o->mt, legacy_interval_fn) ? V_NONE : V_EXC;
}

/* ---- state ------------------------------------------------------------------- */

static Value legacy_get_state(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    LegacyObj *o = as_legacy(vm, args[0]);
    if (!o) return V_EXC;
    NpState *st = o->st;
    int64_t n = MT_N;
    NdArray *key = np_new(vm, st, NP_UINT32, 1, &n, false);
    if (!key) return V_EXC;
    memcpy(key->data, o->mt.state, sizeof o->mt.state);
    vm_push_root(vm, v_obj(key));
    Value items[5] = {vm_cstr(vm, "MT19937"), v_obj(key), v_int(o->mt.index), v_int(o->mt.has_gauss_next),
                      v_double(o->mt.gauss_next)};
    Value t = items[0] == V_EXC ? V_EXC : vm_tuple_of(vm, items, 5);
    vm_pop_roots(vm, 1);
    return t;
}

static Value legacy_set_state(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    LegacyObj *o = as_legacy(vm, args[0]);
    if (!o || !vm_check_nargs(vm, "set_state", nargs - 1, kw, 1, 1)) return V_EXC;
    uint32_t n;
    if (!v_has_layout(args[1], LAYOUT_TUPLE) && !v_has_layout(args[1], LAYOUT_LIST))
        return vm_raise(vm, vm->e_TypeError, "state must be a dict or a tuple.");
    Value *it = vm_seq_items(args[1], &n);
    if (n < 3) return vm_raise(vm, vm->e_ValueError, "state must be a 3- or 5-tuple");
    NpState *st = o->st;
    NdArray *key = np_from_py(vm, st, it[1], NP_UINT32);
    if (!key) return V_EXC;
    if (key->ndim != 1 || key->size != MT_N) return vm_raise(vm, vm->e_ValueError, "state must be 624 elements");
    int64_t pos, has = 0;
    double g = 0;
    it = vm_seq_items(args[1], &n);
    if (!vm_index(vm, it[2], &pos)) return V_EXC;
    if (n >= 5) {
        if (!vm_index(vm, it[3], &has)) return V_EXC;
        it = vm_seq_items(args[1], &n);
        if (!vm_to_double(vm, it[4], &g)) return V_EXC;
    }
    for (int i = 0; i < MT_N; i++) o->mt.state[i] = (uint32_t)np_get_u64(key->data + i * key->strides[0], NP_UINT32);
    o->mt.index = (int)pos;
    o->mt.has_gauss_next = (int)has;
    o->mt.gauss_next = g;
    return V_NONE;
}

static const NpFunction legacy_methods[] = {
    {"seed", legacy_seed},
    {"random_sample", legacy_random_sample},
    {"standard_normal", legacy_standard_normal},
    {"standard_exponential", legacy_standard_exponential},
    {"uniform", legacy_uniform},
    {"normal", legacy_normal},
    {"exponential", legacy_exponential},
    {"randint", legacy_randint},
    {"_interval", legacy_interval_m},
    {"_shuffle_array", legacy_shuffle_array},
    {"get_state", legacy_get_state},
    {"set_state", legacy_set_state},
};

bool np_init_random(VM *vm, NpState *st)
{
    TypeObj *t = vm_new_builtin_type(vm, "_MT19937", vm->t_object, LAYOUT_NATIVE);
    if (!t) return false;
    if (!mod_dict_put(vm, t->hdr.dict, "_state", v_obj(st))) return false;
    vm_add_method(vm, t, "__new__", legacy_new);
    if (!np_add_methods(vm, t, legacy_methods, sizeof legacy_methods / sizeof legacy_methods[0])) return false;
    if (!mod_dict_put(vm, v_as_obj(st->module)->dict, "_MT19937", v_obj(t))) return false;
    return np_init_random_gen(vm, st);
}

/* np.random.Generator's bit generator: PCG64 (XSL-RR 128/64, numpy's
 * pcg64.h) and the Generator's draws: doubles, Lemire's bounded integers,
 * the ziggurat normal, interval shuffles and Floyd's sampling without
 * replacement. SeedSequence is Python (random.py): it hands the four 64-bit
 * words that seed the state to _seed.
 *
 * The ziggurat's tables are computed here (Marsaglia and Tsang's recurrence
 * in long double from the exact tail area); numpy ships tables printed from
 * another computation that differ by up to 2e-14 relative, so normal draws
 * agree with numpy's to about that, not bit for bit. */
#include <math.h>
#include <string.h>

#include "random.h"

typedef unsigned __int128 u128;

typedef struct {
    uint64_t ki[256];
    double wi[256], fi[256];
} Ziggurat;

typedef struct {
    u128 state, inc;
    int has_uint32;
    uint32_t uinteger;
    const Ziggurat *zig;
} Pcg;

typedef struct {
    NativeObj nat;
    NpState *st;
    Pcg g;
} PcgObj;

static void pcg_trace(Obj *o, void (*mark)(void *gc, Value v), void *gc) { mark(gc, v_obj(((PcgObj *)o)->st)); }

static const NativeOps pcg_ops = {"numpy.random._PCG64", pcg_trace, NULL, NULL};

static const double nor_r = 3.6541528853610087963519472518;
static const double nor_inv_r = 0.27366123732975827203338247596;

static const Ziggurat *ziggurat(NpState *st)
{
    if (st->part[NP_PART_RANDOM]) return st->part[NP_PART_RANDOM];
    Ziggurat *z = malloc(sizeof *z);
    if (!z) return NULL;
    long double r = 3.6541528853610087963519472518L, m1 = 4503599627370496.0L;
    long double v = r * expl(-0.5L * r * r) + sqrtl(M_PIl / 2) * erfcl(r / sqrtl(2.0L));
    long double dn = r, tn = r, q = v / expl(-0.5L * dn * dn);
    z->ki[0] = (uint64_t)(dn / q * m1);
    z->ki[1] = 0;
    z->wi[0] = (double)(q / m1);
    z->wi[255] = (double)(dn / m1);
    z->fi[0] = 1.0;
    z->fi[255] = (double)expl(-0.5L * dn * dn);
    for (int i = 254; i >= 1; i--) {
        dn = sqrtl(-2.0L * logl(v / dn + expl(-0.5L * dn * dn)));
        z->ki[i + 1] = (uint64_t)(dn / tn * m1);
        tn = dn;
        z->fi[i] = (double)expl(-0.5L * dn * dn);
        z->wi[i] = (double)(dn / m1);
    }
    st->part[NP_PART_RANDOM] = z;
    st->part_free[NP_PART_RANDOM] = free;
    return z;
}

/* ---- PCG64 --------------------------------------------------------------------- */

#define PCG_MULT (((u128)2549297995355413924ull << 64) | 4865540595714422341ull)

static void pcg_step(Pcg *g) { g->state = g->state * PCG_MULT + g->inc; }

static uint64_t next64(Pcg *g)
{
    pcg_step(g);
    uint64_t hi = (uint64_t)(g->state >> 64), lo = (uint64_t)g->state;
    unsigned rot = (unsigned)(hi >> 58);
    uint64_t x = hi ^ lo;
    return (x >> rot) | (x << ((-rot) & 63));
}

static uint32_t next32(Pcg *g)
{
    if (g->has_uint32) {
        g->has_uint32 = 0;
        return g->uinteger;
    }
    uint64_t n = next64(g);
    g->has_uint32 = 1;
    g->uinteger = (uint32_t)(n >> 32);
    return (uint32_t)n;
}

static double next_double(Pcg *g) { return (double)(next64(g) >> 11) * (1.0 / 9007199254740992.0); }

static void pcg_seed(Pcg *g, u128 initstate, u128 initseq)
{
    g->state = 0;
    g->inc = (initseq << 1) | 1;
    pcg_step(g);
    g->state += initstate;
    pcg_step(g);
    g->has_uint32 = 0;
    g->uinteger = 0;
}

/* ---- the draws ------------------------------------------------------------------ */

static double zig_normal(Pcg *g)
{
    const Ziggurat *z = g->zig;
    for (;;) {
        uint64_t r = next64(g);
        int idx = (int)(r & 0xff);
        r >>= 8;
        int sign = (int)(r & 1);
        uint64_t rabs = (r >> 1) & 0x000fffffffffffffull;
        double x = (double)rabs * z->wi[idx];
        if (sign) x = -x;
        if (rabs < z->ki[idx]) return x;
        if (idx == 0) {
            for (;;) {
                double xx = -nor_inv_r * log1p(-next_double(g));
                double yy = -log1p(-next_double(g));
                if (yy + yy > xx * xx) return ((rabs >> 8) & 1) ? -(nor_r + xx) : nor_r + xx;
            }
        }
        if ((z->fi[idx - 1] - z->fi[idx]) * next_double(g) + z->fi[idx] < exp(-0.5 * x * x)) return x;
    }
}

static double gen_draw(void *gen, int kind, double a, double b)
{
    Pcg *g = gen;
    switch (kind) {
    case NP_D_UNIFORM: return a + b * next_double(g);
    case NP_D_STD_UNIFORM: return next_double(g);
    case NP_D_NORMAL: return a + b * zig_normal(g);
    default: return zig_normal(g);
    }
}

/* random_interval: [0, max] by masked rejection, 32-bit draws when they do. */
static uint64_t gen_interval(void *gen, uint64_t max)
{
    Pcg *g = gen;
    if (max == 0) return 0;
    uint64_t mask = np_rand_mask(max), v;
    if (max <= 0xffffffffu)
        while ((v = next32(g) & mask) > max) {}
    else
        while ((v = next64(g) & mask) > max) {}
    return v;
}

static uint32_t buffered_bits(Pcg *g, NpBitBuf *b, int bits)
{
    if (!b->bcnt) {
        b->buf = next32(g);
        b->bcnt = 32 / bits - 1;
    } else {
        b->buf >>= bits;
        b->bcnt--;
    }
    return b->buf;
}

/* Lemire's nearly divisionless method on `bits`-wide draws (numpy's
 * buffered_bounded_lemire_uint8/16/32 and bounded_lemire_uint64). */
static uint64_t lemire(Pcg *g, int bits, uint64_t rng, NpBitBuf *b)
{
    if (bits == 64) {
        uint64_t excl = rng + 1;
        u128 m = (u128)next64(g) * excl;
        uint64_t left = (uint64_t)m;
        if (left < excl) {
            uint64_t threshold = (UINT64_MAX - rng) % excl;
            while (left < threshold) {
                m = (u128)next64(g) * excl;
                left = (uint64_t)m;
            }
        }
        return (uint64_t)(m >> 64);
    }
    uint64_t full = bits == 32 ? 0xffffffffu : (UINT64_C(1) << bits) - 1, excl = rng + 1;
    uint64_t draw = bits == 32 ? next32(g) : (buffered_bits(g, b, bits) & full);
    uint64_t m = draw * excl, left = m & full;
    if (left < excl) {
        uint64_t threshold = (full - rng) % excl;
        while (left < threshold) {
            draw = bits == 32 ? next32(g) : (buffered_bits(g, b, bits) & full);
            m = draw * excl;
            left = m & full;
        }
    }
    return m >> bits;
}

static uint64_t gen_bounded(void *gen, int bits, uint64_t off, uint64_t rng, NpBitBuf *b)
{
    Pcg *g = gen;
    if (rng == 0) return off;
    switch (bits) {
    case 1:
        return (buffered_bits(g, b, 1) & 1) != 0;
    case 8:
    case 16: {
        uint64_t full = (UINT64_C(1) << bits) - 1;
        if (rng == full) return off + (buffered_bits(g, b, bits) & full);
        return off + lemire(g, bits, rng, b);
    }
    default:
        if (rng == 0xffffffffu) return off + next32(g);
        if (rng < 0xffffffffu) return off + lemire(g, 32, rng, b);
        if (rng == UINT64_MAX) return off + next64(g);
        return off + lemire(g, 64, rng, b);
    }
}

/* random_bounded_uint64(bitgen, 0, max, 0, false): what choice and _shuffle_int draw. */
static uint64_t bounded0(Pcg *g, uint64_t max)
{
    NpBitBuf b = {0, 0};
    return gen_bounded(g, 64, 0, max, &b);
}

/* ---- the object's methods -------------------------------------------------------- */

static PcgObj *as_pcg(VM *vm, Value v)
{
    if (v_has_layout(v, LAYOUT_NATIVE) && ((NativeObj *)v_as_obj(v))->ops == &pcg_ops) return (PcgObj *)v_as_obj(v);
    vm_raise(vm, vm->e_TypeError, "expected a numpy.random._PCG64, got '%s'", vm_type_name(vm, v));
    return NULL;
}

static Value pcg_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NpState *st = np_rand_class_state(vm, args, nargs);
    if (!st) return V_EXC;
    const Ziggurat *z = ziggurat(st);
    if (!z) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    PcgObj *o = vm_alloc(vm, AS_TYPE(args[0]), sizeof(PcgObj));
    if (!o) return V_EXC;
    o->nat.ops = &pcg_ops;
    o->nat.size = sizeof(PcgObj);
    o->st = st;
    memset(&o->g, 0, sizeof o->g);
    o->g.zig = z;
    pcg_seed(&o->g, 0, 0);
    return v_obj(o);
}

/* _seed(words): the four uint64 words of SeedSequence.generate_state(4, uint64):
 * state = words[0] << 64 | words[1], increment = words[2] << 64 | words[3]. */
static Value pcg_seed_m(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    PcgObj *o = as_pcg(vm, args[0]);
    if (!o || !vm_check_nargs(vm, "_seed", nargs - 1, kw, 1, 1)) return V_EXC;
    NdArray *w = np_from_py(vm, o->st, args[1], NP_UINT64);
    if (!w) return V_EXC;
    if (w->ndim != 1 || w->size != 4) return vm_raise(vm, vm->e_ValueError, "_seed needs 4 uint64 words");
    uint64_t x[4];
    for (int i = 0; i < 4; i++) x[i] = np_get_u64(w->data + i * w->strides[0], NP_UINT64);
    pcg_seed(&o->g, (u128)x[0] << 64 | x[1], (u128)x[2] << 64 | x[3]);
    return V_NONE;
}

static const int no_cons[2] = {NP_CONS_NONE, NP_CONS_NONE};

/* random(size=None, dtype=float64) */
static Value pcg_random(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"size", "dtype"};
    Value p[2];
    PcgObj *o = as_pcg(vm, args[0]);
    if (!o || !np_parse(vm, "random", args + 1, nargs - 1, kw, names, 2, 2, 0, p)) return V_EXC;
    int t = np_dtype_of(vm, o->st, p[1] == V_UNBOUND ? V_NONE : p[1], NP_FLOAT64);
    if (t < 0) return V_EXC;
    if (t != NP_FLOAT32 && t != NP_FLOAT64)
        return vm_raise(vm, vm->e_TypeError, "Unsupported dtype dtype('%s') for random", np_types[t].name);
    if (t == NP_FLOAT64) return np_rand_cont(vm, o->st, &o->g, gen_draw, NP_D_STD_UNIFORM, 0, NULL, no_cons, NULL, p[0]);
    int ndim = 0;
    int64_t shape[NP_MAXDIMS];
    int have = np_rand_size(vm, p[0], &ndim, shape);
    if (have < 0) return V_EXC;
    NdArray *out = np_new(vm, o->st, NP_FLOAT32, have ? ndim : 0, shape, false);
    if (!out) return V_EXC;
    for (int64_t i = 0; i < out->size; i++) ((float *)out->data)[i] = (float)(next32(&o->g) >> 8) * (1.0f / 16777216.0f);
    return have ? v_obj(out) : np_result(vm, out);
}

/* integers(low, high=None, size=None, dtype=np.int64, endpoint=False) */
static Value pcg_integers(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"low", "high", "size", "dtype", "endpoint"};
    Value p[5];
    PcgObj *o = as_pcg(vm, args[0]);
    if (!o || !np_parse(vm, "integers", args + 1, nargs - 1, kw, names, 5, 5, 1, p)) return V_EXC;
    if (p[3] == V_UNBOUND) p[3] = o->st->dtypes[NP_INT64];
    bool closed = p[4] != V_UNBOUND && vm_truthy(vm, p[4]) == 1;
    return np_rand_integers(vm, o->st, &o->g, gen_bounded, p, closed);
}

static Value dflt(Value v, double d) { return v == V_UNBOUND ? v_double(d) : v; }

static Value pcg_uniform(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"low", "high", "size"};
    Value p[3];
    PcgObj *o = as_pcg(vm, args[0]);
    if (!o || !np_parse(vm, "uniform", args + 1, nargs - 1, kw, names, 3, 3, 0, p)) return V_EXC;
    Value params[2] = {dflt(p[0], 0.0), dflt(p[1], 1.0)};
    return np_rand_cont(vm, o->st, &o->g, gen_draw, NP_D_UNIFORM, 2, params, no_cons, NULL, p[2]);
}

static Value pcg_normal(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"loc", "scale", "size"};
    static const char *const pn[] = {"loc", "scale"};
    static const int cons[2] = {NP_CONS_NONE, NP_CONS_NON_NEGATIVE};
    Value p[3];
    PcgObj *o = as_pcg(vm, args[0]);
    if (!o || !np_parse(vm, "normal", args + 1, nargs - 1, kw, names, 3, 3, 0, p)) return V_EXC;
    Value params[2] = {dflt(p[0], 0.0), dflt(p[1], 1.0)};
    return np_rand_cont(vm, o->st, &o->g, gen_draw, NP_D_NORMAL, 2, params, cons, pn, p[2]);
}

static Value pcg_standard_normal(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"size", "dtype"};
    Value p[2];
    PcgObj *o = as_pcg(vm, args[0]);
    if (!o || !np_parse(vm, "standard_normal", args + 1, nargs - 1, kw, names, 2, 2, 0, p)) return V_EXC;
    return np_rand_cont(vm, o->st, &o->g, gen_draw, NP_D_STD_NORMAL, 0, NULL, no_cons, NULL, p[0]);
}

static Value pcg_interval_m(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    PcgObj *o = as_pcg(vm, args[0]);
    int64_t max;
    if (!o || !vm_check_nargs(vm, "_interval", nargs - 1, kw, 1, 1) || !vm_index(vm, args[1], &max)) return V_EXC;
    return vm_int_from_i64(vm, (int64_t)gen_interval(&o->g, (uint64_t)max));
}

static Value pcg_shuffle_array(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    PcgObj *o = as_pcg(vm, args[0]);
    if (!o || !vm_check_nargs(vm, "_shuffle_array", nargs - 1, kw, 1, 1)) return V_EXC;
    if (!np_is_array(args[1])) return vm_raise(vm, vm->e_TypeError, "expected an ndarray");
    return np_rand_shuffle_array(vm, AS_ND(args[1]), &o->g, gen_interval) ? V_NONE : V_EXC;
}

/* _shuffle_int: for i from n-1 down to first, swap data[i] with data[bounded0(i)]. */
static void shuffle_int(Pcg *g, int64_t n, int64_t first, int64_t *data)
{
    for (int64_t i = n - 1; i >= first; i--) {
        int64_t j = (int64_t)bounded0(g, (uint64_t)i);
        int64_t t = data[j];
        data[j] = data[i];
        data[i] = t;
    }
}

/* _choice_noreplace(pop_size, size, shuffle): Generator.choice's indices
 * without replacement and without p: a partial shuffle of the whole range
 * when the sample is a large part of a large population, else Floyd's
 * algorithm over a hash set, then a shuffle of the sample. */
static Value pcg_choice_noreplace(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    PcgObj *o = as_pcg(vm, args[0]);
    int64_t pop, size;
    if (!o || !vm_check_nargs(vm, "_choice_noreplace", nargs - 1, kw, 3, 3) || !vm_index(vm, args[1], &pop) ||
        !vm_index(vm, args[2], &size))
        return V_EXC;
    bool shuffle = vm_truthy(vm, args[3]) == 1;
    NdArray *out = np_new(vm, o->st, NP_INT64, 1, &size, false);
    if (!out) return V_EXC;
    int64_t *idx = (int64_t *)out->data;
    int64_t cutoff = shuffle ? 50 : 20;
    if (pop > 10000 && size > pop / cutoff) {
        int64_t *all = malloc(sizeof(int64_t) * (size_t)(pop ? pop : 1));
        if (!all) return vm_raise(vm, vm->e_MemoryError, "out of memory");
        for (int64_t i = 0; i < pop; i++) all[i] = i;
        shuffle_int(&o->g, pop, pop - size > 1 ? pop - size : 1, all);
        memcpy(idx, all + (pop - size), sizeof(int64_t) * (size_t)size);
        free(all);
        return v_obj(out);
    }
    uint64_t mask = np_rand_mask((uint64_t)(1.2 * (double)size)), set_size = mask + 1;
    uint64_t *set = malloc(sizeof(uint64_t) * set_size);
    if (!set) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    memset(set, 0xff, sizeof(uint64_t) * set_size);
    for (int64_t j = pop - size; j < pop; j++) {
        uint64_t val = bounded0(&o->g, (uint64_t)j), loc = val & mask;
        while (set[loc] != UINT64_MAX && set[loc] != val) loc = (loc + 1) & mask;
        if (set[loc] == UINT64_MAX) {
            set[loc] = val;
            idx[j - pop + size] = (int64_t)val;
        } else {
            loc = (uint64_t)j & mask;
            while (set[loc] != UINT64_MAX) loc = (loc + 1) & mask;
            set[loc] = (uint64_t)j;
            idx[j - pop + size] = j;
        }
    }
    free(set);
    if (shuffle) shuffle_int(&o->g, size, 1, idx);
    return v_obj(out);
}

static const NpFunction pcg_methods[] = {
    {"_seed", pcg_seed_m},
    {"random", pcg_random},
    {"integers", pcg_integers},
    {"uniform", pcg_uniform},
    {"normal", pcg_normal},
    {"standard_normal", pcg_standard_normal},
    {"_interval", pcg_interval_m},
    {"_shuffle_array", pcg_shuffle_array},
    {"_choice_noreplace", pcg_choice_noreplace},
};

bool np_init_random_gen(VM *vm, NpState *st)
{
    TypeObj *t = vm_new_builtin_type(vm, "_PCG64", vm->t_object, LAYOUT_NATIVE);
    if (!t) return false;
    if (!mod_dict_put(vm, t->hdr.dict, "_state", v_obj(st))) return false;
    vm_add_method(vm, t, "__new__", pcg_new);
    if (!np_add_methods(vm, t, pcg_methods, sizeof pcg_methods / sizeof pcg_methods[0])) return false;
    return mod_dict_put(vm, v_as_obj(st->module)->dict, "_PCG64", v_obj(t));
}

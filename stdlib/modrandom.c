/* The `random` module: random.Random on stdlib/mt.h's Mersenne Twister, with
 * CPython 3.11's algorithms and order of draws (so equal seeds give equal
 * numbers) and its messages; the module functions are bound to a hidden
 * instance, as Lib/random.py binds them to its _inst. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "../parser/ast.h"
#include "modules.h"
#include "mt.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)

/* A Random instance. Obj.aux holds RANDOM_TAG, which tells the methods their
 * receiver is one (a class statement may subclass Random; only Random.__new__
 * makes instances of the right size), and RANDOM_SEEDED once the generator
 * has a seed: an unseeded one seeds itself from the OS at its first draw. */
typedef struct {
    Obj hdr;
    MtRandom mt;
} RandomObj;

#define RANDOM_TAG 0x524E0000u
#define RANDOM_TAG_MASK 0xFFFF0000u
#define RANDOM_SEEDED 1u

/* Bits past this are refused with MemoryError rather than letting the word
 * buffer or GMP fail on an impossible allocation. */
#define RANDBITS_MAX (INT64_C(1) << 34)

static const double TWOPI = 6.283185307179586;   /* math.tau */

/* ---- seeding ------------------------------------------------------------------------------ */

/* random.seed(None): 624 words from the OS, or time and pid where it has none
 * to give (CPython's random_seed_time_pid). */
static void seed_from_os(MtRandom *r)
{
    uint32_t key[MT_N];
    size_t got = 0;
    while (got < sizeof key) {
        ssize_t n = getrandom((char *)key + got, sizeof key - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
    }
    if (got == sizeof key) {
        mt_seed_words(r, key, MT_N);
        return;
    }
    struct timespec now, mono;
    clock_gettime(CLOCK_REALTIME, &now);
    clock_gettime(CLOCK_MONOTONIC, &mono);
    uint64_t t = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
    uint64_t m = (uint64_t)mono.tv_sec * 1000000000u + (uint64_t)mono.tv_nsec;
    uint32_t fallback[5] = {(uint32_t)t, (uint32_t)(t >> 32), (uint32_t)getpid(), (uint32_t)m, (uint32_t)(m >> 32)};
    mt_seed_words(r, fallback, 5);
}

/* The receiver of a method; NULL with a TypeError when it is no Random. */
static RandomObj *as_random(VM *vm, Value self, const char *meth)
{
    if (v_is_obj(self) && (v_as_obj(self)->aux & RANDOM_TAG_MASK) == RANDOM_TAG) return (RandomObj *)v_as_obj(self);
    vm_raise(vm, vm->e_TypeError, "descriptor '%s' for '_random.Random' objects doesn't apply to a '%s' object", meth,
             TNAME(self));
    return NULL;
}

/* The receiver's generator, seeded. */
static MtRandom *self_rng(VM *vm, Value self, const char *meth)
{
    RandomObj *o = as_random(vm, self, meth);
    if (!o) return NULL;
    if (!(o->hdr.aux & RANDOM_SEEDED)) {
        seed_from_os(&o->mt);
        o->hdr.aux |= RANDOM_SEEDED;
    }
    return &o->mt;
}

/* An int seed: init_by_array over |n|'s 32-bit words. */
static void seed_int(MtRandom *r, Value n)
{
    if (v_is_int(n) || v_is_bool(n)) {
        mt_seed_i64(r, v_is_int(n) ? v_as_int(n) : n == V_TRUE);
        return;
    }
    mpz_t z;
    mpz_init(z);
    vm_int_to_mpz(n, z);
    mpz_abs(z, z);
    size_t count = 0;
    uint32_t *words = mpz_export(NULL, &count, -1, sizeof(uint32_t), 0, 0, z);
    mt_seed_words(r, words, count);
    void (*gmp_free)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &gmp_free);
    if (words) gmp_free(words, count * sizeof *words);
    mpz_clear(z);
}

/* version 1's hash of a str or bytes seed (Python 2's str hash, made
 * non-negative): over code points, or over bytes read as latin-1. */
static uint64_t seed_v1_hash(const unsigned char *s, size_t len, bool utf8)
{
    uint64_t x = 0, n = 0;
    for (size_t i = 0; i < len; n++) {
        uint32_t c = s[i++];
        if (utf8 && c >= 0x80) {
            int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
            c &= 0x3Fu >> extra;
            for (; extra > 0 && i < len; extra--) c = (c << 6) | (s[i++] & 0x3Fu);
        }
        if (n == 0) x = (uint64_t)c << 7;
        x = (1000003u * x) ^ c;
    }
    return x ^ n;
}

/* seed(a=None, version=2) */
static Value m_seed(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "version"};
    Value p[2];
    RandomObj *o = as_random(vm, args[0], "seed");
    if (!o || !vm_parse_args(vm, "seed", args + 1, nargs - 1, kw, names, 2, 2, 0, p)) return V_EXC;
    MtRandom *r = &o->mt;
    Value a = p[0] == V_UNBOUND ? V_NONE : p[0];
    int v1 = 0, v2 = 1;   /* version == 1, version == 2 */
    if (p[1] != V_UNBOUND && ((v1 = vm_eq(vm, p[1], v_int(1))) < 0 || (v2 = vm_eq(vm, p[1], v_int(2))) < 0))
        return V_EXC;
    bool is_str = v_has_layout(a, LAYOUT_STR), is_bytes = v_has_layout(a, LAYOUT_BYTES);
    bool is_bytearray = v_has_layout(a, LAYOUT_BYTEARRAY);
    const unsigned char *data = NULL;
    size_t len = 0;
    if (is_str) data = (const unsigned char *)AS_STR(a)->data, len = AS_STR(a)->len;
    else if (is_bytes) data = ((BytesObj *)v_as_obj(a))->data, len = ((BytesObj *)v_as_obj(a))->len;
    else if (is_bytearray) data = ((ByteArrayObj *)v_as_obj(a))->data, len = ((ByteArrayObj *)v_as_obj(a))->len;

    if (v1 && (is_str || is_bytes)) {
        uint64_t x = seed_v1_hash(data, len, is_str);
        uint32_t key[2] = {(uint32_t)x, (uint32_t)(x >> 32)};
        mt_seed_words(r, key, 2);
    } else if (v2 && (is_str || is_bytes || is_bytearray)) {
        mt_seed_bytes(r, data, len);
    } else if (a == V_NONE) {
        seed_from_os(r);
    } else if (vm_is_int(vm, a)) {
        seed_int(r, a);
    } else if (v_is_double(a) || vm_is_subtype(vm_type_of(vm, a), vm->t_float) || is_str || is_bytes || is_bytearray) {
        /* CPython seeds with (size_t)hash: a negative hash as its two's complement */
        int64_t h;
        if (!vm_hash(vm, a, &h)) return V_EXC;
        uint32_t key[2] = {(uint32_t)(uint64_t)h, (uint32_t)((uint64_t)h >> 32)};
        mt_seed_words(r, key, 2);
    } else {
        return vm_raise(vm, vm->e_TypeError,
                        "The only supported seed types are: None,\nint, float, str, bytes, and bytearray.");
    }
    o->hdr.aux |= RANDOM_SEEDED;   /* every mt_seed_* also drops the cached gauss value */
    return V_NONE;
}

/* ---- integers ----------------------------------------------------------------------------- */

static Value from_u64(VM *vm, uint64_t u)
{
    if (u <= (uint64_t)INT64_MAX) return vm_int_from_i64(vm, (int64_t)u);
    mpz_t z;
    mpz_init(z);
    mpz_import(z, 1, -1, sizeof u, 0, 0, &u);
    Value v = vm_int_from_mpz(vm, z);
    mpz_clear(z);
    return v;
}

/* getrandbits(k) into z, for any k >= 0. */
static bool randbits_mpz(VM *vm, MtRandom *r, int64_t k, mpz_t z)
{
    if (k > RANDBITS_MAX) {
        vm_raise(vm, vm->e_MemoryError, "getrandbits");
        return false;
    }
    size_t nwords = (size_t)(k + 31) / 32;
    uint32_t *words = malloc(nwords ? nwords * sizeof *words : 1);
    if (!words) {
        vm_raise(vm, vm->e_MemoryError, "getrandbits");
        return false;
    }
    mt_getrandbits(r, (int)k, words);
    mpz_import(z, nwords, -1, sizeof *words, 0, 0, words);
    free(words);
    return true;
}

/* _randbelow(n) for n > 0 in z: k = n.bit_length() bits, redrawn while >= n. */
static bool randbelow_mpz(VM *vm, MtRandom *r, const mpz_t n, mpz_t out)
{
    size_t k = mpz_sizeinbase(n, 2);
    if (k <= 64) {
        uint64_t u = 0;
        mpz_export(&u, NULL, -1, sizeof u, 0, 0, n);
        u = mt_randbelow(r, u);
        mpz_import(out, 1, -1, sizeof u, 0, 0, &u);
        return true;
    }
    do {
        if (!randbits_mpz(vm, r, (int64_t)k, out)) return false;
    } while (mpz_cmp(out, n) >= 0);
    return true;
}

static Value m_random(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    MtRandom *r = self_rng(vm, args[0], "random");
    if (!r || !mod_check_none(vm, "Random.random", nargs - 1, kw)) return V_EXC;
    return v_double(mt_random(r));
}

static Value m_getrandbits(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    MtRandom *r = self_rng(vm, args[0], "getrandbits");
    int64_t k;
    if (!r || !mod_check_one(vm, "Random.getrandbits", nargs - 1, kw) || !vm_index(vm, args[1], &k)) return V_EXC;
    if (k < 0) return vm_raise(vm, vm->e_ValueError, "number of bits must be non-negative");
    if (k <= 64) return from_u64(vm, mt_getrandbits64(r, (int)k));
    mpz_t z;
    mpz_init(z);
    Value v = randbits_mpz(vm, r, k, z) ? vm_int_from_mpz(vm, z) : V_EXC;
    mpz_clear(z);
    return v;
}

/* randbytes(n) = getrandbits(n * 8).to_bytes(n, 'little') */
static Value m_randbytes(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"n"};
    Value p[1];
    int64_t n;
    MtRandom *r = self_rng(vm, args[0], "randbytes");
    if (!r || !vm_parse_args(vm, "randbytes", args + 1, nargs - 1, kw, names, 1, 1, 1, p) || !vm_index(vm, p[0], &n))
        return V_EXC;
    if (n < 0) return vm_raise(vm, vm->e_ValueError, "number of bits must be non-negative");
    if (n > RANDBITS_MAX / 8) return vm_raise(vm, vm->e_MemoryError, "randbytes");
    size_t nwords = (size_t)(n + 3) / 4;
    uint32_t *words = malloc(nwords ? nwords * sizeof *words : 1);
    unsigned char *bytes = malloc(nwords ? nwords * 4 : 1);
    if (!words || !bytes) {
        free(words);
        free(bytes);
        return vm_raise(vm, vm->e_MemoryError, "randbytes");
    }
    mt_getrandbits(r, (int)(n * 8), words);
    for (size_t i = 0; i < nwords; i++)
        for (int b = 0; b < 4; b++) bytes[4 * i + (size_t)b] = (unsigned char)(words[i] >> (8 * b));
    Value v = vm_new_bytes(vm, bytes, (size_t)n);
    free(words);
    free(bytes);
    return v;
}

/* operator.index(v) for randrange's arguments; for what has no __index__,
 * int(v), which must equal v (3.11 accepts 5.0 with a DeprecationWarning,
 * which tirun does not print). */
static Value range_arg(VM *vm, Value v, const char *what)
{
    if (v_is_int(v)) return v;
    Value i = vm_number_index(vm, v);
    if (i != V_EXC || !vm_exc_matches(vm, vm->exc, v_obj(vm->e_TypeError))) return i;
    vm->exc = V_NONE;
    i = vm_call(vm, v_obj(vm->t_int), &v, 1, NULL);
    if (i == V_EXC) return V_EXC;
    int eq = vm_eq(vm, i, v);
    if (eq < 0) return V_EXC;
    return eq ? i : vm_raise(vm, vm->e_ValueError, "non-integer %s for randrange()", what);
}

static char *mpz_text(const mpz_t z) { return mpz_get_str(NULL, 10, z); }

static void mpz_text_free(char *s)
{
    void (*gmp_free)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &gmp_free);
    gmp_free(s, strlen(s) + 1);
}

/* randrange over arbitrary ints, with every value an mpz. */
static Value randrange_big(VM *vm, MtRandom *r, Value vstart, Value vstop, Value vstep)
{
    mpz_t start, stop, step, width, n;
    mpz_inits(start, stop, step, width, n, NULL);
    vm_int_to_mpz(vstart, start);
    vm_int_to_mpz(vstop, stop);
    vm_int_to_mpz(vstep, step);
    mpz_sub(width, stop, start);
    Value result = V_EXC;
    if (mpz_cmp_ui(step, 1) == 0) {
        if (mpz_sgn(width) <= 0) {
            char *a = mpz_text(start), *b = mpz_text(stop), *c = mpz_text(width);
            vm_raise(vm, vm->e_ValueError, "empty range for randrange() (%s, %s, %s)", a, b, c);
            mpz_text_free(a);
            mpz_text_free(b);
            mpz_text_free(c);
            goto done;
        }
        mpz_set(n, width);
    } else if (mpz_sgn(step) == 0) {
        vm_raise(vm, vm->e_ValueError, "zero step for randrange()");
        goto done;
    } else {
        /* n = (width + step -+ 1) // step, rounding toward minus infinity */
        mpz_add(n, width, step);
        if (mpz_sgn(step) > 0) mpz_sub_ui(n, n, 1);
        else mpz_add_ui(n, n, 1);
        mpz_fdiv_q(n, n, step);
        if (mpz_sgn(n) <= 0) {
            vm_raise(vm, vm->e_ValueError, "empty range for randrange()");
            goto done;
        }
    }
    if (!randbelow_mpz(vm, r, n, width)) goto done;
    mpz_mul(width, width, step);
    mpz_add(width, width, start);
    result = vm_int_from_mpz(vm, width);
done:
    mpz_clears(start, stop, step, width, n, NULL);
    return result;
}

/* randrange(start, stop=None, step=1) as Lib/random.py 3.11 writes it; step
 * UNBOUND when not given. */
static Value randrange(VM *vm, MtRandom *r, Value start, Value stop, Value step)
{
    Value istart = range_arg(vm, start, "arg 1");
    if (istart == V_EXC) return V_EXC;
    if (stop == V_NONE) {
        /* `step is not _ONE`: any int 1 is that cached object */
        if (step != V_UNBOUND && step != v_int(1))
            return vm_raise(vm, vm->e_TypeError, "Missing a non-None stop argument");
        if (v_is_int(istart) && v_as_int(istart) > 0)
            return v_int((int64_t)mt_randbelow(r, (uint64_t)v_as_int(istart)));
        if (!v_is_int(istart) && vm_int_cmp(istart, v_int(0)) > 0)
            return randrange_big(vm, r, v_int(0), istart, v_int(1));
        return vm_raise(vm, vm->e_ValueError, "empty range for randrange()");
    }
    vm_push_root(vm, istart);
    Value istop = range_arg(vm, stop, "stop");
    vm_push_root(vm, istop);
    Value istep = istop == V_EXC ? V_EXC : step == V_UNBOUND ? v_int(1) : range_arg(vm, step, "step");
    vm_pop_roots(vm, 2);
    if (istop == V_EXC || istep == V_EXC) return V_EXC;
    if (!v_is_int(istart) || !v_is_int(istop) || !v_is_int(istep)) return randrange_big(vm, r, istart, istop, istep);
    /* 48-bit operands: no int64 arithmetic below can overflow */
    int64_t a = v_as_int(istart), width = v_as_int(istop) - a, st = v_as_int(istep), n;
    if (st == 1) {
        if (width > 0) return vm_int_from_i64(vm, a + (int64_t)mt_randbelow(r, (uint64_t)width));
        return vm_raise(vm, vm->e_ValueError, "empty range for randrange() (%lld, %lld, %lld)", (long long)a,
                        (long long)v_as_int(istop), (long long)width);
    }
    if (st == 0) return vm_raise(vm, vm->e_ValueError, "zero step for randrange()");
    int64_t num = width + st + (st > 0 ? -1 : 1);
    n = num / st - ((num % st != 0) && ((num < 0) != (st < 0)));
    if (n <= 0) return vm_raise(vm, vm->e_ValueError, "empty range for randrange()");
    return vm_int_from_i64(vm, a + st * (int64_t)mt_randbelow(r, (uint64_t)n));
}

static Value m_randrange(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"start", "stop", "step"};
    Value p[3];
    MtRandom *r = self_rng(vm, args[0], "randrange");
    if (!r || !vm_parse_args(vm, "randrange", args + 1, nargs - 1, kw, names, 3, 3, 1, p)) return V_EXC;
    return randrange(vm, r, p[0], p[1] == V_UNBOUND ? V_NONE : p[1], p[2]);
}

/* randint(a, b) = randrange(a, b + 1) */
static Value m_randint(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "b"};
    Value p[2];
    MtRandom *r = self_rng(vm, args[0], "randint");
    if (!r || !vm_parse_args(vm, "randint", args + 1, nargs - 1, kw, names, 2, 2, 2, p)) return V_EXC;
    Value stop = v_is_int(p[1]) ? vm_int_from_i64(vm, v_as_int(p[1]) + 1) : vm_binary(vm, AST_Add, p[1], v_int(1));
    if (stop == V_EXC) return V_EXC;
    vm_push_root(vm, stop);
    Value v = randrange(vm, r, p[0], stop, V_UNBOUND);
    vm_pop_roots(vm, 1);
    return v;
}

/* _randbelow(n) for a length n >= 1. */
static int64_t randbelow_len(MtRandom *r, int64_t n) { return (int64_t)mt_randbelow(r, (uint64_t)n); }

/* len(v) as an int64 (len() of CPython raises past its range too). */
static bool length_of(VM *vm, Value v, int64_t *out)
{
    Value n = vm_len(vm, v);
    return n != V_EXC && vm_index(vm, n, out);
}

/* seq[i], directly for lists and tuples (not their subclasses, whose
 * __getitem__ may be their own). */
static Value item_at(VM *vm, Value seq, int64_t i)
{
    if (v_is_obj(seq) && (v_as_obj(seq)->type == vm->t_list || v_as_obj(seq)->type == vm->t_tuple)) {
        uint32_t len;
        Value *items = vm_seq_items(seq, &len);
        if (i >= 0 && i < (int64_t)len) return items[i];
    }
    return vm_getitem(vm, seq, v_int(i));
}

static Value m_choice(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"seq"};
    Value p[1];
    int64_t n;
    MtRandom *r = self_rng(vm, args[0], "choice");
    if (!r || !vm_parse_args(vm, "choice", args + 1, nargs - 1, kw, names, 1, 1, 1, p) || !length_of(vm, p[0], &n))
        return V_EXC;
    if (n == 0) return vm_raise(vm, vm->e_IndexError, "Cannot choose from an empty sequence");
    return item_at(vm, p[0], randbelow_len(r, n));
}

/* shuffle(x): for i from len-1 down to 1, j = _randbelow(i + 1), swap. A
 * list's items are swapped in place; other sequences go through x[i]. */
static Value m_shuffle(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"x"};
    Value p[1];
    MtRandom *r = self_rng(vm, args[0], "shuffle");
    if (!r || !vm_parse_args(vm, "shuffle", args + 1, nargs - 1, kw, names, 1, 1, 1, p)) return V_EXC;
    Value x = p[0];
    if (v_is_obj(x) && v_as_obj(x)->type == vm->t_list) {
        mt_shuffle(r, AS_LIST(x)->items, AS_LIST(x)->len, sizeof(Value));
        return V_NONE;
    }
    int64_t n;
    if (!length_of(vm, x, &n)) return V_EXC;
    for (int64_t i = n - 1; i > 0; i--) {
        int64_t j = randbelow_len(r, i + 1);
        /* x[i], x[j] = x[j], x[i]: both read, then stored left to right */
        Value xj = vm_getitem(vm, x, v_int(j));
        if (xj == V_EXC) return V_EXC;
        vm_push_root(vm, xj);
        Value xi = vm_getitem(vm, x, v_int(i));
        vm_push_root(vm, xi);
        bool ok = xi != V_EXC && vm_setitem(vm, x, v_int(i), xj) && vm_setitem(vm, x, v_int(j), xi);
        vm_pop_roots(vm, 2);
        if (!ok) return V_EXC;
    }
    return V_NONE;
}

/* ---- sample ------------------------------------------------------------------------------- */

/* A set of drawn indices for sample's large-population branch. */
typedef struct {
    int64_t *slots;    /* -1 empty */
    size_t mask;
} IndexSet;

/* Adds j; false when it was there already. */
static bool index_set_add(IndexSet *s, int64_t j)
{
    size_t h = (size_t)((uint64_t)j * 0x9E3779B97F4A7C15u) & s->mask;
    while (s->slots[h] >= 0) {
        if (s->slots[h] == j) return false;
        h = (h + 1) & s->mask;
    }
    s->slots[h] = j;
    return true;
}

/* The k indices sample() draws from range(n), in CPython's order of draws:
 * from a pool when a list of n is smaller than a set of k, else redrawing
 * repeats. Returns false (MemoryError) when out of memory. */
static bool sample_indices(VM *vm, MtRandom *r, int64_t n, int64_t k, int64_t *out)
{
    int64_t setsize = 21;   /* size of a small set minus that of an empty list */
    if (k > 5) {
        double e = ceil(log((double)(k * 3)) / log(4.0));
        setsize = e >= 31 ? INT64_MAX : setsize + ((int64_t)1 << (2 * (int)e));
    }
    if (n <= setsize) {
        int64_t *pool = malloc((size_t)(n ? n : 1) * sizeof *pool);
        if (!pool) {
            vm_raise(vm, vm->e_MemoryError, "sample");
            return false;
        }
        for (int64_t i = 0; i < n; i++) pool[i] = i;
        for (int64_t i = 0; i < k; i++) {
            int64_t j = randbelow_len(r, n - i);
            out[i] = pool[j];
            pool[j] = pool[n - i - 1];   /* the unselected item moves into the vacancy */
        }
        free(pool);
        return true;
    }
    size_t cap = 16;
    while (cap < (size_t)k * 2) cap *= 2;
    IndexSet set = {malloc(cap * sizeof(int64_t)), cap - 1};
    if (!set.slots) {
        vm_raise(vm, vm->e_MemoryError, "sample");
        return false;
    }
    memset(set.slots, 0xFF, cap * sizeof(int64_t));
    for (int64_t i = 0; i < k; i++) {
        int64_t j = randbelow_len(r, n);
        while (!index_set_add(&set, j)) j = randbelow_len(r, n);
        out[i] = j;
    }
    free(set.slots);
    return true;
}

/* sample's counts: their running sums (ints) in cum[0..n). */
static bool cumulative_counts(VM *vm, Value counts, int64_t n, int64_t **cum)
{
    Value list = vm_list_from(vm, counts);
    if (list == V_EXC) return false;
    if ((int64_t)AS_LIST(list)->len != n) {
        vm_raise(vm, vm->e_ValueError, "The number of counts does not match the population");
        return false;
    }
    *cum = malloc((size_t)(n ? n : 1) * sizeof **cum);
    if (!*cum) {
        vm_raise(vm, vm->e_MemoryError, "sample");
        return false;
    }
    vm_push_root(vm, list);   /* __index__ of a count may run Python */
    int64_t total = 0;
    for (int64_t i = 0; i < n; i++) {
        Value c = AS_LIST(list)->items[i];
        int64_t v;
        if (v_is_double(c)) {
            vm_raise(vm, vm->e_TypeError, "Counts must be integers");
            goto fail;
        }
        if (!vm_index(vm, c, &v)) goto fail;
        if (__builtin_add_overflow(total, v, &total)) {
            vm_raise(vm, vm->e_OverflowError, "total of counts too large");
            goto fail;
        }
        (*cum)[i] = total;
    }
    if (n == 0) {
        vm_raise(vm, vm->e_IndexError, "pop from empty list");
        goto fail;
    }
    if (total <= 0) {
        vm_raise(vm, vm->e_ValueError, "Total of counts must be greater than zero");
        goto fail;
    }
    vm_pop_roots(vm, 1);
    return true;
fail:
    vm_pop_roots(vm, 1);
    free(*cum);
    return false;
}

/* bisect_right over cum[0..n). */
static int64_t bisect_counts(const int64_t *cum, int64_t n, int64_t x)
{
    int64_t lo = 0, hi = n;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (x < cum[mid]) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

/* Lib/random.py's Sequence test: dicts and sets are refused by name. */
static bool is_sequence(VM *vm, Value v)
{
    if (v_has_layout(v, LAYOUT_DICT) || v_has_layout(v, LAYOUT_SET)) return false;
    TypeObj *t = vm_type_of(vm, v);
    return vm_type_lookup(t, vm->s___getitem__) != V_UNBOUND && vm_type_lookup(t, vm->s___len__) != V_UNBOUND;
}

/* sample(population, k, *, counts=None) */
static Value m_sample(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"population", "k", "counts"};
    Value p[3];
    MtRandom *r = self_rng(vm, args[0], "sample");
    if (!r || !vm_parse_args(vm, "sample", args + 1, nargs - 1, kw, names, 3, 2, 2, p)) return V_EXC;
    Value pop = p[0];
    if (!is_sequence(vm, pop))
        return vm_raise(vm, vm->e_TypeError, "Population must be a sequence.  For dicts or sets, use sorted(d).");
    int64_t npop, n, k, *cum = NULL, *idx = NULL;
    if (!length_of(vm, pop, &npop)) return V_EXC;
    n = npop;
    if (p[2] != V_UNBOUND && p[2] != V_NONE) {
        if (!cumulative_counts(vm, p[2], npop, &cum)) return V_EXC;
        n = cum[npop - 1];   /* sample range(total), then map back through the counts */
    }
    Value result = V_EXC;
    if (!vm_index(vm, p[1], &k)) goto done;
    if (k < 0 || k > n) {
        vm_raise(vm, vm->e_ValueError, "Sample larger than population or is negative");
        goto done;
    }
    if (!(idx = malloc((size_t)(k ? k : 1) * sizeof *idx))) {
        vm_raise(vm, vm->e_MemoryError, "sample");
        goto done;
    }
    if (!sample_indices(vm, r, n, k, idx)) goto done;
    Value list = vm_new_list(vm, (uint32_t)k);
    if (list == V_EXC) goto done;
    vm_push_root(vm, list);
    for (int64_t i = 0; i < k; i++) {
        Value item = item_at(vm, pop, cum ? bisect_counts(cum, npop, idx[i]) : idx[i]);
        if (item == V_EXC || !vm_list_append(vm, AS_LIST(list), item)) {
            vm_pop_roots(vm, 1);
            goto done;
        }
    }
    vm_pop_roots(vm, 1);
    result = list;
done:
    free(cum);
    free(idx);
    return result;
}

/* ---- choices ------------------------------------------------------------------------------ */

/* a + b, directly for small ints and floats (Python's result either way). */
static Value add_values(VM *vm, Value a, Value b)
{
    if (v_is_int(a) && v_is_int(b)) return vm_int_from_i64(vm, v_as_int(a) + v_as_int(b));
    if ((v_is_double(a) || v_is_int(a)) && (v_is_double(b) || v_is_int(b)))
        return v_double((v_is_double(a) ? v_as_double(a) : (double)v_as_int(a)) +
                        (v_is_double(b) ? v_as_double(b) : (double)v_as_int(b)));
    return vm_binary(vm, AST_Add, a, b);
}

/* list(itertools.accumulate(weights)); weights given as an int is the
 * number of choices passed by position. */
static Value accumulate(VM *vm, Value weights)
{
    Value list = vm_list_from(vm, weights);
    if (list == V_EXC) {
        if (!vm_is_int(vm, weights) || !vm_exc_matches(vm, vm->exc, v_obj(vm->e_TypeError))) return V_EXC;
        vm->exc = V_NONE;
        Value text = vm_repr(vm, weights);
        if (text == V_EXC) return V_EXC;
        return vm_raise(vm, vm->e_TypeError, "The number of choices must be a keyword argument: k=%s",
                        AS_STR(text)->data);
    }
    vm_push_root(vm, list);
    for (uint32_t i = 1; i < AS_LIST(list)->len; i++) {
        Value s = add_values(vm, AS_LIST(list)->items[i - 1], AS_LIST(list)->items[i]);
        if (s == V_EXC) {
            list = V_EXC;
            break;
        }
        AS_LIST(list)->items[i] = s;
    }
    vm_pop_roots(vm, 1);
    return list;
}

/* x < v: 1, 0, or -1 on error. */
static int less_than(VM *vm, double x, Value v)
{
    if (v_is_double(v)) return x < v_as_double(v);
    if (v_is_int(v)) return x < (double)v_as_int(v);   /* 48 bits: exact */
    Value c = vm_compare(vm, AST_Lt, v_double(x), v);
    return c == V_EXC ? -1 : vm_truthy(vm, c);
}

/* A float argument: floats and ints directly, the rest through float(). */
static bool num_arg(VM *vm, Value v, double *out)
{
    if (v_is_double(v)) *out = v_as_double(v);
    else if (v_is_int(v)) *out = (double)v_as_int(v);
    else return vm_to_double(vm, v, out);
    return true;
}

/* choices(population, weights=None, *, cum_weights=None, k=1): without
 * weights population[floor(random() * n)], else a bisection of the
 * cumulative weights at random() * total. */
static Value m_choices(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"population", "weights", "cum_weights", "k"};
    Value p[4];
    MtRandom *r = self_rng(vm, args[0], "choices");
    if (!r || !vm_parse_args(vm, "choices", args + 1, nargs - 1, kw, names, 4, 2, 1, p)) return V_EXC;
    Value pop = p[0], weights = p[1] == V_UNBOUND ? V_NONE : p[1], cum = p[2] == V_UNBOUND ? V_NONE : p[2];
    int64_t n, k = 1;
    if (!length_of(vm, pop, &n)) return V_EXC;
    if (cum == V_NONE && weights != V_NONE) cum = accumulate(vm, weights);
    else if (cum != V_NONE && weights != V_NONE)
        return vm_raise(vm, vm->e_TypeError, "Cannot specify both weights and cumulative weights");
    else if (cum != V_NONE) cum = vm_list_from(vm, cum);
    if (cum == V_EXC) return V_EXC;
    vm_push_root(vm, cum);
    Value result = V_EXC, list = V_EXC;
    double total = 0.0;
    if (cum != V_NONE) {
        if ((int64_t)AS_LIST(cum)->len != n) {
            vm_raise(vm, vm->e_ValueError, "The number of weights does not match the population");
            goto done;
        }
        if (n == 0) {
            vm_raise(vm, vm->e_IndexError, "list index out of range");
            goto done;
        }
        Value t = add_values(vm, AS_LIST(cum)->items[n - 1], v_double(0.0));
        if (t == V_EXC || !num_arg(vm, t, &total)) goto done;
        if (total <= 0.0) {
            vm_raise(vm, vm->e_ValueError, "Total of weights must be greater than zero");
            goto done;
        }
        if (!isfinite(total)) {
            vm_raise(vm, vm->e_ValueError, "Total of weights must be finite");
            goto done;
        }
    }
    if (p[3] != V_UNBOUND && !vm_index(vm, p[3], &k)) goto done;
    list = vm_new_list(vm, k <= 0 ? 0 : k < (1 << 20) ? (uint32_t)k : (1u << 20));
    if (list == V_EXC) goto done;
    vm_push_root(vm, list);
    for (int64_t i = 0; i < k; i++) {
        int64_t j;
        if (cum == V_NONE) {
            j = (int64_t)floor(mt_random(r) * (double)n);
        } else {
            /* bisect_right(cum, x, 0, n - 1) */
            double x = mt_random(r) * total;
            int64_t lo = 0, hi = n - 1;
            while (lo < hi) {
                int64_t mid = lo + (hi - lo) / 2;
                int lt = less_than(vm, x, AS_LIST(cum)->items[mid]);
                if (lt < 0) goto popped;
                if (lt) hi = mid;
                else lo = mid + 1;
            }
            j = lo;
        }
        Value item = item_at(vm, pop, j);
        if (item == V_EXC || !vm_list_append(vm, AS_LIST(list), item)) goto popped;
    }
    result = list;
popped:
    vm_pop_roots(vm, 1);
done:
    vm_pop_roots(vm, 1);
    return result;
}

/* ---- real-valued distributions ------------------------------------------------------------ */

/* x ** y for floats as Python raises its errors (the bases here are >= 0). */
static bool py_pow(VM *vm, double x, double y, double *out)
{
    if (x == 0.0 && y < 0.0) {
        vm_raise(vm, vm->e_ZeroDivisionError, "0.0 cannot be raised to a negative power");
        return false;
    }
    *out = pow(x, y);
    if (isinf(*out) && isfinite(x) && isfinite(y)) {
        vm_raise(vm, vm->e_OverflowError, "(34, 'Numerical result out of range')");
        return false;
    }
    return true;
}

static bool py_div(VM *vm, double x, double y, double *out)
{
    if (y == 0.0) {
        vm_raise(vm, vm->e_ZeroDivisionError, "float division by zero");
        return false;
    }
    *out = x / y;
    return true;
}

/* x % y for floats: the result takes the sign of y. */
static double py_mod(double x, double y)
{
    double m = fmod(x, y);
    if (m != 0.0) {
        if ((y < 0.0) != (m < 0.0)) m += y;
    } else {
        m = copysign(0.0, y);
    }
    return m;
}

/* The kernels: a[] holds the arguments as floats. Each draws exactly as
 * Lib/random.py 3.11 does, in the same order. */
typedef bool (*DistFn)(VM *vm, MtRandom *r, const double *a, double *out);

/* Kinderman and Monahan's ratio method */
static bool dist_normalvariate(VM *vm, MtRandom *r, const double *a, double *out)
{
    const double NV_MAGICCONST = 4 * exp(-0.5) / sqrt(2.0);
    double z;
    for (;;) {
        double u1 = mt_random(r);
        double u2 = 1.0 - mt_random(r);
        z = NV_MAGICCONST * (u1 - 0.5) / u2;
        double zz = z * z / 4.0;
        if (zz <= -log(u2)) break;
    }
    *out = a[0] + z * a[1];
    return true;
}

static bool dist_gauss(VM *vm, MtRandom *r, const double *a, double *out)
{
    *out = mt_gauss(r, a[0], a[1]);
    return true;
}

static bool dist_lognormvariate(VM *vm, MtRandom *r, const double *a, double *out)
{
    double z;
    dist_normalvariate(vm, r, a, &z);
    *out = exp(z);
    if (isinf(*out) && isfinite(z)) {
        vm_raise(vm, vm->e_OverflowError, "math range error");
        return false;
    }
    return true;
}

static bool dist_expovariate(VM *vm, MtRandom *r, const double *a, double *out)
{
    return py_div(vm, -log(1.0 - mt_random(r)), a[0], out);
}

static bool dist_vonmisesvariate(VM *vm, MtRandom *r, const double *a, double *out)
{
    double mu = a[0], kappa = a[1];
    if (kappa <= 1e-6) {
        *out = TWOPI * mt_random(r);
        return true;
    }
    double s = 0.5 / kappa;
    double rr = s + sqrt(1.0 + s * s), z;
    for (;;) {
        double u1 = mt_random(r);
        z = cos(M_PI * u1);
        double d = z / (rr + z);
        double u2 = mt_random(r);
        if (u2 < 1.0 - d * d || u2 <= (1.0 - d) * exp(d)) break;
    }
    double q = 1.0 / rr;
    double f = (q + z) / (1.0 + q * z);
    double u3 = mt_random(r);
    if (f < -1.0 || f > 1.0) {
        vm_raise(vm, vm->e_ValueError, "math domain error");
        return false;
    }
    *out = u3 > 0.5 ? py_mod(mu + acos(f), TWOPI) : py_mod(mu - acos(f), TWOPI);
    return true;
}

/* alpha > 1: Cheng's rejection method (R.C.H. Cheng, 1977); alpha == 1:
 * exponential; alpha < 1: Ahrens and Dieter's method GS. */
static bool dist_gammavariate(VM *vm, MtRandom *r, const double *a, double *out)
{
    double alpha = a[0], beta = a[1];
    if (alpha <= 0.0 || beta <= 0.0) {
        vm_raise(vm, vm->e_ValueError, "gammavariate: alpha and beta must be > 0.0");
        return false;
    }
    if (alpha > 1.0) {
        const double LOG4 = log(4.0), SG_MAGICCONST = 1.0 + log(4.5);
        double ainv = sqrt(2.0 * alpha - 1.0), bbb = alpha - LOG4, ccc = alpha + ainv;
        for (;;) {
            double u1 = mt_random(r);
            if (!(1e-7 < u1 && u1 < 0.9999999)) continue;
            double u2 = 1.0 - mt_random(r);
            double v = log(u1 / (1.0 - u1)) / ainv;
            double x = alpha * exp(v);
            double z = u1 * u1 * u2;
            double rr = bbb + ccc * v - x;
            if (rr + SG_MAGICCONST - 4.5 * z >= 0.0 || rr >= log(z)) {
                *out = x * beta;
                return true;
            }
        }
    }
    if (alpha == 1.0) {
        *out = -log(1.0 - mt_random(r)) * beta;
        return true;
    }
    double x;
    for (;;) {
        double u = mt_random(r);
        double b = (M_E + alpha) / M_E;
        double p = b * u;
        if (p <= 1.0) {
            if (!py_pow(vm, p, 1.0 / alpha, &x)) return false;
        } else {
            x = -log((b - p) / alpha);
        }
        double u1 = mt_random(r), bound;
        if (p > 1.0) {
            if (!py_pow(vm, x, alpha - 1.0, &bound)) return false;
            if (u1 <= bound) break;
        } else if (u1 <= exp(-x)) {
            break;
        }
    }
    *out = x * beta;
    return true;
}

static bool dist_betavariate(VM *vm, MtRandom *r, const double *a, double *out)
{
    double y, y2;
    const double ga[2] = {a[0], 1.0}, gb[2] = {a[1], 1.0};
    if (!dist_gammavariate(vm, r, ga, &y)) return false;
    if (y == 0.0) {
        *out = 0.0;
        return true;
    }
    if (!dist_gammavariate(vm, r, gb, &y2)) return false;
    *out = y / (y + y2);
    return true;
}

static bool dist_paretovariate(VM *vm, MtRandom *r, const double *a, double *out)
{
    double u = 1.0 - mt_random(r), e;
    return py_div(vm, -1.0, a[0], &e) && py_pow(vm, u, e, out);
}

static bool dist_weibullvariate(VM *vm, MtRandom *r, const double *a, double *out)
{
    double u = 1.0 - mt_random(r), e, t;
    if (!py_div(vm, 1.0, a[1], &e) || !py_pow(vm, -log(u), e, &t)) return false;
    *out = a[0] * t;
    return true;
}

/* X(name, required arguments, parameters, names..., defaults...) */
#define RANDOM_DISTRIBUTIONS(X)                                         \
    X(normalvariate, 0, 2, "mu", "sigma", 0.0, 1.0)                     \
    X(gauss, 0, 2, "mu", "sigma", 0.0, 1.0)                             \
    X(lognormvariate, 2, 2, "mu", "sigma", 0.0, 0.0)                    \
    X(expovariate, 1, 1, "lambd", "", 0.0, 0.0)                         \
    X(vonmisesvariate, 2, 2, "mu", "kappa", 0.0, 0.0)                   \
    X(gammavariate, 2, 2, "alpha", "beta", 0.0, 0.0)                    \
    X(betavariate, 2, 2, "alpha", "beta", 0.0, 0.0)                     \
    X(paretovariate, 1, 1, "alpha", "", 0.0, 0.0)                       \
    X(weibullvariate, 2, 2, "alpha", "beta", 0.0, 0.0)

static Value distribution(VM *vm, const char *name, Value *args, int nargs, TupleObj *kw, const char *const *names,
                          int nparams, int required, const double *defaults, DistFn f)
{
    Value p[2];
    double a[2] = {defaults[0], defaults[1]}, out;
    MtRandom *r = self_rng(vm, args[0], name);
    if (!r || !vm_parse_args(vm, name, args + 1, nargs - 1, kw, names, nparams, nparams, required, p)) return V_EXC;
    for (int i = 0; i < nparams; i++)
        if (p[i] != V_UNBOUND && !num_arg(vm, p[i], &a[i])) return V_EXC;
    return f(vm, r, a, &out) ? v_double(out) : V_EXC;
}

#define X(name, required, nparams, n1, n2, d1, d2)                                                 \
    static Value m_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                            \
    {                                                                                              \
        static const char *const names[] = {n1, n2};                                               \
        static const double defaults[] = {d1, d2};                                                 \
        return distribution(vm, #name, args, nargs, kw, names, nparams, required, defaults, dist_##name); \
    }
RANDOM_DISTRIBUTIONS(X)
#undef X

/* uniform(a, b) = a + (b - a) * random(), in Python arithmetic for
 * what is neither int nor float. */
static Value m_uniform(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "b"};
    Value p[2];
    MtRandom *r = self_rng(vm, args[0], "uniform");
    if (!r || !vm_parse_args(vm, "uniform", args + 1, nargs - 1, kw, names, 2, 2, 2, p)) return V_EXC;
    Value a = p[0], b = p[1];
    if (v_is_int(a) && v_is_int(b))
        return v_double((double)v_as_int(a) + (double)(v_as_int(b) - v_as_int(a)) * mt_random(r));
    if ((v_is_double(a) || v_is_int(a)) && (v_is_double(b) || v_is_int(b))) {
        double da = v_is_double(a) ? v_as_double(a) : (double)v_as_int(a);
        double db = v_is_double(b) ? v_as_double(b) : (double)v_as_int(b);
        return v_double(da + (db - da) * mt_random(r));
    }
    Value width = vm_binary(vm, AST_Sub, b, a);
    if (width == V_EXC) return V_EXC;
    vm_push_root(vm, width);
    Value scaled = vm_binary(vm, AST_Mult, width, v_double(mt_random(r)));
    vm_pop_roots(vm, 1);
    if (scaled == V_EXC) return V_EXC;
    vm_push_root(vm, scaled);
    Value v = vm_binary(vm, AST_Add, a, scaled);
    vm_pop_roots(vm, 1);
    return v;
}

/* triangular(low=0.0, high=1.0, mode=None); low itself when the range is
 * empty and a mode is given (the ZeroDivisionError CPython catches). */
static Value m_triangular(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"low", "high", "mode"};
    Value p[3];
    double low = 0.0, high = 1.0, mode = 0.0;
    MtRandom *r = self_rng(vm, args[0], "triangular");
    if (!r || !vm_parse_args(vm, "triangular", args + 1, nargs - 1, kw, names, 3, 3, 0, p)) return V_EXC;
    if ((p[0] != V_UNBOUND && !num_arg(vm, p[0], &low)) || (p[1] != V_UNBOUND && !num_arg(vm, p[1], &high)))
        return V_EXC;
    bool has_mode = p[2] != V_UNBOUND && p[2] != V_NONE;
    if (has_mode && !num_arg(vm, p[2], &mode)) return V_EXC;
    double u = mt_random(r), c = 0.5;
    if (has_mode) {
        if (high - low == 0.0) return p[0] == V_UNBOUND ? v_double(0.0) : p[0];
        c = (mode - low) / (high - low);
    }
    if (u > c) {
        u = 1.0 - u;
        c = 1.0 - c;
        double t = low;
        low = high;
        high = t;
    }
    return v_double(low + (high - low) * sqrt(u * c));
}

/* ---- state -------------------------------------------------------------------------------- */

/* getstate(): (3, (624 state words..., index), gauss_next) */
static Value m_getstate(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    MtRandom *r = self_rng(vm, args[0], "getstate");
    if (!r || !mod_check_none(vm, "Random.getstate", nargs - 1, kw)) return V_EXC;
    Value words = vm_new_tuple(vm, MT_N + 1);
    if (words == V_EXC) return V_EXC;
    for (int i = 0; i < MT_N; i++) AS_TUPLE(words)->items[i] = v_int(r->state[i]);
    AS_TUPLE(words)->items[MT_N] = v_int(r->index);
    Value items[3] = {v_int(3), words, r->has_gauss_next ? v_double(r->gauss_next) : V_NONE};
    return vm_tuple_of(vm, items, 3);
}

/* The unpacked (version, internalstate, gauss_next) of setstate: the 624
 * words and the index, checked as _random.Random.setstate checks them. */
static Value set_state(VM *vm, MtRandom *r, Value state, bool v2)
{
    uint32_t n;
    Value *parts = vm_seq_items(state, &n);
    if (n != 3)
        return n > 3 ? vm_raise(vm, vm->e_ValueError, "too many values to unpack (expected 3)")
                     : vm_raise(vm, vm->e_ValueError, "not enough values to unpack (expected 3, got %u)", n);
    Value words = parts[1], gauss = parts[2];
    double g = 0.0;
    if (gauss != V_NONE && !num_arg(vm, gauss, &g)) return V_EXC;
    if (!v_has_layout(words, LAYOUT_TUPLE)) return vm_raise(vm, vm->e_TypeError, "state vector must be a tuple");
    if (AS_TUPLE(words)->len != MT_N + 1) return vm_raise(vm, vm->e_ValueError, "state vector is the wrong size");
    uint32_t next[MT_N];
    mpz_t z;
    mpz_init(z);
    for (int i = 0; i < MT_N; i++) {
        Value w = AS_TUPLE(words)->items[i];
        if (!vm_is_int(vm, w)) {
            mpz_clear(z);
            return vm_raise(vm, vm->e_TypeError, "'%s' object cannot be interpreted as an integer", TNAME(w));
        }
        vm_int_to_mpz(w, z);
        if (v2) mpz_fdiv_r_2exp(z, z, 32);
        /* a C unsigned long, truncated to 32 bits as _random does */
        if (mpz_sgn(z) < 0 || mpz_sizeinbase(z, 2) > 64) {
            bool negative = mpz_sgn(z) < 0;
            mpz_clear(z);
            return vm_raise(vm, vm->e_OverflowError, negative ? "can't convert negative value to unsigned int"
                                                              : "Python int too large to convert to C unsigned long");
        }
        next[i] = (uint32_t)mpz_get_ui(z);
    }
    mpz_clear(z);
    int64_t index;
    if (!vm_index(vm, AS_TUPLE(words)->items[MT_N], &index)) return V_EXC;
    if (index < 0 || index > MT_N) return vm_raise(vm, vm->e_ValueError, "invalid state");
    memcpy(r->state, next, sizeof next);
    r->index = (int)index;
    r->has_gauss_next = gauss != V_NONE;
    r->gauss_next = g;
    return V_NONE;
}

/* setstate(state) for versions 3 and 2 (version 2's words may be out of
 * range: they are taken modulo 2**32). */
static Value m_setstate(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    MtRandom *r = self_rng(vm, args[0], "setstate");
    if (!r || !mod_check_one(vm, "Random.setstate", nargs - 1, kw)) return V_EXC;
    Value state = args[1];
    Value version = vm_getitem(vm, state, v_int(0));
    if (version == V_EXC) return V_EXC;
    if (!v_has_layout(state, LAYOUT_TUPLE) && !v_has_layout(state, LAYOUT_LIST) &&
        (state = vm_list_from(vm, state)) == V_EXC)
        return V_EXC;
    int v3 = vm_eq(vm, version, v_int(3)), v2 = v3 ? 0 : vm_eq(vm, version, v_int(2));
    if (v3 < 0 || v2 < 0) return V_EXC;
    if (!v3 && !v2) {
        Value text = vm_str(vm, version);
        if (text == V_EXC) return V_EXC;
        return vm_raise(vm, vm->e_ValueError, "state with version %s passed to Random.setstate() of version 3",
                        AS_STR(text)->data);
    }
    vm_push_root(vm, state);   /* float(gauss_next) may run Python */
    Value result = set_state(vm, r, state, v2);
    vm_pop_roots(vm, 1);
    return result;
}

/* ---- the Random type and the module ------------------------------------------------------- */

static Value m_new(VM *vm, Value *args, int nargs, TupleObj *kw);

/* Whether t is Random or a class derived from it: its MRO reaches the type
 * whose __new__ is m_new, and its instances have Random's layout. */
static bool is_random_type(VM *vm, TypeObj *t)
{
    if (t->layout != LAYOUT_OBJECT || !t->mro) return false;
    for (uint32_t i = 0; i < t->mro->len; i++) {
        TypeObj *base = AS_TYPE(t->mro->items[i]);
        Value f = base->hdr.dict ? vm_dict_get_str(base->hdr.dict, vm->s___new__) : V_UNBOUND;
        if (v_has_layout(f, LAYOUT_BUILTIN) && ((BuiltinObj *)v_as_obj(f))->fn == m_new) return true;
    }
    return false;
}

static Value new_random(VM *vm, TypeObj *t)
{
    RandomObj *o = vm_alloc(vm, t, sizeof *o);
    if (!o) return V_EXC;
    o->hdr.aux = RANDOM_TAG;
    if ((t->flags & TF_HEAPTYPE) && !(t->flags & TF_HAS_SLOTS)) {
        vm_push_root(vm, v_obj(o));
        Value d = vm_new_dict(vm);
        vm_pop_roots(vm, 1);
        if (d == V_EXC) return V_EXC;
        o->hdr.dict = AS_DICT(d);
    }
    return v_obj(o);
}

/* Random.__new__(cls, *args, **kwargs): unseeded; __init__ seeds it. */
static Value m_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs < 1 || !v_has_layout(args[0], LAYOUT_TYPE) || !is_random_type(vm, AS_TYPE(args[0])))
        return vm_raise(vm, vm->e_TypeError, "Random.__new__(X): X is not a subtype of Random");
    return new_random(vm, AS_TYPE(args[0]));
}

/* Random.__init__(self, x=None): self.seed(x), through the instance so that
 * a subclass's seed() is the one called. */
static Value m_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"x"};
    Value p[1];
    if (!as_random(vm, args[0], "__init__") ||
        !vm_parse_args(vm, "__init__", args + 1, nargs - 1, kw, names, 1, 1, 0, p))
        return V_EXC;
    Value x = p[0] == V_UNBOUND ? V_NONE : p[0];
    StrObj *seed = vm_intern(vm, "seed", 4);
    Value r = seed ? vm_call_method(vm, args[0], seed, &x, 1) : V_EXC;
    return r == V_EXC ? V_EXC : V_NONE;
}

/* The methods; every one but the first two is also a module function. */
static const ModFunction random_methods[] = {
    {"__new__", m_new}, {"__init__", m_init},
    {"seed", m_seed}, {"random", m_random}, {"uniform", m_uniform}, {"triangular", m_triangular},
    {"randint", m_randint}, {"choice", m_choice}, {"randrange", m_randrange}, {"sample", m_sample},
    {"shuffle", m_shuffle}, {"choices", m_choices}, {"getstate", m_getstate}, {"setstate", m_setstate},
    {"getrandbits", m_getrandbits}, {"randbytes", m_randbytes},
#define X(name, ...) {#name, m_##name},
    RANDOM_DISTRIBUTIONS(X)
#undef X
};
enum { RANDOM_CTORS = 2 };

Value mod_random_open(VM *vm)
{
    Value m = vm_new_module(vm, "random");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    DictObj *d = v_as_obj(m)->dict;
    TypeObj *t = vm_new_builtin_type(vm, "random.Random", vm->t_object, LAYOUT_OBJECT);
    bool ok = t != NULL;
    if (ok) {
        for (size_t i = 0; i < sizeof random_methods / sizeof random_methods[0]; i++)
            vm_add_method(vm, t, random_methods[i].name, random_methods[i].fn);
        ok = mod_dict_put(vm, t->hdr.dict, "VERSION", v_int(3)) && mod_dict_put(vm, d, "Random", v_obj(t));
    }
    /* the hidden instance behind the module functions, seeded at its first use */
    Value inst = ok ? new_random(vm, t) : V_EXC;
    ok = mod_dict_put(vm, d, "_inst", inst);
    for (size_t i = RANDOM_CTORS; ok && i < sizeof random_methods / sizeof random_methods[0]; i++) {
        const char *name = random_methods[i].name;
        ok = mod_dict_put(vm, d, name, vm_new_builtin(vm, name, random_methods[i].fn, inst));
    }
    vm_pop_roots(vm, 1);
    return ok ? m : V_EXC;
}


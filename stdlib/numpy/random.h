/* What random.c (the legacy MT19937 RandomState) and random_gen.c (the
 * PCG64 Generator) share: argument handling, constraint checks, bounded
 * integer ranges, shuffling of arrays. */
#ifndef TIRUN_NP_RANDOM_H
#define TIRUN_NP_RANDOM_H

#include "np.h"

/* The smallest all-ones mask covering max (numpy's gen_mask). */
static inline uint64_t np_rand_mask(uint64_t max)
{
    uint64_t m = max;
    m |= m >> 1;
    m |= m >> 2;
    m |= m >> 4;
    m |= m >> 8;
    m |= m >> 16;
    m |= m >> 32;
    return m;
}

/* The NpState a random type's __new__ finds in its class (args[0]); NULL with TypeError. */
NpState *np_rand_class_state(VM *vm, Value *args, int nargs);
/* A `size` argument: 0 for None (one scalar draw), 1 with the shape, -1 on error. */
int np_rand_size(VM *vm, Value size, int *ndim, int64_t *shape);
/* Converts n parameters to float64 arrays, each pushed as a GC root (the
 * caller restores vm->nroots); *all0d when every one is 0-d. */
bool np_rand_params(VM *vm, NpState *st, int n, const Value *params, NdArray **out, bool *all0d);
/* The output array: `shape` when have_size (the parameters must broadcast to
 * it), else the parameters' broadcast shape. */
NdArray *np_rand_out(VM *vm, NpState *st, int dtype, int have_size, int ndim, const int64_t *shape, int n,
                     NdArray *const *params);

/* Parameter constraints, with numpy's messages ("scale < 0"). */
enum { NP_CONS_NONE, NP_CONS_NON_NEGATIVE, NP_CONS_POSITIVE };
bool np_rand_check(VM *vm, int n, NdArray *const *params, const int *cons, const char *const *names);

/* An integer bound (a Python int, float or 0-d array) as a 128-bit integer;
 * huge values saturate at +-2^100. */
bool np_rand_int_arg(VM *vm, Value v, __int128 *out);
/* The range of an integer dtype (bool: 0..1). */
void np_rand_int_bounds(int dtype, __int128 *lo, __int128 *hi);
/* low and high (inclusive) against dtype's range: "low is out of bounds for
 * int8", "high is out of bounds for int8", "low >= high" (or "low > high" when closed). */
bool np_rand_int_check(VM *vm, int dtype, __int128 low, __int128 high, bool closed);
/* Stores a drawn value (off + v, wrapped to the dtype's width) at p. */
void np_rand_store_int(char *p, int dtype, uint64_t v);

/* The distributions with float parameters that both generators draw. */
enum { NP_D_UNIFORM, NP_D_STD_UNIFORM, NP_D_NORMAL, NP_D_STD_NORMAL, NP_D_EXPONENTIAL, NP_D_STD_EXPONENTIAL };
/* One draw of `kind` from gen with parameters a, b (uniform: low, range). */
typedef double (*NpDrawFn)(void *gen, int kind, double a, double b);
/* A distribution with n (0..2) float parameters, broadcast against each
 * other and size: a Python float when all are scalars and size is None,
 * else a float64 array, filled in C order. NP_D_UNIFORM turns (low, high)
 * into (low, high - low) first (OverflowError "Range exceeds valid bounds"). */
Value np_rand_cont(VM *vm, NpState *st, void *gen, NpDrawFn draw, int kind, int n, Value *params, const int *cons,
                   const char *const *pnames, Value size);

/* What bounded integer draws keep between draws of one call: the 32-bit
 * word that 8-, 16- and 1-bit draws are cut from. */
typedef struct {
    uint32_t buf;
    int bcnt;
} NpBitBuf;
/* One integer in [off, off + rng] of `bits` (1 for bool) from gen. */
typedef uint64_t (*NpBoundedFn)(void *gen, int bits, uint64_t off, uint64_t rng, NpBitBuf *b);
/* randint / integers: p = {low, high, size, dtype}; high V_UNBOUND/None:
 * [0, low); dtype V_UNBOUND: Python int results (legacy's default `int`);
 * closed: high included. Bounds checked per dtype with numpy's messages. */
Value np_rand_integers(VM *vm, NpState *st, void *gen, NpBoundedFn bounded, Value *p, bool closed);

/* Shuffles x along its first axis, in place: for i from n-1 down to 1, j =
 * interval(gen, i), swap x[i] and x[j] (whole subarrays for ndim > 1). */
bool np_rand_shuffle_array(VM *vm, NdArray *x, void *gen, uint64_t (*interval)(void *gen, uint64_t max));

/* random_gen.c: the Generator's types. */
bool np_init_random_gen(VM *vm, NpState *st);

#endif

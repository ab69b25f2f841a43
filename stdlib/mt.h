/* The core of Python's `random` module: CPython 3.11's MT19937 generator
 * (Modules/_randommodule.c) and the few Lib/random.py methods the VM builds
 * the rest from, reproducing CPython's numbers bit for bit for equal seeds. */
#ifndef TIRUN_MT_H
#define TIRUN_MT_H

#include <stddef.h>
#include <stdint.h>

#define MT_N 624

/* One random.Random instance. The fields are public so that getstate() and
 * setstate() can be written by the VM: CPython's state tuple is the 624 words
 * followed by index, and gauss_next (None when has_gauss_next is 0).
 * An MtRandom must be seeded by one of the mt_seed_* calls before use. */
typedef struct MtRandom {
    uint32_t state[MT_N];
    int index;             /* next word of state to temper; MT_N means regenerate */
    double gauss_next;     /* the second value of the last gauss() pair */
    int has_gauss_next;
} MtRandom;

/* Seeding. Every mt_seed_* call also clears the cached gauss value, as
 * random.seed() sets gauss_next = None.
 *
 * mt_seed_words: init_by_array as CPython's random_seed() calls it for an int
 * seed n: key[0..nwords) is |n| as little-endian 32-bit words. High zero words
 * are dropped (CPython sizes the key by n's bit length) and nwords == 0 means
 * n == 0, which CPython seeds as the key [0]; key may be NULL then.
 * The VM handles the other seed types on top of it:
 *   seed(None): CPython reads 624 words from os.urandom and seeds with them as
 *     the key, so mt_seed_words(r, entropy, 624) behaves the same;
 *   seed(float) and other hashables: seeded with hash(x) read as an unsigned
 *     machine word ((size_t)hash, so a negative hash seeds as its two's
 *     complement), as CPython's random_seed does. */
void mt_seed_words(MtRandom *r, const uint32_t *key, size_t nwords);
/* random.seed(s) for bytes/bytearray, and for str after encoding it as UTF-8
 * (version 2): n = int.from_bytes(s + sha512(s).digest(), 'big') seeded as an
 * int. Needs no allocation; s may be NULL when len is 0. */
void mt_seed_bytes(MtRandom *r, const unsigned char *s, size_t len);
/* random.seed(n) for an int that fits in int64_t (negative n seeds as |n|). */
void mt_seed_i64(MtRandom *r, int64_t n);
/* numpy's legacy seeding (RandomState.seed): an int seed s in [0, 2^32) is
 * the reference init_genrand(s), with no init_by_array; an array seed is
 * init_by_array over its nwords >= 1 words as given (no zero words dropped). */
void mt_seed_u32(MtRandom *r, uint32_t s);
void mt_seed_key(MtRandom *r, const uint32_t *key, size_t nwords);

/* The next tempered 32-bit output of the generator (genrand_uint32). */
uint32_t mt_genrand_u32(MtRandom *r);
/* random.random(): 53 bits from two outputs, a = u32 >> 5 and b = u32 >> 6,
 * as (a * 2^26 + b) / 2^53, in [0, 1). */
double mt_random(MtRandom *r);
/* random.getrandbits(k) for k >= 0: writes ceil(k/32) words to words[],
 * least significant first, each a fresh output; when k % 32 != 0 the last one
 * is shifted right by 32 - k % 32. k == 0 writes nothing and draws nothing. */
void mt_getrandbits(MtRandom *r, int k, uint32_t *words);
/* getrandbits(k) for 0 <= k <= 64 as one integer. */
uint64_t mt_getrandbits64(MtRandom *r, int k);
/* random._randbelow(n) (_randbelow_with_getrandbits) for 1 <= n < 2^64:
 * k = n.bit_length(), then getrandbits(k) until the result is below n.
 * Returns 0 without drawing for n == 0, which CPython never asks for.
 * For n >= 2^64 the VM runs the same loop itself: mt_getrandbits(r, k, words)
 * with k = n.bit_length(), the words read as a big int, redrawn while >= n. */
uint64_t mt_randbelow(MtRandom *r, uint64_t n);
/* random.gauss(mu, sigma): Box-Muller pairs, z = cos(2*pi*x)*sqrt(-2*log(1-y))
 * from x = random(), y = random(), the matching sin() term cached for the next
 * call. Exact only where libm's sin/cos/log/sqrt equal CPython's (same libc). */
double mt_gauss(MtRandom *r, double mu, double sigma);
/* random.shuffle(x) on an array of n elements of size bytes each, in place:
 * for i from n-1 down to 1, j = _randbelow(i + 1), swap x[i] and x[j]. */
void mt_shuffle(MtRandom *r, void *base, size_t n, size_t size);

/* The rest of random.Random, for the VM to write on the calls above, in
 * CPython 3.11's order of draws (any other order gives other numbers):
 *
 * randrange(start, stop=None, step=1), after converting each argument with
 *   __index__ (3.11 still accepts integral floats with a DeprecationWarning,
 *   and raises ValueError "non-integer arg 1 for randrange()" for others):
 *     stop None:  start > 0 ? _randbelow(start)
 *                 : ValueError("empty range for randrange()")
 *                 (a step given without stop is TypeError
 *                 "Missing a non-None stop argument")
 *     width = stop - start
 *     step == 1:  width > 0 ? start + _randbelow(width)
 *                 : ValueError("empty range for randrange() (%d, %d, %d)"
 *                              % (start, stop, width))
 *     step > 0:   n = (width + step - 1) // step
 *     step < 0:   n = (width + step + 1) // step    (floor division)
 *     step == 0:  ValueError("zero step for randrange()")
 *     n <= 0:     ValueError("empty range for randrange()")
 *     result:     start + step * _randbelow(n)
 * randint(a, b) = randrange(a, b + 1)
 * choice(seq)   = seq[_randbelow(len(seq))]; empty seq: IndexError
 *                 "Cannot choose from an empty sequence"
 * uniform(a, b) = a + (b - a) * random()
 * choices(population, k=k) without weights: population[floor(random() * n)]
 *   k times, n = len(population) as a float; not _randbelow.
 * sample(population, k): 0 <= k <= n or ValueError "Sample larger than
 *   population or is negative"; setsize = 21, plus 4 ** ceil(log(3k, 4)) when
 *   k > 5. If n <= setsize: pool = list(population), and for i in range(k):
 *   j = _randbelow(n - i), result[i] = pool[j], pool[j] = pool[n - i - 1].
 *   Otherwise for i in range(k): j = _randbelow(n), redrawn while j was
 *   already chosen, result[i] = population[j]. */

#endif

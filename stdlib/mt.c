/* MT19937 as Matsumoto and Nishimura's reference (and CPython's
 * _randommodule.c) defines it, CPython's seeding of it from ints and bytes,
 * and the random.Random methods declared in mt.h. */
#include "mt.h"

#include <math.h>

#include "sha512.h"

#define MT_M 397
#define MT_MATRIX_A 0x9908b0dfu
#define MT_UPPER_MASK 0x80000000u
#define MT_LOWER_MASK 0x7fffffffu

static void init_genrand(MtRandom *r, uint32_t s)
{
    uint32_t *mt = r->state;
    mt[0] = s;
    for (uint32_t i = 1; i < MT_N; i++)
        mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i;
    r->index = MT_N;
}

/* Word j of the seed key, where the key is not always an array in memory. */
typedef uint32_t (*KeyWordFn)(const void *src, size_t j);

static void init_by_array(MtRandom *r, KeyWordFn key_word, const void *src, size_t keylen)
{
    uint32_t *mt = r->state;
    init_genrand(r, 19650218u);
    size_t i = 1, j = 0;
    for (size_t k = MT_N > keylen ? MT_N : keylen; k > 0; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key_word(src, j) + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= keylen)
            j = 0;
    }
    for (size_t k = MT_N - 1; k > 0; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;   /* assures a non-zero initial state */
    r->has_gauss_next = 0;
    r->gauss_next = 0.0;
}

static uint32_t array_word(const void *src, size_t j) { return ((const uint32_t *)src)[j]; }

static const uint32_t zero_key[1] = {0};

void mt_seed_words(MtRandom *r, const uint32_t *key, size_t nwords)
{
    while (nwords > 0 && key[nwords - 1] == 0)
        nwords--;
    if (nwords == 0)
        init_by_array(r, array_word, zero_key, 1);
    else
        init_by_array(r, array_word, key, nwords);
}

void mt_seed_u32(MtRandom *r, uint32_t s)
{
    init_genrand(r, s);
    r->has_gauss_next = 0;
    r->gauss_next = 0.0;
}

void mt_seed_key(MtRandom *r, const uint32_t *key, size_t nwords) { init_by_array(r, array_word, key, nwords); }

void mt_seed_i64(MtRandom *r, int64_t n)
{
    uint64_t m = n < 0 ? 0 - (uint64_t)n : (uint64_t)n;   /* INT64_MIN too */
    uint32_t key[2] = {(uint32_t)m, (uint32_t)(m >> 32)};
    mt_seed_words(r, key, 2);
}

/* The integer int.from_bytes(s + digest, 'big'), read as little-endian words
 * in place instead of being converted into a buffer. */
typedef struct {
    const unsigned char *s;
    size_t len;                                   /* bytes of s */
    unsigned char digest[SHA512_DIGEST_SIZE];
} BytesKey;

static unsigned char bytes_key_at(const BytesKey *bk, size_t i)
{
    return i < bk->len ? bk->s[i] : bk->digest[i - bk->len];
}

static uint32_t bytes_word(const void *src, size_t j)
{
    const BytesKey *bk = src;
    size_t total = bk->len + SHA512_DIGEST_SIZE;
    uint32_t w = 0;
    for (size_t t = 0; t < 4; t++) {
        size_t b = 4 * j + t;   /* byte b counts from the least significant end */
        if (b < total)
            w |= (uint32_t)bytes_key_at(bk, total - 1 - b) << (8 * t);
    }
    return w;
}

void mt_seed_bytes(MtRandom *r, const unsigned char *s, size_t len)
{
    BytesKey bk = {.s = s, .len = len};
    sha512_digest(s, len, bk.digest);
    /* Leading zero bytes do not count towards the bit length that sizes the key. */
    size_t total = len + SHA512_DIGEST_SIZE, first = 0;
    while (first < total && bytes_key_at(&bk, first) == 0)
        first++;
    size_t nbytes = total - first;
    if (nbytes == 0)
        init_by_array(r, array_word, zero_key, 1);
    else
        init_by_array(r, bytes_word, &bk, (nbytes + 3) / 4);
}

uint32_t mt_genrand_u32(MtRandom *r)
{
    static const uint32_t mag01[2] = {0, MT_MATRIX_A};
    uint32_t *mt = r->state;
    if (r->index >= MT_N) {
        int kk;
        uint32_t y;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & MT_UPPER_MASK) | (mt[kk + 1] & MT_LOWER_MASK);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & MT_UPPER_MASK) | (mt[kk + 1] & MT_LOWER_MASK);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1];
        }
        y = (mt[MT_N - 1] & MT_UPPER_MASK) | (mt[0] & MT_LOWER_MASK);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1];
        r->index = 0;
    }
    uint32_t y = mt[r->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

double mt_random(MtRandom *r)
{
    uint32_t a = mt_genrand_u32(r) >> 5, b = mt_genrand_u32(r) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

void mt_getrandbits(MtRandom *r, int k, uint32_t *words)
{
    for (int i = 0; k > 0; i++, k -= 32) {
        uint32_t w = mt_genrand_u32(r);
        words[i] = k < 32 ? w >> (32 - k) : w;
    }
}

uint64_t mt_getrandbits64(MtRandom *r, int k)
{
    uint32_t words[2] = {0, 0};
    mt_getrandbits(r, k, words);
    return (uint64_t)words[1] << 32 | words[0];
}

uint64_t mt_randbelow(MtRandom *r, uint64_t n)
{
    if (n == 0)
        return 0;
    int k = 0;
    for (uint64_t m = n; m != 0; m >>= 1)
        k++;
    uint64_t v = mt_getrandbits64(r, k);
    while (v >= n)
        v = mt_getrandbits64(r, k);
    return v;
}

double mt_gauss(MtRandom *r, double mu, double sigma)
{
    double z;
    if (r->has_gauss_next) {
        z = r->gauss_next;
        r->has_gauss_next = 0;
    } else {
        /* math.tau; the two random() calls must stay in this order. */
        double x2pi = mt_random(r) * 6.283185307179586;
        double g2rad = sqrt(-2.0 * log(1.0 - mt_random(r)));
        z = cos(x2pi) * g2rad;
        r->gauss_next = sin(x2pi) * g2rad;
        r->has_gauss_next = 1;
    }
    return mu + z * sigma;
}

void mt_shuffle(MtRandom *r, void *base, size_t n, size_t size)
{
    unsigned char *x = base;
    for (size_t i = n > 0 ? n - 1 : 0; i > 0; i--) {
        size_t j = (size_t)mt_randbelow(r, (uint64_t)i + 1);
        if (j == i)
            continue;
        unsigned char *a = x + i * size, *b = x + j * size;
        for (size_t t = 0; t < size; t++) {
            unsigned char tmp = a[t];
            a[t] = b[t];
            b[t] = tmp;
        }
    }
}

/* Unit test for stdlib/mt.c and stdlib/sha512.c. Every expected value was
 * printed by CPython 3.11 (random.Random, hashlib.sha512) and must match
 * exactly: floats are compared with == against hex literals. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "stdlib/mt.h"
#include "stdlib/sha512.h"

static int digest_is(const unsigned char d[SHA512_DIGEST_SIZE], const char *hex)
{
    char buf[2 * SHA512_DIGEST_SIZE + 1];
    for (int i = 0; i < SHA512_DIGEST_SIZE; i++)
        snprintf(buf + 2 * i, 3, "%02x", d[i]);
    return strcmp(buf, hex) == 0;
}

static void test_sha512(void)
{
    static const char msg896[] =
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
    static const char *const d896 =
        "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909";
    unsigned char d[SHA512_DIGEST_SIZE];

    sha512_digest(NULL, 0, d);
    CHECK(digest_is(d, "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
                       "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"));
    sha512_digest("abc", 3, d);
    CHECK(digest_is(d, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                       "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"));
    sha512_digest(msg896, strlen(msg896), d);
    CHECK(digest_is(d, d896));

    /* The same message fed a byte at a time, and in uneven pieces. */
    Sha512Ctx ctx;
    sha512_init(&ctx);
    for (size_t i = 0; i < strlen(msg896); i++)
        sha512_update(&ctx, msg896 + i, 1);
    sha512_final(&ctx, d);
    CHECK(digest_is(d, d896));
    sha512_init(&ctx);
    sha512_update(&ctx, msg896, 5);
    sha512_update(&ctx, NULL, 0);
    sha512_update(&ctx, msg896 + 5, 100);
    sha512_update(&ctx, msg896 + 105, strlen(msg896) - 105);
    sha512_final(&ctx, d);
    CHECK(digest_is(d, d896));

    /* Every length from 0 to 300 crosses the padding edges (111/112, 127/128
     * bytes mod 128); their digests, chained, must give CPython's digest of
     * the concatenation. */
    unsigned char pat[300], inner[SHA512_DIGEST_SIZE];
    for (int i = 0; i < 300; i++)
        pat[i] = (unsigned char)(i * 7 + 3);
    Sha512Ctx outer;
    sha512_init(&outer);
    for (size_t len = 0; len <= 300; len++) {
        sha512_digest(pat, len, inner);
        sha512_update(&outer, inner, sizeof inner);
    }
    sha512_final(&outer, d);
    CHECK(digest_is(d, "404431b1c0eac12729b20176c61b0e1c561b6b20d2ecbb7ee1126c361943d724"
                       "d7c0814a8daf5c3a2a7d3e431a0aaf58c12f96d8c3370582b777fd375c3c972f"));

    static unsigned char million[1000000];
    memset(million, 'a', sizeof million);
    sha512_digest(million, sizeof million, d);
    CHECK(digest_is(d, "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
                       "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"));
}

/* |n| of a decimal literal as the little-endian words CPython keys the
 * generator with; returns how many words, 0 for n == 0. */
static size_t decimal_key(const char *dec, uint32_t key[8])
{
    memset(key, 0, 8 * sizeof key[0]);
    if (*dec == '-')
        dec++;
    for (; *dec; dec++) {
        uint64_t carry = (uint64_t)(*dec - '0');
        for (int i = 0; i < 8; i++) {
            uint64_t v = (uint64_t)key[i] * 10 + carry;
            key[i] = (uint32_t)v;
            carry = v >> 32;
        }
    }
    size_t n = 8;
    while (n > 0 && key[n - 1] == 0)
        n--;
    return n;
}

static void test_random_42(void)
{
    static const double want[10] = {
        0x1.4762f307200c5p-1, 0x1.99c6b5eeb2060p-6, 0x1.19a1491f589dcp-2, 0x1.c922b623b8c1cp-3,
        0x1.7912c1468f47ep-1, 0x1.5a785aef6719ap-1, 0x1.c8cbc2a2e7490p-1, 0x1.6419f92e55088p-4,
        0x1.b00c460411746p-2, 0x1.e83298bfe34a0p-6,
    };
    MtRandom r;
    mt_seed_i64(&r, 42);
    for (int i = 0; i < 10; i++)
        CHECK(mt_random(&r) == want[i]);

    /* Long enough to regenerate the state several times. */
    mt_seed_i64(&r, 42);
    uint32_t v = 0, x = 0;
    for (int i = 0; i < 2000; i++) {
        v = mt_genrand_u32(&r);
        x ^= v;
    }
    CHECK(v == 0x5cd8fe1au && x == 0xca9cfb8eu);
}

/* After each seed: getrandbits(32) three times, then random(). */
typedef struct {
    const char *dec;              /* an int seed, or NULL */
    const char *bytes;            /* else a str/bytes seed (str as its UTF-8) */
    size_t len;
    uint32_t u[3];
    double f;
} SeedCase;

static const SeedCase seed_cases[] = {
    {"0", NULL, 0, {0xd82c07cdu, 0x629f6fbeu, 0xc2094cacu}, 0x1.c7ce0d1aeaa51p-1},
    {"1099511627783", NULL, 0, {0x9d1bb0dau, 0xbf50a462u, 0xd09e5ab5u}, 0x1.e038ad7c7b118p-1},
    {"-5", NULL, 0, {0x9f767c45u, 0x4164d839u, 0xbde5c099u}, 0x1.6f23eee5c8e70p-2},
    {"12345678901234567890123", NULL, 0, {0x28751fc5u, 0xfa3d1944u, 0xfc808cbbu}, 0x1.266a1d0879926p-1},
    {"4294967296", NULL, 0, {0x1ced31d7u, 0x59ef8bbcu, 0x6af6d506u}, 0x1.de93c9811139cp-1},
    {"18446744073709551616", NULL, 0, {0xfa4706a3u, 0xbc476fb5u, 0x5f011aabu}, 0x1.78d1deffd34a8p-4},
    {"-9223372036854775808", NULL, 0, {0x8dafd108u, 0x64d61bfeu, 0xf0cc1c28u}, 0x1.acb7723df356cp-3},
    {NULL, "hello", 5, {0x5a9106edu, 0xd7adc09bu, 0xa9c761cfu}, 0x1.843941630bf76p-1},
    {NULL, "bytes", 5, {0x5ee9ea8cu, 0x9d28c4c4u, 0xab9ac5eeu}, 0x1.f8228d495c598p-1},
    {NULL, "", 0, {0xf5d15920u, 0x7458f93cu, 0x986ceb00u}, 0x1.a7b4446354bc4p-3},
    /* "h\u00e9llo \u2713" */
    {NULL, "h\xc3\xa9llo \xe2\x9c\x93", 10, {0x8f2cac74u, 0x5b2a8fe4u, 0x2b6cd050u}, 0x1.b51412ca79baep-2},
};

static int matches(MtRandom *r, const uint32_t u[3], double f)
{
    int ok = 1;
    for (int i = 0; i < 3; i++)
        ok &= mt_genrand_u32(r) == u[i];
    return ok && mt_random(r) == f;
}

static void test_seeds(void)
{
    MtRandom r;
    for (size_t c = 0; c < sizeof seed_cases / sizeof seed_cases[0]; c++) {
        const SeedCase *sc = &seed_cases[c];
        if (sc->bytes) {
            mt_seed_bytes(&r, (const unsigned char *)sc->bytes, sc->len);
            if (!matches(&r, sc->u, sc->f)) {
                fprintf(stderr, "seed(\"%s\") differs\n", sc->bytes);
                CHECK(0);
            }
            continue;
        }
        uint32_t key[8];
        size_t n = decimal_key(sc->dec, key);
        mt_seed_words(&r, key, n);
        if (!matches(&r, sc->u, sc->f)) {
            fprintf(stderr, "seed(%s) differs\n", sc->dec);
            CHECK(0);
        }
        /* High zero words must not lengthen the key. */
        mt_seed_words(&r, key, 8);
        CHECK(matches(&r, sc->u, sc->f));
    }

    mt_seed_words(&r, NULL, 0);
    CHECK(matches(&r, seed_cases[0].u, seed_cases[0].f));
    mt_seed_i64(&r, 0);
    CHECK(matches(&r, seed_cases[0].u, seed_cases[0].f));
    mt_seed_i64(&r, 1099511627783);
    CHECK(matches(&r, seed_cases[1].u, seed_cases[1].f));
    mt_seed_i64(&r, -5);
    CHECK(matches(&r, seed_cases[2].u, seed_cases[2].f));
    mt_seed_i64(&r, 4294967296);
    CHECK(matches(&r, seed_cases[4].u, seed_cases[4].f));
    mt_seed_i64(&r, INT64_MIN);
    CHECK(matches(&r, seed_cases[6].u, seed_cases[6].f));

    /* bytes(range(256)) * 12: a key of 784 words, longer than the state. */
    static unsigned char longkey[256 * 12];
    for (size_t i = 0; i < sizeof longkey; i++)
        longkey[i] = (unsigned char)i;
    mt_seed_bytes(&r, longkey, sizeof longkey);
    CHECK(matches(&r, (const uint32_t[3]){0x09f73092u, 0xd8bbf365u, 0x11b0f4deu}, 0x1.64399d7861fe2p-2));
}

static void test_getrandbits(void)
{
    static const uint32_t want100[4] = {0xb938451eu, 0x68fb90d7u, 0xc1d8fac1u, 0xbu};
    MtRandom r;
    mt_seed_i64(&r, 2024);
    CHECK(mt_getrandbits64(&r, 1) == 0x0);
    CHECK(mt_getrandbits64(&r, 31) == 0x174224b7);
    CHECK(mt_getrandbits64(&r, 32) == 0xba6f875c);
    CHECK(mt_getrandbits64(&r, 33) == 0x940eee3c);
    CHECK(mt_getrandbits64(&r, 64) == 0xe325faa633406bc4);
    uint32_t w[4] = {0};
    mt_getrandbits(&r, 100, w);
    CHECK(memcmp(w, want100, sizeof w) == 0);
    CHECK(mt_getrandbits64(&r, 0) == 0);   /* draws nothing */
    CHECK(mt_getrandbits64(&r, 5) == 0x18);

    /* The word form gives the same numbers. */
    mt_seed_i64(&r, 2024);
    uint32_t one[2] = {0};
    mt_getrandbits(&r, 1, one);
    CHECK(one[0] == 0x0);
    mt_getrandbits(&r, 31, one);
    CHECK(one[0] == 0x174224b7);
    mt_getrandbits(&r, 32, one);
    CHECK(one[0] == 0xba6f875c);
    mt_getrandbits(&r, 33, one);
    CHECK(one[0] == 0x940eee3c && one[1] == 0);
    mt_getrandbits(&r, 64, one);
    CHECK(one[0] == 0x33406bc4 && one[1] == 0xe325faa6);
}

static void test_randbelow(void)
{
    static const struct { uint64_t n; uint64_t want[5]; } cases[] = {
        {1, {0, 0, 0, 0, 0}},
        {2, {0, 0, 0, 1, 1}},
        {3, {2, 2, 2, 2, 0}},
        {10, {9, 7, 3, 6, 9}},
        {0x80000000, {0x377925b3, 0x5fbd238e, 0x635b4c41, 0x366c5acd, 0x26fb984f}},
        {0x100000000, {0x91215785, 0x167a34d0, 0x50fe3281, 0xaeb34f9, 0x8ed5f036}},
        {0x10000000003, {0x686cda4ccb, 0xec14b062ae, 0xb70d2329d9, 0x6e210f4d0c, 0x52b713b4c7}},
        {0x8000000000000001,
         {0x97ce80c2d0fd6d9, 0x5f73dba1c1b5b32, 0x79462a342bd2ed1c, 0x14c6e95e6b451936, 0x6ce8571befca6c3a}},
        {0xffffffffffffffff,
         {0x16055583a1cbb723, 0x4f4f81b02495da17, 0x173745f9e0d5425, 0x5467115b618d3f43, 0x85fdadc422c4d84f}},
    };
    MtRandom r;
    mt_seed_i64(&r, 99);   /* one stream across all the cases, as CPython drew them */
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int i = 0; i < 5; i++) {
            uint64_t got = mt_randbelow(&r, cases[c].n);
            if (got != cases[c].want[i]) {
                fprintf(stderr, "_randbelow(%#llx) #%d: got %#llx\n", (unsigned long long)cases[c].n, i,
                        (unsigned long long)got);
                CHECK(0);
            }
        }
}

static void test_gauss(void)
{
    static const double want[6] = {
        0x1.49c679da02301p+0, 0x1.730ede0eb242ap+0, 0x1.0fb6231f18bccp-4,
        -0x1.877243f2933ffp-1, -0x1.1798a9f070808p+0, 0x1.00b13ea0e6e54p-5,
    };
    MtRandom r;
    mt_seed_i64(&r, 1);
    for (int i = 0; i < 6; i++)
        CHECK(mt_gauss(&r, 0.0, 1.0) == want[i]);

    mt_seed_i64(&r, 1);
    mt_gauss(&r, 0.0, 1.0);
    CHECK(mt_gauss(&r, 10.0, 2.5) == 0x1.b3f4a56497b4dp+3);
    CHECK(mt_gauss(&r, -3.0, 0.5) == -0x1.7bc12773839d1p+1);

    /* Reseeding drops the cached second value. */
    mt_seed_i64(&r, 1);
    mt_gauss(&r, 0.0, 1.0);
    mt_seed_i64(&r, 1);
    CHECK(mt_gauss(&r, 0.0, 1.0) == want[0]);
}

static void test_shuffle(void)
{
    static const int want[20] = {17, 15, 11, 18, 7, 6, 19, 3, 14, 0, 9, 5, 16, 8, 13, 2, 1, 12, 4, 10};
    int x[20];
    for (int i = 0; i < 20; i++)
        x[i] = i;
    MtRandom r;
    mt_seed_i64(&r, 7);
    mt_shuffle(&r, x, 20, sizeof x[0]);
    CHECK(memcmp(x, want, sizeof x) == 0);
    CHECK(mt_random(&r) == 0x1.738f7d1a22dd8p-4);

    /* Empty and one-element lists draw nothing. */
    mt_seed_i64(&r, 7);
    mt_shuffle(&r, x, 0, sizeof x[0]);
    mt_shuffle(&r, x, 1, sizeof x[0]);
    CHECK(mt_random(&r) == 0x1.4b9ad0f953a6ep-2);
}

int main(void)
{
    test_sha512();
    test_random_42();
    test_seeds();
    test_getrandbits();
    test_randbelow();
    test_gauss();
    test_shuffle();
    return check_result();
}

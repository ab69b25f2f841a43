/* SHA-512 (FIPS 180-4), streaming: init, any number of updates, final.
 * Owned by stdlib because random.seed(str/bytes) hashes its argument with it;
 * it is a plain digest, no HMAC or other SHA-2 widths. */
#ifndef TIRUN_SHA512_H
#define TIRUN_SHA512_H

#include <stddef.h>
#include <stdint.h>

#define SHA512_DIGEST_SIZE 64
#define SHA512_BLOCK_SIZE 128

typedef struct Sha512Ctx {
    uint64_t h[8];                            /* chaining value */
    uint64_t nbytes;                          /* message length so far (2^64 bytes is plenty) */
    unsigned char block[SHA512_BLOCK_SIZE];   /* pending partial block */
    size_t blocklen;
} Sha512Ctx;

/* Start a new digest in ctx. */
void sha512_init(Sha512Ctx *ctx);
/* Append len bytes at data (data may be NULL when len is 0). */
void sha512_update(Sha512Ctx *ctx, const void *data, size_t len);
/* Pad, write the 64-byte digest to out, and leave ctx needing sha512_init again. */
void sha512_final(Sha512Ctx *ctx, unsigned char out[SHA512_DIGEST_SIZE]);
/* One-shot digest of data[0..len). */
void sha512_digest(const void *data, size_t len, unsigned char out[SHA512_DIGEST_SIZE]);

#endif

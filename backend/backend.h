/* The backend seam: what program/ needs from a device that runs offloaded
 * kernels and holds field memory. One const BkOps table per backend (jit/ for
 * the CPU, vulkan/ later); program/ picks one by arch and never sees the
 * backend's own types. Everything here is per instance: an open backend is a
 * value, any number may live in one process (one per runtime), each used from
 * one thread at a time.
 *
 * Errors: a call that fails returns NULL / false / BK_ERROR and leaves a
 * message that ops->message(b) returns until the next call on b. */
#ifndef TIRUN_BACKEND_H
#define TIRUN_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ir/ir.h"

typedef struct BkBackend BkBackend;   /* an open instance */
typedef struct BkKernel BkKernel;     /* a compiled kernel of one instance */
typedef struct BkBuffer BkBuffer;     /* device memory: one SNode tree's root container */

/* What program/ and the passes may ask of a backend before compiling for it. */
typedef struct BkCaps {
    const char *arch;           /* "x64", "arm64", "vulkan" ... as ti.cfg.arch names it */
    int default_block_dim;      /* threads per block of a range_for task with none given */
    bool host_visible;          /* buffers are host memory: Python scope may touch them in place */
    bool has_f16, has_f64, has_i64;
} BkCaps;

typedef struct BkOptions {
    int threads;                /* CPU threads a launch may use; <= 0: every CPU */
    uint64_t random_seed;       /* ti.init(random_seed=) */
    /* ti.init(fast_math=): float arithmetic may be reassociated and contracted
     * (sums vectorize, a*b+c fuses) and assume no NaN or infinity. */
    bool fast_math;
    /* Where print in kernels goes: whole formatted lines, in order, one call
     * at a time, during the launch. NULL: C's stdout. */
    void (*print)(void *user, const char *text, size_t len);
    void *print_user;
} BkOptions;

/* A launch's scalar arguments and return values, one u64 slot each: an
 * integer as int64 (sign- or zero-extended from its type), an f32 (or f16,
 * held as f32) in the slot's first four bytes, an f64 in all eight. */
enum { BK_MAX_ARGS = 64, BK_MAX_RETS = 8 };
typedef struct BkSlots {
    uint64_t args[BK_MAX_ARGS];
    uint64_t rets[BK_MAX_RETS];
} BkSlots;

void bk_slot_set_int(uint64_t *slot, int64_t v);
/* t: IR_F16, IR_F32 or IR_F64; an f32 denormal is flushed as Taichi's
 * arguments are, an f16 rounds. */
void bk_slot_set_float(uint64_t *slot, IrType t, double v);
int64_t bk_slot_int(const uint64_t *slot);
double bk_slot_float(const uint64_t *slot, IrType t);

typedef enum {
    BK_OK,
    BK_ASSERTION,               /* an assert in the kernel failed: message(b) is its text */
    BK_ERROR,                   /* the device failed: message(b) says how */
} BkStatus;

typedef struct BkOps {
    const char *name;
    /* A new instance; NULL with a message in err[0 .. cap) on failure. */
    BkBackend *(*open)(const BkOptions *opt, char *err, size_t cap);
    /* Frees b (NULL: nothing); free its kernels and buffers first. */
    void (*close)(BkBackend *b);
    /* b serves a new program (ti.init again): threads and random seed from
     * opt, every random sequence restarted; its compiled kernels stay valid. */
    void (*restart)(BkBackend *b, const BkOptions *opt);
    const BkCaps *(*caps)(const BkBackend *b);
    /* The last failure's message, or the failed assertion's ("" when none). */
    const char *(*message)(const BkBackend *b);

    /* Compiles k (offloaded, after the passes; every SNode it names is a
     * materialized tree's place, an IrSNodeNode). k is not kept. */
    BkKernel *(*compile)(BkBackend *b, const IrKernel *k);
    void (*kernel_free)(BkBackend *b, BkKernel *k);
    /* Runs k with trees[i] as the buffer of SNode tree i and the arguments
     * in slots->args; return values land in slots->rets. */
    BkStatus (*launch)(BkBackend *b, BkKernel *k, BkBuffer *const *trees, int ntrees, BkSlots *slots);

    /* For an offline cache (program/ keeps the files). What compiled code
     * depends on besides the kernel's IR: the target (CPU and its features)
     * and the code generator's options, as text. NULL: this backend's code
     * cannot be kept. */
    const char *(*code_tag)(BkBackend *b);
    /* k as bytes that kernel_load takes back, in this process or a later one
     * with the same code_tag (*bytes malloc'd); false (message) on failure. */
    bool (*kernel_save)(BkBackend *b, BkKernel *k, unsigned char **bytes, size_t *len);
    /* A kernel saved by kernel_save; NULL (message) when the bytes are not one
     * this backend can load. */
    BkKernel *(*kernel_load)(BkBackend *b, const unsigned char *bytes, size_t len);

    /* A zero-filled buffer of size bytes (at least 1), 64-byte aligned. */
    BkBuffer *(*buffer_alloc)(BkBackend *b, size_t size);
    void (*buffer_free)(BkBackend *b, BkBuffer *buf);
    bool (*read)(BkBackend *b, BkBuffer *buf, size_t offset, void *dst, size_t n);
    bool (*write)(BkBackend *b, BkBuffer *buf, size_t offset, const void *src, size_t n);
    /* Writes value[0 .. size) at offset, offset + stride, ... count times. */
    bool (*fill)(BkBackend *b, BkBuffer *buf, size_t offset, size_t stride, size_t count, const void *value,
                 size_t size);
    /* The buffer's address in this process when caps->host_visible, else NULL. */
    void *(*host_ptr)(BkBackend *b, BkBuffer *buf);
    /* Waits until every launch and copy issued so far is done. */
    bool (*sync)(BkBackend *b);
} BkOps;

/* The CPU backend (jit/backend.c). */
extern const BkOps jit_backend_ops;

#endif

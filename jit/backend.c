/* The CPU backend behind backend/backend.h: a JIT session (made on the first
 * compile: a program that only touches fields never starts LLVM), a thread
 * pool (made on the first launch that may use more than one thread), the
 * runtime generated code calls, and tree buffers in host memory. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../backend/backend.h"
#include "../util/grow.h"
#include "codegen.h"

struct BkBackend {
    BkOptions opt;
    JitSession *jit;
    JitPool *pool;
    unsigned char **roots;      /* host pointers of the launch's trees, by tree id */
    int roots_cap;
    char msg[2048];
    char *target;               /* jit_host_target, made on first use */
    char tag[4096];             /* code_tag */
    JitRuntime rt;
};

struct BkKernel {
    JitKernel *jk;
    unsigned char *tmps;        /* the kernel's global temporaries */
    int nargs, nrets;           /* the slots a launch copies in and out */
};

struct BkBuffer {
    unsigned char *data;
    size_t size;
};

static const BkCaps caps_x64 = {"x64", 32, true, true, true, true};
static const BkCaps caps_arm64 = {"arm64", 32, true, true, true, true};

static void fail(BkBackend *b, const char *what, char *err)
{
    snprintf(b->msg, sizeof b->msg, "%s%s", what, err ? err : "out of memory");
    free(err);
}

static BkBackend *jb_open(const BkOptions *opt, char *err, size_t cap)
{
    BkBackend *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    b->opt = *opt;
    b->rt.write = opt->print;
    b->rt.write_user = opt->print_user;
    jit_rt_reseed(&b->rt, opt->random_seed);
    return b;
}

static void jb_close(BkBackend *b)
{
    if (!b) return;
    jit_pool_destroy(b->pool);
    jit_session_destroy(b->jit);
    free(b->roots);
    free(b->target);
    free(b);
}

static void jb_restart(BkBackend *b, const BkOptions *opt)
{
    if (opt->threads != b->opt.threads) {
        jit_pool_destroy(b->pool);   /* the next launch makes one of the new size */
        b->pool = NULL;
    }
    b->opt = *opt;
    b->rt.write = opt->print;
    b->rt.write_user = opt->print_user;
    jit_rt_reseed(&b->rt, opt->random_seed);
}

static const BkCaps *jb_caps(const BkBackend *b)
{
#if defined(__aarch64__)
    return &caps_arm64;
#else
    (void)caps_arm64;
    return &caps_x64;
#endif
}

static const char *jb_message(const BkBackend *b) { return b->msg; }

static bool start_jit(BkBackend *b)
{
    char *err = NULL;
    if (!b->jit && !(b->jit = jit_session_create(&err))) {
        fail(b, "the LLVM JIT failed to start: ", err);
        return false;
    }
    return true;
}

/* A BkKernel around jk (NULL: the compile or load failed with err). */
static BkKernel *wrap(BkBackend *b, JitKernel *jk, int nargs, int nrets, char *err)
{
    BkKernel *bk = jk ? calloc(1, sizeof *bk) : NULL;
    size_t tmp = jk ? jit_kernel_tmp_size(jk) : 0;
    if (bk && !(bk->tmps = calloc(tmp ? tmp : 1, 1))) {
        free(bk);
        bk = NULL;
    }
    if (!bk) {
        jit_kernel_free(jk);
        fail(b, "", jk ? NULL : err);
        return NULL;
    }
    bk->jk = jk;
    bk->nargs = nargs < BK_MAX_ARGS ? nargs : BK_MAX_ARGS;
    bk->nrets = nrets < BK_MAX_RETS ? nrets : BK_MAX_RETS;
    return bk;
}

static BkKernel *jb_compile(BkBackend *b, const IrKernel *k)
{
    char *err = NULL;
    if (!start_jit(b)) return NULL;
    jit_session_set_fast_math(b->jit, b->opt.fast_math);
    JitKernel *jk = jit_kernel_compile(b->jit, k, &err);
    return wrap(b, jk, k->nargs, k->nrets, err);
}

/* The host target and tirun's code generator options. */
static const char *jb_code_tag(BkBackend *b)
{
    if (!b->target && !(b->target = jit_host_target())) return NULL;
    snprintf(b->tag, sizeof b->tag, "%s fast_math=%d", b->target, (int)b->opt.fast_math);
    return b->tag;
}

/* A saved kernel: its argument and return counts, then jit_kernel_save's bytes. */
static bool jb_kernel_save(BkBackend *b, BkKernel *k, unsigned char **bytes, size_t *len)
{
    unsigned char *jk = NULL;
    size_t n = 0;
    if (!jit_kernel_save(k->jk, &jk, &n) || !(*bytes = malloc(n + 8))) {
        free(jk);
        fail(b, "", NULL);
        return false;
    }
    int32_t counts[2] = {k->nargs, k->nrets};
    memcpy(*bytes, counts, 8);
    memcpy(*bytes + 8, jk, n);
    free(jk);
    *len = n + 8;
    return true;
}

static BkKernel *jb_kernel_load(BkBackend *b, const unsigned char *bytes, size_t len)
{
    int32_t counts[2];
    char *err = NULL;
    if (len < 8) {
        snprintf(b->msg, sizeof b->msg, "not a saved kernel");
        return NULL;
    }
    memcpy(counts, bytes, 8);
    if (counts[0] < 0 || counts[0] > BK_MAX_ARGS || counts[1] < 0 || counts[1] > BK_MAX_RETS) {
        snprintf(b->msg, sizeof b->msg, "a saved kernel with bad argument counts");
        return NULL;
    }
    if (!start_jit(b)) return NULL;
    jit_session_set_fast_math(b->jit, b->opt.fast_math);
    JitKernel *jk = jit_kernel_load(b->jit, bytes + 8, len - 8, &err);
    return wrap(b, jk, counts[0], counts[1], err);
}

static void jb_kernel_free(BkBackend *b, BkKernel *k)
{
    if (!k) return;
    jit_kernel_free(k->jk);
    free(k->tmps);
    free(k);
}

static BkStatus jb_launch(BkBackend *b, BkKernel *k, BkBuffer *const *trees, int ntrees, BkSlots *slots)
{
    if (ntrees > b->roots_cap) {
        unsigned char **r = grow_array(b->roots, &b->roots_cap, ntrees, sizeof *r, 8);
        if (!r) {
            fail(b, "", NULL);
            return BK_ERROR;
        }
        b->roots = r;
    }
    for (int i = 0; i < ntrees; i++) b->roots[i] = trees[i] ? trees[i]->data : NULL;
    if (!b->pool && b->opt.threads != 1) b->pool = jit_pool_create(b->opt.threads > 0 ? b->opt.threads : 0);
    JitContext ctx;
    for (int i = 0; i < k->nargs; i++) ctx.args[i] = slots->args[i];
    ctx.roots = b->roots;
    ctx.tmps = k->tmps;
    ctx.rt = &b->rt;
    atomic_store(&b->rt.assert_failed, 0);
    jit_kernel_launch(k->jk, b->pool, &ctx);
    for (int i = 0; i < k->nrets; i++) slots->rets[i] = ctx.rets[i];
    if (!atomic_load(&b->rt.assert_failed)) return BK_OK;
    snprintf(b->msg, sizeof b->msg, "%s", b->rt.assert_msg);
    return BK_ASSERTION;
}

static BkBuffer *jb_buffer_alloc(BkBackend *b, size_t size)
{
    BkBuffer *buf = malloc(sizeof *buf);
    size_t rounded = size ? (size + 63) / 64 * 64 : 64;   /* aligned_alloc wants a multiple */
    if (!buf || rounded < size || !(buf->data = aligned_alloc(64, rounded))) {
        free(buf);
        fail(b, "", NULL);
        return NULL;
    }
    memset(buf->data, 0, rounded);
    buf->size = size;
    return buf;
}

static void jb_buffer_free(BkBackend *b, BkBuffer *buf)
{
    if (!buf) return;
    free(buf->data);
    free(buf);
}

static bool in_range(BkBackend *b, const BkBuffer *buf, size_t offset, size_t n)
{
    if (offset <= buf->size && n <= buf->size - offset) return true;
    snprintf(b->msg, sizeof b->msg, "%zu bytes at offset %zu are outside a buffer of %zu", n, offset, buf->size);
    return false;
}

static bool jb_read(BkBackend *b, BkBuffer *buf, size_t offset, void *dst, size_t n)
{
    if (!in_range(b, buf, offset, n)) return false;
    memcpy(dst, buf->data + offset, n);
    return true;
}

static bool jb_write(BkBackend *b, BkBuffer *buf, size_t offset, const void *src, size_t n)
{
    if (!in_range(b, buf, offset, n)) return false;
    memcpy(buf->data + offset, src, n);
    return true;
}

static bool jb_fill(BkBackend *b, BkBuffer *buf, size_t offset, size_t stride, size_t count, const void *value,
                    size_t size)
{
    if (!count) return true;
    if (!in_range(b, buf, offset, size) || (count > 1 && stride < size) ||
        (count > 1 && (buf->size - offset - size) / stride < count - 1)) {
        snprintf(b->msg, sizeof b->msg, "a fill of %zu elements outside a buffer of %zu", count, buf->size);
        return false;
    }
    unsigned char *p = buf->data + offset;
    for (size_t i = 0; i < count; i++, p += stride) memcpy(p, value, size);
    return true;
}

static void *jb_host_ptr(BkBackend *b, BkBuffer *buf) { return buf->data; }

/* Launches return when their tasks are done. */
static bool jb_sync(BkBackend *b) { return true; }

const BkOps jit_backend_ops = {
    .name = "jit",
    .open = jb_open,
    .close = jb_close,
    .restart = jb_restart,
    .caps = jb_caps,
    .message = jb_message,
    .compile = jb_compile,
    .kernel_free = jb_kernel_free,
    .launch = jb_launch,
    .code_tag = jb_code_tag,
    .kernel_save = jb_kernel_save,
    .kernel_load = jb_kernel_load,
    .buffer_alloc = jb_buffer_alloc,
    .buffer_free = jb_buffer_free,
    .read = jb_read,
    .write = jb_write,
    .fill = jb_fill,
    .host_ptr = jb_host_ptr,
    .sync = jb_sync,
};

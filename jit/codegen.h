/* The CPU backend's code generator: lowers an offloaded kernel (its root block holds
 * only offloaded tasks) to one LLVM module with one function per task, compiles it
 * in a JIT session, and launches the tasks in order through the thread pool.
 *
 * Each task is `void task(JitContext *ctx, i64 begin, i64 end, i32 thread)`: a
 * range_for task runs its body for every index in [begin, end) (the pool hands out
 * chunks), a serial task runs its body once; thread is the pool thread's number
 * (random state is per thread). Values cross tasks only through ctx->tmps.
 *
 * Supported: serial and range_for tasks; const, arg_load, rand, unary, binary,
 * select, alloca / local_load / local_store, loop_index, if, while / while_control
 * / break / continue, range_for inside a task, global_ptr / global_load /
 * global_store on dense SNodes, global_tmp, atomic_op (every op, f16 included),
 * print, assert, return. struct_for tasks and internal_call are compile errors.
 *
 * In a range_for task, an atomic whose result is unused on a location that is the
 * same for every index (a global temporary, or a field element at constant
 * indices) and that nothing else in the task touches accumulates in a register
 * for the whole chunk and reaches memory with one atomic at its end (a
 * thread-local reduction: f32 sums then vectorize, in a changed order). */
#ifndef TIRUN_JIT_CODEGEN_H
#define TIRUN_JIT_CODEGEN_H

#include <stdbool.h>
#include <stdint.h>

#include "../backend/backend.h"
#include "../ir/ir.h"
#include "jit.h"
#include "pool.h"
#include "runtime.h"

enum { JIT_MAX_ARGS = BK_MAX_ARGS, JIT_MAX_RETS = BK_MAX_RETS };

/* What a launch reads and writes besides field memory. Its slots are encoded
 * as the seam's (backend/backend.h): use the bk_slot_* helpers. */
typedef struct JitContext {
    uint64_t args[JIT_MAX_ARGS];
    uint64_t rets[JIT_MAX_RETS];
    unsigned char *const *roots;    /* SNode tree buffers, indexed by tree id */
    unsigned char *tmps;            /* global temporaries: jit_kernel_tmp_size bytes */
    JitRuntime *rt;                 /* print, assert, random state */
    int32_t alone;                  /* jit_kernel_launch: the running task has no other thread */
} JitContext;

typedef struct JitKernel JitKernel;

/* Lowers k (offloaded; every SNode it names must be a materialized dense tree's
 * place, an IrSNodeNode) into a module of session s and compiles it. Returns NULL
 * and sets *err (malloc'd, for free()) on an unsupported statement, invalid IR or
 * an LLVM error. The code lives as long as s; the JitKernel until jit_kernel_free. */
JitKernel *jit_kernel_compile(JitSession *s, const IrKernel *k, char **err);
void jit_kernel_free(JitKernel *jk);

/* The compiled kernel as bytes that jit_kernel_load takes back: its task table
 * and object code, for this host and tirun build only (*bytes malloc'd); false
 * when out of memory. */
bool jit_kernel_save(const JitKernel *jk, unsigned char **bytes, size_t *len);
/* A kernel saved by jit_kernel_save (here or in an earlier process), loaded
 * into s; NULL and *err (malloc'd) when the bytes are damaged or the code does
 * not link. */
JitKernel *jit_kernel_load(JitSession *s, const unsigned char *bytes, size_t len, char **err);

/* Bytes of ctx->tmps the kernel's global temporaries and range bounds use. */
size_t jit_kernel_tmp_size(const JitKernel *jk);

/* Runs the tasks in order: serial ones on the calling thread, range_for ones over
 * the pool (pool may be NULL: all on the calling thread). Once an assert fails
 * (ctx->rt->assert_failed), no further task or chunk starts. */
void jit_kernel_launch(const JitKernel *jk, JitPool *pool, JitContext *ctx);

#endif

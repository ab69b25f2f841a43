/* The CPU backend's persistent thread pool: runs an offloaded task over [begin, end)
 * in chunks that the calling thread and the workers claim one at a time. Idle
 * workers spin for a moment (back-to-back kernel launches find them awake), then
 * sleep on a condition variable. */
#ifndef TIRUN_JIT_POOL_H
#define TIRUN_JIT_POOL_H

#include <stdint.h>

typedef struct JitPool JitPool;

/* A task body: handles [begin, end) on the thread numbered thread_id, which is
 * 0 for the caller of jit_pool_run and 1..threads-1 for the workers. */
typedef void (*JitTaskFn)(void *ctx, int64_t begin, int64_t end, int thread_id);

/* A pool of nthreads threads counting the caller, so nthreads - 1 workers; with
 * nthreads <= 0, as many as the CPUs this process may run on. If the system
 * refuses some threads the pool runs with fewer. Returns NULL when out of memory. */
JitPool *jit_pool_create(int nthreads);

/* Stops and joins the workers; p may be NULL. */
void jit_pool_destroy(JitPool *p);

/* The number of threads a run may use, the caller included. */
int jit_pool_threads(const JitPool *p);

/* Calls fn(ctx, b, e, thread_id) over chunks [b, e) of [begin, end), each of grain
 * indices (the last may be shorter; grain < 1 counts as 1), and returns when all
 * are done. A range of at most grain indices, or a pool of one thread, runs inline
 * as one call without waking anyone. One caller at a time; a fn that calls
 * jit_pool_run again gets its range run inline on its own thread. */
void jit_pool_run(JitPool *p, int64_t begin, int64_t end, int64_t grain, JitTaskFn fn,
                  void *ctx);

#endif

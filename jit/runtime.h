/* Runtime support that generated kernel code calls (Taichi's runtime module, in C):
 * print, assertion failures and per-thread random numbers. One JitRuntime per
 * program (ti.init); each launch's JitContext points at it. The jit_rt_* functions
 * are what the code generator calls; jit_session_create makes them callable from
 * generated code under their own names. */
#ifndef TIRUN_JIT_RUNTIME_H
#define TIRUN_JIT_RUNTIME_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "jit.h"

/* Random state slots, one per pool thread id; threads beyond them use a
 * thread-local slot. */
enum { JIT_RAND_SLOTS = 256 };

/* One thread's generator: a counter that each draw advances by a fixed odd step
 * and then scrambles. seed and live say which rt->seed it was derived from. */
typedef struct JitRandSlot {
    uint64_t state;
    uint64_t seed;
    int live;
} JitRandSlot;

/* A JitRuntime may start zero-filled (calloc) with write, write_user and seed set. */
typedef struct JitRuntime {
    /* Where print output goes (the VM's sys.stdout); called with whole
     * formatted lines, in order, one caller at a time. NULL: C's stdout. */
    void (*write)(void *user, const char *text, size_t len);
    void *write_user;
    atomic_int writing;         /* the lock that makes it one caller at a time */
    /* ti.init(random_seed=): seeds every thread's generator. A slot notices a
     * changed seed on its thread's next draw; jit_rt_reseed restarts the
     * sequences even when the seed is the same. */
    uint64_t seed;
    /* Set by the first failing assert of a launch (the launcher clears it
     * before and raises TaichiAssertionError with msg after). The launch stops
     * starting tasks and chunks once it is set. */
    atomic_int assert_failed;
    char assert_msg[2048];
    JitRandSlot rand[JIT_RAND_SLOTS];
} JitRuntime;

/* Sets rt->seed and restarts every thread's sequence from it. Call between
 * launches only. */
void jit_rt_reseed(JitRuntime *rt, uint64_t seed);

/* ---- the interface generated code calls
 *
 * Values travel in arrays of u64 slots that the task builds on its stack: an
 * integer sign- or zero-extended to 64 bits, a float (f16, f32 or f64) as the
 * bits of the double it converts to exactly. */

/* One entry of a print statement. kind 's': text[0..len) is a literal. Else
 * text is the NUL-terminated printf conversion for the next value, and kind says
 * the C type it takes: 'i' int, 'u' unsigned, 'I' long long, 'U' unsigned long
 * long, 'f' double. The code generator builds conversions only from validated
 * parts, so they always fit their kind. */
typedef struct JitPrintItem {
    const char *text;
    size_t len;
    char kind;
} JitPrintItem;

/* Formats items[0..n) with vals and hands the whole text to rt->write (stdout
 * when rt or rt->write is NULL) in one call, under a lock shared by all threads,
 * so that lines from parallel tasks never interleave. */
void jit_rt_print(JitRuntime *rt, const JitPrintItem *items, int32_t n, const uint64_t *vals);

/* An assertion failed: formats msg, whose %d and %f take the next value of
 * vals (kinds[i] says what vals[i] holds: 'i' signed, 'u' unsigned, 'f' an f32,
 * 'F' an f64; "%%" is a percent sign), and records it when it is the launch's
 * first failure. Floats print as their shortest round-trip form ("1.5",
 * "0.33333334", "1e+20"), as Taichi does. rt NULL: records nothing. */
void jit_rt_assert_fail(JitRuntime *rt, const char *msg, const char *kinds, const uint64_t *vals);

/* The random state of pool thread `thread` (rt NULL: a process-wide runtime
 * seeded with 0), seeded from rt->seed and the thread id on first use and
 * whenever rt->seed changed. The task keeps it in a register while it runs and
 * stores it back before it returns. */
uint64_t *jit_rt_rand_state(JitRuntime *rt, int32_t thread);

/* The step each draw adds to the state, and the scrambler of the new state;
 * the code generator emits the same arithmetic inline. */
#define JIT_RAND_STEP UINT64_C(0x9e3779b97f4a7c15)
uint64_t jit_rt_rand_mix(uint64_t z);

/* The jit_rt_* functions generated code calls, for jit_define_host. */
const JitSymbol *jit_rt_symbols(size_t *n);

#endif

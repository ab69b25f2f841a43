/* Unit test for jit/pool.c: every index of a range is visited exactly once, by a
 * valid thread, for many range sizes, thread counts and grains; chunks respect the
 * grain; nested runs go inline. Prints the cost of a launch: empty range, a range
 * under the grain (inline), and a parallel one with the workers awake and asleep. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "jit/pool.h"

typedef struct Visit {
    int64_t base;                       /* index of counts[0] */
    atomic_uchar *counts;
    int64_t grain;
    int nthreads;
    atomic_int bad_chunk, bad_thread;
    atomic_llong sum;
} Visit;

static void visit(void *ctx, int64_t b, int64_t e, int tid)
{
    Visit *v = ctx;
    if (e <= b || (e - b > v->grain && v->nthreads > 1))
        atomic_fetch_add(&v->bad_chunk, 1);
    if (tid < 0 || tid >= v->nthreads)
        atomic_fetch_add(&v->bad_thread, 1);
    long long s = 0;
    for (int64_t i = b; i < e; i++) {
        atomic_fetch_add_explicit(&v->counts[i - v->base], 1, memory_order_relaxed);
        s += i - v->base;
    }
    atomic_fetch_add(&v->sum, s);
}

/* Runs visit over [begin, begin + n) and checks the counts; returns whether all were 1. */
static int check_range(JitPool *p, int64_t begin, int64_t n, int64_t grain)
{
    Visit v = {.base = begin, .grain = grain < 1 ? 1 : grain, .nthreads = jit_pool_threads(p)};
    v.counts = calloc((size_t)n + 1, 1);
    if (n <= v.grain)
        v.grain = n;                    /* inline: one call with the whole range */
    jit_pool_run(p, begin, begin + n, grain, visit, &v);
    int ok = 1;
    for (int64_t i = 0; i < n; i++)
        ok &= v.counts[i] == 1;
    ok &= atomic_load(&v.bad_chunk) == 0 && atomic_load(&v.bad_thread) == 0;
    ok &= atomic_load(&v.sum) == (long long)n * (n - 1) / 2;
    if (!ok)
        fprintf(stderr, "threads %d, [%lld, +%lld), grain %lld: wrong\n", v.nthreads,
                (long long)begin, (long long)n, (long long)grain);
    free(v.counts);
    return ok;
}

static void test_coverage(void)
{
    static const int threads[] = {1, 2, 3, 4, 8, 0};
    static const int64_t sizes[] = {0, 1, 2, 7, 63, 64, 65, 1000, 4096, 100003};
    static const int64_t grains[] = {-5, 0, 1, 3, 64, 1000, 1 << 20};
    for (size_t t = 0; t < sizeof threads / sizeof *threads; t++) {
        JitPool *p = jit_pool_create(threads[t]);
        CHECK(p != NULL);
        if (!p)
            continue;
        CHECK(jit_pool_threads(p) >= 1);
        if (threads[t] > 0)
            CHECK(jit_pool_threads(p) == threads[t]);
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
            for (size_t g = 0; g < sizeof grains / sizeof *grains; g++) {
                CHECK(check_range(p, 0, sizes[s], grains[g]));
                CHECK(check_range(p, -37, sizes[s], grains[g]));
            }
        /* Near the top of int64: the chunk arithmetic must not overflow. */
        CHECK(check_range(p, INT64_MAX - 1000, 1000, 7));
        CHECK(check_range(p, INT64_MIN, 1000, 7));
        /* Many runs back to back, alternating awake and sleeping workers. */
        for (int i = 0; i < 200; i++) {
            CHECK(check_range(p, 0, 257, 16));
            if (i % 50 == 0)
                usleep(1000);
        }
        jit_pool_destroy(p);
    }
    jit_pool_destroy(NULL);
}

typedef struct Nested {
    JitPool *pool;
    atomic_int calls, inner_ok;
} Nested;

static void inner(void *ctx, int64_t b, int64_t e, int tid)
{
    Nested *n = ctx;
    if (b == 0 && e == 100)
        atomic_fetch_add(&n->inner_ok, 1);
}

static void outer(void *ctx, int64_t b, int64_t e, int tid)
{
    Nested *n = ctx;
    atomic_fetch_add(&n->calls, 1);
    jit_pool_run(n->pool, 0, 100, 1, inner, n);
}

static void test_nested(void)
{
    Nested n = {.pool = jit_pool_create(4)};
    jit_pool_run(n.pool, 0, 8, 1, outer, &n);
    CHECK(atomic_load(&n.calls) == 8);
    CHECK(atomic_load(&n.inner_ok) == 8);
    jit_pool_destroy(n.pool);
}

static void empty_task(void *ctx, int64_t b, int64_t e, int tid) {}

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* Microseconds per jit_pool_run over [0, n) with grain, averaged over reps; with
 * pause_us, each run follows a sleep long enough for the workers to fall asleep. */
static double launch_us(JitPool *p, int64_t n, int64_t grain, int reps, int pause_us)
{
    double total = 0;
    for (int i = 0; i < reps; i++) {
        if (pause_us)
            usleep((useconds_t)pause_us);
        double t0 = now_us();
        jit_pool_run(p, 0, n, grain, empty_task, NULL);
        total += now_us() - t0;
    }
    return total / reps;
}

static void report_overhead(void)
{
    JitPool *p = jit_pool_create(0);
    int nt = jit_pool_threads(p);
    double empty = launch_us(p, 0, 1, 1000000, 0);
    double tiny = launch_us(p, 16, 64, 1000000, 0);
    launch_us(p, nt * 64, 64, 1000, 0);
    double awake = launch_us(p, nt * 64, 64, 100000, 0);
    double asleep = launch_us(p, nt * 64, 64, 200, 2000);
    printf("pool launch, %d threads: empty %.3f us, tiny (inline) %.3f us, "
           "parallel (%d chunks) %.2f us with workers awake, %.2f us asleep\n",
           nt, empty, tiny, nt, awake, asleep);
    jit_pool_destroy(p);
}

int main(void)
{
    test_coverage();
    test_nested();
    report_overhead();
    return check_result();
}

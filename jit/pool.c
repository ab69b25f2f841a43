/* The thread pool behind CPU kernel launches. A run publishes one job (fn, range,
 * chunk counter) and a number of worker slots, bumps the epoch, and wakes sleeping
 * workers only when there are any; the caller claims chunks too, then takes back
 * the slots nobody took, so that it never waits for a worker that is slow to wake. */
#include "pool.h"

#include <pthread.h>
#include <sched.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* How long an idle thread polls before sleeping: long enough to span the Python
 * scope between two launches of a simulation step, short enough that an idle
 * program costs nothing measurable. */
enum { SPIN_NS = 100 * 1000 };

typedef struct Worker {
    struct JitPool *pool;
    int id;
} Worker;

struct JitPool {
    int nthreads;
    Worker *workers;
    pthread_t *threads;

    /* The job: written by the caller before it publishes the slots (release),
     * read by a worker after it takes one (acquire). */
    JitTaskFn fn;
    void *ctx;
    int64_t begin, end;
    uint64_t grain, nchunks;
    atomic_uint epoch;                  /* bumped for each job and to stop */
    atomic_int slots;                   /* workers still wanted for this job */
    atomic_bool stop;
    atomic_bool busy;                   /* a run is in progress */

    alignas(64) atomic_uint_fast64_t next_chunk;
    alignas(64) atomic_uint done;       /* workers through with this job */
    atomic_int sleepers;                /* workers waiting on wake */
    atomic_bool caller_sleeping;        /* the caller waiting on finished */

    pthread_mutex_t mu;
    pthread_cond_t wake, finished;
};

/* The pool thread number of the calling thread: 0 outside worker threads. */
static _Thread_local int thread_id;

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Polls *word until (*word == value) == equal, for at most SPIN_NS; returns whether
 * that happened. */
static bool spin_until(atomic_uint *word, unsigned value, bool equal)
{
    uint64_t start = now_ns();
    for (;;) {
        for (int i = 0; i < 64; i++) {
            if ((atomic_load_explicit(word, memory_order_acquire) == value) == equal)
                return true;
            cpu_relax();
        }
        if (now_ns() - start > SPIN_NS)
            return false;
    }
}

/* Runs chunks of the current job until none are left. */
static void claim_chunks(JitPool *p, int id)
{
    for (;;) {
        uint64_t i = atomic_fetch_add_explicit(&p->next_chunk, 1, memory_order_relaxed);
        if (i >= p->nchunks)
            return;
        uint64_t b = (uint64_t)p->begin + i * p->grain;
        uint64_t e = i + 1 == p->nchunks ? (uint64_t)p->end : b + p->grain;
        p->fn(p->ctx, (int64_t)b, (int64_t)e, id);
    }
}

static bool take_slot(JitPool *p)
{
    int n = atomic_load_explicit(&p->slots, memory_order_relaxed);
    while (n > 0) {
        if (atomic_compare_exchange_weak_explicit(&p->slots, &n, n - 1, memory_order_acquire,
                                                  memory_order_relaxed))
            return true;
    }
    return false;
}

/* Waits for the epoch to move past seen and returns its new value. The sleeper
 * count and the epoch are both seq_cst, so either the publisher sees this thread
 * counted as a sleeper (and signals under the mutex) or this thread sees the new
 * epoch before waiting. */
static unsigned wait_for_job(JitPool *p, unsigned seen)
{
    if (!spin_until(&p->epoch, seen, false)) {
        pthread_mutex_lock(&p->mu);
        atomic_fetch_add(&p->sleepers, 1);
        while (atomic_load(&p->epoch) == seen)
            pthread_cond_wait(&p->wake, &p->mu);
        atomic_fetch_sub(&p->sleepers, 1);
        pthread_mutex_unlock(&p->mu);
    }
    return atomic_load_explicit(&p->epoch, memory_order_acquire);
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    JitPool *p = w->pool;
    thread_id = w->id;
    unsigned seen = 0;
    for (;;) {
        seen = wait_for_job(p, seen);
        if (atomic_load(&p->stop))
            return NULL;
        if (!take_slot(p))
            continue;
        claim_chunks(p, w->id);
        atomic_fetch_add(&p->done, 1);
        if (atomic_load(&p->caller_sleeping)) {
            pthread_mutex_lock(&p->mu);
            pthread_cond_signal(&p->finished);
            pthread_mutex_unlock(&p->mu);
        }
    }
}

static int cpu_count(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        return CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

JitPool *jit_pool_create(int nthreads)
{
    if (nthreads <= 0)
        nthreads = cpu_count();
    JitPool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->workers = calloc((size_t)nthreads, sizeof *p->workers);
    p->threads = calloc((size_t)nthreads, sizeof *p->threads);
    if (!p->workers || !p->threads) {
        free(p->workers);
        free(p->threads);
        free(p);
        return NULL;
    }
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->finished, NULL);
    p->nthreads = 1;
    for (int i = 1; i < nthreads; i++) {
        p->workers[i] = (Worker){p, i};
        if (pthread_create(&p->threads[i], NULL, worker_main, &p->workers[i]) != 0)
            break;
        p->nthreads = i + 1;
    }
    return p;
}

void jit_pool_destroy(JitPool *p)
{
    if (!p)
        return;
    atomic_store(&p->stop, true);
    pthread_mutex_lock(&p->mu);
    atomic_fetch_add(&p->epoch, 1);
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->mu);
    for (int i = 1; i < p->nthreads; i++)
        pthread_join(p->threads[i], NULL);
    pthread_cond_destroy(&p->finished);
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->mu);
    free(p->threads);
    free(p->workers);
    free(p);
}

int jit_pool_threads(const JitPool *p) { return p->nthreads; }

void jit_pool_run(JitPool *p, int64_t begin, int64_t end, int64_t grain, JitTaskFn fn,
                  void *ctx)
{
    if (begin >= end)
        return;
    uint64_t n = (uint64_t)end - (uint64_t)begin;
    uint64_t g = grain < 1 ? 1 : (uint64_t)grain;
    if (n <= g || p->nthreads == 1 || atomic_exchange(&p->busy, true)) {
        fn(ctx, begin, end, thread_id);
        return;
    }
    uint64_t nchunks = n / g + (n % g != 0);
    int want = nchunks - 1 < (uint64_t)p->nthreads - 1 ? (int)(nchunks - 1) : p->nthreads - 1;

    p->fn = fn;
    p->ctx = ctx;
    p->begin = begin;
    p->end = end;
    p->grain = g;
    p->nchunks = nchunks;
    atomic_store_explicit(&p->next_chunk, 0, memory_order_relaxed);
    atomic_store_explicit(&p->done, 0, memory_order_relaxed);
    atomic_store_explicit(&p->slots, want, memory_order_release);
    atomic_fetch_add(&p->epoch, 1);
    int sleepers = atomic_load(&p->sleepers);
    if (sleepers > 0) {
        pthread_mutex_lock(&p->mu);
        if (sleepers <= want)
            pthread_cond_broadcast(&p->wake);
        else
            for (int i = 0; i < want; i++)
                pthread_cond_signal(&p->wake);
        pthread_mutex_unlock(&p->mu);
    }

    claim_chunks(p, 0);
    /* Slots still open belong to workers that have not woken yet: the chunks
     * are all claimed, so take them back rather than wait for those workers. */
    unsigned joined = (unsigned)(want - atomic_exchange(&p->slots, 0));
    if (!spin_until(&p->done, joined, true)) {
        pthread_mutex_lock(&p->mu);
        atomic_store(&p->caller_sleeping, true);
        while (atomic_load(&p->done) != joined)
            pthread_cond_wait(&p->finished, &p->mu);
        atomic_store(&p->caller_sleeping, false);
        pthread_mutex_unlock(&p->mu);
    }
    atomic_store_explicit(&p->busy, false, memory_order_release);
}

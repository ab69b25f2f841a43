/* api-bench: what one call through the C API (include/tirun.h) costs a host,
 * measured from C on the shared library as a game links it: tirun_call of an
 * empty kernel by name, tirun_kernel_launch of it through a handle, and
 * tirun_call of a kernel with two scalar arguments. Each is timed over --runs
 * runs of --calls calls after a warm-up, and the best run is kept (the others
 * met the scheduler). Prints one line per case: `NAME <microseconds per call>`.
 * usage: api-bench [--calls N] [--runs N] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../include/tirun.h"

static const char program[] = "import taichi as ti\n"
                              "ti.init(arch=ti.cpu)\n"
                              "@ti.kernel\n"
                              "def noop():\n"
                              "    pass\n"
                              "@ti.kernel\n"
                              "def args2(a: ti.i32, b: ti.f32):\n"
                              "    pass\n";

typedef enum { CALL_NOOP, LAUNCH_NOOP, CALL_ARGS2 } Case;

typedef struct {
    tirun *rt;
    tirun_kernel *noop;
} Bench;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* calls calls of case c; 0, or non-zero after printing the error */
static int calls_of(Bench *b, Case c, long calls)
{
    tirun_value args[2] = { tirun_int(7), tirun_float(0.5) };
    int status = 0;
    for (long i = 0; i < calls && !status; i++) {
        switch (c) {
        case CALL_NOOP: status = tirun_call(b->rt, "noop", 0, NULL, NULL); break;
        case LAUNCH_NOOP: status = tirun_kernel_launch(b->noop, 0, NULL, NULL); break;
        case CALL_ARGS2: status = tirun_call(b->rt, "args2", 2, args, NULL); break;
        }
    }
    if (status) fprintf(stderr, "api-bench: %s", tirun_error(b->rt));
    return status;
}

/* The best of runs runs' seconds per call, or a negative number on error. */
static double best_per_call(Bench *b, Case c, long calls, int runs)
{
    if (calls_of(b, c, calls / 10 + 1)) return -1;   /* compiled and in the caches */
    double best = 1e30;
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        if (calls_of(b, c, calls)) return -1;
        double t = (now() - t0) / (double)calls;
        if (t < best) best = t;
    }
    return best;
}

static long arg_count(const char *s)
{
    char *end;
    long n = strtol(s, &end, 10);
    return *s && !*end && n > 0 ? n : -1;
}

int main(int argc, char **argv)
{
    long calls = 100000, runs = 7;
    for (int i = 1; i < argc; i++) {
        long *into = !strcmp(argv[i], "--calls") ? &calls : !strcmp(argv[i], "--runs") ? &runs : NULL;
        if (!into || i + 1 == argc || (*into = arg_count(argv[++i])) < 0) {
            fputs("usage: api-bench [--calls N] [--runs N]\n", stderr);
            return 2;
        }
    }
    tirun_config cfg;
    tirun_config_init(&cfg);
    cfg.banner = 0;
    Bench b = { tirun_new_with(&cfg), NULL };
    if (!b.rt) return 1;
    if (tirun_run_string(b.rt, program, "<api-bench>") || !(b.noop = tirun_kernel_get(b.rt, "noop"))) {
        fprintf(stderr, "api-bench: %s", tirun_error(b.rt));
        tirun_free(b.rt);
        return 1;
    }
    static const struct {
        Case c;
        const char *name;
    } cases[] = { { CALL_NOOP, "call_noop" }, { LAUNCH_NOOP, "launch_noop" }, { CALL_ARGS2, "call_args2" } };
    int status = 0;
    for (size_t i = 0; i < sizeof cases / sizeof *cases && !status; i++) {
        double t = best_per_call(&b, cases[i].c, calls, (int)runs);
        if (t < 0) status = 1;
        else printf("%s %.4f\n", cases[i].name, t * 1e6);
    }
    tirun_free(b.rt);
    return status;
}

/* Shared by the C side of bench/kernels: the repetition count from argv[1], and
 * page-aligned buffers. Each NAME.c prints `NAME <seconds per iteration> <checksum>`
 * like bench/kernels/NAME.py, timed the same way (one warm-up call, then reps calls). */
#ifndef KBENCH_H
#define KBENCH_H

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static inline int kbench_reps(int argc, char **argv, int fallback)
{
    int n = argc > 1 ? atoi(argv[1]) : fallback;
    return n > 0 ? n : fallback;
}

static inline void *kbench_alloc(size_t bytes)
{
    void *p = aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
    if (!p) {
        fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

/* Calls step once to warm up (as the Taichi side compiles on its first call), then
 * reps times; returns the seconds per timed call. */
static inline double kbench_time(int reps, void (*step)(void))
{
    step();
    double t0 = omp_get_wtime();
    for (int r = 0; r < reps; r++)
        step();
    return (omp_get_wtime() - t0) / reps;
}

/* The checksum of the 1-D benches: the sum of 16 elements spread over a[0..n). */
static inline double kbench_sample(const float *a, long n)
{
    double check = 0.0;
    for (long k = 0; k < 16; k++)
        check += a[k * (n / 16) + k];
    return check;
}

#endif

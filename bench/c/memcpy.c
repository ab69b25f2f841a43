/* Bench kernel (C + OpenMP side of bench/kernels/memcpy.py): copy a 64 MB f32 array
 * (16M elements) into another, element by element in a parallel loop. */
#include "kbench.h"

enum { N = 16 * 1024 * 1024 };

static float *src, *dst;

static void init(void)
{
#pragma omp parallel for
    for (long i = 0; i < N; i++) {
        src[i] = (float)(i % 9) * 0.25f;
        dst[i] = 0.0f;
    }
}

static void copy(const float *restrict from, float *restrict to)
{
#pragma omp parallel for
    for (long i = 0; i < N; i++)
        to[i] = from[i];
}

static void step(void)
{
    copy(src, dst);
}

int main(int argc, char **argv)
{
    src = kbench_alloc(N * sizeof *src);
    dst = kbench_alloc(N * sizeof *dst);
    init();
    double t = kbench_time(kbench_reps(argc, argv, 20), step);
    printf("memcpy %.9g %.9g\n", t, kbench_sample(dst, N));
    free(src);
    free(dst);
    return 0;
}

/* Bench kernel (C + OpenMP side of bench/kernels/fill.py): fill a 64 MB f32 array
 * (16M elements) with one value. */
#include "kbench.h"

enum { N = 16 * 1024 * 1024 };

static float *a;

static void fill(float v)
{
#pragma omp parallel for
    for (long i = 0; i < N; i++)
        a[i] = v;
}

static void step(void)
{
    fill(1.25f);
}

int main(int argc, char **argv)
{
    a = kbench_alloc(N * sizeof *a);
    fill(0.0f);
    double t = kbench_time(kbench_reps(argc, argv, 20), step);
    printf("fill %.9g %.9g\n", t, kbench_sample(a, N));
    free(a);
    return 0;
}

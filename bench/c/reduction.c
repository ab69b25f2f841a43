/* Bench kernel (C + OpenMP side of bench/kernels/reduction.py): sum of a 64 MB f32
 * array (16M elements). `simd` lets gcc vectorize the f32 sum, as OpenMP permits
 * reordering it; the values make the sum exact in any order (see reduction.py). */
#include "kbench.h"

enum { N = 16 * 1024 * 1024 };

static float *x;
static volatile float sum;

static void init(void)
{
#pragma omp parallel for
    for (long i = 0; i < N; i++)
        x[i] = (float)(i % 3) * 0.5f;
}

static float total(const float *xs)
{
    float s = 0.0f;
#pragma omp parallel for simd reduction(+:s)
    for (long i = 0; i < N; i++)
        s += xs[i];
    return s;
}

static void step(void)
{
    sum = total(x);
}

int main(int argc, char **argv)
{
    x = kbench_alloc(N * sizeof *x);
    init();
    double t = kbench_time(kbench_reps(argc, argv, 20), step);
    printf("reduction %.9g %.9g\n", t, (double)sum);
    free(x);
    return 0;
}

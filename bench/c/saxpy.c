/* Bench kernel (C + OpenMP side of bench/kernels/saxpy.py): y = a*x + y in place over
 * two 64 MB f32 arrays (16M elements). */
#include "kbench.h"

enum { N = 16 * 1024 * 1024 };

static float *x, *y;

static void init(void)
{
#pragma omp parallel for
    for (long i = 0; i < N; i++) {
        x[i] = (float)(i % 7) * 0.125f;
        y[i] = (float)(i % 5) * 0.5f;
    }
}

static void saxpy(float a, const float *restrict xs, float *restrict ys)
{
#pragma omp parallel for
    for (long i = 0; i < N; i++)
        ys[i] = a * xs[i] + ys[i];
}

static void step(void)
{
    saxpy(0.5f, x, y);
}

int main(int argc, char **argv)
{
    x = kbench_alloc(N * sizeof *x);
    y = kbench_alloc(N * sizeof *y);
    init();
    double t = kbench_time(kbench_reps(argc, argv, 20), step);
    printf("saxpy %.9g %.9g\n", t, kbench_sample(y, N));
    free(x);
    free(y);
    return 0;
}

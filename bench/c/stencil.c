/* Bench kernel (C + OpenMP side of bench/kernels/stencil.py): one Jacobi step of the
 * 5-point stencil from a to b on a 2048x2048 f32 grid, row-major, interior only. */
#include "kbench.h"

enum { N = 2048 };

static float *a, *b;

static void init(void)
{
#pragma omp parallel for
    for (long i = 0; i < N; i++)
        for (long j = 0; j < N; j++) {
            a[i * N + j] = (float)((i * 3 + j * 7) % 11) * 0.5f;
            b[i * N + j] = 0.0f;
        }
}

static void jacobi(const float *restrict from, float *restrict to)
{
#pragma omp parallel for
    for (long i = 1; i < N - 1; i++)
        for (long j = 1; j < N - 1; j++)
            to[i * N + j] = 0.25f * (from[(i - 1) * N + j] + from[(i + 1) * N + j]
                                     + from[i * N + j - 1] + from[i * N + j + 1]);
}

static void step(void)
{
    jacobi(a, b);
}

int main(int argc, char **argv)
{
    a = kbench_alloc((size_t)N * N * sizeof *a);
    b = kbench_alloc((size_t)N * N * sizeof *b);
    init();
    double t = kbench_time(kbench_reps(argc, argv, 20), step);
    double check = 0.0;
    for (long k = 1; k <= 16; k++)
        check += b[(k * 127) * N + k * 113 + 5];
    printf("stencil %.9g %.9g\n", t, check);
    free(a);
    free(b);
    return 0;
}

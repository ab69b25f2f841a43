/* Bench kernel (C + OpenMP side of bench/kernels/mandelbrot.py): Mandelbrot iteration
 * counts (int32, at most 100) for a 2048x2048 image of [-2, 1] x [-1.5, 1.5] in f32.
 * Rows are handed out dynamically since their cost varies with the set. */
#include <stdint.h>

#include "kbench.h"

enum { N = 2048, MAX_ITER = 100 };

static int32_t *img;

static void mandelbrot(void)
{
#pragma omp parallel for schedule(dynamic)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            float cr = -2.0f + (float)j * (3.0f / N);
            float ci = -1.5f + (float)i * (3.0f / N);
            float zr = 0.0f, zi = 0.0f;
            int32_t k = 0;
            while (k < MAX_ITER && zr * zr + zi * zi <= 4.0f) {
                float t = zr * zr - zi * zi + cr;
                zi = 2.0f * zr * zi + ci;
                zr = t;
                k++;
            }
            img[(long)i * N + j] = k;
        }
}

int main(int argc, char **argv)
{
    img = kbench_alloc((size_t)N * N * sizeof *img);
    double t = kbench_time(kbench_reps(argc, argv, 10), mandelbrot);
    long long check = 0;
#pragma omp parallel for reduction(+:check)
    for (long p = 0; p < (long)N * N; p++)
        check += img[p];
    printf("mandelbrot %.9g %lld\n", t, check);
    free(img);
    return 0;
}

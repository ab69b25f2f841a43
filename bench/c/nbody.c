/* Bench kernel (C + OpenMP side of bench/kernels/nbody.py): the O(n^2) pull on
 * each of 4096 bodies. `simd` lets gcc vectorize the inner sums (reordered, as
 * Taichi's fast math allows). */
#include <math.h>

#include "kbench.h"

enum { N = 4096 };

static float px[N], py[N], pz[N], ax[N], ay[N], az[N];

static void init(void)
{
    for (int i = 0; i < N; i++) {
        px[i] = (float)(i % 64) * 0.25f;
        py[i] = (float)(i / 64) * 0.25f;
        pz[i] = (float)(i % 7) * 0.5f;
    }
}

static void step(void)
{
#pragma omp parallel for
    for (int i = 0; i < N; i++) {
        float xi = px[i], yi = py[i], zi = pz[i], fx = 0, fy = 0, fz = 0;
#pragma omp simd reduction(+:fx, fy, fz)
        for (int j = 0; j < N; j++) {
            float dx = px[j] - xi, dy = py[j] - yi, dz = pz[j] - zi;
            float r2 = dx * dx + dy * dy + dz * dz + 0.01f;
            float inv = 1.0f / (r2 * sqrtf(r2));
            fx += dx * inv;
            fy += dy * inv;
            fz += dz * inv;
        }
        ax[i] = fx;
        ay[i] = fy;
        az[i] = fz;
    }
}

int main(int argc, char **argv)
{
    init();
    step();
    double check = 0;
    for (int i = 0; i < N; i++) check += fabsf(ax[i]) + fabsf(ay[i]) + fabsf(az[i]);
    double t = kbench_time(kbench_reps(argc, argv, 10), step);
    printf("nbody %.9g %.9g\n", t, check);
    return 0;
}

/* Matrix multiplication kernels for np.matmul / np.dot on C-contiguous
 * float operands: C = A (m x k) . B (k x n). B is packed into panels of 16
 * columns, a 6 x 16 block of C lives in registers while k runs; with AVX2 and
 * FMA (checked at run time; the binary targets baseline x86-64) the block is
 * 12 vector accumulators, else plain loops the compiler vectorizes with SSE2.
 * Large products split their rows between two threads. Built with -O3. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ufunc.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define HAVE_X86 1
#endif

enum { MR = 6, NR = 16, KC = 256 };

/* Packs B[p0..p0+kc) x [j0..j0+NR) into dst (kc rows of NR), zero padded. */
static void pack_b(const float *b, int64_t n, int64_t p0, int64_t kc, int64_t j0, float *dst)
{
    int64_t w = n - j0 < NR ? n - j0 : NR;
    for (int64_t p = 0; p < kc; p++) {
        const float *src = b + (p0 + p) * n + j0;
        float *d = dst + p * NR;
        int64_t j = 0;
        for (; j < w; j++) d[j] = src[j];
        for (; j < NR; j++) d[j] = 0;
    }
}

/* c[0..mr) x [0..nr) += a rows (stride lda) . packed panel (kc x NR) */
static void kernel_generic(int64_t mr, int64_t nr, int64_t kc, const float *a, int64_t lda, const float *bp, float *c,
                           int64_t ldc)
{
    float acc[MR][NR];
    memset(acc, 0, sizeof acc);
    for (int64_t p = 0; p < kc; p++) {
        const float *bv = bp + p * NR;
        for (int64_t i = 0; i < mr; i++) {
            float av = a[i * lda + p];
            for (int j = 0; j < NR; j++) acc[i][j] += av * bv[j];
        }
    }
    for (int64_t i = 0; i < mr; i++)
        for (int64_t j = 0; j < nr; j++) c[i * ldc + j] += acc[i][j];
}

#ifdef HAVE_X86
__attribute__((target("avx2,fma"))) static void kernel_avx2(int64_t mr, int64_t nr, int64_t kc, const float *a,
                                                            int64_t lda, const float *bp, float *c, int64_t ldc)
{
    if (mr != MR) {
        kernel_generic(mr, nr, kc, a, lda, bp, c, ldc);
        return;
    }
    __m256 c00 = _mm256_setzero_ps(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
    __m256 c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
    const float *a0 = a, *a1 = a + lda, *a2 = a + 2 * lda, *a3 = a + 3 * lda, *a4 = a + 4 * lda, *a5 = a + 5 * lda;
    for (int64_t p = 0; p < kc; p++) {
        __m256 b0 = _mm256_loadu_ps(bp + p * NR), b1 = _mm256_loadu_ps(bp + p * NR + 8);
        __m256 x = _mm256_broadcast_ss(a0 + p);
        c00 = _mm256_fmadd_ps(x, b0, c00);
        c01 = _mm256_fmadd_ps(x, b1, c01);
        x = _mm256_broadcast_ss(a1 + p);
        c10 = _mm256_fmadd_ps(x, b0, c10);
        c11 = _mm256_fmadd_ps(x, b1, c11);
        x = _mm256_broadcast_ss(a2 + p);
        c20 = _mm256_fmadd_ps(x, b0, c20);
        c21 = _mm256_fmadd_ps(x, b1, c21);
        x = _mm256_broadcast_ss(a3 + p);
        c30 = _mm256_fmadd_ps(x, b0, c30);
        c31 = _mm256_fmadd_ps(x, b1, c31);
        x = _mm256_broadcast_ss(a4 + p);
        c40 = _mm256_fmadd_ps(x, b0, c40);
        c41 = _mm256_fmadd_ps(x, b1, c41);
        x = _mm256_broadcast_ss(a5 + p);
        c50 = _mm256_fmadd_ps(x, b0, c50);
        c51 = _mm256_fmadd_ps(x, b1, c51);
    }
    __m256 rows[MR][2] = {{c00, c01}, {c10, c11}, {c20, c21}, {c30, c31}, {c40, c41}, {c50, c51}};
    for (int i = 0; i < MR; i++) {
        float *ci = c + i * ldc;
        if (nr == NR) {
            _mm256_storeu_ps(ci, _mm256_add_ps(_mm256_loadu_ps(ci), rows[i][0]));
            _mm256_storeu_ps(ci + 8, _mm256_add_ps(_mm256_loadu_ps(ci + 8), rows[i][1]));
        } else {
            float tmp[NR];
            _mm256_storeu_ps(tmp, rows[i][0]);
            _mm256_storeu_ps(tmp + 8, rows[i][1]);
            for (int64_t j = 0; j < nr; j++) ci[j] += tmp[j];
        }
    }
}
#endif

typedef void (*Kernel)(int64_t, int64_t, int64_t, const float *, int64_t, const float *, float *, int64_t);

typedef struct {
    int64_t m0, m1, n, k;
    const float *a, *b;
    float *c;
    Kernel kern;
} Job;

static void *gemm_rows(void *arg)
{
    Job *j = arg;
    int64_t n = j->n, k = j->k;
    int64_t npanels = (n + NR - 1) / NR;
    float *bp = malloc((size_t)(KC * NR * npanels) * sizeof(float));
    if (!bp) return (void *)1;
    for (int64_t p0 = 0; p0 < k; p0 += KC) {
        int64_t kc = k - p0 < KC ? k - p0 : KC;
        for (int64_t q = 0; q < npanels; q++) pack_b(j->b, n, p0, kc, q * NR, bp + q * KC * NR);
        for (int64_t i = j->m0; i < j->m1; i += MR) {
            int64_t mr = j->m1 - i < MR ? j->m1 - i : MR;
            for (int64_t q = 0; q < npanels; q++) {
                int64_t nr = n - q * NR < NR ? n - q * NR : NR;
                j->kern(mr, nr, kc, j->a + i * k + p0, k, bp + q * KC * NR, j->c + i * n + q * NR, n);
            }
        }
    }
    free(bp);
    return NULL;
}

void np_gemm_f32(int64_t m, int64_t n, int64_t k, const float *a, const float *b, float *c)
{
    memset(c, 0, (size_t)(m * n) * sizeof(float));
    if (!m || !n) return;
    Kernel kern = kernel_generic;
#ifdef HAVE_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) kern = kernel_avx2;
#endif
    Job jobs[2] = {{0, m, n, k, a, b, c, kern}, {0, 0, n, k, a, b, c, kern}};
    pthread_t t;
    /* two threads when the product is worth it: rows split at a multiple of MR */
    if (m * n * k >= (int64_t)1 << 21 && m >= 2 * MR) {
        int64_t half = (m / 2 + MR - 1) / MR * MR;
        jobs[0].m1 = half;
        jobs[1].m0 = half;
        jobs[1].m1 = m;
        if (pthread_create(&t, NULL, gemm_rows, &jobs[1]) == 0) {
            void *r0 = gemm_rows(&jobs[0]), *r1;
            pthread_join(t, &r1);
            if (!r0 && !r1) return;
            memset(c, 0, (size_t)(m * n) * sizeof(float));
        }
        jobs[0].m1 = m;
    }
    if (gemm_rows(&jobs[0])) {
        /* no memory for the panels: the plain loop */
        memset(c, 0, (size_t)(m * n) * sizeof(float));
        for (int64_t i = 0; i < m; i++)
            for (int64_t p = 0; p < k; p++) {
                float av = a[i * k + p];
                for (int64_t j = 0; j < n; j++) c[i * n + j] += av * b[p * n + j];
            }
    }
}

/* float64: row times B rows, the inner loop vectorized by the compiler */
void np_gemm_f64(int64_t m, int64_t n, int64_t k, const double *a, const double *b, double *c)
{
    memset(c, 0, (size_t)(m * n) * sizeof(double));
    enum { KB = 128 };
    for (int64_t p0 = 0; p0 < k; p0 += KB) {
        int64_t p1 = k - p0 < KB ? k : p0 + KB;
        for (int64_t i = 0; i < m; i++) {
            double *ci = c + i * n;
            for (int64_t p = p0; p < p1; p++) {
                double av = a[i * k + p];
                const double *bp = b + p * n;
                for (int64_t j = 0; j < n; j++) ci[j] += av * bp[j];
            }
        }
    }
}

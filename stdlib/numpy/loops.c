/* numpy's typed inner loops, one per ufunc and element type, generated from
 * each operation's expression; the contiguous and scalar-operand cases are
 * plain loops the compiler vectorizes (this file is built with -O3 -fwrapv:
 * integer arithmetic wraps as numpy's does). Also numpy's pairwise sum. */
#include <math.h>
#include <pthread.h>
#include <tgmath.h>

#include "ufunc.h"

/* one expression serves signed and unsigned types: `x < 0` is false for the latter */
#pragma GCC diagnostic ignored "-Wtype-limits"
#pragma GCC diagnostic ignored "-Wsign-compare"

/* X(op, ENUM, C type, unsigned twin) */
#define T_BOOL(X, op) X(op, BOOL, bool_t, uint8_t)
#define T_SINTS(X, op) \
    X(op, INT8, int8_t, uint8_t) X(op, INT16, int16_t, uint16_t) X(op, INT32, int32_t, uint32_t) X(op, INT64, int64_t, uint64_t)
#define T_UINTS(X, op) \
    X(op, UINT8, uint8_t, uint8_t) X(op, UINT16, uint16_t, uint16_t) X(op, UINT32, uint32_t, uint32_t) X(op, UINT64, uint64_t, uint64_t)
#define T_INTS(X, op) T_SINTS(X, op) T_UINTS(X, op)
#define T_FLOATS(X, op) X(op, FLOAT32, float, float) X(op, FLOAT64, double, double)
#define T_NUMS(X, op) T_INTS(X, op) T_FLOATS(X, op)
#define T_ALL(X, op) T_BOOL(X, op) T_NUMS(X, op)

#define ISSIGNED(C) ((C)-1 < (C)0)

/* A binary loop: out = EXPR(x, y); the contiguous and one-scalar cases first. */
#define BINLOOP(fname, C, CO, EXPR)                                                       \
    static void fname(char **args, const int64_t *steps, int64_t n)                       \
    {                                                                                     \
        char *pa = args[0], *pb = args[1], *po = args[2];                                 \
        int64_t sa = steps[0], sb = steps[1], so = steps[2];                              \
        if (so == sizeof(CO) && sa == sizeof(C) && sb == sizeof(C)) {                     \
            const C *A = (const C *)pa, *B = (const C *)pb;                               \
            CO *O = (CO *)po;                                                             \
            for (int64_t k = 0; k < n; k++) {                                             \
                C x = A[k], y = B[k];                                                     \
                O[k] = (CO)(EXPR);                                                        \
            }                                                                             \
        } else if (so == sizeof(CO) && sa == sizeof(C) && sb == 0) {                      \
            const C *A = (const C *)pa;                                                   \
            const C y = *(const C *)pb;                                                   \
            CO *O = (CO *)po;                                                             \
            for (int64_t k = 0; k < n; k++) {                                             \
                C x = A[k];                                                               \
                O[k] = (CO)(EXPR);                                                        \
            }                                                                             \
        } else if (so == sizeof(CO) && sa == 0 && sb == sizeof(C)) {                      \
            const C *B = (const C *)pb;                                                   \
            const C x = *(const C *)pa;                                                   \
            CO *O = (CO *)po;                                                             \
            for (int64_t k = 0; k < n; k++) {                                             \
                C y = B[k];                                                               \
                O[k] = (CO)(EXPR);                                                        \
            }                                                                             \
        } else                                                                            \
            for (int64_t k = 0; k < n; k++) {                                             \
                C x = *(const C *)(pa + k * sa), y = *(const C *)(pb + k * sb);           \
                *(CO *)(po + k * so) = (CO)(EXPR);                                        \
            }                                                                             \
    }

#define UNLOOP(fname, C, CO, EXPR)                                                        \
    static void fname(char **args, const int64_t *steps, int64_t n)                       \
    {                                                                                     \
        char *pa = args[0], *po = args[1];                                                \
        int64_t sa = steps[0], so = steps[1];                                             \
        if (sa == sizeof(C) && so == sizeof(CO)) {                                        \
            const C *A = (const C *)pa;                                                   \
            CO *O = (CO *)po;                                                             \
            for (int64_t k = 0; k < n; k++) {                                             \
                C x = A[k];                                                               \
                O[k] = (CO)(EXPR);                                                        \
            }                                                                             \
        } else                                                                            \
            for (int64_t k = 0; k < n; k++) {                                             \
                C x = *(const C *)(pa + k * sa);                                          \
                *(CO *)(po + k * so) = (CO)(EXPR);                                        \
            }                                                                             \
    }

/* acc = EXPR(acc, y) over the elements y */
#define REDLOOP(fname, C, EXPR)                                                           \
    static void fname(char *accp, const char *x, int64_t s, int64_t n)                    \
    {                                                                                     \
        C acc = *(C *)accp;                                                               \
        if (s == sizeof(C)) {                                                             \
            const C *X = (const C *)x;                                                    \
            for (int64_t k = 0; k < n; k++) {                                             \
                C y = X[k];                                                               \
                acc = (C)(EXPR);                                                          \
            }                                                                             \
        } else                                                                            \
            for (int64_t k = 0; k < n; k++) {                                             \
                C y = *(const C *)(x + k * s);                                            \
                acc = (C)(EXPR);                                                          \
            }                                                                             \
        *(C *)accp = acc;                                                                 \
    }

/* the generators over a type list: op##_##ENUM, and the table of them */
#define GEN_BIN(op, E, C, U) BINLOOP(op##_##E, C, C, OP_##op(C, U, x, y))
#define GEN_CMP(op, E, C, U) BINLOOP(op##_##E, C, bool_t, OP_##op(C, U, x, y))
#define GEN_UN(op, E, C, U) UNLOOP(op##_##E, C, C, OP_##op(C, U, x))
#define GEN_PRED(op, E, C, U) UNLOOP(op##_##E, C, bool_t, OP_##op(C, U, x))
#define GEN_RED(op, E, C, U) REDLOOP(op##_red_##E, C, OP_##op(C, U, acc, y))
#define ENTRY(op, E, C, U) [NP_##E] = op##_##E,
#define RENTRY(op, E, C, U) [NP_##E] = op##_red_##E,

/* ---- the operations -------------------------------------------------------- */

#define OP_add(C, U, x, y) ((x) + (y))
#define OP_sub(C, U, x, y) ((x) - (y))
#define OP_mul(C, U, x, y) ((x) * (y))
#define OP_or(C, U, x, y) ((x) | (y))
#define OP_and(C, U, x, y) ((x) & (y))
#define OP_xor(C, U, x, y) ((x) ^ (y))
#define OP_truediv(C, U, x, y) ((x) / (y))
#define OP_max(C, U, x, y) ((x) >= (y) ? (x) : (y))
#define OP_min(C, U, x, y) ((x) <= (y) ? (x) : (y))
#define OP_fmaxf(C, U, x, y) ((x) >= (y) || isnan(y) ? (x) : (y))
#define OP_fminf(C, U, x, y) ((x) <= (y) || isnan(y) ? (x) : (y))
#define OP_maxf(C, U, x, y) ((x) >= (y) || isnan(x) ? (x) : (y))
#define OP_minf(C, U, x, y) ((x) <= (y) || isnan(x) ? (x) : (y))
#define OP_eq(C, U, x, y) ((x) == (y))
#define OP_ne(C, U, x, y) ((x) != (y))
#define OP_lt(C, U, x, y) ((x) < (y))
#define OP_le(C, U, x, y) ((x) <= (y))
#define OP_gt(C, U, x, y) ((x) > (y))
#define OP_ge(C, U, x, y) ((x) >= (y))
#define OP_land(C, U, x, y) ((x) && (y))
#define OP_lor(C, U, x, y) ((x) || (y))
#define OP_lxor(C, U, x, y) (!(x) != !(y))
#define OP_arctan2(C, U, x, y) atan2(x, y)
#define OP_hypot(C, U, x, y) hypot(x, y)
#define OP_copysign(C, U, x, y) copysign(x, y)
#define OP_nextafter(C, U, x, y) nextafter(x, y)
#define OP_logaddexp(C, U, x, y) logaddexp_##C(x, y)
#define OP_fmodf(C, U, x, y) fmod(x, y)
#define OP_powf(C, U, x, y) pow(x, y)
#define OP_floordivf(C, U, x, y) floordiv_##C(x, y)
#define OP_remf(C, U, x, y) remainder_##C(x, y)
/* integer division as numpy: by 0 gives 0, MIN // -1 gives MIN */
#define OP_floordivi(C, U, x, y)                                                        \
    ((y) == 0 ? (C)0                                                                    \
     : ISSIGNED(C) && (y) == (C)-1 ? (C)(0 - (U)(x))                                    \
     : (C)((x) / (y) - (((x) % (y) != 0) && (((x) < 0) != ((y) < 0)))))
#define OP_remi(C, U, x, y)                                                             \
    ((y) == 0 || (ISSIGNED(C) && (y) == (C)-1) ? (C)0                                   \
     : (C)((x) % (y) + ((((x) % (y)) != 0 && (((x) % (y) < 0) != ((y) < 0))) ? (y) : 0)))
#define OP_fmodi(C, U, x, y) ((y) == 0 || (ISSIGNED(C) && (y) == (C)-1) ? (C)0 : (C)((x) % (y)))
#define OP_powi(C, U, x, y) ipow_##C(x, y)
#define OP_lshift(C, U, x, y) ((uint64_t)(y) < sizeof(C) * 8 ? (C)((U)(x) << (y)) : (C)0)
#define OP_rshift(C, U, x, y) ((uint64_t)(y) < sizeof(C) * 8 ? (C)((x) >> (y)) : (C)((x) < 0 ? -1 : 0))

#define OP_neg(C, U, x) (C)(0 - (U)(x))
#define OP_pos(C, U, x) (x)
#define OP_absi(C, U, x) ((x) < 0 ? (C)(0 - (U)(x)) : (x))
#define OP_absf(C, U, x) fabs(x)
#define OP_signi(C, U, x) (C)(((x) > 0) - ((x) < 0))
#define OP_signf(C, U, x) ((x) > 0 ? (C)1 : (x) < 0 ? (C)-1 : (x) == 0 ? (C)0 : (x))
#define OP_square(C, U, x) ((x) * (x))
#define OP_recipf(C, U, x) ((C)1 / (x))
#define OP_recipi(C, U, x) recip_##C(x)
#define OP_inv(C, U, x) (C)(~(x))
#define OP_binv(C, U, x) (!(x))
#define OP_lnot(C, U, x) (!(x))
#define OP_ident(C, U, x) (x)
#define OP_sqrt(C, U, x) sqrt(x)
#define OP_cbrt(C, U, x) cbrt(x)
#define OP_exp(C, U, x) exp(x)
#define OP_exp2(C, U, x) exp2(x)
#define OP_expm1(C, U, x) expm1(x)
#define OP_log(C, U, x) log(x)
#define OP_log2(C, U, x) log2(x)
#define OP_log10(C, U, x) log10(x)
#define OP_log1p(C, U, x) log1p(x)
#define OP_sin(C, U, x) sin(x)
#define OP_cos(C, U, x) cos(x)
#define OP_tan(C, U, x) tan(x)
#define OP_asin(C, U, x) asin(x)
#define OP_acos(C, U, x) acos(x)
#define OP_atan(C, U, x) atan(x)
#define OP_sinh(C, U, x) sinh(x)
#define OP_cosh(C, U, x) cosh(x)
#define OP_tanh(C, U, x) tanh(x)
#define OP_asinh(C, U, x) asinh(x)
#define OP_acosh(C, U, x) acosh(x)
#define OP_atanh(C, U, x) atanh(x)
#define OP_degrees(C, U, x) ((x) * (C)(180.0 / 3.141592653589793238462643383279502884))
#define OP_radians(C, U, x) ((x) * (C)(3.141592653589793238462643383279502884 / 180.0))
#define OP_floor(C, U, x) floor(x)
#define OP_ceil(C, U, x) ceil(x)
#define OP_trunc(C, U, x) trunc(x)
#define OP_rint(C, U, x) rint(x)
#define OP_isnan(C, U, x) isnan((double)(x))
#define OP_isinf(C, U, x) isinf((double)(x))
#define OP_isfinite(C, U, x) isfinite((double)(x))
#define OP_signbit(C, U, x) (signbit((double)(x)) != 0)
#define OP_no(C, U, x) ((void)(x), 0)
#define OP_yes(C, U, x) ((void)(x), 1)
#define OP_ineg(C, U, x) ((x) < 0)

/* numpy's float floor division and remainder (npy_divmod) */
#define DIVMOD_F(C)                                                                       \
    static C divmod_##C(C a, C b, C *modulus)                                             \
    {                                                                                     \
        C mod = fmod(a, b);                                                               \
        if (!b) {                                                                         \
            *modulus = mod;                                                               \
            return a / b;                                                                 \
        }                                                                                 \
        C div = (a - mod) / b;                                                            \
        if (mod) {                                                                        \
            if ((b < 0) != (mod < 0)) {                                                   \
                mod += b;                                                                 \
                div -= (C)1;                                                              \
            }                                                                             \
        } else mod = copysign((C)0, b);                                                   \
        C floordiv;                                                                       \
        if (div) {                                                                        \
            floordiv = floor(div);                                                        \
            if (div - floordiv > (C)0.5) floordiv += (C)1;                                \
        } else floordiv = copysign((C)0, a / b);                                          \
        *modulus = mod;                                                                   \
        return floordiv;                                                                  \
    }                                                                                     \
    static C floordiv_##C(C a, C b)                                                       \
    {                                                                                     \
        C mod;                                                                            \
        if (!b) return a / b;                                                             \
        return divmod_##C(a, b, &mod);                                                    \
    }                                                                                     \
    static C remainder_##C(C a, C b)                                                      \
    {                                                                                     \
        C mod;                                                                            \
        if (!b) return fmod(a, b);                                                        \
        divmod_##C(a, b, &mod);                                                           \
        return mod;                                                                       \
    }                                                                                     \
    static C logaddexp_##C(C x, C y)                                                      \
    {                                                                                     \
        if (x == y) return x + (C)0.693147180559945309417232121458176568;                 \
        C d = x - y;                                                                      \
        if (d > 0) return x + log1p(exp(-d));                                             \
        if (d <= 0) return y + log1p(exp(d));                                             \
        return d;                                                                         \
    }
DIVMOD_F(float)
DIVMOD_F(double)

/* integer power by squaring; a negative exponent is refused before the loop runs */
#define IPOW(op, E, C, U)                                                                 \
    static C ipow_##C(C b, C e)                                                           \
    {                                                                                     \
        U r = 1, x = (U)b;                                                                \
        if (e < 0) return 0;                                                              \
        U k = (U)e;                                                                       \
        while (k) {                                                                       \
            if (k & 1) r *= x;                                                            \
            x *= x;                                                                       \
            k >>= 1;                                                                      \
        }                                                                                 \
        return (C)r;                                                                      \
    }                                                                                     \
    static C recip_##C(C x)                                                               \
    {                                                                                     \
        if (x == 0) return sizeof(C) == 8 ? (C)(U)0x8000000000000000ull                    \
                           : sizeof(C) == 4 ? (C)(U)0x80000000u : (C)0;                    \
        return x == 1 ? (C)1 : ISSIGNED(C) && x == (C)-1 ? (C)-1 : (C)0;                  \
    }
T_INTS(IPOW, _)

/* ---- the loops ------------------------------------------------------------- */

T_NUMS(GEN_BIN, add) BINLOOP(add_BOOL, bool_t, bool_t, x | y)
T_NUMS(GEN_BIN, sub)
T_NUMS(GEN_BIN, mul) BINLOOP(mul_BOOL, bool_t, bool_t, x & y)
T_FLOATS(GEN_BIN, truediv)
T_INTS(GEN_BIN, floordivi) T_FLOATS(GEN_BIN, floordivf)
T_INTS(GEN_BIN, remi) T_FLOATS(GEN_BIN, remf)
T_INTS(GEN_BIN, fmodi) T_FLOATS(GEN_BIN, fmodf)
T_INTS(GEN_BIN, powi) T_FLOATS(GEN_BIN, powf)
T_INTS(GEN_BIN, max) T_FLOATS(GEN_BIN, maxf) BINLOOP(max_BOOL, bool_t, bool_t, x | y)
T_INTS(GEN_BIN, min) T_FLOATS(GEN_BIN, minf) BINLOOP(min_BOOL, bool_t, bool_t, x & y)
T_FLOATS(GEN_BIN, fmaxf) T_FLOATS(GEN_BIN, fminf)
T_FLOATS(GEN_BIN, arctan2) T_FLOATS(GEN_BIN, hypot) T_FLOATS(GEN_BIN, copysign)
T_FLOATS(GEN_BIN, logaddexp) T_FLOATS(GEN_BIN, nextafter)
T_BOOL(GEN_BIN, and) T_INTS(GEN_BIN, and)
T_BOOL(GEN_BIN, or) T_INTS(GEN_BIN, or)
T_BOOL(GEN_BIN, xor) T_INTS(GEN_BIN, xor)
T_INTS(GEN_BIN, lshift) T_INTS(GEN_BIN, rshift)
T_BOOL(GEN_BIN, land) T_BOOL(GEN_BIN, lor) T_BOOL(GEN_BIN, lxor)
T_ALL(GEN_CMP, eq) T_ALL(GEN_CMP, ne) T_ALL(GEN_CMP, lt) T_ALL(GEN_CMP, le) T_ALL(GEN_CMP, gt) T_ALL(GEN_CMP, ge)

T_NUMS(GEN_UN, neg) T_NUMS(GEN_UN, pos)
T_SINTS(GEN_UN, absi) T_FLOATS(GEN_UN, absf)
UNLOOP(abs_BOOL, bool_t, bool_t, x)
T_FLOATS(GEN_UN, signf) T_SINTS(GEN_UN, signi)
UNLOOP(signu_UINT8, uint8_t, uint8_t, x > 0) UNLOOP(signu_UINT16, uint16_t, uint16_t, x > 0)
UNLOOP(signu_UINT32, uint32_t, uint32_t, x > 0) UNLOOP(signu_UINT64, uint64_t, uint64_t, x > 0)
T_NUMS(GEN_UN, square)
T_FLOATS(GEN_UN, recipf) T_INTS(GEN_UN, recipi)
T_INTS(GEN_UN, inv) T_BOOL(GEN_UN, binv) T_BOOL(GEN_UN, lnot)
T_BOOL(GEN_UN, ident) T_INTS(GEN_UN, ident)
T_FLOATS(GEN_UN, sqrt) T_FLOATS(GEN_UN, cbrt) T_FLOATS(GEN_UN, exp) T_FLOATS(GEN_UN, exp2)
T_FLOATS(GEN_UN, expm1) T_FLOATS(GEN_UN, log) T_FLOATS(GEN_UN, log2) T_FLOATS(GEN_UN, log10)
T_FLOATS(GEN_UN, log1p) T_FLOATS(GEN_UN, sin) T_FLOATS(GEN_UN, cos) T_FLOATS(GEN_UN, tan)
T_FLOATS(GEN_UN, asin) T_FLOATS(GEN_UN, acos) T_FLOATS(GEN_UN, atan) T_FLOATS(GEN_UN, sinh)
T_FLOATS(GEN_UN, cosh) T_FLOATS(GEN_UN, tanh) T_FLOATS(GEN_UN, asinh) T_FLOATS(GEN_UN, acosh)
T_FLOATS(GEN_UN, atanh) T_FLOATS(GEN_UN, degrees) T_FLOATS(GEN_UN, radians)
T_FLOATS(GEN_UN, floor) T_FLOATS(GEN_UN, ceil) T_FLOATS(GEN_UN, trunc) T_FLOATS(GEN_UN, rint)
T_FLOATS(GEN_PRED, isnan) T_FLOATS(GEN_PRED, isinf) T_FLOATS(GEN_PRED, isfinite) T_FLOATS(GEN_PRED, signbit)
T_BOOL(GEN_PRED, no) T_INTS(GEN_PRED, no) T_BOOL(GEN_PRED, yes) T_INTS(GEN_PRED, yes)
T_SINTS(GEN_PRED, ineg)

/* two outputs: divmod (quotient, remainder) and modf (fraction, integral part) */
#define GEN_DIVMOD(op, E, C, U)                                                           \
    static void divmod_##E(char **args, const int64_t *steps, int64_t n)                  \
    {                                                                                     \
        for (int64_t k = 0; k < n; k++) {                                                 \
            C x = *(const C *)(args[0] + k * steps[0]), y = *(const C *)(args[1] + k * steps[1]); \
            *(C *)(args[2] + k * steps[2]) = OP_##op(C, U, x, y);                         \
            *(C *)(args[3] + k * steps[3]) = REM_##E(C, U, x, y);                         \
        }                                                                                 \
    }
#define REM_INT8 OP_remi
#define REM_INT16 OP_remi
#define REM_INT32 OP_remi
#define REM_INT64 OP_remi
#define REM_UINT8 OP_remi
#define REM_UINT16 OP_remi
#define REM_UINT32 OP_remi
#define REM_UINT64 OP_remi
#define REM_FLOAT32 OP_remf
#define REM_FLOAT64 OP_remf
T_INTS(GEN_DIVMOD, floordivi) T_FLOATS(GEN_DIVMOD, floordivf)

#define GEN_MODF(op, E, C, U)                                                             \
    static void modf_##E(char **args, const int64_t *steps, int64_t n)                    \
    {                                                                                     \
        for (int64_t k = 0; k < n; k++) {                                                 \
            C ip, x = *(const C *)(args[0] + k * steps[0]);                               \
            *(C *)(args[1] + k * steps[1]) = MODF_##C(x, &ip);                                \
            *(C *)(args[2] + k * steps[2]) = ip;                                          \
        }                                                                                 \
    }
#define MODF_float modff
#define MODF_double modf
T_FLOATS(GEN_MODF, _)

/* ---- reductions ------------------------------------------------------------- */

/* numpy's pairwise summation: blocks of up to 128 summed with 8 accumulators,
 * larger runs split in two (at a multiple of 8) and the halves added. The
 * order of additions is numpy's, so float sums agree bit for bit. */
#define PAIRWISE(name, C, ACC, LOAD)                                                      \
    static ACC name##_rec(const char *a, int64_t n, int64_t s)                            \
    {                                                                                     \
        if (n < 8) {                                                                      \
            ACC res = 0.;                                                                 \
            for (int64_t i = 0; i < n; i++) res += LOAD(a + i * s);                       \
            return res;                                                                   \
        }                                                                                 \
        if (n <= 128) {                                                                   \
            ACC r[8];                                                                     \
            for (int j = 0; j < 8; j++) r[j] = LOAD(a + j * s);                           \
            int64_t i;                                                                    \
            for (i = 8; i < n - (n % 8); i += 8)                                          \
                for (int j = 0; j < 8; j++) r[j] += LOAD(a + (i + j) * s);                \
            ACC res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));  \
            for (; i < n; i++) res += LOAD(a + i * s);                                    \
            return res;                                                                   \
        }                                                                                 \
        int64_t n2 = n / 2;                                                               \
        n2 -= n2 % 8;                                                                     \
        return name##_rec(a, n2, s) + name##_rec(a + n2 * s, n - n2, s);                  \
    }
#define LOAD_F32(p) (*(const float *)(p))
#define LOAD_F64(p) (*(const double *)(p))
#define LOAD_F16(p) np_half_to_float(*(const uint16_t *)(p))
PAIRWISE(pw_f32, float, float, LOAD_F32)
PAIRWISE(pw_f64, double, double, LOAD_F64)
PAIRWISE(pw_f16, uint16_t, float, LOAD_F16)

/* The contiguous case of the blocks, for the compiler to vectorize. */
static float pw_f32_contig(const float *a, int64_t n)
{
    if (n < 8) {
        float res = 0.;
        for (int64_t i = 0; i < n; i++) res += a[i];
        return res;
    }
    if (n <= 128) {
        float r[8];
        for (int j = 0; j < 8; j++) r[j] = a[j];
        int64_t i;
        for (i = 8; i < n - (n % 8); i += 8)
            for (int j = 0; j < 8; j++) r[j] += a[i + j];
        float res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; i++) res += a[i];
        return res;
    }
    int64_t n2 = n / 2;
    n2 -= n2 % 8;
    return pw_f32_contig(a, n2) + pw_f32_contig(a + n2, n - n2);
}

typedef struct {
    const float *a;
    int64_t n;
    float sum;
} PwJob;

static void *pw_job(void *p)
{
    PwJob *j = p;
    j->sum = pw_f32_contig(j->a, j->n);
    return NULL;
}

float np_pairwise_f32(const char *a, int64_t n, int64_t stride)
{
    if (stride != 4) return pw_f32_rec(a, n, stride);
    /* a long run: the two halves of the first split on two threads (the same
     * additions in the same order, so the same sum) */
    if (n >= (1 << 20)) {
        int64_t n2 = n / 2;
        n2 -= n2 % 8;
        PwJob right = {(const float *)a + n2, n - n2, 0};
        pthread_t t;
        if (pthread_create(&t, NULL, pw_job, &right) == 0) {
            float left = pw_f32_contig((const float *)a, n2);
            pthread_join(t, NULL);
            return left + right.sum;
        }
    }
    return pw_f32_contig((const float *)a, n);
}
double np_pairwise_f64(const char *a, int64_t n, int64_t stride) { return pw_f64_rec(a, n, stride); }
float np_pairwise_f16(const char *a, int64_t n, int64_t stride) { return pw_f16_rec(a, n, stride); }

static void add_red_FLOAT32(char *acc, const char *x, int64_t s, int64_t n)
{
    *(float *)acc += np_pairwise_f32(x, n, s);
}
static void add_red_FLOAT64(char *acc, const char *x, int64_t s, int64_t n)
{
    *(double *)acc += np_pairwise_f64(x, n, s);
}

T_INTS(GEN_RED, add) T_INTS(GEN_RED, mul) T_FLOATS(GEN_RED, mul)
T_INTS(GEN_RED, max) T_INTS(GEN_RED, min) T_FLOATS(GEN_RED, maxf) T_FLOATS(GEN_RED, minf)
T_FLOATS(GEN_RED, fmaxf) T_FLOATS(GEN_RED, fminf)
T_INTS(GEN_RED, and) T_INTS(GEN_RED, or) T_INTS(GEN_RED, xor)
T_BOOL(GEN_RED, and) T_BOOL(GEN_RED, or) T_BOOL(GEN_RED, xor) T_BOOL(GEN_RED, land) T_BOOL(GEN_RED, lor)
REDLOOP(add_red_BOOL, bool_t, acc | y)
REDLOOP(mul_red_BOOL, bool_t, acc & y)

/* ---- the tables --------------------------------------------------------------- */

#define TAB(name, ...) static const NpLoop name[NP_NTYPES] = {__VA_ARGS__};
#define RTAB(name, ...) static const NpReduceLoop name[NP_NTYPES] = {__VA_ARGS__};

TAB(L_add, T_ALL(ENTRY, add))
TAB(L_sub, T_NUMS(ENTRY, sub))
TAB(L_mul, T_ALL(ENTRY, mul))
TAB(L_truediv, T_FLOATS(ENTRY, truediv))
TAB(L_floordiv, T_INTS(ENTRY, floordivi) T_FLOATS(ENTRY, floordivf))
TAB(L_rem, T_INTS(ENTRY, remi) T_FLOATS(ENTRY, remf))
TAB(L_fmod, T_INTS(ENTRY, fmodi) T_FLOATS(ENTRY, fmodf))
TAB(L_pow, T_INTS(ENTRY, powi) T_FLOATS(ENTRY, powf))
TAB(L_max, T_BOOL(ENTRY, max) T_INTS(ENTRY, max) T_FLOATS(ENTRY, maxf))
TAB(L_min, T_BOOL(ENTRY, min) T_INTS(ENTRY, min) T_FLOATS(ENTRY, minf))
TAB(L_fmax, T_BOOL(ENTRY, max) T_INTS(ENTRY, max) T_FLOATS(ENTRY, fmaxf))
TAB(L_fmin, T_BOOL(ENTRY, min) T_INTS(ENTRY, min) T_FLOATS(ENTRY, fminf))
TAB(L_arctan2, T_FLOATS(ENTRY, arctan2))
TAB(L_hypot, T_FLOATS(ENTRY, hypot))
TAB(L_copysign, T_FLOATS(ENTRY, copysign))
TAB(L_logaddexp, T_FLOATS(ENTRY, logaddexp))
TAB(L_nextafter, T_FLOATS(ENTRY, nextafter))
TAB(L_and, T_BOOL(ENTRY, and) T_INTS(ENTRY, and))
TAB(L_or, T_BOOL(ENTRY, or) T_INTS(ENTRY, or))
TAB(L_xor, T_BOOL(ENTRY, xor) T_INTS(ENTRY, xor))
TAB(L_lshift, T_INTS(ENTRY, lshift))
TAB(L_rshift, T_INTS(ENTRY, rshift))
TAB(L_land, T_BOOL(ENTRY, land))
TAB(L_lor, T_BOOL(ENTRY, lor))
TAB(L_lxor, T_BOOL(ENTRY, lxor))
TAB(L_eq, T_ALL(ENTRY, eq))
TAB(L_ne, T_ALL(ENTRY, ne))
TAB(L_lt, T_ALL(ENTRY, lt))
TAB(L_le, T_ALL(ENTRY, le))
TAB(L_gt, T_ALL(ENTRY, gt))
TAB(L_ge, T_ALL(ENTRY, ge))
TAB(L_divmod, T_INTS(ENTRY, divmod) T_FLOATS(ENTRY, divmod))
TAB(L_neg, T_NUMS(ENTRY, neg))
TAB(L_pos, T_NUMS(ENTRY, pos))
TAB(L_abs, T_BOOL(ENTRY, abs) T_SINTS(ENTRY, absi) T_UINTS(ENTRY, pos) T_FLOATS(ENTRY, absf))
TAB(L_fabs, T_FLOATS(ENTRY, absf))
TAB(L_sign, T_SINTS(ENTRY, signi) T_UINTS(ENTRY, signu) T_FLOATS(ENTRY, signf))
TAB(L_square, T_NUMS(ENTRY, square))
TAB(L_recip, T_INTS(ENTRY, recipi) T_FLOATS(ENTRY, recipf))
TAB(L_inv, T_BOOL(ENTRY, binv) T_INTS(ENTRY, inv))
TAB(L_lnot, T_BOOL(ENTRY, lnot))
TAB(L_sqrt, T_FLOATS(ENTRY, sqrt))
TAB(L_cbrt, T_FLOATS(ENTRY, cbrt))
TAB(L_exp, T_FLOATS(ENTRY, exp))
TAB(L_exp2, T_FLOATS(ENTRY, exp2))
TAB(L_expm1, T_FLOATS(ENTRY, expm1))
TAB(L_log, T_FLOATS(ENTRY, log))
TAB(L_log2, T_FLOATS(ENTRY, log2))
TAB(L_log10, T_FLOATS(ENTRY, log10))
TAB(L_log1p, T_FLOATS(ENTRY, log1p))
TAB(L_sin, T_FLOATS(ENTRY, sin))
TAB(L_cos, T_FLOATS(ENTRY, cos))
TAB(L_tan, T_FLOATS(ENTRY, tan))
TAB(L_asin, T_FLOATS(ENTRY, asin))
TAB(L_acos, T_FLOATS(ENTRY, acos))
TAB(L_atan, T_FLOATS(ENTRY, atan))
TAB(L_sinh, T_FLOATS(ENTRY, sinh))
TAB(L_cosh, T_FLOATS(ENTRY, cosh))
TAB(L_tanh, T_FLOATS(ENTRY, tanh))
TAB(L_asinh, T_FLOATS(ENTRY, asinh))
TAB(L_acosh, T_FLOATS(ENTRY, acosh))
TAB(L_atanh, T_FLOATS(ENTRY, atanh))
TAB(L_degrees, T_FLOATS(ENTRY, degrees))
TAB(L_radians, T_FLOATS(ENTRY, radians))
TAB(L_floor, T_BOOL(ENTRY, ident) T_INTS(ENTRY, ident) T_FLOATS(ENTRY, floor))
TAB(L_ceil, T_BOOL(ENTRY, ident) T_INTS(ENTRY, ident) T_FLOATS(ENTRY, ceil))
TAB(L_trunc, T_BOOL(ENTRY, ident) T_INTS(ENTRY, ident) T_FLOATS(ENTRY, trunc))
TAB(L_rint, T_FLOATS(ENTRY, rint))
TAB(L_isnan, T_BOOL(ENTRY, no) T_INTS(ENTRY, no) T_FLOATS(ENTRY, isnan))
TAB(L_isinf, T_BOOL(ENTRY, no) T_INTS(ENTRY, no) T_FLOATS(ENTRY, isinf))
TAB(L_isfinite, T_BOOL(ENTRY, yes) T_INTS(ENTRY, yes) T_FLOATS(ENTRY, isfinite))
TAB(L_signbit, T_SINTS(ENTRY, ineg) T_UINTS(ENTRY, no) T_FLOATS(ENTRY, signbit))
TAB(L_modf, T_FLOATS(ENTRY, modf))

RTAB(R_add, T_BOOL(RENTRY, add) T_INTS(RENTRY, add) [NP_FLOAT32] = add_red_FLOAT32, [NP_FLOAT64] = add_red_FLOAT64,)
RTAB(R_mul, T_BOOL(RENTRY, mul) T_INTS(RENTRY, mul) T_FLOATS(RENTRY, mul))
RTAB(R_max, T_BOOL(RENTRY, or) T_INTS(RENTRY, max) T_FLOATS(RENTRY, maxf))
RTAB(R_min, T_BOOL(RENTRY, and) T_INTS(RENTRY, min) T_FLOATS(RENTRY, minf))
RTAB(R_fmax, T_BOOL(RENTRY, or) T_INTS(RENTRY, max) T_FLOATS(RENTRY, fmaxf))
RTAB(R_fmin, T_BOOL(RENTRY, and) T_INTS(RENTRY, min) T_FLOATS(RENTRY, fminf))
RTAB(R_and, T_BOOL(RENTRY, and) T_INTS(RENTRY, and))
RTAB(R_or, T_BOOL(RENTRY, or) T_INTS(RENTRY, or))
RTAB(R_xor, T_BOOL(RENTRY, xor) T_INTS(RENTRY, xor))
RTAB(R_land, T_BOOL(RENTRY, land))
RTAB(R_lor, T_BOOL(RENTRY, lor))

#define NO NP_NO_IDENTITY
#define BO NP_UFK_BOOL_OUT
#define LG (NP_UFK_LOGICAL | NP_UFK_BOOL_OUT)

/* name, nin, nout, flags, identity, loops, reductions */
const NpUfuncInfo np_ufuncs[NP_NUFUNCS] = {
    [NP_UF_ADD] = {"add", 2, 1, 0, 0, L_add, R_add},
    [NP_UF_SUBTRACT] = {"subtract", 2, 1, 0, NO, L_sub, NULL},
    [NP_UF_MULTIPLY] = {"multiply", 2, 1, 0, 1, L_mul, R_mul},
    [NP_UF_TRUE_DIVIDE] = {"divide", 2, 1, NP_UFK_TRUEDIV, NO, L_truediv, NULL},
    [NP_UF_FLOOR_DIVIDE] = {"floor_divide", 2, 1, 0, NO, L_floordiv, NULL},
    [NP_UF_REMAINDER] = {"remainder", 2, 1, 0, NO, L_rem, NULL},
    [NP_UF_FMOD] = {"fmod", 2, 1, 0, NO, L_fmod, NULL},
    [NP_UF_POWER] = {"power", 2, 1, 0, NO, L_pow, NULL},
    [NP_UF_MAXIMUM] = {"maximum", 2, 1, 0, NO, L_max, R_max},
    [NP_UF_MINIMUM] = {"minimum", 2, 1, 0, NO, L_min, R_min},
    [NP_UF_FMAX] = {"fmax", 2, 1, 0, NO, L_fmax, R_fmax},
    [NP_UF_FMIN] = {"fmin", 2, 1, 0, NO, L_fmin, R_fmin},
    [NP_UF_ARCTAN2] = {"arctan2", 2, 1, 0, NO, L_arctan2, NULL},
    [NP_UF_HYPOT] = {"hypot", 2, 1, 0, 0, L_hypot, NULL},
    [NP_UF_COPYSIGN] = {"copysign", 2, 1, 0, NO, L_copysign, NULL},
    [NP_UF_LOGADDEXP] = {"logaddexp", 2, 1, 0, NO, L_logaddexp, NULL},
    [NP_UF_NEXTAFTER] = {"nextafter", 2, 1, 0, NO, L_nextafter, NULL},
    [NP_UF_BITWISE_AND] = {"bitwise_and", 2, 1, 0, -1, L_and, R_and},
    [NP_UF_BITWISE_OR] = {"bitwise_or", 2, 1, 0, 0, L_or, R_or},
    [NP_UF_BITWISE_XOR] = {"bitwise_xor", 2, 1, 0, 0, L_xor, R_xor},
    [NP_UF_LEFT_SHIFT] = {"left_shift", 2, 1, 0, NO, L_lshift, NULL},
    [NP_UF_RIGHT_SHIFT] = {"right_shift", 2, 1, 0, NO, L_rshift, NULL},
    [NP_UF_LOGICAL_AND] = {"logical_and", 2, 1, LG, 1, L_land, R_land},
    [NP_UF_LOGICAL_OR] = {"logical_or", 2, 1, LG, 0, L_lor, R_lor},
    [NP_UF_LOGICAL_XOR] = {"logical_xor", 2, 1, LG, 0, L_lxor, NULL},
    [NP_UF_EQUAL] = {"equal", 2, 1, BO, NO, L_eq, NULL},
    [NP_UF_NOT_EQUAL] = {"not_equal", 2, 1, BO, NO, L_ne, NULL},
    [NP_UF_LESS] = {"less", 2, 1, BO, NO, L_lt, NULL},
    [NP_UF_LESS_EQUAL] = {"less_equal", 2, 1, BO, NO, L_le, NULL},
    [NP_UF_GREATER] = {"greater", 2, 1, BO, NO, L_gt, NULL},
    [NP_UF_GREATER_EQUAL] = {"greater_equal", 2, 1, BO, NO, L_ge, NULL},
    [NP_UF_DIVMOD] = {"divmod", 2, 2, 0, NO, L_divmod, NULL},
    [NP_UF_NEGATIVE] = {"negative", 1, 1, 0, NO, L_neg, NULL},
    [NP_UF_POSITIVE] = {"positive", 1, 1, 0, NO, L_pos, NULL},
    [NP_UF_ABSOLUTE] = {"absolute", 1, 1, 0, NO, L_abs, NULL},
    [NP_UF_FABS] = {"fabs", 1, 1, 0, NO, L_fabs, NULL},
    [NP_UF_SIGN] = {"sign", 1, 1, 0, NO, L_sign, NULL},
    [NP_UF_SQUARE] = {"square", 1, 1, 0, NO, L_square, NULL},
    [NP_UF_RECIPROCAL] = {"reciprocal", 1, 1, 0, NO, L_recip, NULL},
    [NP_UF_INVERT] = {"invert", 1, 1, 0, NO, L_inv, NULL},
    [NP_UF_LOGICAL_NOT] = {"logical_not", 1, 1, LG, NO, L_lnot, NULL},
    [NP_UF_SQRT] = {"sqrt", 1, 1, 0, NO, L_sqrt, NULL},
    [NP_UF_CBRT] = {"cbrt", 1, 1, 0, NO, L_cbrt, NULL},
    [NP_UF_EXP] = {"exp", 1, 1, 0, NO, L_exp, NULL},
    [NP_UF_EXP2] = {"exp2", 1, 1, 0, NO, L_exp2, NULL},
    [NP_UF_EXPM1] = {"expm1", 1, 1, 0, NO, L_expm1, NULL},
    [NP_UF_LOG] = {"log", 1, 1, 0, NO, L_log, NULL},
    [NP_UF_LOG2] = {"log2", 1, 1, 0, NO, L_log2, NULL},
    [NP_UF_LOG10] = {"log10", 1, 1, 0, NO, L_log10, NULL},
    [NP_UF_LOG1P] = {"log1p", 1, 1, 0, NO, L_log1p, NULL},
    [NP_UF_SIN] = {"sin", 1, 1, 0, NO, L_sin, NULL},
    [NP_UF_COS] = {"cos", 1, 1, 0, NO, L_cos, NULL},
    [NP_UF_TAN] = {"tan", 1, 1, 0, NO, L_tan, NULL},
    [NP_UF_ARCSIN] = {"arcsin", 1, 1, 0, NO, L_asin, NULL},
    [NP_UF_ARCCOS] = {"arccos", 1, 1, 0, NO, L_acos, NULL},
    [NP_UF_ARCTAN] = {"arctan", 1, 1, 0, NO, L_atan, NULL},
    [NP_UF_SINH] = {"sinh", 1, 1, 0, NO, L_sinh, NULL},
    [NP_UF_COSH] = {"cosh", 1, 1, 0, NO, L_cosh, NULL},
    [NP_UF_TANH] = {"tanh", 1, 1, 0, NO, L_tanh, NULL},
    [NP_UF_ARCSINH] = {"arcsinh", 1, 1, 0, NO, L_asinh, NULL},
    [NP_UF_ARCCOSH] = {"arccosh", 1, 1, 0, NO, L_acosh, NULL},
    [NP_UF_ARCTANH] = {"arctanh", 1, 1, 0, NO, L_atanh, NULL},
    [NP_UF_DEGREES] = {"degrees", 1, 1, 0, NO, L_degrees, NULL},
    [NP_UF_RADIANS] = {"radians", 1, 1, 0, NO, L_radians, NULL},
    [NP_UF_FLOOR] = {"floor", 1, 1, 0, NO, L_floor, NULL},
    [NP_UF_CEIL] = {"ceil", 1, 1, 0, NO, L_ceil, NULL},
    [NP_UF_TRUNC] = {"trunc", 1, 1, 0, NO, L_trunc, NULL},
    [NP_UF_RINT] = {"rint", 1, 1, 0, NO, L_rint, NULL},
    [NP_UF_ISNAN] = {"isnan", 1, 1, BO, NO, L_isnan, NULL},
    [NP_UF_ISINF] = {"isinf", 1, 1, BO, NO, L_isinf, NULL},
    [NP_UF_ISFINITE] = {"isfinite", 1, 1, BO, NO, L_isfinite, NULL},
    [NP_UF_SIGNBIT] = {"signbit", 1, 1, BO, NO, L_signbit, NULL},
    [NP_UF_MODF] = {"modf", 1, 2, 0, NO, L_modf, NULL},
};

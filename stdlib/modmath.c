/* The `math` module: CPython 3.11's functions and constants with its special
 * cases, argument checks and messages. Float functions go through libm under
 * CPython's errno / NaN / infinity rules; integer functions run on GMP. */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "modules.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)

/* Integer results past this many bits are refused with MemoryError instead of
 * letting GMP abort on an impossible allocation (as objint.c does). */
#define RESULT_BITS_MAX ((double)(INT64_C(1) << 34))

typedef double (*Fn1)(double);
typedef double (*Fn2)(double, double);

/* ---- arguments ---------------------------------------------------------------------------- */

static bool is_exact_int(VM *vm, Value v)
{
    return v_is_int(v) || v_is_bool(v) || (v_is_obj(v) && v_as_obj(v)->type == vm->t_int);
}

/* PyFloat_AsDouble: floats, ints (OverflowError past the float range), and
 * objects with __float__ or __index__. */
static bool arg_double(VM *vm, Value v, double *out)
{
    if (v_is_double(v)) {
        *out = v_as_double(v);
        return true;
    }
    if (v_is_int(v)) {
        *out = (double)v_as_int(v);    /* 48 bits: exact */
        return true;
    }
    if (is_exact_int(vm, v)) return vm_int_to_double(vm, v, out);
    TypeObj *t = vm_type_of(vm, v);
    if (vm_type_lookup(t, vm->s___float__) == V_UNBOUND && vm_type_lookup(t, vm->s___index__) == V_UNBOUND) {
        vm_raise(vm, vm->e_TypeError, "must be real number, not %s", t->name->data);
        return false;
    }
    return vm_to_double(vm, v, out);
}

/* operator.index(v) as an mpz (initialized by the caller). */
static bool arg_mpz(VM *vm, Value v, mpz_t out)
{
    Value i = v_is_int(v) ? v : vm_number_index(vm, v);
    if (i == V_EXC) return false;
    vm_int_to_mpz(i, out);
    return true;
}

/* The two float arguments of a function of x and y. */
static bool two_doubles(VM *vm, const char *name, Value *args, int nargs, TupleObj *kw, double *x, double *y)
{
    return mod_check_range(vm, name, nargs, kw, 2, 2) && arg_double(vm, args[0], x) && arg_double(vm, args[1], y);
}

static Value float_pair(VM *vm, Value a, Value b)
{
    Value items[2] = {a, b};
    return vm_tuple_of(vm, items, 2);
}

/* ---- libm under CPython's error rules ----------------------------------------------------- */

static Value domain_error(VM *vm) { return vm_raise(vm, vm->e_ValueError, "math domain error"); }
static Value range_error(VM *vm) { return vm_raise(vm, vm->e_OverflowError, "math range error"); }

/* errno after a libm call (CPython's is_error). ERANGE with a result below 1.5
 * in magnitude is an underflow (expm1 underflows toward -1), not an error.
 * True when an exception was raised. */
static bool libm_error(VM *vm, double r)
{
    if (errno == EDOM) {
        domain_error(vm);
    } else if (errno == ERANGE) {
        if (fabs(r) < 1.5) return false;
        range_error(vm);
    } else {
        vm_raise(vm, vm->e_ValueError, "[Errno %d] %s", errno, strerror(errno));
    }
    return true;
}

/* CPython's math_1: a NaN from a non-NaN is a domain error; an infinity from a
 * finite argument an overflow for functions that can overflow, else a
 * singularity (domain error). */
static bool math_1(VM *vm, Value arg, Fn1 f, bool can_overflow, double *out)
{
    double x;
    if (!arg_double(vm, arg, &x)) return false;
    errno = 0;
    double r = f(x);
    if (isnan(r) && !isnan(x)) {
        domain_error(vm);
        return false;
    }
    if (isinf(r) && isfinite(x)) {
        if (can_overflow) range_error(vm);
        else domain_error(vm);
        return false;
    }
    if (isfinite(r) && errno && libm_error(vm, r)) return false;
    *out = r;
    return true;
}

static Value call_1(VM *vm, const char *name, Value *args, int nargs, TupleObj *kw, Fn1 f, bool can_overflow)
{
    double r;
    if (!mod_check_one(vm, name, nargs, kw) || !math_1(vm, args[0], f, can_overflow, &r)) return V_EXC;
    return v_double(r);
}

/* CPython's math_1a: for functions that set errno themselves. */
static Value call_1a(VM *vm, const char *name, Value *args, int nargs, TupleObj *kw, Fn1 f)
{
    double x;
    if (!mod_check_one(vm, name, nargs, kw) || !arg_double(vm, args[0], &x)) return V_EXC;
    errno = 0;
    double r = f(x);
    if (errno && libm_error(vm, r)) return V_EXC;
    return v_double(r);
}

/* CPython's math_2: NaN from non-NaNs is a domain error, an infinity from
 * finite arguments an overflow. */
static Value call_2(VM *vm, const char *name, Value *args, int nargs, TupleObj *kw, Fn2 f)
{
    double x, y;
    if (!two_doubles(vm, name, args, nargs, kw, &x, &y)) return V_EXC;
    errno = 0;
    double r = f(x, y);
    if (isnan(r)) errno = !isnan(x) && !isnan(y) ? EDOM : 0;
    else if (isinf(r)) errno = isfinite(x) && isfinite(y) ? ERANGE : 0;
    if (errno && libm_error(vm, r)) return V_EXC;
    return v_double(r);
}

/* ---- gamma and lgamma: CPython's own (Lanczos, N = 13, g = 6.0246...),
 * not libm's, so that results agree bit for bit ------------------------------------------- */

#define LANCZOS_N 13
static const double lanczos_g = 6.024680040776729583740234375;
static const double lanczos_g_minus_half = 5.524680040776729583740234375;
static const double lanczos_num[LANCZOS_N] = {
    23531376880.410759688572007674451636754734846804940,
    42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843,
    17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708,
    1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801,
    31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768,
    186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024,
    210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408,
};
/* the denominator x (x+1) ... (x+11) as a polynomial */
static const double lanczos_den[LANCZOS_N] = {
    0.0, 39916800.0, 120543840.0, 150917976.0, 105258076.0, 45995730.0,
    13339535.0, 2637558.0, 357423.0, 32670.0, 1925.0, 66.0, 1.0,
};
/* gamma(n) = (n-1)! for n in 1..23, exact where a double allows */
static const double gamma_integral[] = {
    1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0, 362880.0,
    3628800.0, 39916800.0, 479001600.0, 6227020800.0, 87178291200.0,
    1307674368000.0, 20922789888000.0, 355687428096000.0,
    6402373705728000.0, 121645100408832000.0, 2432902008176640000.0,
    51090942171709440000.0, 1124000727777607680000.0,
};
#define NGAMMA_INTEGRAL ((int)(sizeof gamma_integral / sizeof gamma_integral[0]))
static const double logpi = 1.144729885849400174143427351353058711647;

/* The Lanczos sum for x > 0; past 5 it is evaluated in 1/x so nothing overflows. */
static double lanczos_sum(double x)
{
    double num = 0.0, den = 0.0;
    if (x < 5.0) {
        for (int i = LANCZOS_N - 1; i >= 0; i--) {
            num = num * x + lanczos_num[i];
            den = den * x + lanczos_den[i];
        }
    } else {
        for (int i = 0; i < LANCZOS_N; i++) {
            num = num / x + lanczos_num[i];
            den = den / x + lanczos_den[i];
        }
    }
    return num / den;
}

/* sin(pi * x) for finite x, exact at the integers (for the reflection formula). */
static double sin_pi(double x)
{
    double y = fmod(fabs(x), 2.0), r;
    switch ((int)round(2.0 * y)) {
    case 0: r = sin(M_PI * y); break;
    case 1: r = cos(M_PI * (y - 0.5)); break;
    case 2: r = sin(M_PI * (1.0 - y)); break;   /* not -sin(pi*(y-1)): that gives -0.0 at y == 1 */
    case 3: r = -cos(M_PI * (y - 1.5)); break;
    default: r = sin(M_PI * (y - 2.0)); break;
    }
    return copysign(1.0, x) * r;
}

static double m_tgamma(double x)
{
    if (!isfinite(x)) {
        if (isnan(x) || x > 0.0) return x;
        errno = EDOM;
        return NAN;
    }
    if (x == 0.0) {
        errno = EDOM;
        return copysign(HUGE_VAL, x);
    }
    if (x == floor(x)) {
        if (x < 0.0) {
            errno = EDOM;
            return NAN;
        }
        if (x <= NGAMMA_INTEGRAL) return gamma_integral[(int)x - 1];
    }
    double absx = fabs(x);
    if (absx < 1e-20) {
        double r = 1.0 / x;
        if (isinf(r)) errno = ERANGE;
        return r;
    }
    if (absx > 200.0) {
        if (x < 0.0) return 0.0 / sin_pi(x);
        errno = ERANGE;
        return HUGE_VAL;
    }
    /* z: the rounding error of y = absx + g - 1/2, folded into a first-order
     * correction of pow(y, absx - 1/2) / exp(y) */
    double y = absx + lanczos_g_minus_half, z;
    if (absx > lanczos_g_minus_half) {
        double q = y - absx;
        z = q - lanczos_g_minus_half;
    } else {
        double q = y - lanczos_g_minus_half;
        z = q - absx;
    }
    z = z * lanczos_g / y;
    double r;
    if (x < 0.0) {
        r = -M_PI / sin_pi(absx) / absx * exp(y) / lanczos_sum(absx);
        r -= z * r;
        if (absx < 140.0) {
            r /= pow(y, absx - 0.5);
        } else {
            double sqrtpow = pow(y, absx / 2.0 - 0.25);
            r /= sqrtpow;
            r /= sqrtpow;
        }
    } else {
        r = lanczos_sum(absx) / exp(y);
        r += z * r;
        if (absx < 140.0) {
            r *= pow(y, absx - 0.5);
        } else {
            double sqrtpow = pow(y, absx / 2.0 - 0.25);
            r *= sqrtpow;
            r *= sqrtpow;
        }
    }
    if (isinf(r)) errno = ERANGE;
    return r;
}

static double m_lgamma(double x)
{
    if (!isfinite(x)) return isnan(x) ? x : HUGE_VAL;
    if (x == floor(x) && x <= 2.0) {
        if (x <= 0.0) {
            errno = EDOM;
            return HUGE_VAL;
        }
        return 0.0;
    }
    double absx = fabs(x);
    if (absx < 1e-20) return -log(absx);
    double r = log(lanczos_sum(absx)) - lanczos_g;
    r += (absx - 0.5) * (log(absx + lanczos_g - 0.5) - 1);
    if (x < 0.0) r = logpi - log(fabs(sin_pi(absx))) - log(absx) - r;
    if (isinf(r)) errno = ERANGE;
    return r;
}

/* ---- the generated one- and two-argument functions ---------------------------------------- */

/* X(name, wrapper, its arguments): the functions that are one libm call
 * under one of CPython's wrappers */
#define MATH_WRAPPED(X)                                                                                  \
    /* math_1: X(name, call_1, libm function, can overflow) */                                           \
    X(acos, call_1, acos, false) X(acosh, call_1, acosh, false) X(asin, call_1, asin, false)            \
    X(asinh, call_1, asinh, false) X(atan, call_1, atan, false) X(atanh, call_1, atanh, false)          \
    X(cbrt, call_1, cbrt, false) X(cos, call_1, cos, false) X(cosh, call_1, cosh, true)                 \
    X(exp, call_1, exp, true) X(exp2, call_1, exp2, true) X(expm1, call_1, expm1, true)                 \
    X(fabs, call_1, fabs, false) X(log1p, call_1, log1p, false) X(sin, call_1, sin, false)              \
    X(sinh, call_1, sinh, true) X(sqrt, call_1, sqrt, false) X(tan, call_1, tan, false)                 \
    X(tanh, call_1, tanh, false)                                                                         \
    /* math_1a: functions that set errno themselves */                                                   \
    X(erf, call_1a, erf) X(erfc, call_1a, erfc) X(gamma, call_1a, m_tgamma) X(lgamma, call_1a, m_lgamma) \
    /* math_2; libm's atan2 and remainder follow C99 Annex F, which is what                           \
     * CPython's own wrappers of them reproduce */                                                      \
    X(atan2, call_2, atan2) X(copysign, call_2, copysign) X(remainder, call_2, remainder)

#define X(name, call, ...)                                                    \
    static Value math_##name(VM *vm, Value *args, int nargs, TupleObj *kw)    \
    {                                                                         \
        return call(vm, "math." #name, args, nargs, kw, __VA_ARGS__);         \
    }
MATH_WRAPPED(X)
#undef X

/* ---- rounding to int ---------------------------------------------------------------------- */

/* ceil and floor: a float's own value; anything else by its type's hook
 * (__ceil__ / __floor__) when it has one, else through float(x). The result
 * is an int however large. */
static Value round_to_int(VM *vm, const char *name, Value *args, int nargs, TupleObj *kw, StrObj *hook, Fn1 f)
{
    if (!mod_check_one(vm, name, nargs, kw)) return V_EXC;
    Value x = args[0];
    if (is_exact_int(vm, x)) return v_is_bool(x) ? v_int(x == V_TRUE) : x;   /* its own ceiling and floor */
    if (!v_is_double(x)) {
        Value m = vm_type_lookup(vm_type_of(vm, x), hook);
        if (m != V_UNBOUND) return vm_call(vm, m, args, 1, NULL);
    }
    double d;
    if (!arg_double(vm, x, &d)) return V_EXC;
    return vm_int_from_double(vm, f(d));
}

static Value math_ceil(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return round_to_int(vm, "math.ceil", args, nargs, kw, vm->s___ceil__, ceil);
}

static Value math_floor(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return round_to_int(vm, "math.floor", args, nargs, kw, vm->s___floor__, floor);
}

/* trunc has no float fallback: only __trunc__. */
static Value math_trunc(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "math.trunc", nargs, kw)) return V_EXC;
    Value x = args[0];
    if (v_is_double(x)) return vm_int_from_double(vm, v_as_double(x));
    if (is_exact_int(vm, x)) return v_is_bool(x) ? v_int(x == V_TRUE) : x;
    Value m = vm_type_lookup(vm_type_of(vm, x), vm->s___trunc__);
    if (m == V_UNBOUND) return vm_raise(vm, vm->e_TypeError, "type %s doesn't define __trunc__ method", TNAME(x));
    return vm_call(vm, m, args, 1, NULL);
}

/* ---- float functions with their own rules ------------------------------------------------- */

static Value math_fmod(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    double x, y;
    if (!two_doubles(vm, "math.fmod", args, nargs, kw, &x, &y)) return V_EXC;
    if (isinf(y) && isfinite(x)) return v_double(x);
    errno = 0;
    double r = fmod(x, y);
    if (isnan(r)) errno = !isnan(x) && !isnan(y) ? EDOM : 0;
    if (errno && libm_error(vm, r)) return V_EXC;
    return v_double(r);
}

/* math.pow deals with the IEEE specials itself; of the infinite results from
 * finite arguments, 0 ** negative is a domain error and the rest overflow. */
static Value math_pow(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    double x, y, r;
    if (!two_doubles(vm, "math.pow", args, nargs, kw, &x, &y)) return V_EXC;
    if (!isfinite(x) || !isfinite(y)) {
        if (isnan(x)) {
            r = y == 0.0 ? 1.0 : x;
        } else if (isnan(y)) {
            r = x == 1.0 ? 1.0 : y;
        } else if (isinf(x)) {
            bool odd_y = isfinite(y) && fmod(fabs(y), 2.0) == 1.0;
            if (y > 0.0) r = odd_y ? x : fabs(x);
            else if (y == 0.0) r = 1.0;
            else r = odd_y ? copysign(0.0, x) : 0.0;
        } else if (fabs(x) == 1.0) {
            r = 1.0;
        } else if ((y > 0.0 && fabs(x) > 1.0) || (y < 0.0 && fabs(x) < 1.0)) {
            r = HUGE_VAL;
        } else {
            r = 0.0;
        }
        return v_double(r);
    }
    r = pow(x, y);
    if (isnan(r)) return domain_error(vm);
    if (isinf(r)) return x == 0.0 ? domain_error(vm) : range_error(vm);
    return v_double(r);
}

static Value math_frexp(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    double x;
    if (!mod_check_one(vm, "math.frexp", nargs, kw) || !arg_double(vm, args[0], &x)) return V_EXC;
    int e = 0;
    if (isfinite(x) && x != 0.0) x = frexp(x, &e);
    return float_pair(vm, v_double(x), v_int(e));
}

static Value math_ldexp(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    double x;
    if (!mod_check_range(vm, "math.ldexp", nargs, kw, 2, 2) || !arg_double(vm, args[0], &x)) return V_EXC;
    if (!vm_is_int(vm, args[1]))
        return vm_raise(vm, vm->e_TypeError, "Expected an int as second argument to ldexp.");
    /* an exponent past the C long range acts as LONG_MIN / LONG_MAX */
    long exp;
    if (v_is_int(args[1])) {
        exp = (long)v_as_int(args[1]);
    } else {
        mpz_t z;
        mpz_init(z);
        vm_int_to_mpz(args[1], z);
        exp = mpz_fits_slong_p(z) ? mpz_get_si(z) : mpz_sgn(z) < 0 ? LONG_MIN : LONG_MAX;
        mpz_clear(z);
    }
    double r;
    if (x == 0.0 || !isfinite(x)) r = x;
    else if (exp > INT_MAX) return range_error(vm);
    else if (exp < INT_MIN) r = copysign(0.0, x);
    else r = ldexp(x, (int)exp);
    if (isinf(r) && isfinite(x)) return range_error(vm);
    return v_double(r);
}

static Value math_modf(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    double x;
    if (!mod_check_one(vm, "math.modf", nargs, kw) || !arg_double(vm, args[0], &x)) return V_EXC;
    if (isinf(x)) return float_pair(vm, v_double(copysign(0.0, x)), v_double(x));
    if (isnan(x)) return float_pair(vm, v_double(x), v_double(x));
    double ip;
    double frac = modf(x, &ip);
    return float_pair(vm, v_double(frac), v_double(ip));
}

/* X(name, predicate on the double) */
#define MATH_PREDICATES(X) X(isfinite) X(isinf) X(isnan)
#define X(name)                                                                        \
    static Value math_##name(VM *vm, Value *args, int nargs, TupleObj *kw)             \
    {                                                                                  \
        double x;                                                                      \
        if (!mod_check_one(vm, "math." #name, nargs, kw) || !arg_double(vm, args[0], &x)) return V_EXC; \
        return v_bool(name(x));                                                        \
    }
MATH_PREDICATES(X)
#undef X

static Value math_degrees(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    double x;
    if (!mod_check_one(vm, "math.degrees", nargs, kw) || !arg_double(vm, args[0], &x)) return V_EXC;
    return v_double(x * (180.0 / M_PI));
}

static Value math_radians(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    double x;
    if (!mod_check_one(vm, "math.radians", nargs, kw) || !arg_double(vm, args[0], &x)) return V_EXC;
    return v_double(x * (M_PI / 180.0));
}

static Value math_nextafter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    double x, y;
    if (!two_doubles(vm, "math.nextafter", args, nargs, kw, &x, &y)) return V_EXC;
    return v_double(nextafter(x, y));
}

static Value math_ulp(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    double x;
    if (!mod_check_one(vm, "math.ulp", nargs, kw) || !arg_double(vm, args[0], &x)) return V_EXC;
    if (isnan(x)) return v_double(x);
    x = fabs(x);
    if (isinf(x)) return v_double(x);
    double up = nextafter(x, INFINITY);
    /* DBL_MAX has no successor: measure the gap below it */
    return v_double(isinf(up) ? x - nextafter(x, -INFINITY) : up - x);
}

/* isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0): the "weak" test of Boost. */
static Value math_isclose(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "b", "rel_tol", "abs_tol"};
    Value p[4];
    double a, b, rel_tol = 1e-09, abs_tol = 0.0;
    if (!vm_parse_args(vm, "isclose", args, nargs, kw, names, 4, 2, 2, p)) return V_EXC;
    if (!arg_double(vm, p[0], &a) || !arg_double(vm, p[1], &b)) return V_EXC;
    if (p[2] != V_UNBOUND && !arg_double(vm, p[2], &rel_tol)) return V_EXC;
    if (p[3] != V_UNBOUND && !arg_double(vm, p[3], &abs_tol)) return V_EXC;
    if (rel_tol < 0.0 || abs_tol < 0.0) return vm_raise(vm, vm->e_ValueError, "tolerances must be non-negative");
    if (a == b) return V_TRUE;
    /* infinities are close only to themselves (caught just above) */
    if (isinf(a) || isinf(b)) return V_FALSE;
    double diff = fabs(b - a);
    return v_bool(diff <= fabs(rel_tol * b) || diff <= fabs(rel_tol * a) || diff <= abs_tol);
}

/* ---- logarithms --------------------------------------------------------------------------- */

/* log, log2 and log10 of special values, as CPython's m_log* wrappers:
 * log(0) = -inf and log(negative) = nan, both with EDOM. */
static double log_special(double x, Fn1 f)
{
    if (isfinite(x)) {
        if (x > 0.0) return f(x);
        errno = EDOM;
        return x == 0.0 ? -HUGE_VAL : NAN;
    }
    if (isnan(x) || x > 0.0) return x;
    errno = EDOM;
    return NAN;
}
static double m_log(double x) { return log_special(x, log); }
static double m_log2(double x) { return log_special(x, log2); }
static double m_log10(double x) { return log_special(x, log10); }

/* z > 0 as m * 2**e with 0.5 <= m < 1, m rounded half-even to 53 bits
 * (_PyLong_Frexp), for any size of z. */
static double mpz_frexp(const mpz_t z, int64_t *e)
{
    size_t bits = mpz_sizeinbase(z, 2);
    if (bits <= DBL_MANT_DIG) {
        int ie;
        double m = frexp(mpz_get_d(z), &ie);
        *e = ie;
        return m;
    }
    /* the top 54 bits, and whether anything below them is set */
    mpz_t top;
    mpz_init(top);
    mpz_tdiv_q_2exp(top, z, bits - (DBL_MANT_DIG + 1));
    bool sticky = mpz_scan1(z, 0) < bits - (DBL_MANT_DIG + 1);
    uint64_t t = mpz_get_ui(top);
    mpz_clear(top);
    uint64_t q = t >> 1;
    if ((t & 1) && (sticky || (q & 1))) q++;
    double m = ldexp((double)q, -DBL_MANT_DIG);
    *e = (int64_t)bits;
    if (m == 1.0) {
        m = 0.5;
        ++*e;
    }
    return m;
}

/* CPython's loghelper: an int is taken exactly, however large: log(m * 2**e)
 * = log(m) + log(2) * e once it is past the float range. Other values go
 * through math_1 (no overflow possible). */
static bool log_helper(VM *vm, Value x, Fn1 f, double *out)
{
    if (!vm_is_int(vm, x)) return math_1(vm, x, f, false, out);
    mpz_t z;
    mpz_init(z);
    vm_int_to_mpz(x, z);
    if (mpz_sgn(z) <= 0) {
        mpz_clear(z);
        domain_error(vm);
        return false;
    }
    int64_t e;
    double m = mpz_frexp(z, &e);
    mpz_clear(z);
    *out = e <= DBL_MAX_EXP ? f(ldexp(m, (int)e)) : f(m) + f(2.0) * (double)e;
    return true;
}

static Value math_log(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (kw && kw->len) return vm_raise(vm, vm->e_TypeError, "log() takes no keyword arguments");
    if (nargs < 1 || nargs > 2) return vm_raise(vm, vm->e_TypeError, "math.log requires 1 to 2 arguments");
    double num, den;
    if (!log_helper(vm, args[0], m_log, &num)) return V_EXC;
    if (nargs == 1) return v_double(num);
    if (!log_helper(vm, args[1], m_log, &den)) return V_EXC;
    if (den == 0.0) return vm_raise(vm, vm->e_ZeroDivisionError, "float division by zero");
    return v_double(num / den);
}

static Value math_log2(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    double r;
    if (!mod_check_one(vm, "math.log2", nargs, kw) || !log_helper(vm, args[0], m_log2, &r)) return V_EXC;
    return v_double(r);
}

static Value math_log10(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    double r;
    if (!mod_check_one(vm, "math.log10", nargs, kw) || !log_helper(vm, args[0], m_log10, &r)) return V_EXC;
    return v_double(r);
}

/* ---- hypot and dist ----------------------------------------------------------------------- */

/* sqrt(sum(x*x for x in vec)) for n finite, non-negative values whose
 * maximum is max, correctly rounded in all but rare cases: CPython 3.11's
 * vector_norm. The values are scaled by a power of two so the largest lies in
 * [0.5, 1); each square is split exactly (Veltkamp-Dekker) into three parts
 * added with compensation into an accumulator that starts at 1.0 (so it is
 * always the larger addend); one Newton step corrects the square root. */
static double vector_norm(size_t n, const double *vec, double max, bool found_nan)
{
    const double T27 = 134217729.0;   /* 2**27 + 1: the splitting constant */
    if (isinf(max)) return max;
    if (found_nan) return NAN;
    if (max == 0.0 || n <= 1) return max;
    int max_e;
    frexp(max, &max_e);
    double csum = 1.0, frac1 = 0.0, frac2 = 0.0, frac3 = 0.0, oldcsum, x, t, hi, lo;
    if (max_e < -1023) {
        /* 2**-max_e would overflow: divide by max instead */
        for (size_t i = 0; i < n; i++) {
            x = vec[i] / max;
            x = x * x;
            oldcsum = csum;
            csum += x;
            frac1 += (oldcsum - csum) + x;
        }
        return max * sqrt(csum - 1.0 + frac1);
    }
    double scale = ldexp(1.0, -max_e);
    for (size_t i = 0; i < n; i++) {
        x = vec[i] * scale;
        t = x * T27;
        hi = t - (t - x);
        lo = x - hi;
        x = hi * hi;
        oldcsum = csum;
        csum += x;
        frac1 += (oldcsum - csum) + x;
        x = 2.0 * hi * lo;
        oldcsum = csum;
        csum += x;
        frac2 += (oldcsum - csum) + x;
        frac3 += lo * lo;
    }
    double h = sqrt(csum - 1.0 + (frac1 + frac2 + frac3));
    /* subtract h*h exactly, leaving the residual for the correction */
    t = h * T27;
    hi = t - (t - h);
    lo = h - hi;
    x = -hi * hi;
    oldcsum = csum;
    csum += x;
    frac1 += (oldcsum - csum) + x;
    x = -2.0 * hi * lo;
    oldcsum = csum;
    csum += x;
    frac2 += (oldcsum - csum) + x;
    x = -lo * lo;
    oldcsum = csum;
    csum += x;
    frac3 += (oldcsum - csum) + x;
    x = csum - 1.0 + (frac1 + frac2 + frac3);
    return (h + x / (2.0 * h)) / scale;
}

enum { NORM_STACK = 16 };

static Value math_hypot(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_no_keywords(vm, "math.hypot", kw)) return V_EXC;
    double stack[NORM_STACK] = { 0 }, *coord = stack, max = 0.0;
    bool found_nan = false;
    if (nargs > NORM_STACK && !(coord = malloc((size_t)nargs * sizeof *coord)))
        return vm_raise(vm, vm->e_MemoryError, "hypot");
    for (int i = 0; i < nargs; i++) {
        double x;
        if (!arg_double(vm, args[i], &x)) {
            if (coord != stack) free(coord);
            return V_EXC;
        }
        coord[i] = x = fabs(x);
        found_nan |= isnan(x);
        if (x > max) max = x;
    }
    double r = vector_norm((size_t)nargs, coord, max, found_nan);
    if (coord != stack) free(coord);
    return v_double(r);
}

/* The items of a tuple as they are, or of any other iterable through a new
 * list (kept alive in *holder, which the caller roots). */
static bool point_items(VM *vm, Value seq, Value *holder, Value **items, uint32_t *n)
{
    if (!v_has_layout(seq, LAYOUT_TUPLE)) {
        seq = vm_list_from(vm, seq);
        if (seq == V_EXC) return false;
        *holder = seq;
        *items = AS_LIST(seq)->items;
        *n = AS_LIST(seq)->len;
        return true;
    }
    *holder = seq;
    *items = AS_TUPLE(seq)->items;
    *n = AS_TUPLE(seq)->len;
    return true;
}

static Value math_dist(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "math.dist", nargs, kw, 2, 2)) return V_EXC;
    Value hp, hq, *p, *q;
    uint32_t m, n;
    if (!point_items(vm, args[0], &hp, &p, &m)) return V_EXC;
    vm_push_root(vm, hp);
    if (!point_items(vm, args[1], &hq, &q, &n)) {
        vm_pop_roots(vm, 1);
        return V_EXC;
    }
    vm_push_root(vm, hq);
    Value result = V_EXC;
    double stack[NORM_STACK] = { 0 }, *diffs = stack, max = 0.0;
    bool found_nan = false;
    if (m != n) {
        vm_raise(vm, vm->e_ValueError, "both points must have the same number of dimensions");
        goto done;
    }
    if (n > NORM_STACK && !(diffs = malloc((size_t)n * sizeof *diffs))) {
        vm_raise(vm, vm->e_MemoryError, "dist");
        goto done;
    }
    for (uint32_t i = 0; i < n; i++) {
        double px, qx;
        if (!arg_double(vm, p[i], &px) || !arg_double(vm, q[i], &qx)) goto done;
        double x = fabs(px - qx);
        diffs[i] = x;
        found_nan |= isnan(x);
        if (x > max) max = x;
    }
    result = v_double(vector_norm(n, diffs, max, found_nan));
done:
    if (diffs != stack) free(diffs);
    vm_pop_roots(vm, 2);
    return result;
}

/* ---- fsum: Shewchuk's exact partial sums, as CPython's msum ------------------------------- */

/* The partials are non-overlapping, increasing in magnitude and sum exactly
 * to the items so far; nonfinite items are summed apart (special_sum), and
 * inf_sum, the sum of the infinities, is NaN exactly when both signs came. */
typedef struct {
    double *p, stack[32];
    size_t n, cap;
    double special_sum, inf_sum;
} FsumState;

static int fsum_add(VM *vm, void *ctx, Value item)
{
    FsumState *s = ctx;
    double x;
    if (!arg_double(vm, item, &x)) return -1;
    double xsave = x;
    size_t i = 0;
    for (size_t j = 0; j < s->n; j++) {
        double y = s->p[j];
        if (fabs(x) < fabs(y)) {
            double t = x;
            x = y;
            y = t;
        }
        volatile double hi = x + y;   /* volatile: no algebraic shortcut to lo == 0 */
        volatile double yr = hi - x;
        double lo = y - yr;
        if (lo != 0.0) s->p[i++] = lo;
        x = hi;
    }
    s->n = i;
    if (x == 0.0) return 1;
    if (!isfinite(x)) {
        /* from an inf or nan item, or an intermediate overflow of finite ones */
        if (isfinite(xsave)) {
            vm_raise(vm, vm->e_OverflowError, "intermediate overflow in fsum");
            return -1;
        }
        if (isinf(xsave)) s->inf_sum += xsave;
        s->special_sum += xsave;
        s->n = 0;
        return 1;
    }
    if (s->n == s->cap) {
        double *np = s->p == s->stack ? malloc(2 * s->cap * sizeof *np) : realloc(s->p, 2 * s->cap * sizeof *np);
        if (!np) {
            vm_raise(vm, vm->e_MemoryError, "math.fsum partials");
            return -1;
        }
        if (s->p == s->stack) memcpy(np, s->stack, sizeof s->stack);
        s->p = np;
        s->cap *= 2;
    }
    s->p[s->n++] = x;
    return 1;
}

/* The correctly rounded (half-even) sum of the partials, from the top. */
static double fsum_total(const double *p, size_t n)
{
    if (n == 0) return 0.0;
    volatile double hi = p[--n], yr;
    double lo = 0.0, x, y;
    while (n > 0) {
        x = hi;
        y = p[--n];
        hi = x + y;
        yr = hi - x;
        lo = y - yr;
        if (lo != 0.0) break;
    }
    /* a half-way rounding above is decided by the partials below it: round
     * away from hi when they lean the same way as lo */
    if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
        y = lo * 2.0;
        x = hi + y;
        yr = x - hi;
        if (y == yr) hi = x;
    }
    return hi;
}

static Value math_fsum(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "math.fsum", nargs, kw)) return V_EXC;
    FsumState s = {.n = 0, .cap = 32, .special_sum = 0.0, .inf_sum = 0.0};
    s.p = s.stack;
    int rc = vm_foreach(vm, args[0], fsum_add, &s);
    Value r;
    if (rc < 0) r = V_EXC;
    else if (s.special_sum != 0.0 && isnan(s.inf_sum)) r = vm_raise(vm, vm->e_ValueError, "-inf + inf in fsum");
    else if (s.special_sum != 0.0) r = v_double(s.special_sum);
    else r = v_double(fsum_total(s.p, s.n));
    if (s.p != s.stack) free(s.p);
    return r;
}

/* ---- prod --------------------------------------------------------------------------------- */

typedef struct {
    size_t slot;      /* vm->roots index holding the running product */
} ProdState;

/* acc * x, without the generic protocol for small ints and floats. */
static Value prod_step(VM *vm, Value acc, Value x)
{
    if (v_is_int(acc) && v_is_int(x)) {
        int64_t r;
        if (!__builtin_mul_overflow(v_as_int(acc), v_as_int(x), &r)) return vm_int_from_i64(vm, r);
    } else if (v_is_double(acc) && (v_is_double(x) || v_is_int(x))) {
        return v_double(v_as_double(acc) * (v_is_double(x) ? v_as_double(x) : (double)v_as_int(x)));
    }
    vm_push_root(vm, x);
    Value r = vm_binary(vm, AST_Mult, acc, x);
    vm_pop_roots(vm, 1);
    return r;
}

static int prod_item(VM *vm, void *ctx, Value item)
{
    ProdState *s = ctx;
    Value r = prod_step(vm, vm->roots[s->slot], item);
    if (r == V_EXC) return -1;
    vm->roots[s->slot] = r;
    return 1;
}

/* prod(iterable, /, *, start=1) */
static Value math_prod(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"", "start"};
    Value p[2];
    if (!vm_parse_args(vm, "prod", args, nargs, kw, names, 2, 1, 1, p)) return V_EXC;
    vm_push_root(vm, p[1] == V_UNBOUND ? v_int(1) : p[1]);
    if (vm->nroots > vm->rootcap) {     /* counted, but no room to hold it */
        vm_pop_roots(vm, 1);
        return vm_raise(vm, vm->e_MemoryError, "prod");
    }
    ProdState s = {vm->nroots - 1};
    int rc = vm_foreach(vm, p[0], prod_item, &s);
    Value r = rc < 0 ? V_EXC : vm->roots[s.slot];
    vm_pop_roots(vm, 1);
    return r;
}

/* ---- integer functions -------------------------------------------------------------------- */

static Value mpz_result(VM *vm, mpz_t z)
{
    Value r = vm_int_from_mpz(vm, z);
    mpz_clear(z);
    return r;
}

/* factorial(n): n must be an int (__index__), 0 <= n <= LONG_MAX. */
static bool factorial_arg(VM *vm, Value v, unsigned long *out)
{
    mpz_t z;
    mpz_init(z);
    if (!arg_mpz(vm, v, z)) {
        mpz_clear(z);
        return false;
    }
    bool fits = mpz_fits_slong_p(z);
    int sign = mpz_sgn(z);
    long n = fits ? mpz_get_si(z) : 0;
    mpz_clear(z);
    if (!fits && sign > 0) {
        vm_raise(vm, vm->e_OverflowError, "factorial() argument should not exceed %ld", LONG_MAX);
        return false;
    }
    if (sign < 0) {
        vm_raise(vm, vm->e_ValueError, "factorial() not defined for negative values");
        return false;
    }
    *out = (unsigned long)n;
    return true;
}

/* Refuses a result of about `bits` bits that GMP could not allocate. */
static bool result_fits(VM *vm, double bits)
{
    if (bits <= RESULT_BITS_MAX) return true;
    vm_raise(vm, vm->e_MemoryError, "integer result too large");
    return false;
}

static Value factorial_of(VM *vm, Value v)
{
    unsigned long n;
    if (!factorial_arg(vm, v, &n)) return V_EXC;
    if (!result_fits(vm, lgamma((double)n + 1.0) / M_LN2)) return V_EXC;
    mpz_t r;
    mpz_init(r);
    mpz_fac_ui(r, n);
    return mpz_result(vm, r);
}

static Value math_factorial(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "math.factorial", nargs, kw)) return V_EXC;
    return factorial_of(vm, args[0]);
}

static Value math_isqrt(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "math.isqrt", nargs, kw)) return V_EXC;
    mpz_t z;
    mpz_init(z);
    if (!arg_mpz(vm, args[0], z)) {
        mpz_clear(z);
        return V_EXC;
    }
    if (mpz_sgn(z) < 0) {
        mpz_clear(z);
        return vm_raise(vm, vm->e_ValueError, "isqrt() argument must be nonnegative");
    }
    mpz_sqrt(z, z);
    return mpz_result(vm, z);
}

/* gcd(*integers) and lcm(*integers): every argument goes through __index__,
 * even after the result is settled (gcd 1, lcm 0). */
static Value gcd_lcm(VM *vm, const char *name, Value *args, int nargs, TupleObj *kw,
                     void (*op)(mpz_ptr, mpz_srcptr, mpz_srcptr), long empty)
{
    if (!mod_no_keywords(vm, name, kw)) return V_EXC;
    mpz_t r, x;
    mpz_init_set_si(r, empty);
    mpz_init(x);
    for (int i = 0; i < nargs; i++) {
        if (!arg_mpz(vm, args[i], i == 0 ? r : x)) {
            mpz_clears(r, x, NULL);
            return V_EXC;
        }
        if (i == 0) mpz_abs(r, r);
        else op(r, r, x);
    }
    mpz_clear(x);
    return mpz_result(vm, r);
}

static Value math_gcd(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return gcd_lcm(vm, "math.gcd", args, nargs, kw, mpz_gcd, 0);
}

static Value math_lcm(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return gcd_lcm(vm, "math.lcm", args, nargs, kw, mpz_lcm, 1);
}

/* n and k of comb / perm: ints, both non-negative. */
static bool comb_args(VM *vm, Value vn, Value vk, mpz_t n, mpz_t k)
{
    if (!arg_mpz(vm, vn, n) || !arg_mpz(vm, vk, k)) return false;
    if (mpz_sgn(n) < 0) {
        vm_raise(vm, vm->e_ValueError, "n must be a non-negative integer");
        return false;
    }
    if (mpz_sgn(k) < 0) {
        vm_raise(vm, vm->e_ValueError, "k must be a non-negative integer");
        return false;
    }
    return true;
}

/* comb(n, k) = n! / (k! (n-k)!) and perm(n, k) = n! / (n-k)!, both 0 when
 * k > n. comb works with the smaller of k and n - k. */
static Value comb_perm(VM *vm, Value vn, Value vk, bool comb)
{
    mpz_t n, k;
    mpz_inits(n, k, NULL);
    Value r = V_EXC;
    if (!comb_args(vm, vn, vk, n, k)) goto done;
    if (mpz_cmp(k, n) > 0) {
        r = v_int(0);
        goto done;
    }
    if (comb) {
        mpz_sub(n, n, k);
        if (mpz_cmp(n, k) < 0) mpz_swap(n, k);
        mpz_add(n, n, k);
    }
    if (!mpz_fits_slong_p(k)) {
        vm_raise(vm, vm->e_OverflowError, "%s must not exceed %lld", comb ? "min(n - k, k)" : "k", LLONG_MAX);
        goto done;
    }
    unsigned long ki = mpz_get_ui(k);
    double bits = (double)ki * (double)mpz_sizeinbase(n, 2);
    if (comb && bits > mpz_get_d(n)) bits = mpz_get_d(n);   /* C(n, k) < 2**n */
    if (!result_fits(vm, bits)) goto done;
    /* P(n, k) = C(n, k) * k!: GMP's binomial and factorial beat a running product */
    mpz_bin_ui(k, n, ki);
    if (!comb) {
        mpz_fac_ui(n, ki);
        mpz_mul(k, k, n);
    }
    r = vm_int_from_mpz(vm, k);
done:
    mpz_clears(n, k, NULL);
    return r;
}

static Value math_comb(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "math.comb", nargs, kw, 2, 2)) return V_EXC;
    return comb_perm(vm, args[0], args[1], true);
}

/* perm(n, k=None): perm(n) is n! */
static Value math_perm(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "math.perm", nargs, kw, 1, 2)) return V_EXC;
    if (nargs == 1 || args[1] == V_NONE) return factorial_of(vm, args[0]);
    return comb_perm(vm, args[0], args[1], false);
}

/* ---- the module --------------------------------------------------------------------------- */

static const ModFunction math_functions[] = {
#define X(name, ...) {#name, math_##name},
    MATH_WRAPPED(X)
#undef X
#define X(name) {#name, math_##name},
    MATH_PREDICATES(X)
#undef X
    {"ceil", math_ceil}, {"floor", math_floor}, {"trunc", math_trunc}, {"fmod", math_fmod},
    {"pow", math_pow}, {"frexp", math_frexp}, {"ldexp", math_ldexp}, {"modf", math_modf},
    {"degrees", math_degrees}, {"radians", math_radians}, {"nextafter", math_nextafter},
    {"ulp", math_ulp}, {"isclose", math_isclose}, {"log", math_log}, {"log2", math_log2},
    {"log10", math_log10}, {"hypot", math_hypot}, {"dist", math_dist}, {"fsum", math_fsum},
    {"prod", math_prod}, {"factorial", math_factorial}, {"isqrt", math_isqrt}, {"gcd", math_gcd},
    {"lcm", math_lcm}, {"comb", math_comb}, {"perm", math_perm},
};

static const struct {
    const char *name;
    double value;
} math_constants[] = {
    {"pi", M_PI}, {"e", M_E}, {"tau", 2 * M_PI}, {"inf", INFINITY}, {"nan", NAN},
};

Value mod_math_open(VM *vm)
{
    Value m = vm_new_module(vm, "math");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    DictObj *d = v_as_obj(m)->dict;
    bool ok = mod_add_functions(vm, m, math_functions, sizeof math_functions / sizeof math_functions[0]);
    for (size_t i = 0; ok && i < sizeof math_constants / sizeof math_constants[0]; i++)
        ok = mod_dict_put(vm, d, math_constants[i].name, v_double(math_constants[i].value));
    vm_pop_roots(vm, 1);
    return ok ? m : V_EXC;
}


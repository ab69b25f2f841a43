/* int and bool: small ints are unboxed 48-bit Values, the rest BigIntObj (GMP),
 * always normalized. Python's integer arithmetic, conversions to and from
 * float and text, CPython's hash, and the methods of both types. */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "format.h"
#include "vm.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)

/* Results past this many bits are refused with MemoryError rather than
 * letting GMP abort on an impossible allocation. */
#define MAX_RESULT_BITS (INT64_C(1) << 34)
#define HASH_MODULUS ((UINT64_C(1) << 61) - 1)   /* CPython's _PyHASH_MODULUS */

/* int -> decimal str past sys.get_int_max_str_digits(): CPython's ValueError. */
static Value raise_str_limit(VM *vm)
{
    return vm_raise(vm, vm->e_ValueError,
                    "Exceeds the limit (%" PRId64 " digits) for integer string conversion; "
                    "use sys.set_int_max_str_digits() to increase the limit",
                    vm->int_max_str_digits);
}

/* ---- representation */

static bool is_small(Value v) { return v_is_int(v) || v_is_bool(v); }
static int64_t small_val(Value v) { return v_is_int(v) ? v_as_int(v) : v == V_TRUE; }

bool vm_is_int(VM *vm, Value v)
{
    (void)vm;
    return is_small(v) || v_has_layout(v, LAYOUT_BIGINT);
}

/* The mpz of int v: a big one's own, else `tmp` (initialized) set to it. */
static mpz_srcptr int_mpz(Value v, mpz_ptr tmp)
{
    if (!is_small(v)) return AS_BIGINT(v)->z;
    mpz_set_si(tmp, small_val(v));
    return tmp;
}

void vm_int_to_mpz(Value v, mpz_t out)
{
    if (is_small(v))
        mpz_set_si(out, small_val(v));
    else
        mpz_set(out, AS_BIGINT(v)->z);
}

static int int_sign(Value v)
{
    if (!is_small(v)) return mpz_sgn(AS_BIGINT(v)->z);
    int64_t x = small_val(v);
    return (x > 0) - (x < 0);
}

/* v as an int64 when it fits one. */
static bool int_to_i64(Value v, int64_t *out)
{
    if (is_small(v)) {
        *out = small_val(v);
        return true;
    }
    if (!mpz_fits_slong_p(AS_BIGINT(v)->z)) return false;
    *out = mpz_get_si(AS_BIGINT(v)->z);
    return true;
}

static Value new_big(VM *vm, TypeObj *type, mpz_srcptr z)
{
    BigIntObj *o = vm_alloc(vm, type, sizeof *o);
    if (!o) return V_EXC;
    mpz_init_set(o->z, z);
    return v_obj(o);
}

Value vm_int_from_i64(VM *vm, int64_t i)
{
    if (v_int_fits(i)) return v_int(i);
    BigIntObj *o = vm_alloc(vm, vm->t_int, sizeof *o);
    if (!o) return V_EXC;
    mpz_init_set_si(o->z, i);
    return v_obj(o);
}

Value vm_int_from_mpz(VM *vm, const mpz_t z)
{
    if (mpz_fits_slong_p(z)) return vm_int_from_i64(vm, mpz_get_si(z));
    return new_big(vm, vm->t_int, z);
}

/* int(v) of an int, bool or int subclass instance: an exact int. */
static Value exact_int(VM *vm, Value v)
{
    if (is_small(v)) return v_int(small_val(v));
    if (AS_OBJ(v)->type == vm->t_int) return v;
    return vm_int_from_mpz(vm, AS_BIGINT(v)->z);
}

Value vm_int_from_double(VM *vm, double d)
{
    if (isnan(d)) return vm_raise(vm, vm->e_ValueError, "cannot convert float NaN to integer");
    if (isinf(d)) return vm_raise(vm, vm->e_OverflowError, "cannot convert float infinity to integer");
    d = trunc(d);
    if (fabs(d) <= (double)V_INT_MAX) return v_int((int64_t)d);
    mpz_t z;
    mpz_init_set_d(z, d);
    Value r = vm_int_from_mpz(vm, z);
    mpz_clear(z);
    return r;
}

/* ---- conversions to float */

double vm_mpz_ratio(const mpz_t a, const mpz_t b, bool *overflow)
{
    /* CPython's long_true_divide: scale a so that the quotient carries two or
     * three bits past the double's precision (fewer in the subnormal range),
     * fold the remainder into a sticky bit, round half-even by hand, and let
     * ldexp place the exactly representable result. */
    *overflow = false;
    bool negative = (mpz_sgn(a) < 0) != (mpz_sgn(b) < 0);
    if (mpz_sgn(a) == 0) return negative ? -0.0 : 0.0;
    long abits = (long)mpz_sizeinbase(a, 2), bbits = (long)mpz_sizeinbase(b, 2);
    if (abits <= DBL_MANT_DIG && bbits <= DBL_MANT_DIG) return mpz_get_d(a) / mpz_get_d(b);
    long diff = abits - bbits;
    if (diff > DBL_MAX_EXP) {
        *overflow = true;
        return 0;
    }
    if (diff < DBL_MIN_EXP - DBL_MANT_DIG - 1) return negative ? -0.0 : 0.0;
    long shift = (diff > DBL_MIN_EXP ? diff : DBL_MIN_EXP) - DBL_MANT_DIG - 2;
    mpz_t x, d, r;
    mpz_inits(x, d, r, NULL);
    mpz_abs(x, a);
    mpz_abs(d, b);
    bool inexact = false;
    if (shift > 0) {
        inexact = mpz_scan1(x, 0) < (mp_bitcnt_t)shift;
        mpz_fdiv_q_2exp(x, x, (mp_bitcnt_t)shift);
    } else {
        mpz_mul_2exp(x, x, (mp_bitcnt_t)-shift);
    }
    mpz_tdiv_qr(x, r, x, d);
    if (mpz_sgn(r)) inexact = true;
    long xbits = (long)mpz_sizeinbase(x, 2);
    long extra = (xbits > DBL_MIN_EXP - shift ? xbits : DBL_MIN_EXP - shift) - DBL_MANT_DIG;
    uint64_t low = (uint64_t)mpz_get_ui(x) | inexact;
    uint64_t mask = UINT64_C(1) << (extra - 1);
    if ((low & mask) && (low & (3 * mask - 1))) low += mask;
    low &= ~(2 * mask - 1);
    mpz_clears(x, d, r, NULL);
    double dx = (double)low;
    if (shift + xbits >= DBL_MAX_EXP && (shift + xbits > DBL_MAX_EXP || dx == ldexp(1.0, (int)xbits))) {
        *overflow = true;
        return 0;
    }
    double result = ldexp(dx, (int)shift);
    return negative ? -result : result;
}

bool vm_int_to_double(VM *vm, Value v, double *out)
{
    if (is_small(v)) {
        *out = (double)small_val(v);
        return true;
    }
    mpz_t one;
    mpz_init_set_ui(one, 1);
    bool overflow;
    *out = vm_mpz_ratio(AS_BIGINT(v)->z, one, &overflow);
    mpz_clear(one);
    if (overflow) {
        vm_raise(vm, vm->e_OverflowError, "int too large to convert to float");
        return false;
    }
    return true;
}

/* ---- hash and text */

int64_t vm_int_hash(Value v)
{
    /* |x| mod 2**61-1 with x's sign; small ints are below the modulus */
    int64_t h;
    if (is_small(v)) {
        h = small_val(v);
    } else {
        mpz_srcptr z = AS_BIGINT(v)->z;
        h = (int64_t)mpz_tdiv_ui(z, HASH_MODULUS);
        if (mpz_sgn(z) < 0) h = -h;
    }
    return h == -1 ? -2 : h;
}

static void gmp_free_str(char *s)
{
    void (*free_fn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &free_fn);
    free_fn(s, strlen(s) + 1);
}

/* Whether z has too many decimal digits for str(): sizeinbase may count one
 * more than there are, so the borderline case converts and counts. */
static bool over_str_limit(VM *vm, mpz_srcptr z)
{
    int64_t limit = vm->int_max_str_digits;
    size_t est = mpz_sizeinbase(z, 10);
    if (limit <= 0 || est <= (uint64_t)limit) return false;
    if (est > (uint64_t)limit + 1) return true;
    mpz_t t;
    mpz_init(t);
    mpz_ui_pow_ui(t, 10, (unsigned long)limit);
    bool over = mpz_cmpabs(z, t) >= 0;
    mpz_clear(t);
    return over;
}

Value vm_int_repr(VM *vm, Value v)
{
    if (is_small(v)) {
        char buf[24];
        int n = snprintf(buf, sizeof buf, "%" PRId64, small_val(v));
        return vm_new_str(vm, buf, (size_t)n);
    }
    mpz_srcptr z = AS_BIGINT(v)->z;
    if (over_str_limit(vm, z)) return raise_str_limit(vm);
    char *s = mpz_get_str(NULL, 10, z);
    Value r = vm_new_str(vm, s, strlen(s));
    gmp_free_str(s);
    return r;
}

/* ---- arithmetic: one function per operator, small fast path then GMP */

typedef void (*MpzFn)(mpz_ptr r, mpz_srcptr a, mpz_srcptr b);

static Value big_op(VM *vm, Value a, Value b, MpzFn f)
{
    mpz_t ta, tb, r;
    mpz_inits(ta, tb, r, NULL);
    f(r, int_mpz(a, ta), int_mpz(b, tb));
    Value v = vm_int_from_mpz(vm, r);
    mpz_clears(ta, tb, r, NULL);
    return v;
}

static Value int_add(VM *vm, Value a, Value b)
{
    if (is_small(a) && is_small(b)) return vm_int_from_i64(vm, small_val(a) + small_val(b));
    return big_op(vm, a, b, mpz_add);
}

static Value int_sub(VM *vm, Value a, Value b)
{
    if (is_small(a) && is_small(b)) return vm_int_from_i64(vm, small_val(a) - small_val(b));
    return big_op(vm, a, b, mpz_sub);
}

static Value int_mul(VM *vm, Value a, Value b)
{
    int64_t r;
    if (is_small(a) && is_small(b) && !__builtin_mul_overflow(small_val(a), small_val(b), &r))
        return vm_int_from_i64(vm, r);
    return big_op(vm, a, b, mpz_mul);
}

static Value int_floordiv(VM *vm, Value a, Value b)
{
    if (int_sign(b) == 0) return vm_raise(vm, vm->e_ZeroDivisionError, "integer division or modulo by zero");
    if (is_small(a) && is_small(b)) {
        int64_t x = small_val(a), y = small_val(b), q = x / y;
        if (x % y != 0 && (x < 0) != (y < 0)) q--;
        return vm_int_from_i64(vm, q);
    }
    return big_op(vm, a, b, mpz_fdiv_q);
}

static Value int_mod(VM *vm, Value a, Value b)
{
    if (int_sign(b) == 0) return vm_raise(vm, vm->e_ZeroDivisionError, "integer modulo by zero");
    if (is_small(a) && is_small(b)) {
        int64_t x = small_val(a), y = small_val(b), r = x % y;
        if (r != 0 && (r < 0) != (y < 0)) r += y;
        return v_int(r);
    }
    return big_op(vm, a, b, mpz_fdiv_r);
}

static Value int_truediv(VM *vm, Value a, Value b)
{
    if (int_sign(b) == 0) return vm_raise(vm, vm->e_ZeroDivisionError, "division by zero");
    /* 48-bit ints are exact doubles, so one IEEE division rounds correctly */
    if (is_small(a) && is_small(b)) return v_double((double)small_val(a) / (double)small_val(b));
    mpz_t ta, tb;
    mpz_inits(ta, tb, NULL);
    bool overflow;
    double d = vm_mpz_ratio(int_mpz(a, ta), int_mpz(b, tb), &overflow);
    mpz_clears(ta, tb, NULL);
    if (overflow) return vm_raise(vm, vm->e_OverflowError, "integer division result too large for a float");
    return v_double(d);
}

static Value int_lshift(VM *vm, Value a, Value b)
{
    if (int_sign(b) < 0) return vm_raise(vm, vm->e_ValueError, "negative shift count");
    if (int_sign(a) == 0) return v_int(0);
    int64_t n;
    if (!int_to_i64(b, &n)) return vm_raise(vm, vm->e_OverflowError, "too many digits in integer");
    /* a 48-bit value moved by at most 15 bits still fits an int64 */
    if (is_small(a) && n < 16) return vm_int_from_i64(vm, small_val(a) * (INT64_C(1) << n));
    if (n > MAX_RESULT_BITS) return vm_raise(vm, vm->e_MemoryError, "%s", "");
    mpz_t ta, r;
    mpz_inits(ta, r, NULL);
    mpz_mul_2exp(r, int_mpz(a, ta), (mp_bitcnt_t)n);
    Value v = vm_int_from_mpz(vm, r);
    mpz_clears(ta, r, NULL);
    return v;
}

static Value int_rshift(VM *vm, Value a, Value b)
{
    if (int_sign(b) < 0) return vm_raise(vm, vm->e_ValueError, "negative shift count");
    int64_t n;
    if (!int_to_i64(b, &n) || (is_small(a) && n > 62)) return v_int(int_sign(a) < 0 ? -1 : 0);
    if (is_small(a)) return v_int(small_val(a) >> n);   /* arithmetic shift: floor */
    mpz_t r;
    mpz_init(r);
    mpz_fdiv_q_2exp(r, AS_BIGINT(a)->z, (mp_bitcnt_t)n);
    Value v = vm_int_from_mpz(vm, r);
    mpz_clear(r);
    return v;
}

/* & | ^ of two bools stay bools (bool's own operators in CPython). */
static Value int_and(VM *vm, Value a, Value b)
{
    if (v_is_bool(a) && v_is_bool(b)) return v_bool(a == V_TRUE && b == V_TRUE);
    if (is_small(a) && is_small(b)) return v_int(small_val(a) & small_val(b));
    return big_op(vm, a, b, mpz_and);
}

static Value int_or(VM *vm, Value a, Value b)
{
    if (v_is_bool(a) && v_is_bool(b)) return v_bool(a == V_TRUE || b == V_TRUE);
    if (is_small(a) && is_small(b)) return v_int(small_val(a) | small_val(b));
    return big_op(vm, a, b, mpz_ior);
}

static Value int_xor(VM *vm, Value a, Value b)
{
    if (v_is_bool(a) && v_is_bool(b)) return v_bool(a != b);
    if (is_small(a) && is_small(b)) return v_int(small_val(a) ^ small_val(b));
    return big_op(vm, a, b, mpz_xor);
}

/* pow(a, b, m) with a negative b: the modular inverse raised to -b (3.8+). */
static Value int_powmod(VM *vm, Value a, Value b, Value m)
{
    if (!vm_is_int(vm, b) || !vm_is_int(vm, m)) return V_NOTIMPL;
    if (int_sign(m) == 0) return vm_raise(vm, vm->e_ValueError, "pow() 3rd argument cannot be 0");
    mpz_t ta, tb, tm, base, e, mod, r;
    mpz_inits(ta, tb, tm, base, e, mod, r, NULL);
    mpz_srcptr zm = int_mpz(m, tm);
    mpz_abs(mod, zm);
    mpz_set(base, int_mpz(a, ta));
    mpz_set(e, int_mpz(b, tb));
    Value v;
    if (mpz_sgn(e) < 0 && !mpz_invert(base, base, mod)) {
        v = vm_raise(vm, vm->e_ValueError, "base is not invertible for the given modulus");
    } else {
        mpz_abs(e, e);
        mpz_powm(r, base, e, mod);
        if (mpz_sgn(zm) < 0 && mpz_sgn(r) != 0) mpz_add(r, r, zm);   /* the result takes m's sign */
        v = vm_int_from_mpz(vm, r);
    }
    mpz_clears(ta, tb, tm, base, e, mod, r, NULL);
    return v;
}

static Value int_pow3(VM *vm, Value a, Value b, Value m)
{
    if (m != V_NONE) return int_powmod(vm, a, b, m);
    if (int_sign(b) < 0) {
        /* int ** negative int is float ** float */
        double x, y;
        if (!vm_int_to_double(vm, a, &x) || !vm_int_to_double(vm, b, &y)) return V_EXC;
        return vm_float_binary(vm, AST_Pow, v_double(x), v_double(y));
    }
    if (is_small(a) && is_small(b)) {
        int64_t base = small_val(a), e = small_val(b), r = 1;
        bool overflow = false;
        while (e && !overflow) {
            if (e & 1) overflow = __builtin_mul_overflow(r, base, &r);
            e >>= 1;
            if (e && !overflow) overflow = __builtin_mul_overflow(base, base, &base);
        }
        if (!overflow) return vm_int_from_i64(vm, r);
    }
    mpz_t ta, r;
    mpz_inits(ta, r, NULL);
    mpz_srcptr za = int_mpz(a, ta);
    int64_t e;
    Value v;
    if (mpz_cmpabs_ui(za, 1) <= 0) {
        /* 0, 1 and -1 stay small whatever the exponent */
        bool odd = is_small(b) ? (small_val(b) & 1) : mpz_odd_p(AS_BIGINT(b)->z);
        v = mpz_sgn(za) < 0 && !odd ? v_int(1) : exact_int(vm, a);
        if (int_sign(b) == 0) v = v_int(1);
    } else if (!int_to_i64(b, &e) || (int64_t)mpz_sizeinbase(za, 2) > MAX_RESULT_BITS / (e ? e : 1)) {
        v = vm_raise(vm, vm->e_MemoryError, "%s", "");
    } else {
        mpz_pow_ui(r, za, (unsigned long)e);
        v = vm_int_from_mpz(vm, r);
    }
    mpz_clears(ta, r, NULL);
    return v;
}

static Value int_pow(VM *vm, Value a, Value b) { return int_pow3(vm, a, b, V_NONE); }

typedef Value (*IntBinFn)(VM *vm, Value a, Value b);

static const IntBinFn int_binops[] = {
    [AST_Add] = int_add, [AST_Sub] = int_sub, [AST_Mult] = int_mul, [AST_Div] = int_truediv,
    [AST_Mod] = int_mod, [AST_Pow] = int_pow, [AST_LShift] = int_lshift, [AST_RShift] = int_rshift,
    [AST_BitOr] = int_or, [AST_BitXor] = int_xor, [AST_BitAnd] = int_and, [AST_FloorDiv] = int_floordiv,
};

Value vm_int_binary(VM *vm, int op, Value a, Value b)
{
    if (op < 0 || op >= (int)(sizeof int_binops / sizeof int_binops[0]) || !int_binops[op]) return V_NOTIMPL;
    if (!vm_is_int(vm, a) || !vm_is_int(vm, b)) return V_NOTIMPL;
    return int_binops[op](vm, a, b);
}

int vm_int_cmp(Value a, Value b)
{
    if (is_small(a) && is_small(b)) {
        int64_t x = small_val(a), y = small_val(b);
        return (x > y) - (x < y);
    }
    mpz_t ta, tb;
    mpz_inits(ta, tb, NULL);
    int c = mpz_cmp(int_mpz(a, ta), int_mpz(b, tb));
    mpz_clears(ta, tb, NULL);
    return (c > 0) - (c < 0);
}

static Value int_neg(VM *vm, Value a)
{
    if (is_small(a)) return vm_int_from_i64(vm, -small_val(a));
    mpz_t r;
    mpz_init(r);
    mpz_neg(r, AS_BIGINT(a)->z);
    Value v = vm_int_from_mpz(vm, r);
    mpz_clear(r);
    return v;
}

static Value int_invert(VM *vm, Value a)
{
    if (is_small(a)) return v_int(~small_val(a));
    mpz_t r;
    mpz_init(r);
    mpz_com(r, AS_BIGINT(a)->z);
    Value v = vm_int_from_mpz(vm, r);
    mpz_clear(r);
    return v;
}

static Value int_abs(VM *vm, Value a) { return int_sign(a) < 0 ? int_neg(vm, a) : exact_int(vm, a); }

/* ---- int(str, base) */

static bool is_ascii_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }

static int digit_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
}

/* "invalid literal for int() with base 10: 'abc'", the repr cut at 200 code
 * points as CPython's %.200R. */
static Value invalid_literal(VM *vm, int base, Value text)
{
    Value r = vm_repr(vm, text);
    if (r == V_EXC) return V_EXC;
    StrObj *s = AS_STR(r);
    size_t n = 0, chars = 0;
    while (n < s->len && chars < 200) {
        n++;
        while (n < s->len && ((unsigned char)s->data[n] & 0xC0) == 0x80) n++;
        chars++;
    }
    return vm_raise(vm, vm->e_ValueError, "invalid literal for int() with base %d: %.*s", base, (int)n, s->data);
}

/* Python's int(text, base): surrounding whitespace, a sign, the base's
 * prefix (required to pick the base when base is 0), single underscores
 * between digits. `text` is the str or bytes for the error message. */
static Value int_from_text(VM *vm, const char *s, size_t len, int base, Value text)
{
    int given_base = base;
    const char *p = s, *end = s + len;
    while (p < end && is_ascii_space(*p)) p++;
    while (end > p && is_ascii_space(end[-1])) end--;
    bool negative = false;
    if (p < end && (*p == '+' || *p == '-')) negative = *p++ == '-';
    bool prefixed = false;
    if (end - p >= 2 && p[0] == '0') {
        char c = (char)(p[1] | 0x20);
        int pb = c == 'x' ? 16 : c == 'o' ? 8 : c == 'b' ? 2 : 0;
        if (pb && (base == 0 || base == pb)) {
            base = pb;
            p += 2;
            prefixed = true;
        }
    }
    if (base == 0) base = 10;
    /* digits, with underscores only between digits (or right after a prefix) */
    char *clean = malloc((size_t)(end - p) + 2);
    if (!clean) return vm_raise(vm, vm->e_MemoryError, "%s", "");
    size_t nd = 0;
    bool ok = p < end, all_zero = true;
    for (const char *q = p; q < end && ok; q++) {
        if (*q == '_') {
            ok = q + 1 < end && q[1] != '_' && (q > p || prefixed);
            continue;
        }
        if (digit_value(*q) >= base) ok = false;
        if (*q != '0') all_zero = false;
        clean[nd++] = *q;
    }
    /* base 0 refuses leading zeros, as Python literals do ("010") */
    if (given_base == 0 && !prefixed && nd > 1 && clean[0] == '0' && !all_zero) ok = false;
    if (!ok || nd == 0) {
        free(clean);
        return invalid_literal(vm, given_base, text);
    }
    clean[nd] = 0;
    if ((base & (base - 1)) != 0 && vm->int_max_str_digits > 0 && nd > (uint64_t)vm->int_max_str_digits) {
        free(clean);
        return vm_raise(vm, vm->e_ValueError,
                        "Exceeds the limit (%" PRId64 " digits) for integer string conversion: value has %zu digits; "
                        "use sys.set_int_max_str_digits() to increase the limit",
                        vm->int_max_str_digits, nd);
    }
    Value v;
    if (nd <= 9) {
        int64_t x = 0;
        for (size_t i = 0; i < nd; i++) x = x * base + digit_value(clean[i]);
        v = v_int(negative ? -x : x);
    } else {
        mpz_t z;
        mpz_init_set_str(z, clean, base);
        if (negative) mpz_neg(z, z);
        v = vm_int_from_mpz(vm, z);
        mpz_clear(z);
    }
    free(clean);
    return v;
}

/* int(str, base): text in other scripts' digits read through their ASCII equivalents. */
static Value int_from_str(VM *vm, Value text, int base)
{
    StrObj *s = AS_STR(text);
    if (s->len == s->nchars) return int_from_text(vm, s->data, s->len, base, text);
    size_t len;
    char *ascii = vm_str_ascii_digits(s, &len);
    if (!ascii) return vm_raise(vm, vm->e_MemoryError, "%s", "");
    Value r = int_from_text(vm, ascii, len, base, text);
    free(ascii);
    return r;
}

/* ---- int(x) */

#define SELF args[0]

/* The special method `name` of v's type other than object's; V_UNBOUND if none. */
static Value special(VM *vm, Value v, StrObj *name)
{
    return vm_type_lookup(vm_type_of(vm, v), name);
}

/* Calls method m (from a type's namespace) with self. */
static Value call_unary(VM *vm, Value m, Value self) { return vm_call(vm, m, &self, 1, NULL); }

static Value int_convert(VM *vm, Value x)
{
    if (vm_is_int(vm, x) && (is_small(x) || AS_OBJ(x)->type == vm->t_int)) return exact_int(vm, x);
    if (v_is_double(x)) return vm_int_from_double(vm, v_as_double(x));
    if (v_has_layout(x, LAYOUT_STR)) return int_from_str(vm, x, 10);
    if (v_has_layout(x, LAYOUT_BYTES)) {
        BytesObj *b = (BytesObj *)AS_OBJ(x);
        return int_from_text(vm, (const char *)b->data, b->len, 10, x);
    }
    if (v_has_layout(x, LAYOUT_BYTEARRAY)) {
        ByteArrayObj *b = (ByteArrayObj *)AS_OBJ(x);
        return int_from_text(vm, (const char *)b->data, b->len, 10, x);
    }
    StrObj *const hooks[] = {vm->s___int__, vm->s___index__, vm->s___trunc__};
    static const char *const bad[] = {"__int__ returned non-int (type %s)", "__index__ returned non-int (type %s)",
                                      "__trunc__ returned non-Integral (type %s)"};
    for (int i = 0; i < 3; i++) {
        Value m = special(vm, x, hooks[i]);
        if (m == V_UNBOUND || m == V_NONE) continue;
        Value r = call_unary(vm, m, x);
        if (r == V_EXC) return V_EXC;
        if (vm_is_int(vm, r)) return exact_int(vm, r);
        if (hooks[i] == vm->s___trunc__) {
            /* __trunc__ may return any Integral: take its __index__ */
            vm_push_root(vm, r);
            Value k = vm_number_index(vm, r);
            vm_pop_roots(vm, 1);
            if (k != V_EXC) return exact_int(vm, k);
            vm->exc = V_NONE;
        }
        return vm_raise(vm, vm->e_TypeError, bad[i], TNAME(r));
    }
    VmBuffer buf;
    if (vm_get_buffer(x, &buf)) {
        /* a memoryview or array: its bytes, as bytes(x) would hold them */
        Value b = vm_new_bytes(vm, buf.data, buf.len);
        if (b == V_EXC) return V_EXC;
        vm_push_root(vm, b);
        Value r = int_from_text(vm, (const char *)((BytesObj *)AS_OBJ(b))->data, buf.len, 10, b);
        vm_pop_roots(vm, 1);
        return r;
    }
    return vm_raise(vm, vm->e_TypeError,
                    "int() argument must be a string, a bytes-like object or a real number, not '%s'", TNAME(x));
}

/* int.__new__(cls, x=0, /, base=10) */
static Value int_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"", "base"};
    Value a[2];
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_int);
    if (!cls || !vm_parse_args(vm, "int", args + 1, nargs - 1, kw, names, 2, 2, 0, a)) return V_EXC;
    Value x = a[0], r;
    if (a[1] == V_UNBOUND) {
        r = x == V_UNBOUND ? v_int(0) : int_convert(vm, x);
    } else {
        int64_t base;
        if (!vm_index(vm, a[1], &base)) return V_EXC;
        if (x == V_UNBOUND) return vm_raise(vm, vm->e_TypeError, "int() missing string argument");
        if (base != 0 && (base < 2 || base > 36))
            return vm_raise(vm, vm->e_ValueError, "int() base must be >= 2 and <= 36, or 0");
        if (v_has_layout(x, LAYOUT_STR))
            r = int_from_str(vm, x, (int)base);
        else if (v_has_layout(x, LAYOUT_BYTES))
            r = int_from_text(vm, (const char *)((BytesObj *)AS_OBJ(x))->data, ((BytesObj *)AS_OBJ(x))->len,
                              (int)base, x);
        else if (v_has_layout(x, LAYOUT_BYTEARRAY))
            r = int_from_text(vm, (const char *)((ByteArrayObj *)AS_OBJ(x))->data,
                              ((ByteArrayObj *)AS_OBJ(x))->len, (int)base, x);
        else
            return vm_raise(vm, vm->e_TypeError, "int() can't convert non-string with explicit base");
    }
    if (r == V_EXC || cls == vm->t_int) return r;
    mpz_t z;
    mpz_init(z);
    vm_int_to_mpz(r, z);
    Value v = new_big(vm, cls, z);
    mpz_clear(z);
    return v;
}

/* bool.__new__(cls, x=False, /) */
static Value bool_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_new_cls(vm, args, nargs, vm->t_bool) || !vm_check_nargs(vm, "bool", nargs - 1, kw, 0, 1)) return V_EXC;
    if (nargs < 2) return V_FALSE;
    int t = vm_truthy(vm, args[1]);
    return t < 0 ? V_EXC : v_bool(t);
}

/* ---- methods */

/* The binary dunders: forward (self op other) and reflected (other op self). */
#define INT_BINOPS(X)                                                                            \
    X(add, Add) X(sub, Sub) X(mul, Mult) X(truediv, Div) X(floordiv, FloorDiv) X(mod, Mod)      \
    X(lshift, LShift) X(rshift, RShift) X(and, BitAnd) X(or, BitOr) X(xor, BitXor)

#define X(name, op)                                                                              \
    static Value m_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                          \
    {                                                                                            \
        if (!vm_method_args(vm, args, nargs, kw, vm->t_int, "__" #name "__", 1)) return V_EXC;   \
        return vm_int_binary(vm, AST_##op, args[0], args[1]);                                    \
    }                                                                                            \
    static Value m_r##name(VM *vm, Value *args, int nargs, TupleObj *kw)                         \
    {                                                                                            \
        if (!vm_method_args(vm, args, nargs, kw, vm->t_int, "__r" #name "__", 1)) return V_EXC;  \
        return vm_int_binary(vm, AST_##op, args[1], args[0]);                                    \
    }
INT_BINOPS(X)
#undef X

static Value m_pow(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_int, "__pow__") || !vm_check_nargs(vm, "__pow__", nargs - 1, kw, 1, 2))
        return V_EXC;
    if (!vm_is_int(vm, args[1])) return V_NOTIMPL;
    return int_pow3(vm, SELF, args[1], nargs > 2 ? args[2] : V_NONE);
}

static Value m_rpow(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_int, "__rpow__") || !vm_check_nargs(vm, "__rpow__", nargs - 1, kw, 1, 2))
        return V_EXC;
    if (!vm_is_int(vm, args[1])) return V_NOTIMPL;
    return int_pow3(vm, args[1], SELF, nargs > 2 ? args[2] : V_NONE);
}

static Value divmod_pair(VM *vm, Value a, Value b)
{
    if (!vm_is_int(vm, a) || !vm_is_int(vm, b)) return V_NOTIMPL;
    Value q = int_floordiv(vm, a, b);
    if (q == V_EXC) return V_EXC;
    vm_push_root(vm, q);
    Value r = int_mod(vm, a, b);
    Value items[2] = {q, r};
    Value t = r == V_EXC ? V_EXC : vm_tuple_of(vm, items, 2);
    vm_pop_roots(vm, 1);
    return t;
}

static Value m_divmod(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_int, "__divmod__", 1)) return V_EXC;
    return divmod_pair(vm, SELF, args[1]);
}

static Value m_rdivmod(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_int, "__rdivmod__", 1)) return V_EXC;
    return divmod_pair(vm, args[1], SELF);
}

/* __eq__ .. __ge__: an int against an int; float and complex decide the mixed cases. */
#define INT_CMPOPS(X) X(eq, Eq) X(ne, NotEq) X(lt, Lt) X(le, LtE) X(gt, Gt) X(ge, GtE)
#define X(name, op)                                                                              \
    static Value m_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                          \
    {                                                                                            \
        if (!vm_method_args(vm, args, nargs, kw, vm->t_int, "__" #name "__", 1)) return V_EXC;   \
        if (!vm_is_int(vm, args[1])) return V_NOTIMPL;                                            \
        return v_bool(vm_cmp_holds(AST_##op, vm_int_cmp(args[0], args[1])));                     \
    }
INT_CMPOPS(X)
#undef X

/* The methods of self alone. */
static Value u_bool(VM *vm, Value v) { (void)vm; return v_bool(int_sign(v) != 0); }
static Value u_hash(VM *vm, Value v) { return vm_int_from_i64(vm, vm_int_hash(v)); }
static Value u_float(VM *vm, Value v)
{
    double d;
    return vm_int_to_double(vm, v, &d) ? v_double(d) : V_EXC;
}
static Value u_zero(VM *vm, Value v) { (void)vm, (void)v; return v_int(0); }
static Value u_one(VM *vm, Value v) { (void)vm, (void)v; return v_int(1); }

static Value u_bit_length(VM *vm, Value v)
{
    if (int_sign(v) == 0) return v_int(0);
    if (is_small(v)) {
        int64_t x = small_val(v);
        return v_int(64 - __builtin_clzll(x < 0 ? (uint64_t)-x : (uint64_t)x));
    }
    return vm_int_from_i64(vm, (int64_t)mpz_sizeinbase(AS_BIGINT(v)->z, 2));
}

static Value u_bit_count(VM *vm, Value v)
{
    if (is_small(v)) {
        int64_t x = small_val(v);
        return v_int(__builtin_popcountll(x < 0 ? (uint64_t)-x : (uint64_t)x));
    }
    mpz_t t;
    mpz_init(t);
    mpz_abs(t, AS_BIGINT(v)->z);
    Value r = vm_int_from_i64(vm, (int64_t)mpz_popcount(t));
    mpz_clear(t);
    return r;
}

static Value u_ratio(VM *vm, Value v)
{
    Value items[2] = {exact_int(vm, v), v_int(1)};
    if (items[0] == V_EXC) return V_EXC;
    vm_push_root(vm, items[0]);
    Value t = vm_tuple_of(vm, items, 2);
    vm_pop_roots(vm, 1);
    return t;
}

/* X(c name, Python name, function of self) */
#define INT_UNARY(X)                                                                             \
    X(neg, "__neg__", int_neg) X(pos, "__pos__", exact_int) X(abs, "__abs__", int_abs)          \
    X(invert, "__invert__", int_invert) X(bool, "__bool__", u_bool) X(hash, "__hash__", u_hash) \
    X(index, "__index__", exact_int) X(int, "__int__", exact_int) X(float, "__float__", u_float) \
    X(trunc, "__trunc__", exact_int) X(floor, "__floor__", exact_int)                            \
    X(ceil, "__ceil__", exact_int) X(repr, "__repr__", vm_int_repr) X(conjugate, "conjugate", exact_int) \
    X(bit_length, "bit_length", u_bit_length) X(bit_count, "bit_count", u_bit_count)             \
    X(as_integer_ratio, "as_integer_ratio", u_ratio)
#define INT_GETTERS(X)                                                                           \
    X(real, "real", exact_int) X(imag, "imag", u_zero) X(numerator, "numerator", exact_int)      \
    X(denominator, "denominator", u_one)

#define X(c, name, fn)                                                                           \
    static Value um_##c(VM *vm, Value *args, int nargs, TupleObj *kw)                            \
    {                                                                                            \
        if (!vm_method_args(vm, args, nargs, kw, vm->t_int, name, 0)) return V_EXC;              \
        return fn(vm, args[0]);                                                                  \
    }
INT_UNARY(X)
#undef X
#define X(c, name, fn)                                                                           \
    static Value get_##c(VM *vm, Value *args, int nargs, TupleObj *kw)                           \
    {                                                                                            \
        (void)kw;                                                                                \
        return vm_check_self(vm, args, nargs, vm->t_int, name) ? fn(vm, args[0]) : V_EXC;        \
    }
INT_GETTERS(X)
#undef X

/* __round__(ndigits=None): negative ndigits round half to even at 10**-ndigits. */
static Value m_round(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_int, "__round__") ||
        !vm_check_nargs(vm, "__round__", nargs - 1, kw, 0, 1))
        return V_EXC;
    if (nargs < 2 || args[1] == V_NONE) return exact_int(vm, SELF);
    Value nd = vm_number_index(vm, args[1]);
    if (nd == V_EXC) return V_EXC;
    if (int_sign(nd) >= 0) return exact_int(vm, SELF);
    mpz_t tx, p, q, r;
    mpz_inits(tx, p, q, r, NULL);
    mpz_srcptr x = int_mpz(SELF, tx);
    int64_t n;
    Value v;
    if (!int_to_i64(nd, &n) || -n > (int64_t)mpz_sizeinbase(x, 10) + 1) {
        v = v_int(0);   /* 10**-n exceeds twice |x|: the nearest multiple is 0 */
    } else {
        mpz_ui_pow_ui(p, 10, (unsigned long)-n);
        mpz_fdiv_qr(q, r, x, p);
        mpz_mul_2exp(r, r, 1);
        int c = mpz_cmp(r, p);
        if (c > 0 || (c == 0 && mpz_odd_p(q))) mpz_add_ui(q, q, 1);
        mpz_mul(q, q, p);
        v = vm_int_from_mpz(vm, q);
    }
    mpz_clears(tx, p, q, r, NULL);
    return v;
}

static Value m_format(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_int, "__format__", 1)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "__format__() argument must be str, not %s", TNAME(args[1]));
    StrObj *spec = AS_STR(args[1]);
    if (spec->len == 0) return vm_str(vm, SELF);
    FmtSpec fs;
    char err[256];
    StrBuf out;
    sb_init(&out);
    bool ok = fmt_parse_spec(spec->data, spec->len, TNAME(SELF), &fs, err, sizeof err);
    if (ok) {
        if (is_small(SELF)) {
            ok = fmt_int64(&out, small_val(SELF), &fs, err, sizeof err);
        } else if ((fs.type == 0 || fs.type == 'd' || fs.type == 'n') && over_str_limit(vm, AS_BIGINT(SELF)->z)) {
            sb_free(&out);
            return raise_str_limit(vm);
        } else {
            ok = fmt_mpz(&out, AS_BIGINT(SELF)->z, &fs, err, sizeof err);
        }
    }
    if (ok) return vm_sb_finish(vm, &out);
    bool oom = out.oom;
    sb_free(&out);
    return vm_raise_fmt_error(vm, err, oom);
}

/* The byteorder argument of to_bytes / from_bytes: true for 'little'. */
static bool parse_byteorder(VM *vm, Value v, bool *little)
{
    if (v == V_UNBOUND) {
        *little = false;
        return true;
    }
    if (!v_has_layout(v, LAYOUT_STR)) {
        vm_raise(vm, vm->e_TypeError, "to_bytes() argument 'byteorder' must be str, not %s", TNAME(v));
        return false;
    }
    const char *s = AS_STR(v)->data;
    if (strcmp(s, "little") && strcmp(s, "big")) {
        vm_raise(vm, vm->e_ValueError, "byteorder must be either 'little' or 'big'");
        return false;
    }
    *little = !strcmp(s, "little");
    return true;
}

static void reverse_bytes(unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) {
        unsigned char t = b[i];
        b[i] = b[n - 1 - i];
        b[n - 1 - i] = t;
    }
}

/* to_bytes(length=1, byteorder='big', *, signed=False) */
static Value m_to_bytes(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"length", "byteorder", "signed"};
    Value a[3];
    if (!vm_check_self(vm, args, nargs, vm->t_int, "to_bytes") ||
        !vm_parse_args(vm, "to_bytes", args + 1, nargs - 1, kw, names, 3, 2, 0, a))
        return V_EXC;
    int64_t length = 1;
    bool little, is_signed = false;
    if (a[0] != V_UNBOUND && !vm_index(vm, a[0], &length)) return V_EXC;
    if (length < 0) return vm_raise(vm, vm->e_ValueError, "length argument must be non-negative");
    if (!parse_byteorder(vm, a[1], &little)) return V_EXC;
    if (a[2] != V_UNBOUND) {
        int t = vm_truthy(vm, a[2]);
        if (t < 0) return V_EXC;
        is_signed = t;
    }
    int sign = int_sign(SELF);
    if (sign < 0 && !is_signed) return vm_raise(vm, vm->e_OverflowError, "can't convert negative int to unsigned");
    mpz_t tx, u;
    mpz_inits(tx, u, NULL);
    mpz_set(u, int_mpz(SELF, tx));
    /* the magnitude that must fit: x itself, or -x-1 for a negative x */
    if (sign < 0) mpz_com(u, u);
    size_t bits = sign == 0 || mpz_sgn(u) == 0 ? 0 : mpz_sizeinbase(u, 2);
    Value r;
    if ((uint64_t)bits + is_signed > (uint64_t)length * 8) {
        r = vm_raise(vm, vm->e_OverflowError, "int too big to convert");
    } else {
        unsigned char *buf = calloc((size_t)length + 1, 1);
        if (!buf) {
            r = vm_raise(vm, vm->e_MemoryError, "%s", "");
        } else {
            size_t count = 0;
            if (bits) mpz_export(buf + length - (bits + 7) / 8, &count, 1, 1, 1, 0, u);
            if (sign < 0)
                for (int64_t i = 0; i < length; i++) buf[i] = (unsigned char)~buf[i];
            if (little) reverse_bytes(buf, (size_t)length);
            r = vm_new_bytes(vm, buf, (size_t)length);
            free(buf);
        }
    }
    mpz_clears(tx, u, NULL);
    return r;
}

/* Collects a bytes-like object or an iterable of ints in 0..255 into *out (malloc'd). */
static bool gather_bytes(VM *vm, Value v, unsigned char **out, size_t *n)
{
    VmBuffer mem;
    if (vm_get_buffer(v, &mem)) {
        const unsigned char *src = mem.data;
        *n = mem.len;
        *out = malloc(*n + 1);
        if (!*out) {
            vm_raise(vm, vm->e_MemoryError, "%s", "");
            return false;
        }
        if (*n) memcpy(*out, src, *n);
        return true;
    }
    if (v_has_layout(v, LAYOUT_STR) || vm_is_int(vm, v)) {
        vm_raise(vm, vm->e_TypeError, "cannot convert '%s' object to bytes", TNAME(v));
        return false;
    }
    Value it = vm_iter(vm, v);
    if (it == V_EXC) return false;
    vm_push_root(vm, it);
    size_t cap = 16, len = 0;
    unsigned char *buf = malloc(cap);
    bool ok = buf != NULL;
    if (!ok) vm_raise(vm, vm->e_MemoryError, "%s", "");
    while (ok) {
        Value x = vm_next(vm, it);
        if (x == V_UNBOUND) break;
        int64_t b;
        if (x == V_EXC || !vm_index(vm, x, &b)) {
            ok = false;
        } else if (b < 0 || b > 255) {
            vm_raise(vm, vm->e_ValueError, "bytes must be in range(0, 256)");
            ok = false;
        } else {
            if (len == cap) {
                unsigned char *nb = realloc(buf, cap *= 2);
                if (!nb) {
                    vm_raise(vm, vm->e_MemoryError, "%s", "");
                    ok = false;
                    break;
                }
                buf = nb;
            }
            buf[len++] = (unsigned char)b;
        }
    }
    vm_pop_roots(vm, 1);
    if (!ok) {
        free(buf);
        return false;
    }
    *out = buf;
    *n = len;
    return true;
}

/* int.from_bytes(bytes, byteorder='big', *, signed=False), a classmethod */
static Value m_from_bytes(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"bytes", "byteorder", "signed"};
    Value a[3];
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_int);
    if (!cls || !vm_parse_args(vm, "from_bytes", args + 1, nargs - 1, kw, names, 3, 2, 1, a)) return V_EXC;
    bool little, is_signed = false;
    if (!parse_byteorder(vm, a[1], &little)) return V_EXC;
    if (a[2] != V_UNBOUND) {
        int t = vm_truthy(vm, a[2]);
        if (t < 0) return V_EXC;
        is_signed = t;
    }
    unsigned char *buf;
    size_t n;
    if (!gather_bytes(vm, a[0], &buf, &n)) return V_EXC;
    mpz_t z;
    mpz_init(z);
    if (n) mpz_import(z, n, little ? -1 : 1, 1, 1, 0, buf);
    if (is_signed && n && (buf[little ? n - 1 : 0] & 0x80)) {
        mpz_t m;
        mpz_init(m);
        mpz_ui_pow_ui(m, 2, 8 * n);
        mpz_sub(z, z, m);
        mpz_clear(m);
    }
    free(buf);
    Value r = vm_int_from_mpz(vm, z);
    mpz_clear(z);
    if (r == V_EXC || cls == vm->t_int) return r;
    return vm_call(vm, v_obj(cls), &r, 1, NULL);   /* a subclass is built from the int */
}

static Value m_bool_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_bool, "__repr__", 0)) return V_EXC;
    return vm_cstr(vm, SELF == V_TRUE ? "True" : "False");
}

static const struct {
    const char *name;
    NativeFn fn;
} int_methods[] = {
#define X(name, op) {"__" #name "__", m_##name}, {"__r" #name "__", m_r##name},
    INT_BINOPS(X)
#undef X
#define X(name, op) {"__" #name "__", m_##name},
    INT_CMPOPS(X)
#undef X
    {"__pow__", m_pow}, {"__rpow__", m_rpow}, {"__divmod__", m_divmod}, {"__rdivmod__", m_rdivmod},
    {"__round__", m_round}, {"__format__", m_format}, {"to_bytes", m_to_bytes},
};

void vm_init_int(VM *vm)
{
    for (size_t i = 0; i < sizeof int_methods / sizeof int_methods[0]; i++)
        vm_add_method(vm, vm->t_int, int_methods[i].name, int_methods[i].fn);
#define X(c, name, fn) vm_add_method(vm, vm->t_int, name, um_##c);
    INT_UNARY(X)
#undef X
#define X(c, name, fn) vm_add_getter(vm, vm->t_int, name, get_##c);
    INT_GETTERS(X)
#undef X
    vm_add_method(vm, vm->t_int, "__new__", int_new);
    vm_add_classmethod(vm, vm->t_int, "from_bytes", m_from_bytes);
    vm_add_method(vm, vm->t_bool, "__new__", bool_new);
    vm_add_method(vm, vm->t_bool, "__repr__", m_bool_repr);
}

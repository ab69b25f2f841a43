/* float and complex: doubles unboxed (float subclasses' instances FloatObj),
 * complex numbers ComplexObj; arithmetic with CPython's special cases, exact
 * int/float comparison, CPython's hashes, repr, round() and text to number. */
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "../parser/pyrepr.h"
#include "format.h"
#include "vm.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)
#define SELF args[0]

/* An instance of float or a subclass of it that lives on the heap. */
typedef struct {
    Obj hdr;
    double d;
} FloatObj;

#define HASH_BITS 61
#define HASH_MODULUS ((UINT64_C(1) << HASH_BITS) - 1)
#define HASH_INF 314159
#define HASH_IMAG UINT64_C(1000003)

enum {
    NDIGITS_MAX = 323,    /* (DBL_MANT_DIG - DBL_MIN_EXP) * log10(2): x rounds to itself past it */
    NDIGITS_MIN = -308,   /* -(DBL_MAX_EXP + 1) * log10(2): x rounds to +-0.0 below it */
};

static Value new_float_of(VM *vm, TypeObj *type, double d)
{
    FloatObj *o = vm_alloc(vm, type, sizeof *o);
    if (!o) return V_EXC;
    o->d = d;
    return v_obj(o);
}

Value vm_new_float_obj(VM *vm, double d) { return new_float_of(vm, vm->t_float, d); }

/* v as a double when it is a float (unboxed or a subclass instance). */
static bool float_of(VM *vm, Value v, double *d)
{
    if (v_is_double(v)) {
        *d = v_as_double(v);
        return true;
    }
    if (v_has_layout(v, LAYOUT_OBJECT) && vm_is_subtype(AS_OBJ(v)->type, vm->t_float)) {
        *d = ((FloatObj *)AS_OBJ(v))->d;
        return true;
    }
    return false;
}

/* The double of a method's self, which vm_check_self / vm_method_args has
 * proven a float (NaN if it were not): the value returned rather than
 * float_of's out-parameter, so that no path reads an unset double. */
static double self_double(VM *vm, Value v)
{
    double d;
    return float_of(vm, v, &d) ? d : NAN;
}

/* Operands of float arithmetic: 2 a float, 1 an int, 0 neither. */
static int real_kind(VM *vm, Value v)
{
    double d;
    return float_of(vm, v, &d) ? 2 : vm_is_int(vm, v) ? 1 : 0;
}

/* Both operands as doubles: 1 done, 0 not both real numbers (nothing
 * converted), -1 an int too large for a float. */
static int reals_of(VM *vm, Value a, Value b, double *x, double *y)
{
    if (!real_kind(vm, a) || !real_kind(vm, b)) return 0;
    return vm_to_double(vm, a, x) && vm_to_double(vm, b, y) ? 1 : -1;
}

/* ---- float arithmetic, CPython's float_* functions */

static Value f_add(VM *vm, double x, double y) { (void)vm; return v_double(x + y); }
static Value f_sub(VM *vm, double x, double y) { (void)vm; return v_double(x - y); }
static Value f_mul(VM *vm, double x, double y) { (void)vm; return v_double(x * y); }

static Value f_div(VM *vm, double x, double y)
{
    if (y == 0) return vm_raise(vm, vm->e_ZeroDivisionError, "float division by zero");
    return v_double(x / y);
}

/* float_divmod: the quotient rounded toward the nearest integer below, the
 * remainder with the divisor's sign. */
static void float_divmod(double vx, double wx, double *floordiv, double *rem)
{
    double mod = fmod(vx, wx);
    double div = (vx - mod) / wx;
    if (mod) {
        if ((wx < 0) != (mod < 0)) {
            mod += wx;
            div -= 1.0;
        }
    } else {
        mod = copysign(0.0, wx);
    }
    if (div) {
        *floordiv = floor(div);
        if (div - *floordiv > 0.5) *floordiv += 1.0;
    } else {
        *floordiv = copysign(0.0, vx / wx);
    }
    *rem = mod;
}

static Value f_floordiv(VM *vm, double x, double y)
{
    if (y == 0) return vm_raise(vm, vm->e_ZeroDivisionError, "float floor division by zero");
    double q, r;
    float_divmod(x, y, &q, &r);
    return v_double(q);
}

static Value f_mod(VM *vm, double x, double y)
{
    if (y == 0) return vm_raise(vm, vm->e_ZeroDivisionError, "float modulo");
    double mod = fmod(x, y);
    if (mod) {
        if ((y < 0) != (mod < 0)) mod += y;
    } else {
        mod = copysign(0.0, y);
    }
    return v_double(mod);
}

static bool is_odd_integer(double x) { return fmod(fabs(x), 2.0) == 1.0; }

static Value complex_pow(VM *vm, double ar, double ai, double br, double bi);

/* float_pow's table of special cases, then C's pow. */
static Value f_pow(VM *vm, double iv, double iw)
{
    if (iw == 0) return v_double(1.0);
    if (isnan(iv)) return v_double(iv);
    if (isnan(iw)) return v_double(iv == 1.0 ? 1.0 : iw);
    if (isinf(iw)) {
        iv = fabs(iv);
        if (iv == 1.0) return v_double(1.0);
        if ((iw > 0.0) == (iv > 1.0)) return v_double(fabs(iw));
        return v_double(0.0);
    }
    if (isinf(iv)) {
        bool odd = is_odd_integer(iw);
        if (iw > 0.0) return v_double(odd ? iv : fabs(iv));
        return v_double(odd ? copysign(0.0, iv) : 0.0);
    }
    if (iv == 0.0) {
        if (iw < 0.0) return vm_raise(vm, vm->e_ZeroDivisionError, "0.0 cannot be raised to a negative power");
        return v_double(is_odd_integer(iw) ? iv : 0.0);
    }
    bool negate = false;
    if (iv < 0.0) {
        /* a negative number to a fractional power is complex */
        if (iw != floor(iw)) return complex_pow(vm, iv, 0.0, iw, 0.0);
        iv = -iv;
        negate = is_odd_integer(iw);
    }
    if (iv == 1.0) return v_double(negate ? -1.0 : 1.0);
    double ix = pow(iv, iw);
    if (isinf(ix)) return vm_raise(vm, vm->e_OverflowError, "(34, 'Numerical result out of range')");
    return v_double(negate ? -ix : ix);
}

typedef Value (*FloatBinFn)(VM *vm, double x, double y);

static const FloatBinFn float_binops[] = {
    [AST_Add] = f_add, [AST_Sub] = f_sub, [AST_Mult] = f_mul, [AST_Div] = f_div,
    [AST_Mod] = f_mod, [AST_Pow] = f_pow, [AST_FloorDiv] = f_floordiv,
};

Value vm_float_binary(VM *vm, int op, Value a, Value b)
{
    if (op < 0 || op >= (int)(sizeof float_binops / sizeof float_binops[0]) || !float_binops[op]) return V_NOTIMPL;
    if (real_kind(vm, a) == 1 && real_kind(vm, b) == 1) return V_NOTIMPL;   /* int op int is int's */
    double x, y;
    int k = reals_of(vm, a, b, &x, &y);
    if (k <= 0) return k < 0 ? V_EXC : V_NOTIMPL;
    return float_binops[op](vm, x, y);
}

/* ---- comparison */

/* Compares int i with a finite or infinite (not NaN) double, exactly. */
static int cmp_int_double(Value i, double d)
{
    if (v_is_int(i) || v_is_bool(i)) {
        double x = v_is_int(i) ? (double)v_as_int(i) : (double)(i == V_TRUE);   /* 48 bits: exact */
        return (x > d) - (x < d);
    }
    int c = mpz_cmp_d(AS_BIGINT(i)->z, d);
    return (c > 0) - (c < 0);
}

Value vm_num_compare(VM *vm, int op, Value a, Value b)
{
    double x, y;
    bool fa = float_of(vm, a, &x), fb = float_of(vm, b, &y);
    bool ia = !fa && vm_is_int(vm, a), ib = !fb && vm_is_int(vm, b);
    if (!(fa || ia) || !(fb || ib)) return V_NOTIMPL;
    if (ia && ib) return v_bool(vm_cmp_holds(op, vm_int_cmp(a, b)));
    if ((fa && isnan(x)) || (fb && isnan(y))) return v_bool(op == AST_NotEq);
    int c;
    if (fa && fb)
        c = (x > y) - (x < y);
    else if (fa)
        c = -cmp_int_double(b, x);
    else
        c = cmp_int_double(a, y);
    return v_bool(vm_cmp_holds(op, c));
}

/* ---- hash: _Py_HashDouble */

int64_t vm_float_hash(double v)
{
    if (!isfinite(v)) return isinf(v) ? (v > 0 ? HASH_INF : -HASH_INF) : 0;
    int e;
    double m = frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    /* process 28 bits at a time: x = x * 2**28 mod P, plus the next digit */
    uint64_t x = 0;
    while (m) {
        x = ((x << 28) & HASH_MODULUS) | x >> (HASH_BITS - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= HASH_MODULUS) x -= HASH_MODULUS;
    }
    e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
    x = ((x << e) & HASH_MODULUS) | x >> (HASH_BITS - e);
    x = x * (uint64_t)(int64_t)sign;
    if (x == (uint64_t)-1) x = (uint64_t)-2;
    return (int64_t)x;
}

/* ---- conversions */

bool vm_to_double(VM *vm, Value v, double *out)
{
    if (float_of(vm, v, out)) return true;
    if (vm_is_int(vm, v)) return vm_int_to_double(vm, v, out);
    Value m = vm_type_lookup(vm_type_of(vm, v), vm->s___float__);
    if (m != V_UNBOUND && m != V_NONE) {
        Value r = vm_call(vm, m, &v, 1, NULL);
        if (r == V_EXC) return false;
        if (float_of(vm, r, out)) return true;
        vm_raise(vm, vm->e_TypeError, "%s.__float__ returned non-float (type %s)", TNAME(v), TNAME(r));
        return false;
    }
    m = vm_type_lookup(vm_type_of(vm, v), vm->s___index__);
    if (m != V_UNBOUND && m != V_NONE) {
        Value r = vm_number_index(vm, v);
        return r != V_EXC && vm_int_to_double(vm, r, out);
    }
    vm_raise(vm, vm->e_TypeError, "must be real number, not %s", TNAME(v));
    return false;
}

static bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }

static bool ci_prefix(const char *s, size_t len, const char *word)
{
    size_t n = strlen(word);
    if (len < n) return false;
    for (size_t i = 0; i < n; i++)
        if ((s[i] | 0x20) != word[i]) return false;
    return true;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Scans the longest float at s[0..len) as float() accepts it (sign, digits
 * with single underscores between them, a point, an exponent; inf,
 * infinity, nan); returns its length, 0 when there is none. */
static size_t scan_float(const char *s, size_t len, double *out)
{
    size_t i = 0;
    bool negative = false;
    if (i < len && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    if (ci_prefix(s + i, len - i, "infinity") || ci_prefix(s + i, len - i, "inf")) {
        *out = negative ? -INFINITY : INFINITY;
        return i + (ci_prefix(s + i, len - i, "infinity") ? 8 : 3);
    }
    if (ci_prefix(s + i, len - i, "nan")) {
        *out = negative ? -NAN : NAN;
        return i + 3;
    }
    char buf[512];
    char *clean = len < sizeof buf ? buf : malloc(len + 1);
    if (!clean) return 0;
    size_t n = 0, digits = 0;
    if (negative) clean[n++] = '-';
    /* digits ( '_' digits )* */
#define DIGITS()                                                                           \
    while (i < len && (is_digit(s[i]) || (s[i] == '_' && n && is_digit(clean[n - 1]) &&   \
                                          i + 1 < len && is_digit(s[i + 1])))) {          \
        if (s[i] != '_') clean[n++] = s[i], digits++;                                      \
        i++;                                                                               \
    }
    size_t int_digits;
    DIGITS();
    int_digits = digits;
    if (i < len && s[i] == '.') {
        size_t save = i;
        clean[n++] = s[i++];
        DIGITS();
        if (digits == int_digits && int_digits == 0) i = save;   /* a lone '.' */
    }
    size_t end = 0;
    if (digits > 0) {
        end = i;
        if (i < len && (s[i] | 0x20) == 'e') {
            size_t j = i + 1, before = n;
            clean[n++] = 'e';
            if (j < len && (s[j] == '+' || s[j] == '-')) clean[n++] = s[j++];
            size_t d0 = digits;
            i = j;
            DIGITS();
            if (digits > d0)
                end = i;
            else
                n = before;
        }
    }
#undef DIGITS
    clean[n] = 0;
    if (end) *out = strtod(clean, NULL);
    if (clean != buf) free(clean);
    return end;
}

/* float(text): the whole of it, surrounding whitespace aside. */
static bool parse_float(const char *s, size_t len, double *out)
{
    while (len && is_space(*s)) s++, len--;
    while (len && is_space(s[len - 1])) len--;
    return len && scan_float(s, len, out) == len;
}

/* The bytes of a str, bytes or bytearray; false for other types. */
static bool text_of(Value v, const char **s, size_t *len)
{
    if (v_has_layout(v, LAYOUT_STR)) {
        *s = AS_STR(v)->data;
        *len = AS_STR(v)->len;
    } else if (v_has_layout(v, LAYOUT_BYTES)) {
        *s = (const char *)((BytesObj *)AS_OBJ(v))->data;
        *len = ((BytesObj *)AS_OBJ(v))->len;
    } else if (v_has_layout(v, LAYOUT_BYTEARRAY)) {
        *s = (const char *)((ByteArrayObj *)AS_OBJ(v))->data;
        *len = ((ByteArrayObj *)AS_OBJ(v))->len;
    } else {
        return false;
    }
    return true;
}

/* float.__new__(cls, x=0.0, /) */
static Value float_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_float);
    if (!cls || !vm_check_nargs(vm, "float", nargs - 1, kw, 0, 1)) return V_EXC;
    double d = 0.0;
    if (nargs > 1) {
        Value x = args[1];
        const char *s;
        size_t len;
        if (text_of(x, &s, &len)) {
            /* digits of other scripts read as their ASCII equivalents */
            char *ascii = NULL;
            if (v_has_layout(x, LAYOUT_STR) && AS_STR(x)->len != AS_STR(x)->nchars &&
                !(ascii = vm_str_ascii_digits(AS_STR(x), &len)))
                return vm_raise(vm, vm->e_MemoryError, "%s", "");
            bool ok = parse_float(ascii ? ascii : s, len, &d);
            free(ascii);
            if (!ok) {
                Value r = vm_repr(vm, x);
                if (r == V_EXC) return V_EXC;
                return vm_raise(vm, vm->e_ValueError, "could not convert string to float: %s", AS_STR(r)->data);
            }
        } else if (!float_of(vm, x, &d)) {
            TypeObj *t = vm_type_of(vm, x);
            if (!vm_is_int(vm, x) && vm_type_lookup(t, vm->s___float__) == V_UNBOUND &&
                vm_type_lookup(t, vm->s___index__) == V_UNBOUND)
                return vm_raise(vm, vm->e_TypeError, "float() argument must be a string or a real number, not '%s'",
                                TNAME(x));
            if (!vm_to_double(vm, x, &d)) return V_EXC;
        }
    }
    if (cls == vm->t_float) return v_double(d);
    return new_float_of(vm, cls, d);
}

/* ---- round() */

/* round(x, n) for finite x, correctly rounded as CPython's double_round:
 * the exact binary value rounded half-even to n decimal places, then back to
 * the nearest double. Exact rational arithmetic stands in for dtoa. */
static Value double_round(VM *vm, double x, int n)
{
    int e;
    double m = frexp(fabs(x), &e);
    mpz_t num, den, q, r;
    mpz_inits(num, den, q, r, NULL);
    mpz_set_d(num, ldexp(m, DBL_MANT_DIG));
    e -= DBL_MANT_DIG;
    mpz_set_ui(den, 1);
    if (e > 0)
        mpz_mul_2exp(num, num, (mp_bitcnt_t)e);
    else
        mpz_mul_2exp(den, den, (mp_bitcnt_t)-e);
    mpz_t p10;
    mpz_init(p10);
    mpz_ui_pow_ui(p10, 10, (unsigned long)(n >= 0 ? n : -n));
    if (n >= 0)
        mpz_mul(num, num, p10);
    else
        mpz_mul(den, den, p10);
    mpz_fdiv_qr(q, r, num, den);
    mpz_mul_2exp(r, r, 1);
    int c = mpz_cmp(r, den);
    if (c > 0 || (c == 0 && mpz_odd_p(q))) mpz_add_ui(q, q, 1);
    if (n >= 0) {
        mpz_set(den, p10);
    } else {
        mpz_mul(q, q, p10);
        mpz_set_ui(den, 1);
    }
    bool overflow;
    double d = vm_mpz_ratio(q, den, &overflow);
    mpz_clears(num, den, q, r, p10, NULL);
    if (overflow) return vm_raise(vm, vm->e_OverflowError, "rounded value too large to represent");
    return v_double(copysign(d, x));
}

static Value m_round(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_float, "__round__") ||
        !vm_check_nargs(vm, "__round__", nargs - 1, kw, 0, 1))
        return V_EXC;
    double x = self_double(vm, SELF);
    if (nargs < 2 || args[1] == V_NONE) {
        double rounded = round(x);
        if (fabs(x - rounded) == 0.5) rounded = 2.0 * round(x / 2.0);   /* ties to even */
        return vm_int_from_double(vm, rounded);
    }
    Value nd = vm_number_index(vm, args[1]);
    if (nd == V_EXC) return V_EXC;
    if (!isfinite(x)) return v_double(x);
    if (vm_int_cmp(nd, v_int(NDIGITS_MAX)) > 0) return v_double(x);
    if (vm_int_cmp(nd, v_int(NDIGITS_MIN)) < 0) return v_double(0.0 * x);
    return double_round(vm, x, (int)v_as_int(nd));
}

/* ---- float methods */

#define FLOAT_BINOPS(X) \
    X(add, Add) X(sub, Sub) X(mul, Mult) X(truediv, Div) X(floordiv, FloorDiv) X(mod, Mod)

#define X(name, op)                                                                              \
    static Value m_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                          \
    {                                                                                            \
        if (!vm_method_args(vm, args, nargs, kw, vm->t_float, "__" #name "__", 1)) return V_EXC; \
        return vm_float_binary(vm, AST_##op, args[0], args[1]);                                  \
    }                                                                                            \
    static Value m_r##name(VM *vm, Value *args, int nargs, TupleObj *kw)                         \
    {                                                                                            \
        if (!vm_method_args(vm, args, nargs, kw, vm->t_float, "__r" #name "__", 1)) return V_EXC; \
        return vm_float_binary(vm, AST_##op, args[1], args[0]);                                  \
    }
FLOAT_BINOPS(X)
#undef X

static Value pow_method(VM *vm, Value *args, int nargs, TupleObj *kw, const char *name, bool reflected)
{
    if (!vm_check_self(vm, args, nargs, vm->t_float, name) || !vm_check_nargs(vm, name, nargs - 1, kw, 1, 2))
        return V_EXC;
    if (nargs > 2 && args[2] != V_NONE)
        return vm_raise(vm, vm->e_TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
    return reflected ? vm_float_binary(vm, AST_Pow, args[1], SELF) : vm_float_binary(vm, AST_Pow, SELF, args[1]);
}

static Value m_pow(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return pow_method(vm, args, nargs, kw, "__pow__", false);
}

static Value m_rpow(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return pow_method(vm, args, nargs, kw, "__rpow__", true);
}

static Value divmod_of(VM *vm, Value a, Value b)
{
    double x, y;
    int k = reals_of(vm, a, b, &x, &y);
    if (k <= 0) return k < 0 ? V_EXC : V_NOTIMPL;
    if (y == 0) return vm_raise(vm, vm->e_ZeroDivisionError, "float divmod()");
    double q, r;
    float_divmod(x, y, &q, &r);
    Value items[2] = {v_double(q), v_double(r)};
    return vm_tuple_of(vm, items, 2);
}

static Value m_divmod(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_float, "__divmod__", 1)) return V_EXC;
    return divmod_of(vm, SELF, args[1]);
}

static Value m_rdivmod(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_float, "__rdivmod__", 1)) return V_EXC;
    return divmod_of(vm, args[1], SELF);
}

#define FLOAT_CMPOPS(X) X(eq, Eq) X(ne, NotEq) X(lt, Lt) X(le, LtE) X(gt, Gt) X(ge, GtE)
#define X(name, op)                                                                              \
    static Value m_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                          \
    {                                                                                            \
        if (!vm_method_args(vm, args, nargs, kw, vm->t_float, "__" #name "__", 1)) return V_EXC; \
        return vm_num_compare(vm, AST_##op, args[0], args[1]);                                   \
    }
FLOAT_CMPOPS(X)
#undef X

static Value str_of_buf(VM *vm, StrBuf *b)
{
    Value r = b->oom ? vm_raise(vm, vm->e_MemoryError, "%s", "") : vm_new_str(vm, b->data ? b->data : "", b->len);
    sb_free(b);
    return r;
}

/* The methods of self alone, on its double. */
static Value f_neg(VM *vm, double x) { (void)vm; return v_double(-x); }
static Value f_pos(VM *vm, double x) { (void)vm; return v_double(x); }
static Value f_abs(VM *vm, double x) { (void)vm; return v_double(fabs(x)); }
static Value f_bool(VM *vm, double x) { (void)vm; return v_bool(x != 0); }
static Value f_hash(VM *vm, double x) { return vm_int_from_i64(vm, vm_float_hash(x)); }
static Value f_trunc(VM *vm, double x) { return vm_int_from_double(vm, x); }
static Value f_floor(VM *vm, double x) { return vm_int_from_double(vm, floor(x)); }
static Value f_ceil(VM *vm, double x) { return vm_int_from_double(vm, ceil(x)); }
static Value f_zero(VM *vm, double x) { (void)vm, (void)x; return v_double(0.0); }
static Value f_is_integer(VM *vm, double x) { (void)vm; return v_bool(isfinite(x) && floor(x) == x); }

static Value f_repr(VM *vm, double x)
{
    StrBuf b;
    sb_init(&b);
    repr_float(&b, x);
    return str_of_buf(vm, &b);
}

static Value f_ratio(VM *vm, double x)
{
    if (isinf(x)) return vm_raise(vm, vm->e_OverflowError, "cannot convert Infinity to integer ratio");
    if (isnan(x)) return vm_raise(vm, vm->e_ValueError, "cannot convert NaN to integer ratio");
    int e;
    double m = frexp(x, &e);
    mpz_t num, den;
    mpz_inits(num, den, NULL);
    mpz_set_d(num, ldexp(m, DBL_MANT_DIG));
    e -= DBL_MANT_DIG;
    if (mpz_sgn(num) != 0) {
        /* lowest terms: the denominator is a power of two, so drop the
         * numerator's factors of two */
        mp_bitcnt_t tz = mpz_scan1(num, 0);
        if (e < 0) {
            mp_bitcnt_t k = tz < (mp_bitcnt_t)-e ? tz : (mp_bitcnt_t)-e;
            mpz_fdiv_q_2exp(num, num, k);
            e += (int)k;
        }
    } else {
        e = 0;
    }
    mpz_set_ui(den, 1);
    if (e > 0)
        mpz_mul_2exp(num, num, (mp_bitcnt_t)e);
    else
        mpz_mul_2exp(den, den, (mp_bitcnt_t)-e);
    Value items[2] = {vm_int_from_mpz(vm, num), V_NONE};
    Value r = V_EXC;
    if (items[0] != V_EXC) {
        vm_push_root(vm, items[0]);
        items[1] = vm_int_from_mpz(vm, den);
        if (items[1] != V_EXC) r = vm_tuple_of(vm, items, 2);
        vm_pop_roots(vm, 1);
    }
    mpz_clears(num, den, NULL);
    return r;
}

/* float.hex(): CPython's form, which glibc's "%.13a" matches except for zero. */
static Value f_hex(VM *vm, double x)
{
    char buf[64];
    if (!isfinite(x))
        snprintf(buf, sizeof buf, "%s", isnan(x) ? "nan" : x > 0 ? "inf" : "-inf");
    else if (x == 0)
        snprintf(buf, sizeof buf, "%s", signbit(x) ? "-0x0.0p+0" : "0x0.0p+0");
    else
        snprintf(buf, sizeof buf, "%.13a", x);
    return vm_cstr(vm, buf);
}

/* X(c name, Python name, function of the double) */
#define FLOAT_UNARY(X)                                                                           \
    X(neg, "__neg__", f_neg) X(pos, "__pos__", f_pos) X(abs, "__abs__", f_abs)                  \
    X(bool, "__bool__", f_bool) X(hash, "__hash__", f_hash) X(int, "__int__", f_trunc)          \
    X(float, "__float__", f_pos) X(trunc, "__trunc__", f_trunc) X(floor, "__floor__", f_floor)  \
    X(ceil, "__ceil__", f_ceil) X(repr, "__repr__", f_repr) X(conjugate, "conjugate", f_pos)    \
    X(is_integer, "is_integer", f_is_integer) X(as_integer_ratio, "as_integer_ratio", f_ratio)  \
    X(hex, "hex", f_hex)
#define FLOAT_GETTERS(X) X(real, "real", f_pos) X(imag, "imag", f_zero)

#define X(c, name, fn)                                                                           \
    static Value um_##c(VM *vm, Value *args, int nargs, TupleObj *kw)                            \
    {                                                                                            \
        if (!vm_method_args(vm, args, nargs, kw, vm->t_float, name, 0)) return V_EXC;            \
        double x = self_double(vm, args[0]);                                                     \
        return fn(vm, x);                                                                        \
    }
FLOAT_UNARY(X)
#undef X
#define X(c, name, fn)                                                                           \
    static Value get_##c(VM *vm, Value *args, int nargs, TupleObj *kw)                           \
    {                                                                                            \
        (void)kw;                                                                                \
        if (!vm_check_self(vm, args, nargs, vm->t_float, name)) return V_EXC;                    \
        double x = self_double(vm, args[0]);                                                     \
        return fn(vm, x);                                                                        \
    }
FLOAT_GETTERS(X)
#undef X

static Value m_format(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_float, "__format__", 1)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "__format__() argument must be str, not %s", TNAME(args[1]));
    StrObj *spec = AS_STR(args[1]);
    if (spec->len == 0) return vm_str(vm, SELF);
    double x = self_double(vm, SELF);
    FmtSpec fs;
    char err[256];
    StrBuf out;
    sb_init(&out);
    if (!fmt_parse_spec(spec->data, spec->len, TNAME(SELF), &fs, err, sizeof err) ||
        !fmt_float(&out, x, &fs, err, sizeof err)) {
        bool oom = out.oom;
        sb_free(&out);
        return vm_raise_fmt_error(vm, err, oom);
    }
    return str_of_buf(vm, &out);
}

/* float.fromhex(s), a classmethod: [sign] ['0x'] hex digits ['.' hex digits] ['p' exponent], or inf / nan. */
static Value m_fromhex(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_float);
    if (!cls || !vm_check_fixed(vm, "fromhex", nargs - 1, kw, 1)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "fromhex() argument must be str, not %s", TNAME(args[1]));
    const char *s = AS_STR(args[1])->data;
    size_t len = AS_STR(args[1])->len;
    while (len && is_space(*s)) s++, len--;
    while (len && is_space(s[len - 1])) len--;
    double d;
    size_t n = scan_float(s, len, &d);
    bool ok = n == len && len > 0 && !isfinite(d);   /* inf and nan read as float() reads them */
    if (!ok && len) {
        /* hand strtod "0x..." with its own syntax checked first: strtod would also take decimals */
        char buf[600];
        size_t i = 0, o = 0;
        bool neg = false;
        if (s[i] == '+' || s[i] == '-') neg = s[i++] == '-';
        if (len - i >= 2 && s[i] == '0' && (s[i + 1] | 0x20) == 'x') i += 2;
        size_t digits = 0;
        o += (size_t)snprintf(buf, sizeof buf, "%s0x", neg ? "-" : "");
        for (; i < len && isxdigit((unsigned char)s[i]) && o < sizeof buf - 40; i++, digits++) buf[o++] = s[i];
        if (i < len && s[i] == '.') {
            buf[o++] = s[i++];
            for (; i < len && isxdigit((unsigned char)s[i]) && o < sizeof buf - 40; i++, digits++) buf[o++] = s[i];
        }
        if (digits && i < len && (s[i] | 0x20) == 'p') {
            buf[o++] = 'p';
            i++;
            if (i < len && (s[i] == '+' || s[i] == '-')) buf[o++] = s[i++];
            size_t e0 = i;
            for (; i < len && isdigit((unsigned char)s[i]) && o < sizeof buf - 2; i++) buf[o++] = s[i];
            if (i == e0) digits = 0;
        }
        buf[o] = 0;
        if (digits && i == len) {
            d = strtod(buf, NULL);
            if (isinf(d))
                return vm_raise(vm, vm->e_OverflowError, "hexadecimal value too large to represent as a float");
            ok = true;
        }
    }
    if (!ok) return vm_raise(vm, vm->e_ValueError, "invalid hexadecimal floating-point string");
    if (cls == vm->t_float) return v_double(d);
    Value f = v_double(d);
    return vm_call(vm, v_obj(cls), &f, 1, NULL);
}

static const struct {
    const char *name;
    NativeFn fn;
} float_methods[] = {
#define X(name, op) {"__" #name "__", m_##name}, {"__r" #name "__", m_r##name},
    FLOAT_BINOPS(X)
#undef X
#define X(name, op) {"__" #name "__", m_##name},
    FLOAT_CMPOPS(X)
#undef X
#define X(c, name, fn) {name, um_##c},
    FLOAT_UNARY(X)
#undef X
    {"__pow__", m_pow}, {"__rpow__", m_rpow}, {"__divmod__", m_divmod}, {"__rdivmod__", m_rdivmod},
    {"__round__", m_round}, {"__format__", m_format}, {"__new__", float_new},
};

/* ---- complex */

typedef struct {
    double re, im;
} Cplx;

static Value new_complex_of(VM *vm, TypeObj *type, double re, double im)
{
    ComplexObj *o = vm_alloc(vm, type, sizeof *o);
    if (!o) return V_EXC;
    o->re = re;
    o->im = im;
    return v_obj(o);
}

Value vm_new_complex(VM *vm, double re, double im) { return new_complex_of(vm, vm->t_complex, re, im); }

/* A complex operand: 1 read, 0 not a number, -1 error (an int too large). */
static int complex_of(VM *vm, Value v, Cplx *c)
{
    if (v_has_layout(v, LAYOUT_COMPLEX)) {
        *c = (Cplx){((ComplexObj *)AS_OBJ(v))->re, ((ComplexObj *)AS_OBJ(v))->im};
        return 1;
    }
    c->im = 0.0;
    if (!real_kind(vm, v)) return 0;
    return vm_to_double(vm, v, &c->re) ? 1 : -1;
}

static Cplx c_prod(Cplx a, Cplx b) { return (Cplx){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }

/* _Py_c_quot: Smith's method; *zero set when b is 0. */
static Cplx c_quot(Cplx a, Cplx b, bool *zero)
{
    double abs_br = fabs(b.re), abs_bi = fabs(b.im);
    *zero = false;
    if (abs_br >= abs_bi) {
        if (abs_br == 0.0) {
            *zero = true;
            return (Cplx){0.0, 0.0};
        }
        double ratio = b.im / b.re, denom = b.re + b.im * ratio;
        return (Cplx){(a.re + a.im * ratio) / denom, (a.im - a.re * ratio) / denom};
    }
    if (abs_bi >= abs_br) {
        double ratio = b.re / b.im, denom = b.re * ratio + b.im;
        return (Cplx){(a.re * ratio + a.im) / denom, (a.im * ratio - a.re) / denom};
    }
    return (Cplx){NAN, NAN};   /* a NaN in b */
}

/* _Py_c_pow; *dom set for 0 to a negative or complex power. */
static Cplx c_pow(Cplx a, Cplx b, bool *dom)
{
    *dom = false;
    if (b.re == 0.0 && b.im == 0.0) return (Cplx){1.0, 0.0};
    if (a.re == 0.0 && a.im == 0.0) {
        if (b.im != 0.0 || b.re < 0.0) *dom = true;
        return (Cplx){0.0, 0.0};
    }
    double vabs = hypot(a.re, a.im), len = pow(vabs, b.re), at = atan2(a.im, a.re), phase = at * b.re;
    if (b.im != 0.0) {
        len /= exp(at * b.im);
        phase += b.im * log(vabs);
    }
    return (Cplx){len * cos(phase), len * sin(phase)};
}

/* c_powu: binary powering for a positive integer exponent */
static Cplx c_powu(Cplx x, long n)
{
    Cplx r = {1.0, 0.0}, p = x;
    for (long mask = 1; mask > 0 && n >= mask; mask <<= 1) {
        if (n & mask) r = c_prod(r, p);
        p = c_prod(p, p);
    }
    return r;
}

static Value complex_pow(VM *vm, double ar, double ai, double br, double bi)
{
    Cplx a = {ar, ai}, b = {br, bi}, p;
    bool dom = false;
    if (b.im == 0.0 && b.re == floor(b.re) && fabs(b.re) <= 100.0) {
        long n = (long)b.re;
        p = n > 0 ? c_powu(a, n) : c_quot((Cplx){1.0, 0.0}, c_powu(a, -n), &dom);
    } else {
        p = c_pow(a, b, &dom);
    }
    if (dom) return vm_raise(vm, vm->e_ZeroDivisionError, "0.0 to a negative or complex power");
    if (isinf(p.re) || isinf(p.im)) return vm_raise(vm, vm->e_OverflowError, "complex exponentiation");
    return vm_new_complex(vm, p.re, p.im);
}

static Value c_add(VM *vm, Cplx a, Cplx b) { return vm_new_complex(vm, a.re + b.re, a.im + b.im); }
static Value c_sub(VM *vm, Cplx a, Cplx b) { return vm_new_complex(vm, a.re - b.re, a.im - b.im); }
static Value c_mul(VM *vm, Cplx a, Cplx b)
{
    Cplx p = c_prod(a, b);
    return vm_new_complex(vm, p.re, p.im);
}
static Value c_div(VM *vm, Cplx a, Cplx b)
{
    bool zero;
    Cplx q = c_quot(a, b, &zero);
    if (zero) return vm_raise(vm, vm->e_ZeroDivisionError, "complex division by zero");
    return vm_new_complex(vm, q.re, q.im);
}
static Value c_powv(VM *vm, Cplx a, Cplx b) { return complex_pow(vm, a.re, a.im, b.re, b.im); }

typedef Value (*ComplexBinFn)(VM *vm, Cplx a, Cplx b);

/* X(name, function) */
#define COMPLEX_BINOPS(X) X(add, c_add) X(sub, c_sub) X(mul, c_mul) X(truediv, c_div) X(pow, c_powv)

static Value complex_binary(VM *vm, Value a, Value b, ComplexBinFn fn)
{
    Cplx x, y;
    /* both operands checked before either converts: an int too large for a
     * float must not raise when the other operand is not a number at all */
    if ((!v_has_layout(a, LAYOUT_COMPLEX) && !real_kind(vm, a)) ||
        (!v_has_layout(b, LAYOUT_COMPLEX) && !real_kind(vm, b)))
        return V_NOTIMPL;
    if (complex_of(vm, a, &x) < 0 || complex_of(vm, b, &y) < 0) return V_EXC;
    return fn(vm, x, y);
}

#define X(name, fn)                                                                              \
    static Value cm_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                         \
    {                                                                                            \
        if (!vm_check_self(vm, args, nargs, vm->t_complex, "__" #name "__") ||                   \
            !vm_check_nargs(vm, "__" #name "__", nargs - 1, kw, 1, 1 + (fn == c_powv)))          \
            return V_EXC;                                                                        \
        if (nargs > 2 && args[2] != V_NONE) return vm_raise(vm, vm->e_ValueError, "complex modulo"); \
        return complex_binary(vm, args[0], args[1], fn);                                         \
    }                                                                                            \
    static Value cm_r##name(VM *vm, Value *args, int nargs, TupleObj *kw)                        \
    {                                                                                            \
        if (!vm_check_self(vm, args, nargs, vm->t_complex, "__r" #name "__") ||                  \
            !vm_check_nargs(vm, "__r" #name "__", nargs - 1, kw, 1, 1 + (fn == c_powv)))         \
            return V_EXC;                                                                        \
        if (nargs > 2 && args[2] != V_NONE) return vm_raise(vm, vm->e_ValueError, "complex modulo"); \
        return complex_binary(vm, args[1], args[0], fn);                                         \
    }
COMPLEX_BINOPS(X)
#undef X

/* == and != only: complex numbers have no order. An int compares exactly
 * with the real part when the imaginary part is zero. */
static Value complex_eq(VM *vm, Value a, Value b, bool negate)
{
    Cplx x = {((ComplexObj *)AS_OBJ(a))->re, ((ComplexObj *)AS_OBJ(a))->im};
    bool eq;
    if (v_has_layout(b, LAYOUT_COMPLEX)) {
        eq = x.re == ((ComplexObj *)AS_OBJ(b))->re && x.im == ((ComplexObj *)AS_OBJ(b))->im;
    } else {
        double y;
        if (!float_of(vm, b, &y) && !vm_is_int(vm, b)) return V_NOTIMPL;
        eq = x.im == 0.0 && vm_num_compare(vm, AST_Eq, v_double(x.re), b) == V_TRUE;
    }
    return v_bool(eq != negate);
}

static Value cm_eq(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_complex, "__eq__", 1)) return V_EXC;
    return complex_eq(vm, SELF, args[1], false);
}

static Value cm_ne(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_complex, "__ne__", 1)) return V_EXC;
    return complex_eq(vm, SELF, args[1], true);
}

/* A part of a complex repr: repr_float without its '.0', with a sign when asked. */
static void put_part(StrBuf *b, double x, bool sign)
{
    size_t start = b->len;
    if (sign && !signbit(x)) sb_putc(b, '+');
    if (isnan(x)) {
        sb_puts(b, "nan");
        return;
    }
    repr_float(b, x);
    if (!b->oom && b->len - start >= 2 && !memcmp(b->data + b->len - 2, ".0", 2)) b->len -= 2;
}

static Value c_repr(VM *vm, Cplx c)
{
    StrBuf b;
    sb_init(&b);
    if (c.re == 0.0 && !signbit(c.re)) {
        put_part(&b, c.im, false);
        sb_putc(&b, 'j');
    } else {
        sb_putc(&b, '(');
        put_part(&b, c.re, false);
        put_part(&b, c.im, true);
        sb_puts(&b, "j)");
    }
    return str_of_buf(vm, &b);
}

static Value c_abs(VM *vm, Cplx c)
{
    if (isinf(c.re) || isinf(c.im)) return v_double(INFINITY);
    if (isnan(c.re) || isnan(c.im)) return v_double(NAN);
    double r = hypot(c.re, c.im);
    if (isinf(r)) return vm_raise(vm, vm->e_OverflowError, "absolute value too large");
    return v_double(r);
}

static Value c_hash(VM *vm, Cplx c)
{
    uint64_t h = (uint64_t)vm_float_hash(c.re) + HASH_IMAG * (uint64_t)vm_float_hash(c.im);
    if (h == (uint64_t)-1) h = (uint64_t)-2;
    return vm_int_from_i64(vm, (int64_t)h);
}

static Value c_neg(VM *vm, Cplx c) { return vm_new_complex(vm, -c.re, -c.im); }
static Value c_pos(VM *vm, Cplx c) { return vm_new_complex(vm, c.re, c.im); }
static Value c_conj(VM *vm, Cplx c) { return vm_new_complex(vm, c.re, -c.im); }
static Value c_bool(VM *vm, Cplx c) { (void)vm; return v_bool(c.re != 0.0 || c.im != 0.0); }
static Value c_real(VM *vm, Cplx c) { (void)vm; return v_double(c.re); }
static Value c_imag(VM *vm, Cplx c) { (void)vm; return v_double(c.im); }

#define COMPLEX_UNARY(X)                                                                         \
    X(neg, "__neg__", c_neg) X(pos, "__pos__", c_pos) X(abs, "__abs__", c_abs)                  \
    X(bool, "__bool__", c_bool) X(hash, "__hash__", c_hash) X(repr, "__repr__", c_repr)         \
    X(conjugate, "conjugate", c_conj)
#define COMPLEX_GETTERS(X) X(real, "real", c_real) X(imag, "imag", c_imag)

static Cplx cplx(Value v) { return (Cplx){((ComplexObj *)AS_OBJ(v))->re, ((ComplexObj *)AS_OBJ(v))->im}; }

#define X(c, name, fn)                                                                           \
    static Value cu_##c(VM *vm, Value *args, int nargs, TupleObj *kw)                            \
    {                                                                                            \
        if (!vm_method_args(vm, args, nargs, kw, vm->t_complex, name, 0)) return V_EXC;          \
        return fn(vm, cplx(args[0]));                                                            \
    }
COMPLEX_UNARY(X)
#undef X
#define X(c, name, fn)                                                                           \
    static Value cg_##c(VM *vm, Value *args, int nargs, TupleObj *kw)                            \
    {                                                                                            \
        (void)kw;                                                                                \
        return vm_check_self(vm, args, nargs, vm->t_complex, name) ? fn(vm, cplx(args[0])) : V_EXC; \
    }
COMPLEX_GETTERS(X)
#undef X

/* format(z, spec), CPython's format_complex_internal: each part formatted
 * as a float (no type: as repr, in parentheses unless the real part is +0),
 * the imaginary one signed, then the whole padded. */
static Value cm_format(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_complex, "__format__", 1)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "__format__() argument must be str, not %s", TNAME(args[1]));
    StrObj *spec = AS_STR(args[1]);
    if (spec->len == 0) return vm_str(vm, SELF);
    Cplx c = cplx(SELF);
    FmtSpec fs;
    char err[256];
    if (!fmt_parse_spec(spec->data, spec->len, TNAME(SELF), &fs, err, sizeof err))
        return vm_raise_fmt_error(vm, err, false);
    if (fs.zero_pad) return vm_raise(vm, vm->e_ValueError, "Zero padding is not allowed in complex format specifier");
    if (fs.align == '=')
        return vm_raise(vm, vm->e_ValueError, "'=' alignment flag is not allowed in complex format specifier");
    if (fs.type && !strchr("eEfFgGn", (int)fs.type))
        return vm_raise(vm, vm->e_ValueError, "Unknown format code '%c' for object of type 'complex'", (int)fs.type);
    bool as_repr = fs.type == 0 && fs.precision < 0;
    bool skip_re = fs.type == 0 && c.re == 0.0 && !signbit(c.re), parens = fs.type == 0 && !skip_re;
    FmtSpec part = fs;
    part.width = -1;
    part.align = 0;
    part.type = fs.type == 0 || fs.type == 'n' ? 'g' : fs.type;
    StrBuf b;
    sb_init(&b);
    bool ok = true;
    if (parens) sb_putc(&b, '(');
    if (!skip_re) {
        if (as_repr) {
            if ((fs.sign == '+' || fs.sign == ' ') && !signbit(c.re)) sb_putc(&b, fs.sign);
            put_part(&b, c.re, false);
        } else {
            ok = fmt_float(&b, c.re, &part, err, sizeof err);
        }
    }
    part.sign = skip_re ? fs.sign : '+';
    if (ok && as_repr) {
        if (skip_re && fs.sign == ' ' && !signbit(c.im)) sb_putc(&b, ' ');
        put_part(&b, c.im, !skip_re || fs.sign == '+');
    } else if (ok) {
        ok = fmt_float(&b, c.im, &part, err, sizeof err);
    }
    sb_putc(&b, 'j');
    if (parens) sb_putc(&b, ')');
    if (!ok || b.oom) {
        bool oom = b.oom;
        sb_free(&b);
        return vm_raise_fmt_error(vm, err, oom);
    }
    StrBuf out;
    sb_init(&out);
    fmt_pad(&out, b.data, b.len, fs.fill, fs.align ? fs.align : '>', fs.width);
    sb_free(&b);
    return vm_sb_finish(vm, &out);
}

/* complex(text): <float>, <float>j, <float><signed float>j, and the old
 * forms <float><sign>j, <sign>j, j; optionally in parentheses. */
static bool parse_complex(const char *s, size_t len, Cplx *out)
{
    while (len && is_space(*s)) s++, len--;
    while (len && is_space(s[len - 1])) len--;
    if (len >= 2 && s[0] == '(' && s[len - 1] == ')') {
        s++, len -= 2;
        while (len && is_space(*s)) s++, len--;
        while (len && is_space(s[len - 1])) len--;
    }
    size_t i = 0;
    double x, y;
    *out = (Cplx){0.0, 0.0};
    size_t n = scan_float(s, len, &x);
    if (n) {
        i = n;
        if (i < len && (s[i] | 0x20) == 'j') {
            out->im = x;
            i++;
        } else if (i < len && (s[i] == '+' || s[i] == '-')) {
            out->re = x;
            size_t m = scan_float(s + i, len - i, &y);
            if (m) {
                out->im = y;
                i += m;
            } else {
                out->im = s[i] == '+' ? 1.0 : -1.0;
                i++;
            }
            if (i >= len || (s[i] | 0x20) != 'j') return false;
            i++;
        } else {
            out->re = x;
        }
    } else {
        if (i < len && (s[i] == '+' || s[i] == '-')) out->im = s[i++] == '-' ? -1.0 : 1.0;
        else out->im = 1.0;
        if (i >= len || (s[i] | 0x20) != 'j') return false;
        i++;
    }
    return i == len;
}

/* One argument of complex(): a complex (*is_complex), or a real number. */
static bool complex_arg(VM *vm, Value v, Cplx *c, bool *is_complex, const char *which)
{
    *is_complex = false;
    if (v_has_layout(v, LAYOUT_COMPLEX)) {
        *c = cplx(v);
        *is_complex = true;
        return true;
    }
    Value m = vm_type_lookup(vm_type_of(vm, v), vm->s___complex__);
    if (m != V_UNBOUND && m != V_NONE) {
        Value r = vm_call(vm, m, &v, 1, NULL);
        if (r == V_EXC) return false;
        if (!v_has_layout(r, LAYOUT_COMPLEX)) {
            vm_raise(vm, vm->e_TypeError, "__complex__ returned non-complex (type %s)", TNAME(r));
            return false;
        }
        *c = cplx(r);
        *is_complex = true;
        return true;
    }
    c->im = 0.0;
    TypeObj *t = vm_type_of(vm, v);
    double d;
    if (!float_of(vm, v, &d) && !vm_is_int(vm, v) && vm_type_lookup(t, vm->s___float__) == V_UNBOUND &&
        vm_type_lookup(t, vm->s___index__) == V_UNBOUND) {
        vm_raise(vm, vm->e_TypeError, "complex() %s, not '%s'", which, TNAME(v));
        return false;
    }
    return vm_to_double(vm, v, &c->re);
}

/* complex.__new__(cls, real=0, imag=0) */
static Value complex_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"real", "imag"};
    Value a[2];
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_complex);
    if (!cls || !vm_parse_args(vm, "complex", args + 1, nargs - 1, kw, names, 2, 2, 0, a)) return V_EXC;
    Value r = a[0], i = a[1];
    Cplx cr = {0.0, 0.0}, ci = {0.0, 0.0};
    bool cr_complex = false, ci_complex = false;
    if (r != V_UNBOUND && v_has_layout(r, LAYOUT_STR)) {
        if (i != V_UNBOUND)
            return vm_raise(vm, vm->e_TypeError, "complex() can't take second arg if first is a string");
        if (!parse_complex(AS_STR(r)->data, AS_STR(r)->len, &cr))
            return vm_raise(vm, vm->e_ValueError, "complex() arg is a malformed string");
        return new_complex_of(vm, cls, cr.re, cr.im);
    }
    if (i != V_UNBOUND && v_has_layout(i, LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "complex() second arg can't be a string");
    if (r != V_UNBOUND) {
        if (cls == vm->t_complex && i == V_UNBOUND && v_has_layout(r, LAYOUT_COMPLEX) &&
            AS_OBJ(r)->type == vm->t_complex)
            return r;
        if (!complex_arg(vm, r, &cr, &cr_complex, "first argument must be a string or a number")) return V_EXC;
    }
    if (i == V_UNBOUND) {
        ci.re = cr.im;
    } else if (!complex_arg(vm, i, &ci, &ci_complex, "second argument must be a number")) {
        return V_EXC;
    }
    /* CPython's correction for arguments that are themselves complex */
    if (ci_complex) cr.re -= ci.im;
    if (cr_complex && i != V_UNBOUND) ci.re += cr.im;
    return new_complex_of(vm, cls, cr.re, ci.re);
}

static const struct {
    const char *name;
    NativeFn fn;
} complex_methods[] = {
#define X(name, fn) {"__" #name "__", cm_##name}, {"__r" #name "__", cm_r##name},
    COMPLEX_BINOPS(X)
#undef X
#define X(c, name, fn) {name, cu_##c},
    COMPLEX_UNARY(X)
#undef X
    {"__eq__", cm_eq}, {"__ne__", cm_ne}, {"__format__", cm_format}, {"__new__", complex_new},
};

void vm_init_float(VM *vm)
{
    for (size_t i = 0; i < sizeof float_methods / sizeof float_methods[0]; i++)
        vm_add_method(vm, vm->t_float, float_methods[i].name, float_methods[i].fn);
#define X(c, name, fn) vm_add_getter(vm, vm->t_float, name, get_##c);
    FLOAT_GETTERS(X)
#undef X
    vm_add_classmethod(vm, vm->t_float, "fromhex", m_fromhex);
    for (size_t i = 0; i < sizeof complex_methods / sizeof complex_methods[0]; i++)
        vm_add_method(vm, vm->t_complex, complex_methods[i].name, complex_methods[i].fn);
#define X(c, name, fn) vm_add_getter(vm, vm->t_complex, name, cg_##c);
    COMPLEX_GETTERS(X)
#undef X
}

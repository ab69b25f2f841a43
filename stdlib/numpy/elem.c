/* numpy's element types: the type table, half precision, reading and writing
 * one element with C's conversions, and Python values to and from elements. */
#include <math.h>
#include <stdio.h>

#include "np.h"

const NpTypeInfo np_types[NP_NTYPES] = {
#define X(e, ct, name, kind, ch, size) [NP_##e] = {name, kind, ch, size},
    NP_DTYPES(X)
#undef X
};

/* ---- half precision ---------------------------------------------------------- */

float np_half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1F, man = h & 0x3FF, bits;
    if (exp == 0) {
        if (man == 0) bits = sign;
        else {                                   /* subnormal: normalize */
            int e = -1;
            do {
                e++;
                man <<= 1;
            } while (!(man & 0x400));
            bits = sign | ((uint32_t)(127 - 15 - e) << 23) | ((man & 0x3FF) << 13);
        }
    } else if (exp == 31) bits = sign | 0x7F800000u | (man << 13);
    else bits = sign | ((exp + 127 - 15) << 23) | (man << 13);
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

/* Rounds the double d to half with round-to-nearest-even directly (not
 * through float, which would round twice). */
uint16_t np_double_to_half(double d)
{
    uint64_t bits;
    memcpy(&bits, &d, 8);
    uint16_t sign = (uint16_t)((bits >> 48) & 0x8000);
    int exp = (int)((bits >> 52) & 0x7FF);
    uint64_t man = bits & 0xFFFFFFFFFFFFFull;
    if (exp == 0x7FF) return man ? (uint16_t)(sign | 0x7E00) : (uint16_t)(sign | 0x7C00);
    int e = exp - 1023 + 15;
    if (e >= 31) return sign | 0x7C00;           /* overflow: inf */
    if (e <= 0) {                                /* subnormal half or zero */
        if (e < -10) return sign;
        man |= 1ull << 52;
        int shift = 52 - 10 + 1 - e;             /* bits dropped */
        uint64_t h = man >> shift, rem = man & ((1ull << shift) - 1), half = 1ull << (shift - 1);
        if (rem > half || (rem == half && (h & 1))) h++;
        return (uint16_t)(sign | h);
    }
    uint64_t h = man >> 42, rem = man & ((1ull << 42) - 1), half = 1ull << 41;
    uint32_t r = ((uint32_t)e << 10) | (uint32_t)h;
    if (rem > half || (rem == half && (r & 1))) r++;   /* may carry into the exponent: fine */
    return (uint16_t)(sign | r);
}

uint16_t np_float_to_half(float f) { return np_double_to_half((double)f); }

/* ---- one element ------------------------------------------------------------ */

#define LOAD(p, T) (*(const T *)(p))

double np_get_f64(const void *p, int t)
{
    switch (t) {
    case NP_BOOL: return LOAD(p, bool_t) != 0;
    case NP_INT8: return LOAD(p, int8_t);
    case NP_INT16: return LOAD(p, int16_t);
    case NP_INT32: return LOAD(p, int32_t);
    case NP_INT64: return (double)LOAD(p, int64_t);
    case NP_UINT8: return LOAD(p, uint8_t);
    case NP_UINT16: return LOAD(p, uint16_t);
    case NP_UINT32: return LOAD(p, uint32_t);
    case NP_UINT64: return (double)LOAD(p, uint64_t);
    case NP_FLOAT16: return np_half_to_float(LOAD(p, uint16_t));
    case NP_FLOAT32: return LOAD(p, float);
    default: return LOAD(p, double);
    }
}

/* float to int64 as the CPU's cvttsd2si does: out of range and NaN give INT64_MIN. */
static int64_t f2i(double d) { return d >= -9223372036854775808.0 && d < 9223372036854775808.0 ? (int64_t)d : INT64_MIN; }
static uint64_t f2u(double d)
{
    if (d >= 0 && d < 18446744073709551616.0) return (uint64_t)d;
    if (d < 0 && d > -9223372036854775808.0) return (uint64_t)(int64_t)d;
    return 1ull << 63;
}

int64_t np_get_i64(const void *p, int t)
{
    switch (t) {
    case NP_BOOL: return LOAD(p, bool_t) != 0;
    case NP_INT8: return LOAD(p, int8_t);
    case NP_INT16: return LOAD(p, int16_t);
    case NP_INT32: return LOAD(p, int32_t);
    case NP_INT64: return LOAD(p, int64_t);
    case NP_UINT8: return LOAD(p, uint8_t);
    case NP_UINT16: return LOAD(p, uint16_t);
    case NP_UINT32: return LOAD(p, uint32_t);
    case NP_UINT64: return (int64_t)LOAD(p, uint64_t);
    default: return f2i(np_get_f64(p, t));
    }
}

uint64_t np_get_u64(const void *p, int t)
{
    if (np_is_float(t)) return f2u(np_get_f64(p, t));
    return (uint64_t)np_get_i64(p, t);
}

#define STORE(p, T, v) (*(T *)(p) = (T)(v))

void np_set_i64(void *p, int t, int64_t i)
{
    switch (t) {
    case NP_BOOL: STORE(p, bool_t, i != 0); break;
    case NP_INT8: STORE(p, int8_t, (uint8_t)i); break;
    case NP_INT16: STORE(p, int16_t, (uint16_t)i); break;
    case NP_INT32: STORE(p, int32_t, (uint32_t)i); break;
    case NP_INT64: STORE(p, int64_t, i); break;
    case NP_UINT8: STORE(p, uint8_t, i); break;
    case NP_UINT16: STORE(p, uint16_t, i); break;
    case NP_UINT32: STORE(p, uint32_t, i); break;
    case NP_UINT64: STORE(p, uint64_t, i); break;
    case NP_FLOAT16: STORE(p, uint16_t, np_double_to_half((double)i)); break;
    case NP_FLOAT32: STORE(p, float, i); break;
    default: STORE(p, double, i); break;
    }
}

void np_set_u64(void *p, int t, uint64_t u)
{
    switch (t) {
    case NP_FLOAT16: STORE(p, uint16_t, np_double_to_half((double)u)); break;
    case NP_FLOAT32: STORE(p, float, u); break;
    case NP_FLOAT64: STORE(p, double, u); break;
    default: np_set_i64(p, t, (int64_t)u); break;
    }
}

void np_set_f64(void *p, int t, double d)
{
    switch (t) {
    case NP_BOOL: STORE(p, bool_t, d != 0); break;
    case NP_FLOAT16: STORE(p, uint16_t, np_double_to_half(d)); break;
    case NP_FLOAT32: STORE(p, float, d); break;
    case NP_FLOAT64: STORE(p, double, d); break;
    case NP_UINT64: STORE(p, uint64_t, f2u(d)); break;
    case NP_UINT32: STORE(p, uint32_t, (uint32_t)f2i(d)); break;
    default: np_set_i64(p, t, f2i(d)); break;
    }
}

void np_cast_elem(void *dp, int dt, const void *sp, int stype)
{
    if (dt == stype) {
        memcpy(dp, sp, np_types[dt].size);
        return;
    }
    if (np_is_float(stype)) {
        if (stype == NP_FLOAT32 && dt == NP_FLOAT16) STORE(dp, uint16_t, np_float_to_half(LOAD(sp, float)));
        else np_set_f64(dp, dt, np_get_f64(sp, stype));
    } else if (stype == NP_UINT64) np_set_u64(dp, dt, LOAD(sp, uint64_t));
    else np_set_i64(dp, dt, np_get_i64(sp, stype));
}

/* ---- Python values ---------------------------------------------------------- */

Value np_elem_to_py(VM *vm, const void *p, int t)
{
    if (t == NP_BOOL) return v_bool(LOAD(p, bool_t) != 0);
    if (np_is_float(t)) return v_double(np_get_f64(p, t));
    if (t == NP_UINT64) {
        uint64_t u = LOAD(p, uint64_t);
        if (u <= (uint64_t)INT64_MAX) return vm_int_from_i64(vm, (int64_t)u);
        mpz_t z;
        mpz_init(z);
        mpz_import(z, 1, 1, sizeof u, 0, 0, &u);
        Value r = vm_int_from_mpz(vm, z);
        mpz_clear(z);
        return r;
    }
    return vm_int_from_i64(vm, np_get_i64(p, t));
}

/* Python int v into an integer element of type t, with numpy 2's range check. */
static bool int_to_elem(VM *vm, void *p, int t, Value v)
{
    mpz_t z;
    mpz_init(z);
    vm_int_to_mpz(v, z);
    bool ok;
    if (t == NP_BOOL) {
        ok = true;
        STORE(p, bool_t, mpz_sgn(z) != 0);
    } else if (np_is_float(t)) {
        ok = true;
        np_set_f64(p, t, mpz_get_d(z));
    } else {
        int bits = np_types[t].size * 8;
        mpz_t lo, hi;
        mpz_init(lo);
        mpz_init(hi);
        if (np_is_signed(t)) {
            mpz_ui_pow_ui(hi, 2, bits - 1);
            mpz_neg(lo, hi);
        } else mpz_ui_pow_ui(hi, 2, bits);
        ok = mpz_cmp(z, lo) >= 0 && mpz_cmp(z, hi) < 0;
        if (ok) {
            if (t == NP_UINT64) {
                uint64_t u = 0;
                size_t cnt = 0;
                mpz_export(&u, &cnt, -1, sizeof u, 0, 0, z);
                STORE(p, uint64_t, u);
            } else np_set_i64(p, t, mpz_get_si(z));
        } else {
            char *s = mpz_get_str(NULL, 10, z);
            vm_raise(vm, vm->e_OverflowError, "Python integer %s out of bounds for %s", s, np_types[t].name);
            free(s);
        }
        mpz_clear(lo);
        mpz_clear(hi);
    }
    mpz_clear(z);
    return ok;
}

bool np_py_to_elem(VM *vm, void *p, int t, Value v)
{
    if (v_is_double(v)) {
        np_set_f64(p, t, v_as_double(v));
        return true;
    }
    if (v_is_bool(v)) {
        np_set_i64(p, t, v == V_TRUE);
        return true;
    }
    if (v_is_int(v)) {
        int64_t i = v_as_int(v);
        if (t == NP_BOOL || np_is_float(t) || t == NP_INT64 || (t == NP_UINT64 && i >= 0)) {
            np_set_i64(p, t, i);
            return true;
        }
        return int_to_elem(vm, p, t, v);
    }
    if (np_is_nd(v)) {
        NdArray *a = AS_ND(v);
        if (a->size != 1) {
            if (a->size == 0 || a->ndim > 0)
                return vm_raise(vm, vm->e_ValueError, "setting an array element with a sequence."), false;
        }
        np_cast_elem(p, t, a->data, a->dtype);
        return true;
    }
    if (vm_is_int(vm, v)) return int_to_elem(vm, p, t, v);
    if (v_has_layout(v, LAYOUT_STR)) {
        StrObj *s = AS_STR(v);
        char *end;
        if (np_is_float(t)) {
            double d = strtod(s->data, &end);
            if (end != s->data && *end == 0) {
                np_set_f64(p, t, d);
                return true;
            }
        } else {
            long long i = strtoll(s->data, &end, 10);
            if (end != s->data && *end == 0) {
                np_set_i64(p, t, i);
                return true;
            }
        }
        vm_raise(vm, vm->e_ValueError, "could not convert string to %s: '%s'", np_is_float(t) ? "float" : "int",
                 s->data);
        return false;
    }
    if (v_has_layout(v, LAYOUT_COMPLEX)) {
        vm_raise(vm, vm->e_TypeError, "complex numbers are not supported by tirun's numpy");
        return false;
    }
    double d;
    if (np_is_float(t) || t == NP_BOOL) {
        if (t == NP_BOOL) {
            int b = vm_truthy(vm, v);
            if (b < 0) return false;
            STORE(p, bool_t, b);
            return true;
        }
        if (!vm_to_double(vm, v, &d)) return false;
        np_set_f64(p, t, d);
        return true;
    }
    int64_t i;
    if (vm_index(vm, v, &i)) {
        np_set_i64(p, t, i);
        return true;
    }
    vm->exc = V_NONE;
    if (!vm_to_double(vm, v, &d)) return false;
    np_set_f64(p, t, d);
    return true;
}

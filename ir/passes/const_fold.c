/* Constant folding: a unary or binary statement (casts included) whose
 * operands are constants becomes a constant, computed with exactly the
 * semantics the CPU backend gives it at run time (jit/codegen.c). What the
 * backend would compute differently, or that is not exactly specified (libm's
 * transcendental functions, f16 arithmetic done in f32 registers, division by
 * zero), is left for run time. */
#include "passes.h"

#include <math.h>
#include <string.h>

/* v (in the member t uses) reduced to t's canonical form, as the builder
 * stores constants: integers wrapped to their width and sign- or
 * zero-extended, f32 rounded. */
static IrConst canon(IrType t, IrConst v)
{
    if (ir_type_is_float(t)) {
        if (t != IR_F64) v.f = (double)(float)v.f;
        return v;
    }
    int bits = ir_type_bits(t);
    if (bits < 64) {
        uint64_t mask = ((uint64_t)1 << bits) - 1;
        v.u &= mask;
        if (ir_type_is_signed(t) && (v.u >> (bits - 1)) & 1) v.u |= ~mask;
    }
    return v;
}

/* x rounded to float type t (float arithmetic done in double and rounded
 * once is exact for + - * / sqrt: double has more than 2 * 24 + 2 bits),
 * flushed to zero when denormal as at run time (ir_flush_denormal). */
static double in_type(IrType t, double x)
{
    return ir_flush_denormal(t, t == IR_F64 ? x : (double)(float)x);
}

static int64_t sar(int64_t v, unsigned n) { return v < 0 ? ~(~v >> n) : v >> n; }

/* Integers: wrap-around, C's truncating div, Python's // and % (codegen's
 * int_divrem / int_floor_divmod: x // -1 is -x wrapped, x % -1 is 0), shift
 * counts modulo the width. Signed values are canonical (sign-extended). */
static bool fold_int(IrBinaryOp op, IrType t, IrConst a, IrConst b, IrConst *r)
{
    bool sgn = ir_type_is_signed(t);
    unsigned bits = (unsigned)ir_type_bits(t);
    uint64_t mask = bits < 64 ? ((uint64_t)1 << bits) - 1 : ~(uint64_t)0;
    unsigned n = (unsigned)(b.u & (bits - 1));
    bool is_div = op == IR_BIN_div || op == IR_BIN_floordiv || op == IR_BIN_mod;
    if (is_div && b.u == 0) return false;
    if (is_div && sgn && b.i == -1) {
        r->u = op == IR_BIN_mod ? 0 : 0 - a.u;
        return true;
    }
    switch (op) {
    case IR_BIN_add: r->u = a.u + b.u; return true;
    case IR_BIN_sub: r->u = a.u - b.u; return true;
    case IR_BIN_mul: r->u = a.u * b.u; return true;
    case IR_BIN_div:
        if (sgn) r->i = a.i / b.i;
        else r->u = a.u / b.u;
        return true;
    case IR_BIN_floordiv:
    case IR_BIN_mod:
        if (!sgn) {
            r->u = op == IR_BIN_mod ? a.u % b.u : a.u / b.u;
        } else {
            int64_t q = a.i / b.i, m = a.i % b.i;
            bool fix = m != 0 && (m < 0) != (b.i < 0);
            r->i = op == IR_BIN_mod ? (fix ? m + b.i : m) : (fix ? q - 1 : q);
        }
        return true;
    case IR_BIN_max: r->u = (sgn ? a.i > b.i : a.u > b.u) ? a.u : b.u; return true;
    case IR_BIN_min: r->u = (sgn ? a.i < b.i : a.u < b.u) ? a.u : b.u; return true;
    case IR_BIN_bit_and: r->u = a.u & b.u; return true;
    case IR_BIN_bit_or: r->u = a.u | b.u; return true;
    case IR_BIN_bit_xor: r->u = a.u ^ b.u; return true;
    case IR_BIN_bit_shl: r->u = a.u << n; return true;
    case IR_BIN_bit_shr: r->u = (a.u & mask) >> n; return true;
    case IR_BIN_bit_sar: {
        /* Arithmetic in the type's width, whatever its signedness. */
        int64_t v = (int64_t)(a.u << (64 - bits)) >> (64 - bits);
        r->i = sar(v, n);
        return true;
    }
    case IR_BIN_cmp_lt: r->i = sgn ? a.i < b.i : a.u < b.u; return true;
    case IR_BIN_cmp_le: r->i = sgn ? a.i <= b.i : a.u <= b.u; return true;
    case IR_BIN_cmp_gt: r->i = sgn ? a.i > b.i : a.u > b.u; return true;
    case IR_BIN_cmp_ge: r->i = sgn ? a.i >= b.i : a.u >= b.u; return true;
    case IR_BIN_cmp_eq: r->i = a.u == b.u; return true;
    case IR_BIN_cmp_ne: r->i = a.u != b.u; return true;
    case IR_BIN_logical_or: r->i = a.u != 0 || b.u != 0; return true;
    case IR_BIN_logical_and: r->i = a.u != 0 && b.u != 0; return true;
    default: return false;   /* integer pow is not implemented by the backend */
    }
}

/* Floats, each operation rounded in t. max / min are llvm.maxnum / minnum,
 * whose choice between -0 and +0 is unspecified: not folded. */
static bool fold_float(IrBinaryOp op, IrType t, double a, double b, IrConst *r)
{
    bool zero_div = b == 0 && (op == IR_BIN_truediv || op == IR_BIN_div || op == IR_BIN_floordiv ||
                               op == IR_BIN_mod);
    if (zero_div) return false;
    switch (op) {
    case IR_BIN_add: r->f = in_type(t, a + b); return true;
    case IR_BIN_sub: r->f = in_type(t, a - b); return true;
    case IR_BIN_mul: r->f = in_type(t, a * b); return true;
    case IR_BIN_truediv:
    case IR_BIN_div: r->f = in_type(t, a / b); return true;
    case IR_BIN_floordiv: r->f = floor(in_type(t, a / b)); return true;
    case IR_BIN_mod: {
        double q = floor(in_type(t, a / b));
        r->f = in_type(t, a - in_type(t, q * b));
        return true;
    }
    case IR_BIN_max:
    case IR_BIN_min:
        if (a == 0 && b == 0 && signbit(a) != signbit(b)) return false;
        r->f = op == IR_BIN_max ? fmax(a, b) : fmin(a, b);
        return true;
    case IR_BIN_cmp_lt: r->i = a < b; return true;
    case IR_BIN_cmp_le: r->i = a <= b; return true;
    case IR_BIN_cmp_gt: r->i = a > b; return true;
    case IR_BIN_cmp_ge: r->i = a >= b; return true;
    case IR_BIN_cmp_eq: r->i = a == b; return true;
    case IR_BIN_cmp_ne: r->i = a != b; return true;
    default: return false;
    }
}

/* cvttss2si / cvttsd2si: truncation toward zero, and the "integer indefinite"
 * (the width's minimum) for NaN and values out of range. */
static int64_t cvtt(double x, int bits)
{
    double tr = trunc(x), lim = ldexp(1, bits - 1);
    return isnan(x) || tr < -lim || tr >= lim ? (int64_t)((uint64_t)-1 << (bits - 1)) : (int64_t)tr;
}

/* Float to integer as the backend computes it (jit/codegen_ops.c
 * float_to_int, LLVM's x86-64 lowering made defined): narrow targets convert
 * to i32 and truncate, u32 converts to i64 and truncates, u64 combines x and
 * x - 2^63 (rounded in the source type from) converted to i64. */
static void float_to_int(IrType from, IrType to, double x, IrConst *r)
{
    int bits = ir_type_bits(to);
    if (ir_type_is_signed(to)) {
        r->i = cvtt(x, bits == 64 ? 64 : 32);
    } else if (bits < 32) {
        r->i = cvtt(x, 32);
    } else if (bits == 32) {
        r->i = cvtt(x, 64);
    } else {
        uint64_t lo = (uint64_t)cvtt(x, 64), hi = (uint64_t)cvtt(in_type(from, x - 0x1p63), 64);
        r->u = lo | (hi & (lo >> 63 ? ~(uint64_t)0 : 0));
    }
}

/* Reinterpret the bits of a (of type from) as type to, same width. NaNs stay
 * for run time: a double cannot carry every f32 NaN payload. */
static bool cast_bits(IrType from, IrType to, IrConst a, IrConst *r)
{
    uint64_t bits = a.u;
    if (from == IR_F32) {
        float f = (float)a.f;
        uint32_t w;
        memcpy(&w, &f, 4);
        bits = w;
    }
    if (ir_type_is_float(from) && isnan(a.f)) return false;
    if (to == IR_F32) {
        uint32_t w = (uint32_t)bits;
        float f;
        memcpy(&f, &w, 4);
        if (isnan(f)) return false;
        r->f = f;
    } else if (to == IR_F64) {
        memcpy(&r->f, &bits, 8);
        if (isnan(r->f)) return false;
    } else {
        r->u = bits;
    }
    return true;
}

static bool fold_cast(const IrStmt *s, IrConst a, IrConst *r)
{
    IrType from = s->ops[0]->type, to = s->type;
    if (s->u.unary == IR_UN_cast_bits) return cast_bits(from, to, a, r);
    bool ff = ir_type_is_float(from), tf = ir_type_is_float(to);
    if (to == IR_U1) {
        r->u = ff ? a.f != 0 : a.u != 0;   /* a truth test (jit_cg_cast_value) */
    } else if (!ff && !tf) {
        *r = a;   /* canonical: already extended by the source's signedness */
    } else if (ff && !tf) {
        float_to_int(from, to, a.f, r);
    } else if (!ff) {
        /* Convert once, straight to the target (no double rounding). */
        if (to == IR_F32)
            r->f = ir_type_is_signed(from) ? (float)a.i : (float)a.u;
        else
            r->f = ir_type_is_signed(from) ? (double)a.i : (double)a.u;
    } else {
        r->f = in_type(to, a.f);
    }
    return true;
}

static bool fold_unary(const IrStmt *s, IrConst a, IrConst *r)
{
    IrType t = s->ops[0]->type;
    bool fl = ir_type_is_float(t);
    switch (s->u.unary) {
    case IR_UN_cast_value:
    case IR_UN_cast_bits: return fold_cast(s, a, r);
    case IR_UN_neg:
        if (fl) r->f = -a.f;
        else r->u = 0 - a.u;
        return true;
    case IR_UN_abs:
        if (fl) r->f = fabs(a.f);
        else r->u = ir_type_is_signed(t) && a.i < 0 ? 0 - a.u : a.u;
        return true;
    case IR_UN_bit_not: r->u = ~a.u; return true;
    case IR_UN_logic_not: r->i = a.u == 0; return true;
    /* Correctly rounded everywhere, unlike libm's sin, exp, ... */
    case IR_UN_sqrt: r->f = in_type(t, sqrt(a.f)); return true;
    case IR_UN_floor: r->f = floor(a.f); return true;
    case IR_UN_ceil: r->f = ceil(a.f); return true;
    default: return false;
    }
}

/* The folded value of s, if it has one. */
static bool fold(const IrStmt *s, IrConst *r)
{
    for (int i = 0; i < s->nops; i++) {
        if (s->ops[i]->kind != IR_CONST || s->ops[i]->type == IR_F16) return false;
    }
    if (s->type == IR_F16) return false;
    IrConst a = s->ops[0]->u.val;
    if (s->kind == IR_UNARY) return fold_unary(s, a, r);
    IrType t = s->ops[0]->type;
    IrConst b = s->ops[1]->u.val;
    return ir_type_is_float(t) ? fold_float(s->u.binary, t, a.f, b.f, r) : fold_int(s->u.binary, t, a, b, r);
}

static bool fold_block(IrBlock *b)
{
    bool changed = false;
    for (IrStmt *s = b->first; s; s = s->next) {
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) changed |= fold_block(s->blocks[i]);
        IrConst r = {.u = 0};
        if ((s->kind != IR_UNARY && s->kind != IR_BINARY) || !fold(s, &r)) continue;
        /* The statement becomes the constant in place: its uses stay. */
        s->kind = IR_CONST;
        s->nops = 0;
        s->ops = NULL;
        s->u.val = canon(s->type, r);
        changed = true;
    }
    return changed;
}

bool ir_pass_const_fold(IrKernel *k) { return fold_block(k->root); }

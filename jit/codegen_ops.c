/* The value operators of the code generator: casts, unary and binary statements.
 * Integers compute in their own width; f16 computes as f32 and every f16 result
 * is rounded back to f16 precision, so that a value in a register always equals
 * what storing it would keep. */
#include "codegen_impl.h"

#include <stdio.h>
#include <string.h>

LLVMValueRef jit_cg_truth(Cg *g, LLVMValueRef v)
{
    return LLVMBuildICmp(g->b, LLVMIntNE, v, LLVMConstNull(LLVMTypeOf(v)), "");
}

/* Calls libm's name (double) or namef (float), taking n arguments of type t. */
static LLVMValueRef libm(Cg *g, const char *name, LLVMTypeRef t, LLVMValueRef *args, unsigned n)
{
    char full[32];
    snprintf(full, sizeof full, "%s%s", name, t == g->f32 ? "f" : "");
    LLVMTypeRef params[2] = {t, t};
    LLVMTypeRef ft = LLVMFunctionType(t, params, n, 0);
    LLVMValueRef f = LLVMGetNamedFunction(g->mod, full);
    if (!f)
        f = LLVMAddFunction(g->mod, full, ft);
    return LLVMBuildCall2(g->b, ft, f, args, n, "");
}

/* An f32 rounded to f16 precision. */
static LLVMValueRef round_f16(Cg *g, LLVMValueRef v)
{
    return LLVMBuildFPExt(g->b, LLVMBuildFPTrunc(g->b, v, g->half, ""), g->f32, "");
}

/* ---- casts */

/* cvttss2si / cvttsd2si into `bits` (32 or 64) bits: truncation, and the
 * width's minimum for NaN and out-of-range values. The select makes the result
 * defined where a bare fptosi would be poison (LLVM folds that to anything,
 * and vector lowerings differ from scalar ones). x >= -2^(bits-1) is exact in
 * either float type; values just below it truncate to the minimum anyway. */
static LLVMValueRef cvtt(Cg *g, LLVMValueRef x, unsigned bits)
{
    LLVMTypeRef ft = LLVMTypeOf(x), it = LLVMIntTypeInContext(g->c, bits);
    double lim = bits == 64 ? 0x1p63 : 0x1p31;
    LLVMValueRef lo = LLVMBuildFCmp(g->b, LLVMRealOGE, x, LLVMConstReal(ft, -lim), "");
    LLVMValueRef hi = LLVMBuildFCmp(g->b, LLVMRealOLT, x, LLVMConstReal(ft, lim), "");
    LLVMValueRef min = LLVMConstInt(it, (unsigned long long)1 << (bits - 1), 0);
    return LLVMBuildSelect(g->b, LLVMBuildAnd(g->b, lo, hi, ""), LLVMBuildFPToSI(g->b, x, it, ""), min, "");
}

/* A float to an integer type as LLVM lowers a run-time fptosi / fptoui on
 * x86-64 (what Taichi computes, and what const_fold folds to): narrow targets
 * through i32, u32 through i64, u64 from x and x - 2^63. i32 and i64 stay a
 * bare fptosi: x86's scalar and packed conversions both give the minimum
 * there, the range check would cost a third of a cast-heavy loop, and
 * const_fold has folded every constant operand before LLVM sees it. */
static LLVMValueRef float_to_int(Cg *g, LLVMValueRef x, IrType to, LLVMTypeRef rt)
{
    int bits = ir_type_bits(to);
    if (ir_type_is_signed(to) && bits >= 32)
        return LLVMBuildFPToSI(g->b, x, rt, "");
    if (bits == 64 && !ir_type_is_signed(to)) {
        LLVMValueRef lo = cvtt(g, x, 64);
        LLVMValueRef hi = cvtt(g, LLVMBuildFSub(g->b, x, LLVMConstReal(LLVMTypeOf(x), 0x1p63), ""), 64);
        LLVMValueRef sign = LLVMBuildAShr(g->b, lo, LLVMConstInt(g->i64, 63, 0), "");
        return LLVMBuildOr(g->b, lo, LLVMBuildAnd(g->b, hi, sign, ""), "");
    }
    LLVMValueRef r = cvtt(g, x, bits == 64 || (bits == 32 && !ir_type_is_signed(to)) ? 64 : 32);
    return LLVMTypeOf(r) == rt ? r : LLVMBuildTrunc(g->b, r, rt, "");
}

LLVMValueRef jit_cg_cast_value(Cg *g, LLVMValueRef v, IrType from, IrType to)
{
    if (from == to)
        return v;
    bool ff = ir_type_is_float(from), tf = ir_type_is_float(to);
    LLVMTypeRef rt = jit_cg_reg_type(g, to);
    /* to u1 is a truth test, as Taichi's bool: 6 and 0.5 become 1 */
    if (to == IR_U1)
        return ff ? LLVMBuildFCmp(g->b, LLVMRealUNE, v, LLVMConstNull(LLVMTypeOf(v)), "") : jit_cg_truth(g, v);
    if (!ff && !tf) {
        int fb = ir_type_bits(from), tb = ir_type_bits(to);
        if (fb == tb)
            return v;
        if (fb > tb)
            return LLVMBuildTrunc(g->b, v, rt, "");
        return ir_type_is_signed(from) ? LLVMBuildSExt(g->b, v, rt, "") : LLVMBuildZExt(g->b, v, rt, "");
    }
    if (ff && !tf)
        return float_to_int(g, v, to, rt);
    LLVMValueRef r;
    if (!ff)
        r = ir_type_is_signed(from) ? LLVMBuildSIToFP(g->b, v, rt, "") : LLVMBuildUIToFP(g->b, v, rt, "");
    else if (jit_cg_reg_type(g, from) == rt)
        r = v;
    else
        r = from == IR_F64 ? LLVMBuildFPTrunc(g->b, v, rt, "") : LLVMBuildFPExt(g->b, v, rt, "");
    return to == IR_F16 ? round_f16(g, r) : r;
}

static LLVMValueRef cast_bits(Cg *g, LLVMValueRef v, IrType from, IrType to)
{
    if (from == IR_F16)
        v = LLVMBuildFPTrunc(g->b, v, g->half, "");
    if (to == IR_F16)
        return LLVMBuildFPExt(g->b, LLVMBuildBitCast(g->b, v, g->half, ""), g->f32, "");
    return LLVMBuildBitCast(g->b, v, jit_cg_reg_type(g, to), "");
}

/* ---- unary */

/* Float functions: an LLVM intrinsic, or else a libm function. round is
 * llvm.round: halves away from zero, as Taichi rounds. */
static const struct {
    IrUnaryOp op;
    const char *intrinsic, *libm;
} float_fns[] = {
    {IR_UN_sqrt, "llvm.sqrt", NULL},   {IR_UN_sin, "llvm.sin", NULL},
    {IR_UN_cos, "llvm.cos", NULL},     {IR_UN_exp, "llvm.exp", NULL},
    {IR_UN_log, "llvm.log", NULL},     {IR_UN_floor, "llvm.floor", NULL},
    {IR_UN_ceil, "llvm.ceil", NULL},   {IR_UN_round, "llvm.round", NULL},
    {IR_UN_tan, NULL, "tan"},          {IR_UN_tanh, NULL, "tanh"},
    {IR_UN_asin, NULL, "asin"},        {IR_UN_acos, NULL, "acos"},
};

/* -1, 0 or 1 in x's type (0 for a float NaN). */
static LLVMValueRef sgn(Cg *g, LLVMValueRef x, IrType t)
{
    LLVMTypeRef lt = jit_cg_reg_type(g, t);
    LLVMValueRef pos, neg;
    if (ir_type_is_float(t)) {
        LLVMValueRef zero = LLVMConstNull(lt);
        pos = LLVMBuildFCmp(g->b, LLVMRealOGT, x, zero, "");
        neg = LLVMBuildFCmp(g->b, LLVMRealOLT, x, zero, "");
        return LLVMBuildFSub(g->b, LLVMBuildUIToFP(g->b, pos, lt, ""), LLVMBuildUIToFP(g->b, neg, lt, ""), "");
    }
    LLVMValueRef zero = LLVMConstNull(lt);
    if (!ir_type_is_signed(t))
        return LLVMBuildZExt(g->b, LLVMBuildICmp(g->b, LLVMIntNE, x, zero, ""), lt, "");
    pos = LLVMBuildICmp(g->b, LLVMIntSGT, x, zero, "");
    neg = LLVMBuildICmp(g->b, LLVMIntSLT, x, zero, "");
    return LLVMBuildSub(g->b, LLVMBuildZExt(g->b, pos, lt, ""), LLVMBuildZExt(g->b, neg, lt, ""), "");
}

bool jit_cg_unary(Cg *g, const IrStmt *s)
{
    IrType from = s->ops[0]->type;
    LLVMValueRef x = jit_cg_val(g, s->ops[0]), r = NULL;
    LLVMTypeRef t = jit_cg_reg_type(g, from);
    bool fl = ir_type_is_float(from);
    switch (s->u.unary) {
    case IR_UN_cast_value: g->vals[s->id] = jit_cg_cast_value(g, x, from, s->type); return true;
    case IR_UN_cast_bits: g->vals[s->id] = cast_bits(g, x, from, s->type); return true;
    case IR_UN_neg: r = fl ? LLVMBuildFNeg(g->b, x, "") : LLVMBuildNeg(g->b, x, ""); break;
    case IR_UN_bit_not: r = LLVMBuildNot(g->b, x, ""); break;
    case IR_UN_logic_not:
        r = LLVMBuildICmp(g->b, LLVMIntEQ, x, LLVMConstNull(t), "");
        break;
    case IR_UN_abs:
        if (fl)
            r = jit_cg_intrinsic(g, "llvm.fabs", t, &x, 1);
        else if (!ir_type_is_signed(from))
            r = x;
        else
            r = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, x, LLVMConstNull(t), ""),
                                LLVMBuildNeg(g->b, x, ""), x, "");
        break;
    case IR_UN_sgn: r = sgn(g, x, from); break;
    case IR_UN_popcnt: r = jit_cg_intrinsic(g, "llvm.ctpop", t, &x, 1); break;
    case IR_UN_clz: {
        LLVMValueRef args[2] = {x, LLVMConstInt(g->i1, 0, 0)};     /* clz(0) is the width */
        r = jit_cg_intrinsic(g, "llvm.ctlz", t, args, 2);
        break;
    }
    case IR_UN_rsqrt:
        r = LLVMBuildFDiv(g->b, LLVMConstReal(t, 1.0), jit_cg_intrinsic(g, "llvm.sqrt", t, &x, 1), "");
        break;
    default:
        for (size_t i = 0; i < sizeof float_fns / sizeof float_fns[0]; i++)
            if (float_fns[i].op == s->u.unary)
                r = float_fns[i].intrinsic ? jit_cg_intrinsic(g, float_fns[i].intrinsic, t, &x, 1)
                                           : libm(g, float_fns[i].libm, t, &x, 1);
        if (!r)
            return jit_cg_fail(g, s, "unary %s is not supported yet", ir_unary_op_name(s->u.unary));
    }
    if (s->type == IR_F16)
        r = round_f16(g, r);
    g->vals[s->id] = r;
    return true;
}

/* ---- binary */

/* Integer division that never traps: a zero divisor gives a (unspecified) value
 * instead of SIGFPE, and MIN / -1 wraps. *q and *r get a / b and a % b truncated. */
static void int_divrem(Cg *g, LLVMValueRef a, LLVMValueRef b, bool sgn, LLVMValueRef *q, LLVMValueRef *r)
{
    LLVMTypeRef t = LLVMTypeOf(a);
    LLVMValueRef one = LLVMConstInt(t, 1, 0);
    LLVMValueRef bad = LLVMBuildICmp(g->b, LLVMIntEQ, b, LLVMConstNull(t), "");
    LLVMValueRef minus1 = NULL;
    if (sgn) {
        minus1 = LLVMBuildICmp(g->b, LLVMIntEQ, b, LLVMConstAllOnes(t), "");
        bad = LLVMBuildOr(g->b, bad, minus1, "");
    }
    LLVMValueRef d = LLVMBuildSelect(g->b, bad, one, b, "");
    if (q) {
        *q = sgn ? LLVMBuildSDiv(g->b, a, d, "") : LLVMBuildUDiv(g->b, a, d, "");
        if (sgn)
            *q = LLVMBuildSelect(g->b, minus1, LLVMBuildNeg(g->b, a, ""), *q, "");
    }
    if (r)
        *r = sgn ? LLVMBuildSRem(g->b, a, d, "") : LLVMBuildURem(g->b, a, d, "");
}

/* Python's // and % on signed integers: when the remainder is nonzero and its
 * sign differs from the divisor's, the quotient is one less and the remainder
 * gains the divisor. */
static LLVMValueRef int_floor_divmod(Cg *g, LLVMValueRef a, LLVMValueRef b, bool want_mod)
{
    LLVMValueRef q, r;
    int_divrem(g, a, b, true, &q, &r);
    LLVMTypeRef t = LLVMTypeOf(a);
    LLVMValueRef zero = LLVMConstNull(t);
    LLVMValueRef nz = LLVMBuildICmp(g->b, LLVMIntNE, r, zero, "");
    LLVMValueRef signs = LLVMBuildICmp(g->b, LLVMIntSLT, LLVMBuildXor(g->b, r, b, ""), zero, "");
    LLVMValueRef fix = LLVMBuildAnd(g->b, nz, signs, "");
    if (want_mod)
        return LLVMBuildSelect(g->b, fix, LLVMBuildAdd(g->b, r, b, ""), r, "");
    return LLVMBuildSelect(g->b, fix, LLVMBuildSub(g->b, q, LLVMConstInt(t, 1, 0), ""), q, "");
}

/* a ** |n| on integers by repeated squaring, wrapping like C's unsigned
 * arithmetic; a negative exponent counts by its magnitude, as Taichi's demoted
 * pow does. Emitted as a loop: while n: if n & 1: r *= a; a *= a; n >>= 1. */
static LLVMValueRef int_pow(Cg *g, LLVMValueRef a, LLVMValueRef n, bool sgn)
{
    LLVMTypeRef t = LLVMTypeOf(a);
    LLVMValueRef zero = LLVMConstNull(t), one = LLVMConstInt(t, 1, 0);
    if (sgn)
        n = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, n, zero, ""), LLVMBuildNeg(g->b, n, ""), n, "");
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(g->b);
    LLVMBasicBlockRef head = jit_cg_block(g, "pow"), body = jit_cg_block(g, "pow.step"),
                      done = jit_cg_block(g, "pow.done");
    LLVMBuildBr(g->b, head);
    LLVMPositionBuilderAtEnd(g->b, head);
    LLVMValueRef r = LLVMBuildPhi(g->b, t, ""), base = LLVMBuildPhi(g->b, t, ""), e = LLVMBuildPhi(g->b, t, "");
    LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntNE, e, zero, ""), body, done);
    LLVMPositionBuilderAtEnd(g->b, body);
    LLVMValueRef odd = LLVMBuildICmp(g->b, LLVMIntNE, LLVMBuildAnd(g->b, e, one, ""), zero, "");
    LLVMValueRef r2 = LLVMBuildSelect(g->b, odd, LLVMBuildMul(g->b, r, base, ""), r, "");
    LLVMValueRef base2 = LLVMBuildMul(g->b, base, base, "");
    LLVMValueRef e2 = LLVMBuildLShr(g->b, e, one, "");
    LLVMBuildBr(g->b, head);
    LLVMAddIncoming(r, (LLVMValueRef[]){one, r2}, (LLVMBasicBlockRef[]){pre, body}, 2);
    LLVMAddIncoming(base, (LLVMValueRef[]){a, base2}, (LLVMBasicBlockRef[]){pre, body}, 2);
    LLVMAddIncoming(e, (LLVMValueRef[]){n, e2}, (LLVMBasicBlockRef[]){pre, body}, 2);
    LLVMPositionBuilderAtEnd(g->b, done);
    return r;
}

/* max(a, b) = a > b or b is NaN ? a : b (min: a < b), a compare and a select
 * rather than llvm.maxnum: the same for NaNs (the other operand wins), but
 * maxnum may return either of +0 and -0, and LLVM's constant folding and the
 * CPU pick differently; this way b wins both at compile time and at run time. */
static LLVMValueRef float_max_min(Cg *g, LLVMValueRef a, LLVMValueRef b, bool mx)
{
    LLVMValueRef better = LLVMBuildFCmp(g->b, mx ? LLVMRealOGT : LLVMRealOLT, a, b, "");
    LLVMValueRef b_nan = LLVMBuildFCmp(g->b, LLVMRealUNO, b, b, "");
    return LLVMBuildSelect(g->b, LLVMBuildOr(g->b, better, b_nan, ""), a, b, "");
}

static LLVMValueRef cmp(Cg *g, IrBinaryOp op, LLVMValueRef a, LLVMValueRef b, IrType t)
{
    static const LLVMRealPredicate fp[] = {LLVMRealOLT, LLVMRealOLE, LLVMRealOGT,
                                           LLVMRealOGE, LLVMRealOEQ, LLVMRealUNE};
    static const LLVMIntPredicate sp[] = {LLVMIntSLT, LLVMIntSLE, LLVMIntSGT,
                                          LLVMIntSGE, LLVMIntEQ,  LLVMIntNE};
    static const LLVMIntPredicate up[] = {LLVMIntULT, LLVMIntULE, LLVMIntUGT,
                                          LLVMIntUGE, LLVMIntEQ,  LLVMIntNE};
    int i = (int)op - (int)IR_BIN_cmp_lt;
    if (ir_type_is_float(t))
        return LLVMBuildFCmp(g->b, fp[i], a, b, "");
    return LLVMBuildICmp(g->b, ir_type_is_signed(t) ? sp[i] : up[i], a, b, "");
}

/* A float multiply an add can fuse with (f16 computes in f32 but must round
 * between the two, so it stays apart). */
static bool is_fmul(const IrStmt *s)
{
    return s->kind == IR_BINARY && s->u.binary == IR_BIN_mul && (s->type == IR_F32 || s->type == IR_F64);
}

bool jit_cg_binary(Cg *g, const IrStmt *s)
{
    IrType t = s->ops[0]->type;
    LLVMValueRef a = jit_cg_val(g, s->ops[0]), b = jit_cg_val(g, s->ops[1]), r = NULL;
    LLVMTypeRef lt = jit_cg_reg_type(g, t);
    bool fl = ir_type_is_float(t), sgn = ir_type_is_signed(t);
    LLVMBuilderRef bd = g->b;
    if (g->fast_math && fl && t != IR_F16 && (s->u.binary == IR_BIN_add || s->u.binary == IR_BIN_sub)) {
        /* x * y + z may round once (llvm.fmuladd: fused where FMA is fast), as
         * Taichi's fast_math allows */
        const IrStmt *m = is_fmul(s->ops[0]) ? s->ops[0] : is_fmul(s->ops[1]) ? s->ops[1] : NULL;
        if (m) {
            LLVMValueRef x = jit_cg_val(g, m->ops[0]), y = jit_cg_val(g, m->ops[1]);
            LLVMValueRef z = m == s->ops[0] ? b : a;
            if (s->u.binary == IR_BIN_sub) {
                if (m == s->ops[0]) z = LLVMBuildFNeg(bd, z, "");
                else x = LLVMBuildFNeg(bd, x, "");
            }
            LLVMValueRef args[3] = {x, y, z};
            g->vals[s->id] = jit_cg_intrinsic(g, "llvm.fmuladd", lt, args, 3);
            return true;
        }
    }
    switch (s->u.binary) {
    case IR_BIN_add: r = fl ? LLVMBuildFAdd(bd, a, b, "") : LLVMBuildAdd(bd, a, b, ""); break;
    case IR_BIN_sub: r = fl ? LLVMBuildFSub(bd, a, b, "") : LLVMBuildSub(bd, a, b, ""); break;
    case IR_BIN_mul: r = fl ? LLVMBuildFMul(bd, a, b, "") : LLVMBuildMul(bd, a, b, ""); break;
    case IR_BIN_truediv: r = LLVMBuildFDiv(bd, a, b, ""); break;
    case IR_BIN_div:
        if (fl)
            r = LLVMBuildFDiv(bd, a, b, "");
        else
            int_divrem(g, a, b, sgn, &r, NULL);
        break;
    case IR_BIN_floordiv:
        if (fl) {
            LLVMValueRef q = LLVMBuildFDiv(bd, a, b, "");
            r = jit_cg_intrinsic(g, "llvm.floor", lt, &q, 1);
        } else if (sgn) {
            r = int_floor_divmod(g, a, b, false);
        } else {
            int_divrem(g, a, b, false, &r, NULL);
        }
        break;
    case IR_BIN_mod:
        if (fl) {   /* a - floor(a / b) * b, as Taichi */
            LLVMValueRef q = LLVMBuildFDiv(bd, a, b, "");
            q = jit_cg_intrinsic(g, "llvm.floor", lt, &q, 1);
            r = LLVMBuildFSub(bd, a, LLVMBuildFMul(bd, q, b, ""), "");
        } else if (sgn) {
            r = int_floor_divmod(g, a, b, true);
        } else {
            int_divrem(g, a, b, false, NULL, &r);
        }
        break;
    case IR_BIN_min:
    case IR_BIN_max: {
        bool mx = s->u.binary == IR_BIN_max;
        LLVMValueRef ab[2] = {a, b};
        if (fl)
            r = float_max_min(g, a, b, mx);
        else
            r = jit_cg_intrinsic(g, mx ? (sgn ? "llvm.smax" : "llvm.umax") : (sgn ? "llvm.smin" : "llvm.umin"),
                                 lt, ab, 2);
        break;
    }
    case IR_BIN_bit_and: r = LLVMBuildAnd(bd, a, b, ""); break;
    case IR_BIN_bit_or: r = LLVMBuildOr(bd, a, b, ""); break;
    case IR_BIN_bit_xor: r = LLVMBuildXor(bd, a, b, ""); break;
    case IR_BIN_bit_shl:
    case IR_BIN_bit_shr:
    case IR_BIN_bit_sar: {
        /* The count taken modulo the width, as x86 does: never poison. */
        LLVMValueRef n = LLVMBuildAnd(bd, b, LLVMConstInt(lt, (unsigned)ir_type_bits(t) - 1, 0), "");
        r = s->u.binary == IR_BIN_bit_shl   ? LLVMBuildShl(bd, a, n, "")
            : s->u.binary == IR_BIN_bit_shr ? LLVMBuildLShr(bd, a, n, "")
                                            : LLVMBuildAShr(bd, a, n, "");
        break;
    }
    case IR_BIN_cmp_lt: case IR_BIN_cmp_le: case IR_BIN_cmp_gt:
    case IR_BIN_cmp_ge: case IR_BIN_cmp_eq: case IR_BIN_cmp_ne:
        r = cmp(g, s->u.binary, a, b, t);
        break;
    case IR_BIN_logical_or: r = LLVMBuildOr(bd, jit_cg_truth(g, a), jit_cg_truth(g, b), ""); break;
    case IR_BIN_logical_and: r = LLVMBuildAnd(bd, jit_cg_truth(g, a), jit_cg_truth(g, b), ""); break;
    case IR_BIN_atan2: {
        LLVMValueRef ab[2] = {a, b};
        r = libm(g, "atan2", lt, ab, 2);
        break;
    }
    case IR_BIN_pow:
        r = fl ? jit_cg_intrinsic(g, "llvm.pow", lt, (LLVMValueRef[]){a, b}, 2) : int_pow(g, a, b, sgn);
        break;
    default:
        return jit_cg_fail(g, s, "binary %s is not supported", ir_binary_op_name(s->u.binary));
    }
    if (fl && t == IR_F16 && LLVMTypeOf(r) == g->f32)
        r = round_f16(g, r);
    g->vals[s->id] = r;
    return true;
}

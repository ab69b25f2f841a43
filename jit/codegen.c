/* Offloaded IR -> LLVM IR, one function per task, and the launcher that runs the
 * tasks. Values live in SSA registers (an f16 as an f32: f16 is a storage type);
 * allocas sit in the entry block, where the task also reads its arguments and the
 * tree base pointers once, so that loops see them as invariants. */
#include "codegen.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/snode.h"

typedef void (*TaskFn)(JitContext *ctx, int64_t begin, int64_t end);

typedef struct {
    IrTaskType type;
    bool const_begin, const_end;
    int32_t begin_value, end_value;
    uint32_t begin_offset, end_offset;
    char name[80];
    TaskFn fn;
} Task;

struct JitKernel {
    size_t tmp_size;
    int ntasks;
    Task tasks[];
};

/* ---- context slots */

void jit_ctx_set_int(JitContext *ctx, int slot, int64_t v) { ctx->args[slot] = (uint64_t)v; }

void jit_ctx_set_float(JitContext *ctx, int slot, IrType t, double v)
{
    ctx->args[slot] = 0;
    if (t == IR_F64) {
        memcpy(&ctx->args[slot], &v, sizeof v);
    } else {
        float f = t == IR_F16 ? (float)ir_f16_to_double(ir_f16_from_double(v)) : (float)v;
        memcpy(&ctx->args[slot], &f, sizeof f);
    }
}

int64_t jit_ctx_ret_int(const JitContext *ctx, int slot) { return (int64_t)ctx->rets[slot]; }

double jit_ctx_ret_float(const JitContext *ctx, int slot, IrType t)
{
    if (t == IR_F64) {
        double d;
        memcpy(&d, &ctx->rets[slot], sizeof d);
        return d;
    }
    float f;
    memcpy(&f, &ctx->rets[slot], sizeof f);
    return f;
}

/* ---- the generator's state for one task function */

enum { CG_MAX_LOOPS = 64 };

/* A loop being emitted: where continue and break go, and its index (i32). */
typedef struct {
    const IrStmt *loop;
    LLVMBasicBlockRef cont, brk;
    LLVMValueRef index;
} CgLoop;

typedef struct {
    LLVMContextRef c;
    LLVMModuleRef mod;
    LLVMBuilderRef b;       /* at the statement being emitted */
    LLVMBuilderRef eb;      /* at the end of the entry block */
    LLVMValueRef fn, ctx;
    LLVMValueRef *vals;     /* by statement id */
    int nids;
    LLVMValueRef *roots;    /* tree base pointers loaded in the entry, by tree id */
    int nroots;
    LLVMValueRef tmps;
    const IrKernel *k;
    const IrStmt *task;
    CgLoop loops[CG_MAX_LOOPS];
    int nloops;
    LLVMTypeRef i8, i16, i32, i64, half, f32, f64, ptr, vd;
    size_t tmp_size;
    char *err;
} Cg;

static bool cg_fail(Cg *g, const IrStmt *s, const char *fmt, ...)
{
    if (g->err)
        return false;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char full[400];
    if (s)
        snprintf(full, sizeof full, "codegen: $%d (%s): %s", s->id, ir_kind_name(s->kind), msg);
    else
        snprintf(full, sizeof full, "codegen: %s", msg);
    g->err = strdup(full);
    return false;
}

/* The type a value of IR type t has in a register (f16 computes as f32). */
static LLVMTypeRef reg_type(Cg *g, IrType t)
{
    switch (t) {
    case IR_I8: case IR_U8: return g->i8;
    case IR_I16: case IR_U16: return g->i16;
    case IR_I32: case IR_U32: return g->i32;
    case IR_I64: case IR_U64: return g->i64;
    case IR_F16: case IR_F32: return g->f32;
    case IR_F64: return g->f64;
    default: return g->vd;
    }
}

/* The type it has in memory. */
static LLVMTypeRef mem_type(Cg *g, IrType t) { return t == IR_F16 ? g->half : reg_type(g, t); }

static LLVMValueRef val(Cg *g, const IrStmt *s) { return s->id < g->nids ? g->vals[s->id] : NULL; }

static LLVMValueRef ci64(Cg *g, uint64_t v) { return LLVMConstInt(g->i64, v, 0); }

/* ctx + off as a pointer. */
static LLVMValueRef ctx_field(Cg *g, LLVMBuilderRef b, size_t off)
{
    LLVMValueRef o = ci64(g, off);
    return LLVMBuildGEP2(b, g->i8, g->ctx, &o, 1, "");
}

static LLVMValueRef byte_gep(Cg *g, LLVMValueRef base, LLVMValueRef off)
{
    return LLVMBuildGEP2(g->b, g->i8, base, &off, 1, "");
}

/* Continue emitting in a block nothing reaches (after a br or ret). */
static void start_dead(Cg *g)
{
    LLVMPositionBuilderAtEnd(g->b, LLVMAppendBasicBlockInContext(g->c, g->fn, "dead"));
}

static LLVMBasicBlockRef new_block(Cg *g, const char *name)
{
    return LLVMAppendBasicBlockInContext(g->c, g->fn, name);
}

static LLVMValueRef truth(Cg *g, LLVMValueRef v)
{
    return LLVMBuildICmp(g->b, LLVMIntNE, v, LLVMConstNull(LLVMTypeOf(v)), "");
}

static LLVMValueRef bool_i32(Cg *g, LLVMValueRef i1v) { return LLVMBuildZExt(g->b, i1v, g->i32, ""); }

/* Calls an overloaded LLVM intrinsic on type t. */
static LLVMValueRef intrinsic(Cg *g, const char *name, LLVMTypeRef t, LLVMValueRef *args, unsigned n)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef f = LLVMGetIntrinsicDeclaration(g->mod, id, &t, 1);
    return LLVMBuildCall2(g->b, LLVMIntrinsicGetType(g->c, id, &t, 1), f, args, n, "");
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

static LLVMValueRef cast_value(Cg *g, LLVMValueRef v, IrType from, IrType to)
{
    if (from == to)
        return v;
    bool ff = ir_type_is_float(from), tf = ir_type_is_float(to);
    LLVMTypeRef rt = reg_type(g, to);
    if (!ff && !tf) {
        int fb = ir_type_bits(from), tb = ir_type_bits(to);
        if (fb == tb)
            return v;
        if (fb > tb)
            return LLVMBuildTrunc(g->b, v, rt, "");
        return ir_type_is_signed(from) ? LLVMBuildSExt(g->b, v, rt, "") : LLVMBuildZExt(g->b, v, rt, "");
    }
    if (ff && !tf)
        return ir_type_is_signed(to) ? LLVMBuildFPToSI(g->b, v, rt, "") : LLVMBuildFPToUI(g->b, v, rt, "");
    LLVMValueRef r;
    if (!ff)
        r = ir_type_is_signed(from) ? LLVMBuildSIToFP(g->b, v, rt, "") : LLVMBuildUIToFP(g->b, v, rt, "");
    else if (reg_type(g, from) == rt)
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
    return LLVMBuildBitCast(g->b, v, reg_type(g, to), "");
}

/* ---- unary */

/* Float functions: an LLVM intrinsic, or else a libm function. */
static const struct {
    IrUnaryOp op;
    const char *intrinsic, *libm;
} float_fns[] = {
    {IR_UN_sqrt, "llvm.sqrt", NULL},   {IR_UN_sin, "llvm.sin", NULL},
    {IR_UN_cos, "llvm.cos", NULL},     {IR_UN_exp, "llvm.exp", NULL},
    {IR_UN_log, "llvm.log", NULL},     {IR_UN_floor, "llvm.floor", NULL},
    {IR_UN_ceil, "llvm.ceil", NULL},   {IR_UN_tan, NULL, "tan"},
    {IR_UN_tanh, NULL, "tanh"},        {IR_UN_asin, NULL, "asin"},
    {IR_UN_acos, NULL, "acos"},
};

static bool emit_unary(Cg *g, const IrStmt *s)
{
    IrType from = s->ops[0]->type;
    LLVMValueRef x = val(g, s->ops[0]), r = NULL;
    LLVMTypeRef t = reg_type(g, from);
    bool fl = ir_type_is_float(from);
    switch (s->u.unary) {
    case IR_UN_cast_value: r = cast_value(g, x, from, s->type); break;
    case IR_UN_cast_bits: r = cast_bits(g, x, from, s->type); break;
    case IR_UN_neg: r = fl ? LLVMBuildFNeg(g->b, x, "") : LLVMBuildNeg(g->b, x, ""); break;
    case IR_UN_bit_not: r = LLVMBuildNot(g->b, x, ""); break;
    case IR_UN_logic_not:
        r = bool_i32(g, LLVMBuildICmp(g->b, LLVMIntEQ, x, LLVMConstNull(t), ""));
        break;
    case IR_UN_abs:
        if (fl)
            r = intrinsic(g, "llvm.fabs", t, &x, 1);
        else if (!ir_type_is_signed(from))
            r = x;
        else
            r = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntSLT, x, LLVMConstNull(t), ""),
                                LLVMBuildNeg(g->b, x, ""), x, "");
        break;
    default:
        for (size_t i = 0; i < sizeof float_fns / sizeof float_fns[0]; i++)
            if (float_fns[i].op == s->u.unary)
                r = float_fns[i].intrinsic ? intrinsic(g, float_fns[i].intrinsic, t, &x, 1)
                                           : libm(g, float_fns[i].libm, t, &x, 1);
        if (!r)
            return cg_fail(g, s, "unary %s is not supported yet", ir_unary_op_name(s->u.unary));
    }
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

static bool emit_binary(Cg *g, const IrStmt *s)
{
    IrType t = s->ops[0]->type;
    LLVMValueRef a = val(g, s->ops[0]), b = val(g, s->ops[1]), r = NULL;
    LLVMTypeRef lt = reg_type(g, t);
    bool fl = ir_type_is_float(t), sgn = ir_type_is_signed(t);
    LLVMBuilderRef bd = g->b;
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
            r = intrinsic(g, "llvm.floor", lt, &q, 1);
        } else if (sgn) {
            r = int_floor_divmod(g, a, b, false);
        } else {
            int_divrem(g, a, b, false, &r, NULL);
        }
        break;
    case IR_BIN_mod:
        if (fl) {   /* a - floor(a / b) * b, as Taichi */
            LLVMValueRef q = LLVMBuildFDiv(bd, a, b, "");
            q = intrinsic(g, "llvm.floor", lt, &q, 1);
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
            r = intrinsic(g, mx ? "llvm.maxnum" : "llvm.minnum", lt, ab, 2);
        else
            r = intrinsic(g, mx ? (sgn ? "llvm.smax" : "llvm.umax") : (sgn ? "llvm.smin" : "llvm.umin"),
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
        r = bool_i32(g, cmp(g, s->u.binary, a, b, t));
        break;
    case IR_BIN_logical_or: r = bool_i32(g, LLVMBuildOr(bd, truth(g, a), truth(g, b), "")); break;
    case IR_BIN_logical_and: r = bool_i32(g, LLVMBuildAnd(bd, truth(g, a), truth(g, b), "")); break;
    case IR_BIN_atan2: {
        LLVMValueRef ab[2] = {a, b};
        r = libm(g, "atan2", lt, ab, 2);
        break;
    }
    case IR_BIN_pow:
        if (!fl)
            return cg_fail(g, s, "pow on integers is not supported yet");
        r = intrinsic(g, "llvm.pow", lt, (LLVMValueRef[]){a, b}, 2);
        break;
    default:
        return cg_fail(g, s, "binary %s is not supported", ir_binary_op_name(s->u.binary));
    }
    if (fl && t == IR_F16 && LLVMTypeOf(r) == g->f32)
        r = round_f16(g, r);
    g->vals[s->id] = r;
    return true;
}

/* ---- memory */

/* The base of tree `id`'s buffer, loaded once in the entry block. */
static LLVMValueRef tree_base(Cg *g, int id)
{
    if (id >= g->nroots) {
        int n = id + 8;
        LLVMValueRef *r = realloc(g->roots, (size_t)n * sizeof *r);
        if (!r)
            return NULL;
        memset(r + g->nroots, 0, (size_t)(n - g->nroots) * sizeof *r);
        g->roots = r;
        g->nroots = n;
    }
    if (!g->roots[id]) {
        LLVMValueRef table = LLVMBuildLoad2(g->eb, g->ptr, ctx_field(g, g->eb, offsetof(JitContext, roots)), "roots");
        LLVMValueRef o = ci64(g, (uint64_t)id * sizeof(void *));
        LLVMValueRef at = LLVMBuildGEP2(g->eb, g->i8, table, &o, 1, "");
        g->roots[id] = LLVMBuildLoad2(g->eb, g->ptr, at, "tree");
    }
    return g->roots[id];
}

/* The element address: ir/snode.h's formula with the layout's constants folded
 * in. A level's digit needs no division where the divisor is 1 and no remainder
 * at the index's outermost level (an in-bounds index is already below it). */
static bool emit_global_ptr(Cg *g, const IrStmt *s)
{
    const IrSNodeNode *p = (const IrSNodeNode *)s->u.ptr.snode;
    if (p->kind != IR_SNODE_PLACE || !p->tree || !p->tree->materialized)
        return cg_fail(g, s, "%s is not a place of a materialized tree", p->ir.name);
    LLVMValueRef phys[IR_SNODE_MAX_INDICES] = {0};
    for (int k = 0; k < s->nops; k++)
        phys[p->physical_index_position[k]] = LLVMBuildSExt(g->b, val(g, s->ops[k]), g->i64, "");
    uint64_t konst = p->offset;
    LLVMValueRef off = NULL;
    for (int l = 0; l < p->num_levels; l++) {
        const IrSNodeLevel *L = &p->levels[l];
        konst += L->offset;
        LLVMValueRef c = NULL;
        for (int a = 0; a < L->num_axes; a++) {
            int pi = L->axes[a];
            LLVMValueRef d = phys[pi];
            if (!d)
                return cg_fail(g, s, "%s has no index for axis %d", p->ir.name, pi);
            if (L->divisors[a] != 1)
                d = LLVMBuildUDiv(g->b, d, ci64(g, (uint64_t)L->divisors[a]), "");
            if (L->divisors[a] * L->extents[a] != p->shape[pi])
                d = LLVMBuildURem(g->b, d, ci64(g, (uint64_t)L->extents[a]), "");
            c = c ? LLVMBuildAdd(g->b, LLVMBuildMul(g->b, c, ci64(g, (uint64_t)L->extents[a]), ""), d, "") : d;
        }
        if (c) {
            LLVMValueRef term = LLVMBuildMul(g->b, c, ci64(g, L->cell_size), "");
            off = off ? LLVMBuildAdd(g->b, off, term, "") : term;
        }
    }
    off = off ? LLVMBuildAdd(g->b, off, ci64(g, konst), "") : ci64(g, konst);
    LLVMValueRef base = tree_base(g, p->tree->id);
    if (!base)
        return cg_fail(g, s, "out of memory");
    g->vals[s->id] = byte_gep(g, base, off);
    return true;
}

static bool emit_global_tmp(Cg *g, const IrStmt *s)
{
    if (!g->tmps)
        g->tmps = LLVMBuildLoad2(g->eb, g->ptr, ctx_field(g, g->eb, offsetof(JitContext, tmps)), "tmps");
    size_t end = s->u.tmp_offset + (size_t)ir_type_bits(ir_pointee(s->type)) / 8;
    if (end > g->tmp_size)
        g->tmp_size = end;
    g->vals[s->id] = byte_gep(g, g->tmps, ci64(g, s->u.tmp_offset));
    return true;
}

static bool emit_atomic(Cg *g, const IrStmt *s)
{
    IrType t = s->type;
    bool fl = ir_type_is_float(t), sgn = ir_type_is_signed(t);
    if (t == IR_F16)
        return cg_fail(g, s, "atomics on f16 are not supported");
    LLVMAtomicRMWBinOp op;
    switch (s->u.atomic) {
    case IR_ATOMIC_add: op = fl ? LLVMAtomicRMWBinOpFAdd : LLVMAtomicRMWBinOpAdd; break;
    case IR_ATOMIC_sub: op = fl ? LLVMAtomicRMWBinOpFSub : LLVMAtomicRMWBinOpSub; break;
    case IR_ATOMIC_max:
        op = fl ? LLVMAtomicRMWBinOpFMax : sgn ? LLVMAtomicRMWBinOpMax : LLVMAtomicRMWBinOpUMax;
        break;
    case IR_ATOMIC_min:
        op = fl ? LLVMAtomicRMWBinOpFMin : sgn ? LLVMAtomicRMWBinOpMin : LLVMAtomicRMWBinOpUMin;
        break;
    case IR_ATOMIC_bit_and: op = LLVMAtomicRMWBinOpAnd; break;
    case IR_ATOMIC_bit_or: op = LLVMAtomicRMWBinOpOr; break;
    case IR_ATOMIC_bit_xor: op = LLVMAtomicRMWBinOpXor; break;
    default:
        return cg_fail(g, s, "atomic %s is not supported yet", ir_atomic_op_name(s->u.atomic));
    }
    g->vals[s->id] = LLVMBuildAtomicRMW(g->b, op, val(g, s->ops[0]), val(g, s->ops[1]),
                                        LLVMAtomicOrderingSequentiallyConsistent, 0);
    return true;
}

static LLVMValueRef load_mem(Cg *g, const IrStmt *ptr)
{
    IrType t = ir_pointee(ptr->type);
    LLVMValueRef v = LLVMBuildLoad2(g->b, mem_type(g, t), val(g, ptr), "");
    return t == IR_F16 ? LLVMBuildFPExt(g->b, v, g->f32, "") : v;
}

static void store_mem(Cg *g, const IrStmt *ptr, LLVMValueRef v)
{
    if (ir_pointee(ptr->type) == IR_F16)
        v = LLVMBuildFPTrunc(g->b, v, g->half, "");
    LLVMBuildStore(g->b, v, val(g, ptr));
}

/* Arguments are read once, in the entry block. */
static void emit_arg_load(Cg *g, const IrStmt *s)
{
    LLVMValueRef at = ctx_field(g, g->eb, offsetof(JitContext, args) + 8 * (size_t)s->u.arg);
    IrType t = s->type;
    if (ir_type_is_float(t)) {
        g->vals[s->id] = LLVMBuildLoad2(g->eb, reg_type(g, t), at, "arg");
        return;
    }
    LLVMValueRef v = LLVMBuildLoad2(g->eb, g->i64, at, "arg");
    g->vals[s->id] = ir_type_bits(t) < 64 ? LLVMBuildTrunc(g->eb, v, reg_type(g, t), "") : v;
}

static bool emit_return(Cg *g, const IrStmt *s)
{
    if (g->task->u.task.type != IR_TASK_serial)
        return cg_fail(g, s, "return outside a serial task");
    for (int i = 0; i < s->nops; i++) {
        IrType t = s->ops[i]->type;
        LLVMValueRef v = val(g, s->ops[i]);
        if (!ir_type_is_float(t) && ir_type_bits(t) < 64)
            v = ir_type_is_signed(t) ? LLVMBuildSExt(g->b, v, g->i64, "") : LLVMBuildZExt(g->b, v, g->i64, "");
        LLVMBuildStore(g->b, v, ctx_field(g, g->b, offsetof(JitContext, rets) + 8 * (size_t)i));
    }
    LLVMBuildRetVoid(g->b);
    start_dead(g);
    return true;
}

/* ---- control flow */

static bool emit_block(Cg *g, const IrBlock *blk);

/* The loop s refers to (s->loop, else the innermost). */
static CgLoop *find_loop(Cg *g, const IrStmt *s)
{
    for (int i = g->nloops - 1; i >= 0; i--)
        if (!s->loop || g->loops[i].loop == s->loop)
            return &g->loops[i];
    cg_fail(g, s, "refers to no enclosing loop");
    return NULL;
}

static bool push_loop(Cg *g, const IrStmt *loop, LLVMBasicBlockRef cont, LLVMBasicBlockRef brk,
                      LLVMValueRef index)
{
    if (g->nloops == CG_MAX_LOOPS)
        return cg_fail(g, loop, "loops nested deeper than %d", CG_MAX_LOOPS);
    g->loops[g->nloops++] = (CgLoop){loop, cont, brk, index};
    return true;
}

static bool emit_if(Cg *g, const IrStmt *s)
{
    LLVMBasicBlockRef then = new_block(g, "then"), els = new_block(g, "else"), join = new_block(g, "endif");
    LLVMBuildCondBr(g->b, truth(g, val(g, s->ops[0])), then, els);
    LLVMPositionBuilderAtEnd(g->b, then);
    if (!emit_block(g, s->blocks[IR_THEN]))
        return false;
    LLVMBuildBr(g->b, join);
    LLVMPositionBuilderAtEnd(g->b, els);
    if (!emit_block(g, s->blocks[IR_ELSE]))
        return false;
    LLVMBuildBr(g->b, join);
    LLVMPositionBuilderAtEnd(g->b, join);
    return true;
}

static bool emit_while(Cg *g, const IrStmt *s)
{
    LLVMBasicBlockRef body = new_block(g, "while"), exit = new_block(g, "endwhile");
    LLVMBuildBr(g->b, body);
    LLVMPositionBuilderAtEnd(g->b, body);
    if (!push_loop(g, s, body, exit, NULL) || !emit_block(g, s->blocks[IR_BODY]))
        return false;
    g->nloops--;
    LLVMBuildBr(g->b, body);
    LLVMPositionBuilderAtEnd(g->b, exit);
    return true;
}

/* for i in [begin, end) (reversed: end-1 down to begin) over a counter in an
 * alloca of type t, which mem2reg turns into a phi; the body sees the counter,
 * truncated to i32, as the loop's index. */
static bool emit_counted_loop(Cg *g, const IrStmt *loop, const IrBlock *body_blk, LLVMTypeRef t,
                              LLVMValueRef begin, LLVMValueRef end, bool reversed)
{
    LLVMValueRef ctr = LLVMBuildAlloca(g->eb, t, "i");
    LLVMBuildStore(g->b, reversed ? end : begin, ctr);
    LLVMBasicBlockRef head = new_block(g, "for"), body = new_block(g, "body"),
                      latch = new_block(g, "next"), exit = new_block(g, "endfor");
    LLVMBuildBr(g->b, head);

    LLVMPositionBuilderAtEnd(g->b, head);
    LLVMValueRef i = LLVMBuildLoad2(g->b, t, ctr, "");
    LLVMValueRef more = reversed ? LLVMBuildICmp(g->b, LLVMIntSGT, i, begin, "")
                                 : LLVMBuildICmp(g->b, LLVMIntSLT, i, end, "");
    LLVMBuildCondBr(g->b, more, body, exit);

    LLVMPositionBuilderAtEnd(g->b, body);
    LLVMValueRef one = LLVMConstInt(t, 1, 0);
    LLVMValueRef idx = LLVMBuildLoad2(g->b, t, ctr, "");
    if (reversed)
        idx = LLVMBuildSub(g->b, idx, one, "");
    if (t != g->i32)
        idx = LLVMBuildTrunc(g->b, idx, g->i32, "");
    /* A task's own loop is parallel: a chunk cannot break out of it. */
    LLVMBasicBlockRef brk = loop->kind == IR_OFFLOADED ? NULL : exit;
    if (!push_loop(g, loop, latch, brk, idx) || !emit_block(g, body_blk))
        return false;
    g->nloops--;
    LLVMBuildBr(g->b, latch);

    LLVMPositionBuilderAtEnd(g->b, latch);
    LLVMValueRef cur = LLVMBuildLoad2(g->b, t, ctr, "");
    LLVMBuildStore(g->b, reversed ? LLVMBuildNSWSub(g->b, cur, one, "") : LLVMBuildNSWAdd(g->b, cur, one, ""), ctr);
    LLVMBuildBr(g->b, head);
    LLVMPositionBuilderAtEnd(g->b, exit);
    return true;
}

static bool emit_stmt(Cg *g, const IrStmt *s)
{
    if (s->id < 0 || s->id >= g->nids)
        return cg_fail(g, s, "has an id beyond the kernel's count");
    switch (s->kind) {
    case IR_CONST: {
        LLVMTypeRef t = reg_type(g, s->type);
        g->vals[s->id] = ir_type_is_float(s->type) ? LLVMConstReal(t, s->u.val.f)
                                                   : LLVMConstInt(t, s->u.val.u, 0);
        return true;
    }
    case IR_ARG_LOAD: emit_arg_load(g, s); return true;
    case IR_UNARY: return emit_unary(g, s);
    case IR_BINARY: return emit_binary(g, s);
    case IR_SELECT:
        g->vals[s->id] = LLVMBuildSelect(g->b, truth(g, val(g, s->ops[0])), val(g, s->ops[1]),
                                         val(g, s->ops[2]), "");
        return true;
    case IR_ALLOCA: {
        LLVMTypeRef t = reg_type(g, ir_pointee(s->type));
        g->vals[s->id] = LLVMBuildAlloca(g->eb, t, "var");
        LLVMBuildStore(g->b, LLVMConstNull(t), g->vals[s->id]);   /* Taichi zero-fills locals */
        return true;
    }
    case IR_LOCAL_LOAD:
        g->vals[s->id] = LLVMBuildLoad2(g->b, reg_type(g, s->type), val(g, s->ops[0]), "");
        return true;
    case IR_LOCAL_STORE: LLVMBuildStore(g->b, val(g, s->ops[1]), val(g, s->ops[0])); return true;
    case IR_GLOBAL_PTR: return emit_global_ptr(g, s);
    case IR_GLOBAL_TMP: return emit_global_tmp(g, s);
    case IR_GLOBAL_LOAD: g->vals[s->id] = load_mem(g, s->ops[0]); return true;
    case IR_GLOBAL_STORE: store_mem(g, s->ops[0], val(g, s->ops[1])); return true;
    case IR_ATOMIC_OP: return emit_atomic(g, s);
    case IR_LOOP_INDEX: {
        CgLoop *l = find_loop(g, s);
        if (!l || !l->index)
            return cg_fail(g, s, "reads the index of a loop that has none");
        g->vals[s->id] = l->index;
        return true;
    }
    case IR_IF: return emit_if(g, s);
    case IR_WHILE: return emit_while(g, s);
    case IR_RANGE_FOR:
        return emit_counted_loop(g, s, s->blocks[IR_BODY], g->i32, val(g, s->ops[0]), val(g, s->ops[1]),
                                 s->u.range.reversed);
    case IR_WHILE_CONTROL: {
        CgLoop *l = find_loop(g, s);
        if (!l)
            return false;
        LLVMBasicBlockRef go = new_block(g, "go");
        LLVMBuildCondBr(g->b, truth(g, val(g, s->ops[0])), go, l->brk);
        LLVMPositionBuilderAtEnd(g->b, go);
        return true;
    }
    case IR_CONTINUE:
    case IR_BREAK: {
        CgLoop *l = find_loop(g, s);
        if (!l)
            return false;
        LLVMBasicBlockRef to = s->kind == IR_CONTINUE ? l->cont : l->brk;
        if (!to)
            return cg_fail(g, s, "leaves a parallel loop");
        LLVMBuildBr(g->b, to);
        start_dead(g);
        return true;
    }
    case IR_RETURN: return emit_return(g, s);
    default:
        return cg_fail(g, s, "%s is not supported yet", ir_kind_name(s->kind));
    }
}

static bool emit_block(Cg *g, const IrBlock *blk)
{
    for (const IrStmt *s = blk->first; s; s = s->next)
        if (!emit_stmt(g, s))
            return false;
    return true;
}

/* void name(JitContext *ctx, i64 begin, i64 end) for task t. */
static bool emit_task(Cg *g, const IrStmt *t, const char *name)
{
    LLVMTypeRef params[3] = {g->ptr, g->i64, g->i64};
    g->fn = LLVMAddFunction(g->mod, name, LLVMFunctionType(g->vd, params, 3, 0));
    unsigned noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
    LLVMAddAttributeAtIndex(g->fn, 1, LLVMCreateEnumAttribute(g->c, noalias, 0));
    g->ctx = LLVMGetParam(g->fn, 0);
    g->task = t;
    g->tmps = NULL;
    g->nloops = 0;
    if (g->roots)
        memset(g->roots, 0, (size_t)g->nroots * sizeof *g->roots);
    LLVMBasicBlockRef entry = new_block(g, "entry"), start = new_block(g, "start");
    LLVMPositionBuilderAtEnd(g->eb, entry);
    LLVMPositionBuilderAtEnd(g->b, start);
    bool ok;
    if (t->u.task.type == IR_TASK_serial)
        ok = emit_block(g, t->blocks[IR_BODY]);
    else
        ok = emit_counted_loop(g, t, t->blocks[IR_BODY], g->i64, LLVMGetParam(g->fn, 1),
                               LLVMGetParam(g->fn, 2), false);
    if (!ok)
        return false;
    LLVMBuildRetVoid(g->b);
    LLVMBuildBr(g->eb, start);
    return true;
}

/* ---- compile and launch */

static char *message(const char *prefix, const char *msg)
{
    size_t n = strlen(prefix) + strlen(msg) + 1;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s%s", prefix, msg);
    return s;
}

static void init_types(Cg *g)
{
    LLVMContextRef c = g->c;
    g->i8 = LLVMInt8TypeInContext(c);
    g->i16 = LLVMInt16TypeInContext(c);
    g->i32 = LLVMInt32TypeInContext(c);
    g->i64 = LLVMInt64TypeInContext(c);
    g->half = LLVMHalfTypeInContext(c);
    g->f32 = LLVMFloatTypeInContext(c);
    g->f64 = LLVMDoubleTypeInContext(c);
    g->ptr = LLVMPointerTypeInContext(c, 0);
    g->vd = LLVMVoidTypeInContext(c);
}

/* Checks the kernel's shape and fills the task table (everything but fn). */
static bool plan_tasks(const IrKernel *k, JitKernel *jk, unsigned serial, char **err)
{
    int n = 0;
    for (const IrStmt *s = k->root->first; s; s = s->next, n++) {
        if (s->kind != IR_OFFLOADED) {
            *err = message("codegen: the kernel is not offloaded: its root holds a ", ir_kind_name(s->kind));
            return false;
        }
        if (s->u.task.type == IR_TASK_struct_for) {
            *err = message("codegen: struct_for tasks are not supported yet", "");
            return false;
        }
        Task *t = &jk->tasks[n];
        t->type = s->u.task.type;
        t->const_begin = s->u.task.const_begin;
        t->const_end = s->u.task.const_end;
        t->begin_value = s->u.task.begin_value;
        t->end_value = s->u.task.end_value;
        t->begin_offset = s->u.task.begin_offset;
        t->end_offset = s->u.task.end_offset;
        if (t->type == IR_TASK_range_for) {
            if (!t->const_begin && t->begin_offset + 4 > jk->tmp_size) jk->tmp_size = t->begin_offset + 4;
            if (!t->const_end && t->end_offset + 4 > jk->tmp_size) jk->tmp_size = t->end_offset + 4;
        }
        snprintf(t->name, sizeof t->name, "%.40s_k%u_task%d", k->name ? k->name : "kernel", serial, n);
    }
    jk->ntasks = n;
    return true;
}

JitKernel *jit_kernel_compile(JitSession *s, const IrKernel *k, char **err)
{
    static atomic_uint kernels;
    *err = NULL;
    char verr[256];
    if (!ir_verify(k, verr, sizeof verr)) {
        *err = message("codegen: invalid IR: ", verr);
        return NULL;
    }
    if (k->nargs > JIT_MAX_ARGS || k->nrets > JIT_MAX_RETS) {
        *err = message("codegen: too many arguments or return values", "");
        return NULL;
    }
    int n = 0;
    for (const IrStmt *st = k->root->first; st; st = st->next)
        n++;
    JitKernel *jk = calloc(1, sizeof *jk + (size_t)n * sizeof(Task));
    if (!jk || !plan_tasks(k, jk, atomic_fetch_add(&kernels, 1), err)) {
        free(jk);
        if (!*err)
            *err = message("codegen: out of memory", "");
        return NULL;
    }

    JitModule *m = jit_module_create(s, jk->tasks[0].name);
    Cg g = {.k = k, .nids = k->next_id};
    g.vals = calloc((size_t)k->next_id + 1, sizeof *g.vals);
    if (!m || !g.vals) {
        jit_module_discard(m);
        free(g.vals);
        free(jk);
        *err = message("codegen: out of memory", "");
        return NULL;
    }
    g.mod = jit_module_llvm(m);
    g.c = jit_module_context(m);
    g.b = LLVMCreateBuilderInContext(g.c);
    g.eb = LLVMCreateBuilderInContext(g.c);
    init_types(&g);
    int i = 0;
    bool ok = true;
    for (const IrStmt *st = k->root->first; st && ok; st = st->next, i++)
        ok = emit_task(&g, st, jk->tasks[i].name);
    LLVMDisposeBuilder(g.b);
    LLVMDisposeBuilder(g.eb);
    free(g.vals);
    free(g.roots);
    if (g.tmp_size > jk->tmp_size)
        jk->tmp_size = g.tmp_size;
    if (!ok) {
        *err = g.err ? g.err : message("codegen: out of memory", "");
        jit_module_discard(m);
        free(jk);
        return NULL;
    }
    if (!jit_module_add(s, m, err)) {
        free(jk);
        return NULL;
    }
    for (i = 0; i < jk->ntasks; i++) {
        jk->tasks[i].fn = (TaskFn)jit_lookup(s, jk->tasks[i].name, err);
        if (!jk->tasks[i].fn) {
            free(jk);
            return NULL;
        }
    }
    return jk;
}

void jit_kernel_free(JitKernel *jk) { free(jk); }

size_t jit_kernel_tmp_size(const JitKernel *jk) { return jk->tmp_size; }

typedef struct {
    TaskFn fn;
    JitContext *ctx;
} Chunk;

static void run_chunk(void *p, int64_t begin, int64_t end, int thread_id)
{
    const Chunk *c = p;
    c->fn(c->ctx, begin, end);
}

static int64_t bound(const JitContext *ctx, bool is_const, int32_t value, uint32_t offset)
{
    if (is_const)
        return value;
    int32_t v;
    memcpy(&v, ctx->tmps + offset, sizeof v);
    return v;
}

void jit_kernel_launch(const JitKernel *jk, JitPool *pool, JitContext *ctx)
{
    for (int i = 0; i < jk->ntasks; i++) {
        const Task *t = &jk->tasks[i];
        if (t->type == IR_TASK_serial) {
            t->fn(ctx, 0, 1);
            continue;
        }
        int64_t begin = bound(ctx, t->const_begin, t->begin_value, t->begin_offset);
        int64_t end = bound(ctx, t->const_end, t->end_value, t->end_offset);
        if (end <= begin)
            continue;
        int threads = pool ? jit_pool_threads(pool) : 1;
        if (threads <= 1) {
            t->fn(ctx, begin, end);
            continue;
        }
        /* About four chunks per thread: enough to even out uneven bodies. */
        int64_t chunks = 4 * (int64_t)threads;
        Chunk c = {t->fn, ctx};
        jit_pool_run(pool, begin, end, (end - begin + chunks - 1) / chunks, run_chunk, &c);
    }
}

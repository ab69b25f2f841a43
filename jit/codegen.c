/* Offloaded IR -> LLVM IR, one function per task, and the launcher that runs the
 * tasks. Values live in SSA registers (an f16 as an f32: f16 is a storage type);
 * allocas sit in the entry block, where the task also reads its arguments and the
 * tree base pointers once, so that loops see them as invariants. This file owns
 * statements and control flow, the calls into the C runtime (print, assert,
 * random numbers), the task functions, compilation and launching. */
#include "codegen_impl.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

#include <llvm-c/DebugInfo.h>

#include "../ir/snode.h"

typedef void (*TaskFn)(JitContext *ctx, int64_t begin, int64_t end, int32_t thread);

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
    JitCode *code;
    char *obj;                  /* the object code, for jit_kernel_save */
    size_t obj_len;
    int ntasks;
    Task tasks[];
};

/* ---- helpers shared by codegen*.c */

bool jit_cg_fail(Cg *g, const IrStmt *s, const char *fmt, ...)
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

LLVMTypeRef jit_cg_reg_type(Cg *g, IrType t)
{
    switch (t) {
    case IR_U1: return g->i1;
    case IR_I8: case IR_U8: return g->i8;
    case IR_I16: case IR_U16: return g->i16;
    case IR_I32: case IR_U32: return g->i32;
    case IR_I64: case IR_U64: return g->i64;
    case IR_F16: case IR_F32: return g->f32;
    case IR_F64: return g->f64;
    default: return g->vd;
    }
}

/* In memory (global temporaries) f16 is a half and u1 a byte. */
LLVMTypeRef jit_cg_mem_type(Cg *g, IrType t)
{
    return t == IR_F16 ? g->half : t == IR_U1 ? g->i8 : jit_cg_reg_type(g, t);
}

LLVMValueRef jit_cg_ctx_field(Cg *g, LLVMBuilderRef b, size_t off)
{
    LLVMValueRef o = jit_cg_i64(g, off);
    return LLVMBuildGEP2(b, g->i8, g->ctx, &o, 1, "");
}

LLVMBasicBlockRef jit_cg_block(Cg *g, const char *name) { return LLVMAppendBasicBlockInContext(g->c, g->fn, name); }

LLVMValueRef jit_cg_intrinsic(Cg *g, const char *name, LLVMTypeRef t, LLVMValueRef *args, unsigned n)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef f = LLVMGetIntrinsicDeclaration(g->mod, id, &t, 1);
    return LLVMBuildCall2(g->b, LLVMIntrinsicGetType(g->c, id, &t, 1), f, args, n, "");
}

/* Continue emitting in a block nothing reaches (after a br or ret). */
static void start_dead(Cg *g) { LLVMPositionBuilderAtEnd(g->b, jit_cg_block(g, "dead")); }

/* ---- calls into the C runtime (runtime.h) */

/* A private constant global holding init: data that generated code points at
 * lives in the module, so that its object code is self-contained. */
static LLVMValueRef const_global(Cg *g, LLVMValueRef init)
{
    LLVMValueRef gv = LLVMAddGlobal(g->mod, LLVMTypeOf(init), "");
    LLVMSetInitializer(gv, init);
    LLVMSetGlobalConstant(gv, 1);
    LLVMSetLinkage(gv, LLVMPrivateLinkage);
    LLVMSetUnnamedAddress(gv, LLVMGlobalUnnamedAddr);
    return gv;
}

/* text[0 .. len) and a NUL, as a constant global. */
static LLVMValueRef const_string(Cg *g, const char *text, size_t len)
{
    return const_global(g, LLVMConstStringInContext(g->c, text, (unsigned)len, 0));
}

/* ctx->rt, loaded once in the entry block. */
static LLVMValueRef rt_value(Cg *g)
{
    if (!g->rt)
        g->rt = LLVMBuildLoad2(g->eb, g->ptr, jit_cg_ctx_field(g, g->eb, offsetof(JitContext, rt)), "rt");
    return g->rt;
}

/* Calls the runtime function name (declared on first use) with b. */
static LLVMValueRef call_rt(Cg *g, LLVMBuilderRef b, const char *name, LLVMTypeRef ret, LLVMTypeRef *params,
                            unsigned n, LLVMValueRef *args)
{
    LLVMTypeRef ft = LLVMFunctionType(ret, params, n, 0);
    LLVMValueRef f = LLVMGetNamedFunction(g->mod, name);
    if (!f) {
        f = LLVMAddFunction(g->mod, name, ft);
        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                                LLVMCreateEnumAttribute(g->c, LLVMGetEnumAttributeKindForName("nounwind", 8), 0));
        /* Assertion failures are rare: keep their code out of the hot path. */
        if (strcmp(name, "jit_rt_assert_fail") == 0)
            LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                                    LLVMCreateEnumAttribute(g->c, LLVMGetEnumAttributeKindForName("cold", 4), 0));
    }
    return LLVMBuildCall2(b, ft, f, args, n, "");
}

/* The values in an array of u64 slots on the task's stack (runtime.h's encoding):
 * integers sign- or zero-extended, floats as doubles. NULL pointer when n is 0. */
static LLVMValueRef value_slots(Cg *g, IrStmt *const *vals, int n)
{
    if (n == 0)
        return LLVMConstNull(g->ptr);
    LLVMValueRef slots = LLVMBuildAlloca(g->eb, LLVMArrayType(g->i64, (unsigned)n), "slots");
    for (int i = 0; i < n; i++) {
        IrType t = vals[i]->type;
        LLVMValueRef v = jit_cg_val(g, vals[i]);
        if (t == IR_F16 || t == IR_F32)
            v = LLVMBuildFPExt(g->b, v, g->f64, "");
        else if (!ir_type_is_float(t) && ir_type_bits(t) < 64)
            v = ir_type_is_signed(t) ? LLVMBuildSExt(g->b, v, g->i64, "") : LLVMBuildZExt(g->b, v, g->i64, "");
        LLVMValueRef at = jit_cg_i64(g, (uint64_t)i);
        LLVMBuildStore(g->b, v, LLVMBuildGEP2(g->b, g->i64, slots, &at, 1, ""));
    }
    return slots;
}

/* Taichi's printf conversion for a value of type t (%d, %lld, %u, %llu, %f for
 * f16 / f32, %.12f for f64) merged with a user's format spec in printf's grammar,
 * [flags][width][.precision][length][conversion], as Taichi 1.7 merges them: the
 * user's flags and width, the user's precision or else the type's, always the
 * type's length, and the user's conversion only within the type's group (d i;
 * o x X u; f F e E a A g G). Writes it to out and its C type to *kind; returns
 * NULL, or why the spec does not fit. */
static const char *print_conversion(const char *spec, IrType t, char *out, size_t cap, char *kind)
{
    bool fl = ir_type_is_float(t), wide = ir_type_bits(t) == 64;
    const char *dt_prec = t == IR_F64 ? ".12" : "", *length = fl || !wide ? "" : "ll";
    char conv = fl ? 'f' : ir_type_is_signed(t) ? 'd' : 'u';
    *kind = fl ? 'f' : ir_type_is_signed(t) ? (wide ? 'I' : 'i') : (wide ? 'U' : 'u');
    if (!spec) {
        snprintf(out, cap, "%%%s%s%c", dt_prec, length, conv);
        return NULL;
    }
    const char *p = spec, *flags = p;
    while (*p && strchr("-+ #0", *p))
        p++;
    int nflags = (int)(p - flags);
    const char *width = p;
    while (*p >= '0' && *p <= '9')
        p++;
    int nwidth = (int)(p - width);
    const char *prec = p;
    if (*p == '.') {
        p++;
        if (!(*p >= '0' && *p <= '9'))
            return "is not a valid printf specifier";
        while (*p >= '0' && *p <= '9')
            p++;
    }
    int nprec = (int)(p - prec);
    if (nflags > 8 || nwidth > 5 || nprec > 4)
        return "asks for too wide a field";
    if ((p[0] == 'h' && p[1] == 'h') || (p[0] == 'l' && p[1] == 'l'))
        p += 2;
    else if (*p && strchr("hljztL", *p))
        p++;
    char user = 0;
    if (*p && strchr("csdioxXufFeEaAgGnp", *p))
        user = *p++;
    if (*p)
        return "is not a valid printf specifier";
    if (user == 'c' || user == 's' || user == 'n' || user == 'p')
        return "uses a conversion that is not supported";
    if (user) {
        static const char *const groups[] = {"di", "oxXu", "fFeEaAgG"};
        bool same = false;
        for (int i = 0; i < 3; i++)
            same |= strchr(groups[i], user) && strchr(groups[i], conv);
        if (!same)
            return "does not match the value's type";
        conv = user;
    }
    if (nprec)
        snprintf(out, cap, "%%%.*s%.*s%.*s%s%c", nflags, flags, nwidth, width, nprec, prec, length, conv);
    else
        snprintf(out, cap, "%%%.*s%.*s%s%s%c", nflags, flags, nwidth, width, dt_prec, length, conv);
    return NULL;
}

enum { CONV_CAP = 32 };

/* print: the items (runtime.h's JitPrintItem: text, length, kind) with their
 * strings and conversions are constants of the module; the values go in slots;
 * jit_rt_print formats and writes the line. */
static bool emit_print(Cg *g, const IrStmt *s)
{
    int n = s->u.print.nitems;
    LLVMTypeRef fields[3] = {g->ptr, g->i64, g->i8};
    LLVMTypeRef item_t = LLVMStructTypeInContext(g->c, fields, 3, 0);
    LLVMValueRef *items = calloc((size_t)n + 1, sizeof *items);
    if (!items)
        return jit_cg_fail(g, s, "out of memory");
    int v = 0;
    for (int i = 0; i < n; i++) {
        const IrPrintItem *it = &s->u.print.items[i];
        char conv[CONV_CAP], kind = 's';
        const char *text = it->str;
        size_t len = it->len;
        if (!text) {
            if (v >= s->nops) {
                free(items);
                return jit_cg_fail(g, s, "has more value items than operands");
            }
            const char *why = print_conversion(it->fmt, s->ops[v]->type, conv, CONV_CAP, &kind);
            if (why) {
                free(items);
                return jit_cg_fail(g, s, "format '%s' %s (%s)", it->fmt, why, ir_type_name(s->ops[v]->type));
            }
            text = conv;
            len = strlen(conv);
            v++;
        }
        LLVMValueRef f[3] = {const_string(g, text, len), jit_cg_i64(g, len), LLVMConstInt(g->i8, (unsigned char)kind, 0)};
        items[i] = LLVMConstStructInContext(g->c, f, 3, 0);
    }
    LLVMValueRef table = const_global(g, LLVMConstArray(item_t, items, (unsigned)n));
    free(items);
    LLVMValueRef args[4] = {rt_value(g), table, LLVMConstInt(g->i32, (unsigned)n, 0),
                            value_slots(g, s->ops, s->nops)};
    call_rt(g, g->b, "jit_rt_print", g->vd, (LLVMTypeRef[]){g->ptr, g->ptr, g->i32, g->ptr}, 4, args);
    return true;
}

/* assert: when the condition is 0, report the message and its values, then
 * leave the task through its exit block (the chunk stops: an index check that
 * failed must not reach the access it guards). */
static bool emit_assert(Cg *g, const IrStmt *s)
{
    const char *text = s->u.text ? s->u.text : "";
    int nargs = s->nops - 1;
    char *kinds = malloc((size_t)nargs + 1);
    if (!kinds)
        return jit_cg_fail(g, s, "out of memory");
    for (int i = 0; i < nargs; i++) {
        IrType t = s->ops[i + 1]->type;
        kinds[i] = t == IR_F64 ? 'F' : ir_type_is_float(t) ? 'f' : ir_type_is_signed(t) ? 'i' : 'u';
    }
    LLVMValueRef msg = const_string(g, text, strlen(text)), kinds_v = const_string(g, kinds, (size_t)nargs);
    free(kinds);
    LLVMBasicBlockRef fail = jit_cg_block(g, "assert.fail"), ok = jit_cg_block(g, "assert.ok");
    LLVMBuildCondBr(g->b, jit_cg_truth(g, jit_cg_val(g, s->ops[0])), ok, fail);
    LLVMPositionBuilderAtEnd(g->b, fail);
    LLVMValueRef args[4] = {rt_value(g), msg, kinds_v, value_slots(g, s->ops + 1, nargs)};
    call_rt(g, g->b, "jit_rt_assert_fail", g->vd, (LLVMTypeRef[]){g->ptr, g->ptr, g->ptr, g->ptr}, 4, args);
    LLVMBuildBr(g->b, g->exit);
    LLVMPositionBuilderAtEnd(g->b, ok);
    return true;
}

/* rand: the thread's generator state is fetched in the entry block, kept in a
 * register while the task runs (a loop of draws needs no memory traffic) and
 * stored back in the exit block. Each draw advances it by JIT_RAND_STEP and
 * scrambles it with jit_rt_rand_mix's arithmetic. Floats take the top bits:
 * uniform multiples of 2^-24 (f32), 2^-53 (f64) or 2^-11 (f16) in [0, 1). */
static bool emit_rand(Cg *g, const IrStmt *s)
{
    if (!g->rand_var) {
        LLVMValueRef args[2] = {rt_value(g), g->thread};
        g->rand_home = call_rt(g, g->eb, "jit_rt_rand_state", g->ptr, (LLVMTypeRef[]){g->ptr, g->i32}, 2, args);
        g->rand_var = LLVMBuildAlloca(g->eb, g->i64, "rand");
        LLVMBuildStore(g->eb, LLVMBuildLoad2(g->eb, g->i64, g->rand_home, ""), g->rand_var);
    }
    LLVMBuilderRef b = g->b;
    LLVMValueRef z = LLVMBuildAdd(b, LLVMBuildLoad2(b, g->i64, g->rand_var, ""), jit_cg_i64(g, JIT_RAND_STEP), "");
    LLVMBuildStore(b, z, g->rand_var);
    static const uint64_t mul[2] = {UINT64_C(0xbf58476d1ce4e5b9), UINT64_C(0x94d049bb133111eb)};
    static const unsigned shift[3] = {30, 27, 31};
    for (int i = 0; i < 3; i++) {
        z = LLVMBuildXor(b, z, LLVMBuildLShr(b, z, jit_cg_i64(g, shift[i]), ""), "");
        if (i < 2)
            z = LLVMBuildMul(b, z, jit_cg_i64(g, mul[i]), "");
    }
    IrType t = s->type;
    LLVMValueRef r;
    if (ir_type_is_float(t)) {
        int keep = t == IR_F64 ? 53 : t == IR_F32 ? 24 : 11;
        LLVMTypeRef ft = jit_cg_reg_type(g, t);
        r = LLVMBuildUIToFP(b, LLVMBuildLShr(b, z, jit_cg_i64(g, (uint64_t)(64 - keep)), ""), ft, "");
        r = LLVMBuildFMul(b, r, LLVMConstReal(ft, 1.0 / (double)(UINT64_C(1) << keep)), "");
    } else if (ir_type_bits(t) < 64) {
        r = LLVMBuildTrunc(b, LLVMBuildLShr(b, z, jit_cg_i64(g, 32), ""), jit_cg_reg_type(g, t), "");
    } else {
        r = z;
    }
    g->vals[s->id] = r;
    return true;
}

/* ---- statements */

/* Arguments are read once, in the entry block. */
static void emit_arg_load(Cg *g, const IrStmt *s)
{
    LLVMValueRef at = jit_cg_ctx_field(g, g->eb, offsetof(JitContext, args) + 8 * (size_t)s->u.arg);
    IrType t = s->type;
    if (ir_type_is_float(t)) {
        g->vals[s->id] = LLVMBuildLoad2(g->eb, jit_cg_reg_type(g, t), at, "arg");
        return;
    }
    LLVMValueRef v = LLVMBuildLoad2(g->eb, g->i64, at, "arg");
    g->vals[s->id] = ir_type_bits(t) < 64 ? LLVMBuildTrunc(g->eb, v, jit_cg_reg_type(g, t), "") : v;
}

static bool emit_return(Cg *g, const IrStmt *s)
{
    if (g->task->u.task.type != IR_TASK_serial)
        return jit_cg_fail(g, s, "return outside a serial task");
    for (int i = 0; i < s->nops; i++) {
        IrType t = s->ops[i]->type;
        LLVMValueRef v = jit_cg_val(g, s->ops[i]);
        if (!ir_type_is_float(t) && ir_type_bits(t) < 64)
            v = ir_type_is_signed(t) ? LLVMBuildSExt(g->b, v, g->i64, "") : LLVMBuildZExt(g->b, v, g->i64, "");
        LLVMBuildStore(g->b, v, jit_cg_ctx_field(g, g->b, offsetof(JitContext, rets) + 8 * (size_t)i));
    }
    LLVMBuildBr(g->b, g->exit);
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
    jit_cg_fail(g, s, "refers to no enclosing loop");
    return NULL;
}

static bool push_loop(Cg *g, const IrStmt *loop, LLVMBasicBlockRef cont, LLVMBasicBlockRef brk,
                      LLVMValueRef index)
{
    if (g->nloops == CG_MAX_LOOPS)
        return jit_cg_fail(g, loop, "loops nested deeper than %d", CG_MAX_LOOPS);
    g->loops[g->nloops++] = (CgLoop){loop, cont, brk, index};
    return true;
}

static bool emit_if(Cg *g, const IrStmt *s)
{
    LLVMBasicBlockRef then = jit_cg_block(g, "then"), els = jit_cg_block(g, "else"), join = jit_cg_block(g, "endif");
    LLVMBuildCondBr(g->b, jit_cg_truth(g, jit_cg_val(g, s->ops[0])), then, els);
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
    LLVMBasicBlockRef body = jit_cg_block(g, "while"), exit = jit_cg_block(g, "endwhile");
    LLVMBuildBr(g->b, body);
    LLVMPositionBuilderAtEnd(g->b, body);
    if (!push_loop(g, s, body, exit, NULL) || !emit_block(g, s->blocks[IR_BODY]))
        return false;
    g->nloops--;
    LLVMBuildBr(g->b, body);
    LLVMPositionBuilderAtEnd(g->b, exit);
    return true;
}

/* Loop metadata llvm.loop.vectorize.enable on a loop's back edge: the user-level
 * permission (like #pragma clang loop vectorize(enable)) under which the
 * vectorizer may reorder a float reduction. The loop id refers to itself, so it
 * is built around a temporary node. */
static void allow_reordering(Cg *g, LLVMValueRef backedge)
{
    static const char key[] = "llvm.loop.vectorize.enable";
    LLVMMetadataRef enable[2] = {LLVMMDStringInContext2(g->c, key, sizeof key - 1),
                                 LLVMValueAsMetadata(LLVMConstInt(g->i1, 1, 0))};
    LLVMMetadataRef self = LLVMTemporaryMDNode(g->c, NULL, 0);
    LLVMMetadataRef ops[2] = {self, LLVMMDNodeInContext2(g->c, enable, 2)};
    LLVMMetadataRef id = LLVMMDNodeInContext2(g->c, ops, 2);
    LLVMMetadataReplaceAllUsesWith(self, id);
    LLVMSetMetadata(backedge, LLVMGetMDKindIDInContext(g->c, "llvm.loop", 9), LLVMMetadataAsValue(g->c, id));
}

/* for i in [begin, end) (reversed: end-1 down to begin) over an i32 counter in
 * an alloca, which mem2reg turns into a phi; the body sees the counter as the
 * loop's index. Bounds are i32 (a task's chunk lies within its i32 range), so the
 * counter steps with nsw: then the sign-extended index is an affine i64 to SCEV,
 * and the element addresses are consecutive without overflow checks, which is
 * what lets loads and stores vectorize. */
static bool emit_counted_loop(Cg *g, const IrStmt *loop, const IrBlock *body_blk, LLVMValueRef begin,
                              LLVMValueRef end, bool reversed)
{
    LLVMTypeRef t = g->i32;
    LLVMValueRef ctr = LLVMBuildAlloca(g->eb, t, "i");
    LLVMBuildStore(g->b, reversed ? end : begin, ctr);
    LLVMBasicBlockRef head = jit_cg_block(g, "for"), body = jit_cg_block(g, "body"),
                      latch = jit_cg_block(g, "next"), exit = jit_cg_block(g, "endfor");
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
        idx = LLVMBuildNSWSub(g->b, idx, one, "");
    /* A task's own loop is parallel: a chunk cannot break out of it. */
    LLVMBasicBlockRef brk = loop->kind == IR_OFFLOADED ? NULL : exit;
    if (!push_loop(g, loop, latch, brk, idx) || !emit_block(g, body_blk))
        return false;
    g->nloops--;
    LLVMBuildBr(g->b, latch);

    LLVMPositionBuilderAtEnd(g->b, latch);
    LLVMValueRef cur = LLVMBuildLoad2(g->b, t, ctr, "");
    LLVMBuildStore(g->b, reversed ? LLVMBuildNSWSub(g->b, cur, one, "") : LLVMBuildNSWAdd(g->b, cur, one, ""), ctr);
    LLVMValueRef back = LLVMBuildBr(g->b, head);
    if (g->reorder[loop->id])
        allow_reordering(g, back);
    LLVMPositionBuilderAtEnd(g->b, exit);
    return true;
}

/* ---- fast math: float sums in serial loops
 *
 * Without reassociation (the C API cannot set fast-math flags on
 * instructions), the vectorizer keeps a loop's float sum in order, scalar.
 * Under fast_math, a range_for whose body accumulates into a local variable
 * of the enclosing scope (v = v + x, v = v - x) gets the loop hint that lets
 * it reorder the sum: the inner loop of an n-body force vectorizes. */

static bool is_local_sum(const IrStmt *s, const IrStmt *loop)
{
    if (s->kind != IR_LOCAL_STORE || !ir_type_is_float(s->ops[1]->type)) return false;
    const IrStmt *var = s->ops[0], *v = s->ops[1];
    if (v->kind != IR_BINARY || (v->u.binary != IR_BIN_add && v->u.binary != IR_BIN_sub)) return false;
    for (int i = 0; i < 2; i++) {
        const IrStmt *o = v->ops[i];
        if (o->kind == IR_LOCAL_LOAD && o->ops[0] == var && (i == 0 || v->u.binary == IR_BIN_add)) {
            /* the variable lives outside the loop */
            for (const IrBlock *b = var->block; b && b->parent; b = b->parent->block)
                if (b->parent == loop) return false;
            return true;
        }
    }
    return false;
}

static bool has_local_sum(const IrBlock *blk, const IrStmt *loop)
{
    for (const IrStmt *s = blk->first; s; s = s->next) {
        if (is_local_sum(s, loop)) return true;
        for (int b = 0; b < ir_kind_blocks(s->kind); b++)
            if (has_local_sum(s->blocks[b], loop)) return true;
    }
    return false;
}

static void mark_local_sums(Cg *g, const IrBlock *blk)
{
    for (const IrStmt *s = blk->first; s; s = s->next) {
        if (s->kind == IR_RANGE_FOR && has_local_sum(s->blocks[IR_BODY], s)) g->reorder[s->id] = true;
        for (int b = 0; b < ir_kind_blocks(s->kind); b++) mark_local_sums(g, s->blocks[b]);
    }
}

static bool emit_stmt(Cg *g, const IrStmt *s)
{
    if (s->id < 0 || s->id >= g->nids)
        return jit_cg_fail(g, s, "has an id beyond the kernel's count");
    switch (s->kind) {
    case IR_CONST: {
        LLVMTypeRef t = jit_cg_reg_type(g, s->type);
        g->vals[s->id] = ir_type_is_float(s->type) ? LLVMConstReal(t, s->u.val.f)
                                                   : LLVMConstInt(t, s->u.val.u, 0);
        return true;
    }
    case IR_ARG_LOAD: emit_arg_load(g, s); return true;
    case IR_RAND: return emit_rand(g, s);
    case IR_UNARY: return jit_cg_unary(g, s);
    case IR_BINARY:
        if (g->split_role[s->id] == 'q') {
            g->vals[s->id] = g->split_q;
            return true;
        }
        if (g->split_role[s->id] == 'r') {
            g->vals[s->id] = jit_cg_val(g, s->ops[0]);   /* the row's loop counts the remainder */
            return true;
        }
        return jit_cg_binary(g, s);
    case IR_SELECT:
        g->vals[s->id] = LLVMBuildSelect(g->b, jit_cg_truth(g, jit_cg_val(g, s->ops[0])), jit_cg_val(g, s->ops[1]),
                                         jit_cg_val(g, s->ops[2]), "");
        return true;
    case IR_ALLOCA: {
        LLVMTypeRef t = jit_cg_reg_type(g, ir_pointee(s->type));
        g->vals[s->id] = LLVMBuildAlloca(g->eb, t, "var");
        LLVMBuildStore(g->b, LLVMConstNull(t), g->vals[s->id]);   /* Taichi zero-fills locals */
        return true;
    }
    case IR_LOCAL_LOAD:
        g->vals[s->id] = LLVMBuildLoad2(g->b, jit_cg_reg_type(g, s->type), jit_cg_val(g, s->ops[0]), "");
        return true;
    case IR_LOCAL_STORE: LLVMBuildStore(g->b, jit_cg_val(g, s->ops[1]), jit_cg_val(g, s->ops[0])); return true;
    case IR_GLOBAL_PTR: return jit_cg_global_ptr(g, s);
    case IR_EXTERNAL_PTR: return jit_cg_external_ptr(g, s);
    case IR_GLOBAL_TMP: return jit_cg_global_tmp(g, s);
    case IR_GLOBAL_LOAD: g->vals[s->id] = jit_cg_load(g, s->ops[0]); return true;
    case IR_GLOBAL_STORE: jit_cg_store(g, s->ops[0], jit_cg_val(g, s->ops[1])); return true;
    case IR_ATOMIC_OP: return jit_cg_atomic(g, s);
    case IR_LOOP_INDEX: {
        CgLoop *l = find_loop(g, s);
        if (!l || !l->index)
            return jit_cg_fail(g, s, "reads the index of a loop that has none");
        g->vals[s->id] = l->index;
        return true;
    }
    case IR_IF: return emit_if(g, s);
    case IR_WHILE: return emit_while(g, s);
    case IR_RANGE_FOR:
        return emit_counted_loop(g, s, s->blocks[IR_BODY], jit_cg_val(g, s->ops[0]), jit_cg_val(g, s->ops[1]),
                                 s->u.range.reversed);
    case IR_WHILE_CONTROL: {
        CgLoop *l = find_loop(g, s);
        if (!l)
            return false;
        LLVMBasicBlockRef go = jit_cg_block(g, "go");
        LLVMBuildCondBr(g->b, jit_cg_truth(g, jit_cg_val(g, s->ops[0])), go, l->brk);
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
            return jit_cg_fail(g, s, "leaves a parallel loop");
        LLVMBuildBr(g->b, to);
        start_dead(g);
        return true;
    }
    case IR_RETURN: return emit_return(g, s);
    case IR_PRINT: return emit_print(g, s);
    case IR_ASSERT: return emit_assert(g, s);
    default:
        return jit_cg_fail(g, s, "%s is not supported yet", ir_kind_name(s->kind));
    }
}

static bool emit_block(Cg *g, const IrBlock *blk)
{
    for (const IrStmt *s = blk->first; s; s = s->next)
        if (!emit_stmt(g, s))
            return false;
    return true;
}

/* ---- range_for tasks over ti.ndrange
 *
 * A multi-dimensional range arrives as one flat index that the body splits with
 * idx // C and idx % C. Computed per index, the remainder is not an affine
 * function of the loop counter, so no access vectorizes. When those are the
 * index's only uses, the chunk runs instead as rows: for each q, the indices of
 * [q*C, q*C + C) within the chunk, with q invariant and the inner loop counting
 * idx % C itself (idx is used for nothing else), so the column is the counter
 * as in a plain loop. This is the CPU backend's policy alone: the IR only says
 * how the index splits. */

/* Rows shorter than this are not worth an inner loop. */
enum { SPLIT_MIN_ROW = 16 };

static bool is_task_index(const IrStmt *op, const IrStmt *task)
{
    return op->kind == IR_LOOP_INDEX && op->loop == task;
}

/* The C when every use of the task's index is a div, floordiv or mod by the
 * constant C (the same for all, at least SPLIT_MIN_ROW); 0 when it has no such
 * use, -1 when it has another. The caller makes sure the range starts at or above
 * 0, where truncating and flooring division agree. */
static int32_t split_divisor(const IrBlock *blk, const IrStmt *task, int32_t c)
{
    for (const IrStmt *s = blk->first; s && c >= 0; s = s->next) {
        for (int i = 0; i < s->nops; i++) {
            if (!is_task_index(s->ops[i], task))
                continue;
            bool divmod = s->kind == IR_BINARY && i == 0 &&
                          (s->u.binary == IR_BIN_div || s->u.binary == IR_BIN_floordiv || s->u.binary == IR_BIN_mod);
            const IrStmt *d = divmod ? s->ops[1] : NULL;
            if (!d || d->kind != IR_CONST || d->u.val.i < SPLIT_MIN_ROW || (c && d->u.val.i != c))
                return -1;
            c = (int32_t)d->u.val.i;
        }
        for (int b = 0; b < ir_kind_blocks(s->kind) && c >= 0; b++)
            c = split_divisor(s->blocks[b], task, c);
    }
    return c;
}

static void mark_split(Cg *g, const IrBlock *blk, const IrStmt *task)
{
    for (const IrStmt *s = blk->first; s; s = s->next) {
        if (s->kind == IR_BINARY && is_task_index(s->ops[0], task))
            g->split_role[s->id] = s->u.binary == IR_BIN_mod ? 'r' : 'q';
        for (int b = 0; b < ir_kind_blocks(s->kind); b++)
            mark_split(g, s->blocks[b], task);
    }
}

/* The chunk [b, e) of task t as rows of c indices: for q in [b / c, (e - 1) / c],
 * the remainders [max(b, q*c) - q*c, min(e, q*c + c) - q*c). */
static bool emit_rows(Cg *g, const IrStmt *t, int32_t c, LLVMValueRef b, LLVMValueRef e)
{
    mark_split(g, t->blocks[IR_BODY], t);
    LLVMValueRef cc = LLVMConstInt(g->i32, (unsigned)c, 0), one = LLVMConstInt(g->i32, 1, 0);
    LLVMValueRef qb = LLVMBuildSDiv(g->b, b, cc, "");
    LLVMValueRef qe = LLVMBuildSDiv(g->b, LLVMBuildNSWSub(g->b, e, one, ""), cc, "");
    LLVMValueRef qvar = LLVMBuildAlloca(g->eb, g->i32, "row");
    LLVMBuildStore(g->b, qb, qvar);
    LLVMBasicBlockRef head = jit_cg_block(g, "rows"), body = jit_cg_block(g, "row");
    LLVMBasicBlockRef done = jit_cg_block(g, "endrows");
    LLVMBuildBr(g->b, head);
    LLVMPositionBuilderAtEnd(g->b, head);
    LLVMValueRef q = LLVMBuildLoad2(g->b, g->i32, qvar, "");
    LLVMBuildCondBr(g->b, LLVMBuildICmp(g->b, LLVMIntSLE, q, qe, ""), body, done);
    LLVMPositionBuilderAtEnd(g->b, body);
    /* only the first and the last row of the chunk are partial */
    LLVMValueRef base = LLVMBuildNSWMul(g->b, q, cc, "");
    LLVMValueRef lo = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, q, qb, ""),
                                      LLVMBuildNSWSub(g->b, b, base, ""), LLVMConstInt(g->i32, 0, 0), "");
    LLVMValueRef hi = LLVMBuildSelect(g->b, LLVMBuildICmp(g->b, LLVMIntEQ, q, qe, ""),
                                      LLVMBuildNSWSub(g->b, e, base, ""), cc, "");
    g->split_q = q;
    if (!emit_counted_loop(g, t, t->blocks[IR_BODY], lo, hi, false))
        return false;
    LLVMBuildStore(g->b, LLVMBuildNSWAdd(g->b, LLVMBuildLoad2(g->b, g->i32, qvar, ""), one, ""), qvar);
    LLVMBuildBr(g->b, head);
    LLVMPositionBuilderAtEnd(g->b, done);
    return true;
}

static void add_fn_attr(Cg *g, LLVMValueRef f, unsigned index, const char *name)
{
    unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
    LLVMAddAttributeAtIndex(f, index, LLVMCreateEnumAttribute(g->c, kind, 0));
}

/* void name(JitContext *ctx, i64 begin, i64 end, i32 thread) for task t: the
 * entry block (hoisted loads, allocas, accumulators) falls into the body, and
 * every way out goes through the exit block, which combines the thread-local
 * reductions and stores the random state back. */
static bool emit_task(Cg *g, const IrStmt *t, const char *name)
{
    LLVMTypeRef params[4] = {g->ptr, g->i64, g->i64, g->i32};
    g->fn = LLVMAddFunction(g->mod, name, LLVMFunctionType(g->vd, params, 4, 0));
    add_fn_attr(g, g->fn, 1, "noalias");
    add_fn_attr(g, g->fn, LLVMAttributeFunctionIndex, "nounwind");
    /* 256-bit vectors even where the CPU has 512-bit ones, as clang and gcc
     * default to on AVX-512 machines: as fast for kernels (mostly bound by
     * memory), and no second, epilogue vector loop, so a fifth less to compile. */
    LLVMAddTargetDependentFunctionAttr(g->fn, "prefer-vector-width", "256");
    /* tasks run with flush-to-zero (jit_kernel_launch): LLVM may fold knowing it */
    LLVMAddTargetDependentFunctionAttr(g->fn, "denormal-fp-math", "preserve-sign,ieee");
    /* Taichi's fast_math marks float instructions ninf nsz reassoc (its
     * target options' unsafe-fp-math and no-nans are reset per function by
     * LLVM, as the functions lack the attributes): the first two as function
     * attributes here, reassociation as loop hints (mark_local_sums) */
    static const char *const fast[] = {"no-infs-fp-math", "no-signed-zeros-fp-math"};
    for (int i = 0; i < 2 && g->fast_math; i++)
        LLVMAddTargetDependentFunctionAttr(g->fn, fast[i], "true");
    g->ctx = LLVMGetParam(g->fn, 0);
    g->thread = LLVMGetParam(g->fn, 3);
    g->task = t;
    g->tmps = g->rt = g->alone = g->rand_home = g->rand_var = NULL;
    g->nloops = 0;
    g->nreds = 0;
    if (g->roots)
        memset(g->roots, 0, (size_t)g->nroots * sizeof *g->roots);
    memset(g->red_of, 0xff, (size_t)g->nids * sizeof *g->red_of);
    memset(g->split_role, 0, (size_t)g->nids);
    LLVMBasicBlockRef entry = jit_cg_block(g, "entry"), start = jit_cg_block(g, "start");
    g->exit = jit_cg_block(g, "exit");
    LLVMPositionBuilderAtEnd(g->eb, entry);
    LLVMPositionBuilderAtEnd(g->b, start);
    bool ok;
    if (t->u.task.type == IR_TASK_serial) {
        ok = emit_block(g, t->blocks[IR_BODY]);
    } else {
        LLVMValueRef b = LLVMBuildTrunc(g->b, LLVMGetParam(g->fn, 1), g->i32, "");
        LLVMValueRef e = LLVMBuildTrunc(g->b, LLVMGetParam(g->fn, 2), g->i32, "");
        bool nonneg = t->u.task.const_begin && t->u.task.begin_value >= 0;
        int32_t c = nonneg ? split_divisor(t->blocks[IR_BODY], t, 0) : 0;
        ok = jit_cg_plan_reductions(g, t) &&
             (c > 0 ? emit_rows(g, t, c, b, e) : emit_counted_loop(g, t, t->blocks[IR_BODY], b, e, false));
    }
    if (!ok)
        return false;
    LLVMBuildBr(g->b, g->exit);
    LLVMPositionBuilderAtEnd(g->b, g->exit);
    jit_cg_flush_reductions(g);
    if (g->rand_var)
        LLVMBuildStore(g->b, LLVMBuildLoad2(g->b, g->i64, g->rand_var, ""), g->rand_home);
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
    g->i1 = LLVMInt1TypeInContext(c);
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
            /* lower_struct_for flattens every dense one; what is left needs list generation */
            *err = message("codegen: a struct-for over a sparse SNode or one of more than 2^31 - 1 cells is not "
                           "supported yet: ",
                           s->u.task.snode ? s->u.task.snode->name : "?");
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

/* Emits every task of k into a new module of s; false with g->err (or none:
 * out of memory) on failure. */
static bool emit_kernel(Cg *g, JitModule *m)
{
    const IrKernel *k = g->k;
    size_t n = (size_t)k->next_id + 1;
    g->vals = calloc(n, sizeof *g->vals);
    g->uses = calloc(n, sizeof *g->uses);
    g->red_of = calloc(n, sizeof *g->red_of);
    g->reorder = calloc(n, sizeof *g->reorder);
    g->split_role = calloc(n, 1);
    if (!g->vals || !g->uses || !g->red_of || !g->reorder || !g->split_role)
        return false;
    ir_use_counts(k, g->uses);
    if (g->fast_math) mark_local_sums(g, k->root);
    g->mod = jit_module_llvm(m);
    g->c = jit_module_context(m);
    g->b = LLVMCreateBuilderInContext(g->c);
    g->eb = LLVMCreateBuilderInContext(g->c);
    init_types(g);
    int i = 0;
    bool ok = true;
    for (const IrStmt *st = k->root->first; st && ok; st = st->next, i++)
        ok = emit_task(g, st, g->jk->tasks[i].name);
    LLVMDisposeBuilder(g->b);
    LLVMDisposeBuilder(g->eb);
    return ok;
}

/* Loads jk->obj and finds its tasks' functions; false with *err. */
static bool link_tasks(JitSession *s, JitKernel *jk, char **err)
{
    const char *names[64];
    JitFn fns[64];
    if (!(jk->code = jit_code_load(s, jk->obj, jk->obj_len, err)))
        return false;
    for (int at = 0; at < jk->ntasks; at += 64) {
        int n = jk->ntasks - at < 64 ? jk->ntasks - at : 64;
        for (int i = 0; i < n; i++)
            names[i] = jk->tasks[at + i].name;
        if (!jit_code_lookup(s, jk->code, names, fns, (size_t)n, err))
            return false;
        for (int i = 0; i < n; i++)
            jk->tasks[at + i].fn = (TaskFn)fns[i];
    }
    return true;
}

JitKernel *jit_kernel_compile(JitSession *s, const IrKernel *k, char **err)
{
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
    if (!jk || !plan_tasks(k, jk, jit_session_next_id(s), err)) {
        free(jk);
        if (!*err)
            *err = message("codegen: out of memory", "");
        return NULL;
    }

    JitModule *m = jit_module_create(s, jk->tasks[0].name);
    Cg g = {.k = k, .nids = k->next_id, .jk = jk, .fast_math = jit_session_fast_math(s)};
    bool ok = m && emit_kernel(&g, m);
    free(g.vals);
    free(g.uses);
    free(g.red_of);
    free(g.reorder);
    free(g.split_role);
    free(g.roots);
    free(g.reds);
    free(g.tbaa_place);
    if (g.tmp_size > jk->tmp_size)
        jk->tmp_size = g.tmp_size;
    if (!ok) {
        *err = g.err ? g.err : message("codegen: out of memory", "");
        jit_module_discard(m);
        jit_kernel_free(jk);
        return NULL;
    }
    if (!jit_module_emit(s, m, &jk->obj, &jk->obj_len, err) || !link_tasks(s, jk, err)) {
        jit_kernel_free(jk);
        return NULL;
    }
    return jk;
}

void jit_kernel_free(JitKernel *jk)
{
    if (!jk)
        return;
    jit_code_free(jk->code);
    free(jk->obj);
    free(jk);
}

/* ---- saved kernels: a task table and the object code
 *
 * "TJK1", u32 task count, u64 temporaries' size, then per task its type,
 * bounds and name (SavedTask), then u64 object size and the object, in the
 * host's byte order (saved code is for this host alone). */

typedef struct {
    uint8_t type, const_begin, const_end, pad;
    int32_t begin_value, end_value;
    uint32_t begin_offset, end_offset;
    char name[80];
} SavedTask;

enum { SAVED_HEAD = 4 + 4 + 8 };

bool jit_kernel_save(const JitKernel *jk, unsigned char **bytes, size_t *len)
{
    size_t n = SAVED_HEAD + (size_t)jk->ntasks * sizeof(SavedTask) + 8 + jk->obj_len;
    unsigned char *b = calloc(n, 1), *at = b;
    if (!b)
        return false;
    uint32_t ntasks = (uint32_t)jk->ntasks;
    uint64_t tmp = jk->tmp_size, obj = jk->obj_len;
    memcpy(at, "TJK1", 4);
    memcpy(at + 4, &ntasks, 4);
    memcpy(at + 8, &tmp, 8);
    at += SAVED_HEAD;
    for (int i = 0; i < jk->ntasks; i++, at += sizeof(SavedTask)) {
        const Task *t = &jk->tasks[i];
        SavedTask st = {(uint8_t)t->type, t->const_begin, t->const_end, 0, t->begin_value, t->end_value,
                        t->begin_offset, t->end_offset, {0}};
        memcpy(st.name, t->name, sizeof st.name);
        memcpy(at, &st, sizeof st);
    }
    memcpy(at, &obj, 8);
    memcpy(at + 8, jk->obj, jk->obj_len);
    *bytes = b;
    *len = n;
    return true;
}

JitKernel *jit_kernel_load(JitSession *s, const unsigned char *bytes, size_t len, char **err)
{
    *err = NULL;
    uint32_t ntasks;
    uint64_t tmp, obj;
    if (len < SAVED_HEAD || memcmp(bytes, "TJK1", 4)) {
        *err = message("codegen: not a saved kernel", "");
        return NULL;
    }
    memcpy(&ntasks, bytes + 4, 4);
    memcpy(&tmp, bytes + 8, 8);
    size_t table = SAVED_HEAD + (size_t)ntasks * sizeof(SavedTask);
    if (ntasks == 0 || ntasks > (len - SAVED_HEAD) / sizeof(SavedTask) || len - table < 8) {
        *err = message("codegen: a saved kernel's task table is damaged", "");
        return NULL;
    }
    memcpy(&obj, bytes + table, 8);
    if (obj != len - table - 8) {
        *err = message("codegen: a saved kernel's object code is truncated", "");
        return NULL;
    }
    JitKernel *jk = calloc(1, sizeof *jk + (size_t)ntasks * sizeof(Task));
    if (!jk || !(jk->obj = malloc(obj ? obj : 1))) {
        free(jk);
        *err = message("codegen: out of memory", "");
        return NULL;
    }
    jk->tmp_size = tmp;
    jk->obj_len = obj;
    memcpy(jk->obj, bytes + table + 8, obj);
    jk->ntasks = (int)ntasks;
    for (uint32_t i = 0; i < ntasks; i++) {
        SavedTask st;
        memcpy(&st, bytes + SAVED_HEAD + i * sizeof st, sizeof st);
        Task *t = &jk->tasks[i];
        *t = (Task){(IrTaskType)st.type, st.const_begin, st.const_end, st.begin_value, st.end_value,
                    st.begin_offset, st.end_offset, {0}, NULL};
        bool named = memchr(st.name, 0, sizeof st.name) != NULL;
        if (!named || (st.type != IR_TASK_serial && st.type != IR_TASK_range_for)) {
            *err = message("codegen: a saved kernel's task table is damaged", "");
            jit_kernel_free(jk);
            return NULL;
        }
        memcpy(t->name, st.name, sizeof t->name);
    }
    if (!link_tasks(s, jk, err)) {
        jit_kernel_free(jk);
        return NULL;
    }
    return jk;
}

size_t jit_kernel_tmp_size(const JitKernel *jk) { return jk->tmp_size; }

/* Tasks run with the SSE control register's flush-to-zero bit set, on the
 * caller and the workers alike, as Taichi's CPU kernels do: an f32 / f64
 * result too small to be a normal number is a zero of its sign. Denormal
 * inputs stay as they are (no denormals-are-zero: Taichi reads a bit_cast
 * denormal as such). The caller's own mode is given back after the launch:
 * Python-scope arithmetic keeps IEEE denormals. */
#if defined(__x86_64__) || defined(__i386__)
static unsigned ftz_enter(void)
{
    unsigned old = _mm_getcsr();
    _mm_setcsr(old | _MM_FLUSH_ZERO_ON);
    return old;
}

static void ftz_leave(unsigned old) { _mm_setcsr(old); }
#else
/* other hosts keep IEEE denormals */
static unsigned ftz_enter(void) { return 0; }
static void ftz_leave(unsigned old) { (void)old; }
#endif

typedef struct {
    TaskFn fn;
    JitContext *ctx;
} Chunk;

static bool failed(const JitContext *ctx)
{
    return ctx->rt && atomic_load_explicit(&ctx->rt->assert_failed, memory_order_relaxed);
}

/* Once an assertion failed, the chunks not yet started are skipped. */
static void run_chunk(void *p, int64_t begin, int64_t end, int thread_id)
{
    const Chunk *c = p;
    if (failed(c->ctx))
        return;
    unsigned mode = ftz_enter();
    c->fn(c->ctx, begin, end, thread_id);
    ftz_leave(mode);
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
    unsigned mode = ftz_enter();
    for (int i = 0; i < jk->ntasks && !failed(ctx); i++) {
        const Task *t = &jk->tasks[i];
        if (t->type == IR_TASK_serial) {
            ctx->alone = 1;
            t->fn(ctx, 0, 1, 0);
            continue;
        }
        int64_t begin = bound(ctx, t->const_begin, t->begin_value, t->begin_offset);
        int64_t end = bound(ctx, t->const_end, t->end_value, t->end_offset);
        if (end <= begin)
            continue;
        int threads = pool ? jit_pool_threads(pool) : 1;
        ctx->alone = threads <= 1;
        if (threads <= 1) {
            t->fn(ctx, begin, end, 0);
            continue;
        }
        /* About four chunks per thread: enough to even out uneven bodies. */
        int64_t chunks = 4 * (int64_t)threads;
        Chunk c = {t->fn, ctx};
        jit_pool_run(pool, begin, end, (end - begin + chunks - 1) / chunks, run_chunk, &c);
    }
    ftz_leave(mode);
}

/* The code generator's state for one task function, shared by its three files:
 * codegen.c (statements, control flow, runtime calls, tasks, compile and launch),
 * codegen_ops.c (casts, unary and binary operators) and codegen_mem.c (field and
 * temporary addresses, loads, stores, atomics and thread-local reductions). */
#ifndef TIRUN_JIT_CODEGEN_IMPL_H
#define TIRUN_JIT_CODEGEN_IMPL_H

#include <stdbool.h>

#include "codegen.h"

enum { CG_MAX_LOOPS = 64 };

/* A loop being emitted: where continue and break go, and its index (i32). */
typedef struct {
    const IrStmt *loop;
    LLVMBasicBlockRef cont, brk;
    LLVMValueRef index;
} CgLoop;

/* A thread-local reduction: the atomics of one kind on one loop-invariant
 * location, accumulated in acc for the whole chunk and combined into addr with
 * one atomic in the task's exit block. */
typedef struct {
    LLVMValueRef acc, addr;
    IrAtomicOp op;          /* sub accumulates into an add reduction */
    IrType type;
} CgReduce;

typedef struct {
    LLVMContextRef c;
    LLVMModuleRef mod;
    LLVMBuilderRef b;       /* at the statement being emitted */
    LLVMBuilderRef eb;      /* at the end of the entry block */
    LLVMValueRef fn, ctx, thread;
    LLVMBasicBlockRef exit; /* every way out of the task goes through it */
    LLVMValueRef *vals;     /* by statement id */
    int nids;
    int *uses;              /* use counts by statement id */
    LLVMValueRef *roots;    /* tree base pointers loaded in the entry, by tree id */
    int nroots;
    LLVMValueRef tmps, rt;  /* ctx->tmps and ctx->rt, loaded in the entry on demand */
    LLVMValueRef alone;     /* ctx->alone != 0, loaded in the entry on demand */
    LLVMValueRef rand_home, rand_var;   /* the thread's state, and its copy in a register */
    const IrKernel *k;
    bool fast_math;         /* jit_session_fast_math when the kernel compiles */
    const IrStmt *task;
    JitKernel *jk;          /* owns what generated code points at */
    CgLoop loops[CG_MAX_LOOPS];
    int nloops;
    CgReduce *reds;
    int nreds;
    int *red_of;            /* by statement id: its reduction, or -1 */
    bool *reorder;          /* by statement id: a loop whose float reductions may reassociate */
    char *split_role;       /* by statement id: 'q' or 'r' for idx // C, idx % C of a split task */
    LLVMValueRef split_q;   /* the current row of a split task */
    LLVMMetadataRef tbaa_root, tbaa_tmp;    /* the module's alias classes (codegen_mem.c) */
    LLVMMetadataRef *tbaa_place;            /* by SNode id */
    int ntbaa_place;
    LLVMTypeRef i1, i8, i16, i32, i64, half, f32, f64, ptr, vd;
    size_t tmp_size;
    char *err;
} Cg;

/* Records the first error (printf-style) against statement s (or none); returns false. */
bool jit_cg_fail(Cg *g, const IrStmt *s, const char *fmt, ...);

/* The type a value of IR type t has in a register (f16 computes as f32), and in memory. */
LLVMTypeRef jit_cg_reg_type(Cg *g, IrType t);
LLVMTypeRef jit_cg_mem_type(Cg *g, IrType t);

static inline LLVMValueRef jit_cg_val(Cg *g, const IrStmt *s)
{
    return s->id < g->nids ? g->vals[s->id] : NULL;
}

static inline LLVMValueRef jit_cg_i64(Cg *g, uint64_t v) { return LLVMConstInt(g->i64, v, 0); }

/* Calls an overloaded LLVM intrinsic on type t. */
LLVMValueRef jit_cg_intrinsic(Cg *g, const char *name, LLVMTypeRef t, LLVMValueRef *args, unsigned n);

/* A new block at the end of the task function. */
LLVMBasicBlockRef jit_cg_block(Cg *g, const char *name);

/* ctx + off as a pointer, built with b. */
LLVMValueRef jit_cg_ctx_field(Cg *g, LLVMBuilderRef b, size_t off);


/* codegen_ops.c: unary and binary statements. */
/* v != 0 as an i1 (v an integer: conditions are). */
LLVMValueRef jit_cg_truth(Cg *g, LLVMValueRef v);
bool jit_cg_unary(Cg *g, const IrStmt *s);
bool jit_cg_binary(Cg *g, const IrStmt *s);
/* A value of IR type from converted to IR type to. */
LLVMValueRef jit_cg_cast_value(Cg *g, LLVMValueRef v, IrType from, IrType to);

/* codegen_mem.c */
bool jit_cg_global_ptr(Cg *g, const IrStmt *s);
bool jit_cg_global_tmp(Cg *g, const IrStmt *s);
bool jit_cg_external_ptr(Cg *g, const IrStmt *s);
LLVMValueRef jit_cg_load(Cg *g, const IrStmt *ptr);
void jit_cg_store(Cg *g, const IrStmt *ptr, LLVMValueRef v);
bool jit_cg_atomic(Cg *g, const IrStmt *s);
/* Finds the range_for task's thread-local reductions, sets up their accumulators
 * in the entry block and marks the loops that may reassociate them. */
bool jit_cg_plan_reductions(Cg *g, const IrStmt *task);
/* In the exit block: each accumulator into memory with one atomic. */
void jit_cg_flush_reductions(Cg *g);

#endif

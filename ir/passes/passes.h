/* The IR passes, one per file (Taichi's transforms/), each a free function over a
 * whole kernel, and the pipeline that runs them in order (pipeline.c).
 *
 * Every pass keeps the invariants ir_verify checks. A pass returns whether it
 * changed anything (so the pipeline may iterate), except where noted; out of
 * memory is reported through k->oom. */
#ifndef TIRUN_IR_PASSES_H
#define TIRUN_IR_PASSES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "../ir.h"

/* Inserts the implicit casts Taichi's type check adds where operand types
 * disagree (binary operands promoted with ir_type_promote, stores cast to the
 * destination's type, if / while conditions to i32). */
bool ir_pass_type_check(IrKernel *k);
/* Folds unary, binary, select and cast statements whose operands are constants,
 * with the wrap-around and division semantics the backends implement. */
bool ir_pass_const_fold(IrKernel *k);
/* x+0, x*1, x*0 (integers), x-x (integers), x&x, x|0, x<<0, casts to the same
 * type, select with a constant condition, if with a constant condition. */
bool ir_pass_alg_simp(IrKernel *k);
/* Merges identical pure statements when one dominates the other (same block or
 * an enclosing one, earlier). */
bool ir_pass_cse(IrKernel *k);
/* Dead instruction elimination: unused pure / memory-reading statements,
 * allocas that are only stored to. */
bool ir_pass_die(IrKernel *k);
/* Store-to-load forwarding and alloca promotion within straight-line code: a
 * local_load sees the value of the last local_store to its alloca in the same
 * block when nothing in between may write it (no container statement that
 * stores to it, no atomic on it). */
bool ir_pass_mem2reg(IrKernel *k);
/* Loop-invariant code motion: pure statements in a loop body (range_for,
 * while, and serial loops inside tasks) whose operands are all defined outside
 * the loop move before the loop. */
bool ir_pass_licm(IrKernel *k);
/* Offload: afterwards the root block holds only offloaded statements (see
 * ir.h). Always succeeds unless out of memory; returns true. */
bool ir_pass_offload(IrKernel *k);
/* Atomic demotion: an atomic on an alloca (private to its task after offload)
 * becomes local_load / binary / local_store. */
bool ir_pass_demote_atomics(IrKernel *k);

/* ---- small helpers the passes share */

/* A constant of type t whose value is in the member t uses (f for floats, i
 * for signed, u for unsigned types), built at the cursor. */
static inline IrStmt *ir_const_of(IrKernel *k, IrType t, IrConst v)
{
    if (ir_type_is_float(t)) return ir_const_f(k, t, v.f);
    if (ir_type_is_signed(t)) return ir_const_i(k, t, v.i);
    return ir_const_u(k, t, v.u);
}

/* Whether s sits somewhere inside container c's blocks. */
static inline bool ir_encloses(const IrStmt *c, const IrStmt *s)
{
    for (const IrBlock *b = s->block; b && b->parent; b = b->parent->block)
        if (b->parent == c) return true;
    return false;
}

/* Replacements for a pass that walks in program order (parents before their
 * children, earlier before later). Every use of a statement comes after it
 * in that order, so rewriting each statement's operands as the walk reaches
 * it (ir_remap_operands) replaces all uses in one sweep, where
 * ir_replace_uses would scan the kernel once per replaced statement. */
typedef struct IrRemap {
    IrStmt **to;    /* by id: the replacement, or NULL */
    int n;
} IrRemap;

/* false (and k->oom) when out of memory. */
static inline bool ir_remap_init(IrRemap *m, IrKernel *k)
{
    m->n = k->next_id;
    m->to = calloc((size_t)(m->n > 0 ? m->n : 1), sizeof *m->to);
    if (!m->to) k->oom = true;
    return m->to != NULL;
}

static inline void ir_remap_free(IrRemap *m) { free(m->to); }

static inline void ir_remap_set(IrRemap *m, const IrStmt *from, IrStmt *to)
{
    if (from->id >= 0 && from->id < m->n) m->to[from->id] = to;
}

/* The statement that now stands for s (following chains of replacements). */
static inline IrStmt *ir_remap_get(const IrRemap *m, IrStmt *s)
{
    while (s->id >= 0 && s->id < m->n && m->to[s->id]) s = m->to[s->id];
    return s;
}

static inline void ir_remap_operands(const IrRemap *m, IrStmt *s)
{
    for (int i = 0; i < s->nops; i++) s->ops[i] = ir_remap_get(m, s->ops[i]);
}

typedef struct IrPassOptions {
    bool optimize;      /* run the optimizing passes (ti.init(advanced_optimization)) */
} IrPassOptions;

/* Runs the pipeline on a frontend kernel (as the transformer built it): type
 * check, simplification, offload, atomic demotion, then simplification again,
 * verifying at the end. false with a message in err when the result fails
 * ir_verify (a compiler bug) or memory ran out. */
bool ir_run_passes(IrKernel *k, const IrPassOptions *opt, char *err, size_t errcap);

#endif

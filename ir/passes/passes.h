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

/* What the caller decides for a pipeline run; the passes themselves hold no
 * backend's policy. */
typedef struct IrPassOptions {
    bool optimize;      /* run the optimizing passes (ti.init(advanced_optimization)) */
    /* the block_dim an adaptive (0) loop gets when offloaded: the backend's
     * default (its capabilities); 0 keeps it adaptive */
    int default_block_dim;
} IrPassOptions;

/* Inserts the implicit casts Taichi's type check adds where operand types
 * disagree: binary operands promoted with ir_type_promote (a shift's count to
 * its value's type; float-only ops and unary float functions on integers to
 * f32), select values promoted, stored and atomic operands to the pointee,
 * range bounds and field indices to i32, returned values to the kernel's
 * return type; an if / while_control / assert condition that is not i32
 * becomes `cond != 0`. Result types of the statements it touches follow. */
bool ir_pass_type_check(IrKernel *k);
/* Folds unary and binary statements (casts included) whose operands are
 * constants, computing exactly what the CPU backend computes at run time:
 * wrap-around, C's truncating div, Python's // and %, shift counts modulo
 * the width, i32 0 / 1 comparisons, float ops rounded in their type. Left
 * for run time: division by zero, float-to-int casts out of range, libm's
 * functions, f16 arithmetic, a NaN made by reinterpreting bits, integer pow.
 * The statement becomes the constant in place (same id, same uses). */
bool ir_pass_const_fold(IrKernel *k);
/* x+0, x-0, x*1, x/1, x*0, x-x, x&x, x&0, x|x, x|0, x^0, x^x, shifts by 0
 * on integers; x*1.0, x-0.0, x/1.0 on floats (the identities exact for every
 * float); a cast to the operand's own type; a select or an if on a constant
 * (the if's taken block replaces it; at the top level of a kernel not yet
 * offloaded, range loops that come out of it are marked serial). */
bool ir_pass_alg_simp(IrKernel *k);
/* Merges identical pure statements when one dominates the other (same block or
 * an enclosing one, earlier); commutative binary ops match either way round. */
bool ir_pass_cse(IrKernel *k);
/* Dead instruction elimination: unused pure / memory-reading statements,
 * allocas that are only stored to (with their stores), ifs with both blocks
 * empty, range loops with an empty body, empty tasks (one always stays). */
bool ir_pass_die(IrKernel *k);
/* Store-to-load forwarding and alloca promotion within straight-line code: a
 * local_load sees the value of the last local_store to its alloca in the same
 * block, or in an enclosing one, when nothing in between may write it (no
 * container statement that stores to it, no atomic on it; a loop body knows
 * nothing of an alloca the loop writes). A store overwritten in the same
 * block before anything may read it goes (a break, continue, while_control
 * or return in between keeps it), and so do allocas left with no loads. */
bool ir_pass_mem2reg(IrKernel *k);
/* Loop-invariant code motion: pure statements directly in a loop body
 * (range_for, struct_for, while; never a task's own body, nor a top-level
 * loop that will become a task) whose operands are all defined outside the
 * loop move before the loop. Integer division by anything but a constant
 * other than 0 and -1 stays, as it could trap on some targets. */
bool ir_pass_licm(IrKernel *k);
/* Struct-for lowering (Taichi's demote_dense_struct_fors): a struct_for over
 * a dense SNode (or the root) becomes a range_for over its cells' flattened
 * index space [0, prod(shape)), each loop index recovered with div / mod, the
 * last index varying fastest (row-major in the virtual indices); the range
 * keeps the struct_for's block_dim, and one below the kernel's top level is
 * serialized. A struct_for that cannot be flattened stays for list
 * generation (sparse SNodes, which no backend supports yet, and index spaces
 * past 2^31 - 1 cells). */
bool ir_pass_lower_struct_for(IrKernel *k);
/* Offload: afterwards the root block holds only offloaded statements (see
 * ir.h), in program order: each top-level range_for that is not serialized
 * (and each struct_for) becomes a task of its own, its body moved in and its
 * loop_index / break / continue naming the task; block_dim 0 (adaptive)
 * becomes opt->default_block_dim (the backend's default). Maximal runs of other top-level
 * statements become serial tasks; an empty kernel gets one empty serial task.
 *
 * Values crossing tasks go through global temporaries, 8 bytes apart from
 * offset 0: a top-level alloca that more than one task uses becomes one (its
 * loads, stores and atomics become global ones on a global_tmp at the start
 * of each task), taking the first offsets in program order; any other value
 * is stored by the serial task that defines it, right after its definition,
 * and reloaded at the start of each later task that uses it. A range task's
 * bound is a constant when its bound is an i32 const, and else the offset
 * of the temporary holding that value. Constants and field pointers are
 * rebuilt in the task that uses them instead. A return (at the end of the
 * kernel) lands in the last serial task. Returns false for a kernel that is
 * already offloaded (nothing to do) or when out of memory. */
bool ir_pass_offload(IrKernel *k, const IrPassOptions *opt);
/* Atomic demotion: an atomic on an alloca becomes local_load / binary /
 * local_store, its result (the old value) the load. Meant for after offload,
 * when every alloca is private to its task; before it, an atomic inside a
 * top-level parallel loop on an alloca outside that loop stays. */
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

/* Runs the pipeline on a frontend kernel (as the transformer built it):
 *   type_check, lower_struct_for,
 *   [optimize] {const_fold, alg_simp, mem2reg, die} to a fixpoint,
 *   offload, demote_atomics,
 *   [optimize] {mem2reg, const_fold, alg_simp, cse, licm, die} to a fixpoint,
 *   [not optimize] die,
 * (a fixpoint: at most 8 rounds), verifying after every pass, then
 * ir_renumber so that print_ir shows $0.. in order. false with a message in
 * err ("after pass NAME: <verifier message>") when a pass leaves IR that
 * fails ir_verify (a compiler bug, or a frontend kernel whose types
 * type_check cannot reconcile, such as bit_and on floats) or memory ran out. */
bool ir_run_passes(IrKernel *k, const IrPassOptions *opt, char *err, size_t errcap);

#endif

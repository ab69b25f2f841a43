/* Atomic demotion: an atomic update of an alloca becomes a plain load,
 * operation and store. After offloading every alloca is private to the task
 * function that holds it, so nothing else can race on it; the atomic's result
 * (the old value) is the load. */
#include "passes.h"

static const IrBinaryOp binary_of[] = {
#define X(name, cls) [IR_ATOMIC_##name] = IR_BIN_##name,
    IR_ATOMIC_OPS(X)
#undef X
};

/* Before offloading, an alloca at the top level that a parallel loop updates
 * is shared by all its iterations: that atomic must stay. */
static bool in_parallel_loop_outside(const IrStmt *s, const IrStmt *var)
{
    const IrStmt *top = s;
    while (top->block && top->block->parent) top = top->block->parent;
    bool parallel = (top->kind == IR_RANGE_FOR && !top->u.range.serialize) || top->kind == IR_STRUCT_FOR;
    return parallel && !ir_encloses(top, var);
}

static bool demote_block(IrKernel *k, IrBlock *b)
{
    bool changed = false;
    for (IrStmt *s = b->first; s; s = s->next) {
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) changed |= demote_block(k, s->blocks[i]);
        IrStmt *var = s->kind == IR_ATOMIC_OP ? s->ops[0] : NULL;
        if (!var || var->kind != IR_ALLOCA || in_parallel_loop_outside(s, var)) continue;
        /* s itself becomes the load, so its uses (of the old value) stay. */
        IrStmt *operand = s->ops[1];
        IrCursor saved = ir_at_after(k, s);
        IrLoc loc = k->loc;
        k->loc = s->loc;
        IrStmt *updated = ir_binary(k, binary_of[s->u.atomic], s, operand);
        IrStmt *store = ir_local_store(k, var, updated);
        k->loc = loc;
        ir_leave(k, saved);
        if (!store) return changed;
        s->kind = IR_LOCAL_LOAD;
        s->nops = 1;
        changed = true;
        s = store;
    }
    return changed;
}

bool ir_pass_demote_atomics(IrKernel *k) { return demote_block(k, k->root); }

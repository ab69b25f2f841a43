/* Loop-invariant code motion: a pure statement directly in a loop's body
 * whose operands are all defined outside the loop moves before the loop.
 * Inner loops go first, so an invariant climbs out of a nest one level per
 * loop. A task is never left: its body runs in its own function, and
 * whatever moved out would have to cross tasks through memory. */
#include "passes.h"

/* A loop at the top level of a kernel not yet offloaded will be a task. */
static bool will_be_task(const IrStmt *loop)
{
    return loop->block->parent == NULL &&
           ((loop->kind == IR_RANGE_FOR && !loop->u.range.serialize) || loop->kind == IR_STRUCT_FOR);
}

/* Integer division by anything but a known safe constant may trap on some
 * targets (x / 0, INT_MIN / -1); inside the loop it might never run. */
static bool may_trap(const IrStmt *s)
{
    if (s->kind != IR_BINARY || !ir_type_is_int(s->type)) return false;
    IrBinaryOp op = s->u.binary;
    if (op != IR_BIN_div && op != IR_BIN_floordiv && op != IR_BIN_mod) return false;
    const IrStmt *d = s->ops[1];
    return d->kind != IR_CONST || d->u.val.i == 0 || (ir_type_is_signed(d->type) && d->u.val.i == -1);
}

static bool invariant(const IrStmt *s, const IrStmt *loop)
{
    if (ir_kind_effect(s->kind) != IR_PURE || may_trap(s)) return false;
    for (int i = 0; i < s->nops; i++)
        if (ir_encloses(loop, s->ops[i])) return false;
    /* The index of this loop or of one inside it varies. */
    return !s->loop || (s->loop != loop && !ir_encloses(loop, s->loop));
}

static bool licm_block(IrBlock *b);

static bool hoist(IrStmt *loop)
{
    bool changed = licm_block(loop->blocks[IR_BODY]);
    for (IrStmt *s = loop->blocks[IR_BODY]->first, *next; s; s = next) {
        next = s->next;
        if (!invariant(s, loop)) continue;
        ir_move(s, loop->block, loop);
        changed = true;
    }
    return changed;
}

static bool licm_block(IrBlock *b)
{
    bool changed = false;
    for (IrStmt *s = b->first; s; s = s->next) {
        bool loop = s->kind == IR_RANGE_FOR || s->kind == IR_STRUCT_FOR || s->kind == IR_WHILE;
        if (loop && !will_be_task(s)) {
            changed |= hoist(s);
            continue;
        }
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) changed |= licm_block(s->blocks[i]);
    }
    return changed;
}

bool ir_pass_licm(IrKernel *k) { return licm_block(k->root); }

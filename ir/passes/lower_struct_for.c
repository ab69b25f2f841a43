/* Struct-for lowering (Taichi's demote_dense_struct_fors): a struct_for over a
 * dense SNode walks every cell, so it is a range_for over the flattened index
 * space. Sparse SNodes would need list generation instead; they stay. */
#include "passes.h"

#include <stdint.h>

#include "../snode.h"

/* The extent of each loop index (virtual order) of a struct_for over sn, and
 * their product; false when sn is not dense or the product passes 2^31 - 1. */
static bool dense_extents(const IrSNode *sn, int64_t *extents, int64_t *total)
{
    const IrSNodeNode *n = (const IrSNodeNode *)sn;     /* the IrSNode is a node's first member */
    if (n->kind != IR_SNODE_DENSE && n->kind != IR_SNODE_ROOT) return false;
    *total = 1;
    for (int i = 0; i < sn->num_indices; i++) {
        extents[i] = n->shape[n->physical_index_position[i]];
        if (__builtin_mul_overflow(*total, extents[i], total) || *total > INT32_MAX) return false;
    }
    return true;
}

/* Replace every loop_index of sf in b (and the blocks inside) by its index. */
static void replace_indices(IrKernel *k, IrBlock *b, const IrStmt *sf, IrStmt **index)
{
    for (IrStmt *s = b->first, *next; s; s = next) {
        next = s->next;
        if (s->kind == IR_LOOP_INDEX && s->loop == sf) {
            ir_replace_with(k, s, index[s->u.index]);
            continue;
        }
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) replace_indices(k, s->blocks[i], sf, index);
    }
}

/* sf becomes `for idx in range(0, total)` whose body starts by splitting idx
 * into the loop indices: index n-1 = idx % e[n-1], then idx / e[n-1] feeds
 * the next one up; index 0 is what is left. */
static void lower(IrKernel *k, IrStmt *sf, const int64_t *extents, int64_t total)
{
    int n = sf->u.sfor.snode->num_indices;
    k->loc = sf->loc;
    ir_at_before(k, sf);
    IrStmt *begin = ir_const_i(k, IR_I32, 0);
    IrStmt *loop = ir_range_for(k, begin, ir_const_i(k, IR_I32, total));
    if (!loop) return;
    loop->u.range.block_dim = sf->u.sfor.block_dim;
    /* only a top-level loop runs in parallel (the frontend allows no other) */
    loop->u.range.serialize = sf->block != k->root;
    ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *idx = ir_loop_index(k, loop, 0);
    IrStmt *index[IR_SNODE_MAX_INDICES];
    for (int i = n - 1; i >= 0; i--) {
        IrStmt *e = i > 0 ? ir_const_i(k, IR_I32, extents[i]) : NULL;
        index[i] = i > 0 ? ir_binary(k, IR_BIN_mod, idx, e) : idx;
        if (i > 0) idx = ir_binary(k, IR_BIN_div, idx, e);
    }
    if (k->oom) return;
    ir_splice(loop->blocks[IR_BODY], NULL, sf->blocks[IR_BODY]);
    replace_indices(k, loop->blocks[IR_BODY], sf, index);
    /* what is left naming sf: break and continue */
    ir_replace_uses(k, sf, loop);
    ir_erase(sf);
}

static bool lower_block(IrKernel *k, IrBlock *b)
{
    bool changed = false;
    for (IrStmt *s = b->first, *next; s && !k->oom; s = next) {
        next = s->next;
        int64_t extents[IR_SNODE_MAX_INDICES], total;
        if (s->kind == IR_STRUCT_FOR && dense_extents(s->u.sfor.snode, extents, &total)) {
            lower(k, s, extents, total);
            changed = true;
            continue;
        }
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) changed |= lower_block(k, s->blocks[i]);
    }
    return changed;
}

bool ir_pass_lower_struct_for(IrKernel *k)
{
    if (k->oom) return false;
    IrCursor saved_cursor = ir_enter(k, k->root);
    IrLoc saved_loc = k->loc;
    bool changed = lower_block(k, k->root);
    k->loc = saved_loc;
    ir_leave(k, saved_cursor);
    return changed;
}

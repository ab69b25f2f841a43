/* Atomic demotion: an atomic update of an alloca becomes a plain load,
 * operation and store. After offloading every alloca is private to the task
 * function that holds it, so nothing else can race on it; the atomic's result
 * (the old value) is the load.
 *
 * Likewise an atomic update of a field element that only its own iteration of
 * a parallel task touches (Taichi's uniquely accessed pointers): in a
 * range_for task over [begin, end), begin >= 0, every global_ptr of that place
 * SNode in the task has the same indices, and those indices tell the
 * iterations apart without wrapping around the field's shape: one index is the
 * loop index itself, or the indices are the digits of the loop index that
 * struct_for lowering made (idx % e, idx / e % e', ..., each within its
 * extent). `grid_v[i, j].y -= g` in `for i, j in grid_m` is then a load and a
 * store. */
#include "passes.h"

#include "../snode.h"

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

/* s (an atomic of an alloca or a global_ptr) as its load, operation and
 * store: s itself becomes the load, so its uses (of the old value) stay.
 * Returns the store, NULL when out of memory. */
static IrStmt *demote(IrKernel *k, IrStmt *s)
{
    IrStmt *ptr = s->ops[0], *operand = s->ops[1];
    bool local = ptr->kind == IR_ALLOCA;
    IrCursor saved = ir_at_after(k, s);
    IrLoc loc = k->loc;
    k->loc = s->loc;
    IrStmt *updated = ir_binary(k, binary_of[s->u.atomic], s, operand);
    IrStmt *store = local ? ir_local_store(k, ptr, updated) : ir_global_store(k, ptr, updated);
    k->loc = loc;
    ir_leave(k, saved);
    if (!store) return NULL;
    s->kind = local ? IR_LOCAL_LOAD : IR_GLOBAL_LOAD;
    s->nops = 1;
    return store;
}

static bool demote_block(IrKernel *k, IrBlock *b)
{
    bool changed = false;
    for (IrStmt *s = b->first; s; s = s->next) {
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) changed |= demote_block(k, s->blocks[i]);
        IrStmt *var = s->kind == IR_ATOMIC_OP ? s->ops[0] : NULL;
        if (!var || var->kind != IR_ALLOCA || in_parallel_loop_outside(s, var)) continue;
        IrStmt *store = demote(k, s);
        if (!store) return changed;
        changed = true;
        s = store;
    }
    return changed;
}

/* Whether a and b always hold the same value in one iteration of task. */
static bool same_value(const IrStmt *a, const IrStmt *b)
{
    if (a == b) return true;
    if (a->kind != b->kind || a->type != b->type) return false;
    switch (a->kind) {
    case IR_CONST: return a->u.val.u == b->u.val.u;
    case IR_LOOP_INDEX: return a->loop == b->loop && a->u.index == b->u.index;
    case IR_BINARY:
        return a->u.binary == b->u.binary && same_value(a->ops[0], b->ops[0]) &&
               same_value(a->ops[1], b->ops[1]);
    default: return false;
    }
}

static bool same_indices(const IrStmt *p, const IrStmt *q)
{
    if (p->nops != q->nops) return false;
    for (int i = 0; i < p->nops; i++)
        if (!same_value(p->ops[i], q->ops[i])) return false;
    return true;
}

/* An index as a digit of the task's loop index L: (L / div) % mod (mod 0:
 * none). False for anything else. */
static bool digit_of(const IrStmt *x, const IrStmt *task, int64_t *div, int64_t *mod)
{
    if (x->kind == IR_LOOP_INDEX && x->loop == task && x->u.index == 0) {
        *div = 1, *mod = 0;
        return true;
    }
    if (x->kind != IR_BINARY || x->type != IR_I32 || x->ops[1]->kind != IR_CONST) return false;
    int64_t c = x->ops[1]->u.val.i;
    if (c < 1 || (x->u.binary != IR_BIN_div && x->u.binary != IR_BIN_mod)) return false;
    if (!digit_of(x->ops[0], task, div, mod) || *mod != 0) return false;
    if (x->u.binary == IR_BIN_mod) *mod = c;
    else if (__builtin_mul_overflow(*div, c, div)) return false;
    return true;
}

/* Whether the indices of global_ptr p differ between any two iterations of
 * task, which runs L over [begin, end), 0 <= begin < end. */
static bool unique_per_iteration(const IrStmt *p, const IrStmt *task, int64_t begin, int64_t end)
{
    const IrSNodeNode *n = (const IrSNodeNode *)p->u.ptr.snode;
    int64_t divs[IR_SNODE_MAX_INDICES], mods[IR_SNODE_MAX_INDICES];
    bool digit[IR_SNODE_MAX_INDICES];
    for (int i = 0; i < p->nops && i < IR_SNODE_MAX_INDICES; i++) {
        int64_t extent = n->shape[n->physical_index_position[i]];
        const IrStmt *x = p->ops[i];
        /* L + c (or L itself) within the extent: alone tells iterations apart */
        int64_t c = 0;
        if (x->kind == IR_BINARY && x->u.binary == IR_BIN_add && x->ops[1]->kind == IR_CONST &&
            x->type == IR_I32) {
            c = x->ops[1]->u.val.i;
            x = x->ops[0];
        }
        if (x->kind == IR_LOOP_INDEX && x->loop == task && x->u.index == 0 && begin + c >= 0 &&
            end - 1 + c < extent)
            return true;
        x = p->ops[i];
        digit[i] = digit_of(x, task, &divs[i], &mods[i]) &&
                   (mods[i] ? mods[i] <= extent : (end - 1) / divs[i] < extent);
    }
    /* digits: starting from divisor 1, each one's divisor is the previous
     * one's divisor times its modulus, until one without modulus (or whose
     * place value passes end) covers the rest of L */
    int64_t d = 1;
    for (;;) {
        int found = -1;
        for (int i = 0; i < p->nops && i < IR_SNODE_MAX_INDICES; i++)
            if (digit[i] && divs[i] == d) found = i;
        if (found < 0) return false;
        if (mods[found] == 0) return true;
        if (__builtin_mul_overflow(d, mods[found], &d)) return false;
        if (d >= end) return true;
    }
}

/* Every global_ptr in b (and the blocks inside), appended to ptrs. */
static void collect_ptrs(IrBlock *b, IrStmt ***ptrs, int *n, int *cap, bool *oom)
{
    for (IrStmt *s = b->first; s; s = s->next) {
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) collect_ptrs(s->blocks[i], ptrs, n, cap, oom);
        if (s->kind != IR_GLOBAL_PTR) continue;
        if (*n == *cap) {
            int ncap = *cap ? 2 * *cap : 32;
            IrStmt **grown = realloc(*ptrs, (size_t)ncap * sizeof *grown);
            if (!grown) {
                *oom = true;
                return;
            }
            *ptrs = grown, *cap = ncap;
        }
        (*ptrs)[(*n)++] = s;
    }
}

static bool demote_unique(IrKernel *k, IrBlock *b, const IrStmt *task, IrStmt **ptrs, int nptrs,
                          int64_t begin, int64_t end)
{
    bool changed = false;
    for (IrStmt *s = b->first; s; s = s->next) {
        for (int i = 0; i < ir_kind_blocks(s->kind); i++)
            changed |= demote_unique(k, s->blocks[i], task, ptrs, nptrs, begin, end);
        if (s->kind != IR_ATOMIC_OP || s->ops[0]->kind != IR_GLOBAL_PTR) continue;
        const IrStmt *p = s->ops[0];
        bool alone = unique_per_iteration(p, task, begin, end);
        for (int i = 0; i < nptrs && alone; i++)
            alone = ptrs[i]->u.ptr.snode != p->u.ptr.snode || same_indices(ptrs[i], p);
        if (!alone) continue;
        IrStmt *store = demote(k, s);
        if (!store) return changed;
        changed = true;
        s = store;
    }
    return changed;
}

static bool demote_task(IrKernel *k, IrStmt *task)
{
    if (task->kind != IR_OFFLOADED || task->u.task.type != IR_TASK_range_for ||
        !task->u.task.const_begin || !task->u.task.const_end)
        return false;
    int64_t begin = task->u.task.begin_value, end = task->u.task.end_value;
    if (begin < 0 || end <= begin) return false;
    IrStmt **ptrs = NULL;
    int n = 0, cap = 0;
    bool oom = false;
    collect_ptrs(task->blocks[IR_BODY], &ptrs, &n, &cap, &oom);
    bool changed = !oom && demote_unique(k, task->blocks[IR_BODY], task, ptrs, n, begin, end);
    free(ptrs);
    return changed;
}

bool ir_pass_demote_atomics(IrKernel *k)
{
    bool changed = demote_block(k, k->root);
    for (IrStmt *s = k->root->first; s; s = s->next) changed |= demote_task(k, s);
    return changed;
}

/* Common subexpression elimination over pure statements: a statement equal
 * to one that dominates it (earlier in the same block or in an enclosing
 * one) is replaced by that one. In hierarchical SSA dominance is scoping, so
 * the candidates are a stack that grows along a block and shrinks when the
 * block ends. */
#include "passes.h"

#include <string.h>

typedef struct {
    IrKernel *k;
    IrRemap remap;
    IrStmt **avail;     /* pure statements in scope, innermost last */
    int navail, cap;
    bool changed;
} Cse;

static bool commutes(IrBinaryOp op)
{
    switch (op) {
    case IR_BIN_add: case IR_BIN_mul: case IR_BIN_max: case IR_BIN_min:
    case IR_BIN_bit_and: case IR_BIN_bit_or: case IR_BIN_bit_xor:
    case IR_BIN_cmp_eq: case IR_BIN_cmp_ne: case IR_BIN_logical_or: case IR_BIN_logical_and:
        return true;
    default:
        return false;
    }
}

static bool same_operands(const IrStmt *a, const IrStmt *b)
{
    if (a->nops != b->nops) return false;
    if (!a->nops || memcmp(a->ops, b->ops, (size_t)a->nops * sizeof *a->ops) == 0) return true;
    return a->kind == IR_BINARY && commutes(a->u.binary) && a->ops[0] == b->ops[1] && a->ops[1] == b->ops[0];
}

/* Whether pure statements a and b always compute the same value. */
static bool equal(const IrStmt *a, const IrStmt *b)
{
    if (a->kind != b->kind || a->type != b->type || a->nops != b->nops) return false;
    switch (a->kind) {
    case IR_CONST: return a->u.val.u == b->u.val.u;
    case IR_ARG_LOAD: return a->u.arg == b->u.arg;
    case IR_UNARY: return a->u.unary == b->u.unary && same_operands(a, b);
    case IR_BINARY: return a->u.binary == b->u.binary && same_operands(a, b);
    case IR_SELECT: return same_operands(a, b);
    case IR_GLOBAL_PTR:
        return a->u.ptr.snode == b->u.ptr.snode && a->u.ptr.activate == b->u.ptr.activate && same_operands(a, b);
    case IR_EXTERNAL_PTR: return same_operands(a, b);
    case IR_GLOBAL_TMP: return a->u.tmp_offset == b->u.tmp_offset;
    case IR_LOOP_INDEX: return a->loop == b->loop && a->u.index == b->u.index;
    default: return false;
    }
}

static IrStmt *find(const Cse *c, const IrStmt *s)
{
    for (int i = c->navail - 1; i >= 0; i--)
        if (equal(c->avail[i], s)) return c->avail[i];
    return NULL;
}

static bool push(Cse *c, IrStmt *s)
{
    if (c->navail == c->cap) {
        int cap = c->cap ? 2 * c->cap : 64;
        IrStmt **p = realloc(c->avail, (size_t)cap * sizeof *p);
        if (!p) {
            c->k->oom = true;
            return false;
        }
        c->avail = p;
        c->cap = cap;
    }
    c->avail[c->navail++] = s;
    return true;
}

static void cse_block(Cse *c, IrBlock *b)
{
    int mark = c->navail;
    for (IrStmt *s = b->first, *next; s && !c->k->oom; s = next) {
        next = s->next;
        ir_remap_operands(&c->remap, s);
        if (ir_kind_effect(s->kind) == IR_PURE) {
            IrStmt *same = find(c, s);
            if (same) {
                ir_remap_set(&c->remap, s, same);
                ir_erase(s);
                c->changed = true;
            } else {
                push(c, s);
            }
            continue;
        }
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) cse_block(c, s->blocks[i]);
    }
    c->navail = mark;
}

bool ir_pass_cse(IrKernel *k)
{
    Cse c = {.k = k};
    if (!ir_remap_init(&c.remap, k)) return false;
    cse_block(&c, k->root);
    free(c.avail);
    ir_remap_free(&c.remap);
    return c.changed;
}

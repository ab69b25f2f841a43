/* Algebraic simplification: identities that need one constant operand, or
 * none (x + 0, x * 1, x * 0, x - x, x & x, x | 0, x << 0, casts to the same
 * type), branches on constants (select, if), and conditions that widen a u1.
 * Float identities are only those exact for every input: x + 0.0 is not x
 * when x is -0.0. */
#include "passes.h"

#include <math.h>

typedef struct {
    IrKernel *k;
    IrRemap remap;
    bool changed;
} Simp;

static bool is_const(const IrStmt *s) { return s->kind == IR_CONST; }

/* Whether s is the constant v (an integer, or a float equal to it). */
static bool const_is(const IrStmt *s, int v)
{
    if (!is_const(s)) return false;
    if (ir_type_is_float(s->type)) return s->u.val.f == v;
    return s->u.val.i == v;
}

static bool is_zero_int(const IrStmt *s) { return ir_type_is_int(s->type) && const_is(s, 0); }

/* The statement s reduces to (one of its operands, or a new constant zero),
 * or NULL. */
static IrStmt *simplify_binary(Simp *sp, IrStmt *s)
{
    IrStmt *a = s->ops[0], *b = s->ops[1];
    bool integer = ir_type_is_int(a->type);
    switch (s->u.binary) {
    case IR_BIN_add:
        if (integer && const_is(b, 0)) return a;
        if (integer && const_is(a, 0)) return b;
        return NULL;
    case IR_BIN_sub:
        /* Exact for floats too (-0.0 - 0.0 is -0.0), but not x - -0.0. */
        if (const_is(b, 0) && !(ir_type_is_float(b->type) && signbit(b->u.val.f))) return a;
        if (integer && a == b) break;
        return NULL;
    case IR_BIN_mul:
        if (const_is(b, 1)) return a;
        if (const_is(a, 1)) return b;
        if (is_zero_int(a) || is_zero_int(b)) break;
        return NULL;
    case IR_BIN_truediv:
    case IR_BIN_div:
        return const_is(b, 1) ? a : NULL;
    case IR_BIN_floordiv:
        return integer && const_is(b, 1) ? a : NULL;
    case IR_BIN_bit_and:
        if (a == b) return a;
        if (is_zero_int(a) || is_zero_int(b)) break;
        return NULL;
    case IR_BIN_bit_or:
        if (a == b) return a;
        if (is_zero_int(b)) return a;
        if (is_zero_int(a)) return b;
        return NULL;
    case IR_BIN_bit_xor:
        if (is_zero_int(b)) return a;
        if (is_zero_int(a)) return b;
        if (a == b) break;
        return NULL;
    case IR_BIN_bit_shl:
    case IR_BIN_bit_shr:
    case IR_BIN_bit_sar:
        return is_zero_int(b) ? a : NULL;
    default:
        return NULL;
    }
    /* x - x, x * 0, x & 0, x ^ x: zero of s's type. */
    IrCursor saved = ir_at_before(sp->k, s);
    IrStmt *zero = ir_const_i(sp->k, s->type, 0);
    ir_leave(sp->k, saved);
    return zero;
}

static IrStmt *simplify(Simp *sp, IrStmt *s)
{
    switch (s->kind) {
    case IR_BINARY: return simplify_binary(sp, s);
    case IR_UNARY:
        if (s->u.unary == IR_UN_cast_value && s->ops[0]->type == s->type) return s->ops[0];
        return NULL;
    case IR_SELECT:
        if (!is_const(s->ops[0])) return NULL;
        return s->ops[0]->u.val.u ? s->ops[1] : s->ops[2];
    default:
        return NULL;
    }
}

/* A condition that widens a u1 (the transformer casts a comparison to i32 to
 * test it) tests the u1 itself: widening keeps its truth. */
static void narrow_condition(Simp *sp, IrStmt *s)
{
    bool cond = s->kind == IR_IF || s->kind == IR_WHILE_CONTROL || s->kind == IR_SELECT || s->kind == IR_ASSERT;
    IrStmt *c = cond ? s->ops[0] : NULL;
    if (c && c->kind == IR_UNARY && c->u.unary == IR_UN_cast_value && c->ops[0]->type == IR_U1 &&
        ir_type_is_int(c->type)) {
        s->ops[0] = c->ops[0];
        sp->changed = true;
    }
}

/* `if c` on a constant: the taken block replaces the if. Its values were
 * invisible outside it, so nothing after the if can use them. Returns the
 * statement to continue with, or NULL to leave the if alone: at the top
 * level of a kernel not yet offloaded, a loop moving out of the if would
 * become a parallel task. A range loop is kept serial there; a struct loop
 * cannot be, so its if stays. */
static bool inline_if(IrStmt *s, IrStmt **next)
{
    IrBlock *taken = s->blocks[s->ops[0]->u.val.u ? IR_THEN : IR_ELSE];
    bool top = s->block->parent == NULL;
    for (IrStmt *c = taken->first; c && top; c = c->next)
        if (c->kind == IR_STRUCT_FOR) return false;
    for (IrStmt *c = taken->first; c && top; c = c->next)
        if (c->kind == IR_RANGE_FOR) c->u.range.serialize = true;
    IrStmt *first = taken->first;
    ir_splice(s->block, s, taken);
    *next = first ? first : s->next;
    ir_erase(s);
    return true;
}

static void simp_block(Simp *sp, IrBlock *b)
{
    IrStmt *s = b->first;
    while (s) {
        ir_remap_operands(&sp->remap, s);
        narrow_condition(sp, s);
        if (s->kind == IR_IF && is_const(s->ops[0]) && inline_if(s, &s)) {
            sp->changed = true;
            continue;
        }
        IrStmt *r = simplify(sp, s);
        IrStmt *next = s->next;
        if (r) {
            ir_remap_set(&sp->remap, s, r);
            ir_erase(s);
            sp->changed = true;
        } else {
            for (int i = 0; i < ir_kind_blocks(s->kind); i++) simp_block(sp, s->blocks[i]);
        }
        s = next;
    }
}

bool ir_pass_alg_simp(IrKernel *k)
{
    Simp sp = {.k = k};
    if (!ir_remap_init(&sp.remap, k)) return false;
    simp_block(&sp, k->root);
    ir_remap_free(&sp.remap);
    return sp.changed;
}

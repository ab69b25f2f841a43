/* The type-check pass: makes operand types agree the way Taichi's implicit
 * casts do, so a transformer may build `i32 + f32` and leave the casts here.
 * It walks in program order, so an operand's type is final before its uses. */
#include "passes.h"

/* Taichi's default float type, for float-only ops on integers (sqrt(2)). */
enum { DEFAULT_FP = IR_F32 };

typedef struct {
    IrKernel *k;
    bool changed;
} TypeCheck;

/* s's operand i as type t: a cast_value before s when it is not one yet. */
static void cast_operand(TypeCheck *tc, IrStmt *s, int i, IrType t)
{
    IrStmt *x = s->ops[i];
    if (x->type == t || !ir_type_bits(x->type) || !ir_type_bits(t)) return;
    IrCursor saved = ir_at_before(tc->k, s);
    IrLoc loc = tc->k->loc;
    tc->k->loc = s->loc;
    IrStmt *c = ir_cast(tc->k, IR_UN_cast_value, t, x);
    tc->k->loc = loc;
    ir_leave(tc->k, saved);
    if (c) s->ops[i] = c;
    tc->changed = true;
}

/* A condition as i32 or u1: a wider, narrower or float value is compared
 * with zero (truncating an i64 would lose its truth). */
static void cond_operand(TypeCheck *tc, IrStmt *s, int i)
{
    IrStmt *x = s->ops[i];
    if (x->type == IR_I32 || x->type == IR_U1 || !ir_type_bits(x->type)) return;
    IrKernel *k = tc->k;
    IrCursor saved = ir_at_before(k, s);
    IrLoc loc = k->loc;
    k->loc = s->loc;
    IrStmt *zero = ir_type_is_float(x->type) ? ir_const_f(k, x->type, 0.0) : ir_const_i(k, x->type, 0);
    IrStmt *ne = ir_binary(k, IR_BIN_cmp_ne, x, zero);
    k->loc = loc;
    ir_leave(k, saved);
    if (ne) s->ops[i] = ne;
    tc->changed = true;
}

static void set_type(TypeCheck *tc, IrStmt *s, IrType t)
{
    if (s->type == t) return;
    s->type = t;
    tc->changed = true;
}

static void check_binary(TypeCheck *tc, IrStmt *s)
{
    IrType a = s->ops[0]->type, b = s->ops[1]->type;
    IrBinaryOp op = s->u.binary;
    char cls = ir_binary_op_class(op);
    IrType t;
    if (op == IR_BIN_bit_shl || op == IR_BIN_bit_shr || op == IR_BIN_bit_sar)
        t = a;   /* a shift keeps its left operand's type */
    else
        t = ir_type_promote(a, b);
    if (cls == 'F' && ir_type_is_int(t)) t = DEFAULT_FP;
    cast_operand(tc, s, 0, t);
    cast_operand(tc, s, 1, t);
    set_type(tc, s, cls == 'C' || cls == 'L' ? IR_U1 : t);
}

static void check_unary(TypeCheck *tc, IrStmt *s)
{
    char cls = ir_unary_op_class(s->u.unary);
    if (cls == 'C') return;
    if (cls == 'F' && ir_type_is_int(s->ops[0]->type)) cast_operand(tc, s, 0, DEFAULT_FP);
    set_type(tc, s, cls == 'L' ? IR_U1 : s->ops[0]->type);
}

/* The type a pointer operand points to, for stores and atomics. */
static IrType pointee_of(const IrStmt *s) { return ir_pointee(s->ops[0]->type); }

static void check_stmt(TypeCheck *tc, IrStmt *s)
{
    IrKernel *k = tc->k;
    switch (s->kind) {
    case IR_UNARY: check_unary(tc, s); break;
    case IR_BINARY: check_binary(tc, s); break;
    case IR_SELECT: {
        IrType t = ir_type_promote(s->ops[1]->type, s->ops[2]->type);
        cond_operand(tc, s, 0);
        cast_operand(tc, s, 1, t);
        cast_operand(tc, s, 2, t);
        set_type(tc, s, t);
        break;
    }
    case IR_LOCAL_LOAD:
    case IR_GLOBAL_LOAD: set_type(tc, s, pointee_of(s)); break;
    case IR_LOCAL_STORE:
    case IR_GLOBAL_STORE: cast_operand(tc, s, 1, pointee_of(s)); break;
    case IR_ATOMIC_OP:
        cast_operand(tc, s, 1, pointee_of(s));
        set_type(tc, s, pointee_of(s));
        break;
    case IR_GLOBAL_PTR:
    case IR_RANGE_FOR:
        for (int i = 0; i < s->nops; i++) cast_operand(tc, s, i, IR_I32);
        break;
    case IR_EXTERNAL_PTR:   /* operand 0 is the base address */
        for (int i = 1; i < s->nops; i++) cast_operand(tc, s, i, IR_I32);
        break;
    case IR_IF:
    case IR_WHILE_CONTROL:
    case IR_ASSERT: cond_operand(tc, s, 0); break;
    case IR_RETURN:
        for (int i = 0; i < s->nops && i < k->nrets; i++) cast_operand(tc, s, i, k->ret_types[i]);
        break;
    default: break;
    }
}

static void check_block(TypeCheck *tc, IrBlock *b)
{
    for (IrStmt *s = b->first; s; s = s->next) {
        check_stmt(tc, s);
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) check_block(tc, s->blocks[i]);
    }
}

bool ir_pass_type_check(IrKernel *k)
{
    TypeCheck tc = {k, false};
    check_block(&tc, k->root);
    return tc.changed;
}

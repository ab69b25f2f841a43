/* The transformer's expressions (transform.h): Python values evaluated by the VM,
 * Taichi values built as IR with Taichi's implicit casts and debug-mode overflow
 * checks, field access, calls (ti.func inlining, Python callables), displays and
 * comprehensions, and the entry points Expr's Python operators call. Built-ins
 * are in transform_builtin.c, print and assert messages in transform_print.c. */
#include "transform_int.h"

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

/* ---- Expr objects: slot 0 holds the IrStmt pointer as a small int */

bool tr_is_expr(Tr *t, Value v)
{
    return v_is_obj(v) && v_as_obj(v)->type == t->env->t_expr;
}

IrStmt *tr_stmt_of(Value v)
{
    return (IrStmt *)(intptr_t)v_as_int(vm_slot_values(v_as_obj(v))[0]);
}

Value tr_wrap(Tr *t, IrStmt *s)
{
    if (!s) {
        if (t->vm->exc == V_NONE) vm_raise(t->vm, t->vm->e_MemoryError, "out of memory");
        return V_EXC;
    }
    TypeObj *cls = t->env->t_expr;
    Obj *o = vm_alloc(t->vm, cls, sizeof *o + cls->hdr.aux * sizeof(Value));
    if (!o) return V_EXC;
    o->dict = NULL;
    for (uint32_t i = 0; i < cls->hdr.aux; i++) vm_slot_values(o)[i] = V_NONE;
    vm_slot_values(o)[0] = v_int((intptr_t)s);
    return v_obj(o);
}

/* A variable is a local (alloca) or, for a ti.template() parameter given a
 * field element, that element's pointer: both are read and written in place. */
bool tr_is_var(Tr *t, Value v)
{
    if (!tr_is_expr(t, v)) return false;
    IrKind kind = tr_stmt_of(v)->kind;
    return kind == IR_ALLOCA || kind == IR_GLOBAL_PTR || kind == IR_EXTERNAL_PTR;
}

static IrStmt *var_load(Tr *t, IrStmt *var)
{
    return var->kind == IR_ALLOCA ? ir_local_load(t->k, var) : ir_global_load(t->k, var);
}

Value tr_load_var(Tr *t, Value v)
{
    if (!tr_is_var(t, v)) return v;
    return tr_wrap(t, var_load(t, tr_stmt_of(v)));
}

/* ---- Python values as Taichi constants */

static const char *type_name(Tr *t, Value v)
{
    return vm_type_of(t->vm, v)->name->data;
}

/* An integer constant of type ty from a Python int; TaichiTypeError when it does
 * not fit (`literal` chooses Taichi's message for default_ip). */
static IrStmt *int_const(Tr *t, Value v, IrType ty, bool literal)
{
    VM *vm = t->vm;
    mpz_t z;
    mpz_init(z);
    vm_int_to_mpz(v, z);
    int bits = ir_type_bits(ty);
    bool fits;
    if (ir_type_is_signed(ty)) {
        mpz_t lo, hi;
        mpz_init_set_si(lo, -1);
        mpz_mul_2exp(lo, lo, (mp_bitcnt_t)(bits - 1));
        mpz_init_set_ui(hi, 1);
        mpz_mul_2exp(hi, hi, (mp_bitcnt_t)(bits - 1));
        fits = mpz_cmp(z, lo) >= 0 && mpz_cmp(z, hi) < 0;
        mpz_clears(lo, hi, NULL);
    } else {
        mpz_t hi;
        mpz_init_set_ui(hi, 1);
        mpz_mul_2exp(hi, hi, (mp_bitcnt_t)bits);
        fits = mpz_cmp(z, hi) < 0 && mpz_sgn(z) >= 0;
        mpz_clear(hi);
    }
    if (!fits) {
        char *digits = mpz_get_str(NULL, 10, z);
        if (literal)
            vm_raise(vm, t->env->e_type,
                     "Integer literal %s exceeded the range of default_ip: %s, please specify the dtype via e.g. "
                     "`ti.u64(%s)` or set a different `default_ip` in `ti.init()`",
                     digits, ir_type_name(ty), digits);
        else
            vm_raise(vm, t->env->e_type, "Integer literal %s exceeded the range of specified dtype: %s", digits,
                     ir_type_name(ty));
        free(digits);
        mpz_clear(z);
        return NULL;
    }
    IrStmt *s;
    if (ir_type_is_signed(ty)) {
        s = ir_const_i(t->k, ty, mpz_get_si(z));
    } else {
        uint64_t u = mpz_sgn(z) < 0 ? (uint64_t)mpz_get_si(z) : mpz_get_ui(z);
        if (bits < 64) u &= (UINT64_C(1) << bits) - 1;
        s = ir_const_u(t->k, ty, u);
    }
    mpz_clear(z);
    return s;
}

/* A numpy scalar's Python number (TrEnv.host_number), V_UNBOUND for other
 * values, V_EXC with Taichi's TypeError for a numpy array that is no scalar. */
static Value host_number(Tr *t, Value v)
{
    Value n = t->env->host_number && v_is_obj(v) ? t->env->host_number(t->vm, v) : V_UNBOUND;
    if (n == V_NONE)
        return vm_raise(t->vm, t->env->e_type,
                        "Only 0-dimensional numpy array can be used to initialize a scalar expression");
    return n;
}

/* A Python number as a constant of type ty (ty IR_VOID: its default type). */
IrStmt *tr_py_const(Tr *t, Value v, IrType ty, bool literal)
{
    VM *vm = t->vm;
    if (v_is_bool(v)) {
        /* a Python bool is a u1 constant in Taichi: (a < 5) + True is u1 */
        if (ty == IR_VOID) ty = IR_U1;
        v = v_int(v == V_TRUE);
    }
    if (vm_is_int(vm, v)) {
        if (ty == IR_VOID) ty = t->env->default_ip;
        if (ir_type_is_float(ty)) {
            double d;
            if (!vm_to_double(vm, v, &d)) return NULL;
            return ir_const_f(t->k, ty, d);
        }
        return int_const(t, v, ty, literal);
    }
    if (v_is_double(v) || vm_type_of(vm, v) == vm->t_float) {
        double d;
        if (!vm_to_double(vm, v, &d)) return NULL;
        if (ty == IR_VOID) ty = t->env->default_fp;
        if (ir_type_is_float(ty)) return ir_const_f(t->k, ty, d);
        IrStmt *f = ir_const_f(t->k, t->env->default_fp, d);
        return f ? ir_cast(t->k, IR_UN_cast_value, ty, f) : NULL;
    }
    Value n = host_number(t, v);
    if (n == V_EXC) return NULL;
    if (n != V_UNBOUND) return tr_py_const(t, n, ty, literal);
    vm_raise(vm, t->env->e_type, "Invalid constant scalar data type: <class '%s'>", type_name(t, v));
    return NULL;
}

IrStmt *tr_value(Tr *t, Value v)
{
    if (tr_is_expr(t, v)) {
        IrStmt *s = tr_stmt_of(v);
        return tr_is_var(t, v) ? var_load(t, s) : s;
    }
    return tr_py_const(t, v, IR_VOID, true);
}

IrStmt *tr_cast(Tr *t, IrStmt *s, IrType ty)
{
    if (!s || s->type == ty) return s;
    return ir_cast(t->k, IR_UN_cast_value, ty, s);
}

IrStmt *tr_value_as(Tr *t, Value v, IrType ty)
{
    return tr_cast(t, tr_value(t, v), ty);
}

IrStmt *tr_store_value(Tr *t, Value v, IrType ty, const char *what)
{
    IrStmt *s = tr_value(t, v);
    if (!s) return NULL;
    if (!v_is_bool(v)) tr_warn_cast(t, what, ty, s->type);
    return tr_cast(t, s, ty);
}

bool tr_is_number(Tr *t, Value v)
{
    return v_is_int(v) || v_is_double(v) || v_is_bool(v) || vm_is_int(t->vm, v) ||
           vm_type_of(t->vm, v) == t->vm->t_float;
}

Value tr_expr_init(Tr *t, Value v)
{
    VM *vm = t->vm;
    if (tr_is_expr(t, v) || tr_is_number(t, v)) {
        IrStmt *val = tr_value(t, v);
        if (!val) return V_EXC;
        IrStmt *var = ir_alloca(t->k, val->type);
        if (!var || !ir_local_store(t->k, var, val)) return tr_wrap(t, NULL);
        return tr_wrap(t, var);
    }
    Value num = host_number(t, v);
    if (num == V_EXC) return V_EXC;
    if (num != V_UNBOUND) return tr_expr_init(t, num);   /* a numpy scalar: a variable, as Taichi's Expr */
    bool is_list = v_has_layout(v, LAYOUT_LIST) && vm_type_of(vm, v) == vm->t_list;
    bool is_tuple = v_has_layout(v, LAYOUT_TUPLE) && vm_type_of(vm, v) == vm->t_tuple;
    if (is_list || is_tuple) {
        uint32_t n;
        vm_seq_items(v, &n);
        Value out = is_list ? vm_new_list(vm, n) : vm_new_tuple(vm, n);
        if (out == V_EXC) return V_EXC;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t m;
            Value *items = vm_seq_items(v, &m);
            Value e = tr_expr_init(t, items[i]);
            if (e == V_EXC) return V_EXC;
            if (is_list) {
                if (!vm_list_append(vm, (ListObj *)v_as_obj(out), e)) return V_EXC;
            } else {
                ((TupleObj *)v_as_obj(out))->items[i] = e;
            }
        }
        return out;
    }
    if (v_has_layout(v, LAYOUT_DICT) && vm_type_of(vm, v) == vm->t_dict) {
        DictObj *d = (DictObj *)v_as_obj(v);
        Value out = vm_new_dict(vm);
        if (out == V_EXC) return V_EXC;
        for (uint32_t i = 0; i < d->nentries; i++) {
            if (d->entries[i].key == V_UNBOUND) continue;
            Value e = tr_expr_init(t, d->entries[i].value);
            if (e == V_EXC || !vm_dict_set(vm, (DictObj *)v_as_obj(out), d->entries[i].key, e)) return V_EXC;
        }
        return out;
    }
    Value init = v_is_obj(v) ? vm_getattr_opt(vm, v, vm_intern(vm, "_ti_expr_init", 13)) : V_UNBOUND;
    if (init == V_EXC) return V_EXC;
    if (init != V_UNBOUND) return vm_call(vm, init, NULL, 0, NULL);
    /* values Taichi cannot make a variable of (Expr(rhs) fails there) */
    TypeObj *ty = vm_type_of(vm, v);
    if (ty == vm->t_complex || ty == vm->t_str || ty == vm->t_bytes) {
        vm_raise(vm, t->env->e_type, "Invalid constant scalar data type: <class '%s'>", ty->name->data);
        return V_EXC;
    }
    return v;
}

bool tr_store_var(Tr *t, Value var, Value v)
{
    IrStmt *a = tr_stmt_of(var);
    IrStmt *val = tr_store_value(t, v, ir_pointee(a->type), "Assign");
    if (!val) return false;
    return a->kind == IR_ALLOCA ? ir_local_store(t->k, a, val) != NULL : ir_global_store(t->k, a, val) != NULL;
}

/* ---- operators */

static IrStmt *promote_to(Tr *t, IrStmt *s, IrType ty) { return tr_cast(t, s, ty); }

static const char *op_symbol(int op)
{
    static const char *const sym[] = {"+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"};
    return op >= 0 && op < (int)(sizeof sym / sizeof sym[0]) ? sym[op] : "?";
}

/* x ** n for a Python int n >= 0: square-and-multiply in x's type. */
static IrStmt *int_power(Tr *t, IrStmt *x, int64_t n)
{
    IrKernel *k = t->k;
    IrStmt *result = NULL, *base = x;
    while (n > 0) {
        if (n & 1) result = result ? ir_binary(k, IR_BIN_mul, result, base) : base;
        n >>= 1;
        if (n) base = ir_binary(k, IR_BIN_mul, base, base);
    }
    if (!result) result = ir_type_is_float(x->type) ? ir_const_f(k, x->type, 1.0) : ir_const_i(k, x->type, 1);
    return result;
}

/* Debug mode: integer +, -, * and << print Taichi's overflow report (and go on,
 * with the wrapped result) when the result does not fit the type. */
static bool overflow_check(Tr *t, IrBinaryOp op, IrStmt *a, IrStmt *b, IrStmt *r)
{
    IrKernel *k = t->k;
    IrType ty = r->type;
    bool sg = ir_type_is_signed(ty);
    IrStmt *zero = sg ? ir_const_i(k, ty, 0) : ir_const_u(k, ty, 0);
    IrStmt *ov;
    const char *what;
    if (op == IR_BIN_add || op == IR_BIN_sub) {
        what = op == IR_BIN_add ? "Addition" : "Subtraction";
        if (sg) {
            /* the sign of the result differs from what the operands allow */
            IrStmt *x = op == IR_BIN_add ? ir_binary(k, IR_BIN_bit_xor, a, r) : ir_binary(k, IR_BIN_bit_xor, a, b);
            IrStmt *y = op == IR_BIN_add ? ir_binary(k, IR_BIN_bit_xor, b, r) : ir_binary(k, IR_BIN_bit_xor, a, r);
            ov = ir_binary(k, IR_BIN_cmp_lt, ir_binary(k, IR_BIN_bit_and, x, y), zero);
        } else {
            ov = op == IR_BIN_add ? ir_binary(k, IR_BIN_cmp_lt, r, a) : ir_binary(k, IR_BIN_cmp_lt, a, b);
        }
    } else if (op == IR_BIN_mul) {
        what = "Multiplication";
        if (ir_type_bits(ty) < 64) {
            IrType wide = sg ? IR_I64 : IR_U64;
            IrStmt *w = ir_binary(k, IR_BIN_mul, tr_cast(t, a, wide), tr_cast(t, b, wide));
            ov = ir_binary(k, IR_BIN_cmp_ne, tr_cast(t, tr_cast(t, w, ty), wide), w);
        } else {
            /* r / a != b, dividing by 1 where a is 0 (or -1, whose only overflow is MIN * -1) */
            IrStmt *a0 = ir_binary(k, IR_BIN_cmp_eq, a, zero);
            IrStmt *bad = a0;
            if (sg) bad = ir_binary(k, IR_BIN_bit_or, a0, ir_binary(k, IR_BIN_cmp_eq, a, ir_const_i(k, ty, -1)));
            IrStmt *one = sg ? ir_const_i(k, ty, 1) : ir_const_u(k, ty, 1);
            IrStmt *q = ir_binary(k, IR_BIN_div, r, ir_select(k, bad, one, a));
            ov = ir_binary(k, IR_BIN_bit_and, ir_unary(k, IR_UN_logic_not, bad), ir_binary(k, IR_BIN_cmp_ne, q, b));
            if (sg) {
                IrStmt *m1 = ir_binary(k, IR_BIN_cmp_eq, a, ir_const_i(k, ty, -1));
                IrStmt *min = ir_binary(k, IR_BIN_cmp_eq, b, ir_const_i(k, ty, INT64_MIN));
                ov = ir_binary(k, IR_BIN_bit_or, ov, ir_binary(k, IR_BIN_bit_and, m1, min));
            }
        }
    } else {
        what = "Shift left";
        IrStmt *back = ir_binary(k, sg ? IR_BIN_bit_sar : IR_BIN_bit_shr, r, b);
        ov = ir_binary(k, IR_BIN_cmp_ne, back, a);
    }
    IrStmt *st = ov ? ir_if(k, ov) : NULL;
    if (!st) return tr_wrap(t, NULL) != V_EXC;
    StrBuf msg = {0};
    sb_printf(&msg, "%s overflow detected in ", what);
    IrLoc loc = k->loc;
    if (loc.line) tr_traceback_at(t->ctx, loc.line, loc.col, loc.end_line, loc.end_col, &msg);
    sb_putn(&msg, "\n", 1);
    IrCursor saved = ir_enter(k, st->blocks[IR_THEN]);
    IrPrintArg arg = {.str = msg.data, .len = msg.len};
    bool ok = !msg.oom && ir_print_stmt(k, &arg, 1);
    ir_leave(k, saved);
    free(msg.data);
    if (!ok) vm_raise(t->vm, t->vm->e_MemoryError, "out of memory");
    return ok;
}

static Value binary_ir(Tr *t, int op, Value av, Value bv)
{
    IrKernel *k = t->k;
    /* a Python int exponent unrolls into multiplications */
    if (op == AST_Pow && !tr_is_expr(t, bv) && v_is_int(bv) && v_as_int(bv) >= 0 && v_as_int(bv) <= 64) {
        IrStmt *a = tr_value(t, av);
        return tr_wrap(t, a ? int_power(t, a, v_as_int(bv)) : NULL);
    }
    IrStmt *a = tr_value(t, av), *b = a ? tr_value(t, bv) : NULL;
    if (!b) return V_EXC;
    IrType ta = a->type, tb = b->type, ty = ir_type_promote(ta, tb);
    bool ints = ir_type_is_int(ta) && ir_type_is_int(tb);
    IrBinaryOp bop;
    switch (op) {
    case AST_Add: bop = IR_BIN_add; break;
    case AST_Sub: bop = IR_BIN_sub; break;
    case AST_Mult: bop = IR_BIN_mul; break;
    case AST_Div:
        bop = IR_BIN_truediv;
        if (ints) ty = t->env->default_fp;
        break;
    case AST_FloorDiv: bop = IR_BIN_floordiv; break;
    case AST_Mod: bop = IR_BIN_mod; break;
    case AST_Pow: bop = IR_BIN_pow; break;
    case AST_LShift: case AST_RShift: case AST_BitOr: case AST_BitXor: case AST_BitAnd:
        if (!ints) {
            vm_raise(t->vm, t->env->e_type, "unsupported operand type(s) for '%s': '%s' and '%s'", op_symbol(op),
                     ir_type_name(ta), ir_type_name(tb));
            return V_EXC;
        }
        bop = op == AST_LShift ? IR_BIN_bit_shl
              : op == AST_RShift ? (ir_type_is_signed(ta) ? IR_BIN_bit_sar : IR_BIN_bit_shr)
              : op == AST_BitOr ? IR_BIN_bit_or : op == AST_BitXor ? IR_BIN_bit_xor : IR_BIN_bit_and;
        if (op == AST_LShift || op == AST_RShift) ty = ta;
        break;
    default:
        vm_raise(t->vm, t->env->e_syntax, "Operator \"%s\" is not supported on Taichi scalars", op_symbol(op));
        return V_EXC;
    }
    a = promote_to(t, a, ty);
    b = promote_to(t, b, ty);
    if (t->env->debug && bop == IR_BIN_pow && ir_type_is_int(ty)) {
        IrStmt *ok = ir_binary(k, IR_BIN_cmp_ge, b, ir_type_is_signed(ty) ? ir_const_i(k, ty, 0) : ir_const_u(k, ty, 0));
        if (!ir_assert(k, ok, "Negative exponent in pow(int, int) is not allowed.", NULL, 0)) return tr_wrap(t, NULL);
    }
    IrStmt *r = ir_binary(k, bop, a, b);
    if (t->env->debug && r && ir_type_is_int(ty) &&
        (bop == IR_BIN_add || bop == IR_BIN_sub || bop == IR_BIN_mul || bop == IR_BIN_bit_shl) && !overflow_check(t, bop, a, b, r))
        return V_EXC;
    return tr_wrap(t, r);
}

/* v, or the Python number of a numpy scalar (an operand beside a Taichi
 * value: Taichi makes it an Expr as it makes a Python number one). */
static Value plain_number(Tr *t, Value v)
{
    if (tr_is_expr(t, v) || tr_is_number(t, v) || !t->env->host_number || !v_is_obj(v)) return v;
    Value n = t->env->host_number(t->vm, v);
    return n == V_UNBOUND || n == V_NONE || n == V_EXC ? v : n;
}

/* A Taichi scalar or a number: what scalar operators take. */
static bool scalar_like(Tr *t, Value v)
{
    v = plain_number(t, v);
    return tr_is_expr(t, v) || tr_is_number(t, v);
}

Value tr_binary(Tr *t, int op, Value a, Value b)
{
    a = tr_load_var(t, a);
    b = a == V_EXC ? V_EXC : tr_load_var(t, b);
    if (b == V_EXC) return V_EXC;
    if (!tr_is_expr(t, a) && !tr_is_expr(t, b)) return vm_binary(t->vm, op, a, b);
    a = plain_number(t, a);
    b = plain_number(t, b);
    /* a matrix (or another Python object) with a Taichi scalar: its operators decide */
    if (!scalar_like(t, a) || !scalar_like(t, b)) return vm_binary(t->vm, op, a, b);
    return binary_ir(t, op, a, b);
}

static IrBinaryOp cmp_op(int op)
{
    switch (op) {
    case AST_Eq: return IR_BIN_cmp_eq;
    case AST_NotEq: return IR_BIN_cmp_ne;
    case AST_Lt: return IR_BIN_cmp_lt;
    case AST_LtE: return IR_BIN_cmp_le;
    case AST_Gt: return IR_BIN_cmp_gt;
    default: return IR_BIN_cmp_ge;
    }
}

Value tr_compare(Tr *t, int op, Value av, Value bv)
{
    av = tr_load_var(t, av);
    bv = av == V_EXC ? V_EXC : tr_load_var(t, bv);
    if (bv == V_EXC) return V_EXC;
    if (tr_is_expr(t, av) || tr_is_expr(t, bv)) {
        av = plain_number(t, av);
        bv = plain_number(t, bv);
    }
    if ((tr_is_expr(t, av) || tr_is_expr(t, bv)) && (!scalar_like(t, av) || !scalar_like(t, bv)) && op <= AST_GtE)
        return vm_compare(t->vm, op, av, bv);
    if (op == AST_Is || op == AST_IsNot) {
        vm_raise(t->vm, t->env->e_syntax, "Operator \"%s\" in Taichi scope is not supported.",
                 op == AST_Is ? "is" : "is not");
        return V_EXC;
    }
    if (op > AST_GtE && !t->ctx->static_scope) {
        vm_raise(t->vm, t->env->e_syntax, "\"%s\" is only supported inside `ti.static`.", op == AST_In ? "In" : "NotIn");
        return V_EXC;
    }
    if (!tr_is_expr(t, av) && !tr_is_expr(t, bv)) return vm_compare(t->vm, op, av, bv);
    if (op > AST_GtE) {
        static const char *const names[] = {"Is", "IsNot", "In", "NotIn"};
        vm_raise(t->vm, t->env->e_syntax, "\"%s\" is only supported inside `ti.static`.", names[op - AST_Is]);
        return V_EXC;
    }
    IrStmt *a = tr_value(t, av), *b = a ? tr_value(t, bv) : NULL;
    if (!b) return V_EXC;
    IrType ty = ir_type_promote(a->type, b->type);
    return tr_wrap(t, ir_binary(t->k, cmp_op(op), tr_cast(t, a, ty), tr_cast(t, b, ty)));
}

Value tr_unary(Tr *t, int op, Value v)
{
    v = tr_load_var(t, v);
    if (v == V_EXC) return V_EXC;
    if (!tr_is_expr(t, v)) return vm_unary(t->vm, op, v);
    IrStmt *s = tr_stmt_of(v);
    switch (op) {
    case AST_UAdd: return v;
    case AST_USub: return tr_wrap(t, ir_unary(t->k, IR_UN_neg, s));
    case AST_Not:
        if (!ir_type_is_int(s->type)) {
            vm_raise(t->vm, t->env->e_type, "'logic_not' takes integral inputs only, however '%s' is provided",
                     ir_type_name(s->type));
            return V_EXC;
        }
        return tr_wrap(t, ir_unary(t->k, IR_UN_logic_not, s));
    default:
        if (!ir_type_is_int(s->type)) {
            vm_raise(t->vm, t->env->e_type, "unsupported operand type(s) for '~': '%s'", ir_type_name(s->type));
            return V_EXC;
        }
        return tr_wrap(t, ir_unary(t->k, IR_UN_bit_not, s));
    }
}

/* A u1 that is 1 when v is true (nonzero). */
IrStmt *tr_truth(Tr *t, Value v)
{
    IrStmt *s = tr_value(t, v);
    if (!s) return NULL;
    IrStmt *zero = ir_type_is_float(s->type) ? ir_const_f(t->k, s->type, 0.0) : ir_const_i(t->k, s->type, 0);
    if (ir_type_is_int(s->type) && !ir_type_is_signed(s->type)) zero = ir_const_u(t->k, s->type, 0);
    return ir_binary(t->k, IR_BIN_cmp_ne, s, zero);
}

/* The value of if statement st whose branches computed then_v and else_v (each
 * in its branch, or before the if): a variable of their promoted type, declared
 * before the if, stored at the end of each branch and read after the if. */
static Value if_value(Tr *t, IrStmt *st, IrStmt *then_v, IrStmt *else_v)
{
    IrKernel *k = t->k;
    IrType ty = ir_type_promote(then_v->type, else_v->type);
    IrCursor after = ir_at_before(k, st);
    IrStmt *var = ir_alloca(k, ty);
    ir_enter(k, st->blocks[IR_THEN]);
    bool ok = var && ir_local_store(k, var, tr_cast(t, then_v, ty));
    ir_enter(k, st->blocks[IR_ELSE]);
    ok = ok && ir_local_store(k, var, tr_cast(t, else_v, ty));
    ir_leave(k, after);
    return tr_wrap(t, ok ? ir_local_load(k, var) : NULL);
}

/* and / or, with Python's value semantics (`a and b` is b when a is true, else
 * a) on Python and Taichi values alike. Taichi values are all evaluated unless
 * short_circuit_operators is set; then the right side runs only when needed. */
static Value boolop(TrCtx *c, const AstNode *e)
{
    Tr *t = c->tr;
    IrKernel *k = t->k;
    bool is_and = e->v.BoolOp.op == AST_And;
    const AstSeq *vals = &e->v.BoolOp.values;
    Value acc = tr_load_var(t, tr_expr(c, vals->items[0]));
    for (int i = 1; i < vals->n && acc != V_EXC; i++) {
        if (!tr_is_expr(t, acc)) {
            int tv = vm_truthy(t->vm, acc);
            if (tv < 0) return V_EXC;
            if (is_and ? !tv : tv) return acc;
            acc = tr_load_var(t, tr_expr(c, vals->items[i]));
            continue;
        }
        IrStmt *a = tr_stmt_of(acc);
        IrStmt *cond = tr_truth(t, acc);
        if (!cond) return V_EXC;
        if (t->env->short_circuit) {
            IrStmt *st = ir_if(k, is_and ? cond : ir_unary(k, IR_UN_logic_not, cond));
            if (!st) return tr_wrap(t, NULL);
            IrCursor saved = ir_enter(k, st->blocks[IR_THEN]);
            Value r = tr_load_var(t, tr_expr(c, vals->items[i]));
            IrStmt *rs = r == V_EXC ? NULL : tr_value(t, r);
            ir_leave(k, saved);
            if (!rs) return V_EXC;
            acc = if_value(t, st, rs, a);
        } else {
            Value r = tr_load_var(t, tr_expr(c, vals->items[i]));
            IrStmt *rs = r == V_EXC ? NULL : tr_value(t, r);
            if (!rs) return V_EXC;
            IrType ty = ir_type_promote(a->type, rs->type);
            a = tr_cast(t, a, ty);
            rs = tr_cast(t, rs, ty);
            acc = tr_wrap(t, ir_select(k, cond, is_and ? rs : a, is_and ? a : rs));
        }
    }
    return acc;
}

static Value compare(TrCtx *c, const AstNode *e)
{
    Tr *t = c->tr;
    Value left = tr_expr(c, e->v.Compare.left);
    if (left == V_EXC) return V_EXC;
    Value result = V_UNBOUND;
    for (int i = 0; i < e->v.Compare.ops.n; i++) {
        Value right = tr_expr(c, e->v.Compare.comparators.items[i]);
        if (right == V_EXC) return V_EXC;
        Value r = tr_compare(t, e->v.Compare.ops.items[i], left, right);
        if (r == V_EXC) return V_EXC;
        if (result == V_UNBOUND) {
            result = r;
        } else if (!tr_is_expr(t, result) && !tr_is_expr(t, r)) {
            int tv = vm_truthy(t->vm, result);
            if (tv < 0) return V_EXC;
            if (!tv) return result;
            result = r;
        } else {
            IrStmt *a = tr_truth(t, result), *b = a ? tr_truth(t, r) : NULL;
            result = tr_wrap(t, b ? ir_binary(t->k, IR_BIN_logical_and, a, b) : NULL);
            if (result == V_EXC) return V_EXC;
        }
        /* a chain stops at a false Python value; the last one (a matrix
           of comparisons, say) is the result whatever its truth */
        if (i + 1 < e->v.Compare.ops.n && !tr_is_expr(t, result)) {
            int tv = vm_truthy(t->vm, result);
            if (tv < 0) return V_EXC;
            if (!tv) return result;
        }
        left = right;
    }
    return result;
}

/* Whether v is a matrix (ti.Vector / ti.Matrix: it has _ti_key); -1 on error. */
static int is_matrix(Tr *t, Value v)
{
    if (!v_is_obj(v) || tr_is_expr(t, v)) return 0;
    Value key = vm_getattr_opt(t->vm, v, vm_intern(t->vm, "_ti_key", 7));
    return key == V_EXC ? -1 : key != V_UNBOUND;
}

/* ti.select(test, a, b) through taichi's built-in (entry by entry on matrices). */
static Value select_of(Tr *t, Value test, Value a, Value b)
{
    VM *vm = t->vm;
    Value mod = vm_dict_get_str(vm->modules, vm_intern(vm, "taichi", 6));
    Value f = v_is_obj(mod) && v_as_obj(mod)->dict
                  ? vm_dict_get_str(v_as_obj(mod)->dict, vm_intern(vm, "select", 6)) : V_UNBOUND;
    if (f == V_UNBOUND) return vm_raise(vm, t->env->e_compile, "taichi.select is missing");
    Value args[3] = {test, a, b};
    return vm_call(vm, f, args, 3, NULL);
}

/* x if c else y: a Python condition picks one side at compile time; a Taichi
 * condition evaluates only the side it selects, into a variable of the
 * promoted type; with a matrix on a side, both sides, then ti.select (as
 * Taichi does); a matrix condition is Taichi's TaichiSyntaxError. */
static Value ifexp(TrCtx *c, const AstNode *e)
{
    Tr *t = c->tr;
    IrKernel *k = t->k;
    Value test = tr_load_var(t, tr_expr(c, e->v.IfExp.test));
    if (test == V_EXC) return V_EXC;
    int mt = is_matrix(t, test);
    if (mt) {
        if (mt > 0)
            vm_raise(t->vm, t->env->e_syntax,
                     "Using conditional expression for element-wise select operation on Taichi vectors/matrices is "
                     "deprecated and removed starting from Taichi v1.5.0 Please use \"ti.select\" instead.");
        return V_EXC;
    }
    if (!tr_is_expr(t, test)) {
        int tv = vm_truthy(t->vm, test);
        if (tv < 0) return V_EXC;
        return tr_expr(c, tv ? e->v.IfExp.body : e->v.IfExp.orelse);
    }
    IrStmt *ts = tr_stmt_of(test);
    if (ir_type_is_float(ts->type))   /* Taichi lowers the test through logic_not */
        return vm_raise(t->vm, t->env->e_type, "'logic_not' takes integral inputs only, however '%s' is provided",
                        ir_type_name(ts->type));
    IrStmt *cond = tr_truth(t, test);
    IrStmt *st = cond ? ir_if(k, cond) : NULL;
    if (!st) return tr_wrap(t, NULL);
    IrCursor saved = ir_enter(k, st->blocks[IR_THEN]);
    Value a = tr_expr(c, e->v.IfExp.body);
    int ma = a == V_EXC ? -1 : is_matrix(t, a);
    IrStmt *as = ma == 0 ? tr_value(t, a) : NULL;
    ir_enter(k, st->blocks[IR_ELSE]);
    Value b = as || ma > 0 ? tr_expr(c, e->v.IfExp.orelse) : V_EXC;
    int mb = b == V_EXC ? -1 : is_matrix(t, b);
    if (mb >= 0 && (ma > 0 || mb > 0)) {
        /* a matrix on either side: Taichi selects, both sides evaluated */
        ir_leave(k, saved);
        ir_splice(st->block, st, st->blocks[IR_THEN]);
        ir_splice(st->block, st, st->blocks[IR_ELSE]);
        ir_erase(st);
        return select_of(t, test, a, b);
    }
    IrStmt *bs = mb == 0 ? tr_value(t, b) : NULL;
    ir_leave(k, saved);
    return bs ? if_value(t, st, as, bs) : V_EXC;
}

/* ---- fields */

IrSNodeNode *tr_field_place(Tr *t, Value v, bool *err)
{
    VM *vm = t->vm;
    if (!v_is_obj(v) || !vm_is_subtype(v_as_obj(v)->type, t->env->t_field)) return NULL;
    Value id = vm_call_method(vm, v, vm_intern(vm, "_place_id", 9), NULL, 0);
    int64_t n;
    if (id == V_EXC || !vm_index(vm, id, &n)) {
        *err = true;
        return NULL;
    }
    IrSNodeNode *p = ir_snode_lookup(t->env->prog, (int)n);
    if (!p) {
        vm_raise(vm, t->env->e_compile, "the field's SNode %lld no longer exists (was ti.reset() called?)",
                 (long long)n);
        *err = true;
    }
    return p;
}

/* Applies the field's index offset (ti.field(offset=...)): x[i] reads element i - offset. */
static Value offset_key(TrCtx *c, Value field, Value key)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    Value off = vm_getattr_opt(vm, field, vm_intern(vm, "_offset", 7));
    if (off == V_UNBOUND || off == V_NONE || off == V_EXC) return key;
    uint32_t n;
    vm_seq_items(off, &n);
    Value tup = vm_new_tuple(vm, n);
    if (tup == V_EXC) return V_EXC;
    for (uint32_t i = 0; i < n; i++) {
        Value ki = n == 1 && !(v_has_layout(key, LAYOUT_TUPLE) && !tr_is_expr(t, key)) ? key
                                                                                     : vm_getitem(vm, key, v_int(i));
        uint32_t m;
        Value oi = ki == V_EXC ? V_EXC : vm_seq_items(off, &m)[i];
        Value d = oi == V_EXC ? V_EXC : tr_binary(t, AST_Sub, ki, oi);
        if (d == V_EXC) return V_EXC;
        ((TupleObj *)v_as_obj(tup))->items[i] = d;
    }
    return tup;
}

/* A tuple of indices with every vector in it (anything with _ti_key, as
 * ti.grouped's I) replaced by its entries; the tuple itself when it holds none. */
static Value flatten_vector_indices(TrCtx *c, Value key)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    StrObj *name = vm_intern(vm, "_ti_key", 7);
    uint32_t n;
    Value *items = vm_seq_items(key, &n);
    bool any = false;
    for (uint32_t i = 0; i < n && !any; i++)
        any = v_is_obj(items[i]) && !tr_is_expr(t, items[i]) && vm_getattr_opt(vm, items[i], name) != V_UNBOUND;
    if (!any) return key;
    Value out = vm_new_list(vm, n);
    if (out == V_EXC) return V_EXC;
    vm_push_root(vm, out);
    vm_push_root(vm, key);
    for (uint32_t i = 0; i < n; i++) {
        Value item = vm_seq_items(key, &n)[i];
        Value mk = v_is_obj(item) && !tr_is_expr(t, item) ? vm_getattr_opt(vm, item, name) : V_UNBOUND;
        bool ok = mk != V_EXC;
        if (ok && mk != V_UNBOUND) {
            Value sub = vm_call(vm, mk, NULL, 0, NULL);
            ok = sub != V_EXC;
            if (ok && (v_has_layout(sub, LAYOUT_TUPLE) || v_has_layout(sub, LAYOUT_LIST))) ok = vm_list_extend(vm, AS_LIST(out), sub);
            else if (ok) ok = vm_list_append(vm, AS_LIST(out), sub);
        } else if (ok) ok = vm_list_append(vm, AS_LIST(out), item);
        if (!ok) {
            vm_pop_roots(vm, 2);
            return V_EXC;
        }
    }
    Value r = vm_tuple_of(vm, AS_LIST(out)->items, AS_LIST(out)->len);
    vm_pop_roots(vm, 2);
    return r;
}

IrStmt *tr_field_ptr(TrCtx *c, const AstNode *at, IrSNodeNode *place, Value field, Value key)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    IrKernel *k = t->k;
    int n = place->ir.num_indices;
    /* a vector of indices (ti.grouped's I) is its entries, before the offset applies */
    Value mk = v_is_obj(key) && !tr_is_expr(t, key) ? vm_getattr_opt(vm, key, vm_intern(vm, "_ti_key", 7)) : V_UNBOUND;
    if (mk == V_EXC) return NULL;
    if (mk != V_UNBOUND) {
        key = vm_call(vm, mk, NULL, 0, NULL);
        if (key == V_EXC) return NULL;
    } else if (v_has_layout(key, LAYOUT_TUPLE) && !tr_is_expr(t, key)) {
        /* x[cell, k] with cell a vector: its entries are indices in their place, as Taichi flattens them */
        key = flatten_vector_indices(c, key);
        if (key == V_EXC) return NULL;
    }
    key = offset_key(c, field, key);
    if (key == V_EXC) return NULL;
    Value items[IR_SNODE_MAX_INDICES];
    int nk;
    if (key == V_NONE) {
        nk = 0;
    } else if (!tr_is_expr(t, key) && (v_has_layout(key, LAYOUT_TUPLE) || v_has_layout(key, LAYOUT_LIST))) {
        uint32_t m;
        Value *it = vm_seq_items(key, &m);
        if (m > IR_SNODE_MAX_INDICES) m = IR_SNODE_MAX_INDICES + 1;
        nk = (int)m;
        for (int i = 0; i < nk && i < IR_SNODE_MAX_INDICES; i++) items[i] = it[i];
    } else {
        nk = 1;
        items[0] = key;
    }
    if (nk != n) {
        tr_error(c, t->env->e_syntax, "Field with dim %d accessed with indices of dim %d", n, nk);
        return NULL;
    }
    IrStmt *idx[IR_SNODE_MAX_INDICES];
    Value off = V_NONE;
    for (int i = 0; i < n; i++) {
        idx[i] = tr_value(t, tr_load_var(t, items[i]));
        if (!idx[i]) return NULL;
        if (!ir_type_is_int(idx[i]->type)) {
            tr_error(c, t->env->e_type, "indices must be integers, not %s", ir_type_name(idx[i]->type));
            return NULL;
        }
        idx[i] = tr_cast(t, idx[i], IR_I32);
    }
    (void)off;
    if (t->env->debug) {
        /* Taichi's debug-mode bounds check: every index in [0, extent) */
        IrStmt *ok = NULL;
        StrBuf msg = {0};
        sb_printf(&msg, "(kernel=%s) Accessing field (%s) of size (", k->name, place->ir.name);
        for (int i = 0; i < n; i++) {
            int64_t extent = place->shape[place->physical_index_position[i]];
            IrStmt *ge = ir_binary(k, IR_BIN_cmp_ge, idx[i], ir_const_i(k, IR_I32, 0));
            IrStmt *lt = ir_binary(k, IR_BIN_cmp_lt, idx[i], ir_const_i(k, IR_I32, extent));
            IrStmt *both = ir_binary(k, IR_BIN_bit_and, ge, lt);
            ok = ok ? ir_binary(k, IR_BIN_bit_and, ok, both) : both;
            sb_printf(&msg, "%s%lld", i ? ", " : "", (long long)extent);
        }
        sb_putn(&msg, ") with indices (", 16);
        for (int i = 0; i < n; i++) sb_putn(&msg, i ? ", %d" : "%d", i ? 4 : 2);
        sb_putn(&msg, ")\n", 2);
        if (at) tr_traceback(c, at, &msg);
        sb_putn(&msg, "", 1);
        bool good = !msg.oom && (!ok || ir_assert(k, ok, msg.data, idx, n));
        free(msg.data);
        if (!good) {
            vm_raise(vm, vm->e_MemoryError, "out of memory");
            return NULL;
        }
    }
    return ir_global_ptr(k, &place->ir, idx, n);
}

/* ---- ndarray parameters (external arrays) */

/* Element-shaped ones (vectors, matrices) are indexed through their Python
 * __getitem__ (taichi.lang.ndarray.kernel_element), which asks tr_external_ptr
 * for each entry. */
bool tr_is_external(Tr *t, Value v)
{
    if (!v_is_obj(v) || !vm_is_subtype(v_as_obj(v)->type, t->env->t_external)) return false;
    Value es = vm_getattr_opt(t->vm, v, vm_intern(t->vm, "element_shape", 13));
    uint32_t n = 0;
    if (v_has_layout(es, LAYOUT_TUPLE)) vm_seq_items(es, &n);
    return n == 0;
}

IrStmt *tr_external_ptr(TrCtx *c, const AstNode *at, Value arr, Value key)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    IrKernel *k = t->k;
    Value addr = vm_getattr(vm, arr, vm_intern(vm, "address", 7));
    Value dt = addr == V_EXC ? V_EXC : vm_getattr(vm, arr, vm_intern(vm, "dtype", 5));
    Value shape = dt == V_EXC ? V_EXC : vm_getattr(vm, arr, vm_intern(vm, "shape", 5));
    Value eshape = shape == V_EXC ? V_EXC : vm_getattr(vm, arr, vm_intern(vm, "element_shape", 13));
    Value boundary = eshape == V_EXC ? V_EXC : vm_getattr(vm, arr, vm_intern(vm, "boundary", 8));
    if (boundary == V_EXC) return NULL;
    bool clamp = v_has_layout(boundary, LAYOUT_STR) && !strcmp(AS_STR(boundary)->data, "clamp");
    /* the field's extents (Taichi values), then the element's (ints) */
    uint32_t nf = 0, ne = 0;
    Value *fext = v_has_layout(shape, LAYOUT_TUPLE) ? vm_seq_items(shape, &nf) : NULL;
    Value *eext = v_has_layout(eshape, LAYOUT_TUPLE) ? vm_seq_items(eshape, &ne) : NULL;
    uint32_t n = nf + ne;
    Value ext[IR_EXTERNAL_MAX_DIMS];
    for (uint32_t i = 0; fext && eext && i < n && i < IR_EXTERNAL_MAX_DIMS; i++) ext[i] = i < nf ? fext[i] : eext[i - nf];
    IrType elem = tr_dtype(t->env, dt);
    if (!tr_is_expr(t, addr) || !fext || !eext || n > IR_EXTERNAL_MAX_DIMS || elem == IR_VOID) {
        tr_error(c, t->env->e_syntax, "an external array can only be accessed in a kernel through its "
                                      "ti.types.ndarray() parameter");
        return NULL;
    }
    Value mk = v_is_obj(key) && !tr_is_expr(t, key) ? vm_getattr_opt(vm, key, vm_intern(vm, "_ti_key", 7)) : V_UNBOUND;
    if (mk == V_EXC) return NULL;
    if (mk != V_UNBOUND && (key = vm_call(vm, mk, NULL, 0, NULL)) == V_EXC) return NULL;
    Value items[IR_EXTERNAL_MAX_DIMS];
    uint32_t nk = 1;
    if (key == V_NONE) {
        nk = 0;
    } else if (!tr_is_expr(t, key) && (v_has_layout(key, LAYOUT_TUPLE) || v_has_layout(key, LAYOUT_LIST))) {
        Value *it = vm_seq_items(key, &nk);
        for (uint32_t i = 0; i < nk && i < IR_EXTERNAL_MAX_DIMS; i++) items[i] = it[i];
    } else {
        items[0] = key;
    }
    if (nk != n) {
        tr_error(c, t->env->e_syntax, "ndarray with dim %u accessed with indices of dim %u", n, nk);
        return NULL;
    }
    IrStmt *idx[IR_EXTERNAL_MAX_DIMS], *extents[IR_EXTERNAL_MAX_DIMS];
    for (uint32_t i = 0; i < n; i++) {
        idx[i] = tr_value(t, tr_load_var(t, items[i]));
        extents[i] = tr_value(t, ext[i]);
        if (!idx[i] || !extents[i]) return NULL;
        if (!ir_type_is_int(idx[i]->type)) {
            tr_error(c, t->env->e_type, "indices must be integers, not %s", ir_type_name(idx[i]->type));
            return NULL;
        }
        idx[i] = tr_cast(t, idx[i], IR_I32);
        if (clamp && !(ne == 2 && i >= nf)) {
            IrStmt *last = ir_binary(k, IR_BIN_sub, extents[i], ir_const_i(k, IR_I32, 1));
            idx[i] = ir_binary(k, IR_BIN_max, ir_binary(k, IR_BIN_min, idx[i], last), ir_const_i(k, IR_I32, 0));
        }
    }
    if (clamp && ne == 2) {
        /* a matrix element's entry: its row-major index clamped, as Taichi does */
        IrStmt *cols = ir_const_i(k, IR_I32, v_as_int(eext[1]));
        IrStmt *flat = ir_binary(k, IR_BIN_add, ir_binary(k, IR_BIN_mul, idx[nf], cols), idx[nf + 1]);
        IrStmt *last = ir_const_i(k, IR_I32, v_as_int(eext[0]) * v_as_int(eext[1]) - 1);
        flat = ir_binary(k, IR_BIN_max, ir_binary(k, IR_BIN_min, flat, last), ir_const_i(k, IR_I32, 0));
        idx[nf] = ir_binary(k, IR_BIN_div, flat, cols);
        idx[nf + 1] = ir_binary(k, IR_BIN_mod, flat, cols);
    }
    if (t->env->debug && n) {
        /* as for fields: every index in [0, extent), checked in debug mode */
        IrStmt *ok = NULL, *args[2 * IR_EXTERNAL_MAX_DIMS];
        StrBuf msg = {0};
        sb_printf(&msg, "[kernel=%s] Out of bound access to ndarray of shape (", k->name);
        for (uint32_t i = 0; i < n; i++) {
            IrStmt *ge = ir_binary(k, IR_BIN_cmp_ge, idx[i], ir_const_i(k, IR_I32, 0));
            IrStmt *lt = ir_binary(k, IR_BIN_cmp_lt, idx[i], extents[i]);
            IrStmt *both = ir_binary(k, IR_BIN_bit_and, ge, lt);
            ok = ok ? ir_binary(k, IR_BIN_bit_and, ok, both) : both;
            sb_puts(&msg, i ? ", %d" : "%d");
            args[i] = extents[i];
            args[n + i] = idx[i];
        }
        sb_puts(&msg, ") with indices [");
        for (uint32_t i = 0; i < n; i++) sb_puts(&msg, i ? ", %d" : "%d");
        sb_putn(&msg, "]\n", 2);
        if (at) tr_traceback(c, at, &msg);
        sb_putn(&msg, "", 1);
        bool good = !msg.oom && ok && ir_assert(k, ok, msg.data, args, 2 * (int)n);
        free(msg.data);
        if (!good) {
            vm_raise(vm, vm->e_MemoryError, "out of memory");
            return NULL;
        }
    }
    if (n == 0) {
        /* a 0-d ndarray of scalars: its one element */
        idx[0] = ir_const_i(k, IR_I32, 0);
        extents[0] = ir_const_i(k, IR_I32, 1);
        n = 1;
    }
    return ir_external_ptr(k, elem, tr_value(t, addr), idx, extents, (int)n);
}

static Value subscript(TrCtx *c, const AstNode *e)
{
    Tr *t = c->tr;
    Value obj = tr_expr(c, e->v.Subscript.value);
    if (obj == V_EXC) return V_EXC;
    Value key = tr_expr(c, e->v.Subscript.slice);
    if (key == V_EXC) return V_EXC;
    bool err = false;
    IrSNodeNode *place = tr_field_place(t, obj, &err);
    if (err) return V_EXC;
    if (place) {
        IrStmt *ptr = tr_field_ptr(c, e, place, obj, key);
        return ptr ? tr_wrap(t, ir_global_load(t->k, ptr)) : V_EXC;
    }
    if (tr_is_external(t, obj)) {
        IrStmt *ptr = tr_external_ptr(c, e, obj, key);
        return ptr ? tr_wrap(t, ir_global_load(t->k, ptr)) : V_EXC;
    }
    obj = tr_load_var(t, obj);
    if (obj == V_EXC) return V_EXC;
    if (tr_is_expr(t, obj)) {
        tr_error(c, t->env->e_syntax, "Taichi scalars cannot be indexed");
        return V_EXC;
    }
    key = tr_load_var(t, key);
    if (key == V_EXC) return V_EXC;
    if (tr_is_expr(t, key) && (v_has_layout(obj, LAYOUT_LIST) || v_has_layout(obj, LAYOUT_TUPLE) ||
                               v_has_layout(obj, LAYOUT_DICT))) {
        tr_error(c, t->env->e_syntax,
                 "Python containers can only be indexed by Python values (compile-time constants) in Taichi scope");
        return V_EXC;
    }
    return vm_getitem(t->vm, obj, key);
}

/* ---- calls */

int tr_is_static_call(TrCtx *c, const AstNode *e)
{
    if (e->kind != AST_Call) return 0;
    const AstNode *f = e->v.Call.func;
    if (f->kind != AST_Name && f->kind != AST_Attribute) return 0;
    Value fv = tr_expr(c, f);
    if (fv == V_EXC) return -1;
    Tr *t = c->tr;
    if (!v_is_obj(fv) || v_as_obj(fv)->type != t->env->t_builtin) return 0;
    Value name = vm_slot_values(v_as_obj(fv))[0];
    return v_has_layout(name, LAYOUT_STR) && !strcmp(AS_STR(name)->data, "static");
}

/* The positional arguments (starred Python sequences expanded) and keyword values
 * of a call, into a list whose first nargs items are positional. */
static Value call_args(TrCtx *c, const AstNode *e, int *nargs, Value *kwnames)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    Value list = vm_new_list(vm, 8);
    if (list == V_EXC) return V_EXC;
    ListObj *l = (ListObj *)v_as_obj(list);
    const AstSeq *args = &e->v.Call.args;
    for (int i = 0; i < args->n; i++) {
        const AstNode *a = args->items[i];
        if (a->kind == AST_Starred) {
            Value v = tr_expr(c, a->v.Starred.value);
            if (v == V_EXC || !vm_list_extend(vm, l, v)) return V_EXC;
            continue;
        }
        Value v = tr_expr(c, a);
        if (v == V_EXC || !vm_list_append(vm, l, v)) return V_EXC;
    }
    *nargs = (int)l->len;
    const AstSeq *kws = &e->v.Call.keywords;
    *kwnames = V_UNBOUND;
    if (kws->n) {
        Value names = vm_new_tuple(vm, (uint32_t)kws->n);
        if (names == V_EXC) return V_EXC;
        for (int i = 0; i < kws->n; i++) {
            const AstNode *kw = kws->items[i];
            if (!kw->v.keyword.arg) {
                vm_raise(vm, t->env->e_syntax, "**kwargs are not supported in Taichi scope");
                return V_EXC;
            }
            Value v = tr_expr(c, kw->v.keyword.value);
            Value n = v == V_EXC ? V_EXC : vm_cstr(vm, kw->v.keyword.arg);
            if (n == V_EXC || !vm_list_append(vm, l, v)) return V_EXC;
            ((TupleObj *)v_as_obj(names))->items[i] = n;
        }
        *kwnames = names;
    }
    return list;
}

static Value call(TrCtx *c, const AstNode *e)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    Value f = tr_expr(c, e->v.Call.func);
    if (f == V_EXC) return V_EXC;
    Value print = vm_dict_get_str(vm->builtins, vm_intern(vm, "print", 5));
    if (f == print) return tr_print(c, e) ? V_NONE : V_EXC;
    int nargs;
    Value kwnames;
    bool is_static = vm_type_of(vm, f) == t->env->t_builtin &&
                     !strcmp(AS_STR(vm_slot_values(v_as_obj(f))[0])->data, "static");
    if (is_static && e->v.Call.args.n == 1 && tr_is_static_call(c, e->v.Call.args.items[0]) == 1)
        return vm_raise(vm, t->env->e_syntax, "'ti.static' cannot be nested");
    c->static_scope += is_static;
    Value list = call_args(c, e, &nargs, &kwnames);
    c->static_scope -= is_static;
    if (list == V_EXC) return V_EXC;
    Value *args = ((ListObj *)v_as_obj(list))->items;
    TupleObj *kw = kwnames == V_UNBOUND ? NULL : (TupleObj *)v_as_obj(kwnames);
    tr_set_loc(c, e);
    TypeObj *ft = vm_type_of(vm, f);
    if (ft == t->env->t_builtin) {
        Value name = vm_slot_values(v_as_obj(f))[0];
        /* a matrix argument: the built-in's Python side applies it entry by entry */
        for (int i = 0; i < nargs && strcmp(AS_STR(name)->data, "static"); i++) {
            Value key = v_is_obj(args[i]) && !tr_is_expr(t, args[i])
                            ? vm_getattr_opt(vm, args[i], vm_intern(vm, "_ti_key", 7)) : V_UNBOUND;
            if (key == V_EXC) return V_EXC;
            if (key != V_UNBOUND) return vm_call(vm, f, ((ListObj *)v_as_obj(list))->items, nargs, kw);
        }
        return tr_call_builtin(t, AS_STR(name)->data, args, nargs, kw);
    }
    if (ft == t->env->t_dtype) {
        IrType ty = tr_dtype(t->env, f);
        if (nargs != 1 || kw) {
            vm_raise(vm, t->env->e_syntax, "A primitive type can only decorate a single expression.");
            return V_EXC;
        }
        return tr_dtype_call(t, ty, args[0], true);
    }
    /* a struct's ti.func method, bound to the struct by types.MethodType:
     * the struct is its first argument, passed by reference as Taichi passes
     * a class function's self */
    int nref = 0;
    if (v_has_layout(f, LAYOUT_METHOD) && vm_type_of(vm, ((MethodObj *)v_as_obj(f))->func) == t->env->t_func) {
        ListObj *l = (ListObj *)v_as_obj(list);
        if (!vm_list_append(vm, l, V_NONE)) return V_EXC;
        memmove(l->items + 1, l->items, (l->len - 1) * sizeof *l->items);
        l->items[0] = ((MethodObj *)v_as_obj(f))->self;
        nargs++;
        nref = 1;
        f = ((MethodObj *)v_as_obj(f))->func;
        ft = t->env->t_func;
    }
    if (ft == t->env->t_func) {
        Value fn = vm_slot_values(v_as_obj(f))[0];
        if (!v_has_layout(fn, LAYOUT_FUNC)) return vm_raise(vm, t->env->e_compile, "ti.func wraps a non-function");
        /* a method taken from its object (obj.f): the object is the first argument */
        Value bound = vm_slot_values(v_as_obj(f))[2];
        if (v_has_layout(bound, LAYOUT_TUPLE)) {
            uint32_t nb;
            Value self = vm_seq_items(bound, &nb)[0];
            ListObj *l = (ListObj *)v_as_obj(list);
            if (!vm_list_append(vm, l, self)) return V_EXC;
            memmove(l->items + 1, l->items, (l->len - 1) * sizeof *l->items);
            l->items[0] = self;
            nargs++;
        }
        /* arguments that are variables are passed by value: load them */
        for (int i = nref; i < nargs + (kw ? (int)kw->len : 0); i++) {
            args = ((ListObj *)v_as_obj(list))->items;
            Value v = tr_load_var(t, args[i]);
            if (v == V_EXC) return V_EXC;
            ((ListObj *)v_as_obj(list))->items[i] = v;
        }
        args = ((ListObj *)v_as_obj(list))->items;
        /* ti.real_func: inlined as a ti.func is, with a real function's checks;
         * a real function's runtime recursion cannot be inlined */
        bool real = vm_slot_values(v_as_obj(f))[3] == V_TRUE;
        FuncObj *callee = (FuncObj *)v_as_obj(fn);
        for (TrCtx *p = c; real && p; p = p->caller)
            if (p->fn == callee)
                return tr_error(c, t->env->e_compile,
                                "ti.real_func %s() calls itself: tirun inlines real functions, and recursion "
                                "needs real function calls, which tirun does not have yet", callee->name->data);
        t->inline_real = real;
        Value r = tr_inline_func(c, e, callee, args, nargs, kw, nref);
        Value ra = real && r != V_EXC && r != V_NONE && callee->annotations
                       ? vm_dict_get_str(callee->annotations, vm_intern(vm, "return", 6)) : V_NONE;
        if (ra == V_UNBOUND)
            return tr_error(c, t->env->e_syntax, "A function with a return value must be annotated with a return "
                                                 "type, e.g. def func() -> ti.f32");
        return r;
    }
    if (ft == t->env->t_kernel ||
        (v_has_layout(f, LAYOUT_BUILTIN) && ((BuiltinObj *)v_as_obj(f))->fn == t->env->kernel_fn))
        return vm_raise(vm, t->env->e_syntax, "Kernels cannot call other kernels, please use ti.func instead.");
    if (v_has_layout(f, LAYOUT_BUILTIN)) {
        bool handled;
        Value r = tr_python_builtin(t, ((BuiltinObj *)v_as_obj(f))->name, args, nargs, kw, &handled);
        if (handled) return r;
    }
    if (ft == vm->t_type && (f == v_obj(vm->t_int) || f == v_obj(vm->t_float) || f == v_obj(vm->t_bool))) {
        bool handled;
        Value r = tr_python_builtin(t, AS_TYPE(f)->name->data, args, nargs, kw, &handled);
        if (handled) return r;
    }
    /* a Python callable, run now; Exprs it receives build IR through their operators */
    for (int i = 0; i < nargs + (kw ? (int)kw->len : 0); i++) {
        Value v = tr_load_var(t, ((ListObj *)v_as_obj(list))->items[i]);
        if (v == V_EXC) return V_EXC;
        ((ListObj *)v_as_obj(list))->items[i] = v;
    }
    args = ((ListObj *)v_as_obj(list))->items;
    return vm_call(vm, f, args, nargs, kw);
}

/* ---- displays and comprehensions: Python containers at compile time */

static Value comprehension(TrCtx *c, const AstNode *e, int gi, Value out)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    const AstSeq *gens = e->kind == AST_DictComp ? &e->v.DictComp.generators
                         : e->kind == AST_ListComp ? &e->v.ListComp.generators
                         : e->kind == AST_SetComp ? &e->v.SetComp.generators : &e->v.GeneratorExp.generators;
    if (gi == gens->n) {
        if (e->kind == AST_DictComp) {
            Value k = tr_expr(c, e->v.DictComp.key);
            if (k == V_EXC) return V_EXC;
            Value v = tr_expr(c, e->v.DictComp.value);
            if (v == V_EXC) return V_EXC;
            if (tr_is_expr(t, k)) return vm_raise(vm, t->env->e_syntax, "dict keys must be Python values in Taichi scope");
            return vm_dict_set(vm, (DictObj *)v_as_obj(out), k, v) ? V_NONE : V_EXC;
        }
        const AstNode *elt = e->kind == AST_ListComp ? e->v.ListComp.elt
                             : e->kind == AST_SetComp ? e->v.SetComp.elt : e->v.GeneratorExp.elt;
        Value v = tr_expr(c, elt);
        if (v == V_EXC) return V_EXC;
        if (e->kind == AST_SetComp) return vm_set_add(vm, (DictObj *)v_as_obj(out), v) ? V_NONE : V_EXC;
        return vm_list_append(vm, (ListObj *)v_as_obj(out), v) ? V_NONE : V_EXC;
    }
    const AstNode *g = gens->items[gi];
    Value iterable = tr_load_var(t, tr_expr(c, g->v.comprehension.iter));
    if (iterable == V_EXC) return V_EXC;
    if (tr_is_expr(t, iterable))
        return vm_raise(vm, t->env->e_syntax, "comprehensions in Taichi scope must iterate over Python values");
    Value it = vm_iter(vm, iterable);
    if (it == V_EXC) return V_EXC;
    for (;;) {
        Value item = vm_next(vm, it);
        if (item == V_EXC) return V_EXC;
        if (item == V_UNBOUND) return V_NONE;
        const AstNode *target = g->v.comprehension.target;
        const AstNode *names[IR_SNODE_MAX_INDICES];
        int nn = 0;
        if (target->kind == AST_Name) {
            names[nn++] = target;
        } else if (target->kind == AST_Tuple) {
            for (int i = 0; i < target->v.Tuple.elts.n && i < IR_SNODE_MAX_INDICES; i++)
                names[nn++] = target->v.Tuple.elts.items[i];
        }
        if (nn > 1) {
            Value l = vm_list_from(vm, item);
            if (l == V_EXC) return V_EXC;
            uint32_t m;
            Value *items = vm_seq_items(l, &m);
            if ((int)m != nn) return vm_raise(vm, vm->e_ValueError, "cannot unpack %u values into %d names", m, nn);
            for (int i = 0; i < nn; i++) {
                if (names[i]->kind != AST_Name) return vm_raise(vm, t->env->e_syntax, "unsupported comprehension target");
                const char *id = names[i]->v.Name.id;
                if (!tr_bind(c, vm_intern(vm, id, strlen(id)), items[i])) return V_EXC;
            }
        } else if (nn == 1 && names[0]->kind == AST_Name) {
            const char *id = names[0]->v.Name.id;
            if (!tr_bind(c, vm_intern(vm, id, strlen(id)), item)) return V_EXC;
        } else {
            return vm_raise(vm, t->env->e_syntax, "unsupported comprehension target");
        }
        bool keep = true;
        for (int i = 0; i < g->v.comprehension.ifs.n && keep; i++) {
            Value cond = tr_load_var(t, tr_expr(c, g->v.comprehension.ifs.items[i]));
            if (cond == V_EXC) return V_EXC;
            if (tr_is_expr(t, cond))
                return vm_raise(vm, t->env->e_syntax, "comprehension conditions must be Python values in Taichi scope");
            int tv = vm_truthy(vm, cond);
            if (tv < 0) return V_EXC;
            keep = tv;
        }
        if (keep && comprehension(c, e, gi + 1, out) == V_EXC) return V_EXC;
    }
}

static Value display(TrCtx *c, const AstNode *e)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    switch (e->kind) {
    case AST_List: case AST_Tuple: {
        const AstSeq *elts = e->kind == AST_List ? &e->v.List.elts : &e->v.Tuple.elts;
        Value l = vm_new_list(vm, (uint32_t)elts->n);
        if (l == V_EXC) return V_EXC;
        for (int i = 0; i < elts->n; i++) {
            const AstNode *el = elts->items[i];
            if (el->kind == AST_Starred) {
                Value v = tr_expr(c, el->v.Starred.value);
                if (v == V_EXC || !vm_list_extend(vm, (ListObj *)v_as_obj(l), v)) return V_EXC;
                continue;
            }
            Value v = tr_expr(c, el);
            if (v == V_EXC || !vm_list_append(vm, (ListObj *)v_as_obj(l), v)) return V_EXC;
        }
        if (e->kind == AST_List) return l;
        uint32_t n;
        Value *items = vm_seq_items(l, &n);
        return vm_tuple_of(vm, items, n);
    }
    case AST_Dict: {
        Value d = vm_new_dict(vm);
        if (d == V_EXC) return V_EXC;
        for (int i = 0; i < e->v.Dict.keys.n; i++) {
            if (!e->v.Dict.keys.items[i]) {
                Value m = tr_expr(c, e->v.Dict.values.items[i]);
                if (m == V_EXC || !vm_dict_update(vm, (DictObj *)v_as_obj(d), m)) return V_EXC;
                continue;
            }
            Value k = tr_expr(c, e->v.Dict.keys.items[i]);
            if (k == V_EXC) return V_EXC;
            if (tr_is_expr(t, k)) return vm_raise(vm, t->env->e_syntax, "dict keys must be Python values in Taichi scope");
            Value v = tr_expr(c, e->v.Dict.values.items[i]);
            if (v == V_EXC || !vm_dict_set(vm, (DictObj *)v_as_obj(d), k, v)) return V_EXC;
        }
        return d;
    }
    case AST_Set: {
        if (!c->static_scope) return vm_raise(vm, t->env->e_syntax, "Unsupported node \"Set\"");
        Value s = vm_new_set(vm, vm->t_set);
        if (s == V_EXC) return V_EXC;
        for (int i = 0; i < e->v.Set.elts.n; i++) {
            Value v = tr_expr(c, e->v.Set.elts.items[i]);
            if (v == V_EXC || !vm_set_add(vm, (DictObj *)v_as_obj(s), v)) return V_EXC;
        }
        return s;
    }
    default: {
        Value out = e->kind == AST_DictComp ? vm_new_dict(vm)
                    : e->kind == AST_SetComp ? vm_new_set(vm, vm->t_set) : vm_new_list(vm, 8);
        if (out == V_EXC || !tr_push_scope(c)) return V_EXC;
        Value r = comprehension(c, e, 0, out);
        tr_pop_scope(c);
        return r == V_EXC ? V_EXC : out;
    }
    }
}

/* ---- names */

static Value name(TrCtx *c, const AstNode *e)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    StrObj *n = vm_intern(vm, e->v.Name.id, strlen(e->v.Name.id));
    Value v = tr_scope_lookup(c, n);
    if (v != V_UNBOUND) return tr_load_var(t, v);
    /* free variables: the closure, then the globals, then the builtins */
    CodeObj *code = c->fn->code;
    if (c->fn->closure) {
        int first_free = code->nlocals + code->ncells;
        for (int i = 0; i < code->nfree; i++)
            if (vm_str_eq(code->varnames[first_free + i], n)) {
                Value cell = c->fn->closure->items[i];
                Value r = ((CellObj *)v_as_obj(cell))->ref;
                if (r != V_UNBOUND) return r;
            }
    }
    v = vm_dict_get_str(c->fn->globals, n);
    if (v != V_UNBOUND) return v;
    v = vm_dict_get_str(vm->builtins, n);
    if (v != V_UNBOUND) return v;
    return vm_raise(vm, t->env->e_name, "Name \"%s\" is not defined", n->data);
}

static Value constant(Tr *t, const AstNode *e)
{
    VM *vm = t->vm;
    const AstConst *k = &e->v.Constant.value;
    switch (k->kind) {
    case AST_C_NONE: return V_NONE;
    case AST_C_TRUE: return V_TRUE;
    case AST_C_FALSE: return V_FALSE;
    case AST_C_ELLIPSIS: return V_ELLIPSIS;
    case AST_C_INT:
        if (!k->s) return vm_int_from_i64(vm, k->i);
        {
            mpz_t z;
            if (mpz_init_set_str(z, k->s, 10) != 0) {
                mpz_clear(z);
                return vm_raise(vm, vm->e_ValueError, "bad integer literal");
            }
            Value v = vm_int_from_mpz(vm, z);
            mpz_clear(z);
            return v;
        }
    case AST_C_FLOAT: return v_double(k->f);
    case AST_C_COMPLEX: return vm_new_complex(vm, 0.0, k->f);
    case AST_C_STR: return vm_new_str(vm, k->s, k->len);
    default: return vm_new_bytes(vm, k->s, k->len);
    }
}

static Value named_expr(TrCtx *c, const AstNode *e)
{
    Tr *t = c->tr;
    Value v = tr_expr(c, e->v.NamedExpr.value);
    if (v == V_EXC) return V_EXC;
    const AstNode *target = e->v.NamedExpr.target;
    StrObj *n = vm_intern(t->vm, target->v.Name.id, strlen(target->v.Name.id));
    Value old = tr_scope_lookup(c, n);
    if (old != V_UNBOUND && tr_is_var(t, old)) {
        if (!tr_store_var(t, old, v)) return V_EXC;
        return tr_load_var(t, old);
    }
    Value var = tr_expr_init(t, v);
    if (var == V_EXC || !tr_bind(c, n, var)) return V_EXC;
    return tr_load_var(t, var);
}

static Value joined_str(TrCtx *c, const AstNode *e)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    StrBuf b = {0};
    const AstSeq *parts = &e->v.JoinedStr.values;
    for (int i = 0; i < parts->n; i++) {
        const AstNode *part = parts->items[i];
        if (part->kind == AST_Constant) {
            sb_putn(&b, part->v.Constant.value.s, part->v.Constant.value.len);
            continue;
        }
        Value v = tr_expr(c, part->v.FormattedValue.value);
        Value spec = V_UNBOUND;
        if (v != V_EXC && part->v.FormattedValue.format_spec) spec = tr_expr(c, part->v.FormattedValue.format_spec);
        if (v == V_EXC || spec == V_EXC || tr_is_expr(t, v)) {
            free(b.data);
            if (v != V_EXC && spec != V_EXC)
                vm_raise(vm, t->env->e_syntax, "f-strings with Taichi values are only supported in print() and assert");
            return V_EXC;
        }
        int conv = part->v.FormattedValue.conversion;
        if (conv == 'r') v = vm_repr(vm, v);
        else if (conv == 's') v = vm_str(vm, v);
        else if (conv == 'a') v = vm_ascii(vm, v);
        Value s = v == V_EXC ? V_EXC : spec != V_UNBOUND ? vm_format(vm, v, spec) : vm_str(vm, v);
        if (s == V_EXC) {
            free(b.data);
            return V_EXC;
        }
        sb_putn(&b, AS_STR(s)->data, AS_STR(s)->len);
    }
    return vm_sb_finish(vm, &b);
}

/* A Python TypeError from a binary operator (a field as an operand, say) is
 * Taichi's TaichiTypeError with the same message, as its build_BinOp makes it. */
static Value binop_type_error(Tr *t)
{
    VM *vm = t->vm;
    Value exc = vm->exc;
    if (exc == V_NONE || vm->halted || vm_type_of(vm, exc) != vm->e_TypeError) return V_EXC;
    vm_push_root(vm, exc);
    vm->exc = V_NONE;
    Value msg = vm_str(vm, exc);
    vm_pop_roots(vm, 1);
    return msg == V_EXC ? V_EXC : vm_raise(vm, t->env->e_type, "%s", AS_STR(msg)->data);
}

Value tr_expr(TrCtx *c, const AstNode *e)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    Value r;
    switch (e->kind) {
    case AST_Constant: r = constant(t, e); break;
    case AST_Name: r = name(c, e); break;
    case AST_BinOp: {
        Value a = tr_expr(c, e->v.BinOp.left);
        Value b = a == V_EXC ? V_EXC : tr_expr(c, e->v.BinOp.right);
        tr_set_loc(c, e);
        r = b == V_EXC ? V_EXC : tr_binary(t, e->v.BinOp.op, a, b);
        if (r == V_EXC && b != V_EXC) r = binop_type_error(t);
        break;
    }
    case AST_UnaryOp: {
        Value a = tr_expr(c, e->v.UnaryOp.operand);
        tr_set_loc(c, e);
        r = a == V_EXC ? V_EXC : tr_unary(t, e->v.UnaryOp.op, a);
        break;
    }
    case AST_BoolOp: r = boolop(c, e); break;
    case AST_Compare: r = compare(c, e); break;
    case AST_IfExp: r = ifexp(c, e); break;
    case AST_Call: r = call(c, e); break;
    case AST_Attribute: {
        Value obj = tr_expr(c, e->v.Attribute.value);
        if (obj == V_EXC) {
            r = V_EXC;
            break;
        }
        if (tr_is_expr(t, obj)) {
            r = vm_raise(vm, t->env->e_syntax, "Taichi scalars have no attribute '%s'", e->v.Attribute.attr);
            break;
        }
        const char *a = e->v.Attribute.attr;
        r = vm_getattr(vm, obj, vm_intern(vm, a, strlen(a)));
        break;
    }
    case AST_Subscript: r = subscript(c, e); break;
    case AST_List: case AST_Tuple: case AST_Dict: case AST_Set: case AST_ListComp: case AST_SetComp:
    case AST_DictComp: case AST_GeneratorExp:
        r = display(c, e);
        break;
    case AST_NamedExpr: r = named_expr(c, e); break;
    case AST_JoinedStr: r = joined_str(c, e); break;
    case AST_Slice: {
        Value parts[3] = {V_NONE, V_NONE, V_NONE};
        const AstNode *p[3] = {e->v.Slice.lower, e->v.Slice.upper, e->v.Slice.step};
        r = V_NONE;
        for (int i = 0; i < 3; i++)
            if (p[i] && (parts[i] = tr_expr(c, p[i])) == V_EXC) r = V_EXC;
        if (r != V_EXC) r = vm_new_slice(vm, parts[0], parts[1], parts[2]);
        break;
    }
    case AST_Lambda:
        r = vm_raise(vm, t->env->e_syntax, "Lambdas are not supported in Taichi scope");
        break;
    default:
        r = vm_raise(vm, t->env->e_syntax, "Unsupported node \"%s\"", ast_kind_names[e->kind]);
        break;
    }
    if (r == V_EXC) tr_locate(c, e);
    return r;
}

/* ---- entry points */

IrType tr_dtype(const TrEnv *env, Value v)
{
    VM *vm = env->vm;
    if (v == v_obj(vm->t_int)) return env->default_ip;
    if (v == v_obj(vm->t_float)) return env->default_fp;
    /* u1 (and Python's bool) compute as i32: the IR has no 1-bit type yet */
    if (v == v_obj(vm->t_bool)) return IR_I32;
    if (!v_is_obj(v) || v_as_obj(v)->type != env->t_dtype) return IR_VOID;
    Value n = vm_getattr_opt(vm, v, vm_intern(vm, "_name", 5));
    if (!v_has_layout(n, LAYOUT_STR)) return IR_VOID;
    for (int ty = IR_I8; ty <= IR_F64; ty++)
        if (!strcmp(AS_STR(n)->data, ir_type_name((IrType)ty))) return (IrType)ty;
    if (!strcmp(AS_STR(n)->data, "u1")) return IR_I32;
    return IR_VOID;
}

/* The compilation in progress: the runtime's (env is the runtime's TrEnv). */
static Tr *need_current(TrEnv *env)
{
    if (!env->current) vm_raise(env->vm, env->vm->e_RuntimeError, "Taichi values exist only while a kernel compiles");
    return env->current;
}

/* Expr's operators: NotImplemented for operands that are not scalars, so that
 * the other operand's reflected method runs (a number * matrix). */
Value tr_op_binary(TrEnv *env, int op, Value a, Value b)
{
    Tr *t = need_current(env);
    if (!t) return V_EXC;
    if (!scalar_like(t, tr_load_var(t, a)) || !scalar_like(t, tr_load_var(t, b))) return V_NOTIMPL;
    return tr_binary(t, op, a, b);
}

Value tr_op_compare(TrEnv *env, int op, Value a, Value b)
{
    Tr *t = need_current(env);
    if (!t) return V_EXC;
    if (!scalar_like(t, tr_load_var(t, a)) || !scalar_like(t, tr_load_var(t, b))) return V_NOTIMPL;
    return tr_compare(t, op, a, b);
}

Value tr_op_unary(TrEnv *env, int op, Value a)
{
    Tr *t = need_current(env);
    return t ? tr_unary(t, op, a) : V_EXC;
}

Value tr_op_builtin(TrEnv *env, const char *name, Value *args, int nargs)
{
    Tr *t = need_current(env);
    return t ? tr_call_builtin(t, name, args, nargs, NULL) : V_EXC;
}

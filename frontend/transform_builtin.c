/* The transformer's built-ins (transform.h): the ti.* functions a kernel calls,
 * from one table (TR_BUILTINS), Python's max / min / abs / pow / int / float on
 * Taichi values, atomics, primitive types used as casts, and the hooks the
 * Python-level matrices call (assign, expr_init, field_ptr / field_store). */
#include "transform_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- atomics */

static IrStmt *pointer_of(Tr *t, Value v)
{
    if (!tr_is_expr(t, v)) return NULL;
    IrStmt *s = tr_stmt_of(v);
    if (tr_is_var(t, v)) return s;
    if (s->kind == IR_GLOBAL_LOAD || s->kind == IR_LOCAL_LOAD) return s->ops[0];
    return NULL;
}

Value tr_atomic(Tr *t, int op, IrStmt *ptr, Value v)
{
    IrType ty = ir_pointee(ptr->type);
    char what[32];
    snprintf(what, sizeof what, "Atomic %s", ir_atomic_op_name((IrAtomicOp)op));
    IrStmt *val = tr_store_value(t, tr_load_var(t, v), ty, what);
    if (!val) return V_EXC;
    if (ir_atomic_op_class((IrAtomicOp)op) == 'I' && !ir_type_is_int(ty)) {
        vm_raise(t->vm, t->env->e_type, "atomic %s is only supported on integers, not %s",
                 ir_atomic_op_name((IrAtomicOp)op), ir_type_name(ty));
        return V_EXC;
    }
    return tr_wrap(t, ir_atomic(t->k, (IrAtomicOp)op, ptr, val));
}

/* ---- built-ins: ti.sin ... as a table */

typedef enum { B_UNARY, B_BINARY, B_ATOMIC, B_SPECIAL } BuiltinKind;

#define TR_BUILTINS(X) \
    X("sin", B_UNARY, IR_UN_sin) X("cos", B_UNARY, IR_UN_cos) X("tan", B_UNARY, IR_UN_tan) \
    X("asin", B_UNARY, IR_UN_asin) X("acos", B_UNARY, IR_UN_acos) X("tanh", B_UNARY, IR_UN_tanh) \
    X("sqrt", B_UNARY, IR_UN_sqrt) X("rsqrt", B_UNARY, IR_UN_rsqrt) X("exp", B_UNARY, IR_UN_exp) \
    X("log", B_UNARY, IR_UN_log) X("floor", B_UNARY, IR_UN_floor) X("ceil", B_UNARY, IR_UN_ceil) \
    X("round", B_UNARY, IR_UN_round) X("abs", B_UNARY, IR_UN_abs) X("neg", B_UNARY, IR_UN_neg) \
    X("logical_not", B_UNARY, IR_UN_logic_not) X("bit_not", B_UNARY, IR_UN_bit_not) \
    X("atan2", B_BINARY, IR_BIN_atan2) X("max", B_BINARY, IR_BIN_max) X("min", B_BINARY, IR_BIN_min) \
    X("pow", B_BINARY, IR_BIN_pow) X("bit_shr", B_BINARY, IR_BIN_bit_shr) \
    X("bit_sar", B_BINARY, IR_BIN_bit_sar) X("bit_shl", B_BINARY, IR_BIN_bit_shl) \
    X("raw_div", B_BINARY, IR_BIN_div) X("raw_mod", B_SPECIAL, 9) \
    X("logical_and", B_BINARY, IR_BIN_logical_and) X("logical_or", B_BINARY, IR_BIN_logical_or) \
    X("atomic_add", B_ATOMIC, IR_ATOMIC_add) X("atomic_sub", B_ATOMIC, IR_ATOMIC_sub) \
    X("atomic_min", B_ATOMIC, IR_ATOMIC_min) X("atomic_max", B_ATOMIC, IR_ATOMIC_max) \
    X("atomic_and", B_ATOMIC, IR_ATOMIC_bit_and) X("atomic_or", B_ATOMIC, IR_ATOMIC_bit_or) \
    X("atomic_xor", B_ATOMIC, IR_ATOMIC_bit_xor) X("atomic_mul", B_ATOMIC, IR_ATOMIC_mul) \
    X("cast", B_SPECIAL, 0) X("bit_cast", B_SPECIAL, 1) X("select", B_SPECIAL, 2) \
    X("random", B_SPECIAL, 3) X("loop_config", B_SPECIAL, 4) X("static", B_SPECIAL, 5) \
    X("static_print", B_SPECIAL, 6) X("static_assert", B_SPECIAL, 7) X("call_internal", B_SPECIAL, 8) \
    X("fill_field", B_SPECIAL, 10) \
    X("assign", B_SPECIAL, 11) X("expr_init", B_SPECIAL, 12) X("field_ptr", B_SPECIAL, 13) \
    X("field_store", B_SPECIAL, 14)

typedef struct {
    const char *name;
    BuiltinKind kind;
    int op;
} BuiltinDef;

static const BuiltinDef builtins[] = {
#define X(name, kind, op) {name, kind, op},
    TR_BUILTINS(X)
#undef X
};

static const BuiltinDef *find_builtin(const char *name)
{
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (!strcmp(builtins[i].name, name)) return &builtins[i];
    return NULL;
}

static Value unary_builtin(Tr *t, const BuiltinDef *b, Value v)
{
    IrStmt *s = tr_value(t, tr_load_var(t, v));
    if (!s) return V_EXC;
    char cls = ir_unary_op_class((IrUnaryOp)b->op);
    if (cls == 'F' && !ir_type_is_float(s->type)) s = tr_cast(t, s, t->env->default_fp);
    if (cls == 'I' && !ir_type_is_int(s->type)) {
        vm_raise(t->vm, t->env->e_type, "ti.%s is only supported on integers, not %s", b->name, ir_type_name(s->type));
        return V_EXC;
    }
    if (b->op == IR_UN_floor || b->op == IR_UN_ceil || b->op == IR_UN_round) {
        if (ir_type_is_int(s->type)) return tr_wrap(t, s);
    }
    return tr_wrap(t, ir_unary(t->k, (IrUnaryOp)b->op, s));
}

static Value binary_builtin(Tr *t, const BuiltinDef *b, Value av, Value bv)
{
    IrStmt *a = tr_value(t, tr_load_var(t, av)), *c = a ? tr_value(t, tr_load_var(t, bv)) : NULL;
    if (!c) return V_EXC;
    IrType ty = ir_type_promote(a->type, c->type);
    char cls = ir_binary_op_class((IrBinaryOp)b->op);
    if (cls == 'F' && !ir_type_is_float(ty)) ty = t->env->default_fp;
    if (cls == 'I' && !ir_type_is_int(ty)) {
        vm_raise(t->vm, t->env->e_type, "ti.%s is only supported on integers", b->name);
        return V_EXC;
    }
    if (cls == 'L') {
        a = tr_truth(t, tr_wrap(t, a));
        c = a ? tr_truth(t, tr_wrap(t, c)) : NULL;
        return tr_wrap(t, c ? ir_binary(t->k, (IrBinaryOp)b->op, a, c) : NULL);
    }
    if (b->op == IR_BIN_bit_shl || b->op == IR_BIN_bit_shr || b->op == IR_BIN_bit_sar) ty = a->type;
    return tr_wrap(t, ir_binary(t->k, (IrBinaryOp)b->op, tr_cast(t, a, ty), tr_cast(t, c, ty)));
}

static bool is_py_float(Tr *t, Value v)
{
    return v_is_double(v) || vm_type_of(t->vm, v) == t->vm->t_float;
}

/* max / min of two Python numbers as Taichi computes them, with numpy's
 * maximum / minimum: a float operand makes both floats (min(16777217, 1e10) is
 * 16777217.0, which then becomes an f32 like any float) and NaN wins. */
static Value py_min_max(Tr *t, bool is_max, Value a, Value b)
{
    VM *vm = t->vm;
    if (is_py_float(t, a) || is_py_float(t, b)) {
        double x, y;
        if (!vm_to_double(vm, a, &x) || !vm_to_double(vm, b, &y)) return V_EXC;
        if (isnan(x) || isnan(y)) return v_double(NAN);
        return v_double(is_max ? (x >= y ? x : y) : (x <= y ? x : y));
    }
    Value lt = vm_compare(vm, AST_Lt, a, b);
    int tv = lt == V_EXC ? -1 : vm_truthy(vm, lt);
    if (tv < 0) return V_EXC;
    Value r = tv != is_max ? a : b;
    /* numpy gives a bool only when both are bools */
    if (v_is_bool(r) && !(v_is_bool(a) && v_is_bool(b))) r = v_int(r == V_TRUE);
    return r;
}

/* ti.max / ti.min (and Python's max / min in a kernel) of two or more values,
 * folded from the right as Taichi's ops.max does; Python numbers pair up at
 * compile time. */
static Value min_max(Tr *t, const BuiltinDef *b, Value *args, int nargs)
{
    Value acc = tr_load_var(t, args[nargs - 1]);
    for (int i = nargs - 2; i >= 0 && acc != V_EXC; i--) {
        Value x = tr_load_var(t, args[i]);
        if (x == V_EXC) return V_EXC;
        if (tr_is_number(t, x) && tr_is_number(t, acc))
            acc = py_min_max(t, b->op == IR_BIN_max, x, acc);
        else
            acc = binary_builtin(t, b, x, acc);
    }
    return acc;
}

/* A primitive type applied to a value: a typed literal, or a cast. */
Value tr_dtype_call(Tr *t, IrType ty, Value v, bool literal_check)
{
    v = tr_load_var(t, v);
    if (v == V_EXC) return V_EXC;
    if (!tr_is_expr(t, v)) {
        if (!tr_is_number(t, v)) {
            vm_raise(t->vm, t->env->e_syntax, "A primitive type can only decorate a single expression.");
            return V_EXC;
        }
        if (literal_check) {
            bool is_float = v_is_double(v) || vm_type_of(t->vm, v) == t->vm->t_float;
            if (!is_float && ir_type_is_float(ty)) {
                vm_raise(t->vm, t->env->e_type,
                         "Integer literals must be annotated with a integer type. For type casting, use `ti.cast`.");
                return V_EXC;
            }
            if (is_float && !ir_type_is_float(ty)) {
                vm_raise(t->vm, t->env->e_type, "Floating-point literals must be annotated with a floating-point "
                                                "type. For type casting, use `ti.cast`.");
                return V_EXC;
            }
        }
        return tr_wrap(t, tr_py_const(t, v, ty, false));
    }
    return tr_wrap(t, tr_cast(t, tr_stmt_of(v), ty));
}

/* ti.cast(x, ty): Taichi first makes a Python number x an Expr of its default
 * type, so ti.cast(0.1, ti.f64) is the f32 0.1 widened, and an int that does not
 * fit default_ip is an error of the call. */
static Value cast_value(Tr *t, IrType ty, Value v)
{
    VM *vm = t->vm;
    v = tr_load_var(t, v);
    if (v == V_EXC || tr_is_expr(t, v) || !tr_is_number(t, v)) return tr_dtype_call(t, ty, v, false);
    IrStmt *s = tr_py_const(t, v, IR_VOID, true);
    if (!s) {
        if (!vm_exc_matches(vm, vm->exc, v_obj(t->env->e_type))) return V_EXC;
        Value msg = vm_str(vm, vm->exc);
        if (msg == V_EXC) return V_EXC;
        vm->exc = V_NONE;
        return vm_raise(vm, t->env->e_type, "TypeError when calling `cast`: %s.", AS_STR(msg)->data);
    }
    return tr_wrap(t, tr_cast(t, s, ty));
}

static bool no_keywords(Tr *t, const char *name, TupleObj *kw)
{
    if (kw && kw->len) {
        vm_raise(t->vm, t->vm->e_TypeError, "ti.%s() takes no keyword arguments", name);
        return false;
    }
    return true;
}

static Value kwarg(TupleObj *kw, Value *args, int nargs, const char *name)
{
    for (uint32_t i = 0; kw && i < kw->len; i++)
        if (!strcmp(AS_STR(kw->items[i])->data, name)) return args[nargs + (int)i];
    return V_UNBOUND;
}

static Value special_builtin(Tr *t, const BuiltinDef *b, Value *args, int nargs, TupleObj *kw)
{
    VM *vm = t->vm;
    switch (b->op) {
    case 0: case 1: { /* cast(x, dtype), bit_cast(x, dtype) */
        Value dt = nargs >= 2 ? args[1] : kwarg(kw, args, nargs, "dtype");
        IrType ty = nargs >= 1 && dt != V_UNBOUND ? tr_dtype(t->env, dt) : IR_VOID;
        if (ty == IR_VOID) {
            vm_raise(vm, t->env->e_type, "ti.%s() needs a value and a primitive type", b->name);
            return V_EXC;
        }
        if (b->op == 0) return cast_value(t, ty, args[0]);
        IrStmt *s = tr_value(t, tr_load_var(t, args[0]));
        if (!s) return V_EXC;
        if (ir_type_bits(s->type) != ir_type_bits(ty)) {
            vm_raise(vm, t->env->e_type, "ti.bit_cast: %s and %s differ in size", ir_type_name(s->type),
                     ir_type_name(ty));
            return V_EXC;
        }
        return tr_wrap(t, ir_cast(t->k, IR_UN_cast_bits, ty, s));
    }
    case 2: { /* select(cond, a, b) */
        if (nargs != 3 || !no_keywords(t, b->name, kw)) {
            if (nargs != 3) vm_raise(vm, vm->e_TypeError, "ti.select() takes 3 arguments");
            return V_EXC;
        }
        if (tr_is_number(t, args[0]) && tr_is_number(t, args[1]) && tr_is_number(t, args[2])) {
            /* on Python numbers Taichi computes x1 * cond + x2 * (1 - cond) in
             * Python: a Python number (a float if either is one) */
            int c = vm_truthy(vm, args[0]);
            if (c < 0) return V_EXC;
            Value r = args[c ? 1 : 2];
            bool flt = vm_type_of(vm, args[1]) == vm->t_float || vm_type_of(vm, args[2]) == vm->t_float;
            return flt ? vm_binary(vm, AST_Add, r, v_double(0.0)) : vm_binary(vm, AST_Add, r, v_int(0));
        }
        IrStmt *cond = tr_truth(t, tr_load_var(t, args[0]));
        IrStmt *x = cond ? tr_value(t, tr_load_var(t, args[1])) : NULL;
        IrStmt *y = x ? tr_value(t, tr_load_var(t, args[2])) : NULL;
        if (!y) return V_EXC;
        IrType ty = ir_type_promote(x->type, y->type);
        return tr_wrap(t, ir_select(t->k, cond, tr_cast(t, x, ty), tr_cast(t, y, ty)));
    }
    case 3: { /* random(dtype=float) */
        Value dt = nargs >= 1 ? args[0] : kwarg(kw, args, nargs, "dtype");
        IrType ty = dt == V_UNBOUND ? t->env->default_fp : tr_dtype(t->env, dt);
        if (ty == IR_VOID || ty == IR_F16) {
            vm_raise(vm, t->env->e_type, "ti.random() needs a primitive type");
            return V_EXC;
        }
        return tr_wrap(t, ir_rand(t->k, ty));
    }
    case 4: { /* loop_config(serialize=, block_dim=, ...) for the next loop */
        t->cfg_pending = true;
        t->cfg_serialize = false;
        t->cfg_block_dim = 0;
        Value ser = kwarg(kw, args, nargs, "serialize");
        if (ser != V_UNBOUND) {
            int tv = vm_truthy(vm, ser);
            if (tv < 0) return V_EXC;
            t->cfg_serialize = tv;
        }
        Value bd = kwarg(kw, args, nargs, "block_dim");
        int64_t n;
        if (bd != V_UNBOUND && bd != V_NONE) {
            if (!vm_index(vm, bd, &n)) return V_EXC;
            t->cfg_block_dim = (int)n;
        }
        return V_NONE;
    }
    case 5: /* static(x, ...) */
        for (int i = 0; i < nargs; i++)
            if (tr_is_expr(t, args[i]))
                return vm_raise(vm, t->env->e_compile,
                                "ValueError: Input to ti.static must be compile-time constants or global pointers, "
                                "instead of <class 'taichi.lang.expr.Expr'>");
        if (nargs == 1) return args[0];
        return vm_tuple_of(vm, args, (uint32_t)nargs);
    case 6: { /* static_print: prints at compile time */
        Value print = vm_dict_get_str(vm->builtins, vm_intern(vm, "print", 5));
        return vm_call(vm, print, args, nargs, kw);
    }
    case 9: { /* raw_mod(a, b): C's remainder, a - raw_div(a, b) * b */
        if (nargs != 2) return vm_raise(vm, vm->e_TypeError, "ti.raw_mod() takes 2 arguments (%d given)", nargs);
        IrStmt *a = tr_value(t, tr_load_var(t, args[0])), *b2 = a ? tr_value(t, tr_load_var(t, args[1])) : NULL;
        if (!b2) return V_EXC;
        IrType ty = ir_type_promote(a->type, b2->type);
        a = tr_cast(t, a, ty);
        b2 = tr_cast(t, b2, ty);
        if (ir_type_is_float(ty)) {
            IrStmt *q = ir_unary(t->k, IR_UN_floor, ir_binary(t->k, IR_BIN_truediv, a, b2));
            IrStmt *neg = ir_binary(t->k, IR_BIN_cmp_lt, ir_binary(t->k, IR_BIN_truediv, a, b2), ir_const_f(t->k, ty, 0.0));
            IrStmt *tq = ir_select(t->k, neg, ir_unary(t->k, IR_UN_ceil, ir_binary(t->k, IR_BIN_truediv, a, b2)), q);
            return tr_wrap(t, ir_binary(t->k, IR_BIN_sub, a, ir_binary(t->k, IR_BIN_mul, tq, b2)));
        }
        IrStmt *q = ir_binary(t->k, IR_BIN_div, a, b2);
        return tr_wrap(t, ir_binary(t->k, IR_BIN_sub, a, ir_binary(t->k, IR_BIN_mul, q, b2)));
    }
    case 11: /* assign(entry, value): store into the variable or field element entry is */
        if (nargs != 2) return vm_raise(vm, vm->e_TypeError, "assign(entry, value)");
        if (!tr_is_var(t, args[0])) return V_FALSE;
        return tr_store_var(t, args[0], args[1]) ? V_TRUE : V_EXC;
    case 12: /* expr_init(value): a new variable */
        if (nargs != 1) return vm_raise(vm, vm->e_TypeError, "expr_init(value)");
        return tr_expr_init(t, tr_load_var(t, args[0]));
    case 13: case 14: { /* field_ptr(field, key), field_store(field, key, value) */
        bool err = false;
        IrSNodeNode *place = nargs >= 2 ? tr_field_place(t, args[0], &err) : NULL;
        if (!place) return err ? V_EXC : vm_raise(vm, vm->e_TypeError, "%s(field, key...)", b->name);
        IrStmt *ptr = tr_field_ptr(t->ctx, NULL, place, args[0], args[1]);
        if (!ptr) return V_EXC;
        /* a matrix field's entry is the element's pointer, a variable: each
         * read loads it then, writes store and += is an atomic on it */
        if (b->op == 13) return tr_wrap(t, ptr);
        IrStmt *val = nargs == 3 ? tr_store_value(t, tr_load_var(t, args[2]), place->ir.dtype, "Assign") : NULL;
        return val && ir_global_store(t->k, ptr, val) ? V_NONE : V_EXC;
    }
    case 10: { /* fill_field(field, value): x.fill(v) in a kernel, a loop over every element */
        bool err = false;
        IrSNodeNode *place = nargs == 2 ? tr_field_place(t, args[0], &err) : NULL;
        if (!place) return err ? V_EXC : vm_raise(vm, vm->e_TypeError, "fill_field(field, value)");
        IrKernel *k = t->k;
        IrStmt *val = tr_value_as(t, tr_load_var(t, args[1]), place->ir.dtype);
        int n = place->ir.num_indices;
        int64_t total = 1;
        for (int i = 0; i < n; i++) total *= place->shape[place->physical_index_position[i]];
        IrStmt *loop = val ? ir_range_for(k, ir_const_i(k, IR_I32, 0), ir_const_i(k, IR_I32, total)) : NULL;
        if (!loop) return tr_wrap(t, NULL);
        loop->u.range.serialize = t->ctx->non_static || t->nloops;
        IrCursor saved = ir_enter(k, loop->blocks[IR_BODY]);
        IrStmt *idx = ir_loop_index(k, loop, 0), *ind[IR_SNODE_MAX_INDICES];
        for (int i = n - 1; i >= 0; i--) {
            IrStmt *ext = ir_const_i(k, IR_I32, place->shape[place->physical_index_position[i]]);
            ind[i] = i ? ir_binary(k, IR_BIN_mod, idx, ext) : idx;
            if (i) idx = ir_binary(k, IR_BIN_div, idx, ext);
        }
        bool ok = ir_global_store(k, ir_global_ptr(k, &place->ir, ind, n), val) != NULL;
        ir_leave(k, saved);
        return ok ? V_NONE : tr_wrap(t, NULL);
    }
    case 8: { /* call_internal(name, args...): the runtime's own helpers */
        const char *what = nargs && v_has_layout(args[0], LAYOUT_STR) ? AS_STR(args[0])->data : "";
        if (!strcmp(what, "do_nothing")) return V_NONE;
        if (!strcmp(what, "test_internal_func_args") && nargs == 4) {
            /* (a + b) * c in i32, as Taichi's runtime test helper computes it */
            IrStmt *a = tr_value_as(t, tr_load_var(t, args[1]), IR_F32);
            IrStmt *b2 = a ? tr_value_as(t, tr_load_var(t, args[2]), IR_F32) : NULL;
            IrStmt *c = b2 ? tr_value_as(t, tr_load_var(t, args[3]), IR_I32) : NULL;
            if (!c) return V_EXC;
            IrStmt *sum = tr_cast(t, ir_binary(t->k, IR_BIN_add, a, b2), IR_I32);
            return tr_wrap(t, ir_binary(t->k, IR_BIN_mul, sum, c));
        }
        return vm_raise(vm, t->env->e_syntax, "internal function \"%s\" is not available in tirun", what);
    }
    default: { /* static_assert(cond, msg) */
        if (nargs && tr_is_expr(t, args[0])) return vm_raise(vm, t->env->e_type, "Static assert with non-static condition");
        int tv = nargs ? vm_truthy(vm, args[0]) : 1;
        if (tv < 0) return V_EXC;
        if (!tv) {
            if (nargs > 1) {
                Value s = vm_str(vm, args[1]);
                if (s == V_EXC) return V_EXC;
                return vm_raise(vm, vm->e_AssertionError, "%s", AS_STR(s)->data);
            }
            return vm_raise(vm, vm->e_AssertionError, "static assertion failed");
        }
        return V_NONE;
    }
    }
}

Value tr_call_builtin(Tr *t, const char *name, Value *args, int nargs, TupleObj *kw)
{
    VM *vm = t->vm;
    const BuiltinDef *b = find_builtin(name);
    if (!b) return vm_raise(vm, t->env->e_syntax, "ti.%s is not supported in Taichi kernels by tirun yet", name);
    switch (b->kind) {
    case B_UNARY:
        if (nargs == 2 && (b->op == IR_UN_floor || b->op == IR_UN_ceil || b->op == IR_UN_round)) {
            /* ti.floor(x, dtype): the result cast to dtype */
            IrType ty = tr_dtype(t->env, args[1]);
            if (ty == IR_VOID) return vm_raise(vm, t->env->e_type, "ti.%s(): the second argument must be a type", name);
            Value r = tr_call_builtin(t, name, args, 1, NULL);
            return r == V_EXC ? V_EXC : tr_dtype_call(t, ty, r, false);
        }
        if (nargs != 1 || !no_keywords(t, name, kw)) {
            if (nargs != 1) vm_raise(vm, vm->e_TypeError, "ti.%s() takes 1 argument (%d given)", name, nargs);
            return V_EXC;
        }
        if (tr_is_number(t, args[0]) && (b->op == IR_UN_abs || b->op == IR_UN_neg || b->op == IR_UN_bit_not)) {
            /* exact on a Python number: a Python number, as Taichi's ops do
             * (`-2147483647 - ti.abs(19)` is then a literal out of i32's range) */
            if (b->op == IR_UN_abs) {
                if (v_is_double(args[0])) return v_double(fabs(v_as_double(args[0])));
                int neg = vm_truthy(vm, vm_compare(vm, AST_Lt, args[0], v_int(0)));
                if (neg < 0) return V_EXC;
                return vm_unary(vm, neg ? AST_USub : AST_UAdd, args[0]);
            }
            return vm_unary(vm, b->op == IR_UN_neg ? AST_USub : AST_Invert, args[0]);
        }
        if (!tr_is_expr(t, args[0]) && b->op != IR_UN_logic_not) {
            /* a Python number: evaluate at compile time through a constant */
            IrStmt *s = tr_value(t, args[0]);
            if (!s) return V_EXC;
            return unary_builtin(t, b, tr_wrap(t, s));
        }
        return unary_builtin(t, b, args[0]);
    case B_BINARY:
        if ((b->op == IR_BIN_max || b->op == IR_BIN_min) && nargs >= 2 && no_keywords(t, name, kw))
            return min_max(t, b, args, nargs);
        if (nargs != 2 || !no_keywords(t, name, kw)) {
            if (nargs != 2) vm_raise(vm, vm->e_TypeError, "ti.%s() takes 2 arguments (%d given)", name, nargs);
            return V_EXC;
        }
        return binary_builtin(t, b, args[0], args[1]);
    case B_ATOMIC: {
        if (nargs != 2 || !no_keywords(t, name, kw)) {
            if (nargs != 2) vm_raise(vm, vm->e_TypeError, "ti.%s() takes 2 arguments (%d given)", name, nargs);
            return V_EXC;
        }
        IrStmt *ptr = pointer_of(t, args[0]);
        if (!ptr) return vm_raise(vm, t->env->e_syntax, "ti.%s: cannot use a non-writable target as the first operand of `ti.%s`", name, name);
        return tr_atomic(t, b->op, ptr, args[1]);
    }
    default:
        return special_builtin(t, b, args, nargs, kw);
    }
}

/* max / min / abs / pow / int / float of Python's builtins on Taichi values;
 * any / all of a matrix (its .any() / .all(), as Taichi's transformer maps them). */
Value tr_python_builtin(Tr *t, const char *name, Value *args, int nargs, TupleObj *kw, bool *handled)
{
    *handled = false;
    if ((!strcmp(name, "any") || !strcmp(name, "all")) && nargs == 1 && !(kw && kw->len) &&
        v_is_obj(args[0]) && !tr_is_expr(t, args[0])) {
        Value key = vm_getattr_opt(t->vm, args[0], vm_intern(t->vm, "_ti_key", 7));
        if (key == V_EXC) return V_EXC;
        if (key != V_UNBOUND) {
            *handled = true;
            Value method = vm_getattr(t->vm, args[0], vm_intern(t->vm, name, 3));
            return method == V_EXC ? V_EXC : vm_call(t->vm, method, NULL, 0, NULL);
        }
    }
    bool any = false, numbers = nargs >= 2;
    for (int i = 0; i < nargs; i++) {
        if (tr_is_expr(t, args[i])) any = true;
        if (!tr_is_number(t, args[i])) numbers = false;
    }
    if (kw && kw->len) return V_NONE;
    bool minmax = !strcmp(name, "max") || !strcmp(name, "min");
    if (!any && !(minmax && numbers)) return V_NONE;
    *handled = true;
    if (!strcmp(name, "int")) return nargs == 1 ? tr_dtype_call(t, t->env->default_ip, args[0], false) : V_NONE;
    if (!strcmp(name, "float")) return nargs == 1 ? tr_dtype_call(t, t->env->default_fp, args[0], false) : V_NONE;
    if (!strcmp(name, "abs") && nargs == 1) return tr_call_builtin(t, "abs", args, 1, NULL);
    if (!strcmp(name, "pow") && nargs == 2) return tr_binary(t, AST_Pow, args[0], args[1]);
    if (minmax && nargs >= 2) return tr_call_builtin(t, name, args, nargs, NULL);
    if (!strcmp(name, "bool")) {
        IrStmt *s = nargs == 1 ? tr_truth(t, tr_load_var(t, args[0])) : NULL;
        return tr_wrap(t, s);
    }
    *handled = false;
    return V_NONE;
}

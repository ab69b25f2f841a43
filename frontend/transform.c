/* The transformer's statements, scopes and errors (transform.h): assignments,
 * if / while / for in their static and runtime forms, break / continue, return,
 * assert, and the inlining of ti.func calls with a fresh scope stack. */
#include "transform_int.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- errors */

Value tr_error(TrCtx *c, TypeObj *type, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return vm_raise(c->tr->vm, type, "%s", msg);
}

/* Line `lineno` (1-based) of the source: its start and length. */
static const char *src_line(const ParseSource *src, int lineno, size_t *len)
{
    const char *p = src->text, *end = src->text + src->len;
    for (int l = 1; l < lineno && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) return NULL;
        p = nl + 1;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    *len = nl ? (size_t)(nl - p) : (size_t)(end - p);
    return p;
}

static void caret_line(StrBuf *b, const char *line, size_t len, int from, int to)
{
    sb_putn(b, line, len);
    sb_putn(b, "\n", 1);
    for (int i = 0; i < from; i++) sb_putn(b, " ", 1);
    for (int i = from; i < to; i++) sb_putn(b, "^", 1);
    sb_putn(b, "\n", 1);
}

/* Taichi 1.7.4's `File "F", line N, in f:`, the node's source lines and carets
 * under its span (a compound statement shows its header lines only). */
static void pos_info(StrBuf *b, TrCtx *c, const AstNode *n)
{
    sb_printf(b, "File \"%s\", line %d, in %s:\n", c->file, n->lineno, c->fn->name->data);
    int last_line = n->end_lineno;
    if (n->kind == AST_For || n->kind == AST_While || n->kind == AST_If || n->kind == AST_FunctionDef) {
        const AstSeq *body = n->kind == AST_For ? &n->v.For.body : n->kind == AST_While ? &n->v.While.body
                             : n->kind == AST_If ? &n->v.If.body : &n->v.FunctionDef.body;
        last_line = body->n ? body->items[0]->lineno - 1 : n->lineno;
        if (last_line < n->lineno) last_line = n->lineno;
    }
    for (int l = n->lineno; l <= last_line; l++) {
        size_t len;
        const char *line = src_line(c->src, l, &len);
        if (!line) break;
        int first = 0, last = (int)len;
        while (last > 0 && (line[last - 1] == ' ' || line[last - 1] == '\t')) last--;
        while (first < (int)len && (line[first] == ' ' || line[first] == '\t')) first++;
        if (n->lineno == n->end_lineno) {
            first = n->col_offset;
            last = n->end_col_offset;
        } else if (l == n->lineno) {
            first = n->col_offset;
        } else if (l == n->end_lineno) {
            last = n->end_col_offset;
        }
        caret_line(b, line, len, first, last);
    }
}

void tr_traceback_at(TrCtx *c, int lineno, int col, int end_lineno, int end_col, StrBuf *b)
{
    sb_printf(b, "File \"%s\", line %d, in %s:\n", c->file, lineno, c->fn->name->data);
    size_t len;
    const char *line = src_line(c->src, lineno, &len);
    if (!line) return;
    caret_line(b, line, len, col, lineno == end_lineno ? end_col : (int)len);
}

void tr_traceback(TrCtx *c, const AstNode *node, StrBuf *b)
{
    tr_traceback_at(c, node->lineno, node->col_offset, node->end_lineno, node->end_col_offset, b);
}

void tr_locate(TrCtx *c, const AstNode *node)
{
    VM *vm = c->tr->vm;
    if (c->raised || !node || vm->exc == V_NONE) return;
    c->raised = true;
    Value exc = vm->exc;
    const TrEnv *env = c->tr->env;
    if (vm->halted) return;
    TypeObj *et = vm_type_of(vm, exc);
    if (vm_is_subtype(et, vm->e_MemoryError) || vm_is_subtype(et, vm->e_KeyboardInterrupt)) return;
    vm_push_root(vm, exc);
    vm->exc = V_NONE;
    Value s = vm_str(vm, exc);
    if (s == V_EXC) {
        vm_pop_roots(vm, 1);
        return;
    }
    StrBuf b = {0};
    pos_info(&b, c, node);
    bool taichi = vm_is_subtype(et, env->e_compile);
    if (!taichi) {
        /* the type as Python's traceback names it: with its module, but for builtins' */
        Value mod = vm_getattr_opt(vm, v_obj(et), vm_intern(vm, "__module__", 10));
        if (v_has_layout(mod, LAYOUT_STR) && strcmp(AS_STR(mod)->data, "builtins") &&
            strcmp(AS_STR(mod)->data, "__main__"))
            sb_printf(&b, "%s.", AS_STR(mod)->data);
        else if (mod == V_EXC)
            vm->exc = V_NONE;
        sb_printf(&b, "%s: ", et->name->data);
    }
    sb_putn(&b, AS_STR(s)->data, AS_STR(s)->len);
    Value msg = vm_sb_finish(vm, &b);
    vm_pop_roots(vm, 1);
    if (msg == V_EXC) return;
    vm_push_root(vm, msg);
    Value e = vm_new_exception(vm, taichi ? et : env->e_compile, &msg, 1);
    vm_pop_roots(vm, 1);
    if (e != V_EXC) vm_raise_value(vm, e);
}

/* Taichi's TaichiCastWarning on stderr, in its logger's form:
 *   [W 11/28/26 00:03:26.227 12146] TaichiWarning
 *   While compiling `f`, File "x.py", line 7, in f:     (assignments only)
 *       v = a
 *       ^^^^^
 *   Assign may lose precision: f32 <- f64
 * when storing a `from` value into a `to` place implicitly narrows it. */
void tr_warn_cast(Tr *t, const char *what, IrType to, IrType from)
{
    if (from == to || from == IR_VOID || ir_type_promote(to, from) == to) return;
    TrCtx *c = t->ctx;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    struct tm tm;
    localtime_r(&now.tv_sec, &tm);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%m/%d/%y %H:%M:%S", &tm);
    /* assignments wait for the kernel to be built (Taichi checks them in a
     * pass afterwards: tr_kernel shows them); atomics show at once */
    bool assign = !strcmp(what, "Assign");
    StrBuf now_buf = {0}, *b = assign ? &t->warnings : &now_buf;
    sb_printf(b, "[W %s.%03d %d] TaichiWarning\n", stamp, (int)(now.tv_nsec / 1000000), (int)getpid());
    if (assign && t->k->name) sb_printf(b, "While compiling `%s`, ", t->k->name);
    if (c && c->stmt) tr_traceback(c, c->stmt, b);
    sb_printf(b, "%s may lose precision: %s <- %s\n", what, ir_type_name(to), ir_type_name(from));
    if (assign) return;
    FILE *err = t->vm->err ? t->vm->err : stderr;
    if (now_buf.data) fwrite(now_buf.data, 1, now_buf.len, err);
    fflush(err);
    sb_free(&now_buf);
}

void tr_set_loc(TrCtx *c, const AstNode *n)
{
    IrLoc loc = {c->file, n->lineno, n->col_offset, n->end_lineno, n->end_col_offset};
    ir_set_loc(c->tr->k, loc);
}

/* ---- scopes: a stack of name -> value maps; lookups go innermost first */

bool tr_push_scope(TrCtx *c)
{
    TrScope *s = grow_array(c->scopes, &c->scopecap, c->nscopes + 1, sizeof *s, 8);
    if (!s) {
        vm_raise(c->tr->vm, c->tr->vm->e_MemoryError, "out of memory");
        return false;
    }
    c->scopes = s;
    c->scopes[c->nscopes++] = (TrScope){0};
    return true;
}

void tr_pop_scope(TrCtx *c)
{
    free(c->scopes[--c->nscopes].items);
}

static TrBinding *find_in(TrScope *s, StrObj *name)
{
    for (int i = 0; i < s->n; i++)
        if (vm_str_eq(s->items[i].name, name)) return &s->items[i];
    return NULL;
}

bool tr_bind(TrCtx *c, StrObj *name, Value v)
{
    TrScope *s = &c->scopes[c->nscopes - 1];
    TrBinding *b = find_in(s, name);
    if (b) {
        b->value = v;
        return true;
    }
    TrBinding *items = grow_array(s->items, &s->cap, s->n + 1, sizeof *items, 8);
    if (!items) {
        vm_raise(c->tr->vm, c->tr->vm->e_MemoryError, "out of memory");
        return false;
    }
    s->items = items;
    s->items[s->n++] = (TrBinding){name, v};
    return true;
}

Value tr_scope_lookup(TrCtx *c, StrObj *name)
{
    for (int i = c->nscopes - 1; i >= 0; i--) {
        TrBinding *b = find_in(&c->scopes[i], name);
        if (b) return b->value;
    }
    return V_UNBOUND;
}

static bool is_kernel_arg(TrCtx *c, StrObj *name)
{
    for (int i = 0; i < c->nkernel_args; i++)
        if (vm_str_eq(c->kernel_args[i], name)) return true;
    return false;
}

/* Kernel arguments are immutable (Taichi's TaichiSyntaxError); false with it. */
static bool assignable(TrCtx *c, StrObj *name)
{
    if (!is_kernel_arg(c, name)) return true;
    tr_error(c, c->tr->env->e_syntax,
             "Kernel argument \"%s\" is immutable in the kernel. If you want to change its value, please "
             "create a new variable.", name->data);
    return false;
}

/* ---- assignment */

static bool assign(TrCtx *c, const AstNode *target, Value v, bool is_static);

/* Unpacks a Python sequence into a target list. */
static bool assign_unpack(TrCtx *c, const AstSeq *targets, Value v, bool is_static)
{
    VM *vm = c->tr->vm;
    if (c->tr->env && tr_is_expr(c->tr, v)) {
        tr_error(c, c->tr->env->e_syntax, "Cannot unpack type: %s", "<class 'taichi.lang.expr.Expr'>");
        return false;
    }
    /* a, b = b, a: the values are copied before any target changes, as
       Taichi's expr_init_list does, so a target read on the right keeps
       its old value */
    Value list = vm_list_from(vm, v);
    if (list != V_EXC && !is_static) list = tr_expr_init(c->tr, list);
    if (list == V_EXC) return false;
    uint32_t n;
    Value *items = vm_seq_items(list, &n);
    if ((int)n != targets->n) {
        tr_error(c, c->tr->env->e_syntax, "The number of targets is not equal to value length");
        return false;
    }
    for (int i = 0; i < targets->n; i++) {
        items = vm_seq_items(list, &n);
        if (!assign(c, targets->items[i], items[i], is_static)) return false;
    }
    return true;
}

static bool assign_name(TrCtx *c, const AstNode *target, Value v, bool is_static)
{
    Tr *t = c->tr;
    StrObj *name = vm_intern(t->vm, target->v.Name.id, strlen(target->v.Name.id));
    if (!assignable(c, name)) return false;
    if (is_static) return tr_bind(c, name, v);
    Value old = tr_scope_lookup(c, name);
    if (old != V_UNBOUND && tr_is_var(t, old)) return tr_store_var(t, old, v);
    /* a matrix variable: its entries take the new values */
    Value assign_to = old != V_UNBOUND && v_is_obj(old) && !tr_is_expr(t, old)
                          ? vm_getattr_opt(t->vm, old, vm_intern(t->vm, "_ti_assign", 10)) : V_UNBOUND;
    if (assign_to == V_EXC) return false;
    if (assign_to != V_UNBOUND) return vm_call(t->vm, assign_to, &v, 1, NULL) != V_EXC;
    Value var = tr_expr_init(t, v);
    return var != V_EXC && tr_bind(c, name, var);
}

/* x[key] = v: a field element, or a Python container's item at compile time. */
static bool assign_subscript(TrCtx *c, const AstNode *target, Value v)
{
    Tr *t = c->tr;
    Value obj = tr_expr(c, target->v.Subscript.value);
    if (obj == V_EXC) return false;
    bool err = false;
    IrSNodeNode *place = tr_field_place(t, obj, &err);
    if (err) return false;
    Value key = tr_expr(c, target->v.Subscript.slice);
    if (key == V_EXC) return false;
    if (place) {
        IrStmt *ptr = tr_field_ptr(c, target, place, obj, key);
        IrStmt *val = ptr ? tr_store_value(t, v, place->ir.dtype, "Assign") : NULL;
        return val && ir_global_store(t->k, ptr, val);
    }
    if (tr_is_external(t, obj)) {
        IrStmt *ptr = tr_external_ptr(c, target, obj, key);
        IrStmt *val = ptr ? tr_store_value(t, v, ir_pointee(ptr->type), "Assign") : NULL;
        return val && ir_global_store(t->k, ptr, val);
    }
    if (tr_is_expr(t, key) && (v_has_layout(obj, LAYOUT_LIST) || v_has_layout(obj, LAYOUT_TUPLE) ||
                               v_has_layout(obj, LAYOUT_DICT))) {
        tr_error(c, t->env->e_syntax, "Python containers can only be indexed by Python values in Taichi scope");
        return false;
    }
    return vm_setitem(t->vm, obj, key, v);
}

static bool assign(TrCtx *c, const AstNode *target, Value v, bool is_static)
{
    Tr *t = c->tr;
    tr_set_loc(c, target);
    switch (target->kind) {
    case AST_Name: return assign_name(c, target, v, is_static);
    case AST_Tuple: return assign_unpack(c, &target->v.Tuple.elts, v, is_static);
    case AST_List: return assign_unpack(c, &target->v.List.elts, v, is_static);
    case AST_Subscript:
        if (is_static) {
            tr_error(c, t->env->e_syntax, "Static assign cannot be used on elements in arrays");
            return false;
        }
        return assign_subscript(c, target, v);
    case AST_Attribute: {
        Value obj = tr_expr(c, target->v.Attribute.value);
        if (obj == V_EXC) return false;
        const char *a = target->v.Attribute.attr;
        return vm_setattr(t->vm, obj, vm_intern(t->vm, a, strlen(a)), v);
    }
    default:
        tr_error(c, t->env->e_syntax, "Unsupported assignment target");
        return false;
    }
}

static bool st_assign(TrCtx *c, const AstNode *s)
{
    int is_static = tr_is_static_call(c, s->v.Assign.value);
    if (is_static < 0) return false;
    Value v = tr_expr(c, s->v.Assign.value);
    if (v == V_EXC) return false;
    const AstSeq *targets = &s->v.Assign.targets;
    if (targets->n > 1 && is_static) {
        tr_error(c, c->tr->env->e_syntax, "Static assign cannot be used on multiple targets");
        return false;
    }
    /* a = b = value: the value is computed once, each target gets it */
    for (int i = 0; i < targets->n; i++)
        if (!assign(c, targets->items[i], v, is_static)) return false;
    return true;
}

static bool st_annassign(TrCtx *c, const AstNode *s)
{
    Tr *t = c->tr;
    const AstNode *target = s->v.AnnAssign.target;
    if (target->kind != AST_Name) {
        tr_error(c, t->env->e_syntax, "Annotated assignment is only supported on names");
        return false;
    }
    StrObj *name = vm_intern(t->vm, target->v.Name.id, strlen(target->v.Name.id));
    if (!assignable(c, name)) return false;
    Value anno = tr_expr(c, s->v.AnnAssign.annotation);
    if (anno == V_EXC) return false;
    IrType ty = tr_dtype(t->env, anno);
    if (ty == IR_VOID) {
        tr_error(c, t->env->e_type, "Invalid type annotation");
        return false;
    }
    if (!s->v.AnnAssign.value) {
        tr_error(c, t->env->e_syntax, "Annotated declarations need a value in Taichi kernels");
        return false;
    }
    int is_static = tr_is_static_call(c, s->v.AnnAssign.value);
    if (is_static < 0) return false;
    if (is_static) {
        tr_error(c, t->env->e_syntax, "Static assign cannot be used on annotated assignment");
        return false;
    }
    Value v = tr_expr(c, s->v.AnnAssign.value);
    if (v == V_EXC) return false;
    Value old = tr_scope_lookup(c, name);
    if (old != V_UNBOUND && tr_is_var(t, old)) {
        if (ir_pointee(tr_stmt_of(old)->type) != ty) {
            tr_error(c, t->env->e_syntax, "Static assign cannot have type overloading");
            return false;
        }
        return tr_store_var(t, old, v);
    }
    IrStmt *val = tr_value_as(t, v, ty);
    if (!val) return false;
    Value var = tr_expr_init(t, tr_wrap(t, val));
    return var != V_EXC && tr_bind(c, name, var);
}

/* The augmented assignments Taichi makes atomic: AST operator, atomic op and
 * the ti.atomic_* built-in a matrix's _ti_augassign applies to each entry. */
static const struct {
    int ast_op, atomic;
    const char *builtin;
} atomic_ops[] = {
    {AST_Add, IR_ATOMIC_add, "atomic_add"},
    {AST_Sub, IR_ATOMIC_sub, "atomic_sub"},
    {AST_BitAnd, IR_ATOMIC_bit_and, "atomic_and"},
    {AST_BitOr, IR_ATOMIC_bit_or, "atomic_or"},
    {AST_BitXor, IR_ATOMIC_bit_xor, "atomic_xor"},
};

/* Index into atomic_ops of AST operator op, or -1. */
static int atomic_index(int op)
{
    for (int i = 0; i < (int)(sizeof atomic_ops / sizeof atomic_ops[0]); i++)
        if (atomic_ops[i].ast_op == op) return i;
    return -1;
}

static int atomic_of(int op)
{
    int i = atomic_index(op);
    return i < 0 ? -1 : atomic_ops[i].atomic;
}

/* target op= rhs where target is neither a named variable nor a scalar field
 * subscript and cur is its value: a matrix entry that is a variable or a field
 * element (v[0], vf[I][0], vf[I].x) is updated by an atomic on it and a matrix
 * (vf[I], mf[I][i]) by its _ti_augassign hook, entry by entry, so that parallel
 * iterations adding into one element all count, as for a scalar field. 1 when
 * done, 0 when the caller computes and assigns instead (another operator, a
 * Python value), -1 on error. */
static int aug_atomic(Tr *t, int op, Value cur, Value rhs)
{
    int i = atomic_index(op);
    if (i < 0) return 0;
    if (tr_is_expr(t, cur)) {
        if (!tr_is_var(t, cur)) return 0;
        return tr_atomic(t, atomic_ops[i].atomic, tr_stmt_of(cur), rhs) == V_EXC ? -1 : 1;
    }
    Value hook = v_is_obj(cur) ? vm_getattr_opt(t->vm, cur, vm_intern(t->vm, "_ti_augassign", 13)) : V_UNBOUND;
    if (hook == V_EXC) return -1;
    if (hook == V_UNBOUND) return 0;
    Value args[2] = {vm_cstr(t->vm, atomic_ops[i].builtin), rhs};
    if (args[0] == V_EXC) return -1;
    Value done = vm_call(t->vm, hook, args, 2, NULL);
    return done == V_EXC ? -1 : vm_truthy(t->vm, done);
}

/* target op= rhs for a target that is not a scalar variable or a scalar field
 * subscript: atomic when Taichi makes it so, else computed and assigned. */
static bool aug_general(TrCtx *c, const AstNode *target, int op, Value rhs)
{
    Tr *t = c->tr;
    Value cur = tr_expr(c, target);
    if (cur == V_EXC) return false;
    int done = aug_atomic(t, op, cur, rhs);
    if (done) return done > 0;
    Value nv = tr_is_expr(t, cur) || tr_is_expr(t, rhs) ? tr_binary(t, op, cur, rhs)
                                                           : vm_inplace(t->vm, op, cur, rhs);
    return nv != V_EXC && assign(c, target, nv, false);
}

static bool st_augassign(TrCtx *c, const AstNode *s)
{
    Tr *t = c->tr;
    const AstNode *target = s->v.AugAssign.target;
    int op = s->v.AugAssign.op;
    Value rhs = tr_expr(c, s->v.AugAssign.value);
    if (rhs == V_EXC) return false;
    tr_set_loc(c, s);
    if (target->kind == AST_Name) {
        StrObj *name = vm_intern(t->vm, target->v.Name.id, strlen(target->v.Name.id));
        Value old = tr_scope_lookup(c, name);
        if (old != V_UNBOUND && tr_is_var(t, old)) {
            int aop = atomic_of(op);
            if (aop >= 0 && (tr_is_expr(t, rhs) || v_is_int(rhs) || v_is_double(rhs) || vm_is_int(t->vm, rhs))) {
                IrStmt *var = tr_stmt_of(old);
                IrType vt = ir_pointee(var->type);
                IrStmt *val = tr_value(t, rhs);
                if (!val) return false;
                if ((aop == IR_ATOMIC_bit_and || aop == IR_ATOMIC_bit_or || aop == IR_ATOMIC_bit_xor) &&
                    (!ir_type_is_int(vt) || !ir_type_is_int(val->type)))
                    goto general;
                return tr_atomic(t, aop, var, tr_wrap(t, val)) != V_EXC;
            }
        general:;
            Value cur = tr_load_var(t, old);
            Value nv = cur == V_EXC ? V_EXC : tr_binary(t, op, cur, rhs);
            return nv != V_EXC && tr_store_var(t, old, nv);
        }
        return aug_general(c, target, op, rhs);
    }
    if (target->kind == AST_Subscript) {
        Value obj = tr_expr(c, target->v.Subscript.value);
        if (obj == V_EXC) return false;
        bool err = false;
        IrSNodeNode *place = tr_field_place(t, obj, &err);
        if (err) return false;
        if (place) {
            Value key = tr_expr(c, target->v.Subscript.slice);
            IrStmt *ptr = key == V_EXC ? NULL : tr_field_ptr(c, target, place, obj, key);
            if (!ptr) return false;
            int aop = atomic_of(op);
            if (aop >= 0) return tr_atomic(t, aop, ptr, rhs) != V_EXC;
            Value cur = tr_wrap(t, ir_global_load(t->k, ptr));
            Value nv = cur == V_EXC ? V_EXC : tr_binary(t, op, cur, rhs);
            IrStmt *val = nv == V_EXC ? NULL : tr_store_value(t, nv, place->ir.dtype, "Assign");
            return val && ir_global_store(t->k, ptr, val);
        }
        if (tr_is_external(t, obj)) {
            Value key = tr_expr(c, target->v.Subscript.slice);
            IrStmt *ptr = key == V_EXC ? NULL : tr_external_ptr(c, target, obj, key);
            if (!ptr) return false;
            int aop = atomic_of(op);
            if (aop >= 0) return tr_atomic(t, aop, ptr, rhs) != V_EXC;
            Value cur = tr_wrap(t, ir_global_load(t->k, ptr));
            Value nv = cur == V_EXC ? V_EXC : tr_binary(t, op, cur, rhs);
            IrStmt *val = nv == V_EXC ? NULL : tr_store_value(t, nv, ir_pointee(ptr->type), "Assign");
            return val && ir_global_store(t->k, ptr, val);
        }
    }
    return aug_general(c, target, op, rhs);
}

/* ---- control flow */

/* The runtime condition of an if / while (what: "if") or assert: a u1, or an
 * i32 that is nonzero for true. Another integer type is compared with zero (a
 * cast to i32 would drop a 64-bit value's high bits); a float is Taichi's
 * TaichiTypeError. */
static IrStmt *condition(TrCtx *c, Value v, const char *what)
{
    Tr *t = c->tr;
    IrStmt *s = tr_value(t, v);
    if (!s) return NULL;
    if (ir_type_is_float(s->type)) {
        tr_error(c, t->env->e_type,
                 "`%s` conditions must be an integer; found %s. Consider using `%s x != 0` instead of `%s x` "
                 "for float values.", what, ir_type_name(s->type), what, what);
        return NULL;
    }
    return s->type == IR_I32 || s->type == IR_U1 ? s : tr_truth(t, tr_wrap(t, s));
}

/* Builds statements in a new scope. */
static bool scoped_stmts(TrCtx *c, const AstSeq *body)
{
    if (!tr_push_scope(c)) return false;
    bool ok = tr_stmts(c, body);
    tr_pop_scope(c);
    return ok;
}

static bool st_if(TrCtx *c, const AstNode *s)
{
    Tr *t = c->tr;
    int is_static = tr_is_static_call(c, s->v.If.test);
    if (is_static < 0) return false;
    Value test = tr_expr(c, s->v.If.test);
    if (test == V_EXC) return false;
    if (is_static) {
        int truth = vm_truthy(t->vm, test);
        if (truth < 0) return false;
        return scoped_stmts(c, truth ? &s->v.If.body : &s->v.If.orelse);
    }
    IrStmt *cond = condition(c, test, "if");
    if (!cond) return false;
    tr_set_loc(c, s);
    IrStmt *st = ir_if(t->k, cond);
    if (!st) return false;
    c->non_static++;
    IrCursor saved = ir_enter(t->k, st->blocks[IR_THEN]);
    bool ok = scoped_stmts(c, &s->v.If.body);
    if (ok) {
        ir_enter(t->k, st->blocks[IR_ELSE]);
        ok = scoped_stmts(c, &s->v.If.orelse);
    }
    ir_leave(t->k, saved);
    c->non_static--;
    return ok;
}

static bool push_loop(TrCtx *c, IrStmt *loop, bool parallel)
{
    Tr *t = c->tr;
    if (t->nloops == TR_MAX_LOOPS) {
        tr_error(c, t->env->e_syntax, "loops are nested too deeply");
        return false;
    }
    t->loops[t->nloops++] = (TrLoop){loop, parallel};
    return true;
}

static bool st_while(TrCtx *c, const AstNode *s)
{
    Tr *t = c->tr;
    if (s->v.While.orelse.n) {
        tr_error(c, t->env->e_syntax, "'else' clause for 'while' not supported in Taichi kernels");
        return false;
    }
    tr_set_loc(c, s);
    IrStmt *loop = ir_while(t->k);
    if (!loop || !push_loop(c, loop, false)) return false;
    c->non_static++;
    IrCursor saved = ir_enter(t->k, loop->blocks[IR_BODY]);
    Value test = tr_expr(c, s->v.While.test);
    IrStmt *cond = test == V_EXC ? NULL : condition(c, test, "if");   /* Taichi's wording for while too */
    bool ok = cond && ir_while_control(t->k, cond) && scoped_stmts(c, &s->v.While.body);
    ir_leave(t->k, saved);
    c->non_static--;
    t->nloops--;
    return ok;
}

/* The loop targets of a for statement: names only. */
static int for_targets(TrCtx *c, const AstNode *target, const AstNode **names, int cap)
{
    if (target->kind == AST_Name) {
        names[0] = target;
        return 1;
    }
    if (target->kind == AST_Tuple || target->kind == AST_List) {
        const AstSeq *elts = target->kind == AST_Tuple ? &target->v.Tuple.elts : &target->v.List.elts;
        if (elts->n > cap) return -1;
        for (int i = 0; i < elts->n; i++) {
            if (elts->items[i]->kind != AST_Name) return -1;
            names[i] = elts->items[i];
        }
        return elts->n;
    }
    return -1;
}

static StrObj *name_of(Tr *t, const AstNode *n)
{
    return vm_intern(t->vm, n->v.Name.id, strlen(n->v.Name.id));
}

/* A runtime loop's targets must be new names (the reference's for statement). */
static bool fresh_targets(TrCtx *c, const AstNode *const *names, int n)
{
    for (int i = 0; i < n; i++) {
        StrObj *name = name_of(c->tr, names[i]);
        if (tr_scope_lookup(c, name) != V_UNBOUND) {
            tr_error(c, c->tr->env->e_syntax, "Variable '%s' is already declared: a loop target must be a new name",
                     name->data);
            return false;
        }
    }
    return true;
}

/* for target in ti.static(iterable): unrolled, break / continue at compile time. */
static bool static_for(TrCtx *c, const AstNode *s, Value iterable)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    Value it = vm_iter(vm, iterable);
    if (it == V_EXC) return false;
    vm_push_root(vm, it);
    int saved_ns = c->static_for_non_static, saved_loops = c->static_for_loops;
    c->static_for++;
    c->static_for_non_static = c->non_static;
    c->static_for_loops = t->nloops;
    bool ok = true;
    int iterations = 0, limit = t->env->unrolling_limit;
    for (;;) {
        Value item = vm_next(vm, it);
        if (item != V_EXC && item != V_UNBOUND && limit && ++iterations == limit + 1) {
            /* Python's warnings.warn_explicit(..., SyntaxWarning) form, as Taichi's */
            FILE *err = vm->err ? vm->err : stderr;
            fprintf(err, "%s:%d: SyntaxWarning: You are unrolling more than\n"
                    "                        %d iterations, so the compile time may be extremely long.\n"
                    "                        You can use a non-static for loop if you want to decrease the compile time.\n"
                    "                        You can disable this warning by setting ti.init(unrolling_limit=0).\n",
                    c->file, s->lineno, limit);
            size_t len;
            const char *line = src_line(c->src, s->lineno, &len);
            while (line && len && (*line == ' ' || *line == '\t')) line++, len--;
            if (line) fprintf(err, "  %.*s\n", (int)len, line);
            fflush(err);
        }
        if (item == V_EXC) {
            ok = false;
            break;
        }
        if (item == V_UNBOUND) break;
        if (!tr_push_scope(c)) {
            ok = false;
            break;
        }
        ok = assign(c, s->v.For.target, item, true) && tr_stmts(c, &s->v.For.body);
        tr_pop_scope(c);
        if (!ok) break;
        TrLoopStatus st = c->loop_status;
        c->loop_status = TR_LOOP_NORMAL;
        if (st == TR_LOOP_BREAK || c->returned) break;
    }
    c->static_for--;
    c->static_for_non_static = saved_ns;
    c->static_for_loops = saved_loops;
    vm_pop_roots(vm, 1);
    return ok;
}

/* Begins a runtime range loop [begin, end) at the cursor: top-level loops of a
 * kernel run in parallel unless ti.loop_config(serialize=True) said otherwise. */
static IrStmt *begin_range(TrCtx *c, IrStmt *begin, IrStmt *end, bool *parallel)
{
    Tr *t = c->tr;
    IrStmt *loop = ir_range_for(t->k, begin, end);
    if (!loop) return NULL;
    bool top = c->non_static == 0 && t->nloops == 0 && c->is_kernel && t->depth == 1;
    /* a ti.func's loops run in parallel when inlined at a kernel's top level */
    if (!c->is_kernel) {
        top = c->non_static == 0 && t->nloops == 0 && !c->real;
        for (TrCtx *p = c->caller; p && top; p = p->caller)
            if (p->non_static || p->real) top = false;
    }
    if (t->cfg_pending) {
        loop->u.range.serialize = t->cfg_serialize;
        loop->u.range.block_dim = t->cfg_block_dim;
        t->cfg_pending = false;
    }
    if (!top) loop->u.range.serialize = true;
    *parallel = !loop->u.range.serialize;
    return loop;
}

/* A range of index values: begin and extent per dimension (ndrange / field shape). */
typedef struct {
    int n;
    IrStmt *begin[IR_SNODE_MAX_INDICES];
    IrStmt *end[IR_SNODE_MAX_INDICES];
} NdRange;

static bool nd_bound(TrCtx *c, Value v, IrStmt **out)
{
    Tr *t = c->tr;
    v = tr_load_var(t, v);
    if (v == V_EXC) return false;
    Value n = !tr_is_expr(t, v) && v_is_obj(v) && t->env->host_number ? t->env->host_number(t->vm, v) : V_UNBOUND;
    if (n == V_EXC) return false;
    if (n != V_UNBOUND && n != V_NONE) v = n;   /* a numpy integer */
    bool integral = tr_is_expr(t, v) ? ir_type_is_int(tr_stmt_of(v)->type) : vm_is_int(t->vm, v) && !v_is_bool(v);
    if (!integral) {
        tr_error(c, t->env->e_type, "Every argument of ndrange should be an integer scalar or a tuple/list of (int, int)");
        return false;
    }
    *out = tr_value_as(t, v, IR_I32);
    return *out != NULL;
}

/* ti.ndrange's arguments: ints (stop) or (start, stop) pairs. */
static bool ndrange_of(TrCtx *c, Value args, NdRange *r)
{
    Tr *t = c->tr;
    uint32_t n;
    Value *items = vm_seq_items(args, &n);
    if (n > IR_SNODE_MAX_INDICES) {
        tr_error(c, t->env->e_syntax, "ti.ndrange supports at most %d dimensions", IR_SNODE_MAX_INDICES);
        return false;
    }
    r->n = (int)n;
    for (uint32_t i = 0; i < n; i++) {
        items = vm_seq_items(args, &n);
        Value a = items[i];
        if (!tr_is_expr(t, a) && (v_has_layout(a, LAYOUT_TUPLE) || v_has_layout(a, LAYOUT_LIST))) {
            uint32_t m;
            Value *pair = vm_seq_items(a, &m);
            if (m != 2) {
                tr_error(c, t->env->e_syntax, "Every argument of ndrange should be a scalar or a tuple/list like (begin, end)");
                return false;
            }
            Value b = pair[0], e = pair[1];
            if (!nd_bound(c, b, &r->begin[i]) || !nd_bound(c, e, &r->end[i])) return false;
        } else {
            r->begin[i] = ir_const_i(t->k, IR_I32, 0);
            if (!nd_bound(c, a, &r->end[i])) return false;
        }
    }
    return true;
}

static bool field_range(TrCtx *c, IrSNodeNode *place, Value field, NdRange *r)
{
    Tr *t = c->tr;
    r->n = place->ir.num_indices;
    Value off = vm_getattr_opt(t->vm, field, vm_intern(t->vm, "_offset", 7));
    for (int i = 0; i < r->n; i++) {
        int64_t o = 0;
        if (off != V_UNBOUND && off != V_NONE && off != V_EXC) {
            Value ov = vm_getitem(t->vm, off, v_int(i));
            if (ov == V_EXC || !vm_index(t->vm, ov, &o)) return false;
        }
        int64_t extent = place->shape[place->physical_index_position[i]];
        r->begin[i] = ir_const_i(t->k, IR_I32, o);
        r->end[i] = ir_const_i(t->k, IR_I32, o + extent);
    }
    return true;
}

/* The targets of a loop over n indices: n names, or one for ti.grouped. */
static bool index_targets(TrCtx *c, const AstNode *s, int n, bool grouped, const AstNode **names)
{
    Tr *t = c->tr;
    int nt = for_targets(c, s->v.For.target, names, IR_SNODE_MAX_INDICES);
    if (grouped ? nt != 1 || s->v.For.target->kind != AST_Name : nt != n) {
        if (grouped)
            tr_error(c, t->env->e_syntax, "Group for should have 1 loop target, found %d", nt < 0 ? 0 : nt);
        else
            tr_error(c, t->env->e_syntax, "Ndrange for loop with number of the loop variables not equal to the "
                                          "dimension of the ndrange is not supported");
        return false;
    }
    return fresh_targets(c, names, nt);
}

/* Binds the index values to the targets: one each, or for ti.grouped one
 * index vector (taichi's Vector of the indices). */
static bool bind_indices(TrCtx *c, const AstNode **names, IrStmt **idx, int n, bool grouped)
{
    Tr *t = c->tr;
    Value vals[IR_SNODE_MAX_INDICES];
    for (int i = 0; i < n; i++) {
        vals[i] = tr_wrap(t, idx[i]);
        if (vals[i] == V_EXC) return false;
    }
    if (!grouped) {
        for (int i = 0; i < n; i++)
            if (!tr_bind(c, name_of(t, names[i]), vals[i])) return false;
        return true;
    }
    Value list = vm_new_list(t->vm, (uint32_t)n);
    for (int i = 0; list != V_EXC && i < n; i++)
        if (!vm_list_append(t->vm, (ListObj *)v_as_obj(list), vals[i])) list = V_EXC;
    Value mod = vm_dict_get_str(t->vm->modules, vm_intern(t->vm, "_taichi_core", 12));
    Value ctor = list == V_EXC || !v_is_obj(mod) ? V_UNBOUND
                                                 : vm_getattr_opt(t->vm, mod, vm_intern(t->vm, "_vector", 7));
    Value vec = ctor == V_UNBOUND ? list : ctor == V_EXC ? V_EXC : vm_call(t->vm, ctor, &list, 1, NULL);
    return vec != V_EXC && tr_bind(c, name_of(t, names[0]), vec);
}

/* One loop over the product of the dimensions; each index is recovered with
 * div / mod, the last dimension varying fastest (row-major, as Taichi). */
static bool nd_for(TrCtx *c, const AstNode *s, const NdRange *r, bool grouped)
{
    Tr *t = c->tr;
    IrKernel *k = t->k;
    const AstNode *names[IR_SNODE_MAX_INDICES];
    if (!index_targets(c, s, r->n, grouped, names)) return false;
    IrStmt *extent[IR_SNODE_MAX_INDICES];
    IrStmt *total = ir_const_i(k, IR_I32, 1);
    for (int i = 0; i < r->n; i++) {
        extent[i] = ir_binary(k, IR_BIN_sub, r->end[i], r->begin[i]);
        IrStmt *zero = ir_const_i(k, IR_I32, 0);
        extent[i] = ir_binary(k, IR_BIN_max, extent[i], zero);
        total = ir_binary(k, IR_BIN_mul, total, extent[i]);
    }
    bool parallel;
    IrStmt *loop = begin_range(c, ir_const_i(k, IR_I32, 0), total, &parallel);
    if (!loop || !push_loop(c, loop, parallel)) return false;
    c->non_static++;
    IrCursor saved = ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *idx = ir_loop_index(k, loop, 0);
    bool ok = tr_push_scope(c);
    if (ok) {
        IrStmt *vals[IR_SNODE_MAX_INDICES];
        for (int i = r->n - 1; i >= 0; i--) {
            IrStmt *d = i == 0 ? idx : ir_binary(k, IR_BIN_mod, idx, extent[i]);
            if (i > 0) idx = ir_binary(k, IR_BIN_div, idx, extent[i]);
            vals[i] = ir_binary(k, IR_BIN_add, d, r->begin[i]);
        }
        ok = bind_indices(c, names, vals, r->n, grouped) && tr_stmts(c, &s->v.For.body);
        tr_pop_scope(c);
    }
    ir_leave(k, saved);
    c->non_static--;
    t->nloops--;
    return ok;
}

/* A struct-for over a field: a struct_for over the SNode that holds its place
 * (as Taichi's lower_ast), whose loop indices, plus the field's offset, are
 * the targets. ti.loop_config(serialize=True) makes it a serial range loop
 * over the shape instead. */
static bool struct_for(TrCtx *c, const AstNode *s, IrSNodeNode *place, Value field, bool grouped)
{
    Tr *t = c->tr;
    IrKernel *k = t->k;
    NdRange r;
    if (!field_range(c, place, field, &r)) return false;
    if (t->cfg_pending && t->cfg_serialize) return nd_for(c, s, &r, grouped);
    const AstNode *names[IR_SNODE_MAX_INDICES];
    if (!index_targets(c, s, r.n, grouped, names)) return false;
    IrStmt *loop = ir_struct_for(k, &place->parent->ir);
    if (!loop) return tr_wrap(t, NULL) != V_EXC;
    if (t->cfg_pending) {
        loop->u.sfor.block_dim = t->cfg_block_dim;
        t->cfg_pending = false;
    }
    if (!push_loop(c, loop, true)) return false;
    c->non_static++;
    IrCursor saved = ir_enter(k, loop->blocks[IR_BODY]);
    bool ok = tr_push_scope(c);
    if (ok) {
        IrStmt *vals[IR_SNODE_MAX_INDICES];
        for (int i = 0; i < r.n; i++) {
            vals[i] = ir_loop_index(k, loop, i);
            if (r.begin[i]->u.val.i) vals[i] = ir_binary(k, IR_BIN_add, vals[i], r.begin[i]);
        }
        ok = bind_indices(c, names, vals, r.n, grouped) && tr_stmts(c, &s->v.For.body);
        tr_pop_scope(c);
    }
    ir_leave(k, saved);
    c->non_static--;
    t->nloops--;
    return ok;
}

static bool range_for(TrCtx *c, const AstNode *s, const AstNode *call)
{
    Tr *t = c->tr;
    const AstSeq *args = &call->v.Call.args;
    if (args->n < 1 || args->n > 2 || call->v.Call.keywords.n) {
        tr_error(c, t->env->e_syntax, "Range should have 1 or 2 arguments, found %d", args->n);
        return false;
    }
    const AstNode *names[1];
    if (for_targets(c, s->v.For.target, names, 1) != 1) {
        tr_error(c, t->env->e_syntax, "Range for should have 1 loop target");
        return false;
    }
    if (!fresh_targets(c, names, 1)) return false;
    Value b = v_int(0), e;
    if (args->n == 2) {
        b = tr_expr(c, args->items[0]);
        if (b == V_EXC) return false;
    }
    e = tr_expr(c, args->items[args->n - 1]);
    if (e == V_EXC) return false;
    IrStmt *begin = tr_value_as(t, b, IR_I32), *end = begin ? tr_value_as(t, e, IR_I32) : NULL;
    if (!end) return false;
    tr_set_loc(c, s);
    bool parallel;
    IrStmt *loop = begin_range(c, begin, end, &parallel);
    if (!loop || !push_loop(c, loop, parallel)) return false;
    c->non_static++;
    IrCursor saved = ir_enter(t->k, loop->blocks[IR_BODY]);
    bool ok = tr_push_scope(c);
    if (ok) {
        Value i = tr_wrap(t, ir_loop_index(t->k, loop, 0));
        ok = i != V_EXC && tr_bind(c, name_of(t, names[0]), i) && tr_stmts(c, &s->v.For.body);
        tr_pop_scope(c);
    }
    ir_leave(t->k, saved);
    c->non_static--;
    t->nloops--;
    return ok;
}

static bool st_for(TrCtx *c, const AstNode *s)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    if (s->v.For.orelse.n) {
        tr_error(c, t->env->e_syntax, "'else' clause for 'for' not supported in Taichi kernels");
        return false;
    }
    const AstNode *iter = s->v.For.iter;
    int is_static = tr_is_static_call(c, iter);
    if (is_static < 0) return false;
    if (is_static) {
        Value v = tr_expr(c, iter);
        if (v == V_EXC) return false;
        if (vm_type_of(vm, v) == t->env->t_grouped || vm_type_of(vm, v) == t->env->t_ndrange) {
            Value it = vm_call_method(vm, v, vm_intern(vm, "_static_items", 13), NULL, 0);
            if (it == V_EXC) return false;
            v = it;
        }
        t->cfg_pending = false;
        return static_for(c, s, v);
    }
    if (iter->kind == AST_Call) {
        Value f = tr_expr(c, iter->v.Call.func);
        if (f == V_EXC) return false;
        Value range = vm_dict_get_str(vm->builtins, vm_intern(vm, "range", 5));
        if (f == range) return range_for(c, s, iter);
    }
    Value v = tr_expr(c, iter);
    if (v == V_EXC) return false;
    tr_set_loc(c, s);
    TypeObj *ty = vm_type_of(vm, v);
    bool grouped = false;
    if (ty == t->env->t_grouped) {
        grouped = true;
        v = vm_getattr(vm, v, vm_intern(vm, "_of", 3));
        if (v == V_EXC) return false;
        ty = vm_type_of(vm, v);
    }
    NdRange r;
    if (ty == t->env->t_ndrange) {
        Value args = vm_getattr(vm, v, vm_intern(vm, "_args", 5));
        if (args == V_EXC || !ndrange_of(c, args, &r)) return false;
        return nd_for(c, s, &r, grouped);
    }
    /* an ndarray parameter loops over its field's shape, as ti.ndrange(*a.shape) */
    if (v_is_obj(v) && vm_is_subtype(ty, t->env->t_external)) {
        Value shape = vm_getattr(vm, v, vm_intern(vm, "shape", 5));
        if (shape == V_EXC || !ndrange_of(c, shape, &r)) return false;
        return nd_for(c, s, &r, grouped);
    }
    /* a matrix field loops over the indices of its first component */
    Value lf = v_is_obj(v) && !tr_is_expr(t, v) ? vm_getattr_opt(vm, v, vm_intern(vm, "_loop_field", 11)) : V_UNBOUND;
    if (lf == V_EXC) return false;
    if (lf != V_UNBOUND) v = lf;
    bool err = false;
    IrSNodeNode *place = tr_field_place(t, v, &err);
    if (err) return false;
    if (place) {
        if (c->non_static || t->nloops) {
            tr_error(c, t->env->e_syntax, "Struct for loops must be at the outermost scope of a kernel");
            return false;
        }
        return struct_for(c, s, place, v, grouped);
    }
    if (v_has_layout(v, LAYOUT_RANGE)) {
        tr_error(c, t->env->e_syntax, "Range for loops need range(...) written in the loop header");
        return false;
    }
    tr_error(c, t->env->e_syntax,
             "Unsupported for loop over %s: iterate over range(), ti.ndrange(), ti.grouped() or a field, or use ti.static()",
             ty->name->data);
    return false;
}

static bool st_break_continue(TrCtx *c, const AstNode *s, bool is_break)
{
    Tr *t = c->tr;
    /* the innermost loop is a static for: resolved now, unless a non-static
     * if stands between */
    if (c->static_for && t->nloops == c->static_for_loops) {
        if (c->non_static != c->static_for_non_static) {
            tr_error(c, t->env->e_syntax,
                     "You are trying to `%s` a static `for` loop, but the `%s` statement is inside a non-static `if`. ",
                     is_break ? "break" : "continue", is_break ? "break" : "continue");
            return false;
        }
        c->loop_status = is_break ? TR_LOOP_BREAK : TR_LOOP_CONTINUE;
        return true;
    }
    if (t->nloops == c->loops_at_entry) {
        tr_error(c, t->env->e_syntax, "'%s' outside loop", is_break ? "break" : "continue");
        return false;
    }
    TrLoop *l = &t->loops[t->nloops - 1];
    if (is_break && l->parallel) {
        tr_error(c, t->env->e_syntax, "Cannot break in the outermost loop");
        return false;
    }
    tr_set_loc(c, s);
    return (is_break ? ir_break(t->k, l->stmt) : ir_continue(t->k, l->stmt)) != NULL;
}

/* taichi's TaichiRuntimeTypeError (its __init__ stores it in _taichi_core). */
static TypeObj *runtime_type_error(Tr *t)
{
    VM *vm = t->vm;
    Value mod = vm_dict_get_str(vm->modules, vm_intern(vm, "_taichi_core", 12));
    Value e = v_is_obj(mod) && v_as_obj(mod)->dict
                  ? vm_dict_get_str(v_as_obj(mod)->dict, vm_intern(vm, "_runtime_type_error", 19)) : V_UNBOUND;
    return v_has_layout(e, LAYOUT_TYPE) ? AS_TYPE(e) : t->env->e_type;
}

/* The values of returned compound value v's n slots (compound._ti_to_slots(v)),
 * cast to types, into out. A float may not go into an integer slot: Taichi's
 * TaichiRuntimeTypeError. */
static bool compound_values(TrCtx *c, Value compound, Value v, const IrType *types, int n, IrStmt **out)
{
    Tr *t = c->tr;
    Value list = vm_call_method(t->vm, compound, vm_intern(t->vm, "_ti_to_slots", 12), &v, 1);
    if (list == V_EXC) return false;
    uint32_t len = 0;
    Value *items = v_has_layout(list, LAYOUT_LIST) ? vm_seq_items(list, &len) : NULL;
    if (!items || (int)len != n) {
        tr_error(c, t->env->e_type, "the value has %u scalars where its type has %d", len, n);
        return false;
    }
    for (int i = 0; i < n; i++) {
        if (ir_type_is_int(types[i])) {
            Value e = tr_load_var(t, items[i]);
            bool is_float = tr_is_expr(t, e) ? ir_type_is_float(tr_stmt_of(e)->type)
                                             : v_is_double(e) || vm_type_of(t->vm, e) == t->vm->t_float;
            if (is_float) {
                tr_error(c, runtime_type_error(t), "Return (type=%s) cannot be converted into required type %s",
                         tr_is_expr(t, e) ? ir_type_name(tr_stmt_of(e)->type) : "f32", ir_type_name(types[i]));
                return false;
            }
        }
        if (!(out[i] = tr_value_as(t, items[i], types[i]))) return false;
    }
    return true;
}

/* v as a value of the compound type a ti.func's return annotation names:
 * each slot cast to its type, a new value. (Its parameters take matrices as
 * they come, as in Taichi.) */
static Value compound_cast(TrCtx *c, Value compound, Value v)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    Value m = vm_getattr(vm, compound, vm_intern(vm, "_ti_slot_dtypes", 15));
    Value dts = m == V_EXC ? V_EXC : vm_call(vm, m, NULL, 0, NULL);
    if (dts == V_EXC) return V_EXC;
    uint32_t n = 0;
    Value *items = v_has_layout(dts, LAYOUT_LIST) ? vm_seq_items(dts, &n) : NULL;
    IrType *types = calloc((size_t)n + 1, sizeof *types);
    IrStmt **vals = calloc((size_t)n + 1, sizeof *vals);
    Value out = V_EXC;
    if (!types || !vals) {
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        goto done;
    }
    for (uint32_t i = 0; i < n; i++) types[i] = tr_dtype(t->env, items[i]);
    if (!compound_values(c, compound, v, types, (int)n, vals)) goto done;
    Value list = vm_new_list(vm, n);
    if (list == V_EXC) goto done;
    for (uint32_t i = 0; i < n; i++) {
        Value e = tr_wrap(t, vals[i]);
        if (e == V_EXC || !vm_list_append(vm, (ListObj *)v_as_obj(list), e)) goto done;
    }
    out = vm_call_method(vm, compound, vm_intern(vm, "_ti_from_slots", 14), &list, 1);
done:
    free(types);
    free(vals);
    return out;
}

static bool st_return(TrCtx *c, const AstNode *s)
{
    Tr *t = c->tr;
    if (c->non_static) {
        tr_error(c, t->env->e_syntax, "Return inside non-static if/for is not supported");
        return false;
    }
    Value v = V_NONE;
    if (s->v.Return.value) {
        v = tr_expr(c, s->v.Return.value);
        if (v == V_EXC) return false;
    }
    c->returned = true;
    if (!c->is_kernel) {
        c->ret = v;
        c->has_ret = true;
        return true;
    }
    const TrKernelSpec *spec = t->spec;
    if (v == V_NONE) {
        if (spec->nrets) {
            tr_error(c, t->env->e_syntax, "A kernel with a return type annotation must return a value");
            return false;
        }
        return true;
    }
    if (!spec->nrets) {
        tr_error(c, t->env->e_syntax, "A kernel that returns a value must have a return type annotation");
        return false;
    }
    tr_set_loc(c, s);
    if (spec->ret_compound == V_UNBOUND) {
        IrStmt *val = tr_value_as(t, v, spec->ret_types[0]);
        return val && ir_return(t->k, &val, 1);
    }
    IrStmt **vals = calloc((size_t)spec->nrets, sizeof *vals);
    if (!vals) {
        vm_raise(t->vm, t->vm->e_MemoryError, "out of memory");
        return false;
    }
    bool ok = compound_values(c, spec->ret_compound, v, spec->ret_types, spec->nrets, vals) &&
              ir_return(t->k, vals, spec->nrets);
    free(vals);
    return ok;
}

static bool st_assert(TrCtx *c, const AstNode *s)
{
    Tr *t = c->tr;
    /* out of debug mode the check is gone, but the test is built as Taichi
     * does: its calls and their side effects stay */
    if (!t->env->debug) return tr_expr(c, s->v.Assert.test) != V_EXC;
    Value test = tr_expr(c, s->v.Assert.test);
    if (test == V_EXC) return false;
    if (!tr_is_expr(t, test)) {
        int truth = vm_truthy(t->vm, test);
        if (truth < 0) return false;
        if (truth) return true;
    }
    IrStmt *cond = condition(c, test, "assert");
    if (!cond) return false;
    StrBuf text = {0};
    IrStmt **args = NULL;
    int nargs = 0;
    if (s->v.Assert.msg) {
        if (!tr_assert_msg(c, s->v.Assert.msg, &text, &args, &nargs)) {
            free(text.data);
            free(args);
            return false;
        }
    } else {
        /* the message is the asserted expression's source */
        const AstNode *e = s->v.Assert.test;
        size_t len;
        const char *line = e->lineno == e->end_lineno ? src_line(c->src, e->lineno, &len) : NULL;
        if (line && e->end_col_offset <= (int)len)
            sb_putn(&text, line + e->col_offset, (size_t)(e->end_col_offset - e->col_offset));
        else
            sb_putn(&text, "Assertion failure", 17);
    }
    tr_set_loc(c, s);
    sb_putn(&text, "", 1);
    /* Taichi's assertion messages start on a new line */
    bool ok = !text.oom && ir_assert(t->k, cond, text.data, args, nargs);
    if (text.oom) vm_raise(t->vm, t->vm->e_MemoryError, "out of memory");
    free(text.data);
    free(args);
    return ok;
}

static bool st_expr(TrCtx *c, const AstNode *s)
{
    const AstNode *e = s->v.Expr.value;
    if (e->kind == AST_Constant && e->v.Constant.value.kind == AST_C_STR) return true;   /* docstring */
    return tr_expr(c, e) != V_EXC;
}

static bool stmt(TrCtx *c, const AstNode *s)
{
    Tr *t = c->tr;
    tr_set_loc(c, s);
    c->stmt = s;
    switch (s->kind) {
    case AST_Assign: return st_assign(c, s);
    case AST_AnnAssign: return st_annassign(c, s);
    case AST_AugAssign: return st_augassign(c, s);
    case AST_Expr: return st_expr(c, s);
    case AST_If: return st_if(c, s);
    case AST_While: return st_while(c, s);
    case AST_For: return st_for(c, s);
    case AST_Break: return st_break_continue(c, s, true);
    case AST_Continue: return st_break_continue(c, s, false);
    case AST_Return: return st_return(c, s);
    case AST_Assert: return st_assert(c, s);
    case AST_Pass: return true;
    case AST_FunctionDef:
        tr_error(c, t->env->e_syntax, "Function definition is not allowed in 'ti.%s'.", c->is_kernel ? "kernel" : "func");
        return false;
    default:
        tr_error(c, t->env->e_syntax, "Unsupported node \"%s\"", ast_kind_names[s->kind]);
        return false;
    }
}

bool tr_stmts(TrCtx *c, const AstSeq *body)
{
    for (int i = 0; i < body->n; i++) {
        if (c->returned || c->loop_status != TR_LOOP_NORMAL) break;
        if (!vm_check_signals(c->tr->vm)) return false;
        if (!stmt(c, body->items[i])) {
            tr_locate(c, body->items[i]);
            return false;
        }
        if (c->tr->k->oom) {
            vm_raise(c->tr->vm, c->tr->vm->e_MemoryError, "out of memory");
            return false;
        }
    }
    return true;
}

/* ---- functions: the kernel itself and inlined ti.func calls */

static bool ctx_init(TrCtx *c, Tr *t, FuncObj *fn, bool is_kernel)
{
    *c = (TrCtx){.tr = t, .caller = t->ctx, .fn = fn, .is_kernel = is_kernel, .ret = V_UNBOUND};
    CodeObj *code = fn->code;
    if (!code->def || !code->src) {
        vm_raise(t->vm, t->env->e_compile,
                 "the source of %s() is not available (functions made by exec() cannot be compiled)",
                 fn->name->data);
        return false;
    }
    c->src = code->src;
    c->file = code->filename->data;
    c->loops_at_entry = t->nloops;
    return tr_push_scope(c);
}

static void ctx_free(TrCtx *c)
{
    while (c->nscopes) tr_pop_scope(c);
    free(c->scopes);
    free(c->kernel_args);
}

/* A ti.func parameter annotated with a vector or matrix type takes a matrix
 * (as it comes: Taichi does not cast it); else Taichi's TaichiSyntaxError. */
static bool compound_arg_ok(TrCtx *c, const char *pname, Value anno, Value v)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    Value comp = tr_compound_of(vm, anno);
    if (comp == V_EXC) return false;
    if (comp == V_NONE) return true;
    Value nd = vm_getattr_opt(vm, comp, vm_intern(vm, "ndim", 4));   /* a vector or matrix type */
    if (nd == V_EXC) return false;
    if (nd == V_UNBOUND) return true;
    Value key = v_is_obj(v) && !tr_is_expr(t, v) ? vm_getattr_opt(vm, v, vm_intern(vm, "_ti_key", 7)) : V_UNBOUND;
    if (key == V_EXC) return false;
    if (key != V_UNBOUND) return true;
    Value text = vm_str(vm, anno);
    if (text == V_EXC) return false;
    tr_error(c, t->env->e_syntax, "Argument %s of type %s is expected to be a Matrix, but got <class '%s'>.", pname,
             AS_STR(text)->data, tr_is_expr(t, v) ? "taichi.lang.expr.Expr" : vm_type_of(vm, v)->name->data);
    return false;
}

/* Binds a ti.func's parameters: positional and keyword arguments, defaults. */
static bool bind_params(TrCtx *c, Value *args, int nargs, TupleObj *kwnames, int nref)
{
    Tr *t = c->tr;
    FuncObj *fn = c->fn;
    const AstNode *a = fn->code->def->v.FunctionDef.args;
    const AstSeq *params = &a->v.arguments.args;
    int nkw = kwnames ? (int)kwnames->len : 0;
    if (nargs > params->n) {
        tr_error(c, t->env->e_syntax, "Too many arguments.");
        return false;
    }
    for (int j = 0; j < nkw; j++) {
        int i = 0;
        while (i < params->n && strcmp(params->items[i]->v.arg.arg, AS_STR(kwnames->items[j])->data)) i++;
        if (i == params->n) {
            tr_error(c, t->env->e_syntax, "Unexpected argument '%s'.", AS_STR(kwnames->items[j])->data);
            return false;
        }
        if (i < nargs) {
            tr_error(c, t->env->e_syntax, "Multiple values for argument '%s'.", AS_STR(kwnames->items[j])->data);
            return false;
        }
    }
    int ndef = fn->defaults ? (int)fn->defaults->len : 0;
    for (int i = 0; i < params->n; i++) {
        const char *pname = params->items[i]->v.arg.arg;
        StrObj *name = vm_intern(t->vm, pname, strlen(pname));
        Value v = V_UNBOUND;
        if (i < nargs) v = args[i];
        for (int j = 0; j < nkw; j++)
            if (vm_str_eq(AS_STR(kwnames->items[j]), name)) v = args[nargs + j];
        if (v == V_UNBOUND && i >= params->n - ndef) v = fn->defaults->items[i - (params->n - ndef)];
        if (v == V_UNBOUND) {
            tr_error(c, t->env->e_syntax, "Parameter `%s` missing.", pname);
            return false;
        }
        /* template parameters alias (a variable or field element given is
         * passed by reference: the caller loaded it, the parameter is its
         * variable or pointer); the others are passed by value */
        Value anno = fn->annotations ? vm_dict_get_str(fn->annotations, name) : V_UNBOUND;
        bool is_template = i < nref || (anno != V_UNBOUND && vm_type_of(t->vm, anno) == t->env->t_template);
        if (anno != V_UNBOUND && vm_type_of(t->vm, anno) == t->env->t_ndarray_type) {
            /* an ndarray parameter takes the caller's ndarray parameter as it is */
            Value cargs[2] = {v, v_obj(name)};
            if (vm_call_method(t->vm, anno, vm_intern(t->vm, "_ti_check_func", 14), cargs, 2) == V_EXC) return false;
        } else if (is_template && tr_is_expr(t, v)) {
            IrStmt *s = tr_stmt_of(v);
            bool is_load = s->kind == IR_LOCAL_LOAD || s->kind == IR_GLOBAL_LOAD;
            if (is_load && (s->ops[0]->kind == IR_ALLOCA || s->ops[0]->kind == IR_GLOBAL_PTR ||
                            s->ops[0]->kind == IR_EXTERNAL_PTR)) {
                v = tr_wrap(t, s->ops[0]);
                if (v == V_EXC) return false;
            }
        } else if (!is_template) {
            IrType ty = anno != V_UNBOUND ? tr_dtype(t->env, anno) : IR_VOID;
            if (ty != IR_VOID) {
                IrStmt *s = tr_value_as(t, v, ty);
                if (!s) return false;
                v = tr_wrap(t, s);
            } else if (anno != V_UNBOUND && !compound_arg_ok(c, pname, anno, v)) {
                return false;
            }
            v = tr_expr_init(t, v);
            if (v == V_EXC) return false;
        }
        if (!tr_bind(c, name, v)) return false;
    }
    return true;
}

Value tr_inline_func(TrCtx *caller, const AstNode *call, FuncObj *fn, Value *args, int nargs, TupleObj *kwnames,
                     int nref)
{
    Tr *t = caller->tr;
    /* A ti.func may call itself: inlining ends where a ti.static condition on
     * its template arguments stops it (compile-time recursion, as Taichi
     * allows). One that never stops meets the depth limit, where Taichi meets
     * Python's recursion limit. */
    if (t->depth >= TR_MAX_INLINE_DEPTH) {
        TrCtx *outer = NULL;
        for (TrCtx *p = caller; p; p = p->caller)
            if (p->fn == fn) outer = p;
        if (!outer) return tr_error(caller, t->env->e_syntax, "Taichi functions are nested too deeply");
        /* the position of the outermost recursive call stands for all of them */
        for (TrCtx *p = caller; p != outer; p = p->caller) p->raised = true;
        return tr_error(caller, t->env->e_compile,
                        "RecursionError: maximum recursion depth exceeded (%s() calls itself %d levels deep)",
                        fn->name->data, TR_MAX_INLINE_DEPTH);
    }
    TrCtx c;
    bool real = t->inline_real;
    t->inline_real = false;
    if (!ctx_init(&c, t, fn, false)) return V_EXC;
    c.real = real;
    t->ctx = &c;
    t->depth++;
    const AstNode *def = fn->code->def;
    bool ok = bind_params(&c, args, nargs, kwnames, nref);
    if (ok) {
        ok = tr_stmts(&c, &def->v.FunctionDef.body);
        if (!ok) tr_locate(&c, def);
    }
    t->depth--;
    t->ctx = caller;
    Value ret = c.has_ret ? c.ret : V_NONE;
    Value ra = fn->annotations ? vm_dict_get_str(fn->annotations, vm_intern(t->vm, "return", 6)) : V_UNBOUND;
    if (ok && !c.has_ret && ra != V_UNBOUND && ra != V_NONE) {
        tr_error(caller, t->env->e_syntax, "Function has a return type but does not have a return statement");
        ok = false;
    }
    if (ok && c.has_ret) {
        IrType rt = IR_VOID;
        if (ra != V_UNBOUND) rt = tr_dtype(t->env, ra);
        if (rt != IR_VOID && ret != V_NONE) {
            IrStmt *s = tr_value_as(t, ret, rt);
            ret = s ? tr_wrap(t, s) : V_EXC;
            ok = ret != V_EXC;
        } else if (ra != V_UNBOUND && ra != V_NONE && ret != V_NONE) {
            Value comp = tr_compound_of(t->vm, ra);
            if (comp != V_EXC && comp != V_NONE) {
                t->ctx = &c;   /* errors at the return value's function */
                ret = compound_cast(&c, comp, ret);
                t->ctx = caller;
            }
            ok = comp != V_EXC && ret != V_EXC;
        }
    }
    ctx_free(&c);
    (void)call;
    return ok ? ret : V_EXC;
}

static const TrNdarrayArg *ndarray_of(const TrKernelSpec *spec, int i)
{
    return spec->ndarrays && spec->ndarrays[i].is_ndarray ? &spec->ndarrays[i] : NULL;
}

/* What an ndarray parameter is in the kernel: a taichi._ExternalArray whose
 * address (u64) and shape (i32 each) are the arguments from slot on, and whose
 * dtype and element shape are the argument's. */
static Value ndarray_param(Tr *t, const TrNdarrayArg *nd, int slot, Value anno)
{
    VM *vm = t->vm;
    Value args[5];
    args[4] = vm_getattr(vm, anno, vm_intern(vm, "boundary", 8));
    if (args[4] == V_EXC) return V_EXC;
    const char *dt = ir_type_name(nd->dtype);
    args[1] = vm_new_str(vm, dt, strlen(dt));
    args[0] = args[1] == V_EXC ? V_EXC : tr_wrap(t, ir_arg_load(t->k, slot));
    args[2] = args[0] == V_EXC ? V_EXC : vm_new_tuple(vm, (uint32_t)nd->ndim);
    args[3] = args[2] == V_EXC ? V_EXC : vm_new_tuple(vm, (uint32_t)nd->nelem);
    if (args[3] == V_EXC) return V_EXC;
    for (int d = 0; d < nd->ndim; d++) {
        Value e = tr_wrap(t, ir_arg_load(t->k, slot + 1 + d));
        if (e == V_EXC) return V_EXC;
        ((TupleObj *)v_as_obj(args[2]))->items[d] = e;
    }
    for (int d = 0; d < nd->nelem; d++) ((TupleObj *)v_as_obj(args[3]))->items[d] = v_int(nd->elem[d]);
    return vm_call(vm, v_obj(t->env->t_external), args, 5, NULL);
}

Value tr_compound_of(VM *vm, Value anno)
{
    Value mod = vm_dict_get_str(vm->modules, vm_intern(vm, "_taichi_core", 12));
    Value f = v_is_obj(mod) && v_as_obj(mod)->dict
                  ? vm_dict_get_str(v_as_obj(mod)->dict, vm_intern(vm, "_compound", 9)) : V_UNBOUND;
    if (f == V_UNBOUND) return V_NONE;
    return vm_call(vm, f, &anno, 1, NULL);
}

/* A compound parameter in the kernel: its value made of its argument slots. */
static Value compound_param(Tr *t, const TrKernelSpec *spec, int i)
{
    VM *vm = t->vm;
    int first = spec->param_slot[i], end = spec->nslots;
    for (int q = i + 1; q < spec->nparams; q++)
        if (spec->template_args[q] == V_UNBOUND) {
            end = spec->param_slot[q];
            break;
        }
    Value list = vm_new_list(vm, (uint32_t)(end - first));
    if (list == V_EXC) return V_EXC;
    for (int s = first; s < end; s++) {
        Value e = tr_wrap(t, ir_arg_load(t->k, s));
        if (e == V_EXC || !vm_list_append(vm, (ListObj *)v_as_obj(list), e)) return V_EXC;
    }
    return vm_call_method(vm, spec->compound[i], vm_intern(vm, "_ti_from_slots", 14), &list, 1);
}

IrKernel *tr_kernel(TrEnv *env, const TrKernelSpec *spec)
{
    VM *vm = env->vm;
    IrKernel *k = ir_kernel_new(spec->name, spec->slot_types, spec->nslots, spec->ret_types, spec->nrets);
    if (!k) {
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return NULL;
    }
    /* No collection while compiling: Values live in C locals and scopes. */
    size_t saved_gc = vm->next_gc;
    vm->next_gc = SIZE_MAX;
    Tr t = {.env = env, .vm = vm, .k = k, .spec = spec, .depth = 1};
    TrCtx c;
    bool ok = ctx_init(&c, &t, spec->fn, true);
    if (ok) {
        Tr *outer = env->current;   /* a kernel compiled while another compiles is an error later */
        env->current = &t;
        t.ctx = &c;
        const AstNode *def = spec->fn->code->def;
        const AstSeq *params = &def->v.FunctionDef.args->v.arguments.args;
        c.kernel_args = calloc((size_t)params->n + 1, sizeof *c.kernel_args);
        ok = c.kernel_args != NULL;
        for (int i = 0; ok && i < params->n && i < spec->nparams; i++) {
            const char *pname = params->items[i]->v.arg.arg;
            StrObj *name = vm_intern(vm, pname, strlen(pname));
            Value v = spec->template_args[i];
            if (v == V_UNBOUND) {
                tr_set_loc(&c, params->items[i]);
                v = ndarray_of(spec, i) ? ndarray_param(&t, ndarray_of(spec, i), spec->param_slot[i],
                                                        vm_dict_get_str(spec->fn->annotations, name))
                    : spec->compound[i] != V_UNBOUND ? compound_param(&t, spec, i)
                                                     : tr_wrap(&t, ir_arg_load(k, spec->param_slot[i]));
            }
            c.kernel_args[c.nkernel_args++] = name;
            ok = v != V_EXC && tr_bind(&c, name, v);
        }
        if (ok) {
            ok = tr_stmts(&c, &def->v.FunctionDef.body);
            if (ok && spec->nrets && !c.returned) {
                tr_error(&c, env->e_syntax, "Kernel has a return type but does not have a return statement");
                ok = false;
            }
            if (!ok) tr_locate(&c, def);
        }
        env->current = outer;
        ctx_free(&c);
    }
    vm->next_gc = saved_gc;
    if (!ok || k->oom) {
        if (ok) vm_raise(vm, vm->e_MemoryError, "out of memory");
        sb_free(&t.warnings);
        ir_kernel_free(k);
        return NULL;
    }
    if (t.warnings.len) {
        /* Taichi checks assignments in a pass after building the kernel */
        FILE *err = vm->err ? vm->err : stderr;
        fwrite(t.warnings.data, 1, t.warnings.len, err);
        fflush(err);
    }
    sb_free(&t.warnings);
    return k;
}

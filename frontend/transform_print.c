/* The transformer's print and assert messages (transform.h): print's items
 * (literals, Taichi values with printf-style specs, f-strings, str.format fields,
 * matrices as [a, b]) and the text + arguments of a failed assert. */
#include "transform_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- print and assert messages */

/* One piece of printed text: a literal or a value with an optional spec. */
typedef struct {
    IrPrintArg *items;
    int n, cap;
} PrintList;

static bool pl_add(Tr *t, PrintList *p, IrPrintArg a)
{
    IrPrintArg *items = grow_array(p->items, &p->cap, p->n + 1, sizeof *items, 8);
    if (!items) {
        vm_raise(t->vm, t->vm->e_MemoryError, "out of memory");
        return false;
    }
    p->items = items;
    p->items[p->n++] = a;
    return true;
}

/* A literal piece: text kept alive by the kernel (ir_print_stmt copies it). */
static bool pl_str(Tr *t, PrintList *p, Value s)
{
    return pl_add(t, p, (IrPrintArg){.str = AS_STR(s)->data, .len = AS_STR(s)->len});
}

/* Appends one printed value: Python values as their str(), Taichi values as
 * values, f-strings piece by piece. */
/* A printf-style spec's conversion must suit the value's type (Taichi checks it
 * at compile time): d / i signed integers, u unsigned, e f g floats. */
static bool spec_matches(Tr *t, const char *spec, IrType ty)
{
    size_t n = strlen(spec);
    char conv = n ? spec[n - 1] : 0;
    bool ok = true;
    /* the conversion must stay in the type's group, as the backend formats it */
    if (conv && strchr("di", conv)) ok = ir_type_is_int(ty) && ir_type_is_signed(ty);
    else if (conv && strchr("oxXu", conv)) ok = ir_type_is_int(ty) && !ir_type_is_signed(ty);
    else if (conv && strchr("eEfFgGaA", conv)) ok = ir_type_is_float(ty);
    if (!ok) vm_raise(t->vm, t->env->e_type, "'%s' doesn't match '%s'.", spec, ir_type_name(ty));
    return ok;
}

/* One printed value: Taichi values (and, where `numbers`, Python numbers made
 * Taichi values of their default type: print(1.5) shows 1.500000) with the
 * spec handed to the backend's printf; matrices, and Python lists where
 * `lists`, as [a, b, ...] of their items, each with the same spec; anything
 * else as Python formats it. */
static bool pl_formatted(TrCtx *c, PrintList *p, Value v, Value spec, Value keep, bool numbers, bool lists)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    v = tr_load_var(t, v);
    if (v == V_EXC) return false;
    Value items = v_is_obj(v) && !tr_is_expr(t, v) ? vm_getattr_opt(vm, v, vm_intern(vm, "_ti_print_items", 15))
                                                   : V_UNBOUND;
    if (items == V_EXC) return false;
    if (items != V_UNBOUND) {
        v = vm_call(vm, items, NULL, 0, NULL);
        if (v == V_EXC) return false;
    }
    if (v_has_layout(v, LAYOUT_LIST) && (items != V_UNBOUND || (lists && vm_type_of(vm, v) == vm->t_list))) {
        static const char open[] = "[", close[] = "]", comma[] = ", ";
        if (!pl_add(t, p, (IrPrintArg){.str = open, .len = 1})) return false;
        uint32_t n;
        vm_seq_items(v, &n);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t m;
            if (i && !pl_add(t, p, (IrPrintArg){.str = comma, .len = 2})) return false;
            /* a matrix's rows are lists too */
            if (!pl_formatted(c, p, vm_seq_items(v, &m)[i], spec, keep, numbers, true)) return false;
        }
        return pl_add(t, p, (IrPrintArg){.str = close, .len = 1});
    }
    if (tr_is_expr(t, v) || (numbers && tr_is_number(t, v) && !v_is_bool(v))) {
        IrStmt *s = tr_value(t, v);
        const char *sp = spec != V_UNBOUND && AS_STR(spec)->len ? AS_STR(spec)->data : NULL;
        return s && (!sp || spec_matches(t, sp, s->type)) && pl_add(t, p, (IrPrintArg){.value = s, .fmt = sp});
    }
    Value s = spec != V_UNBOUND ? vm_format(vm, v, spec) : vm_str(vm, v);
    return s != V_EXC && vm_list_append(vm, (ListObj *)v_as_obj(keep), s) && pl_str(t, p, s);
}

/* print("... {} {0} {name:spec} ...".format(args)): Taichi formats it field by
 * field: {} takes the next positional argument, {N} argument N, {name} a
 * keyword; every argument must be used. */
static bool pl_format_call(TrCtx *c, PrintList *p, const AstNode *call, Value keep)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    const AstConst *fmt = &call->v.Call.func->v.Attribute.value->v.Constant.value;
    const AstSeq *args = &call->v.Call.args, *kws = &call->v.Call.keywords;
    Value vals = vm_new_list(vm, (uint32_t)(args->n + kws->n));
    if (vals == V_EXC || !vm_list_append(vm, (ListObj *)v_as_obj(keep), vals)) return false;
    for (int i = 0; i < args->n + kws->n; i++) {
        const AstNode *a = i < args->n ? args->items[i] : kws->items[i - args->n]->v.keyword.value;
        Value v = tr_expr(c, a);
        if (v == V_EXC || !vm_list_append(vm, (ListObj *)v_as_obj(vals), v)) return false;
    }
    bool used_kw[64] = {false};
    int auto_next = 0, max_index = -1;
    const char *s = fmt->s, *end = fmt->s + fmt->len;
    /* first pass: count what the fields ask for */
    for (const char *q = s; q < end; q++) {
        if (*q == '{' && q + 1 < end && q[1] == '{') { q++; continue; }
        if (*q != '{') continue;
        const char *close = memchr(q, '}', (size_t)(end - q));
        if (!close) return vm_raise(vm, t->env->e_syntax, "Single '{' encountered in format string") != V_EXC;
        const char *name = q + 1, *colon = memchr(name, ':', (size_t)(close - name));
        size_t nlen = (size_t)((colon ? colon : close) - name);
        if (!nlen) auto_next++;
        else if (name[0] >= '0' && name[0] <= '9') {
            int idx = atoi(name);
            if (idx > max_index) max_index = idx;
        } else {
            int k = 0;
            while (k < kws->n && (strlen(kws->items[k]->v.keyword.arg) != nlen ||
                                  strncmp(kws->items[k]->v.keyword.arg, name, nlen)))
                k++;
            if (k == kws->n) return vm_raise(vm, t->env->e_syntax, "Keyword '%.*s' not found.", (int)nlen, name) != V_EXC;
            if (k < 64) used_kw[k] = true;
        }
        q = close;
    }
    int expected = max_index + 1 > auto_next ? max_index + 1 : auto_next;
    if (expected != args->n)
        return vm_raise(vm, t->env->e_syntax, "Expected %d positional argument(s), but received %d instead.", expected,
                        args->n) != V_EXC;
    for (int k = 0; k < kws->n && k < 64; k++)
        if (!used_kw[k]) return vm_raise(vm, t->env->e_syntax, "Keyword '%s' not used.", kws->items[k]->v.keyword.arg) != V_EXC;
    /* second pass: the text */
    auto_next = 0;
    const char *lit = s;
    for (const char *q = s; q <= end; q++) {
        bool brace = q < end && (*q == '{' || (*q == '}' && q + 1 < end && q[1] == '}'));
        if (q < end && !brace) continue;
        if (q > lit) {
            Value str = vm_new_str(vm, lit, (size_t)(q - lit));
            if (str == V_EXC || !vm_list_append(vm, (ListObj *)v_as_obj(keep), str) || !pl_str(t, p, str)) return false;
        }
        if (q == end) break;
        if (*q == '}' || q[1] == '{') {   /* '}}' or '{{': one brace */
            lit = q + 1;
            q++;
            continue;
        }
        const char *close = memchr(q, '}', (size_t)(end - q));
        const char *name = q + 1, *colon = memchr(name, ':', (size_t)(close - name));
        size_t nlen = (size_t)((colon ? colon : close) - name);
        int idx;
        if (!nlen) idx = auto_next++;
        else if (name[0] >= '0' && name[0] <= '9') idx = atoi(name);
        else {
            idx = 0;
            while (strlen(kws->items[idx]->v.keyword.arg) != nlen || strncmp(kws->items[idx]->v.keyword.arg, name, nlen))
                idx++;
            idx += args->n;
        }
        Value spec = V_UNBOUND;
        if (colon) {
            spec = vm_new_str(vm, colon + 1, (size_t)(close - colon - 1));
            if (spec == V_EXC || !vm_list_append(vm, (ListObj *)v_as_obj(keep), spec)) return false;
        }
        uint32_t m;
        if (!pl_formatted(c, p, vm_seq_items(vals, &m)[idx], spec, keep, true, false)) return false;
        q = close;
        lit = close + 1;
    }
    return true;
}

static bool pl_value(TrCtx *c, PrintList *p, const AstNode *node, Value keep)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    if (node && node->kind == AST_JoinedStr) {
        const AstSeq *parts = &node->v.JoinedStr.values;
        for (int i = 0; i < parts->n; i++) {
            const AstNode *part = parts->items[i];
            if (part->kind == AST_Constant) {
                Value s = vm_new_str(vm, part->v.Constant.value.s, part->v.Constant.value.len);
                if (s == V_EXC || !vm_list_append(vm, (ListObj *)v_as_obj(keep), s) || !pl_str(t, p, s))
                    return false;
                continue;
            }
            const AstNode *spec = part->v.FormattedValue.format_spec;
            Value v = tr_load_var(t, tr_expr(c, part->v.FormattedValue.value));
            if (v == V_EXC) return false;
            Value specv = V_UNBOUND;
            if (spec) {
                specv = tr_expr(c, spec);
                if (specv == V_EXC) return false;
                if (!v_has_layout(specv, LAYOUT_STR)) {
                    vm_raise(vm, t->env->e_syntax, "Invalid value for fstring.");
                    return false;
                }
                if (!vm_list_append(vm, (ListObj *)v_as_obj(keep), specv)) return false;
            }
            if (!pl_formatted(c, p, v, spec ? specv : V_UNBOUND, keep, false, false)) return false;
        }
        return true;
    }
    if (node && node->kind == AST_Call && node->v.Call.func->kind == AST_Attribute &&
        !strcmp(node->v.Call.func->v.Attribute.attr, "format") &&
        node->v.Call.func->v.Attribute.value->kind == AST_Constant &&
        node->v.Call.func->v.Attribute.value->v.Constant.value.kind == AST_C_STR)
        return pl_format_call(c, p, node, keep);
    Value v = tr_expr(c, node);
    return v != V_EXC && pl_formatted(c, p, v, V_UNBOUND, keep, true, true);
}

bool tr_print(TrCtx *c, const AstNode *e)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    Value keep = vm_new_list(vm, 8);
    if (keep == V_EXC) return false;
    Value sep = V_UNBOUND, end = V_UNBOUND;
    const AstSeq *kws = &e->v.Call.keywords;
    for (int i = 0; i < kws->n; i++) {
        const char *name = kws->items[i]->v.keyword.arg;
        Value v = tr_expr(c, kws->items[i]->v.keyword.value);
        if (v == V_EXC) return false;
        if (name && (!strcmp(name, "sep") || !strcmp(name, "end")) && v_has_layout(v, LAYOUT_STR)) {
            if (!strcmp(name, "sep")) sep = v;
            else end = v;
            if (!vm_list_append(vm, (ListObj *)v_as_obj(keep), v)) return false;
        } else {
            vm_raise(vm, t->env->e_syntax, "print() in Taichi scope accepts only the keywords sep and end, as strings");
            return false;
        }
    }
    if (sep == V_UNBOUND) sep = vm_cstr(vm, " ");
    if (end == V_UNBOUND) end = vm_cstr(vm, "\n");
    if (sep == V_EXC || end == V_EXC || !vm_list_append(vm, (ListObj *)v_as_obj(keep), sep) ||
        !vm_list_append(vm, (ListObj *)v_as_obj(keep), end))
        return false;
    PrintList p = {0};
    bool ok = true;
    const AstSeq *args = &e->v.Call.args;
    for (int i = 0; ok && i < args->n; i++) {
        if (args->items[i]->kind == AST_Starred) {
            vm_raise(vm, t->env->e_syntax, "print(*args) is not supported in Taichi scope");
            ok = false;
            break;
        }
        if (i && AS_STR(sep)->len) ok = pl_str(t, &p, sep);
        ok = ok && pl_value(c, &p, args->items[i], keep);
    }
    ok = ok && pl_str(t, &p, end);
    if (ok) {
        tr_set_loc(c, e);
        ok = ir_print_stmt(t->k, p.items, p.n) != NULL;
        if (!ok) vm_raise(vm, vm->e_MemoryError, "out of memory");
    }
    free(p.items);
    return ok;
}

/* Appends one argument of an assert message, growing the array. */
static bool add_arg(Tr *t, IrStmt ***args, int *nargs, int *cap, IrStmt *s)
{
    IrStmt **a = grow_array(*args, cap, *nargs + 1, sizeof *a, 4);
    if (!a) {
        vm_raise(t->vm, t->vm->e_MemoryError, "out of memory");
        return false;
    }
    *args = a;
    (*args)[(*nargs)++] = s;
    return true;
}

/* '%' in literal text of a message is text, not a placeholder. */
static void put_escaped(StrBuf *text, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        sb_putn(text, &p[i], 1);
        if (p[i] == '%') sb_putn(text, "%", 1);
    }
}

bool tr_assert_msg(TrCtx *c, const AstNode *msg, StrBuf *text, IrStmt ***args, int *nargs)
{
    Tr *t = c->tr;
    VM *vm = t->vm;
    int cap = 0;
    if (msg->kind == AST_BinOp && msg->v.BinOp.op == AST_Mod && msg->v.BinOp.left->kind == AST_Constant &&
        msg->v.BinOp.left->v.Constant.value.kind == AST_C_STR) {
        /* "fmt %d" % (args): the runtime formats, with the values as arguments */
        const AstConst *f = &msg->v.BinOp.left->v.Constant.value;
        sb_putn(text, f->s, f->len);
        Value r = tr_expr(c, msg->v.BinOp.right);
        if (r == V_EXC) return false;
        Value list = !tr_is_expr(t, r) && v_has_layout(r, LAYOUT_TUPLE) ? r : vm_tuple_of(vm, &r, 1);
        if (list == V_EXC) return false;
        uint32_t n;
        vm_seq_items(list, &n);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t m;
            IrStmt *s = tr_value(t, tr_load_var(t, vm_seq_items(list, &m)[i]));
            if (!s) return false;
            if (!add_arg(t, args, nargs, &cap, s)) return false;
        }
        return true;
    }
    if (msg->kind != AST_JoinedStr) {
        Value v = tr_expr(c, msg);
        if (v == V_EXC) return false;
        if (tr_is_expr(t, v)) {
            vm_raise(vm, t->env->e_syntax, "assert info must be constant or formatted string, not %s",
                     "<class 'taichi.lang.expr.Expr'>");
            return false;
        }
        Value s = vm_str(vm, v);
        if (s == V_EXC) return false;
        put_escaped(text, AS_STR(s)->data, AS_STR(s)->len);
        return true;
    }
    const AstSeq *parts = &msg->v.JoinedStr.values;
    for (int i = 0; i < parts->n; i++) {
        const AstNode *part = parts->items[i];
        if (part->kind == AST_Constant) {
            put_escaped(text, part->v.Constant.value.s, part->v.Constant.value.len);
            continue;
        }
        Value v = tr_load_var(t, tr_expr(c, part->v.FormattedValue.value));
        if (v == V_EXC) return false;
        if (!tr_is_expr(t, v)) {
            Value s = vm_str(vm, v);
            if (s == V_EXC) return false;
            sb_putn(text, AS_STR(s)->data, AS_STR(s)->len);
            continue;
        }
        IrStmt *s = tr_value(t, v);
        if (!s) return false;
        if (!add_arg(t, args, nargs, &cap, s)) return false;
        sb_putn(text, ir_type_is_float(s->type) ? "%f" : "%d", 2);
    }
    return true;
}

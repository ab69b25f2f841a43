/* Scope analysis ahead of code generation: which names of each function,
 * class and comprehension are locals, cells, free or global variables
 * (CPython's symtable rules), and where zero-argument super() needs __class__. */
#include "symtable.h"

#include <string.h>

static bool visit_expr(SymTable *st, Scope *s, const AstNode *e);
static bool visit_stmt(SymTable *st, Scope *s, const AstNode *n);
static bool bind(SymTable *st, Scope *s, const char *name, const AstNode *at);

typedef struct {
    SymTable *st;
    Scope *s;
} Walk;

/* Routes each child to the statement or expression visitor; the other node
 * kinds (handlers, keywords, with-items) are walked through. */
static bool visit_child(void *ctx, const AstNode *c)
{
    Walk *w = ctx;
    switch (ast_category(c->kind)) {
    case AST_CAT_STMT: return visit_stmt(w->st, w->s, c);
    case AST_CAT_EXPR: return visit_expr(w->st, w->s, c);
    default:
        if (c->kind == AST_ExceptHandler && c->v.ExceptHandler.name &&
            !bind(w->st, w->s, c->v.ExceptHandler.name, c))
            return false;
        return ast_visit_children(c, visit_child, ctx);
    }
}

static bool visit_children(SymTable *st, Scope *s, const AstNode *n)
{
    Walk w = { st, s };
    return ast_visit_children(n, visit_child, &w);
}

static Scope *scope_new(SymTable *st, ScopeKind kind, const AstNode *node, Scope *parent, const char *name)
{
    Scope *s = arena_alloc(st->a, sizeof *s);
    if (!s) return NULL;
    s->kind = kind;
    s->node = node;
    s->parent = parent;
    s->name = name;
    if (parent) {
        if (parent->nchildren == parent->capchildren) {
            int cap = parent->capchildren ? parent->capchildren * 2 : 4;
            Scope **c = arena_alloc(st->a, (size_t)cap * sizeof *c);
            if (!c) return NULL;
            if (parent->nchildren) memcpy(c, parent->children, (size_t)parent->nchildren * sizeof *c);
            parent->children = c;
            parent->capchildren = cap;
        }
        parent->children[parent->nchildren++] = s;
    }
    return s;
}

Sym *st_lookup(Scope *s, const char *name)
{
    for (int i = 0; i < s->nsyms; i++)
        if (!strcmp(s->syms[i].name, name)) return &s->syms[i];
    return NULL;
}

static Sym *st_add(SymTable *st, Scope *s, const char *name, uint32_t flags)
{
    Sym *y = st_lookup(s, name);
    if (y) {
        y->flags |= flags;
        return y;
    }
    if (s->nsyms == s->capsyms) {
        int cap = s->capsyms ? s->capsyms * 2 : 8;
        Sym *n = arena_alloc(st->a, (size_t)cap * sizeof *n);
        if (!n) return NULL;
        if (s->nsyms) memcpy(n, s->syms, (size_t)s->nsyms * sizeof *n);
        s->syms = n;
        s->capsyms = cap;
    }
    y = &s->syms[s->nsyms++];
    y->name = name;
    y->flags = flags;
    y->index = -1;
    return y;
}

static bool st_error(SymTable *st, const AstNode *at, const char *fmt, const char *name)
{
    if (!st->failed) {
        st->failed = true;
        st->err_node = at;
        snprintf(st->err, sizeof st->err, fmt, name);
    }
    return false;
}

static bool visit_stmts(SymTable *st, Scope *s, AstSeq body);

static bool visit_exprs(SymTable *st, Scope *s, AstSeq seq)
{
    for (int i = 0; i < seq.n; i++)
        if (seq.items[i] && !visit_expr(st, s, seq.items[i])) return false;
    return true;
}

/* A binding of `name` in s (assignment, import, def, ...). */
static bool bind(SymTable *st, Scope *s, const char *name, const AstNode *at)
{
    Sym *y = st_lookup(s, name);
    if (y && (y->flags & SYM_PARAM) && s->kind != SC_MODULE && (y->flags & SYM_GLOBAL))
        return st_error(st, at, "name '%s' is parameter and global", name);
    return st_add(st, s, name, SYM_LOCAL) != NULL;
}

/* Defaults are evaluated in the enclosing scope, before the function exists:
 * visited first, so nested scopes come in the order the code generator meets them. */
static bool visit_defaults(SymTable *st, Scope *outer, const AstNode *args)
{
    return visit_exprs(st, outer, args->v.arguments.defaults) && visit_exprs(st, outer, args->v.arguments.kw_defaults);
}

static bool visit_args(SymTable *st, Scope *inner, const AstNode *args)
{
    const AstV_arguments *a = &args->v.arguments;
    /* annotations are not evaluated (tirun keeps no __annotations__ on functions) */
    const AstSeq lists[3] = { a->posonlyargs, a->args, a->kwonlyargs };
    for (int l = 0; l < 3; l++)
        for (int i = 0; i < lists[l].n; i++) {
            const AstNode *p = lists[l].items[i];
            Sym *y = st_lookup(inner, p->v.arg.arg);
            if (y && (y->flags & SYM_PARAM))
                return st_error(st, p, "duplicate argument '%s' in function definition", p->v.arg.arg);
            if (!st_add(st, inner, p->v.arg.arg, SYM_PARAM | SYM_LOCAL)) return false;
        }
    const AstNode *star[2] = { a->vararg, a->kwarg };
    for (int k = 0; k < 2; k++)
        if (star[k]) {
            Sym *y = st_lookup(inner, star[k]->v.arg.arg);
            if (y && (y->flags & SYM_PARAM))
                return st_error(st, star[k], "duplicate argument '%s' in function definition", star[k]->v.arg.arg);
            if (!st_add(st, inner, star[k]->v.arg.arg, SYM_PARAM | SYM_LOCAL)) return false;
        }
    return true;
}

/* Comprehensions: the first iterable is evaluated outside, the rest inside a new scope. */
static bool visit_comprehension(SymTable *st, Scope *s, const AstNode *e, AstSeq gens, const AstNode *elt,
                                const AstNode *value)
{
    const AstNode *first = gens.items[0];
    Scope *c = scope_new(st, SC_COMP, e, s, e->kind == AST_GeneratorExp ? "<genexpr>"
                                            : e->kind == AST_ListComp   ? "<listcomp>"
                                            : e->kind == AST_SetComp    ? "<setcomp>"
                                                                        : "<dictcomp>");
    if (!c || !st_add(st, c, ".0", SYM_PARAM | SYM_LOCAL)) return false;
    c->is_generator = e->kind == AST_GeneratorExp;
    /* the first iterable is evaluated outside, after the comprehension's code is made */
    if (!visit_expr(st, s, first->v.comprehension.iter)) return false;
    for (int i = 0; i < gens.n; i++) {
        const AstNode *g = gens.items[i];
        if (i > 0 && !visit_expr(st, c, g->v.comprehension.iter)) return false;
        if (!visit_expr(st, c, g->v.comprehension.target) || !visit_exprs(st, c, g->v.comprehension.ifs)) return false;
    }
    return visit_expr(st, c, elt) && (!value || visit_expr(st, c, value));
}

static bool visit_expr(SymTable *st, Scope *s, const AstNode *e)
{
    switch (e->kind) {
    case AST_Name:
        if (e->v.Name.ctx == AST_Load) {
            if (!st_add(st, s, e->v.Name.id, SYM_USED)) return false;
            if (!strcmp(e->v.Name.id, "super") && s->kind == SC_FUNCTION) s->uses_class_cell = true;
            return true;
        }
        return bind(st, s, e->v.Name.id, e);
    case AST_NamedExpr: {
        /* the target binds in the nearest enclosing non-comprehension scope */
        Scope *t = s;
        while (t->kind == SC_COMP) {
            /* a comprehension's only locals are its iteration variables */
            Sym *y = st_lookup(t, e->v.NamedExpr.target->v.Name.id);
            if (y && (y->flags & SYM_LOCAL))
                return st_error(st, e, "assignment expression cannot rebind comprehension iteration variable '%s'",
                                y->name);
            if (!st_add(st, t, e->v.NamedExpr.target->v.Name.id, SYM_USED)) return false;
            t = t->parent;
        }
        if (t != s && t->kind == SC_CLASS)
            return st_error(st, e, "assignment expression within a comprehension cannot be used in a class body%s", "");
        if (!visit_expr(st, s, e->v.NamedExpr.value)) return false;
        if (t != s && !st_add(st, t, e->v.NamedExpr.target->v.Name.id, SYM_LOCAL | SYM_USED)) return false;
        return t != s || bind(st, s, e->v.NamedExpr.target->v.Name.id, e);
    }
    case AST_Lambda: {
        if (!visit_defaults(st, s, e->v.Lambda.args)) return false;
        Scope *f = scope_new(st, SC_FUNCTION, e, s, "<lambda>");
        if (!f || !visit_args(st, f, e->v.Lambda.args)) return false;
        return visit_expr(st, f, e->v.Lambda.body);
    }
    case AST_ListComp:
        return visit_comprehension(st, s, e, e->v.ListComp.generators, e->v.ListComp.elt, NULL);
    case AST_SetComp:
        return visit_comprehension(st, s, e, e->v.SetComp.generators, e->v.SetComp.elt, NULL);
    case AST_GeneratorExp:
        return visit_comprehension(st, s, e, e->v.GeneratorExp.generators, e->v.GeneratorExp.elt, NULL);
    case AST_DictComp:
        return visit_comprehension(st, s, e, e->v.DictComp.generators, e->v.DictComp.key, e->v.DictComp.value);
    case AST_Yield:
    case AST_YieldFrom:
        if (s->kind == SC_MODULE || s->kind == SC_CLASS)
            return st_error(st, e, "'yield' outside function%s", "");
        s->is_generator = true;
        break;
    default:
        break;
    }
    /* every other expression: visit the children generically */
    return visit_children(st, s, e);
}

static bool visit_stmt(SymTable *st, Scope *s, const AstNode *n)
{
    switch (n->kind) {
    case AST_FunctionDef: {
        const AstV_FunctionDef *f = &n->v.FunctionDef;
        if (!visit_exprs(st, s, f->decorator_list) || !visit_defaults(st, s, f->args)) return false;
        Scope *fs = scope_new(st, SC_FUNCTION, n, s, f->name);
        if (!fs || !visit_args(st, fs, f->args) || !visit_stmts(st, fs, f->body)) return false;
        return bind(st, s, f->name, n);
    }
    case AST_ClassDef: {
        const AstV_ClassDef *c = &n->v.ClassDef;
        /* decorators, the body, then the bases: the order of the generated code */
        if (!visit_exprs(st, s, c->decorator_list)) return false;
        Scope *cs = scope_new(st, SC_CLASS, n, s, c->name);
        if (!cs || !visit_stmts(st, cs, c->body) || !visit_exprs(st, s, c->bases)) return false;
        for (int i = 0; i < c->keywords.n; i++)
            if (!visit_expr(st, s, c->keywords.items[i]->v.keyword.value)) return false;
        return bind(st, s, c->name, n);
    }
    case AST_Global:
    case AST_Nonlocal: {
        bool global = n->kind == AST_Global;
        AstStrSeq names = global ? n->v.Global.names : n->v.Nonlocal.names;
        for (int i = 0; i < names.n; i++) {
            Sym *y = st_lookup(s, names.items[i]);
            if (y && (y->flags & SYM_PARAM))
                return st_error(st, n, global ? "name '%s' is parameter and global" : "name '%s' is parameter and nonlocal",
                                names.items[i]);
            if (y && (y->flags & (global ? SYM_NONLOCAL : SYM_GLOBAL)))
                return st_error(st, n, "name '%s' is nonlocal and global", names.items[i]);
            if (y && (y->flags & (SYM_LOCAL | SYM_USED)))
                return st_error(st, n,
                                global ? "name '%s' is assigned to before global declaration"
                                       : "name '%s' is assigned to before nonlocal declaration",
                                names.items[i]);
            if (!global && s->kind == SC_MODULE)
                return st_error(st, n, "nonlocal declaration not allowed at module level%s", "");
            if (!st_add(st, s, names.items[i], global ? SYM_GLOBAL : SYM_NONLOCAL)) return false;
        }
        return true;
    }
    case AST_Import:
    case AST_ImportFrom: {
        AstSeq names = n->kind == AST_Import ? n->v.Import.names : n->v.ImportFrom.names;
        for (int i = 0; i < names.n; i++) {
            const AstV_alias *al = &names.items[i]->v.alias;
            if (!strcmp(al->name, "*")) {
                if (s->kind != SC_MODULE)
                    return st_error(st, n, "import * only allowed at module level%s", "");
                continue;
            }
            const char *bound = al->asname;
            char buf[256];
            if (!bound) {
                const char *dot = strchr(al->name, '.');
                size_t len = dot ? (size_t)(dot - al->name) : strlen(al->name);
                if (len >= sizeof buf) len = sizeof buf - 1;
                memcpy(buf, al->name, len);
                buf[len] = 0;
                bound = arena_strndup(st->a, buf, len);
                if (!bound) return false;
            }
            if (!bind(st, s, bound, n)) return false;
        }
        return true;
    }
    case AST_Return:
        if (s->kind != SC_FUNCTION) return st_error(st, n, "'return' outside function%s", "");
        break;
    case AST_If:
        /* an elif chain by this loop, not by recursion (thousands of elifs) */
        for (;;) {
            if (!visit_expr(st, s, n->v.If.test) || !visit_stmts(st, s, n->v.If.body)) return false;
            AstSeq rest = n->v.If.orelse;
            if (rest.n != 1 || rest.items[0]->kind != AST_If) return visit_stmts(st, s, rest);
            n = rest.items[0];
        }
    default:
        break;
    }
    return visit_children(st, s, n);
}

static bool visit_stmts(SymTable *st, Scope *s, AstSeq body)
{
    for (int i = 0; i < body.n; i++)
        if (!visit_stmt(st, s, body.items[i])) return false;
    return true;
}

/* ---- resolution ---------------------------------------------------------------- */

/* Finds the function scope (classes skipped) above `s` binding `name`. */
static Scope *find_binding(Scope *s, const char *name)
{
    for (Scope *p = s->parent; p && p->kind != SC_MODULE; p = p->parent) {
        if (p->kind == SC_CLASS) continue;
        Sym *y = st_lookup(p, name);
        if (y && (y->flags & (SYM_LOCAL | SYM_PARAM)) && !(y->flags & (SYM_GLOBAL | SYM_NONLOCAL))) return p;
        if (y && (y->flags & SYM_NONLOCAL)) continue;
        if (y && (y->flags & SYM_GLOBAL)) return NULL;
    }
    return NULL;
}

/* Marks `name` free in every scope from s up to (not including) owner, and a cell in owner. */
static bool mark_free(SymTable *st, Scope *s, Scope *owner, const char *name)
{
    for (Scope *p = s; p != owner; p = p->parent) {
        Sym *y = st_add(st, p, name, 0);
        if (!y) return false;
        if (p->kind == SC_CLASS && p != s) {
            /* a class in between only passes the cell through */
            y->flags |= SYM_FREE_CLASS;
            continue;
        }
        y->flags |= SYM_FREE;
    }
    Sym *o = st_add(st, owner, name, 0);
    if (!o) return false;
    o->flags |= SYM_CELL;
    return true;
}

static bool resolve(SymTable *st, Scope *s)
{
    if (s->kind == SC_FUNCTION && s->uses_class_cell) {
        /* zero-argument super(): __class__ comes from the enclosing class */
        Scope *c = s->parent;
        while (c && c->kind != SC_CLASS) c = c->parent;
        if (c) {
            c->has_class_cell = true;
            if (!st_add(st, s, "__class__", SYM_USED)) return false;
        }
    }
    for (int i = 0; i < s->nsyms; i++) {
        Sym *y = &s->syms[i];
        if (y->flags & SYM_GLOBAL) continue;
        if (y->flags & SYM_NONLOCAL) {
            Scope *owner = find_binding(s, y->name);
            if (!owner) return st_error(st, s->node, "no binding for nonlocal '%s' found", y->name);
            if (!mark_free(st, s, owner, y->name)) return false;
            continue;
        }
        if (s->kind == SC_MODULE) continue;
        if ((y->flags & (SYM_LOCAL | SYM_PARAM)) && s->kind != SC_CLASS) continue;
        if (y->flags & (SYM_USED)) {
            if (!strcmp(y->name, "__class__") && s->kind != SC_CLASS) {
                Scope *c = s->parent;
                while (c && c->kind != SC_CLASS) c = c->parent;
                if (c) {
                    /* the class scope owns the __class__ cell */
                    for (Scope *p = s; p != c; p = p->parent) {
                        Sym *f = st_add(st, p, "__class__", 0);
                        if (!f) return false;
                        f->flags |= SYM_FREE;
                    }
                    Sym *o = st_add(st, c, "__class__", 0);
                    if (!o) return false;
                    o->flags |= SYM_CELL;
                    continue;
                }
            }
            if (s->kind == SC_CLASS && (y->flags & SYM_LOCAL)) continue;
            Scope *owner = find_binding(s, y->name);
            if (owner && !mark_free(st, s, owner, y->name)) return false;
        }
    }
    for (int i = 0; i < s->nchildren; i++)
        if (!resolve(st, s->children[i])) return false;
    return true;
}

Scope *st_build(SymTable *st, const AstNode *module)
{
    Scope *m = scope_new(st, SC_MODULE, module, NULL, "<module>");
    if (!m || !visit_stmts(st, m, module->v.Module.body)) return NULL;
    /* one pass: a free name found in a child marks the cell in its owner
     * directly (mark_free), whatever order the scopes are resolved in */
    if (!resolve(st, m)) return NULL;
    return m;
}

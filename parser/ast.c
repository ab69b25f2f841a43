/* AST allocation and ast_dump, both generated from the AST_NODES table:
 * the dump walks each kind's field list the way CPython's ast.dump does. */
#include "ast.h"

#include <string.h>

#include "pyrepr.h"

const char *const ast_kind_names[AST_NKINDS] = {
#define X(K, cat, fields) #K,
    AST_NODES(X)
#undef X
};

static const uint8_t ast_categories[AST_NKINDS] = {
#define X(K, cat, fields) AST_CAT_##cat,
    AST_NODES(X)
#undef X
};

AstNode *ast_new(Arena *a, AstKind kind)
{
    AstNode *n = arena_alloc(a, sizeof *n);
    if (n) n->kind = (uint8_t)kind;
    return n;
}

/* ---- the field table ------------------------------------------------------ */

typedef enum {
#define T(t) AST_T_##t,
    T(EXPR) T(EXPR_OPT) T(NODE) T(NODE_OPT) T(SEQ) T(IDENT) T(IDENT_OPT) T(IDENTS) T(STR_OPT)
    T(CONST) T(INT) T(INT_OPT) T(CTX) T(BOOLOP) T(OPERATOR) T(UNARYOP) T(CMPOPS) T(EMPTY) T(NOFIELD)
#undef T
} AstFieldType;

typedef struct {
    const char *name;
    uint8_t type;
    uint16_t offset;
} AstField;

/* The fields of `kind`, terminated by a NULL name. */
static const AstField *ast_fields(int kind)
{
    switch (kind) {
#define F(t, n) { #n, AST_T_##t, (uint16_t)(offsetof(AstNode, v) + offsetof(AST_CUR, n)) },
#define X(K, cat, fields)                                          \
    case AST_##K: {                                                \
        typedef AstV_##K AST_CUR;                                  \
        static const AstField f[] = { fields { NULL, 0, 0 } };     \
        return f;                                                  \
    }
        AST_NODES(X)
#undef X
#undef F
    }
    return NULL;
}

static const char *const ctx_names[] = {
#define X(n) #n "()",
    AST_CTXS(X)
#undef X
};
static const char *const boolop_names[] = {
#define X(n) #n "()",
    AST_BOOLOPS(X)
#undef X
};
static const char *const operator_names[] = {
#define X(n) #n "()",
    AST_OPERATORS(X)
#undef X
};
static const char *const unaryop_names[] = {
#define X(n) #n "()",
    AST_UNARYOPS(X)
#undef X
};
static const char *const cmpop_names[] = {
#define X(n) #n "()",
    AST_CMPOPS(X)
#undef X
};

/* ---- dump ---------------------------------------------------------------------- */

static void dump_node(StrBuf *out, const AstNode *n);

static void dump_const(StrBuf *out, const AstConst *c)
{
    switch (c->kind) {
    case AST_C_NONE: sb_puts(out, "None"); break;
    case AST_C_TRUE: sb_puts(out, "True"); break;
    case AST_C_FALSE: sb_puts(out, "False"); break;
    case AST_C_ELLIPSIS: sb_puts(out, "Ellipsis"); break;
    case AST_C_INT:
        if (c->s) sb_puts(out, c->s);
        else sb_printf(out, "%lld", (long long)c->i);
        break;
    case AST_C_FLOAT: repr_float(out, c->f); break;
    case AST_C_COMPLEX: repr_imag(out, c->f); break;
    case AST_C_STR: repr_str(out, c->s, c->len); break;
    case AST_C_BYTES: repr_bytes(out, (const unsigned char *)c->s, c->len); break;
    }
}

static void dump_seq(StrBuf *out, AstSeq s)
{
    sb_putc(out, '[');
    for (int i = 0; i < s.n; i++) {
        if (i) sb_puts(out, ", ");
        if (s.items[i]) dump_node(out, s.items[i]);
        else sb_puts(out, "None");
    }
    sb_putc(out, ']');
}

static void dump_ident(StrBuf *out, const char *s) { repr_str(out, s, strlen(s)); }

/* One field as "name=value"; false when ast.dump leaves it out (None in an optional field). */
static bool dump_field(StrBuf *out, const AstNode *n, const AstField *f)
{
    const char *p = (const char *)n + f->offset;
    switch (f->type) {
    case AST_T_EXPR_OPT: case AST_T_NODE_OPT:
        if (!*(AstNode *const *)p) return false;
        /* fallthrough */
    case AST_T_EXPR: case AST_T_NODE:
        sb_printf(out, "%s=", f->name);
        dump_node(out, *(AstNode *const *)p);
        return true;
    case AST_T_SEQ: case AST_T_EMPTY:
        sb_printf(out, "%s=", f->name);
        dump_seq(out, *(const AstSeq *)p);
        return true;
    case AST_T_IDENT_OPT: case AST_T_STR_OPT:
        if (!*(const char *const *)p) return false;
        /* fallthrough */
    case AST_T_IDENT:
        sb_printf(out, "%s=", f->name);
        dump_ident(out, *(const char *const *)p);
        return true;
    case AST_T_IDENTS: {
        const AstStrSeq *s = (const AstStrSeq *)p;
        sb_printf(out, "%s=[", f->name);
        for (int i = 0; i < s->n; i++) {
            if (i) sb_puts(out, ", ");
            dump_ident(out, s->items[i]);
        }
        sb_putc(out, ']');
        return true;
    }
    case AST_T_CONST:
        sb_printf(out, "%s=", f->name);
        dump_const(out, (const AstConst *)p);
        return true;
    case AST_T_INT: case AST_T_INT_OPT:
        sb_printf(out, "%s=%d", f->name, *(const int *)p);
        return true;
    case AST_T_CTX: sb_printf(out, "%s=%s", f->name, ctx_names[*(const uint8_t *)p]); return true;
    case AST_T_BOOLOP: sb_printf(out, "%s=%s", f->name, boolop_names[*(const uint8_t *)p]); return true;
    case AST_T_OPERATOR: sb_printf(out, "%s=%s", f->name, operator_names[*(const uint8_t *)p]); return true;
    case AST_T_UNARYOP: sb_printf(out, "%s=%s", f->name, unaryop_names[*(const uint8_t *)p]); return true;
    case AST_T_CMPOPS: {
        const AstOpSeq *s = (const AstOpSeq *)p;
        sb_printf(out, "%s=[", f->name);
        for (int i = 0; i < s->n; i++) sb_printf(out, "%s%s", i ? ", " : "", cmpop_names[s->items[i]]);
        sb_putc(out, ']');
        return true;
    }
    default:
        return false;
    }
}

static void dump_node(StrBuf *out, const AstNode *n)
{
    sb_puts(out, ast_kind_names[n->kind]);
    sb_putc(out, '(');
    bool first = true;
    for (const AstField *f = ast_fields(n->kind); f->name; f++) {
        size_t mark = out->len;
        if (!first) sb_puts(out, ", ");
        if (dump_field(out, n, f)) first = false;
        else out->len = mark;
    }
    int cat = ast_categories[n->kind];
    if (cat == AST_CAT_STMT || cat == AST_CAT_EXPR || cat == AST_CAT_POS)
        sb_printf(out, "%slineno=%d, col_offset=%d, end_lineno=%d, end_col_offset=%d", first ? "" : ", ",
                  n->lineno, n->col_offset, n->end_lineno, n->end_col_offset);
    sb_putc(out, ')');
}

void ast_dump(StrBuf *out, const AstNode *node) { dump_node(out, node); }

AstCategory ast_category(int kind) { return (AstCategory)ast_categories[kind]; }

bool ast_visit_children(const AstNode *n, bool (*fn)(void *ctx, const AstNode *child), void *ctx)
{
    for (const AstField *f = ast_fields(n->kind); f->name; f++) {
        const char *p = (const char *)n + f->offset;
        switch (f->type) {
        case AST_T_EXPR: case AST_T_EXPR_OPT: case AST_T_NODE: case AST_T_NODE_OPT: {
            const AstNode *c = *(AstNode *const *)p;
            if (c && !fn(ctx, c)) return false;
            break;
        }
        case AST_T_SEQ: {
            const AstSeq *s = (const AstSeq *)p;
            for (int i = 0; i < s->n; i++)
                if (s->items[i] && !fn(ctx, s->items[i])) return false;
            break;
        }
        default:
            break;
        }
    }
    return true;
}

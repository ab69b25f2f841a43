/* Expressions: a recursive-descent parser following the precedence levels of
 * CPython 3.11's grammar (Grammar/python.gram), one function per rule, with
 * the rule written above it. Positions are exactly CPython's. */
#include <string.h>

#include "parse_int.h"

static AstNode *parse_primary(Parser *P);
static AstNode *parse_factor(Parser *P);
static AstNode *named_expression(Parser *P);

#define ENTER(P)                                                               \
    do {                                                                       \
        if (++(P)->depth > PARSE_MAXDEPTH) {                                   \
            parse_error_tok(P, parse_tok(P), "too many nested expressions"); \
            (P)->depth--;                                                      \
            return NULL;                                                       \
        }                                                                      \
    } while (0)
#define LEAVE(P, v)              \
    do {                         \
        AstNode *leave_ = (v);   \
        (P)->depth--;            \
        return leave_;           \
    } while (0)

/* A left-nested chain (a.b.c, a + b + c) nests the tree as deeply as
 * parentheses would: each link counts against the same limit. */
static bool chain_too_deep(Parser *P, int links)
{
    if (P->depth + links <= PARSE_MAXDEPTH) return false;
    parse_error_tok(P, parse_tok(P), "too many nested expressions");
    return true;
}

/* A short description of an expression for "cannot assign to ..." messages. */
const char *parse_expr_desc(const AstNode *e)
{
    switch (e->kind) {
    case AST_Attribute: return "attribute";
    case AST_Subscript: return "subscript";
    case AST_Starred: return "starred";
    case AST_Name: return "name";
    case AST_List: return "list";
    case AST_Tuple: return "tuple";
    case AST_Lambda: return "lambda";
    case AST_Call: return "function call";
    case AST_BoolOp: case AST_BinOp: case AST_UnaryOp: return "expression";
    case AST_GeneratorExp: return "generator expression";
    case AST_Yield: case AST_YieldFrom: return "yield expression";
    case AST_ListComp: return "list comprehension";
    case AST_SetComp: return "set comprehension";
    case AST_DictComp: return "dict comprehension";
    case AST_Dict: return "dict literal";
    case AST_Set: return "set display";
    case AST_JoinedStr: case AST_FormattedValue: return "f-string expression";
    case AST_Constant:
        switch (e->v.Constant.value.kind) {
        case AST_C_NONE: return "None";
        case AST_C_TRUE: return "True";
        case AST_C_FALSE: return "False";
        case AST_C_ELLIPSIS: return "ellipsis";
        default: return "literal";
        }
    case AST_Compare: return "comparison";
    case AST_IfExp: return "conditional expression";
    case AST_NamedExpr: return "named expression";
    default: return "expression";
    }
}

bool parse_set_context(Parser *P, AstNode *e, int ctx, const char *what)
{
    switch (e->kind) {
    case AST_Name:
        e->v.Name.ctx = (uint8_t)ctx;
        return true;
    case AST_Attribute:
        e->v.Attribute.ctx = (uint8_t)ctx;
        return true;
    case AST_Subscript:
        e->v.Subscript.ctx = (uint8_t)ctx;
        return true;
    case AST_Starred:
        e->v.Starred.ctx = (uint8_t)ctx;
        return parse_set_context(P, e->v.Starred.value, ctx, what);
    case AST_List:
    case AST_Tuple: {
        AstSeq *s = e->kind == AST_List ? &e->v.List.elts : &e->v.Tuple.elts;
        if (e->kind == AST_List) e->v.List.ctx = (uint8_t)ctx;
        else e->v.Tuple.ctx = (uint8_t)ctx;
        for (int i = 0; i < s->n; i++)
            if (!parse_set_context(P, s->items[i], ctx, what)) return false;
        return true;
    }
    default:
        parse_error_node(P, e, "cannot %s %s", what, parse_expr_desc(e));
        return false;
    }
}

bool parse_starts_expression(int type)
{
    switch (type) {
    case T_NAME: case T_NUMBER: case T_STRING: case T_LPAR: case T_LSQB: case T_LBRACE:
    case T_MINUS: case T_PLUS: case T_TILDE: case T_STAR: case T_NOT: case T_LAMBDA:
    case T_TRUE: case T_FALSE: case T_NONE: case T_ELLIPSIS: case T_AWAIT:
        return true;
    default:
        return false;
    }
}

/* ---- comprehensions ---------------------------------------------------- */

/* '*' bitwise_or: a starred element of a display, target list or call. */
AstNode *parse_starred(Parser *P)
{
    Token *st = parse_tok(P);
    P->p++;
    AstNode *v = parse_bitwise_or(P);
    if (!v) return NULL;
    AstNode *e = parse_node(P, AST_Starred, st);
    if (e) e->v.Starred.value = v;
    return e;
}

/* A comma-separated list of starred or plain elements (plain: `item`),
 * a Tuple when a comma is present, else the single element. */
static AstNode *parse_star_list(Parser *P, AstNode *(*item)(Parser *))
{
    Token *start = parse_tok(P);
    NodeVec v = { 0 };
    for (;;) {
        AstNode *e = parse_at(P, T_STAR) ? parse_starred(P) : item(P);
        if (!e || !parse_vec_push(P, &v, e)) return NULL;
        if (!parse_at(P, T_COMMA)) break;
        P->p++;
        if (!parse_starts_expression(parse_type(P))) break;   /* a trailing comma */
    }
    if (v.n == 1 && parse_last(P)->type != T_COMMA) return v.items[0];
    AstNode *t = parse_node(P, AST_Tuple, start);
    if (t) t->v.Tuple.elts = parse_vec_seq(&v);
    return t;
}

/* star_targets: star_target (',' star_target)* [','] — parsed as an
 * expression list at the bitwise_or level, then checked as a target. */
AstNode *parse_star_targets(Parser *P) { return parse_star_list(P, parse_bitwise_or); }

/* for_if_clauses: ('for' star_targets 'in' disjunction ('if' disjunction)*)+ */
static bool parse_for_if_clauses(Parser *P, AstSeq *out)
{
    NodeVec gens = { 0 };
    while (parse_at(P, T_FOR) || parse_at(P, T_ASYNC)) {
        if (parse_at(P, T_ASYNC)) {
            parse_error_tok(P, parse_tok(P), "asynchronous comprehensions are not supported");
            return false;
        }
        P->p++;
        AstNode *c = ast_new(P->a, AST_comprehension);
        if (!c) return parse_oom(P), false;
        AstNode *target = parse_star_targets(P);
        if (!target) return false;
        if (!parse_at(P, T_IN)) {
            parse_syntax_error(P);
            return false;
        }
        if (!parse_set_context(P, target, AST_Store, "assign to")) return false;
        P->p++;
        c->v.comprehension.target = target;
        c->v.comprehension.iter = parse_disjunction(P);
        if (!c->v.comprehension.iter) return false;
        NodeVec ifs = { 0 };
        while (parse_accept(P, T_IF)) {
            AstNode *cond = parse_disjunction(P);
            if (!cond || !parse_vec_push(P, &ifs, cond)) return false;
        }
        c->v.comprehension.ifs = parse_vec_seq(&ifs);
        if (!parse_vec_push(P, &gens, c)) return false;
    }
    *out = parse_vec_seq(&gens);
    return true;
}

/* ---- atoms ------------------------------------------------------------- */

/* star_named_expression: '*' bitwise_or | named_expression */
static AstNode *parse_star_named_expression(Parser *P)
{
    if (parse_at(P, T_STAR)) return parse_starred(P);
    return parse_named_expression(P);
}

/* Elements of a display up to `closer`, after the first one was parsed. */
static bool parse_display_rest(Parser *P, NodeVec *v, int closer)
{
    while (parse_accept(P, T_COMMA)) {
        if (parse_at(P, closer)) break;
        AstNode *e = parse_star_named_expression(P);
        if (!e || !parse_vec_push(P, v, e)) return false;
    }
    return true;
}

static bool expect_closer(Parser *P, int closer)
{
    if (parse_accept(P, closer)) return true;
    parse_syntax_error(P);
    return false;
}

/* tuple | group | genexp:
 *   '(' [star_named_expression ',' [star_named_expressions]] ')'
 *   '(' (yield_expr | named_expression) ')'
 *   '(' named_expression for_if_clauses ')' */
static AstNode *parse_paren(Parser *P)
{
    Token *open = parse_tok(P);
    P->p++;
    if (parse_accept(P, T_RPAR)) return parse_node(P, AST_Tuple, open);
    if (parse_at(P, T_YIELD)) {
        AstNode *y = parse_yield_expr(P);
        if (!y || !expect_closer(P, T_RPAR)) return NULL;
        y->parens = 1;
        return y;
    }
    AstNode *first = parse_star_named_expression(P);
    if (!first) return NULL;
    if (parse_at(P, T_FOR) || parse_at(P, T_ASYNC)) {
        AstSeq gens;
        if (first->kind == AST_Starred) {
            parse_error_node(P, first, "iterable unpacking cannot be used in comprehension");
            return NULL;
        }
        if (!parse_for_if_clauses(P, &gens) || !expect_closer(P, T_RPAR)) return NULL;
        AstNode *g = parse_node(P, AST_GeneratorExp, open);
        if (!g) return NULL;
        g->v.GeneratorExp.elt = first;
        g->v.GeneratorExp.generators = gens;
        return g;
    }
    if (parse_at(P, T_RPAR)) {
        P->p++;
        if (first->kind == AST_Starred) {
            parse_error_node(P, first, "cannot use starred expression here");
            return NULL;
        }
        first->parens = 1;
        return first;
    }
    if (!parse_at(P, T_COMMA)) {
        parse_syntax_error(P);
        return NULL;
    }
    NodeVec v = { 0 };
    if (!parse_vec_push(P, &v, first) || !parse_display_rest(P, &v, T_RPAR) || !expect_closer(P, T_RPAR))
        return NULL;
    AstNode *t = parse_node(P, AST_Tuple, open);
    if (!t) return NULL;
    t->v.Tuple.elts = parse_vec_seq(&v);
    t->parens = 1;
    return t;
}

/* list | listcomp: '[' [star_named_expressions] ']' | '[' named_expression for_if_clauses ']' */
static AstNode *parse_list(Parser *P)
{
    Token *open = parse_tok(P);
    P->p++;
    NodeVec v = { 0 };
    if (!parse_at(P, T_RSQB)) {
        AstNode *first = parse_star_named_expression(P);
        if (!first) return NULL;
        if (parse_at(P, T_FOR) || parse_at(P, T_ASYNC)) {
            AstSeq gens;
            if (first->kind == AST_Starred) {
                parse_error_node(P, first, "iterable unpacking cannot be used in comprehension");
                return NULL;
            }
            if (!parse_for_if_clauses(P, &gens) || !expect_closer(P, T_RSQB)) return NULL;
            AstNode *c = parse_node(P, AST_ListComp, open);
            if (!c) return NULL;
            c->v.ListComp.elt = first;
            c->v.ListComp.generators = gens;
            return c;
        }
        if (!parse_vec_push(P, &v, first) || !parse_display_rest(P, &v, T_RSQB)) return NULL;
    }
    if (!expect_closer(P, T_RSQB)) return NULL;
    AstNode *l = parse_node(P, AST_List, open);
    if (l) l->v.List.elts = parse_vec_seq(&v);
    return l;
}

/* dict | set | dictcomp | setcomp:
 *   '{' [double_starred_kvpairs] '}' | '{' star_named_expressions '}'
 *   '{' kvpair for_if_clauses '}' | '{' named_expression for_if_clauses '}' */
static AstNode *parse_brace(Parser *P)
{
    Token *open = parse_tok(P);
    P->p++;
    if (parse_accept(P, T_RBRACE)) return parse_node(P, AST_Dict, open);
    NodeVec keys = { 0 }, vals = { 0 };
    AstNode *first_key = NULL, *first_val;
    if (parse_accept(P, T_DOUBLESTAR)) {
        first_val = parse_bitwise_or(P);
        if (!first_val) return NULL;
    } else {
        first_key = parse_star_named_expression(P);
        if (!first_key) return NULL;
        if (!parse_at(P, T_COLON)) {
            /* a set */
            if (parse_at(P, T_FOR) || parse_at(P, T_ASYNC)) {
                AstSeq gens;
                if (first_key->kind == AST_Starred) {
                    parse_error_node(P, first_key, "iterable unpacking cannot be used in comprehension");
                    return NULL;
                }
                if (!parse_for_if_clauses(P, &gens) || !expect_closer(P, T_RBRACE)) return NULL;
                AstNode *c = parse_node(P, AST_SetComp, open);
                if (!c) return NULL;
                c->v.SetComp.elt = first_key;
                c->v.SetComp.generators = gens;
                return c;
            }
            if (!parse_vec_push(P, &keys, first_key) || !parse_display_rest(P, &keys, T_RBRACE) ||
                !expect_closer(P, T_RBRACE))
                return NULL;
            AstNode *s = parse_node(P, AST_Set, open);
            if (s) s->v.Set.elts = parse_vec_seq(&keys);
            return s;
        }
        if (first_key->kind == AST_Starred || (first_key->kind == AST_NamedExpr && !first_key->parens)) {
            parse_syntax_error(P);
            return NULL;
        }
        P->p++;
        if (parse_at(P, T_RBRACE) || parse_at(P, T_COMMA)) {
            parse_error_tok(P, parse_last(P), "expression expected after dictionary key and ':'");
            return NULL;
        }
        first_val = parse_expression(P);
        if (!first_val) return NULL;
        if (parse_at(P, T_FOR) || parse_at(P, T_ASYNC)) {
            AstSeq gens;
            if (!parse_for_if_clauses(P, &gens) || !expect_closer(P, T_RBRACE)) return NULL;
            AstNode *c = parse_node(P, AST_DictComp, open);
            if (!c) return NULL;
            c->v.DictComp.key = first_key;
            c->v.DictComp.value = first_val;
            c->v.DictComp.generators = gens;
            return c;
        }
    }
    if (!parse_vec_push(P, &keys, first_key) || !parse_vec_push(P, &vals, first_val)) return NULL;
    while (parse_accept(P, T_COMMA)) {
        if (parse_at(P, T_RBRACE)) break;
        AstNode *k = NULL, *val;
        if (parse_accept(P, T_DOUBLESTAR)) {
            val = parse_bitwise_or(P);
        } else {
            k = parse_expression(P);
            if (!k) return NULL;
            if (!parse_at(P, T_COLON)) {
                parse_syntax_error(P);
                return NULL;
            }
            P->p++;
            if (parse_at(P, T_RBRACE) || parse_at(P, T_COMMA)) {
                parse_error_tok(P, parse_last(P), "expression expected after dictionary key and ':'");
                return NULL;
            }
            val = parse_expression(P);
        }
        if (!val || !parse_vec_push(P, &keys, k) || !parse_vec_push(P, &vals, val)) return NULL;
    }
    if (!expect_closer(P, T_RBRACE)) return NULL;
    AstNode *d = parse_node(P, AST_Dict, open);
    if (!d) return NULL;
    d->v.Dict.keys = parse_vec_seq(&keys);
    d->v.Dict.values = parse_vec_seq(&vals);
    return d;
}

static AstNode *parse_constant(Parser *P, AstConstKind kind)
{
    P->p++;
    AstNode *n = parse_node(P, AST_Constant, parse_last(P));
    if (n) n->v.Constant.value.kind = kind;
    return n;
}

/* atom: NAME | 'True' | 'False' | 'None' | strings | NUMBER | tuple | group | genexp
 *     | list | listcomp | dict | set | dictcomp | setcomp | '...' */
static AstNode *parse_atom(Parser *P)
{
    Token *t = parse_tok(P);
    switch (t->type) {
    case T_NAME: {
        P->p++;
        AstNode *n = parse_node(P, AST_Name, t);
        if (!n) return NULL;
        n->v.Name.id = parse_ident(P, t);
        if (!n->v.Name.id) return NULL;
        return n;
    }
    case T_TRUE: return parse_constant(P, AST_C_TRUE);
    case T_FALSE: return parse_constant(P, AST_C_FALSE);
    case T_NONE: return parse_constant(P, AST_C_NONE);
    case T_ELLIPSIS: return parse_constant(P, AST_C_ELLIPSIS);
    case T_NUMBER: {
        P->p++;
        AstNode *n = parse_node(P, AST_Constant, t);
        if (!n || !parse_number(P, t, &n->v.Constant.value)) return NULL;
        return n;
    }
    case T_STRING: {
        int first = P->p;
        while (parse_at(P, T_STRING)) P->p++;
        return parse_strings(P, first, P->p - 1);
    }
    case T_LPAR: return parse_paren(P);
    case T_LSQB: return parse_list(P);
    case T_LBRACE: return parse_brace(P);
    default:
        parse_syntax_error(P);
        return NULL;
    }
}

/* ---- primaries: calls, subscripts, attributes --------------------------- */

/* slice: [expression] ':' [expression] [':' [expression]] | named_expression */
static AstNode *parse_slice(Parser *P)
{
    Token *start = parse_tok(P);
    AstNode *lower = NULL;
    if (!parse_at(P, T_COLON)) {
        if (parse_at(P, T_STAR)) return parse_starred(P);
        lower = parse_named_expression(P);
        if (!lower) return NULL;
        if (!parse_at(P, T_COLON)) return lower;
        if (lower->kind == AST_NamedExpr && !lower->parens) {
            parse_syntax_error(P);
            return NULL;
        }
    }
    P->p++;
    AstNode *upper = NULL, *step = NULL;
    int t = parse_type(P);
    if (t != T_COLON && t != T_COMMA && t != T_RSQB) {
        upper = parse_expression(P);
        if (!upper) return NULL;
    }
    if (parse_accept(P, T_COLON)) {
        t = parse_type(P);
        if (t != T_COMMA && t != T_RSQB) {
            step = parse_expression(P);
            if (!step) return NULL;
        }
    }
    AstNode *s = parse_node(P, AST_Slice, start);
    if (!s) return NULL;
    s->v.Slice.lower = lower;
    s->v.Slice.upper = upper;
    s->v.Slice.step = step;
    return s;
}

/* slices: slice !',' | ','.(slice | starred_expression)+ [','] */
static AstNode *parse_slices(Parser *P)
{
    Token *start = parse_tok(P);
    AstNode *first = parse_slice(P);
    if (!first) return NULL;
    if (!parse_at(P, T_COMMA) && first->kind != AST_Starred) return first;
    NodeVec v = { 0 };
    if (!parse_vec_push(P, &v, first)) return NULL;
    while (parse_accept(P, T_COMMA)) {
        if (parse_at(P, T_RSQB)) break;
        AstNode *e = parse_slice(P);
        if (!e || !parse_vec_push(P, &v, e)) return NULL;
    }
    AstNode *t = parse_node(P, AST_Tuple, start);
    if (t) t->v.Tuple.elts = parse_vec_seq(&v);
    return t;
}

/* args: positional, *starred, keyword=, **kwargs, or a single bare genexp. */
AstNode *parse_call_trailer(Parser *P, AstNode *func, const Token *start, const Token *open)
{
    /* class bases take no bare generator expression */
    bool genexp_ok = func->kind != AST_Module;
    NodeVec args = { 0 }, kws = { 0 };
    bool seen_kw = false, seen_dstar = false;
    const char *misplaced = NULL;    /* reported at the end of the arguments, as CPython does */
    while (!parse_at(P, T_RPAR)) {
        Token *st = parse_tok(P);
        if (parse_accept(P, T_DOUBLESTAR)) {
            AstNode *v = parse_expression(P);
            if (!v) return NULL;
            AstNode *k = parse_node(P, AST_keyword, st);
            if (!k) return NULL;
            k->v.keyword.value = v;
            if (!parse_vec_push(P, &kws, k)) return NULL;
            seen_dstar = true;
        } else if (parse_accept(P, T_STAR)) {
            AstNode *v = parse_expression(P);
            if (!v) return NULL;
            if (seen_dstar) {
                parse_error_tok(P, st, "iterable argument unpacking follows keyword argument unpacking");
                return NULL;
            }
            AstNode *s = parse_node(P, AST_Starred, st);
            if (!s) return NULL;
            s->v.Starred.value = v;
            if (!parse_vec_push(P, &args, s)) return NULL;
        } else if (parse_at(P, T_NAME) && parse_peek_type(P, 1) == T_EQUAL) {
            P->p += 2;
            AstNode *v = parse_expression(P);
            if (!v) return NULL;
            AstNode *k = parse_node(P, AST_keyword, st);
            if (!k) return NULL;
            k->v.keyword.arg = parse_ident(P, st);
            k->v.keyword.value = v;
            if (!k->v.keyword.arg || !parse_vec_push(P, &kws, k)) return NULL;
            seen_kw = true;
        } else {
            AstNode *e = named_expression(P);
            if (!e) return NULL;
            if ((parse_at(P, T_FOR) || parse_at(P, T_ASYNC)) && !genexp_ok) {
                parse_syntax_error(P);
                return NULL;
            }
            if (parse_at(P, T_FOR) || parse_at(P, T_ASYNC)) {
                AstSeq gens;
                if (!parse_for_if_clauses(P, &gens)) return NULL;
                AstNode *g = parse_node(P, AST_GeneratorExp, st);
                if (!g) return NULL;
                g->v.GeneratorExp.elt = e;
                g->v.GeneratorExp.generators = gens;
                if (args.n == 0 && kws.n == 0 && parse_at(P, T_RPAR)) {
                    /* the sole argument: the call's parentheses are the genexp's */
                    g->lineno = open->lineno;
                    g->col_offset = open->col;
                    g->end_lineno = parse_tok(P)->end_lineno;
                    g->end_col_offset = parse_tok(P)->end_col;
                } else {
                    parse_error_node(P, g, "Generator expression must be parenthesized");
                    return NULL;
                }
                e = g;
            } else if (parse_at(P, T_EQUAL)) {
                Token *eq = parse_tok(P);
                if (e->kind == AST_Constant && (e->v.Constant.value.kind == AST_C_TRUE ||
                                                e->v.Constant.value.kind == AST_C_FALSE ||
                                                e->v.Constant.value.kind == AST_C_NONE))
                    parse_error_at(P, e->lineno, e->col_offset, eq->end_lineno, eq->end_col,
                                   "cannot assign to %s", parse_expr_desc(e));
                else
                    parse_error_at(P, e->lineno, e->col_offset, eq->end_lineno, eq->end_col,
                                   "expression cannot contain assignment, perhaps you meant \"==\"?");
                return NULL;
            }
            if (seen_dstar) misplaced = "positional argument follows keyword argument unpacking";
            else if (seen_kw) misplaced = "positional argument follows keyword argument";
            if (!parse_vec_push(P, &args, e)) return NULL;
        }
        if (!parse_accept(P, T_COMMA)) break;
    }
    if (misplaced) {
        parse_error_tok(P, parse_tok(P), "%s", misplaced);
        return NULL;
    }
    if (!parse_at(P, T_RPAR)) {
        parse_syntax_error(P);
        return NULL;
    }
    P->p++;
    AstNode *c = parse_node(P, AST_Call, start);
    if (!c) return NULL;
    c->v.Call.func = func;
    c->v.Call.args = parse_vec_seq(&args);
    c->v.Call.keywords = parse_vec_seq(&kws);
    return c;
}

/* primary: primary '.' NAME | primary genexp | primary '(' [arguments] ')'
 *        | primary '[' slices ']' | atom */
static AstNode *parse_primary(Parser *P)
{
    Token *start = parse_tok(P);
    AstNode *e = parse_atom(P);
    for (int links = 1; e; links++) {
        Token *t = parse_tok(P);
        if ((t->type == T_DOT || t->type == T_LPAR || t->type == T_LSQB) && chain_too_deep(P, links)) return NULL;
        if (t->type == T_DOT) {
            P->p++;
            Token *name = parse_tok(P);
            if (name->type != T_NAME) {
                parse_syntax_error(P);
                return NULL;
            }
            P->p++;
            AstNode *a = parse_node(P, AST_Attribute, start);
            if (!a) return NULL;
            a->v.Attribute.value = e;
            a->v.Attribute.attr = parse_ident(P, name);
            if (!a->v.Attribute.attr) return NULL;
            e = a;
        } else if (t->type == T_LPAR) {
            P->p++;
            e = parse_call_trailer(P, e, start, t);
        } else if (t->type == T_LSQB) {
            P->p++;
            AstNode *sl = parse_slices(P);
            if (!sl || !expect_closer(P, T_RSQB)) return NULL;
            AstNode *s = parse_node(P, AST_Subscript, start);
            if (!s) return NULL;
            s->v.Subscript.value = e;
            s->v.Subscript.slice = sl;
            e = s;
        } else {
            break;
        }
    }
    return e;
}

/* ---- operators ----------------------------------------------------------- */

/* power: await_primary '**' factor | await_primary */
static AstNode *parse_power(Parser *P)
{
    if (parse_at(P, T_AWAIT)) {
        parse_error_tok(P, parse_tok(P), "'await' expressions are not supported");
        return NULL;
    }
    Token *start = parse_tok(P);
    AstNode *e = parse_primary(P);
    if (!e || !parse_at(P, T_DOUBLESTAR)) return e;
    ENTER(P);
    P->p++;
    AstNode *r = parse_factor(P);
    if (!r) LEAVE(P, NULL);
    AstNode *b = parse_node(P, AST_BinOp, start);
    if (b) {
        b->v.BinOp.left = e;
        b->v.BinOp.op = AST_Pow;
        b->v.BinOp.right = r;
    }
    LEAVE(P, b);
}

/* factor: '+' factor | '-' factor | '~' factor | power */
static AstNode *parse_factor(Parser *P)
{
    Token *t = parse_tok(P);
    int op = t->type == T_PLUS ? AST_UAdd : t->type == T_MINUS ? AST_USub : t->type == T_TILDE ? AST_Invert : -1;
    if (op < 0) return parse_power(P);
    ENTER(P);
    P->p++;
    AstNode *operand = parse_factor(P);
    if (!operand) LEAVE(P, NULL);
    AstNode *u = parse_node(P, AST_UnaryOp, t);
    if (u) {
        u->v.UnaryOp.op = (uint8_t)op;
        u->v.UnaryOp.operand = operand;
    }
    LEAVE(P, u);
}

/* Binary operator levels, lowest first; each is left-associative over the next. */
typedef struct { uint8_t tok, op; } BinTok;
static const BinTok ops_or[] = { { T_VBAR, AST_BitOr } };
static const BinTok ops_xor[] = { { T_CIRCUMFLEX, AST_BitXor } };
static const BinTok ops_and[] = { { T_AMPER, AST_BitAnd } };
static const BinTok ops_shift[] = { { T_LEFTSHIFT, AST_LShift }, { T_RIGHTSHIFT, AST_RShift } };
static const BinTok ops_sum[] = { { T_PLUS, AST_Add }, { T_MINUS, AST_Sub } };
static const BinTok ops_term[] = { { T_STAR, AST_Mult }, { T_SLASH, AST_Div }, { T_DOUBLESLASH, AST_FloorDiv },
                                   { T_PERCENT, AST_Mod }, { T_AT, AST_MatMult } };
static const struct { const BinTok *ops; int n; } bin_levels[] = {
    { ops_or, 1 }, { ops_xor, 1 }, { ops_and, 1 }, { ops_shift, 2 }, { ops_sum, 2 }, { ops_term, 5 },
};
enum { BIN_LEVELS = sizeof bin_levels / sizeof *bin_levels };

/* bitwise_or / bitwise_xor / bitwise_and / shift_expr / sum / term */
static AstNode *parse_binary(Parser *P, int level)
{
    if (level == BIN_LEVELS) return parse_factor(P);
    Token *start = parse_tok(P);
    AstNode *e = parse_binary(P, level + 1);
    for (int links = 1; e; links++) {
        int t = parse_type(P), op = -1;
        for (int i = 0; i < bin_levels[level].n; i++)
            if (bin_levels[level].ops[i].tok == t) op = bin_levels[level].ops[i].op;
        if (op < 0) break;
        if (chain_too_deep(P, links)) return NULL;
        P->p++;
        AstNode *r = parse_binary(P, level + 1);
        if (!r) return NULL;
        AstNode *b = parse_node(P, AST_BinOp, start);
        if (!b) return NULL;
        b->v.BinOp.left = e;
        b->v.BinOp.op = (uint8_t)op;
        b->v.BinOp.right = r;
        e = b;
    }
    return e;
}

AstNode *parse_bitwise_or(Parser *P) { return parse_binary(P, 0); }

/* The comparison operator at the cursor (consumed), or -1. */
static int parse_cmp_op(Parser *P)
{
    switch (parse_type(P)) {
    case T_EQEQUAL: P->p++; return AST_Eq;
    case T_NOTEQUAL: P->p++; return AST_NotEq;
    case T_LESS: P->p++; return AST_Lt;
    case T_LESSEQUAL: P->p++; return AST_LtE;
    case T_GREATER: P->p++; return AST_Gt;
    case T_GREATEREQUAL: P->p++; return AST_GtE;
    case T_IN: P->p++; return AST_In;
    case T_NOT:
        if (parse_peek_type(P, 1) != T_IN) return -1;
        P->p += 2;
        return AST_NotIn;
    case T_IS:
        P->p++;
        return parse_accept(P, T_NOT) ? AST_IsNot : AST_Is;
    default: return -1;
    }
}

/* comparison: bitwise_or compare_op_bitwise_or_pair+ | bitwise_or */
static AstNode *parse_comparison(Parser *P)
{
    Token *start = parse_tok(P);
    AstNode *e = parse_bitwise_or(P);
    if (!e) return NULL;
    int op = parse_cmp_op(P);
    if (op < 0) return e;
    NodeVec comps = { 0 };
    uint8_t ops_buf[16], *ops = ops_buf;
    int nops = 0, cap = 16;
    while (op >= 0) {
        AstNode *r = parse_bitwise_or(P);
        if (!r || !parse_vec_push(P, &comps, r)) return NULL;
        if (nops == cap) {
            uint8_t *n = arena_alloc(P->a, (size_t)cap * 2);
            if (!n) return parse_oom(P), NULL;
            memcpy(n, ops, (size_t)nops);
            ops = n;
            cap *= 2;
        }
        ops[nops++] = (uint8_t)op;
        op = parse_cmp_op(P);
    }
    AstNode *c = parse_node(P, AST_Compare, start);
    if (!c) return NULL;
    uint8_t *kept = arena_alloc(P->a, (size_t)nops);
    if (!kept) return parse_oom(P), NULL;
    memcpy(kept, ops, (size_t)nops);
    c->v.Compare.left = e;
    c->v.Compare.ops.n = nops;
    c->v.Compare.ops.items = kept;
    c->v.Compare.comparators = parse_vec_seq(&comps);
    return c;
}

/* inversion: 'not' inversion | comparison */
static AstNode *parse_inversion(Parser *P)
{
    if (!parse_at(P, T_NOT)) return parse_comparison(P);
    ENTER(P);
    Token *t = parse_tok(P);
    P->p++;
    AstNode *operand = parse_inversion(P);
    if (!operand) LEAVE(P, NULL);
    AstNode *u = parse_node(P, AST_UnaryOp, t);
    if (u) {
        u->v.UnaryOp.op = AST_Not;
        u->v.UnaryOp.operand = operand;
    }
    LEAVE(P, u);
}

/* conjunction: inversion ('and' inversion)+ ; disjunction: conjunction ('or' conjunction)+ */
static AstNode *parse_boolop(Parser *P, int tok)
{
    Token *start = parse_tok(P);
    AstNode *e = tok == T_OR ? parse_boolop(P, T_AND) : parse_inversion(P);
    if (!e || !parse_at(P, tok)) return e;
    NodeVec v = { 0 };
    if (!parse_vec_push(P, &v, e)) return NULL;
    while (parse_accept(P, tok)) {
        AstNode *r = tok == T_OR ? parse_boolop(P, T_AND) : parse_inversion(P);
        if (!r || !parse_vec_push(P, &v, r)) return NULL;
    }
    AstNode *b = parse_node(P, AST_BoolOp, start);
    if (!b) return NULL;
    b->v.BoolOp.op = tok == T_OR ? AST_Or : AST_And;
    b->v.BoolOp.values = parse_vec_seq(&v);
    return b;
}

AstNode *parse_disjunction(Parser *P) { return parse_boolop(P, T_OR); }

/* lambdef: 'lambda' [lambda_params] ':' expression */
static AstNode *parse_lambda(Parser *P)
{
    Token *t = parse_tok(P);
    P->p++;
    AstNode *args = parse_arguments_def(P, true, T_COLON);
    if (!args) return NULL;
    if (!parse_at(P, T_COLON)) {
        parse_syntax_error(P);
        return NULL;
    }
    P->p++;
    AstNode *body = parse_expression(P);
    if (!body) return NULL;
    AstNode *l = parse_node(P, AST_Lambda, t);
    if (!l) return NULL;
    l->v.Lambda.args = args;
    l->v.Lambda.body = body;
    return l;
}

/* expression: disjunction 'if' disjunction 'else' expression | disjunction | lambdef */
AstNode *parse_expression(Parser *P)
{
    ENTER(P);
    if (parse_at(P, T_LAMBDA)) LEAVE(P, parse_lambda(P));
    Token *start = parse_tok(P);
    AstNode *e = parse_disjunction(P);
    if (e) {
        P->last_disj = e;
        P->last_disj_start = (int)(start - P->toks);
        P->last_disj_end = P->p;
    }
    if (!e || !parse_at(P, T_IF)) LEAVE(P, e);
    P->p++;
    AstNode *test = parse_disjunction(P);
    if (!test) LEAVE(P, NULL);
    if (!parse_at(P, T_ELSE)) {
        Token *t = parse_tok(P);
        if (t->type == T_NEWLINE || t->type == T_RPAR || t->type == T_COMMA || t->type == T_RSQB ||
            t->type == T_RBRACE || t->type == T_COLON || t->type == T_SEMI)
            parse_error_at(P, e->lineno, e->col_offset, test->end_lineno, test->end_col_offset,
                           "expected 'else' after 'if' expression");
        else
            parse_syntax_error(P);
        LEAVE(P, NULL);
    }
    P->p++;
    AstNode *orelse = parse_expression(P);
    if (!orelse) LEAVE(P, NULL);
    AstNode *c = parse_node(P, AST_IfExp, start);
    if (c) {
        c->v.IfExp.test = test;
        c->v.IfExp.body = e;
        c->v.IfExp.orelse = orelse;
    }
    LEAVE(P, c);
}

/* CPython's invalid_named_expression: `a = b` where an expression stands,
 * most likely a comparison with one '=' too few. Leaves the error, if any. */
static void assignment_for_comparison(Parser *P, AstNode *a)
{
    bool name = a->kind == AST_Name && !a->parens;
    bool other = !name && a->kind != AST_List && a->kind != AST_Tuple && a->kind != AST_GeneratorExp &&
                 !(a->kind == AST_Constant && (a->v.Constant.value.kind == AST_C_TRUE ||
                                               a->v.Constant.value.kind == AST_C_FALSE ||
                                               a->v.Constant.value.kind == AST_C_NONE)) &&
                 a->kind != AST_Compare && a->kind != AST_BoolOp && a->kind != AST_IfExp &&
                 a->kind != AST_Lambda && !(a->kind == AST_UnaryOp && a->v.UnaryOp.op == AST_Not);
    if (!name && !other) return;
    ParseMark m = parse_mark(P);
    P->p++;
    AstNode *b = parse_bitwise_or(P);
    bool hit = b && !parse_at(P, T_EQUAL) && !parse_at(P, T_COLONEQUAL);
    parse_rewind(P, &m);
    if (!hit) return;
    if (name)
        parse_error_at(P, a->lineno, a->col_offset, b->end_lineno, b->end_col_offset,
                       "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
    else
        parse_error_node(P, a, "cannot assign to %s here. Maybe you meant '==' instead of '='?",
                         parse_expr_desc(a));
}

/* named_expression: NAME ':=' expression | expression !':='
 * (call arguments take it without the '=' hint: there 'a.b=1' is a keyword's mistake) */
static AstNode *named_expression(Parser *P)
{
    if (parse_at(P, T_NAME) && parse_peek_type(P, 1) == T_COLONEQUAL) {
        Token *t = parse_tok(P);
        AstNode *target = parse_atom(P);
        if (!target) return NULL;
        target->v.Name.ctx = AST_Store;
        P->p++;
        AstNode *v = parse_expression(P);
        if (!v) return NULL;
        AstNode *n = parse_node(P, AST_NamedExpr, t);
        if (!n) return NULL;
        n->v.NamedExpr.target = target;
        n->v.NamedExpr.value = v;
        return n;
    }
    AstNode *e = parse_expression(P);
    if (e && parse_at(P, T_COLONEQUAL)) {
        parse_error_node(P, e, "cannot use assignment expressions with %s", parse_expr_desc(e));
        return NULL;
    }
    return e;
}

AstNode *parse_named_expression(Parser *P)
{
    AstNode *e = named_expression(P);
    if (e && parse_at(P, T_EQUAL)) assignment_for_comparison(P, e);
    return e;
}

/* star_expressions: star_expression (',' star_expression)* [','] */
AstNode *parse_star_expressions(Parser *P) { return parse_star_list(P, parse_expression); }

/* yield_expr: 'yield' 'from' expression | 'yield' [star_expressions] */
AstNode *parse_yield_expr(Parser *P)
{
    Token *t = parse_tok(P);
    P->p++;
    if (parse_accept(P, T_FROM)) {
        AstNode *v = parse_expression(P);
        if (!v) return NULL;
        AstNode *y = parse_node(P, AST_YieldFrom, t);
        if (y) y->v.YieldFrom.value = v;
        return y;
    }
    AstNode *v = NULL;
    if (parse_starts_expression(parse_type(P))) {
        v = parse_star_expressions(P);
        if (!v) return NULL;
    }
    AstNode *y = parse_node(P, AST_Yield, t);
    if (y) y->v.Yield.value = v;
    return y;
}

/* ---- parameters ---------------------------------------------------------- */

/* One parameter: NAME [':' expression] (no annotation in lambdas). */
static AstNode *parse_param(Parser *P, bool lambda, bool star_annotation)
{
    Token *t = parse_tok(P);
    if (t->type != T_NAME) {
        parse_syntax_error(P);
        return NULL;
    }
    P->p++;
    AstNode *annotation = NULL;
    if (!lambda && parse_accept(P, T_COLON)) {
        annotation = star_annotation && parse_at(P, T_STAR) ? parse_starred(P) : parse_expression(P);
        if (!annotation) return NULL;
    }
    AstNode *a = parse_node(P, AST_arg, t);
    if (!a) return NULL;
    a->v.arg.arg = parse_ident(P, t);
    a->v.arg.annotation = annotation;
    if (!a->v.arg.arg) return NULL;
    return a;
}

/* parameters / lambda_params: the whole list up to `closer` (')' or ':'). */
AstNode *parse_arguments_def(Parser *P, bool lambda, int closer)
{
    AstNode *args = ast_new(P->a, AST_arguments);
    if (!args) return parse_oom(P), NULL;
    NodeVec pos = { 0 }, defaults = { 0 }, kwonly = { 0 }, kwdefaults = { 0 };
    bool seen_star = false, seen_default = false, seen_slash = false;
    while (!parse_at(P, closer)) {
        Token *t = parse_tok(P);
        if (t->type == T_SLASH) {
            if (seen_slash) {
                parse_error_tok(P, t, "/ may appear only once");
                return NULL;
            }
            if (seen_star) {
                parse_error_tok(P, t, "/ must be ahead of *");
                return NULL;
            }
            if (pos.n == 0) {
                parse_error_tok(P, t, "at least one argument must precede /");
                return NULL;
            }
            P->p++;
            seen_slash = true;
            args->v.arguments.posonlyargs = parse_vec_seq(&pos);
            memset(&pos, 0, sizeof pos);
        } else if (t->type == T_STAR) {
            if (seen_star) {
                parse_error_tok(P, t, "* argument may appear only once");
                return NULL;
            }
            P->p++;
            seen_star = true;
            if (parse_at(P, closer) ||
                (parse_at(P, T_COMMA) && (parse_peek_type(P, 1) == closer || parse_peek_type(P, 1) == T_DOUBLESTAR))) {
                parse_error_tok(P, !lambda ? t : parse_at(P, T_COMMA) ? &P->toks[P->p + 1] : parse_tok(P),
                                "named arguments must follow bare *");
                return NULL;
            }
            if (!parse_at(P, T_COMMA)) {
                AstNode *a = parse_param(P, lambda, true);
                if (!a) return NULL;
                args->v.arguments.vararg = a;
            }
        } else if (t->type == T_DOUBLESTAR) {
            P->p++;
            AstNode *a = parse_param(P, lambda, false);
            if (!a) return NULL;
            args->v.arguments.kwarg = a;
            parse_accept(P, T_COMMA);
            if (!parse_at(P, closer)) {
                if (parse_at(P, T_EQUAL))
                    parse_error_tok(P, parse_tok(P), "var-keyword argument cannot have default value");
                else
                    parse_error_tok(P, parse_tok(P), "arguments cannot follow var-keyword argument");
                return NULL;
            }
            break;
        } else {
            AstNode *a = parse_param(P, lambda, false);
            if (!a) return NULL;
            AstNode *def = NULL;
            if (parse_accept(P, T_EQUAL)) {
                def = parse_expression(P);
                if (!def) return NULL;
            }
            if (seen_star) {
                if (!parse_vec_push(P, &kwonly, a) || !parse_vec_push(P, &kwdefaults, def)) return NULL;
            } else {
                if (def) {
                    seen_default = true;
                    if (!parse_vec_push(P, &defaults, def)) return NULL;
                } else if (seen_default) {
                    parse_error_node(P, a, "non-default argument follows default argument");
                    return NULL;
                }
                if (!parse_vec_push(P, &pos, a)) return NULL;
            }
        }
        if (!parse_accept(P, T_COMMA)) break;
    }
    if (!parse_at(P, closer)) {
        if (parse_at(P, T_EQUAL) && seen_star && !kwonly.n && parse_last(P)->type == T_NAME)
            parse_error_tok(P, parse_tok(P), "var-positional argument cannot have default value");
        else
            parse_syntax_error(P);
        return NULL;
    }
    args->v.arguments.args = parse_vec_seq(&pos);
    args->v.arguments.defaults = parse_vec_seq(&defaults);
    args->v.arguments.kwonlyargs = parse_vec_seq(&kwonly);
    args->v.arguments.kw_defaults = parse_vec_seq(&kwdefaults);
    return args;
}

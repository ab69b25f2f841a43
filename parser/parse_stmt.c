/* Statements: simple statements (assignments, imports, ...) and compound
 * statements with their blocks, following CPython 3.11's grammar and its
 * error messages for the common mistakes. */
#include <string.h>

#include "parse_int.h"

static bool parse_statements(Parser *P, NodeVec *out);
static bool parse_simple_stmts(Parser *P, NodeVec *out);

/* Compound statements fail with "expected ':'" where CPython's invalid_*
 * rules do: when the header ends at the end of the line. */
static bool expect_colon(Parser *P, bool forced)
{
    if (parse_accept(P, T_COLON)) return true;
    if (parse_at(P, T_NEWLINE) || forced) parse_error_tok(P, parse_tok(P), "expected ':'");
    else parse_syntax_error(P);
    return false;
}

/* block: NEWLINE INDENT statements DEDENT | simple_stmts
 * `what` names the statement for "expected an indented block after ...". */
static bool parse_block(Parser *P, AstSeq *out, const char *what, int header_line)
{
    NodeVec v = { 0 };
    if (parse_accept(P, T_NEWLINE)) {
        if (!parse_at(P, T_INDENT)) {
            if (parse_at(P, T_ERROR)) {
                parse_syntax_error(P);
                return false;
            }
            parse_error_tok(P, parse_tok(P), "expected an indented block after %s on line %d", what, header_line);
            P->err->kind = PARSE_INDENTATION_ERROR;
            return false;
        }
        P->p++;
        if (!parse_statements(P, &v)) return false;
        if (!parse_accept(P, T_DEDENT)) {
            parse_syntax_error(P);
            return false;
        }
    } else if (!parse_simple_stmts(P, &v)) {
        return false;
    }
    *out = parse_vec_seq(&v);
    return true;
}

/* A compound statement ends at its last token that is not NEWLINE, INDENT
 * or DEDENT (a trailing ';' included), as pegen's EXTRA positions do. */
static void end_here(Parser *P, AstNode *n)
{
    int i = P->p - 1;
    while (i > 0 && (P->toks[i].type == T_NEWLINE || P->toks[i].type == T_INDENT || P->toks[i].type == T_DEDENT)) i--;
    n->end_lineno = P->toks[i].end_lineno;
    n->end_col_offset = P->toks[i].end_col;
}

/* dotted_name: NAME ('.' NAME)* */
static char *parse_dotted_name(Parser *P)
{
    Token *first = parse_tok(P);
    if (!parse_expect(P, T_NAME)) return NULL;
    while (parse_at(P, T_DOT) && parse_peek_type(P, 1) == T_NAME) P->p += 2;
    if (parse_at(P, T_DOT)) {
        P->p++;
        parse_syntax_error(P);
        return NULL;
    }
    /* the name without whitespace between the parts */
    StrBuf b;
    sb_init(&b);
    for (Token *t = first; t <= parse_last(P); t++) {
        const char *part = t->type == T_NAME ? parse_ident(P, t) : ".";
        if (!part) {
            sb_free(&b);
            return NULL;
        }
        sb_puts(&b, part);
    }
    char *s = b.oom ? NULL : arena_strndup(P->a, b.data, b.len);
    sb_free(&b);
    if (!s) parse_oom(P);
    return s;
}

/* alias: dotted_name ['as' NAME] (or NAME ['as' NAME] after from-import) */
static AstNode *parse_alias(Parser *P, bool dotted)
{
    Token *start = parse_tok(P);
    char *name = dotted ? parse_dotted_name(P) : (parse_expect(P, T_NAME) ? parse_ident(P, start) : NULL);
    if (!name) return NULL;
    char *asname = NULL;
    if (parse_accept(P, T_AS)) {
        Token *t = parse_expect(P, T_NAME);
        if (!t || !(asname = parse_ident(P, t))) return NULL;
    }
    AstNode *a = parse_node(P, AST_alias, start);
    if (!a) return NULL;
    a->v.alias.name = name;
    a->v.alias.asname = asname;
    return a;
}

/* import_name: 'import' dotted_as_names
 * import_from: 'from' ('.' | '...')* dotted_name 'import' import_from_targets
 *            | 'from' ('.' | '...')+ 'import' import_from_targets */
static AstNode *parse_import(Parser *P)
{
    Token *start = parse_tok(P);
    NodeVec names = { 0 };
    if (parse_accept(P, T_IMPORT)) {
        do {
            AstNode *a = parse_alias(P, true);
            if (!a || !parse_vec_push(P, &names, a)) return NULL;
        } while (parse_accept(P, T_COMMA));
        AstNode *s = parse_node(P, AST_Import, start);
        if (s) s->v.Import.names = parse_vec_seq(&names);
        return s;
    }
    P->p++;
    int level = 0;
    for (;;) {
        if (parse_accept(P, T_DOT)) level++;
        else if (parse_accept(P, T_ELLIPSIS)) level += 3;
        else break;
    }
    char *module = NULL;
    if (!parse_at(P, T_IMPORT) || level == 0) {
        module = parse_dotted_name(P);
        if (!module) return NULL;
    }
    if (!parse_expect(P, T_IMPORT)) return NULL;
    if (parse_at(P, T_STAR)) {
        Token *st = parse_tok(P);
        P->p++;
        AstNode *a = parse_node(P, AST_alias, st);
        if (!a || !parse_vec_push(P, &names, a)) return NULL;
        a->v.alias.name = "*";
    } else {
        bool paren = parse_accept(P, T_LPAR);
        do {
            if (paren && parse_at(P, T_RPAR)) break;
            if (!paren && names.n && !parse_at(P, T_NAME)) {
                parse_error_tok(P, parse_tok(P), "trailing comma not allowed without surrounding parentheses");
                return NULL;
            }
            AstNode *a = parse_alias(P, false);
            if (!a || !parse_vec_push(P, &names, a)) return NULL;
        } while (parse_accept(P, T_COMMA));
        if (paren && !parse_expect(P, T_RPAR)) return NULL;
    }
    AstNode *s = parse_node(P, AST_ImportFrom, start);
    if (!s) return NULL;
    s->v.ImportFrom.module = module;
    s->v.ImportFrom.names = parse_vec_seq(&names);
    s->v.ImportFrom.level = level;
    return s;
}

static int augassign_op(int type)
{
    static const struct { uint8_t tok, op; } table[] = {
        { T_PLUSEQUAL, AST_Add }, { T_MINEQUAL, AST_Sub }, { T_STAREQUAL, AST_Mult },
        { T_ATEQUAL, AST_MatMult }, { T_SLASHEQUAL, AST_Div }, { T_PERCENTEQUAL, AST_Mod },
        { T_AMPEREQUAL, AST_BitAnd }, { T_VBAREQUAL, AST_BitOr }, { T_CIRCUMFLEXEQUAL, AST_BitXor },
        { T_LEFTSHIFTEQUAL, AST_LShift }, { T_RIGHTSHIFTEQUAL, AST_RShift },
        { T_DOUBLESTAREQUAL, AST_Pow }, { T_DOUBLESLASHEQUAL, AST_FloorDiv },
    };
    for (size_t i = 0; i < sizeof table / sizeof *table; i++)
        if (table[i].tok == type) return table[i].op;
    return -1;
}

/* annotated_rhs / assignment right-hand side: yield_expr | star_expressions */
static AstNode *parse_rhs(Parser *P)
{
    return parse_at(P, T_YIELD) ? parse_yield_expr(P) : parse_star_expressions(P);
}

static bool is_single_target(const AstNode *e)
{
    return e->kind == AST_Name || e->kind == AST_Attribute || e->kind == AST_Subscript;
}

/* An invalid assignment target, with CPython's wording: a single '=' between
 * two simple expressions reads as a mistyped comparison. */
static void assign_target_error(Parser *P, AstNode *target, AstNode *value, int ntargets)
{
    bool plain = !(target->kind == AST_List || target->kind == AST_Tuple || target->kind == AST_GeneratorExp ||
                   (target->kind == AST_Constant && (target->v.Constant.value.kind == AST_C_TRUE ||
                                                    target->v.Constant.value.kind == AST_C_FALSE ||
                                                    target->v.Constant.value.kind == AST_C_NONE)));
    bool bitwise = target->kind != AST_Compare && target->kind != AST_BoolOp && target->kind != AST_IfExp &&
                   target->kind != AST_Lambda && target->kind != AST_Starred && target->kind != AST_NamedExpr &&
                   !(target->kind == AST_UnaryOp && target->v.UnaryOp.op == AST_Not);
    bool value_bitwise = value && value->kind != AST_Compare && value->kind != AST_BoolOp &&
                         value->kind != AST_IfExp && value->kind != AST_Lambda && value->kind != AST_Tuple &&
                         value->kind != AST_Yield && value->kind != AST_YieldFrom &&
                         !(value->kind == AST_UnaryOp && value->v.UnaryOp.op == AST_Not);
    if (ntargets == 1 && plain && bitwise && value_bitwise && target->kind != AST_Name) {
        parse_error_node(P, target, "cannot assign to %s here. Maybe you meant '==' instead of '='?",
                         parse_expr_desc(target));
        return;
    }
    if (target->kind == AST_Yield || target->kind == AST_YieldFrom) {
        parse_error_node(P, target, "assignment to yield expression not possible");
        return;
    }
    parse_set_context(P, target, AST_Store, "assign to");
}

/* assignment | star_expressions: expression statements and every assignment form. */
static AstNode *parse_expr_stmt(Parser *P)
{
    Token *start = parse_tok(P);
    AstNode *e = parse_rhs(P);
    if (!e) return NULL;
    int t = parse_type(P);
    if (t == T_COLON) {
        /* annotated assignment */
        if (e->kind == AST_Tuple) {
            parse_error_node(P, e, "only single target (not tuple) can be annotated");
            return NULL;
        }
        if (e->kind == AST_List) {
            parse_error_node(P, e, "only single target (not list) can be annotated");
            return NULL;
        }
        if (!is_single_target(e)) {
            parse_error_node(P, e, "illegal target for annotation");
            return NULL;
        }
        P->p++;
        AstNode *ann = parse_expression(P);
        if (!ann) return NULL;
        AstNode *value = NULL;
        if (parse_accept(P, T_EQUAL)) {
            value = parse_rhs(P);
            if (!value) return NULL;
        }
        parse_set_context(P, e, AST_Store, "assign to");
        AstNode *s = parse_node(P, AST_AnnAssign, start);
        if (!s) return NULL;
        s->v.AnnAssign.target = e;
        s->v.AnnAssign.annotation = ann;
        s->v.AnnAssign.value = value;
        s->v.AnnAssign.simple = e->kind == AST_Name && !e->parens;
        return s;
    }
    if (t == T_EQUAL) {
        NodeVec targets = { 0 };
        AstNode *value = e;
        while (parse_accept(P, T_EQUAL)) {
            if (!parse_vec_push(P, &targets, value)) return NULL;
            value = parse_rhs(P);
            if (!value) return NULL;
        }
        for (int i = 0; i < targets.n; i++) {
            AstNode *tg = targets.items[i];
            if (tg->kind == AST_Yield || tg->kind == AST_YieldFrom || !parse_set_context(P, tg, AST_Store, "assign to")) {
                P->failed = false;
                assign_target_error(P, tg, i + 1 < targets.n ? targets.items[i + 1] : value, targets.n);
                return NULL;
            }
        }
        AstNode *s = parse_node(P, AST_Assign, start);
        if (!s) return NULL;
        s->v.Assign.targets = parse_vec_seq(&targets);
        s->v.Assign.value = value;
        return s;
    }
    int op = augassign_op(t);
    if (op >= 0) {
        if (!is_single_target(e)) {
            parse_error_node(P, e, "'%s' is an illegal expression for augmented assignment", parse_expr_desc(e));
            return NULL;
        }
        P->p++;
        AstNode *value = parse_rhs(P);
        if (!value) return NULL;
        parse_set_context(P, e, AST_Store, "assign to");
        AstNode *s = parse_node(P, AST_AugAssign, start);
        if (!s) return NULL;
        s->v.AugAssign.target = e;
        s->v.AugAssign.op = (uint8_t)op;
        s->v.AugAssign.value = value;
        return s;
    }
    /* print "hello": CPython's hint for the Python 2 statement */
    if (e->kind == AST_Name && !e->parens && parse_starts_expression(t) && t != T_LPAR &&
        (!strcmp(e->v.Name.id, "print") || !strcmp(e->v.Name.id, "exec"))) {
        const char *name = e->v.Name.id;
        ParseMark m = parse_mark(P);
        AstNode *rest = parse_star_expressions(P);
        parse_rewind(P, &m);
        if (rest) {
            parse_error_at(P, e->lineno, e->col_offset, rest->end_lineno, rest->end_col_offset,
                           "Missing parentheses in call to '%s'. Did you mean %s(...)?", name, name);
            return NULL;
        }
    }
    AstNode *s = parse_node(P, AST_Expr, start);
    if (s) s->v.Expr.value = e;
    return s;
}

/* del_stmt: 'del' del_targets &(';' | NEWLINE) */
static AstNode *parse_del(Parser *P)
{
    Token *start = parse_tok(P);
    P->p++;
    NodeVec v = { 0 };
    do {
        if (parse_at(P, T_NEWLINE) || parse_at(P, T_SEMI)) break;
        AstNode *e = parse_bitwise_or(P);
        if (!e) return NULL;
        if (!parse_set_context(P, e, AST_Del, "delete") || !parse_vec_push(P, &v, e)) return NULL;
    } while (parse_accept(P, T_COMMA));
    if (!v.n) {
        parse_syntax_error(P);
        return NULL;
    }
    AstNode *s = parse_node(P, AST_Delete, start);
    if (s) s->v.Delete.targets = parse_vec_seq(&v);
    return s;
}

/* global_stmt / nonlocal_stmt: 'global' ','.NAME+ */
static AstNode *parse_names_stmt(Parser *P, AstKind kind)
{
    Token *start = parse_tok(P);
    P->p++;
    int n = 0, cap = 4;
    const char **items = arena_alloc(P->a, (size_t)cap * sizeof *items);
    if (!items) return parse_oom(P), NULL;
    do {
        Token *t = parse_expect(P, T_NAME);
        if (!t) return NULL;
        if (n == cap) {
            const char **ni = arena_alloc(P->a, (size_t)cap * 2 * sizeof *ni);
            if (!ni) return parse_oom(P), NULL;
            memcpy(ni, items, (size_t)n * sizeof *ni);
            items = ni;
            cap *= 2;
        }
        if (!(items[n++] = parse_ident(P, t))) return NULL;
    } while (parse_accept(P, T_COMMA));
    AstNode *s = parse_node(P, kind, start);
    if (!s) return NULL;
    AstStrSeq seq = { n, items };
    if (kind == AST_Global) s->v.Global.names = seq;
    else s->v.Nonlocal.names = seq;
    return s;
}

/* simple_stmt */
static AstNode *parse_simple_stmt(Parser *P)
{
    Token *start = parse_tok(P);
    switch (start->type) {
    case T_PASS: case T_BREAK: case T_CONTINUE:
        P->p++;
        return parse_node(P, start->type == T_PASS ? AST_Pass : start->type == T_BREAK ? AST_Break : AST_Continue, start);
    case T_RETURN: {
        P->p++;
        AstNode *v = NULL;
        if (parse_starts_expression(parse_type(P))) {
            v = parse_star_expressions(P);
            if (!v) return NULL;
        }
        AstNode *s = parse_node(P, AST_Return, start);
        if (s) s->v.Return.value = v;
        return s;
    }
    case T_IMPORT: case T_FROM:
        return parse_import(P);
    case T_RAISE: {
        P->p++;
        AstNode *exc = NULL, *cause = NULL;
        if (parse_starts_expression(parse_type(P))) {
            exc = parse_expression(P);
            if (!exc) return NULL;
            if (parse_accept(P, T_FROM)) {
                cause = parse_expression(P);
                if (!cause) return NULL;
            }
        }
        AstNode *s = parse_node(P, AST_Raise, start);
        if (!s) return NULL;
        s->v.Raise.exc = exc;
        s->v.Raise.cause = cause;
        return s;
    }
    case T_DEL:
        return parse_del(P);
    case T_ASSERT: {
        P->p++;
        AstNode *test = parse_expression(P), *msg = NULL;
        if (!test) return NULL;
        if (parse_accept(P, T_COMMA)) {
            msg = parse_expression(P);
            if (!msg) return NULL;
        }
        AstNode *s = parse_node(P, AST_Assert, start);
        if (!s) return NULL;
        s->v.Assert.test = test;
        s->v.Assert.msg = msg;
        return s;
    }
    case T_GLOBAL:
        return parse_names_stmt(P, AST_Global);
    case T_NONLOCAL:
        return parse_names_stmt(P, AST_Nonlocal);
    default:
        return parse_expr_stmt(P);
    }
}

/* simple_stmts: ';'.simple_stmt+ [';'] NEWLINE */
static bool parse_simple_stmts(Parser *P, NodeVec *out)
{
    for (;;) {
        AstNode *s = parse_simple_stmt(P);
        if (!s || !parse_vec_push(P, out, s)) return false;
        if (!parse_accept(P, T_SEMI)) break;
        if (parse_at(P, T_NEWLINE)) break;
    }
    if (!parse_accept(P, T_NEWLINE)) {
        parse_syntax_error(P);
        return false;
    }
    return true;
}

/* decorators: ('@' named_expression NEWLINE)+ */
static bool parse_decorators(Parser *P, AstSeq *out)
{
    NodeVec v = { 0 };
    while (parse_accept(P, T_AT)) {
        AstNode *e = parse_named_expression(P);
        if (!e || !parse_vec_push(P, &v, e)) return false;
        if (!parse_expect(P, T_NEWLINE)) return false;
    }
    *out = parse_vec_seq(&v);
    return true;
}

/* `def f[T]` / `class C[T]`: Python 3.12 syntax, outside the 3.11 grammar tirun follows. */
static bool type_params_unsupported(Parser *P)
{
    if (!parse_at(P, T_LSQB)) return false;
    parse_error_tok(P, parse_tok(P), "type parameter lists are not supported by tirun (Python 3.12 syntax)");
    return true;
}

/* function_def_raw: 'def' NAME &&'(' [params] ')' ['->' expression] &&':' block */
static AstNode *parse_funcdef(Parser *P, AstSeq decorators)
{
    Token *start = parse_tok(P);
    P->p++;
    Token *name = parse_expect(P, T_NAME);
    if (!name || type_params_unsupported(P)) return NULL;
    if (!parse_at(P, T_LPAR)) {
        parse_error_tok(P, parse_tok(P), "expected '('");
        return NULL;
    }
    P->p++;
    AstNode *args = parse_arguments_def(P, false, T_RPAR);
    if (!args) return NULL;
    P->p++;
    AstNode *returns = NULL;
    if (parse_accept(P, T_RARROW)) {
        returns = parse_expression(P);
        if (!returns) return NULL;
    }
    if (!expect_colon(P, true)) return NULL;
    AstNode *s = parse_node(P, AST_FunctionDef, start);
    if (!s) return NULL;
    s->v.FunctionDef.name = parse_ident(P, name);
    s->v.FunctionDef.args = args;
    s->v.FunctionDef.returns = returns;
    s->v.FunctionDef.decorator_list = decorators;
    if (!s->v.FunctionDef.name || !parse_block(P, &s->v.FunctionDef.body, "function definition", start->lineno))
        return NULL;
    end_here(P, s);
    return s;
}

/* class_def_raw: 'class' NAME ['(' [arguments] ')'] ':' block */
static AstNode *parse_classdef(Parser *P, AstSeq decorators)
{
    Token *start = parse_tok(P);
    P->p++;
    Token *name = parse_expect(P, T_NAME);
    if (!name || type_params_unsupported(P)) return NULL;
    AstSeq bases = { 0, NULL }, keywords = { 0, NULL };
    if (parse_at(P, T_LPAR)) {
        Token *open = parse_tok(P);
        P->p++;
        /* reuse the call-argument parser; a Module callee marks class bases */
        AstNode dummy;
        memset(&dummy, 0, sizeof dummy);
        dummy.kind = AST_Module;
        AstNode *call = parse_call_trailer(P, &dummy, open, open);
        if (!call) return NULL;
        bases = call->v.Call.args;
        keywords = call->v.Call.keywords;
    }
    if (!expect_colon(P, false)) return NULL;
    AstNode *s = parse_node(P, AST_ClassDef, start);
    if (!s) return NULL;
    s->v.ClassDef.name = parse_ident(P, name);
    s->v.ClassDef.bases = bases;
    s->v.ClassDef.keywords = keywords;
    s->v.ClassDef.decorator_list = decorators;
    if (!s->v.ClassDef.name || !parse_block(P, &s->v.ClassDef.body, "class definition", start->lineno)) return NULL;
    end_here(P, s);
    return s;
}

/* if_stmt: 'if' named_expression ':' block (elif_stmt | [else_block])
 * elif_stmt: 'elif' named_expression ':' block (elif_stmt | [else_block])
 * An elif is an If alone in the orelse of the one before, parsed by the loop
 * (thousands of elifs); each still nests the tree one level deeper. */
static AstNode *parse_if(Parser *P)
{
    AstNode *first = NULL, *prev = NULL;
    int depth = P->depth;
    for (;;) {
        Token *start = parse_tok(P);
        const char *what = start->type == T_IF ? "'if' statement" : "'elif' statement";
        P->p++;
        AstNode *test = parse_named_expression(P);
        AstNode *s = test && expect_colon(P, false) ? parse_node(P, AST_If, start) : NULL;
        if (!s) break;
        s->v.If.test = test;
        if (prev) prev->v.If.orelse = parse_seq1(P, s);
        else first = s;
        prev = s;
        if (!parse_block(P, &s->v.If.body, what, start->lineno)) break;
        if (parse_at(P, T_ELIF)) {
            if (++P->depth > PARSE_MAXDEPTH) {
                parse_error_tok(P, parse_tok(P), "too many nested blocks");
                break;
            }
            continue;
        }
        P->depth = depth;
        if (parse_at(P, T_ELSE)) {
            Token *e = parse_tok(P);
            P->p++;
            if (!expect_colon(P, true) || !parse_block(P, &s->v.If.orelse, "'else' statement", e->lineno)) return NULL;
        }
        /* the whole chain ends where its last part does */
        for (AstNode *n = first; n; n = n->v.If.orelse.n == 1 && n != s ? n->v.If.orelse.items[0] : NULL) end_here(P, n);
        return first;
    }
    P->depth = depth;
    return NULL;
}

/* [else_block] of for / while / try */
static bool parse_else(Parser *P, AstSeq *out)
{
    if (!parse_at(P, T_ELSE)) return true;
    Token *e = parse_tok(P);
    P->p++;
    return expect_colon(P, true) && parse_block(P, out, "'else' statement", e->lineno);
}

/* while_stmt: 'while' named_expression ':' block [else_block] */
static AstNode *parse_while(Parser *P)
{
    Token *start = parse_tok(P);
    P->p++;
    AstNode *test = parse_named_expression(P);
    if (!test || !expect_colon(P, false)) return NULL;
    AstNode *s = parse_node(P, AST_While, start);
    if (!s) return NULL;
    s->v.While.test = test;
    if (!parse_block(P, &s->v.While.body, "'while' statement", start->lineno)) return NULL;
    if (!parse_else(P, &s->v.While.orelse)) return NULL;
    end_here(P, s);
    return s;
}

/* for_stmt: 'for' star_targets 'in' ~ star_expressions &&':' block [else_block] */
static AstNode *parse_for(Parser *P)
{
    Token *start = parse_tok(P);
    P->p++;
    AstNode *target = parse_star_targets(P);
    if (!target) return NULL;
    if (!parse_at(P, T_IN)) {
        parse_syntax_error(P);
        return NULL;
    }
    if (!parse_set_context(P, target, AST_Store, "assign to")) return NULL;
    P->p++;
    AstNode *iter = parse_star_expressions(P);
    if (!iter || !expect_colon(P, true)) return NULL;
    AstNode *s = parse_node(P, AST_For, start);
    if (!s) return NULL;
    s->v.For.target = target;
    s->v.For.iter = iter;
    if (!parse_block(P, &s->v.For.body, "'for' statement", start->lineno)) return NULL;
    if (!parse_else(P, &s->v.For.orelse)) return NULL;
    end_here(P, s);
    return s;
}

/* with_item: expression ['as' star_target] */
static AstNode *parse_with_item(Parser *P)
{
    AstNode *item = ast_new(P->a, AST_withitem);
    if (!item) return parse_oom(P), NULL;
    item->v.withitem.context_expr = parse_expression(P);
    if (!item->v.withitem.context_expr) return NULL;
    if (parse_accept(P, T_AS)) {
        /* star_target: a single target, so that ',' separates the items */
        AstNode *t = parse_at(P, T_STAR) ? parse_starred(P) : parse_bitwise_or(P);
        if (!t || !parse_set_context(P, t, AST_Store, "assign to")) return NULL;
        item->v.withitem.optional_vars = t;
    }
    return item;
}

/* with_stmt: 'with' '(' ','.with_item+ ','? ')' ':' block | 'with' ','.with_item+ ':' block */
static AstNode *parse_with(Parser *P)
{
    Token *start = parse_tok(P);
    P->p++;
    NodeVec items = { 0 };
    bool done = false;
    if (parse_at(P, T_LPAR)) {
        /* try the parenthesized form; fall back to an expression in parentheses */
        ParseMark m = parse_mark(P);
        P->p++;
        bool ok = true;
        while (ok && !parse_at(P, T_RPAR)) {
            AstNode *it = parse_with_item(P);
            if (!it || !parse_vec_push(P, &items, it)) ok = false;
            else if (!parse_accept(P, T_COMMA)) break;
        }
        if (ok && items.n && parse_accept(P, T_RPAR) && parse_at(P, T_COLON)) {
            done = true;
        } else {
            parse_rewind(P, &m);
            memset(&items, 0, sizeof items);
        }
    }
    if (!done) {
        do {
            AstNode *it = parse_with_item(P);
            if (!it || !parse_vec_push(P, &items, it)) return NULL;
        } while (parse_accept(P, T_COMMA));
    }
    if (!expect_colon(P, false)) return NULL;
    AstNode *s = parse_node(P, AST_With, start);
    if (!s) return NULL;
    s->v.With.items = parse_vec_seq(&items);
    if (!parse_block(P, &s->v.With.body, "'with' statement", start->lineno)) return NULL;
    end_here(P, s);
    return s;
}

/* try_stmt: 'try' &&':' block (except_block+ [else] [finally] | finally_block)
 * except_block: 'except' ['*'] [expression ['as' NAME]] ':' block */
static AstNode *parse_try(Parser *P)
{
    Token *start = parse_tok(P);
    P->p++;
    if (!expect_colon(P, true)) return NULL;
    AstSeq body, orelse = { 0, NULL }, finalbody = { 0, NULL };
    if (!parse_block(P, &body, "'try' statement", start->lineno)) return NULL;
    NodeVec handlers = { 0 };
    int star = -1;
    while (parse_at(P, T_EXCEPT)) {
        Token *ex = parse_tok(P);
        P->p++;
        bool is_star = parse_accept(P, T_STAR);
        if (star >= 0 && star != is_star) {
            parse_error_tok(P, ex, "cannot have both 'except' and 'except*' on the same 'try'");
            return NULL;
        }
        star = is_star;
        AstNode *h = parse_node(P, AST_ExceptHandler, ex);
        if (!h) return NULL;
        if (!parse_at(P, T_COLON)) {
            if (is_star && parse_at(P, T_NEWLINE)) {
                parse_error_tok(P, parse_tok(P), "expected one or more exception types");
                return NULL;
            }
            AstNode *type = parse_expression(P);
            if (!type) return NULL;
            if (parse_at(P, T_COMMA)) {
                /* except A, B: -> CPython's hint */
                ParseMark m = parse_mark(P);
                P->p++;
                AstNode *rest = parse_expression(P);
                while (rest && parse_accept(P, T_COMMA)) rest = parse_expression(P);
                bool hint = rest && (parse_at(P, T_COLON) || parse_at(P, T_AS));
                parse_rewind(P, &m);
                if (hint) {
                    parse_error_at(P, type->lineno, type->col_offset, rest->end_lineno, rest->end_col_offset,
                                   "multiple exception types must be parenthesized");
                    return NULL;
                }
            }
            h->v.ExceptHandler.type = type;
            if (parse_accept(P, T_AS)) {
                Token *n = parse_expect(P, T_NAME);
                if (!n || !(h->v.ExceptHandler.name = parse_ident(P, n))) return NULL;
            }
        }
        if (!expect_colon(P, false)) return NULL;
        if (!parse_block(P, &h->v.ExceptHandler.body, is_star ? "'except*' statement" : "'except' statement",
                         ex->lineno))
            return NULL;
        end_here(P, h);
        if (!parse_vec_push(P, &handlers, h)) return NULL;
    }
    if (handlers.n && !parse_else(P, &orelse)) return NULL;
    if (parse_at(P, T_FINALLY)) {
        Token *f = parse_tok(P);
        P->p++;
        if (!expect_colon(P, true) || !parse_block(P, &finalbody, "'finally' statement", f->lineno)) return NULL;
    }
    if (!handlers.n && !finalbody.n) {
        parse_error_tok(P, parse_tok(P), "expected 'except' or 'finally' block");
        return NULL;
    }
    AstNode *s = parse_node(P, star == 1 ? AST_TryStar : AST_Try, start);
    if (!s) return NULL;
    s->v.Try.body = body;
    s->v.Try.handlers = parse_vec_seq(&handlers);
    s->v.Try.orelse = orelse;
    s->v.Try.finalbody = finalbody;
    end_here(P, s);
    return s;
}

/* `match` at the start of a statement followed by a subject and ':' is the
 * match statement, which tirun does not support. */
static bool looks_like_match(Parser *P)
{
    Token *t = parse_tok(P);
    if (t->type != T_NAME || t->end - t->start != 5 || memcmp(P->src->text + t->start, "match", 5) ||
        !parse_starts_expression(parse_peek_type(P, 1)))
        return false;
    for (int i = P->p + 1; i < P->ntoks; i++) {
        int ty = P->toks[i].type;
        if (ty == T_NEWLINE || ty == T_ERROR || ty == T_ENDMARKER) return P->toks[i - 1].type == T_COLON;
    }
    return false;
}

/* statement: compound_stmt | simple_stmts */
static bool parse_statement(Parser *P, NodeVec *out)
{
    AstNode *s = NULL;
    Token *t = parse_tok(P);
    switch (t->type) {
    case T_AT: case T_DEF: case T_CLASS: {
        AstSeq decorators = { 0, NULL };
        if (t->type == T_AT && !parse_decorators(P, &decorators)) return false;
        if (parse_at(P, T_DEF)) s = parse_funcdef(P, decorators);
        else if (parse_at(P, T_CLASS)) s = parse_classdef(P, decorators);
        else if (parse_at(P, T_ASYNC)) {
            parse_error_tok(P, parse_tok(P), "'async' functions are not supported by tirun");
            return false;
        } else {
            parse_syntax_error(P);
            return false;
        }
        break;
    }
    case T_IF: s = parse_if(P); break;
    case T_WHILE: s = parse_while(P); break;
    case T_FOR: s = parse_for(P); break;
    case T_WITH: s = parse_with(P); break;
    case T_TRY: s = parse_try(P); break;
    case T_ASYNC:
        parse_error_tok(P, t, "'async' statements are not supported by tirun");
        return false;
    default:
        if (looks_like_match(P)) {
            parse_error_tok(P, t, "'match' statements are not supported by tirun");
            return false;
        }
        return parse_simple_stmts(P, out);
    }
    return s && parse_vec_push(P, out, s);
}

/* statements: statement+ (up to a DEDENT or the end) */
static bool parse_statements(Parser *P, NodeVec *out)
{
    if (++P->depth > PARSE_MAXDEPTH) {
        parse_error_tok(P, parse_tok(P), "too many nested blocks");
        return false;
    }
    do {
        if (!parse_statement(P, out)) return false;
    } while (!parse_at(P, T_DEDENT) && !parse_at(P, T_ENDMARKER));
    P->depth--;
    return true;
}

/* file: [statements] ENDMARKER */
AstNode *parse_file(Parser *P)
{
    AstNode *mod = ast_new(P->a, AST_Module);
    if (!mod) return parse_oom(P), NULL;
    NodeVec body = { 0 };
    while (!parse_at(P, T_ENDMARKER)) {
        if (parse_at(P, T_ERROR) || parse_at(P, T_INDENT) || parse_at(P, T_DEDENT)) {
            parse_syntax_error(P);
            return NULL;
        }
        if (!parse_statement(P, &body)) return NULL;
    }
    mod->v.Module.body = parse_vec_seq(&body);
    return mod;
}

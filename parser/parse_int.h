/* Internals shared by the parser's files: the Parser state, token helpers,
 * node construction and error reporting. Not part of the public API. */
#ifndef TIRUN_PARSE_INT_H
#define TIRUN_PARSE_INT_H

#include "lexer.h"
#include "parse.h"

typedef struct Parser {
    Arena *a;
    const ParseSource *src;
    LexResult lex;
    Token *toks;
    int ntoks, p;
    ParseError *err;
    bool failed;
    int depth;            /* recursion depth of nested constructs */
    /* the last disjunction parsed, for "Perhaps you forgot a comma?" */
    AstNode *last_disj;
    int last_disj_start, last_disj_end;
} Parser;

/* How deep the tree may nest (an elif chain, 1000 chained unary operators
 * and the expressions inside them: CPython takes those). Every later pass
 * (compiler, symbol table, ast dump, kernel transformer) recurses on the tree
 * with no limit of its own; measured, the heaviest (nested lambdas) needs
 * about 200 bytes of C stack a level, so this stays far from 8 MB. */
enum { PARSE_MAXDEPTH = 3000 };

static inline Token *parse_tok(Parser *P) { return &P->toks[P->p]; }
static inline int parse_type(Parser *P) { return P->toks[P->p].type; }
static inline int parse_peek_type(Parser *P, int k)
{
    int i = P->p + k;
    return i < P->ntoks ? P->toks[i].type : T_ENDMARKER;
}
static inline bool parse_at(Parser *P, int type) { return P->toks[P->p].type == type; }
static inline Token *parse_last(Parser *P) { return &P->toks[P->p - 1]; }

/* A speculative parse: take a mark before, rewind to it after, which undoes
 * the tokens consumed and any error left. */
typedef struct { int p; bool failed; ParseError err; } ParseMark;
static inline ParseMark parse_mark(Parser *P)
{
    ParseMark m = { P->p, P->failed, *P->err };
    return m;
}
static inline void parse_rewind(Parser *P, const ParseMark *m)
{
    P->p = m->p;
    P->failed = m->failed;
    *P->err = m->err;
}

/* Consumes the current token if it has `type`. */
bool parse_accept(Parser *P, int type);
/* Consumes a token of `type` or fails with "invalid syntax" at the current token. */
Token *parse_expect(Parser *P, int type);

/* Error reporting: the first error wins; later calls are ignored. */
void parse_error_at(Parser *P, int lineno, int col, int end_lineno, int end_col,
                    const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void parse_error_tok(Parser *P, const Token *t, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void parse_error_node(Parser *P, const AstNode *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* "invalid syntax" at the current token (or the tokenizer's error when it stopped there). */
void parse_syntax_error(Parser *P);
void parse_oom(Parser *P);

/* An identifier token's name, NFKC-normalized as Python does (arena string). */
char *parse_ident(Parser *P, const Token *t);
/* A node of `kind` spanning from token `start` to the last consumed token. */
AstNode *parse_node(Parser *P, AstKind kind, const Token *start);
void parse_set_end(Parser *P, AstNode *n);

/* Growable list of nodes built in the arena. */
typedef struct { AstNode **items; int n, cap; } NodeVec;
bool parse_vec_push(Parser *P, NodeVec *v, AstNode *n);
AstSeq parse_vec_seq(NodeVec *v);
AstSeq parse_seq1(Parser *P, AstNode *n);

/* parse_expr.c */
bool parse_starts_expression(int type);   /* FIRST set of star_expression */
AstNode *parse_starred(Parser *P);         /* '*' bitwise_or */
AstNode *parse_expression(Parser *P);          /* expression (ternary, lambda) */
AstNode *parse_named_expression(Parser *P);    /* NAME ':=' expression | expression */
AstNode *parse_star_expressions(Parser *P);    /* a, *b, c  -> Tuple when a comma is present */
AstNode *parse_star_named_expressions_tuple(Parser *P);
AstNode *parse_disjunction(Parser *P);
AstNode *parse_bitwise_or(Parser *P);
AstNode *parse_yield_expr(Parser *P);
AstNode *parse_star_targets(Parser *P);        /* for / comprehension targets */
AstNode *parse_arguments_def(Parser *P, bool lambda, int closer);
AstNode *parse_call_trailer(Parser *P, AstNode *func, const Token *start, const Token *open);
/* Sets ctx Store/Del on a target expression; fails with CPython's message. */
bool parse_set_context(Parser *P, AstNode *e, int ctx, const char *what);
const char *parse_expr_desc(const AstNode *e);

/* strlit.c: the STRING tokens from `first` to `last` (inclusive) as one node. */
AstNode *parse_strings(Parser *P, int first, int last);
/* Number token -> Constant node value. */
bool parse_number(Parser *P, const Token *t, AstConst *out);

/* Parses an f-string replacement field's expression text at src[start, end)
 * located at (lineno, col) of the file. */
AstNode *parse_fstring_expr(Parser *P, const char *text, size_t len, int lineno, int col);

/* parse_stmt.c */
AstNode *parse_file(Parser *P);

#endif

/* The parser's entry points and shared machinery: source preparation, token
 * helpers, node construction, and the choice of which error to report when
 * the tokenizer and the parser both have one (CPython's rules). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_int.h"
#include "../util/unicode.h"

char *parse_read_stream(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        char *nb = realloc(buf, cap *= 2);
        if (!nb) free(buf);
        buf = nb;
    }
    if (buf && ferror(f)) {
        free(buf);
        buf = NULL;
    }
    *len = n;
    return buf;
}

bool parse_source_prepare(Arena *a, const char *filename, const char *bytes, size_t len,
                          ParseSource *out, ParseError *err)
{
    out->filename = filename;
    out->text = "";
    out->len = 0;
    if (len >= 3 && !memcmp(bytes, "\xEF\xBB\xBF", 3)) bytes += 3, len -= 3;
    char *t = arena_alloc(a, len + 1);
    if (!t) {
        memset(err, 0, sizeof *err);
        snprintf(err->msg, sizeof err->msg, "out of memory reading the source");
        return false;
    }
    size_t n = 0;
    int lineno = 1;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)bytes[i];
        if (c < 0x80) {
            if (c == 0) {
                memset(err, 0, sizeof *err);
                err->lineno = lineno;
                err->col_offset = err->end_col_offset = -1;
                snprintf(err->msg, sizeof err->msg, "source code cannot contain null bytes");
                return false;
            }
            if (c == '\r') {
                t[n++] = '\n';
                i += (i + 1 < len && bytes[i + 1] == '\n') ? 2 : 1;
                lineno++;
                continue;
            }
            lineno += c == '\n';
            t[n++] = (char)c;
            i++;
            continue;
        }
        uint32_t cp;
        int k = uni_decode_utf8((const unsigned char *)bytes + i, len - i, &cp);
        if (k <= 0) {
            memset(err, 0, sizeof *err);
            err->lineno = lineno;
            err->col_offset = err->end_col_offset = -1;
            snprintf(err->msg, sizeof err->msg,
                     "Non-UTF-8 code starting with '\\x%02x' in file %s on line %d, but no encoding "
                     "declared; see https://peps.python.org/pep-0263/ for details",
                     c, filename, lineno);
            return false;
        }
        memcpy(t + n, bytes + i, (size_t)k);
        n += (size_t)k;
        i += (size_t)k;
    }
    t[n] = 0;
    out->text = t;
    out->len = n;
    return true;
}

bool parse_accept(Parser *P, int type)
{
    if (P->toks[P->p].type != type) return false;
    P->p++;
    return true;
}

Token *parse_expect(Parser *P, int type)
{
    if (P->toks[P->p].type == type) return &P->toks[P->p++];
    parse_syntax_error(P);
    return NULL;
}

static void verror_at(Parser *P, ParseErrorKind kind, int lineno, int col, int end_lineno, int end_col,
                      const char *fmt, va_list ap)
{
    if (P->failed) return;
    P->failed = true;
    ParseError *e = P->err;
    e->kind = kind;
    e->lineno = lineno;
    e->col_offset = col;
    e->end_lineno = end_lineno;
    e->end_col_offset = end_col;
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
}

void parse_error_at(Parser *P, int lineno, int col, int end_lineno, int end_col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror_at(P, PARSE_SYNTAX_ERROR, lineno, col, end_lineno, end_col, fmt, ap);
    va_end(ap);
}

void parse_error_tok(Parser *P, const Token *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror_at(P, PARSE_SYNTAX_ERROR, t->lineno, t->col, t->end_lineno, t->end_col, fmt, ap);
    va_end(ap);
}

void parse_error_node(Parser *P, const AstNode *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror_at(P, PARSE_SYNTAX_ERROR, n->lineno, n->col_offset, n->end_lineno, n->end_col_offset, fmt, ap);
    va_end(ap);
}

void parse_oom(Parser *P)
{
    if (P->failed) return;
    parse_error_at(P, 1, -1, 1, -1, "out of memory while parsing");
}

/* Takes over the tokenizer's error as the parse error. */
static void take_lexer_error(Parser *P)
{
    if (P->failed) return;
    P->failed = true;
    if (P->lex.open_char) {
        ParseError *e = P->err;
        memset(e, 0, sizeof *e);
        e->lineno = e->end_lineno = P->lex.open_lineno;
        e->col_offset = P->lex.open_col;
        e->end_col_offset = P->lex.open_col + 1;
        snprintf(e->msg, sizeof e->msg, "'%c' was never closed", P->lex.open_char);
    } else {
        *P->err = P->lex.err;
    }
}

/* CPython's invalid_expression rule: inside brackets, an expression right
 * after another one is most likely a missing comma. */
static bool missing_comma(Parser *P)
{
    Token *t = parse_tok(P);
    AstNode *a = P->last_disj;
    if (P->failed || !a || P->last_disj_end != P->p || P->p == 0 || !P->toks[P->p - 1].level ||
        !parse_starts_expression(t->type) || t->type == T_STAR)
        return false;
    Token *a_tok = &P->toks[P->last_disj_start];
    if (a_tok->type == T_NAME && P->toks[P->last_disj_start + 1].type == T_STRING) return false;
    if (a->kind == AST_Name && (!strcmp(a->v.Name.id, "print") || !strcmp(a->v.Name.id, "exec"))) return false;
    ParseMark m = parse_mark(P);
    AstNode *b = parse_expression(P);
    parse_rewind(P, &m);
    if (!b) return false;
    parse_error_at(P, a->lineno, a->col_offset, b->end_lineno, b->end_col_offset,
                   "invalid syntax. Perhaps you forgot a comma?");
    return true;
}

void parse_syntax_error(Parser *P)
{
    Token *t = parse_tok(P);
    if (missing_comma(P)) return;
    if (t->type == T_ERROR) {
        take_lexer_error(P);
    } else if ((t->type == T_INDENT || t->type == T_DEDENT) && !P->failed) {
        parse_error_tok(P, t, t->type == T_INDENT ? "unexpected indent" : "unexpected unindent");
        P->err->kind = PARSE_INDENTATION_ERROR;
    } else {
        parse_error_tok(P, t, "invalid syntax");
    }
}

char *parse_ident(Parser *P, const Token *t)
{
    const char *s = P->src->text + t->start;
    size_t n = t->end - t->start;
    bool ascii = true;
    for (size_t i = 0; i < n; i++) ascii &= (unsigned char)s[i] < 0x80;
    if (ascii) {
        char *r = arena_strndup(P->a, s, n);
        if (!r) parse_oom(P);
        return r;
    }
    /* PEP 3131: identifiers are compared in NFKC form */
    size_t cap = UNI_NFKC_BOUND(n);
    char *r = arena_alloc(P->a, cap + 1);
    if (!r) {
        parse_oom(P);
        return NULL;
    }
    size_t k = uni_nfkc(s, n, r, cap);
    if (!k) {
        parse_oom(P);
        return NULL;
    }
    r[k] = 0;
    return r;
}

AstNode *parse_node(Parser *P, AstKind kind, const Token *start)
{
    AstNode *n = ast_new(P->a, kind);
    if (!n) {
        parse_oom(P);
        return NULL;
    }
    n->lineno = start->lineno;
    n->col_offset = start->col;
    parse_set_end(P, n);
    return n;
}

void parse_set_end(Parser *P, AstNode *n)
{
    const Token *last = &P->toks[P->p > 0 ? P->p - 1 : 0];
    n->end_lineno = last->end_lineno;
    n->end_col_offset = last->end_col;
}

bool parse_vec_push(Parser *P, NodeVec *v, AstNode *n)
{
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 4;
        AstNode **items = arena_alloc(P->a, (size_t)cap * sizeof *items);
        if (!items) {
            parse_oom(P);
            return false;
        }
        if (v->n) memcpy(items, v->items, (size_t)v->n * sizeof *items);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->n++] = n;
    return true;
}

AstSeq parse_vec_seq(NodeVec *v)
{
    AstSeq s = { v->n, v->items };
    return s;
}

AstSeq parse_seq1(Parser *P, AstNode *n)
{
    NodeVec v = { 0 };
    parse_vec_push(P, &v, n);
    return parse_vec_seq(&v);
}

/* After a parser error, a tokenizer error further on wins, and so does an
 * unclosed bracket opened on an earlier line than the error (CPython's
 * _PyPegen_tokenize_full_source_to_check_for_errors). */
static void prefer_tokenizer_error(Parser *P, bool parser_error)
{
    if (!parser_error) return;
    if (P->lex.n && P->lex.toks[P->lex.n - 1].type == T_ERROR) {
        int err_line = P->toks[P->p].lineno;
        if (P->lex.err_overrides) {
            *P->err = P->lex.err;
        } else if (P->lex.open_char && err_line > P->lex.open_lineno) {
            P->failed = false;
            take_lexer_error(P);
        }
    }
}

AstNode *parse_module(Arena *a, const ParseSource *src, ParseError *err)
{
    Parser P;
    memset(&P, 0, sizeof P);
    memset(err, 0, sizeof *err);
    P.a = a;
    P.src = src;
    P.err = err;
    if (!lex_tokenize(a, src, &P.lex)) {
        snprintf(err->msg, sizeof err->msg, "out of memory while tokenizing");
        err->lineno = 1;
        return NULL;
    }
    P.toks = P.lex.toks;
    P.ntoks = P.lex.n;
    AstNode *mod = parse_file(&P);
    if (P.failed) {
        bool from_parser = P.p < P.ntoks && P.toks[P.p].type != T_ERROR;
        prefer_tokenizer_error(&P, from_parser);
        return NULL;
    }
    return mod;
}

/* Parses the text of an f-string replacement field as "(expr)": its tokens
 * get positions in the file, the first line shifted to where it stands. */
AstNode *parse_fstring_expr(Parser *P, const char *text, size_t len, int lineno, int col)
{
    char *buf = arena_alloc(P->a, len + 3);
    if (!buf) return parse_oom(P), NULL;
    buf[0] = '(';
    memcpy(buf + 1, text, len);
    buf[len + 1] = ')';
    ParseSource sub = { P->src->filename, buf, len + 2 };
    Parser Q;
    memset(&Q, 0, sizeof Q);
    Q.a = P->a;
    Q.src = &sub;
    Q.err = P->err;
    Q.depth = P->depth;
    if (!lex_tokenize(P->a, &sub, &Q.lex)) return parse_oom(P), NULL;
    for (int i = 0; i < Q.lex.n; i++) {
        Token *t = &Q.lex.toks[i];
        if (t->lineno == 1) t->col += col;
        if (t->end_lineno == 1) t->end_col += col;
        t->lineno += lineno - 1;
        t->end_lineno += lineno - 1;
    }
    Q.toks = Q.lex.toks;
    Q.ntoks = Q.lex.n;
    if (Q.lex.err.lineno) {
        Q.lex.err.lineno += lineno - 1;
        Q.lex.err.end_lineno += lineno - 1;
    }
    /* fstring: star_expressions, over the text in parentheses */
    AstNode *e = parse_star_expressions(&Q);
    if (e && !parse_at(&Q, T_NEWLINE) && !parse_at(&Q, T_ENDMARKER)) parse_syntax_error(&Q);
    if (Q.failed) {
        P->failed = true;
        prefer_tokenizer_error(&Q, Q.p < Q.ntoks && Q.toks[Q.p].type != T_ERROR);
        return NULL;
    }
    return e;
}

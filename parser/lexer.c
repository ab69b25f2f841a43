/* The tokenizer (see lexer.h). It follows CPython's tokenizer rule for rule:
 * indentation with tab stops of 8 checked against tab size 1 (TabError),
 * blank and comment lines ignored, brackets joining lines, backslash
 * continuations, and the same messages and error positions. */
#include "lexer.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../util/unicode.h"

enum { LEX_MAXINDENT = 100, LEX_MAXLEVEL = 200 };

typedef struct {
    const char *s;
    size_t len, pos, line_start;
    int lineno;
    int indents[LEX_MAXINDENT + 1], altindents[LEX_MAXINDENT + 1], nindent;
    struct { char c; int lineno, col; } parens[LEX_MAXLEVEL];
    int level;
    Token *toks;
    int n, cap;
    Arena *a;
    LexResult *res;
    bool oom;
} Lex;

static const struct { const char *text; uint8_t type; uint8_t len; } lex_ops[] = {
#define X(n, s) { s, T_##n, sizeof(s) - 1 },
    LEX_OPS(X)
#undef X
};

static const struct { const char *text; uint8_t type; uint8_t len; } lex_keywords[] = {
#define X(n, s) { s, T_##n, sizeof(s) - 1 },
    LEX_KEYWORDS(X)
#undef X
};

static const char *const lex_names[T_NTYPES] = {
    "ENDMARKER", "NAME", "NUMBER", "STRING", "NEWLINE", "INDENT", "DEDENT", "ERRORTOKEN", "OP",
#define X(n, s) s,
    LEX_OPS(X)
    LEX_KEYWORDS(X)
#undef X
};

const char *lex_token_name(int type)
{
    return type >= 0 && type < T_NTYPES ? lex_names[type] : "?";
}

static int cur(Lex *L) { return L->pos < L->len ? (unsigned char)L->s[L->pos] : -1; }
static int peek(Lex *L, size_t k) { return L->pos + k < L->len ? (unsigned char)L->s[L->pos + k] : -1; }
static int col_of(Lex *L, size_t pos) { return (int)(pos - L->line_start); }

static Token *push(Lex *L, int type, size_t start, int lineno, int col)
{
    if (L->n == L->cap) {
        int cap = L->cap ? L->cap * 2 : 1024;
        Token *t = arena_alloc(L->a, (size_t)cap * sizeof(Token));
        if (!t) {
            L->oom = true;
            return NULL;
        }
        if (L->n) memcpy(t, L->toks, (size_t)L->n * sizeof(Token));
        L->toks = t;
        L->cap = cap;
    }
    Token *t = &L->toks[L->n++];
    t->type = (uint8_t)type;
    t->start = (uint32_t)start;
    t->end = (uint32_t)L->pos;
    t->lineno = lineno;
    t->col = col;
    t->end_lineno = L->lineno;
    t->end_col = col_of(L, L->pos);
    t->level = (uint8_t)L->level;
    return t;
}

/* Records an error at byte column `col` (0-based; -1 for "before the line")
 * of line `lineno`, and ends the token stream with T_ERROR. */
static void lex_fail(Lex *L, bool overrides, ParseErrorKind kind, int lineno, int col, int end_col,
                     const char *fmt, ...) __attribute__((format(printf, 7, 8)));
static void lex_fail(Lex *L, bool overrides, ParseErrorKind kind, int lineno, int col, int end_col,
                     const char *fmt, ...)
{
    ParseError *e = &L->res->err;
    e->kind = kind;
    e->lineno = e->end_lineno = lineno;
    e->col_offset = col;
    e->end_col_offset = end_col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    L->res->err_overrides = overrides;
    push(L, T_ERROR, L->pos, L->lineno, col_of(L, L->pos));
}

/* CPython's syntaxerror(): the caret goes under the character before the cursor. */
static void lex_fail_here(Lex *L, const char *msg)
{
    size_t p = L->pos;
    if (p > L->line_start) {
        p--;
        while (p > L->line_start && ((unsigned char)L->s[p] & 0xC0) == 0x80) p--;
        lex_fail(L, true, PARSE_SYNTAX_ERROR, L->lineno, col_of(L, p), -1, "%s", msg);
    } else {
        lex_fail(L, true, PARSE_SYNTAX_ERROR, L->lineno, -1, -1, "%s", msg);
    }
}

static bool is_id_char_ascii(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static bool is_potential_id_char(int c) { return c >= 128 || is_id_char_ascii(c); }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }

/* After a number: a letter right behind it is an error, except the keywords
 * that may follow a number in valid code (CPython only warns for those). */
static bool verify_end_of_number(Lex *L, const char *kind)
{
    static const char *const ok_after[] = { "and", "else", "for", "if", "in", "is", "or", "not" };
    int c = cur(L);
    for (size_t i = 0; i < sizeof ok_after / sizeof *ok_after; i++) {
        size_t n = strlen(ok_after[i]);
        if (L->pos + n <= L->len && !memcmp(L->s + L->pos, ok_after[i], n)) return true;
    }
    if (c >= 0 && c < 128 && is_potential_id_char(c)) {
        char msg[64];
        snprintf(msg, sizeof msg, "invalid %s literal", kind);
        lex_fail_here(L, msg);
        return false;
    }
    return true;
}

/* digits ('_'? digits)* : returns false after reporting "invalid decimal literal". */
static bool decimal_tail(Lex *L)
{
    for (;;) {
        while (is_digit(cur(L))) L->pos++;
        if (cur(L) != '_') return true;
        L->pos++;
        if (!is_digit(cur(L))) {
            lex_fail_here(L, "invalid decimal literal");
            return false;
        }
    }
}

static bool is_radix_digit(int c, int radix)
{
    if (radix == 16) return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    return c >= '0' && c < '0' + radix;
}

/* 0x / 0o / 0b literals; the cursor is on the prefix letter. */
static bool lex_radix(Lex *L, int radix, const char *kind)
{
    L->pos++;
    do {
        if (cur(L) == '_') L->pos++;
        if (!is_radix_digit(cur(L), radix)) {
            int c = cur(L);
            char msg[64];
            if (radix != 16 && is_digit(c)) {
                L->pos++;
                snprintf(msg, sizeof msg, "invalid digit '%c' in %s literal", c, kind);
            } else {
                snprintf(msg, sizeof msg, "invalid %s literal", kind);
            }
            lex_fail_here(L, msg);
            return false;
        }
        while (is_radix_digit(cur(L), radix)) L->pos++;
    } while (cur(L) == '_');
    if (radix != 16 && is_digit(cur(L))) {
        int c = cur(L);
        L->pos++;
        char msg[64];
        snprintf(msg, sizeof msg, "invalid digit '%c' in %s literal", c, kind);
        lex_fail_here(L, msg);
        return false;
    }
    return verify_end_of_number(L, kind);
}

/* The fraction / exponent / imaginary tail of a decimal number. */
static bool lex_float_tail(Lex *L, bool fraction)
{
    if (fraction && is_digit(cur(L)) && !decimal_tail(L)) return false;
    int c = cur(L);
    if (c == 'e' || c == 'E') {
        size_t e = L->pos;
        L->pos++;
        c = cur(L);
        if (c == '+' || c == '-') {
            L->pos++;
            if (!is_digit(cur(L))) {
                lex_fail_here(L, "invalid decimal literal");
                return false;
            }
        } else if (!is_digit(c)) {
            /* "1else": the 'e' starts the next token */
            L->pos = e;
            return verify_end_of_number(L, "decimal");
        }
        if (!decimal_tail(L)) return false;
    }
    if (cur(L) == 'j' || cur(L) == 'J') {
        L->pos++;
        return verify_end_of_number(L, "imaginary");
    }
    return verify_end_of_number(L, "decimal");
}

static bool lex_number(Lex *L)
{
    size_t start = L->pos;
    int lineno = L->lineno, col = col_of(L, start);
    if (cur(L) == '.') {
        L->pos++;
        if (!lex_float_tail(L, true)) return false;
    } else if (cur(L) == '0') {
        L->pos++;
        int c = cur(L);
        if (c == 'x' || c == 'X') {
            if (!lex_radix(L, 16, "hexadecimal")) return false;
        } else if (c == 'o' || c == 'O') {
            if (!lex_radix(L, 8, "octal")) return false;
        } else if (c == 'b' || c == 'B') {
            if (!lex_radix(L, 2, "binary")) return false;
        } else {
            bool nonzero = false;
            for (;;) {
                if (cur(L) == '_') {
                    L->pos++;
                    if (!is_digit(cur(L))) {
                        lex_fail_here(L, "invalid decimal literal");
                        return false;
                    }
                }
                if (cur(L) != '0') break;
                L->pos++;
            }
            size_t zeros_end = L->pos;
            if (is_digit(cur(L))) {
                nonzero = true;
                if (!decimal_tail(L)) return false;
            }
            c = cur(L);
            if (c == '.') {
                L->pos++;
                if (!lex_float_tail(L, true)) return false;
            } else if (c == 'e' || c == 'E' || c == 'j' || c == 'J') {
                if (!lex_float_tail(L, false)) return false;
            } else if (nonzero) {
                lex_fail(L, true, PARSE_SYNTAX_ERROR, lineno, col, col_of(L, zeros_end),
                         "leading zeros in decimal integer literals are not permitted; "
                         "use an 0o prefix for octal integers");
                return false;
            } else if (!verify_end_of_number(L, "decimal")) {
                return false;
            }
        }
    } else {
        if (!decimal_tail(L)) return false;
        if (cur(L) == '.') {
            L->pos++;
            if (!lex_float_tail(L, true)) return false;
        } else if (!lex_float_tail(L, false)) {
            return false;
        }
    }
    return push(L, T_NUMBER, start, lineno, col) != NULL;
}

/* A string literal from its prefix at `start`; the cursor is on the opening quote. */
static bool lex_string(Lex *L, size_t start)
{
    int lineno = L->lineno, col = col_of(L, start);
    size_t first_line_start = L->line_start;
    char q = L->s[L->pos];
    int qsize = 1;
    if (peek(L, 1) == q && peek(L, 2) == q) qsize = 3;
    L->pos += (size_t)qsize;
    int endq = 0;
    while (endq != qsize) {
        int c = cur(L);
        if (c < 0 || (qsize == 1 && c == '\n')) {
            /* CPython counts the line the last character is on */
            int detected = L->lineno - (c < 0 && L->pos > 0 && L->s[L->pos - 1] == '\n');
            L->line_start = first_line_start;
            if (qsize == 3)
                lex_fail(L, true, PARSE_SYNTAX_ERROR, lineno, col, -1,
                         "unterminated triple-quoted string literal (detected at line %d)", detected);
            else
                lex_fail(L, true, PARSE_SYNTAX_ERROR, lineno, col, -1,
                         "unterminated string literal (detected at line %d)", detected);
            return false;
        }
        L->pos++;
        if (c == q) {
            endq++;
            continue;
        }
        endq = 0;
        if (c == '\n') {
            L->lineno++;
            L->line_start = L->pos;
        } else if (c == '\\' && L->pos < L->len) {
            if (L->s[L->pos] == '\n') {
                L->lineno++;
                L->line_start = L->pos + 1;
            }
            L->pos++;
        }
    }
    return push(L, T_STRING, start, lineno, col) != NULL;
}

/* An identifier, keyword, or the prefix of a string literal. */
static bool lex_name(Lex *L)
{
    size_t start = L->pos;
    int lineno = L->lineno, col = col_of(L, start);
    bool saw_b = false, saw_r = false, saw_u = false, saw_f = false;
    for (;;) {
        int c = cur(L);
        if (!(saw_b || saw_u || saw_f) && (c == 'b' || c == 'B')) saw_b = true;
        else if (!(saw_b || saw_u || saw_r || saw_f) && (c == 'u' || c == 'U')) saw_u = true;
        else if (!(saw_r || saw_u) && (c == 'r' || c == 'R')) saw_r = true;
        else if (!(saw_f || saw_b || saw_u) && (c == 'f' || c == 'F')) saw_f = true;
        else break;
        L->pos++;
        if (cur(L) == '"' || cur(L) == '\'') return lex_string(L, start);
    }
    bool nonascii = false;
    while (L->pos < L->len && is_potential_id_char((unsigned char)L->s[L->pos])) {
        nonascii |= (unsigned char)L->s[L->pos] >= 128;
        L->pos++;
    }
    if (nonascii) {
        /* the first character that is not part of an identifier is the error */
        size_t p = start;
        bool first = true;
        while (p < L->pos) {
            uint32_t cp;
            int n = uni_decode_utf8((const unsigned char *)L->s + p, L->pos - p, &cp);
            if (n <= 0) n = 1, cp = 0xFFFD;
            bool ok = first ? uni_is_id_start(cp) : uni_is_id_continue(cp);
            if (!ok) {
                L->pos = p + (size_t)n;
                if (uni_is_printable(cp))
                    lex_fail(L, true, PARSE_SYNTAX_ERROR, lineno, col_of(L, p), -1,
                             "invalid character '%.*s' (U+%04X)", n, L->s + p, (unsigned)cp);
                else
                    lex_fail(L, true, PARSE_SYNTAX_ERROR, lineno, col_of(L, p), -1,
                             "invalid non-printable character U+%04X", (unsigned)cp);
                return false;
            }
            first = false;
            p += (size_t)n;
        }
    }
    int type = T_NAME;
    size_t n = L->pos - start;
    for (size_t i = 0; i < sizeof lex_keywords / sizeof *lex_keywords; i++) {
        if (lex_keywords[i].len == n && lex_keywords[i].text[0] == L->s[start] &&
            !memcmp(lex_keywords[i].text, L->s + start, n)) {
            type = lex_keywords[i].type;
            break;
        }
    }
    return push(L, type, start, lineno, col) != NULL;
}

static bool lex_operator(Lex *L)
{
    size_t start = L->pos;
    int lineno = L->lineno, col = col_of(L, start);
    int best = -1;
    for (size_t i = 0; i < sizeof lex_ops / sizeof *lex_ops; i++) {
        size_t n = lex_ops[i].len;
        if (L->pos + n <= L->len && lex_ops[i].text[0] == L->s[start] &&
            !memcmp(lex_ops[i].text, L->s + start, n) && (best < 0 || n > lex_ops[best].len))
            best = (int)i;
    }
    if (best < 0) {
        uint32_t cp;
        int n = uni_decode_utf8((const unsigned char *)L->s + start, L->len - start, &cp);
        if (n <= 0) n = 1, cp = (unsigned char)L->s[start];
        L->pos += (size_t)n;
        if (cp < 32 || cp == 127) {
            lex_fail(L, true, PARSE_SYNTAX_ERROR, lineno, col, -1,
                     "invalid non-printable character U+%04X", (unsigned)cp);
            return false;
        }
        return push(L, T_BADCHAR, start, lineno, col) != NULL;
    }
    int type = lex_ops[best].type;
    L->pos += lex_ops[best].len;
    if (type == T_LPAR || type == T_LSQB || type == T_LBRACE) {
        if (L->level >= LEX_MAXLEVEL) {
            lex_fail_here(L, "too many nested parentheses");
            return false;
        }
        L->parens[L->level].c = L->s[start];
        L->parens[L->level].lineno = lineno;
        L->parens[L->level].col = col;
        L->level++;
    } else if (type == T_RPAR || type == T_RSQB || type == T_RBRACE) {
        char c = L->s[start];
        if (!L->level) {
            lex_fail_here(L, c == ')' ? "unmatched ')'" : c == ']' ? "unmatched ']'" : "unmatched '}'");
            return false;
        }
        L->level--;
        char o = L->parens[L->level].c;
        if (!((o == '(' && c == ')') || (o == '[' && c == ']') || (o == '{' && c == '}'))) {
            char msg[128];
            if (L->parens[L->level].lineno != lineno)
                snprintf(msg, sizeof msg,
                         "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d",
                         c, o, L->parens[L->level].lineno);
            else
                snprintf(msg, sizeof msg,
                         "closing parenthesis '%c' does not match opening parenthesis '%c'", c, o);
            lex_fail_here(L, msg);
            return false;
        }
    }
    return push(L, type, start, lineno, col) != NULL;
}

/* Measures the indentation at the start of a line and emits INDENT/DEDENT.
 * Returns false after an error. *blank says the line holds no tokens. */
static bool lex_indentation(Lex *L, bool *blank)
{
    int col = 0, altcol = 0;
    for (;;) {
        int c = cur(L);
        if (c == ' ') col++, altcol++;
        else if (c == '\t') col = (col / 8 + 1) * 8, altcol++;
        else if (c == '\f') col = altcol = 0;
        else break;
        L->pos++;
    }
    int c = cur(L);
    *blank = c == '#' || c == '\n' || (c == '\\' && peek(L, 1) == '\n');
    if (c < 0) col = altcol = 0;
    if (*blank || L->level) return true;
    int top = L->nindent;
    if (col == L->indents[top]) {
        if (altcol != L->altindents[top]) goto tab_error;
    } else if (col > L->indents[top]) {
        if (top + 1 >= LEX_MAXINDENT) {
            lex_fail(L, true, PARSE_INDENTATION_ERROR, L->lineno, -1, -1, "too many levels of indentation");
            return false;
        }
        if (altcol <= L->altindents[top]) goto tab_error;
        L->nindent++;
        L->indents[L->nindent] = col;
        L->altindents[L->nindent] = altcol;
        return push(L, T_INDENT, L->line_start, L->lineno, 0) != NULL;
    } else {
        while (L->nindent > 0 && col < L->indents[L->nindent]) {
            L->nindent--;
            if (!push(L, T_DEDENT, L->pos, L->lineno, col_of(L, L->pos))) return false;
        }
        if (col != L->indents[L->nindent]) {
            size_t eol = L->pos;
            while (eol < L->len && L->s[eol] != '\n') eol++;
            lex_fail(L, false, PARSE_INDENTATION_ERROR, L->lineno, col_of(L, eol), -1,
                     "unindent does not match any outer indentation level");
            return false;
        }
        if (altcol != L->altindents[L->nindent]) goto tab_error;
    }
    return true;
tab_error:
    lex_fail(L, false, PARSE_TAB_ERROR, L->lineno, -1, -1,
             "inconsistent use of tabs and spaces in indentation");
    return false;
}

bool lex_tokenize(Arena *a, const ParseSource *src, LexResult *out)
{
    Lex L;
    memset(&L, 0, sizeof L);
    memset(out, 0, sizeof *out);
    L.s = src->text;
    L.len = src->len;
    L.lineno = 1;
    L.a = a;
    L.res = out;
    bool at_bol = true, blank = false, ok = true;
    while (ok && !L.oom) {
        if (at_bol) {
            at_bol = false;
            if (!lex_indentation(&L, &blank)) break;
        }
        int c = cur(&L);
        while (c == ' ' || c == '\t' || c == '\f') {
            L.pos++;
            c = cur(&L);
        }
        if (c == '#') {
            while (L.pos < L.len && L.s[L.pos] != '\n') L.pos++;
            c = cur(&L);
        }
        if (c < 0) {
            if (L.pos && L.s[L.pos - 1] == '\n') {
                /* CPython's end-of-input tokens stand on the last line */
                L.lineno--;
            }
            if (L.level) {
                out->open_char = L.parens[L.level - 1].c;
                out->open_lineno = L.parens[L.level - 1].lineno;
                out->open_col = L.parens[L.level - 1].col;
                lex_fail(&L, false, PARSE_SYNTAX_ERROR, L.lineno, col_of(&L, L.pos), -1,
                         "unexpected EOF while parsing");
                break;
            }
            if (L.n && L.toks[L.n - 1].type != T_NEWLINE && L.toks[L.n - 1].type != T_DEDENT &&
                L.toks[L.n - 1].type != T_INDENT) {
                Token *t = push(&L, T_NEWLINE, L.pos, L.lineno, col_of(&L, L.pos));
                if (!t) break;
                t->end_col = t->col + 1;
            }
            /* DEDENT and ENDMARKER at the end have no column, like CPython's (no caret under them) */
            int first_eof = L.n;
            while (ok && L.nindent > 0) {
                L.nindent--;
                ok = push(&L, T_DEDENT, L.pos, L.lineno, -1) != NULL;
            }
            if (ok) push(&L, T_ENDMARKER, L.pos, L.lineno, -1);
            for (int i = first_eof; i < L.n; i++) L.toks[i].end_col = -1;
            break;
        }
        if (c == '\n') {
            if (!blank && !L.level) {
                Token *t = push(&L, T_NEWLINE, L.pos, L.lineno, col_of(&L, L.pos));
                if (!t) break;
                t->end_col = t->col + 1;
            }
            L.pos++;
            L.lineno++;
            L.line_start = L.pos;
            at_bol = !L.level;
            if (L.level) blank = false;
            continue;
        }
        if (c == '\\') {
            L.pos++;
            if (cur(&L) != '\n') {
                if (cur(&L) < 0) {
                    lex_fail(&L, true, PARSE_SYNTAX_ERROR, L.lineno, col_of(&L, L.pos), -1,
                             "unexpected EOF while parsing");
                } else {
                    L.pos++;
                    lex_fail_here(&L, "unexpected character after line continuation character");
                }
                break;
            }
            if (L.pos + 1 >= L.len) {
                lex_fail(&L, true, PARSE_SYNTAX_ERROR, L.lineno, col_of(&L, L.pos + 1), -1,
                         "unexpected EOF while parsing");
                break;
            }
            L.pos++;
            L.lineno++;
            L.line_start = L.pos;
            continue;
        }
        blank = false;
        if (is_digit(c) || (c == '.' && is_digit(peek(&L, 1))))
            ok = lex_number(&L);
        else if (c == '"' || c == '\'')
            ok = lex_string(&L, L.pos);
        else if (is_potential_id_char(c) && !(c >= 128 && c < 0xC0))
            ok = lex_name(&L);
        else
            ok = lex_operator(&L);
    }
    out->toks = L.toks;
    out->n = L.n;
    return !L.oom;
}

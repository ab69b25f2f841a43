/* Literals: numbers, strings with their escapes, implicit concatenation, and
 * f-strings (split into literal parts and replacement fields whose
 * expressions are parsed by a sub-parser), positioned as CPython 3.11 does. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_int.h"
#include "pyrepr.h"
#include "../util/unicode.h"

bool parse_number(Parser *P, const Token *t, AstConst *out)
{
    const char *s = P->src->text + t->start;
    size_t n = t->end - t->start;
    char small[128], *buf = n < sizeof small ? small : arena_alloc(P->a, n + 1);
    if (!buf) return parse_oom(P), false;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] != '_') buf[k++] = s[i];
    buf[k] = 0;
    char last = buf[k - 1];
    if (last == 'j' || last == 'J') {
        buf[k - 1] = 0;
        out->kind = AST_C_COMPLEX;
        out->f = strtod(buf, NULL);
        return true;
    }
    int base = 10;
    const char *digits = buf;
    if (buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X')) base = 16, digits += 2;
    else if (buf[0] == '0' && (buf[1] == 'o' || buf[1] == 'O')) base = 8, digits += 2;
    else if (buf[0] == '0' && (buf[1] == 'b' || buf[1] == 'B')) base = 2, digits += 2;
    else if (strpbrk(buf, ".eE")) {
        out->kind = AST_C_FLOAT;
        out->f = strtod(buf, NULL);
        return true;
    }
    out->kind = AST_C_INT;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(digits, &end, base);
    if (errno == 0 && v <= (unsigned long long)INT64_MAX) {
        out->i = (int64_t)v;
        return true;
    }
    out->s = repr_bigint_decimal(P->a, digits, base);
    if (!out->s) return parse_oom(P), false;
    out->len = strlen(out->s);
    return true;
}

/* ---- escapes ---------------------------------------------------------------- */

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Appends a code point as (generalized) UTF-8: lone surrogates are kept as
 * three-byte sequences, as Python str can hold them. */
static void put_cp(StrBuf *b, uint32_t cp)
{
    char u[4];
    int n;
    if (cp < 0x80) u[0] = (char)cp, n = 1;
    else if (cp < 0x800) u[0] = (char)(0xC0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
    else if (cp < 0x10000)
        u[0] = (char)(0xE0 | cp >> 12), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)),
        u[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
    else
        u[0] = (char)(0xF0 | cp >> 18), u[1] = (char)(0x80 | ((cp >> 12) & 0x3F)),
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
    sb_putn(b, u, (size_t)n);
}

typedef struct {
    Parser *P;
    const Token *err_tok;     /* where decoding errors are reported */
} Decoder;

static bool decode_error(Decoder *D, const char *kind, size_t from, size_t to, const char *why)
{
    if (to > from + 1)
        parse_error_tok(D->P, D->err_tok, "(%s error) '%sescape' codec can't decode bytes in position %zu-%zu: %s",
                        kind[0] == 'u' ? "unicode" : "value", kind, from, to - 1, why);
    else
        parse_error_tok(D->P, D->err_tok, "(%s error) '%sescape' codec can't decode byte 0x5c in position %zu: %s",
                        kind[0] == 'u' ? "unicode" : "value", kind, from, why);
    return false;
}

/* Decodes the body s[0..n) of a non-raw literal into b. */
static bool decode_escapes(Decoder *D, const char *s, size_t n, bool bytes, StrBuf *b)
{
    const char *kind = bytes ? "" : "unicode";
    size_t i = 0;
    while (i < n) {
        size_t run = i;
        while (i < n && s[i] != '\\') i++;
        if (i > run) sb_putn(b, s + run, i - run);
        if (i >= n) break;
        size_t at = i;
        if (++i >= n) {
            if (bytes) return decode_error(D, "", at, n, "\\ at end of string");
            return decode_error(D, kind, at, n, "\\ at end of string");
        }
        char c = s[i++];
        switch (c) {
        case '\n': break;
        case '\\': sb_putc(b, '\\'); break;
        case '\'': sb_putc(b, '\''); break;
        case '"': sb_putc(b, '"'); break;
        case 'a': sb_putc(b, '\a'); break;
        case 'b': sb_putc(b, '\b'); break;
        case 'f': sb_putc(b, '\f'); break;
        case 'n': sb_putc(b, '\n'); break;
        case 'r': sb_putc(b, '\r'); break;
        case 't': sb_putc(b, '\t'); break;
        case 'v': sb_putc(b, '\v'); break;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
            uint32_t v = (uint32_t)(c - '0');
            for (int k = 0; k < 2 && i < n && s[i] >= '0' && s[i] <= '7'; k++) v = v * 8 + (uint32_t)(s[i++] - '0');
            if (bytes) sb_putc(b, (char)(v & 0xFF));
            else put_cp(b, v);
            break;
        }
        case 'x': case 'u': case 'U': {
            int digits = c == 'x' ? 2 : c == 'u' ? 4 : 8;
            if (bytes && c != 'x') {
                sb_putc(b, '\\');
                sb_putc(b, c);
                break;
            }
            uint32_t v = 0;
            int k = 0;
            for (; k < digits && i < n && hexval((unsigned char)s[i]) >= 0; k++) v = v * 16 + (uint32_t)hexval((unsigned char)s[i++]);
            if (k < digits) {
                const char *why = c == 'x' ? "truncated \\xXX escape" : c == 'u' ? "truncated \\uXXXX escape"
                                                                      : "truncated \\UXXXXXXXX escape";
                if (bytes) {
                    parse_error_tok(D->P, D->err_tok, "(value error) invalid \\x escape at position %zu", at);
                    return false;
                }
                return decode_error(D, kind, at, i, why);
            }
            if (v > 0x10FFFF) return decode_error(D, kind, at, i, "illegal Unicode character");
            if (bytes) sb_putc(b, (char)v);
            else put_cp(b, v);
            break;
        }
        case 'N': {
            if (bytes) {
                sb_puts(b, "\\N");
                break;
            }
            uint32_t cp;
            if (i < n && s[i] == '{') {
                const char *close = memchr(s + i, '}', n - i);
                if (close && close > s + i + 1 && uni_lookup_name(s + i + 1, (size_t)(close - s - i - 1), &cp)) {
                    put_cp(b, cp);
                    i = (size_t)(close - s) + 1;
                    break;
                }
                if (close && close > s + i + 1)
                    return decode_error(D, kind, at, (size_t)(close - s) + 1, "unknown Unicode character name");
            }
            return decode_error(D, kind, at, i, "malformed \\N character escape");
        }
        default:
            /* unknown escapes stay as written (a DeprecationWarning in CPython) */
            sb_putc(b, '\\');
            i--;
            break;
        }
    }
    return true;
}

/* ---- one string token ----------------------------------------------------- */

typedef struct {
    bool bytes, raw, fstr, u;
    const char *body;          /* between the quotes */
    size_t len;
    int quote;                 /* 1 or 3 */
} StrTok;

static void split_token(Parser *P, const Token *t, StrTok *st)
{
    const char *s = P->src->text + t->start, *e = P->src->text + t->end;
    memset(st, 0, sizeof *st);
    st->u = *s == 'u';
    while (*s != '\'' && *s != '"') {
        char c = (char)(*s | 0x20);
        st->bytes |= c == 'b';
        st->raw |= c == 'r';
        st->fstr |= c == 'f';
        s++;
    }
    st->quote = (e - s >= 6 && s[1] == s[0] && s[2] == s[0]) ? 3 : 1;
    st->body = s + st->quote;
    st->len = (size_t)(e - s) - 2 * (size_t)st->quote;
}

/* ---- f-strings -------------------------------------------------------------- */

typedef struct {
    NodeVec values;
    StrBuf last;          /* literal text not yet turned into a Constant */
    bool has_last;
} FState;

typedef struct {
    Parser *P;
    const Token *first, *last;   /* the whole concatenation */
    const Token *err_tok;        /* errors: the token after the strings */
    bool u;
} FCtx;

static void set_span(AstNode *n, const Token *first, const Token *last)
{
    n->lineno = first->lineno;
    n->col_offset = first->col;
    n->end_lineno = last->end_lineno;
    n->end_col_offset = last->end_col;
}

static AstNode *make_str(FCtx *C, StrBuf *text, const Token *first, const Token *last)
{
    AstNode *c = ast_new(C->P->a, AST_Constant);
    if (!c) return parse_oom(C->P), NULL;
    set_span(c, first, last);
    c->v.Constant.value.kind = AST_C_STR;
    c->v.Constant.value.s = arena_strndup(C->P->a, text->data ? text->data : "", text->len);
    c->v.Constant.value.len = text->len;
    if (!c->v.Constant.value.s) return parse_oom(C->P), NULL;
    if (*(C->P->src->text + first->start) == 'u') c->v.Constant.kind = "u";
    return c;
}

static bool flush_last(FCtx *C, FState *S, const Token *first, const Token *last)
{
    if (!S->last.len) return true;
    AstNode *c = make_str(C, &S->last, first, last);
    S->last.len = 0;
    return c && parse_vec_push(C->P, &S->values, c);
}

static bool fstr_error(FCtx *C, const char *msg)
{
    parse_error_tok(C->P, C->err_tok, "%s", msg);
    return false;
}

static bool fstring_parse(FCtx *C, FState *S, const Token *t, const StrTok *st, const char **pos,
                          const char *end, int level);

/* A replacement field starting at the '{' at *pos. */
static bool fstring_expr(FCtx *C, FState *S, const Token *t, const StrTok *st, const char **pos,
                         const char *end, int level)
{
    if (level >= 2) return fstr_error(C, "f-string: expressions nested too deeply");
    const char *brace = *pos;
    const char *s = brace + 1, *expr_start = s;
    char quote = 0, stack[200];
    int qsize = 0, depth = 0;
    for (; s < end; s++) {
        char ch = *s;
        if (ch == '\\') return fstr_error(C, "f-string expression part cannot include a backslash");
        if (quote) {
            if (ch == quote) {
                if (qsize == 3) {
                    if (s + 2 < end && s[1] == ch && s[2] == ch) {
                        s += 2;
                        quote = 0;
                    }
                } else {
                    quote = 0;
                }
            }
            continue;
        }
        if (ch == '\'' || ch == '"') {
            if (s + 2 < end && s[1] == ch && s[2] == ch) qsize = 3, s += 2;
            else qsize = 1;
            quote = ch;
        } else if (ch == '[' || ch == '{' || ch == '(') {
            if (depth >= 200) return fstr_error(C, "f-string: too many nested parenthesis");
            stack[depth++] = ch;
        } else if (ch == '#') {
            return fstr_error(C, "f-string expression part cannot include '#'");
        } else if (depth == 0 && (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' || ch == '<')) {
            if (s + 1 < end && s[1] == '=' && ch != ':' && ch != '}') {
                s++;
                continue;
            }
            if (ch == '>' || ch == '<') continue;
            break;
        } else if (ch == ']' || ch == '}' || ch == ')') {
            char msg[96];
            if (!depth) {
                snprintf(msg, sizeof msg, "f-string: unmatched '%c'", ch);
                return fstr_error(C, msg);
            }
            char o = stack[--depth];
            if (!((o == '(' && ch == ')') || (o == '[' && ch == ']') || (o == '{' && ch == '}'))) {
                snprintf(msg, sizeof msg, "f-string: closing parenthesis '%c' does not match opening parenthesis '%c'", ch, o);
                return fstr_error(C, msg);
            }
        }
    }
    const char *expr_end = s;
    if (quote) return fstr_error(C, "f-string: unterminated string");
    if (depth) {
        char msg[64];
        snprintf(msg, sizeof msg, "f-string: unmatched '%c'", stack[depth - 1]);
        return fstr_error(C, msg);
    }
    if (s >= end) return fstr_error(C, "f-string: expecting '}'");

    const char *k = expr_start;
    while (k < expr_end && (*k == ' ' || *k == '\t' || *k == '\n' || *k == '\f' || *k == '\r')) k++;
    if (k == expr_end) return fstr_error(C, "f-string: empty expression not allowed");

    /* where the expression's first line starts in the file (fstring_find_expr_location) */
    const char *tok_text = C->P->src->text + t->start;
    int lines = 0, cols = 0;
    bool newline_after_brace = true;
    for (const char *q = brace + 1; q < end && *q != '}' && *q != '\n'; q++) {
        if (*q != ' ' && *q != '\t' && *q != '\f') {
            newline_after_brace = false;
            break;
        }
    }
    if (!newline_after_brace) {
        const char *q = brace;
        while (q > tok_text && *q != '\n') q--;
        cols = (int)(brace - q);
        if (*q == '\n') cols--;
    }
    for (const char *q = tok_text; q < brace; q++) lines += *q == '\n';
    int col = lines ? cols : t->col + cols;
    AstNode *expr = parse_fstring_expr(C->P, expr_start, (size_t)(expr_end - expr_start), t->lineno + lines, col);
    if (!expr) return false;

    bool debug = false;
    if (*s == '=') {
        s++;
        while (s < end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\f' || *s == '\r' || *s == '\v')) s++;
        if (s >= end) return fstr_error(C, "f-string: expecting '}'");
        sb_putn(&S->last, expr_start, (size_t)(s - expr_start));
        debug = true;
    }
    int conversion = -1;
    if (*s == '!') {
        s++;
        if (s >= end) return fstr_error(C, "f-string: expecting '}'");
        conversion = (unsigned char)*s++;
        if (conversion != 's' && conversion != 'r' && conversion != 'a')
            return fstr_error(C, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
    }
    AstNode *spec = NULL;
    if (s < end && *s == ':') {
        s++;
        if (s >= end) return fstr_error(C, "f-string: expecting '}'");
        FState sub;
        memset(&sub, 0, sizeof sub);
        bool ok = fstring_parse(C, &sub, t, st, &s, end, level + 1);
        if (ok) {
            ok = flush_last(C, &sub, t, t);
            spec = ok ? ast_new(C->P->a, AST_JoinedStr) : NULL;
            if (spec) {
                set_span(spec, t, t);
                spec->v.JoinedStr.values = parse_vec_seq(&sub.values);
            } else if (ok) {
                parse_oom(C->P);
            }
        }
        sb_free(&sub.last);
        if (!spec) return false;
    }
    if (s >= end || *s != '}') return fstr_error(C, "f-string: expecting '}'");
    s++;
    if (debug && !spec && conversion == -1) conversion = 'r';
    if (!flush_last(C, S, C->first, C->last)) return false;
    AstNode *fv = ast_new(C->P->a, AST_FormattedValue);
    if (!fv) return parse_oom(C->P), false;
    set_span(fv, C->first, C->last);
    fv->v.FormattedValue.value = expr;
    fv->v.FormattedValue.conversion = conversion;
    fv->v.FormattedValue.format_spec = spec;
    *pos = s;
    return parse_vec_push(C->P, &S->values, fv);
}

/* Literal text up to an undoubled '{' (or '}' when nested); appends it decoded. */
static bool fstring_literal(FCtx *C, FState *S, const StrTok *st, const char **pos, const char *end,
                            int level, bool *doubled)
{
    const char *s = *pos, *start = s;
    *doubled = false;
    while (s < end) {
        char ch = *s++;
        if (!st->raw && ch == '\\' && s < end) {
            ch = *s++;
            if (ch == 'N') {
                if (s < end && *s++ == '{') {
                    while (s < end && *s++ != '}') {
                    }
                }
                continue;
            }
        }
        if (ch == '{' || ch == '}') {
            if (level == 0) {
                if (s < end && *s == ch) {
                    *pos = s + 1;
                    *doubled = true;
                    goto done;
                }
                if (ch == '}') return fstr_error(C, "f-string: single '}' is not allowed");
            }
            s--;
            break;
        }
    }
    *pos = s;
done:;
    const char *lit_end = *doubled ? *pos - 1 : s;
    if (lit_end == start) return true;
    if (st->raw) {
        sb_putn(&S->last, start, (size_t)(lit_end - start));
        return true;
    }
    Decoder D = { C->P, C->err_tok };
    return decode_escapes(&D, start, (size_t)(lit_end - start), false, &S->last);
}

static bool fstring_parse(FCtx *C, FState *S, const Token *t, const StrTok *st, const char **pos,
                          const char *end, int level)
{
    for (;;) {
        bool doubled;
        if (!fstring_literal(C, S, st, pos, end, level, &doubled)) return false;
        if (doubled) continue;
        if (*pos >= end || **pos == '}') break;
        if (!fstring_expr(C, S, t, st, pos, end, level)) return false;
    }
    if (level == 0 && *pos < end) return fstr_error(C, "f-string: unexpected end of string");
    if (level != 0 && (*pos >= end || **pos != '}')) return fstr_error(C, "f-string: expecting '}'");
    return true;
}

/* ---- concatenation ------------------------------------------------------------ */

AstNode *parse_strings(Parser *P, int first, int last)
{
    const Token *ft = &P->toks[first], *lt = &P->toks[last];
    bool any_f = false, any_bytes = false, any_str = false;
    for (int i = first; i <= last; i++) {
        StrTok st;
        split_token(P, &P->toks[i], &st);
        any_f |= st.fstr;
        any_bytes |= st.bytes;
        any_str |= !st.bytes;
    }
    /* errors without a place of their own stand at the token after the strings */
    const Token *after = &P->toks[last + 1 < P->ntoks ? last + 1 : last];
    if (any_bytes && any_str) {
        parse_error_tok(P, after, "cannot mix bytes and nonbytes literals");
        return NULL;
    }
    FCtx C = { P, ft, lt, after, false };
    FState S;
    memset(&S, 0, sizeof S);
    AstNode *result = NULL;
    for (int i = first; i <= last; i++) {
        const Token *t = &P->toks[i];
        StrTok st;
        split_token(P, t, &st);
        if (st.bytes) {
            for (size_t k = 0; k < st.len; k++) {
                if ((unsigned char)st.body[k] >= 0x80) {
                    parse_error_tok(P, t, "bytes can only contain ASCII literal characters");
                    goto out;
                }
            }
        }
        if (st.fstr) {
            const char *pos = st.body;
            if (!fstring_parse(&C, &S, t, &st, &pos, st.body + st.len, 0)) goto out;
        } else if (st.raw) {
            sb_putn(&S.last, st.body, st.len);
        } else {
            Decoder D = { P, after };
            if (!decode_escapes(&D, st.body, st.len, st.bytes, &S.last)) goto out;
        }
    }
    if (S.last.oom) {
        parse_oom(P);
        goto out;
    }
    if (!any_f) {
        result = ast_new(P->a, AST_Constant);
        if (!result) {
            parse_oom(P);
            goto out;
        }
        set_span(result, ft, lt);
        AstConst *v = &result->v.Constant.value;
        v->kind = any_bytes ? AST_C_BYTES : AST_C_STR;
        v->s = arena_strndup(P->a, S.last.data ? S.last.data : "", S.last.len);
        v->len = S.last.len;
        if (!v->s) {
            parse_oom(P);
            result = NULL;
            goto out;
        }
        if (*(P->src->text + ft->start) == 'u') result->v.Constant.kind = "u";
        goto out;
    }
    if (!flush_last(&C, &S, ft, lt)) goto out;
    result = ast_new(P->a, AST_JoinedStr);
    if (!result) {
        parse_oom(P);
        goto out;
    }
    set_span(result, ft, lt);
    result->v.JoinedStr.values = parse_vec_seq(&S.values);
out:
    sb_free(&S.last);
    return result;
}

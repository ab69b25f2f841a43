/* format() and '%' formatting as CPython 3.11 does them (see format.h): the
 * spec parser, the number layout of its formatter (sign, prefix, zero padding
 * carried through the digit groups), float text by PyOS_double_to_string's
 * rules, and the conversions and padding of str.__mod__. */
#include "format.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../parser/pyrepr.h"
#include "../util/unicode.h"

/* ---- errors ---- */

#define MSG_CHAR_RANGE "%c arg not in range(0x110000)"
#define MSG_INT_TOO_LARGE "int too large to convert to float"
#define MSG_C_LONG "Python int too large to convert to C long"

static const struct {
    const char *text; /* found anywhere in the message */
    FmtErrorKind kind;
} error_kinds[] = {
    {MSG_CHAR_RANGE, FMT_OVERFLOW_ERROR},
    {MSG_INT_TOO_LARGE, FMT_OVERFLOW_ERROR},
    {MSG_C_LONG, FMT_OVERFLOW_ERROR},
    {"precision too large", FMT_OVERFLOW_ERROR},
    {"cannot convert float infinity to integer", FMT_OVERFLOW_ERROR},
    {"format: an integer is required", FMT_TYPE_ERROR},
    {"%c requires int or char", FMT_TYPE_ERROR},
};

FmtErrorKind fmt_error_kind(const char *err)
{
    for (size_t i = 0; i < sizeof error_kinds / sizeof error_kinds[0]; i++)
        if (strstr(err, error_kinds[i].text)) return error_kinds[i].kind;
    return FMT_VALUE_ERROR;
}

__attribute__((format(printf, 3, 4))) static bool fail(char *err, size_t errcap, const char *fmt, ...)
{
    if (errcap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errcap, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* Ends every writer: an out-of-memory StrBuf turns into a failure. */
static bool finish(StrBuf *out, char *err, size_t errcap)
{
    if (out->oom) return fail(err, errcap, "out of memory");
    return true;
}

/* CPython names a type or grouping character as 'c' when printable ASCII,
 * else as '\xNN' (its "%c might be out-of-range" case). */
static void code_name(char buf[16], uint32_t c)
{
    if (c > 32 && c < 128)
        snprintf(buf, 16, "'%c'", (char)c);
    else
        snprintf(buf, 16, "'\\x%x'", (unsigned)c);
}

static bool unknown_type(uint32_t type, const char *type_name, char *err, size_t errcap)
{
    char name[16];
    code_name(name, type);
    return fail(err, errcap, "Unknown format code %s for object of type '%.200s'", name, type_name);
}

/* ---- UTF-8 and padding ---- */

static size_t cp_count(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

/* Bytes taken by the first n code points of s[0..len). */
static size_t cp_bytes(const char *s, size_t len, size_t n)
{
    size_t i = 0;
    while (i < len && n > 0) {
        i++;
        while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80) i++;
        n--;
    }
    return i;
}

void fmt_repeat(StrBuf *out, const char *unit, size_t unit_len, size_t n)
{
    /* a result past FMT_MAX_TEXT is refused at once rather than written
     * (CPython would try and raise MemoryError) */
    if (out->len > FMT_MAX_TEXT || n > (FMT_MAX_TEXT - out->len) / unit_len) {
        out->oom = true;
        return;
    }
    char chunk[256];
    size_t per = sizeof chunk / unit_len;
    size_t k = n < per ? n : per;
    for (size_t i = 0; i < k; i++) memcpy(chunk + i * unit_len, unit, unit_len);
    while (n > 0 && !out->oom) {
        size_t m = n < per ? n : per;
        sb_putn(out, chunk, m * unit_len);
        n -= m;
    }
}

static void put_zeros(StrBuf *out, size_t n) { fmt_repeat(out, "0", 1, n); }

typedef struct {
    char b[4];
    size_t len;
} Utf8Char;

static Utf8Char utf8_char(uint32_t cp)
{
    Utf8Char c;
    int n = uni_encode_utf8(cp, c.b);
    c.len = n > 0 ? (size_t)n : 1;
    if (n <= 0) c.b[0] = ' ';
    return c;
}

void fmt_pad(StrBuf *out, const char *utf8, size_t len, uint32_t fill, char align, int width)
{
    size_t n = cp_count(utf8, len);
    size_t pad = width > 0 && (size_t)width > n ? (size_t)width - n : 0;
    size_t left = align == '>' ? pad : align == '^' ? pad / 2 : 0;
    Utf8Char f = utf8_char(fill);
    fmt_repeat(out, f.b, f.len, left);
    sb_putn(out, utf8, len);
    fmt_repeat(out, f.b, f.len, pad - left);
}

/* ---- the spec ---- */

static bool is_align(int c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

/* Whether a presentation type is one of set; 0 and non-ASCII never are. */
static bool type_in(uint32_t type, const char *set) { return type > 0 && type < 128 && strchr(set, (int)type); }

/* Reads a run of decimal digits at s[*pos..len) into *value, held at INT_MAX
 * (CPython's Py_ssize_t fields allow more; INT_MAX then stands for "at
 * least"). Returns how many digits it read, or -1 with err set past the
 * Py_ssize_t range, where CPython gives up too. */
static long read_count(const char *s, size_t len, size_t *pos, int *value, char *err, size_t errcap)
{
    uint64_t acc = 0;
    long n = 0;
    for (; *pos < len && s[*pos] >= '0' && s[*pos] <= '9'; (*pos)++, n++) {
        unsigned d = (unsigned)(s[*pos] - '0');
        if (acc > ((uint64_t)INT64_MAX - d) / 10) {
            fail(err, errcap, "Too many decimal digits in format string");
            return -1;
        }
        acc = acc * 10 + d;
    }
    *value = acc > INT_MAX ? INT_MAX : (int)acc;
    return n;
}

bool fmt_parse_spec(const char *spec, size_t len, const char *type_name, FmtSpec *out, char *err, size_t errcap)
{
    *out = (FmtSpec){.fill = ' ', .width = -1, .precision = -1, .type_name = type_name};
    size_t pos = 0;
    bool fill_given = false;
    uint32_t first;
    int n = len ? uni_decode_utf8((const unsigned char *)spec, len, &first) : 0;
    /* [[fill]align]: the fill is whatever code point precedes an alignment */
    if (n > 0 && (size_t)n < len && is_align(spec[n])) {
        out->fill = first;
        out->align = spec[n];
        fill_given = true;
        pos = (size_t)n + 1;
    } else if (len > 0 && is_align(spec[0])) {
        out->align = spec[0];
        pos = 1;
    }
    if (pos < len && (spec[pos] == '+' || spec[pos] == '-' || spec[pos] == ' ')) out->sign = spec[pos++];
    if (pos < len && spec[pos] == 'z') out->z_flag = (pos++, true);
    if (pos < len && spec[pos] == '#') out->alternate = (pos++, true);
    /* a leading '0' is the old zero-padding shorthand only when no fill was given */
    if (!fill_given && pos < len && spec[pos] == '0') out->zero_pad = (pos++, true);
    long digits = read_count(spec, len, &pos, &out->width, err, errcap);
    if (digits < 0) return false;
    if (digits == 0) out->width = -1;
    if (pos < len && spec[pos] == ',') out->grouping = spec[pos++];
    if (pos < len && spec[pos] == '_') {
        if (out->grouping) return fail(err, errcap, "Cannot specify both ',' and '_'.");
        out->grouping = spec[pos++];
    }
    if (pos < len && spec[pos] == ',' && out->grouping == '_')
        return fail(err, errcap, "Cannot specify both ',' and '_'.");
    if (pos < len && spec[pos] == '.') {
        pos++;
        digits = read_count(spec, len, &pos, &out->precision, err, errcap);
        if (digits < 0) return false;
        if (digits == 0) return fail(err, errcap, "Format specifier missing precision");
    }
    size_t rest = cp_count(spec + pos, len - pos);
    if (rest > 1)
        return fail(err, errcap, "Invalid format specifier '%.*s' for object of type '%.200s'", (int)len, spec,
                    type_name ? type_name : "object");
    if (rest == 1 && uni_decode_utf8((const unsigned char *)spec + pos, len - pos, &out->type) == 0)
        out->type = (unsigned char)spec[pos];
    return true;
}

/* The digit group size a type allows its grouping option (PEP 378; PEP 515
 * groups b o x X by four): 3, 4, or 0 without grouping; -1 with err set. */
static int group_size(const FmtSpec *s, uint32_t type, char *err, size_t errcap)
{
    if (!s->grouping) return 0;
    if (type == 0 || type_in(type, "deEfFgG%")) return 3;
    if (s->grouping == '_' && type_in(type, "boxX")) return 4;
    char name[16];
    code_name(name, type);
    fail(err, errcap, "Cannot specify '%c' with %s.", s->grouping, name);
    return -1;
}

/* A spec with the type's defaults filled in. */
typedef struct {
    Utf8Char fill;
    bool zero_fill;
    char align, sign;
    int width, group;
    char sep;
} Layout;

static Layout resolve(const FmtSpec *s, char default_align, int group)
{
    Layout l = {.fill = utf8_char(s->zero_pad ? '0' : s->fill),
                .align = s->align ? s->align : s->zero_pad && default_align == '>' ? '=' : default_align,
                .sign = s->sign,
                .width = s->width,
                .group = group,
                .sep = s->grouping};
    l.zero_fill = (s->zero_pad ? '0' : s->fill) == '0';
    return l;
}

/* ---- number layout ---- */

/* The integer digits d[0..n) (n > 0) in groups of `size` joined by sep,
 * widened with leading zeros, grouped too, to at least min_width characters.
 * The rightmost group is built first, so the text goes in reversed. */
static void group_digits(StrBuf *g, const char *d, size_t n, long min_width, int size, char sep)
{
    long remaining = (long)n, want = min_width > 0 ? min_width : 0;
    size_t at = n;
    for (bool first = true;; first = false) {
        long span = remaining > want ? remaining : want;
        if (span < 1) span = 1;
        if (span > size) span = size;
        long chars = remaining < span ? remaining : span;
        if (!first) sb_putc(g, sep);
        for (long i = 0; i < chars; i++) sb_putc(g, d[--at]);
        put_zeros(g, (size_t)(span - chars));
        remaining -= chars;
        want -= span;
        if (remaining <= 0 && want <= 0) break;
        want--; /* the separator before the next group */
    }
    for (size_t i = 0, j = g->len; !g->oom && i + 1 < j; i++, j--) {
        char c = g->data[i];
        g->data[i] = g->data[j - 1];
        g->data[j - 1] = c;
    }
}

/* Writes | lpad | sign | prefix | spad | digits | '.' | rest | rpad |, where
 * digits[0..nd) is the integer part and rest what follows the decimal point
 * (or all of inf, nan, a 'c' character). Zero fill with '=' alignment turns
 * into leading zeros among the digits, grouped like them, as CPython's
 * calc_number_widths does; with no digits at all it stays padding. */
static void emit_number(StrBuf *out, const Layout *l, bool negative, const char *prefix, const char *digits,
                        size_t nd, bool has_decimal, const char *rest, size_t rest_len)
{
    char sign = negative ? '-' : l->sign == '+' ? '+' : l->sign == ' ' ? ' ' : 0;
    size_t plen = strlen(prefix);
    long fixed = (sign != 0) + (long)plen + has_decimal + (long)cp_count(rest, rest_len);
    long min_width = l->zero_fill && l->align == '=' ? l->width - fixed : 0;
    StrBuf g;
    sb_init(&g);
    long zeros = nd > 0 && min_width > (long)nd ? min_width - (long)nd : 0, body = (long)nd + zeros;
    if (l->group && nd > 0) {
        group_digits(&g, digits, nd, min_width, l->group, l->sep);
        body = (long)g.len;
    }
    long pad = l->width - (fixed + body);
    if (pad < 0) pad = 0;
    long left = l->align == '>' ? pad : l->align == '^' ? pad / 2 : 0;
    long mid = l->align == '=' ? pad : 0;
    fmt_repeat(out, l->fill.b, l->fill.len, (size_t)left);
    if (sign) sb_putc(out, sign);
    sb_putn(out, prefix, plen);
    fmt_repeat(out, l->fill.b, l->fill.len, (size_t)mid);
    if (g.data) {
        sb_putn(out, g.data, g.len);
    } else {
        put_zeros(out, (size_t)zeros);
        sb_putn(out, digits, nd);
    }
    if (has_decimal) sb_putc(out, '.');
    sb_putn(out, rest, rest_len);
    fmt_repeat(out, l->fill.b, l->fill.len, (size_t)(pad - left - mid));
    if (g.oom) out->oom = true;
    sb_free(&g);
}

/* ---- float text ---- */

enum {
    /* The most characters printf writes for the digits asked below: 309
     * integer digits, the point and 1100 places. */
    DIGITS_CAP = 1536,
    /* A double's exact decimal expansion has at most 767 significant digits
     * and 1074 places, so asking for more only appends zeros. */
    EXACT_SIG = 800,
    EXACT_PLACES = 1100,
    REPR_SCI_FROM = 16, /* repr goes scientific past 16 integer digits */
};

/* x = 0.d[0]d[1]...d[n-1] * 10^decpt, without trailing zeros: what CPython's
 * _Py_dg_dtoa returns. Zero is "0" with decpt 1. */
typedef struct {
    char d[DIGITS_CAP];
    int n, decpt;
} Digits;

/* Reads Digits from a positive number printed as ddd.ddd or d.ddde+XX. */
static void read_digits(const char *s, Digits *dg)
{
    int before = 0, lead = 0;
    bool point = false;
    dg->n = 0;
    for (; *s && *s != 'e'; s++) {
        if (*s == '.') {
            point = true;
            continue;
        }
        before += !point;
        if (dg->n == 0 && *s == '0')
            lead++;
        else
            dg->d[dg->n++] = *s;
    }
    while (dg->n > 0 && dg->d[dg->n - 1] == '0') dg->n--;
    dg->decpt = before + (*s ? atoi(s + 1) : 0) - lead;
    if (dg->n == 0) {
        dg->d[0] = '0';
        dg->n = 1;
        dg->decpt = 1;
    }
}

/* The correctly rounded digits of finite ax >= 0: shortest round-trip ('r',
 * through repr_float), `count` significant ('e'), or `count` places ('f').
 * glibc's printf rounds exactly, ties to even, as CPython's dtoa does. False
 * when memory runs out. */
static bool float_digits(double ax, char mode, int count, Digits *dg)
{
    char buf[DIGITS_CAP];
    if (mode == 'r') {
        StrBuf r;
        sb_init(&r);
        repr_float(&r, ax);
        bool ok = !r.oom && r.data;
        if (ok) read_digits(r.data, dg);
        sb_free(&r);
        return ok;
    }
    if (mode == 'e')
        snprintf(buf, sizeof buf, "%.*e", (count < EXACT_SIG ? count : EXACT_SIG) - 1, ax);
    else
        snprintf(buf, sizeof buf, "%.*f", count < EXACT_PLACES ? count : EXACT_PLACES, ax);
    read_digits(buf, dg);
    return true;
}

/* Writes positions [from, to) of the digits padded with zeros on both sides
 * without end (dtoa's "virtual" digit string). */
static void put_virtual(StrBuf *out, const Digits *dg, long from, long to)
{
    if (from < 0 && to > from) put_zeros(out, (size_t)((to < 0 ? to : 0) - from));
    long a = from > 0 ? from : 0, b = to < dg->n ? to : dg->n;
    if (a < b) sb_putn(out, dg->d + a, (size_t)(b - a));
    long c = from > dg->n ? from : dg->n;
    if (to > c) put_zeros(out, (size_t)(to - c));
}

enum { DT_ALT = 1, DT_DOT0 = 2, DT_NO_NEG_0 = 4 };

/* PyOS_double_to_string(x, code, prec, flags) less the sign, which it
 * returns: code is one of "eEfFgGr" ('r' = repr, prec unused); DT_ALT keeps
 * the point and 'g''s trailing zeros, DT_DOT0 gives integral values a '.0'
 * and moves 'g''s switch to exponents one digit earlier, DT_NO_NEG_0 drops
 * the sign of a value that rounds to zero. NaN never has a sign. */
static bool float_text(StrBuf *out, double x, char code, int prec, unsigned flags)
{
    bool upper = code >= 'A' && code <= 'Z';
    code = (char)(code | 0x20);
    if (isnan(x)) {
        sb_puts(out, upper ? "NAN" : "nan");
        return false;
    }
    bool neg = signbit(x) != 0;
    if (isinf(x)) {
        sb_puts(out, upper ? "INF" : "inf");
        return neg;
    }
    if (code == 'g' && prec == 0) prec = 1;
    if (code == 'e') prec++;
    Digits dg;
    if (!float_digits(fabs(x), code == 'r' ? 'r' : code == 'f' ? 'f' : 'e', prec, &dg)) {
        out->oom = true;
        return false;
    }
    if (flags & DT_NO_NEG_0 && dg.n == 1 && dg.d[0] == '0') neg = false;
    bool alt = flags & DT_ALT, dot0 = flags & DT_DOT0, use_exp = false;
    long decpt = dg.decpt, end = dg.n;
    if (code == 'e') {
        use_exp = true;
        end = prec;
    } else if (code == 'f') {
        end = decpt + prec;
    } else if (code == 'g') {
        use_exp = decpt <= -4 || decpt > (dot0 ? prec - 1 : prec);
        if (alt) end = prec;
    } else {
        use_exp = decpt <= -4 || decpt > REPR_SCI_FROM;
    }
    long exp = decpt - 1;
    if (use_exp) decpt = 1;
    /* at least one digit before the point, and one after it for DT_DOT0 */
    long start = decpt <= 0 ? decpt - 1 : 0;
    long min_end = !use_exp && dot0 ? decpt + 1 : decpt;
    if (end < min_end) end = min_end;
    put_virtual(out, &dg, start, decpt);
    if (decpt < end || alt) sb_putc(out, '.');
    put_virtual(out, &dg, decpt, end);
    if (use_exp) sb_printf(out, "%c%+.02ld", upper ? 'E' : 'e', exp);
    return neg;
}

/* float.__format__ once the type is known to be a float one (CPython's
 * format_float_internal); ints with e f g % come here through float(n). */
static bool float_spec(StrBuf *out, double x, const FmtSpec *s, uint32_t type, int group, char *err, size_t errcap)
{
    if (s->precision == INT_MAX) return fail(err, errcap, "precision too big");
    unsigned flags = (s->alternate ? DT_ALT : 0) | (s->z_flag ? DT_NO_NEG_0 : 0);
    int prec = s->precision;
    char code = (char)type;
    if (type == 0) {
        /* no type: repr, or 'g' that keeps a '.0' when given a precision */
        flags |= DT_DOT0;
        code = prec < 0 ? 'r' : 'g';
    } else if (type == 'n') {
        code = 'g'; /* the C locale has no grouping and a '.' point */
    } else if (type == '%') {
        code = 'f';
        x *= 100;
    }
    if (prec < 0) prec = 6;
    StrBuf body;
    sb_init(&body);
    bool neg = float_text(&body, x, code, prec, flags);
    if (type == '%') sb_putc(&body, '%');
    if (body.oom) out->oom = true;
    if (!out->oom) {
        size_t nd = 0;
        while (nd < body.len && body.data[nd] >= '0' && body.data[nd] <= '9') nd++;
        bool point = nd < body.len && body.data[nd] == '.';
        size_t rest = nd + point;
        Layout l = resolve(s, '>', group);
        emit_number(out, &l, neg, "", body.data, nd, point, body.data + rest, body.len - rest);
    }
    sb_free(&body);
    return finish(out, err, errcap);
}

bool fmt_float(StrBuf *out, double x, const FmtSpec *s, char *err, size_t errcap)
{
    int group = group_size(s, s->type, err, errcap);
    if (group < 0) return false;
    if (s->type != 0 && !type_in(s->type, "eEfFgGn%"))
        return unknown_type(s->type, s->type_name ? s->type_name : "float", err, errcap);
    return float_spec(out, x, s, s->type, group, err, errcap);
}

/* ---- ints ---- */

/* An int argument: the GMP value, or the int64 when big is NULL. */
typedef struct {
    mpz_srcptr big;
    int64_t small;
} IntArg;

_Static_assert(sizeof(unsigned long) == 8, "mpz_get_ui must carry 64 bits");

/* float(n) for a big n, rounded to nearest-even as CPython's PyLong_AsDouble
 * does (mpz_get_d truncates); false past the double range. */
static bool mpz_to_double(mpz_srcptr n, double *out)
{
    if (mpz_fits_slong_p(n)) {
        *out = (double)mpz_get_si(n);
        return true;
    }
    size_t bits = mpz_sizeinbase(n, 2);
    if (bits > 1024) return false;
    mpz_t top;
    mpz_init(top);
    mpz_abs(top, n);
    size_t shift = bits - 64;
    /* keep the top 64 bits and fold the rest into a sticky low bit, below
     * the bit that decides the rounding to 53 */
    bool sticky = mpz_scan1(top, 0) < shift;
    mpz_tdiv_q_2exp(top, top, shift);
    double d = ldexp((double)(mpz_get_ui(top) | sticky), (int)shift);
    mpz_clear(top);
    if (isinf(d)) return false;
    *out = mpz_sgn(n) < 0 ? -d : d;
    return true;
}

static bool int_to_double(IntArg a, double *out)
{
    if (a.big) return mpz_to_double(a.big, out);
    *out = (double)a.small;
    return true;
}

static bool int_negative(IntArg a) { return a.big ? mpz_sgn(a.big) < 0 : a.small < 0; }

enum { SMALL_DIGITS = 72 }; /* 64 binary digits, and room for GMP's sign and NUL */

/* The magnitude's digits in base (upper: A-F), in buf when they fit, else in
 * memory the caller frees (whatever is not buf); NULL when out of memory. */
static char *int_digits(IntArg a, int base, bool upper, char buf[SMALL_DIGITS], size_t *nd)
{
    if (!a.big) {
        const char *set = upper ? "0123456789ABCDEF" : "0123456789abcdef";
        uint64_t m = a.small < 0 ? -(uint64_t)a.small : (uint64_t)a.small;
        char rev[64];
        size_t n = 0;
        do {
            rev[n++] = set[m % (unsigned)base];
            m /= (unsigned)base;
        } while (m);
        for (size_t i = 0; i < n; i++) buf[i] = rev[n - 1 - i];
        *nd = n;
        return buf;
    }
    size_t cap = mpz_sizeinbase(a.big, base) + 2;
    char *p = cap <= SMALL_DIGITS ? buf : malloc(cap);
    if (!p) return NULL;
    mpz_get_str(p, upper ? -base : base, a.big);
    if (p[0] == '-') memmove(p, p + 1, strlen(p));
    *nd = strlen(p);
    return p;
}

/* The code point n stands for in 'c' formatting, or -1 with err set. format()
 * first needs n in a C long, as CPython's PyLong_AsLong; '%c' folds that into
 * its range error. (The code point is the return value, not an out-parameter,
 * so that gcc -O3 sees it set on every success path.) */
static int32_t int_char(IntArg a, bool c_long_first, char *err, size_t errcap)
{
    if (a.big && !mpz_fits_slong_p(a.big)) {
        fail(err, errcap, "%s", c_long_first ? MSG_C_LONG : MSG_CHAR_RANGE);
        return -1;
    }
    long v = a.big ? mpz_get_si(a.big) : (long)a.small;
    if (v < 0 || v > 0x10FFFF) {
        fail(err, errcap, "%s", MSG_CHAR_RANGE);
        return -1;
    }
    return (int32_t)v;
}

/* The integer presentation types of format() and '%', with their base and
 * the prefix '#' adds. */
static const struct {
    char type;
    int base;
    const char *prefix;
} int_bases[] = {
    {'d', 10, ""}, {'n', 10, ""}, {'i', 10, ""},   {'u', 10, ""},
    {'b', 2, "0b"}, {'o', 8, "0o"}, {'x', 16, "0x"}, {'X', 16, "0X"},
};

static int base_index(uint32_t type)
{
    for (int i = 0; i < (int)(sizeof int_bases / sizeof int_bases[0]); i++)
        if ((uint32_t)int_bases[i].type == type) return i;
    return -1;
}

/* int.__format__ (CPython's format_long_internal and its type dispatch). */
static bool format_int(StrBuf *out, IntArg a, const FmtSpec *s, char *err, size_t errcap)
{
    uint32_t type = s->type ? s->type : 'd';
    int group = group_size(s, type, err, errcap);
    if (group < 0) return false;
    if (type_in(type, "eEfFgG%")) {
        double x;
        if (!int_to_double(a, &x)) return fail(err, errcap, "%s", MSG_INT_TOO_LARGE);
        return float_spec(out, x, s, type, group, err, errcap);
    }
    if (!type_in(type, "bcdoxXn")) return unknown_type(type, s->type_name ? s->type_name : "int", err, errcap);
    if (s->precision >= 0) return fail(err, errcap, "Precision not allowed in integer format specifier");
    if (s->z_flag)
        return fail(err, errcap, "Negative zero coercion (z) not allowed in integer format specifier");
    Layout l = resolve(s, '>', group);
    if (type == 'c') {
        if (s->sign) return fail(err, errcap, "Sign not allowed with integer format specifier 'c'");
        if (s->alternate) return fail(err, errcap, "Alternate form (#) not allowed with integer format specifier 'c'");
        int32_t cp = int_char(a, true, err, errcap);
        if (cp < 0) return false;
        Utf8Char c = utf8_char((uint32_t)cp);
        emit_number(out, &l, false, "", "", 0, false, c.b, c.len);
        return finish(out, err, errcap);
    }
    int k = base_index(type);
    char buf[SMALL_DIGITS];
    size_t nd;
    char *d = int_digits(a, int_bases[k].base, type == 'X', buf, &nd);
    if (!d) {
        out->oom = true;
        return finish(out, err, errcap);
    }
    emit_number(out, &l, int_negative(a), s->alternate ? int_bases[k].prefix : "", d, nd, false, "", 0);
    if (d != buf) free(d);
    return finish(out, err, errcap);
}

bool fmt_int64(StrBuf *out, int64_t n, const FmtSpec *s, char *err, size_t errcap)
{
    return format_int(out, (IntArg){.small = n}, s, err, errcap);
}

bool fmt_mpz(StrBuf *out, const mpz_t n, const FmtSpec *s, char *err, size_t errcap)
{
    return format_int(out, (IntArg){.big = n}, s, err, errcap);
}

/* ---- str ---- */

bool fmt_str(StrBuf *out, const char *utf8, size_t len, const FmtSpec *s, char *err, size_t errcap)
{
    uint32_t type = s->type ? s->type : 's';
    if (group_size(s, type, err, errcap) < 0) return false;
    if (type != 's') return unknown_type(type, s->type_name ? s->type_name : "str", err, errcap);
    if (s->sign == ' ') return fail(err, errcap, "Space not allowed in string format specifier");
    if (s->sign) return fail(err, errcap, "Sign not allowed in string format specifier");
    if (s->z_flag) return fail(err, errcap, "Negative zero coercion (z) not allowed in string format specifier");
    if (s->alternate) return fail(err, errcap, "Alternate form (#) not allowed in string format specifier");
    if (s->align == '=') return fail(err, errcap, "'=' alignment not allowed in string format specifier");
    if (s->precision >= 0) len = cp_bytes(utf8, len, (size_t)s->precision);
    fmt_pad(out, utf8, len, s->zero_pad ? '0' : s->fill, s->align ? s->align : '<', s->width);
    return finish(out, err, errcap);
}

/* ---- '%' formatting ---- */

/* Reads the digits of a '%' width or precision into *value when there are
 * any; returns false past INT_MAX (CPython allows a Py_ssize_t width, which
 * no string could fill anyway). */
static bool read_percent_count(const char *s, size_t len, size_t *i, int *value)
{
    size_t start = *i;
    long long acc = 0;
    for (; *i < len && s[*i] >= '0' && s[*i] <= '9'; (*i)++) {
        acc = acc * 10 + (s[*i] - '0');
        if (acc > INT_MAX) return false;
    }
    if (*i > start) *value = (int)acc;
    return true;
}

/* %[(key)][flags][width][.precision][h|l|L]conv */
size_t fmt_percent_parse(const char *s, size_t len, size_t index_base, FmtPercent *p, char *err, size_t errcap)
{
    static const char flags[] = "-+ #0";
    *p = (FmtPercent){.width = -1, .precision = -1};
    size_t i = 0;
    if (len > 0 && s[0] == '%') {
        p->conv = '%';
        return 1;
    }
    if (len > 0 && s[0] == '(') {
        int depth = 1;
        for (i = 1; i < len && depth > 0; i++) depth += (s[i] == '(') - (s[i] == ')');
        if (depth > 0) return fail(err, errcap, "incomplete format key"), 0;
        p->has_key = true;
        p->key_off = 1;
        p->key_len = i - 2;
    }
    bool *flag_of[] = {&p->left, &p->plus, &p->space, &p->alt, &p->zero};
    for (const char *f; i < len && s[i] && (f = strchr(flags, s[i])); i++) *flag_of[f - flags] = true;
    if (i < len && s[i] == '*') {
        p->width = FMT_STAR;
        i++;
    } else if (!read_percent_count(s, len, &i, &p->width)) {
        return fail(err, errcap, "width too big"), 0;
    }
    if (i < len && s[i] == '.') {
        i++;
        p->precision = 0;
        if (i < len && s[i] == '*') {
            p->precision = FMT_STAR;
            i++;
        } else if (!read_percent_count(s, len, &i, &p->precision)) {
            return fail(err, errcap, "precision too big"), 0;
        }
    }
    if (i < len && (s[i] == 'h' || s[i] == 'l' || s[i] == 'L')) i++;
    if (i >= len) return fail(err, errcap, "incomplete format"), 0;
    uint32_t c;
    if (uni_decode_utf8((const unsigned char *)s + i, len - i, &c) == 0) c = (unsigned char)s[i];
    if (!type_in(c, "diouxXeEfFgGcrsa"))
        return fail(err, errcap, "unsupported format character '%c' (0x%x) at index %zu",
                    c >= 32 && c <= 126 ? (char)c : '?', (unsigned)c, index_base + cp_count(s, i)),
               0;
    p->conv = (char)c;
    return i + 1;
}

void fmt_percent_star(FmtPercent *p, bool is_width, int64_t value)
{
    if (value > INT_MAX) value = INT_MAX;
    if (value < -INT_MAX) value = -INT_MAX;
    if (!is_width) {
        p->precision = value < 0 ? 0 : (int)value;
    } else {
        p->left |= value < 0;
        p->width = (int)(value < 0 ? -value : value);
    }
}

/* The output step of str.__mod__ (CPython's unicode_format_arg_output). A
 * number's sign, and the '0x' '#' gave it, stay left of '0' padding; strings
 * ('s' 'r' 'a') are cut to the precision first. */
static void percent_emit(StrBuf *out, const char *body, size_t blen, const FmtPercent *p, bool number)
{
    char fill = number && p->zero ? '0' : ' ';
    size_t len = cp_count(body, blen);
    if (type_in((uint32_t)p->conv, "sra") && p->precision >= 0 && len > (size_t)p->precision)
        len = (size_t)p->precision;
    char sign = 0;
    if (number && (body[0] == '-' || body[0] == '+')) {
        sign = *body++;
        blen--;
        len--;
    } else if (number) {
        sign = p->plus ? '+' : p->space ? ' ' : 0;
    }
    size_t width = p->width > 0 && (size_t)p->width > len ? (size_t)p->width : len;
    if (sign) {
        if (fill == '0') sb_putc(out, sign);
        if (width > len) width--;
    }
    bool prefix = p->alt && type_in((uint32_t)p->conv, "xXo");
    if (prefix) {
        if (fill == '0') {
            sb_putn(out, body, 2);
            body += 2;
            blen -= 2;
        }
        width = width > 2 ? width - 2 : 0;
        len -= 2;
    }
    if (width > len && !p->left) {
        fmt_repeat(out, &fill, 1, width - len);
        width = len;
    }
    if (fill == ' ') {
        if (sign) sb_putc(out, sign);
        if (prefix) {
            sb_putn(out, body, 2);
            body += 2;
            blen -= 2;
        }
    }
    sb_putn(out, body, cp_bytes(body, blen, len));
    if (width > len) fmt_repeat(out, " ", 1, width - len);
}

void fmt_percent_str(StrBuf *out, const char *utf8, size_t len, const FmtPercent *p)
{
    percent_emit(out, utf8, len, p, false);
}

static bool bad_conversion(const FmtPercent *p, char *err, size_t errcap)
{
    return fail(err, errcap, "unsupported format character '%c' (0x%x)", p->conv, (unsigned char)p->conv);
}

/* '%' with a float for e E f F g G: PyOS_double_to_string with the
 * precision (6 when none) and '#', and the sign in the text. */
static bool percent_real(StrBuf *out, double x, const FmtPercent *p, char *err, size_t errcap)
{
    StrBuf body;
    sb_init(&body);
    sb_putc(&body, '-');
    bool neg = float_text(&body, x, p->conv, p->precision < 0 ? 6 : p->precision, p->alt ? DT_ALT : 0);
    if (body.oom) out->oom = true;
    if (!out->oom) percent_emit(out, body.data + !neg, body.len - !neg, p, true);
    sb_free(&body);
    return finish(out, err, errcap);
}

/* '%' with an int (CPython's mainformatlong, _PyUnicode_FormatLong and
 * formatchar): the body is [-][0x][zeros up to the precision]digits. */
static bool percent_int(StrBuf *out, IntArg a, const FmtPercent *p, char *err, size_t errcap)
{
    if (type_in((uint32_t)p->conv, "eEfFgG")) {
        double x;
        if (!int_to_double(a, &x)) return fail(err, errcap, "%s", MSG_INT_TOO_LARGE);
        return percent_real(out, x, p, err, errcap);
    }
    if (p->conv == 'c') {
        int32_t cp = int_char(a, false, err, errcap);
        if (cp < 0) return false;
        Utf8Char c = utf8_char((uint32_t)cp);
        percent_emit(out, c.b, c.len, p, false);
        return finish(out, err, errcap);
    }
    /* str(n) for s r a: the decimal digits, cut (not widened) by the precision */
    bool as_str = type_in((uint32_t)p->conv, "sra");
    int k = base_index(as_str ? 'd' : (uint32_t)p->conv);
    if (k < 0) return bad_conversion(p, err, errcap);
    int min_digits = as_str ? -1 : p->precision;
    if (min_digits > INT_MAX - 3) return fail(err, errcap, "precision too large");
    char buf[SMALL_DIGITS];
    size_t nd;
    char *d = int_digits(a, int_bases[k].base, p->conv == 'X', buf, &nd);
    if (!d) {
        out->oom = true;
        return finish(out, err, errcap);
    }
    StrBuf body;
    sb_init(&body);
    if (int_negative(a)) sb_putc(&body, '-');
    if (p->alt) sb_puts(&body, int_bases[k].prefix);
    if (min_digits > 0 && (size_t)min_digits > nd) put_zeros(&body, (size_t)min_digits - nd);
    sb_putn(&body, d, nd);
    if (d != buf) free(d);
    if (body.oom) out->oom = true;
    if (!out->oom) percent_emit(out, body.data, body.len, p, !as_str);
    sb_free(&body);
    return finish(out, err, errcap);
}

bool fmt_percent_int64(StrBuf *out, int64_t n, const FmtPercent *p, char *err, size_t errcap)
{
    return percent_int(out, (IntArg){.small = n}, p, err, errcap);
}

bool fmt_percent_mpz(StrBuf *out, const mpz_t n, const FmtPercent *p, char *err, size_t errcap)
{
    return percent_int(out, (IntArg){.big = n}, p, err, errcap);
}

bool fmt_percent_float(StrBuf *out, double x, const FmtPercent *p, char *err, size_t errcap)
{
    if (type_in((uint32_t)p->conv, "eEfFgG")) return percent_real(out, x, p, err, errcap);
    if (type_in((uint32_t)p->conv, "sra")) {
        StrBuf r;
        sb_init(&r);
        repr_float(&r, x);
        if (r.oom) out->oom = true;
        if (!out->oom) percent_emit(out, r.data, r.len, p, false);
        sb_free(&r);
        return finish(out, err, errcap);
    }
    if (p->conv == 'c') return fail(err, errcap, "%%c requires int or char");
    if (type_in((uint32_t)p->conv, "oxX"))
        return fail(err, errcap, "%%%c format: an integer is required, not float", p->conv);
    if (!type_in((uint32_t)p->conv, "diu")) return bad_conversion(p, err, errcap);
    /* int(x) first, as CPython's PyNumber_Long */
    if (isnan(x)) return fail(err, errcap, "cannot convert float NaN to integer");
    if (isinf(x)) return fail(err, errcap, "cannot convert float infinity to integer");
    if (fabs(x) < 0x1p63) return fmt_percent_int64(out, (int64_t)x, p, err, errcap);
    mpz_t big;
    mpz_init_set_d(big, x);
    bool ok = fmt_percent_mpz(out, big, p, err, errcap);
    mpz_clear(big);
    return ok;
}

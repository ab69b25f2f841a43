/* CPython 3.11's repr() of literal values (see pyrepr.h): shortest round-trip
 * float digits laid out by its rules, str and bytes quoting and escapes, and
 * big-int conversion through GMP. */
#include "pyrepr.h"

#include <gmp.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../util/unicode.h"

enum {
    MAX_SIG_DIGITS = 17, /* enough for any double to read back */
    SCI_BELOW = -4,      /* repr goes scientific for decimal exponents below this */
    SCI_FROM = 16,       /* and from this one up */
};

/* Whether m * 10^e reads back as x. No decimal point is written, so the
 * C locale's choice of one cannot matter. */
static bool reads_back(uint64_t m, int e, double x)
{
    char buf[48];
    snprintf(buf, sizeof buf, "%" PRIu64 "e%d", m, e);
    return strtod(buf, NULL) == x;
}

/* The digits CPython's repr picks for finite x > 0: the fewest that read back
 * as x and, among those, the nearest to x. Writes them without trailing zeros
 * and returns their count; x = d[0].d[1]d[2]... * 10^*exp10. */
static int shortest_digits(double x, char digits[MAX_SIG_DIGITS + 2], int *exp10)
{
    uint64_t m = 0;
    int e = 0;
    for (int prec = 1; prec <= MAX_SIG_DIGITS; prec++) {
        char buf[48];
        snprintf(buf, sizeof buf, "%.*e", prec - 1, x); /* correctly rounded: the nearest */
        char *p = buf;
        for (m = 0; *p != 'e'; p++)
            if (*p >= '0' && *p <= '9') m = m * 10 + (uint64_t)(*p - '0');
        e = atoi(p + 1) - (prec - 1);
        if (reads_back(m, e, x)) break;
        /* At a power of two the doubles below are twice as close as those
         * above, so the nearest digits can fall outside x's rounding interval
         * on the near side while the next ones up still read back. */
        if (reads_back(m + 1, e, x)) {
            m++;
            break;
        }
    }
    while (m % 10 == 0) {
        m /= 10;
        e++;
    }
    int n = snprintf(digits, MAX_SIG_DIGITS + 2, "%" PRIu64, m);
    *exp10 = e + n - 1;
    return n;
}

/* Writes x (finite or not) as repr does; `dot_zero` adds the '.0' a float
 * shows when integral and a complex part does not. */
static void put_real(StrBuf *out, double x, bool dot_zero)
{
    if (isnan(x)) {
        sb_puts(out, "nan");
        return;
    }
    if (signbit(x)) {
        sb_putc(out, '-');
        x = -x;
    }
    if (isinf(x)) {
        sb_puts(out, "inf");
        return;
    }
    if (x == 0) {
        sb_puts(out, dot_zero ? "0.0" : "0");
        return;
    }
    char d[MAX_SIG_DIGITS + 2];
    int exp10;
    int n = shortest_digits(x, d, &exp10);
    if (exp10 < SCI_BELOW || exp10 >= SCI_FROM) {
        sb_putc(out, d[0]);
        if (n > 1) {
            sb_putc(out, '.');
            sb_putn(out, d + 1, (size_t)(n - 1));
        }
        sb_printf(out, "e%+03d", exp10);
    } else if (exp10 < 0) {
        sb_puts(out, "0.");
        for (int i = -1; i > exp10; i--) sb_putc(out, '0');
        sb_putn(out, d, (size_t)n);
    } else {
        int whole = exp10 + 1;
        sb_putn(out, d, (size_t)(n < whole ? n : whole));
        for (int i = n; i < whole; i++) sb_putc(out, '0');
        if (n > whole) {
            sb_putc(out, '.');
            sb_putn(out, d + whole, (size_t)(n - whole));
        } else if (dot_zero) {
            sb_puts(out, ".0");
        }
    }
}

void repr_float(StrBuf *out, double x) { put_real(out, x, true); }

void repr_imag(StrBuf *out, double y)
{
    put_real(out, y, false);
    sb_putc(out, 'j');
}

/* CPython's quote choice: single quotes unless the text has ' and no ". */
static char pick_quote(const unsigned char *s, size_t len)
{
    bool single = false, dbl = false;
    for (size_t i = 0; i < len; i++) {
        single |= s[i] == '\'';
        dbl |= s[i] == '"';
    }
    return single && !dbl ? '"' : '\'';
}

/* Writes the escape repr uses for an ASCII character or byte c, or returns
 * false when c stands for itself. */
static bool put_ascii_escape(StrBuf *out, unsigned c, char quote)
{
    if (c == '\\' || c == (unsigned char)quote) {
        sb_putc(out, '\\');
        sb_putc(out, (char)c);
    } else if (c == '\t') {
        sb_puts(out, "\\t");
    } else if (c == '\n') {
        sb_puts(out, "\\n");
    } else if (c == '\r') {
        sb_puts(out, "\\r");
    } else if (c < 0x20 || c >= 0x7F) {
        sb_printf(out, "\\x%02x", c);
    } else {
        return false;
    }
    return true;
}

void repr_str(StrBuf *out, const char *utf8, size_t len)
{
    const unsigned char *s = (const unsigned char *)utf8;
    char quote = pick_quote(s, len);
    sb_putc(out, quote);
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        if (s[i] < 0x80) {
            if (!put_ascii_escape(out, s[i], quote)) sb_putc(out, (char)s[i]);
            i++;
            continue;
        }
        int n = uni_decode_utf8(s + i, len - i, &cp);
        if (n == 0 && s[i] == 0xED && i + 2 < len && (s[i + 1] & 0xE0) == 0xA0 && (s[i + 2] & 0xC0) == 0x80) {
            /* a lone surrogate (str can hold one), kept in its three-byte form */
            sb_printf(out, "\\u%04x", (unsigned)(0xD000 | (s[i + 1] & 0x3F) << 6 | (s[i + 2] & 0x3F)));
            i += 3;
            continue;
        }
        if (n == 0) {
            /* the caller promised UTF-8; a stray byte is shown, not lost */
            sb_printf(out, "\\x%02x", s[i]);
            i++;
            continue;
        }
        if (uni_is_printable(cp))
            sb_putn(out, utf8 + i, (size_t)n);
        else if (cp < 0x100)
            sb_printf(out, "\\x%02" PRIx32, cp);
        else if (cp < 0x10000)
            sb_printf(out, "\\u%04" PRIx32, cp);
        else
            sb_printf(out, "\\U%08" PRIx32, cp);
        i += (size_t)n;
    }
    sb_putc(out, quote);
}

void repr_bytes(StrBuf *out, const unsigned char *b, size_t len)
{
    char quote = pick_quote(b, len);
    sb_putc(out, 'b');
    sb_putc(out, quote);
    for (size_t i = 0; i < len; i++)
        if (!put_ascii_escape(out, b[i], quote)) sb_putc(out, (char)b[i]);
    sb_putc(out, quote);
}

char *repr_bigint_decimal(Arena *a, const char *digits, int base)
{
    mpz_t z;
    mpz_init(z);
    char *s = NULL;
    if (mpz_set_str(z, digits, base) == 0) {
        /* the room GMP asks for: the digits (maybe one too many), a sign and the NUL */
        s = arena_alloc(a, mpz_sizeinbase(z, 10) + 2);
        if (s) mpz_get_str(s, 10, z);
    }
    mpz_clear(z);
    return s;
}

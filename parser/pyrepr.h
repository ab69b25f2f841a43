/* Python's repr() of the literal types, byte for byte as CPython 3.11 prints
 * them: float (shortest round-trip), imaginary, str, bytes, and big ints. */
#ifndef TIRUN_PYREPR_H
#define TIRUN_PYREPR_H

#include <stddef.h>
#include <stdint.h>

#include "../util/arena.h"

/* repr(x) for a float: '1.0', '1e+16', '1e-05', 'inf', 'nan', '-0.0', '0.1'. */
void repr_float(StrBuf *out, double x);
/* repr(complex(0.0, y)) for y >= 0 as written by an imaginary literal: '1j', '1.5j', '1e+16j', 'infj'. */
void repr_imag(StrBuf *out, double y);
/* repr(s) for a str given as UTF-8: quote choice, escapes and the Unicode
 * printable rules of str.isprintable(). */
void repr_str(StrBuf *out, const char *utf8, size_t len);
/* repr(b) for bytes: b'..' with \t \n \r \xhh escapes and quote choice. */
void repr_bytes(StrBuf *out, const unsigned char *b, size_t len);
/* Converts an integer literal's digits (underscores already removed) in `base`
 * (2, 8, 10, 16) to decimal. Returns a NUL-terminated string in `a`, or NULL
 * when out of memory or a digit is not one of `base`. Fast path for values that fit in int64 is the caller's. */
char *repr_bigint_decimal(Arena *a, const char *digits, int base);

#endif

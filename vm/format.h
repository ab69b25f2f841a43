/* Python 3.11's format() mini-language and printf-style '%' conversions over C
 * scalars, GMP integers and UTF-8 strings, byte for byte as CPython writes
 * them in the C locale. The VM owns the Values; this module only formats. */
#ifndef TIRUN_FORMAT_H
#define TIRUN_FORMAT_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/arena.h"

/* Every function that can fail returns false and writes CPython's message to
 * err (errcap bytes, NUL-terminated, truncated if need be). The exception is a
 * ValueError unless fmt_error_kind says otherwise. A false return with the
 * StrBuf's oom flag set means MemoryError instead. Output is appended. */
typedef enum { FMT_VALUE_ERROR, FMT_OVERFLOW_ERROR, FMT_TYPE_ERROR } FmtErrorKind;
FmtErrorKind fmt_error_kind(const char *err);

/* format_spec ::= [[fill]align][sign]["z"]["#"]["0"][width][grouping]["." precision][type] */
typedef struct {
    uint32_t fill;         /* code point; ' ' when not given */
    char align;            /* '<' '>' '=' '^', or 0: the type's default */
    char sign;             /* '+' '-' ' ', or 0 */
    bool alternate;        /* '#' */
    bool zero_pad;         /* a '0' before the width with no fill given: fill '0', and '=' for numbers */
    bool z_flag;           /* 'z': -0.0 after rounding prints as 0.0 */
    int width;             /* -1 = none */
    char grouping;         /* ',' '_' or 0 */
    int precision;         /* -1 = none */
    uint32_t type;         /* code point of the presentation type, or 0 */
    const char *type_name; /* the object's type for messages ('bool'); NULL: 'int', 'float', 'str' */
} FmtSpec;

/* Parses spec[0..len) (UTF-8) for an object of type type_name (for the
 * "Invalid format specifier '...' for object of type '...'" message; may be
 * NULL: 'object') into *out. Checks only the syntax; each fmt_* below checks
 * what its type allows. A width or precision past INT_MAX reads as INT_MAX,
 * which floats refuse ("precision too big"). The empty spec is valid and gives
 * str(x) for the float, int and str below (not for bool: that is 'True'). */
bool fmt_parse_spec(const char *spec, size_t len, const char *type_name, FmtSpec *out, char *err, size_t errcap);

/* format(x, spec) for a float: types '' e E f F g G n %. */
bool fmt_float(StrBuf *out, double x, const FmtSpec *s, char *err, size_t errcap);
/* format(n, spec) for an int: types '' b c d o x X n, and e E f F g G %
 * through float(n) (an OverflowError when n is too large for a float). */
bool fmt_int64(StrBuf *out, int64_t n, const FmtSpec *s, char *err, size_t errcap);
bool fmt_mpz(StrBuf *out, const mpz_t n, const FmtSpec *s, char *err, size_t errcap);
/* format(s, spec) for a str given as UTF-8: types '' and s; width and
 * precision count code points. */
bool fmt_str(StrBuf *out, const char *utf8, size_t len, const FmtSpec *s, char *err, size_t errcap);

/* Writes utf8[0..len) padded with fill to width code points: '<' (and '=')
 * pads on the right, '>' on the left, '^' on both with the odd one right.
 * For objects whose formatting ends in a plain string. */
/* The longest padding formatting writes (1 GiB): past it, the StrBuf is
 * marked out of memory (MemoryError) at once, where CPython would try to
 * allocate. Widths read from a spec are held at INT_MAX ("at least"), so
 * this must stay well below that. */
#define FMT_MAX_TEXT ((size_t)1 << 30)
/* Writes n copies of unit (a chunk at a time); marks out out of memory
 * instead when the text would pass FMT_MAX_TEXT. */
void fmt_repeat(StrBuf *out, const char *unit, size_t unit_len, size_t n);
void fmt_pad(StrBuf *out, const char *utf8, size_t len, uint32_t fill, char align, int width);

/* One '%' conversion: %[(key)][flags][width][.precision][h|l|L]conv */
enum { FMT_STAR = -2 }; /* width or precision given as '*' */
typedef struct {
    bool has_key;          /* "%(key)s": the key is s[key_off .. key_off + key_len) */
    size_t key_off, key_len;
    bool left, plus, space, alt, zero; /* '-' '+' ' ' '#' '0' */
    int width;             /* -1 = none, FMT_STAR */
    int precision;         /* -1 = none, FMT_STAR */
    char conv;             /* one of "diouxXeEfFgGcrsa%" */
} FmtPercent;

/* Parses the conversion in s[0..len), which starts just after its '%'.
 * index_base is the code point index of s[0] in the whole format string, for
 * "unsupported format character 'y' (0x79) at index N". Returns the bytes
 * consumed, or 0 with err set. "%%" gives conv '%' and takes no argument; a
 * '%' after a key, flags or a width is an unsupported character, as in
 * CPython. A key may hold balanced parentheses. For FMT_STAR the VM takes the
 * int arguments in order (width first) before the value, and applies them
 * with fmt_percent_star. */
size_t fmt_percent_parse(const char *s, size_t len, size_t index_base, FmtPercent *p, char *err, size_t errcap);
/* Applies a '*' argument: a negative width left-justifies, a negative
 * precision means 0; values past INT_MAX are held there. */
void fmt_percent_star(FmtPercent *p, bool is_width, int64_t value);

/* '%' with an int argument: d i u o x X c, e E f F g G through float(n),
 * and s r a as str(n) (the VM calls __str__ itself for int subclasses). */
bool fmt_percent_int64(StrBuf *out, int64_t n, const FmtPercent *p, char *err, size_t errcap);
bool fmt_percent_mpz(StrBuf *out, const mpz_t n, const FmtPercent *p, char *err, size_t errcap);
/* '%' with a float argument: e E f F g G, d i u through int(x), s r a as
 * str(x); o x X c are the TypeErrors CPython raises. */
bool fmt_percent_float(StrBuf *out, double x, const FmtPercent *p, char *err, size_t errcap);
/* '%s' '%r' '%a', and '%c' with a one-character str: the VM made the string;
 * this truncates to the precision and pads to the width. */
void fmt_percent_str(StrBuf *out, const char *utf8, size_t len, const FmtPercent *p);

#endif

/* numpy's float to text conversion (dragon4.c), shared by array printing,
 * the numpy scalars' str and repr, and np.format_float_positional /
 * format_float_scientific (format.c). */
#ifndef TIRUN_NP_DRAGON4_H
#define TIRUN_NP_DRAGON4_H

#include "../../util/arena.h"
#include "np.h"

/* How a float is written, as numpy's Dragon4 options say it. */
typedef struct {
    bool scientific;   /* d.ddde+xx, else positional ddd.ddd */
    bool unique;       /* the shortest digits that round-trip in the value's type, else its exact digits */
    bool fractional;   /* positional: precision and min_digits count digits after the point, else all digits */
    bool sign;         /* '+' before positive values */
    char trim;         /* 'k' keep, '.' trim zeros keep the point, '0' leave one zero, '-' trim zeros and point */
    int precision;     /* at most this many digits (-1: no limit) */
    int min_digits;    /* at least this many (unique only; -1: none) */
    int pad_left;      /* spaces until this many characters left of the point (-1: none) */
    int pad_right;     /* spaces until this many characters right of it (positional; -1: none) */
    int exp_digits;    /* the exponent has at least this many digits (scientific; -1: 2) */
} NpFloatFmt;

/* The default options: unique positional, trim 'k', nothing padded. */
static inline NpFloatFmt np_float_fmt(bool scientific)
{
    return (NpFloatFmt){scientific, true, true, false, 'k', -1, -1, -1, -1, -1};
}

/* Appends the text of the element at p, of float type t (NP_FLOAT16/32/64);
 * false, appending nothing, when positional text would pass numpy's limit
 * of 16383 characters (numpy's RuntimeError "Float formatting result too large"). */
bool np_format_float(StrBuf *out, const void *p, int t, const NpFloatFmt *f);

#endif

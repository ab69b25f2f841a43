/* Values: one 64-bit word, NaN-boxed. Doubles are stored as themselves; small
 * ints (48-bit), None/True/False/NotImplemented/Ellipsis and object pointers
 * live in the negative quiet-NaN space, so arithmetic on them never allocates. */
#ifndef TIRUN_VALUE_H
#define TIRUN_VALUE_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t Value;
typedef struct Obj Obj;

/* Tags in the top 16 bits; every tagged word has its top 13 bits set, which
 * no double keeps because NaNs are canonicalized to 0x7FF8... when boxed. */
#define V_TAG_INT 0xFFF9ull
#define V_TAG_SPECIAL 0xFFFAull
#define V_TAG_OBJ 0xFFFCull
#define V_PAYLOAD 0x0000FFFFFFFFFFFFull

#define V_SPECIAL(k) ((V_TAG_SPECIAL << 48) | (k))
#define V_NONE V_SPECIAL(1)
#define V_FALSE V_SPECIAL(2)
#define V_TRUE V_SPECIAL(3)
#define V_NOTIMPL V_SPECIAL(4)
#define V_ELLIPSIS V_SPECIAL(5)
#define V_UNBOUND V_SPECIAL(6)  /* an unassigned local or a deleted slot */
#define V_EXC V_SPECIAL(7)      /* "an exception is pending": the error return */

/* Small ints: 48-bit two's complement. */
#define V_INT_MIN (-(INT64_C(1) << 47))
#define V_INT_MAX ((INT64_C(1) << 47) - 1)

static inline bool v_is_double(Value v) { return (v >> 51) != 0x1FFF; }
static inline bool v_is_int(Value v) { return (v >> 48) == V_TAG_INT; }
static inline bool v_is_obj(Value v) { return (v >> 48) == V_TAG_OBJ; }
static inline bool v_is_special(Value v) { return (v >> 48) == V_TAG_SPECIAL; }
static inline bool v_is_bool(Value v) { return v == V_TRUE || v == V_FALSE; }

static inline double v_as_double(Value v)
{
    double d;
    memcpy(&d, &v, sizeof d);
    return d;
}
static inline Value v_double(double d)
{
    Value v;
    if (d != d) return 0x7FF8000000000000ull;
    memcpy(&v, &d, sizeof v);
    return v;
}
static inline int64_t v_as_int(Value v) { return (int64_t)(v << 16) >> 16; }
static inline bool v_int_fits(int64_t i) { return i >= V_INT_MIN && i <= V_INT_MAX; }
/* Only for i that v_int_fits. */
static inline Value v_int(int64_t i) { return (V_TAG_INT << 48) | ((uint64_t)i & V_PAYLOAD); }
static inline Obj *v_as_obj(Value v) { return (Obj *)(uintptr_t)(v & V_PAYLOAD); }
static inline Value v_obj(const void *o) { return (V_TAG_OBJ << 48) | (uint64_t)(uintptr_t)o; }
static inline Value v_bool(bool b) { return b ? V_TRUE : V_FALSE; }

#endif

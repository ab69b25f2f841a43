/* Shared by objstr.c (str and its methods), strformat.c (str.format, '%')
 * and strcodec.c (the codecs): code-point helpers over the valid UTF-8 a
 * StrObj holds, receiver checks, and the natives objstr.c registers. */
#ifndef TIRUN_OBJSTR_INT_H
#define TIRUN_OBJSTR_INT_H

#include "../util/unicode.h"
#include "vm.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)
#define COUNT(a) (sizeof(a) / sizeof *(a))

/* ---- code points: the data is valid UTF-8 (lone surrogates in their
 * three-byte form), so decoding needs no checks */

static inline size_t vm_cp_len(char c)
{
    unsigned char b = (unsigned char)c;
    return b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
}

static inline uint32_t vm_cp_at(const char *s, size_t i)
{
    const unsigned char *p = (const unsigned char *)s + i;
    switch (vm_cp_len(s[i])) {
    case 1: return p[0];
    case 2: return (uint32_t)(p[0] & 0x1F) << 6 | (p[1] & 0x3F);
    case 3: return (uint32_t)(p[0] & 0x0F) << 12 | (uint32_t)(p[1] & 0x3F) << 6 | (p[2] & 0x3F);
    default:
        return (uint32_t)(p[0] & 0x07) << 18 | (uint32_t)(p[1] & 0x3F) << 12 | (uint32_t)(p[2] & 0x3F) << 6 |
               (p[3] & 0x3F);
    }
}

static inline bool vm_str_is_ascii(const StrObj *s) { return s->len == s->nchars; }

static inline void vm_put_cp(StrBuf *b, uint32_t cp)
{
    char buf[4];
    sb_putn(b, buf, (size_t)uni_encode_utf8(cp, buf));
}

/* Code points in s[0..len). */
size_t vm_count_chars(const char *s, size_t len);

/* ---- receivers and arguments */

static inline StrObj *vm_str_self(VM *vm, Value *args, int nargs, const char *meth)
{
    return vm_check_self(vm, args, nargs, vm->t_str, meth) ? AS_STR(args[0]) : NULL;
}

/* Checks self is a str and parses a method's arguments after it into out. */
StrObj *vm_str_self_args(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, const char *const *names,
                         int nparams, int maxpos, int minargs, Value *out);

/* The text arguments encoding / errors: a str, or NULL when not given. */
bool vm_codec_arg(VM *vm, Value v, const char *fname, const char *what, const char **out);

/* Natives objstr.c registers on str. */
Value vm_str_encode(VM *vm, Value *args, int nargs, TupleObj *kw);       /* strcodec.c */
Value vm_str_format(VM *vm, Value *args, int nargs, TupleObj *kw);       /* strformat.c */
Value vm_str_format_map(VM *vm, Value *args, int nargs, TupleObj *kw);   /* strformat.c */

#endif

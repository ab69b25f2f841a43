/* str: UTF-8 text that knows its code-point count; creation, interning,
 * hashing and the methods (CPython 3.11's semantics and messages). str.format
 * and '%' formatting are in strformat.c, the codecs in strcodec.c. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "../parser/pyrepr.h"
#include "../util/unicode.h"
#include "format.h"
#include "objstr_int.h"

/* ---- creation */

/* Code points in s[0..len): the bytes that are not continuation bytes
 * (10xxxxxx), counted eight at a time. */
size_t vm_count_chars(const char *s, size_t len)
{
    const uint64_t high = UINT64_C(0x8080808080808080);
    size_t cont = 0, i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        cont += (size_t)__builtin_popcountll(w & high & ~(w << 1));
    }
    for (; i < len; i++) cont += ((unsigned char)s[i] & 0xC0) == 0x80;
    return len - cont;
}

static StrObj *alloc_str(VM *vm, TypeObj *type, size_t len)
{
    if (len >= UINT32_MAX) {
        vm_raise(vm, vm->e_MemoryError, "%s", "");
        return NULL;
    }
    StrObj *s = vm_alloc(vm, type, sizeof *s + len + 1);
    if (!s) return NULL;
    s->hash = -1;
    s->len = (uint32_t)len;
    s->data[len] = 0;
    return s;
}

static Value new_str_of(VM *vm, TypeObj *type, const char *utf8, size_t len)
{
    StrObj *s = alloc_str(vm, type, len);
    if (!s) return V_EXC;
    if (len) memcpy(s->data, utf8, len);
    s->nchars = (uint32_t)vm_count_chars(s->data, len);
    return v_obj(s);
}

Value vm_new_str(VM *vm, const char *utf8, size_t len)
{
    unsigned char c = len == 1 ? (unsigned char)utf8[0] : 0;
    if (c && c < 128 && v_is_obj(vm->small_strs[c])) return vm->small_strs[c];
    return new_str_of(vm, vm->t_str, utf8, len);
}

Value vm_cstr(VM *vm, const char *s) { return vm_new_str(vm, s, strlen(s)); }

StrObj *vm_intern(VM *vm, const char *utf8, size_t len)
{
    /* a short name already interned is found through a copy on the C stack,
     * so that looking one up allocates nothing */
    union {
        StrObj s;
        char room[sizeof(StrObj) + 64];
    } probe;
    if (len < sizeof probe.room - sizeof(StrObj)) {
        probe.s.hdr.type = vm->t_str;
        probe.s.hash = -1;
        probe.s.len = (uint32_t)len;
        if (len) memcpy(probe.s.data, utf8, len);
        probe.s.data[len] = 0;
        Value found = vm_dict_get_str(vm->interned, &probe.s);
        if (found != V_UNBOUND) return AS_STR(found);
    }
    Value s = vm_new_str(vm, utf8, len);
    if (s == V_EXC) return NULL;
    Value found = vm_dict_get_str(vm->interned, AS_STR(s));
    if (found != V_UNBOUND) return AS_STR(found);
    AS_STR(s)->interned = true;
    return vm_dict_set_str(vm, vm->interned, AS_STR(s), s) ? AS_STR(s) : NULL;
}

int64_t vm_str_hash(StrObj *s)
{
    if (s->hash != -1) return s->hash;
    /* FNV-1a, then a final mix so that short keys spread over the low bits */
    uint64_t h = UINT64_C(14695981039346656037);
    for (uint32_t i = 0; i < s->len; i++) h = (h ^ (unsigned char)s->data[i]) * UINT64_C(1099511628211);
    h ^= h >> 32;
    h *= UINT64_C(0x9E3779B97F4A7C15);
    h ^= h >> 29;
    int64_t r = (int64_t)h;
    s->hash = r == -1 ? -2 : r;
    return s->hash;
}

bool vm_str_eq(StrObj *a, StrObj *b)
{
    if (a == b) return true;
    if (a->len != b->len || (a->hash != -1 && b->hash != -1 && a->hash != b->hash)) return false;
    return !memcmp(a->data, b->data, a->len);
}

int vm_str_cmp(StrObj *a, StrObj *b)
{
    /* UTF-8 byte order is code-point order */
    int c = memcmp(a->data, b->data, a->len < b->len ? a->len : b->len);
    if (c == 0) c = (a->len > b->len) - (a->len < b->len);
    return (c > 0) - (c < 0);
}

Value vm_str_concat(VM *vm, StrObj *a, StrObj *b)
{
    if (a->len == 0 && b->hdr.type == vm->t_str) return v_obj(b);
    if (b->len == 0 && a->hdr.type == vm->t_str) return v_obj(a);
    StrObj *s = alloc_str(vm, vm->t_str, (size_t)a->len + b->len);
    if (!s) return V_EXC;
    memcpy(s->data, a->data, a->len);
    memcpy(s->data + a->len, b->data, b->len);
    s->nchars = a->nchars + b->nchars;
    return v_obj(s);
}

Value vm_str_repeat(VM *vm, StrObj *s, int64_t n)
{
    if (n <= 0 || s->len == 0) return vm_new_str(vm, "", 0);
    if (n == 1 && s->hdr.type == vm->t_str) return v_obj(s);
    if ((uint64_t)n > (uint64_t)INT64_MAX / s->len)
        return vm_raise(vm, vm->e_OverflowError, "repeated string is too long");
    size_t total = (size_t)n * s->len;
    StrObj *r = alloc_str(vm, vm->t_str, total);
    if (!r) return V_EXC;
    memcpy(r->data, s->data, s->len);
    /* doubling copies */
    for (size_t done = s->len; done < total;) {
        size_t k = done < total - done ? done : total - done;
        memcpy(r->data + done, r->data, k);
        done += k;
    }
    r->nchars = (uint32_t)(s->nchars * (size_t)n);
    return v_obj(r);
}

bool vm_str_contains(StrObj *s, StrObj *sub)
{
    return sub->len == 0 || memmem(s->data, s->len, sub->data, sub->len) != NULL;
}

Value vm_new_bytes(VM *vm, const void *data, size_t len)
{
    if (len >= UINT32_MAX) return vm_raise(vm, vm->e_MemoryError, "%s", "");
    BytesObj *b = vm_alloc(vm, vm->t_bytes, sizeof *b + len + 1);
    if (!b) return V_EXC;
    b->hash = -1;
    b->len = (uint32_t)len;
    if (len) memcpy(b->data, data, len);
    b->data[len] = 0;
    return v_obj(b);
}

/* A piece of src: its code points need no counting when src is ASCII. */
static Value part_of(VM *vm, const StrObj *src, const char *p, size_t n)
{
    if (src->len != src->nchars || n == 1) return vm_new_str(vm, p, n);
    StrObj *s = alloc_str(vm, vm->t_str, n);
    if (!s) return V_EXC;
    if (n) memcpy(s->data, p, n);
    s->nchars = (uint32_t)n;
    return v_obj(s);
}

/* ---- code points (vm_cp_len and vm_cp_at are in objstr_int.h) */

/* The start of the code point before byte i (> 0). */
static size_t cp_before(const char *s, size_t i)
{
    do i--;
    while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80);
    return i;
}

/* Byte offset of code point ci (0..nchars). */
static size_t byte_at(const StrObj *s, int64_t ci)
{
    if (vm_str_is_ascii(s)) return (size_t)ci;
    if (ci > (int64_t)s->nchars / 2) {
        size_t i = s->len;
        for (int64_t k = s->nchars; k > ci; k--) i = cp_before(s->data, i);
        return i;
    }
    size_t i = 0;
    for (int64_t k = 0; k < ci; k++) i += vm_cp_len(s->data[i]);
    return i;
}

/* ---- character classes. Case comes from the generated tables
 * (util/unicode.h), as CPython's unicodectype.c has it. */

static bool is_upper_cp(uint32_t c) { return uni_case_flags(c) & UNI_CASE_UPPER; }
static bool is_lower_cp(uint32_t c) { return uni_case_flags(c) & UNI_CASE_LOWER; }
static bool is_title_cp(uint32_t c) { return uni_case_flags(c) & UNI_CASE_TITLE; }

static bool is_space_cp(uint32_t c)
{
    if (c < 0x80) return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1C && c <= 0x1F);
    return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
           c == 0x202F || c == 0x205F || c == 0x3000;
}

static bool is_linebreak_cp(uint32_t c)
{
    return c == '\n' || c == '\r' || c == 0x0B || c == 0x0C || (c >= 0x1C && c <= 0x1E) || c == 0x85 || c == 0x2028 ||
           c == 0x2029;
}

/* The zeros of the decimal digit runs (Unicode category Nd) most scripts use. */
static const uint32_t decimal_zeros[] = {
    0x30,    0x660,   0x6F0,   0x7C0,   0x966,   0x9E6,   0xA66,   0xAE6,   0xB66,   0xBE6,   0xC66,   0xCE6,
    0xD66,   0xDE6,   0xE50,   0xED0,   0xF20,   0x1040,  0x1090,  0x17E0,  0x1810,  0x1946,  0x19D0,  0x1A80,
    0x1A90,  0x1B50,  0x1BB0,  0x1C40,  0x1C50,  0xA620,  0xA8D0,  0xA900,  0xA9D0,  0xA9F0,  0xAA50,  0xABF0,
    0xFF10,  0x104A0, 0x11066, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E950, 0x1FBF0,
};

static bool is_decimal_cp(uint32_t c)
{
    if (c < 0x80) return c >= '0' && c <= '9';
    for (size_t i = 0; i < COUNT(decimal_zeros); i++)
        if (c >= decimal_zeros[i] && c < decimal_zeros[i] + 10) return true;
    return false;
}

/* Ranges beyond the decimals: digits (superscripts, circled...) then the
 * other numerics (fractions, Roman numerals, CJK numerals). */
static const uint32_t digit_ranges[][2] = {
    {0xB2, 0xB3},     {0xB9, 0xB9},     {0x1369, 0x1371}, {0x2070, 0x2070}, {0x2074, 0x2079}, {0x2080, 0x2089},
    {0x2460, 0x2468}, {0x2474, 0x247C}, {0x2488, 0x2490}, {0x24EA, 0x24EA}, {0x24F5, 0x24FD}, {0x24FF, 0x24FF},
    {0x2776, 0x277E}, {0x2780, 0x2788}, {0x278A, 0x2792},
};
static const uint32_t numeric_ranges[][2] = {
    {0xBC, 0xBE},     {0x2150, 0x2182}, {0x2185, 0x2189}, {0x2469, 0x2473}, {0x247D, 0x2487}, {0x2491, 0x249B},
    {0x24EB, 0x24F4}, {0x24FE, 0x24FE}, {0x3007, 0x3007}, {0x3021, 0x3029}, {0x3038, 0x303A}, {0x4E00, 0x4E00},
    {0x4E03, 0x4E03}, {0x4E07, 0x4E07}, {0x4E09, 0x4E09}, {0x4E5D, 0x4E5D}, {0x4E8C, 0x4E8C}, {0x4E94, 0x4E94},
    {0x5104, 0x5104}, {0x5146, 0x5146}, {0x516B, 0x516B}, {0x516D, 0x516D}, {0x5341, 0x5341}, {0x5343, 0x5343},
    {0x56DB, 0x56DB}, {0x767E, 0x767E},
};

static bool in_ranges(const uint32_t (*r)[2], size_t n, uint32_t c)
{
    for (size_t i = 0; i < n; i++)
        if (c >= r[i][0] && c <= r[i][1]) return true;
    return false;
}

static bool is_digit_cp(uint32_t c)
{
    return is_decimal_cp(c) || (c >= 0x80 && in_ranges(digit_ranges, COUNT(digit_ranges), c));
}

static bool is_numeric_cp(uint32_t c)
{
    return is_digit_cp(c) || (c >= 0x80 && in_ranges(numeric_ranges, COUNT(numeric_ranges), c));
}

static bool is_alpha_cp(uint32_t c) { return uni_is_alpha(c); }

static bool is_alnum_cp(uint32_t c) { return is_alpha_cp(c) || is_numeric_cp(c); }

char *vm_str_ascii_digits(const StrObj *s, size_t *len)
{
    char *out = malloc((size_t)s->len + 1), *o = out;
    if (!out) return NULL;
    for (size_t i = 0; i < s->len; i += vm_cp_len(s->data[i])) {
        uint32_t c = vm_cp_at(s->data, i);
        if (c < 0x80) {
            *o++ = (char)c;
            continue;
        }
        size_t k = 0;
        while (k < COUNT(decimal_zeros) && !(c >= decimal_zeros[k] && c < decimal_zeros[k] + 10)) k++;
        *o++ = k < COUNT(decimal_zeros) ? (char)('0' + (c - decimal_zeros[k])) : is_space_cp(c) ? ' ' : '?';
    }
    *o = 0;
    *len = (size_t)(o - out);
    return out;
}

/* ---- receivers and arguments */

/* Parses a method's arguments after self into out. */
StrObj *vm_str_self_args(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, const char *const *names,
                         int nparams, int maxpos, int minargs, Value *out)
{
    if (!vm_check_self(vm, args, nargs, vm->t_str, meth) ||
        !vm_parse_args(vm, meth, args + 1, nargs - 1, kw, names, nparams, maxpos, minargs, out))
        return NULL;
    return AS_STR(args[0]);
}

/* The methods that share one implementation, told apart by its last arguments. */
#define SHARED(name, impl, ...)                                                                    \
    static Value str_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                          \
    {                                                                                              \
        return impl(vm, args, nargs, kw, #name, __VA_ARGS__);                                      \
    }

/* The arguments after self of a method whose parameters are all positional:
 * "str.find() takes no keyword arguments", and the count checked in the
 * words of CPython's getargs ("find() takes at least 1 argument (0 given)")
 * or of Argument Clinic ("center expected at least 1 argument, got 0"). */
static StrObj *posonly_args(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int min, int max,
                            bool getargs, Value *out)
{
    if (!vm_check_self(vm, args, nargs, vm->t_str, meth)) return NULL;
    if (kw && kw->len) {
        vm_raise(vm, vm->e_TypeError, "str.%s() takes no keyword arguments", meth);
        return NULL;
    }
    int n = nargs - 1;
    if (getargs && (n < min || n > max)) {
        int k = n < min ? min : max;
        vm_raise(vm, vm->e_TypeError, "%s() takes %s %d argument%s (%d given)", meth, n < min ? "at least" : "at most",
                 k, k == 1 ? "" : "s", n);
        return NULL;
    }
    if (!vm_check_nargs(vm, meth, n, NULL, min, max)) return NULL;
    for (int i = 0; i < max; i++) out[i] = i < n ? args[i + 1] : V_UNBOUND;
    return AS_STR(args[0]);
}

/* A str argument; fmt gets the offending type's name. */
static StrObj *str_arg(VM *vm, Value v, const char *fmt)
{
    if (v_has_layout(v, LAYOUT_STR)) return AS_STR(v);
    vm_raise(vm, vm->e_TypeError, fmt, TNAME(v));
    return NULL;
}

/* self unchanged: itself for an exact str, a plain copy for a subclass. */
static Value unchanged(VM *vm, StrObj *s)
{
    if (s->hdr.type == vm->t_str) return v_obj(s);
    return new_str_of(vm, vm->t_str, s->data, s->len);
}

/* The start and end of find() and its kin: char indices clamped like a
 * slice's (CPython's ADJUST_INDICES). */
static bool range_args(VM *vm, const StrObj *s, Value vs, Value ve, int64_t *start, int64_t *end)
{
    int64_t len = s->nchars;
    *start = 0;
    *end = INT64_MAX;
    Value given[2] = {vs, ve};
    int64_t *out[2] = {start, end};
    for (int i = 0; i < 2; i++) {
        Value v = given[i];
        if (v == V_UNBOUND || v == V_NONE) continue;
        if (!vm_is_int(vm, v) && vm_type_lookup(vm_type_of(vm, v), vm->s___index__) == V_UNBOUND) {
            vm_raise(vm, vm->e_TypeError, "slice indices must be integers or None or have an __index__ method");
            return false;
        }
        if (!vm_clamped_index(vm, v, out[i])) return false;
    }
    if (*end > len)
        *end = len;
    else if (*end < 0 && (*end += len) < 0)
        *end = 0;
    if (*start < 0 && (*start += len) < 0) *start = 0;
    return true;
}

/* ---- searching */

static const char *rmemmem(const char *hay, size_t hlen, const char *needle, size_t nlen)
{
    if (nlen == 0) return hay + hlen;
    if (nlen > hlen) return NULL;
    for (const char *p = hay + hlen - nlen;; p--) {
        if (*p == *needle && !memcmp(p, needle, nlen)) return p;
        if (p == hay) return NULL;
    }
}

/* The char index of sub in s[start..end) (from the right when `reverse`), or -1. */
static int64_t find_in(const StrObj *s, const StrObj *sub, int64_t start, int64_t end, bool reverse)
{
    if (end - start < (int64_t)sub->nchars) return -1;
    size_t bs = byte_at(s, start), be = byte_at(s, end);
    const char *p = reverse ? rmemmem(s->data + bs, be - bs, sub->data, sub->len)
                            : memmem(s->data + bs, be - bs, sub->data, sub->len);
    if (!p) return -1;
    return start + (int64_t)vm_count_chars(s->data + bs, (size_t)(p - (s->data + bs)));
}

/* find / rfind / index / rindex / count share their argument handling. */
typedef enum { FIND, RFIND, INDEX, RINDEX, COUNT_SUB } FindKind;

static Value find_method(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, FindKind kind)
{
    Value a[3];
    StrObj *s = posonly_args(vm, args, nargs, kw, meth, 1, 3, true, a);
    if (!s) return V_EXC;
    StrObj *sub = str_arg(vm, a[0], "must be str, not %s");
    int64_t start, end;
    if (!sub || !range_args(vm, s, a[1], a[2], &start, &end)) return V_EXC;
    if (kind == COUNT_SUB) {
        if (end - start < (int64_t)sub->nchars) return v_int(0);
        if (sub->len == 0) return vm_int_from_i64(vm, end - start + 1);
        size_t bs = byte_at(s, start), be = byte_at(s, end);
        int64_t n = 0;
        const char *end = s->data + be;
        for (const char *p = s->data + bs; (p = memmem(p, (size_t)(end - p), sub->data, sub->len)); p += sub->len) n++;
        return vm_int_from_i64(vm, n);
    }
    int64_t i = find_in(s, sub, start, end, kind == RFIND || kind == RINDEX);
    if (i < 0 && (kind == INDEX || kind == RINDEX)) return vm_raise(vm, vm->e_ValueError, "substring not found");
    return vm_int_from_i64(vm, i);
}

SHARED(find, find_method, FIND)
SHARED(rfind, find_method, RFIND)
SHARED(index, find_method, INDEX)
SHARED(rindex, find_method, RINDEX)
SHARED(count, find_method, COUNT_SUB)

/* startswith / endswith: prefix a str or a tuple of them (CPython's tailmatch). */
static Value tailmatch_method(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, bool at_end)
{
    Value a[3];
    StrObj *s = posonly_args(vm, args, nargs, kw, meth, 1, 3, true, a);
    int64_t start, end;
    if (!s || !range_args(vm, s, a[1], a[2], &start, &end)) return V_EXC;
    bool tuple = v_has_layout(a[0], LAYOUT_TUPLE);
    if (!tuple && !v_has_layout(a[0], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "%s first arg must be str or a tuple of str, not %s", meth, TNAME(a[0]));
    uint32_t n = tuple ? AS_TUPLE(a[0])->len : 1;
    for (uint32_t i = 0; i < n; i++) {
        Value x = tuple ? AS_TUPLE(a[0])->items[i] : a[0];
        if (!v_has_layout(x, LAYOUT_STR))
            return vm_raise(vm, vm->e_TypeError, "tuple for %s must only contain str, not %s", meth, TNAME(x));
        StrObj *sub = AS_STR(x);
        int64_t last = end - sub->nchars;
        if (last < start) continue;
        size_t at = byte_at(s, at_end ? last : start);
        if (at + sub->len <= s->len && !memcmp(s->data + at, sub->data, sub->len)) return V_TRUE;
    }
    return V_FALSE;
}

SHARED(startswith, tailmatch_method, false)
SHARED(endswith, tailmatch_method, true)

static Value str_contains(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str, "__contains__", 1)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "'in <string>' requires string as left operand, not %s", TNAME(args[1]));
    return v_bool(vm_str_contains(AS_STR(args[0]), AS_STR(args[1])));
}

/* ---- splitting */

static bool push_piece(VM *vm, Value list, const StrObj *src, const char *p, size_t n)
{
    Value s = part_of(vm, src, p, n);
    return s != V_EXC && vm_list_append(vm, AS_LIST(list), s);
}

static void reverse_list(ListObj *l)
{
    for (uint32_t i = 0, j = l->len ? l->len - 1 : 0; i < j; i++, j--) {
        Value t = l->items[i];
        l->items[i] = l->items[j];
        l->items[j] = t;
    }
}

/* split() and rsplit() on runs of whitespace. */
static bool split_whitespace(VM *vm, Value list, const StrObj *s, int64_t maxsplit, bool reverse)
{
    const char *d = s->data;
    if (!reverse) {
        size_t i = 0, n = s->len;
        for (;;) {
            while (i < n && is_space_cp(vm_cp_at(d, i))) i += vm_cp_len(d[i]);
            if (i == n) return true;
            if (maxsplit-- == 0) return push_piece(vm, list, s, d + i, n - i);
            size_t j = i;
            while (i < n && !is_space_cp(vm_cp_at(d, i))) i += vm_cp_len(d[i]);
            if (!push_piece(vm, list, s, d + j, i - j)) return false;
        }
    }
    size_t i = s->len;
    for (;;) {
        while (i > 0 && is_space_cp(vm_cp_at(d, cp_before(d, i)))) i = cp_before(d, i);
        if (i == 0) break;
        if (maxsplit-- == 0) {
            if (!push_piece(vm, list, s, d, i)) return false;
            break;
        }
        size_t j = i;
        while (i > 0 && !is_space_cp(vm_cp_at(d, cp_before(d, i)))) i = cp_before(d, i);
        if (!push_piece(vm, list, s, d + i, j - i)) return false;
    }
    reverse_list(AS_LIST(list));
    return true;
}

static bool split_sep(VM *vm, Value list, const StrObj *s, const StrObj *sep, int64_t maxsplit, bool reverse)
{
    const char *d = s->data;
    if (!reverse) {
        const char *p = d, *end = d + s->len, *q;
        while (maxsplit-- != 0 && (q = memmem(p, (size_t)(end - p), sep->data, sep->len))) {
            if (!push_piece(vm, list, s, p, (size_t)(q - p))) return false;
            p = q + sep->len;
        }
        return push_piece(vm, list, s, p, (size_t)(end - p));
    }
    size_t end = s->len;
    const char *q;
    while (maxsplit-- != 0 && (q = rmemmem(d, end, sep->data, sep->len))) {
        size_t at = (size_t)(q - d);
        if (!push_piece(vm, list, s, q + sep->len, end - at - sep->len)) return false;
        end = at;
    }
    if (!push_piece(vm, list, s, d, end)) return false;
    reverse_list(AS_LIST(list));
    return true;
}

static Value split_method(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, bool reverse)
{
    static const char *const names[] = {"sep", "maxsplit"};
    Value a[2];
    StrObj *s = vm_str_self_args(vm, args, nargs, kw, meth, names, 2, 2, 0, a);
    if (!s) return V_EXC;
    int64_t maxsplit = -1;
    if (a[1] != V_UNBOUND && !vm_index(vm, a[1], &maxsplit)) return V_EXC;
    StrObj *sep = NULL;
    if (a[0] != V_UNBOUND && a[0] != V_NONE) {
        if (!(sep = str_arg(vm, a[0], "must be str or None, not %s"))) return V_EXC;
        if (sep->len == 0) return vm_raise(vm, vm->e_ValueError, "empty separator");
    }
    if (maxsplit < 0) maxsplit = -1;
    Value list = vm_new_list(vm, 0);
    if (list == V_EXC) return V_EXC;
    bool ok = sep ? split_sep(vm, list, s, sep, maxsplit, reverse) : split_whitespace(vm, list, s, maxsplit, reverse);
    return ok ? list : V_EXC;
}

SHARED(split, split_method, false)
SHARED(rsplit, split_method, true)

static Value str_splitlines(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"keepends"};
    Value a[1];
    StrObj *s = vm_str_self_args(vm, args, nargs, kw, "splitlines", names, 1, 1, 0, a);
    if (!s) return V_EXC;
    int keep = a[0] == V_UNBOUND ? 0 : vm_truthy(vm, a[0]);
    if (keep < 0) return V_EXC;
    Value list = vm_new_list(vm, 0);
    if (list == V_EXC) return V_EXC;
    const char *d = s->data;
    size_t i = 0, n = s->len;
    while (i < n) {
        size_t j = i;
        while (i < n && !is_linebreak_cp(vm_cp_at(d, i))) i += vm_cp_len(d[i]);
        size_t eol = i;
        if (i < n) {
            i += d[i] == '\r' && i + 1 < n && d[i + 1] == '\n' ? 2 : vm_cp_len(d[i]);
            if (keep) eol = i;
        }
        if (!push_piece(vm, list, s, d + j, eol - j)) return V_EXC;
    }
    return list;
}

/* partition / rpartition */
static Value partition_method(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, bool reverse)
{
    StrObj *s = vm_method_args(vm, args, nargs, kw, vm->t_str, meth, 1) ? AS_STR(args[0]) : NULL;
    StrObj *sep = s ? str_arg(vm, args[1], "must be str, not %s") : NULL;
    if (!sep) return V_EXC;
    if (sep->len == 0) return vm_raise(vm, vm->e_ValueError, "empty separator");
    const char *p = (reverse ? rmemmem : (const char *(*)(const char *, size_t, const char *, size_t))memmem)(
        s->data, s->len, sep->data, sep->len);
    Value t = vm_new_tuple(vm, 3);
    if (t == V_EXC) return V_EXC;
    Value *items = AS_TUPLE(t)->items;
    Value empty = vm_new_str(vm, "", 0);
    if (empty == V_EXC) return V_EXC;
    if (!p) {
        Value whole = unchanged(vm, s);
        if (whole == V_EXC) return V_EXC;
        items[0] = reverse ? empty : whole;
        items[1] = empty;
        items[2] = reverse ? whole : empty;
        return t;
    }
    size_t at = (size_t)(p - s->data);
    items[0] = part_of(vm, s, s->data, at);
    items[1] = unchanged(vm, sep);
    items[2] = part_of(vm, s, p + sep->len, s->len - at - sep->len);
    for (int i = 0; i < 3; i++)
        if (items[i] == V_EXC) return V_EXC;
    return t;
}

SHARED(partition, partition_method, false)
SHARED(rpartition, partition_method, true)

/* join(iterable): every item a str ("sequence item 1: expected str instance, int found"). */
static Value str_join(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str, "join", 1)) return V_EXC;
    StrObj *sep = AS_STR(args[0]);
    Value seq = args[1];
    size_t mark = vm->nroots;
    if (!v_has_layout(seq, LAYOUT_LIST) && !v_has_layout(seq, LAYOUT_TUPLE)) {
        TypeObj *t = vm_type_of(vm, seq);
        if (!t->iternext && vm_type_lookup(t, vm->s___iter__) == V_UNBOUND &&
            vm_type_lookup(t, vm->s___getitem__) == V_UNBOUND)
            return vm_raise(vm, vm->e_TypeError, "can only join an iterable");
        seq = vm_list_from(vm, seq);
        if (seq == V_EXC) return V_EXC;
        vm_push_root(vm, seq);
    }
    bool list = v_has_layout(seq, LAYOUT_LIST);
    uint32_t n = list ? AS_LIST(seq)->len : AS_TUPLE(seq)->len;
    Value *items = list ? AS_LIST(seq)->items : AS_TUPLE(seq)->items;
    Value r = V_EXC;
    size_t total = n ? (size_t)sep->len * (n - 1) : 0, chars = n ? (size_t)sep->nchars * (n - 1) : 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!v_has_layout(items[i], LAYOUT_STR)) {
            vm_raise(vm, vm->e_TypeError, "sequence item %u: expected str instance, %s found", i, TNAME(items[i]));
            goto done;
        }
        total += AS_STR(items[i])->len;
        chars += AS_STR(items[i])->nchars;
    }
    if (n == 1 && AS_OBJ(items[0])->type == vm->t_str) {
        r = items[0];
        goto done;
    }
    StrObj *out = alloc_str(vm, vm->t_str, total);
    if (!out) goto done;
    char *p = out->data;
    for (uint32_t i = 0; i < n; i++) {
        if (i && sep->len) {
            memcpy(p, sep->data, sep->len);
            p += sep->len;
        }
        StrObj *x = AS_STR(items[i]);
        if (x->len) memcpy(p, x->data, x->len);
        p += x->len;
    }
    out->nchars = (uint32_t)chars;
    r = v_obj(out);
done:
    vm_pop_roots(vm, vm->nroots - mark);
    return r;
}

/* ---- stripping, padding, replacing */

/* Whether cp is among the code points of chars (NULL: whitespace). */
static bool strip_member(const StrObj *chars, uint32_t cp)
{
    if (!chars) return is_space_cp(cp);
    for (size_t i = 0; i < chars->len; i += vm_cp_len(chars->data[i]))
        if (vm_cp_at(chars->data, i) == cp) return true;
    return false;
}

static Value strip_method(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, bool left, bool right)
{
    Value a[1];
    StrObj *s = posonly_args(vm, args, nargs, kw, meth, 0, 1, false, a);
    if (!s) return V_EXC;
    StrObj *chars = NULL;
    if (a[0] != V_UNBOUND && a[0] != V_NONE) {
        if (!v_has_layout(a[0], LAYOUT_STR)) return vm_raise(vm, vm->e_TypeError, "%s arg must be None or str", meth);
        chars = AS_STR(a[0]);
    }
    size_t i = 0, j = s->len;
    if (left)
        while (i < j && strip_member(chars, vm_cp_at(s->data, i))) i += vm_cp_len(s->data[i]);
    if (right)
        while (j > i && strip_member(chars, vm_cp_at(s->data, cp_before(s->data, j)))) j = cp_before(s->data, j);
    if (i == 0 && j == s->len) return unchanged(vm, s);
    return part_of(vm, s, s->data + i, j - i);
}

SHARED(strip, strip_method, true, true)
SHARED(lstrip, strip_method, true, false)
SHARED(rstrip, strip_method, false, true)

/* s with `left` and `right` copies of fill around it. */
static Value pad(VM *vm, const StrObj *s, int64_t left, int64_t right, uint32_t fill)
{
    char f[4];
    size_t fl = (size_t)uni_encode_utf8(fill, f);
    StrBuf b;
    sb_init(&b);
    fmt_repeat(&b, f, fl, (size_t)left);
    if (!b.oom) sb_putn(&b, s->data, s->len);
    fmt_repeat(&b, f, fl, (size_t)right);
    return vm_sb_finish(vm, &b);
}

typedef enum { CENTER, LJUST, RJUST } Justify;

static Value justify_method(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, Justify how)
{
    Value a[2];
    StrObj *s = posonly_args(vm, args, nargs, kw, meth, 1, 2, false, a);
    int64_t width;
    if (!s || !vm_index(vm, a[0], &width)) return V_EXC;
    uint32_t fill = ' ';
    if (a[1] != V_UNBOUND) {
        if (!v_has_layout(a[1], LAYOUT_STR))
            return vm_raise(vm, vm->e_TypeError, "%s() argument 2 must be str, not %s", meth, TNAME(a[1]));
        if (AS_STR(a[1])->nchars != 1)
            return vm_raise(vm, vm->e_TypeError, "The fill character must be exactly one character long");
        fill = vm_cp_at(AS_STR(a[1])->data, 0);
    }
    if (width <= (int64_t)s->nchars) return unchanged(vm, s);
    int64_t marg = width - s->nchars;
    int64_t left = how == LJUST ? 0 : how == RJUST ? marg : marg / 2 + (marg & width & 1);
    return pad(vm, s, left, marg - left, fill);
}

SHARED(center, justify_method, CENTER)
SHARED(ljust, justify_method, LJUST)
SHARED(rjust, justify_method, RJUST)

static Value str_zfill(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int64_t width;
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str, "zfill", 1) || !vm_index(vm, args[1], &width)) return V_EXC;
    StrObj *s = AS_STR(args[0]);
    if (width <= (int64_t)s->nchars) return unchanged(vm, s);
    Value r = pad(vm, s, width - s->nchars, 0, '0');
    if (r == V_EXC) return V_EXC;
    /* a sign moves in front of the zeros */
    char *d = AS_STR(r)->data;
    size_t fill = (size_t)(width - s->nchars);
    if (d[fill] == '+' || d[fill] == '-') {
        d[0] = d[fill];
        d[fill] = '0';
    }
    return r;
}

static Value str_expandtabs(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"tabsize"};
    Value a[1];
    StrObj *s = vm_str_self_args(vm, args, nargs, kw, "expandtabs", names, 1, 1, 0, a);
    int64_t tabsize = 8;
    if (!s || (a[0] != V_UNBOUND && !vm_index(vm, a[0], &tabsize))) return V_EXC;
    StrBuf b;
    sb_init(&b);
    int64_t col = 0;
    for (size_t i = 0; i < s->len; i += vm_cp_len(s->data[i])) {
        char c = s->data[i];
        if (c == '\t') {
            if (tabsize > 0) {
                int64_t n = tabsize - col % tabsize;
                for (int64_t k = 0; k < n; k++) sb_putc(&b, ' ');
                col += n;
            }
            continue;
        }
        sb_putn(&b, s->data + i, vm_cp_len(c));
        col = c == '\n' || c == '\r' ? 0 : col + 1;
    }
    return vm_sb_finish(vm, &b);
}

static Value str_replace(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value a[3];
    StrObj *s = posonly_args(vm, args, nargs, kw, "replace", 2, 3, false, a);
    if (!s) return V_EXC;
    StrObj *old = str_arg(vm, a[0], "replace() argument 1 must be str, not %s");
    StrObj *new = old ? str_arg(vm, a[1], "replace() argument 2 must be str, not %s") : NULL;
    int64_t count = -1;
    if (!new || (a[2] != V_UNBOUND && !vm_index(vm, a[2], &count))) return V_EXC;
    if (count < 0) count = INT64_MAX;
    StrBuf b;
    sb_init(&b);
    if (old->len == 0) {
        /* the new text goes before every character and at the end */
        size_t i = 0;
        for (; i <= s->len && count > 0; count--) {
            sb_putn(&b, new->data, new->len);
            if (i == s->len) {
                i++;
                break;
            }
            size_t n = vm_cp_len(s->data[i]);
            sb_putn(&b, s->data + i, n);
            i += n;
        }
        if (i < s->len) sb_putn(&b, s->data + i, s->len - i);
        return vm_sb_finish(vm, &b);
    }
    const char *p = s->data, *end = s->data + s->len, *q;
    bool any = false;
    for (; count > 0 && (q = memmem(p, (size_t)(end - p), old->data, old->len)); count--) {
        sb_putn(&b, p, (size_t)(q - p));
        sb_putn(&b, new->data, new->len);
        p = q + old->len;
        any = true;
    }
    if (!any) {
        sb_free(&b);
        return unchanged(vm, s);
    }
    sb_putn(&b, p, (size_t)(end - p));
    return vm_sb_finish(vm, &b);
}

static Value affix_method(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, bool suffix)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str, meth, 1)) return V_EXC;
    StrObj *s = AS_STR(args[0]);
    if (!v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "%s() argument must be str, not %s", meth, TNAME(args[1]));
    StrObj *a = AS_STR(args[1]);
    if (a->len <= s->len && !memcmp(s->data + (suffix ? s->len - a->len : 0), a->data, a->len) && a->len)
        return part_of(vm, s, s->data + (suffix ? 0 : a->len), s->len - a->len);
    return unchanged(vm, s);
}

SHARED(removeprefix, affix_method, false)
SHARED(removesuffix, affix_method, true)

/* ---- case */

/* Whether the capital sigma at byte i of s ends a word, and so lowers to
 * final sigma: a cased letter before it and none after, case-ignorable
 * characters skipped both ways (CPython's handle_capital_sigma). */
static bool final_sigma(const StrObj *s, size_t i)
{
    size_t j = i;
    unsigned flags = 0;
    while (j > 0) {
        j = cp_before(s->data, j);
        if (!((flags = uni_case_flags(vm_cp_at(s->data, j))) & UNI_CASE_IGNORABLE)) break;
    }
    if (!(flags & UNI_CASED) || (flags & UNI_CASE_IGNORABLE)) return false;
    for (j = i + vm_cp_len(s->data[i]); j < s->len; j += vm_cp_len(s->data[j]))
        if (!((flags = uni_case_flags(vm_cp_at(s->data, j))) & UNI_CASE_IGNORABLE)) return !(flags & UNI_CASED);
    return true;
}

/* Appends the code point at byte i of s mapped as `how` says. */
static void put_mapped(StrBuf *b, const StrObj *s, size_t i, uint32_t c, UniCaseMap how)
{
    if (c == 0x3A3 && how == UNI_MAP_LOWER) {
        vm_put_cp(b, final_sigma(s, i) ? 0x3C2 : 0x3C3);
        return;
    }
    uint32_t m[UNI_CASE_MAX];
    for (int k = 0, n = uni_case_map(c, how, m); k < n; k++) vm_put_cp(b, m[k]);
}

typedef enum { CASE_LOWER, CASE_UPPER, CASE_SWAP, CASE_CAPITALIZE, CASE_TITLE, CASE_FOLD } CaseOp;

/* The case operations on ASCII text, a byte at a time. */
static Value ascii_case(VM *vm, const StrObj *s, CaseOp op)
{
    StrObj *r = alloc_str(vm, vm->t_str, s->len);
    if (!r) return V_EXC;
    bool prev_cased = false;
    for (uint32_t i = 0; i < s->len; i++) {
        char c = s->data[i];
        bool upper = c >= 'A' && c <= 'Z', lower = c >= 'a' && c <= 'z';
        bool to_upper = op == CASE_UPPER || (op == CASE_SWAP && lower) || (op == CASE_CAPITALIZE && i == 0) ||
                        (op == CASE_TITLE && !prev_cased);
        if (to_upper && lower) c = (char)(c - 32);
        if (!to_upper && op != CASE_SWAP && upper) c = (char)(c + 32);
        if (op == CASE_SWAP && upper) c = (char)(c + 32);
        r->data[i] = c;
        prev_cased = upper || lower;
    }
    r->nchars = s->len;
    return v_obj(r);
}

static Value case_method(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, CaseOp op)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str, meth, 0)) return V_EXC;
    StrObj *s = AS_STR(args[0]);
    if (vm_str_is_ascii(s)) return ascii_case(vm, s, op);
    StrBuf b;
    sb_init(&b);
    bool prev_cased = false;
    for (size_t i = 0; i < s->len; i += vm_cp_len(s->data[i])) {
        uint32_t c = vm_cp_at(s->data, i);
        unsigned flags = uni_case_flags(c);
        UniCaseMap how;
        switch (op) {
        case CASE_LOWER: how = UNI_MAP_LOWER; break;
        case CASE_UPPER: how = UNI_MAP_UPPER; break;
        case CASE_FOLD: how = UNI_MAP_FOLD; break;
        case CASE_SWAP:
            if (!(flags & (UNI_CASE_UPPER | UNI_CASE_LOWER))) {
                vm_put_cp(&b, c);
                continue;
            }
            how = flags & UNI_CASE_UPPER ? UNI_MAP_LOWER : UNI_MAP_UPPER;
            break;
        case CASE_CAPITALIZE: how = i == 0 ? UNI_MAP_TITLE : UNI_MAP_LOWER; break;
        default: how = prev_cased ? UNI_MAP_LOWER : UNI_MAP_TITLE; break;
        }
        put_mapped(&b, s, i, c, how);
        prev_cased = flags & UNI_CASED;
    }
    return vm_sb_finish(vm, &b);
}

SHARED(lower, case_method, CASE_LOWER)
SHARED(upper, case_method, CASE_UPPER)
SHARED(swapcase, case_method, CASE_SWAP)
SHARED(capitalize, case_method, CASE_CAPITALIZE)
SHARED(title, case_method, CASE_TITLE)
SHARED(casefold, case_method, CASE_FOLD)

/* ---- predicates */

static bool pred_all(const StrObj *s, bool (*pred)(uint32_t))
{
    if (s->len == 0) return false;
    for (size_t i = 0; i < s->len; i += vm_cp_len(s->data[i]))
        if (!pred(vm_cp_at(s->data, i))) return false;
    return true;
}

static bool str_isupper_(const StrObj *s)
{
    bool cased = false;
    for (size_t i = 0; i < s->len; i += vm_cp_len(s->data[i])) {
        uint32_t c = vm_cp_at(s->data, i);
        if (is_lower_cp(c) || is_title_cp(c)) return false;
        cased |= is_upper_cp(c);
    }
    return cased;
}

static bool str_islower_(const StrObj *s)
{
    bool cased = false;
    for (size_t i = 0; i < s->len; i += vm_cp_len(s->data[i])) {
        uint32_t c = vm_cp_at(s->data, i);
        if (is_upper_cp(c) || is_title_cp(c)) return false;
        cased |= is_lower_cp(c);
    }
    return cased;
}

static bool str_istitle_(const StrObj *s)
{
    bool cased = false, prev_cased = false;
    for (size_t i = 0; i < s->len; i += vm_cp_len(s->data[i])) {
        uint32_t c = vm_cp_at(s->data, i);
        if (is_upper_cp(c) || is_title_cp(c)) {
            if (prev_cased) return false;
            prev_cased = cased = true;
        } else if (is_lower_cp(c)) {
            if (!prev_cased) return false;
            prev_cased = cased = true;
        } else {
            prev_cased = false;
        }
    }
    return cased;
}

static bool str_isidentifier_(const StrObj *s)
{
    if (s->len == 0 || !uni_is_id_start(vm_cp_at(s->data, 0))) return false;
    for (size_t i = vm_cp_len(s->data[0]); i < s->len; i += vm_cp_len(s->data[i]))
        if (!uni_is_id_continue(vm_cp_at(s->data, i))) return false;
    return true;
}

static bool str_isprintable_(const StrObj *s)
{
    for (size_t i = 0; i < s->len; i += vm_cp_len(s->data[i]))
        if (!uni_is_printable(vm_cp_at(s->data, i))) return false;
    return true;
}

static bool str_isascii_(const StrObj *s) { return vm_str_is_ascii(s); }
static bool str_isdigit_(const StrObj *s) { return pred_all(s, is_digit_cp); }
static bool str_isdecimal_(const StrObj *s) { return pred_all(s, is_decimal_cp); }
static bool str_isnumeric_(const StrObj *s) { return pred_all(s, is_numeric_cp); }
static bool str_isalpha_(const StrObj *s) { return pred_all(s, is_alpha_cp); }
static bool str_isalnum_(const StrObj *s) { return pred_all(s, is_alnum_cp); }
static bool str_isspace_(const StrObj *s) { return pred_all(s, is_space_cp); }

#define STR_PREDICATES(X)                                                                        \
    X(isupper) X(islower) X(istitle) X(isidentifier) X(isprintable) X(isascii) X(isdigit)       \
    X(isdecimal) X(isnumeric) X(isalpha) X(isalnum) X(isspace)
#define X(name)                                                                                  \
    static Value str_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                        \
    {                                                                                            \
        if (!vm_method_args(vm, args, nargs, kw, vm->t_str, #name, 0)) return V_EXC;             \
        return v_bool(str_##name##_(AS_STR(args[0])));                                           \
    }
STR_PREDICATES(X)
#undef X

/* ---- the sequence protocol */

static Value str_len(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    StrObj *s = vm_method_args(vm, args, nargs, kw, vm->t_str, "__len__", 0) ? AS_STR(args[0]) : NULL;
    return s ? v_int(s->nchars) : V_EXC;
}

static Value slice_of(VM *vm, const StrObj *s, int64_t start, int64_t step, int64_t n)
{
    if (step == 1) {
        size_t b = byte_at(s, start);
        return part_of(vm, s, s->data + b, byte_at(s, start + n) - b);
    }
    StrBuf b;
    sb_init(&b);
    if (vm_str_is_ascii(s)) {
        for (int64_t k = 0; k < n; k++) sb_putc(&b, s->data[start + k * step]);
        return vm_sb_finish(vm, &b);
    }
    size_t *offs = malloc(((size_t)s->nchars + 1) * sizeof *offs);
    if (!offs) {
        sb_free(&b);
        return vm_raise(vm, vm->e_MemoryError, "%s", "");
    }
    for (size_t i = 0, k = 0; i <= s->len; i += i < s->len ? vm_cp_len(s->data[i]) : 1) offs[k++] = i;
    for (int64_t k = 0; k < n; k++) {
        int64_t c = start + k * step;
        sb_putn(&b, s->data + offs[c], offs[c + 1] - offs[c]);
    }
    free(offs);
    return vm_sb_finish(vm, &b);
}

static Value str_getitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str, "__getitem__", 1)) return V_EXC;
    StrObj *s = AS_STR(args[0]);
    int64_t i;
    int kind = vm_subscript(vm, args[1], &i);
    if (kind < 0) return V_EXC;
    if (kind == 0) return vm_raise(vm, vm->e_TypeError, "string indices must be integers, not '%s'", TNAME(args[1]));
    if (kind == 1) {
        if (i < 0) i += s->nchars;
        if (i < 0 || i >= (int64_t)s->nchars) return vm_raise(vm, vm->e_IndexError, "string index out of range");
        size_t b = byte_at(s, i);
        return vm_new_str(vm, s->data + b, vm_cp_len(s->data[b]));
    }
    int64_t start, stop, step, n;
    if (!vm_slice_indices(vm, args[1], s->nchars, &start, &stop, &step, &n)) return V_EXC;
    if (n == (int64_t)s->nchars && step == 1) return unchanged(vm, s);
    return slice_of(vm, s, start, step, n);
}

static Value str_iternext(VM *vm, Value itv)
{
    IterObj *it = (IterObj *)v_as_obj(itv);
    if (!v_has_layout(it->seq, LAYOUT_STR)) return V_UNBOUND;
    StrObj *s = AS_STR(it->seq);
    if (it->i >= (int64_t)s->len) {
        it->seq = V_NONE;   /* exhausted for good, the string released */
        return V_UNBOUND;
    }
    size_t i = (size_t)it->i, n = vm_cp_len(s->data[i]);
    it->i += (int64_t)n;
    return vm_new_str(vm, s->data + i, n);
}

static Value str_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str, "__iter__", 0)) return V_EXC;
    return vm_new_iter(vm, vm->t_str_iterator, args[0]);
}

static Value striter_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_method_args(vm, args, nargs, kw, vm->t_str_iterator, "__iter__", 0) ? args[0] : V_EXC;
}

static Value striter_next(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str_iterator, "__next__", 0)) return V_EXC;
    Value r = str_iternext(vm, args[0]);
    if (r != V_UNBOUND) return r;
    Value exc = vm_new_exception(vm, vm->e_StopIteration, NULL, 0);
    return exc == V_EXC ? V_EXC : vm_raise_value(vm, exc);
}

/* ---- operators */

static Value str_add(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str, "__add__", 1)) return V_EXC;
    /* NotImplemented, not an error: the right operand's __radd__ comes next */
    if (!v_has_layout(args[1], LAYOUT_STR)) return V_NOTIMPL;
    return vm_str_concat(vm, AS_STR(args[0]), AS_STR(args[1]));
}

static Value str_mul(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str, "__mul__", 1)) return V_EXC;
    /* a class's own __rmul__ comes before repetition, as CPython tries
     * nb_multiply before sq_repeat (an inherited native one does not count) */
    TypeObj *t = vm_type_of(vm, args[1]);
    Value rmul = t->flags & TF_HEAPTYPE ? vm_type_lookup(t, vm->s___rmul__) : V_UNBOUND;
    if (rmul != V_UNBOUND && !v_has_layout(rmul, LAYOUT_BUILTIN)) return V_NOTIMPL;
    int64_t n;
    int k = vm_repeat_count(vm, args[1], &n);
    if (k <= 0) return k < 0 ? V_EXC : V_NOTIMPL;
    return vm_str_repeat(vm, AS_STR(args[0]), n);
}

static Value str_mod(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str, "__mod__", 1)) return V_EXC;
    return vm_str_mod(vm, args[0], args[1]);
}

#define STR_CMPOPS(X) X(eq, Eq) X(ne, NotEq) X(lt, Lt) X(le, LtE) X(gt, Gt) X(ge, GtE)
#define X(name, op)                                                                              \
    static Value str_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                        \
    {                                                                                            \
        if (!vm_method_args(vm, args, nargs, kw, vm->t_str, "__" #name "__", 1)) return V_EXC;   \
        if (!v_has_layout(args[1], LAYOUT_STR)) return V_NOTIMPL;                                \
        return v_bool(vm_cmp_holds(AST_##op, vm_str_cmp(AS_STR(args[0]), AS_STR(args[1]))));    \
    }
STR_CMPOPS(X)
#undef X

static Value str_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    StrObj *s = vm_method_args(vm, args, nargs, kw, vm->t_str, "__hash__", 0) ? AS_STR(args[0]) : NULL;
    return s ? vm_int_from_i64(vm, vm_str_hash(s)) : V_EXC;
}

static Value str_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    StrObj *s = vm_method_args(vm, args, nargs, kw, vm->t_str, "__repr__", 0) ? AS_STR(args[0]) : NULL;
    if (!s) return V_EXC;
    StrBuf b;
    sb_init(&b);
    repr_str(&b, s->data, s->len);
    return vm_sb_finish(vm, &b);
}

static Value str_str(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    StrObj *s = vm_method_args(vm, args, nargs, kw, vm->t_str, "__str__", 0) ? AS_STR(args[0]) : NULL;
    return s ? unchanged(vm, s) : V_EXC;
}

static Value str_format_spec(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str, "__format__", 1)) return V_EXC;
    StrObj *s = AS_STR(args[0]);
    StrObj *spec = str_arg(vm, args[1], "__format__() argument must be str, not %s");
    if (!spec) return V_EXC;
    if (spec->len == 0) return unchanged(vm, s);
    FmtSpec fs;
    char err[256];
    StrBuf b;
    sb_init(&b);
    if (!fmt_parse_spec(spec->data, spec->len, TNAME(args[0]), &fs, err, sizeof err) ||
        !fmt_str(&b, s->data, s->len, &fs, err, sizeof err)) {
        bool oom = b.oom;
        sb_free(&b);
        return vm_raise_fmt_error(vm, err, oom);
    }
    return vm_sb_finish(vm, &b);
}

/* str(object='') and str(object=b'', encoding='utf-8', errors='strict') */
static Value str_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"object", "encoding", "errors"};
    Value a[3];
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_str);
    if (!cls || !vm_parse_args(vm, "str", args + 1, nargs - 1, kw, names, 3, 3, 0, a)) return V_EXC;
    const char *enc, *err;
    if (!vm_codec_arg(vm, a[1], "str", "encoding", &enc) || !vm_codec_arg(vm, a[2], "str", "errors", &err))
        return V_EXC;
    Value r;
    if (a[0] == V_UNBOUND) {
        r = vm_new_str(vm, "", 0);
    } else if (!enc && !err) {
        r = vm_str(vm, a[0]);
    } else if (v_has_layout(a[0], LAYOUT_BYTES)) {
        BytesObj *b = (BytesObj *)AS_OBJ(a[0]);
        r = vm_decode(vm, b->data, b->len, enc ? enc : "utf-8", err);
    } else if (v_has_layout(a[0], LAYOUT_BYTEARRAY)) {
        ByteArrayObj *b = (ByteArrayObj *)AS_OBJ(a[0]);
        r = vm_decode(vm, b->data, b->len, enc ? enc : "utf-8", err);
    } else if (v_has_layout(a[0], LAYOUT_STR)) {
        return vm_raise(vm, vm->e_TypeError, "decoding str is not supported");
    } else {
        return vm_raise(vm, vm->e_TypeError, "decoding to str: need a bytes-like object, %s found", TNAME(a[0]));
    }
    if (r == V_EXC || cls == vm->t_str) return r;
    return new_str_of(vm, cls, AS_STR(r)->data, AS_STR(r)->len);
}

/* ---- translate */

static Value str_maketrans(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "maketrans", nargs, kw, 1, 3)) return V_EXC;
    Value d = vm_new_dict(vm);
    if (d == V_EXC) return V_EXC;
    vm_push_root(vm, d);
    Value r = d;
    if (nargs == 1) {
        if (!v_has_layout(args[0], LAYOUT_DICT)) {
            r = vm_raise(vm, vm->e_TypeError, "if you give only one argument to maketrans it must be a dict");
            goto done;
        }
        DictObj *src = AS_DICT(args[0]);
        for (uint32_t i = 0; i < src->nentries; i++) {
            Value k = src->entries[i].key;
            if (k == V_UNBOUND) continue;
            if (v_has_layout(k, LAYOUT_STR)) {
                if (AS_STR(k)->nchars != 1) {
                    r = vm_raise(vm, vm->e_ValueError, "string keys in translate table must be of length 1");
                    goto done;
                }
                k = v_int(vm_cp_at(AS_STR(k)->data, 0));
            } else if (!vm_is_int(vm, k)) {
                r = vm_raise(vm, vm->e_TypeError, "keys in translate table must be strings or integers");
                goto done;
            }
            if (!vm_dict_set(vm, AS_DICT(d), k, src->entries[i].value)) {
                r = V_EXC;
                goto done;
            }
        }
        goto done;
    }
    for (int i = 0; i < nargs; i++)
        if (!v_has_layout(args[i], LAYOUT_STR)) {
            r = vm_raise(vm, vm->e_TypeError, "maketrans() argument %d must be str, not %s", i + 1, TNAME(args[i]));
            goto done;
        }
    StrObj *x = AS_STR(args[0]), *y = AS_STR(args[1]);
    if (x->nchars != y->nchars) {
        r = vm_raise(vm, vm->e_ValueError, "the first two maketrans arguments must have equal length");
        goto done;
    }
    for (size_t i = 0, j = 0; i < x->len; i += vm_cp_len(x->data[i]), j += vm_cp_len(y->data[j]))
        if (!vm_dict_set(vm, AS_DICT(d), v_int(vm_cp_at(x->data, i)), v_int(vm_cp_at(y->data, j)))) {
            r = V_EXC;
            goto done;
        }
    if (nargs == 3)
        for (size_t i = 0; i < AS_STR(args[2])->len; i += vm_cp_len(AS_STR(args[2])->data[i]))
            if (!vm_dict_set(vm, AS_DICT(d), v_int(vm_cp_at(AS_STR(args[2])->data, i)), V_NONE)) {
                r = V_EXC;
                goto done;
            }
done:
    vm_pop_roots(vm, 1);
    return r;
}

static Value str_translate(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_str, "translate", 1)) return V_EXC;
    StrObj *s = AS_STR(args[0]);
    Value table = args[1];
    StrBuf b;
    sb_init(&b);
    for (size_t i = 0; i < s->len; i += vm_cp_len(s->data[i])) {
        uint32_t c = vm_cp_at(s->data, i);
        Value m = vm_getitem(vm, table, v_int(c));
        if (m == V_EXC) {
            if (!vm_exc_matches(vm, vm->exc, v_obj(vm->e_LookupError))) {
                sb_free(&b);
                return V_EXC;
            }
            vm->exc = V_NONE;
            m = v_int(c);
        }
        int64_t k;
        if (m == V_NONE) continue;
        if (v_has_layout(m, LAYOUT_STR)) {
            sb_putn(&b, AS_STR(m)->data, AS_STR(m)->len);
        } else if (vm_is_int(vm, m)) {
            if (!vm_index(vm, m, &k) || k < 0 || k > 0x10FFFF) {
                sb_free(&b);
                vm->exc = V_NONE;
                return vm_raise(vm, vm->e_ValueError, "character mapping must be in range(0x110000)");
            }
            vm_put_cp(&b, (uint32_t)k);
        } else {
            sb_free(&b);
            return vm_raise(vm, vm->e_TypeError, "character mapping must return integer, None or str");
        }
    }
    return vm_sb_finish(vm, &b);
}

/* ---- registration */

static const struct {
    const char *name;
    NativeFn fn;
} str_methods[] = {
    {"__len__", str_len},         {"__getitem__", str_getitem},   {"__contains__", str_contains},
    {"__iter__", str_iter},       {"__add__", str_add},           {"__mul__", str_mul},
    {"__rmul__", str_mul},        {"__mod__", str_mod},           {"__hash__", str_hash},
    {"__repr__", str_repr},       {"__str__", str_str},           {"__format__", str_format_spec},
    {"__new__", str_new},         {"join", str_join},             {"split", str_split},
    {"rsplit", str_rsplit},       {"splitlines", str_splitlines}, {"strip", str_strip},
    {"lstrip", str_lstrip},       {"rstrip", str_rstrip},         {"startswith", str_startswith},
    {"endswith", str_endswith},   {"find", str_find},             {"rfind", str_rfind},
    {"index", str_index},         {"rindex", str_rindex},         {"count", str_count},
    {"replace", str_replace},     {"upper", str_upper},           {"lower", str_lower},
    {"capitalize", str_capitalize}, {"title", str_title},         {"swapcase", str_swapcase},
    {"casefold", str_casefold},   {"center", str_center},         {"ljust", str_ljust},
    {"rjust", str_rjust},         {"zfill", str_zfill},           {"partition", str_partition},
    {"rpartition", str_rpartition}, {"expandtabs", str_expandtabs}, {"encode", vm_str_encode},
    {"format", vm_str_format},    {"format_map", vm_str_format_map}, {"translate", str_translate},
    {"removeprefix", str_removeprefix}, {"removesuffix", str_removesuffix},
#define X(name, op) {"__" #name "__", str_##name},
    STR_CMPOPS(X)
#undef X
#define X(name) {#name, str_##name},
    STR_PREDICATES(X)
#undef X
};

void vm_init_str(VM *vm)
{
    for (size_t i = 0; i < COUNT(str_methods); i++)
        vm_add_method(vm, vm->t_str, str_methods[i].name, str_methods[i].fn);
    vm_add_staticmethod(vm, vm->t_str, "maketrans", str_maketrans);
    vm->t_str_iterator->iternext = str_iternext;
    vm_add_method(vm, vm->t_str_iterator, "__iter__", striter_iter);
    vm_add_method(vm, vm->t_str_iterator, "__next__", striter_next);
}

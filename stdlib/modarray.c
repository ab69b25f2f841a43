/* The `array` module: array.array, a typed sequence of C numbers that
 * exposes its memory through the buffer protocol, with CPython's methods,
 * conversions and messages. An array's items live in a bytearray object (its
 * first slot), which the collector frees with it; its second slot is the
 * typecode. Items are stored as vm_item_set lays out native ones, but 'u'
 * (a code point in 4 bytes), which this file handles itself. */
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "modules.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)

enum { AR_DATA, AR_CODE, AR_NSLOTS };

static const char TYPECODES[] = "bBuhHiIlLqQfd";

typedef struct {
    ByteArrayObj *buf;
    char code;
    size_t size;   /* bytes per item */
} Arr;

static bool ar_getbuffer(Value v, VmBuffer *b);

static size_t code_size(char c) { return c == 'u' ? 4 : vm_item_size(c); }

static bool is_array(VM *vm, Value v)
{
    return v_is_obj(v) && vm_type_of(vm, v)->getbuffer == ar_getbuffer && vm_type_of(vm, v)->hdr.aux >= AR_NSLOTS &&
           v_has_layout(vm_slot_values(v_as_obj(v))[AR_DATA], LAYOUT_BYTEARRAY);
}

static Arr arr_of(Value v)
{
    Value *s = vm_slot_values(v_as_obj(v));
    char c = (char)v_as_int(s[AR_CODE]);
    return (Arr){ (ByteArrayObj *)v_as_obj(s[AR_DATA]), c, code_size(c) };
}

static size_t arr_len(const Arr *a) { return a->buf->len / a->size; }

static bool ar_getbuffer(Value v, VmBuffer *b)
{
    Value *s = vm_slot_values(v_as_obj(v));
    if (!v_has_layout(s[AR_DATA], LAYOUT_BYTEARRAY)) return false;
    Arr a = arr_of(v);
    /* 'u' items are exported as 4-byte unsigned ints (CPython says 'w') */
    *b = (VmBuffer){ a.buf->data, a.buf->len, (uint32_t)a.size, a.code == 'u' ? 'I' : a.code, false };
    return true;
}

/* array.array itself: the first built-in type of v's MRO that lays arrays out. */
static TypeObj *base_type(VM *vm, Value v)
{
    TypeObj *t = vm_type_of(vm, v);
    for (uint32_t i = 0; i < t->mro->len; i++) {
        TypeObj *b = AS_TYPE(t->mro->items[i]);
        if (!(b->flags & TF_HEAPTYPE) && b->getbuffer == ar_getbuffer) return b;
    }
    return t;
}

static bool reserve(VM *vm, ByteArrayObj *b, size_t need)
{
    if (need <= b->cap) return true;
    if (need >= UINT32_MAX) {
        vm_raise(vm, vm->e_MemoryError, "%s", "");
        return false;
    }
    size_t cap = b->cap + b->cap / 2 > need ? b->cap + b->cap / 2 : need;
    if (cap >= UINT32_MAX) cap = need;
    unsigned char *d = realloc(b->data, cap ? cap : 1);
    if (!d) {
        vm_raise(vm, vm->e_MemoryError, "%s", "");
        return false;
    }
    b->data = d;
    b->cap = (uint32_t)cap;
    return true;
}

/* A new, empty array of type t and typecode c. */
static Value new_array(VM *vm, TypeObj *t, char c)
{
    ByteArrayObj *b = vm_alloc(vm, vm->t_bytearray, sizeof *b);
    if (!b) return V_EXC;
    vm_push_root(vm, v_obj(b));
    Obj *o = vm_alloc(vm, t, sizeof *o + t->hdr.aux * sizeof(Value));
    if (o && (t->flags & TF_HEAPTYPE) && !(t->flags & TF_HAS_SLOTS)) {
        vm_push_root(vm, v_obj(o));
        Value d = vm_new_dict(vm);
        vm_pop_roots(vm, 1);
        if (d == V_EXC) o = NULL;
        else o->dict = AS_DICT(d);
    }
    vm_pop_roots(vm, 1);
    if (!o) return V_EXC;
    for (uint32_t i = 0; i < t->hdr.aux; i++) vm_slot_values(o)[i] = V_UNBOUND;
    vm_slot_values(o)[AR_DATA] = v_obj(b);
    vm_slot_values(o)[AR_CODE] = v_int(c);
    return v_obj(o);
}

static Value array_from_bytes(VM *vm, TypeObj *t, char c, const void *p, size_t n)
{
    Value r = new_array(vm, t, c);
    if (r == V_EXC) return V_EXC;
    Arr a = arr_of(r);
    if (!reserve(vm, a.buf, n)) return V_EXC;
    if (n) memcpy(a.buf->data, p, n);
    a.buf->len = (uint32_t)n;
    return r;
}

/* ---- items ---------------------------------------------------------------------------- */

static Value get_item(VM *vm, const Arr *a, size_t i)
{
    const unsigned char *p = a->buf->data + i * a->size;
    if (a->code == 'u') {
        uint32_t cp;
        memcpy(&cp, p, 4);
        char u[4];
        size_t n = cp < 0x80 ? (u[0] = (char)cp, 1)
                   : cp < 0x800 ? (u[0] = (char)(0xC0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3F)), 2)
                   : cp < 0x10000 ? (u[0] = (char)(0xE0 | cp >> 12), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)),
                                     u[2] = (char)(0x80 | (cp & 0x3F)), 3)
                                  : (u[0] = (char)(0xF0 | cp >> 18), u[1] = (char)(0x80 | ((cp >> 12) & 0x3F)),
                                     u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F)), 4);
        return vm_new_str(vm, u, n);
    }
    return vm_item_get(vm, a->code, p);
}

/* The code point of a one-character str. */
static bool one_char(StrObj *s, uint32_t *cp)
{
    if (s->nchars != 1) return false;
    const unsigned char *u = (const unsigned char *)s->data;
    *cp = u[0] < 0x80 ? u[0]
          : u[0] < 0xE0 ? (uint32_t)(u[0] & 0x1F) << 6 | (u[1] & 0x3F)
          : u[0] < 0xF0 ? (uint32_t)(u[0] & 0x0F) << 12 | (uint32_t)(u[1] & 0x3F) << 6 | (u[2] & 0x3F)
                        : (uint32_t)(u[0] & 0x07) << 18 | (uint32_t)(u[1] & 0x3F) << 12 | (uint32_t)(u[2] & 0x3F) << 6 |
                              (u[3] & 0x3F);
    return true;
}

/* CPython's words for an integer out of a typecode's range. */
static const char *range_message(char c, bool low, bool fits_long)
{
    if (!fits_long && c != 'q' && c != 'Q' && !(low && (c == 'I' || c == 'L' || c == 'Q')))
        return c == 'I' || c == 'L' ? "Python int too large to convert to C unsigned long"
                                    : "Python int too large to convert to C long";
    switch (c) {
    case 'b': return low ? "signed char is less than minimum" : "signed char is greater than maximum";
    case 'B': return low ? "unsigned byte integer is less than minimum" : "unsigned byte integer is greater than maximum";
    case 'h': return low ? "signed short integer is less than minimum" : "signed short integer is greater than maximum";
    case 'H': return low ? "unsigned short is less than minimum" : "unsigned short is greater than maximum";
    case 'i': return low ? "signed integer is less than minimum" : "signed integer is greater than maximum";
    case 'I': return low ? "can't convert negative value to unsigned int" : "unsigned int is greater than maximum";
    case 'l': return "Python int too large to convert to C long";
    case 'L': return low ? "can't convert negative value to unsigned int" : "Python int too large to convert to C unsigned long";
    case 'q': return "int too big to convert";
    default: return low ? "can't convert negative int to unsigned" : "int too big to convert";
    }
}

/* Converts v for typecode c into out[0..size); false with the exception pending. */
static bool convert(VM *vm, char c, Value v, unsigned char *out)
{
    if (c == 'u') {
        uint32_t cp;
        if (!v_has_layout(v, LAYOUT_STR) || !one_char(AS_STR(v), &cp)) {
            vm_raise(vm, vm->e_TypeError, "array item must be unicode character");
            return false;
        }
        memcpy(out, &cp, 4);
        return true;
    }
    VmItemStatus st = vm_item_set(vm, c, out, v);
    if (st == VM_ITEM_OK) return true;
    if (st == VM_ITEM_ERROR) return false;
    if (st == VM_ITEM_TYPE) {
        if (c == 'f' || c == 'd') vm_raise(vm, vm->e_TypeError, "must be real number, not %s", TNAME(v));
        else vm_raise(vm, vm->e_TypeError, "'%s' object cannot be interpreted as an integer", TNAME(v));
        return false;
    }
    if (c == 'f' || c == 'd') {
        vm_raise(vm, vm->e_OverflowError, "float too large to pack with f format");
        return false;
    }
    bool fits = true;
    if (vm_is_int(vm, v)) {
        mpz_t z;
        mpz_init(z);
        vm_int_to_mpz(v, z);
        fits = mpz_fits_slong_p(z);
        mpz_clear(z);
    }
    vm_raise(vm, vm->e_OverflowError, "%s", range_message(c, st == VM_ITEM_LOW, fits));
    return false;
}

static bool append_value(VM *vm, Value self, Value v)
{
    Arr a = arr_of(self);
    unsigned char tmp[16];
    if (!convert(vm, a.code, v, tmp)) return false;
    a = arr_of(self);
    if (!reserve(vm, a.buf, a.buf->len + a.size)) return false;
    memcpy(a.buf->data + a.buf->len, tmp, a.size);
    a.buf->len += (uint32_t)a.size;
    return true;
}

/* ---- the receiver and arguments ------------------------------------------------------- */

static bool self_arr(VM *vm, Value *args, int nargs, const char *meth, Arr *a)
{
    if (nargs < 1 || !is_array(vm, args[0])) {
        vm_raise(vm, vm->e_TypeError, "descriptor '%s' for 'array.array' objects doesn't apply to a '%s' object", meth,
                 nargs < 1 ? "NoneType" : TNAME(args[0]));
        return false;
    }
    *a = arr_of(args[0]);
    return true;
}

static bool method(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int n, Arr *a)
{
    if (!self_arr(vm, args, nargs, meth, a)) return false;
    char q[64];
    snprintf(q, sizeof q, "array.%s", meth);
    return n == 0 ? mod_check_none(vm, q, nargs - 1, kw) : mod_check_one(vm, q, nargs - 1, kw);
}

/* ---- construction --------------------------------------------------------------------- */

static int extend_one(VM *vm, void *ctx, Value item) { return append_value(vm, *(Value *)ctx, item) ? 1 : -1; }

static bool extend_from(VM *vm, Value self, Value src)
{
    Arr a = arr_of(self);
    if (is_array(vm, src)) {
        Arr b = arr_of(src);
        if (b.code != a.code) {
            vm_raise(vm, vm->e_TypeError, "can only extend with array of same kind");
            return false;
        }
        size_t n = b.buf->len;
        if (!reserve(vm, a.buf, a.buf->len + n)) return false;
        memmove(a.buf->data + a.buf->len, b.buf->data, n);
        a.buf->len += (uint32_t)n;
        return true;
    }
    vm_push_root(vm, self);
    int r = vm_foreach(vm, src, extend_one, &self);
    vm_pop_roots(vm, 1);
    return r >= 0;
}

static bool from_bytes(VM *vm, Value self, Value src)
{
    VmBuffer b;
    if (!vm_buffer_arg(vm, src, &b)) return false;
    Arr a = arr_of(self);
    if (b.len % a.size) {
        vm_raise(vm, vm->e_ValueError, "bytes length not a multiple of item size");
        return false;
    }
    if (!reserve(vm, a.buf, a.buf->len + b.len)) return false;
    vm_get_buffer(src, &b);   /* src may be self, whose memory just moved */
    memmove(a.buf->data + a.buf->len, b.data, b.len);
    a.buf->len += (uint32_t)b.len;
    return true;
}

static bool from_unicode(VM *vm, Value self, StrObj *s)
{
    const unsigned char *u = (const unsigned char *)s->data, *end = u + s->len;
    Arr a = arr_of(self);
    if (!reserve(vm, a.buf, a.buf->len + (size_t)s->nchars * 4)) return false;
    while (u < end) {
        int n = u[0] < 0x80 ? 1 : u[0] < 0xE0 ? 2 : u[0] < 0xF0 ? 3 : 4;
        uint32_t cp = n == 1 ? u[0]
                      : n == 2 ? (uint32_t)(u[0] & 0x1F) << 6 | (u[1] & 0x3F)
                      : n == 3 ? (uint32_t)(u[0] & 0x0F) << 12 | (uint32_t)(u[1] & 0x3F) << 6 | (u[2] & 0x3F)
                               : (uint32_t)(u[0] & 0x07) << 18 | (uint32_t)(u[1] & 0x3F) << 12 |
                                     (uint32_t)(u[2] & 0x3F) << 6 | (u[3] & 0x3F);
        memcpy(a.buf->data + a.buf->len, &cp, 4);
        a.buf->len += 4;
        u += n;
    }
    return true;
}

/* array(typecode[, initializer]) */
static Value ar_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs < 1 || !v_has_layout(args[0], LAYOUT_TYPE) || AS_TYPE(args[0])->getbuffer != ar_getbuffer)
        return vm_raise(vm, vm->e_TypeError, "array.__new__(X): X is not a subtype of array.array");
    TypeObj *t = AS_TYPE(args[0]);
    if (kw && kw->len && t->name && !(t->flags & TF_HEAPTYPE))
        return vm_raise(vm, vm->e_TypeError, "array.array() takes no keyword arguments");
    if (nargs < 2 || nargs > 3)
        return vm_raise(vm, vm->e_TypeError, "array() takes at most 2 arguments (%d given)", nargs - 1);
    Value tc = args[1];
    if (!v_has_layout(tc, LAYOUT_STR) || AS_STR(tc)->nchars != 1)
        return vm_raise(vm, vm->e_TypeError, "array() argument 1 must be a unicode character, not %s", TNAME(tc));
    char c = AS_STR(tc)->data[0];
    if (AS_STR(tc)->len != 1 || !strchr(TYPECODES, c) || !c)
        return vm_raise(vm, vm->e_ValueError, "bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)");
    Value init = nargs == 3 ? args[2] : V_UNBOUND;
    if (init != V_UNBOUND && v_has_layout(init, LAYOUT_STR) && c != 'u')
        return vm_raise(vm, vm->e_TypeError, "cannot use a str to initialize an array with typecode '%c'", c);
    if (init != V_UNBOUND && is_array(vm, init) && arr_of(init).code == 'u' && c != 'u')
        return vm_raise(vm, vm->e_TypeError, "cannot use a unicode array to initialize an array with typecode '%c'", c);
    Value self = new_array(vm, t, c);
    if (self == V_EXC || init == V_UNBOUND) return self;
    vm_push_root(vm, self);
    bool ok;
    if (v_has_layout(init, LAYOUT_STR)) ok = from_unicode(vm, self, AS_STR(init));
    else if (v_has_layout(init, LAYOUT_BYTES) || v_has_layout(init, LAYOUT_BYTEARRAY)) ok = from_bytes(vm, self, init);
    else if (is_array(vm, init) && arr_of(init).code == c) ok = extend_from(vm, self, init);
    else ok = vm_foreach(vm, init, extend_one, &self) >= 0;
    vm_pop_roots(vm, 1);
    return ok ? self : V_EXC;
}

/* ---- the sequence protocol ------------------------------------------------------------ */

static Value ar_len(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    return method(vm, args, nargs, kw, "__len__", 0, &a) ? v_int((int64_t)arr_len(&a)) : V_EXC;
}

/* A subscript of a: 1 an int made non-negative and in range (*i), 2 a slice,
 * -1 with the error pending (IndexError worded `range_msg`). */
static int subscript(VM *vm, const Arr *a, Value key, int64_t *i, const char *range_msg)
{
    int kind = vm_subscript(vm, key, i);
    if (kind == 0) vm_raise(vm, vm->e_TypeError, "array indices must be integers");
    if (kind <= 0) return -1;
    if (kind == 1) {
        int64_t n = (int64_t)arr_len(a);
        if (*i < 0) *i += n;
        if (*i < 0 || *i >= n) {
            vm_raise(vm, vm->e_IndexError, "%s", range_msg);
            return -1;
        }
    }
    return kind;
}

static Value ar_getitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    int64_t i;
    int kind = method(vm, args, nargs, kw, "__getitem__", 1, &a)
                   ? subscript(vm, &a, args[1], &i, "array index out of range") : -1;
    if (kind < 0) return V_EXC;
    if (kind == 1) return get_item(vm, &a, (size_t)i);
    int64_t n = (int64_t)arr_len(&a);
    int64_t start, stop, step, len;
    if (!vm_slice_indices(vm, args[1], n, &start, &stop, &step, &len)) return V_EXC;
    Value r = new_array(vm, base_type(vm, args[0]), a.code);
    if (r == V_EXC) return V_EXC;
    a = arr_of(args[0]);
    Arr b = arr_of(r);
    if (!reserve(vm, b.buf, (size_t)len * a.size)) return V_EXC;
    for (int64_t k = 0; k < len; k++)
        memcpy(b.buf->data + k * a.size, a.buf->data + (start + k * step) * a.size, a.size);
    b.buf->len = (uint32_t)(len * a.size);
    return r;
}

/* Replaces items [start, stop) (step 1) with n bytes from src. */
static bool splice(VM *vm, Arr *a, int64_t start, int64_t stop, const unsigned char *src, size_t n)
{
    size_t at = (size_t)start * a->size, dead = (size_t)(stop - start) * a->size;
    size_t len = a->buf->len;
    unsigned char *copy = NULL;
    if (n) {
        if (!(copy = malloc(n))) {
            vm_raise(vm, vm->e_MemoryError, "%s", "");
            return false;
        }
        memcpy(copy, src, n);
    }
    if (n > dead && !reserve(vm, a->buf, len - dead + n)) {
        free(copy);
        return false;
    }
    memmove(a->buf->data + at + n, a->buf->data + at + dead, len - at - dead);
    if (n) memcpy(a->buf->data + at, copy, n);
    free(copy);
    a->buf->len = (uint32_t)(len - dead + n);
    return true;
}

static Value ar_setitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!self_arr(vm, args, nargs, "__setitem__", &a) || !mod_check_range(vm, "__setitem__", nargs - 1, kw, 2, 2))
        return V_EXC;
    int64_t i;
    int kind = subscript(vm, &a, args[1], &i, "array assignment index out of range");
    if (kind < 0) return V_EXC;
    int64_t n = (int64_t)arr_len(&a);
    if (kind == 1) {
        unsigned char tmp[16];
        if (!convert(vm, a.code, args[2], tmp)) return V_EXC;
        a = arr_of(args[0]);
        if ((size_t)i < arr_len(&a)) memcpy(a.buf->data + i * a.size, tmp, a.size);
        return V_NONE;
    }
    if (!is_array(vm, args[2]))
        return vm_raise(vm, vm->e_TypeError, "can only assign array (not \"%s\") to array slice", TNAME(args[2]));
    Arr b = arr_of(args[2]);
    if (b.code != a.code) return vm_raise(vm, vm->e_TypeError, "bad argument type for built-in operation");
    int64_t start, stop, step, len;
    if (!vm_slice_indices(vm, args[1], n, &start, &stop, &step, &len)) return V_EXC;
    int64_t m = (int64_t)arr_len(&b);
    if (step == 1) {
        if (stop < start) stop = start;
        return splice(vm, &a, start, stop, b.buf->data, b.buf->len) ? V_NONE : V_EXC;
    }
    if (m != len)
        return vm_raise(vm, vm->e_ValueError, "attempt to assign array of size %lld to extended slice of size %lld",
                        (long long)m, (long long)len);
    unsigned char *copy = malloc(b.buf->len ? b.buf->len : 1);
    if (!copy) return vm_raise(vm, vm->e_MemoryError, "%s", "");
    memcpy(copy, b.buf->data, b.buf->len);
    for (int64_t k = 0; k < len; k++) memcpy(a.buf->data + (start + k * step) * a.size, copy + k * a.size, a.size);
    free(copy);
    return V_NONE;
}

static Value ar_delitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    int64_t i;
    int kind = method(vm, args, nargs, kw, "__delitem__", 1, &a)
                   ? subscript(vm, &a, args[1], &i, "array assignment index out of range") : -1;
    if (kind < 0) return V_EXC;
    if (kind == 1) return splice(vm, &a, i, i + 1, NULL, 0) ? V_NONE : V_EXC;
    int64_t n = (int64_t)arr_len(&a);
    int64_t start, stop, step, len;
    if (!vm_slice_indices(vm, args[1], n, &start, &stop, &step, &len)) return V_EXC;
    if (step < 0) {
        start = start + (len - 1) * step;
        step = -step;
    }
    /* keep every item not selected, in order */
    size_t w = 0;
    for (int64_t k = 0; k < n; k++) {
        bool dead = len > 0 && k >= start && (k - start) % step == 0 && (k - start) / step < len;
        if (!dead) memmove(a.buf->data + w++ * a.size, a.buf->data + k * a.size, a.size);
    }
    a.buf->len = (uint32_t)(w * a.size);
    return V_NONE;
}

static Value ar_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    return method(vm, args, nargs, kw, "__iter__", 0, &a) ? vm_new_iter(vm, vm->t_seq_iterator, args[0]) : V_EXC;
}

static Value ar_contains(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!method(vm, args, nargs, kw, "__contains__", 1, &a)) return V_EXC;
    for (size_t i = 0; i < arr_len(&a); i++) {
        Value x = get_item(vm, &a, i);
        int eq = x == V_EXC ? -1 : vm_eq(vm, x, args[1]);
        if (eq) return eq < 0 ? V_EXC : V_TRUE;
        a = arr_of(args[0]);
    }
    return V_FALSE;
}

static Value ar_add(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!method(vm, args, nargs, kw, "__add__", 1, &a)) return V_EXC;
    if (!is_array(vm, args[1]))
        return vm_raise(vm, vm->e_TypeError, "can only append array (not \"%s\") to array", TNAME(args[1]));
    Arr b = arr_of(args[1]);
    if (b.code != a.code) return vm_raise(vm, vm->e_TypeError, "bad argument type for built-in operation");
    Value r = array_from_bytes(vm, base_type(vm, args[0]), a.code, a.buf->data, a.buf->len);
    if (r == V_EXC) return V_EXC;
    vm_push_root(vm, r);
    bool ok = extend_from(vm, r, args[1]);
    vm_pop_roots(vm, 1);
    return ok ? r : V_EXC;
}

static Value ar_iadd(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!method(vm, args, nargs, kw, "__iadd__", 1, &a)) return V_EXC;
    if (!is_array(vm, args[1]))
        return vm_raise(vm, vm->e_TypeError, "can only extend array with array (not \"%s\")", TNAME(args[1]));
    if (arr_of(args[1]).code != a.code) return vm_raise(vm, vm->e_TypeError, "can only extend with array of same kind");
    return extend_from(vm, args[0], args[1]) ? args[0] : V_EXC;
}

static Value repeat(VM *vm, Value self, Value count, bool inplace)
{
    int64_t n;
    int r = vm_repeat_count(vm, count, &n);
    if (r <= 0) return r < 0 ? V_EXC : V_NOTIMPL;
    if (n < 0) n = 0;
    Arr a = arr_of(self);
    size_t len = a.buf->len;
    if (n && len > (size_t)UINT32_MAX / (size_t)n) return vm_raise(vm, vm->e_MemoryError, "%s", "");
    Value out = inplace ? self : new_array(vm, base_type(vm, self), a.code);
    if (out == V_EXC) return V_EXC;
    Arr o = arr_of(out);
    a = arr_of(self);
    if (!reserve(vm, o.buf, len * (size_t)n)) return V_EXC;
    for (int64_t k = inplace ? 1 : 0; k < n; k++) memcpy(o.buf->data + k * len, a.buf->data, len);
    o.buf->len = (uint32_t)(len * (size_t)n);
    return out;
}

static Value ar_mul(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    return method(vm, args, nargs, kw, "__mul__", 1, &a) ? repeat(vm, args[0], args[1], false) : V_EXC;
}

static Value ar_imul(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    return method(vm, args, nargs, kw, "__imul__", 1, &a) ? repeat(vm, args[0], args[1], true) : V_EXC;
}

/* Rich comparison: item by item, as sequences compare. */
static Value compare(VM *vm, Value *args, int nargs, TupleObj *kw, int op, const char *meth)
{
    Arr a;
    if (!method(vm, args, nargs, kw, meth, 1, &a)) return V_EXC;
    if (!is_array(vm, args[1])) return V_NOTIMPL;
    Arr b = arr_of(args[1]);
    size_t na = arr_len(&a), nb = arr_len(&b);
    if ((op == AST_Eq || op == AST_NotEq) && na != nb) return v_bool(op == AST_NotEq);
    if (a.code == b.code && a.buf->len == b.buf->len && (op == AST_Eq || op == AST_NotEq) &&
        a.code != 'f' && a.code != 'd' && !memcmp(a.buf->data, b.buf->data, a.buf->len))
        return v_bool(op == AST_Eq);
    for (size_t i = 0; i < na && i < nb; i++) {
        a = arr_of(args[0]);
        b = arr_of(args[1]);
        if (i >= arr_len(&a) || i >= arr_len(&b)) break;
        Value x = get_item(vm, &a, i);
        if (x == V_EXC) return V_EXC;
        vm_push_root(vm, x);
        Value y = get_item(vm, &b, i);
        int eq = y == V_EXC ? -1 : vm_eq(vm, x, y);
        if (eq == 0) {
            Value r = op == AST_Eq ? V_FALSE : op == AST_NotEq ? V_TRUE : vm_compare(vm, op, x, y);
            vm_pop_roots(vm, 1);
            return r;
        }
        vm_pop_roots(vm, 1);
        if (eq < 0) return V_EXC;
    }
    a = arr_of(args[0]);
    b = arr_of(args[1]);
    na = arr_len(&a);
    nb = arr_len(&b);
    return v_bool(vm_cmp_holds(op, (na > nb) - (na < nb)));
}

#define X(name, op)                                                            \
    static Value ar_##name(VM *vm, Value *args, int nargs, TupleObj *kw)       \
    {                                                                          \
        return compare(vm, args, nargs, kw, op, #name);                        \
    }
VM_RICH_COMPARES(X)
#undef X

static Value ar_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!method(vm, args, nargs, kw, "__repr__", 0, &a)) return V_EXC;
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "%s('%c'", base_type(vm, args[0]) == vm_type_of(vm, args[0]) ? "array" : TNAME(args[0]), a.code);
    if (arr_len(&a)) {
        sb_puts(&b, ", ");
        Value l;
        if (a.code == 'u') {
            StrObj *name = vm_intern(vm, "tounicode", 9);
            l = name ? vm_call_method(vm, args[0], name, NULL, 0) : V_EXC;
        } else {
            StrObj *name = vm_intern(vm, "tolist", 6);
            l = name ? vm_call_method(vm, args[0], name, NULL, 0) : V_EXC;
        }
        if (l == V_EXC || !vm_sb_repr(vm, &b, l)) {
            sb_free(&b);
            return V_EXC;
        }
    }
    sb_putc(&b, ')');
    return vm_sb_finish(vm, &b);
}

/* ---- methods -------------------------------------------------------------------------- */

static Value ar_append(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    return method(vm, args, nargs, kw, "append", 1, &a) && append_value(vm, args[0], args[1]) ? V_NONE : V_EXC;
}

static Value ar_extend(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    return method(vm, args, nargs, kw, "extend", 1, &a) && extend_from(vm, args[0], args[1]) ? V_NONE : V_EXC;
}

static Value ar_insert(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    int64_t i;
    if (!self_arr(vm, args, nargs, "insert", &a) || !mod_check_range(vm, "insert", nargs - 1, kw, 2, 2) ||
        !vm_clamped_index(vm, args[1], &i))
        return V_EXC;
    unsigned char tmp[16];
    if (!convert(vm, a.code, args[2], tmp)) return V_EXC;
    a = arr_of(args[0]);
    int64_t n = (int64_t)arr_len(&a);
    if (i < 0) i = i + n < 0 ? 0 : i + n;
    if (i > n) i = n;
    return splice(vm, &a, i, i, tmp, a.size) ? V_NONE : V_EXC;
}

static Value ar_pop(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    int64_t i = -1;
    if (!self_arr(vm, args, nargs, "pop", &a) || !mod_check_range(vm, "pop", nargs - 1, kw, 0, 1) ||
        (nargs == 2 && !vm_index(vm, args[1], &i)))
        return V_EXC;
    a = arr_of(args[0]);
    int64_t n = (int64_t)arr_len(&a);
    if (n == 0) return vm_raise(vm, vm->e_IndexError, "pop from empty array");
    if (i < 0) i += n;
    if (i < 0 || i >= n) return vm_raise(vm, vm->e_IndexError, "pop index out of range");
    Value x = get_item(vm, &a, (size_t)i);
    if (x == V_EXC) return V_EXC;
    a = arr_of(args[0]);
    return splice(vm, &a, i, i + 1, NULL, 0) ? x : V_EXC;
}

/* The first index of x at or after start, -1 if none, -2 on error. */
static int64_t find(VM *vm, Value self, Value x, int64_t start, int64_t stop)
{
    for (int64_t i = start; i < stop; i++) {
        Arr a = arr_of(self);
        if ((size_t)i >= arr_len(&a)) break;
        Value y = get_item(vm, &a, (size_t)i);
        int eq = y == V_EXC ? -1 : vm_eq(vm, y, x);
        if (eq) return eq < 0 ? -2 : i;
    }
    return -1;
}

static Value ar_index(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    int64_t start = 0, stop = INT64_MAX;
    if (!self_arr(vm, args, nargs, "index", &a) || !mod_check_range(vm, "index", nargs - 1, kw, 1, 3) ||
        (nargs > 2 && !vm_clamped_index(vm, args[2], &start)) || (nargs > 3 && !vm_clamped_index(vm, args[3], &stop)))
        return V_EXC;
    int64_t n = (int64_t)arr_len(&a);
    if (start < 0) start = start + n < 0 ? 0 : start + n;
    if (stop < 0) stop = stop + n < 0 ? 0 : stop + n;
    int64_t i = find(vm, args[0], args[1], start, stop);
    if (i == -2) return V_EXC;
    if (i < 0) return vm_raise(vm, vm->e_ValueError, "array.index(x): x not in array");
    return v_int(i);
}

static Value ar_remove(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!method(vm, args, nargs, kw, "remove", 1, &a)) return V_EXC;
    int64_t i = find(vm, args[0], args[1], 0, INT64_MAX);
    if (i == -2) return V_EXC;
    if (i < 0) return vm_raise(vm, vm->e_ValueError, "array.remove(x): x not in array");
    a = arr_of(args[0]);
    return splice(vm, &a, i, i + 1, NULL, 0) ? V_NONE : V_EXC;
}

static Value ar_count(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!method(vm, args, nargs, kw, "count", 1, &a)) return V_EXC;
    int64_t c = 0;
    for (size_t i = 0;; i++) {
        a = arr_of(args[0]);
        if (i >= arr_len(&a)) break;
        Value y = get_item(vm, &a, i);
        int eq = y == V_EXC ? -1 : vm_eq(vm, y, args[1]);
        if (eq < 0) return V_EXC;
        c += eq;
    }
    return v_int(c);
}

static Value ar_reverse(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!method(vm, args, nargs, kw, "reverse", 0, &a)) return V_EXC;
    size_t n = arr_len(&a);
    unsigned char tmp[16];
    for (size_t i = 0; i < n / 2; i++) {
        unsigned char *p = a.buf->data + i * a.size, *q = a.buf->data + (n - 1 - i) * a.size;
        memcpy(tmp, p, a.size);
        memcpy(p, q, a.size);
        memcpy(q, tmp, a.size);
    }
    return V_NONE;
}

static Value ar_byteswap(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!method(vm, args, nargs, kw, "byteswap", 0, &a)) return V_EXC;
    for (size_t i = 0; i < arr_len(&a); i++) {
        unsigned char *p = a.buf->data + i * a.size;
        for (size_t k = 0; k < a.size / 2; k++) {
            unsigned char t = p[k];
            p[k] = p[a.size - 1 - k];
            p[a.size - 1 - k] = t;
        }
    }
    return V_NONE;
}

static Value ar_tolist(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!method(vm, args, nargs, kw, "tolist", 0, &a)) return V_EXC;
    Value l = vm_new_list(vm, (uint32_t)arr_len(&a));
    if (l == V_EXC) return V_EXC;
    vm_push_root(vm, l);
    for (size_t i = 0; i < arr_len(&a); i++) {
        Value x = get_item(vm, &a, i);
        if (x == V_EXC || !vm_list_append(vm, AS_LIST(l), x)) {
            vm_pop_roots(vm, 1);
            return V_EXC;
        }
    }
    vm_pop_roots(vm, 1);
    return l;
}

static Value ar_tobytes(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    return method(vm, args, nargs, kw, "tobytes", 0, &a) ? vm_new_bytes(vm, a.buf->data, a.buf->len) : V_EXC;
}

static Value ar_frombytes(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    return method(vm, args, nargs, kw, "frombytes", 1, &a) && from_bytes(vm, args[0], args[1]) ? V_NONE : V_EXC;
}

static Value ar_fromlist(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!method(vm, args, nargs, kw, "fromlist", 1, &a)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_LIST)) return vm_raise(vm, vm->e_TypeError, "arg must be list");
    /* all or nothing: on a bad item, the array is as it was */
    uint32_t before = a.buf->len;
    if (vm_foreach(vm, args[1], extend_one, &args[0]) < 0) {
        arr_of(args[0]).buf->len = before;
        return V_EXC;
    }
    return V_NONE;
}

static Value ar_fromunicode(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!method(vm, args, nargs, kw, "fromunicode", 1, &a)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "fromunicode() argument must be str, not %s", TNAME(args[1]));
    if (a.code != 'u') return vm_raise(vm, vm->e_ValueError, "fromunicode() may only be called on unicode type arrays");
    return from_unicode(vm, args[0], AS_STR(args[1])) ? V_NONE : V_EXC;
}

static Value ar_tounicode(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!method(vm, args, nargs, kw, "tounicode", 0, &a)) return V_EXC;
    if (a.code != 'u') return vm_raise(vm, vm->e_ValueError, "tounicode() may only be called on unicode type arrays");
    StrBuf b;
    sb_init(&b);
    for (size_t i = 0; i < arr_len(&a); i++) {
        Value s = get_item(vm, &a, i);
        if (s == V_EXC) {
            sb_free(&b);
            return V_EXC;
        }
        sb_putn(&b, AS_STR(s)->data, AS_STR(s)->len);
    }
    return vm_sb_finish(vm, &b);
}

static Value ar_buffer_info(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!method(vm, args, nargs, kw, "buffer_info", 0, &a)) return V_EXC;
    Value items[2] = { vm_int_from_i64(vm, (int64_t)(uintptr_t)a.buf->data), v_int((int64_t)arr_len(&a)) };
    return items[0] == V_EXC ? V_EXC : vm_tuple_of(vm, items, 2);
}

static Value ar_copy(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!self_arr(vm, args, nargs, "__copy__", &a)) return V_EXC;
    return array_from_bytes(vm, base_type(vm, args[0]), a.code, a.buf->data, a.buf->len);
}

static Value ar_reduce_ex(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    if (!self_arr(vm, args, nargs, "__reduce_ex__", &a)) return V_EXC;
    Value l = ar_tolist(vm, args, 1, NULL);
    if (l == V_EXC) return V_EXC;
    vm_push_root(vm, l);
    Value items[2] = { vm_new_str(vm, &a.code, 1), l };
    Value argt = items[0] == V_EXC ? V_EXC : vm_tuple_of(vm, items, 2);
    Value r = V_EXC;
    if (argt != V_EXC) {
        vm_push_root(vm, argt);
        Value d = v_as_obj(args[0])->dict ? v_obj(v_as_obj(args[0])->dict) : V_NONE;
        Value parts[3] = { v_obj(vm_type_of(vm, args[0])), argt, d };
        r = vm_tuple_of(vm, parts, 3);
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    return r;
}

static Value ar_typecode_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    return self_arr(vm, args, nargs, "typecode", &a) ? vm_new_str(vm, &a.code, 1) : V_EXC;
}

static Value ar_itemsize_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Arr a;
    return self_arr(vm, args, nargs, "itemsize", &a) ? v_int((int64_t)a.size) : V_EXC;
}

static const ModFunction array_methods[] = {
    {"__new__", ar_new}, {"__len__", ar_len}, {"__getitem__", ar_getitem}, {"__setitem__", ar_setitem},
    {"__delitem__", ar_delitem}, {"__iter__", ar_iter}, {"__contains__", ar_contains}, {"__add__", ar_add},
    {"__iadd__", ar_iadd}, {"__mul__", ar_mul}, {"__rmul__", ar_mul}, {"__imul__", ar_imul},
    {"__repr__", ar_repr}, {"__copy__", ar_copy}, {"__deepcopy__", ar_copy}, {"__reduce_ex__", ar_reduce_ex},
#define X(name, op) {#name, ar_##name},
    VM_RICH_COMPARES(X)
#undef X
    {"append", ar_append}, {"extend", ar_extend}, {"insert", ar_insert}, {"pop", ar_pop}, {"index", ar_index},
    {"remove", ar_remove}, {"count", ar_count}, {"reverse", ar_reverse}, {"byteswap", ar_byteswap},
    {"tolist", ar_tolist}, {"tobytes", ar_tobytes}, {"frombytes", ar_frombytes}, {"fromlist", ar_fromlist},
    {"fromunicode", ar_fromunicode}, {"tounicode", ar_tounicode}, {"buffer_info", ar_buffer_info},
};

Value mod_array_open(VM *vm)
{
    Value m = vm_new_module(vm, "array");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    DictObj *d = v_as_obj(m)->dict;
    TypeObj *t = vm_new_builtin_type(vm, "array.array", vm->t_object, LAYOUT_OBJECT);
    bool ok = t != NULL;
    if (ok) {
        t->hdr.aux = AR_NSLOTS;
        t->getbuffer = ar_getbuffer;
        for (size_t i = 0; i < sizeof array_methods / sizeof array_methods[0]; i++)
            vm_add_method(vm, t, array_methods[i].name, array_methods[i].fn);
        vm_add_getter(vm, t, "typecode", ar_typecode_get);
        vm_add_getter(vm, t, "itemsize", ar_itemsize_get);
        ok = mod_dict_put(vm, t->hdr.dict, "__hash__", V_NONE) && mod_dict_put(vm, d, "array", v_obj(t)) &&
             mod_dict_put(vm, d, "ArrayType", v_obj(t)) &&
             mod_dict_put(vm, d, "typecodes", vm_cstr(vm, TYPECODES));
        vm_type_modified(vm, t);
    }
    vm_pop_roots(vm, 1);
    return ok ? m : V_EXC;
}

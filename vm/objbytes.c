/* bytes and bytearray: construction, the sequence protocol, the ASCII text
 * methods both share, '%' formatting of bytes, and bytearray's mutations.
 * Each shared method is written once over a Span and registered on both types. */
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "../parser/pyrepr.h"
#include "format.h"
#include "vm.h"

#define AS_BYTES(v) ((BytesObj *)v_as_obj(v))
#define AS_BA(v) ((ByteArrayObj *)v_as_obj(v))
#define TNAME(v) (vm_type_of(vm, (v))->name->data)

/* The bytes of a bytes or bytearray. */
typedef struct {
    const unsigned char *p;
    size_t n;
} Span;

static bool span_of(Value v, Span *s)
{
    if (v_has_layout(v, LAYOUT_BYTES)) {
        *s = (Span){AS_BYTES(v)->data, AS_BYTES(v)->len};
        return true;
    }
    if (v_has_layout(v, LAYOUT_BYTEARRAY)) {
        *s = (Span){AS_BA(v)->data, AS_BA(v)->len};
        return true;
    }
    /* any other object exposing its memory (memoryview, array.array) */
    VmBuffer b;
    if (!vm_get_buffer(v, &b)) return false;
    *s = (Span){b.data, b.len};
    return true;
}

/* The span of v, which the caller knows is bytes or bytearray (empty if it
 * were not): the value returned rather than span_of's out-parameter, so that
 * no path reads an unset Span. */
static Span span_known(Value v)
{
    Span s;
    return span_of(v, &s) ? s : (Span){NULL, 0};
}

/* A bytes-like argument: "a bytes-like object is required, not 'str'". */
static bool span_arg(VM *vm, Value v, Span *s)
{
    if (span_of(v, s)) return true;
    vm_raise(vm, vm->e_TypeError, "a bytes-like object is required, not '%s'", TNAME(v));
    return false;
}

static Value alloc_bytes(VM *vm, TypeObj *t, const void *data, size_t len)
{
    if (t == vm->t_bytes) return vm_new_bytes(vm, data, len);
    if (len >= UINT32_MAX) return vm_raise(vm, vm->e_MemoryError, "%s", "");
    BytesObj *b = vm_alloc(vm, t, sizeof *b + len + 1);
    if (!b) return V_EXC;
    b->hash = -1;
    b->len = (uint32_t)len;
    if (len) memcpy(b->data, data, len);
    b->data[len] = 0;
    return v_obj(b);
}

static bool ba_reserve(VM *vm, ByteArrayObj *a, size_t need)
{
    if (need <= a->cap) return true;
    if (need >= UINT32_MAX) {
        vm_raise(vm, vm->e_MemoryError, "%s", "");
        return false;
    }
    size_t cap = a->cap + a->cap / 2 > need ? a->cap + a->cap / 2 : need;
    if (cap >= UINT32_MAX) cap = need;
    unsigned char *d = realloc(a->data, cap);
    if (!d) {
        vm_raise(vm, vm->e_MemoryError, "%s", "");
        return false;
    }
    a->data = d;
    a->cap = (uint32_t)cap;
    return true;
}

static Value alloc_bytearray(VM *vm, TypeObj *t, const void *data, size_t len)
{
    ByteArrayObj *a = vm_alloc(vm, t, sizeof *a);
    if (!a) return V_EXC;
    a->len = a->cap = 0;
    a->data = NULL;
    if (!ba_reserve(vm, a, len)) return V_EXC;
    if (len) memcpy(a->data, data, len);
    a->len = (uint32_t)len;
    return v_obj(a);
}

/* A new object of kind k (bytes or bytearray) holding data[0..len). */
static Value new_of(VM *vm, TypeObj *k, const void *data, size_t len)
{
    return k == vm->t_bytes ? vm_new_bytes(vm, data, len) : alloc_bytearray(vm, vm->t_bytearray, data, len);
}

static Value finish_of(VM *vm, TypeObj *k, StrBuf *b)
{
    Value r = b->oom ? vm_raise(vm, vm->e_MemoryError, "%s", "") : new_of(vm, k, b->data, b->len);
    sb_free(b);
    return r;
}

static bool self_span(VM *vm, TypeObj *k, Value *args, int nargs, const char *meth, Span *s)
{
    return vm_check_self(vm, args, nargs, k, meth) && span_of(args[0], s);
}

/* ---- construction */

/* What vm_foreach fills: bytes(iterable) words its range error "bytes must ..." */
typedef struct {
    StrBuf *b;
    const char *what;
} Collect;

static int collect_byte(VM *vm, void *ctx, Value item)
{
    Collect *c = ctx;
    int64_t x;
    if (!vm_index(vm, item, &x)) return -1;
    if (x < 0 || x > 255) {
        vm_raise(vm, vm->e_ValueError, "%s must be in range(0, 256)", c->what);
        return -1;
    }
    sb_putc(c->b, (char)x);
    return 1;
}

/* The bytes of bytes(source, encoding, errors) into b; false on error. */
static bool source_bytes(VM *vm, const char *fname, Value *a, StrBuf *b)
{
    Value src = a[0], enc = a[1], err = a[2];
    Span s;
    if (src == V_UNBOUND) {
        if (enc != V_UNBOUND || err != V_UNBOUND) {
            vm_raise(vm, vm->e_TypeError, enc != V_UNBOUND ? "encoding without a string argument"
                                                          : "errors without a string argument");
            return false;
        }
        return true;
    }
    if (v_has_layout(src, LAYOUT_STR)) {
        if (enc == V_UNBOUND) {
            vm_raise(vm, vm->e_TypeError, "string argument without an encoding");
            return false;
        }
        Value ea[2] = {enc, err == V_UNBOUND ? vm_cstr(vm, "strict") : err};
        const char *which[2] = {"encoding", "errors"};
        for (int i = 0; i < 2; i++)
            if (!v_has_layout(ea[i], LAYOUT_STR)) {
                if (ea[i] != V_EXC)
                    vm_raise(vm, vm->e_TypeError, "%s() argument '%s' must be str, not %s", fname, which[i],
                             TNAME(ea[i]));
                return false;
            }
        /* str's own encode, which returns bytes: CPython's codecs ignore a
         * subclass's encode (calling it, a non-bytes result left s unset) */
        StrObj *name = vm_intern(vm, "encode", 6);
        if (!name) return false;
        Value r = vm_call(vm, vm_type_lookup(vm->t_str, name), (Value[]){src, ea[0], ea[1]}, 3, NULL);
        if (r == V_EXC) return false;
        Span e = span_known(r);
        sb_putn(b, (const char *)e.p, e.n);
        return true;
    }
    if (enc != V_UNBOUND || err != V_UNBOUND) {
        vm_raise(vm, vm->e_TypeError, enc != V_UNBOUND ? "encoding without a string argument"
                                                      : "errors without a string argument");
        return false;
    }
    if (span_of(src, &s)) {
        sb_putn(b, (const char *)s.p, s.n);
        return true;
    }
    TypeObj *t = vm_type_of(vm, src);
    if (vm_is_int(vm, src) || vm_type_lookup(t, vm->s___index__) != V_UNBOUND) {
        int64_t n;
        if (!vm_index(vm, src, &n)) return false;
        if (n < 0) {
            vm_raise(vm, vm->e_ValueError, "negative count");
            return false;
        }
        if (n >= UINT32_MAX) {
            vm_raise(vm, vm->e_MemoryError, "%s", "");
            return false;
        }
        static const char zeros[4096];
        for (int64_t left = n; left > 0 && !b->oom; left -= (int64_t)sizeof zeros)
            sb_putn(b, zeros, left < (int64_t)sizeof zeros ? (size_t)left : sizeof zeros);
        return true;
    }
    if (vm_type_lookup(t, vm->s___iter__) == V_UNBOUND && vm_type_lookup(t, vm->s___getitem__) == V_UNBOUND) {
        vm_raise(vm, vm->e_TypeError, "cannot convert '%s' object to %s", t->name->data, fname);
        return false;
    }
    Collect c = {b, strcmp(fname, "bytes") ? "byte" : "bytes"};
    return vm_foreach(vm, src, collect_byte, &c) >= 0;
}

/* bytes(source=b'', encoding='utf-8', errors='strict'), bytearray(...) alike */
static Value construct(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"source", "encoding", "errors"};
    Value a[3];
    TypeObj *cls = vm_new_cls(vm, args, nargs, k);
    if (!cls || !vm_parse_args(vm, k->name->data, args + 1, nargs - 1, kw, names, 3, 3, 0, a)) return V_EXC;
    if (k == vm->t_bytes && a[0] != V_UNBOUND && a[1] == V_UNBOUND && a[2] == V_UNBOUND) {
        Value m = vm_type_lookup(vm_type_of(vm, a[0]), vm_intern(vm, "__bytes__", 9));
        if (m != V_UNBOUND) {
            Value r = vm_call(vm, m, a, 1, NULL);
            if (r == V_EXC || v_has_layout(r, LAYOUT_BYTES)) return r;
            return vm_raise(vm, vm->e_TypeError, "__bytes__ returned non-bytes (type %s)", TNAME(r));
        }
        if (cls == vm->t_bytes && vm_type_of(vm, a[0]) == vm->t_bytes) return a[0];
    }
    StrBuf b;
    sb_init(&b);
    if (!source_bytes(vm, k->name->data, a, &b)) {
        sb_free(&b);
        return V_EXC;
    }
    Value r = b.oom ? vm_raise(vm, vm->e_MemoryError, "%s", "")
              : k == vm->t_bytes ? alloc_bytes(vm, cls, b.data, b.len)
                                 : alloc_bytearray(vm, cls, b.data, b.len);
    sb_free(&b);
    return r;
}

/* bytearray.__init__ does the work in construct: an initializer that takes anything. */
static Value ba_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    (void)vm, (void)args, (void)nargs, (void)kw;
    return V_NONE;
}

static int hexval(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* fromhex(string): pairs of hex digits, ASCII whitespace between pairs */
static Value fromhex(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "fromhex", nargs - 1, kw, 1, 1)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "fromhex() argument must be str, not %s", TNAME(args[1]));
    StrObj *s = AS_STR(args[1]);
    StrBuf b;
    sb_init(&b);
    for (size_t i = 0; i < s->len;) {
        if (s->data[i] == ' ' || (s->data[i] >= '\t' && s->data[i] <= '\r')) {
            i++;
            continue;
        }
        int hi = hexval((unsigned char)s->data[i]), lo = i + 1 < s->len ? hexval((unsigned char)s->data[i + 1]) : -1;
        if (hi < 0 || lo < 0) {
            sb_free(&b);
            return vm_raise(vm, vm->e_ValueError,
                            "non-hexadecimal number found in fromhex() arg at position %zu", hi < 0 ? i : i + 1);
        }
        sb_putc(&b, (char)(hi * 16 + lo));
        i += 2;
    }
    Value r = finish_of(vm, k, &b);
    /* a subclass is built from the result, as CPython does */
    if (r == V_EXC || args[0] == v_obj(k)) return r;
    return vm_call(vm, args[0], &r, 1, NULL);
}

/* ---- the sequence protocol */

static Value repr(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    Span s;
    if (!vm_check_fixed(vm, "__repr__", nargs - 1, kw, 0) || !self_span(vm, k, args, nargs, "__repr__", &s))
        return V_EXC;
    StrBuf b;
    sb_init(&b);
    repr_bytes(&b, s.p, s.n);
    if (k == vm->t_bytes) return vm_sb_finish(vm, &b);
    /* bytearray's repr escapes ' even between double quotes */
    StrBuf r;
    sb_init(&r);
    sb_printf(&r, "%s(", TNAME(args[0]));
    for (size_t i = 0; i < b.len; i++) {
        if (b.data[i] == '\'' && b.data[1] == '"' && i > 1 && i + 1 < b.len) sb_putc(&r, '\\');
        sb_putc(&r, b.data[i]);
    }
    sb_putc(&r, ')');
    sb_free(&b);
    return vm_sb_finish(vm, &r);
}

static Value len(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    Span s;
    if (!vm_check_fixed(vm, "__len__", nargs - 1, kw, 0) || !self_span(vm, k, args, nargs, "__len__", &s))
        return V_EXC;
    return v_int((int64_t)s.n);
}

static Value getitem(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    Span s;
    if (!vm_method_args(vm, args, nargs, kw, k, "__getitem__", 1) || !span_of(args[0], &s)) return V_EXC;
    int64_t i, start, stop, step, n;
    switch (vm_subscript(vm, args[1], &i)) {
    case 1:
        if (i < 0) i += (int64_t)s.n;
        if (i < 0 || i >= (int64_t)s.n)
            return vm_raise(vm, vm->e_IndexError, "%sindex out of range", k == vm->t_bytes ? "" : "bytearray ");
        return v_int(s.p[i]);
    case 2: {
        if (!vm_slice_indices(vm, args[1], (int64_t)s.n, &start, &stop, &step, &n)) return V_EXC;
        if (step == 1) return new_of(vm, k, s.p + start, (size_t)n);
        StrBuf b;
        sb_init(&b);
        for (int64_t j = 0; j < n; j++) sb_putc(&b, (char)s.p[start + j * step]);
        return finish_of(vm, k, &b);
    }
    case 0:
        return vm_raise(vm, vm->e_TypeError, "%s indices must be integers or slices, not %s",
                        k == vm->t_bytes ? "byte" : "bytearray", TNAME(args[1]));
    default:
        return V_EXC;
    }
}

/* A needle: a bytes-like or an int in range(256) as one byte. */
static bool needle_of(VM *vm, Value v, Span *s, unsigned char *one)
{
    if (span_of(v, s)) return true;
    int64_t x;
    if (!vm_is_int(vm, v) && vm_type_lookup(vm_type_of(vm, v), vm->s___index__) == V_UNBOUND) {
        vm_raise(vm, vm->e_TypeError, "argument should be integer or bytes-like object, not '%s'", TNAME(v));
        return false;
    }
    if (!vm_index(vm, v, &x)) return false;
    if (x < 0 || x > 255) {
        vm_raise(vm, vm->e_ValueError, "byte must be in range(0, 256)");
        return false;
    }
    *one = (unsigned char)x;
    *s = (Span){one, 1};
    return true;
}

static Value contains(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    Span s, t;
    unsigned char one;
    if (!vm_method_args(vm, args, nargs, kw, k, "__contains__", 1) || !span_of(args[0], &s)) return V_EXC;
    if (!needle_of(vm, args[1], &t, &one)) return V_EXC;
    return v_bool(t.n == 0 || memmem(s.p, s.n, t.p, t.n) != NULL);
}

static Value iter(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, k, "__iter__", 0)) return V_EXC;
    return vm_new_iter(vm, vm->t_seq_iterator, args[0]);
}

static Value add(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    Span a, b;
    if (!vm_method_args(vm, args, nargs, kw, k, "__add__", 1) || !span_of(args[0], &a)) return V_EXC;
    if (!span_of(args[1], &b)) {
        if (vm_defers_to(vm, args[1], "__radd__")) return V_NOTIMPL;
        return vm_raise(vm, vm->e_TypeError, "can't concat %s to %s", TNAME(args[1]), k->name->data);
    }
    StrBuf r;
    sb_init(&r);
    sb_putn(&r, (const char *)a.p, a.n);
    sb_putn(&r, (const char *)b.p, b.n);
    return finish_of(vm, k, &r);
}

static Value mul(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    Span s;
    if (!vm_method_args(vm, args, nargs, kw, k, "__mul__", 1) || !span_of(args[0], &s)) return V_EXC;
    int64_t n;
    int c = vm_repeat_count(vm, args[1], &n);
    if (c <= 0) return c ? V_EXC : V_NOTIMPL;
    if (n <= 0) n = 0;
    if (s.n && (uint64_t)n > UINT32_MAX / s.n) return vm_raise(vm, vm->e_MemoryError, "%s", "");
    StrBuf b;
    sb_init(&b);
    for (int64_t i = 0; i < n && !b.oom; i++) sb_putn(&b, (const char *)s.p, s.n);
    return finish_of(vm, k, &b);
}

static Value compare(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw, int op, const char *meth)
{
    Span a, b;
    if (!vm_method_args(vm, args, nargs, kw, k, meth, 1) || !span_of(args[0], &a)) return V_EXC;
    /* bytes compares with bytes and bytearray only; bytearray with any buffer */
    if (k == vm->t_bytes && !v_has_layout(args[1], LAYOUT_BYTES) && !v_has_layout(args[1], LAYOUT_BYTEARRAY))
        return V_NOTIMPL;
    if (!span_of(args[1], &b)) return V_NOTIMPL;
    size_t m = a.n < b.n ? a.n : b.n;
    int c = m ? memcmp(a.p, b.p, m) : 0;
    if (c == 0) c = (a.n > b.n) - (a.n < b.n);
    return v_bool(vm_cmp_holds(op, (c > 0) - (c < 0)));
}

#define X(name, op)                                                                     \
    static Value name(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)         \
    {                                                                                   \
        return compare(vm, k, args, nargs, kw, op, #name);                              \
    }
VM_RICH_COMPARES(X)
#undef X

/* FNV-1a over the bytes: equal bytes hash alike (CPython's siphash is not reproduced). */
static Value bytes_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_bytes, "__hash__", 0)) return V_EXC;
    BytesObj *b = AS_BYTES(args[0]);
    if (b->hash == -1) {
        uint64_t h = 14695981039346656037ull;
        for (uint32_t i = 0; i < b->len; i++) h = (h ^ b->data[i]) * 1099511628211ull;
        h >>= 2;   /* within the small-int range, never -1 */
        b->hash = (int64_t)h;
    }
    return vm_int_from_i64(vm, b->hash);
}

/* ---- text methods */

static Value decode(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"encoding", "errors"};
    Value a[2];
    Span s;
    if (!self_span(vm, k, args, nargs, "decode", &s) ||
        !vm_parse_args(vm, "decode", args + 1, nargs - 1, kw, names, 2, 2, 0, a))
        return V_EXC;
    for (int i = 0; i < 2; i++)
        if (a[i] != V_UNBOUND && !v_has_layout(a[i], LAYOUT_STR))
            return vm_raise(vm, vm->e_TypeError, "decode() argument '%s' must be str, not %s", names[i], TNAME(a[i]));
    return vm_decode(vm, s.p, s.n, a[0] == V_UNBOUND ? "utf-8" : AS_STR(a[0])->data,
                     a[1] == V_UNBOUND ? NULL : AS_STR(a[1])->data);
}

/* hex(sep=<unset>, bytes_per_sep=1) */
static Value hex(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"sep", "bytes_per_sep"};
    Value a[2];
    Span s, sep = {NULL, 0};
    if (!self_span(vm, k, args, nargs, "hex", &s) ||
        !vm_parse_args(vm, "hex", args + 1, nargs - 1, kw, names, 2, 2, 0, a))
        return V_EXC;
    if (a[0] != V_UNBOUND) {
        if (v_has_layout(a[0], LAYOUT_STR)) sep = (Span){(const unsigned char *)AS_STR(a[0])->data, AS_STR(a[0])->len};
        else if (!span_of(a[0], &sep)) return vm_raise(vm, vm->e_TypeError, "sep must be str or bytes.");
        if (sep.n != 1) return vm_raise(vm, vm->e_ValueError, "sep must be length 1.");
    }
    int64_t per = 1;
    if (a[1] != V_UNBOUND && !vm_index(vm, a[1], &per)) return V_EXC;
    int64_t group = per < 0 ? -per : per;
    StrBuf b;
    sb_init(&b);
    for (size_t i = 0; i < s.n; i++) {
        /* a positive bytes_per_sep counts groups from the right */
        size_t from = per > 0 ? s.n - i : i;
        if (sep.n && i && group && from % (size_t)group == 0) sb_putc(&b, (char)sep.p[0]);
        sb_printf(&b, "%02x", s.p[i]);
    }
    return vm_sb_finish(vm, &b);
}

/* The [start, end) of a find-like method's optional arguments, clamped to n. */
static bool range_args(VM *vm, Value *a, int given, size_t n, int64_t *start, int64_t *end)
{
    *start = 0;
    *end = (int64_t)n;
    if (given > 0 && a[0] != V_NONE && !vm_clamped_index(vm, a[0], start)) return false;
    if (given > 1 && a[1] != V_NONE && !vm_clamped_index(vm, a[1], end)) return false;
    if (*start < 0 && (*start += (int64_t)n) < 0) *start = 0;
    if (*end < 0 && (*end += (int64_t)n) < 0) *end = 0;
    if (*end > (int64_t)n) *end = (int64_t)n;
    return true;
}

typedef enum { F_FIND, F_RFIND, F_INDEX, F_RINDEX, F_COUNT } FindKind;

static Value find_impl(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw, FindKind how, const char *meth)
{
    Span s, t;
    unsigned char one;
    if (!self_span(vm, k, args, nargs, meth, &s) || !vm_check_nargs(vm, meth, nargs - 1, kw, 1, 3) ||
        !needle_of(vm, args[1], &t, &one))
        return V_EXC;
    int64_t start, end;
    if (!range_args(vm, args + 2, nargs - 2, s.n, &start, &end)) return V_EXC;
    int64_t found = -1, count = 0;
    if (start <= end && (int64_t)t.n <= end - start) {
        for (int64_t i = start; i + (int64_t)t.n <= end;) {
            const unsigned char *p = t.n ? memmem(s.p + i, (size_t)(end - i), t.p, t.n) : s.p + i;
            if (!p) break;
            found = p - s.p;
            if (how == F_FIND || how == F_INDEX) break;
            count++;
            i = found + (t.n ? (int64_t)t.n : 1);
            if (!t.n && i > end) break;
        }
        if (how == F_COUNT && !t.n) count = end - start + 1;
    }
    if (how == F_COUNT) return v_int(count);
    if (found < 0 && (how == F_INDEX || how == F_RINDEX))
        return vm_raise(vm, vm->e_ValueError, "subsection not found");
    return v_int(found);
}

#define FINDS(X) X(find, F_FIND) X(rfind, F_RFIND) X(index, F_INDEX) X(rindex, F_RINDEX) X(count, F_COUNT)
#define X(name, how)                                                                    \
    static Value m_##name(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)         \
    {                                                                                   \
        return find_impl(vm, k, args, nargs, kw, how, #name);                           \
    }
FINDS(X)
#undef X

static Value affix(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw, bool end_side, const char *meth)
{
    Span s, t;
    if (!self_span(vm, k, args, nargs, meth, &s) || !vm_check_nargs(vm, meth, nargs - 1, kw, 1, 3)) return V_EXC;
    int64_t start, end;
    if (!range_args(vm, args + 2, nargs - 2, s.n, &start, &end)) return V_EXC;
    Value *cands = &args[1];
    uint32_t nc = 1;
    if (v_has_layout(args[1], LAYOUT_TUPLE)) {
        cands = AS_TUPLE(args[1])->items;
        nc = AS_TUPLE(args[1])->len;
    }
    for (uint32_t i = 0; i < nc; i++) {
        if (!span_of(cands[i], &t))
            return vm_raise(vm, vm->e_TypeError, "%s first arg must be bytes or a tuple of bytes, not %s", meth,
                            TNAME(cands[i]));
        if (start > (int64_t)s.n || end - start < (int64_t)t.n) continue;
        const unsigned char *at = end_side ? s.p + end - t.n : s.p + start;
        if (!t.n || !memcmp(at, t.p, t.n)) return V_TRUE;
    }
    return V_FALSE;
}

static Value startswith(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    return affix(vm, k, args, nargs, kw, false, "startswith");
}

static Value endswith(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    return affix(vm, k, args, nargs, kw, true, "endswith");
}

static bool is_space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static bool is_lower(int c) { return c >= 'a' && c <= 'z'; }
static bool is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_alpha(int c) { return is_lower(c) || is_upper(c); }
static bool is_alnum(int c) { return is_alpha(c) || is_digit(c); }

static Value pred_all(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw, bool (*pred)(int), const char *meth)
{
    Span s;
    if (!vm_method_args(vm, args, nargs, kw, k, meth, 0) || !span_of(args[0], &s)) return V_EXC;
    for (size_t i = 0; i < s.n; i++)
        if (!pred(s.p[i])) return V_FALSE;
    return v_bool(s.n > 0);
}

#define PREDICATES(X) X(isspace, is_space) X(isdigit, is_digit) X(isalpha, is_alpha) X(isalnum, is_alnum)
#define X(name, pred)                                                                   \
    static Value m_##name(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)         \
    {                                                                                   \
        return pred_all(vm, k, args, nargs, kw, pred, #name);                           \
    }
PREDICATES(X)
#undef X

typedef enum { C_UPPER, C_LOWER, C_CAPITALIZE, C_SWAPCASE } CaseKind;

static Value recase(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw, CaseKind how, const char *meth)
{
    Span s;
    if (!vm_method_args(vm, args, nargs, kw, k, meth, 0) || !span_of(args[0], &s)) return V_EXC;
    StrBuf b;
    sb_init(&b);
    for (size_t i = 0; i < s.n; i++) {
        int c = s.p[i];
        bool up = how == C_UPPER || (how == C_CAPITALIZE && i == 0) || (how == C_SWAPCASE && is_lower(c));
        if (up && is_lower(c)) c -= 32;
        else if (!up && is_upper(c)) c += 32;
        sb_putc(&b, (char)c);
    }
    return finish_of(vm, k, &b);
}

#define CASES(X) X(upper, C_UPPER) X(lower, C_LOWER) X(capitalize, C_CAPITALIZE) X(swapcase, C_SWAPCASE)
#define X(name, how)                                                                    \
    static Value name(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)         \
    {                                                                                   \
        return recase(vm, k, args, nargs, kw, how, #name);                              \
    }
CASES(X)
#undef X

/* strip([bytes]): ASCII whitespace, or the bytes given */
static Value strip_impl(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw, bool left, bool right,
                        const char *meth)
{
    Span s, chars = {NULL, 0};
    if (!self_span(vm, k, args, nargs, meth, &s) || !vm_check_nargs(vm, meth, nargs - 1, kw, 0, 1)) return V_EXC;
    bool ws = nargs < 2 || args[1] == V_NONE;
    if (!ws && !span_arg(vm, args[1], &chars)) return V_EXC;
    size_t i = 0, j = s.n;
#define STRIPPED(c) (ws ? is_space(c) : memchr(chars.p, (c), chars.n) != NULL)
    while (left && i < j && STRIPPED(s.p[i])) i++;
    while (right && j > i && STRIPPED(s.p[j - 1])) j--;
#undef STRIPPED
    /* nothing stripped from an exact bytes: the object itself, as CPython */
    if (i == 0 && j == s.n && k == vm->t_bytes && vm_type_of(vm, args[0]) == vm->t_bytes) return args[0];
    return new_of(vm, k, s.p + i, j - i);
}

#define STRIPS(X) X(strip, true, true) X(lstrip, true, false) X(rstrip, false, true)
#define X(name, l, r)                                                                   \
    static Value name(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)         \
    {                                                                                   \
        return strip_impl(vm, k, args, nargs, kw, l, r, #name);                         \
    }
STRIPS(X)
#undef X

static bool push_piece(VM *vm, TypeObj *k, ListObj *l, const unsigned char *p, size_t n)
{
    Value v = new_of(vm, k, p, n);
    return v != V_EXC && vm_list_append(vm, l, v);
}

/* split(sep=None, maxsplit=-1) and rsplit: rsplit collects from the right and reverses. */
static Value split_impl(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw, bool from_right, const char *meth)
{
    static const char *const names[] = {"sep", "maxsplit"};
    Value a[2];
    Span s, sep = {NULL, 0};
    if (!self_span(vm, k, args, nargs, meth, &s) ||
        !vm_parse_args(vm, meth, args + 1, nargs - 1, kw, names, 2, 2, 0, a))
        return V_EXC;
    bool ws = a[0] == V_UNBOUND || a[0] == V_NONE;
    if (!ws && !span_arg(vm, a[0], &sep)) return V_EXC;
    if (!ws && sep.n == 0) return vm_raise(vm, vm->e_ValueError, "empty separator");
    int64_t max = -1;
    if (a[1] != V_UNBOUND && !vm_index(vm, a[1], &max)) return V_EXC;
    if (max < 0) max = INT64_MAX;
    Value lv = vm_new_list(vm, 0);
    if (lv == V_EXC) return V_EXC;
    vm_push_root(vm, lv);
    ListObj *l = (ListObj *)v_as_obj(lv);
    bool ok = true;
    int64_t i = 0, j = (int64_t)s.n;   /* the part still to split */
    for (int64_t done = 0; ok;) {
        if (ws) {
            while (i < j && is_space(s.p[from_right ? j - 1 : i])) from_right ? j-- : i++;
            if (i >= j) break;
            if (done == max) {
                ok = push_piece(vm, k, l, s.p + i, (size_t)(j - i));
                break;
            }
            int64_t e = from_right ? j : i;
            if (from_right) {
                while (e > i && !is_space(s.p[e - 1])) e--;
                ok = push_piece(vm, k, l, s.p + e, (size_t)(j - e));
                j = e;
            } else {
                while (e < j && !is_space(s.p[e])) e++;
                ok = push_piece(vm, k, l, s.p + i, (size_t)(e - i));
                i = e;
            }
        } else {
            int64_t at = -1;
            if (done < max && j - i >= (int64_t)sep.n) {
                if (from_right) {
                    for (int64_t q = j - (int64_t)sep.n; q >= i && at < 0; q--)
                        if (!memcmp(s.p + q, sep.p, sep.n)) at = q;
                } else {
                    const unsigned char *p = memmem(s.p + i, (size_t)(j - i), sep.p, sep.n);
                    at = p ? p - s.p : -1;
                }
            }
            if (at < 0) {
                ok = push_piece(vm, k, l, s.p + i, (size_t)(j - i));
                break;
            }
            if (from_right) {
                ok = push_piece(vm, k, l, s.p + at + sep.n, (size_t)(j - at - (int64_t)sep.n));
                j = at;
            } else {
                ok = push_piece(vm, k, l, s.p + i, (size_t)(at - i));
                i = at + (int64_t)sep.n;
            }
        }
        done++;
    }
    vm_pop_roots(vm, 1);
    if (!ok) return V_EXC;
    if (from_right)
        for (uint32_t x = 0, y = l->len ? l->len - 1 : 0; x < y; x++, y--) {
            Value t = l->items[x];
            l->items[x] = l->items[y];
            l->items[y] = t;
        }
    return lv;
}

static Value split(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    return split_impl(vm, k, args, nargs, kw, false, "split");
}

static Value rsplit(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    return split_impl(vm, k, args, nargs, kw, true, "rsplit");
}

static Value join(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    Span sep;
    if (!vm_method_args(vm, args, nargs, kw, k, "join", 1) || !span_of(args[0], &sep)) return V_EXC;
    Value items = vm_list_from(vm, args[1]);
    if (items == V_EXC) return V_EXC;
    ListObj *l = (ListObj *)v_as_obj(items);
    StrBuf b;
    sb_init(&b);
    for (uint32_t i = 0; i < l->len; i++) {
        Span s;
        if (!span_of(l->items[i], &s)) {
            sb_free(&b);
            return vm_raise(vm, vm->e_TypeError, "sequence item %u: expected a bytes-like object, %s found", i,
                            TNAME(l->items[i]));
        }
        if (i) sb_putn(&b, (const char *)sep.p, sep.n);
        sb_putn(&b, (const char *)s.p, s.n);
    }
    return finish_of(vm, k, &b);
}

/* replace(old, new, count=-1, /) */
static Value replace(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    Span s, o, n;
    if (!self_span(vm, k, args, nargs, "replace", &s) || !vm_check_nargs(vm, "replace", nargs - 1, kw, 2, 3) ||
        !span_arg(vm, args[1], &o) || !span_arg(vm, args[2], &n))
        return V_EXC;
    int64_t max = -1;
    if (nargs > 3 && !vm_index(vm, args[3], &max)) return V_EXC;
    if (max < 0) max = INT64_MAX;
    StrBuf b;
    sb_init(&b);
    size_t i = 0;
    for (int64_t done = 0; done < max && i <= s.n; done++) {
        const unsigned char *p = o.n ? memmem(s.p + i, s.n - i, o.p, o.n) : s.p + i;
        if (!p) break;
        size_t at = (size_t)(p - s.p);
        sb_putn(&b, (const char *)s.p + i, at - i);
        sb_putn(&b, (const char *)n.p, n.n);
        if (o.n) {
            i = at + o.n;
        } else {
            if (at < s.n) sb_putc(&b, (char)s.p[at]);
            i = at + 1;
        }
    }
    if (i < s.n) sb_putn(&b, (const char *)s.p + i, s.n - i);
    return finish_of(vm, k, &b);
}

static Value partition_impl(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw, bool from_right,
                            const char *meth)
{
    Span s, sep;
    if (!vm_method_args(vm, args, nargs, kw, k, meth, 1) || !span_of(args[0], &s) || !span_arg(vm, args[1], &sep))
        return V_EXC;
    if (!sep.n) return vm_raise(vm, vm->e_ValueError, "empty separator");
    int64_t at = -1;
    for (int64_t q = from_right ? (int64_t)s.n - (int64_t)sep.n : 0; q >= 0 && q + (int64_t)sep.n <= (int64_t)s.n;
         q += from_right ? -1 : 1)
        if (!memcmp(s.p + q, sep.p, sep.n)) {
            at = q;
            break;
        }
    size_t cut[4] = {0, 0, 0, 0};   /* head end, sep start, sep end, tail start */
    Value parts[3];
    if (at < 0) {
        cut[0] = from_right ? 0 : s.n;
        cut[1] = cut[2] = cut[3] = from_right ? 0 : s.n;
    } else {
        cut[0] = cut[1] = (size_t)at;
        cut[2] = cut[3] = (size_t)at + sep.n;
    }
    size_t mark = vm->nroots;
    parts[0] = new_of(vm, k, s.p, cut[0]);
    if (parts[0] != V_EXC) vm_push_root(vm, parts[0]);
    parts[1] = parts[0] == V_EXC ? V_EXC : new_of(vm, k, s.p + cut[1], cut[2] - cut[1]);
    if (parts[1] != V_EXC) vm_push_root(vm, parts[1]);
    parts[2] = parts[1] == V_EXC ? V_EXC : new_of(vm, k, s.p + cut[3], s.n - cut[3]);
    Value r = parts[2] == V_EXC ? V_EXC : vm_tuple_of(vm, parts, 3);
    vm_pop_roots(vm, vm->nroots - mark);
    return r;
}

static Value partition(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    return partition_impl(vm, k, args, nargs, kw, false, "partition");
}

static Value rpartition(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    return partition_impl(vm, k, args, nargs, kw, true, "rpartition");
}

typedef enum { J_LEFT, J_RIGHT, J_CENTER } JustKind;

/* ljust(width, fillchar=b' ', /) and the others */
static Value justify(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw, JustKind how, const char *meth)
{
    Span s, f = {(const unsigned char *)" ", 1};
    int64_t width;
    if (!self_span(vm, k, args, nargs, meth, &s) || !vm_check_nargs(vm, meth, nargs - 1, kw, 1, 2) ||
        !vm_index(vm, args[1], &width))
        return V_EXC;
    if (nargs > 2 && (!span_of(args[2], &f) || f.n != 1))
        return vm_raise(vm, vm->e_TypeError, "%s() argument 2 must be a byte string of length 1, not %s", meth,
                        TNAME(args[2]));
    size_t pad = width > (int64_t)s.n ? (size_t)width - s.n : 0;
    size_t left = how == J_RIGHT ? pad : how == J_LEFT ? 0 : pad / 2 + (pad & (size_t)width & 1);
    StrBuf b;
    sb_init(&b);
    for (size_t i = 0; i < left; i++) sb_putc(&b, (char)f.p[0]);
    sb_putn(&b, (const char *)s.p, s.n);
    for (size_t i = left; i < pad; i++) sb_putc(&b, (char)f.p[0]);
    return finish_of(vm, k, &b);
}

#define JUSTS(X) X(ljust, J_LEFT) X(rjust, J_RIGHT) X(center, J_CENTER)
#define X(name, how)                                                                    \
    static Value name(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)         \
    {                                                                                   \
        return justify(vm, k, args, nargs, kw, how, #name);                             \
    }
JUSTS(X)
#undef X

static Value zfill(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    Span s;
    int64_t width;
    if (!vm_method_args(vm, args, nargs, kw, k, "zfill", 1) || !span_of(args[0], &s) || !vm_index(vm, args[1], &width))
        return V_EXC;
    size_t pad = width > (int64_t)s.n ? (size_t)width - s.n : 0;
    bool sign = s.n && (s.p[0] == '+' || s.p[0] == '-');
    StrBuf b;
    sb_init(&b);
    if (sign) sb_putc(&b, (char)s.p[0]);
    for (size_t i = 0; i < pad; i++) sb_putc(&b, '0');
    sb_putn(&b, (const char *)s.p + sign, s.n - sign);
    return finish_of(vm, k, &b);
}

/* ---- '%' formatting */

/* The next argument of a '%' format: the tuple's items in turn, or the lone value. */
typedef struct {
    Value args, dict;
    Value *items;
    int64_t n, next;
} PercentArgs;

static Value next_arg(VM *vm, PercentArgs *pa)
{
    if (pa->items ? pa->next < pa->n : pa->next == 0) return pa->items ? pa->items[pa->next++] : (pa->next++, pa->args);
    return vm_raise(vm, vm->e_TypeError, "not enough arguments for format string");
}

/* Pads text[0..n) to p's width, cut to its precision. */
static void put_padded(StrBuf *b, const char *text, size_t n, const FmtPercent *p)
{
    if (p->precision >= 0 && (size_t)p->precision < n) n = (size_t)p->precision;
    size_t pad = p->width > 0 && (size_t)p->width > n ? (size_t)p->width - n : 0;
    for (size_t i = 0; !p->left && i < pad; i++) sb_putc(b, ' ');
    sb_putn(b, text, n);
    for (size_t i = 0; p->left && i < pad; i++) sb_putc(b, ' ');
}

/* One conversion of v per p; numbers go through str's '%' with the same spec. */
static bool percent_one(VM *vm, StrBuf *b, Value v, const FmtPercent *p, const char *spec, size_t speclen,
                        Value *stars, int nstars)
{
    Span s;
    char c;
    switch (p->conv) {
    case 's':
        if (!span_of(v, &s)) {
            Value m = vm_type_lookup(vm_type_of(vm, v), vm_intern(vm, "__bytes__", 9));
            Value r = m == V_UNBOUND ? V_UNBOUND : vm_call(vm, m, &v, 1, NULL);
            if (r == V_EXC) return false;
            if (!span_of(r, &s)) {
                vm_raise(vm, vm->e_TypeError,
                         "%%b requires a bytes-like object, or an object that implements __bytes__, not '%s'",
                         TNAME(v));
                return false;
            }
        }
        put_padded(b, (const char *)s.p, s.n, p);
        return true;
    case 'r':
    case 'a': {
        Value t = vm_ascii(vm, v);
        if (t == V_EXC) return false;
        put_padded(b, AS_STR(t)->data, AS_STR(t)->len, p);
        return true;
    }
    case 'c':
        if (span_of(v, &s)) {
            if (s.n != 1) break;
            c = (char)s.p[0];
        } else {
            int64_t x;
            if (!vm_is_int(vm, v)) break;
            if (!vm_index(vm, v, &x)) return false;
            if (x < 0 || x > 255) {
                vm_raise(vm, vm->e_OverflowError, "%%c arg not in range(256)");
                return false;
            }
            c = (char)x;
        }
        put_padded(b, &c, 1, p);
        return true;
    default: {
        Value f = vm_new_str(vm, spec, speclen);
        if (f == V_EXC) return false;
        vm_push_root(vm, f);
        stars[nstars] = v;
        Value t = vm_tuple_of(vm, stars, (uint32_t)nstars + 1);
        Value r = t == V_EXC ? V_EXC : vm_str_mod(vm, f, t);
        vm_pop_roots(vm, 1);
        if (r == V_EXC) return false;
        sb_putn(b, AS_STR(r)->data, AS_STR(r)->len);
        return true;
    }
    }
    vm_raise(vm, vm->e_TypeError, "%%c requires an integer in range(256) or a single byte");
    return false;
}

static Value format_bytes(VM *vm, TypeObj *k, Span f, Value args)
{
    PercentArgs pa = {args, V_UNBOUND, NULL, -1, 0};
    if (v_has_layout(args, LAYOUT_TUPLE)) {
        pa.items = AS_TUPLE(args)->items;
        pa.n = AS_TUPLE(args)->len;
    } else if (v_is_obj(args) && !span_of(args, &(Span){0}) && !v_has_layout(args, LAYOUT_STR) &&
               vm_type_lookup(vm_type_of(vm, args), vm->s___getitem__) != V_UNBOUND) {
        pa.dict = args;
    }
    StrBuf b;
    sb_init(&b);
    const char *s = (const char *)f.p;
    for (size_t i = 0; i < f.n;) {
        if (s[i] != '%') {
            sb_putc(&b, s[i++]);
            continue;
        }
        FmtPercent p;
        char err[256];
        size_t used = fmt_percent_parse(s + i + 1, f.n - i - 1, i + 1, &p, err, sizeof err);
        if (!used) {
            sb_free(&b);
            return vm_raise(vm, vm->e_ValueError, "%s", err);
        }
        /* the spec without its key, for the numeric conversions */
        char spec[64];
        size_t from = p.has_key ? p.key_off + p.key_len + 1 : 0, speclen = used - from + 1;
        if (speclen >= sizeof spec) {
            sb_free(&b);
            return vm_raise(vm, vm->e_ValueError, "format spec too long");
        }
        spec[0] = '%';
        memcpy(spec + 1, s + i + 1 + from, used - from);
        i += 1 + used;
        if (p.conv == '%') {
            sb_putc(&b, '%');
            continue;
        }
        Value stars[3];
        int nstars = 0;
        bool ok = true;
        if (p.width == FMT_STAR) ok = (stars[nstars++] = next_arg(vm, &pa)) != V_EXC;
        if (ok && p.precision == FMT_STAR) ok = (stars[nstars++] = next_arg(vm, &pa)) != V_EXC;
        for (int j = 0; ok && j < nstars; j++) {
            int64_t x;
            ok = vm_index(vm, stars[j], &x);
            if (ok) fmt_percent_star(&p, j == 0 && p.width == FMT_STAR, x);
        }
        Value v = V_EXC;
        if (ok && p.has_key) {
            Value key = pa.dict == V_UNBOUND ? V_EXC : new_of(vm, vm->t_bytes, s + (i - used) + p.key_off, p.key_len);
            if (pa.dict == V_UNBOUND) vm_raise(vm, vm->e_TypeError, "format requires a mapping");
            v = key == V_EXC ? V_EXC : vm_getitem(vm, pa.dict, key);
        } else if (ok) {
            v = next_arg(vm, &pa);
        }
        if (v == V_EXC || !percent_one(vm, &b, v, &p, spec, speclen, stars, nstars)) {
            sb_free(&b);
            return V_EXC;
        }
    }
    if (pa.dict == V_UNBOUND && (pa.items ? pa.next < pa.n : pa.next == 0)) {
        sb_free(&b);
        return vm_raise(vm, vm->e_TypeError, "not all arguments converted during bytes formatting");
    }
    return finish_of(vm, k, &b);
}

static Value mod(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    Span f;
    if (!vm_method_args(vm, args, nargs, kw, k, "__mod__", 1) || !span_of(args[0], &f)) return V_EXC;
    return format_bytes(vm, k, f, args[1]);
}

static Value rmod(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, k, "__rmod__", 1)) return V_EXC;
    return V_NOTIMPL;
}

/* ---- bytearray's mutations */

static ByteArrayObj *self_ba(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int n)
{
    return vm_method_args(vm, args, nargs, kw, vm->t_bytearray, meth, n) ? AS_BA(args[0]) : NULL;
}

static bool byte_value(VM *vm, Value v, unsigned char *out)
{
    int64_t x;
    if (!vm_is_int(vm, v) && vm_type_lookup(vm_type_of(vm, v), vm->s___index__) == V_UNBOUND) {
        vm_raise(vm, vm->e_TypeError, "'%s' object cannot be interpreted as an integer", TNAME(v));
        return false;
    }
    if (!vm_index(vm, v, &x)) return false;
    if (x < 0 || x > 255) {
        vm_raise(vm, vm->e_ValueError, "byte must be in range(0, 256)");
        return false;
    }
    *out = (unsigned char)x;
    return true;
}

/* Replaces a->data[at, at + dead) with src[0..n) (src may point into a). */
static bool splice(VM *vm, ByteArrayObj *a, size_t at, size_t dead, const unsigned char *src, size_t n)
{
    unsigned char *copy = NULL;
    if (n && src >= a->data && src < a->data + a->cap) {
        copy = malloc(n);
        if (!copy) {
            vm_raise(vm, vm->e_MemoryError, "%s", "");
            return false;
        }
        memcpy(copy, src, n);
        src = copy;
    }
    bool ok = ba_reserve(vm, a, (size_t)a->len - dead + n);
    if (ok) {
        memmove(a->data + at + n, a->data + at + dead, a->len - at - dead);
        if (n) memcpy(a->data + at, src, n);
        a->len = (uint32_t)(a->len - dead + n);
    }
    free(copy);
    return ok;
}

static Value ba_setitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_bytearray, "__setitem__") ||
        !vm_check_nargs(vm, "__setitem__", nargs - 1, kw, 2, 2))
        return V_EXC;
    ByteArrayObj *a = AS_BA(args[0]);
    int64_t i, start, stop, step, n;
    switch (vm_subscript(vm, args[1], &i)) {
    case 1: {
        unsigned char c;
        if (!byte_value(vm, args[2], &c)) return V_EXC;
        if (i < 0) i += a->len;
        if (i < 0 || i >= a->len) return vm_raise(vm, vm->e_IndexError, "bytearray index out of range");
        a->data[i] = c;
        return V_NONE;
    }
    case 2: {
        Value src = args[2];
        if (!v_has_layout(src, LAYOUT_BYTES) && !v_has_layout(src, LAYOUT_BYTEARRAY)) {
            if (vm_is_int(vm, src) || v_has_layout(src, LAYOUT_STR))
                return vm_raise(vm, vm->e_TypeError, "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
            Value ctor = v_obj(vm->t_bytes);
            src = vm_call(vm, ctor, &src, 1, NULL);
            if (src == V_EXC) return V_EXC;
        }
        vm_push_root(vm, src);
        Span s = span_known(src);   /* bytes or bytearray, or made bytes above */
        bool ok = vm_slice_indices(vm, args[1], a->len, &start, &stop, &step, &n);
        if (ok && step == 1) {
            ok = splice(vm, a, (size_t)start, (size_t)n, s.p, s.n);
        } else if (ok && (size_t)n != s.n) {
            vm_raise(vm, vm->e_ValueError, "attempt to assign bytes of size %zu to extended slice of size %lld", s.n,
                     (long long)n);
            ok = false;
        } else if (ok) {
            for (int64_t j = 0; j < n; j++) a->data[start + j * step] = s.p[j];
        }
        vm_pop_roots(vm, 1);
        return ok ? V_NONE : V_EXC;
    }
    case 0:
        return vm_raise(vm, vm->e_TypeError, "bytearray indices must be integers or slices, not %s", TNAME(args[1]));
    default:
        return V_EXC;
    }
}

static Value ba_delitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ByteArrayObj *a = self_ba(vm, args, nargs, kw, "__delitem__", 1);
    if (!a) return V_EXC;
    int64_t i, start, stop, step, n;
    switch (vm_subscript(vm, args[1], &i)) {
    case 1:
        if (i < 0) i += a->len;
        if (i < 0 || i >= a->len) return vm_raise(vm, vm->e_IndexError, "bytearray index out of range");
        return splice(vm, a, (size_t)i, 1, NULL, 0) ? V_NONE : V_EXC;
    case 2: {
        if (!vm_slice_indices(vm, args[1], a->len, &start, &stop, &step, &n)) return V_EXC;
        if (step < 0) {
            start += (n - 1) * step;
            step = -step;
        }
        size_t w = (size_t)start;
        for (size_t r = (size_t)start, j = 0; r < a->len; r++) {
            if (j < (size_t)n && r == (size_t)(start + (int64_t)j * step)) {
                j++;
                continue;
            }
            a->data[w++] = a->data[r];
        }
        a->len = (uint32_t)(n ? w : a->len);
        return V_NONE;
    }
    case 0:
        return vm_raise(vm, vm->e_TypeError, "bytearray indices must be integers or slices, not %s", TNAME(args[1]));
    default:
        return V_EXC;
    }
}

static Value ba_append(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ByteArrayObj *a = self_ba(vm, args, nargs, kw, "append", 1);
    unsigned char c;
    if (!a || !byte_value(vm, args[1], &c)) return V_EXC;
    return splice(vm, a, a->len, 0, &c, 1) ? V_NONE : V_EXC;
}

static Value ba_extend(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ByteArrayObj *a = self_ba(vm, args, nargs, kw, "extend", 1);
    if (!a) return V_EXC;
    Span s;
    if (span_of(args[1], &s)) return splice(vm, a, a->len, 0, s.p, s.n) ? V_NONE : V_EXC;
    StrBuf b;
    sb_init(&b);
    Collect c = {&b, "byte"};
    bool ok = vm_foreach(vm, args[1], collect_byte, &c) >= 0 && splice(vm, a, a->len, 0, (unsigned char *)b.data, b.len);
    sb_free(&b);
    return ok ? V_NONE : V_EXC;
}

static Value ba_iadd(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ByteArrayObj *a = self_ba(vm, args, nargs, kw, "__iadd__", 1);
    Span s;
    if (!a) return V_EXC;
    if (!span_of(args[1], &s)) return vm_raise(vm, vm->e_TypeError, "can't concat %s to bytearray", TNAME(args[1]));
    return splice(vm, a, a->len, 0, s.p, s.n) ? args[0] : V_EXC;
}

static Value ba_pop(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_bytearray, "pop") || !vm_check_nargs(vm, "pop", nargs - 1, kw, 0, 1))
        return V_EXC;
    ByteArrayObj *a = AS_BA(args[0]);
    int64_t i = -1;
    if (nargs > 1 && !vm_index(vm, args[1], &i)) return V_EXC;
    if (!a->len) return vm_raise(vm, vm->e_IndexError, "pop from empty bytearray");
    if (i < 0) i += a->len;
    if (i < 0 || i >= a->len) return vm_raise(vm, vm->e_IndexError, "pop index out of range");
    unsigned char c = a->data[i];
    splice(vm, a, (size_t)i, 1, NULL, 0);
    return v_int(c);
}

static Value ba_insert(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_bytearray, "insert") ||
        !vm_check_nargs(vm, "insert", nargs - 1, kw, 2, 2))
        return V_EXC;
    ByteArrayObj *a = AS_BA(args[0]);
    int64_t i;
    unsigned char c;
    if (!vm_index(vm, args[1], &i) || !byte_value(vm, args[2], &c)) return V_EXC;
    if (i < 0 && (i += a->len) < 0) i = 0;
    if (i > a->len) i = a->len;
    return splice(vm, a, (size_t)i, 0, &c, 1) ? V_NONE : V_EXC;
}

static Value ba_remove(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ByteArrayObj *a = self_ba(vm, args, nargs, kw, "remove", 1);
    unsigned char c;
    if (!a || !byte_value(vm, args[1], &c)) return V_EXC;
    unsigned char *p = a->len ? memchr(a->data, c, a->len) : NULL;
    if (!p) return vm_raise(vm, vm->e_ValueError, "value not found in bytearray");
    return splice(vm, a, (size_t)(p - a->data), 1, NULL, 0) ? V_NONE : V_EXC;
}

static Value ba_clear(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ByteArrayObj *a = self_ba(vm, args, nargs, kw, "clear", 0);
    if (!a) return V_EXC;
    a->len = 0;
    return V_NONE;
}

static Value ba_reverse(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ByteArrayObj *a = self_ba(vm, args, nargs, kw, "reverse", 0);
    if (!a) return V_EXC;
    for (uint32_t i = 0, j = a->len ? a->len - 1 : 0; i < j; i++, j--) {
        unsigned char t = a->data[i];
        a->data[i] = a->data[j];
        a->data[j] = t;
    }
    return V_NONE;
}

static Value ba_copy(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ByteArrayObj *a = self_ba(vm, args, nargs, kw, "copy", 0);
    return a ? alloc_bytearray(vm, vm->t_bytearray, a->data, a->len) : V_EXC;
}

/* isupper / islower: some cased byte, none of the other case */
static Value cased(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw, bool upper, const char *meth)
{
    Span s;
    if (!vm_method_args(vm, args, nargs, kw, k, meth, 0) || !span_of(args[0], &s)) return V_EXC;
    bool any = false;
    for (size_t i = 0; i < s.n; i++) {
        if (upper ? is_lower(s.p[i]) : is_upper(s.p[i])) return V_FALSE;
        any |= upper ? is_upper(s.p[i]) : is_lower(s.p[i]);
    }
    return v_bool(any);
}

static Value m_isupper(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    return cased(vm, k, args, nargs, kw, true, "isupper");
}

static Value m_islower(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    return cased(vm, k, args, nargs, kw, false, "islower");
}

static Value m_isascii(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    Span s;
    if (!vm_method_args(vm, args, nargs, kw, k, "isascii", 0) || !span_of(args[0], &s)) return V_EXC;
    for (size_t i = 0; i < s.n; i++)
        if (s.p[i] >= 0x80) return V_FALSE;
    return V_TRUE;
}

/* istitle: uppercase bytes only after uncased ones, lowercase only after cased */
static Value istitle(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    Span s;
    if (!vm_method_args(vm, args, nargs, kw, k, "istitle", 0) || !span_of(args[0], &s)) return V_EXC;
    bool prev_cased = false, any = false;
    for (size_t i = 0; i < s.n; i++) {
        int c = s.p[i];
        if (is_upper(c)) {
            if (prev_cased) return V_FALSE;
            prev_cased = any = true;
        } else if (is_lower(c)) {
            if (!prev_cased) return V_FALSE;
            prev_cased = any = true;
        } else {
            prev_cased = false;
        }
    }
    return v_bool(any);
}

static Value title(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    Span s;
    if (!vm_method_args(vm, args, nargs, kw, k, "title", 0) || !span_of(args[0], &s)) return V_EXC;
    StrBuf b;
    sb_init(&b);
    bool prev_cased = false;
    for (size_t i = 0; i < s.n; i++) {
        int c = s.p[i];
        if (is_alpha(c)) {
            c = prev_cased ? (is_upper(c) ? c + 32 : c) : (is_lower(c) ? c - 32 : c);
            prev_cased = true;
        } else {
            prev_cased = false;
        }
        sb_putc(&b, (char)c);
    }
    return finish_of(vm, k, &b);
}

/* splitlines(keepends=False): at \n, \r and \r\n */
static Value splitlines(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"keepends"};
    Value a[1];
    Span s;
    if (!vm_check_self(vm, args, nargs, k, "splitlines") || !span_of(args[0], &s) ||
        !vm_parse_args(vm, "splitlines", args + 1, nargs - 1, kw, names, 1, 1, 0, a))
        return V_EXC;
    int keep = a[0] == V_UNBOUND ? 0 : vm_truthy(vm, a[0]);
    if (keep < 0) return V_EXC;
    span_of(args[0], &s);
    Value l = vm_new_list(vm, 0);
    if (l == V_EXC) return V_EXC;
    vm_push_root(vm, l);
    size_t i = 0;
    while (i < s.n) {
        size_t start = i;
        while (i < s.n && s.p[i] != '\n' && s.p[i] != '\r') i++;
        size_t end = i;
        if (i < s.n) i += s.p[i] == '\r' && i + 1 < s.n && s.p[i + 1] == '\n' ? 2 : 1;
        if (!push_piece(vm, k, AS_LIST(l), s.p + start, (keep ? i : end) - start)) {
            vm_pop_roots(vm, 1);
            return V_EXC;
        }
        span_of(args[0], &s);
    }
    vm_pop_roots(vm, 1);
    return l;
}

static Value affix_remove(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw, bool suffix, const char *meth)
{
    Span s, a;
    if (!vm_method_args(vm, args, nargs, kw, k, meth, 1) || !span_of(args[0], &s) || !span_arg(vm, args[1], &a))
        return V_EXC;
    if (a.n <= s.n && (a.n == 0 || !memcmp(suffix ? s.p + s.n - a.n : s.p, a.p, a.n))) {
        if (a.n == 0 && k == vm->t_bytes && vm_type_of(vm, args[0]) == vm->t_bytes) return args[0];
        return new_of(vm, k, suffix ? s.p : s.p + a.n, s.n - a.n);
    }
    if (k == vm->t_bytes && vm_type_of(vm, args[0]) == vm->t_bytes) return args[0];
    return new_of(vm, k, s.p, s.n);
}

static Value removeprefix(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    return affix_remove(vm, k, args, nargs, kw, false, "removeprefix");
}

static Value removesuffix(VM *vm, TypeObj *k, Value *args, int nargs, TupleObj *kw)
{
    return affix_remove(vm, k, args, nargs, kw, true, "removesuffix");
}

/* ---- registration */

/* Written once over (kind, args), registered on bytes and on bytearray. */
#define SHARED_METHODS(X)                                                                                      \
    X("__new__", construct) X("__repr__", repr) X("__len__", len) X("__getitem__", getitem)                    \
    X("__contains__", contains) X("__iter__", iter) X("__add__", add) X("__mul__", mul)    \
    X("__mod__", mod) X("__rmod__", rmod) X("__eq__", __eq__) X("__ne__", __ne__) X("__lt__", __lt__)          \
    X("__le__", __le__) X("__gt__", __gt__) X("__ge__", __ge__) X("decode", decode) X("hex", hex)              \
    X("find", m_find) X("rfind", m_rfind) X("index", m_index) X("rindex", m_rindex) X("count", m_count)                  \
    X("startswith", startswith) X("endswith", endswith) X("isspace", m_isspace) X("isdigit", m_isdigit)            \
    X("isalpha", m_isalpha) X("isalnum", m_isalnum) X("upper", upper) X("lower", lower)                            \
    X("capitalize", capitalize) X("swapcase", swapcase) X("strip", strip) X("lstrip", lstrip)                  \
    X("rstrip", rstrip) X("split", split) X("rsplit", rsplit) X("join", join) X("replace", replace)            \
    X("partition", partition) X("rpartition", rpartition) X("ljust", ljust) X("rjust", rjust)                  \
    X("center", center) X("zfill", zfill) X("isupper", m_isupper) X("islower", m_islower) X("isascii", m_isascii)     \
    X("istitle", istitle) X("title", title) X("splitlines", splitlines) X("removeprefix", removeprefix)          \
    X("removesuffix", removesuffix)

#define X(name, fn)                                                                     \
    static Value bytes_##fn(VM *vm, Value *args, int nargs, TupleObj *kw)               \
    {                                                                                   \
        return fn(vm, vm->t_bytes, args, nargs, kw);                                    \
    }                                                                                   \
    static Value bytearray_##fn(VM *vm, Value *args, int nargs, TupleObj *kw)           \
    {                                                                                   \
        return fn(vm, vm->t_bytearray, args, nargs, kw);                                \
    }
SHARED_METHODS(X)
X("fromhex", fromhex)
#undef X

#define BYTEARRAY_METHODS(X)                                                                                   \
    X("__init__", ba_init) X("__setitem__", ba_setitem) X("__delitem__", ba_delitem) X("append", ba_append)    \
    X("extend", ba_extend) X("__iadd__", ba_iadd) X("pop", ba_pop) X("insert", ba_insert)                      \
    X("remove", ba_remove) X("clear", ba_clear) X("reverse", ba_reverse) X("copy", ba_copy)

void vm_init_bytes(VM *vm)
{
#define X(name, fn)                                                  \
    vm_add_method(vm, vm->t_bytes, name, bytes_##fn);                \
    vm_add_method(vm, vm->t_bytearray, name, bytearray_##fn);
    SHARED_METHODS(X)
#undef X
#define X(name, fn) vm_add_method(vm, vm->t_bytearray, name, fn);
    BYTEARRAY_METHODS(X)
#undef X
    vm_add_method(vm, vm->t_bytes, "__rmul__", bytes_mul);
    vm_add_method(vm, vm->t_bytearray, "__rmul__", bytearray_mul);
    vm_add_method(vm, vm->t_bytes, "__hash__", bytes_hash);
    vm_dict_set_str(vm, vm->t_bytearray->hdr.dict, vm->s___hash__, V_NONE);
    vm_add_classmethod(vm, vm->t_bytes, "fromhex", bytes_fromhex);
    vm_add_classmethod(vm, vm->t_bytearray, "fromhex", bytearray_fromhex);
}

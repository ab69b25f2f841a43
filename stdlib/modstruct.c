/* The `_struct` module behind struct.py: pack, unpack, pack_into,
 * unpack_from, iter_unpack and calcsize over CPython's format strings (byte
 * order prefix, repeat counts, native alignment under '@'), with its
 * struct.error messages. Each function is bound to the error class, which it
 * receives as args[0]. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "modules.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)

typedef struct {
    char code;
    int64_t count;     /* repeat count; for 's' and 'p' the field's length */
    size_t size;       /* bytes of one element (of the whole field for s, p) */
    size_t offset;
} Field;

typedef struct {
    Field *f;
    size_t n;
    size_t size;       /* calcsize */
    int64_t nvalues;   /* how many values pack takes and unpack gives */
    bool native;       /* '@': native sizes and alignment */
    bool big;          /* big-endian */
} Layout;

static Value raise_error(VM *vm, Value err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static Value raise_error(VM *vm, Value err, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    Value s = vm_cstr(vm, msg);
    if (s == V_EXC) return V_EXC;
    Value e = vm_call(vm, err, &s, 1, NULL);
    return e == V_EXC ? V_EXC : vm_raise_value(vm, e);
}

/* Standard size of a code ('<', '>', '=', '!'), 0 when it has none there. */
static size_t std_size(char c)
{
    switch (c) {
    case 'x': case 'c': case 'b': case 'B': case '?': case 's': case 'p': return 1;
    case 'h': case 'H': case 'e': return 2;
    case 'i': case 'I': case 'l': case 'L': case 'f': return 4;
    case 'q': case 'Q': case 'd': return 8;
    default: return 0;
    }
}

static size_t native_size(char c)
{
    if (c == 'x' || c == 's' || c == 'p') return 1;
    return vm_item_size(c);
}

/* Parses fmt (str or bytes); false with struct.error (or TypeError) pending. */
static bool parse(VM *vm, Value err, Value fmt, Layout *L)
{
    const char *s;
    size_t len;
    if (v_has_layout(fmt, LAYOUT_STR)) {
        s = AS_STR(fmt)->data;
        len = AS_STR(fmt)->len;
    } else if (v_has_layout(fmt, LAYOUT_BYTES)) {
        s = (const char *)((BytesObj *)v_as_obj(fmt))->data;
        len = ((BytesObj *)v_as_obj(fmt))->len;
    } else {
        vm_raise(vm, vm->e_TypeError, "Struct() argument 1 must be a str or bytes object, not %s", TNAME(fmt));
        return false;
    }
    *L = (Layout){ NULL, 0, 0, 0, true, false };
    size_t i = 0;
    if (i < len && strchr("@=<>!", s[i]) && s[i]) {
        L->native = s[i] == '@';
        L->big = s[i] == '>' || s[i] == '!';
        i++;
    }
    size_t cap = 0;
    while (i < len) {
        if (isspace((unsigned char)s[i])) {
            i++;
            continue;
        }
        int64_t count = 1;
        if (isdigit((unsigned char)s[i])) {
            count = 0;
            while (i < len && isdigit((unsigned char)s[i])) {
                if (count > (INT64_MAX - 9) / 10) {
                    raise_error(vm, err, "total struct size too long");
                    goto fail;
                }
                count = count * 10 + (s[i++] - '0');
            }
            if (i >= len) {
                raise_error(vm, err, "repeat count given without format specifier");
                goto fail;
            }
        }
        char c = s[i++];
        size_t size = L->native ? native_size(c) : std_size(c);
        if (!size || !c) {
            raise_error(vm, err, "bad char in struct format");
            goto fail;
        }
        if (L->native && c != 's' && c != 'p' && c != 'x') L->size = (L->size + size - 1) / size * size;
        if (L->n == cap) {
            cap = cap ? cap * 2 : 8;
            Field *f = realloc(L->f, cap * sizeof *f);
            if (!f) {
                vm_raise(vm, vm->e_MemoryError, "%s", "");
                goto fail;
            }
            L->f = f;
        }
        size_t total = c == 's' || c == 'p' ? (size_t)count : size * (size_t)count;
        L->f[L->n++] = (Field){ c, count, size, L->size };
        L->size += total;
        if (c == 's' || c == 'p') L->nvalues++;
        else if (c != 'x') L->nvalues += count;
    }
    return true;
fail:
    free(L->f);
    L->f = NULL;
    return false;
}

/* ---- one value ------------------------------------------------------------------------ */

static void put_bytes(unsigned char *p, uint64_t bits, size_t size, bool big)
{
    for (size_t k = 0; k < size; k++) {
        unsigned char b = (unsigned char)(bits >> (8 * k));
        p[big ? size - 1 - k : k] = b;
    }
}

static uint64_t get_bytes(const unsigned char *p, size_t size, bool big)
{
    uint64_t bits = 0;
    for (size_t k = 0; k < size; k++) bits |= (uint64_t)p[big ? size - 1 - k : k] << (8 * k);
    return bits;
}

static bool is_signed(char c) { return c == 'b' || c == 'h' || c == 'i' || c == 'l' || c == 'q' || c == 'n'; }

/* An integer field's value; CPython's messages for what does not fit. */
static bool pack_int(VM *vm, Value err, const Layout *L, const Field *f, Value v, unsigned char *p)
{
    if (!vm_is_int(vm, v)) {
        if (v_is_double(v) || vm_type_lookup(vm_type_of(vm, v), vm->s___index__) == V_UNBOUND) {
            raise_error(vm, err, "required argument is not an integer");
            return false;
        }
        v = vm_number_index(vm, v);
        if (v == V_EXC) return false;
    }
    mpz_t z;
    mpz_init(z);
    vm_int_to_mpz(v, z);
    bool sign = is_signed(f->code);
    /* a negative value for B and H gets their range message, for I, L, Q "out of range" */
    bool small_negative = !sign && f->size <= 2 && mpz_sgn(z) < 0 && mpz_fits_slong_p(z);
    bool fits64 = sign || small_negative ? mpz_fits_slong_p(z) : mpz_sgn(z) >= 0 && mpz_sizeinbase(z, 2) <= 64;
    int64_t sv = fits64 && (sign || small_negative) ? mpz_get_si(z) : 0;
    uint64_t uv = fits64 && !sign ? (uint64_t)mpz_get_ui(z) : 0;
    mpz_clear(z);
    if (!fits64) {
        raise_error(vm, err, "argument out of range");
        return false;
    }
    size_t size = f->size;
    if (size < 8) {
        int64_t lo = sign ? -(INT64_C(1) << (8 * size - 1)) : 0;
        int64_t hi = sign ? (INT64_C(1) << (8 * size - 1)) - 1 : (INT64_C(1) << (8 * size)) - 1;
        int64_t x = sign || small_negative ? sv : (int64_t)uv;
        if (!sign && uv > (uint64_t)hi) x = hi + 1;
        if (x < lo || x > hi) {
            const char *name = NULL;
            switch (f->code) {
            case 'b': name = "byte"; break;
            case 'B': name = "ubyte"; break;
            case 'h': name = "short"; break;
            case 'H': name = "ushort"; break;
            default: break;
            }
            if (name) raise_error(vm, err, "%s format requires %lld <= number <= %lld", name, (long long)lo, (long long)hi);
            else raise_error(vm, err, "'%c' format requires %lld <= number <= %lld", f->code, (long long)lo, (long long)hi);
            return false;
        }
        put_bytes(p, (uint64_t)x, size, L->big);
        return true;
    }
    put_bytes(p, sign ? (uint64_t)sv : uv, size, L->big);
    return true;
}

static bool pack_one(VM *vm, Value err, const Layout *L, const Field *f, Value v, unsigned char *p)
{
    switch (f->code) {
    case 'c':
        if ((!v_has_layout(v, LAYOUT_BYTES) && !v_has_layout(v, LAYOUT_BYTEARRAY)) ||
            (v_has_layout(v, LAYOUT_BYTES) ? ((BytesObj *)v_as_obj(v))->len : ((ByteArrayObj *)v_as_obj(v))->len) != 1) {
            raise_error(vm, err, "char format requires a bytes object of length 1");
            return false;
        }
        *p = v_has_layout(v, LAYOUT_BYTES) ? ((BytesObj *)v_as_obj(v))->data[0] : ((ByteArrayObj *)v_as_obj(v))->data[0];
        return true;
    case '?': {
        int t = vm_truthy(vm, v);
        if (t < 0) return false;
        *p = (unsigned char)t;
        return true;
    }
    case 'e': case 'f': case 'd': {
        double d;
        if (!v_is_double(v) && !vm_is_int(vm, v) &&
            vm_type_lookup(vm_type_of(vm, v), vm_intern(vm, "__float__", 9)) == V_UNBOUND &&
            vm_type_lookup(vm_type_of(vm, v), vm->s___index__) == V_UNBOUND) {
            raise_error(vm, err, "required argument is not a float");
            return false;
        }
        if (!vm_to_double(vm, v, &d)) return false;
        unsigned char tmp[8];
        VmItemStatus st = VM_ITEM_OK;
        if (f->code == 'f' && !L->native && isfinite(d) && isinf((float)d)) st = VM_ITEM_HIGH;
        else st = vm_item_set(vm, f->code, tmp, v_double(d));
        if (st != VM_ITEM_OK) {
            if (st != VM_ITEM_ERROR)
                vm_raise(vm, vm->e_OverflowError, "float too large to pack with %c format", f->code);
            return false;
        }
        uint64_t bits = get_bytes(tmp, f->size, false);
        put_bytes(p, bits, f->size, L->big);
        return true;
    }
    case 's': case 'p': {
        VmBuffer b;
        if (!v_has_layout(v, LAYOUT_BYTES) && !v_has_layout(v, LAYOUT_BYTEARRAY)) {
            raise_error(vm, err, "argument for '%c' must be a bytes object", f->code);
            return false;
        }
        vm_get_buffer(v, &b);
        size_t n = (size_t)f->count;
        if (f->code == 's') {
            size_t k = b.len < n ? b.len : n;
            memcpy(p, b.data, k);
            memset(p + k, 0, n - k);
        } else if (n > 0) {
            size_t k = b.len < n - 1 ? b.len : n - 1;
            if (k > 255) k = 255;
            p[0] = (unsigned char)k;
            memcpy(p + 1, b.data, k);
            memset(p + 1 + k, 0, n - 1 - k);
        }
        return true;
    }
    default:
        return pack_int(vm, err, L, f, v, p);
    }
}

static Value unpack_one(VM *vm, const Layout *L, const Field *f, const unsigned char *p)
{
    switch (f->code) {
    case 'c': return vm_new_bytes(vm, p, 1);
    case '?': return v_bool(*p != 0);
    case 's': return vm_new_bytes(vm, p, (size_t)f->count);
    case 'p': {
        size_t n = f->count ? p[0] : 0;
        if (f->count && n > (size_t)f->count - 1) n = (size_t)f->count - 1;
        return vm_new_bytes(vm, p + 1, n);
    }
    default: {
        uint64_t bits = get_bytes(p, f->size, L->big);
        unsigned char tmp[8];
        if (f->code == 'e' || f->code == 'f' || f->code == 'd') {
            put_bytes(tmp, bits, f->size, false);
            return vm_item_get(vm, f->code, tmp);
        }
        if (is_signed(f->code)) {
            int64_t x = f->size < 8 && (bits >> (8 * f->size - 1)) & 1 ? (int64_t)(bits | ~((UINT64_C(1) << (8 * f->size)) - 1))
                                                                        : (int64_t)bits;
            return vm_int_from_i64(vm, x);
        }
        put_bytes(tmp, bits, 8, false);
        return vm_item_get(vm, 'Q', tmp);
    }
    }
}

/* ---- the functions -------------------------------------------------------------------- */

static bool pack_at(VM *vm, Value err, const Layout *L, Value *vals, int64_t n, unsigned char *out, const char *what)
{
    if (n != L->nvalues) {
        raise_error(vm, err, "%s expected %lld items for packing (got %lld)", what, (long long)L->nvalues, (long long)n);
        return false;
    }
    int64_t k = 0;
    for (size_t i = 0; i < L->n; i++) {
        const Field *f = &L->f[i];
        if (f->code == 'x') {
            memset(out + f->offset, 0, (size_t)f->count);
            continue;
        }
        if (f->code == 's' || f->code == 'p') {
            if (!pack_one(vm, err, L, f, vals[k++], out + f->offset)) return false;
            continue;
        }
        for (int64_t r = 0; r < f->count; r++)
            if (!pack_one(vm, err, L, f, vals[k++], out + f->offset + (size_t)r * f->size)) return false;
    }
    return true;
}

static Value unpack_at(VM *vm, const Layout *L, const unsigned char *in)
{
    Value t = vm_new_tuple(vm, (uint32_t)L->nvalues);
    if (t == V_EXC) return V_EXC;
    vm_push_root(vm, t);
    uint32_t k = 0;
    for (size_t i = 0; i < L->n; i++) {
        const Field *f = &L->f[i];
        if (f->code == 'x') continue;
        int64_t reps = f->code == 's' || f->code == 'p' ? 1 : f->count;
        for (int64_t r = 0; r < reps; r++) {
            Value v = unpack_one(vm, L, f, in + f->offset + (size_t)r * f->size);
            if (v == V_EXC) {
                vm_pop_roots(vm, 1);
                return V_EXC;
            }
            AS_TUPLE(t)->items[k++] = v;
        }
    }
    vm_pop_roots(vm, 1);
    return t;
}

/* pack(format, v1, v2, ...) */
static Value st_pack(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_no_keywords(vm, "pack", kw)) return V_EXC;
    if (nargs < 2) return vm_raise(vm, vm->e_TypeError, "missing format argument");
    Layout L;
    if (!parse(vm, args[0], args[1], &L)) return V_EXC;
    unsigned char *buf = calloc(1, L.size ? L.size : 1);
    if (!buf) {
        free(L.f);
        return vm_raise(vm, vm->e_MemoryError, "%s", "");
    }
    Value r = pack_at(vm, args[0], &L, args + 2, nargs - 2, buf, "pack") ? vm_new_bytes(vm, buf, L.size) : V_EXC;
    free(buf);
    free(L.f);
    return r;
}

/* The offset of a field of `need` bytes in a buffer of `len`; false with the error pending. */
static bool place(VM *vm, Value err, int64_t offset, size_t need, size_t len, const char *what, int64_t *at)
{
    if (offset < 0) {
        if (offset + (int64_t)len < 0) {
            raise_error(vm, err, "offset %lld out of range for %zu-byte buffer", (long long)offset, len);
            return false;
        }
        offset += (int64_t)len;
    }
    if ((size_t)offset > len || len - (size_t)offset < need) {
        if ((size_t)offset > len && !strcmp(what, "pack_into"))
            raise_error(vm, err, "offset %lld out of range for %zu-byte buffer", (long long)offset, len);
        else
            raise_error(vm, err, "%s requires a buffer of at least %zu bytes for %s %zu bytes at offset %lld "
                                 "(actual buffer size is %zu)",
                        what, need + (size_t)offset, strcmp(what, "pack_into") ? "unpacking" : "packing", need,
                        (long long)offset, len);
        return false;
    }
    *at = offset;
    return true;
}

/* pack_into(format, buffer, offset, v1, ...) */
static Value st_pack_into(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_no_keywords(vm, "pack_into", kw)) return V_EXC;
    if (nargs < 2) return vm_raise(vm, vm->e_TypeError, "missing format argument");
    Layout L;
    if (!parse(vm, args[0], args[1], &L)) return V_EXC;
    Value r = V_EXC;
    int64_t offset;
    VmBuffer b;
    if (nargs < 4) {
        if (nargs == 2) vm_raise(vm, vm->e_TypeError, "pack_into expected buffer argument");
        else vm_raise(vm, vm->e_TypeError, "pack_into expected offset argument");
    } else if (!vm_get_buffer(args[2], &b) || b.readonly) {
        vm_raise(vm, vm->e_TypeError, "argument must be read-write bytes-like object, not %s", TNAME(args[2]));
    } else if (vm_index(vm, args[3], &offset)) {
        unsigned char *tmp = calloc(1, L.size ? L.size : 1);
        int64_t at;
        if (!tmp) {
            vm_raise(vm, vm->e_MemoryError, "%s", "");
        } else if (pack_at(vm, args[0], &L, args + 4, nargs - 4, tmp, "pack_into") && vm_get_buffer(args[2], &b) &&
                   place(vm, args[0], offset, L.size, b.len, "pack_into", &at)) {
            memcpy(b.data + at, tmp, L.size);
            r = V_NONE;
        }
        free(tmp);
    }
    free(L.f);
    return r;
}

/* unpack(format, buffer) */
static Value st_unpack(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "unpack", nargs - 1, kw, 2, 2)) return V_EXC;
    Layout L;
    if (!parse(vm, args[0], args[1], &L)) return V_EXC;
    VmBuffer b;
    Value r = V_EXC;
    if (vm_buffer_arg(vm, args[2], &b)) {
        if (b.len != L.size) raise_error(vm, args[0], "unpack requires a buffer of %zu bytes", L.size);
        else r = unpack_at(vm, &L, b.data);
    }
    free(L.f);
    return r;
}

/* unpack_from(format, /, buffer, offset=0) */
static Value st_unpack_from(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"", "buffer", "offset"};
    Value a[3];
    if (!vm_parse_args(vm, "unpack_from", args + 1, nargs - 1, kw, names, 3, 3, 2, a)) return V_EXC;
    Layout L;
    if (!parse(vm, args[0], a[0], &L)) return V_EXC;
    int64_t offset = 0, at;
    VmBuffer b;
    Value r = V_EXC;
    if ((a[2] == V_UNBOUND || vm_index(vm, a[2], &offset)) && vm_buffer_arg(vm, a[1], &b) &&
        place(vm, args[0], offset, L.size, b.len, "unpack_from", &at))
        r = unpack_at(vm, &L, b.data + at);
    free(L.f);
    return r;
}

/* The records of buffer b, each unpacked, as a list's iterator. */
static Value records(VM *vm, Value err, const Layout *L, const VmBuffer *b)
{
    if (L->size == 0) return raise_error(vm, err, "cannot iteratively unpack with a struct of length 0");
    if (b->len % L->size)
        return raise_error(vm, err, "iterative unpacking requires a buffer of a multiple of %zu bytes", L->size);
    Value l = vm_new_list(vm, (uint32_t)(b->len / L->size));
    if (l == V_EXC) return V_EXC;
    vm_push_root(vm, l);
    bool ok = true;
    /* unpacking allocates but runs no Python code: b stays valid */
    for (size_t off = 0; ok && off < b->len; off += L->size) {
        Value t = unpack_at(vm, L, b->data + off);
        ok = t != V_EXC && vm_list_append(vm, AS_LIST(l), t);
    }
    Value r = ok ? vm_iter(vm, l) : V_EXC;
    vm_pop_roots(vm, 1);
    return r;
}

/* iter_unpack(format, buffer) */
static Value st_iter_unpack(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "iter_unpack", nargs - 1, kw, 2, 2)) return V_EXC;
    Layout L;
    if (!parse(vm, args[0], args[1], &L)) return V_EXC;
    VmBuffer b;
    Value r = vm_buffer_arg(vm, args[2], &b) ? records(vm, args[0], &L, &b) : V_EXC;
    free(L.f);
    return r;
}

/* calcsize(format) */
static Value st_calcsize(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "calcsize", nargs - 1, kw)) return V_EXC;
    Layout L;
    if (!parse(vm, args[0], args[1], &L)) return V_EXC;
    free(L.f);
    return vm_int_from_i64(vm, (int64_t)L.size);
}

/* _count(format): how many values the format packs (Struct's arity) */
static Value st_count(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "_count", nargs - 1, kw)) return V_EXC;
    Layout L;
    if (!parse(vm, args[0], args[1], &L)) return V_EXC;
    free(L.f);
    return vm_int_from_i64(vm, L.nvalues);
}

static const ModFunction struct_functions[] = {
    {"pack", st_pack}, {"pack_into", st_pack_into}, {"unpack", st_unpack}, {"unpack_from", st_unpack_from},
    {"iter_unpack", st_iter_unpack}, {"calcsize", st_calcsize}, {"_count", st_count},
};

Value mod_struct_open(VM *vm)
{
    Value m = vm_new_module(vm, "_struct");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    DictObj *d = v_as_obj(m)->dict;
    TypeObj *err = vm_new_builtin_type(vm, "struct.error", vm->e_Exception, LAYOUT_EXC);
    bool ok = err && mod_dict_put(vm, d, "error", v_obj(err));
    for (size_t i = 0; ok && i < sizeof struct_functions / sizeof struct_functions[0]; i++) {
        const char *name = struct_functions[i].name;
        ok = mod_dict_put(vm, d, name, vm_new_builtin(vm, name, struct_functions[i].fn, v_obj(err)));
    }
    vm_pop_roots(vm, 1);
    return ok ? m : V_EXC;
}

/* The buffer protocol (memory that bytes, bytearray and native types expose),
 * native items as struct's '@' mode lays them out (what array.array and
 * memoryview store), and memoryview: a one-dimensional view, possibly strided,
 * over another object's buffer, read again at every access, so that a
 * bytearray resized under a view is noticed instead of read past its end. */
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "vm.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)

/* ---- the protocol ------------------------------------------------------------------- */

bool vm_get_buffer(Value v, VmBuffer *b)
{
    if (!v_is_obj(v)) return false;
    Obj *o = v_as_obj(v);
    if (o->type->layout == LAYOUT_BYTES) {
        BytesObj *s = (BytesObj *)o;
        *b = (VmBuffer){ s->data, s->len, 1, 'B', true };
        return true;
    }
    if (o->type->layout == LAYOUT_BYTEARRAY) {
        ByteArrayObj *a = (ByteArrayObj *)o;
        *b = (VmBuffer){ a->data, a->len, 1, 'B', false };
        return true;
    }
    return o->type->getbuffer && o->type->getbuffer(v, b);
}

bool vm_buffer_arg(VM *vm, Value v, VmBuffer *b)
{
    if (vm_get_buffer(v, b)) return true;
    vm_raise(vm, vm->e_TypeError, "a bytes-like object is required, not '%s'", TNAME(v));
    return false;
}

/* ---- native items ------------------------------------------------------------------- */

size_t vm_item_size(char c)
{
    switch (c) {
    case 'c': case 'b': case 'B': case '?': return 1;
    case 'h': case 'H': case 'e': return 2;
    case 'i': case 'I': case 'f': return 4;
    case 'l': case 'L': case 'q': case 'Q': case 'n': case 'N': case 'd': case 'P': return 8;
    default: return 0;
    }
}

static bool is_signed(char c) { return c == 'b' || c == 'h' || c == 'i' || c == 'l' || c == 'q' || c == 'n'; }

/* IEEE 754 binary16 <-> double (the 'e' code), round-half-even on the way in. */
static double half_to_double(uint16_t h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, e - 25);
    return h & 0x8000 ? -v : v;
}

static bool double_to_half(double d, uint16_t *out)
{
    uint16_t sign = signbit(d) ? 0x8000 : 0;
    double a = fabs(d);
    if (isnan(d)) { *out = sign | 0x7e00; return true; }
    if (isinf(d)) { *out = sign | 0x7c00; return true; }
    int e;
    double f = frexp(a, &e);   /* a = f * 2^e, f in [0.5, 1) */
    if (a == 0) { *out = sign; return true; }
    if (e < -13) {
        /* subnormal: units of 2^-24 */
        double m = nearbyint(ldexp(a, 24));
        *out = sign | (uint16_t)m;
        return true;
    }
    double m = nearbyint(ldexp(f, 11));   /* 11 significant bits */
    if (m == 2048) { m = 1024; e++; }
    if (e > 16) return false;
    *out = sign | (uint16_t)((e + 14) << 10) | (uint16_t)((int)m - 1024);
    return true;
}

Value vm_item_get(VM *vm, char c, const void *p)
{
    switch (c) {
    case 'c': return vm_new_bytes(vm, p, 1);
    case '?': return v_bool(*(const unsigned char *)p != 0);
    case 'b': return v_int(*(const int8_t *)p);
    case 'B': return v_int(*(const uint8_t *)p);
    case 'h': { int16_t x; memcpy(&x, p, 2); return v_int(x); }
    case 'H': { uint16_t x; memcpy(&x, p, 2); return v_int(x); }
    case 'i': { int32_t x; memcpy(&x, p, 4); return v_int(x); }
    case 'I': { uint32_t x; memcpy(&x, p, 4); return v_int(x); }
    case 'l': case 'q': case 'n': { int64_t x; memcpy(&x, p, 8); return vm_int_from_i64(vm, x); }
    case 'L': case 'Q': case 'N': case 'P': {
        uint64_t x;
        memcpy(&x, p, 8);
        if (x <= INT64_MAX) return vm_int_from_i64(vm, (int64_t)x);
        mpz_t z;
        mpz_init(z);
        mpz_set_ui(z, (unsigned long)x);
        Value r = vm_int_from_mpz(vm, z);
        mpz_clear(z);
        return r;
    }
    case 'e': { uint16_t x; memcpy(&x, p, 2); return v_double(half_to_double(x)); }
    case 'f': { float x; memcpy(&x, p, 4); return v_double(x); }
    case 'd': { double x; memcpy(&x, p, 8); return v_double(x); }
    default: return vm_raise(vm, vm->e_NotImplementedError, "memoryview: format %c not supported", c);
    }
}

/* v as the integer of code c: its 64-bit pattern in *bits. */
static VmItemStatus int_bits(VM *vm, char c, Value v, uint64_t *bits)
{
    if (!vm_is_int(vm, v)) {
        if (v_is_double(v) || vm_type_lookup(vm_type_of(vm, v), vm->s___index__) == V_UNBOUND) return VM_ITEM_TYPE;
        Value n = vm_number_index(vm, v);
        if (n == V_EXC) return VM_ITEM_ERROR;
        v = n;
    }
    size_t size = vm_item_size(c);
    bool sign = is_signed(c);
    mpz_t z, lo, hi;
    mpz_inits(z, lo, hi, NULL);
    vm_int_to_mpz(v, z);
    if (sign) {
        mpz_set_si(hi, 1);
        mpz_mul_2exp(hi, hi, (mp_bitcnt_t)(size * 8 - 1));
        mpz_neg(lo, hi);
        mpz_sub_ui(hi, hi, 1);
    } else {
        mpz_set_ui(lo, 0);
        mpz_set_ui(hi, 1);
        mpz_mul_2exp(hi, hi, (mp_bitcnt_t)(size * 8));
        mpz_sub_ui(hi, hi, 1);
    }
    VmItemStatus st = mpz_cmp(z, lo) < 0 ? VM_ITEM_LOW : mpz_cmp(z, hi) > 0 ? VM_ITEM_HIGH : VM_ITEM_OK;
    if (st == VM_ITEM_OK) {
        if (sign) *bits = (uint64_t)mpz_get_si(z);
        else *bits = (uint64_t)mpz_get_ui(z);
    }
    mpz_clears(z, lo, hi, NULL);
    return st;
}

VmItemStatus vm_item_set(VM *vm, char c, void *p, Value v)
{
    switch (c) {
    case 'c':
        if (!v_has_layout(v, LAYOUT_BYTES) || ((BytesObj *)v_as_obj(v))->len != 1) return VM_ITEM_TYPE;
        *(unsigned char *)p = ((BytesObj *)v_as_obj(v))->data[0];
        return VM_ITEM_OK;
    case '?': {
        int t = vm_truthy(vm, v);
        if (t < 0) return VM_ITEM_ERROR;
        *(unsigned char *)p = (unsigned char)t;
        return VM_ITEM_OK;
    }
    case 'e': case 'f': case 'd': {
        double d;
        if (!v_is_double(v) && !vm_is_int(vm, v) &&
            vm_type_lookup(vm_type_of(vm, v), vm_intern(vm, "__float__", 9)) == V_UNBOUND &&
            vm_type_lookup(vm_type_of(vm, v), vm->s___index__) == V_UNBOUND)
            return VM_ITEM_TYPE;
        if (!vm_to_double(vm, v, &d)) return VM_ITEM_ERROR;
        if (c == 'd') {
            memcpy(p, &d, 8);
        } else if (c == 'f') {
            float f = (float)d;
            if (isinf(f) && !isinf(d)) return VM_ITEM_HIGH;
            memcpy(p, &f, 4);
        } else {
            uint16_t h;
            if (!double_to_half(d, &h)) return VM_ITEM_HIGH;
            memcpy(p, &h, 2);
        }
        return VM_ITEM_OK;
    }
    default: {
        size_t size = vm_item_size(c);
        if (!size) return VM_ITEM_TYPE;
        uint64_t bits;
        VmItemStatus st = int_bits(vm, c, v, &bits);
        if (st != VM_ITEM_OK) return st;
        /* little-endian host: the low bytes are the value */
        memcpy(p, &bits, size);
        return VM_ITEM_OK;
    }
    }
}

/* ---- memoryview ----------------------------------------------------------------------- */

/* A memoryview's fields, Values after its header (unboxed ints but the first):
 * the object viewed, the byte offset of item 0 in its buffer, the item count,
 * the byte step between items, the item size, the format code and flags. */
enum { MV_OBJ, MV_OFFSET, MV_LEN, MV_STRIDE, MV_ITEMSIZE, MV_FORMAT, MV_FLAGS, MV_NSLOTS };
enum { MV_READONLY = 1, MV_RELEASED = 2 };

typedef struct {
    Value obj;
    int64_t offset, len, stride, itemsize, flags;
    char format;
} View;

static View view_of(Value mv)
{
    Value *s = vm_slot_values(v_as_obj(mv));
    return (View){ s[MV_OBJ], v_as_int(s[MV_OFFSET]), v_as_int(s[MV_LEN]), v_as_int(s[MV_STRIDE]),
                   v_as_int(s[MV_ITEMSIZE]), v_as_int(s[MV_FLAGS]), (char)v_as_int(s[MV_FORMAT]) };
}

static Value new_view(VM *vm, const View *v)
{
    Obj *o = vm_alloc(vm, vm->t_memoryview, sizeof *o + MV_NSLOTS * sizeof(Value));
    if (!o) return V_EXC;
    Value *s = vm_slot_values(o);
    s[MV_OBJ] = v->obj;
    s[MV_OFFSET] = v_int(v->offset);
    s[MV_LEN] = v_int(v->len);
    s[MV_STRIDE] = v_int(v->stride);
    s[MV_ITEMSIZE] = v_int(v->itemsize);
    s[MV_FORMAT] = v_int(v->format);
    s[MV_FLAGS] = v_int(v->flags);
    return v_obj(o);
}

/* The first byte of the view's item 0 in the viewed object's memory as it
 * is now; NULL when that memory no longer covers the view. */
static unsigned char *view_base(const View *v, VmBuffer *under)
{
    if (!vm_get_buffer(v->obj, under)) return NULL;
    if (v->len == 0) return under->data ? under->data : (unsigned char *)"";
    int64_t first = v->offset, last = v->offset + (v->len - 1) * v->stride;
    int64_t lo = first < last ? first : last, hi = (first < last ? last : first) + v->itemsize;
    if (lo < 0 || hi > (int64_t)under->len) return NULL;
    return under->data + v->offset;
}

static bool mv_getbuffer(Value mv, VmBuffer *b)
{
    View v = view_of(mv);
    VmBuffer under;
    if ((v.flags & MV_RELEASED) || v.stride != v.itemsize) return false;
    unsigned char *p = view_base(&v, &under);
    if (!p) return false;
    *b = (VmBuffer){ p, (size_t)(v.len * v.itemsize), (uint32_t)v.itemsize, v.format,
                     under.readonly || (v.flags & MV_READONLY) };
    return true;
}

/* The receiver of a memoryview method, not released. */
static bool self_view(VM *vm, Value *args, int nargs, const char *meth, View *v)
{
    if (!vm_check_self(vm, args, nargs, vm->t_memoryview, meth)) return false;
    *v = view_of(args[0]);
    if (v->flags & MV_RELEASED) {
        vm_raise(vm, vm->e_ValueError, "operation forbidden on released memoryview object");
        return false;
    }
    return true;
}

/* The view's memory now, or IndexError when its object shrank under it. */
static unsigned char *live_base(VM *vm, const View *v, VmBuffer *under)
{
    unsigned char *p = view_base(v, under);
    if (!p) vm_raise(vm, vm->e_IndexError, "memoryview: underlying buffer is smaller than the view");
    return p;
}

/* memoryview(object) */
static Value mv_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"object"};
    Value a[1];
    if (!vm_parse_args(vm, "memoryview", args + 1, nargs - 1, kw, names, 1, 1, 1, a)) return V_EXC;
    Value src = a[0];
    if (vm_type_of(vm, src) == vm->t_memoryview) {
        View v = view_of(src);
        if (v.flags & MV_RELEASED)
            return vm_raise(vm, vm->e_ValueError, "operation forbidden on released memoryview object");
        return new_view(vm, &v);
    }
    VmBuffer b;
    if (!vm_get_buffer(src, &b))
        return vm_raise(vm, vm->e_TypeError, "memoryview: a bytes-like object is required, not '%s'", TNAME(src));
    View v = { src, 0, (int64_t)(b.len / b.itemsize), b.itemsize, b.itemsize, b.readonly ? MV_READONLY : 0,
               b.format };
    return new_view(vm, &v);
}

static Value mv_len(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    if (!vm_method_args(vm, args, nargs, kw, vm->t_memoryview, "__len__", 0) ||
        !self_view(vm, args, nargs, "__len__", &v))
        return V_EXC;
    return v_int(v.len);
}

/* The index of an item: negative ones count from the end. */
static bool item_index(VM *vm, const View *v, int64_t i, int64_t *out)
{
    if (i < 0) i += v->len;
    if (i < 0 || i >= v->len) {
        vm_raise(vm, vm->e_IndexError, "index out of bounds on dimension 1");
        return false;
    }
    *out = i;
    return true;
}

static Value mv_getitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    if (!vm_method_args(vm, args, nargs, kw, vm->t_memoryview, "__getitem__", 1) ||
        !self_view(vm, args, nargs, "__getitem__", &v))
        return V_EXC;
    int64_t i;
    int kind = vm_subscript(vm, args[1], &i);
    if (kind < 0) return V_EXC;
    if (kind == 1) {
        VmBuffer under;
        unsigned char *p;
        if (!item_index(vm, &v, i, &i) || !(p = live_base(vm, &v, &under))) return V_EXC;
        return vm_item_get(vm, v.format, p + i * v.stride);
    }
    if (kind == 2) {
        int64_t start, stop, step, n;
        if (!vm_slice_indices(vm, args[1], v.len, &start, &stop, &step, &n)) return V_EXC;
        View s = v;
        s.offset = v.offset + start * v.stride;
        s.stride = v.stride * step;
        s.len = n;
        return new_view(vm, &s);
    }
    if (args[1] == V_ELLIPSIS) return args[0];
    return vm_raise(vm, vm->e_TypeError, "memoryview: invalid slice key");
}

static Value item_error(VM *vm, VmItemStatus st, char format)
{
    if (st == VM_ITEM_ERROR) return V_EXC;
    if (st == VM_ITEM_TYPE) return vm_raise(vm, vm->e_TypeError, "memoryview: invalid type for format '%c'", format);
    return vm_raise(vm, vm->e_ValueError, "memoryview: invalid value for format '%c'", format);
}

static Value mv_setitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    if (!vm_check_nargs(vm, "__setitem__", nargs - 1, kw, 2, 2) || !self_view(vm, args, nargs, "__setitem__", &v))
        return V_EXC;
    if (v.flags & MV_READONLY) return vm_raise(vm, vm->e_TypeError, "cannot modify read-only memory");
    VmBuffer under;
    if (!vm_get_buffer(v.obj, &under)) return vm_raise(vm, vm->e_TypeError, "cannot modify read-only memory");
    if (under.readonly) return vm_raise(vm, vm->e_TypeError, "cannot modify read-only memory");
    int64_t i;
    int kind = vm_subscript(vm, args[1], &i);
    if (kind < 0) return V_EXC;
    if (kind == 1) {
        if (!item_index(vm, &v, i, &i)) return V_EXC;
        /* the value first: converting it may run Python, which may move the memory */
        unsigned char tmp[16];
        VmItemStatus st = vm_item_set(vm, v.format, tmp, args[2]);
        if (st != VM_ITEM_OK) return item_error(vm, st, v.format);
        unsigned char *p = live_base(vm, &v, &under);
        if (!p) return V_EXC;
        memcpy(p + i * v.stride, tmp, (size_t)v.itemsize);
        return V_NONE;
    }
    if (kind != 2) return vm_raise(vm, vm->e_TypeError, "memoryview: invalid slice key");
    int64_t start, stop, step, n;
    if (!vm_slice_indices(vm, args[1], v.len, &start, &stop, &step, &n)) return V_EXC;
    VmBuffer src;
    if (!vm_get_buffer(args[2], &src))
        return vm_raise(vm, vm->e_TypeError, "a bytes-like object is required, not '%s'", TNAME(args[2]));
    if (src.format != v.format || src.itemsize != (uint32_t)v.itemsize)
        return vm_raise(vm, vm->e_ValueError, "memoryview assignment: lvalue and rvalue have different structures");
    if ((int64_t)(src.len / src.itemsize) != n)
        return vm_raise(vm, vm->e_ValueError, "memoryview assignment: lvalue and rvalue have different structures");
    unsigned char *p = live_base(vm, &v, &under);
    if (!p) return V_EXC;
    /* a copy first: source and target may overlap */
    unsigned char *copy = malloc(src.len ? src.len : 1);
    if (!copy) return vm_raise(vm, vm->e_MemoryError, "%s", "");
    memcpy(copy, src.data, src.len);
    for (int64_t k = 0; k < n; k++)
        memcpy(p + (start + k * step) * v.stride, copy + k * v.itemsize, (size_t)v.itemsize);
    free(copy);
    return V_NONE;
}

static Value mv_delitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    if (!self_view(vm, args, nargs, "__delitem__", &v)) return V_EXC;
    if (v.flags & MV_READONLY) return vm_raise(vm, vm->e_TypeError, "cannot modify read-only memory");
    return vm_raise(vm, vm->e_TypeError, "cannot delete memory");
}

/* The view's bytes, gathered into a new bytes object. */
static Value view_bytes(VM *vm, const View *v)
{
    VmBuffer under;
    unsigned char *p = live_base(vm, v, &under);
    if (!p) return V_EXC;
    if (v->stride == v->itemsize) return vm_new_bytes(vm, p, (size_t)(v->len * v->itemsize));
    size_t n = (size_t)(v->len * v->itemsize);
    unsigned char *tmp = malloc(n ? n : 1);
    if (!tmp) return vm_raise(vm, vm->e_MemoryError, "%s", "");
    for (int64_t k = 0; k < v->len; k++) memcpy(tmp + k * v->itemsize, p + k * v->stride, (size_t)v->itemsize);
    Value r = vm_new_bytes(vm, tmp, n);
    free(tmp);
    return r;
}

static Value mv_tobytes(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"order"};
    Value a[1];
    View v;
    if (!self_view(vm, args, nargs, "tobytes", &v) ||
        !vm_parse_args(vm, "tobytes", args + 1, nargs - 1, kw, names, 1, 1, 0, a))
        return V_EXC;
    return view_bytes(vm, &v);
}

static Value view_list(VM *vm, const View *v)
{
    Value l = vm_new_list(vm, (uint32_t)v->len);
    if (l == V_EXC) return V_EXC;
    vm_push_root(vm, l);
    for (int64_t k = 0; k < v->len; k++) {
        VmBuffer under;
        unsigned char *p = live_base(vm, v, &under);
        Value x = p ? vm_item_get(vm, v->format, p + k * v->stride) : V_EXC;
        if (x == V_EXC || !vm_list_append(vm, AS_LIST(l), x)) {
            vm_pop_roots(vm, 1);
            return V_EXC;
        }
    }
    vm_pop_roots(vm, 1);
    return l;
}

static Value mv_tolist(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    if (!vm_method_args(vm, args, nargs, kw, vm->t_memoryview, "tolist", 0) || !self_view(vm, args, nargs, "tolist", &v))
        return V_EXC;
    return view_list(vm, &v);
}

/* hex(sep, bytes_per_sep): bytes.hex of tobytes() */
static Value mv_hex(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    if (!self_view(vm, args, nargs, "hex", &v)) return V_EXC;
    Value b = view_bytes(vm, &v);
    if (b == V_EXC) return V_EXC;
    vm_push_root(vm, b);
    Value m = vm_getattr(vm, b, vm_intern(vm, "hex", 3));
    vm_pop_roots(vm, 1);
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    Value r = vm_call(vm, m, args + 1, nargs - 1, kw);
    vm_pop_roots(vm, 1);
    return r;
}

static Value mv_release(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_memoryview, "release", 0)) return V_EXC;
    Value *s = vm_slot_values(v_as_obj(args[0]));
    s[MV_FLAGS] = v_int(v_as_int(s[MV_FLAGS]) | MV_RELEASED);
    return V_NONE;
}

static Value mv_enter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    if (!vm_method_args(vm, args, nargs, kw, vm->t_memoryview, "__enter__", 0) ||
        !self_view(vm, args, nargs, "__enter__", &v))
        return V_EXC;
    return args[0];
}

static Value mv_exit(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return mv_release(vm, args, 1, NULL);
}

static Value mv_toreadonly(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    if (!vm_method_args(vm, args, nargs, kw, vm->t_memoryview, "toreadonly", 0) ||
        !self_view(vm, args, nargs, "toreadonly", &v))
        return V_EXC;
    v.flags |= MV_READONLY;
    return new_view(vm, &v);
}

/* cast(format): between a byte format and another, on a contiguous view */
static Value mv_cast(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"format", "shape"};
    Value a[2];
    View v;
    if (!self_view(vm, args, nargs, "cast", &v) ||
        !vm_parse_args(vm, "cast", args + 1, nargs - 1, kw, names, 2, 2, 1, a))
        return V_EXC;
    if (!v_has_layout(a[0], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "memoryview: format argument must be a string");
    StrObj *f = AS_STR(a[0]);
    const char *code = f->data;
    if (f->len == 2 && code[0] == '@') code++;
    size_t size = strlen(code) == 1 ? vm_item_size(code[0]) : 0;
    if (!size)
        return vm_raise(vm, vm->e_ValueError,
                        "memoryview: destination format must be a native single character format prefixed with an optional '@'");
    if (a[1] != V_UNBOUND)
        return vm_raise(vm, vm->e_NotImplementedError, "memoryview: casting to a shape is not supported");
    if (v.stride != v.itemsize) return vm_raise(vm, vm->e_TypeError, "memoryview: casts are restricted to C-contiguous views");
    bool byte_from = v.format == 'B' || v.format == 'b' || v.format == 'c';
    bool byte_to = code[0] == 'B' || code[0] == 'b' || code[0] == 'c';
    if (!byte_from && !byte_to)
        return vm_raise(vm, vm->e_TypeError, "memoryview: cannot cast between two non-byte formats");
    int64_t nbytes = v.len * v.itemsize;
    if (nbytes % (int64_t)size)
        return vm_raise(vm, vm->e_TypeError, "memoryview: length is not a multiple of itemsize");
    View c = v;
    c.format = code[0];
    c.itemsize = c.stride = (int64_t)size;
    c.len = nbytes / (int64_t)size;
    return new_view(vm, &c);
}

/* == compares the items (unpacked), as CPython does for any two formats */
static Value mv_eq_impl(VM *vm, Value *args, int nargs, TupleObj *kw, bool ne)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_memoryview, ne ? "__ne__" : "__eq__", 1)) return V_EXC;
    View v = view_of(args[0]);
    Value other = args[1];
    if (other == args[0]) return v_bool(!ne);
    if (v.flags & MV_RELEASED) return v_bool(ne);
    View w;
    if (vm_type_of(vm, other) == vm->t_memoryview) {
        w = view_of(other);
        if (w.flags & MV_RELEASED) return v_bool(ne);
    } else {
        VmBuffer b;
        if (!vm_get_buffer(other, &b)) return V_NOTIMPL;
        w = (View){ other, 0, (int64_t)(b.len / b.itemsize), b.itemsize, b.itemsize, 0, b.format };
    }
    if (v.len != w.len) return v_bool(ne);
    Value l1 = view_list(vm, &v);
    if (l1 == V_EXC) return V_EXC;
    vm_push_root(vm, l1);
    Value l2 = view_list(vm, &w);
    if (l2 == V_EXC) {
        vm_pop_roots(vm, 1);
        return V_EXC;
    }
    vm_push_root(vm, l2);
    int eq = vm_eq(vm, l1, l2);
    vm_pop_roots(vm, 2);
    if (eq < 0) return V_EXC;
    return v_bool(ne ? !eq : eq);
}

static Value mv_eq(VM *vm, Value *args, int nargs, TupleObj *kw) { return mv_eq_impl(vm, args, nargs, kw, false); }
static Value mv_ne(VM *vm, Value *args, int nargs, TupleObj *kw) { return mv_eq_impl(vm, args, nargs, kw, true); }

static Value mv_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    if (!vm_method_args(vm, args, nargs, kw, vm->t_memoryview, "__hash__", 0) ||
        !self_view(vm, args, nargs, "__hash__", &v))
        return V_EXC;
    VmBuffer under;
    if (!(v.flags & MV_READONLY) && !(vm_get_buffer(v.obj, &under) && under.readonly))
        return vm_raise(vm, vm->e_ValueError, "cannot hash writable memoryview object");
    if (v.format != 'B' && v.format != 'b' && v.format != 'c')
        return vm_raise(vm, vm->e_ValueError, "memoryview: hashing is restricted to formats 'B', 'b' or 'c'");
    Value b = view_bytes(vm, &v);
    int64_t h;
    if (b == V_EXC || !vm_hash(vm, b, &h)) return V_EXC;
    return vm_int_from_i64(vm, h);
}

static Value mv_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_memoryview, "__repr__", 0)) return V_EXC;
    View v = view_of(args[0]);
    char buf[64];
    snprintf(buf, sizeof buf, "<%smemoryview at %p>", (v.flags & MV_RELEASED) ? "released " : "",
             (void *)v_as_obj(args[0]));
    return vm_cstr(vm, buf);
}

static Value mv_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    if (!vm_method_args(vm, args, nargs, kw, vm->t_memoryview, "__iter__", 0) ||
        !self_view(vm, args, nargs, "__iter__", &v))
        return V_EXC;
    return vm_new_iter(vm, vm->t_seq_iterator, args[0]);
}

/* ---- attributes */

static Value mv_obj_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    return self_view(vm, args, nargs, "obj", &v) ? v.obj : V_EXC;
}

#define MV_INT_ATTRS(X)                                  \
    X(nbytes, v.len * v.itemsize) X(itemsize, v.itemsize) \
    X(ndim, 1)

#define X(name, expr)                                                            \
    static Value mv_##name##_get(VM *vm, Value *args, int nargs, TupleObj *kw)   \
    {                                                                            \
        View v;                                                                  \
        return self_view(vm, args, nargs, #name, &v) ? vm_int_from_i64(vm, expr) : V_EXC; \
    }
MV_INT_ATTRS(X)
#undef X

static Value mv_readonly_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    if (!self_view(vm, args, nargs, "readonly", &v)) return V_EXC;
    VmBuffer under;
    return v_bool((v.flags & MV_READONLY) || !vm_get_buffer(v.obj, &under) || under.readonly);
}

static Value mv_format_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    return self_view(vm, args, nargs, "format", &v) ? vm_new_str(vm, &v.format, 1) : V_EXC;
}

static Value one_tuple(VM *vm, int64_t x)
{
    Value i = vm_int_from_i64(vm, x);
    return i == V_EXC ? V_EXC : vm_tuple_of(vm, &i, 1);
}

static Value mv_shape_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    return self_view(vm, args, nargs, "shape", &v) ? one_tuple(vm, v.len) : V_EXC;
}

static Value mv_strides_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    return self_view(vm, args, nargs, "strides", &v) ? one_tuple(vm, v.stride) : V_EXC;
}

static Value mv_suboffsets_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    return self_view(vm, args, nargs, "suboffsets", &v) ? vm->empty_tuple : V_EXC;
}

static Value mv_contiguous_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    View v;
    return self_view(vm, args, nargs, "contiguous", &v) ? v_bool(v.stride == v.itemsize || v.len <= 1) : V_EXC;
}

static Value mv_released_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return v_bool(view_of(args[0]).flags & MV_RELEASED);
}

void vm_init_buffer(VM *vm)
{
    TypeObj *t = vm->t_memoryview;
    t->hdr.aux = MV_NSLOTS;
    t->getbuffer = mv_getbuffer;
    static const struct {
        const char *name;
        NativeFn fn;
    } methods[] = {
        {"__new__", mv_new}, {"__len__", mv_len}, {"__getitem__", mv_getitem}, {"__setitem__", mv_setitem},
        {"__delitem__", mv_delitem}, {"__iter__", mv_iter}, {"__eq__", mv_eq}, {"__ne__", mv_ne},
        {"__hash__", mv_hash}, {"__repr__", mv_repr}, {"__enter__", mv_enter}, {"__exit__", mv_exit},
        {"tobytes", mv_tobytes}, {"tolist", mv_tolist}, {"hex", mv_hex}, {"release", mv_release},
        {"toreadonly", mv_toreadonly}, {"cast", mv_cast},
    };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) vm_add_method(vm, t, methods[i].name, methods[i].fn);
    vm_add_getter(vm, t, "obj", mv_obj_get);
#define X(name, expr) vm_add_getter(vm, t, #name, mv_##name##_get);
    MV_INT_ATTRS(X)
#undef X
    vm_add_getter(vm, t, "readonly", mv_readonly_get);
    vm_add_getter(vm, t, "format", mv_format_get);
    vm_add_getter(vm, t, "shape", mv_shape_get);
    vm_add_getter(vm, t, "strides", mv_strides_get);
    vm_add_getter(vm, t, "suboffsets", mv_suboffsets_get);
    vm_add_getter(vm, t, "c_contiguous", mv_contiguous_get);
    vm_add_getter(vm, t, "f_contiguous", mv_contiguous_get);
    vm_add_getter(vm, t, "contiguous", mv_contiguous_get);
    vm_add_getter(vm, t, "released", mv_released_get);
}

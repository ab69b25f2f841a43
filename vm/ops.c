/* The protocols every part of the VM goes through: operators with CPython's
 * reflected-operand and subclass-first rules, rich comparison, truth, hash,
 * repr / str / format, iteration, subscription, containment and len. */
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "../parser/pyrepr.h"
#include "format.h"
#include "vm.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)
#define NAME_AT(vm, off) (*(StrObj **)((char *)(vm) + (off)))

/* X(AST operator, symbol, dunder stem) */
#define BINOPS(X)                                                                                  \
    X(Add, "+", add) X(Sub, "-", sub) X(Mult, "*", mul) X(MatMult, "@", matmul) X(Div, "/", truediv) \
    X(Mod, "%", mod) X(Pow, "**", pow) X(LShift, "<<", lshift) X(RShift, ">>", rshift)             \
    X(BitOr, "|", or) X(BitXor, "^", xor) X(BitAnd, "&", and) X(FloorDiv, "//", floordiv)

static const struct {
    const char *sym;
    size_t name, rname, iname;   /* offsets of the interned dunders in VM */
} binops[] = {
#define X(op, s, stem) [AST_##op] = {s, offsetof(VM, s___##stem##__), offsetof(VM, s___r##stem##__), \
                                     offsetof(VM, s___i##stem##__)},
    BINOPS(X)
#undef X
};

static const struct {
    const char *sym;
    size_t name;
    int reflected;               /* the operator with the operands swapped */
} cmpops[] = {
    [AST_Eq] = {"==", offsetof(VM, s___eq__), AST_Eq},   [AST_NotEq] = {"!=", offsetof(VM, s___ne__), AST_NotEq},
    [AST_Lt] = {"<", offsetof(VM, s___lt__), AST_Gt},    [AST_LtE] = {"<=", offsetof(VM, s___le__), AST_GtE},
    [AST_Gt] = {">", offsetof(VM, s___gt__), AST_Lt},    [AST_GtE] = {">=", offsetof(VM, s___ge__), AST_LtE},
};

static const struct {
    const char *sym;
    size_t name;
} unops[] = {
    [AST_Invert] = {"~", offsetof(VM, s___invert__)},
    [AST_UAdd] = {"+", offsetof(VM, s___pos__)},
    [AST_USub] = {"-", offsetof(VM, s___neg__)},
};

bool vm_cmp_holds(int op, int c)
{
    /* bit 0: holds when c < 0, bit 1: c == 0, bit 2: c > 0 */
    static const unsigned char holds[] = {
        [AST_Eq] = 2, [AST_NotEq] = 5, [AST_Lt] = 1, [AST_LtE] = 3, [AST_Gt] = 4, [AST_GtE] = 6,
    };
    return holds[op] >> (c + 1) & 1;
}

/* ---- finding and calling special methods */

/* t's method `name` unless the only one is object's default (whose
 * behaviour the callers apply inline); V_UNBOUND when none. */
static Value lookup_own(VM *vm, TypeObj *t, StrObj *name)
{
    Value m = vm_type_lookup(t, name);
    if (m != V_UNBOUND && m == vm_type_lookup(vm->t_object, name)) return V_UNBOUND;
    return m;
}

/* Calls m, found in type(self)'s namespace, as a method of self: functions
 * and native methods get self first; other descriptors are bound first. */
static Value call_bound(VM *vm, Value m, Value self, Value *args, int nargs)
{
    Value buf[4];
    buf[0] = self;
    for (int i = 0; i < nargs; i++) buf[i + 1] = args[i];
    if (v_has_layout(m, LAYOUT_FUNC) ||
        (v_has_layout(m, LAYOUT_BUILTIN) && ((BuiltinObj *)v_as_obj(m))->self == V_UNBOUND &&
         ((BuiltinObj *)v_as_obj(m))->owner))
        return vm_call(vm, m, buf, nargs + 1, NULL);
    if (v_has_layout(m, LAYOUT_STATICMETHOD)) return vm_call(vm, ((WrapperObj *)v_as_obj(m))->func, args, nargs, NULL);
    if (v_has_layout(m, LAYOUT_CLASSMETHOD)) {
        buf[0] = v_obj(vm_type_of(vm, self));
        return vm_call(vm, ((WrapperObj *)v_as_obj(m))->func, buf, nargs + 1, NULL);
    }
    Value get = vm_type_lookup(vm_type_of(vm, m), vm->s___get__);
    if (get == V_UNBOUND) return vm_call(vm, m, args, nargs, NULL);
    Value gargs[3] = {m, self, v_obj(vm_type_of(vm, self))};
    Value bound = vm_call(vm, get, gargs, 3, NULL);
    if (bound == V_EXC) return V_EXC;
    vm_push_root(vm, bound);
    Value r = vm_call(vm, bound, args, nargs, NULL);
    vm_pop_roots(vm, 1);
    return r;
}

/* Looks up `name` on v's type and calls it with v and args; V_UNBOUND when
 * the type has no such method (nothing is raised then). */
static Value call_special(VM *vm, Value v, StrObj *name, Value *args, int nargs)
{
    Value m = vm_type_lookup(vm_type_of(vm, v), name);
    if (m == V_UNBOUND) return V_UNBOUND;
    return call_bound(vm, m, v, args, nargs);
}

/* ---- binary operators */

/* CPython's binary_op1: a.__op__(b), then b.__rop__(a); the reflected one
 * first when type(b) is a proper subclass of type(a) that overrides it. */
static Value binary_op1(VM *vm, int op, Value a, Value b)
{
    TypeObj *ta = vm_type_of(vm, a), *tb = vm_type_of(vm, b);
    StrObj *rname = NAME_AT(vm, binops[op].rname);
    Value fa = vm_type_lookup(ta, NAME_AT(vm, binops[op].name));
    Value rb = ta != tb ? vm_type_lookup(tb, rname) : V_UNBOUND;
    Value r;
    if (rb != V_UNBOUND && vm_is_subtype(tb, ta) && rb != vm_type_lookup(ta, rname)) {
        r = call_bound(vm, rb, b, &a, 1);
        if (r != V_NOTIMPL) return r;
        rb = V_UNBOUND;
    }
    if (fa != V_UNBOUND && fa != V_NONE) {
        r = call_bound(vm, fa, a, &b, 1);
        if (r != V_NOTIMPL) return r;
    }
    if (rb != V_UNBOUND && rb != V_NONE) return call_bound(vm, rb, b, &a, 1);
    return V_NOTIMPL;
}

static bool is_sequence(Value v)
{
    if (!v_is_obj(v)) return false;
    ObjLayout l = (ObjLayout)v_as_obj(v)->type->layout;
    return l == LAYOUT_STR || l == LAYOUT_LIST || l == LAYOUT_TUPLE || l == LAYOUT_BYTES || l == LAYOUT_BYTEARRAY;
}

/* The TypeError for an operator no operand supports, with CPython's wording
 * for the sequence operators. */
static Value binop_error(VM *vm, int op, Value a, Value b, bool inplace)
{
    if (op == AST_Add && is_sequence(a)) {
        switch (v_as_obj(a)->type->layout) {
        case LAYOUT_BYTES: return vm_raise(vm, vm->e_TypeError, "can't concat %s to bytes", TNAME(b));
        case LAYOUT_BYTEARRAY: return vm_raise(vm, vm->e_TypeError, "can't concat %s to bytearray", TNAME(b));
        default: {
            const char *kind = v_has_layout(a, LAYOUT_STR) ? "str" : v_has_layout(a, LAYOUT_LIST) ? "list" : "tuple";
            return vm_raise(vm, vm->e_TypeError, "can only concatenate %s (not \"%s\") to %s", kind, TNAME(b), kind);
        }
        }
    }
    if (op == AST_Mult && (is_sequence(a) || is_sequence(b)))
        return vm_raise(vm, vm->e_TypeError, "can't multiply sequence by non-int of type '%s'",
                        TNAME(is_sequence(a) ? b : a));
    const char *sym = op == AST_Pow && !inplace ? "** or pow()" : binops[op].sym;
    return vm_raise(vm, vm->e_TypeError, "unsupported operand type(s) for %s%s: '%s' and '%s'", sym,
                    inplace ? "=" : "", TNAME(a), TNAME(b));
}

/* v is an instance of exactly t (not of a subclass). */
static bool exact(Value v, TypeObj *t) { return v_is_obj(v) && v_as_obj(v)->type == t; }

/* list + list and tuple + tuple of the exact types, without a method call. */
static Value concat_items(VM *vm, Value a, Value b)
{
    if (v_as_obj(a)->type == vm->t_list) {
        ListObj *x = AS_LIST(a), *y = AS_LIST(b);
        Value r = vm_new_list(vm, x->len + y->len);
        if (r == V_EXC) return V_EXC;
        ListObj *l = AS_LIST(r);
        if (x->len) memcpy(l->items, x->items, x->len * sizeof(Value));
        if (y->len) memcpy(l->items + x->len, y->items, y->len * sizeof(Value));
        l->len = x->len + y->len;
        return r;
    }
    TupleObj *x = AS_TUPLE(a), *y = AS_TUPLE(b);
    if (!y->len) return a;
    if (!x->len) return b;
    Value r = vm_new_tuple(vm, x->len + y->len);
    if (r == V_EXC) return V_EXC;
    memcpy(AS_TUPLE(r)->items, x->items, x->len * sizeof(Value));
    memcpy(AS_TUPLE(r)->items + x->len, y->items, y->len * sizeof(Value));
    return r;
}

/* The built-in cases that need no method lookup; V_NOTIMPL when none applies. */
static Value binary_fast(VM *vm, int op, Value a, Value b)
{
    if (v_is_int(a) && v_is_int(b)) return vm_int_binary(vm, op, a, b);
    if ((v_is_double(a) && (v_is_double(b) || v_is_int(b))) || (v_is_int(a) && v_is_double(b)))
        return vm_float_binary(vm, op, a, b);
    if (!v_is_obj(a)) return V_NOTIMPL;
    TypeObj *ta = v_as_obj(a)->type;
    if (ta == vm->t_str) {
        if (op == AST_Add && exact(b, vm->t_str)) return vm_str_concat(vm, AS_STR(a), AS_STR(b));
        if (op == AST_Mult && v_is_int(b)) return vm_str_repeat(vm, AS_STR(a), v_as_int(b));
        /* a str subclass on the right may override __rmod__ and goes first */
        if (op == AST_Mod && !(v_has_layout(b, LAYOUT_STR) && v_as_obj(b)->type != vm->t_str))
            return vm_str_mod(vm, a, b);
    }
    if (op == AST_Add && (ta == vm->t_list || ta == vm->t_tuple) && exact(b, ta)) return concat_items(vm, a, b);
    return V_NOTIMPL;
}

Value vm_binary(VM *vm, int op, Value a, Value b)
{
    Value r = binary_fast(vm, op, a, b);
    if (r != V_NOTIMPL) return r;
    r = binary_op1(vm, op, a, b);
    return r == V_NOTIMPL ? binop_error(vm, op, a, b, false) : r;
}

Value vm_inplace(VM *vm, int op, Value a, Value b)
{
    if (!v_is_obj(a)) {
        Value r = binary_fast(vm, op, a, b);
        if (r != V_NOTIMPL) return r;
    } else if (op == AST_Add && v_as_obj(a)->type == vm->t_list) {
        /* list += iterable extends in place */
        return vm_list_extend(vm, AS_LIST(a), b) ? a : V_EXC;
    }
    Value m = vm_type_lookup(vm_type_of(vm, a), NAME_AT(vm, binops[op].iname));
    if (m != V_UNBOUND && m != V_NONE) {
        Value r = call_bound(vm, m, a, &b, 1);
        if (r != V_NOTIMPL) return r;
    }
    Value r = binary_fast(vm, op, a, b);
    if (r == V_NOTIMPL) r = binary_op1(vm, op, a, b);
    return r == V_NOTIMPL ? binop_error(vm, op, a, b, true) : r;
}

/* ---- unary operators and truth */

Value vm_unary(VM *vm, int op, Value a)
{
    if (op == AST_Not) {
        int t = vm_truthy(vm, a);
        return t < 0 ? V_EXC : v_bool(!t);
    }
    if (v_is_int(a) || v_is_bool(a)) {
        int64_t x = v_is_int(a) ? v_as_int(a) : a == V_TRUE;
        return vm_int_from_i64(vm, op == AST_USub ? -x : op == AST_Invert ? ~x : x);
    }
    if (v_is_double(a) && op != AST_Invert) return v_double(op == AST_USub ? -v_as_double(a) : v_as_double(a));
    Value r = call_special(vm, a, NAME_AT(vm, unops[op].name), NULL, 0);
    if (r == V_UNBOUND)
        return vm_raise(vm, vm->e_TypeError, "bad operand type for unary %s: '%s'", unops[op].sym, TNAME(a));
    return r;
}

/* A __len__ result as a length: an int (through __index__) that fits and is >= 0. */
static bool len_result(VM *vm, Value r, int64_t *out)
{
    if (!vm_index(vm, r, out)) return false;
    if (*out < 0) {
        vm_raise(vm, vm->e_ValueError, "__len__() should return >= 0");
        return false;
    }
    return true;
}

/* The length of the built-in containers, or -1 for anything else. */
static int64_t builtin_len(Value v)
{
    if (!v_is_obj(v) || (v_as_obj(v)->type->flags & TF_HEAPTYPE)) return -1;
    Obj *o = v_as_obj(v);
    switch ((ObjLayout)o->type->layout) {
    case LAYOUT_STR: return ((StrObj *)o)->nchars;
    case LAYOUT_LIST: return ((ListObj *)o)->len;
    case LAYOUT_TUPLE: return ((TupleObj *)o)->len;
    case LAYOUT_DICT:
    case LAYOUT_SET: return ((DictObj *)o)->used;
    case LAYOUT_BYTES: return ((BytesObj *)o)->len;
    case LAYOUT_BYTEARRAY: return ((ByteArrayObj *)o)->len;
    case LAYOUT_RANGE: return ((RangeObj *)o)->len;
    default: return -1;
    }
}

int vm_truthy(VM *vm, Value v)
{
    if (v == V_TRUE) return 1;
    if (v == V_FALSE || v == V_NONE) return 0;
    if (v_is_int(v)) return v_as_int(v) != 0;
    if (v_is_double(v)) return v_as_double(v) != 0;
    if (v_is_special(v)) return 1;
    int64_t n = builtin_len(v);
    if (n >= 0) return n != 0;
    TypeObj *t = v_as_obj(v)->type;
    if (t == vm->t_int) return 1;   /* a normalized big int is never 0 */
    Value r = call_special(vm, v, vm->s___bool__, NULL, 0);
    if (r != V_UNBOUND) {
        if (r == V_EXC) return -1;
        if (!v_is_bool(r)) {
            vm_raise(vm, vm->e_TypeError, "__bool__ should return bool, returned %s", TNAME(r));
            return -1;
        }
        return r == V_TRUE;
    }
    r = call_special(vm, v, vm->s___len__, NULL, 0);
    if (r == V_UNBOUND) return 1;
    if (r == V_EXC || !len_result(vm, r, &n)) return -1;
    return n != 0;
}

Value vm_len(VM *vm, Value v)
{
    int64_t n = builtin_len(v);
    if (n >= 0) return vm_int_from_i64(vm, n);
    Value r = call_special(vm, v, vm->s___len__, NULL, 0);
    if (r == V_UNBOUND) return vm_raise(vm, vm->e_TypeError, "object of type '%s' has no len()", TNAME(v));
    if (r == V_EXC || !len_result(vm, r, &n)) return V_EXC;
    return vm_int_from_i64(vm, n);
}

bool vm_index(VM *vm, Value v, int64_t *out)
{
    if (v_is_int(v)) {
        *out = v_as_int(v);
        return true;
    }
    if (v_is_bool(v)) {
        *out = v == V_TRUE;
        return true;
    }
    Value i = v;
    if (!vm_is_int(vm, v)) {
        i = call_special(vm, v, vm->s___index__, NULL, 0);
        if (i == V_UNBOUND) {
            vm_raise(vm, vm->e_TypeError, "'%s' object cannot be interpreted as an integer", TNAME(v));
            return false;
        }
        if (i == V_EXC) return false;
        if (!vm_is_int(vm, i)) {
            vm_raise(vm, vm->e_TypeError, "__index__ returned non-int (type %s)", TNAME(i));
            return false;
        }
        if (v_is_int(i) || v_is_bool(i)) return vm_index(vm, i, out);
    }
    mpz_srcptr z = AS_BIGINT(i)->z;
    if (!mpz_fits_slong_p(z)) {
        vm_raise(vm, vm->e_OverflowError, "cannot fit '%s' into an index-sized integer", TNAME(v));
        return false;
    }
    *out = mpz_get_si(z);
    return true;
}

/* ---- comparison */

/* One side of a rich comparison: self's method for op, or object's
 * defaults: == is identity, != the negation of the type's ==. */
static Value compare_side(VM *vm, int op, Value self, Value other)
{
    TypeObj *t = vm_type_of(vm, self);
    Value m = lookup_own(vm, t, NAME_AT(vm, cmpops[op].name));
    if (m != V_UNBOUND) return call_bound(vm, m, self, &other, 1);
    if (op == AST_Eq) return self == other ? V_TRUE : V_NOTIMPL;
    if (op != AST_NotEq) return V_NOTIMPL;
    Value eq = lookup_own(vm, t, vm->s___eq__);
    Value r = eq != V_UNBOUND ? call_bound(vm, eq, self, &other, 1) : self == other ? V_TRUE : V_NOTIMPL;
    if (r == V_EXC || r == V_NOTIMPL) return r;
    int truth = vm_truthy(vm, r);
    return truth < 0 ? V_EXC : v_bool(!truth);
}

/* CPython's do_richcompare. */
static Value richcompare(VM *vm, int op, Value v, Value w)
{
    TypeObj *tv = vm_type_of(vm, v), *tw = vm_type_of(vm, w);
    int rop = cmpops[op].reflected;
    bool checked_reverse = false;
    Value r;
    if (tv != tw && vm_is_subtype(tw, tv)) {
        checked_reverse = true;
        r = compare_side(vm, rop, w, v);
        if (r != V_NOTIMPL) return r;
    }
    r = compare_side(vm, op, v, w);
    if (r != V_NOTIMPL) return r;
    if (!checked_reverse) {
        r = compare_side(vm, rop, w, v);
        if (r != V_NOTIMPL) return r;
    }
    if (op == AST_Eq) return v_bool(v == w);
    if (op == AST_NotEq) return v_bool(v != w);
    return vm_raise(vm, vm->e_TypeError, "'%s' not supported between instances of '%s' and '%s'", cmpops[op].sym,
                    tv->name->data, tw->name->data);
}

Value vm_compare(VM *vm, int op, Value a, Value b)
{
    switch (op) {
    case AST_Is: return v_bool(a == b);
    case AST_IsNot: return v_bool(a != b);
    case AST_In:
    case AST_NotIn: {
        int r = vm_contains(vm, b, a);
        return r < 0 ? V_EXC : v_bool((r == 1) == (op == AST_In));
    }
    default: break;
    }
    if ((v_is_int(a) || v_is_double(a)) && (v_is_int(b) || v_is_double(b))) return vm_num_compare(vm, op, a, b);
    if (exact(a, vm->t_str) && exact(b, vm->t_str)) {
        if (op == AST_Eq || op == AST_NotEq) return v_bool(vm_str_eq(AS_STR(a), AS_STR(b)) == (op == AST_Eq));
        return v_bool(vm_cmp_holds(op, vm_str_cmp(AS_STR(a), AS_STR(b))));
    }
    return richcompare(vm, op, a, b);
}

int vm_eq(VM *vm, Value a, Value b)
{
    /* identity implies equality here, as in CPython's containers */
    if (a == b) return 1;
    if (!v_is_obj(a) && !v_is_obj(b)) {
        /* distinct unboxed values: numbers (bools included) compare by value, None and the like only by identity */
        if ((v_is_special(a) && !v_is_bool(a)) || (v_is_special(b) && !v_is_bool(b))) return 0;
        return vm_num_compare(vm, AST_Eq, a, b) == V_TRUE;
    }
    if (exact(a, vm->t_str) && exact(b, vm->t_str)) return vm_str_eq(AS_STR(a), AS_STR(b));
    Value r = vm_compare(vm, AST_Eq, a, b);
    if (r == V_EXC) return -1;
    if (v_is_bool(r)) return r == V_TRUE;
    return vm_truthy(vm, r);
}

/* ---- hashing */

/* _Py_HashPointer: the address rotated so that alignment zeros do not collide. */
static int64_t hash_pointer(const void *p)
{
    uint64_t y = (uint64_t)(uintptr_t)p;
    y = (y >> 4) | (y << 60);
    return (int64_t)y == -1 ? -2 : (int64_t)y;
}

/* The built-in types whose instances are unhashable even without __hash__ = None. */
static bool mutable_builtin(VM *vm, TypeObj *t)
{
    return t->layout == LAYOUT_LIST || t->layout == LAYOUT_DICT || t->layout == LAYOUT_BYTEARRAY ||
           (t->layout == LAYOUT_SET && vm_is_subtype(t, vm->t_set));
}

bool vm_hash(VM *vm, Value v, int64_t *out)
{
    if (v_is_int(v) || v_is_bool(v)) {
        *out = vm_int_hash(v);
        return true;
    }
    if (v_is_double(v)) {
        *out = vm_float_hash(v_as_double(v));
        return true;
    }
    if (v_is_special(v)) {
        *out = (int64_t)(v & 0xFFFF) * 0x9E3779B9;   /* None, NotImplemented, Ellipsis: any fixed value */
        return true;
    }
    TypeObj *t = v_as_obj(v)->type;
    if (t == vm->t_str) {
        *out = vm_str_hash(AS_STR(v));
        return true;
    }
    if (t == vm->t_int) {
        *out = vm_int_hash(v);
        return true;
    }
    Value m = vm_type_lookup(t, vm->s___hash__);
    bool by_identity = m == V_UNBOUND || m == vm_type_lookup(vm->t_object, vm->s___hash__);
    if (m == V_NONE || (by_identity && mutable_builtin(vm, t))) {
        vm_raise(vm, vm->e_TypeError, "unhashable type: '%s'", t->name->data);
        return false;
    }
    if (by_identity) {
        *out = hash_pointer(v_as_obj(v));
        return true;
    }
    Value r = call_bound(vm, m, v, NULL, 0);
    if (r == V_EXC) return false;
    if (!vm_is_int(vm, r)) {
        vm_raise(vm, vm->e_TypeError, "__hash__ method should return an integer");
        return false;
    }
    /* CPython's slot_tp_hash: the value itself when it fits, else the int's hash */
    if (v_is_int(r) || v_is_bool(r) || mpz_fits_slong_p(AS_BIGINT(r)->z)) {
        int64_t h = v_is_int(r) ? v_as_int(r) : v_is_bool(r) ? r == V_TRUE : mpz_get_si(AS_BIGINT(r)->z);
        *out = h == -1 ? -2 : h;
    } else {
        *out = vm_int_hash(r);
    }
    return true;
}

/* ---- text */

/* "<__main__.A object at 0x...>" when a type has no __repr__ of its own. */
static Value default_repr(VM *vm, Value v)
{
    TypeObj *t = vm_type_of(vm, v);
    Value mod = t->hdr.dict ? vm_dict_get_str(t->hdr.dict, vm->s___module__) : V_UNBOUND;
    char buf[64];
    snprintf(buf, sizeof buf, " object at %p>", (void *)v_as_obj(v));
    StrBuf b;
    sb_init(&b);
    sb_putc(&b, '<');
    if (v_has_layout(mod, LAYOUT_STR) && strcmp(AS_STR(mod)->data, "builtins")) {
        sb_puts(&b, AS_STR(mod)->data);
        sb_putc(&b, '.');
    }
    sb_puts(&b, (t->qualname ? t->qualname : t->name)->data);
    sb_puts(&b, buf);
    Value r = b.oom ? vm_raise(vm, vm->e_MemoryError, "%s", "") : vm_new_str(vm, b.data, b.len);
    sb_free(&b);
    return r;
}

/* The text of the unboxed values: the same for repr and str. */
static Value scalar_text(VM *vm, Value v)
{
    if (v_is_int(v)) return vm_int_repr(vm, v);
    if (v_is_double(v)) {
        StrBuf b;
        sb_init(&b);
        repr_float(&b, v_as_double(v));
        Value r = b.oom ? vm_raise(vm, vm->e_MemoryError, "%s", "") : vm_new_str(vm, b.data, b.len);
        sb_free(&b);
        return r;
    }
    static const char *const specials[] = {
        [V_NONE & 0xFF] = "None", [V_FALSE & 0xFF] = "False", [V_TRUE & 0xFF] = "True",
        [V_NOTIMPL & 0xFF] = "NotImplemented", [V_ELLIPSIS & 0xFF] = "Ellipsis",
    };
    uint64_t k = v & 0xFF;
    if (k < sizeof specials / sizeof specials[0] && specials[k]) return vm_cstr(vm, specials[k]);
    return vm_raise(vm, vm->e_SystemError, "repr of an unbound value");
}

/* Checks that a __repr__ / __str__ / __format__ result is a str. */
static Value text_result(VM *vm, Value r, const char *what)
{
    if (r == V_EXC || v_has_layout(r, LAYOUT_STR)) return r;
    return vm_raise(vm, vm->e_TypeError, what, TNAME(r));
}

Value vm_repr(VM *vm, Value v)
{
    if (!v_is_obj(v)) return scalar_text(vm, v);
    if (v_as_obj(v)->type == vm->t_str) {
        StrBuf b;
        sb_init(&b);
        repr_str(&b, AS_STR(v)->data, AS_STR(v)->len);
        Value r = b.oom ? vm_raise(vm, vm->e_MemoryError, "%s", "") : vm_new_str(vm, b.data, b.len);
        sb_free(&b);
        return r;
    }
    Value r = call_special(vm, v, vm->s___repr__, NULL, 0);
    if (r == V_UNBOUND) return default_repr(vm, v);
    return text_result(vm, r, "__repr__ returned non-string (type %s)");
}

Value vm_str(VM *vm, Value v)
{
    if (!v_is_obj(v)) return scalar_text(vm, v);
    TypeObj *t = v_as_obj(v)->type;
    if (t == vm->t_str) return v;
    Value m = lookup_own(vm, t, vm->s___str__);
    if (m == V_UNBOUND) return vm_repr(vm, v);
    return text_result(vm, call_bound(vm, m, v, NULL, 0), "__str__ returned non-string (type %s)");
}

Value vm_format(VM *vm, Value v, Value spec)
{
    bool empty = v_has_layout(spec, LAYOUT_STR) && AS_STR(spec)->len == 0;
    if (empty && (exact(v, vm->t_str) || v_is_int(v) || v_is_double(v))) return vm_str(vm, v);
    TypeObj *t = vm_type_of(vm, v);
    Value m = lookup_own(vm, t, vm->s___format__);
    if (m == V_UNBOUND) {
        /* object.__format__ */
        if (!v_has_layout(spec, LAYOUT_STR))
            return vm_raise(vm, vm->e_TypeError, "format() argument 2 must be str, not %s", TNAME(spec));
        if (!empty)
            return vm_raise(vm, vm->e_TypeError, "unsupported format string passed to %s.__format__", t->name->data);
        return vm_str(vm, v);
    }
    return text_result(vm, call_bound(vm, m, v, &spec, 1), "__format__ must return a str, not %s");
}

Value vm_raise_fmt_error(VM *vm, const char *err, bool oom)
{
    if (oom) return vm_raise(vm, vm->e_MemoryError, "%s", "");
    TypeObj *const kinds[] = {[FMT_VALUE_ERROR] = vm->e_ValueError, [FMT_OVERFLOW_ERROR] = vm->e_OverflowError,
                              [FMT_TYPE_ERROR] = vm->e_TypeError};
    return vm_raise(vm, kinds[fmt_error_kind(err)], "%s", err);
}

/* ---- iteration */

static bool is_iterator(VM *vm, Value it)
{
    TypeObj *t = vm_type_of(vm, it);
    return t->iternext || vm_type_lookup(t, vm->s___next__) != V_UNBOUND;
}

Value vm_iter(VM *vm, Value v)
{
    TypeObj *t = vm_type_of(vm, v);
    if (t->iternext && !(t->flags & TF_HEAPTYPE)) return v;   /* a native iterator is its own */
    Value m = vm_type_lookup(t, vm->s___iter__);
    if (m != V_UNBOUND && m != V_NONE) {
        Value it = call_bound(vm, m, v, NULL, 0);
        if (it == V_EXC || is_iterator(vm, it)) return it;
        return vm_raise(vm, vm->e_TypeError, "iter() returned non-iterator of type '%s'", TNAME(it));
    }
    if (m == V_UNBOUND && vm_type_lookup(t, vm->s___getitem__) != V_UNBOUND)
        return vm_new_iter(vm, vm->t_seq_iterator, v);
    return vm_raise(vm, vm->e_TypeError, "'%s' object is not iterable", t->name->data);
}

Value vm_next(VM *vm, Value it)
{
    /* native loops over an iterator may never end (sum(range(2**62)),
     * set(itertools.count())): Ctrl-C and the step budget reach them here */
    if (!vm_check_signals(vm) || !vm_step(vm)) return V_EXC;
    TypeObj *t = vm_type_of(vm, it);
    vm->stop_exc = V_NONE;
    if (t->iternext) return t->iternext(vm, it);
    Value r = call_special(vm, it, vm->s___next__, NULL, 0);
    if (r == V_UNBOUND) return vm_raise(vm, vm->e_TypeError, "'%s' object is not an iterator", t->name->data);
    if (r == V_EXC && vm_exc_matches(vm, vm->exc, v_obj(vm->e_StopIteration))) {
        vm->stop_exc = vm->exc;
        vm->exc = V_NONE;
        return V_UNBOUND;
    }
    return r;
}

/* ---- subscription */

/* A small int index into a sequence of len items, negative from the end;
 * false when out of range. */
static bool seq_index(Value key, int64_t len, int64_t *i)
{
    if (!v_is_int(key)) return false;
    *i = v_as_int(key);
    if (*i < 0) *i += len;
    return *i >= 0 && *i < len;
}

Value vm_getitem(VM *vm, Value obj, Value key)
{
    int64_t i;
    if (v_is_obj(obj)) {
        TypeObj *t = v_as_obj(obj)->type;
        if (t == vm->t_list && seq_index(key, AS_LIST(obj)->len, &i)) return AS_LIST(obj)->items[i];
        if (t == vm->t_tuple && seq_index(key, AS_TUPLE(obj)->len, &i)) return AS_TUPLE(obj)->items[i];
        /* an ASCII str indexes by byte */
        if (t == vm->t_str && AS_STR(obj)->len == AS_STR(obj)->nchars && seq_index(key, AS_STR(obj)->len, &i))
            return vm_new_str(vm, AS_STR(obj)->data + i, 1);
        if (t == vm->t_dict) {
            Value r = vm_dict_get(vm, AS_DICT(obj), key);
            if (r != V_UNBOUND) return r;
            Value exc = vm_new_exception(vm, vm->e_KeyError, &key, 1);
            return exc == V_EXC ? V_EXC : vm_raise_value(vm, exc);
        }
    }
    Value r = call_special(vm, obj, vm->s___getitem__, &key, 1);
    if (r != V_UNBOUND) return r;
    if (v_has_layout(obj, LAYOUT_TYPE)) {
        Value m = vm_getattr_opt(vm, obj, vm->s___class_getitem__);
        if (m == V_EXC) return V_EXC;
        if (m != V_UNBOUND) {
            vm_push_root(vm, m);
            r = vm_call(vm, m, &key, 1, NULL);
            vm_pop_roots(vm, 1);
            return r;
        }
        return vm_raise(vm, vm->e_TypeError, "type '%s' is not subscriptable", AS_TYPE(obj)->name->data);
    }
    return vm_raise(vm, vm->e_TypeError, "'%s' object is not subscriptable", TNAME(obj));
}

bool vm_setitem(VM *vm, Value obj, Value key, Value v)
{
    int64_t i;
    if (v_is_obj(obj)) {
        TypeObj *t = v_as_obj(obj)->type;
        if (t == vm->t_list && seq_index(key, AS_LIST(obj)->len, &i)) {
            AS_LIST(obj)->items[i] = v;
            return true;
        }
        if (t == vm->t_dict) return vm_dict_set(vm, AS_DICT(obj), key, v);
    }
    Value args[2] = {key, v};
    Value r = call_special(vm, obj, vm->s___setitem__, args, 2);
    if (r == V_UNBOUND) {
        vm_raise(vm, vm->e_TypeError, "'%s' object does not support item assignment", TNAME(obj));
        return false;
    }
    return r != V_EXC;
}

bool vm_delitem(VM *vm, Value obj, Value key)
{
    Value r = call_special(vm, obj, vm->s___delitem__, &key, 1);
    if (r == V_UNBOUND) {
        vm_raise(vm, vm->e_TypeError, "'%s' object doesn't support item deletion", TNAME(obj));
        return false;
    }
    return r != V_EXC;
}

/* ---- containment */

/* `item in` a list or tuple: items compared with ==, re-read after each
 * comparison because Python code may change the list. */
static int contains_items(VM *vm, Value seq, Value item)
{
    bool list = v_as_obj(seq)->type->layout == LAYOUT_LIST;
    for (uint32_t i = 0;; i++) {
        uint32_t n = list ? AS_LIST(seq)->len : AS_TUPLE(seq)->len;
        if (i >= n) return 0;
        Value x = list ? AS_LIST(seq)->items[i] : AS_TUPLE(seq)->items[i];
        int eq = vm_eq(vm, x, item);
        if (eq) return eq;
    }
}

int vm_contains(VM *vm, Value container, Value item)
{
    if (v_is_obj(container)) {
        TypeObj *t = v_as_obj(container)->type;
        if (t == vm->t_str) {
            if (!v_has_layout(item, LAYOUT_STR)) {
                vm_raise(vm, vm->e_TypeError, "'in <string>' requires string as left operand, not %s", TNAME(item));
                return -1;
            }
            return vm_str_contains(AS_STR(container), AS_STR(item));
        }
        if (t == vm->t_dict) {
            Value r = vm_dict_get(vm, AS_DICT(container), item);
            return r == V_EXC ? -1 : r != V_UNBOUND;
        }
        if (t == vm->t_set || t == vm->t_frozenset) return vm_set_contains(vm, AS_DICT(container), item);
        if (t == vm->t_list || t == vm->t_tuple) return contains_items(vm, container, item);
    }
    Value r = call_special(vm, container, vm->s___contains__, &item, 1);
    if (r != V_UNBOUND) return r == V_EXC ? -1 : vm_truthy(vm, r);
    TypeObj *t = vm_type_of(vm, container);
    if (vm_type_lookup(t, vm->s___iter__) == V_UNBOUND && vm_type_lookup(t, vm->s___getitem__) == V_UNBOUND) {
        vm_raise(vm, vm->e_TypeError, "argument of type '%s' is not iterable", t->name->data);
        return -1;
    }
    Value it = vm_iter(vm, container);
    if (it == V_EXC) return -1;
    vm_push_root(vm, it);
    int found = 0;
    for (;;) {
        Value x = vm_next(vm, it);
        if (x == V_UNBOUND) break;
        if (x == V_EXC) {
            found = -1;
            break;
        }
        found = vm_eq(vm, x, item);
        if (found) break;
    }
    vm_pop_roots(vm, 1);
    return found;
}

/* ---- native descriptors for the built-in types' namespaces */

static void put_wrapped(VM *vm, TypeObj *t, TypeObj *kind, const char *name, NativeFn fn)
{
    Value f = vm_new_builtin(vm, name, fn, V_UNBOUND);
    if (f == V_EXC) return;
    vm_push_root(vm, f);
    Value w = V_EXC;
    if (kind == vm->t_property) {
        PropertyObj *p = vm_alloc(vm, kind, sizeof *p);
        if (p) {
            p->fget = f;
            p->fset = p->fdel = p->doc = V_NONE;
            w = v_obj(p);
        }
    } else {
        WrapperObj *o = vm_alloc(vm, kind, sizeof *o);
        if (o) {
            o->func = f;
            w = v_obj(o);
        }
    }
    if (w != V_EXC) {
        vm_push_root(vm, w);
        vm_dict_set_str(vm, t->hdr.dict, vm_intern(vm, name, strlen(name)), w);
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
}

void vm_add_staticmethod(VM *vm, TypeObj *t, const char *name, NativeFn fn)
{
    put_wrapped(vm, t, vm->t_staticmethod, name, fn);
}

void vm_add_getter(VM *vm, TypeObj *t, const char *name, NativeFn fn) { put_wrapped(vm, t, vm->t_property, name, fn); }

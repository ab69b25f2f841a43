/* Tuples: construction, the sequence protocol and CPython 3.11's xxHash-based
 * hash; the pieces lists share (lexicographic comparison, repeat counts); and
 * types.GenericAlias, what list[int] and the other containers' subscription return. */
#include <string.h>

#include "../parser/ast.h"
#include "vm.h"

static Value alloc_tuple(VM *vm, TypeObj *type, uint32_t n)
{
    TupleObj *t = vm_alloc(vm, type, sizeof *t + (size_t)n * sizeof(Value));
    if (!t) return V_EXC;
    t->hash = -1;
    t->len = n;
    for (uint32_t i = 0; i < n; i++) t->items[i] = V_NONE;
    return v_obj(t);
}

Value vm_new_tuple(VM *vm, uint32_t n)
{
    if (n == 0 && v_is_obj(vm->empty_tuple)) return vm->empty_tuple;
    return alloc_tuple(vm, vm->t_tuple, n);
}

Value vm_tuple_of(VM *vm, const Value *items, uint32_t n)
{
    Value t = vm_new_tuple(vm, n);
    if (t != V_EXC && n) memcpy(AS_TUPLE(t)->items, items, n * sizeof(Value));
    return t;
}

/* ---- what lists share ---------------------------------------------------------------- */

Value *vm_seq_items(Value v, uint32_t *len)
{
    Obj *o = v_as_obj(v);
    if (o->type->layout == LAYOUT_LIST) {
        *len = ((ListObj *)o)->len;
        return ((ListObj *)o)->items;
    }
    *len = ((TupleObj *)o)->len;
    return ((TupleObj *)o)->items;
}

static Value seq_compare(VM *vm, Value a, Value b, int op)
{
    uint32_t na, nb, i;
    vm_seq_items(a, &na);
    vm_seq_items(b, &nb);
    if (na != nb && (op == AST_Eq || op == AST_NotEq)) return v_bool(op == AST_NotEq);
    /* the first index where the items differ */
    for (i = 0;; i++) {
        Value *ia = vm_seq_items(a, &na), *ib = vm_seq_items(b, &nb);
        if (i >= na || i >= nb) break;
        if (ia[i] == ib[i]) continue;
        int eq = vm_eq(vm, ia[i], ib[i]);
        if (eq < 0) return V_EXC;
        if (!eq) break;
    }
    Value *ia = vm_seq_items(a, &na), *ib = vm_seq_items(b, &nb);
    if (i >= na || i >= nb) return v_bool(vm_cmp_holds(op, (na > nb) - (na < nb)));
    if (op == AST_Eq || op == AST_NotEq) return v_bool(op == AST_NotEq);
    return vm_compare(vm, op, ia[i], ib[i]);
}

Value vm_seq_compare(VM *vm, Value a, Value b, int op)
{
    if (!vm_enter_recursion(vm, " in comparison")) return V_EXC;
    Value r = seq_compare(vm, a, b, op);
    vm_leave_recursion(vm);
    return r;
}

bool vm_defers_to(VM *vm, Value other, const char *rname)
{
    TypeObj *t = vm_type_of(vm, other);
    return (t->flags & TF_HEAPTYPE) && vm_type_lookup(t, vm_intern(vm, rname, strlen(rname))) != V_UNBOUND;
}

int vm_repeat_count(VM *vm, Value n, int64_t *count)
{
    if (v_is_int(n)) {
        *count = v_as_int(n);
        return 1;
    }
    if (!vm_is_int(vm, n) && vm_type_lookup(vm_type_of(vm, n), vm->s___index__) == V_UNBOUND) {
        if (vm_defers_to(vm, n, "__rmul__")) return 0;
        vm_raise(vm, vm->e_TypeError, "can't multiply sequence by non-int of type '%s'", vm_type_of(vm, n)->name->data);
        return -1;
    }
    return vm_index(vm, n, count) ? 1 : -1;
}

/* ---- tuple methods -------------------------------------------------------------------- */

static TupleObj *self_tuple(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int n)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_tuple, meth, n)) return NULL;
    return AS_TUPLE(args[0]);
}

/* tuple(iterable=()) */
static Value tuple_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_tuple);
    if (!cls || !vm_check_nargs(vm, "tuple", nargs - 1, kw, 0, 1)) return V_EXC;
    if (nargs == 1) return cls == vm->t_tuple ? vm_new_tuple(vm, 0) : alloc_tuple(vm, cls, 0);
    Value src = args[1];
    TypeObj *st = vm_type_of(vm, src);
    if (cls == vm->t_tuple && st == vm->t_tuple) return src;
    size_t mark = vm->nroots;
    if (st != vm->t_tuple && st != vm->t_list) {
        src = vm_list_from(vm, src);
        if (src == V_EXC) return V_EXC;
        vm_push_root(vm, src);
    }
    uint32_t n;
    Value *items = vm_seq_items(src, &n);
    Value t = cls == vm->t_tuple ? vm_new_tuple(vm, n) : alloc_tuple(vm, cls, n);
    if (t != V_EXC && n) memcpy(AS_TUPLE(t)->items, items, n * sizeof(Value));
    vm_pop_roots(vm, vm->nroots - mark);
    return t;
}

static Value tuple_len(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TupleObj *t = self_tuple(vm, args, nargs, kw, "__len__", 0);
    return t ? v_int(t->len) : V_EXC;
}

static Value tuple_getitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TupleObj *t = self_tuple(vm, args, nargs, kw, "__getitem__", 1);
    if (!t) return V_EXC;
    int64_t i, start, stop, step, n;
    switch (vm_subscript(vm, args[1], &i)) {
    case 1:
        if (i < 0) i += t->len;
        if (i < 0 || i >= t->len) return vm_raise(vm, vm->e_IndexError, "tuple index out of range");
        return t->items[i];
    case 2: {
        if (!vm_slice_indices(vm, args[1], t->len, &start, &stop, &step, &n)) return V_EXC;
        if (step == 1 && n == t->len && t->hdr.type == vm->t_tuple) return args[0];
        Value r = vm_new_tuple(vm, (uint32_t)n);
        if (r == V_EXC) return V_EXC;
        for (int64_t k = 0; k < n; k++) AS_TUPLE(r)->items[k] = t->items[start + k * step];
        return r;
    }
    case 0:
        return vm_raise(vm, vm->e_TypeError, "tuple indices must be integers or slices, not %s",
                        vm_type_of(vm, args[1])->name->data);
    default:
        return V_EXC;
    }
}

static Value tuple_contains(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TupleObj *t = self_tuple(vm, args, nargs, kw, "__contains__", 1);
    if (!t) return V_EXC;
    for (uint32_t i = 0; i < t->len; i++) {
        if (t->items[i] == args[1]) return V_TRUE;
        int eq = vm_eq(vm, t->items[i], args[1]);
        if (eq) return eq < 0 ? V_EXC : V_TRUE;
    }
    return V_FALSE;
}

static Value tuple_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_tuple(vm, args, nargs, kw, "__iter__", 0)) return V_EXC;
    return vm_new_iter(vm, vm->t_tuple_iterator, args[0]);
}

static Value tuple_add(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TupleObj *a = self_tuple(vm, args, nargs, kw, "__add__", 1);
    if (!a) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_TUPLE)) {
        if (vm_defers_to(vm, args[1], "__radd__")) return V_NOTIMPL;
        return vm_raise(vm, vm->e_TypeError, "can only concatenate tuple (not \"%s\") to tuple",
                        vm_type_of(vm, args[1])->name->data);
    }
    TupleObj *b = AS_TUPLE(args[1]);
    if (b->len == 0 && a->hdr.type == vm->t_tuple) return args[0];
    if (a->len == 0 && b->hdr.type == vm->t_tuple) return args[1];
    if ((uint64_t)a->len + b->len > UINT32_MAX) return vm_raise(vm, vm->e_MemoryError, "tuple too long");
    Value r = vm_new_tuple(vm, a->len + b->len);
    if (r == V_EXC) return V_EXC;
    memcpy(AS_TUPLE(r)->items, a->items, a->len * sizeof(Value));
    memcpy(AS_TUPLE(r)->items + a->len, b->items, b->len * sizeof(Value));
    return r;
}

static Value tuple_mul(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TupleObj *t = self_tuple(vm, args, nargs, kw, "__mul__", 1);
    if (!t) return V_EXC;
    int64_t n;
    int k = vm_repeat_count(vm, args[1], &n);
    if (k <= 0) return k ? V_EXC : V_NOTIMPL;
    if (n == 1 && t->hdr.type == vm->t_tuple) return args[0];
    if (n <= 0 || t->len == 0) return vm_new_tuple(vm, 0);
    if ((uint64_t)n > UINT32_MAX / t->len) return vm_raise(vm, vm->e_MemoryError, "tuple too long");
    Value r = vm_new_tuple(vm, (uint32_t)(t->len * n));
    if (r == V_EXC) return V_EXC;
    for (int64_t i = 0; i < n; i++) memcpy(AS_TUPLE(r)->items + i * t->len, t->items, t->len * sizeof(Value));
    return r;
}

static Value tuple_cmp(VM *vm, Value *args, int nargs, TupleObj *kw, int op, const char *meth)
{
    if (!self_tuple(vm, args, nargs, kw, meth, 1)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_TUPLE)) return V_NOTIMPL;
    return vm_seq_compare(vm, args[0], args[1], op);
}

#define X(name, op)                                                             \
    static Value tuple_##name(VM *vm, Value *args, int nargs, TupleObj *kw)     \
    {                                                                           \
        return tuple_cmp(vm, args, nargs, kw, op, #name);                       \
    }
VM_RICH_COMPARES(X)
#undef X

/* CPython 3.11's tuplehash: xxHash's round over the items' hashes. */
#define XXPRIME_1 11400714785074694791ull
#define XXPRIME_2 14029467366897019727ull
#define XXPRIME_5 2870177450012600261ull

static Value tuple_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TupleObj *t = self_tuple(vm, args, nargs, kw, "__hash__", 0);
    if (!t) return V_EXC;
    if (t->hash == -1) {
        uint64_t acc = XXPRIME_5;
        if (!vm_enter_recursion(vm, " while hashing")) return V_EXC;
        for (uint32_t i = 0; i < t->len; i++) {
            int64_t h;
            if (!vm_hash(vm, t->items[i], &h)) {
                vm_leave_recursion(vm);
                return V_EXC;
            }
            acc += (uint64_t)h * XXPRIME_2;
            acc = (acc << 31) | (acc >> 33);
            acc *= XXPRIME_1;
        }
        vm_leave_recursion(vm);
        acc += t->len ^ (XXPRIME_5 ^ 3527539ull);
        t->hash = acc == UINT64_MAX ? 1546275796 : (int64_t)acc;
    }
    return vm_int_from_i64(vm, t->hash);
}

static Value tuple_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TupleObj *t = self_tuple(vm, args, nargs, kw, "__repr__", 0);
    if (!t) return V_EXC;
    if (t->len == 0) return vm_cstr(vm, "()");
    /* a tuple can reach itself through a mutable item */
    int enter = vm_repr_enter(vm, &t->hdr);
    if (enter <= 0) return enter ? V_EXC : vm_cstr(vm, "(...)");
    StrBuf b;
    sb_init(&b);
    sb_putc(&b, '(');
    bool ok = true;
    for (uint32_t i = 0; ok && i < t->len; i++) {
        if (i) sb_puts(&b, ", ");
        ok = vm_sb_repr(vm, &b, t->items[i]);
    }
    vm_repr_leave(vm, &t->hdr);
    if (!ok) {
        sb_free(&b);
        return V_EXC;
    }
    sb_puts(&b, t->len == 1 ? ",)" : ")");
    return vm_sb_finish(vm, &b);
}

static Value tuple_count(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TupleObj *t = self_tuple(vm, args, nargs, kw, "count", 1);
    if (!t) return V_EXC;
    int64_t n = 0;
    for (uint32_t i = 0; i < t->len; i++) {
        int eq = t->items[i] == args[1] ? 1 : vm_eq(vm, t->items[i], args[1]);
        if (eq < 0) return V_EXC;
        n += eq;
    }
    return v_int(n);
}

/* tuple.index(value, start=0, stop=sys.maxsize, /) */
static Value tuple_index(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_tuple, "index") || !vm_check_nargs(vm, "index", nargs - 1, kw, 1, 3))
        return V_EXC;
    TupleObj *t = AS_TUPLE(args[0]);
    int64_t start = 0, stop = INT64_MAX;
    if (nargs > 2 && !vm_clamped_index(vm, args[2], &start)) return V_EXC;
    if (nargs > 3 && !vm_clamped_index(vm, args[3], &stop)) return V_EXC;
    if (start < 0 && (start += t->len) < 0) start = 0;
    if (stop < 0 && (stop += t->len) < 0) stop = 0;
    for (int64_t i = start; i < stop && i < t->len; i++) {
        int eq = t->items[i] == args[1] ? 1 : vm_eq(vm, t->items[i], args[1]);
        if (eq) return eq < 0 ? V_EXC : v_int(i);
    }
    return vm_raise(vm, vm->e_ValueError, "tuple.index(x): x not in tuple");
}

/* ---- types.GenericAlias ------------------------------------------------------------------ */

/* list[int]: an object whose __origin__ is the class and __args__ the
 * subscript as a tuple; both live in its private hdr.dict. */
static Value class_getitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__class_getitem__", nargs - 1, kw, 1, 1)) return V_EXC;
    Value params = args[1];
    if (vm_type_of(vm, params) != vm->t_tuple) params = vm_tuple_of(vm, &params, 1);
    if (params == V_EXC) return V_EXC;
    vm_push_root(vm, params);
    Obj *ga = vm_alloc(vm, vm->t_generic_alias, sizeof *ga);
    Value d = ga ? vm_new_dict(vm) : V_EXC;
    bool ok = d != V_EXC;
    if (ok) {
        ga->dict = AS_DICT(d);
        ok = vm_dict_set_str(vm, ga->dict, vm_intern(vm, "__origin__", 10), args[0]) &&
             vm_dict_set_str(vm, ga->dict, vm_intern(vm, "__args__", 8), params);
    }
    vm_pop_roots(vm, 1);
    return ok ? v_obj(ga) : V_EXC;
}

/* GenericAlias(origin, args), what a Python __class_getitem__ returns */
static Value ga_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "GenericAlias", nargs - 1, kw, 2, 2)) return V_EXC;
    return class_getitem(vm, args + 1, 2, NULL);
}

/* A field of an alias; None once deleted from its __dict__. */
static Value ga_field(VM *vm, Value ga, const char *name)
{
    Value v = vm_dict_get_str(v_as_obj(ga)->dict, vm_intern(vm, name, strlen(name)));
    return v == V_UNBOUND ? V_NONE : v;
}

/* GenericAlias() made without a subscript has no fields */
static bool ga_made(VM *vm, Value ga)
{
    if (v_as_obj(ga)->dict) return true;
    vm_raise(vm, vm->e_TypeError, "uninitialized GenericAlias");
    return false;
}

static bool self_alias(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int n)
{
    return vm_method_args(vm, args, nargs, kw, vm->t_generic_alias, meth, n) && ga_made(vm, args[0]);
}

/* typing's repr of a parameter: classes by (module.)qualname, ... for Ellipsis */
static bool ga_repr_item(VM *vm, StrBuf *b, Value v)
{
    if (v == V_ELLIPSIS) {
        sb_puts(b, "...");
        return true;
    }
    if (!v_has_layout(v, LAYOUT_TYPE)) return vm_sb_repr(vm, b, v);
    TypeObj *t = AS_TYPE(v);
    if (t->flags & TF_HEAPTYPE) {
        Value mod = vm_getattr_opt(vm, v, vm->s___module__);
        if (v_has_layout(mod, LAYOUT_STR) && strcmp(AS_STR(mod)->data, "builtins") != 0) {
            sb_putn(b, AS_STR(mod)->data, AS_STR(mod)->len);
            sb_putc(b, '.');
        }
    }
    StrObj *q = t->qualname ? t->qualname : t->name;
    sb_putn(b, q->data, q->len);
    return true;
}

static Value ga_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_alias(vm, args, nargs, kw, "__repr__", 0)) return V_EXC;
    Value origin = ga_field(vm, args[0], "__origin__"), params = ga_field(vm, args[0], "__args__");
    StrBuf b;
    sb_init(&b);
    bool ok = ga_repr_item(vm, &b, origin);
    sb_putc(&b, '[');
    if (v_has_layout(params, LAYOUT_TUPLE)) {
        TupleObj *t = AS_TUPLE(params);
        if (t->len == 0) sb_puts(&b, "()");
        for (uint32_t i = 0; ok && i < t->len; i++) {
            if (i) sb_puts(&b, ", ");
            ok = ga_repr_item(vm, &b, t->items[i]);
        }
    }
    if (!ok) {
        sb_free(&b);
        return V_EXC;
    }
    sb_putc(&b, ']');
    return vm_sb_finish(vm, &b);
}

/* list[int](x) builds a list */
static Value ga_call(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_generic_alias, "__call__") || !ga_made(vm, args[0])) return V_EXC;
    return vm_call(vm, ga_field(vm, args[0], "__origin__"), args + 1, nargs - 1, kw);
}

static Value ga_eq(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_alias(vm, args, nargs, kw, "__eq__", 1)) return V_EXC;
    if (vm_type_of(vm, args[1]) != vm->t_generic_alias || !v_as_obj(args[1])->dict) return V_NOTIMPL;
    int eq = vm_eq(vm, ga_field(vm, args[0], "__origin__"), ga_field(vm, args[1], "__origin__"));
    if (eq == 1) eq = vm_eq(vm, ga_field(vm, args[0], "__args__"), ga_field(vm, args[1], "__args__"));
    return eq < 0 ? V_EXC : v_bool(eq);
}

static Value ga_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_alias(vm, args, nargs, kw, "__hash__", 0)) return V_EXC;
    int64_t a, b;
    if (!vm_hash(vm, ga_field(vm, args[0], "__origin__"), &a) || !vm_hash(vm, ga_field(vm, args[0], "__args__"), &b))
        return V_EXC;
    int64_t h = a ^ b;
    return vm_int_from_i64(vm, h == -1 ? -2 : h);
}

#define ALIAS_FIELDS(X) X(__origin__) X(__args__)
#define X(f)                                                                  \
    static Value ga_get##f(VM *vm, Value *args, int nargs, TupleObj *kw)      \
    {                                                                         \
        return self_alias(vm, args, nargs, kw, #f, 0) ? ga_field(vm, args[0], #f) : V_EXC; \
    }
ALIAS_FIELDS(X)
#undef X

/* class C(list[int]) derives from list */
static Value ga_mro_entries(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_alias(vm, args, nargs, kw, "__mro_entries__", 1)) return V_EXC;
    Value origin = ga_field(vm, args[0], "__origin__");
    return vm_tuple_of(vm, &origin, 1);
}

/* ---- registration ------------------------------------------------------------------ */

#define TUPLE_METHODS(X)                                                              \
    X("__new__", tuple_new) X("__len__", tuple_len) X("__getitem__", tuple_getitem)   \
    X("__contains__", tuple_contains) X("__iter__", tuple_iter) X("__add__", tuple_add) \
    X("__mul__", tuple_mul) X("__rmul__", tuple_mul) X("__hash__", tuple_hash)        \
    X("__repr__", tuple_repr) X("count", tuple_count) X("index", tuple_index)

#define ALIAS_METHODS(X)                                                              \
    X("__new__", ga_new) X("__repr__", ga_repr) X("__call__", ga_call)                \
    X("__eq__", ga_eq) X("__hash__", ga_hash) X("__mro_entries__", ga_mro_entries)

void vm_init_tuple(VM *vm)
{
#define X(name, fn) vm_add_method(vm, vm->t_tuple, name, fn);
    TUPLE_METHODS(X)
#undef X
#define X(name, op) vm_add_method(vm, vm->t_tuple, #name, tuple_##name);
    VM_RICH_COMPARES(X)
#undef X
#define X(name, fn) vm_add_method(vm, vm->t_generic_alias, name, fn);
    ALIAS_METHODS(X)
#undef X
#define X(f) vm_add_property(vm, vm->t_generic_alias, #f, ga_get##f, NULL);
    ALIAS_FIELDS(X)
#undef X
    TypeObj *generic[] = {vm->t_tuple, vm->t_list, vm->t_dict, vm->t_set, vm->t_frozenset};
    for (size_t i = 0; i < sizeof generic / sizeof *generic; i++)
        vm_add_classmethod(vm, generic[i], "__class_getitem__", class_getitem);
}

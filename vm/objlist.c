/* Lists: storage, indexing and slice assignment, the list methods, CPython's
 * timsort behind list.sort and sorted(), and the StrBuf helpers in which
 * every container's repr is built. */
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "../parser/pyrepr.h"
#include "vm.h"

/* ---- storage ---------------------------------------------------------------------- */

static Value alloc_list(VM *vm, TypeObj *type, uint32_t cap)
{
    ListObj *l = vm_alloc(vm, type, sizeof *l);
    if (!l) return V_EXC;
    l->len = l->cap = 0;
    l->items = NULL;
    if (cap) {
        l->items = malloc((size_t)cap * sizeof(Value));
        if (!l->items) return vm_raise(vm, vm->e_MemoryError, "out of memory");
        l->cap = cap;
    }
    return v_obj(l);
}

Value vm_new_list(VM *vm, uint32_t cap) { return alloc_list(vm, vm->t_list, cap); }

/* Room for `need` items, over-allocating by an eighth as CPython does so that
 * appends stay amortized O(1). */
static bool reserve(VM *vm, ListObj *l, uint64_t need)
{
    if (need <= l->cap) return true;
    if (need > UINT32_MAX) {
        vm_raise(vm, vm->e_MemoryError, "list too long");
        return false;
    }
    uint64_t cap = need + (need >> 3) + 6;
    if (cap > UINT32_MAX) cap = UINT32_MAX;
    Value *items = realloc(l->items, (size_t)cap * sizeof(Value));
    if (!items) {
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return false;
    }
    l->items = items;
    l->cap = (uint32_t)cap;
    return true;
}

bool vm_list_append(VM *vm, ListObj *l, Value v)
{
    if (l->len == l->cap && !reserve(vm, l, (uint64_t)l->len + 1)) return false;
    l->items[l->len++] = v;
    return true;
}

static void clear_items(ListObj *l)
{
    free(l->items);
    l->items = NULL;
    l->len = l->cap = 0;
}

static int append_item(VM *vm, void *l, Value item) { return vm_list_append(vm, l, item) ? 1 : -1; }

bool vm_list_extend(VM *vm, ListObj *l, Value iterable)
{
    TypeObj *t = vm_type_of(vm, iterable);
    if (t != vm->t_list && t != vm->t_tuple) return vm_foreach(vm, iterable, append_item, l) >= 0;
    uint32_t n;
    vm_seq_items(iterable, &n);
    if (!reserve(vm, l, (uint64_t)l->len + n)) return false;
    /* read after reserve: l.extend(l) copies from the moved items */
    Value *src = vm_seq_items(iterable, &n);
    if (n) memmove(l->items + l->len, src, (size_t)n * sizeof(Value));
    l->len += n;
    return true;
}

Value vm_list_from(VM *vm, Value iterable)
{
    Value l = vm_new_list(vm, 0);
    if (l == V_EXC) return V_EXC;
    vm_push_root(vm, l);
    bool ok = vm_list_extend(vm, AS_LIST(l), iterable);
    vm_pop_roots(vm, 1);
    return ok ? l : V_EXC;
}

static bool norm_index(int64_t *i, uint32_t len)
{
    if (*i < 0) *i += len;
    return *i >= 0 && *i < len;
}

static void delete_at(ListObj *l, uint32_t i)
{
    memmove(l->items + i, l->items + i + 1, (size_t)(l->len - i - 1) * sizeof(Value));
    l->len--;
}

/* ---- reprs ------------------------------------------------------------------------ */

bool vm_sb_repr(VM *vm, StrBuf *b, Value v)
{
    if (v_is_int(v)) {
        sb_printf(b, "%lld", (long long)v_as_int(v));
    } else if (v_is_double(v)) {
        repr_float(b, v_as_double(v));
    } else if (v_is_obj(v) && v_as_obj(v)->type == vm->t_str) {
        repr_str(b, AS_STR(v)->data, AS_STR(v)->len);
    } else {
        Value r = vm_repr(vm, v);
        if (r == V_EXC) return false;
        sb_putn(b, AS_STR(r)->data, AS_STR(r)->len);
    }
    if (!b->oom) return true;
    vm_raise(vm, vm->e_MemoryError, "out of memory");
    return false;
}

int vm_repr_enter(VM *vm, Obj *o)
{
    if (o->flags & OBJ_IN_REPR) return 0;
    if (!vm_enter_recursion(vm, " while getting the repr of an object")) return -1;
    o->flags |= OBJ_IN_REPR;
    return 1;
}

void vm_repr_leave(VM *vm, Obj *o)
{
    o->flags &= ~OBJ_IN_REPR;
    vm_leave_recursion(vm);
}

Value vm_sb_finish(VM *vm, StrBuf *b)
{
    Value s = b->oom ? vm_raise(vm, vm->e_MemoryError, "out of memory") : vm_new_str(vm, b->data ? b->data : "", b->len);
    sb_free(b);
    return s;
}

/* ---- methods ---------------------------------------------------------------------- */

static ListObj *self_list(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int n)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_list, meth, n)) return NULL;
    return AS_LIST(args[0]);
}

/* list.__new__ makes an empty list; __init__ fills it. */
static Value list_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_list);
    return cls ? alloc_list(vm, cls, 0) : V_EXC;
}

/* list(iterable=()) */
static Value list_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_list, "__init__") || !vm_check_nargs(vm, "list", nargs - 1, kw, 0, 1))
        return V_EXC;
    ListObj *l = AS_LIST(args[0]);
    clear_items(l);
    return nargs == 1 || vm_list_extend(vm, l, args[1]) ? V_NONE : V_EXC;
}

static Value list_len(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "__len__", 0);
    return l ? v_int(l->len) : V_EXC;
}

static Value index_type_error(VM *vm, Value key)
{
    return vm_raise(vm, vm->e_TypeError, "list indices must be integers or slices, not %s",
                    vm_type_of(vm, key)->name->data);
}

static Value list_getitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "__getitem__", 1);
    if (!l) return V_EXC;
    int64_t i, start, stop, step;
    switch (vm_subscript(vm, args[1], &i)) {
    case 1:
        if (!norm_index(&i, l->len)) return vm_raise(vm, vm->e_IndexError, "list index out of range");
        return l->items[i];
    case 2: {
        if (!vm_slice_unpack(vm, args[1], &start, &stop, &step)) return V_EXC;
        int64_t n = vm_slice_adjust(l->len, &start, &stop, step);
        Value r = vm_new_list(vm, (uint32_t)n);
        if (r == V_EXC) return V_EXC;
        for (int64_t k = 0; k < n; k++) AS_LIST(r)->items[k] = l->items[start + k * step];
        AS_LIST(r)->len = (uint32_t)n;
        return r;
    }
    case 0:
        return index_type_error(vm, args[1]);
    default:
        return V_EXC;
    }
}

/* l[lo:hi] = items[0..n) */
static bool replace_run(VM *vm, ListObj *l, int64_t lo, int64_t hi, const Value *items, uint32_t n)
{
    if (hi < lo) hi = lo;
    int64_t grow = (int64_t)n - (hi - lo);
    uint32_t len = l->len;
    if (grow > 0 && !reserve(vm, l, (uint64_t)len + (uint64_t)grow)) return false;
    if (len > hi) memmove(l->items + hi + grow, l->items + hi, (size_t)(len - hi) * sizeof(Value));
    if (n) memcpy(l->items + lo, items, (size_t)n * sizeof(Value));
    l->len = (uint32_t)(len + grow);
    return true;
}

/* del l[start::step] for step != 1, keeping the other items in order */
static void delete_extended(ListObj *l, int64_t start, int64_t step, int64_t count)
{
    if (count <= 0) return;
    if (step < 0) {
        start += step * (count - 1);
        step = -step;
    }
    uint32_t w = (uint32_t)start;
    for (int64_t r = start; r < l->len; r++) {
        int64_t d = r - start;
        if (d % step == 0 && d / step < count) continue;
        l->items[w++] = l->items[r];
    }
    l->len = w;
}

/* l[slice] = v, or del l[slice] when v is V_UNBOUND. The source becomes a
 * list or tuple before the slice is fitted to the list's length, since
 * iterating it may run Python that changes the list. */
static bool assign_slice(VM *vm, ListObj *l, Value slice, Value v)
{
    int64_t start, stop, step;
    if (!vm_slice_unpack(vm, slice, &start, &stop, &step)) return false;
    size_t mark = vm->nroots;
    Value src = v;
    if (v != V_UNBOUND) {
        TypeObj *t = vm_type_of(vm, v);
        if (v == v_obj(l) || (t != vm->t_list && t != vm->t_tuple)) {
            if (vm_type_lookup(t, vm->s___iter__) == V_UNBOUND && vm_type_lookup(t, vm->s___getitem__) == V_UNBOUND) {
                vm_raise(vm, vm->e_TypeError, "can only assign an iterable");
                return false;
            }
            src = vm_list_from(vm, v);
            if (src == V_EXC) return false;
            vm_push_root(vm, src);
        }
    }
    int64_t count = vm_slice_adjust(l->len, &start, &stop, step);
    uint32_t n = 0;
    const Value *items = src == V_UNBOUND ? NULL : vm_seq_items(src, &n);
    bool ok = true;
    if (step == 1) {
        ok = replace_run(vm, l, start, stop, items, n);
    } else if (src == V_UNBOUND) {
        delete_extended(l, start, step, count);
    } else if (n != count) {
        vm_raise(vm, vm->e_ValueError, "attempt to assign sequence of size %u to extended slice of size %lld", n,
                 (long long)count);
        ok = false;
    } else {
        for (int64_t k = 0; k < count; k++) l->items[start + k * step] = items[k];
    }
    vm_pop_roots(vm, vm->nroots - mark);
    return ok;
}

static Value list_setitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_list, "__setitem__") ||
        !vm_check_nargs(vm, "__setitem__", nargs - 1, kw, 2, 2))
        return V_EXC;
    ListObj *l = AS_LIST(args[0]);
    int64_t i;
    switch (vm_subscript(vm, args[1], &i)) {
    case 1:
        if (!norm_index(&i, l->len)) return vm_raise(vm, vm->e_IndexError, "list assignment index out of range");
        l->items[i] = args[2];
        return V_NONE;
    case 2:
        return assign_slice(vm, l, args[1], args[2]) ? V_NONE : V_EXC;
    case 0:
        return index_type_error(vm, args[1]);
    default:
        return V_EXC;
    }
}

static Value list_delitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "__delitem__", 1);
    if (!l) return V_EXC;
    int64_t i;
    switch (vm_subscript(vm, args[1], &i)) {
    case 1:
        if (!norm_index(&i, l->len)) return vm_raise(vm, vm->e_IndexError, "list assignment index out of range");
        delete_at(l, (uint32_t)i);
        return V_NONE;
    case 2:
        return assign_slice(vm, l, args[1], V_UNBOUND) ? V_NONE : V_EXC;
    case 0:
        return index_type_error(vm, args[1]);
    default:
        return V_EXC;
    }
}

/* The first index in [start, stop) holding an item equal to x; -1 when
 * none, -2 on error. The list may change under __eq__: bounds are re-read. */
static int64_t find(VM *vm, ListObj *l, Value x, int64_t start, int64_t stop)
{
    for (int64_t i = start; i < stop && i < l->len; i++) {
        Value item = l->items[i];
        int eq = item == x ? 1 : vm_eq(vm, item, x);
        if (eq) return eq < 0 ? -2 : i;
    }
    return -1;
}

static Value list_contains(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "__contains__", 1);
    if (!l) return V_EXC;
    int64_t i = find(vm, l, args[1], 0, INT64_MAX);
    return i == -2 ? V_EXC : v_bool(i >= 0);
}

static Value list_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_list(vm, args, nargs, kw, "__iter__", 0)) return V_EXC;
    return vm_new_iter(vm, vm->t_list_iterator, args[0]);
}

/* A `reversed` iterator reading the list's items directly (step 1), as
 * CPython's list_reverseiterator does. */
static Value list_reversed(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "__reversed__", 0);
    if (!l) return V_EXC;
    Value it = vm_new_iter(vm, vm->t_reversed, args[0]);
    if (it == V_EXC) return V_EXC;
    ((IterObj *)v_as_obj(it))->i = (int64_t)l->len - 1;
    ((IterObj *)v_as_obj(it))->step = 1;
    return it;
}

static Value concat_error(VM *vm, Value other)
{
    if (vm_defers_to(vm, other, "__radd__")) return V_NOTIMPL;
    return vm_raise(vm, vm->e_TypeError, "can only concatenate list (not \"%s\") to list",
                    vm_type_of(vm, other)->name->data);
}

static Value list_add(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *a = self_list(vm, args, nargs, kw, "__add__", 1);
    if (!a) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_LIST)) return concat_error(vm, args[1]);
    ListObj *b = AS_LIST(args[1]);
    if ((uint64_t)a->len + b->len > UINT32_MAX) return vm_raise(vm, vm->e_MemoryError, "list too long");
    Value r = vm_new_list(vm, a->len + b->len);
    if (r == V_EXC) return V_EXC;
    if (a->len) memcpy(AS_LIST(r)->items, a->items, (size_t)a->len * sizeof(Value));
    if (b->len) memcpy(AS_LIST(r)->items + a->len, b->items, (size_t)b->len * sizeof(Value));
    AS_LIST(r)->len = a->len + b->len;
    return r;
}

static Value list_iadd(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "__iadd__", 1);
    if (!l) return V_EXC;
    return vm_list_extend(vm, l, args[1]) ? args[0] : V_EXC;
}

/* dst[0 .. n*len) = n copies of the len items at src */
static void repeat_into(Value *dst, const Value *src, uint32_t len, int64_t n)
{
    for (int64_t i = 0; i < n; i++) memcpy(dst + i * len, src, (size_t)len * sizeof(Value));
}

static Value list_mul(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "__mul__", 1);
    if (!l) return V_EXC;
    int64_t n;
    int k = vm_repeat_count(vm, args[1], &n);
    if (k <= 0) return k ? V_EXC : V_NOTIMPL;
    if (n <= 0 || l->len == 0) return vm_new_list(vm, 0);
    if ((uint64_t)n > UINT32_MAX / l->len) return vm_raise(vm, vm->e_MemoryError, "list too long");
    Value r = vm_new_list(vm, (uint32_t)(l->len * n));
    if (r == V_EXC) return V_EXC;
    repeat_into(AS_LIST(r)->items, l->items, l->len, n);
    AS_LIST(r)->len = (uint32_t)(l->len * n);
    return r;
}

static Value list_imul(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "__imul__", 1);
    if (!l) return V_EXC;
    int64_t n;
    int k = vm_repeat_count(vm, args[1], &n);
    if (k <= 0) return k ? V_EXC : V_NOTIMPL;
    if (n <= 0 || l->len == 0) {
        clear_items(l);
        return args[0];
    }
    uint32_t len = l->len;
    if ((uint64_t)n > UINT32_MAX / len) return vm_raise(vm, vm->e_MemoryError, "list too long");
    if (!reserve(vm, l, (uint64_t)len * (uint64_t)n)) return V_EXC;
    repeat_into(l->items + len, l->items, len, n - 1);
    l->len = (uint32_t)(len * n);
    return args[0];
}

static Value list_cmp(VM *vm, Value *args, int nargs, TupleObj *kw, int op, const char *meth)
{
    if (!self_list(vm, args, nargs, kw, meth, 1)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_LIST)) return V_NOTIMPL;
    return vm_seq_compare(vm, args[0], args[1], op);
}

#define X(name, op)                                                             \
    static Value list_##name(VM *vm, Value *args, int nargs, TupleObj *kw)      \
    {                                                                           \
        return list_cmp(vm, args, nargs, kw, op, #name);                        \
    }
VM_RICH_COMPARES(X)
#undef X

static Value list_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "__repr__", 0);
    if (!l) return V_EXC;
    if (l->len == 0) return vm_cstr(vm, "[]");
    int enter = vm_repr_enter(vm, &l->hdr);
    if (enter <= 0) return enter ? V_EXC : vm_cstr(vm, "[...]");
    StrBuf b;
    sb_init(&b);
    sb_putc(&b, '[');
    bool ok = true;
    /* an item's __repr__ may shrink the list: its length is read each time */
    for (uint32_t i = 0; ok && i < l->len; i++) {
        if (i) sb_puts(&b, ", ");
        ok = vm_sb_repr(vm, &b, l->items[i]);
    }
    vm_repr_leave(vm, &l->hdr);
    if (!ok) {
        sb_free(&b);
        return V_EXC;
    }
    sb_putc(&b, ']');
    return vm_sb_finish(vm, &b);
}

static Value list_append(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "append", 1);
    return l && vm_list_append(vm, l, args[1]) ? V_NONE : V_EXC;
}

static Value list_extend(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "extend", 1);
    return l && vm_list_extend(vm, l, args[1]) ? V_NONE : V_EXC;
}

/* list.insert(index, object, /) */
static Value list_insert(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_list, "insert") || !vm_check_nargs(vm, "insert", nargs - 1, kw, 2, 2))
        return V_EXC;
    ListObj *l = AS_LIST(args[0]);
    int64_t i;
    if (!vm_index(vm, args[1], &i)) return V_EXC;
    if (i < 0 && (i += l->len) < 0) i = 0;
    if (i > l->len) i = l->len;
    if (!reserve(vm, l, (uint64_t)l->len + 1)) return V_EXC;
    memmove(l->items + i + 1, l->items + i, (size_t)(l->len - i) * sizeof(Value));
    l->items[i] = args[2];
    l->len++;
    return V_NONE;
}

/* list.pop(index=-1, /) */
static Value list_pop(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_list, "pop") || !vm_check_nargs(vm, "pop", nargs - 1, kw, 0, 1))
        return V_EXC;
    ListObj *l = AS_LIST(args[0]);
    int64_t i = -1;
    if (nargs == 2 && !vm_index(vm, args[1], &i)) return V_EXC;
    if (l->len == 0) return vm_raise(vm, vm->e_IndexError, "pop from empty list");
    if (!norm_index(&i, l->len)) return vm_raise(vm, vm->e_IndexError, "pop index out of range");
    Value v = l->items[i];
    delete_at(l, (uint32_t)i);
    return v;
}

static Value list_remove(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "remove", 1);
    if (!l) return V_EXC;
    int64_t i = find(vm, l, args[1], 0, INT64_MAX);
    if (i == -2) return V_EXC;
    if (i < 0) return vm_raise(vm, vm->e_ValueError, "list.remove(x): x not in list");
    if (i < l->len) delete_at(l, (uint32_t)i);
    return V_NONE;
}

/* list.index(value, start=0, stop=sys.maxsize, /) */
static Value list_index(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_list, "index") || !vm_check_nargs(vm, "index", nargs - 1, kw, 1, 3))
        return V_EXC;
    ListObj *l = AS_LIST(args[0]);
    int64_t start = 0, stop = INT64_MAX;
    if (nargs > 2 && !vm_clamped_index(vm, args[2], &start)) return V_EXC;
    if (nargs > 3 && !vm_clamped_index(vm, args[3], &stop)) return V_EXC;
    if (start < 0 && (start += l->len) < 0) start = 0;
    if (stop < 0 && (stop += l->len) < 0) stop = 0;
    int64_t i = find(vm, l, args[1], start, stop);
    if (i >= 0) return vm_int_from_i64(vm, i);
    if (i == -2) return V_EXC;
    Value r = vm_repr(vm, args[1]);
    return r == V_EXC ? V_EXC : vm_raise(vm, vm->e_ValueError, "%s is not in list", AS_STR(r)->data);
}

static Value list_count(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "count", 1);
    if (!l) return V_EXC;
    int64_t n = 0;
    for (uint32_t i = 0; i < l->len; i++) {
        Value item = l->items[i];
        int eq = item == args[1] ? 1 : vm_eq(vm, item, args[1]);
        if (eq < 0) return V_EXC;
        n += eq;
    }
    return vm_int_from_i64(vm, n);
}

static Value list_clear(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "clear", 0);
    if (!l) return V_EXC;
    clear_items(l);
    return V_NONE;
}

static Value list_copy(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "copy", 0);
    if (!l) return V_EXC;
    Value r = vm_new_list(vm, l->len);
    if (r == V_EXC) return V_EXC;
    if (l->len) memcpy(AS_LIST(r)->items, l->items, (size_t)l->len * sizeof(Value));
    AS_LIST(r)->len = l->len;
    return r;
}

static void reverse_values(Value *a, uint32_t n)
{
    for (uint32_t i = 0, j = n; i + 1 < j; i++, j--) {
        Value t = a[i];
        a[i] = a[j - 1];
        a[j - 1] = t;
    }
}

static Value list_reverse(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    ListObj *l = self_list(vm, args, nargs, kw, "reverse", 0);
    if (!l) return V_EXC;
    reverse_values(l->items, l->len);
    return V_NONE;
}

/* ---- sorting ---------------------------------------------------------------------- */

typedef struct {
    Value key, value;
} SortItem;

/* a < b: 1, 0, or -1 on error */
typedef int (*LessFn)(VM *vm, Value a, Value b);

static int less_int(VM *vm, Value a, Value b) { return v_as_int(a) < v_as_int(b); }

static int less_float(VM *vm, Value a, Value b) { return v_as_double(a) < v_as_double(b); }

static int less_str(VM *vm, Value a, Value b) { return vm_str_cmp(AS_STR(a), AS_STR(b)) < 0; }

static bool exact_str(VM *vm, Value v) { return v_is_obj(v) && v_as_obj(v)->type == vm->t_str; }

static int less_any(VM *vm, Value a, Value b)
{
    if (v_is_int(a) && v_is_int(b)) return less_int(vm, a, b);
    if (v_is_double(a) && v_is_double(b)) return less_float(vm, a, b);
    if (exact_str(vm, a) && exact_str(vm, b)) return less_str(vm, a, b);
    Value r = vm_compare(vm, AST_Lt, a, b);
    if (r == V_TRUE || r == V_FALSE) return r == V_TRUE;
    return r == V_EXC ? -1 : vm_truthy(vm, r);
}

/* Tuples compare item by item, == until the first difference, which < then
 * decides (CPython's unsafe_tuple_compare); plain items skip the dispatch. */
static int less_tuple(VM *vm, Value a, Value b)
{
    TupleObj *x = AS_TUPLE(a), *y = AS_TUPLE(b);
    uint32_t n = x->len < y->len ? x->len : y->len, i;
    for (i = 0; i < n; i++) {
        Value p = x->items[i], q = y->items[i];
        if (p == q || (v_is_int(p) && v_is_int(q))) {
            if (p == q) continue;
            break;
        }
        int eq = exact_str(vm, p) && exact_str(vm, q) ? vm_str_eq(AS_STR(p), AS_STR(q)) : vm_eq(vm, p, q);
        if (eq < 0) return -1;
        if (!eq) break;
    }
    return i < n ? less_any(vm, x->items[i], y->items[i]) : x->len < y->len;
}

/* Keys all of one plain kind compare without the general dispatch. */
static LessFn pick_less(VM *vm, const SortItem *a, uint32_t n)
{
    bool ints = true, floats = true, strs = true, tuples = true;
    for (uint32_t i = 0; i < n && (ints || floats || strs || tuples); i++) {
        Value k = a[i].key;
        ints = ints && v_is_int(k);
        floats = floats && v_is_double(k);
        strs = strs && exact_str(vm, k);
        tuples = tuples && v_is_obj(k) && v_as_obj(k)->type == vm->t_tuple;
    }
    return ints ? less_int : floats ? less_float : strs ? less_str : tuples ? less_tuple : less_any;
}

/* CPython 3.11's timsort (listsort.txt), step for step, so that comparisons
 * with side effects happen in CPython's order: natural runs extended by
 * binary insertion to a minimum length, merged by the powersort policy,
 * galloping when one run keeps winning. On an error every routine leaves
 * the items a permutation of what they were. */
enum { MIN_GALLOP = 7, MAX_PENDING = 85 };

typedef struct {
    SortItem *base;
    int64_t len;
    int power;
} Run;

typedef struct {
    VM *vm;
    LessFn less;
    SortItem *items;      /* the whole array: run positions are offsets into it */
    int64_t n;
    SortItem *tmp;        /* merge space */
    int64_t tmpcap;
    int64_t min_gallop;
    Run pending[MAX_PENDING];
    int npending;
} Sorter;

static int lt(Sorter *s, Value a, Value b) { return s->less(s->vm, a, b); }

static bool reserve_tmp(Sorter *s, int64_t need)
{
    if (need <= s->tmpcap) return true;
    free(s->tmp);
    s->tmp = malloc((size_t)need * sizeof *s->tmp);
    s->tmpcap = s->tmp ? need : 0;
    if (!s->tmp) vm_raise(s->vm, s->vm->e_MemoryError, "out of memory");
    return s->tmp != NULL;
}

static void reverse_items(SortItem *a, int64_t n)
{
    for (int64_t i = 0, j = n - 1; i < j; i++, j--) {
        SortItem t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* The length of the run at lo: ascending, or strictly descending (*descending). */
static int64_t count_run(Sorter *s, SortItem *lo, SortItem *hi, bool *descending)
{
    *descending = false;
    if (++lo == hi) return 1;
    int64_t n = 2;
    int k = lt(s, lo[0].key, lo[-1].key);
    if (k < 0) return -1;
    *descending = k;
    for (lo++; lo < hi; lo++, n++) {
        k = lt(s, lo[0].key, lo[-1].key);
        if (k < 0) return -1;
        if (k != *descending) break;
    }
    return n;
}

/* Sorts [lo, hi) whose prefix [lo, start) is sorted, inserting each item
 * after the equal ones before it. */
static int binarysort(Sorter *s, SortItem *lo, SortItem *hi, SortItem *start)
{
    if (lo == start) start++;
    for (; start < hi; start++) {
        SortItem pivot = *start, *l = lo, *r = start;
        do {
            SortItem *p = l + ((r - l) >> 1);
            int k = lt(s, pivot.key, p->key);
            if (k < 0) return -1;
            if (k) r = p;
            else l = p + 1;
        } while (l < r);
        memmove(l + 1, l, (size_t)(start - l) * sizeof *l);
        *l = pivot;
    }
    return 0;
}

/* Where key goes in the sorted a[0..n), before any equal items (left) or
 * after them (right), searching out from a[hint] by doubling steps. */
static int64_t gallop_left(Sorter *s, Value key, SortItem *a, int64_t n, int64_t hint)
{
    int64_t ofs = 1, last = 0, k;
    SortItem *h = a + hint;
    int c = lt(s, h->key, key);
    if (c < 0) return -1;
    if (c) {
        int64_t max = n - hint;
        while (ofs < max && (c = lt(s, h[ofs].key, key)) > 0) {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        if (c < 0) return -1;
        if (ofs > max) ofs = max;
        last += hint;
        ofs += hint;
    } else {
        int64_t max = hint + 1;
        while (ofs < max && (c = lt(s, h[-ofs].key, key)) == 0) {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        if (c < 0) return -1;
        if (ofs > max) ofs = max;
        k = last;
        last = hint - ofs;
        ofs = hint - k;
    }
    for (last++; last < ofs;) {
        int64_t m = last + ((ofs - last) >> 1);
        if ((c = lt(s, a[m].key, key)) < 0) return -1;
        if (c) last = m + 1;
        else ofs = m;
    }
    return ofs;
}

static int64_t gallop_right(Sorter *s, Value key, SortItem *a, int64_t n, int64_t hint)
{
    int64_t ofs = 1, last = 0, k;
    SortItem *h = a + hint;
    int c = lt(s, key, h->key);
    if (c < 0) return -1;
    if (c) {
        int64_t max = hint + 1;
        while (ofs < max && (c = lt(s, key, h[-ofs].key)) > 0) {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        if (c < 0) return -1;
        if (ofs > max) ofs = max;
        k = last;
        last = hint - ofs;
        ofs = hint - k;
    } else {
        int64_t max = n - hint;
        while (ofs < max && (c = lt(s, key, h[ofs].key)) == 0) {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        if (c < 0) return -1;
        if (ofs > max) ofs = max;
        last += hint;
        ofs += hint;
    }
    for (last++; last < ofs;) {
        int64_t m = last + ((ofs - last) >> 1);
        if ((c = lt(s, key, a[m].key)) < 0) return -1;
        if (c) ofs = m;
        else last = m + 1;
    }
    return ofs;
}

/* Merges adjacent runs a (na items, the shorter, copied out) and b, from the left. */
static int merge_lo(Sorter *s, SortItem *a, int64_t na, SortItem *b, int64_t nb)
{
    if (!reserve_tmp(s, na)) return -1;
    memcpy(s->tmp, a, (size_t)na * sizeof *a);
    SortItem *dest = a;
    a = s->tmp;
    int result = -1;
    int64_t min_gallop = s->min_gallop, acount, bcount, k;
    *dest++ = *b++;
    if (--nb == 0) goto succeed;
    if (na == 1) goto copy_b;
    for (;;) {
        acount = bcount = 0;
        for (;;) {
            int c = lt(s, b->key, a->key);
            if (c < 0) goto fail;
            if (c) {
                *dest++ = *b++;
                bcount++;
                acount = 0;
                if (--nb == 0) goto succeed;
                if (bcount >= min_gallop) break;
            } else {
                *dest++ = *a++;
                acount++;
                bcount = 0;
                if (--na == 1) goto copy_b;
                if (acount >= min_gallop) break;
            }
        }
        min_gallop++;
        do {
            min_gallop -= min_gallop > 1;
            s->min_gallop = min_gallop;
            acount = k = gallop_right(s, b->key, a, na, 0);
            if (k < 0) goto fail;
            if (k) {
                memcpy(dest, a, (size_t)k * sizeof *a);
                dest += k;
                a += k;
                na -= k;
                if (na == 1) goto copy_b;
                if (na == 0) goto succeed;
            }
            *dest++ = *b++;
            if (--nb == 0) goto succeed;
            bcount = k = gallop_left(s, a->key, b, nb, 0);
            if (k < 0) goto fail;
            if (k) {
                memmove(dest, b, (size_t)k * sizeof *b);
                dest += k;
                b += k;
                nb -= k;
                if (nb == 0) goto succeed;
            }
            *dest++ = *a++;
            if (--na == 1) goto copy_b;
        } while (acount >= MIN_GALLOP || bcount >= MIN_GALLOP);
        s->min_gallop = ++min_gallop;
    }
succeed:
    result = 0;
fail:
    if (na) memcpy(dest, a, (size_t)na * sizeof *a);
    return result;
copy_b:
    /* a's last item goes after all of b's */
    memmove(dest, b, (size_t)nb * sizeof *b);
    dest[nb] = *a;
    return 0;
}

/* Merges adjacent runs a and b (nb items, the shorter, copied out), from the right. */
static int merge_hi(Sorter *s, SortItem *a, int64_t na, SortItem *b, int64_t nb)
{
    if (!reserve_tmp(s, nb)) return -1;
    SortItem *dest = b + nb - 1, *basea = a, *baseb = s->tmp;
    memcpy(s->tmp, b, (size_t)nb * sizeof *b);
    b = s->tmp + nb - 1;
    a += na - 1;
    int result = -1;
    int64_t min_gallop = s->min_gallop, acount, bcount, k;
    *dest-- = *a--;
    if (--na == 0) goto succeed;
    if (nb == 1) goto copy_a;
    for (;;) {
        acount = bcount = 0;
        for (;;) {
            int c = lt(s, b->key, a->key);
            if (c < 0) goto fail;
            if (c) {
                *dest-- = *a--;
                acount++;
                bcount = 0;
                if (--na == 0) goto succeed;
                if (acount >= min_gallop) break;
            } else {
                *dest-- = *b--;
                bcount++;
                acount = 0;
                if (--nb == 1) goto copy_a;
                if (bcount >= min_gallop) break;
            }
        }
        min_gallop++;
        do {
            min_gallop -= min_gallop > 1;
            s->min_gallop = min_gallop;
            k = gallop_right(s, b->key, basea, na, na - 1);
            if (k < 0) goto fail;
            acount = k = na - k;
            if (k) {
                dest -= k;
                a -= k;
                memmove(dest + 1, a + 1, (size_t)k * sizeof *a);
                na -= k;
                if (na == 0) goto succeed;
            }
            *dest-- = *b--;
            if (--nb == 1) goto copy_a;
            k = gallop_left(s, a->key, baseb, nb, nb - 1);
            if (k < 0) goto fail;
            bcount = k = nb - k;
            if (k) {
                dest -= k;
                b -= k;
                memcpy(dest + 1, b + 1, (size_t)k * sizeof *b);
                nb -= k;
                if (nb == 1) goto copy_a;
                if (nb == 0) goto succeed;
            }
            *dest-- = *a--;
            if (--na == 0) goto succeed;
        } while (acount >= MIN_GALLOP || bcount >= MIN_GALLOP);
        s->min_gallop = ++min_gallop;
    }
succeed:
    result = 0;
fail:
    if (nb) memcpy(dest - (nb - 1), baseb, (size_t)nb * sizeof *b);
    return result;
copy_a:
    /* b's first item goes before all of a's */
    dest -= na;
    a -= na;
    memmove(dest + 1, a + 1, (size_t)na * sizeof *a);
    *dest = *b;
    return 0;
}

/* Merges pending runs i and i + 1, trimming what is already in place. */
static int merge_at(Sorter *s, int i)
{
    Run *p = s->pending;
    SortItem *a = p[i].base, *b = p[i + 1].base;
    int64_t na = p[i].len, nb = p[i + 1].len;
    p[i].len = na + nb;
    if (i == s->npending - 3) p[i + 1] = p[i + 2];
    s->npending--;
    int64_t k = gallop_right(s, b->key, a, na, 0);
    if (k < 0) return -1;
    a += k;
    na -= k;
    if (na == 0) return 0;
    nb = gallop_left(s, a[na - 1].key, b, nb, nb - 1);
    if (nb <= 0) return (int)nb;
    return na <= nb ? merge_lo(s, a, na, b, nb) : merge_hi(s, a, na, b, nb);
}

/* The depth of the boundary between two adjacent runs in a perfectly
 * balanced merge tree over the whole array (powersort). */
static int powerloop(int64_t s1, int64_t n1, int64_t n2, int64_t n)
{
    int power = 0;
    int64_t a = 2 * s1 + n1, b = a + n1 + n2;
    for (;;) {
        power++;
        if (a >= n) {
            a -= n;
            b -= n;
        } else if (b >= n) {
            break;
        }
        a <<= 1;
        b <<= 1;
    }
    return power;
}

/* A run of n2 items follows the topmost pending one: merges the pending runs deeper than their boundary. */
static int found_new_run(Sorter *s, int64_t n2)
{
    if (!s->npending) return 0;
    Run *p = s->pending;
    Run *top = &p[s->npending - 1];
    int power = powerloop(top->base - s->items, top->len, n2, s->n);
    while (s->npending > 1 && p[s->npending - 2].power > power)
        if (merge_at(s, s->npending - 2) < 0) return -1;
    p[s->npending - 1].power = power;
    return 0;
}

/* The shortest run worth finding: in [32, 64], so n / minrun is a power of 2 or a little below. */
static int64_t min_run(int64_t n)
{
    int64_t r = 0;
    while (n >= 64) {
        r |= n & 1;
        n >>= 1;
    }
    return n + r;
}

static int timsort(Sorter *s)
{
    SortItem *lo = s->items;
    int64_t remaining = s->n, minrun = min_run(s->n);
    while (remaining) {
        bool descending;
        int64_t n = count_run(s, lo, lo + remaining, &descending);
        if (n < 0) return -1;
        if (descending) reverse_items(lo, n);
        if (n < minrun) {
            int64_t force = remaining <= minrun ? remaining : minrun;
            if (binarysort(s, lo, lo + force, lo + n) < 0) return -1;
            n = force;
        }
        if (found_new_run(s, n) < 0) return -1;
        s->pending[s->npending++] = (Run){lo, n, 0};
        lo += n;
        remaining -= n;
    }
    while (s->npending > 1) {
        int i = s->npending - 2;
        if (i > 0 && s->pending[i - 1].len < s->pending[i + 1].len) i--;
        if (merge_at(s, i) < 0) return -1;
    }
    return 0;
}

/* Sorts items with keys in place; `reverse` keeps equal items in their
 * original order, as CPython does by reversing before and after. */
static bool sort_items(VM *vm, SortItem *a, uint32_t n, bool reverse)
{
    Sorter s = {.vm = vm, .less = pick_less(vm, a, n), .items = a, .n = n, .min_gallop = MIN_GALLOP};
    if (reverse) reverse_items(a, n);
    bool ok = timsort(&s) == 0;
    if (reverse) reverse_items(a, n);
    free(s.tmp);
    return ok;
}

bool vm_list_sort(VM *vm, ListObj *l, Value key, bool reverse)
{
    /* The items move to a private list while sorting and `l` is left empty,
     * so that Python code run by keys and comparisons sees an empty list and
     * any change it makes is caught: "list modified during sort". */
    Value hold = vm_new_list(vm, 0);
    if (hold == V_EXC) return false;
    ListObj *h = AS_LIST(hold);
    h->items = l->items;
    h->len = l->len;
    h->cap = l->cap;
    l->items = NULL;
    l->len = l->cap = 0;
    size_t mark = vm->nroots;
    vm_push_root(vm, hold);
    uint32_t n = h->len;
    bool ok = true;
    Value keys = V_NONE;
    if (key != V_NONE && n) {
        keys = vm_new_list(vm, n);
        ok = keys != V_EXC;
        if (ok) vm_push_root(vm, keys);
        for (uint32_t i = 0; ok && i < n; i++) {
            Value k = vm_call(vm, key, &h->items[i], 1, NULL);
            ok = k != V_EXC;
            if (ok) AS_LIST(keys)->items[AS_LIST(keys)->len++] = k;
        }
    }
    if (ok && n > 1) {
        SortItem *a = malloc((size_t)n * sizeof *a);
        if (!a) {
            vm_raise(vm, vm->e_MemoryError, "out of memory");
            ok = false;
        } else {
            for (uint32_t i = 0; i < n; i++) {
                a[i].value = h->items[i];
                a[i].key = keys == V_NONE ? a[i].value : AS_LIST(keys)->items[i];
            }
            ok = sort_items(vm, a, n, reverse);
            for (uint32_t i = 0; i < n; i++) h->items[i] = a[i].value;
            free(a);
        }
    }
    bool modified = l->items != NULL || l->len != 0;
    free(l->items);
    l->items = h->items;
    l->len = h->len;
    l->cap = h->cap;
    h->items = NULL;
    h->len = h->cap = 0;
    vm_pop_roots(vm, vm->nroots - mark);
    if (ok && modified) {
        vm_raise(vm, vm->e_ValueError, "list modified during sort");
        return false;
    }
    return ok;
}

/* list.sort(*, key=None, reverse=False) */
static Value list_sort(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"key", "reverse"};
    Value opt[2];
    if (!vm_check_self(vm, args, nargs, vm->t_list, "sort") ||
        !vm_parse_args(vm, "sort", args + 1, nargs - 1, kw, names, 2, 0, 0, opt))
        return V_EXC;
    int64_t reverse = 0;
    if (opt[1] != V_UNBOUND && !vm_index(vm, opt[1], &reverse)) return V_EXC;
    Value key = opt[0] == V_UNBOUND ? V_NONE : opt[0];
    return vm_list_sort(vm, AS_LIST(args[0]), key, reverse != 0) ? V_NONE : V_EXC;
}

/* ---- registration ------------------------------------------------------------------ */

#define LIST_METHODS(X)                                                                   \
    X("__new__", list_new) X("__init__", list_init) X("__len__", list_len)               \
    X("__getitem__", list_getitem) X("__setitem__", list_setitem)                        \
    X("__delitem__", list_delitem) X("__contains__", list_contains)                      \
    X("__iter__", list_iter) X("__reversed__", list_reversed) X("__add__", list_add)     \
    X("__iadd__", list_iadd) X("__mul__", list_mul) X("__rmul__", list_mul)              \
    X("__imul__", list_imul) X("__repr__", list_repr) X("append", list_append)           \
    X("extend", list_extend) X("insert", list_insert) X("pop", list_pop)                 \
    X("remove", list_remove) X("index", list_index) X("count", list_count)               \
    X("clear", list_clear) X("copy", list_copy) X("reverse", list_reverse)               \
    X("sort", list_sort)

void vm_init_list(VM *vm)
{
#define X(name, fn) vm_add_method(vm, vm->t_list, name, fn);
    LIST_METHODS(X)
#undef X
#define X(name, op) vm_add_method(vm, vm->t_list, #name, list_##name);
    VM_RICH_COMPARES(X)
#undef X
    vm_dict_set_str(vm, vm->t_list->hdr.dict, vm->s___hash__, V_NONE);
}

/* Native iterators: the iternext of every built-in iterator type, the
 * constructors of enumerate, zip, map, filter and reversed, and vm_foreach,
 * the loop native code runs over any iterable. IterObj's fields, by type:
 *   list_iterator, tuple_iterator  seq; i the next index (INT64_MAX once exhausted)
 *   range_iterator                 seq a range; i the next index, n its length
 *   dict_*iterator                 seq the dict; i the next entry, step +1 or -1;
 *                                  n the dict's size when made; extra the items left
 *   set_iterator                   seq the set; i the next slot; n, extra as for dicts
 *   seq_iterator                   seq; i the next index (the __getitem__ protocol)
 *   callable_iterator              seq the callable; extra the sentinel
 *   enumerate                      seq an iterator; extra the next count
 *   zip                            seq a tuple of iterators; step 1 when strict
 *   map                            seq a tuple of iterators; extra the function
 *   filter                         seq an iterator; extra the function (None: truth)
 *   reversed                       seq; i the next index, counting down; step 1
 *                                  when seq is a list whose items are read directly
 * seq V_NONE marks other exhausted iterators. The interpreter's FOR_ITER
 * reads list and range iterators directly, hence their seq is always set. */
#include <stdlib.h>

#include "../parser/ast.h"
#include "vm.h"

#define ITER(v) ((IterObj *)v_as_obj(v))

Value vm_new_iter(VM *vm, TypeObj *type, Value seq)
{
    IterObj *it = vm_alloc(vm, type, sizeof *it);
    if (!it) return V_EXC;
    it->seq = seq;
    it->i = it->n = 0;
    it->step = 1;
    it->extra = V_NONE;
    if (type == vm->t_range_iterator) {
        it->n = ((RangeObj *)v_as_obj(seq))->len;
    } else if (type == vm->t_dict_keyiterator || type == vm->t_dict_valueiterator ||
               type == vm->t_dict_itemiterator || type == vm->t_set_iterator) {
        it->n = AS_DICT(seq)->used;
        it->extra = v_int(it->n);
    }
    return v_obj(it);
}

static bool exc_is(VM *vm, TypeObj *t) { return vm_exc_matches(vm, vm->exc, v_obj(t)); }

/* Ends a protocol iterator whose source raised IndexError or StopIteration:
 * those mean "no more items". */
static Value end_on_lookup_error(VM *vm, IterObj *it)
{
    if (!exc_is(vm, vm->e_IndexError) && !exc_is(vm, vm->e_StopIteration)) return V_EXC;
    vm->exc = V_NONE;
    it->seq = V_NONE;
    return V_UNBOUND;
}

/* ---- iternext functions ------------------------------------------------------------- */

/* list_iterator and tuple_iterator: the length is read each time, so items
 * appended while iterating are seen, until the end is reached once */
static Value items_next(VM *vm, Value self)
{
    IterObj *it = ITER(self);
    if (v_has_layout(it->seq, LAYOUT_LIST) || v_has_layout(it->seq, LAYOUT_TUPLE)) {
        uint32_t n;
        Value *items = vm_seq_items(it->seq, &n);
        if (it->i < n) return items[it->i++];
    }
    it->i = INT64_MAX;
    return V_UNBOUND;
}

static Value range_next(VM *vm, Value self)
{
    IterObj *it = ITER(self);
    if (it->i >= it->n || !v_has_layout(it->seq, LAYOUT_RANGE)) return V_UNBOUND;
    RangeObj *r = (RangeObj *)v_as_obj(it->seq);
    /* wrapping arithmetic is exact: the value is in range */
    int64_t v = (int64_t)((uint64_t)r->start + (uint64_t)it->i++ * (uint64_t)r->step);
    return v_int_fits(v) ? v_int(v) : vm_int_from_i64(vm, v);
}

/* The next live entry for a dict iterator; NULL at the end, or with an
 * exception pending (*failed). */
static DictEntry *dict_step(VM *vm, IterObj *it, bool *failed)
{
    *failed = false;
    if (!v_has_layout(it->seq, LAYOUT_DICT)) return NULL;
    DictObj *d = AS_DICT(it->seq);
    if (d->used != it->n) {
        it->n = -1; /* keeps failing */
        *failed = true;
        vm_raise(vm, vm->e_RuntimeError, "dictionary changed size during iteration");
        return NULL;
    }
    if (it->i >= d->nentries) it->i = it->step > 0 ? d->nentries : (int64_t)d->nentries - 1;
    while (it->i >= 0 && it->i < d->nentries && d->entries[it->i].key == V_UNBOUND) it->i += it->step;
    if (it->i < 0 || it->i >= d->nentries) {
        it->seq = V_NONE;
        return NULL;
    }
    DictEntry *e = &d->entries[it->i];
    it->i += it->step;
    if (v_as_int(it->extra) <= 0) {
        /* as many entries as before, but other ones */
        it->seq = V_NONE;
        *failed = true;
        vm_raise(vm, vm->e_RuntimeError, "dictionary keys changed during iteration");
        return NULL;
    }
    it->extra = v_int(v_as_int(it->extra) - 1);
    return e;
}

static Value dict_keys_next(VM *vm, Value self)
{
    bool failed;
    DictEntry *e = dict_step(vm, ITER(self), &failed);
    return e ? e->key : failed ? V_EXC : V_UNBOUND;
}

static Value dict_values_next(VM *vm, Value self)
{
    bool failed;
    DictEntry *e = dict_step(vm, ITER(self), &failed);
    return e ? e->value : failed ? V_EXC : V_UNBOUND;
}

static Value dict_items_next(VM *vm, Value self)
{
    bool failed;
    DictEntry *e = dict_step(vm, ITER(self), &failed);
    if (!e) return failed ? V_EXC : V_UNBOUND;
    Value kv[2] = {e->key, e->value};
    return vm_tuple_of(vm, kv, 2);
}

static Value set_next(VM *vm, Value self)
{
    IterObj *it = ITER(self);
    if (!v_has_layout(it->seq, LAYOUT_SET)) return V_UNBOUND;
    DictObj *s = AS_DICT(it->seq);
    if (s->used != it->n) {
        it->n = -1;
        return vm_raise(vm, vm->e_RuntimeError, "Set changed size during iteration");
    }
    while (it->i <= s->mask && s->entries[it->i].key == V_UNBOUND) it->i++;
    if (it->i > s->mask) {
        it->seq = V_NONE;
        return V_UNBOUND;
    }
    it->extra = v_int(v_as_int(it->extra) - 1);
    return s->entries[it->i++].key;
}

/* iter(obj) for objects with __getitem__ but no __iter__ */
static Value seq_next(VM *vm, Value self)
{
    IterObj *it = ITER(self);
    if (it->seq == V_NONE) return V_UNBOUND;
    Value i = vm_int_from_i64(vm, it->i);
    Value v = i == V_EXC ? V_EXC : vm_getitem(vm, it->seq, i);
    if (v == V_EXC) return end_on_lookup_error(vm, it);
    it->i++;
    return v;
}

/* iter(f, sentinel): f() until it returns the sentinel or raises StopIteration */
static Value callable_next(VM *vm, Value self)
{
    IterObj *it = ITER(self);
    if (it->seq == V_NONE) return V_UNBOUND;
    Value v = vm_call(vm, it->seq, NULL, 0, NULL);
    if (v == V_EXC) {
        if (!exc_is(vm, vm->e_StopIteration)) return V_EXC;
        vm->exc = V_NONE;
        it->seq = V_NONE;
        return V_UNBOUND;
    }
    vm_push_root(vm, v);
    int eq = v == it->extra ? 1 : vm_eq(vm, it->extra, v);
    vm_pop_roots(vm, 1);
    if (eq < 0) return V_EXC;
    if (!eq) return v;
    it->seq = V_NONE;
    return V_UNBOUND;
}

static Value enumerate_next(VM *vm, Value self)
{
    IterObj *it = ITER(self);
    Value item = vm_next(vm, it->seq);
    if (item == V_UNBOUND || item == V_EXC) return item;
    vm_push_root(vm, item);
    Value count = it->extra;
    Value next = v_is_int(count) && v_as_int(count) < V_INT_MAX ? v_int(v_as_int(count) + 1)
                                                                  : vm_binary(vm, AST_Add, count, v_int(1));
    Value pair = V_EXC;
    if (next != V_EXC) {
        Value kv[2] = {count, item};
        pair = vm_tuple_of(vm, kv, 2);
        it->extra = next;
    }
    vm_pop_roots(vm, 1);
    return pair;
}

/* zip(strict=True) found argument i (0-based) exhausted: all must end together */
static Value zip_strict_end(VM *vm, TupleObj *its, uint32_t i)
{
    if (i > 0)
        return vm_raise(vm, vm->e_ValueError, "zip() argument %u is shorter than argument%s%u", i + 1,
                        i == 1 ? " " : "s 1-", i);
    for (uint32_t j = 1; j < its->len; j++) {
        Value v = vm_next(vm, its->items[j]);
        if (v == V_EXC) return V_EXC;
        if (v != V_UNBOUND)
            return vm_raise(vm, vm->e_ValueError, "zip() argument %u is longer than argument%s%u", j + 1,
                            j == 1 ? " " : "s 1-", j);
    }
    return V_UNBOUND;
}

static Value zip_next(VM *vm, Value self)
{
    IterObj *it = ITER(self);
    if (!v_has_layout(it->seq, LAYOUT_TUPLE) || AS_TUPLE(it->seq)->len == 0) return V_UNBOUND;
    TupleObj *its = AS_TUPLE(it->seq);
    Value r = vm_new_tuple(vm, its->len);
    if (r == V_EXC) return V_EXC;
    vm_push_root(vm, r);
    for (uint32_t i = 0; i < its->len; i++) {
        Value v = vm_next(vm, its->items[i]);
        if (v == V_EXC || v == V_UNBOUND) {
            vm_pop_roots(vm, 1);
            return v == V_UNBOUND && it->step ? zip_strict_end(vm, its, i) : v;
        }
        AS_TUPLE(r)->items[i] = v;
    }
    vm_pop_roots(vm, 1);
    return r;
}

static Value map_next(VM *vm, Value self)
{
    IterObj *it = ITER(self);
    if (!v_has_layout(it->seq, LAYOUT_TUPLE)) return V_UNBOUND;
    TupleObj *its = AS_TUPLE(it->seq);
    uint32_t n = its->len;
    Value small[8], *args = n <= 8 ? small : malloc(n * sizeof *args);
    if (!args) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    size_t mark = vm->nroots;
    Value r = V_UNBOUND;
    uint32_t i;
    for (i = 0; i < n; i++) {
        r = vm_next(vm, its->items[i]);
        if (r == V_EXC || r == V_UNBOUND) break;
        args[i] = r;
        vm_push_root(vm, r);
    }
    if (i == n) r = vm_call(vm, it->extra, args, (int)n, NULL);
    vm_pop_roots(vm, vm->nroots - mark);
    if (args != small) free(args);
    return r;
}

static Value filter_next(VM *vm, Value self)
{
    IterObj *it = ITER(self);
    for (;;) {
        Value item = vm_next(vm, it->seq);
        if (item == V_UNBOUND || item == V_EXC) return item;
        vm_push_root(vm, item);
        int keep;
        if (it->extra == V_NONE || it->extra == v_obj(vm->t_bool)) {
            keep = vm_truthy(vm, item);
        } else {
            Value r = vm_call(vm, it->extra, &item, 1, NULL);
            keep = r == V_EXC ? -1 : vm_truthy(vm, r);
        }
        vm_pop_roots(vm, 1);
        if (keep) return keep < 0 ? V_EXC : item;
    }
}

static Value reversed_next(VM *vm, Value self)
{
    IterObj *it = ITER(self);
    if (it->seq != V_NONE && it->i >= 0) {
        if (it->step != 1) {
            Value i = vm_int_from_i64(vm, it->i);
            Value v = i == V_EXC ? V_EXC : vm_getitem(vm, it->seq, i);
            if (v == V_EXC) return end_on_lookup_error(vm, it);
            it->i--;
            return v;
        }
        if (v_has_layout(it->seq, LAYOUT_LIST) && it->i < AS_LIST(it->seq)->len) return AS_LIST(it->seq)->items[it->i--];
    }
    it->i = -1;
    it->seq = V_NONE;
    return V_UNBOUND;
}

/* ---- constructors ------------------------------------------------------------------- */

static Value make_iter(VM *vm, TypeObj *cls, Value seq, Value extra)
{
    Value it = vm_new_iter(vm, cls, seq);
    if (it != V_EXC) ITER(it)->extra = extra;
    return it;
}

/* enumerate(iterable, start=0) */
static Value enumerate_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"iterable", "start"};
    Value a[2];
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_enumerate);
    if (!cls || !vm_parse_args(vm, "enumerate", args + 1, nargs - 1, kw, names, 2, 2, 0, a)) return V_EXC;
    if (a[0] == V_UNBOUND) return vm_raise(vm, vm->e_TypeError, "enumerate() missing required argument 'iterable'");
    Value start = a[1] == V_UNBOUND ? v_int(0) : vm_number_index(vm, a[1]);
    if (start == V_EXC) return V_EXC;
    vm_push_root(vm, start);
    Value src = vm_iter(vm, a[0]);
    vm_pop_roots(vm, 1);
    return src == V_EXC ? V_EXC : make_iter(vm, cls, src, start);
}

/* A tuple of iter(x) for each x of args[0..n). */
static Value iterators(VM *vm, Value *args, int n)
{
    Value t = vm_new_tuple(vm, (uint32_t)n);
    if (t == V_EXC || n == 0) return t;
    vm_push_root(vm, t);
    for (int i = 0; i < n; i++) {
        Value it = vm_iter(vm, args[i]);
        if (it == V_EXC) {
            t = V_EXC;
            break;
        }
        AS_TUPLE(t)->items[i] = it;
    }
    vm_pop_roots(vm, 1);
    return t;
}

/* zip(*iterables, strict=False) */
static Value zip_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"strict"};
    Value strict;
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_zip);
    if (!cls || !vm_parse_args(vm, "zip", args + nargs, 0, kw, names, 1, 0, 0, &strict)) return V_EXC;
    int s = strict == V_UNBOUND ? 0 : vm_truthy(vm, strict);
    if (s < 0) return V_EXC;
    Value its = iterators(vm, args + 1, nargs - 1);
    if (its == V_EXC) return V_EXC;
    Value it = vm_new_iter(vm, cls, its);
    if (it != V_EXC) ITER(it)->step = s;
    return it;
}

/* map(function, iterable, *iterables) */
static Value map_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_map);
    if (!cls) return V_EXC;
    if (kw && kw->len) return vm_raise(vm, vm->e_TypeError, "map() takes no keyword arguments");
    if (nargs < 3) return vm_raise(vm, vm->e_TypeError, "map() must have at least two arguments.");
    Value its = iterators(vm, args + 2, nargs - 2);
    return its == V_EXC ? V_EXC : make_iter(vm, cls, its, args[1]);
}

/* filter(function or None, iterable) */
static Value filter_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_filter);
    if (!cls || !vm_check_nargs(vm, "filter", nargs - 1, kw, 2, 2)) return V_EXC;
    Value src = vm_iter(vm, args[2]);
    return src == V_EXC ? V_EXC : make_iter(vm, cls, src, args[1]);
}

/* reversed(sequence): its __reversed__, or the __len__ / __getitem__ protocol */
static Value reversed_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_reversed);
    if (!cls || !vm_check_nargs(vm, "reversed", nargs - 1, kw, 1, 1)) return V_EXC;
    Value seq = args[1];
    TypeObj *t = vm_type_of(vm, seq);
    Value rev = vm_type_lookup(t, vm->s___reversed__);
    if (rev != V_UNBOUND && rev != V_NONE) return vm_call(vm, rev, &seq, 1, NULL);
    if (rev == V_NONE || t->layout == LAYOUT_DICT || vm_type_lookup(t, vm->s___getitem__) == V_UNBOUND ||
        vm_type_lookup(t, vm->s___len__) == V_UNBOUND)
        return vm_raise(vm, vm->e_TypeError, "'%s' object is not reversible", t->name->data);
    Value len = vm_len(vm, seq);
    int64_t n;
    if (len == V_EXC || !vm_index(vm, len, &n)) return V_EXC;
    Value it = vm_new_iter(vm, cls, seq);
    if (it == V_EXC) return V_EXC;
    ITER(it)->i = n - 1;
    ITER(it)->step = 0;
    return it;
}

/* ---- the iterator protocol's methods ------------------------------------------------- */

/* The iternext of t or of the nearest base that has one (subclasses of enumerate...). */
static Value (*find_iternext(TypeObj *t))(VM *, Value)
{
    for (; t; t = t->base)
        if (t->iternext && t->layout == LAYOUT_ITER) return t->iternext;
    return NULL;
}

static Value iter_self(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs < 1) {
        vm_check_self(vm, args, nargs, vm->t_list_iterator, "__iter__");
        return V_EXC;
    }
    return vm_check_fixed(vm, "__iter__", nargs - 1, kw, 0) ? args[0] : V_EXC;
}

static Value iter_next(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value (*next)(VM *, Value) = nargs >= 1 ? find_iternext(vm_type_of(vm, args[0])) : NULL;
    if (!next) {
        if (nargs >= 1)
            return vm_raise(vm, vm->e_TypeError, "descriptor '__next__' requires an iterator, not '%s'",
                            vm_type_of(vm, args[0])->name->data);
        vm_check_self(vm, args, nargs, vm->t_list_iterator, "__next__");
        return V_EXC;
    }
    if (!vm_check_fixed(vm, "__next__", nargs - 1, kw, 0)) return V_EXC;
    Value v = next(vm, args[0]);
    if (v != V_UNBOUND) return v;
    Value stop = vm_new_exception(vm, vm->e_StopIteration, NULL, 0);
    return stop == V_EXC ? V_EXC : vm_raise_value(vm, stop);
}

/* ---- vm_foreach ----------------------------------------------------------------------- */

int vm_foreach(VM *vm, Value iterable, int (*fn)(VM *vm, void *ctx, Value item), void *ctx)
{
    TypeObj *t = vm_type_of(vm, iterable);
    if (t == vm->t_list || t == vm->t_tuple) {
        /* the items are read afresh: fn may change the list */
        for (uint32_t i = 0;; i++) {
            uint32_t n;
            Value *items = vm_seq_items(iterable, &n);
            if (i >= n) return 1;
            Value item = items[i];
            vm_push_root(vm, item);
            int r = fn(vm, ctx, item);
            vm_pop_roots(vm, 1);
            if (r <= 0) return r;
        }
    }
    Value it = vm_iter(vm, iterable);
    if (it == V_EXC) return -1;
    vm_push_root(vm, it);
    int r;
    for (;;) {
        Value item = vm_next(vm, it);
        if (item == V_UNBOUND || item == V_EXC) {
            r = item == V_UNBOUND ? 1 : -1;
            break;
        }
        vm_push_root(vm, item);
        r = fn(vm, ctx, item);
        vm_pop_roots(vm, 1);
        if (r <= 0) break;
    }
    vm_pop_roots(vm, 1);
    return r;
}

/* ---- registration ---------------------------------------------------------------------- */

#define NATIVE_ITERATORS(X)                                                                  \
    X(list_iterator, items_next) X(tuple_iterator, items_next) X(range_iterator, range_next) \
    X(dict_keyiterator, dict_keys_next) X(dict_valueiterator, dict_values_next)              \
    X(dict_itemiterator, dict_items_next) X(set_iterator, set_next) X(seq_iterator, seq_next) \
    X(callable_iterator, callable_next) X(enumerate, enumerate_next) X(zip, zip_next)        \
    X(map, map_next) X(filter, filter_next) X(reversed, reversed_next)

#define ITERATOR_CONSTRUCTORS(X)                                                             \
    X(enumerate, enumerate_new) X(zip, zip_new) X(map, map_new) X(filter, filter_new)        \
    X(reversed, reversed_new)

void vm_init_iter(VM *vm)
{
#define X(type, next)                                          \
    vm->t_##type->iternext = next;                             \
    vm_add_method(vm, vm->t_##type, "__iter__", iter_self);    \
    vm_add_method(vm, vm->t_##type, "__next__", iter_next);
    NATIVE_ITERATORS(X)
#undef X
#define X(type, fn) vm_add_method(vm, vm->t_##type, "__new__", fn);
    ITERATOR_CONSTRUCTORS(X)
#undef X
}

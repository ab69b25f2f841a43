/* Sets and frozensets on CPython's set table: runs of nine linear probes, then
 * perturbed jumps, and CPython's table sizes and resize points, so that a
 * set iterates - and prints - in CPython's order. The DictObj layout is used
 * thus: `entries` is the table itself (slot i = entries[i]; nentries = cap =
 * table size; values unused; an empty slot has key V_UNBOUND and hash 0, a
 * deleted one key V_UNBOUND and hash -1), `version` counts slots ever filled
 * (CPython's `fill`), `index` is NULL, and hdr.aux is pop()'s search finger. */
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "vm.h"

enum { SET_MINSIZE = 8, LINEAR_PROBES = 9, PERTURB_SHIFT = 5 };

#define FILL(s) ((s)->version)

static DictEntry *new_table(VM *vm, uint64_t size)
{
    DictEntry *t = size <= (1u << 31) ? malloc(size * sizeof *t) : NULL;
    if (!t) {
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return NULL;
    }
    for (uint64_t i = 0; i < size; i++) t[i] = (DictEntry){V_UNBOUND, V_UNBOUND, 0};
    return t;
}

static Value alloc_set(VM *vm, TypeObj *type)
{
    DictObj *s = vm_alloc(vm, type, sizeof *s);
    if (!s) return V_EXC;
    s->index = NULL;
    s->used = s->nentries = s->cap = s->mask = s->version = 0;
    s->hdr.aux = 0;
    s->entries = new_table(vm, SET_MINSIZE);
    if (!s->entries) return V_EXC;
    s->nentries = s->cap = SET_MINSIZE;
    s->mask = SET_MINSIZE - 1;
    return v_obj(s);
}

Value vm_new_set(VM *vm, TypeObj *type) { return alloc_set(vm, type); }

static bool str_key(VM *vm, Value v) { return v_is_obj(v) && v_as_obj(v)->type == vm->t_str; }

/* The slot holding key, or the empty slot ending its probe; NULL on error.
 * A Python __eq__ that changes the table makes the search start over. */
static DictEntry *lookkey(VM *vm, DictObj *so, Value key, int64_t hash)
{
restart:;
    DictEntry *table = so->entries;
    uint64_t mask = so->mask, i = (uint64_t)hash & mask, perturb = (uint64_t)hash;
    for (;;) {
        DictEntry *e = &table[i];
        int probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
        do {
            if (e->hash == 0 && e->key == V_UNBOUND) return e;
            if (e->hash == hash) {
                Value start = e->key;
                if (start == key) return e;
                if (str_key(vm, start) && str_key(vm, key) && vm_str_eq(AS_STR(start), AS_STR(key))) return e;
                int eq = vm_eq(vm, start, key);
                if (eq < 0) return NULL;
                if (so->entries != table || so->mask != mask || e->key != start) goto restart;
                if (eq) return e;
            }
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

/* Puts a key known to be absent into a table without deleted slots. */
static void insert_clean(DictEntry *table, uint64_t mask, Value key, int64_t hash)
{
    uint64_t i = (uint64_t)hash & mask, perturb = (uint64_t)hash;
    DictEntry *e;
    for (;;) {
        e = &table[i];
        if (e->key == V_UNBOUND) goto found;
        if (i + LINEAR_PROBES <= mask) {
            for (int j = 0; j < LINEAR_PROBES; j++) {
                e++;
                if (e->key == V_UNBOUND) goto found;
            }
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
found:
    e->key = key;
    e->hash = hash;
}

/* A new table of the smallest size above `minused`, holding the live keys. */
static bool table_resize(VM *vm, DictObj *so, uint64_t minused)
{
    uint64_t size = SET_MINSIZE;
    while (size <= minused) size <<= 1;
    /* CPython keeps a small table that has no deleted slots as it is */
    if (size == SET_MINSIZE && so->mask == SET_MINSIZE - 1 && FILL(so) == so->used) return true;
    DictEntry *t = new_table(vm, size), *old = so->entries;
    if (!t) return false;
    for (uint64_t k = 0; k <= so->mask; k++)
        if (old[k].key != V_UNBOUND) insert_clean(t, size - 1, old[k].key, old[k].hash);
    free(old);
    FILL(so) = so->used;
    so->entries = t;
    so->mask = (uint32_t)(size - 1);
    so->nentries = so->cap = (uint32_t)size;
    return true;
}

static bool add_entry(VM *vm, DictObj *so, Value key, int64_t hash)
{
restart:;
    DictEntry *table = so->entries, *freeslot = NULL, *e;
    uint64_t mask = so->mask, i = (uint64_t)hash & mask, perturb = (uint64_t)hash;
    for (;;) {
        e = &table[i];
        int probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
        do {
            if (e->hash == 0 && e->key == V_UNBOUND) goto unused_or_deleted;
            if (e->hash == hash) {
                Value start = e->key;
                if (start == key) return true;
                if (str_key(vm, start) && str_key(vm, key) && vm_str_eq(AS_STR(start), AS_STR(key))) return true;
                int eq = vm_eq(vm, start, key);
                if (eq) return eq > 0;
                if (so->entries != table || so->mask != mask || e->key != start) goto restart;
            } else if (e->hash == -1) {
                freeslot = e;
            }
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
unused_or_deleted:
    if (freeslot) {
        so->used++;
        freeslot->key = key;
        freeslot->hash = hash;
        return true;
    }
    FILL(so)++;
    so->used++;
    e->key = key;
    e->hash = hash;
    if ((uint64_t)FILL(so) * 5 < mask * 3) return true;
    return table_resize(vm, so, so->used > 50000 ? (uint64_t)so->used * 2 : (uint64_t)so->used * 4);
}

static int contains_entry(VM *vm, DictObj *so, Value key, int64_t hash)
{
    DictEntry *e = lookkey(vm, so, key, hash);
    return e ? e->key != V_UNBOUND : -1;
}

/* 1 removed, 0 absent, -1 error */
static int discard_entry(VM *vm, DictObj *so, Value key, int64_t hash)
{
    DictEntry *e = lookkey(vm, so, key, hash);
    if (!e) return -1;
    if (e->key == V_UNBOUND) return 0;
    e->key = V_UNBOUND;
    e->hash = -1;
    so->used--;
    return 1;
}

bool vm_set_add(VM *vm, DictObj *s, Value key)
{
    int64_t h;
    return vm_hash(vm, key, &h) && add_entry(vm, s, key, h);
}

static int contains_key(VM *vm, DictObj *s, Value key)
{
    int64_t h;
    return vm_hash(vm, key, &h) ? contains_entry(vm, s, key, h) : -1;
}

static bool clear_set(VM *vm, DictObj *so)
{
    DictEntry *t = new_table(vm, SET_MINSIZE);
    if (!t) return false;
    free(so->entries);
    so->entries = t;
    so->mask = SET_MINSIZE - 1;
    so->nentries = so->cap = SET_MINSIZE;
    so->used = FILL(so) = 0;
    return true;
}

/* The live slot at or after *pos, advancing *pos past it; NULL at the end. */
static DictEntry *next_entry(DictObj *so, uint64_t *pos)
{
    while (*pos <= so->mask) {
        DictEntry *e = &so->entries[(*pos)++];
        if (e->key != V_UNBOUND) return e;
    }
    return NULL;
}

/* Adds a key taken from another table with its hash, rooted: a Python __eq__
 * may remove it from there. */
static bool add_rooted(VM *vm, DictObj *so, Value key, int64_t hash)
{
    vm_push_root(vm, key);
    bool ok = add_entry(vm, so, key, hash);
    vm_pop_roots(vm, 1);
    return ok;
}

static bool merge(VM *vm, DictObj *so, DictObj *other)
{
    if (other == so || other->used == 0) return true;
    /* one resize up front, expecting few keys in common */
    if (((uint64_t)FILL(so) + other->used) * 5 >= (uint64_t)so->mask * 3 &&
        !table_resize(vm, so, ((uint64_t)so->used + other->used) * 2))
        return false;
    if (FILL(so) == 0 && so->mask == other->mask && FILL(other) == other->used) {
        /* same size, nothing deleted: the slots copy over as they are */
        for (uint64_t i = 0; i <= other->mask; i++)
            if (other->entries[i].key != V_UNBOUND) so->entries[i] = other->entries[i];
        FILL(so) = FILL(other);
        so->used = other->used;
        return true;
    }
    if (FILL(so) == 0) {
        FILL(so) = so->used = other->used;
        for (uint64_t i = 0; i <= other->mask; i++)
            if (other->entries[i].key != V_UNBOUND)
                insert_clean(so->entries, so->mask, other->entries[i].key, other->entries[i].hash);
        return true;
    }
    for (uint64_t i = 0; i <= other->mask; i++) {
        DictEntry e = other->entries[i];
        if (e.key != V_UNBOUND && !add_rooted(vm, so, e.key, e.hash)) return false;
    }
    return true;
}

static int add_item(VM *vm, void *so, Value key) { return vm_set_add(vm, so, key) ? 1 : -1; }

bool vm_set_update(VM *vm, DictObj *so, Value other)
{
    if (v_has_layout(other, LAYOUT_SET)) return merge(vm, so, AS_DICT(other));
    if (vm_type_of(vm, other) != vm->t_dict) return vm_foreach(vm, other, add_item, so) >= 0;
    DictObj *d = AS_DICT(other);
    if (((uint64_t)FILL(so) + d->used) * 5 >= (uint64_t)so->mask * 3 &&
        !table_resize(vm, so, ((uint64_t)so->used + d->used) * 2))
        return false;
    for (uint32_t i = 0; i < d->nentries; i++) {
        DictEntry e = d->entries[i];
        if (e.key != V_UNBOUND && !add_rooted(vm, so, e.key, e.hash)) return false;
    }
    return true;
}

static Value make_set(VM *vm, TypeObj *type, Value iterable)
{
    Value s = alloc_set(vm, type);
    if (s == V_EXC || iterable == V_UNBOUND) return s;
    vm_push_root(vm, s);
    bool ok = vm_set_update(vm, AS_DICT(s), iterable);
    vm_pop_roots(vm, 1);
    return ok ? s : V_EXC;
}

/* Results of set operations are plain sets or frozensets, after the receiver. */
static TypeObj *base_type(VM *vm, Value so)
{
    return vm_is_subtype(vm_type_of(vm, so), vm->t_set) ? vm->t_set : vm->t_frozenset;
}

static Value set_copy_of(VM *vm, Value so) { return make_set(vm, base_type(vm, so), so); }

/* ---- receivers and arguments ------------------------------------------------------------- */

/* a method of both set and frozenset */
static DictObj *self_any(VM *vm, Value *args, int nargs, const char *meth)
{
    if (nargs >= 1 && v_has_layout(args[0], LAYOUT_SET)) return AS_DICT(args[0]);
    vm_check_self(vm, args, nargs, vm->t_set, meth);
    return NULL;
}

static DictObj *self_any_n(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int n)
{
    DictObj *so = self_any(vm, args, nargs, meth);
    return so && vm_check_fixed(vm, meth, nargs - 1, kw, n) ? so : NULL;
}

/* a method of set only (it changes the set) */
static DictObj *self_set(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int n)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_set, meth, n)) return NULL;
    return AS_DICT(args[0]);
}

/* set and frozenset methods taking *others and no keywords */
static DictObj *self_varargs(VM *vm, Value *args, int nargs, TupleObj *kw, TypeObj *t, const char *meth)
{
    DictObj *so = t ? (vm_check_self(vm, args, nargs, t, meth) ? AS_DICT(args[0]) : NULL) : self_any(vm, args, nargs, meth);
    if (so && kw && kw->len) {
        vm_raise(vm, vm->e_TypeError, "%s.%s() takes no keyword arguments", vm_type_of(vm, args[0])->name->data, meth);
        return NULL;
    }
    return so;
}

/* Runs op(key): a set key, unhashable, stands for the equal frozenset, as
 * in CPython ({1} in {frozenset({1})}). */
static int with_key(VM *vm, DictObj *so, Value key, int (*op)(VM *, DictObj *, Value, int64_t))
{
    int64_t h;
    if (vm_hash(vm, key, &h)) return op(vm, so, key, h);
    if (!vm_is_subtype(vm_type_of(vm, key), vm->t_set) || !vm_exc_matches(vm, vm->exc, v_obj(vm->e_TypeError)))
        return -1;
    vm->exc = V_NONE;
    Value fs = make_set(vm, vm->t_frozenset, key);
    if (fs == V_EXC) return -1;
    vm_push_root(vm, fs);
    int r = vm_hash(vm, fs, &h) ? op(vm, so, fs, h) : -1;
    vm_pop_roots(vm, 1);
    return r;
}

int vm_set_contains(VM *vm, DictObj *s, Value key) { return with_key(vm, s, key, contains_entry); }

int vm_set_discard(VM *vm, DictObj *s, Value key) { return with_key(vm, s, key, discard_entry); }

static Value key_error(VM *vm, Value key)
{
    Value e = vm_new_exception(vm, vm->e_KeyError, &key, 1);
    return e == V_EXC ? V_EXC : vm_raise_value(vm, e);
}

/* ---- construction ------------------------------------------------------------------------ */

static Value set_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_set);
    return cls ? alloc_set(vm, cls) : V_EXC;
}

/* set(iterable=()) */
static Value set_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_set, "__init__") || !vm_check_nargs(vm, "set", nargs - 1, kw, 0, 1))
        return V_EXC;
    DictObj *so = AS_DICT(args[0]);
    if (FILL(so) && !clear_set(vm, so)) return V_EXC;
    return nargs == 1 || vm_set_update(vm, so, args[1]) ? V_NONE : V_EXC;
}

/* frozenset(iterable=()): frozenset(f) of a frozenset is f itself */
static Value frozenset_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_frozenset);
    if (!cls || !vm_check_nargs(vm, "frozenset", nargs - 1, kw, 0, 1)) return V_EXC;
    Value it = nargs == 2 ? args[1] : V_UNBOUND;
    if (cls == vm->t_frozenset && it != V_UNBOUND && vm_type_of(vm, it) == vm->t_frozenset) return it;
    return make_set(vm, cls, it);
}

/* ---- the protocols ------------------------------------------------------------------------ */

static Value set_len(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *so = self_any_n(vm, args, nargs, kw, "__len__", 0);
    return so ? v_int(so->used) : V_EXC;
}

static Value set_contains(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *so = self_any_n(vm, args, nargs, kw, "__contains__", 1);
    if (!so) return V_EXC;
    int r = vm_set_contains(vm, so, args[1]);
    return r < 0 ? V_EXC : v_bool(r);
}

static Value set_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *so = self_any_n(vm, args, nargs, kw, "__iter__", 0);
    return so ? vm_new_iter(vm, vm->t_set_iterator, args[0]) : V_EXC;
}

/* {1, 2}, set(), frozenset({1}), MySet({1}); the items as a list repr does them */
static Value set_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *so = self_any_n(vm, args, nargs, kw, "__repr__", 0);
    if (!so) return V_EXC;
    TypeObj *t = so->hdr.type;
    StrBuf b;
    sb_init(&b);
    int enter = so->used ? vm_repr_enter(vm, &so->hdr) : 0;
    if (enter < 0) return V_EXC;
    if (enter == 0) {
        sb_printf(&b, so->used ? "%s(...)" : "%s()", t->name->data);
        return vm_sb_finish(vm, &b);
    }
    Value keys = vm_list_from(vm, args[0]);
    bool ok = keys != V_EXC;
    size_t open = 0;
    if (ok) {
        vm_push_root(vm, keys);
        if (t != vm->t_set) sb_printf(&b, "%s(", t->name->data);
        open = b.len;
        ok = vm_sb_repr(vm, &b, keys);
        vm_pop_roots(vm, 1);
    }
    vm_repr_leave(vm, &so->hdr);
    if (!ok) {
        sb_free(&b);
        return V_EXC;
    }
    /* [a, b] -> {a, b} */
    b.data[open] = '{';
    b.data[b.len - 1] = '}';
    if (t != vm->t_set) sb_putc(&b, ')');
    return vm_sb_finish(vm, &b);
}

static uint64_t shuffle_bits(uint64_t h) { return ((h ^ 89869747ull) ^ (h << 16)) * 3644798167ull; }

/* CPython's frozenset_hash: order-free xor of the shuffled hashes of all
 * slots, empty and deleted ones cancelled out after. */
static Value frozenset_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_frozenset, "__hash__", 0)) return V_EXC;
    DictObj *so = AS_DICT(args[0]);
    uint64_t h = 0;
    for (uint64_t i = 0; i <= so->mask; i++) h ^= shuffle_bits((uint64_t)so->entries[i].hash);
    if ((so->mask + 1 - FILL(so)) & 1) h ^= shuffle_bits(0);
    if ((FILL(so) - so->used) & 1) h ^= shuffle_bits(UINT64_MAX);
    h ^= ((uint64_t)so->used + 1) * 1927868237ull;
    h ^= (h >> 11) ^ (h >> 25);
    h = h * 69069u + 907133923ull;
    if (h == UINT64_MAX) h = 590923713ull;
    return vm_int_from_i64(vm, (int64_t)h);
}

/* ---- set algebra ------------------------------------------------------------------------- */

static bool is_anyset(Value v) { return v_has_layout(v, LAYOUT_SET); }

static Value intersection(VM *vm, Value so, Value other)
{
    if (so == other) return set_copy_of(vm, so);
    Value result = alloc_set(vm, base_type(vm, so));
    if (result == V_EXC) return V_EXC;
    size_t mark = vm->nroots;
    vm_push_root(vm, result);
    DictObj *r = AS_DICT(result);
    bool ok = true;
    if (is_anyset(other)) {
        /* iterate the smaller, probe the larger */
        DictObj *big = AS_DICT(so), *small = AS_DICT(other);
        if (small->used > big->used) {
            DictObj *t = big;
            big = small;
            small = t;
        }
        uint64_t pos = 0;
        for (DictEntry *e; ok && (e = next_entry(small, &pos));) {
            Value key = e->key;
            int64_t h = e->hash;
            vm_push_root(vm, key);
            int in = contains_entry(vm, big, key, h);
            ok = in >= 0 && (!in || add_entry(vm, r, key, h));
            vm_pop_roots(vm, 1);
        }
    } else {
        Value it = vm_iter(vm, other);
        ok = it != V_EXC;
        if (ok) vm_push_root(vm, it);
        for (Value key; ok && (key = vm_next(vm, it)) != V_UNBOUND;) {
            int64_t h;
            vm_push_root(vm, key);
            ok = key != V_EXC && vm_hash(vm, key, &h);
            int in = ok ? contains_entry(vm, AS_DICT(so), key, h) : -1;
            ok = in >= 0 && (!in || add_entry(vm, r, key, h));
            vm_pop_roots(vm, 1);
        }
    }
    vm_pop_roots(vm, vm->nroots - mark);
    return ok ? result : V_EXC;
}

/* Gives a the body of b and b that of a (intersection_update keeps its object). */
static void swap_bodies(DictObj *a, DictObj *b)
{
    DictObj t = *a;
    a->entries = b->entries;
    a->used = b->used;
    a->nentries = b->nentries;
    a->cap = b->cap;
    a->mask = b->mask;
    a->version = b->version;
    b->entries = t.entries;
    b->used = t.used;
    b->nentries = t.nentries;
    b->cap = t.cap;
    b->mask = t.mask;
    b->version = t.version;
}

static int discard_item(VM *vm, void *so, Value key)
{
    int64_t h;
    return vm_hash(vm, key, &h) && discard_entry(vm, so, key, h) >= 0 ? 1 : -1;
}

static bool difference_update(VM *vm, Value sov, Value other)
{
    DictObj *so = AS_DICT(sov);
    if (sov == other) return clear_set(vm, so);
    if (is_anyset(other)) {
        DictObj *o = AS_DICT(other);
        uint64_t pos = 0;
        for (DictEntry *e; (e = next_entry(o, &pos));) {
            Value key = e->key;
            vm_push_root(vm, key);
            int r = discard_entry(vm, so, key, e->hash);
            vm_pop_roots(vm, 1);
            if (r < 0) return false;
        }
    } else if (vm_foreach(vm, other, discard_item, so) < 0) {
        return false;
    }
    /* more than a quarter of the slots deleted: rebuild */
    if ((uint64_t)(FILL(so) - so->used) <= so->mask / 4) return true;
    return table_resize(vm, so, so->used > 50000 ? (uint64_t)so->used * 2 : (uint64_t)so->used * 4);
}

static Value copy_and_difference(VM *vm, Value so, Value other)
{
    Value r = set_copy_of(vm, so);
    if (r == V_EXC) return V_EXC;
    vm_push_root(vm, r);
    bool ok = difference_update(vm, r, other);
    vm_pop_roots(vm, 1);
    return ok ? r : V_EXC;
}

static Value difference(VM *vm, Value sov, Value other)
{
    DictObj *so = AS_DICT(sov);
    bool isdict = vm_type_of(vm, other) == vm->t_dict;
    if (!is_anyset(other) && !isdict) return copy_and_difference(vm, sov, other);
    /* when so is much larger than other, removing other's keys is cheaper */
    if ((so->used >> 2) > AS_DICT(other)->used) return copy_and_difference(vm, sov, other);
    Value result = alloc_set(vm, base_type(vm, sov));
    if (result == V_EXC) return V_EXC;
    vm_push_root(vm, result);
    uint64_t pos = 0;
    bool ok = true;
    for (DictEntry *e; ok && (e = next_entry(so, &pos));) {
        Value key = e->key;
        int64_t h = e->hash;
        vm_push_root(vm, key);
        int in;
        if (isdict) {
            Value v = vm_dict_get(vm, AS_DICT(other), key);
            in = v == V_EXC ? -1 : v != V_UNBOUND;
        } else {
            in = contains_entry(vm, AS_DICT(other), key, h);
        }
        ok = in >= 0 && (in || add_entry(vm, AS_DICT(result), key, h));
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    return ok ? result : V_EXC;
}

/* Keys of `src` (a set's table) toggled in so. */
static bool toggle_table(VM *vm, DictObj *so, DictObj *src)
{
    uint64_t pos = 0;
    for (DictEntry *e; (e = next_entry(src, &pos));) {
        Value key = e->key;
        int64_t h = e->hash;
        vm_push_root(vm, key);
        int r = discard_entry(vm, so, key, h);
        bool ok = r >= 0 && (r || add_entry(vm, so, key, h));
        vm_pop_roots(vm, 1);
        if (!ok) return false;
    }
    return true;
}

static bool symmetric_difference_update(VM *vm, Value sov, Value other)
{
    DictObj *so = AS_DICT(sov);
    if (sov == other) return clear_set(vm, so);
    if (vm_type_of(vm, other) == vm->t_dict) {
        DictObj *d = AS_DICT(other);
        for (uint32_t i = 0; i < d->nentries; i++) {
            DictEntry e = d->entries[i];
            if (e.key == V_UNBOUND) continue;
            vm_push_root(vm, e.key);
            int r = discard_entry(vm, so, e.key, e.hash);
            bool ok = r >= 0 && (r || add_entry(vm, so, e.key, e.hash));
            vm_pop_roots(vm, 1);
            if (!ok) return false;
        }
        return true;
    }
    if (is_anyset(other)) return toggle_table(vm, so, AS_DICT(other));
    Value o = make_set(vm, base_type(vm, sov), other);
    if (o == V_EXC) return false;
    vm_push_root(vm, o);
    bool ok = toggle_table(vm, so, AS_DICT(o));
    vm_pop_roots(vm, 1);
    return ok;
}

static Value symmetric_difference(VM *vm, Value so, Value other)
{
    Value r = make_set(vm, base_type(vm, so), other);
    if (r == V_EXC) return V_EXC;
    vm_push_root(vm, r);
    bool ok = symmetric_difference_update(vm, r, so);
    vm_pop_roots(vm, 1);
    return ok ? r : V_EXC;
}

/* 1 when every key of so is in other, 0 when not, -1 on error */
static int issubset(VM *vm, Value so, Value other)
{
    if (!is_anyset(other)) {
        Value t = make_set(vm, vm->t_set, other);
        if (t == V_EXC) return -1;
        vm_push_root(vm, t);
        int r = issubset(vm, so, t);
        vm_pop_roots(vm, 1);
        return r;
    }
    DictObj *a = AS_DICT(so), *b = AS_DICT(other);
    if (a->used > b->used) return 0;
    uint64_t pos = 0;
    for (DictEntry *e; (e = next_entry(a, &pos));) {
        Value key = e->key;
        vm_push_root(vm, key);
        int r = contains_entry(vm, b, key, e->hash);
        vm_pop_roots(vm, 1);
        if (r <= 0) return r;
    }
    return 1;
}

static int issuperset(VM *vm, Value so, Value other)
{
    if (is_anyset(other)) return issubset(vm, other, so);
    Value t = make_set(vm, vm->t_set, other);
    if (t == V_EXC) return -1;
    vm_push_root(vm, t);
    int r = issubset(vm, t, so);
    vm_pop_roots(vm, 1);
    return r;
}

static int isdisjoint(VM *vm, Value so, Value other)
{
    if (so == other) return AS_DICT(so)->used == 0;
    TypeObj *t = vm_type_of(vm, other);
    if (t == vm->t_set || t == vm->t_frozenset) {
        DictObj *big = AS_DICT(so), *small = AS_DICT(other);
        if (small->used > big->used) {
            DictObj *x = big;
            big = small;
            small = x;
        }
        uint64_t pos = 0;
        for (DictEntry *e; (e = next_entry(small, &pos));) {
            Value key = e->key;
            vm_push_root(vm, key);
            int r = contains_entry(vm, big, key, e->hash);
            vm_pop_roots(vm, 1);
            if (r) return r < 0 ? -1 : 0;
        }
        return 1;
    }
    Value it = vm_iter(vm, other);
    if (it == V_EXC) return -1;
    vm_push_root(vm, it);
    int r = 1;
    for (Value key; r == 1 && (key = vm_next(vm, it)) != V_UNBOUND;) {
        if (key == V_EXC) {
            r = -1;
            break;
        }
        vm_push_root(vm, key);
        int in = contains_key(vm, AS_DICT(so), key);
        vm_pop_roots(vm, 1);
        r = in < 0 ? -1 : !in;
    }
    vm_pop_roots(vm, 1);
    return r;
}

/* ---- methods ----------------------------------------------------------------------------- */

static Value set_add(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *so = self_set(vm, args, nargs, kw, "add", 1);
    return so && vm_set_add(vm, so, args[1]) ? V_NONE : V_EXC;
}

static Value set_clear(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *so = self_set(vm, args, nargs, kw, "clear", 0);
    return so && clear_set(vm, so) ? V_NONE : V_EXC;
}

static Value set_copy(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return self_set(vm, args, nargs, kw, "copy", 0) ? set_copy_of(vm, args[0]) : V_EXC;
}

static Value frozenset_copy(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_frozenset, "copy", 0)) return V_EXC;
    return vm_type_of(vm, args[0]) == vm->t_frozenset ? args[0] : set_copy_of(vm, args[0]);
}

static Value set_discard(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *so = self_set(vm, args, nargs, kw, "discard", 1);
    return so && vm_set_discard(vm, so, args[1]) >= 0 ? V_NONE : V_EXC;
}

static Value set_remove(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *so = self_set(vm, args, nargs, kw, "remove", 1);
    if (!so) return V_EXC;
    int r = vm_set_discard(vm, so, args[1]);
    return r > 0 ? V_NONE : r < 0 ? V_EXC : key_error(vm, args[1]);
}

/* Removes the key at the finger's slot or after it, wrapping around. */
static Value set_pop(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *so = self_set(vm, args, nargs, kw, "pop", 0);
    if (!so) return V_EXC;
    if (so->used == 0) return vm_raise(vm, vm->e_KeyError, "pop from an empty set");
    uint64_t i = so->hdr.aux & so->mask;
    while (so->entries[i].key == V_UNBOUND) i = i == so->mask ? 0 : i + 1;
    Value key = so->entries[i].key;
    so->entries[i].key = V_UNBOUND;
    so->entries[i].hash = -1;
    so->used--;
    so->hdr.aux = (uint32_t)(i + 1);
    return key;
}

static Value set_union(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_varargs(vm, args, nargs, kw, NULL, "union")) return V_EXC;
    Value r = set_copy_of(vm, args[0]);
    if (r == V_EXC) return V_EXC;
    vm_push_root(vm, r);
    bool ok = true;
    for (int i = 1; ok && i < nargs; i++)
        if (args[i] != args[0]) ok = vm_set_update(vm, AS_DICT(r), args[i]);
    vm_pop_roots(vm, 1);
    return ok ? r : V_EXC;
}

static Value set_update(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *so = self_varargs(vm, args, nargs, kw, vm->t_set, "update");
    if (!so) return V_EXC;
    for (int i = 1; i < nargs; i++)
        if (!vm_set_update(vm, so, args[i])) return V_EXC;
    return V_NONE;
}

/* so & others[0] & others[1] ... */
static Value intersection_multi(VM *vm, Value *args, int nargs)
{
    if (nargs == 1) return set_copy_of(vm, args[0]);
    size_t mark = vm->nroots;
    Value r = args[0];
    for (int i = 1; i < nargs && r != V_EXC; i++) {
        r = intersection(vm, r, args[i]);
        if (r != V_EXC) vm_push_root(vm, r);
    }
    vm_pop_roots(vm, vm->nroots - mark);
    return r;
}

static Value set_intersection(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return self_varargs(vm, args, nargs, kw, NULL, "intersection") ? intersection_multi(vm, args, nargs) : V_EXC;
}

static Value set_intersection_update(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *so = self_varargs(vm, args, nargs, kw, vm->t_set, "intersection_update");
    if (!so) return V_EXC;
    Value r = intersection_multi(vm, args, nargs);
    if (r == V_EXC) return V_EXC;
    swap_bodies(so, AS_DICT(r));
    return V_NONE;
}

static Value set_difference(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_varargs(vm, args, nargs, kw, NULL, "difference")) return V_EXC;
    if (nargs == 1) return set_copy_of(vm, args[0]);
    Value r = difference(vm, args[0], args[1]);
    if (r == V_EXC) return V_EXC;
    vm_push_root(vm, r);
    bool ok = true;
    for (int i = 2; ok && i < nargs; i++) ok = difference_update(vm, r, args[i]);
    vm_pop_roots(vm, 1);
    return ok ? r : V_EXC;
}

static Value set_difference_update(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_varargs(vm, args, nargs, kw, vm->t_set, "difference_update")) return V_EXC;
    for (int i = 1; i < nargs; i++)
        if (!difference_update(vm, args[0], args[i])) return V_EXC;
    return V_NONE;
}

static Value set_symmetric_difference(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return self_any_n(vm, args, nargs, kw, "symmetric_difference", 1) ? symmetric_difference(vm, args[0], args[1])
                                                                       : V_EXC;
}

static Value set_symmetric_difference_update(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_set(vm, args, nargs, kw, "symmetric_difference_update", 1)) return V_EXC;
    return symmetric_difference_update(vm, args[0], args[1]) ? V_NONE : V_EXC;
}

#define SET_PREDICATES(X) X(issubset) X(issuperset) X(isdisjoint)
#define X(name)                                                                 \
    static Value set_##name(VM *vm, Value *args, int nargs, TupleObj *kw)       \
    {                                                                           \
        if (!self_any_n(vm, args, nargs, kw, #name, 1)) return V_EXC;           \
        int r = name(vm, args[0], args[1]);                                     \
        return r < 0 ? V_EXC : v_bool(r);                                       \
    }
SET_PREDICATES(X)
#undef X

/* ---- operators ----------------------------------------------------------------------------- */

static Value set_cmp(VM *vm, Value *args, int nargs, TupleObj *kw, int op, const char *meth)
{
    DictObj *v = self_any_n(vm, args, nargs, kw, meth, 1);
    if (!v) return V_EXC;
    if (!is_anyset(args[1])) return V_NOTIMPL;
    DictObj *w = AS_DICT(args[1]);
    int r;
    switch (op) {
    case AST_Eq:
    case AST_NotEq:
        r = v->used == w->used ? issubset(vm, args[0], args[1]) : 0;
        if (op == AST_NotEq && r >= 0) r = !r;
        break;
    case AST_LtE: r = issubset(vm, args[0], args[1]); break;
    case AST_GtE: r = issuperset(vm, args[0], args[1]); break;
    case AST_Lt: r = v->used < w->used ? issubset(vm, args[0], args[1]) : 0; break;
    default: r = v->used > w->used ? issuperset(vm, args[0], args[1]) : 0; break;
    }
    return r < 0 ? V_EXC : v_bool(r);
}

#define X(name, op)                                                             \
    static Value set_##name(VM *vm, Value *args, int nargs, TupleObj *kw)       \
    {                                                                           \
        return set_cmp(vm, args, nargs, kw, op, #name);                         \
    }
VM_RICH_COMPARES(X)
#undef X

enum { OP_OR, OP_AND, OP_SUB, OP_XOR };

/* a <op> b for two sets, the result typed after a */
static Value binop(VM *vm, int op, Value a, Value b)
{
    if (!is_anyset(a) || !is_anyset(b)) return V_NOTIMPL;
    switch (op) {
    case OP_OR: {
        Value r = set_copy_of(vm, a);
        if (r == V_EXC || a == b) return r;
        vm_push_root(vm, r);
        bool ok = vm_set_update(vm, AS_DICT(r), b);
        vm_pop_roots(vm, 1);
        return ok ? r : V_EXC;
    }
    case OP_AND: return intersection(vm, a, b);
    case OP_SUB: return difference(vm, a, b);
    default: return symmetric_difference(vm, a, b);
    }
}

/* a <op>= b, changing a */
static Value inplace(VM *vm, int op, Value a, Value b)
{
    if (!is_anyset(b)) return V_NOTIMPL;
    bool ok;
    switch (op) {
    case OP_OR: ok = vm_set_update(vm, AS_DICT(a), b); break;
    case OP_AND: {
        Value r = intersection(vm, a, b);
        ok = r != V_EXC;
        if (ok) swap_bodies(AS_DICT(a), AS_DICT(r));
        break;
    }
    case OP_SUB: ok = difference_update(vm, a, b); break;
    default: ok = symmetric_difference_update(vm, a, b); break;
    }
    return ok ? a : V_EXC;
}

#define SET_BINOPS(X) X(or, OP_OR) X(and, OP_AND) X(sub, OP_SUB) X(xor, OP_XOR)
#define X(name, op)                                                                             \
    static Value set_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                       \
    {                                                                                           \
        return self_any_n(vm, args, nargs, kw, "__" #name "__", 1) ? binop(vm, op, args[0], args[1]) : V_EXC;  \
    }                                                                                           \
    static Value set_r##name(VM *vm, Value *args, int nargs, TupleObj *kw)                      \
    {                                                                                           \
        return self_any_n(vm, args, nargs, kw, "__r" #name "__", 1) ? binop(vm, op, args[1], args[0]) : V_EXC; \
    }                                                                                           \
    static Value set_i##name(VM *vm, Value *args, int nargs, TupleObj *kw)                      \
    {                                                                                           \
        return self_set(vm, args, nargs, kw, "__i" #name "__", 1) ? inplace(vm, op, args[0], args[1]) : V_EXC; \
    }
SET_BINOPS(X)
#undef X

/* ---- registration -------------------------------------------------------------------------- */

/* methods of both set and frozenset */
#define ANYSET_METHODS(X)                                                                     \
    X("__len__", set_len) X("__contains__", set_contains) X("__iter__", set_iter)             \
    X("__repr__", set_repr) X("union", set_union) X("intersection", set_intersection)         \
    X("difference", set_difference) X("symmetric_difference", set_symmetric_difference)       \
    X("issubset", set_issubset) X("issuperset", set_issuperset) X("isdisjoint", set_isdisjoint) \
    X("__or__", set_or) X("__ror__", set_ror) X("__and__", set_and) X("__rand__", set_rand)   \
    X("__sub__", set_sub) X("__rsub__", set_rsub) X("__xor__", set_xor) X("__rxor__", set_rxor)

#define SET_METHODS(X)                                                                        \
    X("__new__", set_new) X("__init__", set_init) X("add", set_add) X("clear", set_clear)     \
    X("copy", set_copy) X("discard", set_discard) X("remove", set_remove) X("pop", set_pop)   \
    X("update", set_update) X("intersection_update", set_intersection_update)                \
    X("difference_update", set_difference_update)                                            \
    X("symmetric_difference_update", set_symmetric_difference_update)                        \
    X("__ior__", set_ior) X("__iand__", set_iand) X("__isub__", set_isub) X("__ixor__", set_ixor)

void vm_init_set(VM *vm)
{
    TypeObj *both[] = {vm->t_set, vm->t_frozenset};
    for (int i = 0; i < 2; i++) {
#define X(name, fn) vm_add_method(vm, both[i], name, fn);
        ANYSET_METHODS(X)
#undef X
#define X(name, op) vm_add_method(vm, both[i], #name, set_##name);
        VM_RICH_COMPARES(X)
#undef X
    }
#define X(name, fn) vm_add_method(vm, vm->t_set, name, fn);
    SET_METHODS(X)
#undef X
    vm_dict_set_str(vm, vm->t_set->hdr.dict, vm->s___hash__, V_NONE);
    vm_add_method(vm, vm->t_frozenset, "__new__", frozenset_new);
    vm_add_method(vm, vm->t_frozenset, "copy", frozenset_copy);
    vm_add_method(vm, vm->t_frozenset, "__hash__", frozenset_hash);
}

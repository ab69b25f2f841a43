/* Dicts: the insertion-ordered hash table behind dicts and every namespace
 * (an open-addressed `index`, probed as CPython probes, over `entries` kept
 * in insertion order), the dict methods, and the keys / values / items views. */
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "vm.h"

enum { IX_EMPTY = -1, IX_DUMMY = -2, DICT_MINSIZE = 8, PERTURB_SHIFT = 5 };

/* entries per index size: a table at most 2/3 full keeps probes short */
static uint32_t usable(uint64_t size) { return (uint32_t)(size * 2 / 3); }

/* ---- the table ------------------------------------------------------------------------ */

static bool key_hash(VM *vm, Value key, int64_t *h)
{
    if (v_is_int(key)) {
        *h = v_as_int(key) == -1 ? -2 : v_as_int(key);
        return true;
    }
    if (v_is_obj(key) && v_as_obj(key)->type == vm->t_str) {
        *h = vm_str_hash(AS_STR(key));
        return true;
    }
    return vm_hash(vm, key, h);
}

static bool is_str(VM *vm, Value v) { return v_is_obj(v) && v_as_obj(v)->type == vm->t_str; }

/* Whether two distinct keys of equal hash are equal, when that needs no
 * Python: 1, 0, or 2 for "ask vm_eq". */
static int plain_eq(VM *vm, Value a, Value b)
{
    if (v_is_int(a) && v_is_int(b)) return 0;
    if (v_is_double(a) && v_is_double(b)) return v_as_double(a) == v_as_double(b);
    if (is_str(vm, a) && is_str(vm, b)) return vm_str_eq(AS_STR(a), AS_STR(b));
    return 2;
}

/* The slot to give a new entry: the first empty or deleted one on its probe path. */
static uint64_t free_slot(const int32_t *index, uint64_t mask, int64_t hash)
{
    uint64_t i = (uint64_t)hash & mask, perturb = (uint64_t)hash;
    while (index[i] >= 0) {
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + perturb + 1) & mask;
    }
    return i;
}

/* The position of key's entry, -1 when absent, -2 on error. A Python __eq__
 * may change the dict; the probe then starts over. */
static int64_t lookup(VM *vm, DictObj *d, Value key, int64_t hash)
{
restart:
    if (!d->index) return -1;
    uint64_t mask = d->mask, i = (uint64_t)hash & mask, perturb = (uint64_t)hash;
    for (;;) {
        int32_t ix = d->index[i];
        if (ix == IX_EMPTY) return -1;
        if (ix >= 0) {
            DictEntry *e = &d->entries[ix];
            if (e->key == key) return ix;
            if (e->hash == hash) {
                int eq = plain_eq(vm, e->key, key);
                if (eq == 2) {
                    uint32_t version = d->version;
                    eq = vm_eq(vm, e->key, key);
                    if (eq < 0) return -2;
                    if (d->version != version) goto restart;
                }
                if (eq) return ix;
            }
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + perturb + 1) & mask;
    }
}

/* lookup for a str key among keys compared without Python (never fails) */
static int64_t lookup_str(const DictObj *d, StrObj *key, int64_t hash)
{
    if (!d->index) return -1;
    Value kv = v_obj(key);
    uint64_t mask = d->mask, i = (uint64_t)hash & mask, perturb = (uint64_t)hash;
    for (;;) {
        int32_t ix = d->index[i];
        if (ix == IX_EMPTY) return -1;
        if (ix >= 0) {
            const DictEntry *e = &d->entries[ix];
            if (e->key == kv) return ix;
            if (e->hash == hash && v_has_layout(e->key, LAYOUT_STR) && vm_str_eq(AS_STR(e->key), key)) return ix;
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + perturb + 1) & mask;
    }
}

/* Tables of the smallest size are the most made and dropped (instance
 * dicts, **kwargs): freed ones wait in a list of up to this many for the next
 * dicts, which spares malloc and free a large share of a call-heavy program. */
enum { SPARE_TABLES = 4096 };

static size_t table_bytes(uint64_t size) { return usable(size) * sizeof(DictEntry) + size * sizeof(int32_t); }

static DictEntry *table_alloc(VM *vm, uint64_t size)
{
    if (size == DICT_MINSIZE && vm->spare_tables) {
        DictEntry *t = vm->spare_tables;
        vm->spare_tables = *(void **)t;
        vm->nspare_tables--;
        return t;
    }
    return size <= (1u << 30) ? malloc(table_bytes(size)) : NULL;
}

static void table_free(VM *vm, DictEntry *t, uint64_t size)
{
    if (t && size == DICT_MINSIZE && vm->nspare_tables < SPARE_TABLES) {
        *(void **)t = vm->spare_tables;
        vm->spare_tables = t;
        vm->nspare_tables++;
        return;
    }
    free(t);
}

void vm_dict_free_table(VM *vm, DictObj *d) { table_free(vm, d->entries, (uint64_t)d->mask + 1); }

void vm_dict_drop_spares(VM *vm)
{
    while (vm->spare_tables) {
        void *next = *(void **)vm->spare_tables;
        free(vm->spare_tables);
        vm->spare_tables = next;
    }
    vm->nspare_tables = 0;
}

/* Rebuilds the table for about `minsize` index slots, dropping deleted entries. */
static bool resize(VM *vm, DictObj *d, uint64_t minsize)
{
    uint64_t size = DICT_MINSIZE;
    while (size < minsize) size <<= 1;
    /* one block: the entries, then the index (d->entries owns it) */
    DictEntry *entries = table_alloc(vm, size);
    if (!entries) {
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return false;
    }
    int32_t *index = (int32_t *)(entries + usable(size));
    memset(index, 0xff, size * sizeof *index);
    uint32_t n = 0;
    for (uint32_t i = 0; i < d->nentries; i++) {
        if (d->entries[i].key == V_UNBOUND) continue;
        entries[n] = d->entries[i];
        index[free_slot(index, size - 1, entries[n].hash)] = (int32_t)n;
        n++;
    }
    table_free(vm, d->entries, (uint64_t)d->mask + 1);
    d->index = index;
    d->entries = entries;
    d->mask = (uint32_t)(size - 1);
    d->cap = usable(size);
    d->nentries = n;
    d->version++;
    return true;
}

/* Adds a key known to be absent (no Python ran since the lookup said so). */
static bool insert_new(VM *vm, DictObj *d, Value key, int64_t hash, Value value)
{
    if (d->nentries >= d->cap && !resize(vm, d, (uint64_t)d->used * 3)) return false;
    uint32_t pos = d->nentries++;
    d->index[free_slot(d->index, d->mask, hash)] = (int32_t)pos;
    d->entries[pos] = (DictEntry){key, value, hash};
    d->used++;
    d->version++;
    return true;
}

static bool insert(VM *vm, DictObj *d, Value key, int64_t hash, Value value)
{
    int64_t ix = lookup(vm, d, key, hash);
    if (ix == -2) return false;
    if (ix < 0) return insert_new(vm, d, key, hash, value);
    d->entries[ix].value = value;
    return true;
}

static void delete_entry(DictObj *d, int64_t ix)
{
    DictEntry *e = &d->entries[ix];
    uint64_t mask = d->mask, i = (uint64_t)e->hash & mask, perturb = (uint64_t)e->hash;
    while (d->index[i] != ix) {
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + perturb + 1) & mask;
    }
    d->index[i] = IX_DUMMY;
    e->key = e->value = V_UNBOUND;
    d->used--;
    d->version++;
}

static void clear_table(VM *vm, DictObj *d)
{
    table_free(vm, d->entries, (uint64_t)d->mask + 1);
    d->index = NULL;
    d->entries = NULL;
    d->used = d->nentries = d->cap = d->mask = 0;
    d->version++;
}

static Value alloc_dict(VM *vm, TypeObj *type)
{
    DictObj *d = vm_alloc(vm, type, sizeof *d);
    if (!d) return V_EXC;
    d->index = NULL;
    d->entries = NULL;
    d->used = d->nentries = d->cap = d->mask = d->version = 0;
    return v_obj(d);
}

Value vm_new_dict(VM *vm) { return alloc_dict(vm, vm->t_dict); }

/* A set's table is laid out otherwise (objset.c): given one, the three
 * functions below act on it as a set whose keys map to None. */
static bool is_set(const DictObj *d) { return d->hdr.type->layout == LAYOUT_SET; }

Value vm_dict_get(VM *vm, DictObj *d, Value key)
{
    int64_t h, ix;
    if (is_set(d)) {
        int r = vm_set_contains(vm, d, key);
        return r < 0 ? V_EXC : r ? V_NONE : V_UNBOUND;
    }
    if (!key_hash(vm, key, &h) || (ix = lookup(vm, d, key, h)) == -2) return V_EXC;
    return ix < 0 ? V_UNBOUND : d->entries[ix].value;
}

bool vm_dict_set(VM *vm, DictObj *d, Value key, Value v)
{
    int64_t h;
    if (is_set(d)) return vm_set_add(vm, d, key);
    return key_hash(vm, key, &h) && insert(vm, d, key, h, v);
}

int vm_dict_del(VM *vm, DictObj *d, Value key)
{
    int64_t h, ix;
    if (is_set(d)) return vm_set_discard(vm, d, key);
    if (!key_hash(vm, key, &h) || (ix = lookup(vm, d, key, h)) == -2) return -1;
    if (ix < 0) return 0;
    delete_entry(d, ix);
    return 1;
}

int64_t vm_dict_find_str(DictObj *d, StrObj *key) { return lookup_str(d, key, vm_str_hash(key)); }

Value vm_dict_get_str(DictObj *d, StrObj *key)
{
    int64_t ix = lookup_str(d, key, vm_str_hash(key));
    return ix < 0 ? V_UNBOUND : d->entries[ix].value;
}

bool vm_dict_set_str(VM *vm, DictObj *d, StrObj *key, Value v)
{
    int64_t h = vm_str_hash(key), ix = lookup_str(d, key, h);
    if (ix < 0) return insert_new(vm, d, v_obj(key), h, v);
    d->entries[ix].value = v;
    return true;
}

/* ---- updating from other objects ------------------------------------------------------- */

/* Inserts with `key` and `value` rooted: the lookup may run Python that drops
 * them from wherever they came from. */
static bool insert_rooted(VM *vm, DictObj *d, Value key, int64_t hash, Value value)
{
    vm_push_root(vm, key);
    vm_push_root(vm, value);
    bool ok = insert(vm, d, key, hash, value);
    vm_pop_roots(vm, 2);
    return ok;
}

static bool merge_dict(VM *vm, DictObj *d, DictObj *o)
{
    if (o == d || o->used == 0) return true;
    if (d->cap - d->nentries < o->used && !resize(vm, d, ((uint64_t)d->used + o->used) * 3 / 2 + 1)) return false;
    uint32_t n = o->used;
    for (uint32_t i = 0; i < o->nentries; i++) {
        DictEntry e = o->entries[i];
        if (e.key == V_UNBOUND) continue;
        if (!insert_rooted(vm, d, e.key, e.hash, e.value)) return false;
        if (o->used != n) {
            vm_raise(vm, vm->e_RuntimeError, "dict mutated during update");
            return false;
        }
    }
    return true;
}

typedef struct {
    DictObj *d;
    Value src;
    int64_t count;
} Merge;

/* d[k] = src[k] for each k of src.keys() */
static int merge_key(VM *vm, void *ctx, Value key)
{
    Merge *m = ctx;
    Value v = vm_getitem(vm, m->src, key);
    if (v == V_EXC) return -1;
    vm_push_root(vm, v);
    bool ok = vm_dict_set(vm, m->d, key, v);
    vm_pop_roots(vm, 1);
    return ok ? 1 : -1;
}

/* one (key, value) pair of dict(iterable) */
static int merge_pair(VM *vm, void *ctx, Value item)
{
    Merge *m = ctx;
    int64_t pos = m->count++;
    size_t mark = vm->nroots;
    TypeObj *t = vm_type_of(vm, item);
    if (t != vm->t_tuple && t != vm->t_list) {
        if (vm_type_lookup(t, vm->s___iter__) == V_UNBOUND && vm_type_lookup(t, vm->s___getitem__) == V_UNBOUND) {
            vm_raise(vm, vm->e_TypeError, "cannot convert dictionary update sequence element #%lld to a sequence",
                     (long long)pos);
            return -1;
        }
        item = vm_list_from(vm, item);
        if (item == V_EXC) return -1;
        vm_push_root(vm, item);
    }
    uint32_t n;
    Value *kv = vm_seq_items(item, &n);
    bool ok = n == 2;
    if (!ok)
        vm_raise(vm, vm->e_ValueError, "dictionary update sequence element #%lld has length %u; 2 is required",
                 (long long)pos, n);
    else
        ok = vm_dict_set(vm, m->d, kv[0], kv[1]);
    vm_pop_roots(vm, vm->nroots - mark);
    return ok ? 1 : -1;
}

/* Whether iterating o reads its table: a dict, or a subclass keeping dict's __iter__. */
static bool plain_dict(VM *vm, Value o)
{
    if (!v_has_layout(o, LAYOUT_DICT)) return false;
    TypeObj *t = v_as_obj(o)->type;
    return t == vm->t_dict || vm_type_lookup(t, vm->s___iter__) == vm_type_lookup(vm->t_dict, vm->s___iter__);
}

bool vm_dict_update(VM *vm, DictObj *d, Value other)
{
    if (plain_dict(vm, other)) return merge_dict(vm, d, AS_DICT(other));
    Merge m = {d, other, 0};
    Value keys = vm_getattr_opt(vm, other, vm->s_keys);
    if (keys == V_EXC) return false;
    if (keys == V_UNBOUND) return vm_foreach(vm, other, merge_pair, &m) >= 0;
    Value ks = vm_call(vm, keys, NULL, 0, NULL);
    if (ks == V_EXC) return false;
    vm_push_root(vm, ks);
    bool ok = vm_foreach(vm, ks, merge_key, &m) >= 0;
    vm_pop_roots(vm, 1);
    return ok;
}

/* ---- dict methods ------------------------------------------------------------------------ */

static Value key_error(VM *vm, Value key)
{
    Value e = vm_new_exception(vm, vm->e_KeyError, &key, 1);
    return e == V_EXC ? V_EXC : vm_raise_value(vm, e);
}

static DictObj *self_dict(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int n)
{
    if (!vm_method_args(vm, args, nargs, kw, vm->t_dict, meth, n)) return NULL;
    return AS_DICT(args[0]);
}

static Value dict_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->t_dict);
    return cls ? alloc_dict(vm, cls) : V_EXC;
}

/* dict(mapping_or_pairs, **kwargs) and d.update(...) */
static Value update_from(VM *vm, Value *args, int nargs, TupleObj *kw, const char *fname)
{
    if (!vm_check_self(vm, args, nargs, vm->t_dict, fname)) return V_EXC;
    DictObj *d = AS_DICT(args[0]);
    if (nargs > 2)
        return vm_raise(vm, vm->e_TypeError, "%s expected at most 1 argument, got %d",
                        strcmp(fname, "__init__") ? fname : "dict", nargs - 1);
    if (nargs == 2 && !vm_dict_update(vm, d, args[1])) return V_EXC;
    for (uint32_t k = 0; kw && k < kw->len; k++)
        if (!vm_dict_set(vm, d, kw->items[k], args[nargs + k])) return V_EXC;
    return V_NONE;
}

static Value dict_init(VM *vm, Value *args, int nargs, TupleObj *kw) { return update_from(vm, args, nargs, kw, "__init__"); }
static Value dict_update(VM *vm, Value *args, int nargs, TupleObj *kw) { return update_from(vm, args, nargs, kw, "update"); }

static Value dict_len(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = self_dict(vm, args, nargs, kw, "__len__", 0);
    return d ? v_int(d->used) : V_EXC;
}

static Value dict_getitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = self_dict(vm, args, nargs, kw, "__getitem__", 1);
    if (!d) return V_EXC;
    Value v = vm_dict_get(vm, d, args[1]);
    if (v != V_UNBOUND) return v;
    if (d->hdr.type != vm->t_dict) {
        Value missing = vm_type_lookup(d->hdr.type, vm->s___missing__);
        if (missing != V_UNBOUND) return vm_call(vm, missing, args, 2, NULL);
    }
    return key_error(vm, args[1]);
}

static Value dict_setitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_dict, "__setitem__") ||
        !vm_check_nargs(vm, "__setitem__", nargs - 1, kw, 2, 2))
        return V_EXC;
    return vm_dict_set(vm, AS_DICT(args[0]), args[1], args[2]) ? V_NONE : V_EXC;
}

static Value dict_delitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = self_dict(vm, args, nargs, kw, "__delitem__", 1);
    if (!d) return V_EXC;
    int r = vm_dict_del(vm, d, args[1]);
    return r > 0 ? V_NONE : r < 0 ? V_EXC : key_error(vm, args[1]);
}

static Value dict_contains(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = self_dict(vm, args, nargs, kw, "__contains__", 1);
    if (!d) return V_EXC;
    Value v = vm_dict_get(vm, d, args[1]);
    return v == V_EXC ? V_EXC : v_bool(v != V_UNBOUND);
}

static Value dict_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_dict(vm, args, nargs, kw, "__iter__", 0)) return V_EXC;
    return vm_new_iter(vm, vm->t_dict_keyiterator, args[0]);
}

/* An iterator of `type` walking the entries from the last (IterObj.step -1). */
static Value reverse_iter(VM *vm, TypeObj *type, Value dict)
{
    Value it = vm_new_iter(vm, type, dict);
    if (it == V_EXC) return V_EXC;
    IterObj *io = (IterObj *)v_as_obj(it);
    io->i = (int64_t)AS_DICT(dict)->nentries - 1;
    io->step = -1;
    return it;
}

static Value dict_reversed(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_dict(vm, args, nargs, kw, "__reversed__", 0)) return V_EXC;
    return reverse_iter(vm, vm->t_dict_keyiterator, args[0]);
}

static Value new_view(VM *vm, TypeObj *type, Value dict)
{
    IterObj *v = vm_alloc(vm, type, sizeof *v);
    if (!v) return V_EXC;
    v->seq = dict;
    v->i = v->n = v->step = 0;
    v->extra = V_NONE;
    return v_obj(v);
}

#define VIEW_KINDS(X) X(keys) X(values) X(items)
#define X(kind)                                                                \
    static Value dict_##kind(VM *vm, Value *args, int nargs, TupleObj *kw)     \
    {                                                                          \
        if (!self_dict(vm, args, nargs, kw, #kind, 0)) return V_EXC;           \
        return new_view(vm, vm->t_dict_##kind, args[0]);                       \
    }
VIEW_KINDS(X)
#undef X

/* dict.get(key, default=None, /) */
static Value dict_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_dict, "get") || !vm_check_nargs(vm, "get", nargs - 1, kw, 1, 2))
        return V_EXC;
    Value v = vm_dict_get(vm, AS_DICT(args[0]), args[1]);
    return v == V_UNBOUND ? (nargs == 3 ? args[2] : V_NONE) : v;
}

/* dict.setdefault(key, default=None, /): one hash, one lookup */
static Value dict_setdefault(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_dict, "setdefault") ||
        !vm_check_nargs(vm, "setdefault", nargs - 1, kw, 1, 2))
        return V_EXC;
    DictObj *d = AS_DICT(args[0]);
    Value dflt = nargs == 3 ? args[2] : V_NONE;
    int64_t h, ix;
    if (!key_hash(vm, args[1], &h) || (ix = lookup(vm, d, args[1], h)) == -2) return V_EXC;
    if (ix >= 0) return d->entries[ix].value;
    return insert_new(vm, d, args[1], h, dflt) ? dflt : V_EXC;
}

/* dict.pop(key[, default]) */
static Value dict_pop(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_self(vm, args, nargs, vm->t_dict, "pop") || !vm_check_nargs(vm, "pop", nargs - 1, kw, 1, 2))
        return V_EXC;
    DictObj *d = AS_DICT(args[0]);
    int64_t h, ix;
    if (!key_hash(vm, args[1], &h) || (ix = lookup(vm, d, args[1], h)) == -2) return V_EXC;
    if (ix < 0) return nargs == 3 ? args[2] : key_error(vm, args[1]);
    Value v = d->entries[ix].value;
    delete_entry(d, ix);
    return v;
}

/* Removes the last entry (LIFO), trimming deleted entries off the end so
 * that repeated popitem stays O(1). */
static Value dict_popitem(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = self_dict(vm, args, nargs, kw, "popitem", 0);
    if (!d) return V_EXC;
    if (d->used == 0) return vm_raise(vm, vm->e_KeyError, "popitem(): dictionary is empty");
    uint32_t i = d->nentries - 1;
    while (d->entries[i].key == V_UNBOUND) i--;
    Value kv[2] = {d->entries[i].key, d->entries[i].value};
    Value pair = vm_tuple_of(vm, kv, 2);
    if (pair == V_EXC) return V_EXC;
    delete_entry(d, i);
    d->nentries = i;
    return pair;
}

static Value dict_clear(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = self_dict(vm, args, nargs, kw, "clear", 0);
    if (!d) return V_EXC;
    clear_table(vm, d);
    return V_NONE;
}

/* A plain dict with d's items (dict.copy of a subclass gives a dict too). */
static Value copy_dict(VM *vm, DictObj *d)
{
    Value c = vm_new_dict(vm);
    if (c == V_EXC) return V_EXC;
    vm_push_root(vm, c);
    bool ok = merge_dict(vm, AS_DICT(c), d);
    vm_pop_roots(vm, 1);
    return ok ? c : V_EXC;
}

static Value dict_copy(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = self_dict(vm, args, nargs, kw, "copy", 0);
    return d ? copy_dict(vm, d) : V_EXC;
}

typedef struct {
    Value d, value;
} FromKeys;

static int fromkeys_item(VM *vm, void *ctx, Value key)
{
    FromKeys *f = ctx;
    if (v_as_obj(f->d)->type == vm->t_dict) return vm_dict_set(vm, AS_DICT(f->d), key, f->value) ? 1 : -1;
    return vm_setitem(vm, f->d, key, f->value) ? 1 : -1;
}

/* dict.fromkeys(iterable, value=None, /), a classmethod: cls() filled with d[k] = value */
static Value dict_fromkeys(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "fromkeys", nargs - 1, kw, 1, 2)) return V_EXC;
    FromKeys f = {vm_call(vm, args[0], NULL, 0, NULL), nargs == 3 ? args[2] : V_NONE};
    if (f.d == V_EXC) return V_EXC;
    vm_push_root(vm, f.d);
    bool ok = vm_foreach(vm, args[1], fromkeys_item, &f) >= 0;
    vm_pop_roots(vm, 1);
    return ok ? f.d : V_EXC;
}

static Value dict_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = self_dict(vm, args, nargs, kw, "__repr__", 0);
    if (!d) return V_EXC;
    if (d->used == 0) return vm_cstr(vm, "{}");
    int enter = vm_repr_enter(vm, &d->hdr);
    if (enter <= 0) return enter ? V_EXC : vm_cstr(vm, "{...}");
    StrBuf b;
    sb_init(&b);
    sb_putc(&b, '{');
    bool ok = true, first = true;
    /* the reprs may change the dict: its bounds are read each time round */
    for (uint32_t i = 0; ok && i < d->nentries; i++) {
        DictEntry e = d->entries[i];
        if (e.key == V_UNBOUND) continue;
        if (!first) sb_puts(&b, ", ");
        first = false;
        vm_push_root(vm, e.key);
        vm_push_root(vm, e.value);
        ok = vm_sb_repr(vm, &b, e.key);
        if (ok) sb_puts(&b, ": ");
        ok = ok && vm_sb_repr(vm, &b, e.value);
        vm_pop_roots(vm, 2);
    }
    vm_repr_leave(vm, &d->hdr);
    if (!ok) {
        sb_free(&b);
        return V_EXC;
    }
    sb_putc(&b, '}');
    return vm_sb_finish(vm, &b);
}

/* dict_equal for dicts of one size */
static int items_equal(VM *vm, DictObj *a, DictObj *b)
{
    for (uint32_t i = 0; i < a->nentries; i++) {
        DictEntry e = a->entries[i];
        if (e.key == V_UNBOUND) continue;
        size_t mark = vm->nroots;
        vm_push_root(vm, e.key);
        vm_push_root(vm, e.value);
        int64_t ix = lookup(vm, b, e.key, e.hash);
        int eq = ix == -2 ? -1 : 0;
        if (ix >= 0) {
            Value bv = b->entries[ix].value;
            vm_push_root(vm, bv);
            eq = bv == e.value ? 1 : vm_eq(vm, e.value, bv);
        }
        vm_pop_roots(vm, vm->nroots - mark);
        if (eq <= 0) return eq;
    }
    return 1;
}

/* 1 when a and b hold equal items, 0 when not, -1 on error */
static int dict_equal(VM *vm, DictObj *a, DictObj *b)
{
    if (a->used != b->used) return 0;
    if (!vm_enter_recursion(vm, " in comparison")) return -1;
    int r = items_equal(vm, a, b);
    vm_leave_recursion(vm);
    return r;
}

static Value dict_cmp(VM *vm, Value *args, int nargs, TupleObj *kw, bool eq)
{
    DictObj *d = self_dict(vm, args, nargs, kw, eq ? "__eq__" : "__ne__", 1);
    if (!d) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_DICT)) return V_NOTIMPL;
    int r = dict_equal(vm, d, AS_DICT(args[1]));
    return r < 0 ? V_EXC : v_bool((r == 1) == eq);
}

static Value dict_eq(VM *vm, Value *args, int nargs, TupleObj *kw) { return dict_cmp(vm, args, nargs, kw, true); }
static Value dict_ne(VM *vm, Value *args, int nargs, TupleObj *kw) { return dict_cmp(vm, args, nargs, kw, false); }

/* a | b: a copy of a updated with b, both dicts */
static Value dict_union(VM *vm, Value a, Value b)
{
    if (!v_has_layout(a, LAYOUT_DICT) || !v_has_layout(b, LAYOUT_DICT)) return V_NOTIMPL;
    Value r = copy_dict(vm, AS_DICT(a));
    if (r == V_EXC) return V_EXC;
    vm_push_root(vm, r);
    bool ok = vm_dict_update(vm, AS_DICT(r), b);
    vm_pop_roots(vm, 1);
    return ok ? r : V_EXC;
}

static Value dict_or(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return self_dict(vm, args, nargs, kw, "__or__", 1) ? dict_union(vm, args[0], args[1]) : V_EXC;
}

static Value dict_ror(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return self_dict(vm, args, nargs, kw, "__ror__", 1) ? dict_union(vm, args[1], args[0]) : V_EXC;
}

static Value dict_ior(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = self_dict(vm, args, nargs, kw, "__ior__", 1);
    return d && vm_dict_update(vm, d, args[1]) ? args[0] : V_EXC;
}

/* ---- views ------------------------------------------------------------------------------ */

static bool is_view(VM *vm, Value v)
{
    TypeObj *t = vm_type_of(vm, v);
    return t == vm->t_dict_keys || t == vm->t_dict_values || t == vm->t_dict_items;
}

/* keys and items views behave as sets */
static bool is_set_view(VM *vm, Value v)
{
    TypeObj *t = vm_type_of(vm, v);
    return t == vm->t_dict_keys || t == vm->t_dict_items;
}

static DictObj *view_of(Value view) { return AS_DICT(((IterObj *)v_as_obj(view))->seq); }

/* The dict behind a view method's receiver, with n more arguments. */
static DictObj *self_view(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int n)
{
    if (nargs < 1 || !is_view(vm, args[0])) {
        vm_check_self(vm, args, nargs, vm->t_dict_keys, meth);
        return NULL;
    }
    if (!vm_check_fixed(vm, meth, nargs - 1, kw, n)) return NULL;
    if (!v_has_layout(((IterObj *)v_as_obj(args[0]))->seq, LAYOUT_DICT)) {
        vm_raise(vm, vm->e_TypeError, "uninitialized %s object", vm_type_of(vm, args[0])->name->data);
        return NULL;
    }
    return view_of(args[0]);
}

static Value view_len(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = self_view(vm, args, nargs, kw, "__len__", 0);
    return d ? v_int(d->used) : V_EXC;
}

/* the iterator type of each view type, forward */
static TypeObj *view_iter_type(VM *vm, Value view)
{
    TypeObj *t = vm_type_of(vm, view);
    return t == vm->t_dict_keys ? vm->t_dict_keyiterator
           : t == vm->t_dict_values ? vm->t_dict_valueiterator
                                    : vm->t_dict_itemiterator;
}

static Value view_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = self_view(vm, args, nargs, kw, "__iter__", 0);
    return d ? vm_new_iter(vm, view_iter_type(vm, args[0]), v_obj(d)) : V_EXC;
}

static Value view_reversed(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = self_view(vm, args, nargs, kw, "__reversed__", 0);
    return d ? reverse_iter(vm, view_iter_type(vm, args[0]), v_obj(d)) : V_EXC;
}

/* x in view: 1, 0, -1 */
static int view_has(VM *vm, Value view, Value x)
{
    DictObj *d = view_of(view);
    TypeObj *t = vm_type_of(vm, view);
    if (t == vm->t_dict_keys) {
        Value v = vm_dict_get(vm, d, x);
        return v == V_EXC ? -1 : v != V_UNBOUND;
    }
    if (t == vm->t_dict_items) {
        if (!v_has_layout(x, LAYOUT_TUPLE) || AS_TUPLE(x)->len != 2) return 0;
        Value v = vm_dict_get(vm, d, AS_TUPLE(x)->items[0]);
        if (v == V_EXC || v == V_UNBOUND) return v == V_EXC ? -1 : 0;
        return v == AS_TUPLE(x)->items[1] ? 1 : vm_eq(vm, v, AS_TUPLE(x)->items[1]);
    }
    for (uint32_t i = 0; i < d->nentries; i++) {
        Value v = d->entries[i].value;
        if (d->entries[i].key == V_UNBOUND) continue;
        int eq = v == x ? 1 : vm_eq(vm, v, x);
        if (eq) return eq;
    }
    return 0;
}

static Value view_contains(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_view(vm, args, nargs, kw, "__contains__", 1)) return V_EXC;
    int r = view_has(vm, args[0], args[1]);
    return r < 0 ? V_EXC : v_bool(r);
}

/* dict_keys(['a', 'b']) */
static Value view_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!self_view(vm, args, nargs, kw, "__repr__", 0)) return V_EXC;
    Obj *o = v_as_obj(args[0]);
    int enter = vm_repr_enter(vm, o);
    if (enter <= 0) return enter ? V_EXC : vm_cstr(vm, "...");
    Value l = vm_list_from(vm, args[0]);
    StrBuf b;
    sb_init(&b);
    sb_puts(&b, o->type->name->data);
    sb_putc(&b, '(');
    bool ok = l != V_EXC;
    if (ok) {
        vm_push_root(vm, l);
        ok = vm_sb_repr(vm, &b, l);
        vm_pop_roots(vm, 1);
    }
    vm_repr_leave(vm, o);
    if (!ok) {
        sb_free(&b);
        return V_EXC;
    }
    sb_putc(&b, ')');
    return vm_sb_finish(vm, &b);
}

typedef struct {
    Value container;
    int found;
} Within;

static int check_within(VM *vm, void *ctx, Value item)
{
    Within *w = ctx;
    int r = vm_contains(vm, w->container, item);
    if (r == 0) w->found = 0;
    return r;
}

/* Whether every item of a is in b: 1, 0, -1. */
static int all_within(VM *vm, Value a, Value b)
{
    Within w = {b, 1};
    return vm_foreach(vm, a, check_within, &w) < 0 ? -1 : w.found;
}

static bool length_of(VM *vm, Value v, int64_t *n)
{
    Value len = vm_len(vm, v);
    return len != V_EXC && vm_index(vm, len, n);
}

/* keys and items views compare as sets with sets and other such views */
static Value view_cmp(VM *vm, Value *args, int nargs, TupleObj *kw, int op, const char *meth)
{
    DictObj *d = self_view(vm, args, nargs, kw, meth, 1);
    if (!d) return V_EXC;
    Value other = args[1];
    if (!is_set_view(vm, args[0]) || (!v_has_layout(other, LAYOUT_SET) && !is_set_view(vm, other))) return V_NOTIMPL;
    int64_t ls = d->used, lo;
    if (!length_of(vm, other, &lo)) return V_EXC;
    int r = 0;
    switch (op) {
    case AST_Eq:
    case AST_NotEq:
        if (ls == lo) r = all_within(vm, args[0], other);
        if (op == AST_NotEq && r >= 0) r = !r;
        break;
    case AST_Lt: if (ls < lo) r = all_within(vm, args[0], other); break;
    case AST_LtE: if (ls <= lo) r = all_within(vm, args[0], other); break;
    case AST_Gt: if (ls > lo) r = all_within(vm, other, args[0]); break;
    default: if (ls >= lo) r = all_within(vm, other, args[0]); break;
    }
    return r < 0 ? V_EXC : v_bool(r);
}

#define X(name, op)                                                             \
    static Value view_##name(VM *vm, Value *args, int nargs, TupleObj *kw)      \
    {                                                                           \
        return view_cmp(vm, args, nargs, kw, op, #name);                        \
    }
VM_RICH_COMPARES(X)
#undef X

/* set(x), where a keys view of a plain dict reads the dict directly */
static Value to_set(VM *vm, Value x)
{
    Value s = vm_new_set(vm, vm->t_set);
    if (s == V_EXC) return V_EXC;
    if (vm_type_of(vm, x) == vm->t_dict_keys && view_of(x)->hdr.type == vm->t_dict) x = v_obj(view_of(x));
    vm_push_root(vm, s);
    bool ok = vm_set_update(vm, AS_DICT(s), x);
    vm_pop_roots(vm, 1);
    return ok ? s : V_EXC;
}

/* set(a).<method>(b), for a | b, a - b and a ^ b */
static Value set_then(VM *vm, Value a, Value b, const char *method)
{
    Value s = to_set(vm, a);
    if (s == V_EXC) return V_EXC;
    vm_push_root(vm, s);
    Value r = vm_call_method(vm, s, vm_intern(vm, method, strlen(method)), &b, 1);
    vm_pop_roots(vm, 1);
    return r == V_EXC ? V_EXC : s;
}

typedef struct {
    Value view, result;
} Intersect;

static int intersect_item(VM *vm, void *ctx, Value item)
{
    Intersect *x = ctx;
    int r = view_has(vm, x->view, item);
    if (r <= 0) return r < 0 ? -1 : 1;
    return vm_set_add(vm, AS_DICT(x->result), item) ? 1 : -1;
}

/* view & other: the items of other found in the view, iterating the smaller */
static Value view_intersect(VM *vm, Value view, Value other)
{
    int64_t ls = view_of(view)->used, lo;
    if (vm_type_of(vm, other) == vm->t_set) {
        if (!length_of(vm, other, &lo)) return V_EXC;
        if (ls <= lo) return vm_call_method(vm, other, vm_intern(vm, "intersection", 12), &view, 1);
    }
    if (is_set_view(vm, other) && view_of(other)->used > ls) {
        Value t = view;
        view = other;
        other = t;
    }
    Intersect x = {view, vm_new_set(vm, vm->t_set)};
    if (x.result == V_EXC) return V_EXC;
    vm_push_root(vm, x.result);
    bool ok = vm_foreach(vm, other, intersect_item, &x) >= 0;
    vm_pop_roots(vm, 1);
    return ok ? x.result : V_EXC;
}

/* The set operators of keys and items views, with the view on either side
 * (`rev`: the view is the right operand). */
enum { VIEW_AND, VIEW_OR, VIEW_SUB, VIEW_XOR };

static Value view_setop(VM *vm, Value *args, int nargs, TupleObj *kw, int op, bool rev, const char *meth)
{
    if (!self_view(vm, args, nargs, kw, meth, 1)) return V_EXC;
    if (!is_set_view(vm, args[0])) return V_NOTIMPL;
    Value a = rev ? args[1] : args[0], b = rev ? args[0] : args[1];
    if (op == VIEW_AND) return view_intersect(vm, args[0], args[1]);
    return set_then(vm, a, b, op == VIEW_OR ? "update" : op == VIEW_SUB ? "difference_update" : "symmetric_difference_update");
}

#define VIEW_SETOPS(X)                                                                        \
    X(__and__, VIEW_AND, false) X(__rand__, VIEW_AND, true) X(__or__, VIEW_OR, false)          \
    X(__ror__, VIEW_OR, true) X(__sub__, VIEW_SUB, false) X(__rsub__, VIEW_SUB, true)          \
    X(__xor__, VIEW_XOR, false) X(__rxor__, VIEW_XOR, true)
#define X(name, op, rev)                                                                       \
    static Value view_##name(VM *vm, Value *args, int nargs, TupleObj *kw)                     \
    {                                                                                          \
        return view_setop(vm, args, nargs, kw, op, rev, #name);                                \
    }
VIEW_SETOPS(X)
#undef X

typedef struct {
    Value view;
    bool disjoint;
} Disjoint;

static int disjoint_item(VM *vm, void *ctx, Value item)
{
    Disjoint *x = ctx;
    int r = vm_contains(vm, x->view, item);
    if (r > 0) x->disjoint = false;
    return r < 0 ? -1 : !r;
}

static Value view_isdisjoint(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = self_view(vm, args, nargs, kw, "isdisjoint", 1);
    if (!d) return V_EXC;
    Value view = args[0], other = args[1];
    if (view == other) return v_bool(d->used == 0);
    /* iterate the shorter when both have a cheap membership test */
    if (v_has_layout(other, LAYOUT_SET) || is_set_view(vm, other)) {
        int64_t lo;
        if (!length_of(vm, other, &lo)) return V_EXC;
        if (lo > d->used) {
            view = other;
            other = args[0];
        }
    }
    Disjoint x = {view, true};
    return vm_foreach(vm, other, disjoint_item, &x) < 0 ? V_EXC : v_bool(x.disjoint);
}

/* ---- registration ----------------------------------------------------------------------- */

#define DICT_METHODS(X)                                                                    \
    X("__new__", dict_new) X("__init__", dict_init) X("__len__", dict_len)                 \
    X("__getitem__", dict_getitem) X("__setitem__", dict_setitem)                          \
    X("__delitem__", dict_delitem) X("__contains__", dict_contains) X("__iter__", dict_iter) \
    X("__reversed__", dict_reversed) X("__repr__", dict_repr) X("__eq__", dict_eq)         \
    X("__ne__", dict_ne) X("__or__", dict_or) X("__ror__", dict_ror) X("__ior__", dict_ior) \
    X("keys", dict_keys) X("values", dict_values) X("items", dict_items) X("get", dict_get) \
    X("setdefault", dict_setdefault) X("pop", dict_pop) X("popitem", dict_popitem)         \
    X("update", dict_update) X("clear", dict_clear) X("copy", dict_copy)

#define VIEW_METHODS(X)                                                                    \
    X("__len__", view_len) X("__iter__", view_iter) X("__reversed__", view_reversed)       \
    X("__contains__", view_contains) X("__repr__", view_repr)

void vm_init_dict(VM *vm)
{
#define X(name, fn) vm_add_method(vm, vm->t_dict, name, fn);
    DICT_METHODS(X)
#undef X
    vm_add_classmethod(vm, vm->t_dict, "fromkeys", dict_fromkeys);
    vm_dict_set_str(vm, vm->t_dict->hdr.dict, vm->s___hash__, V_NONE);
    TypeObj *views[] = {vm->t_dict_keys, vm->t_dict_values, vm->t_dict_items};
    for (int i = 0; i < 3; i++) {
#define X(name, fn) vm_add_method(vm, views[i], name, fn);
        VIEW_METHODS(X)
#undef X
    }
    for (int i = 0; i < 3; i += 2) {
#define X(name, op) vm_add_method(vm, views[i], #name, view_##name);
        VM_RICH_COMPARES(X)
#undef X
#define X(name, op, rev) vm_add_method(vm, views[i], #name, view_##name);
        VIEW_SETOPS(X)
#undef X
        vm_add_method(vm, views[i], "isdisjoint", view_isdisjoint);
        vm_dict_set_str(vm, views[i]->hdr.dict, vm->s___hash__, V_NONE);
    }
}

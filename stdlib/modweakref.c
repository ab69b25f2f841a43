/* The `_weakref` module: weakref.ref (ReferenceType), getweakrefcount and
 * getweakrefs. The collector does the weak part (vm/gc.c: it clears a ref
 * whose referent died and queues its callback); weakref.py builds proxy,
 * finalize and the weak containers on top. */
#include <stdio.h>

#include "../vm/objtype_int.h"
#include "modules.h"

/* What CPython refuses: objects without a weak reference slot, the
 * immutable built-ins (and their subclasses: int, tuple, bytes) and the
 * plain containers, list and dict (their subclasses may). */
static bool weakrefable(VM *vm, Value v)
{
    if (!v_is_obj(v)) return false;
    TypeObj *t = vm_type_of(vm, v);
    switch (t->layout) {
    case LAYOUT_BIGINT: case LAYOUT_TUPLE: case LAYOUT_BYTES: return false;
    case LAYOUT_TYPE: case LAYOUT_FUNC: case LAYOUT_BUILTIN: case LAYOUT_SET: case LAYOUT_METHOD:
    case LAYOUT_CODE: case LAYOUT_MODULE: case LAYOUT_GEN: case LAYOUT_PROPERTY: case LAYOUT_FILE:
        return true;
    case LAYOUT_NATIVE: return !vm_is_weakref(v_as_obj(v)) || (t->flags & TF_HEAPTYPE);
    default: return (t->flags & TF_HEAPTYPE) != 0;
    }
}

static WeakRefObj *as_ref(VM *vm, Value v, const char *what)
{
    if (v_is_obj(v) && vm_is_weakref(v_as_obj(v))) return (WeakRefObj *)v_as_obj(v);
    vm_raise(vm, vm->e_TypeError, "descriptor '%s' requires a 'weakref.ReferenceType' object but received a '%s'",
             what, vm_type_name(vm, v));
    return NULL;
}

/* ref(object[, callback]) */
static Value ref_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_no_keywords(vm, "weakref.ReferenceType", kw)) return V_EXC;
    if (nargs < 2 || nargs > 3)
        return vm_raise(vm, vm->e_TypeError, "__new__ expected at most 2 arguments, got %d", nargs - 1);
    Value obj = args[1], cb = nargs > 2 ? args[2] : V_NONE;
    if (!weakrefable(vm, obj))
        return vm_raise(vm, vm->e_TypeError, "cannot create weak reference to '%s' object", vm_type_name(vm, obj));
    WeakRefObj *w = vm_alloc(vm, AS_TYPE(args[0]), sizeof *w);
    if (!w) return V_EXC;
    w->nat.ops = &vm_weakref_ops;
    w->nat.size = sizeof *w;
    w->referent = obj;
    w->callback = cb;
    vm_push_root(vm, v_obj(w));
    bool ok = vm_track_weakref(vm, w);
    vm_pop_roots(vm, 1);
    return ok ? v_obj(w) : V_EXC;
}

static Value ref_init(VM *vm, Value *args, int nargs, TupleObj *kw) { return V_NONE; }

static Value ref_call(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "weakref", nargs - 1, kw)) return V_EXC;
    WeakRefObj *w = as_ref(vm, args[0], "__call__");
    return w ? w->referent : V_EXC;
}

static Value ref_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    WeakRefObj *w = as_ref(vm, args[0], "__hash__");
    if (!w) return V_EXC;
    if (!w->hashed) {
        if (w->referent == V_NONE) return vm_raise(vm, vm->e_TypeError, "weak object has gone away");
        if (!vm_hash(vm, w->referent, &w->hash)) return V_EXC;
        w->hashed = true;
    }
    return vm_int_from_i64(vm, w->hash);
}

/* equal referents while both live, else identity */
static Value ref_compare(VM *vm, Value *args, int nargs, bool ne)
{
    if (nargs != 2 || !v_is_obj(args[1]) || !vm_is_weakref(v_as_obj(args[1]))) return V_NOTIMPL;
    WeakRefObj *a = (WeakRefObj *)v_as_obj(args[0]), *b = (WeakRefObj *)v_as_obj(args[1]);
    if (a->referent == V_NONE || b->referent == V_NONE) return v_bool((a == b) != ne);
    int eq = vm_eq(vm, a->referent, b->referent);
    if (eq < 0) return V_EXC;
    return v_bool((eq != 0) != ne);
}

static Value ref_eq(VM *vm, Value *args, int nargs, TupleObj *kw) { return ref_compare(vm, args, nargs, false); }
static Value ref_ne(VM *vm, Value *args, int nargs, TupleObj *kw) { return ref_compare(vm, args, nargs, true); }

static Value ref_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    WeakRefObj *w = as_ref(vm, args[0], "__repr__");
    if (!w) return V_EXC;
    char buf[256];
    if (w->referent == V_NONE)
        snprintf(buf, sizeof buf, "<weakref at %p; dead>", (void *)w);
    else
        snprintf(buf, sizeof buf, "<weakref at %p; to '%.100s' at %p>", (void *)w, vm_type_name(vm, w->referent),
                 (void *)v_as_obj(w->referent));
    return vm_new_str(vm, buf, strlen(buf));
}

static Value ref_get_callback(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    WeakRefObj *w = as_ref(vm, args[0], "__callback__");
    return w ? w->callback : V_EXC;
}

/* getweakrefcount(object) */
static Value weak_count(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "getweakrefcount", nargs, kw)) return V_EXC;
    int64_t n = 0;
    for (size_t i = 0; i < vm->nweakrefs; i++) n += ((WeakRefObj *)vm->weakrefs[i])->referent == args[0];
    return vm_int_from_i64(vm, v_is_obj(args[0]) ? n : 0);
}

/* getweakrefs(object): its refs, the oldest first */
static Value weak_refs(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "getweakrefs", nargs, kw)) return V_EXC;
    Value l = vm_new_list(vm, 0);
    if (l == V_EXC || !v_is_obj(args[0])) return l;
    vm_push_root(vm, l);
    for (size_t i = 0; i < vm->nweakrefs; i++)
        if (((WeakRefObj *)vm->weakrefs[i])->referent == args[0] &&
            !vm_list_append(vm, (ListObj *)v_as_obj(l), v_obj(vm->weakrefs[i]))) {
            vm_pop_roots(vm, 1);
            return V_EXC;
        }
    vm_pop_roots(vm, 1);
    return l;
}

Value mod_weakref_open(VM *vm)
{
    static const ModFunction functions[] = {{"getweakrefcount", weak_count}, {"getweakrefs", weak_refs}};
    static const ModFunction methods[] = {
        {"__new__", ref_new}, {"__init__", ref_init}, {"__call__", ref_call}, {"__hash__", ref_hash},
        {"__eq__", ref_eq}, {"__ne__", ref_ne}, {"__repr__", ref_repr},
    };
    Value m = vm_new_module(vm, "_weakref");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    bool ok = mod_add_functions(vm, m, functions, sizeof functions / sizeof *functions);
    TypeObj *t = ok ? vm_new_builtin_type(vm, "weakref.ReferenceType", vm->t_object, LAYOUT_NATIVE) : NULL;
    if (t) {
        for (size_t i = 0; i < sizeof methods / sizeof *methods; i++) vm_add_method(vm, t, methods[i].name, methods[i].fn);
        vm_add_property(vm, t, "__callback__", ref_get_callback, NULL);
        ok = mod_dict_put(vm, v_as_obj(m)->dict, "ref", v_obj(t)) &&
             mod_dict_put(vm, v_as_obj(m)->dict, "ReferenceType", v_obj(t));
    }
    vm_pop_roots(vm, 1);
    return ok && t ? m : V_EXC;
}

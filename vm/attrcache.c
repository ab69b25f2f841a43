/* Inline caches for attribute access, method lookup and globals: the fast
 * paths of LOAD_ATTR, STORE_ATTR, LOAD_METHOD and LOAD_GLOBAL. A miss runs
 * the full protocol (objtype.c) and then records, for instances of exactly
 * that type at that version, which case the name falls in; the next run of
 * the instruction checks the version and takes the short way. Everything
 * the full protocol would do differently on a changed class bumps the type's
 * version, so a stale entry never matches. */
#include "objtype_int.h"

/* A site that has missed this often sees objects of many types: learning
 * costs more than it saves there, so it stops. */
enum { IC_MAX_MISSES = 16 };

/* An IC_DICT site reached by one more class: keep the last three. */
static void add_dict_class(InlineCache *c, const TypeObj *t)
{
    c->more[1] = c->more[0];
    c->more[0] = c->version;
    c->version = t->version;
    c->aux++;
}

static bool in_dict(Obj *o, StrObj *name) { return o->dict && vm_dict_get_str(o->dict, name) != V_UNBOUND; }

/* The case of instances of t for name, or IC_NONE; d receives the class attribute. */
static uint32_t classify_get(VM *vm, TypeObj *t, StrObj *name, Value *d, uint32_t *index)
{
    if (!(t->flags & TF_HEAPTYPE) || !t->version || !name->interned || !vm_default_getattr(vm, t)) return IC_NONE;
    *d = vm_type_lookup(t, name);
    if (*d == V_UNBOUND) return vm_instances_keep_dict(t) || (t->flags & TF_HAS_SLOTS) ? IC_DICT : IC_NONE;
    TypeObj *dt = vm_type_of(vm, *d);
    if (dt == vm->t_member_descriptor) {
        if (!vm_is_subtype(t, vm_member_owner(*d))) return IC_NONE;
        *index = v_as_obj(*d)->aux;
        return IC_SLOT;
    }
    if (dt == vm->t_property) return IC_PROPERTY;
    if (dt == vm->t_function) return IC_METHOD;
    return vm_descr_flags(vm, *d) ? IC_NONE : IC_CLASSVAL;
}

/* An instance attribute: objects of one class set their attributes in the
 * same order, so the entry where the last one had it is tried first. */
static Value dict_attr(DictObj *d, StrObj *name, InlineCache *c)
{
    if (c->index < d->nentries && d->entries[c->index].key == v_obj(name)) return d->entries[c->index].value;
    int64_t ix = vm_dict_find_str(d, name);
    if (ix < 0) return V_UNBOUND;
    c->index = (uint32_t)ix;
    return d->entries[ix].value;
}

/* Whether the cache's case holds for objects of type t. */
static inline bool ic_holds(const InlineCache *c, const TypeObj *t)
{
    return t->version == c->version ||
           (c->kind == IC_DICT && t->version && (t->version == c->more[0] || t->version == c->more[1]));
}

Value vm_getattr_ic(VM *vm, Value obj, StrObj *name, InlineCache *c)
{
    if (v_is_obj(obj)) {
        Obj *o = v_as_obj(obj);
        if (ic_holds(c, o->type)) {
            switch (c->kind) {
            case IC_SLOT: {
                Value v = vm_slot_values(o)[c->index];
                if (v != V_UNBOUND) return v;
                break;
            }
            case IC_DICT:
                if (o->dict) {
                    Value v = dict_attr(o->dict, name, c);
                    if (v != V_UNBOUND) return v;
                }
                break;
            case IC_CLASSVAL:
                if (!in_dict(o, name)) return c->value;
                break;
            case IC_METHOD:
                if (!in_dict(o, name)) return vm_bind_method(vm, c->value, obj);
                break;
            case IC_PROPERTY: return vm_property_get(vm, (PropertyObj *)v_as_obj(c->value), obj);
            default: break;
            }
        }
    }
    Value r = vm_getattr(vm, obj, name);
    if (r == V_EXC || !v_is_obj(obj) || ic_holds(c, v_as_obj(obj)->type) || c->aux >= IC_MAX_MISSES) return r;
    /* a miss: learn the case for next time (the lookups cannot fail) */
    vm_push_root(vm, r);
    TypeObj *t = v_as_obj(obj)->type;
    Value d = V_UNBOUND;
    uint32_t index = 0, kind = classify_get(vm, t, name, &d, &index);
    vm_pop_roots(vm, 1);
    if (kind == IC_DICT && c->kind == IC_DICT) {
        add_dict_class(c, t);
        return r;
    }
    *c = (InlineCache){ .version = kind ? t->version : 0, .aux = c->aux + 1, .kind = kind, .index = index, .value = d };
    return r;
}

bool vm_setattr_ic(VM *vm, Value obj, StrObj *name, Value v, InlineCache *c)
{
    if (v_is_obj(obj)) {
        Obj *o = v_as_obj(obj);
        if (ic_holds(c, o->type)) {
            if (c->kind == IC_SLOT) {
                vm_slot_values(o)[c->index] = v;
                return true;
            }
            if (c->kind == IC_DICT) {
                DictObj *dict = o->dict;
                if (dict && c->index < dict->nentries && dict->entries[c->index].key == v_obj(name)) {
                    dict->entries[c->index].value = v;
                    return true;
                }
                dict = vm_instance_dict(vm, o);
                if (!dict || !vm_dict_set_str(vm, dict, name, v)) return false;
                int64_t ix = vm_dict_find_str(dict, name);
                if (ix >= 0) c->index = (uint32_t)ix;
                return true;
            }
        }
    }
    if (!vm_setattr(vm, obj, name, v)) return false;
    if (!v_is_obj(obj)) return true;
    TypeObj *t = v_as_obj(obj)->type;
    if (ic_holds(c, t) || c->aux >= IC_MAX_MISSES || !(t->flags & TF_HEAPTYPE) || !t->version || !name->interned ||
        !vm_default_setattr(vm, t))
        return true;
    Value d = vm_type_lookup(t, name);
    uint32_t kind = IC_NONE, index = 0;
    if (d != V_UNBOUND && vm_type_of(vm, d) == vm->t_member_descriptor && vm_is_subtype(t, vm_member_owner(d))) {
        kind = IC_SLOT;
        index = v_as_obj(d)->aux;
    } else if (vm_instances_keep_dict(t) && (d == V_UNBOUND || !(vm_descr_flags(vm, d) & DF_SET))) {
        kind = IC_DICT;
        if (c->kind == IC_DICT) {
            add_dict_class(c, t);
            return true;
        }
    }
    *c = (InlineCache){ .version = kind ? t->version : 0, .aux = c->aux + 1, .kind = kind, .index = index };
    return true;
}

/* LOAD_METHOD calls a plain function, or a built-in type's method
 * descriptor, with the object prepended, when the object's dict does not
 * hide it and its type reads attributes the default way. */
static bool plain_method(Value m)
{
    return v_has_layout(m, LAYOUT_FUNC) || (v_has_layout(m, LAYOUT_BUILTIN) && (v_as_obj(m)->aux & BUILTIN_METHOD) &&
                                            ((BuiltinObj *)v_as_obj(m))->self == V_UNBOUND);
}

Value vm_method_ic(VM *vm, Value obj, StrObj *name, InlineCache *c)
{
    TypeObj *t = vm_type_of(vm, obj);
    if (t->version == c->version && c->kind == IC_METHOD) {
        if (!(v_is_obj(obj) && in_dict(v_as_obj(obj), name))) return c->value;
        return V_UNBOUND;
    }
    if (t->layout == LAYOUT_TYPE || t->layout == LAYOUT_MODULE ||
        vm_type_lookup(t, vm->s___getattribute__) != vm_type_lookup(vm->t_object, vm->s___getattribute__))
        return V_UNBOUND;
    Value m = vm_type_lookup(t, name);
    if (!plain_method(m)) return V_UNBOUND;
    if (t->version && name->interned && c->aux < IC_MAX_MISSES)
        *c = (InlineCache){ .version = t->version, .aux = c->aux + 1, .kind = IC_METHOD, .value = m };
    return v_is_obj(obj) && in_dict(v_as_obj(obj), name) ? V_UNBOUND : m;
}

Value vm_load_global_ic(VM *vm, DictObj *globals, StrObj *name, InlineCache *c)
{
    if (c->where == globals && c->version == globals->version) {
        DictObj *from = c->kind == IC_GLOBAL ? globals : vm->builtins;
        if ((c->kind == IC_GLOBAL || c->aux == vm->builtins->version) && c->index < from->nentries &&
            from->entries[c->index].key == v_obj(name))
            return from->entries[c->index].value;
    }
    int64_t ix = vm_dict_find_str(globals, name);
    if (ix >= 0) {
        *c = (InlineCache){ .version = globals->version, .kind = IC_GLOBAL, .index = (uint32_t)ix, .where = globals };
        return globals->entries[ix].value;
    }
    ix = vm_dict_find_str(vm->builtins, name);
    if (ix < 0) return vm_raise_name_error(vm, name);
    *c = (InlineCache){ .version = globals->version, .aux = vm->builtins->version, .kind = IC_BUILTIN,
                        .index = (uint32_t)ix, .where = globals };
    return vm->builtins->entries[ix].value;
}

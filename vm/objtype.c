/* Types and attributes: type objects (C3 MRO, layouts, __slots__), calling a
 * class, CPython's attribute protocol and how it binds and calls the descriptors
 * it meets, with object's and type's methods. The descriptors' own natives are in objdescr.c. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "objtype_int.h"

/* PropertyObj.hdr.aux: made by vm_add_property for a native attribute, whose
 * errors read as CPython's getset descriptors' ("attribute 'x' of 'T' objects
 * is not writable"). A property's hdr.dict privately holds its __set_name__ name. */
enum { PROP_NATIVE = 1 };

static Value object_new(VM *vm, Value *args, int nargs, TupleObj *kw);
static Value object_init(VM *vm, Value *args, int nargs, TupleObj *kw);
static Value object_getattribute(VM *vm, Value *args, int nargs, TupleObj *kw);
static Value object_setattr(VM *vm, Value *args, int nargs, TupleObj *kw);
static Value object_delattr(VM *vm, Value *args, int nargs, TupleObj *kw);
static Value type_new(VM *vm, Value *args, int nargs, TupleObj *kw);
static Value type_call(VM *vm, Value *args, int nargs, TupleObj *kw);
static Value type_getattribute(VM *vm, Value *args, int nargs, TupleObj *kw);
static Value type_setattr_m(VM *vm, Value *args, int nargs, TupleObj *kw);
static Value type_delattr_m(VM *vm, Value *args, int nargs, TupleObj *kw);

/* ---- type identity -------------------------------------------------------- */

TypeObj *vm_type_of(VM *vm, Value v)
{
    if (v_is_obj(v)) return v_as_obj(v)->type;
    if (v_is_int(v)) return vm->t_int;
    if (v_is_double(v)) return vm->t_float;
    if (v_is_bool(v)) return vm->t_bool;
    if (v == V_NOTIMPL) return vm->t_NotImplementedType;
    if (v == V_ELLIPSIS) return vm->t_ellipsis;
    return vm->t_NoneType;
}

bool vm_is_subtype(TypeObj *t, TypeObj *base)
{
    if (t == base) return true;
    if (!t->mro) {
        for (t = t->base; t; t = t->base)
            if (t == base) return true;
        return false;
    }
    for (uint32_t i = 1; i < t->mro->len; i++)
        if (AS_TYPE(t->mro->items[i]) == base) return true;
    return false;
}

/* ---- MRO lookups and their cache ------------------------------------------- */

/* Every change to a type's namespace gives it (and every type that inherits
 * from it) a new version, unique in the process, so (version, interned name)
 * names one lookup result for as long as it holds; misses are cached too.
 * The cache is per thread: two VMs in two threads never share one. */
enum { TYPE_CACHE_SIZE = 4096 };

typedef struct {
    uint32_t version;
    StrObj *name;
    Value value;
} TypeCacheEntry;

static _Thread_local TypeCacheEntry type_cache[TYPE_CACHE_SIZE];
static _Thread_local bool type_cache_used;   /* so start-up's many changes clear nothing */
static atomic_uint_least32_t type_versions;

static void forget_lookups(void)
{
    if (type_cache_used) memset(type_cache, 0, sizeof type_cache);
    type_cache_used = false;
}

static uint32_t new_version(void)
{
    uint32_t v = (uint32_t)atomic_fetch_add(&type_versions, 1) + 1;
    /* after 2^32 changes versions come round again: forget what they named */
    if (v == 0) {
        forget_lookups();
        v = (uint32_t)atomic_fetch_add(&type_versions, 1) + 1;
    }
    return v;
}

static Value mro_lookup(TypeObj *t, StrObj *name)
{
    if (!t->mro) return t->hdr.dict ? vm_dict_get_str(t->hdr.dict, name) : V_UNBOUND;
    for (uint32_t i = 0; i < t->mro->len; i++) {
        DictObj *d = AS_TYPE(t->mro->items[i])->hdr.dict;
        Value v = d ? vm_dict_get_str(d, name) : V_UNBOUND;
        if (v != V_UNBOUND) return v;
    }
    return V_UNBOUND;
}

Value vm_type_lookup(TypeObj *t, StrObj *name)
{
    /* only interned names: a freed string's address could name another */
    if (!name->interned || !t->version) return mro_lookup(t, name);
    size_t h = ((size_t)t->version * 0x9E3779B1u ^ ((uintptr_t)name >> 4)) & (TYPE_CACHE_SIZE - 1);
    TypeCacheEntry *e = &type_cache[h];
    if (e->version == t->version && e->name == name) return e->value;
    Value v = mro_lookup(t, name);
    e->version = t->version;
    e->name = name;
    e->value = v;
    type_cache_used = true;
    return v;
}

static inline bool is_native(Value v, NativeFn fn)
{
    return v_has_layout(v, LAYOUT_BUILTIN) && ((BuiltinObj *)v_as_obj(v))->fn == fn;
}

/* A method of a built-in type reached through the type: binds on access. */
static inline bool is_method_descr(Value v)
{
    return v_has_layout(v, LAYOUT_BUILTIN) && (AS_BUILTIN(v)->hdr.aux & BUILTIN_METHOD) &&
           AS_BUILTIN(v)->self == V_UNBOUND;
}

/* A change to a class invalidates what was cached about it and about every
 * class that inherits from it. Built-in types change only while the VM (or a
 * built-in module) is set up; their built-in subclasses are not listed, so
 * the whole cache goes then. */
void vm_type_modified(VM *vm, TypeObj *t)
{
    t->version = new_version();
    for (size_t i = 0; i < vm->nheap_types; i++)
        if (vm->heap_types[i] != t && vm_is_subtype(vm->heap_types[i], t))
            vm->heap_types[i]->version = new_version();
    if (!(t->flags & TF_HEAPTYPE)) forget_lookups();
}

/* The module a type's repr and the traceback printer name: __module__ from
 * its namespace, 'builtins' for built-in types that do not say. */
Value vm_type_module(VM *vm, TypeObj *t)
{
    Value m = t->hdr.dict ? vm_dict_get_str(t->hdr.dict, vm->s___module__) : V_UNBOUND;
    if (m != V_UNBOUND) return m;
    return (t->flags & TF_HEAPTYPE) ? V_NONE : vm_cstr(vm, "builtins");
}

/* ---- calling helpers -------------------------------------------------------- */

/* f(first, *args, **kw) without building a bound method. */
static Value call_prepended(VM *vm, Value f, Value first, Value *args, int nargs, TupleObj *kw)
{
    int total = nargs + (kw ? (int)kw->len : 0);
    Value small[8], *argv = total + 1 <= 8 ? small : malloc((size_t)(total + 1) * sizeof *argv);
    if (!argv) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    argv[0] = first;
    if (total) memcpy(argv + 1, args, (size_t)total * sizeof *argv);
    Value r = v_has_layout(f, LAYOUT_BUILTIN) && AS_BUILTIN(f)->self == V_UNBOUND
                  ? AS_BUILTIN(f)->fn(vm, argv, nargs + 1, kw)
                  : vm_call(vm, f, argv, nargs + 1, kw);
    if (argv != small) free(argv);
    return r;
}

static Value descr_get(VM *vm, Value d, Value obj, TypeObj *type);

/* Calls f, an attribute found on type(self), as a method of self: functions
 * and method descriptors get self first; anything else is bound through its
 * __get__ (staticmethod, classmethod...) or called as it is. */
static Value call_method(VM *vm, Value f, Value self, Value *args, int nargs, TupleObj *kw)
{
    if (v_has_layout(f, LAYOUT_FUNC) || is_method_descr(f)) return call_prepended(vm, f, self, args, nargs, kw);
    Value b = descr_get(vm, f, self, vm_type_of(vm, self));
    if (b == V_EXC) return V_EXC;
    return vm_call(vm, b, args, nargs, kw);
}

/* ---- binding ----------------------------------------------------------------- */

static Value new_method(VM *vm, Value func, Value self)
{
    MethodObj *m = vm_alloc(vm, vm->t_method, sizeof *m);
    if (!m) return V_EXC;
    m->func = func;
    m->self = self;
    return v_obj(m);
}

static Value bind_builtin(VM *vm, BuiltinObj *b, Value self)
{
    BuiltinObj *c = vm_alloc(vm, vm->t_builtin_function, sizeof *c);
    if (!c) return V_EXC;
    c->hdr.aux = b->hdr.aux;
    c->fn = b->fn;
    c->name = b->name;
    c->owner = b->owner;
    c->self = self;
    return v_obj(c);
}

/* f with its first argument fixed to self. */
static Value bind(VM *vm, Value f, Value self)
{
    if (v_has_layout(f, LAYOUT_BUILTIN) && AS_BUILTIN(f)->self == V_UNBOUND) return bind_builtin(vm, AS_BUILTIN(f), self);
    return new_method(vm, f, self);
}

/* ---- descriptors ---------------------------------------------------------- */


static const uint8_t layout_descr[LAYOUT_COUNT] = {
    [LAYOUT_FUNC] = DF_GET, [LAYOUT_STATICMETHOD] = DF_GET, [LAYOUT_CLASSMETHOD] = DF_GET,
    [LAYOUT_PROPERTY] = DF_GET | DF_SET,
};

/* Which of __get__ / __set__ (or __delete__) d's type has. */
static unsigned descr_flags(VM *vm, Value d)
{
    if (!v_is_obj(d)) return 0;
    TypeObj *dt = v_as_obj(d)->type;
    if (!(dt->flags & TF_HEAPTYPE)) {
        if (dt->layout == LAYOUT_BUILTIN) return is_method_descr(d) ? DF_GET : 0;
        if (dt == vm->t_member_descriptor) return DF_GET | DF_SET;
        return layout_descr[dt->layout];
    }
    unsigned f = 0;
    if (vm_type_lookup(dt, vm->s___get__) != V_UNBOUND) f |= DF_GET;
    if (vm_type_lookup(dt, vm->s___set__) != V_UNBOUND || vm_type_lookup(dt, vm->s___delete__) != V_UNBOUND)
        f |= DF_SET;
    return f;
}

StrObj *vm_prop_name(VM *vm, PropertyObj *p)
{
    Value n = p->hdr.dict ? vm_dict_get_str(p->hdr.dict, vm->s___name__) : V_UNBOUND;
    return v_has_layout(n, LAYOUT_STR) ? AS_STR(n) : NULL;
}

/* "property 'x' of 'T' object has no setter", or a native attribute's wording. */
static Value prop_missing(VM *vm, PropertyObj *p, Value obj, const char *what)
{
    if (p->hdr.aux & PROP_NATIVE) {
        BuiltinObj *g = AS_BUILTIN(p->fget);
        return vm_raise(vm, vm->e_AttributeError, "attribute '%s' of '%.100s' objects is not writable", g->name,
                        g->owner ? g->owner->name->data : vm_type_name(vm, obj));
    }
    StrObj *n = vm_prop_name(vm, p);
    if (n)
        return vm_raise(vm, vm->e_AttributeError, "property '%s' of '%.100s' object has no %s", n->data,
                        vm_type_name(vm, obj), what);
    return vm_raise(vm, vm->e_AttributeError, "property of '%.100s' object has no %s", vm_type_name(vm, obj), what);
}

static Value call1(VM *vm, Value f, Value a)
{
    if (v_has_layout(f, LAYOUT_BUILTIN) && AS_BUILTIN(f)->self == V_UNBOUND) return AS_BUILTIN(f)->fn(vm, &a, 1, NULL);
    return vm_call(vm, f, &a, 1, NULL);
}

Value vm_property_get(VM *vm, PropertyObj *p, Value obj)
{
    if (p->fget == V_NONE) return prop_missing(vm, p, obj, "getter");
    return call1(vm, p->fget, obj);
}

/* __slots__ members; their layout is described beside vm_member_name in objtype_int.h. */
static Value new_member(VM *vm, TypeObj *owner, StrObj *name, uint32_t index)
{
    Obj *m = vm_alloc(vm, vm->t_member_descriptor, sizeof *m + 2 * sizeof(Value));
    if (!m) return V_EXC;
    m->aux = index;
    vm_slot_values(m)[0] = v_obj(name);
    vm_slot_values(m)[1] = v_obj(owner);
    return v_obj(m);
}

static bool member_applies(VM *vm, Value d, Value obj)
{
    if (vm_is_subtype(vm_type_of(vm, obj), vm_member_owner(d))) return true;
    return vm_raise(vm, vm->e_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
                    vm_member_name(d)->data, vm_member_owner(d)->name->data, vm_type_name(vm, obj)),
           false;
}

Value vm_member_get(VM *vm, Value d, Value obj, TypeObj *type)
{
    if (obj == V_UNBOUND) return d;
    if (!member_applies(vm, d, obj)) return V_EXC;
    Value v = vm_slot_values(v_as_obj(obj))[v_as_obj(d)->aux];
    if (v == V_UNBOUND)
        return vm_raise(vm, vm->e_AttributeError, "'%.200s' object has no attribute '%s'", vm_type_name(vm, obj),
                        vm_member_name(d)->data);
    return v;
}

/* v == V_UNBOUND deletes; deleting an empty slot is AttributeError('name'). */
bool vm_member_set(VM *vm, Value d, Value obj, Value v)
{
    if (!member_applies(vm, d, obj)) return false;
    Value *slot = &vm_slot_values(v_as_obj(obj))[v_as_obj(d)->aux];
    if (v == V_UNBOUND && *slot == V_UNBOUND)
        return vm_raise(vm, vm->e_AttributeError, "%s", vm_member_name(d)->data), false;
    *slot = v;
    return true;
}

typedef Value (*DescrGetFn)(VM *vm, Value d, Value obj, TypeObj *type);

Value vm_func_descr_get(VM *vm, Value d, Value obj, TypeObj *type)
{
    return obj == V_UNBOUND ? d : new_method(vm, d, obj);
}

static Value builtin_descr_get(VM *vm, Value d, Value obj, TypeObj *type)
{
    return obj == V_UNBOUND || !is_method_descr(d) ? d : bind_builtin(vm, AS_BUILTIN(d), obj);
}

static Value static_descr_get(VM *vm, Value d, Value obj, TypeObj *type) { return AS_WRAPPER(d)->func; }

static Value class_descr_get(VM *vm, Value d, Value obj, TypeObj *type)
{
    return bind(vm, AS_WRAPPER(d)->func, v_obj(type ? type : vm_type_of(vm, obj)));
}

static Value property_descr_get(VM *vm, Value d, Value obj, TypeObj *type)
{
    return obj == V_UNBOUND ? d : vm_property_get(vm, AS_PROP(d), obj);
}

static const DescrGetFn descr_get_fns[LAYOUT_COUNT] = {
    [LAYOUT_FUNC] = vm_func_descr_get,           [LAYOUT_BUILTIN] = builtin_descr_get,
    [LAYOUT_STATICMETHOD] = static_descr_get, [LAYOUT_CLASSMETHOD] = class_descr_get,
    [LAYOUT_PROPERTY] = property_descr_get,
};

/* The __get__ of d's built-in layout, whatever d's class overrides: what
 * staticmethod.__get__ and classmethod.__get__ run. */
Value vm_layout_descr_get(VM *vm, Value d, Value obj, TypeObj *type)
{
    return descr_get_fns[vm_type_of(vm, d)->layout](vm, d, obj, type);
}

/* d.__get__(obj, type); obj is V_UNBOUND for access through the class. */
static Value descr_get(VM *vm, Value d, Value obj, TypeObj *type)
{
    TypeObj *dt = vm_type_of(vm, d);
    if (!(dt->flags & TF_HEAPTYPE)) {
        DescrGetFn f = dt == vm->t_member_descriptor ? vm_member_get : descr_get_fns[dt->layout];
        return f ? f(vm, d, obj, type) : d;
    }
    Value g = vm_type_lookup(dt, vm->s___get__);
    if (g == V_UNBOUND) return d;
    Value args[2] = { obj == V_UNBOUND ? V_NONE : obj, type ? v_obj(type) : V_NONE };
    return call_method(vm, g, d, args, 2, NULL);
}

/* d.__set__(obj, v), or d.__delete__(obj) when v is V_UNBOUND. */
bool vm_descr_set(VM *vm, Value d, Value obj, Value v)
{
    TypeObj *dt = vm_type_of(vm, d);
    if (dt == vm->t_member_descriptor) return vm_member_set(vm, d, obj, v);
    if (!(dt->flags & TF_HEAPTYPE) && dt->layout == LAYOUT_PROPERTY) {
        PropertyObj *p = AS_PROP(d);
        Value f = v == V_UNBOUND ? p->fdel : p->fset;
        if (f == V_NONE) return prop_missing(vm, p, obj, v == V_UNBOUND ? "deleter" : "setter"), false;
        Value args[2] = { obj, v };
        int n = v == V_UNBOUND ? 1 : 2;
        if (v_has_layout(f, LAYOUT_BUILTIN) && AS_BUILTIN(f)->self == V_UNBOUND)
            return AS_BUILTIN(f)->fn(vm, args, n, NULL) != V_EXC;
        return vm_call(vm, f, args, n, NULL) != V_EXC;
    }
    StrObj *hook = v == V_UNBOUND ? vm->s___delete__ : vm->s___set__;
    Value f = vm_type_lookup(dt, hook);
    if (f == V_UNBOUND) return vm_raise(vm, vm->e_AttributeError, "%s", hook->data), false;
    Value args[2] = { obj, v };
    return call_method(vm, f, d, args, v == V_UNBOUND ? 1 : 2, NULL) != V_EXC;
}

/* ---- instance dicts and slots ------------------------------------------------ */

/* Whether instances of t keep attributes in hdr.dict. */
static bool has_instance_attrs(TypeObj *t)
{
    return (t->flags & TF_HEAPTYPE) || t->layout == LAYOUT_FUNC || t->layout == LAYOUT_MODULE ||
           t->layout == LAYOUT_EXC;
}

DictObj *vm_instance_dict(VM *vm, Obj *o)
{
    if (!o->dict) {
        Value d = vm_new_dict(vm);
        if (d == V_EXC) return NULL;
        o->dict = AS_DICT(d);
    }
    return o->dict;
}

/* Under __slots__ only the names some class of the MRO lists may be set. */
static bool slot_allowed(VM *vm, TypeObj *t, StrObj *name)
{
    for (uint32_t i = 0; i < t->mro->len; i++) {
        TypeObj *c = AS_TYPE(t->mro->items[i]);
        if (!(c->flags & TF_HEAPTYPE)) continue;
        Value s = vm_dict_get_str(c->hdr.dict, vm->s___slots__);
        if (!v_has_layout(s, LAYOUT_TUPLE)) continue;
        for (uint32_t k = 0; k < AS_TUPLE(s)->len; k++)
            if (vm_str_eq(AS_STR(AS_TUPLE(s)->items[k]), name)) return true;
    }
    return false;
}

/* ---- getattr ---------------------------------------------------------------- */

/* Lookups below return V_UNBOUND for "no such attribute" without raising,
 * so hasattr() and __getattr__ fallbacks build no exception. */
typedef Value (*GetattrFn)(VM *vm, Value obj, TypeObj *t, StrObj *name);

/* object.__getattribute__ */
static Value generic_getattr(VM *vm, Value obj, TypeObj *t, StrObj *name)
{
    Value d = vm_type_lookup(t, name);
    unsigned df = 0;
    if (d != V_UNBOUND) {
        df = descr_flags(vm, d);
        if (df == (DF_GET | DF_SET)) return descr_get(vm, d, obj, t);
    }
    if (v_is_obj(obj) && v_as_obj(obj)->dict && has_instance_attrs(t)) {
        Value v = vm_dict_get_str(v_as_obj(obj)->dict, name);
        if (v != V_UNBOUND) return v;
    }
    if (df & DF_GET) return descr_get(vm, d, obj, t);
    return d;
}

/* type.__getattribute__: the metatype's data descriptors, then the class's
 * own MRO (functions come back plain, classmethods bound to the class), then
 * the metatype's other attributes. */
static Value type_getattr(VM *vm, Value obj, TypeObj *meta, StrObj *name)
{
    TypeObj *t = AS_TYPE(obj);
    Value ma = vm_type_lookup(meta, name);
    unsigned mf = 0;
    if (ma != V_UNBOUND) {
        mf = descr_flags(vm, ma);
        if (mf == (DF_GET | DF_SET)) return descr_get(vm, ma, obj, meta);
    }
    Value a = vm_type_lookup(t, name);
    if (a != V_UNBOUND) return (descr_flags(vm, a) & DF_GET) ? descr_get(vm, a, V_UNBOUND, t) : a;
    if (mf & DF_GET) return descr_get(vm, ma, obj, meta);
    return ma;
}

/* A module's own __getattr__ (PEP 562) answers names its dict lacks. */
static Value module_getattr(VM *vm, Value obj, TypeObj *t, StrObj *name)
{
    Value r = generic_getattr(vm, obj, t, name);
    DictObj *d = v_as_obj(obj)->dict;
    if (r != V_UNBOUND || !d) return r;
    Value hook = vm_dict_get_str(d, vm->s___getattr__);
    if (hook == V_UNBOUND) return r;
    return call1(vm, hook, v_obj(name));
}

/* super(type, obj).name: the MRO of obj's type after `type`. */
static Value super_getattr(VM *vm, Value obj, TypeObj *t, StrObj *name)
{
    SuperObj *s = AS_SUPER(obj);
    if (s->obj_type && !vm_str_eq(name, vm->s___class__)) {
        TupleObj *mro = s->obj_type->mro;
        uint32_t i = 0;
        while (i < mro->len && AS_TYPE(mro->items[i]) != s->type) i++;
        for (i++; i < mro->len; i++) {
            Value v = vm_dict_get_str(AS_TYPE(mro->items[i])->hdr.dict, name);
            if (v == V_UNBOUND) continue;
            if (!(descr_flags(vm, v) & DF_GET)) return v;
            Value self = s->obj == v_obj(s->obj_type) ? V_UNBOUND : s->obj;
            return descr_get(vm, v, self, s->obj_type);
        }
    }
    return generic_getattr(vm, obj, t, name);
}

/* A bound method answers for its function (__name__, __doc__, __wrapped__...). */
static Value method_getattr(VM *vm, Value obj, TypeObj *t, StrObj *name)
{
    Value r = generic_getattr(vm, obj, t, name);
    if (r != V_UNBOUND) return r;
    return vm_getattr_opt(vm, AS_METHOD(obj)->func, name);
}

static const GetattrFn layout_getattr[LAYOUT_COUNT] = {
    [LAYOUT_TYPE] = type_getattr, [LAYOUT_MODULE] = module_getattr,
    [LAYOUT_SUPER] = super_getattr, [LAYOUT_METHOD] = method_getattr,
};

static Value native_getattr(VM *vm, Value obj, TypeObj *t, StrObj *name)
{
    GetattrFn f = layout_getattr[t->layout];
    return f ? f(vm, obj, t, name) : generic_getattr(vm, obj, t, name);
}

/* Whether a __getattribute__ found on a type is one of the built-in ones
 * (which native_getattr implements directly). */
static bool is_native_getattribute(Value f)
{
    if (!v_has_layout(f, LAYOUT_BUILTIN)) return false;
    NativeFn fn = AS_BUILTIN(f)->fn;
    return fn == object_getattribute || fn == type_getattribute || fn == vm_module_getattribute ||
           fn == vm_super_getattribute;
}

bool vm_default_getattr(VM *vm, TypeObj *t)
{
    if (layout_getattr[t->layout]) return false;
    Value ga = vm_type_lookup(t, vm->s___getattribute__);
    return ga == V_UNBOUND || is_native(ga, object_getattribute);
}

static bool is_attribute_error(VM *vm)
{
    return v_is_obj(vm->exc) && vm_is_subtype(v_as_obj(vm->exc)->type, vm->e_AttributeError);
}

/* CPython's messages; the exception carries name and obj for the
 * "Did you mean" hint of the traceback printer. */
static Value no_attribute(VM *vm, Value obj, TypeObj *t, StrObj *name)
{
    if (t->layout == LAYOUT_TYPE) {
        vm_raise(vm, vm->e_AttributeError, "type object '%.50s' has no attribute '%s'", AS_TYPE(obj)->name->data,
                 name->data);
    } else if (t->layout == LAYOUT_MODULE) {
        DictObj *d = v_as_obj(obj)->dict;
        Value mn = d ? vm_dict_get_str(d, vm->s___name__) : V_UNBOUND;
        if (v_has_layout(mn, LAYOUT_STR))
            vm_raise(vm, vm->e_AttributeError, "module '%s' has no attribute '%s'", AS_STR(mn)->data, name->data);
        else
            vm_raise(vm, vm->e_AttributeError, "module has no attribute '%s'", name->data);
    } else {
        vm_raise(vm, vm->e_AttributeError, "'%.50s' object has no attribute '%s'", t->name->data, name->data);
    }
    Value e = vm->exc;
    if (v_has_layout(e, LAYOUT_EXC)) {
        DictObj *d = vm_instance_dict(vm, v_as_obj(e));
        if (!d || !vm_dict_set_str(vm, d, vm_intern(vm, "name", 4), v_obj(name)) ||
            !vm_dict_set_str(vm, d, vm_intern(vm, "obj", 3), obj))
            return V_EXC;
    }
    return V_EXC;
}

static Value getattr_impl(VM *vm, Value obj, StrObj *name, bool opt)
{
    TypeObj *t = vm_type_of(vm, obj);
    Value r;
    if (t->flags & TF_HEAPTYPE) {
        Value ga = vm_type_lookup(t, vm->s___getattribute__);
        if (ga == V_UNBOUND || is_native_getattribute(ga)) {
            r = native_getattr(vm, obj, t, name);
        } else {
            Value a = v_obj(name);
            r = call_method(vm, ga, obj, &a, 1, NULL);
        }
        if (r == V_UNBOUND || (r == V_EXC && is_attribute_error(vm))) {
            Value hook = vm_type_lookup(t, vm->s___getattr__);
            if (hook != V_UNBOUND) {
                vm->exc = V_NONE;
                Value a = v_obj(name);
                r = call_method(vm, hook, obj, &a, 1, NULL);
            }
        }
    } else {
        r = native_getattr(vm, obj, t, name);
    }
    if (r == V_UNBOUND) return opt ? V_UNBOUND : no_attribute(vm, obj, t, name);
    if (r == V_EXC && opt && is_attribute_error(vm)) {
        vm->exc = V_NONE;
        return V_UNBOUND;
    }
    return r;
}

Value vm_getattr(VM *vm, Value obj, StrObj *name) { return getattr_impl(vm, obj, name, false); }
Value vm_getattr_opt(VM *vm, Value obj, StrObj *name) { return getattr_impl(vm, obj, name, true); }

/* ---- setattr / delattr (v == V_UNBOUND deletes) --------------------------------- */

/* object.__setattr__ / object.__delattr__ */
static bool generic_setattr(VM *vm, Value obj, TypeObj *t, StrObj *name, Value v)
{
    Value d = vm_type_lookup(t, name);
    if (d != V_UNBOUND && (descr_flags(vm, d) & DF_SET)) return vm_descr_set(vm, d, obj, v);
    if (v_is_obj(obj) && has_instance_attrs(t) && (!(t->flags & TF_HAS_SLOTS) || slot_allowed(vm, t, name))) {
        Obj *o = v_as_obj(obj);
        if (v != V_UNBOUND) {
            DictObj *dict = vm_instance_dict(vm, o);
            return dict && vm_dict_set_str(vm, dict, name, v);
        }
        int r = o->dict ? vm_dict_del(vm, o->dict, v_obj(name)) : 0;
        if (r == 0)
            vm_raise(vm, vm->e_AttributeError, "'%.100s' object has no attribute '%s'", t->name->data, name->data);
        return r == 1;
    }
    if (d != V_UNBOUND)
        return vm_raise(vm, vm->e_AttributeError, "'%.50s' object attribute '%s' is read-only", t->name->data,
                        name->data),
               false;
    return vm_raise(vm, vm->e_AttributeError, "'%.100s' object has no attribute '%s'", t->name->data, name->data),
           false;
}

/* type.__setattr__: classes of built-in types are immutable. */
static bool type_setattr(VM *vm, Value obj, StrObj *name, Value v)
{
    TypeObj *t = AS_TYPE(obj);
    if (!(t->flags & TF_HEAPTYPE))
        return vm_raise(vm, vm->e_TypeError, "cannot set '%s' attribute of immutable type '%s'", name->data,
                        t->name->data),
               false;
    Value ma = vm_type_lookup(t->hdr.type, name);
    if (ma != V_UNBOUND && (descr_flags(vm, ma) & DF_SET)) return vm_descr_set(vm, ma, obj, v);
    if (v == V_UNBOUND) {
        int r = vm_dict_del(vm, t->hdr.dict, v_obj(name));
        if (r == 0)
            vm_raise(vm, vm->e_AttributeError, "type object '%.50s' has no attribute '%s'", t->name->data,
                     name->data);
        if (r != 1) return false;
    } else if (!vm_dict_set_str(vm, t->hdr.dict, name, v)) {
        return false;
    }
    vm_type_modified(vm, t);
    if (v != V_UNBOUND && vm_str_eq(name, vm->s___del__)) vm_note_finalizer(vm, t);
    return true;
}

static bool is_native_setattr(Value f)
{
    if (!v_has_layout(f, LAYOUT_BUILTIN)) return false;
    NativeFn fn = AS_BUILTIN(f)->fn;
    return fn == object_setattr || fn == object_delattr || fn == type_setattr_m || fn == type_delattr_m;
}

static bool set_or_delete(VM *vm, Value obj, StrObj *name, Value v)
{
    TypeObj *t = vm_type_of(vm, obj);
    if (t->flags & TF_HEAPTYPE) {
        Value hook = vm_type_lookup(t, v == V_UNBOUND ? vm->s___delattr__ : vm->s___setattr__);
        if (hook != V_UNBOUND && !is_native_setattr(hook)) {
            Value args[2] = { v_obj(name), v };
            return call_method(vm, hook, obj, args, v == V_UNBOUND ? 1 : 2, NULL) != V_EXC;
        }
    }
    if (t->layout == LAYOUT_TYPE) return type_setattr(vm, obj, name, v);
    return generic_setattr(vm, obj, t, name, v);
}

bool vm_setattr(VM *vm, Value obj, StrObj *name, Value v) { return set_or_delete(vm, obj, name, v); }

bool vm_default_setattr(VM *vm, TypeObj *t)
{
    if (t->layout == LAYOUT_TYPE) return false;
    Value hook = vm_type_lookup(t, vm->s___setattr__);
    return hook == V_UNBOUND || is_native(hook, object_setattr);
}

bool vm_instances_keep_dict(TypeObj *t) { return has_instance_attrs(t) && !(t->flags & TF_HAS_SLOTS); }

unsigned vm_descr_flags(VM *vm, Value d) { return descr_flags(vm, d); }

Value vm_bind_method(VM *vm, Value func, Value self) { return new_method(vm, func, self); }
bool vm_delattr(VM *vm, Value obj, StrObj *name) { return set_or_delete(vm, obj, name, V_UNBOUND); }

/* ---- making types --------------------------------------------------------------- */

static TypeObj *alloc_type(VM *vm, TypeObj *meta, StrObj *name, ObjLayout layout, uint32_t flags)
{
    TypeObj *t = vm_alloc(vm, meta, sizeof *t);
    if (!t) return NULL;
    Value d = vm_new_dict(vm);
    if (d == V_EXC) return NULL;
    t->hdr.dict = AS_DICT(d);
    t->name = t->qualname = name;
    t->layout = (uint8_t)layout;
    t->flags = flags;
    t->version = new_version();
    return t;
}

/* bases = (base,) and mro = (t,) + base.__mro__ */
static bool set_single_base(VM *vm, TypeObj *t, TypeObj *base)
{
    t->base = base;
    Value b = base ? vm_tuple_of(vm, (Value[]){ v_obj(base) }, 1) : vm->empty_tuple;
    if (b == V_EXC) return false;
    t->bases = AS_TUPLE(b);
    uint32_t n = base ? base->mro->len : 0;
    Value m = vm_new_tuple(vm, n + 1);
    if (m == V_EXC) return false;
    AS_TUPLE(m)->items[0] = v_obj(t);
    for (uint32_t i = 0; i < n; i++) AS_TUPLE(m)->items[i + 1] = base->mro->items[i];
    t->mro = AS_TUPLE(m);
    return true;
}

/* A dotted name ("types.GenericAlias") puts the part before the last dot in
 * __module__, as CPython's tp_name does. */
bool vm_type_ready(VM *vm, TypeObj *t, const char *name, TypeObj *base)
{
    const char *dot = strrchr(name, '.');
    const char *shortname = dot ? dot + 1 : name;
    Value d = vm_new_dict(vm);
    StrObj *n = vm_intern(vm, shortname, strlen(shortname));
    if (d == V_EXC || !n) return false;
    t->hdr.dict = AS_DICT(d);
    t->name = t->qualname = n;
    t->flags = TF_BASETYPE;
    t->version = new_version();
    if (base) {
        t->iternext = base->iternext;
        t->getbuffer = base->getbuffer;
    }
    if (!set_single_base(vm, t, base)) return false;
    if (dot) {
        Value m = vm_new_str(vm, name, (size_t)(dot - name));
        if (m == V_EXC || !vm_dict_set_str(vm, t->hdr.dict, vm->s___module__, m)) return false;
    }
    return true;
}

TypeObj *vm_new_builtin_type(VM *vm, const char *name, TypeObj *base, ObjLayout layout)
{
    TypeObj *t = vm_alloc(vm, vm->t_type, sizeof *t);
    if (!t) return NULL;
    t->layout = (uint8_t)layout;
    return vm_type_ready(vm, t, name, base) ? t : NULL;
}

void vm_add_method(VM *vm, TypeObj *t, const char *name, NativeFn fn)
{
    BuiltinObj *b = vm_alloc(vm, vm->t_builtin_function, sizeof *b);
    StrObj *key = vm_intern(vm, name, strlen(name));
    if (!b || !key) return;
    b->fn = fn;
    b->name = name;
    b->self = V_UNBOUND;
    b->owner = t;
    /* __new__ is a static method: it receives the class explicitly */
    b->hdr.aux = strcmp(name, "__new__") ? BUILTIN_METHOD : 0;
    vm_dict_set_str(vm, t->hdr.dict, key, v_obj(b));
    vm_type_modified(vm, t);
}

Value vm_new_builtin(VM *vm, const char *name, NativeFn fn, Value self)
{
    BuiltinObj *b = vm_alloc(vm, vm->t_builtin_function, sizeof *b);
    if (!b) return V_EXC;
    b->fn = fn;
    b->name = name;
    b->self = self;
    return v_obj(b);
}

void vm_add_property(VM *vm, TypeObj *t, const char *name, NativeFn get, NativeFn set)
{
    PropertyObj *p = vm_alloc(vm, vm->t_property, sizeof *p);
    if (!p) return;
    p->hdr.aux = PROP_NATIVE;
    p->fget = p->fset = p->fdel = p->doc = V_NONE;
    Value g = vm_new_builtin(vm, name, get, V_UNBOUND);
    if (g == V_EXC) return;
    AS_BUILTIN(g)->owner = t;
    p->fget = g;
    if (set) {
        Value s = vm_new_builtin(vm, name, set, V_UNBOUND);
        if (s == V_EXC) return;
        AS_BUILTIN(s)->owner = t;
        p->fset = p->fdel = s;
    }
    StrObj *key = vm_intern(vm, name, strlen(name));
    if (key) vm_dict_set_str(vm, t->hdr.dict, key, v_obj(p));
    vm_type_modified(vm, t);
}

/* The solid base: the ancestor whose C layout instances have; classes can
 * only combine bases whose solid bases lie on one line of inheritance. */
static TypeObj *solid_base(TypeObj *t)
{
    while (t->base && t->base->layout == t->layout) t = t->base;
    return t;
}

/* "Cannot create a consistent method resolution order (MRO) for bases A, B":
 * the heads of the lists left unmerged, each named once. */
static Value mro_error(VM *vm, TupleObj **seqs, const uint32_t *remain, uint32_t nseq)
{
    StrBuf b;
    sb_init(&b);
    sb_puts(&b, "Cannot create a consistent method resolution\norder (MRO) for bases");
    bool first = true;
    for (uint32_t i = 0; i < nseq; i++) {
        if (remain[i] >= seqs[i]->len) continue;
        Value c = seqs[i]->items[remain[i]];
        bool seen = false;
        for (uint32_t j = 0; j < i; j++)
            seen |= remain[j] < seqs[j]->len && seqs[j]->items[remain[j]] == c;
        if (seen) continue;
        sb_printf(&b, "%s %s", first ? "" : ",", AS_TYPE(c)->name->data);
        first = false;
    }
    Value r = b.oom ? vm_raise(vm, vm->e_MemoryError, "out of memory") : vm_raise(vm, vm->e_TypeError, "%s", b.data);
    sb_free(&b);
    return r;
}

static bool tail_contains(TupleObj *seq, uint32_t from, Value c)
{
    for (uint32_t j = from + 1; j < seq->len; j++)
        if (seq->items[j] == c) return true;
    return false;
}

/* C3 linearization: t, then the merge of the bases' MROs and the bases. */
static Value compute_mro(VM *vm, TypeObj *t, TupleObj *bases)
{
    if (bases->len == 1) {
        if (!set_single_base(vm, t, AS_TYPE(bases->items[0]))) return V_EXC;
        t->bases = bases;
        return v_obj(t->mro);
    }
    uint32_t nseq = bases->len + 1, total = 1;
    TupleObj **seqs = malloc(nseq * sizeof *seqs);
    uint32_t *remain = calloc(nseq, sizeof *remain);
    Value *out = NULL;
    Value r = V_EXC;
    if (!seqs || !remain) goto oom;
    for (uint32_t i = 0; i < bases->len; i++) {
        seqs[i] = AS_TYPE(bases->items[i])->mro;
        total += seqs[i]->len;
    }
    seqs[bases->len] = bases;
    out = malloc(total * sizeof *out);
    if (!out) goto oom;
    uint32_t n = 0;
    out[n++] = v_obj(t);
    for (;;) {
        bool empty = true, found = false;
        for (uint32_t i = 0; i < nseq && !found; i++) {
            if (remain[i] >= seqs[i]->len) continue;
            empty = false;
            Value c = seqs[i]->items[remain[i]];
            bool blocked = false;
            for (uint32_t j = 0; j < nseq && !blocked; j++) blocked = tail_contains(seqs[j], remain[j], c);
            if (blocked) continue;
            out[n++] = c;
            for (uint32_t j = 0; j < nseq; j++)
                if (remain[j] < seqs[j]->len && seqs[j]->items[remain[j]] == c) remain[j]++;
            found = true;
        }
        if (empty) break;
        if (!found) {
            mro_error(vm, seqs, remain, nseq);
            goto done;
        }
    }
    r = vm_tuple_of(vm, out, n);
    goto done;
oom:
    vm_raise(vm, vm->e_MemoryError, "out of memory");
done:
    free(seqs);
    free(remain);
    free(out);
    return r;
}

static bool is_identifier(const char *s)
{
    if (!*s || (*s >= '0' && *s <= '9')) return false;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (!(c >= 0x80 || c == '_' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')))
            return false;
    }
    return true;
}

static int collect_slot(VM *vm, void *ctx, Value item)
{
    if (!v_has_layout(item, LAYOUT_STR)) {
        vm_raise(vm, vm->e_TypeError, "__slots__ items must be strings, not '%.200s'", vm_type_name(vm, item));
        return -1;
    }
    if (!is_identifier(AS_STR(item)->data)) {
        vm_raise(vm, vm->e_TypeError, "__slots__ must be identifiers");
        return -1;
    }
    StrObj *s = vm_intern(vm, AS_STR(item)->data, AS_STR(item)->len);
    return s && vm_list_append(vm, (ListObj *)ctx, v_obj(s)) ? 1 : -1;
}

/* Whether instances of base keep a __dict__ (so a subclass need not add one). */
static bool base_has_dict(TypeObj *b)
{
    if (b->flags & TF_HEAPTYPE) return !(b->flags & TF_HAS_SLOTS) || b->layout == LAYOUT_EXC;
    return has_instance_attrs(b);
}

/* The class whose __slots__ last added to t's instance values: classes with
 * the same one lay their instances out alike. */
static TypeObj *slot_owner(TypeObj *t)
{
    while (t->base && t->base->hdr.aux == t->hdr.aux) t = t->base;
    return t;
}

/* The slot values t's instances inherit (t->hdr.aux), from the base with the
 * most; the bases' slot layouts must lie on one line of inheritance. */
static bool inherit_slots(VM *vm, TypeObj *t)
{
    TypeObj *best = NULL;
    for (uint32_t i = 0; i < t->bases->len; i++) {
        TypeObj *b = AS_TYPE(t->bases->items[i]);
        if (b->hdr.aux && (!best || b->hdr.aux > best->hdr.aux)) best = b;
    }
    for (uint32_t i = 0; best && i < t->bases->len; i++) {
        TypeObj *b = AS_TYPE(t->bases->items[i]);
        if (b->hdr.aux && !vm_is_subtype(best, slot_owner(b)))
            return vm_raise(vm, vm->e_TypeError, "multiple bases have instance lay-out conflict"), false;
    }
    t->hdr.aux = best ? best->hdr.aux : 0;
    return true;
}

/* Instances keep slot values after their header only when nothing but
 * object lays them out (a float subclass's memory is float's). */
static bool slots_in_instance(VM *vm, TypeObj *t)
{
    if (t->layout != LAYOUT_OBJECT) return false;
    for (uint32_t i = 1; i < t->mro->len; i++) {
        TypeObj *c = AS_TYPE(t->mro->items[i]);
        if (!(c->flags & TF_HEAPTYPE) && c != vm->t_object) return false;
    }
    return true;
}

/* __slots__: a member descriptor per name, its value stored in the instance;
 * where a built-in base owns the layout, the values go in hdr.dict instead
 * and __slots__ becomes the tuple of names slot_allowed checks.
 * TF_HAS_SLOTS unless '__dict__' is listed or a base already gives
 * instances a dict. */
static bool apply_slots(VM *vm, TypeObj *t, Value slots, bool *with_dict)
{
    DictObj *d = t->hdr.dict;
    Value l = vm_new_list(vm, 4);
    if (l == V_EXC) return false;
    vm_push_root(vm, l);
    bool ok = v_has_layout(slots, LAYOUT_STR) ? collect_slot(vm, AS_LIST(l), slots) == 1
                                               : vm_foreach(vm, slots, collect_slot, AS_LIST(l)) == 1;
    ListObj *names = AS_LIST(l);
    bool in_instance = slots_in_instance(vm, t);
    *with_dict = false;
    for (uint32_t i = 0; ok && i < names->len; i++) {
        StrObj *s = AS_STR(names->items[i]);
        if (s == vm->s___dict__) {
            *with_dict = true;
        } else if (vm_dict_get_str(d, s) != V_UNBOUND) {
            Value r = vm_repr(vm, v_obj(s));
            if (r != V_EXC)
                vm_raise(vm, vm->e_ValueError, "%s in __slots__ conflicts with class variable", AS_STR(r)->data);
            ok = false;
        } else if (in_instance && strcmp(s->data, "__weakref__")) {
            Value m = new_member(vm, t, s, t->hdr.aux);
            ok = m != V_EXC && vm_dict_set_str(vm, d, s, m);
            t->hdr.aux++;
        }
    }
    if (ok && !in_instance) {
        Value tup = vm_tuple_of(vm, names->items, names->len);
        ok = tup != V_EXC && vm_dict_set_str(vm, d, vm->s___slots__, tup);
    }
    vm_pop_roots(vm, 1);
    if (!ok) return false;
    bool inherited = false;
    for (uint32_t i = 0; i < t->bases->len; i++) inherited |= base_has_dict(AS_TYPE(t->bases->items[i]));
    if (!*with_dict && !inherited) t->flags |= TF_HAS_SLOTS;
    return true;
}

static Value weakref_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return V_NONE; }

/* __dict__ and __weakref__ entries for the first class of a line that gives
 * its instances a dict, as CPython lists them in the class namespace. */
static bool add_instance_descriptors(VM *vm, TypeObj *t, bool slotted_with_dict)
{
    bool dict_inherited = false, weak_inherited = t->layout != LAYOUT_OBJECT && t->layout != LAYOUT_LIST &&
                                                  t->layout != LAYOUT_DICT && t->layout != LAYOUT_EXC;
    for (uint32_t i = 0; i < t->bases->len; i++) {
        TypeObj *b = AS_TYPE(t->bases->items[i]);
        dict_inherited |= base_has_dict(b);
        weak_inherited |= (b->flags & TF_HEAPTYPE) && !(b->flags & TF_HAS_SLOTS);
    }
    if (t->flags & TF_HAS_SLOTS) return true;
    if (!dict_inherited || slotted_with_dict) vm_add_property(vm, t, "__dict__", vm_instance_dict_get, vm_instance_dict_set);
    if (!weak_inherited) vm_add_property(vm, t, "__weakref__", weakref_get, NULL);
    return vm->exc == V_NONE;
}

/* The namespace of a new class: ns without __qualname__ (which becomes
 * t->qualname), with __module__ from the caller's globals when absent, and
 * __new__ / __init_subclass__ / __class_getitem__ made static / class methods. */
static bool fill_namespace(VM *vm, TypeObj *t, DictObj *ns)
{
    DictObj *d = t->hdr.dict;
    for (uint32_t i = 0; i < ns->nentries; i++) {
        DictEntry *e = &ns->entries[i];
        if (e->key == V_UNBOUND) continue;
        if (v_has_layout(e->key, LAYOUT_STR) && vm_str_eq(AS_STR(e->key), vm->s___qualname__)) {
            if (!v_has_layout(e->value, LAYOUT_STR))
                return vm_raise(vm, vm->e_TypeError, "type __qualname__ must be a str, not %s",
                                vm_type_name(vm, e->value)),
                       false;
            t->qualname = AS_STR(e->value);
            continue;
        }
        if (!vm_dict_set(vm, d, e->key, e->value)) return false;
    }
    if (vm_dict_get_str(d, vm->s___module__) == V_UNBOUND) {
        DictObj *g = vm_current_globals(vm);
        Value m = g ? vm_dict_get_str(g, vm->s___name__) : V_UNBOUND;
        if (m != V_UNBOUND && !vm_dict_set_str(vm, d, vm->s___module__, m)) return false;
    }
    static const struct { size_t name; size_t type; } wrapped[] = {
        { offsetof(VM, s___new__), offsetof(VM, t_staticmethod) },
        { offsetof(VM, s___init_subclass__), offsetof(VM, t_classmethod) },
        { offsetof(VM, s___class_getitem__), offsetof(VM, t_classmethod) },
    };
    for (size_t i = 0; i < sizeof wrapped / sizeof *wrapped; i++) {
        StrObj *name = *(StrObj **)((char *)vm + wrapped[i].name);
        Value f = vm_dict_get_str(d, name);
        if (!v_has_layout(f, LAYOUT_FUNC)) continue;
        WrapperObj *w = vm_alloc(vm, *(TypeObj **)((char *)vm + wrapped[i].type), sizeof *w);
        if (!w) return false;
        w->func = f;
        if (!vm_dict_set_str(vm, d, name, v_obj(w))) return false;
    }
    return true;
}

static bool remember_heap_type(VM *vm, TypeObj *t)
{
    if (vm->nheap_types == vm->heap_types_cap) {
        size_t cap = vm->heap_types_cap ? vm->heap_types_cap * 2 : 64;
        TypeObj **a = realloc(vm->heap_types, cap * sizeof *a);
        if (!a) return vm_raise(vm, vm->e_MemoryError, "out of memory"), false;
        vm->heap_types = a;
        vm->heap_types_cap = cap;
    }
    vm->heap_types[vm->nheap_types++] = t;
    return true;
}

/* __set_name__(owner, name) on every attribute whose type has it; errors are
 * wrapped in RuntimeError with the original as __cause__ (3.11). */
static bool call_set_names(VM *vm, TypeObj *t)
{
    DictObj *d = t->hdr.dict;
    Value items = vm_new_list(vm, d->used * 2);
    if (items == V_EXC) return false;
    for (uint32_t i = 0; i < d->nentries; i++) {
        if (d->entries[i].key == V_UNBOUND) continue;
        if (!vm_list_append(vm, AS_LIST(items), d->entries[i].key) ||
            !vm_list_append(vm, AS_LIST(items), d->entries[i].value))
            return false;
    }
    vm_push_root(vm, items);
    bool ok = true;
    for (uint32_t i = 0; ok && i + 1 < AS_LIST(items)->len; i += 2) {
        Value key = AS_LIST(items)->items[i], v = AS_LIST(items)->items[i + 1];
        if (!v_is_obj(v)) continue;
        Value hook = vm_type_lookup(v_as_obj(v)->type, vm->s___set_name__);
        if (hook == V_UNBOUND) continue;
        Value args[2] = { v_obj(t), key };
        if (call_method(vm, hook, v, args, 2, NULL) != V_EXC) continue;
        ok = false;
        Value cause = vm->exc;
        vm->exc = V_NONE;
        Value kr = vm_repr(vm, key);
        if (kr == V_EXC) break;
        vm_raise(vm, vm->e_RuntimeError, "Error calling __set_name__ on '%.100s' instance %s in '%.100s'",
                 vm_type_name(vm, v), AS_STR(kr)->data, t->name->data);
        if (v_has_layout(vm->exc, LAYOUT_EXC)) {
            ExcObj *e = (ExcObj *)v_as_obj(vm->exc);
            e->cause = cause;
            e->suppress_context = true;
        }
    }
    vm_pop_roots(vm, 1);
    return ok;
}

/* super(t, t).__init_subclass__(**kw) */
static bool call_init_subclass(VM *vm, TypeObj *t, Value *kwvals, TupleObj *kwnames)
{
    for (uint32_t i = 1; i < t->mro->len; i++) {
        Value f = vm_dict_get_str(AS_TYPE(t->mro->items[i])->hdr.dict, vm->s___init_subclass__);
        if (f == V_UNBOUND) continue;
        Value b = (descr_flags(vm, f) & DF_GET) ? descr_get(vm, f, V_UNBOUND, t) : f;
        /* no keywords: any non-NULL vector will do */
        return b != V_EXC && vm_call(vm, b, kwvals ? kwvals : &b, 0, kwnames) != V_EXC;
    }
    return true;
}

/* The most derived metatype among meta and the bases' types. */
static TypeObj *winner_meta(VM *vm, TypeObj *meta, TupleObj *bases)
{
    for (uint32_t i = 0; i < bases->len; i++) {
        TypeObj *bt = vm_type_of(vm, bases->items[i]);
        if (vm_is_subtype(meta, bt)) continue;
        if (vm_is_subtype(bt, meta)) {
            meta = bt;
            continue;
        }
        vm_raise(vm, vm->e_TypeError, "metaclass conflict: the metaclass of a derived class must be a "
                                      "(non-strict) subclass of the metaclasses of all its bases");
        return NULL;
    }
    return meta;
}

/* type.__new__(meta, name, bases, ns, **kw), the metatype already the winner. */
static Value make_class(VM *vm, TypeObj *meta, StrObj *name, TupleObj *bases, DictObj *ns, Value *kwvals,
                        TupleObj *kwnames)
{
    if (bases->len == 0) {
        Value b = vm_tuple_of(vm, (Value[]){ v_obj(vm->t_object) }, 1);
        if (b == V_EXC) return V_EXC;
        bases = AS_TUPLE(b);
    }
    TypeObj *best = NULL, *solid = NULL;
    for (uint32_t i = 0; i < bases->len; i++) {
        Value bv = bases->items[i];
        if (!v_has_layout(bv, LAYOUT_TYPE)) return vm_raise(vm, vm->e_TypeError, "bases must be types");
        TypeObj *b = AS_TYPE(bv);
        if (!(b->flags & TF_BASETYPE))
            return vm_raise(vm, vm->e_TypeError, "type '%.100s' is not an acceptable base type", b->name->data);
        for (uint32_t j = 0; j < i; j++)
            if (bases->items[j] == bv) return vm_raise(vm, vm->e_TypeError, "duplicate base class %s", b->name->data);
        TypeObj *s = solid_base(b);
        if (!solid || (s != solid && vm_is_subtype(s, solid))) {
            solid = s;
            best = b;
        } else if (!vm_is_subtype(solid, s)) {
            return vm_raise(vm, vm->e_TypeError, "multiple bases have instance lay-out conflict");
        }
    }
    TypeObj *t = alloc_type(vm, meta, name, (ObjLayout)best->layout, TF_HEAPTYPE | TF_BASETYPE);
    if (!t) return V_EXC;
    vm_push_root(vm, v_obj(t));
    t->base = best;
    t->bases = bases;
    t->iternext = best->iternext;
    Value mro = compute_mro(vm, t, bases);
    bool ok = mro != V_EXC;
    if (ok) {
        t->mro = AS_TUPLE(mro);
        t->bases = bases;
        t->base = best;
        /* a mixin may come before the native base that lays out the memory */
        for (uint32_t i = 1; !t->getbuffer && i < t->mro->len; i++) t->getbuffer = AS_TYPE(t->mro->items[i])->getbuffer;
        ok = inherit_slots(vm, t) && fill_namespace(vm, t, ns);
    }
    bool slotted_with_dict = false;
    Value slots = ok ? vm_dict_get_str(t->hdr.dict, vm->s___slots__) : V_UNBOUND;
    if (slots != V_UNBOUND) ok = apply_slots(vm, t, slots, &slotted_with_dict);
    if (ok) ok = add_instance_descriptors(vm, t, slotted_with_dict);
    if (ok && vm_dict_get_str(t->hdr.dict, vm->s___doc__) == V_UNBOUND)
        ok = vm_dict_set_str(vm, t->hdr.dict, vm->s___doc__, V_NONE);
    /* a class that defines __eq__ alone is unhashable */
    if (ok && vm_dict_get_str(t->hdr.dict, vm->s___eq__) != V_UNBOUND &&
        vm_dict_get_str(t->hdr.dict, vm->s___hash__) == V_UNBOUND)
        ok = vm_dict_set_str(vm, t->hdr.dict, vm->s___hash__, V_NONE);
    ok = ok && remember_heap_type(vm, t) && call_set_names(vm, t) && call_init_subclass(vm, t, kwvals, kwnames);
    if (ok && vm_type_lookup(t, vm->s___del__) != V_UNBOUND) vm_note_finalizer(vm, t);
    vm_pop_roots(vm, 1);
    return ok ? v_obj(t) : V_EXC;
}

Value vm_make_class(VM *vm, StrObj *name, TupleObj *bases, DictObj *ns)
{
    TypeObj *meta = winner_meta(vm, vm->t_type, bases);
    if (!meta) return V_EXC;
    if (meta != vm->t_type) {
        /* a metaclass inherited from a base runs its own __new__ / __init__ */
        Value args[3] = { v_obj(name), v_obj(bases), v_obj(ns) };
        return vm_type_call(vm, meta, args, 3, NULL);
    }
    return make_class(vm, meta, name, bases, ns, NULL, NULL);
}

/* ---- instantiation -------------------------------------------------------------- */

/* A new, empty instance of cls in its layout: what object.__new__ makes. */
typedef Value (*BlankFn)(VM *vm, TypeObj *cls);

static Value retype(Value v, TypeObj *cls)
{
    if (v != V_EXC) v_as_obj(v)->type = cls;
    return v;
}

static Value blank_object(VM *vm, TypeObj *cls)
{
    Obj *o = vm_alloc(vm, cls, sizeof *o + cls->hdr.aux * sizeof(Value));
    if (!o) return V_EXC;
    for (uint32_t i = 0; i < cls->hdr.aux; i++) vm_slot_values(o)[i] = V_UNBOUND;
    return v_obj(o);
}

static Value blank_list(VM *vm, TypeObj *cls) { return retype(vm_new_list(vm, 0), cls); }
static Value blank_dict(VM *vm, TypeObj *cls) { return retype(vm_new_dict(vm), cls); }
static Value blank_set(VM *vm, TypeObj *cls) { return vm_new_set(vm, cls); }

static Value blank_property(VM *vm, TypeObj *cls)
{
    PropertyObj *p = vm_alloc(vm, cls, sizeof *p);
    if (!p) return V_EXC;
    p->fget = p->fset = p->fdel = p->doc = V_NONE;
    return v_obj(p);
}

static Value blank_wrapper(VM *vm, TypeObj *cls)
{
    WrapperObj *w = vm_alloc(vm, cls, sizeof *w);
    if (!w) return V_EXC;
    w->func = V_NONE;
    return v_obj(w);
}

static Value blank_super(VM *vm, TypeObj *cls)
{
    SuperObj *s = vm_alloc(vm, cls, sizeof *s);
    if (!s) return V_EXC;
    s->obj = V_NONE;
    return v_obj(s);
}

static Value blank_module(VM *vm, TypeObj *cls)
{
    ModuleObj *m = vm_alloc(vm, cls, sizeof *m);
    return m && vm_instance_dict(vm, &m->hdr) ? v_obj(m) : V_EXC;
}

static const BlankFn blank_fns[LAYOUT_COUNT] = {
    [LAYOUT_OBJECT] = blank_object,         [LAYOUT_LIST] = blank_list,
    [LAYOUT_DICT] = blank_dict,             [LAYOUT_SET] = blank_set,
    [LAYOUT_PROPERTY] = blank_property,     [LAYOUT_STATICMETHOD] = blank_wrapper,
    [LAYOUT_CLASSMETHOD] = blank_wrapper,   [LAYOUT_SUPER] = blank_super,
    [LAYOUT_MODULE] = blank_module,
};

/* "Can't instantiate abstract class S with abstract methods a, b": the
 * sorted names of a class's non-empty __abstractmethods__ (set by abc.ABCMeta). */
static Value abstract_error(VM *vm, TypeObj *cls, Value names)
{
    Value l = vm_list_from(vm, names);
    if (l == V_EXC) return V_EXC;
    vm_push_root(vm, l);
    bool ok = vm_list_sort(vm, AS_LIST(l), V_NONE, false);
    vm_pop_roots(vm, 1);
    if (!ok) return V_EXC;
    uint32_t n;
    Value *items = vm_seq_items(l, &n);
    StrBuf b;
    sb_init(&b);
    for (uint32_t i = 0; i < n; i++) {
        if (!v_has_layout(items[i], LAYOUT_STR)) {
            sb_free(&b);
            return vm_raise(vm, vm->e_TypeError, "sequence item %u: expected str instance, %s found", i,
                            vm_type_name(vm, items[i]));
        }
        if (i) sb_puts(&b, ", ");
        sb_putn(&b, AS_STR(items[i])->data, AS_STR(items[i])->len);
    }
    Value r = b.oom ? vm_raise(vm, vm->e_MemoryError, "out of memory")
                    : vm_raise(vm, vm->e_TypeError, "Can't instantiate abstract class %s with abstract method%s %s",
                               cls->name->data, n > 1 ? "s" : "", b.data);
    sb_free(&b);
    return r;
}

/* object.__new__(cls) with CPython's checks on surplus arguments and on
 * abstract methods left unimplemented. */
static Value object_new_impl(VM *vm, TypeObj *cls, bool excess)
{
    if (excess) {
        if (!is_native(vm_type_lookup(cls, vm->s___new__), object_new))
            return vm_raise(vm, vm->e_TypeError,
                            "object.__new__() takes exactly one argument (the type to instantiate)");
        if (is_native(vm_type_lookup(cls, vm->s___init__), object_init))
            return vm_raise(vm, vm->e_TypeError, "%.200s() takes no arguments", cls->name->data);
    }
    Value abstract = cls->hdr.dict ? vm_dict_get_str(cls->hdr.dict, vm->s___abstractmethods__) : V_UNBOUND;
    if (abstract != V_UNBOUND) {
        int t = vm_truthy(vm, abstract);
        if (t) return t < 0 ? V_EXC : abstract_error(vm, cls, abstract);
    }
    BlankFn f = blank_fns[cls->layout];
    if (!f) {
        TypeObj *b = cls;
        while (b->flags & TF_HEAPTYPE) b = b->base;
        return vm_raise(vm, vm->e_TypeError, "object.__new__(%s) is not safe, use %s.__new__()", cls->name->data,
                        b->name->data);
    }
    return f(vm, cls);
}

static Value type_call_impl(VM *vm, TypeObj *t, Value *args, int nargs, TupleObj *kw)
{
    int nkw = kw ? (int)kw->len : 0;
    if (t == vm->t_type && nargs == 1 && !nkw) return v_obj(vm_type_of(vm, args[0]));
    if (t == vm->t_type && nargs != 3) return vm_raise(vm, vm->e_TypeError, "type() takes 1 or 3 arguments");
    if (t == vm->t_NoneType)
        return nargs || nkw ? vm_raise(vm, vm->e_TypeError, "NoneType takes no arguments") : V_NONE;
    Value nf = vm_type_lookup(t, vm->s___new__);
    Value obj;
    if (is_native(nf, object_new)) {
        obj = object_new_impl(vm, t, nargs + nkw > 0);
    } else if (nf == V_UNBOUND) {
        return vm_raise(vm, vm->e_TypeError, "cannot create '%s' instances", t->name->data);
    } else {
        if (v_has_layout(nf, LAYOUT_STATICMETHOD)) nf = AS_WRAPPER(nf)->func;
        obj = call_prepended(vm, nf, v_obj(t), args, nargs, kw);
    }
    if (obj == V_EXC || !vm_is_subtype(vm_type_of(vm, obj), t)) return obj;
    Value init = vm_type_lookup(vm_type_of(vm, obj), vm->s___init__);
    if (is_native(init, object_init)) {
        /* object.__init__ with arguments is fine only below a __new__ that takes them */
        TypeObj *ot = vm_type_of(vm, obj);
        if ((nargs || nkw) && is_native(vm_type_lookup(ot, vm->s___new__), object_new))
            return vm_raise(vm, vm->e_TypeError, "%.200s() takes no arguments", ot->name->data);
        return obj;
    }
    vm_push_root(vm, obj);
    Value r = call_method(vm, init, obj, args, nargs, kw);
    vm_pop_roots(vm, 1);
    if (r == V_EXC) return V_EXC;
    if (r != V_NONE)
        return vm_raise(vm, vm->e_TypeError, "__init__() should return None, not '%.200s'", vm_type_name(vm, r));
    return obj;
}

Value vm_type_call(VM *vm, TypeObj *t, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *meta = t->hdr.type;
    if (meta->flags & TF_HEAPTYPE) {
        Value call = vm_type_lookup(meta, vm->s___call__);
        if (!is_native(call, type_call)) return call_method(vm, call, v_obj(t), args, nargs, kw);
    }
    return type_call_impl(vm, t, args, nargs, kw);
}

/* ---- super ----------------------------------------------------------------------- */

/* The class whose MRO super(type, obj) walks: obj itself when it is a
 * subclass of type (classmethods), else type(obj). */
TypeObj *vm_super_check(VM *vm, TypeObj *type, Value obj)
{
    if (v_has_layout(obj, LAYOUT_TYPE) && vm_is_subtype(AS_TYPE(obj), type)) return AS_TYPE(obj);
    if (vm_is_subtype(vm_type_of(vm, obj), type)) return vm_type_of(vm, obj);
    vm_raise(vm, vm->e_TypeError, "super(type, obj): obj must be an instance or subtype of type");
    return NULL;
}

Value vm_new_super(VM *vm, TypeObj *type, Value obj)
{
    TypeObj *ot = vm_super_check(vm, type, obj);
    if (!ot) return V_EXC;
    SuperObj *s = vm_alloc(vm, vm->t_super, sizeof *s);
    if (!s) return V_EXC;
    s->type = type;
    s->obj = obj;
    s->obj_type = ot;
    return v_obj(s);
}

/* ---- natives of object ---------------------------------------------------------- */

static Value object_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs < 1) return vm_raise(vm, vm->e_TypeError, "object.__new__(): not enough arguments");
    if (!v_has_layout(args[0], LAYOUT_TYPE))
        return vm_raise(vm, vm->e_TypeError, "object.__new__(X): X is not a type object (%s)", vm_type_name(vm, args[0]));
    return object_new_impl(vm, AS_TYPE(args[0]), nargs > 1 || (kw && kw->len));
}

static Value object_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs < 1) return vm_raise(vm, vm->e_TypeError, "descriptor '__init__' of 'object' object needs an argument");
    if (nargs > 1 || (kw && kw->len)) {
        TypeObj *t = vm_type_of(vm, args[0]);
        if (!is_native(vm_type_lookup(t, vm->s___init__), object_init))
            return vm_raise(vm, vm->e_TypeError,
                            "object.__init__() takes exactly one argument (the instance to initialize)");
        if (is_native(vm_type_lookup(t, vm->s___new__), object_new))
            return vm_raise(vm, vm->e_TypeError, "%.200s() takes no arguments", t->name->data);
    }
    return V_NONE;
}

/* "<__main__.Foo object at 0x...>"; built-in types leave out the module. */
static Value object_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *t = vm_type_of(vm, args[0]);
    Value m = vm_type_module(vm, t);
    if (m == V_EXC) return V_EXC;
    char buf[512];
    if (v_has_layout(m, LAYOUT_STR) && strcmp(AS_STR(m)->data, "builtins"))
        snprintf(buf, sizeof buf, "<%s.%s object at %p>", AS_STR(m)->data, t->qualname->data,
                 (void *)v_as_obj(args[0]));
    else
        snprintf(buf, sizeof buf, "<%s object at %p>", t->name->data,
                 v_is_obj(args[0]) ? (void *)v_as_obj(args[0]) : NULL);
    return vm_cstr(vm, buf);
}

static Value object_str(VM *vm, Value *args, int nargs, TupleObj *kw) { return vm_repr(vm, args[0]); }

static Value object_eq(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__eq__", nargs - 1, kw, 1, 1)) return V_EXC;
    return args[0] == args[1] ? V_TRUE : V_NOTIMPL;
}

/* __ne__ inverts __eq__ unless that is NotImplemented. */
static Value object_ne(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__ne__", nargs - 1, kw, 1, 1)) return V_EXC;
    Value eq = vm_type_lookup(vm_type_of(vm, args[0]), vm->s___eq__);
    if (eq == V_UNBOUND) return V_NOTIMPL;
    Value r = call_method(vm, eq, args[0], args + 1, 1, NULL);
    if (r == V_EXC || r == V_NOTIMPL) return r;
    int t = vm_truthy(vm, r);
    return t < 0 ? V_EXC : v_bool(!t);
}

static Value object_order(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "comparison", nargs - 1, kw, 1, 1)) return V_EXC;
    return V_NOTIMPL;
}

static Value object_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_int_from_i64(vm, vm_pointer_hash(vm_identity(args[0])));
}

static StrObj *attr_name_arg(VM *vm, Value v)
{
    if (v_has_layout(v, LAYOUT_STR)) return AS_STR(v);
    vm_raise(vm, vm->e_TypeError, "attribute name must be string, not '%.200s'", vm_type_name(vm, v));
    return NULL;
}

static Value object_getattribute(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__getattribute__", nargs - 1, kw, 1, 1)) return V_EXC;
    StrObj *name = attr_name_arg(vm, args[1]);
    if (!name) return V_EXC;
    TypeObj *t = vm_type_of(vm, args[0]);
    Value r = generic_getattr(vm, args[0], t, name);
    return r == V_UNBOUND ? no_attribute(vm, args[0], t, name) : r;
}

static Value object_setattr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__setattr__", nargs - 1, kw, 2, 2)) return V_EXC;
    StrObj *name = attr_name_arg(vm, args[1]);
    return name && generic_setattr(vm, args[0], vm_type_of(vm, args[0]), name, args[2]) ? V_NONE : V_EXC;
}

static Value object_delattr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__delattr__", nargs - 1, kw, 1, 1)) return V_EXC;
    StrObj *name = attr_name_arg(vm, args[1]);
    return name && generic_setattr(vm, args[0], vm_type_of(vm, args[0]), name, V_UNBOUND) ? V_NONE : V_EXC;
}

/* The __getattribute__ of super and module objects, beside object's: they wrap
 * super_getattr / module_getattr, and is_native_getattribute knows them. */
Value vm_super_getattribute(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__getattribute__", nargs - 1, kw, 1, 1)) return V_EXC;
    StrObj *name = attr_name_arg(vm, args[1]);
    if (!name) return V_EXC;
    TypeObj *t = vm_type_of(vm, args[0]);
    Value r = super_getattr(vm, args[0], t, name);
    return r == V_UNBOUND ? no_attribute(vm, args[0], t, name) : r;
}

Value vm_module_getattribute(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__getattribute__", nargs - 1, kw, 1, 1)) return V_EXC;
    StrObj *name = attr_name_arg(vm, args[1]);
    if (!name) return V_EXC;
    TypeObj *t = vm_type_of(vm, args[0]);
    Value r = module_getattr(vm, args[0], t, name);
    return r == V_UNBOUND ? no_attribute(vm, args[0], t, name) : r;
}

static Value object_init_subclass(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (kw && kw->len)
        return vm_raise(vm, vm->e_TypeError, "%s.__init_subclass__() takes no keyword arguments",
                        v_has_layout(args[0], LAYOUT_TYPE) ? AS_TYPE(args[0])->name->data : "object");
    if (nargs > 1)
        return vm_raise(vm, vm->e_TypeError, "__init_subclass__() takes no arguments (%d given)", nargs - 1);
    return V_NONE;
}

/* object.__subclasshook__(*args): abc.ABCMeta's default answer, "no opinion". */
static Value object_subclasshook(VM *vm, Value *args, int nargs, TupleObj *kw) { return V_NOTIMPL; }

static Value object_format(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__format__", nargs - 1, kw, 1, 1)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "__format__() argument must be str, not %s", vm_type_name(vm, args[1]));
    if (AS_STR(args[1])->len)
        return vm_raise(vm, vm->e_TypeError, "unsupported format string passed to %.200s.__format__",
                        vm_type_name(vm, args[0]));
    return vm_str(vm, args[0]);
}

static Value object_class_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return v_obj(vm_type_of(vm, args[0]));
}

/* obj.__class__ = C between classes with the same layout. */
static Value object_class_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs < 2) return vm_raise(vm, vm->e_TypeError, "can't delete __class__ attribute");
    if (!v_has_layout(args[1], LAYOUT_TYPE))
        return vm_raise(vm, vm->e_TypeError, "__class__ must be set to a class, not '%s' object",
                        vm_type_name(vm, args[1]));
    TypeObj *old = vm_type_of(vm, args[0]), *new = AS_TYPE(args[1]);
    if (!v_is_obj(args[0]) || !(old->flags & TF_HEAPTYPE) || !(new->flags & TF_HEAPTYPE))
        return vm_raise(vm, vm->e_TypeError,
                        "__class__ assignment only supported for mutable types or ModuleType subclasses");
    if (old->layout != new->layout || (old->flags & TF_HAS_SLOTS) != (new->flags & TF_HAS_SLOTS) ||
        old->hdr.aux != new->hdr.aux || (old->hdr.aux && slot_owner(old) != slot_owner(new)))
        return vm_raise(vm, vm->e_TypeError, "__class__ assignment: '%s' object layout differs from '%s'",
                        new->name->data, old->name->data);
    v_as_obj(args[0])->type = new;
    return V_NONE;
}

/* __dict__ of instances, functions, modules and exceptions: the live dict. */
Value vm_instance_dict_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!v_is_obj(args[0]))
        return vm_raise(vm, vm->e_AttributeError, "'%.50s' object has no attribute '__dict__'", vm_type_name(vm, args[0]));
    DictObj *d = vm_instance_dict(vm, v_as_obj(args[0]));
    return d ? v_obj(d) : V_EXC;
}

Value vm_instance_dict_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!v_is_obj(args[0])) return vm_raise(vm, vm->e_TypeError, "__dict__ can't be set");
    if (nargs < 2) {
        v_as_obj(args[0])->dict = NULL;
        return V_NONE;
    }
    if (!v_has_layout(args[1], LAYOUT_DICT))
        return vm_raise(vm, vm->e_TypeError, "__dict__ must be set to a dictionary, not a '%.200s'",
                        vm_type_name(vm, args[1]));
    v_as_obj(args[0])->dict = AS_DICT(args[1]);
    return V_NONE;
}

/* ---- natives of type ---------------------------------------------------------------- */

static TypeObj *self_type(VM *vm, Value *args, int nargs, const char *what)
{
    if (nargs >= 1 && v_has_layout(args[0], LAYOUT_TYPE)) return AS_TYPE(args[0]);
    vm_raise(vm, vm->e_TypeError, "descriptor '%s' requires a 'type' object", what);
    return NULL;
}

static Value type_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *meta = self_type(vm, args, nargs, "__new__");
    if (!meta) return V_EXC;
    if (meta == vm->t_type && nargs == 2 && !(kw && kw->len)) return v_obj(vm_type_of(vm, args[1]));
    if (nargs != 4)
        return vm_raise(vm, vm->e_TypeError, "type.__new__() takes exactly 3 arguments (%d given)", nargs - 1);
    static const struct { ObjLayout layout; const char *what; } want[3] = {
        { LAYOUT_STR, "str" }, { LAYOUT_TUPLE, "tuple" }, { LAYOUT_DICT, "dict" },
    };
    for (int i = 0; i < 3; i++)
        if (!v_has_layout(args[i + 1], want[i].layout))
            return vm_raise(vm, vm->e_TypeError, "type.__new__() argument %d must be %s, not %s", i + 1,
                            want[i].what, vm_type_name(vm, args[i + 1]));
    TupleObj *bases = AS_TUPLE(args[2]);
    TypeObj *winner = winner_meta(vm, meta, bases);
    if (!winner) return V_EXC;
    if (winner != meta) {
        Value nw = vm_type_lookup(winner, vm->s___new__);
        if (v_has_layout(nw, LAYOUT_STATICMETHOD)) nw = AS_WRAPPER(nw)->func;
        if (!is_native(nw, type_new)) return call_prepended(vm, nw, v_obj(winner), args + 1, 3, kw);
    }
    return make_class(vm, winner, AS_STR(args[1]), bases, AS_DICT(args[3]), args + 4, kw);
}

static Value type_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs != 2 && nargs != 4) return vm_raise(vm, vm->e_TypeError, "type.__init__() takes 1 or 3 arguments");
    if (nargs == 2 && kw && kw->len) return vm_raise(vm, vm->e_TypeError, "type.__init__() takes no keyword arguments");
    return V_NONE;
}

static Value type_call(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *t = self_type(vm, args, nargs, "__call__");
    return t ? type_call_impl(vm, t, args + 1, nargs - 1, kw) : V_EXC;
}

/* "<class '__main__.Foo'>", "<class 'int'>" */
static Value type_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *t = self_type(vm, args, nargs, "__repr__");
    if (!t) return V_EXC;
    Value m = vm_type_module(vm, t);
    if (m == V_EXC) return V_EXC;
    StrBuf b;
    sb_init(&b);
    if (v_has_layout(m, LAYOUT_STR) && strcmp(AS_STR(m)->data, "builtins"))
        sb_printf(&b, "<class '%s.%s'>", AS_STR(m)->data, t->qualname->data);
    else
        sb_printf(&b, "<class '%s'>", t->name->data);
    return vm_sb_finish(vm, &b);
}

static Value type_getattribute(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__getattribute__", nargs - 1, kw, 1, 1)) return V_EXC;
    TypeObj *meta = self_type(vm, args, nargs, "__getattribute__");
    StrObj *name = meta ? attr_name_arg(vm, args[1]) : NULL;
    if (!name) return V_EXC;
    Value r = type_getattr(vm, args[0], vm_type_of(vm, args[0]), name);
    return r == V_UNBOUND ? no_attribute(vm, args[0], vm_type_of(vm, args[0]), name) : r;
}

static Value type_setattr_m(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__setattr__", nargs - 1, kw, 2, 2) || !self_type(vm, args, nargs, "__setattr__"))
        return V_EXC;
    StrObj *name = attr_name_arg(vm, args[1]);
    return name && type_setattr(vm, args[0], name, args[2]) ? V_NONE : V_EXC;
}

static Value type_delattr_m(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__delattr__", nargs - 1, kw, 1, 1) || !self_type(vm, args, nargs, "__delattr__"))
        return V_EXC;
    StrObj *name = attr_name_arg(vm, args[1]);
    return name && type_setattr(vm, args[0], name, V_UNBOUND) ? V_NONE : V_EXC;
}

static Value type_mro(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *t = self_type(vm, args, nargs, "mro");
    return t ? vm_list_from(vm, v_obj(t->mro)) : V_EXC;
}

/* Direct subclasses still alive: built-in types are never subclassed by
 * other built-in types after start-up, so the heap types are the candidates. */
static Value type_subclasses(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *t = self_type(vm, args, nargs, "__subclasses__");
    Value l = t ? vm_new_list(vm, 0) : V_EXC;
    if (l == V_EXC) return V_EXC;
    for (size_t i = 0; i < vm->nheap_types; i++) {
        TypeObj *h = vm->heap_types[i];
        for (uint32_t k = 0; k < h->bases->len; k++)
            if (AS_TYPE(h->bases->items[k]) == t && !vm_list_append(vm, AS_LIST(l), v_obj(h))) return V_EXC;
    }
    return l;
}

static Value type_instancecheck(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *t = self_type(vm, args, nargs, "__instancecheck__");
    if (!t || !vm_check_nargs(vm, "__instancecheck__", nargs - 1, kw, 1, 1)) return V_EXC;
    return v_bool(vm_is_subtype(vm_type_of(vm, args[1]), t));
}

static Value type_subclasscheck(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *t = self_type(vm, args, nargs, "__subclasscheck__");
    if (!t || !vm_check_nargs(vm, "__subclasscheck__", nargs - 1, kw, 1, 1)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_TYPE))
        return vm_raise(vm, vm->e_TypeError, "issubclass() arg 1 must be a class");
    return v_bool(vm_is_subtype(AS_TYPE(args[1]), t));
}

static Value type_prepare(VM *vm, Value *args, int nargs, TupleObj *kw) { return vm_new_dict(vm); }

static Value type_name_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return v_obj(AS_TYPE(args[0])->name); }
static Value type_qualname_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return v_obj(AS_TYPE(args[0])->qualname);
}

/* __name__ / __qualname__ of a class: a str, and only on classes of class statements. */
static Value type_set_string(VM *vm, Value *args, int nargs, const char *what, StrObj **field)
{
    TypeObj *t = AS_TYPE(args[0]);
    if (!(t->flags & TF_HEAPTYPE))
        return vm_raise(vm, vm->e_TypeError, "cannot set '%s' attribute of immutable type '%s'", what, t->name->data);
    if (nargs < 2) return vm_raise(vm, vm->e_TypeError, "cannot delete '%s' attribute of immutable type '%s'", what,
                                   t->name->data);
    if (!v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "can only assign string to %s.%s, not '%s'", t->name->data, what,
                        vm_type_name(vm, args[1]));
    *field = AS_STR(args[1]);
    return V_NONE;
}

static Value type_name_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return type_set_string(vm, args, nargs, "__name__", &AS_TYPE(args[0])->name);
}

static Value type_qualname_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return type_set_string(vm, args, nargs, "__qualname__", &AS_TYPE(args[0])->qualname);
}

static Value type_mro_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return v_obj(AS_TYPE(args[0])->mro); }
static Value type_bases_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return v_obj(AS_TYPE(args[0])->bases); }

static Value type_base_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *b = AS_TYPE(args[0])->base;
    return b ? v_obj(b) : V_NONE;
}

/* A copy: CPython's mappingproxy is read-only, and a copy keeps it so. */
static Value type_dict_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *src = AS_TYPE(args[0])->hdr.dict;
    Value d = vm_new_dict(vm);
    if (d == V_EXC) return V_EXC;
    for (uint32_t i = 0; i < src->nentries; i++)
        if (src->entries[i].key != V_UNBOUND && !vm_dict_set(vm, AS_DICT(d), src->entries[i].key, src->entries[i].value))
            return V_EXC;
    return d;
}

static Value type_module_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value m = vm_type_module(vm, AS_TYPE(args[0]));
    return m;
}

static Value type_module_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *t = AS_TYPE(args[0]);
    if (!(t->flags & TF_HEAPTYPE))
        return vm_raise(vm, vm->e_TypeError, "cannot set '__module__' attribute of immutable type '%s'", t->name->data);
    if (nargs < 2) return vm_raise(vm, vm->e_TypeError, "cannot delete '__module__' attribute of type '%s'", t->name->data);
    return vm_dict_set_str(vm, t->hdr.dict, vm->s___module__, args[1]) ? V_NONE : V_EXC;
}

/* The class's own __doc__ (through its __get__ if it has one); None for built-in types. */
static Value type_doc_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *t = AS_TYPE(args[0]);
    Value d = vm_dict_get_str(t->hdr.dict, vm->s___doc__);
    if (d == V_UNBOUND) return V_NONE;
    return (descr_flags(vm, d) & DF_GET) ? descr_get(vm, d, V_UNBOUND, t) : d;
}

static Value type_doc_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *t = AS_TYPE(args[0]);
    if (!(t->flags & TF_HEAPTYPE))
        return vm_raise(vm, vm->e_TypeError, "cannot set '__doc__' attribute of immutable type '%s'", t->name->data);
    bool ok = nargs < 2 ? vm_dict_del(vm, t->hdr.dict, v_obj(vm->s___doc__)) >= 0
                        : vm_dict_set_str(vm, t->hdr.dict, vm->s___doc__, args[1]);
    return ok ? V_NONE : V_EXC;
}

/* A class's own __annotations__, created empty on first access (3.10+). */
static Value type_annotations_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *t = AS_TYPE(args[0]);
    Value a = vm_dict_get_str(t->hdr.dict, vm->s___annotations__);
    if (a != V_UNBOUND) return a;
    if (!(t->flags & TF_HEAPTYPE))
        return vm_raise(vm, vm->e_AttributeError, "type object '%s' has no attribute '__annotations__'",
                        t->name->data);
    a = vm_new_dict(vm);
    return a != V_EXC && vm_dict_set_str(vm, t->hdr.dict, vm->s___annotations__, a) ? a : V_EXC;
}

static Value type_annotations_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *t = AS_TYPE(args[0]);
    if (!(t->flags & TF_HEAPTYPE))
        return vm_raise(vm, vm->e_TypeError, "cannot set '__annotations__' attribute of immutable type '%s'",
                        t->name->data);
    bool ok = nargs < 2 ? vm_dict_del(vm, t->hdr.dict, v_obj(vm->s___annotations__)) >= 0
                        : vm_dict_set_str(vm, t->hdr.dict, vm->s___annotations__, args[1]);
    return ok ? V_NONE : V_EXC;
}

/* ---- registration --------------------------------------------------------------------- */

void vm_add_methods(VM *vm, TypeObj *t, const MethodDef *m, size_t n)
{
    for (size_t i = 0; i < n; i++) vm_add_method(vm, t, m[i].name, m[i].fn);
}

void vm_add_properties(VM *vm, TypeObj *t, const PropDef *p, size_t n)
{
    for (size_t i = 0; i < n; i++) vm_add_property(vm, t, p[i].name, p[i].get, p[i].set);
}

static const MethodDef object_methods[] = {
    { "__new__", object_new },           { "__init__", object_init },       { "__repr__", object_repr },
    { "__str__", object_str },           { "__eq__", object_eq },           { "__ne__", object_ne },
    { "__lt__", object_order },          { "__le__", object_order },        { "__gt__", object_order },
    { "__ge__", object_order },          { "__hash__", object_hash },       { "__format__", object_format },
    { "__getattribute__", object_getattribute }, { "__setattr__", object_setattr },
    { "__delattr__", object_delattr },
};

static const MethodDef type_methods[] = {
    { "__new__", type_new },       { "__init__", type_init },         { "__call__", type_call },
    { "__repr__", type_repr },     { "__getattribute__", type_getattribute },
    { "__setattr__", type_setattr_m }, { "__delattr__", type_delattr_m }, { "mro", type_mro },
    { "__subclasses__", type_subclasses }, { "__instancecheck__", type_instancecheck },
    { "__subclasscheck__", type_subclasscheck },
};

static const PropDef type_props[] = {
    { "__name__", type_name_get, type_name_set },     { "__qualname__", type_qualname_get, type_qualname_set },
    { "__mro__", type_mro_get, NULL },                { "__bases__", type_bases_get, NULL },
    { "__base__", type_base_get, NULL },              { "__dict__", type_dict_get, NULL },
    { "__module__", type_module_get, type_module_set }, { "__doc__", type_doc_get, type_doc_set },
    { "__annotations__", type_annotations_get, type_annotations_set },
};

void vm_init_type(VM *vm)
{
    vm_add_methods(vm, vm->t_object, object_methods, COUNT(object_methods));
    vm_add_property(vm, vm->t_object, "__class__", object_class_get, object_class_set);
    vm_add_classmethod(vm, vm->t_object, "__init_subclass__", object_init_subclass);
    vm_add_classmethod(vm, vm->t_object, "__subclasshook__", object_subclasshook);

    vm_add_methods(vm, vm->t_type, type_methods, COUNT(type_methods));
    vm_add_properties(vm, vm->t_type, type_props, COUNT(type_props));
    vm_add_classmethod(vm, vm->t_type, "__prepare__", type_prepare);

    vm_init_descr(vm);
}

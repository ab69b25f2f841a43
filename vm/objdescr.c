/* The natives of descriptors and callables: member descriptors, int | None
 * (types.UnionType), functions, code, bound methods, builtins, property,
 * staticmethod, classmethod, super, modules, cells and tracebacks. */
#include <string.h>

#include "objtype_int.h"

/* ---- member descriptors --------------------------------------------------------------- */

static Value member_get_m(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__get__", nargs - 1, kw, 1, 2)) return V_EXC;
    return vm_member_get(vm, args[0], args[1] == V_NONE ? V_UNBOUND : args[1], NULL);
}

static Value member_set_m(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__set__", nargs - 1, kw, 2, 2)) return V_EXC;
    return vm_member_set(vm, args[0], args[1], args[2]) ? V_NONE : V_EXC;
}

static Value member_delete_m(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__delete__", nargs - 1, kw, 1, 1)) return V_EXC;
    return vm_member_set(vm, args[0], args[1], V_UNBOUND) ? V_NONE : V_EXC;
}

/* "<member 'x' of 'P' objects>" */
static Value member_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "<member '%s' of '%s' objects>", vm_member_name(args[0])->data, vm_member_owner(args[0])->name->data);
    return vm_sb_finish(vm, &b);
}

static Value member_name_get(VM *vm, Value *a, int n, TupleObj *k) { return v_obj(vm_member_name(a[0])); }
static Value member_owner_get(VM *vm, Value *a, int n, TupleObj *k) { return v_obj(vm_member_owner(a[0])); }

/* ---- int | None: types.UnionType ---------------------------------------------------- */

/* A union keeps its members, in order and without repeats, as the tuple
 * __args__ in its hdr.dict; None stands in as NoneType. */
static bool unionable(VM *vm, Value v)
{
    return v == V_NONE || v_has_layout(v, LAYOUT_TYPE) || vm_type_of(vm, v) == vm->t_union ||
           vm_type_of(vm, v) == vm->t_generic_alias;
}

static StrObj *args_name(VM *vm) { return vm_intern(vm, "__args__", 8); }

static Value union_args(VM *vm, Value u)
{
    StrObj *k = args_name(vm);
    Value a = k && v_as_obj(u)->dict ? vm_dict_get_str(v_as_obj(u)->dict, k) : V_UNBOUND;
    return a == V_UNBOUND ? vm->empty_tuple : a;
}

static bool union_add(VM *vm, ListObj *l, Value v)
{
    if (vm_type_of(vm, v) == vm->t_union) {
        TupleObj *a = AS_TUPLE(union_args(vm, v));
        for (uint32_t i = 0; i < a->len; i++)
            if (!union_add(vm, l, a->items[i])) return false;
        return true;
    }
    if (v == V_NONE) v = v_obj(vm->t_NoneType);
    for (uint32_t i = 0; i < l->len; i++)
        if (l->items[i] == v) return true;
    return vm_list_append(vm, l, v);
}

/* a | b, or NotImplemented when either side cannot be in a union */
static Value make_union(VM *vm, Value a, Value b)
{
    if (!unionable(vm, a) || !unionable(vm, b)) return V_NOTIMPL;
    Value l = vm_new_list(vm, 4);
    if (l == V_EXC || !union_add(vm, AS_LIST(l), a) || !union_add(vm, AS_LIST(l), b)) return V_EXC;
    if (AS_LIST(l)->len == 1) return AS_LIST(l)->items[0];
    Value args = vm_tuple_of(vm, AS_LIST(l)->items, AS_LIST(l)->len);
    Obj *u = args == V_EXC ? NULL : vm_alloc(vm, vm->t_union, sizeof *u);
    DictObj *d = u ? vm_instance_dict(vm, u) : NULL;
    StrObj *k = d ? args_name(vm) : NULL;
    return k && vm_dict_set_str(vm, d, k, args) ? v_obj(u) : V_EXC;
}

static Value type_or(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_check_nargs(vm, "__or__", nargs - 1, kw, 1, 1) ? make_union(vm, args[0], args[1]) : V_EXC;
}

static Value type_ror(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_check_nargs(vm, "__ror__", nargs - 1, kw, 1, 1) ? make_union(vm, args[1], args[0]) : V_EXC;
}

static Value union_args_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return union_args(vm, args[0]); }

/* "int | None": built-in classes by name, others with their module */
static Value union_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TupleObj *a = AS_TUPLE(union_args(vm, args[0]));
    StrBuf b;
    sb_init(&b);
    for (uint32_t i = 0; i < a->len; i++) {
        Value v = a->items[i];
        if (i) sb_puts(&b, " | ");
        if (v == v_obj(vm->t_NoneType)) {
            sb_puts(&b, "None");
            continue;
        }
        if (v_has_layout(v, LAYOUT_TYPE)) {
            Value m = vm_type_module(vm, AS_TYPE(v));
            if (v_has_layout(m, LAYOUT_STR) && strcmp(AS_STR(m)->data, "builtins")) sb_printf(&b, "%s.", AS_STR(m)->data);
            sb_puts(&b, AS_TYPE(v)->qualname->data);
            continue;
        }
        if (!vm_sb_repr(vm, &b, v)) {
            sb_free(&b);
            return V_EXC;
        }
    }
    return vm_sb_finish(vm, &b);
}

static bool union_contains(VM *vm, TupleObj *a, Value v)
{
    for (uint32_t i = 0; i < a->len; i++)
        if (a->items[i] == v) return true;
    return false;
}

/* equal when they have the same members, in any order */
static Value union_eq(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__eq__", nargs - 1, kw, 1, 1)) return V_EXC;
    if (vm_type_of(vm, args[1]) != vm->t_union) return V_NOTIMPL;
    TupleObj *a = AS_TUPLE(union_args(vm, args[0])), *b = AS_TUPLE(union_args(vm, args[1]));
    for (uint32_t i = 0; i < a->len; i++)
        if (!union_contains(vm, b, a->items[i])) return V_FALSE;
    for (uint32_t i = 0; i < b->len; i++)
        if (!union_contains(vm, a, b->items[i])) return V_FALSE;
    return V_TRUE;
}

static Value union_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TupleObj *a = AS_TUPLE(union_args(vm, args[0]));
    int64_t h = 0;
    for (uint32_t i = 0; i < a->len; i++) h ^= vm_pointer_hash(vm_identity(a->items[i]));
    return vm_int_from_i64(vm, h == -1 ? -2 : h);
}

/* isinstance(x, int | str) / issubclass(C, int | str): any member's answer */
static Value union_check(VM *vm, Value *args, int nargs, TupleObj *kw, bool instance)
{
    if (!vm_check_nargs(vm, instance ? "__instancecheck__" : "__subclasscheck__", nargs - 1, kw, 1, 1)) return V_EXC;
    if (!instance && !v_has_layout(args[1], LAYOUT_TYPE))
        return vm_raise(vm, vm->e_TypeError, "issubclass() arg 1 must be a class");
    TupleObj *a = AS_TUPLE(union_args(vm, args[0]));
    TypeObj *t = instance ? vm_type_of(vm, args[1]) : AS_TYPE(args[1]);
    for (uint32_t i = 0; i < a->len; i++) {
        if (!v_has_layout(a->items[i], LAYOUT_TYPE))
            return vm_raise(vm, vm->e_TypeError, "%s() argument 2 cannot be a parameterized generic",
                            instance ? "isinstance" : "issubclass");
        if (vm_is_subtype(t, AS_TYPE(a->items[i]))) return V_TRUE;
    }
    return V_FALSE;
}

static Value union_instancecheck(VM *vm, Value *a, int n, TupleObj *k) { return union_check(vm, a, n, k, true); }
static Value union_subclasscheck(VM *vm, Value *a, int n, TupleObj *k) { return union_check(vm, a, n, k, false); }

/* ---- functions, methods, builtins --------------------------------------------------- */

#define AS_FUNCARG(v) ((FuncObj *)v_as_obj(v))

static Value func_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__get__", nargs - 1, kw, 1, 2)) return V_EXC;
    Value obj = args[1] == V_NONE ? V_UNBOUND : args[1];
    return vm_func_descr_get(vm, args[0], obj, NULL);
}

static Value func_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    char buf[512];
    snprintf(buf, sizeof buf, "<function %s at %p>", AS_FUNCARG(args[0])->qualname->data, (void *)v_as_obj(args[0]));
    return vm_cstr(vm, buf);
}

static Value func_name_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return v_obj(AS_FUNCARG(args[0])->name); }
static Value func_qualname_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return v_obj(AS_FUNCARG(args[0])->qualname);
}

static Value func_set_str(VM *vm, Value *args, int nargs, const char *what, StrObj **field)
{
    if (nargs < 2 || !v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "%s must be set to a string object", what);
    *field = AS_STR(args[1]);
    return V_NONE;
}

static Value func_name_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return func_set_str(vm, args, nargs, "__name__", &AS_FUNCARG(args[0])->name);
}

static Value func_qualname_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return func_set_str(vm, args, nargs, "__qualname__", &AS_FUNCARG(args[0])->qualname);
}

static Value func_module_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return AS_FUNCARG(args[0])->module; }
static Value func_module_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    AS_FUNCARG(args[0])->module = nargs < 2 ? V_NONE : args[1];
    return V_NONE;
}

static Value func_doc_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return AS_FUNCARG(args[0])->doc; }
static Value func_doc_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    AS_FUNCARG(args[0])->doc = nargs < 2 ? V_NONE : args[1];
    return V_NONE;
}

static Value func_defaults_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TupleObj *d = AS_FUNCARG(args[0])->defaults;
    return d ? v_obj(d) : V_NONE;
}

static Value func_defaults_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value v = nargs < 2 ? V_NONE : args[1];
    if (v != V_NONE && !v_has_layout(v, LAYOUT_TUPLE))
        return vm_raise(vm, vm->e_TypeError, "__defaults__ must be set to a tuple object");
    AS_FUNCARG(args[0])->defaults = v == V_NONE ? NULL : AS_TUPLE(v);
    return V_NONE;
}

static Value func_kwdefaults_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = AS_FUNCARG(args[0])->kwdefaults;
    return d ? v_obj(d) : V_NONE;
}

static Value func_kwdefaults_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value v = nargs < 2 ? V_NONE : args[1];
    if (v != V_NONE && !v_has_layout(v, LAYOUT_DICT))
        return vm_raise(vm, vm->e_TypeError, "__kwdefaults__ must be set to a dict object");
    AS_FUNCARG(args[0])->kwdefaults = v == V_NONE ? NULL : AS_DICT(v);
    return V_NONE;
}

static Value func_globals_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return v_obj(AS_FUNCARG(args[0])->globals);
}

static Value func_closure_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TupleObj *c = AS_FUNCARG(args[0])->closure;
    return c ? v_obj(c) : V_NONE;
}

static Value func_code_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return v_obj(AS_FUNCARG(args[0])->code); }

static Value func_annotations_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FuncObj *f = AS_FUNCARG(args[0]);
    if (!f->annotations) {
        Value d = vm_new_dict(vm);
        if (d == V_EXC) return V_EXC;
        f->annotations = AS_DICT(d);
    }
    return v_obj(f->annotations);
}

static Value func_annotations_set(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value v = nargs < 2 ? V_NONE : args[1];
    if (v != V_NONE && !v_has_layout(v, LAYOUT_DICT))
        return vm_raise(vm, vm->e_TypeError, "__annotations__ must be set to a dict object");
    AS_FUNCARG(args[0])->annotations = v == V_NONE ? NULL : AS_DICT(v);
    return V_NONE;
}

/* The code attributes programs read (inspect-style helpers, decorators). */
#define AS_CODEARG(v) ((CodeObj *)v_as_obj(v))
static Value code_name(VM *vm, Value *a, int n, TupleObj *k) { return v_obj(AS_CODEARG(a[0])->name); }
static Value code_qualname(VM *vm, Value *a, int n, TupleObj *k) { return v_obj(AS_CODEARG(a[0])->qualname); }
static Value code_filename(VM *vm, Value *a, int n, TupleObj *k) { return v_obj(AS_CODEARG(a[0])->filename); }
static Value code_firstlineno(VM *vm, Value *a, int n, TupleObj *k) { return v_int(AS_CODEARG(a[0])->firstlineno); }
static Value code_argcount(VM *vm, Value *a, int n, TupleObj *k) { return v_int(AS_CODEARG(a[0])->nargs); }
static Value code_posonly(VM *vm, Value *a, int n, TupleObj *k) { return v_int(AS_CODEARG(a[0])->nposonly); }
static Value code_kwonly(VM *vm, Value *a, int n, TupleObj *k) { return v_int(AS_CODEARG(a[0])->nkwonly); }
static Value code_nlocals(VM *vm, Value *a, int n, TupleObj *k) { return v_int(AS_CODEARG(a[0])->nlocals); }
/* co_flags in CPython's bits (inspect and dataclasses read them), not the VM's */
static Value code_flags(VM *vm, Value *a, int n, TupleObj *k)
{
    uint32_t f = AS_CODEARG(a[0])->flags, r = 0;
    if (!(f & (CO_MODULE | CO_CLASSBODY))) r |= 0x01 | 0x02;   /* CO_OPTIMIZED | CO_NEWLOCALS */
    if (f & CO_VARARGS) r |= 0x04;
    if (f & CO_VARKEYWORDS) r |= 0x08;
    if (f & CO_NESTED) r |= 0x10;
    if (f & CO_GENERATOR) r |= 0x20;
    return v_int(r);
}

static Value names_tuple(VM *vm, StrObj **names, int from, int count)
{
    Value t = vm_new_tuple(vm, (uint32_t)count);
    if (t == V_EXC) return V_EXC;
    for (int i = 0; i < count; i++) AS_TUPLE(t)->items[i] = v_obj(names[from + i]);
    return t;
}

static Value code_varnames(VM *vm, Value *a, int n, TupleObj *k)
{
    return names_tuple(vm, AS_CODEARG(a[0])->varnames, 0, AS_CODEARG(a[0])->nlocals);
}

static Value code_cellvars(VM *vm, Value *a, int n, TupleObj *k)
{
    CodeObj *c = AS_CODEARG(a[0]);
    return names_tuple(vm, c->varnames, c->nlocals, c->ncells);
}

static Value code_freevars(VM *vm, Value *a, int n, TupleObj *k)
{
    CodeObj *c = AS_CODEARG(a[0]);
    return names_tuple(vm, c->varnames, c->nlocals + c->ncells, c->nfree);
}

static Value code_repr(VM *vm, Value *a, int n, TupleObj *k)
{
    CodeObj *c = AS_CODEARG(a[0]);
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "<code object %s at %p, file \"%s\", line %d>", c->name->data, (void *)c, c->filename->data,
              c->firstlineno);
    return vm_sb_finish(vm, &b);
}

/* method(function, instance), i.e. types.MethodType */
static Value method_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "method", nargs - 1, kw, 2, 2)) return V_EXC;
    Value f = args[1];
    uint8_t l = v_is_obj(f) ? v_as_obj(f)->type->layout : 0;
    if (l != LAYOUT_FUNC && l != LAYOUT_BUILTIN && l != LAYOUT_METHOD && l != LAYOUT_TYPE &&
        vm_type_lookup(vm_type_of(vm, f), vm->s___call__) == V_UNBOUND)
        return vm_raise(vm, vm->e_TypeError, "first argument must be callable");
    if (args[2] == V_NONE) return vm_raise(vm, vm->e_TypeError, "instance must not be None");
    MethodObj *m = vm_alloc(vm, vm->t_method, sizeof *m);
    if (!m) return V_EXC;
    m->func = f;
    m->self = args[2];
    return v_obj(m);
}

static Value method_func_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return AS_METHOD(args[0])->func; }
static Value method_self_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return AS_METHOD(args[0])->self; }

/* "<bound method Foo.bar of <__main__.Foo object at 0x...>>" */
static Value method_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    MethodObj *m = AS_METHOD(args[0]);
    Value name = vm_getattr_opt(vm, m->func, vm->s___qualname__);
    if (name == V_UNBOUND) name = vm_getattr_opt(vm, m->func, vm->s___name__);
    if (name == V_EXC) return V_EXC;
    /* a computed __qualname__ is held only here while repr runs Python */
    vm_push_root(vm, name);
    Value self = vm_repr(vm, m->self);
    vm_pop_roots(vm, 1);
    if (self == V_EXC) return V_EXC;
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "<bound method %s of %s>", v_has_layout(name, LAYOUT_STR) ? AS_STR(name)->data : "?",
              AS_STR(self)->data);
    return vm_sb_finish(vm, &b);
}

static Value method_eq(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__eq__", nargs - 1, kw, 1, 1)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_METHOD)) return V_NOTIMPL;
    MethodObj *a = AS_METHOD(args[0]), *b = AS_METHOD(args[1]);
    return v_bool(a->func == b->func && a->self == b->self);
}

static Value method_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    MethodObj *m = AS_METHOD(args[0]);
    int64_t h = vm_pointer_hash(vm_identity(m->self)) ^ vm_pointer_hash(vm_identity(m->func));
    return vm_int_from_i64(vm, h == -1 ? -2 : h);
}

/* "<built-in function len>", "<built-in method append of list object at 0x...>",
 * "<method 'append' of 'list' objects>" */
static Value builtin_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    BuiltinObj *b = AS_BUILTIN(args[0]);
    StrBuf sb;
    sb_init(&sb);
    if (b->self != V_UNBOUND && !v_has_layout(b->self, LAYOUT_MODULE))
        sb_printf(&sb, "<built-in method %s of %s object at %p>", b->name, vm_type_name(vm, b->self),
                  v_is_obj(b->self) ? (void *)v_as_obj(b->self) : NULL);
    else if (b->owner && (b->hdr.aux & BUILTIN_METHOD))
        sb_printf(&sb, "<method '%s' of '%s' objects>", b->name, b->owner->name->data);
    else
        sb_printf(&sb, "<built-in function %s>", b->name);
    return vm_sb_finish(vm, &sb);
}

static Value builtin_name_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_cstr(vm, AS_BUILTIN(args[0])->name);
}

static Value builtin_qualname_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    BuiltinObj *b = AS_BUILTIN(args[0]);
    if (!b->owner) return vm_cstr(vm, b->name);
    StrBuf sb;
    sb_init(&sb);
    sb_printf(&sb, "%s.%s", b->owner->name->data, b->name);
    return vm_sb_finish(vm, &sb);
}

static Value builtin_self_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value s = AS_BUILTIN(args[0])->self;
    return s == V_UNBOUND ? V_NONE : s;
}

static Value none_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return V_NONE; }

static Value builtin_eq(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__eq__", nargs - 1, kw, 1, 1)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_BUILTIN)) return V_NOTIMPL;
    BuiltinObj *a = AS_BUILTIN(args[0]), *b = AS_BUILTIN(args[1]);
    return v_bool(a == b || (a->fn == b->fn && a->self == b->self && a->owner == b->owner));
}

static Value builtin_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    BuiltinObj *b = AS_BUILTIN(args[0]);
    Value self = b->self == V_UNBOUND ? V_NONE : b->self;
    int64_t h = vm_pointer_hash(vm_identity(self)) ^ vm_pointer_hash((uint64_t)(uintptr_t)b->fn);
    return vm_int_from_i64(vm, h == -1 ? -2 : h);
}

/* ---- property, staticmethod, classmethod ------------------------------------------- */

/* property(fget=None, fset=None, fdel=None, doc=None); doc defaults to fget's. */
static Value property_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = { "fget", "fset", "fdel", "doc" };
    Value a[4];
    if (!vm_parse_args(vm, "property", args + 1, nargs - 1, kw, names, 4, 4, 0, a)) return V_EXC;
    PropertyObj *p = AS_PROP(args[0]);
    p->fget = a[0] == V_UNBOUND ? V_NONE : a[0];
    p->fset = a[1] == V_UNBOUND ? V_NONE : a[1];
    p->fdel = a[2] == V_UNBOUND ? V_NONE : a[2];
    p->doc = a[3] == V_UNBOUND ? V_NONE : a[3];
    if (p->doc == V_NONE && p->fget != V_NONE) {
        Value d = vm_getattr_opt(vm, p->fget, vm->s___doc__);
        if (d == V_EXC) return V_EXC;
        if (d != V_UNBOUND) p->doc = d;
    }
    return V_NONE;
}

static Value property_get_m(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__get__", nargs - 1, kw, 1, 2)) return V_EXC;
    return args[1] == V_NONE ? args[0] : vm_property_get(vm, AS_PROP(args[0]), args[1]);
}

static Value property_set_m(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__set__", nargs - 1, kw, 2, 2)) return V_EXC;
    return vm_descr_set(vm, args[0], args[1], args[2]) ? V_NONE : V_EXC;
}

static Value property_delete_m(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__delete__", nargs - 1, kw, 1, 1)) return V_EXC;
    return vm_descr_set(vm, args[0], args[1], V_UNBOUND) ? V_NONE : V_EXC;
}

/* getter / setter / deleter: a copy of the property with one accessor replaced,
 * made by calling type(self) so subclasses of property stay themselves. */
static Value property_copy(VM *vm, Value *args, int nargs, TupleObj *kw, int which)
{
    if (!vm_check_nargs(vm, "property copy", nargs - 1, kw, 1, 1)) return V_EXC;
    PropertyObj *p = AS_PROP(args[0]);
    Value a[4] = { p->fget, p->fset, p->fdel, p->doc };
    a[which] = args[1];
    /* a doc taken from the old getter follows the new one */
    if (which == 0 && p->fget != V_NONE) {
        Value old = vm_getattr_opt(vm, p->fget, vm->s___doc__);
        if (old == V_EXC) return V_EXC;
        if (old == p->doc) a[3] = V_NONE;
    }
    Value r = vm_type_call(vm, vm_type_of(vm, args[0]), a, 4, NULL);
    StrObj *name = vm_prop_name(vm, p);
    if (r != V_EXC && name && v_has_layout(r, LAYOUT_PROPERTY)) {
        DictObj *d = vm_instance_dict(vm, v_as_obj(r));
        if (!d || !vm_dict_set_str(vm, d, vm->s___name__, v_obj(name))) return V_EXC;
    }
    return r;
}

static Value property_getter(VM *vm, Value *a, int n, TupleObj *k) { return property_copy(vm, a, n, k, 0); }
static Value property_setter(VM *vm, Value *a, int n, TupleObj *k) { return property_copy(vm, a, n, k, 1); }
static Value property_deleter(VM *vm, Value *a, int n, TupleObj *k) { return property_copy(vm, a, n, k, 2); }

static Value property_set_name(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__set_name__", nargs - 1, kw, 2, 2)) return V_EXC;
    DictObj *d = vm_instance_dict(vm, v_as_obj(args[0]));
    return d && vm_dict_set_str(vm, d, vm->s___name__, args[2]) ? V_NONE : V_EXC;
}

static Value prop_fget(VM *vm, Value *a, int n, TupleObj *k) { return AS_PROP(a[0])->fget; }
static Value prop_fset(VM *vm, Value *a, int n, TupleObj *k) { return AS_PROP(a[0])->fset; }
static Value prop_fdel(VM *vm, Value *a, int n, TupleObj *k) { return AS_PROP(a[0])->fdel; }
static Value prop_doc(VM *vm, Value *a, int n, TupleObj *k) { return AS_PROP(a[0])->doc; }
static Value prop_doc_set(VM *vm, Value *a, int n, TupleObj *k)
{
    AS_PROP(a[0])->doc = n < 2 ? V_NONE : a[1];
    return V_NONE;
}

/* staticmethod(f) / classmethod(f) */
static Value wrapper_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    const char *what = vm_type_of(vm, args[0])->layout == LAYOUT_STATICMETHOD ? "staticmethod" : "classmethod";
    if (kw && kw->len) return vm_raise(vm, vm->e_TypeError, "%s() takes no keyword arguments", what);
    if (nargs != 2) return vm_raise(vm, vm->e_TypeError, "%s expected 1 argument, got %d", what, nargs - 1);
    AS_WRAPPER(args[0])->func = args[1];
    return V_NONE;
}

static Value wrapper_func_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return AS_WRAPPER(args[0])->func; }

/* _PyObject_IsAbstract: f.__isabstractmethod__ is true (1, 0, -1 on error). */
static int is_abstract(VM *vm, Value f)
{
    if (f == V_NONE) return 0;
    Value v = vm_getattr_opt(vm, f, vm_intern(vm, "__isabstractmethod__", 20));
    if (v == V_EXC) return -1;
    return v == V_UNBOUND ? 0 : vm_truthy(vm, v);
}

/* __isabstractmethod__ of staticmethod / classmethod / property: whether what
 * they wrap is abstract, so that abc.ABCMeta counts them. */
static Value abstract_result(VM *vm, int r) { return r < 0 ? V_EXC : r ? V_TRUE : V_FALSE; }
static Value wrapper_isabstract(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return abstract_result(vm, is_abstract(vm, AS_WRAPPER(args[0])->func));
}
static Value prop_isabstract(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    PropertyObj *p = AS_PROP(args[0]);
    int r = is_abstract(vm, p->fget);
    if (!r) r = is_abstract(vm, p->fset);
    if (!r) r = is_abstract(vm, p->fdel);
    return abstract_result(vm, r);
}

static Value wrapper_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__get__", nargs - 1, kw, 1, 2)) return V_EXC;
    Value obj = args[1] == V_NONE ? V_UNBOUND : args[1];
    TypeObj *type = nargs > 2 && v_has_layout(args[2], LAYOUT_TYPE) ? AS_TYPE(args[2]) : NULL;
    if (obj == V_UNBOUND && !type) return vm_raise(vm, vm->e_TypeError, "__get__(None, None) is invalid");
    return vm_layout_descr_get(vm, args[0], obj, type);
}

/* staticmethod objects are callable (3.10+). */
static Value static_call(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_call(vm, AS_WRAPPER(args[0])->func, args + 1, nargs - 1, kw);
}

/* "<staticmethod(<function f at 0x...>)>" */
static Value wrapper_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value f = vm_repr(vm, AS_WRAPPER(args[0])->func);
    if (f == V_EXC) return V_EXC;
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "<%s(%s)>", vm_type_name(vm, args[0]), AS_STR(f)->data);
    return vm_sb_finish(vm, &b);
}

/* ---- super, module, cell, traceback attributes ---------------------------------------- */

/* super.__init__(self, type, obj). The compiler turns a zero-argument super()
 * in a method into super(__class__, first argument); a bare super() that
 * reaches here has neither. */
static Value super_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (kw && kw->len) return vm_raise(vm, vm->e_TypeError, "super() takes no keyword arguments");
    if (nargs > 3) return vm_raise(vm, vm->e_TypeError, "super() expected at most 2 arguments, got %d", nargs - 1);
    if (nargs == 1) {
        const Frame *f = vm->nframes ? vm->frames[vm->nframes - 1] : NULL;
        bool has_args = f && f->code->nargs + ((f->code->flags & CO_VARARGS) ? 1 : 0) > 0;
        return vm_raise(vm, vm->e_RuntimeError, has_args ? "super(): __class__ cell not found" : "super(): no arguments");
    }
    if (!v_has_layout(args[1], LAYOUT_TYPE))
        return vm_raise(vm, vm->e_TypeError, "super() argument 1 must be a type, not %s", vm_type_name(vm, args[1]));
    SuperObj *s = AS_SUPER(args[0]);
    s->type = AS_TYPE(args[1]);
    if (nargs == 2) return V_NONE;
    TypeObj *ot = vm_super_check(vm, s->type, args[2]);
    if (!ot) return V_EXC;
    s->obj = args[2];
    s->obj_type = ot;
    return V_NONE;
}

static Value super_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    SuperObj *s = AS_SUPER(args[0]);
    char buf[512];
    if (s->obj_type)
        snprintf(buf, sizeof buf, "<super: <class '%s'>, <%s object>>", s->type ? s->type->name->data : "NULL",
                 s->obj_type->name->data);
    else
        snprintf(buf, sizeof buf, "<super: <class '%s'>, NULL>", s->type ? s->type->name->data : "NULL");
    return vm_cstr(vm, buf);
}

static Value super_thisclass(VM *vm, Value *a, int n, TupleObj *k)
{
    return AS_SUPER(a[0])->type ? v_obj(AS_SUPER(a[0])->type) : V_NONE;
}
static Value super_self(VM *vm, Value *a, int n, TupleObj *k) { return AS_SUPER(a[0])->obj; }
static Value super_self_class(VM *vm, Value *a, int n, TupleObj *k)
{
    return AS_SUPER(a[0])->obj_type ? v_obj(AS_SUPER(a[0])->obj_type) : V_NONE;
}

/* module(name, doc=None) */
static Value module_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = { "name", "doc" };
    Value a[2];
    if (!vm_parse_args(vm, "module", args + 1, nargs - 1, kw, names, 2, 2, 1, a)) return V_EXC;
    if (!v_has_layout(a[0], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "module.__init__() argument 'name' must be str, not %s",
                        vm_type_name(vm, a[0]));
    ModuleObj *m = AS_MODULE(args[0]);
    DictObj *d = vm_instance_dict(vm, &m->hdr);
    if (!d) return V_EXC;
    m->name = AS_STR(a[0]);
    static const char *const keys[] = { "__name__", "__doc__", "__package__", "__loader__", "__spec__" };
    Value vals[5] = { a[0], a[1] == V_UNBOUND ? V_NONE : a[1], V_NONE, V_NONE, V_NONE };
    for (int i = 0; i < 5; i++) {
        StrObj *k = vm_intern(vm, keys[i], strlen(keys[i]));
        if (!k || !vm_dict_set_str(vm, d, k, vals[i])) return V_EXC;
    }
    return V_NONE;
}

/* "<module 'm' from '/path/m.py'>", or "(built-in)" for modules without a file. */
static Value module_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    DictObj *d = v_as_obj(args[0])->dict;
    Value name = d ? vm_dict_get_str(d, vm->s___name__) : V_UNBOUND;
    Value file = d ? vm_dict_get_str(d, vm->s___file__) : V_UNBOUND;
    Value n = name == V_UNBOUND ? vm_cstr(vm, "?") : vm_repr(vm, name);
    if (n == V_EXC) return V_EXC;
    StrBuf b;
    sb_init(&b);
    if (v_has_layout(file, LAYOUT_STR)) {
        Value f = vm_repr(vm, file);
        if (f == V_EXC) {
            sb_free(&b);
            return V_EXC;
        }
        sb_printf(&b, "<module %s from %s>", AS_STR(n)->data, AS_STR(f)->data);
    } else {
        sb_printf(&b, "<module %s (built-in)>", AS_STR(n)->data);
    }
    return vm_sb_finish(vm, &b);
}

static Value cell_contents(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value r = ((CellObj *)v_as_obj(args[0]))->ref;
    return r == V_UNBOUND ? vm_raise(vm, vm->e_ValueError, "Cell is empty") : r;
}

static Value tb_next(VM *vm, Value *a, int n, TupleObj *k) { return ((TracebackObj *)v_as_obj(a[0]))->next; }
static Value tb_lineno(VM *vm, Value *a, int n, TupleObj *k) { return v_int(((TracebackObj *)v_as_obj(a[0]))->lineno); }

/* ---- registration --------------------------------------------------------------------- */

static const PropDef func_props[] = {
    { "__name__", func_name_get, func_name_set },           { "__qualname__", func_qualname_get, func_qualname_set },
    { "__module__", func_module_get, func_module_set },     { "__doc__", func_doc_get, func_doc_set },
    { "__defaults__", func_defaults_get, func_defaults_set },
    { "__kwdefaults__", func_kwdefaults_get, func_kwdefaults_set },
    { "__globals__", func_globals_get, NULL },              { "__closure__", func_closure_get, NULL },
    { "__code__", func_code_get, NULL },                    { "__dict__", vm_instance_dict_get, vm_instance_dict_set },
    { "__annotations__", func_annotations_get, func_annotations_set },
};

static const PropDef code_props[] = {
    { "co_name", code_name, NULL },           { "co_qualname", code_qualname, NULL },
    { "co_filename", code_filename, NULL },   { "co_firstlineno", code_firstlineno, NULL },
    { "co_argcount", code_argcount, NULL },   { "co_posonlyargcount", code_posonly, NULL },
    { "co_kwonlyargcount", code_kwonly, NULL }, { "co_nlocals", code_nlocals, NULL },
    { "co_varnames", code_varnames, NULL },   { "co_cellvars", code_cellvars, NULL },
    { "co_freevars", code_freevars, NULL },   { "co_flags", code_flags, NULL },
};

static const PropDef builtin_props[] = {
    { "__name__", builtin_name_get, NULL }, { "__qualname__", builtin_qualname_get, NULL },
    { "__self__", builtin_self_get, NULL }, { "__doc__", none_get, NULL }, { "__module__", none_get, NULL },
};

static const MethodDef property_methods[] = {
    { "__init__", property_init },     { "__get__", property_get_m },   { "__set__", property_set_m },
    { "__delete__", property_delete_m }, { "getter", property_getter }, { "setter", property_setter },
    { "deleter", property_deleter },   { "__set_name__", property_set_name },
};

static const PropDef property_props[] = {
    { "fget", prop_fget, NULL }, { "fset", prop_fset, NULL }, { "fdel", prop_fdel, NULL },
    { "__doc__", prop_doc, prop_doc_set }, { "__isabstractmethod__", prop_isabstract, NULL },
};

void vm_init_descr(VM *vm)
{
    vm_add_method(vm, vm->t_type, "__or__", type_or);
    vm_add_method(vm, vm->t_type, "__ror__", type_ror);
    static const MethodDef union_methods[] = {
        { "__or__", type_or },   { "__ror__", type_ror },   { "__repr__", union_repr },
        { "__eq__", union_eq },  { "__hash__", union_hash }, { "__instancecheck__", union_instancecheck },
        { "__subclasscheck__", union_subclasscheck },
    };
    vm_add_methods(vm, vm->t_union, union_methods, COUNT(union_methods));
    /* list[int] | None */
    vm_add_method(vm, vm->t_generic_alias, "__or__", type_or);
    vm_add_method(vm, vm->t_generic_alias, "__ror__", type_ror);
    vm_add_property(vm, vm->t_union, "__args__", union_args_get, NULL);

    vm->t_member_descriptor->hdr.aux = 2;   /* name, owner */
    static const MethodDef member_methods[] = {
        { "__get__", member_get_m }, { "__set__", member_set_m }, { "__delete__", member_delete_m },
        { "__repr__", member_repr },
    };
    vm_add_methods(vm, vm->t_member_descriptor, member_methods, COUNT(member_methods));
    vm_add_property(vm, vm->t_member_descriptor, "__name__", member_name_get, NULL);
    vm_add_property(vm, vm->t_member_descriptor, "__objclass__", member_owner_get, NULL);

    vm_add_method(vm, vm->t_function, "__get__", func_get);
    vm_add_method(vm, vm->t_function, "__repr__", func_repr);
    vm_add_properties(vm, vm->t_function, func_props, COUNT(func_props));
    vm_add_method(vm, vm->t_code, "__repr__", code_repr);
    vm_add_properties(vm, vm->t_code, code_props, COUNT(code_props));

    vm_add_method(vm, vm->t_method, "__new__", method_new);
    vm_add_method(vm, vm->t_method, "__repr__", method_repr);
    vm_add_method(vm, vm->t_method, "__eq__", method_eq);
    vm_add_method(vm, vm->t_method, "__hash__", method_hash);
    vm_add_property(vm, vm->t_method, "__func__", method_func_get, NULL);
    vm_add_property(vm, vm->t_method, "__self__", method_self_get, NULL);

    vm_add_method(vm, vm->t_builtin_function, "__repr__", builtin_repr);
    vm_add_method(vm, vm->t_builtin_function, "__eq__", builtin_eq);
    vm_add_method(vm, vm->t_builtin_function, "__hash__", builtin_hash);
    vm_add_properties(vm, vm->t_builtin_function, builtin_props, COUNT(builtin_props));

    vm_add_methods(vm, vm->t_property, property_methods, COUNT(property_methods));
    vm_add_properties(vm, vm->t_property, property_props, COUNT(property_props));
    TypeObj *wrappers[2] = { vm->t_staticmethod, vm->t_classmethod };
    for (int i = 0; i < 2; i++) {
        vm_add_method(vm, wrappers[i], "__init__", wrapper_init);
        vm_add_method(vm, wrappers[i], "__get__", wrapper_get);
        vm_add_method(vm, wrappers[i], "__repr__", wrapper_repr);
        vm_add_property(vm, wrappers[i], "__func__", wrapper_func_get, NULL);
        vm_add_property(vm, wrappers[i], "__wrapped__", wrapper_func_get, NULL);
        vm_add_property(vm, wrappers[i], "__isabstractmethod__", wrapper_isabstract, NULL);
    }
    vm_add_method(vm, vm->t_staticmethod, "__call__", static_call);

    vm_add_method(vm, vm->t_super, "__init__", super_init);
    vm_add_method(vm, vm->t_super, "__getattribute__", vm_super_getattribute);
    vm_add_method(vm, vm->t_super, "__repr__", super_repr);
    vm_add_property(vm, vm->t_super, "__thisclass__", super_thisclass, NULL);
    vm_add_property(vm, vm->t_super, "__self__", super_self, NULL);
    vm_add_property(vm, vm->t_super, "__self_class__", super_self_class, NULL);

    vm_add_method(vm, vm->t_module, "__init__", module_init);
    vm_add_method(vm, vm->t_module, "__getattribute__", vm_module_getattribute);
    vm_add_method(vm, vm->t_module, "__repr__", module_repr);
    vm_add_property(vm, vm->t_module, "__dict__", vm_instance_dict_get, NULL);
    vm_add_property(vm, vm->e_BaseException, "__dict__", vm_instance_dict_get, vm_instance_dict_set);

    vm_add_property(vm, vm->t_cell, "cell_contents", cell_contents, NULL);
    vm_add_property(vm, vm->t_traceback, "tb_next", tb_next, NULL);
    vm_add_property(vm, vm->t_traceback, "tb_lineno", tb_lineno, NULL);
}

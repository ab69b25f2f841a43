/* The builtins that CPython's site module adds (its _sitebuiltins): exit and
 * quit, whose repr says how to leave and whose call raises SystemExit, and
 * help, whose repr points to help(object) and whose call runs pydoc.help
 * (stdlib/py/pydoc.py), imported on first use. */
#include <string.h>

#include "vm.h"

/* The `name` attribute an instance was made with, as a C string. */
static const char *instance_name(VM *vm, Value self)
{
    Value name = vm_getattr_opt(vm, self, vm_intern(vm, "name", 4));
    if (name == V_EXC) vm->exc = V_NONE;
    return v_has_layout(name, LAYOUT_STR) ? AS_STR(name)->data : "exit";
}

static Value quitter_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_fixed(vm, "__repr__", nargs - 1, kw, 0)) return V_EXC;
    char text[128];
    snprintf(text, sizeof text, "Use %s() or Ctrl-D (i.e. EOF) to exit", instance_name(vm, args[0]));
    return vm_cstr(vm, text);
}

/* exit(code=None): SystemExit(code), which exits with status 0 for None. */
static Value quitter_call(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, instance_name(vm, args[0]), nargs - 1, kw, 0, 1)) return V_EXC;
    Value code = nargs > 1 ? args[1] : V_NONE;
    Value exc = vm_new_exception(vm, vm->e_SystemExit, &code, 1);
    return exc == V_EXC ? V_EXC : vm_raise_value(vm, exc);
}

static Value helper_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_fixed(vm, "__repr__", nargs - 1, kw, 0)) return V_EXC;
    return vm_cstr(vm, "Type help() for interactive help, or help(object) for help about object.");
}

static Value helper_call(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value pydoc = vm_import_name(vm, NULL, vm_intern(vm, "pydoc", 5), V_NONE, 0);
    if (pydoc == V_EXC) return V_EXC;
    vm_push_root(vm, pydoc);
    Value help = vm_getattr(vm, pydoc, vm_intern(vm, "help", 4));
    vm_pop_roots(vm, 1);
    return help == V_EXC ? V_EXC : vm_call(vm, help, args + 1, nargs - 1, kw);
}

/* A new instance of t put in builtins as `name`; a Quitter also keeps its
 * name as an attribute, as CPython's does. */
static bool add_instance(VM *vm, TypeObj *t, const char *name, bool named)
{
    Value obj = vm_type_call(vm, t, NULL, 0, NULL);
    if (obj == V_EXC) return false;
    vm_push_root(vm, obj);
    StrObj *key = vm_intern(vm, name, strlen(name));
    bool ok = key && (!named || vm_setattr(vm, obj, vm_intern(vm, "name", 4), v_obj(key))) &&
              vm_dict_set_str(vm, vm->builtins, key, obj);
    vm_pop_roots(vm, 1);
    return ok;
}

/* A class as a class statement in module _sitebuiltins makes it (so that
 * its instances hold attributes), with the two native methods. */
static TypeObj *new_class(VM *vm, const char *name, NativeFn repr, NativeFn call)
{
    Value ns = vm_new_dict(vm);
    if (ns == V_EXC) return NULL;
    vm_push_root(vm, ns);
    Value module = vm_cstr(vm, "_sitebuiltins");
    StrObj *n = vm_intern(vm, name, strlen(name));
    Value cls = module != V_EXC && n && vm_dict_set_str(vm, AS_DICT(ns), vm->s___module__, module)
                    ? vm_make_class(vm, n, AS_TUPLE(vm->empty_tuple), AS_DICT(ns))
                    : V_EXC;
    vm_pop_roots(vm, 1);
    if (cls == V_EXC) return NULL;
    vm_add_method(vm, AS_TYPE(cls), "__repr__", repr);
    vm_add_method(vm, AS_TYPE(cls), "__call__", call);
    return AS_TYPE(cls);
}

void vm_init_site_builtins(VM *vm)
{
    TypeObj *quitter = new_class(vm, "Quitter", quitter_repr, quitter_call);
    if (!quitter) return;
    vm_push_root(vm, v_obj(quitter));
    TypeObj *helper = new_class(vm, "_Helper", helper_repr, helper_call);
    if (helper) {
        vm_push_root(vm, v_obj(helper));
        if (add_instance(vm, quitter, "exit", true) && add_instance(vm, quitter, "quit", true))
            add_instance(vm, helper, "help", false);
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    vm->exc = V_NONE;   /* a runtime without them still runs */
}

/* The `gc` module: collect() runs a full collection and the __del__ methods
 * it finds due; enable() / disable() / isenabled() keep CPython's switch, but
 * collections go on regardless: the tracing GC is what frees memory at all,
 * the job refcounting does in CPython (which gc.disable() leaves running). */
#include "modules.h"

/* collect(generation=2): the number of objects freed */
static Value gc_collect(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "gc.collect", nargs, kw, 0, 1)) return V_EXC;
    int64_t gen = 2;
    if (nargs && !vm_index(vm, args[0], &gen)) return V_EXC;
    if (gen < 0 || gen > 2) return vm_raise(vm, vm->e_ValueError, "invalid generation");
    size_t freed = vm_gc(vm);
    vm_run_finalizers(vm);
    return vm_int_from_i64(vm, (int64_t)freed);
}

static Value gc_enable(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "gc.enable", nargs, kw)) return V_EXC;
    vm->gc_disabled = false;
    return V_NONE;
}

static Value gc_disable(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "gc.disable", nargs, kw)) return V_EXC;
    vm->gc_disabled = true;
    return V_NONE;
}

static Value gc_isenabled(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "gc.isenabled", nargs, kw)) return V_EXC;
    return v_bool(!vm->gc_disabled);
}

Value mod_gc_open(VM *vm)
{
    static const ModFunction functions[] = {
        {"collect", gc_collect}, {"enable", gc_enable}, {"disable", gc_disable}, {"isenabled", gc_isenabled},
    };
    Value m = vm_new_module(vm, "gc");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    bool ok = mod_add_functions(vm, m, functions, sizeof functions / sizeof *functions);
    vm_pop_roots(vm, 1);
    return ok ? m : V_EXC;
}

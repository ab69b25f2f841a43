/* The table of built-in C modules that every runtime is configured with
 * (VmConfig.modules, Lua's linit.c), and the smallest of them: _tirun_testhook,
 * the traceback printer that `tirun test` reports failures with and its switch
 * for assertion rewriting. */
#include <stdio.h>
#include <stdlib.h>

#include "modules.h"

#include "embedded.h"

/* _tirun_testhook.print_exception(exc): the VM's traceback printer writing to
 * stdout, where `tirun test` reports failures (the VM has no traceback module). */
static Value testhook_print_exception(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "print_exception", nargs, kw)) return V_EXC;
    vm_print_exception(vm, args[0], vm->out);
    return V_NONE;
}

/* _tirun_testhook.format_exception(exc): the text the VM's traceback
 * printer writes for exc (its chain included), as a str: traceback.py's
 * formatting functions are built on it. */
static Value testhook_format_exception(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "format_exception", nargs, kw)) return V_EXC;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return vm_raise(vm, vm->e_MemoryError, "%s", "");
    vm_print_exception(vm, args[0], f);
    fclose(f);
    Value r = vm_new_str(vm, text, len);
    free(text);
    return r;
}

/* _tirun_testhook.rewrite_asserts(on): whether the test files imported from
 * now on compile their asserts to show the values they compared (pytest's
 * assertion rewriting; VM.assert_rewrite). */
static Value testhook_rewrite_asserts(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "rewrite_asserts", nargs, kw)) return V_EXC;
    int truth = vm_truthy(vm, args[0]);
    if (truth < 0) return V_EXC;
    vm->assert_rewrite = truth;
    return V_NONE;
}

static Value testhook_open(VM *vm)
{
    static const ModFunction functions[] = {
        {"print_exception", testhook_print_exception}, {"rewrite_asserts", testhook_rewrite_asserts},
        {"format_exception", testhook_format_exception},
    };
    Value m = vm_new_module(vm, "_tirun_testhook");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    bool ok = mod_add_functions(vm, m, functions, sizeof functions / sizeof functions[0]);
    vm_pop_roots(vm, 1);
    return ok ? m : V_EXC;
}

const VmModuleDef mod_builtin_modules[] = {
    {"math", mod_math_open},
    {"sys", mod_sys_open},
    {"time", mod_time_open},
    {"random", mod_random_open},
    {"posix", mod_posix_open},
    {"errno", mod_errno_open},
    {"gc", mod_gc_open},
    {"_weakref", mod_weakref_open},
    {"array", mod_array_open},
    {"_struct", mod_struct_open},
    {"_taichi_core", mod_taichi_open},
    {"_taichi_gui", mod_gui_open},
    {"_numpy", mod_numpy_open},
    {"_tirun_testhook", testhook_open},
    {NULL, NULL},
};

void mod_config_init(VmConfig *cfg)
{
    *cfg = (VmConfig){ .modules = mod_builtin_modules, .sources = mod_embedded_sources, .nsources = mod_embedded_count };
}

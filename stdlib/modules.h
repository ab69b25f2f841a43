/* The built-in modules written in C (stdlib/mod*.c): each one's constructor,
 * which the first `import` calls (mod_builtin_modules lists them for vm_new's
 * config, as Lua's linit.c does); and what the modules share: CPython's
 * wording of argument errors, and struct sequences (sys.version_info,
 * time.struct_time). */
#ifndef TIRUN_MODULES_H
#define TIRUN_MODULES_H

#include <string.h>

#include "../vm/vm.h"

Value mod_math_open(VM *vm);
Value mod_sys_open(VM *vm);
Value mod_time_open(VM *vm);
Value mod_random_open(VM *vm);
Value mod_posix_open(VM *vm);
Value mod_errno_open(VM *vm);
Value mod_gc_open(VM *vm);
Value mod_weakref_open(VM *vm);
Value mod_array_open(VM *vm);
Value mod_struct_open(VM *vm);
Value mod_taichi_open(VM *vm);
Value mod_gui_open(VM *vm);
Value mod_numpy_open(VM *vm);   /* numpy/ndarray.c */

/* Every built-in C module, ended by a NULL name: VmConfig.modules. */
extern const VmModuleDef mod_builtin_modules[];
/* A config with every built-in module and library source, and no hooks. */
void mod_config_init(VmConfig *cfg);

/* Adds the kernel functions (kernel, configure, sync, Expr operators ...) to
 * the _taichi_core module (taichi_kernel.c). */
bool taichi_kernel_init(VM *vm, Value module);

/* A table row of native functions: a module's, or a type's methods. */
typedef struct {
    const char *name;
    NativeFn fn;
} ModFunction;

/* Adds the n functions of table to a module; false with an exception pending. */
static inline bool mod_add_functions(VM *vm, Value module, const ModFunction *table, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!vm_module_add_function(vm, module, table[i].name, table[i].fn)) return false;
    return true;
}

/* ns[name] = v for the namespace of a module or type being built; false
 * with an exception pending when v is V_EXC or memory runs out. */
static inline bool mod_dict_put(VM *vm, DictObj *ns, const char *name, Value v)
{
    StrObj *key = vm_intern(vm, name, strlen(name));
    return key && v != V_EXC && vm_dict_set_str(vm, ns, key, v);
}

/* ---- argument checks worded as CPython's C functions word them. `qualname`
 * is what they print in full ("math.sqrt", "TextIOWrapper.write"); a count
 * outside a range names only its last part ("atan2 expected 2 arguments, got
 * 1"). Keywords are refused before the count is checked, as CPython does. */
static inline bool mod_no_keywords(VM *vm, const char *qualname, TupleObj *kw)
{
    if (!kw || kw->len == 0) return true;
    vm_raise(vm, vm->e_TypeError, "%s() takes no keyword arguments", qualname);
    return false;
}

/* METH_O: exactly one positional argument. */
static inline bool mod_check_one(VM *vm, const char *qualname, int nargs, TupleObj *kw)
{
    if (!mod_no_keywords(vm, qualname, kw)) return false;
    if (nargs == 1) return true;
    vm_raise(vm, vm->e_TypeError, "%s() takes exactly one argument (%d given)", qualname, nargs);
    return false;
}

/* METH_NOARGS */
static inline bool mod_check_none(VM *vm, const char *qualname, int nargs, TupleObj *kw)
{
    if (!mod_no_keywords(vm, qualname, kw)) return false;
    if (nargs == 0) return true;
    vm_raise(vm, vm->e_TypeError, "%s() takes no arguments (%d given)", qualname, nargs);
    return false;
}

/* min..max positional arguments (_PyArg_CheckPositional). */
static inline bool mod_check_range(VM *vm, const char *qualname, int nargs, TupleObj *kw, int min, int max)
{
    if (!mod_no_keywords(vm, qualname, kw)) return false;
    if (nargs >= min && nargs <= max) return true;
    const char *dot = strrchr(qualname, '.');
    int n = nargs < min ? min : max;
    vm_raise(vm, vm->e_TypeError, "%s expected %s%d argument%s, got %d", dot ? dot + 1 : qualname,
             min == max ? "" : nargs < min ? "at least " : "at most ", n, n == 1 ? "" : "s", nargs);
    return false;
}

/* ---- struct sequences (CPython's structseq): tuple subtypes whose first
 * `nseq` fields are the items, readable by name too, and whose repr names
 * them: "sys.version_info(major=3, minor=11, ...)". Fields past nseq
 * (time.struct_time's tm_zone, tm_gmtoff) are attributes only; they are
 * stored after the items, where the collector does not look, so they must be
 * unboxed values or strs (which are interned). Defined in modsys.c. */
typedef struct {
    const char *name;            /* dotted: "time.struct_time" (module, then the type) */
    const char *const *fields;   /* nfields names */
    int nseq, nfields;           /* nseq <= nfields <= MOD_STRUCTSEQ_MAX */
} ModStructSeq;

enum { MOD_STRUCTSEQ_MAX = 20 };

/* The type, with __match_args__ and n_sequence_fields / n_fields in its
 * namespace; NULL with an exception pending on failure. */
TypeObj *mod_structseq_type(VM *vm, const ModStructSeq *d);
/* An instance of t (made by mod_structseq_type from d) from d->nfields values. */
Value mod_structseq_new(VM *vm, TypeObj *t, const ModStructSeq *d, const Value *values);
/* Field i of a struct sequence (any tuple: None past what it holds). */
static inline Value mod_structseq_field(Value seq, uint32_t i)
{
    TupleObj *t = AS_TUPLE(seq);
    return i < t->len || i < t->hdr.aux ? t->items[i] : V_NONE;
}

#endif

/* The kernel half of the _taichi_core module, the Python binding of program/:
 * registration of the taichi classes, ti.init's options (by name, arch
 * included), @ti.kernel, ti.sync, and the hooks by which Expr's Python
 * operators reach the transformer. */
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "../program/program.h"
#include "modules.h"

/* ---- registration */

static TypeObj *arg_type(VM *vm, Value v, const char *what)
{
    if (!v_has_layout(v, LAYOUT_TYPE)) {
        vm_raise(vm, vm->e_TypeError, "register: %s must be a class", what);
        return NULL;
    }
    return AS_TYPE(v);
}

/* register(Expr, DataType, ScalarField, _Builtin, _Func, _Template, _Kernel,
 *          _NdRange, _Grouped, _NdarrayType, _ExternalArray, CompilationError,
 *          SyntaxError, NameError, TypeError) */
static Value tk_register(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"expr", "dtype", "field", "builtin", "func", "template", "kernel",
                                        "ndrange", "grouped", "ndarray_type", "external_array", "compile_error", "syntax_error", "name_error",
                                        "type_error"};
    enum { N = sizeof names / sizeof names[0] };
    Value a[N];
    if (!vm_parse_args(vm, "register", args, nargs, kw, names, N, 0, N, a)) return V_EXC;
    Program *s = prog_of(vm);
    if (!s) return V_EXC;
    TrEnv *e = &s->env;
    TypeObj **slots[N] = {&e->t_expr, &e->t_dtype, &e->t_field, &e->t_builtin, &e->t_func, &e->t_template,
                          &e->t_kernel, &e->t_ndrange, &e->t_grouped, &e->t_ndarray_type, &e->t_external,
                          &e->e_compile, &e->e_syntax, &e->e_name,
                          &e->e_type};
    for (int i = 0; i < N; i++)
        if (!(*slots[i] = arg_type(vm, a[i], names[i]))) return V_EXC;
    e->kernel_fn = prog_kernel_call;
    s->env_ready = true;
    return V_NONE;
}

static IrType type_named(Value v)
{
    if (!v_has_layout(v, LAYOUT_STR)) return IR_VOID;
    for (int ty = IR_I8; ty <= IR_F64; ty++)
        if (!strcmp(AS_STR(v)->data, ir_type_name((IrType)ty))) return (IrType)ty;
    return IR_VOID;
}

/* ti.init's options that reach C, by keyword (configure(arch=..., ...)). */
enum { OPT_ARCH, OPT_DEBUG, OPT_PRINT_IR, OPT_DEFAULT_FP, OPT_DEFAULT_IP, OPT_SHORT_CIRCUIT, OPT_OPTIMIZE,
       OPT_MAX_THREADS, OPT_RANDOM_SEED, OPT_CACHE, OPT_CACHE_PATH, OPT_CACHE_POLICY, OPT_CACHE_MAX,
       OPT_CACHE_FACTOR, OPT_FAST_MATH, OPT_PROFILER, OPT_UNROLLING_LIMIT, NOPTS };
static const char *const option_names[NOPTS] = {"arch", "debug", "print_ir", "default_fp", "default_ip",
                                                "short_circuit", "optimize", "max_threads", "random_seed",
                                                "offline_cache", "offline_cache_file_path",
                                                "offline_cache_cleaning_policy", "offline_cache_max_size_of_files",
                                                "offline_cache_cleaning_factor", "fast_math", "kernel_profiler",
                                                "unrolling_limit"};

/* The offline cache's options (program/cache.c), each left as it was when not given. */
static bool cache_options(VM *vm, Program *s, const Value *opt)
{
    ProgCache *c = &s->cache;
    bool on = c->on;
    const char *dir = c->dir;
    int policy = c->policy;
    int64_t max = c->max_size;
    double factor = c->factor;
    if (opt[OPT_CACHE] != V_UNBOUND) {
        int t = vm_truthy(vm, opt[OPT_CACHE]);
        if (t < 0) return false;
        on = t;
    }
    if (opt[OPT_CACHE_PATH] != V_UNBOUND) {
        if (opt[OPT_CACHE_PATH] != V_NONE && !v_has_layout(opt[OPT_CACHE_PATH], LAYOUT_STR))
            return vm_raise(vm, vm->e_TypeError, "offline_cache_file_path must be a str"), false;
        dir = opt[OPT_CACHE_PATH] == V_NONE ? NULL : AS_STR(opt[OPT_CACHE_PATH])->data;
    }
    if (opt[OPT_CACHE_POLICY] != V_UNBOUND) {
        static const char *const policies[] = {"never", "version", "lru", "fifo"};
        Value v = opt[OPT_CACHE_POLICY];
        policy = PROG_CACHE_NEVER;   /* an unknown name is "never", as in Taichi */
        for (int i = 0; i < 4 && v_has_layout(v, LAYOUT_STR); i++)
            if (!strcmp(AS_STR(v)->data, policies[i])) policy = i;
    }
    if (opt[OPT_CACHE_MAX] != V_UNBOUND && !vm_index(vm, opt[OPT_CACHE_MAX], &max)) return false;
    if (opt[OPT_CACHE_FACTOR] != V_UNBOUND && !vm_to_double(vm, opt[OPT_CACHE_FACTOR], &factor)) return false;
    char *keep = dir ? strdup(dir) : NULL;   /* dir may be the one configure frees */
    prog_cache_configure(s, on, keep, policy, max, factor);
    free(keep);
    return true;
}

/* The arch names in v: a str, or a list or tuple of them (ti.gpu). */
static int arch_names(VM *vm, Value v, const char **names, int cap)
{
    if (v_has_layout(v, LAYOUT_STR)) {
        names[0] = AS_STR(v)->data;
        return 1;
    }
    uint32_t n = 0;
    Value *items = v_has_layout(v, LAYOUT_LIST) || v_has_layout(v, LAYOUT_TUPLE) ? vm_seq_items(v, &n) : NULL;
    for (uint32_t i = 0; items && i < n && n <= (uint32_t)cap; i++) {
        if (!v_has_layout(items[i], LAYOUT_STR)) break;
        names[i] = AS_STR(items[i])->data;
        if (i == n - 1) return (int)n;
    }
    vm_raise(vm, vm->e_TypeError, "configure: arch must be a name or a list of names");
    return -1;
}

/* The module's _runtime_error (taichi sets its TaichiRuntimeError there), else RuntimeError. */
static TypeObj *runtime_error(VM *vm)
{
    Value m = vm_dict_get_str(vm->modules, vm_intern(vm, "_taichi_core", 12));
    Value t = v_is_obj(m) && v_as_obj(m)->dict
                  ? vm_dict_get_str(v_as_obj(m)->dict, vm_intern(vm, "_runtime_error", 14)) : V_UNBOUND;
    return v_has_layout(t, LAYOUT_TYPE) ? AS_TYPE(t) : vm->e_RuntimeError;
}

/* configure(arch=, debug=, print_ir=, default_fp=, default_ip=, short_circuit=,
 *           optimize=, max_threads=, random_seed=, unrolling_limit=) -> (arch name, fell back):
 * options left out keep their values. They apply from the next backend
 * instance (ti.init resets first). */
static Value tk_configure(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs) return vm_raise(vm, vm->e_TypeError, "configure() takes keyword arguments only");
    Program *s = prog_of(vm);
    if (!s) return V_EXC;
    Value opt[NOPTS];
    for (int o = 0; o < NOPTS; o++) opt[o] = V_UNBOUND;
    for (uint32_t i = 0; kw && i < kw->len; i++) {
        int o = 0;
        while (o < NOPTS && strcmp(option_names[o], AS_STR(kw->items[i])->data)) o++;
        if (o == NOPTS) return vm_raise(vm, vm->e_TypeError, "configure: no option %s", AS_STR(kw->items[i])->data);
        opt[o] = args[i];
    }
    bool *flags[NOPTS] = {[OPT_DEBUG] = &s->env.debug, [OPT_PRINT_IR] = &s->print_ir,
                          [OPT_SHORT_CIRCUIT] = &s->env.short_circuit, [OPT_OPTIMIZE] = &s->optimize,
                          [OPT_FAST_MATH] = &s->options.fast_math, [OPT_PROFILER] = &s->profiler};
    if (!cache_options(vm, s, opt)) return V_EXC;
    IrType *types[NOPTS] = {[OPT_DEFAULT_FP] = &s->env.default_fp, [OPT_DEFAULT_IP] = &s->env.default_ip};
    for (int o = 0; o < NOPTS; o++) {
        if (opt[o] == V_UNBOUND) continue;
        if (flags[o]) {
            int t = vm_truthy(vm, opt[o]);
            if (t < 0) return V_EXC;
            *flags[o] = t;
        } else if (types[o]) {
            if ((*types[o] = type_named(opt[o])) == IR_VOID)
                return vm_raise(vm, vm->e_ValueError, "configure: bad default types");
        }
    }
    int64_t threads, seed, unroll;
    if (opt[OPT_UNROLLING_LIMIT] != V_UNBOUND) {
        if (!vm_index(vm, opt[OPT_UNROLLING_LIMIT], &unroll)) return V_EXC;
        s->env.unrolling_limit = unroll < 0 ? 0 : unroll > INT32_MAX ? INT32_MAX : (int)unroll;
    }
    if (opt[OPT_MAX_THREADS] != V_UNBOUND) {
        if (!vm_index(vm, opt[OPT_MAX_THREADS], &threads)) return V_EXC;
        s->options.threads = threads < 1 ? 1 : threads > 1024 ? 1024 : (int)threads;
    }
    if (opt[OPT_RANDOM_SEED] != V_UNBOUND) {
        if (!vm_index(vm, opt[OPT_RANDOM_SEED], &seed)) return V_EXC;
        s->options.random_seed = (uint64_t)seed;
    }
    bool fell_back = false;
    if (opt[OPT_ARCH] != V_UNBOUND) {
        const char *names[32];
        int n = arch_names(vm, opt[OPT_ARCH], names, 32);
        if (n < 0 || !prog_select_arch(s, names, n, runtime_error(vm), &fell_back)) return V_EXC;
    }
    Value item[2] = {vm_cstr(vm, s->arch->name), v_bool(fell_back)};
    return item[0] == V_EXC ? V_EXC : vm_tuple_of(vm, item, 2);
}

/* sync(): waits for the kernels launched so far (ti.sync) */
static Value tk_sync(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "sync", nargs, kw)) return V_EXC;
    Program *s = prog_of(vm);
    return s && prog_sync(s) ? V_NONE : V_EXC;
}

/* kernel(fn, refs) -> a callable that compiles and launches fn's kernel;
 * refs, a list, keeps what the kernel holds alive */
static Value tk_kernel(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "kernel", nargs, kw, 2, 2)) return V_EXC;
    Program *s = prog_of(vm);
    if (!s) return V_EXC;
    if (!s->env_ready) return vm_raise(vm, vm->e_RuntimeError, "the taichi module did not register its classes");
    if (!v_has_layout(args[0], LAYOUT_FUNC)) return vm_raise(vm, vm->e_TypeError, "ti.kernel decorates functions");
    if (!v_has_layout(args[1], LAYOUT_LIST))
        return vm_raise(vm, vm->e_TypeError, "kernel(fn, refs): refs must be a list");
    FuncObj *fn = (FuncObj *)v_as_obj(args[0]);
    if (!fn->code->def)
        return vm_raise(vm, s->env.e_compile,
                        "the source of %s() is not available (functions made by exec() cannot be kernels)",
                        fn->name->data);
    int h = prog_kernel_new(s, fn, args[1]);
    return h < 0 ? V_EXC : vm_new_builtin(vm, s->kernels[h]->name, prog_kernel_call, v_int(h));
}

/* ---- Expr operators and built-ins called from Python at compile time */

static Value tk_binop(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int64_t op;
    if (!mod_check_range(vm, "binop", nargs, kw, 3, 3) || !vm_index(vm, args[0], &op)) return V_EXC;
    Program *s = prog_of(vm);
    return s ? tr_op_binary(&s->env, (int)op, args[1], args[2]) : V_EXC;
}

static Value tk_cmpop(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int64_t op;
    if (!mod_check_range(vm, "cmpop", nargs, kw, 3, 3) || !vm_index(vm, args[0], &op)) return V_EXC;
    Program *s = prog_of(vm);
    return s ? tr_op_compare(&s->env, (int)op, args[1], args[2]) : V_EXC;
}

static Value tk_unop(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int64_t op;
    if (!mod_check_range(vm, "unop", nargs, kw, 2, 2) || !vm_index(vm, args[0], &op)) return V_EXC;
    Program *s = prog_of(vm);
    return s ? tr_op_unary(&s->env, (int)op, args[1]) : V_EXC;
}

static Value tk_builtin(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs < 1 || !v_has_layout(args[0], LAYOUT_STR) || (kw && kw->len))
        return vm_raise(vm, vm->e_TypeError, "builtin(name, *args)");
    Program *s = prog_of(vm);
    return s ? tr_op_builtin(&s->env, AS_STR(args[0])->data, args + 1, nargs - 1) : V_EXC;
}

/* compile_times() -> [(kernel name, milliseconds), ...] of the live instances */
static Value tk_compile_times(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "compile_times", nargs, kw)) return V_EXC;
    Program *s = prog_of(vm);
    Value list = s ? vm_new_list(vm, 8) : V_EXC;
    if (list == V_EXC) return V_EXC;
    vm_push_root(vm, list);
    for (int i = 0; i < s->nkernels; i++)
        for (int j = 0; j < s->kernels[i]->ninst; j++) {
            Value item[2] = {vm_cstr(vm, s->kernels[i]->name), v_double(s->kernels[i]->inst[j].compile_ms)};
            Value tup = item[0] == V_EXC ? V_EXC : vm_tuple_of(vm, item, 2);
            if (tup == V_EXC || !vm_list_append(vm, (ListObj *)v_as_obj(list), tup)) {
                vm_pop_roots(vm, 1);
                return V_EXC;
            }
        }
    vm_pop_roots(vm, 1);
    return list;
}

/* compiling() -> whether a kernel is being compiled (Python helpers ask) */
static Value tk_compiling(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "compiling", nargs, kw)) return V_EXC;
    Program *s = prog_of(vm);
    return s ? v_bool(s->compiling) : V_EXC;
}

/* backend_compiles() -> how many kernels the backend compiled (code reused
 * for an identical instance is not counted): what tests of hot reload read. */
static Value tk_backend_compiles(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "backend_compiles", nargs, kw)) return V_EXC;
    Program *s = prog_of(vm);
    return s ? v_int(s->backend_compiles) : V_EXC;
}

/* set_unplaced(flag): whether some field is not placed yet (taichi's field
 * and place keep it), so that launches raise Taichi's error. */
static Value tk_set_unplaced(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "set_unplaced", nargs, kw)) return V_EXC;
    Program *s = prog_of(vm);
    int tv = s ? vm_truthy(vm, args[0]) : -1;
    if (tv < 0) return V_EXC;
    s->unplaced = tv;
    return V_NONE;
}

/* external_array(address, dtype, shape) -> a host buffer for a kernel's ndarray
 * parameter (taichi._ExternalArray): no copy, kernels work on the memory at
 * address, which must stay valid while they run. dtype: a primitive type or
 * its name; shape: the extents, row-major. */
static Value tk_external_array(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (kw && kw->len) return vm_raise(vm, vm->e_TypeError, "external_array() takes no keyword arguments");
    if (nargs != 3) return vm_raise(vm, vm->e_TypeError, "external_array() takes 3 arguments (%d given)", nargs);
    Program *s = prog_of(vm);
    if (!s) return V_EXC;
    if (!s->env_ready) return vm_raise(vm, vm->e_RuntimeError, "external_array() needs `import taichi` first");
    return vm_call(vm, v_obj(s->env.t_external), args, 3, NULL);
}

/* cache_loads() -> how many kernels came from the offline cache instead of
 * the backend's compiler (tirun's own counter). */
static Value tk_cache_loads(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "cache_loads", nargs, kw)) return V_EXC;
    Program *s = prog_of(vm);
    return s ? v_int(s->cache.loads) : V_EXC;
}

/* kernel_profile(clear=False) -> [(kernel name, launches, total ms, min ms,
 * max ms), ...] of the kernels launched while ti.init(kernel_profiler=True)
 * was on; clear=True forgets them instead (and returns None). */
static Value tk_kernel_profile(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "kernel_profile", nargs, kw, 0, 1)) return V_EXC;
    Program *s = prog_of(vm);
    int clear = s && nargs ? vm_truthy(vm, args[0]) : 0;
    if (!s || clear < 0) return V_EXC;
    if (clear) {
        for (int i = 0; i < s->nkernels; i++) s->kernels[i]->prof_count = 0, s->kernels[i]->prof_total = 0;
        return V_NONE;
    }
    Value list = vm_new_list(vm, 8);
    if (list == V_EXC) return V_EXC;
    vm_push_root(vm, list);
    for (int i = 0; i < s->nkernels; i++) {
        const ProgKernel *k = s->kernels[i];
        if (!k->prof_count) continue;
        Value item[5] = {vm_cstr(vm, k->name), v_int(k->prof_count), v_double(k->prof_total),
                         v_double(k->prof_min), v_double(k->prof_max)};
        Value tup = item[0] == V_EXC ? V_EXC : vm_tuple_of(vm, item, 5);
        if (tup == V_EXC || !vm_list_append(vm, (ListObj *)v_as_obj(list), tup)) {
            vm_pop_roots(vm, 1);
            return V_EXC;
        }
    }
    vm_pop_roots(vm, 1);
    return list;
}

static const ModFunction kernel_functions[] = {
    {"kernel_profile", tk_kernel_profile},
    {"cache_loads", tk_cache_loads},
    {"external_array", tk_external_array},
    {"compiling", tk_compiling}, {"set_unplaced", tk_set_unplaced}, {"backend_compiles", tk_backend_compiles},
    {"register", tk_register}, {"configure", tk_configure}, {"kernel", tk_kernel}, {"sync", tk_sync},
    {"binop", tk_binop},       {"cmpop", tk_cmpop},         {"unop", tk_unop},
    {"builtin", tk_builtin},   {"compile_times", tk_compile_times},
};

/* module.<name> = {"Add": AST_Add, ...}: the operator ids binop / cmpop /
 * unop take, named as Python's ast module names them (parser/ast.h's tables). */
static bool add_op_table(VM *vm, Value module, const char *name, const char *const *ops, int n)
{
    Value d = vm_new_dict(vm);
    if (d == V_EXC) return false;
    vm_push_root(vm, d);
    bool ok = true;
    for (int i = 0; ok && i < n; i++) ok = mod_dict_put(vm, AS_DICT(d), ops[i], v_int(i));
    ok = ok && mod_dict_put(vm, v_as_obj(module)->dict, name, d);
    vm_pop_roots(vm, 1);
    return ok;
}

bool taichi_kernel_init(VM *vm, Value module)
{
#define X(n) #n,
    static const char *const binops[] = {AST_OPERATORS(X)};
    static const char *const cmpops[] = {AST_CMPOPS(X)};
    static const char *const unops[] = {AST_UNARYOPS(X)};
#undef X
    return mod_add_functions(vm, module, kernel_functions, sizeof kernel_functions / sizeof kernel_functions[0]) &&
           add_op_table(vm, module, "binops", binops, sizeof binops / sizeof *binops) &&
           add_op_table(vm, module, "cmpops", cmpops, sizeof cmpops / sizeof *cmpops) &&
           add_op_table(vm, module, "unops", unops, sizeof unops / sizeof *unops);
}

/* Kernels in the _taichi_core module: registration (@ti.kernel), one compiled
 * instance per template signature (life-of-a-kernel.txt), argument conversion,
 * the launch through the JIT and thread pool, kernel print output and assertion
 * failures, and the hooks by which Expr's Python operators reach the transformer. */
#include "taichi.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../ir/passes/passes.h"
#include "../parser/ast.h"

typedef struct {
    Value *targs;               /* template arguments (V_UNBOUND for typed parameters) */
    int generation;
    JitKernel *jk;
    unsigned char *tmps;
    double compile_ms;
} TiInstance;

struct TiKernel {
    FuncObj *fn;                /* kept alive by the module's _kernels list */
    char name[96];
    int nparams;
    bool *is_template;
    IrType *ptypes;
    IrType ret;
    TiInstance *inst;
    int ninst, instcap;
    Value refs;                 /* a list holding template arguments alive */
};

/* ---- state */

static void instance_free(TiInstance *in)
{
    free(in->targs);
    free(in->tmps);
    jit_kernel_free(in->jk);
}

static void kernel_free(TiKernel *k)
{
    if (!k) return;
    for (int i = 0; i < k->ninst; i++) instance_free(&k->inst[i]);
    free(k->is_template);
    free(k->ptypes);
    free(k->inst);
    free(k);
}

static void state_free(void *p)
{
    TaichiState *s = p;
    taichi_reset(s);
    for (int i = 0; i < s->nkernels; i++) kernel_free(s->kernels[i]);
    free(s->kernels);
    jit_pool_destroy(s->pool);
    jit_session_destroy(s->jit);
    free(s->out);
    free(s->roots);
    free(s);
}

TaichiState *taichi_state(VM *vm)
{
    if (vm->taichi) return vm->taichi;
    TaichiState *s = calloc(1, sizeof *s);
    if (!s) {
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return NULL;
    }
    s->env.vm = vm;
    s->env.default_fp = IR_F32;
    s->env.default_ip = IR_I32;
    s->optimize = true;
    vm->taichi = s;
    vm->taichi_free = state_free;
    return s;
}

static void drop_instances(TiKernel *k)
{
    for (int i = 0; i < k->ninst; i++) instance_free(&k->inst[i]);
    k->ninst = 0;
}

void taichi_reset(TaichiState *s)
{
    for (int i = 0; i < s->nkernels; i++) drop_instances(s->kernels[i]);
    ir_snode_program_free(s->prog);
    s->prog = NULL;
    s->env.prog = NULL;
    s->generation++;
    /* compiled code dies with its session */
    jit_session_destroy(s->jit);
    s->jit = NULL;
}

/* ---- output of print in kernels: buffered by the runtime, written after the launch */

static void rt_write(void *user, const char *text, size_t len)
{
    TaichiState *s = user;
    if (s->out_len + len > s->out_cap) {
        size_t cap = s->out_cap ? 2 * s->out_cap : 4096;
        while (cap < s->out_len + len) cap *= 2;
        char *p = realloc(s->out, cap);
        if (p) {
            s->out = p;
            s->out_cap = cap;
        }
    }
    if (s->out_len + len <= s->out_cap) {
        memcpy(s->out + s->out_len, text, len);
        s->out_len += len;
    }
}

/* Writes text to sys.stdout (straight to the C stream when it is the original). */
static bool write_stdout(VM *vm, const char *text, size_t len)
{
    Value sys = vm_dict_get_str(vm->modules, vm_intern(vm, "sys", 3));
    Value out = V_UNBOUND, orig = V_UNBOUND;
    if (v_is_obj(sys) && v_as_obj(sys)->dict) {
        out = vm_dict_get_str(v_as_obj(sys)->dict, vm_intern(vm, "stdout", 6));
        orig = vm_dict_get_str(v_as_obj(sys)->dict, vm_intern(vm, "__stdout__", 10));
    }
    if (out == V_UNBOUND || out == orig) {
        fwrite(text, 1, len, vm->out);
        fflush(vm->out);
        return true;
    }
    if (out == V_NONE) return true;
    Value str = vm_new_str(vm, text, len);
    if (str == V_EXC) return false;
    vm_push_root(vm, str);
    bool ok = vm_call_method(vm, out, vm_intern(vm, "write", 5), &str, 1) != V_EXC;
    vm_pop_roots(vm, 1);
    return ok;
}

static bool flush_output(VM *vm, TaichiState *s)
{
    if (!s->out_len) return true;
    size_t len = s->out_len;
    s->out_len = 0;
    return write_stdout(vm, s->out, len);
}

/* ---- registration */

static TypeObj *arg_type(VM *vm, Value v, const char *what)
{
    if (!v_has_layout(v, LAYOUT_TYPE)) {
        vm_raise(vm, vm->e_TypeError, "register: %s must be a class", what);
        return NULL;
    }
    return AS_TYPE(v);
}

static Value kernel_call(VM *vm, Value *args, int nargs, TupleObj *kw);

/* register(Expr, DataType, ScalarField, _Builtin, _Func, _Template, _Kernel,
 *          _NdRange, _Grouped, CompilationError, SyntaxError, NameError, TypeError) */
static Value tk_register(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "register", nargs, kw, 13, 13)) return V_EXC;
    TaichiState *s = taichi_state(vm);
    if (!s) return V_EXC;
    TrEnv *e = &s->env;
    TypeObj **slots[] = {&e->t_expr, &e->t_dtype, &e->t_field, &e->t_builtin, &e->t_func, &e->t_template,
                         &e->t_kernel, &e->t_ndrange, &e->t_grouped, &e->e_compile, &e->e_syntax, &e->e_name,
                         &e->e_type};
    for (int i = 0; i < 13; i++)
        if (!(*slots[i] = arg_type(vm, args[i], "every argument"))) return V_EXC;
    e->kernel_fn = kernel_call;
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

/* configure(debug, print_ir, default_fp, default_ip, short_circuit, optimize, max_threads, seed) */
static Value tk_configure(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "configure", nargs, kw, 8, 8)) return V_EXC;
    TaichiState *s = taichi_state(vm);
    if (!s) return V_EXC;
    int flags[4];
    int idx[4] = {0, 1, 4, 5};
    for (int i = 0; i < 4; i++)
        if ((flags[i] = vm_truthy(vm, args[idx[i]])) < 0) return V_EXC;
    IrType fp = type_named(args[2]), ip = type_named(args[3]);
    int64_t threads, seed;
    if (fp == IR_VOID || ip == IR_VOID) return vm_raise(vm, vm->e_ValueError, "configure: bad default types");
    if (!vm_index(vm, args[6], &threads) || !vm_index(vm, args[7], &seed)) return V_EXC;
    s->env.debug = flags[0];
    s->print_ir = flags[1];
    s->env.default_fp = fp;
    s->env.default_ip = ip;
    s->env.short_circuit = flags[2];
    s->optimize = flags[3];
    if (threads < 1) threads = 1;
    if (threads > 1024) threads = 1024;
    if (s->pool && s->max_threads != threads) {
        jit_pool_destroy(s->pool);
        s->pool = NULL;
    }
    s->max_threads = (int)threads;
    jit_rt_reseed(&s->rt, (uint64_t)seed);
    return V_NONE;
}

/* The parameter and return types of k from its function's annotations:
 * ti.template() or a primitive type each; false with TaichiSyntaxError. */
static bool kernel_signature(VM *vm, TaichiState *s, TiKernel *k, const AstNode *params)
{
    FuncObj *fn = k->fn;
    for (int i = 0; i < k->nparams; i++) {
        const char *pname = params->v.arguments.args.items[i]->v.arg.arg;
        Value anno = fn->annotations ? vm_dict_get_str(fn->annotations, vm_intern(vm, pname, strlen(pname)))
                                     : V_UNBOUND;
        if (anno != V_UNBOUND && vm_type_of(vm, anno) == s->env.t_template) {
            k->is_template[i] = true;
            continue;
        }
        k->ptypes[i] = anno == V_UNBOUND ? IR_VOID : ir_transform_dtype(&s->env, anno);
        if (k->ptypes[i] == IR_VOID) {
            if (anno == V_UNBOUND) {
                vm_raise(vm, s->env.e_syntax, "Taichi kernel parameters must be type annotated");
                return false;
            }
            /* the annotation as Python prints it, as Taichi's message shows it */
            Value text = vm_str(vm, anno);
            if (text != V_EXC)
                vm_raise(vm, s->env.e_syntax, "Invalid type annotation (argument %d) of Taichi kernel: %s", i,
                         AS_STR(text)->data);
            return false;
        }
    }
    Value ra = fn->annotations ? vm_dict_get_str(fn->annotations, vm_intern(vm, "return", 6)) : V_UNBOUND;
    k->ret = ra == V_UNBOUND || ra == V_NONE ? IR_VOID : ir_transform_dtype(&s->env, ra);
    if (ra != V_UNBOUND && ra != V_NONE && k->ret == IR_VOID) {
        vm_raise(vm, s->env.e_syntax, "The return type is not supported now!");
        return false;
    }
    return true;
}

/* kernel(fn, refs) -> a callable that compiles and launches fn's kernel;
 * refs, a list, keeps what the kernel holds alive */
static Value tk_kernel(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "kernel", nargs, kw, 2, 2)) return V_EXC;
    TaichiState *s = taichi_state(vm);
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
    const AstNode *def = fn->code->def;
    const AstNode *a = def->v.FunctionDef.args;
    if (a->v.arguments.vararg || a->v.arguments.kwarg || a->v.arguments.kwonlyargs.n ||
        a->v.arguments.posonlyargs.n)
        return vm_raise(vm, s->env.e_syntax, "Taichi kernels only accept positional parameters");
    TiKernel *k = calloc(1, sizeof *k);
    int n = a->v.arguments.args.n;
    if (k) {
        k->is_template = calloc((size_t)n + 1, sizeof *k->is_template);
        k->ptypes = calloc((size_t)n + 1, sizeof *k->ptypes);
    }
    if (!k || !k->is_template || !k->ptypes) {
        kernel_free(k);
        return vm_raise(vm, vm->e_MemoryError, "out of memory");
    }
    k->fn = fn;
    k->nparams = n;
    snprintf(k->name, sizeof k->name, "%s", fn->name->data);
    if (!kernel_signature(vm, s, k, a) || (k->refs = vm_new_list(vm, 2)) == V_EXC ||
        !vm_list_append(vm, (ListObj *)v_as_obj(k->refs), args[0]) ||
        !vm_list_append(vm, (ListObj *)v_as_obj(args[1]), k->refs)) {
        kernel_free(k);
        return V_EXC;
    }
    if (s->nkernels == s->kernels_cap) {
        int cap = s->kernels_cap ? 2 * s->kernels_cap : 16;
        TiKernel **p = realloc(s->kernels, (size_t)cap * sizeof *p);
        if (!p) {
            kernel_free(k);
            return vm_raise(vm, vm->e_MemoryError, "out of memory");
        }
        s->kernels = p;
        s->kernels_cap = cap;
    }
    s->kernels[s->nkernels++] = k;
    return vm_new_builtin(vm, k->name, kernel_call, v_int(s->nkernels - 1));
}

/* ---- compilation */

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static bool same_template(VM *vm, Value a, Value b, int *err)
{
    if (a == b) return true;
    if (vm_type_of(vm, a) != vm_type_of(vm, b)) return false;
    int eq = vm_eq(vm, a, b);
    if (eq < 0) *err = 1;
    return eq > 0;
}

static bool ensure_jit(VM *vm, TaichiState *s)
{
    if (s->jit) return true;
    char *err = NULL;
    s->jit = jit_session_create(&err);
    if (!s->jit) {
        vm_raise(vm, vm->e_RuntimeError, "the LLVM JIT failed to start: %s", err ? err : "out of memory");
        free(err);
        return false;
    }
    return true;
}

/* Taichi raises a kernel's compile error again with its message on a new line,
 * so that the traceback's last line names the type alone. */
static void reraise_on_new_line(VM *vm, TaichiState *s)
{
    Value exc = vm->exc;
    if (exc == V_NONE || vm->halted) return;
    TypeObj *et = vm_type_of(vm, exc);
    if (!vm_is_subtype(et, s->env.e_compile)) return;
    vm->exc = V_NONE;
    vm_push_root(vm, exc);
    Value str = vm_str(vm, exc);
    if (str == V_EXC) {
        vm_pop_roots(vm, 1);
        return;
    }
    vm_raise(vm, et, "\n%s", AS_STR(str)->data);
    vm_pop_roots(vm, 1);
}

static TiInstance *compile(VM *vm, TaichiState *s, TiKernel *k, const Value *targs)
{
    if (!ensure_jit(vm, s)) return NULL;
    if (s->compiling) {
        vm_raise(vm, s->env.e_compile, "a kernel cannot be called while another kernel compiles");
        return NULL;
    }
    if (k->ninst == k->instcap) {
        int cap = k->instcap ? 2 * k->instcap : 2;
        TiInstance *p = realloc(k->inst, (size_t)cap * sizeof *p);
        if (!p) {
            vm_raise(vm, vm->e_MemoryError, "out of memory");
            return NULL;
        }
        k->inst = p;
        k->instcap = cap;
    }
    double t0 = now_ms();
    s->env.prog = s->prog;
    TrKernelSpec spec = {k->fn, k->name, k->nparams, targs, k->ptypes, k->ret};
    s->compiling = true;
    IrKernel *ir = ir_transform_kernel(&s->env, &spec);
    s->compiling = false;
    if (!ir) {
        reraise_on_new_line(vm, s);
        return NULL;
    }
    char err[512];
    /* block_dim 32: the CPU backend's default (its capabilities), as Taichi's */
    IrPassOptions opt = {.optimize = s->optimize, .default_block_dim = 32};
    if (!ir_run_passes(ir, &opt, err, sizeof err)) {
        ir_kernel_free(ir);
        vm_raise(vm, s->env.e_compile, "internal compiler error in kernel %s: %s", k->name, err);
        return NULL;
    }
    if (s->print_ir) {
        StrBuf b = {0};
        ir_print(&b, ir);
        bool ok = !b.oom && write_stdout(vm, b.data ? b.data : "", b.len);
        free(b.data);
        if (!ok) {
            ir_kernel_free(ir);
            return b.oom ? (vm_raise(vm, vm->e_MemoryError, "out of memory"), NULL) : NULL;
        }
    }
    char *cerr = NULL;
    JitKernel *jk = jit_kernel_compile(s->jit, ir, &cerr);
    ir_kernel_free(ir);
    if (!jk) {
        vm_raise(vm, s->env.e_compile, "internal compiler error in kernel %s: %s", k->name, cerr ? cerr : "out of memory");
        free(cerr);
        return NULL;
    }
    TiInstance *in = &k->inst[k->ninst];
    *in = (TiInstance){.generation = s->generation, .jk = jk};
    size_t tmp = jit_kernel_tmp_size(jk);
    in->tmps = calloc(tmp ? tmp : 1, 1);
    in->targs = calloc((size_t)k->nparams + 1, sizeof *in->targs);
    if (!in->tmps || !in->targs) {
        instance_free(in);
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return NULL;
    }
    for (int i = 0; i < k->nparams; i++) {
        in->targs[i] = targs[i];
        if (targs[i] != V_UNBOUND && !vm_list_append(vm, (ListObj *)v_as_obj(k->refs), targs[i])) {
            instance_free(in);
            return NULL;
        }
    }
    in->compile_ms = now_ms() - t0;
    k->ninst++;
    return in;
}

/* ---- launch */

static bool set_arg(VM *vm, TaichiState *s, JitContext *ctx, int slot, IrType ty, Value v, int pos)
{
    if (ir_type_is_float(ty)) {
        double d;
        if (!v_is_double(v) && !vm_is_int(vm, v) && vm_type_of(vm, v) != vm->t_float) goto bad;
        if (!vm_to_double(vm, v, &d)) return false;
        jit_ctx_set_float(ctx, slot, ty, d);
        return true;
    }
    if (v_is_int(v)) {
        jit_ctx_set_int(ctx, slot, v_as_int(v));
        return true;
    }
    if (v_is_bool(v)) {
        jit_ctx_set_int(ctx, slot, v == V_TRUE);
        return true;
    }
    if (vm_is_int(vm, v)) {
        mpz_t z;
        mpz_init(z);
        vm_int_to_mpz(v, z);
        /* the low 64 bits, two's complement: what a C cast of the value gives */
        mpz_t m;
        mpz_init(m);
        mpz_fdiv_r_2exp(m, z, 64);
        uint64_t u = mpz_get_ui(m);
        mpz_clears(z, m, NULL);
        jit_ctx_set_int(ctx, slot, (int64_t)u);
        return true;
    }
bad:
    vm_raise(vm, vm->e_TypeError, "Argument %d (type=<class '%s'>) cannot be converted into required type %s", pos,
             vm_type_of(vm, v)->name->data, ir_type_name(ty));
    (void)s;
    return false;
}

static bool update_roots(VM *vm, TaichiState *s)
{
    IrSNodeProgram *p = s->prog;
    int n = p ? p->num_trees : 0;
    if (n > s->nroots) {
        unsigned char **r = realloc(s->roots, (size_t)n * sizeof *r);
        if (!r) {
            vm_raise(vm, vm->e_MemoryError, "out of memory");
            return false;
        }
        s->roots = r;
    }
    s->nroots = n;
    for (int i = 0; i < n; i++) s->roots[i] = p->trees[i]->buffer;
    return true;
}

static Value assertion(VM *vm, TaichiState *s)
{
    Value mod = vm_dict_get_str(vm->modules, vm_intern(vm, "_taichi_core", 12));
    Value t = v_is_obj(mod) && v_as_obj(mod)->dict
                  ? vm_dict_get_str(v_as_obj(mod)->dict, vm_intern(vm, "_assert_error", 13)) : V_UNBOUND;
    TypeObj *type = v_has_layout(t, LAYOUT_TYPE) ? AS_TYPE(t) : vm->e_AssertionError;
    return vm_raise(vm, type, "\n%s", s->rt.assert_msg);
}

static Value kernel_call(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TaichiState *s = vm->taichi;
    int64_t h = v_as_int(args[0]);
    if (!s || h < 0 || h >= s->nkernels) return vm_raise(vm, vm->e_RuntimeError, "no such kernel");
    TiKernel *k = s->kernels[h];
    args++;
    nargs--;
    Value bound[256];
    if (kw && kw->len) {
        /* keyword arguments go to the parameters they name */
        const AstSeq *params = &k->fn->code->def->v.FunctionDef.args->v.arguments.args;
        if (k->nparams > 256) return vm_raise(vm, vm->e_TypeError, "too many kernel parameters");
        if (nargs > k->nparams) return vm_raise(vm, s->env.e_syntax, "Too many arguments.");
        for (int p = 0; p < k->nparams; p++) bound[p] = p < nargs ? args[p] : V_UNBOUND;
        for (uint32_t i = 0; i < kw->len; i++) {
            const char *kname = AS_STR(kw->items[i])->data;
            int p = 0;
            while (p < params->n && strcmp(params->items[p]->v.arg.arg, kname)) p++;
            if (p == params->n) return vm_raise(vm, s->env.e_syntax, "Unexpected argument '%s'.", kname);
            if (bound[p] != V_UNBOUND)
                return vm_raise(vm, s->env.e_syntax, "Multiple values for argument '%s'.", kname);
            bound[p] = args[nargs + (int)i];
        }
        for (int p = 0; p < k->nparams; p++)
            if (bound[p] == V_UNBOUND)
                return vm_raise(vm, s->env.e_syntax, "Parameter `%s : %s` missing.", params->items[p]->v.arg.arg,
                                k->is_template[p] ? "template" : ir_type_name(k->ptypes[p]));
        args = bound;
        nargs = k->nparams;
    }
    if (nargs > k->nparams) return vm_raise(vm, s->env.e_syntax, "Too many arguments.");
    if (nargs < k->nparams) {
        const AstSeq *params = &k->fn->code->def->v.FunctionDef.args->v.arguments.args;
        return vm_raise(vm, s->env.e_syntax, "Parameter `%s : %s` missing.", params->items[nargs]->v.arg.arg,
                        k->is_template[nargs] ? "template" : ir_type_name(k->ptypes[nargs]));
    }
    if (!s->prog) {
        s->prog = ir_snode_program_new();
        if (!s->prog) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    }
    /* find the instance for these template arguments */
    TiInstance *in = NULL;
    for (int i = 0; i < k->ninst && !in; i++) {
        TiInstance *c = &k->inst[i];
        if (c->generation != s->generation) continue;
        bool same = true;
        int err = 0;
        for (int p = 0; p < k->nparams && same; p++)
            if (k->is_template[p]) same = same_template(vm, c->targs[p], args[p], &err);
        if (err) return V_EXC;
        if (same) in = c;
    }
    if (!in) {
        if (k->ninst && k->inst[0].generation != s->generation) drop_instances(k);
        Value targs[256];
        if (k->nparams > 256) return vm_raise(vm, vm->e_TypeError, "too many kernel parameters");
        for (int p = 0; p < k->nparams; p++) targs[p] = k->is_template[p] ? args[p] : V_UNBOUND;
        in = compile(vm, s, k, targs);
        if (!in) return V_EXC;
    }
    JitContext ctx;
    int slot = 0;
    for (int p = 0; p < k->nparams; p++) {
        if (k->is_template[p]) continue;
        if (!set_arg(vm, s, &ctx, slot++, k->ptypes[p], args[p], p)) return V_EXC;
    }
    if (!update_roots(vm, s)) return V_EXC;
    if (!s->pool && s->max_threads != 1) s->pool = jit_pool_create(s->max_threads > 0 ? s->max_threads : 0);
    s->rt.write = rt_write;
    s->rt.write_user = s;
    atomic_store(&s->rt.assert_failed, 0);
    ctx.roots = s->roots;
    ctx.tmps = in->tmps;
    ctx.rt = &s->rt;
    jit_kernel_launch(in->jk, s->pool, &ctx);
    if (!flush_output(vm, s)) return V_EXC;
    if (atomic_load(&s->rt.assert_failed)) return assertion(vm, s);
    if (k->ret == IR_VOID) return V_NONE;
    if (ir_type_is_float(k->ret)) return v_double(jit_ctx_ret_float(&ctx, 0, k->ret));
    int64_t r = jit_ctx_ret_int(&ctx, 0);
    if (!ir_type_is_signed(k->ret) && k->ret == IR_U64 && r < 0) {
        mpz_t z;
        mpz_init_set_ui(z, (unsigned long)r);
        Value v = vm_int_from_mpz(vm, z);
        mpz_clear(z);
        return v;
    }
    return vm_int_from_i64(vm, r);
}

/* ---- Expr operators and built-ins called from Python at compile time */

static Value tk_binop(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int64_t op;
    if (!mod_check_range(vm, "binop", nargs, kw, 3, 3) || !vm_index(vm, args[0], &op)) return V_EXC;
    TaichiState *s = taichi_state(vm);
    return s ? ir_transform_binary(&s->env, (int)op, args[1], args[2]) : V_EXC;
}

static Value tk_cmpop(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int64_t op;
    if (!mod_check_range(vm, "cmpop", nargs, kw, 3, 3) || !vm_index(vm, args[0], &op)) return V_EXC;
    TaichiState *s = taichi_state(vm);
    return s ? ir_transform_compare(&s->env, (int)op, args[1], args[2]) : V_EXC;
}

static Value tk_unop(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int64_t op;
    if (!mod_check_range(vm, "unop", nargs, kw, 2, 2) || !vm_index(vm, args[0], &op)) return V_EXC;
    TaichiState *s = taichi_state(vm);
    return s ? ir_transform_unary(&s->env, (int)op, args[1]) : V_EXC;
}

static Value tk_builtin(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs < 1 || !v_has_layout(args[0], LAYOUT_STR) || (kw && kw->len))
        return vm_raise(vm, vm->e_TypeError, "builtin(name, *args)");
    TaichiState *s = taichi_state(vm);
    return s ? ir_transform_builtin(&s->env, AS_STR(args[0])->data, args + 1, nargs - 1) : V_EXC;
}

/* compile_times() -> [(kernel name, milliseconds), ...] of the live instances */
static Value tk_compile_times(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "compile_times", nargs, kw)) return V_EXC;
    TaichiState *s = taichi_state(vm);
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
    TaichiState *s = taichi_state(vm);
    return s ? v_bool(s->compiling) : V_EXC;
}

static const ModFunction kernel_functions[] = {
    {"compiling", tk_compiling},
    {"register", tk_register}, {"configure", tk_configure}, {"kernel", tk_kernel},
    {"binop", tk_binop},       {"cmpop", tk_cmpop},         {"unop", tk_unop},
    {"builtin", tk_builtin},   {"compile_times", tk_compile_times},
};

bool taichi_kernel_init(VM *vm, Value module)
{
    return mod_add_functions(vm, module, kernel_functions, sizeof kernel_functions / sizeof kernel_functions[0]);
}

/* Kernels of a program: registration (@ti.kernel), one compiled instance per
 * template signature (life-of-a-kernel.txt), the compile pipeline (transformer,
 * IR passes, the backend's compile), argument conversion into the backend's
 * slots, the launch, kernel print output and assertion failures. */
#include "program.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../ir/passes/passes.h"
#include "../parser/ast.h"

/* ---- output of print in kernels: buffered by the backend's print hook, written after the launch */

bool prog_write_stdout(VM *vm, const char *text, size_t len)
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

static bool flush_output(VM *vm, Program *s)
{
    if (!s->out_len) return true;
    size_t len = s->out_len;
    s->out_len = 0;
    return prog_write_stdout(vm, s->out, len);
}

/* ---- registration */

/* An ndarray parameter's annotation, ti.types.ndarray(dtype=..., ndim=...):
 * both are required for now (one compiled instance per kernel). */
static bool ndarray_param(VM *vm, Program *s, ProgKernel *k, int i, const char *pname, Value anno)
{
    Value dt = vm_getattr(vm, anno, vm_intern(vm, "dtype", 5));
    Value nd = dt == V_EXC ? V_EXC : vm_getattr(vm, anno, vm_intern(vm, "ndim", 4));
    if (nd == V_EXC) return false;
    IrType t = tr_dtype(&s->env, dt);
    int64_t n = 0;
    /* u1 computes as i32 (tr_dtype), but a host's u1 elements would be bytes */
    Value name = vm_type_of(vm, dt) == s->env.t_dtype ? vm_getattr_opt(vm, dt, vm_intern(vm, "_name", 5)) : V_UNBOUND;
    if (name == V_EXC) return false;
    bool is_u1 = v_has_layout(name, LAYOUT_STR) && !strcmp(AS_STR(name)->data, "u1");
    if (t == IR_VOID || is_u1 || t == IR_F16 || vm_type_of(vm, dt) != s->env.t_dtype) {
        vm_raise(vm, s->env.e_syntax,
                 "ndarray parameter `%s` (argument %d) of Taichi kernel needs its element dtype given as a "
                 "primitive type other than u1 and f16, e.g. ti.types.ndarray(dtype=ti.f32, ndim=2)",
                 pname, i);
        return false;
    }
    if (!v_is_int(nd) || (n = v_as_int(nd)) < 1 || n > IR_EXTERNAL_MAX_DIMS) {
        vm_raise(vm, s->env.e_syntax,
                 "ndarray parameter `%s` (argument %d) of Taichi kernel needs its ndim given as an int from 1 "
                 "to %d, e.g. ti.types.ndarray(dtype=ti.f32, ndim=2)",
                 pname, i, IR_EXTERNAL_MAX_DIMS);
        return false;
    }
    k->ptypes[i] = t;
    k->ndims[i] = (int)n;
    return true;
}

/* The parameter and return types of k from its function's annotations:
 * ti.template(), a primitive type or ti.types.ndarray(...) each; false with
 * TaichiSyntaxError. */
static bool kernel_signature(VM *vm, Program *s, ProgKernel *k, const AstNode *params)
{
    FuncObj *fn = k->fn;
    int nslots = 0;
    for (int i = 0; i < k->nparams; i++) {
        const char *pname = params->v.arguments.args.items[i]->v.arg.arg;
        Value anno = fn->annotations ? vm_dict_get_str(fn->annotations, vm_intern(vm, pname, strlen(pname)))
                                     : V_UNBOUND;
        if (anno != V_UNBOUND && vm_type_of(vm, anno) == s->env.t_template) {
            k->is_template[i] = true;
            continue;
        }
        if (anno != V_UNBOUND && vm_type_of(vm, anno) == s->env.t_ndarray_type) {
            if (!ndarray_param(vm, s, k, i, pname, anno)) return false;
            nslots += 1 + k->ndims[i];  /* the address, then one extent per dimension */
            continue;
        }
        nslots++;
        k->ptypes[i] = anno == V_UNBOUND ? IR_VOID : tr_dtype(&s->env, anno);
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
    if (nslots > BK_MAX_ARGS) {
        vm_raise(vm, s->env.e_syntax, "Taichi kernel %s takes %d argument slots, more than %d (an ndarray "
                 "parameter takes 1 + ndim)", k->name, nslots, BK_MAX_ARGS);
        return false;
    }
    Value ra = fn->annotations ? vm_dict_get_str(fn->annotations, vm_intern(vm, "return", 6)) : V_UNBOUND;
    k->ret = ra == V_UNBOUND || ra == V_NONE ? IR_VOID : tr_dtype(&s->env, ra);
    if (ra != V_UNBOUND && ra != V_NONE && k->ret == IR_VOID) {
        vm_raise(vm, s->env.e_syntax, "The return type is not supported now!");
        return false;
    }
    return true;
}

static void instance_free(Program *p, ProgInstance *in)
{
    free(in->targs);
    prog_code_release(in->code);
}

void prog_kernel_drop_instances(Program *p, ProgKernel *k)
{
    for (int i = 0; i < k->ninst; i++) instance_free(p, &k->inst[i]);
    k->ninst = 0;
}

void prog_kernel_free(Program *p, ProgKernel *k)
{
    if (!k) return;
    prog_kernel_drop_instances(p, k);
    free(k->inst);
    free(k->is_template);
    free(k->ptypes);
    free(k->ndims);
    free(k);
}

int prog_kernel_new(Program *s, FuncObj *fn, Value refs)
{
    VM *vm = s->vm;
    const AstNode *a = fn->code->def->v.FunctionDef.args;
    if (a->v.arguments.vararg || a->v.arguments.kwarg || a->v.arguments.kwonlyargs.n ||
        a->v.arguments.posonlyargs.n) {
        vm_raise(vm, s->env.e_syntax, "Taichi kernels only accept positional parameters");
        return -1;
    }
    ProgKernel *k = calloc(1, sizeof *k);
    int n = a->v.arguments.args.n;
    if (k) {
        k->is_template = calloc((size_t)n + 1, sizeof *k->is_template);
        k->ptypes = calloc((size_t)n + 1, sizeof *k->ptypes);
        k->ndims = calloc((size_t)n + 1, sizeof *k->ndims);
    }
    if (!k || !k->is_template || !k->ptypes || !k->ndims) {
        prog_kernel_free(s, k);
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return -1;
    }
    k->fn = fn;
    k->nparams = n;
    snprintf(k->name, sizeof k->name, "%s", fn->name->data);
    if (!kernel_signature(vm, s, k, a) || (k->refs = vm_new_list(vm, 2)) == V_EXC ||
        !vm_list_append(vm, (ListObj *)v_as_obj(k->refs), v_obj(fn)) ||
        !vm_list_append(vm, (ListObj *)v_as_obj(refs), k->refs)) {
        prog_kernel_free(s, k);
        return -1;
    }
    ProgKernel **p = grow_array(s->kernels, &s->kernels_cap, s->nkernels + 1, sizeof *p, 16);
    if (!p) {
        prog_kernel_free(s, k);
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return -1;
    }
    s->kernels = p;
    s->kernels[s->nkernels++] = k;
    return s->nkernels - 1;
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

/* Taichi raises a kernel's compile error again with its message on a new line,
 * so that the traceback's last line names the type alone. */
static void reraise_on_new_line(VM *vm, Program *s)
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

static ProgInstance *compile(VM *vm, Program *s, ProgKernel *k, const Value *targs)
{
    if (!prog_backend(s)) return NULL;
    if (s->compiling) {
        vm_raise(vm, s->env.e_compile, "a kernel cannot be called while another kernel compiles");
        return NULL;
    }
    ProgInstance *grown = grow_array(k->inst, &k->instcap, k->ninst + 1, sizeof *grown, 2);
    if (!grown) {
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return NULL;
    }
    k->inst = grown;
    double t0 = now_ms();
    s->env.prog = s->snodes;
    TrKernelSpec spec = {k->fn, k->name, k->nparams, targs, k->ptypes, k->ndims, k->ret};
    s->compiling = true;
    IrKernel *ir = tr_kernel(&s->env, &spec);
    s->compiling = false;
    if (!ir) {
        reraise_on_new_line(vm, s);
        return NULL;
    }
    char err[512];
    /* the offloaded tasks' default block_dim is the backend's */
    IrPassOptions opt = {.optimize = s->optimize, .default_block_dim = s->ops->caps(s->bk)->default_block_dim};
    if (!ir_run_passes(ir, &opt, err, sizeof err)) {
        ir_kernel_free(ir);
        vm_raise(vm, s->env.e_compile, "internal compiler error in kernel %s: %s", k->name, err);
        return NULL;
    }
    if (s->print_ir) {
        StrBuf b = {0};
        ir_print(&b, ir);
        bool ok = !b.oom && prog_write_stdout(vm, b.data ? b.data : "", b.len);
        free(b.data);
        if (!ok) {
            ir_kernel_free(ir);
            return b.oom ? (vm_raise(vm, vm->e_MemoryError, "out of memory"), NULL) : NULL;
        }
    }
    ProgCode *code = prog_code_get(s, ir);
    ir_kernel_free(ir);
    if (!code) {
        if (vm->exc == V_NONE)
            vm_raise(vm, s->env.e_compile, "internal compiler error in kernel %s: %s", k->name, s->ops->message(s->bk));
        return NULL;
    }
    ProgInstance *in = &k->inst[k->ninst];
    *in = (ProgInstance){.generation = s->generation, .code = code, .bk = prog_code_kernel(code)};
    in->targs = calloc((size_t)k->nparams + 1, sizeof *in->targs);
    if (!in->targs) {
        instance_free(s, in);
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return NULL;
    }
    for (int i = 0; i < k->nparams; i++) {
        in->targs[i] = targs[i];
        if (targs[i] != V_UNBOUND && !vm_list_append(vm, (ListObj *)v_as_obj(k->refs), targs[i])) {
            instance_free(s, in);
            return NULL;
        }
    }
    in->compile_ms = now_ms() - t0;
    k->ninst++;
    return in;
}

/* ---- launch */

/* The exception class taichi's __init__ stores as _taichi_core.<name>, else fallback. */
static TypeObj *core_error(VM *vm, const char *name, TypeObj *fallback)
{
    Value mod = vm_dict_get_str(vm->modules, vm_intern(vm, "_taichi_core", 12));
    Value t = v_is_obj(mod) && v_as_obj(mod)->dict
                  ? vm_dict_get_str(v_as_obj(mod)->dict, vm_intern(vm, name, strlen(name))) : V_UNBOUND;
    return v_has_layout(t, LAYOUT_TYPE) ? AS_TYPE(t) : fallback;
}

/* An int argument goes through pybind's int64 (signed types) or uint64
 * (unsigned) conversion in Taichi, which refuses a value out of that range
 * with its own TypeError; within it the value wraps to the type's width. */
static bool int_arg(VM *vm, uint64_t *slot, IrType ty, Value v, int pos)
{
    mpz_t z, lo, hi;
    mpz_init(z);
    vm_int_to_mpz(v, z);
    bool sgn = ir_type_is_signed(ty);
    mpz_init_set_si(lo, sgn ? -1 : 0);
    mpz_mul_2exp(lo, lo, 63);
    mpz_init_set_ui(hi, 1);
    mpz_mul_2exp(hi, hi, sgn ? 63 : 64);
    bool fits = mpz_cmp(z, lo) >= 0 && mpz_cmp(z, hi) < 0;
    if (fits) {
        /* the low 64 bits, two's complement */
        mpz_fdiv_r_2exp(lo, z, 64);
        bk_slot_set_int(slot, (int64_t)mpz_get_ui(lo));
    } else {
        char *digits = mpz_get_str(NULL, 10, z);
        const char *fn = sgn ? "set_arg_int" : "set_arg_uint";
        vm_raise(vm, vm->e_TypeError,
                 "%s(): incompatible function arguments. The following argument types are supported:\n"
                 "    1. (self: taichi._lib.core.taichi_python.KernelLaunchContext, arg0: list[int], arg1: int) "
                 "-> None\n\nInvoked with: <taichi._lib.core.taichi_python.KernelLaunchContext object at %p>, "
                 "(%d,), %s",
                 fn, (void *)slot, pos, digits ? digits : "?");
        free(digits);
    }
    mpz_clears(z, lo, hi, NULL);
    return fits;
}

static bool set_arg(VM *vm, uint64_t *slot, IrType ty, Value v, int pos)
{
    if (ir_type_is_float(ty)) {
        double d;
        if (!v_is_double(v) && !vm_is_int(vm, v) && vm_type_of(vm, v) != vm->t_float) goto bad;
        if (!vm_to_double(vm, v, &d)) return false;
        bk_slot_set_float(slot, ty, d);
        return true;
    }
    if (v_is_bool(v)) {
        bk_slot_set_int(slot, v == V_TRUE);
        return true;
    }
    if (v_is_int(v) && (ir_type_is_signed(ty) || v_as_int(v) >= 0)) {
        bk_slot_set_int(slot, v_as_int(v));
        return true;
    }
    if (vm_is_int(vm, v)) return int_arg(vm, slot, ty, v, pos);
bad:
    vm_raise(vm, core_error(vm, "_runtime_type_error", vm->e_TypeError),
             "\nArgument (%d,) (type=<class '%s'>) cannot be converted into required type %s", pos,
             vm_type_of(vm, v)->name->data, ir_type_name(ty));
    return false;
}

/* An ndarray argument: a taichi._ExternalArray of the annotation's dtype and
 * ndim, into its slots: the address, then the extents. */
static bool set_ndarray_arg(VM *vm, Program *s, uint64_t *slots, IrType ty, int ndim, Value v, int pos)
{
    if (vm_type_of(vm, v) != s->env.t_external) {
        vm_raise(vm, core_error(vm, "_runtime_type_error", vm->e_TypeError),
                 "\nArgument (%d,) (type=<class '%s'>) cannot be converted into required type "
                 "ndarray(dtype=%s, ndim=%d): pass an external array (_taichi_core.external_array)",
                 pos, vm_type_of(vm, v)->name->data, ir_type_name(ty), ndim);
        return false;
    }
    Value addr = vm_getattr(vm, v, vm_intern(vm, "address", 7));
    Value dt = addr == V_EXC ? V_EXC : vm_getattr(vm, v, vm_intern(vm, "dtype", 5));
    Value shape = dt == V_EXC ? V_EXC : vm_getattr(vm, v, vm_intern(vm, "shape", 5));
    if (shape == V_EXC) return false;
    IrType given = tr_dtype(&s->env, dt);
    if (given != ty) {
        vm_raise(vm, vm->e_TypeError, "Argument %d: expected an ndarray of dtype %s, got one of dtype %s", pos,
                 ir_type_name(ty), given == IR_VOID ? "?" : ir_type_name(given));
        return false;
    }
    uint32_t n = 0;
    Value *ext = v_has_layout(shape, LAYOUT_TUPLE) ? vm_seq_items(shape, &n) : NULL;
    if (!ext || (int)n != ndim) {
        vm_raise(vm, vm->e_ValueError, "Argument %d: expected an ndarray of ndim %d, got one of ndim %d", pos, ndim,
                 (int)n);
        return false;
    }
    int64_t a;
    if (!vm_index(vm, addr, &a)) return false;
    bk_slot_set_int(&slots[0], a);
    for (int d = 0; d < ndim; d++) {
        if (!v_is_int(ext[d]) || v_as_int(ext[d]) < 0 || v_as_int(ext[d]) > INT32_MAX) {
            vm_raise(vm, vm->e_ValueError, "Argument %d: extent %d of the ndarray is not an int in [0, 2**31)", pos,
                     d);
            return false;
        }
        bk_slot_set_int(&slots[1 + d], v_as_int(ext[d]));
    }
    return true;
}

static Value assertion(VM *vm, const char *msg)
{
    return vm_raise(vm, core_error(vm, "_assert_error", vm->e_AssertionError), "\n%s", msg);
}

/* Materializes the fields built so far (taichi._materialize_all), as Taichi
 * does at every launch: a field never placed is its RuntimeError then,
 * whether the kernel uses it or not. Launches call it only while one is
 * unplaced (s->unplaced): a Python call would triple a launch's cost. */
static bool materialize_fields(VM *vm)
{
    Value mod = vm_dict_get_str(vm->modules, vm_intern(vm, "taichi", 6));
    Value f = v_is_obj(mod) && v_as_obj(mod)->dict
                  ? vm_dict_get_str(v_as_obj(mod)->dict, vm_intern(vm, "_materialize_all", 16)) : V_UNBOUND;
    return !v_is_obj(f) || vm_call(vm, f, NULL, 0, NULL) != V_EXC;
}

Value prog_kernel_call(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Program *s = vm->taichi;
    int64_t h = v_as_int(args[0]);
    if (!s || h < 0 || h >= s->nkernels) return vm_raise(vm, vm->e_RuntimeError, "no such kernel");
    ProgKernel *k = s->kernels[h];
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
    if (!prog_snodes(s)) return V_EXC;
    if (s->unplaced && !materialize_fields(vm)) return V_EXC;
    /* find the instance for these template arguments */
    ProgInstance *in = NULL;
    for (int i = 0; i < k->ninst && !in; i++) {
        ProgInstance *c = &k->inst[i];
        if (c->generation != s->generation) continue;
        bool same = true;
        int err = 0;
        for (int p = 0; p < k->nparams && same; p++)
            if (k->is_template[p]) same = same_template(vm, c->targs[p], args[p], &err);
        if (err) return V_EXC;
        if (same) in = c;
    }
    if (!in) {
        if (k->ninst && k->inst[0].generation != s->generation) prog_kernel_drop_instances(s, k);
        Value targs[256];
        if (k->nparams > 256) return vm_raise(vm, vm->e_TypeError, "too many kernel parameters");
        for (int p = 0; p < k->nparams; p++) targs[p] = k->is_template[p] ? args[p] : V_UNBOUND;
        in = compile(vm, s, k, targs);
        if (!in) return V_EXC;
    }
    BkSlots slots;
    int slot = 0;
    for (int p = 0; p < k->nparams; p++) {
        if (k->is_template[p]) continue;
        if (k->ndims[p]) {
            if (!set_ndarray_arg(vm, s, &slots.args[slot], k->ptypes[p], k->ndims[p], args[p], p)) return V_EXC;
            slot += 1 + k->ndims[p];
            continue;
        }
        if (!set_arg(vm, &slots.args[slot++], k->ptypes[p], args[p], p)) return V_EXC;
    }
    double t0 = s->profiler ? now_ms() : 0;
    BkStatus st = s->ops->launch(s->bk, in->bk, s->trees, s->ntrees, &slots);
    if (s->profiler) {
        /* launches are synchronous: the call's time is the kernel's */
        double ms = now_ms() - t0;
        k->prof_min = k->prof_count && k->prof_min < ms ? k->prof_min : ms;
        k->prof_max = k->prof_count && k->prof_max > ms ? k->prof_max : ms;
        k->prof_total += ms;
        k->prof_count++;
    }
    if (!flush_output(vm, s)) return V_EXC;
    if (st == BK_ASSERTION) return assertion(vm, s->ops->message(s->bk));
    if (st != BK_OK) return vm_raise(vm, vm->e_RuntimeError, "%s", s->ops->message(s->bk));
    if (k->ret == IR_VOID) return V_NONE;
    if (ir_type_is_float(k->ret)) return v_double(bk_slot_float(&slots.rets[0], k->ret));
    int64_t r = bk_slot_int(&slots.rets[0]);
    if (!ir_type_is_signed(k->ret) && k->ret == IR_U64 && r < 0) {
        mpz_t z;
        mpz_init_set_ui(z, (unsigned long)r);
        Value v = vm_int_from_mpz(vm, z);
        mpz_clear(z);
        return v;
    }
    return vm_int_from_i64(vm, r);
}


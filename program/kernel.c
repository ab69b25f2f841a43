/* Kernels of a program: registration (@ti.kernel), one compiled instance per
 * template signature (life-of-a-kernel.txt), the compile pipeline (transformer,
 * IR passes, the backend's compile), argument conversion into the backend's
 * slots, the launch, kernel print output and assertion failures. */
#include "program.h"

#include <stdio_ext.h>
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
        vm_flush_out(vm);
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

/* The slot types of compound c into out[at..cap); their count, -1 with an
 * exception (too many: TaichiSyntaxError naming what). */
static int compound_types(VM *vm, Program *s, Value c, IrType *out, int at, int cap, const char *what)
{
    Value m = vm_getattr(vm, c, vm_intern(vm, "_ti_slot_dtypes", 15));
    Value list = m == V_EXC ? V_EXC : vm_call(vm, m, NULL, 0, NULL);
    if (list == V_EXC) return -1;
    uint32_t n = 0;
    Value *items = v_has_layout(list, LAYOUT_LIST) ? vm_seq_items(list, &n) : NULL;
    if (!items) {
        vm_raise(vm, vm->e_TypeError, "_ti_slot_dtypes() must return a list");
        return -1;
    }
    if (at + (int)n > cap) {
        vm_raise(vm, s->env.e_syntax, "%s takes more than %d scalar slots", what, cap);
        return -1;
    }
    for (uint32_t j = 0; j < n; j++)
        if ((out[at + (int)j] = tr_dtype(&s->env, items[j])) == IR_VOID) {
            vm_raise(vm, s->env.e_syntax, "%s: a compound type's entries must be primitive types", what);
            return -1;
        }
    return (int)n;
}

/* The parameter and return types of k from its function's annotations:
 * ti.template(), a primitive type, ti.types.ndarray(...) or a compound type
 * (a vector, a matrix) each; false with TaichiSyntaxError. An ndarray takes
 * no slot here: its slots depend on the argument (instance_slots). */
static bool kernel_signature(VM *vm, Program *s, ProgKernel *k, const AstNode *params)
{
    FuncObj *fn = k->fn;
    int nslots = 0;
    char what[160];
    snprintf(what, sizeof what, "Taichi kernel %s (its arguments)", k->name);
    for (int i = 0; i < k->nparams; i++) {
        const char *pname = params->v.arguments.args.items[i]->v.arg.arg;
        Value anno = fn->annotations ? vm_dict_get_str(fn->annotations, vm_intern(vm, pname, strlen(pname)))
                                     : V_UNBOUND;
        k->compound[i] = V_UNBOUND;
        k->slot[i] = -1;
        if (anno != V_UNBOUND && vm_type_of(vm, anno) == s->env.t_template) {
            k->is_template[i] = true;
            continue;
        }
        k->slot[i] = nslots;
        if (anno != V_UNBOUND && vm_type_of(vm, anno) == s->env.t_ndarray_type) {
            /* the address, then an extent per dimension: laid out when an
             * argument decides them (instance_slots) */
            k->is_ndarray[i] = k->any_ndarray = true;
            Value ed = vm_getattr(vm, anno, vm_intern(vm, "_ti_elem_dims", 13));
            if (ed == V_EXC) return false;
            k->elem_dims[i] = (int8_t)(v_is_int(ed) && v_as_int(ed) > 0 && v_as_int(ed) <= 2 ? v_as_int(ed) : 0);
            continue;
        }
        k->ptypes[i] = anno == V_UNBOUND ? IR_VOID : tr_dtype(&s->env, anno);
        if (k->ptypes[i] == IR_VOID && anno != V_UNBOUND) {
            Value c = tr_compound_of(vm, anno);
            if (c == V_EXC) return false;
            if (c != V_NONE) {
                if (!vm_list_append(vm, (ListObj *)v_as_obj(k->refs), c)) return false;
                int n = compound_types(vm, s, c, k->slot_types, nslots < BK_MAX_ARGS ? nslots : BK_MAX_ARGS,
                                       BK_MAX_ARGS, what);
                if (n < 0) return false;
                k->compound[i] = c;
                nslots += n;
                continue;
            }
        }
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
        if (nslots < BK_MAX_ARGS) k->slot_types[nslots] = k->ptypes[i];
        nslots++;
    }
    if (nslots > BK_MAX_ARGS) {
        vm_raise(vm, s->env.e_syntax, "Taichi kernel %s takes %d argument slots, more than %d", k->name, nslots,
                 BK_MAX_ARGS);
        return false;
    }
    k->nslots = nslots;
    k->ret_compound = V_UNBOUND;
    Value ra = fn->annotations ? vm_dict_get_str(fn->annotations, vm_intern(vm, "return", 6)) : V_UNBOUND;
    if (ra == V_UNBOUND || ra == V_NONE) return true;
    k->ret_types[0] = tr_dtype(&s->env, ra);
    k->nrets = 1;
    if (k->ret_types[0] != IR_VOID) return true;
    Value c = tr_compound_of(vm, ra);
    if (c == V_EXC) return false;
    if (c == V_NONE) {
        vm_raise(vm, s->env.e_syntax, "The return type is not supported now!");
        return false;
    }
    snprintf(what, sizeof what, "The return type of Taichi kernel %s", k->name);
    if (!vm_list_append(vm, (ListObj *)v_as_obj(k->refs), c)) return false;
    k->nrets = compound_types(vm, s, c, k->ret_types, 0, BK_MAX_RETS, what);
    k->ret_compound = c;
    return k->nrets >= 0;
}

static void instance_free(Program *p, ProgInstance *in)
{
    free(in->targs);
    free(in->nd);
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
    free(k->is_ndarray);
    free(k->elem_dims);
    free(k->compound);
    free(k->slot);
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
        k->is_ndarray = calloc((size_t)n + 1, sizeof *k->is_ndarray);
        k->elem_dims = calloc((size_t)n + 1, sizeof *k->elem_dims);
        k->compound = calloc((size_t)n + 1, sizeof *k->compound);
        k->slot = calloc((size_t)n + 1, sizeof *k->slot);
    }
    if (!k || !k->is_template || !k->ptypes || !k->is_ndarray || !k->elem_dims || !k->compound || !k->slot) {
        prog_kernel_free(s, k);
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return -1;
    }
    k->fn = fn;
    k->nparams = n;
    snprintf(k->name, sizeof k->name, "%s", fn->name->data);
    /* refs first: the signature's compound types go there, and may collect */
    if ((k->refs = vm_new_list(vm, 2)) == V_EXC || !vm_list_append(vm, (ListObj *)v_as_obj(k->refs), v_obj(fn)) ||
        !vm_list_append(vm, (ListObj *)v_as_obj(refs), k->refs) || !kernel_signature(vm, s, k, a)) {
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

/* A compound parameter's slot count (the static layout). */
static int slot_count(const ProgKernel *k, int p)
{
    for (int q = p + 1; q < k->nparams; q++)
        if (k->slot[q] >= 0) return k->slot[q] - k->slot[p];
    return k->nslots - k->slot[p];
}

/* The argument slots of an instance whose ndarray arguments are nd (NULL:
 * none): each typed parameter's first slot into slot[], their types into
 * types[BK_MAX_ARGS]; the count, or -1 with TaichiSyntaxError past BK_MAX_ARGS. */
static int instance_slots(VM *vm, Program *s, const ProgKernel *k, const TrNdarrayArg *nd, int *slot,
                          IrType *types)
{
    int n = 0;
    for (int p = 0; p < k->nparams; p++) {
        slot[p] = -1;
        if (k->is_template[p]) continue;
        slot[p] = n;
        int width = k->is_ndarray[p] ? 1 + nd[p].ndim : slot_count(k, p);
        if (n + width > BK_MAX_ARGS) {
            vm_raise(vm, s->env.e_syntax, "Taichi kernel %s takes more than %d argument slots (an ndarray "
                     "parameter takes 1 + ndim)", k->name, BK_MAX_ARGS);
            return -1;
        }
        for (int j = 0; j < width; j++)
            types[n + j] = !k->is_ndarray[p] ? k->slot_types[k->slot[p] + j] : j ? IR_I32 : IR_U64;
        n += width;
    }
    return n;
}

static ProgInstance *compile(VM *vm, Program *s, ProgKernel *k, const Value *targs, const TrNdarrayArg *nd)
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
    int slot[256];
    IrType types[BK_MAX_ARGS];
    int nslots = k->any_ndarray ? instance_slots(vm, s, k, nd, slot, types) : k->nslots;
    if (nslots < 0) return NULL;
    TrKernelSpec spec = {k->fn,
                         k->name,
                         k->nparams,
                         targs,
                         k->any_ndarray ? nd : NULL,
                         k->compound,
                         k->any_ndarray ? slot : k->slot,
                         k->any_ndarray ? types : k->slot_types,
                         nslots,
                         k->ret_types,
                         k->nrets,
                         k->ret_compound};
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
    if (k->any_ndarray && in->targs && (in->nd = malloc((size_t)k->nparams * sizeof *in->nd)))
        memcpy(in->nd, nd, (size_t)k->nparams * sizeof *nd);
    if (!in->targs || (k->any_ndarray && !in->nd)) {
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
    Value (*host_number)(VM *, Value) = ((Program *)vm->taichi)->env.host_number;
    if (host_number && v_is_obj(v)) {
        /* a numpy scalar: as its Python number (np.floating for float types only) */
        Value n = host_number(vm, v);
        if (n == V_EXC) return false;
        if (n != V_UNBOUND && n != V_NONE) return set_arg(vm, slot, ty, n, pos);
    }
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

/* An ndarray argument: a taichi._ExternalArray (a host buffer or a
 * ti.ndarray), or a host array (numpy's: s->host), whose last elem_dims
 * dimensions are the element's (the annotation's vector or matrix): what it is
 * (*nd), its address, its extents ext[0 .. nd->ndim) and, for a host array,
 * its order ('C'; 'F': passed as a row-major copy; else 0). An argument that
 * does not fit its annotation gets a kind no instance has, and then the
 * annotation's check (ndarray_fits) raises Taichi's error. */
static bool ndarray_arg(VM *vm, Program *s, Value v, int pos, int elem_dims, TrNdarrayArg *nd, int64_t *addr,
                        int64_t *ext, char *order)
{
    memset(nd, 0, sizeof *nd);
    nd->is_ndarray = true;
    *order = 0;
    ProgHostArray h;
    if (s->host && v_is_obj(v) && s->host->array(v, &h)) {
        if (!h.order)
            return vm_raise(vm, vm->e_ValueError, "Non contiguous numpy arrays are not supported, please call "
                            "np.ascontiguousarray(arr) before passing it into taichi kernel."), false;
        if (h.dtype == IR_VOID)
            return vm_raise(vm, vm->e_TypeError, "Argument %d: numpy arrays of %s cannot be passed to a kernel", pos,
                            h.dtype_name), false;
        if (h.ndim > IR_EXTERNAL_MAX_DIMS)
            return vm_raise(vm, vm->e_ValueError, "Argument %d: an ndarray has at most %d dimensions", pos,
                            IR_EXTERNAL_MAX_DIMS), false;
        int ed = elem_dims < h.ndim ? elem_dims : h.ndim;
        for (int d = 0; d < h.ndim; d++)
            if (h.shape[d] > INT32_MAX)
                return vm_raise(vm, vm->e_ValueError, "Argument %d: extent %d of the ndarray is not in [0, 2**31)",
                                pos, d), false;
        nd->dtype = h.dtype;
        nd->ndim = h.ndim - ed;
        nd->nelem = ed;
        for (int d = 0; d < ed; d++) nd->elem[d] = (int)h.shape[nd->ndim + d];
        for (int d = 0; d < nd->ndim; d++) ext[d] = h.shape[d];
        *addr = (int64_t)(uintptr_t)h.data;
        *order = h.order;
        return true;
    }
    if (!v_is_obj(v) || !vm_is_subtype(vm_type_of(vm, v), s->env.t_external)) {
        vm_raise(vm, core_error(vm, "_runtime_type_error", vm->e_TypeError),
                 "\nArgument (%d,) (type=<class '%s'>) cannot be converted into required type ndarray: pass a "
                 "ti.ndarray, a numpy array or an external array (_taichi_core.external_array)",
                 pos, vm_type_of(vm, v)->name->data);
        return false;
    }
    Value a = vm_getattr(vm, v, vm_intern(vm, "address", 7));
    Value dt = a == V_EXC ? V_EXC : vm_getattr(vm, v, vm_intern(vm, "dtype", 5));
    Value es = dt == V_EXC ? V_EXC : vm_getattr(vm, v, vm_intern(vm, "element_shape", 13));
    Value shape = es == V_EXC ? V_EXC : vm_getattr(vm, v, vm_intern(vm, "shape", 5));
    if (shape == V_EXC || !vm_index(vm, a, addr)) return false;
    nd->dtype = tr_dtype(&s->env, dt);
    uint32_t n = 0, ne = 0;
    Value *exts = v_has_layout(shape, LAYOUT_TUPLE) ? vm_seq_items(shape, &n) : NULL;
    Value *eext = v_has_layout(es, LAYOUT_TUPLE) ? vm_seq_items(es, &ne) : NULL;
    if (!exts || !eext || ne > 2 || n + ne > IR_EXTERNAL_MAX_DIMS || nd->dtype == IR_VOID) {
        vm_raise(vm, vm->e_ValueError, "Argument %d: not an ndarray of a primitive type, at most %d dimensions", pos,
                 IR_EXTERNAL_MAX_DIMS);
        return false;
    }
    nd->ndim = (int)n;
    nd->nelem = (int)ne;
    for (uint32_t d = 0; d < n + ne; d++) {
        Value x = d < n ? exts[d] : eext[d - n];
        if (!v_is_int(x) || v_as_int(x) < 0 || v_as_int(x) > INT32_MAX) {
            vm_raise(vm, vm->e_ValueError, "Argument %d: extent %d of the ndarray is not an int in [0, 2**31)", pos,
                     (int)d);
            return false;
        }
        if (d >= n) nd->elem[d - n] = (int)v_as_int(x);
        else ext[d] = v_as_int(x);
    }
    return true;
}

/* Launches instance in with slots, the column-major host arrays among the
 * arguments passed as row-major copies that are written back afterwards, as
 * Taichi does. */
static BkStatus launch(VM *vm, Program *s, const ProgKernel *k, const ProgInstance *in, BkSlots *slots,
                       const Value *args, const char *order, const int *addr_slot, bool *failed)
{
    int ncopies = 0;
    *failed = false;
    for (int p = 0; p < k->nparams && !*failed; p++) {
        if (!k->is_ndarray[p] || order[p] != 'F') continue;
        Value c = s->host->c_copy(vm, args[p]);
        ProgHostArray h;
        if (c == V_EXC || !s->host->array(c, &h)) {
            if (c != V_EXC) vm_raise(vm, vm->e_RuntimeError, "the row-major copy of argument %d is no array", p);
            *failed = true;
            break;
        }
        vm_push_root(vm, c);
        ncopies++;
        bk_slot_set_int(&slots->args[addr_slot[p]], (int64_t)(uintptr_t)h.data);
    }
    BkStatus st = BK_OK;
    if (!*failed) st = s->ops->launch(s->bk, in->bk, s->trees, s->ntrees, slots);
    /* the copies are the last roots, in parameter order */
    for (int p = 0, c = 0; p < k->nparams && c < ncopies; p++) {
        if (!k->is_ndarray[p] || order[p] != 'F') continue;
        if (!*failed && !s->host->write_back(vm, args[p], vm->roots[vm->nroots - ncopies + c])) *failed = true;
        c++;
    }
    vm_pop_roots(vm, ncopies);
    return st;
}

/* Whether argument v fits parameter p's annotation: its _ti_check raises
 * Taichi's error when not. Asked before an instance compiles for a new kind
 * of argument; arguments that match a compiled instance fit. */
static bool ndarray_fits(VM *vm, ProgKernel *k, int p, Value v)
{
    const char *pname = k->fn->code->def->v.FunctionDef.args->v.arguments.args.items[p]->v.arg.arg;
    Value anno = vm_dict_get_str(k->fn->annotations, vm_intern(vm, pname, strlen(pname)));
    Value margs[2] = {v, V_UNBOUND};
    margs[1] = vm_new_str(vm, pname, strlen(pname));
    return margs[1] != V_EXC && vm_call_method(vm, anno, vm_intern(vm, "_ti_check", 9), margs, 2) != V_EXC;
}

/* A compound argument (a vector, a matrix): its slots' values, from the
 * compound's _ti_to_slots, each converted as a scalar argument is. */
static bool set_compound_arg(VM *vm, const ProgKernel *k, int p, uint64_t *slots, Value v)
{
    Value list = vm_call_method(vm, k->compound[p], vm_intern(vm, "_ti_to_slots", 12), &v, 1);
    if (list == V_EXC) return false;
    uint32_t n = 0;
    Value *items = v_has_layout(list, LAYOUT_LIST) ? vm_seq_items(list, &n) : NULL;
    if (!items || (int)n != slot_count(k, p)) {
        vm_raise(vm, core_error(vm, "_runtime_type_error", vm->e_TypeError),
                 "\nArgument (%d,) (type=<class '%s'>) cannot be converted into the parameter's type", p,
                 vm_type_of(vm, v)->name->data);
        return false;
    }
    vm_push_root(vm, list);
    bool ok = true;
    for (uint32_t j = 0; ok && j < n; j++) ok = set_arg(vm, &slots[j], k->slot_types[k->slot[p] + (int)j], items[j], p);
    vm_pop_roots(vm, 1);
    return ok;
}

/* A returned slot as a Python number of its type. */
static Value ret_value(VM *vm, const uint64_t *slot, IrType ty)
{
    if (ir_type_is_float(ty)) return v_double(bk_slot_float(slot, ty));
    int64_t r = bk_slot_int(slot);
    if (ty == IR_U64 && r < 0) {
        mpz_t z;
        mpz_init_set_ui(z, (unsigned long)r);
        Value v = vm_int_from_mpz(vm, z);
        mpz_clear(z);
        return v;
    }
    return vm_int_from_i64(vm, r);
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

/* A parameter's kind as "Parameter `x : <kind>` missing." names it. */
static const char *param_kind(const ProgKernel *k, int p)
{
    return k->is_template[p] ? "template" : k->is_ndarray[p] ? "ndarray"
           : k->compound[p] != V_UNBOUND ? "compound" : ir_type_name(k->ptypes[p]);
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
                                param_kind(k, p));
        args = bound;
        nargs = k->nparams;
    }
    if (nargs > k->nparams) return vm_raise(vm, s->env.e_syntax, "Too many arguments.");
    if (nargs < k->nparams) {
        const AstSeq *params = &k->fn->code->def->v.FunctionDef.args->v.arguments.args;
        return vm_raise(vm, s->env.e_syntax, "Parameter `%s : %s` missing.", params->items[nargs]->v.arg.arg,
                        param_kind(k, nargs));
    }
    if (!prog_snodes(s)) return V_EXC;
    if (s->unplaced && !materialize_fields(vm)) return V_EXC;
    if (k->nparams > 256) return vm_raise(vm, vm->e_TypeError, "too many kernel parameters");
    /* ndarray arguments: what they are picks the instance too */
    TrNdarrayArg nd[256];
    int64_t addr[256], ext[256][IR_EXTERNAL_MAX_DIMS];
    char order[256];
    int addr_slot[256];
    bool copies = false;
    for (int p = 0; p < k->nparams; p++) {
        if (k->is_ndarray[p]) {
            if (!ndarray_arg(vm, s, args[p], p, k->elem_dims[p], &nd[p], &addr[p], ext[p], &order[p])) return V_EXC;
        } else {
            memset(&nd[p], 0, sizeof nd[p]);
            if (k->is_template[p] && v_is_obj(args[p]) && vm_is_subtype(vm_type_of(vm, args[p]), s->env.t_external))
                return vm_raise(vm, core_error(vm, "_runtime_type_error", vm->e_TypeError),
                                "Ndarray shouldn't be passed in via `ti.template()`, please annotate your kernel "
                                "using `ti.types.ndarray(...)` instead");
        }
    }
    /* find the instance for these template arguments */
    ProgInstance *in = NULL;
    for (int i = 0; i < k->ninst && !in; i++) {
        ProgInstance *c = &k->inst[i];
        if (c->generation != s->generation) continue;
        if (k->any_ndarray && memcmp(c->nd, nd, (size_t)k->nparams * sizeof *nd)) continue;
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
        for (int p = 0; p < k->nparams; p++) {
            targs[p] = k->is_template[p] ? args[p] : V_UNBOUND;
            if (k->is_ndarray[p] && !ndarray_fits(vm, k, p, args[p])) return V_EXC;
        }
        in = compile(vm, s, k, targs, nd);
        if (!in) return V_EXC;
        /* compiling ran Python, which may have changed the arguments: read them again */
        for (int p = 0; p < k->nparams; p++)
            if (k->is_ndarray[p] &&
                !ndarray_arg(vm, s, args[p], p, k->elem_dims[p], &nd[p], &addr[p], ext[p], &order[p]))
                return V_EXC;
        if (k->any_ndarray && memcmp(in->nd, nd, (size_t)k->nparams * sizeof *nd))
            return vm_raise(vm, vm->e_RuntimeError, "an ndarray argument of %s changed while it compiled", k->name);
    }
    /* the slots in order (an ndarray's width is its instance's) */
    BkSlots slots;
    int slot = 0;
    for (int p = 0; p < k->nparams; p++) {
        if (k->is_template[p]) continue;
        if (k->is_ndarray[p]) {
            /* the address, then the field's extents */
            copies |= order[p] == 'F';
            addr_slot[p] = slot;
            bk_slot_set_int(&slots.args[slot++], addr[p]);
            for (int d = 0; d < nd[p].ndim; d++) bk_slot_set_int(&slots.args[slot++], ext[p][d]);
        } else if (k->compound[p] != V_UNBOUND) {
            if (!set_compound_arg(vm, k, p, &slots.args[slot], args[p])) return V_EXC;
            slot += slot_count(k, p);
        } else if (!set_arg(vm, &slots.args[slot++], k->ptypes[p], args[p], p)) {
            return V_EXC;
        }
    }
    /* what the program printed reaches the fd first: a kernel that dies of a
     * fault (an out-of-bounds access without debug) must not take it along */
    if (__fpending(vm->out)) vm_flush_out(vm);
    double t0 = s->profiler ? now_ms() : 0;
    bool failed = false;
    BkStatus st = copies ? launch(vm, s, k, in, &slots, args, order, addr_slot, &failed)
                         : s->ops->launch(s->bk, in->bk, s->trees, s->ntrees, &slots);
    if (failed) return V_EXC;
    if (s->profiler) {
        /* launches are synchronous: the call's time is the kernel's */
        double ms = now_ms() - t0;
        k->prof_min = k->prof_count && k->prof_min < ms ? k->prof_min : ms;
        k->prof_max = k->prof_count && k->prof_max > ms ? k->prof_max : ms;
        k->prof_total += ms;
        k->prof_count++;
    }
    if (!flush_output(vm, s)) return V_EXC;
    /* Ctrl-C during the launch: KeyboardInterrupt as the kernel returns, as Taichi */
    if (!vm_check_signals(vm)) return V_EXC;
    if (st == BK_ASSERTION) return assertion(vm, s->ops->message(s->bk));
    if (st != BK_OK) return vm_raise(vm, vm->e_RuntimeError, "%s", s->ops->message(s->bk));
    if (!k->nrets) return V_NONE;
    if (k->ret_compound == V_UNBOUND) return ret_value(vm, &slots.rets[0], k->ret_types[0]);
    Value list = vm_new_list(vm, (uint32_t)k->nrets);
    if (list == V_EXC) return V_EXC;
    vm_push_root(vm, list);
    for (int i = 0; i < k->nrets; i++) {
        Value v = ret_value(vm, &slots.rets[i], k->ret_types[i]);
        if (v == V_EXC || !vm_list_append(vm, (ListObj *)v_as_obj(list), v)) {
            vm_pop_roots(vm, 1);
            return V_EXC;
        }
    }
    Value r = vm_call_method(vm, k->ret_compound, vm_intern(vm, "_ti_from_slots", 14), &list, 1);
    vm_pop_roots(vm, 1);
    return r;
}

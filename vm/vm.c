/* The VM's life cycle: start-up (every built-in type, exception and interned
 * name, the builtins namespace), running a program as __main__ with CPython's
 * exit status, and the registry of source texts that tracebacks quote. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../parser/parse.h"
#include "compile.h"
#include "vm.h"

/* Values of the shared value stack: locals and operands of every active frame. */
enum { VM_STACK_VALUES = 1 << 20 };

struct VmSource {
    const char *filename, *text;
    size_t len;
};

static const struct {
    size_t field;
    const char *name;
    ObjLayout layout;
} type_table[] = {
#define X(c, n, l) { offsetof(VM, t_##c), n, LAYOUT_##l },
    VM_TYPES(X)
#undef X
};

static const struct {
    size_t field;
    const char *name, *parent;
} exc_table[] = {
#define X(n, p) { offsetof(VM, e_##n), #n, #p },
    VM_EXCEPTIONS(X)
#undef X
};

static const struct {
    size_t field;
    const char *text;
} name_table[] = {
#define X(c, n) { offsetof(VM, s_##c), n },
    VM_NAMES(X)
#undef X
};

/* The built-in types a class statement may derive from. */
static const char *const base_types[] = {
    "object", "type", "int", "float", "complex", "str", "bytes", "bytearray", "tuple", "list", "dict", "set",
    "frozenset", "property", "staticmethod", "classmethod", "super", "module", "enumerate", "zip", "map",
    "filter", "reversed",
};

/* Built-in exception classes the VM itself never raises: only in builtins. */
static const struct {
    const char *name, *parent;
} more_exceptions[] = {
    { "StopAsyncIteration", "Exception" },     { "BlockingIOError", "OSError" },
    { "ChildProcessError", "OSError" },        { "ConnectionError", "OSError" },
    { "BrokenPipeError", "ConnectionError" },  { "ConnectionAbortedError", "ConnectionError" },
    { "ConnectionRefusedError", "ConnectionError" }, { "ConnectionResetError", "ConnectionError" },
    { "InterruptedError", "OSError" },         { "NotADirectoryError", "OSError" },
    { "ProcessLookupError", "OSError" },       { "TimeoutError", "OSError" },
    { "UnicodeTranslateError", "UnicodeError" }, { "PendingDeprecationWarning", "Warning" },
    { "SyntaxWarning", "Warning" },            { "FutureWarning", "Warning" },
    { "ImportWarning", "Warning" },            { "UnicodeWarning", "Warning" },
    { "BytesWarning", "Warning" },             { "ResourceWarning", "Warning" },
    { "EncodingWarning", "Warning" },
};

/* The types the builtins module names (the others are reached through type()). */
static const char *const builtin_names[] = {
    "object", "type", "int", "bool", "float", "complex", "str", "bytes", "bytearray", "tuple", "list", "dict",
    "set", "frozenset", "range", "slice", "property", "staticmethod", "classmethod", "super", "enumerate", "zip",
    "map", "filter", "reversed", "memoryview",
};

#define COUNT(a) (sizeof(a) / sizeof *(a))

static bool listed(const char *name, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(name, list[i])) return true;
    return false;
}

static TypeObj **field(VM *vm, size_t offset) { return (TypeObj **)((char *)vm + offset); }

/* Every built-in type exists (as memory) before any is filled in: dicts,
 * strings and tuples need their types to be allocated at all. type's type is
 * itself, allocated first so every object has a type from the start. */
static bool alloc_types(VM *vm)
{
    vm->t_type = vm_alloc(vm, NULL, sizeof(TypeObj));
    if (!vm->t_type) return false;
    vm->t_type->hdr.type = vm->t_type;
    vm->t_type->layout = LAYOUT_TYPE;
    for (size_t i = 0; i < COUNT(type_table); i++) {
        TypeObj **t = field(vm, type_table[i].field);
        if (!*t && !(*t = vm_alloc(vm, vm->t_type, sizeof(TypeObj)))) return false;
        (*t)->layout = (uint8_t)type_table[i].layout;
    }
    return true;
}

/* One-character strings (interned, so identifiers share them). */
static bool make_small_strs(VM *vm)
{
    for (int c = 0; c < 128; c++) {
        StrObj *s = vm_alloc(vm, vm->t_str, sizeof *s + 2);
        if (!s) return false;
        s->hash = -1;
        s->len = s->nchars = 1;
        s->interned = true;
        s->data[0] = (char)c;
        vm->small_strs[c] = v_obj(s);
        if (!vm_dict_set(vm, vm->interned, v_obj(s), v_obj(s))) return false;
    }
    return true;
}

static bool make_names(VM *vm)
{
    for (size_t i = 0; i < COUNT(name_table); i++) {
        StrObj *s = vm_intern(vm, name_table[i].text, strlen(name_table[i].text));
        if (!s) return false;
        *(StrObj **)((char *)vm + name_table[i].field) = s;
    }
    return true;
}

/* bool derives from int, object from nothing, every other built-in type from object. */
static bool ready_types(VM *vm)
{
    for (size_t i = 0; i < COUNT(type_table); i++) {
        TypeObj *t = *field(vm, type_table[i].field);
        TypeObj *base = t == vm->t_object ? NULL : t == vm->t_bool ? vm->t_int : vm->t_object;
        if (!vm_type_ready(vm, t, type_table[i].name, base)) return false;
        if (!listed(type_table[i].name, base_types, COUNT(base_types))) t->flags &= ~(uint32_t)TF_BASETYPE;
    }
    return true;
}

static bool make_exceptions(VM *vm)
{
    for (size_t i = 0; i < COUNT(exc_table); i++) {
        TypeObj *parent = vm->t_object;
        for (size_t k = 0; k < i; k++)
            if (!strcmp(exc_table[k].name, exc_table[i].parent)) parent = *field(vm, exc_table[k].field);
        TypeObj *e = vm_new_builtin_type(vm, exc_table[i].name, parent, LAYOUT_EXC);
        if (!e) return false;
        *field(vm, exc_table[i].field) = e;
    }
    /* raised when memory runs out, so made while it has not */
    ExcObj *me = vm_alloc(vm, vm->e_MemoryError, sizeof *me);
    if (!me) return false;
    me->args = AS_TUPLE(vm->empty_tuple);
    me->traceback = me->cause = me->context = V_NONE;
    vm->memory_error = v_obj(me);
    return true;
}

static bool set_builtin(VM *vm, const char *name, Value v)
{
    StrObj *k = vm_intern(vm, name, strlen(name));
    return k && vm_dict_set_str(vm, vm->builtins, k, v);
}

static bool make_builtins(VM *vm)
{
    Value b = vm_new_dict(vm), m = vm_new_dict(vm), argv = vm_new_list(vm, 0), path = vm_new_list(vm, 0);
    if (b == V_EXC || m == V_EXC || argv == V_EXC || path == V_EXC) return false;
    vm->builtins = AS_DICT(b);
    vm->modules = AS_DICT(m);
    vm->sys_argv = argv;
    vm->sys_path = path;
    for (size_t i = 0; i < COUNT(type_table); i++)
        if (listed(type_table[i].name, builtin_names, COUNT(builtin_names)) &&
            !set_builtin(vm, type_table[i].name, v_obj(*field(vm, type_table[i].field))))
            return false;
    for (size_t i = 0; i < COUNT(exc_table); i++)
        if (!set_builtin(vm, exc_table[i].name, v_obj(*field(vm, exc_table[i].field)))) return false;
    for (size_t i = 0; i < COUNT(more_exceptions); i++) {
        StrObj *parent = vm_intern(vm, more_exceptions[i].parent, strlen(more_exceptions[i].parent));
        Value p = parent ? vm_dict_get_str(vm->builtins, parent) : V_UNBOUND;
        TypeObj *e = p != V_UNBOUND ? vm_new_builtin_type(vm, more_exceptions[i].name, AS_TYPE(p), LAYOUT_EXC) : NULL;
        if (!e || !set_builtin(vm, more_exceptions[i].name, v_obj(e))) return false;
    }
    /* the old names of OSError */
    if (!set_builtin(vm, "EnvironmentError", v_obj(vm->e_OSError)) || !set_builtin(vm, "IOError", v_obj(vm->e_OSError)))
        return false;
    const struct {
        const char *name;
        Value v;
    } constants[] = {
        { "None", V_NONE },         { "True", V_TRUE },     { "False", V_FALSE },
        { "Ellipsis", V_ELLIPSIS }, { "NotImplemented", V_NOTIMPL },
        { "__debug__", vm->cfg.flags.optimize ? V_FALSE : V_TRUE },
    };
    for (size_t i = 0; i < COUNT(constants); i++)
        if (!set_builtin(vm, constants[i].name, constants[i].v)) return false;
    Value name = vm_cstr(vm, "builtins");
    return name != V_EXC && set_builtin(vm, "__name__", name);
}

static bool bootstrap(VM *vm)
{
    if (!alloc_types(vm)) return false;
    Value interned = vm_new_dict(vm);
    if (interned == V_EXC) return false;
    vm->interned = AS_DICT(interned);
    if (!make_small_strs(vm)) return false;
    Value empty = vm_new_tuple(vm, 0);
    if (empty == V_EXC) return false;
    vm->empty_tuple = empty;
    return make_names(vm) && ready_types(vm) && make_exceptions(vm) && make_builtins(vm);
}

/* The builtins module: the builtins namespace as a module object. */
static bool make_builtins_module(VM *vm)
{
    StrObj *key = vm_intern(vm, "builtins", 8);
    if (!key) return false;
    if (vm_dict_get_str(vm->modules, key) != V_UNBOUND) return true;
    Value m = vm_new_module(vm, "builtins");
    if (m == V_EXC) return false;
    v_as_obj(m)->dict = vm->builtins;
    return vm_dict_set_str(vm, vm->modules, key, m);
}

VM *vm_new(const VmConfig *cfg)
{
    VM *vm = calloc(1, sizeof *vm);
    if (!vm) return NULL;
    if (cfg) vm->cfg = *cfg;
    vm->out = vm->cfg.out ? vm->cfg.out : stdout;
    vm->err = vm->cfg.err ? vm->cfg.err : stderr;
    vm->int_max_str_digits = 4300;   /* CPython 3.11's default */
    vm->exc = vm->memory_error = vm->sys_argv = vm->sys_path = vm->empty_tuple = vm->stop_exc = V_NONE;
    vm->recursion_limit = 1000;
    vm->oom_frames = -1;
    arena_init(&vm->arena);
    vm->stack = malloc(VM_STACK_VALUES * sizeof *vm->stack);
    if (!vm->stack || !bootstrap(vm)) {
        vm_free(vm);
        return NULL;
    }
    vm->stack_top = vm->stack;
    vm->stack_end = vm->stack + VM_STACK_VALUES;
    /* each file installs its types' methods; objects and types first, as the
     * others' methods are attributes looked up through them */
    void (*const hooks[])(VM *) = {
        vm_init_type,  vm_init_exc,  vm_init_str,   vm_init_bytes, vm_init_int,   vm_init_float,    vm_init_tuple,  vm_init_list,
        vm_init_dict,  vm_init_set,  vm_init_range, vm_init_iter,  vm_init_builtins, vm_init_exec, vm_init_interp,
        vm_init_file,  vm_init_buffer,
    };
    for (size_t i = 0; i < COUNT(hooks); i++) hooks[i](vm);
    if (vm->exc != V_NONE || !make_builtins_module(vm) || !vm->frames) {
        if (v_is_obj(vm->exc)) vm_print_exception(vm, vm->exc, vm->err);
        vm_free(vm);
        return NULL;
    }
    /* some hooks write type namespaces directly: forget earlier lookups */
    vm_type_modified(vm, vm->t_object);
    /* the first safe point collects and sets the pace from what is live */
    vm->next_gc = 0;
    return vm;
}

void vm_free(VM *vm)
{
    if (!vm) return;
    if (vm->taichi_free) vm->taichi_free(vm->taichi);
    vm_gc_free_all(vm);
    free(vm->stack);
    free(vm->frames);
    for (int i = 0; i < vm->framecap; i++) free(vm->frame_pool[i]);
    free(vm->frame_pool);
    free(vm->handled);
    free(vm->roots);
    free(vm->gray);
    free(vm->heap_types);
    free(vm->finalize);
    free(vm->weakrefs);
    free(vm->sources);
    arena_free(&vm->arena);
    free(vm);
}

/* ---- steps and interrupts --------------------------------------------------------- */

bool vm_step_slow(VM *vm)
{
    if (!vm->halted && --vm->steps_left > 0) return true;
    vm->halted = true;
    vm_raise(vm, vm->e_RuntimeError, "step budget exhausted");
    return false;
}

bool vm_check_signals_slow(VM *vm)
{
    vm->interrupt = 0;
    Value exc = vm_new_exception(vm, vm->e_KeyboardInterrupt, NULL, 0);
    if (exc != V_EXC) vm_raise_value(vm, exc);
    return false;
}

/* ---- sources -------------------------------------------------------------------- */

bool vm_register_source(VM *vm, const char *filename, const char *text, size_t len)
{
    if (vm->nsources == vm->sourcecap) {
        size_t cap = vm->sourcecap ? vm->sourcecap * 2 : 16;
        struct VmSource *s = realloc(vm->sources, cap * sizeof *s);
        if (!s) return vm_raise(vm, vm->e_MemoryError, "out of memory"), false;
        vm->sources = s;
        vm->sourcecap = cap;
    }
    vm->sources[vm->nsources++] = (struct VmSource){ filename, text, len };
    return true;
}

const char *vm_source_line(VM *vm, StrObj *filename, int lineno, size_t *len)
{
    const struct VmSource *src = NULL;
    for (size_t i = vm->nsources; i-- > 0 && !src;)
        if (!strcmp(vm->sources[i].filename, filename->data)) src = &vm->sources[i];
    if (!src || lineno < 1) return NULL;
    const char *p = src->text, *end = src->text + src->len;
    for (int l = 1; l < lineno; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) return NULL;
        p = nl + 1;
    }
    if (p == end) return NULL;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    *len = (size_t)((nl ? nl : end) - p);
    return p;
}

/* ---- the end of the output ------------------------------------------------------ */

bool vm_flush_out(VM *vm)
{
    if (fflush(vm->out) == 0) return true;
    if (!vm->out_errno) vm->out_errno = errno ? errno : EIO;
    clearerr(vm->out);
    return false;
}

bool vm_flush_std(VM *vm)
{
    vm_flush_out(vm);
    fflush(vm->err);
    int err = vm->out_errno;
    vm->out_errno = 0;
    /* EBADF: stdout was closed when the program started, where CPython's
     * sys.stdout is None and print() writes nothing (modsys.c) */
    if (!err || err == EBADF) return true;
    Value sys = vm_dict_get_str(vm->modules, vm_intern(vm, "sys", 3));
    Value out = v_is_obj(sys) && v_as_obj(sys)->dict
                    ? vm_dict_get_str(v_as_obj(sys)->dict, vm_intern(vm, "__stdout__", 10))
                    : V_UNBOUND;
    Value saved = vm->exc;
    vm_raise_errno(vm, err, V_UNBOUND);
    Value exc = vm->exc;
    vm->exc = saved;
    if (exc == V_NONE) return false;
    if (out != V_UNBOUND) {
        vm_write_unraisable(vm, exc, out);
        return false;
    }
    /* no sys module was imported: sys.__stdout__'s repr, as CPython's */
    fputs("Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>\n", vm->err);
    vm_print_exception(vm, exc, vm->err);
    return false;
}

/* ---- running __main__ ------------------------------------------------------------ */

/* SystemExit(code): None is 0, an int is itself, anything else is printed
 * to stderr and gives 1 (CPython's _Py_HandleSystemExit). */
static int exit_status(VM *vm, Value exc, FILE *report)
{
    Value code = vm_getattr_opt(vm, exc, vm_intern(vm, "code", 4));
    if (code == V_EXC || code == V_UNBOUND) {
        vm->exc = V_NONE;
        code = exc;
    }
    if (code == V_NONE) return 0;
    if (vm_is_int(vm, code)) {
        mpz_t z;
        mpz_init(z);
        vm_int_to_mpz(code, z);
        int rc = mpz_fits_slong_p(z) ? (int)mpz_get_si(z) : -1;
        mpz_clear(z);
        return rc;
    }
    vm_flush_out(vm);
    Value s = vm_str(vm, code);
    if (s == V_EXC) vm->exc = V_NONE;
    else fwrite(AS_STR(s)->data, 1, AS_STR(s)->len, report);
    fputc('\n', report);
    return 1;
}

/* The status of a program that ended with vm->exc pending. An uncaught
 * KeyboardInterrupt exits as a SIGINT death does in a shell (128 + 2). */
int vm_report_uncaught(VM *vm, FILE *report)
{
    Value exc = vm->exc;
    vm->exc = V_NONE;
    vm_push_root(vm, exc);
    int rc;
    TypeObj *t = vm_type_of(vm, exc);
    if (vm_is_subtype(t, vm->e_SystemExit)) {
        rc = exit_status(vm, exc, report);
    } else {
        vm_flush_out(vm);
        vm_print_exception(vm, exc, report);
        rc = vm_is_subtype(t, vm->e_KeyboardInterrupt) ? 130 : 1;
    }
    vm_pop_roots(vm, 1);
    return rc;
}

/* CPython prints a syntax error found while parsing the main script without
 * a traceback: the location, the line with carets, the message. */
static int report_parse_error(VM *vm, const ParseSource *src, const ParseError *err, FILE *report)
{
    StrBuf out;
    sb_init(&out);
    parse_error_format(&out, src, err);
    vm_flush_out(vm);
    fputs(out.oom ? "MemoryError\n" : out.data, report);
    sb_free(&out);
    return 1;
}

DictObj *vm_init_main(VM *vm, const char *fname)
{
    Value m = vm_new_module(vm, "__main__");
    if (m == V_EXC) return NULL;
    vm->main_module = (ModuleObj *)v_as_obj(m);
    DictObj *g = vm->main_module->hdr.dict;
    StrObj *builtins_name = vm_intern(vm, "builtins", 8);
    Value builtins = builtins_name ? vm_dict_get_str(vm->modules, builtins_name) : V_UNBOUND;
    Value file = fname[0] == '<' ? V_UNBOUND : vm_cstr(vm, fname);
    if (!vm_dict_set_str(vm, g, vm->s___doc__, V_NONE) ||
        !vm_dict_set_str(vm, g, vm->s___builtins__, builtins == V_UNBOUND ? v_obj(vm->builtins) : builtins) ||
        file == V_EXC || (file != V_UNBOUND && !vm_dict_set_str(vm, g, vm->s___file__, file)) ||
        !vm_dict_set_str(vm, vm->modules, vm->s___main__, m))
        return NULL;
    return g;
}

int vm_run_main(VM *vm, const char *filename, const char *bytes, size_t len, FILE *report)
{
    /* the name as given: tests/lang's expected tracebacks cut CPython's
     * absolute path back to it */
    const char *fname = arena_strndup(&vm->arena, filename, strlen(filename));
    /* in the arena, as the AST: function code keeps pointers to all three,
     * and a host may run several sources in one VM and free each after */
    char *text = arena_alloc(&vm->arena, len + 1);
    ParseSource *src = arena_alloc(&vm->arena, sizeof *src);
    if (!fname || !text || !src) {
        fputs("MemoryError\n", report);
        return 1;
    }
    memcpy(text, bytes, len);
    text[len] = 0;
    *src = (ParseSource){ fname, text, len };
    ParseError err;
    AstNode *mod = NULL;
    if (parse_source_prepare(&vm->arena, fname, text, len, src, &err)) mod = parse_module(&vm->arena, src, &err);
    if (!mod) return report_parse_error(vm, src, &err, report);
    if (!vm_register_source(vm, src->filename, src->text, src->len)) return vm_report_uncaught(vm, report);
    /* a host running several sources runs them all in one __main__ */
    DictObj *g = vm->main_module ? vm->main_module->hdr.dict : vm_init_main(vm, fname);
    if (!g) return vm_report_uncaught(vm, report);
    CodeObj *code = vm_compile_module(vm, mod, src);
    Value r = code ? vm_run_code(vm, code, g, g) : V_EXC;
    return r == V_EXC ? vm_report_uncaught(vm, report) : 0;
}

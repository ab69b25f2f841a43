/* The public C API (include/tirun.h): a runtime is a VM configured with the
 * built-in modules, the library sources and the host's hooks, plus what the
 * host sees of it: the last error's text, kernel handles, the streams its
 * write hook receives. The only file that defines exported symbols. */
#include "../include/tirun.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../parser/ast.h"
#include "../parser/parse.h"
#include "../program/program.h"
#include "../stdlib/modules.h"
#include "../vm/repl.h"
#include "../vm/vm.h"

struct tirun_kernel {
    tirun *rt;
    char *name;
    Value fn;          /* the global's value when last resolved (kept alive by rt->handles) */
};

struct tirun {
    VM *vm;
    tirun_config cfg;
    char *stdlib_dir;
    char **warnoptions, **xoptions;   /* the config's lists, copied */
    FILE *out, *err;           /* the write hook's streams, or NULL */
    char *error;               /* the last failure's message, or NULL */
    tirun_kernel **kernels;    /* handles, re-resolved after each run */
    int nkernels;
    Value handles;             /* a list: item i keeps kernels[i]->fn alive */
    char *prompt;              /* the last tirun_prompt's text */
    bool interactive;          /* tirun_prompt has set sys.ps1 / sys.ps2 */
};

/* ---- the write hook's streams */

typedef struct {
    tirun *rt;
    int stream;
} Sink;

static ssize_t sink_write(void *cookie, const char *buf, size_t len)
{
    Sink *s = cookie;
    s->rt->cfg.write(s->rt->cfg.user, s->stream, buf, len);
    return (ssize_t)len;
}

static int sink_close(void *cookie)
{
    free(cookie);
    return 0;
}

static FILE *open_sink(tirun *rt, int stream)
{
    Sink *s = malloc(sizeof *s);
    if (!s) return NULL;
    *s = (Sink){ rt, stream };
    FILE *f = fopencookie(s, "w", (cookie_io_functions_t){ .write = sink_write, .close = sink_close });
    if (!f) {
        free(s);
        return NULL;
    }
    setvbuf(f, NULL, _IOLBF, 0);   /* whole lines reach the host as they are printed */
    return f;
}

/* ---- life cycle */

static char *load_source(void *user, const char *name, size_t *len, char **filename)
{
    tirun *rt = user;
    *filename = NULL;
    return rt->cfg.load_module(rt->cfg.user, name, len);
}

void tirun_config_init(tirun_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->banner = 1;
}

tirun *tirun_new(void) { return tirun_new_with(NULL); }

/* A copy of a NULL-ended list of strings (NULL stays NULL); false when out of memory. */
static bool copy_list(const char *const *list, char ***copy)
{
    *copy = NULL;
    if (!list) return true;
    size_t n = 0;
    while (list[n]) n++;
    char **c = calloc(n + 1, sizeof *c);
    if (!c) return false;
    *copy = c;
    for (size_t i = 0; i < n; i++)
        if (!(c[i] = strdup(list[i]))) return false;
    return true;
}

static void free_list(char **list)
{
    for (size_t i = 0; list && list[i]; i++) free(list[i]);
    free(list);
}

tirun *tirun_new_with(const tirun_config *cfg)
{
    tirun *rt = calloc(1, sizeof *rt);
    if (!rt) return NULL;
    if (cfg) rt->cfg = *cfg;
    else tirun_config_init(&rt->cfg);
    rt->handles = V_NONE;
    if (rt->cfg.stdlib_dir && !(rt->stdlib_dir = strdup(rt->cfg.stdlib_dir))) goto fail;
    rt->cfg.stdlib_dir = rt->stdlib_dir;
    if (!copy_list(rt->cfg.warnoptions, &rt->warnoptions) || !copy_list(rt->cfg.xoptions, &rt->xoptions)) goto fail;
    rt->cfg.warnoptions = (const char *const *)rt->warnoptions;
    rt->cfg.xoptions = (const char *const *)rt->xoptions;
    if (rt->cfg.write && (!(rt->out = open_sink(rt, TIRUN_STDOUT)) || !(rt->err = open_sink(rt, TIRUN_STDERR))))
        goto fail;
    VmConfig vc;
    mod_config_init(&vc);
    vc.source_dir = rt->stdlib_dir;
    vc.load_source = rt->cfg.load_module ? load_source : NULL;
    vc.user = rt;
    vc.out = rt->out;
    vc.err = rt->err;
#define X(name) vc.flags.name = rt->cfg.flags.name;
    VM_FLAGS(X)
#undef X
    vc.warnoptions = rt->cfg.warnoptions;
    vc.xoptions = rt->cfg.xoptions;
    if (!(rt->vm = vm_new(&vc))) goto fail;
    if (!rt->cfg.banner && !prog_set_banner(rt->vm, false)) goto fail;
    if ((rt->handles = vm_new_list(rt->vm, 0)) == V_EXC) goto fail;
    vm_push_root(rt->vm, rt->handles);
    return rt;
fail:
    tirun_free(rt);
    return NULL;
}

/* Runs the functions the program registered with atexit (the module's
 * _run_exitfuncs, which reports a failing one and goes on), as CPython does
 * when the interpreter ends: after the program, its uncaught exception or
 * sys.exit. */
static void run_exitfuncs(VM *vm)
{
    if (!vm->modules) return;
    Value m = vm_dict_get_str(vm->modules, vm_intern(vm, "atexit", 6));
    if (!v_is_obj(m) || !v_as_obj(m)->dict) return;
    Value fn = vm_dict_get_str(v_as_obj(m)->dict, vm_intern(vm, "_run_exitfuncs", 14));
    if (fn == V_UNBOUND) return;
    if (vm_call(vm, fn, NULL, 0, NULL) == V_EXC) {
        vm_print_exception(vm, vm->exc, vm->err);
        vm->exc = V_NONE;
    }
}

void tirun_free(tirun *rt)
{
    if (!rt) return;
    if (rt->vm) {
        run_exitfuncs(rt->vm);
        fflush(rt->vm->out);
        fflush(rt->vm->err);
    }
    vm_free(rt->vm);
    for (int i = 0; i < rt->nkernels; i++) {
        free(rt->kernels[i]->name);
        free(rt->kernels[i]);
    }
    free(rt->kernels);
    if (rt->out) fclose(rt->out);
    if (rt->err) fclose(rt->err);
    free(rt->stdlib_dir);
    free(rt->prompt);
    free_list(rt->warnoptions);
    free_list(rt->xoptions);
    free(rt->error);
    free(rt);
}

void tirun_interrupt(tirun *rt) { vm_interrupt(rt->vm); }

const char *tirun_error(const tirun *rt) { return rt->error ? rt->error : ""; }

/* ---- errors */

static void clear_error(tirun *rt)
{
    free(rt->error);
    rt->error = NULL;
}

static int fail_with(tirun *rt, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail_with(tirun *rt, int status, const char *fmt, ...)
{
    clear_error(rt);
    va_list ap;
    va_start(ap, fmt);
    if (vasprintf(&rt->error, fmt, ap) < 0) rt->error = NULL;
    va_end(ap);
    return status;
}

/* Takes the pending exception as the runtime's error: its traceback. */
static int fail_exc(tirun *rt)
{
    clear_error(rt);
    size_t len;
    FILE *f = open_memstream(&rt->error, &len);
    if (!f) {
        rt->vm->exc = V_NONE;
        return fail_with(rt, 1, "MemoryError\n");
    }
    int status = vm_report_uncaught(rt->vm, f);
    fclose(f);
    return status ? status : 1;
}

/* ---- running programs */

/* Points every kernel handle at what its global holds now (a re-run script
 * may have redefined it). */
static void resolve_handles(tirun *rt)
{
    VM *vm = rt->vm;
    if (!vm->main_module) return;
    for (int i = 0; i < rt->nkernels; i++) {
        tirun_kernel *k = rt->kernels[i];
        Value v = vm_dict_get_str(vm->main_module->hdr.dict, vm_intern(vm, k->name, strlen(k->name)));
        if (v != V_UNBOUND) k->fn = AS_LIST(rt->handles)->items[i] = v;
    }
}

static int run_source(tirun *rt, const char *filename, const char *text, size_t len)
{
    clear_error(rt);
    size_t elen;
    FILE *report = open_memstream(&rt->error, &elen);
    if (!report) return fail_with(rt, 1, "MemoryError\n");
    int status = vm_run_main(rt->vm, filename, text, len, report);
    fclose(report);
    fflush(rt->vm->out);
    fflush(rt->vm->err);
    if (!status) clear_error(rt);
    resolve_handles(rt);
    return status;
}

/* Puts dir first on sys.path unless it is there already. */
static bool put_path_first(VM *vm, const char *dir, size_t len)
{
    if (!v_has_layout(vm->sys_path, LAYOUT_LIST)) return true;
    ListObj *p = AS_LIST(vm->sys_path);
    if (p->len && v_has_layout(p->items[0], LAYOUT_STR) && AS_STR(p->items[0])->len == len &&
        !memcmp(AS_STR(p->items[0])->data, dir, len))
        return true;
    Value d = vm_new_str(vm, dir, len);
    if (d == V_EXC || !vm_list_append(vm, p, d)) return false;
    memmove(p->items + 1, p->items, (p->len - 1) * sizeof *p->items);
    p->items[0] = d;
    return true;
}

int tirun_set_argv(tirun *rt, int argc, char **argv)
{
    VM *vm = rt->vm;
    Value args = vm_new_list(vm, (uint32_t)argc);
    if (args == V_EXC) return fail_exc(rt);
    vm_push_root(vm, args);
    for (int i = 0; i < argc; i++) {
        Value s = vm_cstr(vm, argv[i]);
        if (s == V_EXC || !vm_list_append(vm, AS_LIST(args), s)) {
            vm_pop_roots(vm, 1);
            return fail_exc(rt);
        }
    }
    vm_pop_roots(vm, 1);
    vm->sys_argv = args;
    /* a sys module made before keeps its own reference */
    Value sys = vm_dict_get_str(vm->modules, vm_intern(vm, "sys", 3));
    if (v_is_obj(sys) && v_as_obj(sys)->dict && !vm_dict_set_str(vm, v_as_obj(sys)->dict, vm_intern(vm, "argv", 4), args))
        return fail_exc(rt);
    return 0;
}

/* The bytes of the file at path (malloc'ed), or NULL with the error set and
 * *status the given one. */
static char *read_source(tirun *rt, const char *path, size_t *len, int *status, int fail_status)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        /* a program named by a relative path: its absolute one, as python3 3.11 names it */
        int e = errno;
        char cwd[4096];
        bool absolute = fail_status == 2 && path[0] != '/' && getcwd(cwd, sizeof cwd);
        *status = fail_with(rt, fail_status, "tirun: can't open file '%s%s%s': [Errno %d] %s\n", absolute ? cwd : "",
                            absolute ? "/" : "", path, e, strerror(e));
        return NULL;
    }
    char *text = parse_read_stream(f, len);
    fclose(f);
    if (!text) *status = fail_with(rt, fail_status, "tirun: can't read file '%s'\n", path);
    return text;
}

int tirun_set_path(tirun *rt, int n, char **dirs)
{
    VM *vm = rt->vm;
    if (!v_has_layout(vm->sys_path, LAYOUT_LIST)) return fail_with(rt, 1, "SystemError: no sys.path\n");
    ListObj *p = AS_LIST(vm->sys_path);
    p->len = 0;   /* emptied in place: a sys module made before holds the same list */
    for (int i = 0; i < n; i++) {
        Value d = vm_cstr(vm, dirs[i]);
        if (d == V_EXC || !vm_list_append(vm, p, d)) return fail_exc(rt);
    }
    return 0;
}

static bool is_folder(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A folder given as the program: its __main__.py (or .ti), malloc'ed in
 * *main; false with the error set (status 1, as CPython) when it has none. */
static bool folder_main(tirun *rt, const char *dir, char **main, int *status)
{
    size_t n = strlen(dir) + sizeof "/__main__.py";
    *main = malloc(n);
    if (!*main) return *status = fail_with(rt, 1, "MemoryError\n"), false;
    const char *sep = n > sizeof "/__main__.py" && dir[strlen(dir) - 1] == '/' ? "" : "/";
    for (int k = 0; k < 2; k++) {
        snprintf(*main, n, "%s%s__main__.%s", dir, sep, k ? "ti" : "py");
        if (access(*main, R_OK) == 0) return true;
    }
    free(*main);
    *main = NULL;
    *status = fail_with(rt, 1, "tirun: can't find '__main__' module in '%s'\n", dir);
    return false;
}

int tirun_run_file(tirun *rt, const char *path)
{
    size_t len;
    int status;
    char *main = NULL;
    bool folder = is_folder(path);
    if (folder && !folder_main(rt, path, &main, &status)) return status;
    const char *file = folder ? main : path;
    char *text = read_source(rt, file, &len, &status, 2);   /* CPython's status for a script it can't open */
    if (!text) {
        free(main);
        return status;
    }
    /* a folder goes on sys.path even under -P, as python3 puts it there */
    const char *slash = strrchr(file, '/');
    status = 0;
    if (folder || !rt->cfg.flags.safe_path)
        status = put_path_first(rt->vm, file, slash ? (size_t)(slash - file) : 0) ? 0 : fail_exc(rt);
    if (!status) status = run_source(rt, file, text, len);
    free(text);
    free(main);
    return status;
}

/* `python3 -m`'s failures before the module runs: "tirun: No module named
 * x" for an ImportError, else the error that stopped the search. */
static int module_not_run(tirun *rt, const char *name)
{
    VM *vm = rt->vm;
    Value exc = vm->exc;
    if (!vm_exc_matches(vm, exc, v_obj(vm->e_ImportError))) {
        Value text = vm_str(vm, exc);
        const char *type = vm_type_of(vm, exc)->name->data;
        vm->exc = V_NONE;
        return fail_with(rt, 1, "tirun: Error while finding module specification for '%s' (%s%s%s)\n", name, type,
                         text != V_EXC && AS_STR(text)->len ? ": " : "", text != V_EXC ? AS_STR(text)->data : "");
    }
    Value text = vm_str(vm, exc);
    vm->exc = V_NONE;
    return fail_with(rt, 1, "tirun: %s\n", text != V_EXC ? AS_STR(text)->data : "No module named");
}

/* Imports the packages above `full` (a.b for a.b.c), as -m does first. */
static bool import_parents(VM *vm, const char *full)
{
    const char *dot = strrchr(full, '.');
    if (!dot) return true;
    StrObj *parent = vm_intern(vm, full, (size_t)(dot - full));
    return parent && vm_import_name(vm, NULL, parent, V_NONE, 0) != V_EXC;
}

int tirun_run_module(tirun *rt, const char *name)
{
    VM *vm = rt->vm;
    clear_error(rt);
    char full[1024];
    if (snprintf(full, sizeof full, "%s", name) >= (int)sizeof full) return fail_with(rt, 1, "tirun: module name too long\n");
    VmModuleCode code;
    for (;;) {
        if (!import_parents(vm, full) || !vm_find_module_code(vm, full, &code)) return module_not_run(rt, full);
        if (!code.package) break;
        vm_free_module_code(&code);
        /* a package runs its __main__ submodule, once the package is imported */
        size_t n = strlen(full);
        if (n > 9 && !strcmp(full + n - 9, ".__main__"))
            return fail_with(rt, 1, "tirun: No module named %s\n", full);
        if (snprintf(full + n, sizeof full - n, ".__main__") >= (int)(sizeof full - n))
            return fail_with(rt, 1, "tirun: module name too long\n");
        StrObj *pkg = vm_intern(vm, name, strlen(name));
        if (!pkg || vm_import_name(vm, NULL, pkg, V_NONE, 0) == V_EXC) return module_not_run(rt, name);
        if (!vm_find_module_code(vm, full, &code)) {
            if (!vm_exc_matches(vm, vm->exc, v_obj(vm->e_ImportError))) return module_not_run(rt, full);
            vm->exc = V_NONE;
            return fail_with(rt, 1, "tirun: No module named %s; '%s' is a package and cannot be directly executed\n",
                             full, name);
        }
        break;
    }
    /* sys.argv[0] is the file; __package__ the module's package, for relative imports */
    const char *dot = strrchr(full, '.');
    int status = 0;
    Value file = vm_cstr(vm, code.path);
    if (file != V_EXC && v_has_layout(vm->sys_argv, LAYOUT_LIST) && AS_LIST(vm->sys_argv)->len)
        AS_LIST(vm->sys_argv)->items[0] = file;
    DictObj *g = file == V_EXC ? NULL : vm->main_module ? vm->main_module->hdr.dict : vm_init_main(vm, code.path);
    Value pkg = g ? vm_new_str(vm, full, dot ? (size_t)(dot - full) : 0) : V_EXC;
    if (pkg == V_EXC || !vm_dict_set_str(vm, g, vm_intern(vm, "__package__", 11), pkg)) status = fail_exc(rt);
    if (!status) status = run_source(rt, code.path, code.source, code.len);
    vm_free_module_code(&code);
    return status;
}

int tirun_run_string(tirun *rt, const char *source, const char *filename)
{
    return run_source(rt, filename ? filename : "<string>", source, strlen(source));
}

int tirun_interactive(tirun *rt, const char *input, int blank, int *status)
{
    clear_error(rt);
    *status = 0;
    VmInput r = vm_interactive(rt->vm, input, strlen(input), blank, status);
    fflush(rt->vm->out);
    fflush(rt->vm->err);
    resolve_handles(rt);
    return r == VM_INPUT_MORE ? TIRUN_MORE : r == VM_INPUT_EXIT ? TIRUN_EXIT : TIRUN_DONE;
}

const char *tirun_prompt(tirun *rt, int more)
{
    VM *vm = rt->vm;
    if (!rt->interactive) {
        rt->interactive = true;
        if (!vm_repl_begin(vm)) {
            vm_print_exception(vm, vm->exc, vm->err);
            vm->exc = V_NONE;
        }
    }
    free(rt->prompt);
    rt->prompt = vm_repl_prompt(vm, more);
    return rt->prompt ? rt->prompt : "";
}

char **tirun_complete(tirun *rt, const char *word)
{
    VM *vm = rt->vm;
    Value found = vm_repl_complete(vm, word);
    if (found == V_EXC) {
        vm->exc = V_NONE;   /* as CPython's readline module: a failing completer completes nothing */
        return NULL;
    }
    uint32_t n;
    Value *items = vm_seq_items(found, &n);
    char **out = calloc((size_t)n + 1, sizeof *out);
    for (uint32_t i = 0; out && i < n; i++)
        if (!(out[i] = strdup(AS_STR(items[i])->data))) {
            for (uint32_t k = 0; k < i; k++) free(out[k]);
            free(out);
            out = NULL;
        }
    return out;
}

int tirun_dump_ast(tirun *rt, const char *path)
{
    size_t len;
    int status = 0;
    char *text = read_source(rt, path, &len, &status, 1);
    if (!text) return status;
    Arena arena;
    arena_init(&arena);
    ParseSource src = { path, text, len };
    ParseError err;
    AstNode *mod = NULL;
    if (parse_source_prepare(&arena, path, text, len, &src, &err)) mod = parse_module(&arena, &src, &err);
    StrBuf out;
    sb_init(&out);
    if (mod) {
        ast_dump(&out, mod);
        sb_putc(&out, '\n');
    } else {
        parse_error_format(&out, &src, &err);
        status = 1;
    }
    if (out.oom) status = fail_with(rt, 1, "MemoryError\n");
    else if (status) status = fail_with(rt, 1, "%s", out.data);
    else fwrite(out.data, 1, out.len, rt->vm->out), fflush(rt->vm->out), clear_error(rt);
    sb_free(&out);
    arena_free(&arena);
    free(text);
    return status;
}

/* ---- calls */

static Value main_global(tirun *rt, const char *name)
{
    VM *vm = rt->vm;
    if (!vm->main_module) return V_UNBOUND;
    StrObj *key = vm_intern(vm, name, strlen(name));
    return key ? vm_dict_get_str(vm->main_module->hdr.dict, key) : V_UNBOUND;
}

/* A host array as the Python value an ndarray parameter takes:
 * _taichi_core.external_array(address, dtype name, shape). */
static Value external_array(tirun *rt, const tirun_array *a, int pos)
{
    static const char *const names[] = {NULL, "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64"};
    VM *vm = rt->vm;
    if (!a || !a->data)
        return vm_raise(vm, vm->e_ValueError, "argument %d: a TIRUN_NDARRAY needs an array with non-NULL data", pos);
    if (a->dtype < TIRUN_I8 || a->dtype > TIRUN_F64)
        return vm_raise(vm, vm->e_ValueError, "argument %d: %d is not a TIRUN_* dtype", pos, a->dtype);
    if (a->ndim < 1 || a->ndim > TIRUN_MAX_NDIM)
        return vm_raise(vm, vm->e_ValueError, "argument %d: ndim %d is not 1 to %d", pos, a->ndim, TIRUN_MAX_NDIM);
    Value mod = vm_dict_get_str(vm->modules, vm_intern(vm, "_taichi_core", 12));
    Value make = v_is_obj(mod) && v_as_obj(mod)->dict
                     ? vm_dict_get_str(v_as_obj(mod)->dict, vm_intern(vm, "external_array", 14)) : V_UNBOUND;
    if (make == V_UNBOUND)
        return vm_raise(vm, vm->e_RuntimeError, "argument %d: ndarray arguments need `import taichi`", pos);
    Value args[3];
    int nroots = 0;
    Value r = V_EXC;
    for (int d = 0; d < a->ndim; d++)
        if (a->shape[d] < 0 || a->shape[d] > INT32_MAX)
            return vm_raise(vm, vm->e_ValueError, "argument %d: extent %d (%lld) is not 0 to 2**31 - 1", pos, d,
                            (long long)a->shape[d]);
    if ((args[0] = vm_int_from_i64(vm, (int64_t)(intptr_t)a->data)) == V_EXC) goto out;
    vm_push_root(vm, args[0]);
    nroots++;
    if ((args[1] = vm_new_str(vm, names[a->dtype], strlen(names[a->dtype]))) == V_EXC) goto out;
    vm_push_root(vm, args[1]);
    nroots++;
    if ((args[2] = vm_new_tuple(vm, (uint32_t)a->ndim)) == V_EXC) goto out;
    for (int d = 0; d < a->ndim; d++) ((TupleObj *)v_as_obj(args[2]))->items[d] = v_int(a->shape[d]);
    vm_push_root(vm, args[2]);
    nroots++;
    r = vm_call(vm, make, args, 3, NULL);
out:
    vm_pop_roots(vm, (size_t)nroots);
    return r;
}

static int call_value(tirun *rt, Value fn, int argc, const tirun_value *argv, tirun_value *ret)
{
    VM *vm = rt->vm;
    Value args[64];
    if (argc < 0 || argc > 64) return fail_with(rt, 1, "TypeError: 0 to 64 arguments, got %d\n", argc);
    int nroots = 0;
    for (int i = 0; i < argc; i++) {
        switch (argv[i].kind) {
        case TIRUN_INT: args[i] = vm_int_from_i64(vm, argv[i].as.i); break;
        case TIRUN_FLOAT: args[i] = v_double(argv[i].as.f); break;
        case TIRUN_NONE: args[i] = V_NONE; break;
        case TIRUN_NDARRAY: args[i] = external_array(rt, argv[i].as.array, i); break;
        default:
            vm_pop_roots(vm, nroots);
            return fail_with(rt, 1, "TypeError: argument %d has no tirun_value kind (%d)\n", i, argv[i].kind);
        }
        if (args[i] == V_EXC) {
            vm_pop_roots(vm, nroots);
            return fail_exc(rt);
        }
        if (v_is_obj(args[i])) {
            vm_push_root(vm, args[i]);   /* an external array: the next one's allocations may collect */
            nroots++;
        }
    }
    Value r = vm_call(vm, fn, args, argc, NULL);
    vm_pop_roots(vm, nroots);
    if (__fpending(vm->out)) fflush(vm->out);   /* a kernel's print; a flush of nothing costs ~10 ns */
    if (r == V_EXC) return fail_exc(rt);
    if (ret) {
        if (r == V_NONE) {
            ret->kind = TIRUN_NONE;
        } else if (v_is_double(r)) {
            *ret = tirun_float(v_as_double(r));
        } else if (v_is_int(r) || v_is_bool(r)) {
            *ret = tirun_int(v_is_int(r) ? v_as_int(r) : r == V_TRUE);
        } else {
            int64_t i;
            if (!vm_is_int(vm, r) || !vm_index(vm, r, &i)) {
                vm->exc = V_NONE;
                return fail_with(rt, 1, "TypeError: the result (%s) is not an int, a float or None\n",
                                 vm_type_of(vm, r)->name->data);
            }
            *ret = tirun_int(i);
        }
    }
    clear_error(rt);
    return 0;
}

int tirun_call(tirun *rt, const char *name, int argc, const tirun_value *argv, tirun_value *ret)
{
    Value fn = main_global(rt, name);
    if (fn == V_UNBOUND) return fail_with(rt, 1, "NameError: name '%s' is not defined\n", name);
    return call_value(rt, fn, argc, argv, ret);
}

tirun_kernel *tirun_kernel_get(tirun *rt, const char *name)
{
    for (int i = 0; i < rt->nkernels; i++)
        if (!strcmp(rt->kernels[i]->name, name)) return rt->kernels[i];
    Value fn = main_global(rt, name);
    if (fn == V_UNBOUND) return fail_with(rt, 1, "NameError: name '%s' is not defined\n", name), NULL;
    tirun_kernel *k = calloc(1, sizeof *k), **grown = realloc(rt->kernels, (size_t)(rt->nkernels + 1) * sizeof *grown);
    if (grown) rt->kernels = grown;
    if (!k || !grown || !(k->name = strdup(name)) || !vm_list_append(rt->vm, AS_LIST(rt->handles), fn)) {
        free(k ? k->name : NULL);
        free(k);
        rt->vm->exc = V_NONE;
        return fail_with(rt, 1, "MemoryError\n"), NULL;
    }
    *k = (tirun_kernel){ rt, k->name, fn };
    rt->kernels[rt->nkernels++] = k;
    clear_error(rt);
    return k;
}

int tirun_kernel_launch(tirun_kernel *k, int argc, const tirun_value *argv, tirun_value *ret)
{
    return call_value(k->rt, k->fn, argc, argv, ret);
}

/* ---- fields */

/* The place nodes of the main module's field `name`: one for a ti.field,
 * n*m for a Vector or Matrix field (its entries' scalar fields). */
static int field_places(tirun *rt, const char *name, int64_t *ids, int *n)
{
    VM *vm = rt->vm;
    Value f = main_global(rt, name);
    if (f == V_UNBOUND) return fail_with(rt, 1, "NameError: name '%s' is not defined\n", name);
    Value entries = vm_getattr_opt(vm, f, vm_intern(vm, "_fields", 7));
    if (entries == V_EXC) return fail_exc(rt);
    Value one[1] = {f};
    Value *items = one;
    uint32_t count = 1;
    if (entries != V_UNBOUND) {
        if (!v_has_layout(entries, LAYOUT_LIST)) return fail_with(rt, 1, "TypeError: '%s' is not a field\n", name);
        items = vm_seq_items(entries, &count);
    }
    if (count > 64) return fail_with(rt, 1, "ValueError: '%s' has more than 64 entries\n", name);
    for (uint32_t i = 0; i < count; i++) {
        Value id = vm_call_method(vm, items[i], vm_intern(vm, "_place_id", 9), NULL, 0);
        if (id == V_EXC) {
            if (vm_exc_matches(vm, vm->exc, v_obj(vm->e_AttributeError))) {
                vm->exc = V_NONE;
                return fail_with(rt, 1, "TypeError: '%s' is not a field\n", name);
            }
            return fail_exc(rt);
        }
        if (!vm_index(vm, id, &ids[i])) return fail_exc(rt);
        items = entries != V_UNBOUND ? vm_seq_items(entries, &count) : one;   /* Python ran: afresh */
    }
    *n = (int)count;
    return 0;
}

static int field_copy(tirun *rt, const char *name, void *buf, size_t size, bool write, size_t *needed)
{
    int64_t ids[64];
    int n = 0;
    int status = field_places(rt, name, ids, &n);
    if (status) return status;
    Program *p = prog_of(rt->vm);
    if (!p || !prog_field_copy(p, ids, n, buf, size, write, needed)) return fail_exc(rt);
    clear_error(rt);
    return 0;
}

int tirun_field_size(tirun *rt, const char *name, size_t *size) { return field_copy(rt, name, NULL, 0, false, size); }

int tirun_field_read(tirun *rt, const char *name, void *dst, size_t size)
{
    size_t needed;
    return field_copy(rt, name, dst, size, false, &needed);
}

int tirun_field_write(tirun *rt, const char *name, const void *src, size_t size)
{
    size_t needed;
    return field_copy(rt, name, (void *)src, size, true, &needed);
}

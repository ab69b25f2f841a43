/* Imports: the built-in module registry, finding and running .py modules
 * and packages on sys.path, and `import a.b.c` / `from m import x` as the
 * IMPORT_NAME instruction performs them. */
#include <stdlib.h>
#include <string.h>

#include "compile.h"

Value vm_new_module(VM *vm, const char *name)
{
    ModuleObj *m = vm_alloc(vm, vm->t_module, sizeof *m);
    if (!m) return V_EXC;
    m->name = vm_intern(vm, name, strlen(name));
    Value d = vm_new_dict(vm);
    if (d == V_EXC) return V_EXC;
    m->hdr.dict = AS_DICT(d);
    if (!vm_dict_set_str(vm, m->hdr.dict, vm->s___name__, v_obj(m->name))) return V_EXC;
    return v_obj(m);
}

bool vm_module_add_function(VM *vm, Value module, const char *name, NativeFn fn)
{
    Value f = vm_new_builtin(vm, name, fn, V_UNBOUND);
    return f != V_EXC && vm_dict_set_str(vm, v_as_obj(module)->dict, vm_intern(vm, name, strlen(name)), f);
}

/* Opens the file of `name` (a full dotted name) on the search path:
 * NAME/__init__.py (*package set), NAME.py or tirun's NAME.ti, its name in
 * path; NULL when there is none. */
static FILE *find_module_file(const char *name, Value search_path, char *path, size_t size, bool *package)
{
    char rel[1024];
    size_t n = 0;
    for (const char *p = name; *p && n + 1 < sizeof rel; p++) rel[n++] = *p == '.' ? '/' : *p;
    rel[n] = 0;
    const char *last = strrchr(name, '.');
    last = last ? last + 1 : name;
    *package = false;
    if (!v_has_layout(search_path, LAYOUT_LIST)) return NULL;
    ListObj *paths = AS_LIST(search_path);
    for (uint32_t i = 0; i < paths->len; i++) {
        if (!v_has_layout(paths->items[i], LAYOUT_STR)) continue;
        const char *dir = AS_STR(paths->items[i])->data;
        const char *stem = last == name ? rel : last;
        snprintf(path, size, "%s%s%s/__init__.py", dir, *dir ? "/" : "", stem);
        FILE *fp = fopen(path, "rb");
        if (fp) {
            *package = true;
            return fp;
        }
        for (int k = 0; k < 2; k++) {
            snprintf(path, size, "%s%s%s.%s", dir, *dir ? "/" : "", stem, k ? "ti" : "py");
            if ((fp = fopen(path, "rb"))) return fp;
        }
    }
    return NULL;
}

/* Loads `name` from a file on the search path, or V_UNBOUND when not found. */
static Value load_module_file(VM *vm, const char *name, Value search_path)
{
    char path[2048];
    bool package;
    FILE *fp = find_module_file(name, search_path, path, sizeof path, &package);
    if (!fp) return V_UNBOUND;
    size_t len;
    char *bytes = parse_read_stream(fp, &len);
    fclose(fp);
    if (!bytes) return vm_raise(vm, vm->e_OSError, "can't read %s", path);
    if (vm->cfg.flags.verbose) fprintf(vm->err, "import '%s' # from '%s'\n", name, path);
    Value m = vm_exec_module_source(vm, name, path, bytes, len, package);
    free(bytes);
    return m;
}

Value vm_import_error_attrs(VM *vm, const char *name, Value path)
{
    Value exc = vm->exc, nm = vm_cstr(vm, name);
    if (nm == V_EXC || !vm_setattr(vm, exc, vm_intern(vm, "name", 4), nm) ||
        !vm_setattr(vm, exc, vm_intern(vm, "path", 4), path))
        return V_EXC;
    vm->exc = exc;
    return V_EXC;
}

/* What a sandboxed VM may import: modules without files, clocks or processes. */
static bool sandbox_allows(const char *full)
{
    static const char *const ok[] = {
        "math", "random", "keyword", "operator", "functools", "itertools", "collections", "json",
        "dataclasses", "abc", "types", "contextlib", "argparse", "sys",
    };
    size_t n = strcspn(full, ".");
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
        if (strlen(ok[i]) == n && !strncmp(ok[i], full, n)) return true;
    return false;
}

/* A module the host's load_source hook gives, or V_UNBOUND when it has none.
 * Its text and file name live as long as the VM (tracebacks quote them). */
static Value load_host_module(VM *vm, const char *full)
{
    size_t len = 0;
    char *fname = NULL;
    char *text = vm->cfg.load_source(vm->cfg.user, full, &len, &fname);
    if (!text) {
        free(fname);
        return V_UNBOUND;
    }
    size_t flen = fname ? strlen(fname) : strlen(full) + 2;
    char *src = arena_alloc(&vm->arena, len + 1), *name = arena_alloc(&vm->arena, flen + 1);
    if (src && name) {
        memcpy(src, text, len);
        src[len] = 0;
        if (fname) memcpy(name, fname, flen + 1);
        else snprintf(name, flen + 1, "<%s>", full);
    }
    free(text);
    free(fname);
    if (!src || !name) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    return vm_exec_module_source(vm, full, name, src, len, false);
}

static Value import_one(VM *vm, const char *full, Value parent)
{
    StrObj *key = vm_intern(vm, full, strlen(full));
    Value m = vm_dict_get_str(vm->modules, key);
    if (m != V_UNBOUND) return m;
    if (vm->sandbox && !sandbox_allows(full)) {
        vm_raise(vm, vm->e_ModuleNotFoundError, "No module named '%s' (sandbox)", full);
        return vm_import_error_attrs(vm, full, V_NONE);
    }
    for (const VmModuleDef *d = vm->cfg.modules; d && d->name; d++)
        if (!strcmp(d->name, full)) {
            m = d->open(vm);
            if (m == V_EXC) return V_EXC;
            if (!vm_dict_set_str(vm, vm->modules, key, m)) return V_EXC;
            return m;
        }
    /* a source_dir (TIRUN_STDLIB_DIR=stdlib/py for the tirun command) is read
     * in place of the sources kept in memory, so that editing them needs no
     * rebuild */
    const char *override = vm->cfg.source_dir;
    if (override && *override && parent == V_NONE) {
        Value dirs = vm_new_list(vm, 1);
        if (dirs == V_EXC || !vm_list_append(vm, AS_LIST(dirs), vm_cstr(vm, override))) return V_EXC;
        vm_push_root(vm, dirs);
        m = load_module_file(vm, full, dirs);
        vm_pop_roots(vm, 1);
        if (m != V_UNBOUND) return m;
    }
    for (int i = 0; !(override && *override) && i < vm->cfg.nsources; i++) {
        const VmSourceModule *e = &vm->cfg.sources[i];
        if (!strcmp(e->name, full)) return vm_exec_module_source(vm, full, e->filename, e->source, (size_t)e->len, e->package);
    }
    if (vm->cfg.load_source) {
        m = load_host_module(vm, full);
        if (m != V_UNBOUND) return m;
    }
    Value search = vm->sys_path;
    if (parent != V_NONE) {
        search = v_as_obj(parent)->dict ? vm_dict_get_str(v_as_obj(parent)->dict, vm->s___path__) : V_UNBOUND;
        if (search == V_UNBOUND) {
            vm_raise(vm, vm->e_ModuleNotFoundError, "No module named '%s'; '%s' is not a package", full,
                     AS_STR(vm_dict_get_str(v_as_obj(parent)->dict, vm->s___name__))->data);
            return vm_import_error_attrs(vm, full, V_NONE);
        }
    }
    m = load_module_file(vm, full, search);
    if (m == V_UNBOUND) {
        vm_raise(vm, vm->e_ModuleNotFoundError, "No module named '%s'", full);
        return vm_import_error_attrs(vm, full, V_NONE);
    }
    return m;
}

Value vm_import_name(VM *vm, DictObj *globals, StrObj *name, Value fromlist, int level)
{
    char full[1024];
    if (level > 0) {
        Value pkg = vm_dict_get_str(globals, vm_intern(vm, "__package__", 11));
        if (!v_has_layout(pkg, LAYOUT_STR) || !AS_STR(pkg)->len)
            return vm_raise(vm, vm->e_ImportError, "attempted relative import with no known parent package");
        snprintf(full, sizeof full, "%s", AS_STR(pkg)->data);
        for (int i = 1; i < level; i++) {
            char *dot = strrchr(full, '.');
            if (!dot) return vm_raise(vm, vm->e_ImportError, "attempted relative import beyond top-level package");
            *dot = 0;
        }
        if (name->len) {
            size_t k = strlen(full);
            snprintf(full + k, sizeof full - k, ".%s", name->data);
        }
    } else {
        snprintf(full, sizeof full, "%s", name->data);
    }
    /* import every prefix: a, a.b, a.b.c */
    Value top = V_NONE, parent = V_NONE, m = V_NONE;
    char part[1024];
    for (size_t i = 0;; i++) {
        if (full[i] == '.' || !full[i]) {
            memcpy(part, full, i);
            part[i] = 0;
            m = import_one(vm, part, parent);
            if (m == V_EXC) return V_EXC;
            if (parent != V_NONE) {
                const char *leaf = strrchr(part, '.') + 1;
                if (!vm_setattr(vm, parent, vm_intern(vm, leaf, strlen(leaf)), m)) return V_EXC;
            }
            if (top == V_NONE) top = m;
            parent = m;
            if (!full[i]) break;
        }
    }
    if (fromlist != V_NONE) {
        /* from pkg import sub: a submodule not yet an attribute gets imported */
        TupleObj *fl = AS_TUPLE(fromlist);
        for (uint32_t i = 0; i < fl->len; i++) {
            StrObj *nm = AS_STR(fl->items[i]);
            if (nm->data[0] == '*' || vm_getattr_opt(vm, m, nm) != V_UNBOUND) continue;
            Value path = v_as_obj(m)->dict ? vm_dict_get_str(v_as_obj(m)->dict, vm->s___path__) : V_UNBOUND;
            if (path == V_UNBOUND) continue;
            char sub[1024];
            int k = snprintf(sub, sizeof sub, "%s.%s", full, nm->data);
            if (k < 0 || (size_t)k >= sizeof sub) return vm_raise(vm, vm->e_ImportError, "module name too long");
            Value s = import_one(vm, sub, m);
            if (s == V_EXC) {
                if (!vm_exc_matches(vm, vm->exc, v_obj(vm->e_ModuleNotFoundError))) return V_EXC;
                vm->exc = V_NONE;
                continue;
            }
            if (!vm_setattr(vm, m, nm, s)) return V_EXC;
        }
        return m;
    }
    return top;
}

Value vm_raise_parse_error(VM *vm, const ParseError *err, const char *filename)
{
    TypeObj *kind = err->kind == PARSE_TAB_ERROR          ? vm->e_TabError
                    : err->kind == PARSE_INDENTATION_ERROR ? vm->e_IndentationError
                                                           : vm->e_SyntaxError;
    return vm_raise_syntax_error(vm, kind, err->msg, filename, err->lineno, err->col_offset, err->end_lineno,
                                 err->end_col_offset);
}

Value vm_exec_module_source(VM *vm, const char *name, const char *path, const char *bytes, size_t len, bool package)
{
    ParseSource *src = arena_alloc(&vm->arena, sizeof *src);
    char *fname = src ? arena_strndup(&vm->arena, path, strlen(path)) : NULL;
    if (!fname) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    ParseError err;
    AstNode *mod = NULL;
    if (parse_source_prepare(&vm->arena, fname, bytes, len, src, &err)) mod = parse_module(&vm->arena, src, &err);
    if (!mod) {
        vm_register_source(vm, src->filename, src->text, src->len);
        return vm_raise_parse_error(vm, &err, src->filename);
    }
    if (!vm_register_source(vm, src->filename, src->text, src->len)) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    ModuleObj *m = vm_alloc(vm, vm->t_module, sizeof *m);
    if (!m) return V_EXC;
    m->name = vm_intern(vm, name, strlen(name));
    Value d = vm_new_dict(vm);
    if (d == V_EXC) return V_EXC;
    m->hdr.dict = AS_DICT(d);
    vm_dict_set_str(vm, m->hdr.dict, vm->s___name__, v_obj(m->name));
    vm_dict_set_str(vm, m->hdr.dict, vm->s___file__, vm_cstr(vm, fname));
    vm_dict_set_str(vm, m->hdr.dict, vm->s___builtins__, v_obj(vm->builtins));
    const char *dot = strrchr(name, '.');
    Value pkgname = package ? v_obj(m->name) : dot ? vm_new_str(vm, name, (size_t)(dot - name)) : vm_cstr(vm, "");
    vm_dict_set_str(vm, m->hdr.dict, vm_intern(vm, "__package__", 11), pkgname);
    if (package) {
        const char *slash = strrchr(fname, '/');
        Value dir = vm_new_str(vm, fname, slash ? (size_t)(slash - fname) : 0);
        Value l = vm_new_list(vm, 1);
        if (dir == V_EXC || l == V_EXC || !vm_list_append(vm, AS_LIST(l), dir)) return V_EXC;
        vm_dict_set_str(vm, m->hdr.dict, vm->s___path__, l);
    }
    /* in sys.modules before running, so circular imports see the partial module */
    if (!vm_dict_set_str(vm, vm->modules, m->name, v_obj(m))) return V_EXC;
    vm_push_root(vm, v_obj(m));
    CodeObj *co = vm_compile_module(vm, mod, src);
    Value r = co ? vm_run_code(vm, co, m->hdr.dict, m->hdr.dict) : V_EXC;
    vm_pop_roots(vm, 1);
    if (r == V_EXC) {
        vm_dict_del(vm, vm->modules, v_obj(m->name));
        return V_EXC;
    }
    return v_obj(m);
}

/* The search path of a submodule: its package's __path__ (the package
 * imported already), or V_UNBOUND with ModuleNotFoundError raised. */
static Value package_path(VM *vm, const char *full)
{
    const char *dot = strrchr(full, '.');
    StrObj *pname = vm_intern(vm, full, (size_t)(dot - full));
    Value parent = pname ? vm_dict_get_str(vm->modules, pname) : V_UNBOUND;
    Value path = v_is_obj(parent) && v_as_obj(parent)->dict ? vm_dict_get_str(v_as_obj(parent)->dict, vm->s___path__)
                                                            : V_UNBOUND;
    if (path == V_UNBOUND) vm_raise(vm, vm->e_ModuleNotFoundError, "No module named %s", full);
    return path;
}

static char *copy_text(const char *text, size_t len)
{
    char *p = malloc(len + 1);
    if (p) {
        memcpy(p, text, len);
        p[len] = 0;
    }
    return p;
}

bool vm_find_module_code(VM *vm, const char *full, VmModuleCode *out)
{
    memset(out, 0, sizeof *out);
    for (const VmModuleDef *d = vm->cfg.modules; d && d->name; d++)
        if (!strcmp(d->name, full)) return vm_raise(vm, vm->e_ImportError, "No code object available for %s", full), false;
    const char *override = vm->cfg.source_dir;
    bool top = !strchr(full, '.');
    char path[2048];
    FILE *fp = NULL;
    if (override && *override && top) {
        Value dirs = vm_new_list(vm, 1);
        if (dirs == V_EXC || !vm_list_append(vm, AS_LIST(dirs), vm_cstr(vm, override))) return false;
        fp = find_module_file(full, dirs, path, sizeof path, &out->package);
    }
    for (int i = 0; !fp && !(override && *override) && i < vm->cfg.nsources; i++) {
        const VmSourceModule *e = &vm->cfg.sources[i];
        if (strcmp(e->name, full)) continue;
        out->package = e->package;
        out->path = copy_text(e->filename, strlen(e->filename));
        out->source = copy_text(e->source, (size_t)e->len);
        out->len = (size_t)e->len;
        goto done;
    }
    if (!fp && vm->cfg.load_source) {
        char *fname = NULL;
        out->source = vm->cfg.load_source(vm->cfg.user, full, &out->len, &fname);
        if (out->source) {
            if (!fname && (fname = malloc(strlen(full) + 3))) sprintf(fname, "<%s>", full);
            out->path = fname;
            goto done;
        }
        free(fname);
    }
    if (!fp) {
        Value search = top ? vm->sys_path : package_path(vm, full);
        if (search == V_UNBOUND) return false;
        fp = find_module_file(full, search, path, sizeof path, &out->package);
    }
    if (!fp) return vm_raise(vm, vm->e_ModuleNotFoundError, "No module named %s", full), false;
    out->source = parse_read_stream(fp, &out->len);
    fclose(fp);
    if (!out->source) return vm_raise(vm, vm->e_OSError, "can't read %s", path), false;
    out->path = copy_text(path, strlen(path));
done:
    if (!out->path || !out->source) {
        vm_free_module_code(out);
        return vm_raise(vm, vm->e_MemoryError, "out of memory"), false;
    }
    return true;
}

void vm_free_module_code(VmModuleCode *code)
{
    free(code->path);
    free(code->source);
    memset(code, 0, sizeof *code);
}

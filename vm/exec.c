/* Running text given at run time: the builtins exec(), eval() and
 * __import__(). Source parses into an arena of its own, freed once compiled;
 * while it compiles it is registered as "<string>" so that a SyntaxError
 * shows its line, as CPython's does. */
#include <string.h>

#include "compile.h"

/* str or bytes-like source: its bytes; NULL with TypeError otherwise. */
static const char *source_bytes(VM *vm, const char *fn, Value src, size_t *len)
{
    if (v_has_layout(src, LAYOUT_STR)) {
        *len = AS_STR(src)->len;
        return AS_STR(src)->data;
    }
    VmBuffer b;
    if (vm_get_buffer(src, &b)) {
        *len = b.len;
        return (const char *)b.data;
    }
    vm_raise(vm, vm->e_TypeError, "%s() arg 1 must be a string, bytes or code object", fn);
    return NULL;
}

static CodeObj *compile_source(VM *vm, const char *text, size_t len, bool eval)
{
    Arena arena;
    arena_init(&arena);
    ParseSource src;
    ParseError err;
    AstNode *mod = NULL;
    CodeObj *co = NULL;
    bool prepared = parse_source_prepare(&arena, "<string>", text, len, &src, &err);
    if (prepared) mod = parse_module(&arena, &src, &err);
    size_t nsources = vm->nsources;
    if (prepared && !vm_register_source(vm, src.filename, src.text, src.len)) goto out;
    if (!mod) {
        vm_raise_parse_error(vm, &err, "<string>");
        goto out;
    }
    if (eval) {
        AstSeq body = mod->v.Module.body;
        if (body.n != 1 || body.items[0]->kind != AST_Expr) {
            const AstNode *at = body.n ? body.items[body.n > 1 ? 1 : 0] : mod;
            vm_raise_syntax_error(vm, vm->e_SyntaxError, "invalid syntax", "<string>", body.n ? at->lineno : 1,
                                  body.n ? at->col_offset : 0, -1, -1);
            goto out;
        }
        co = vm_compile_exec(vm, mod, &src, true);
    } else {
        co = vm_compile_exec(vm, mod, &src, false);
    }
out:
    vm->nsources = nsources;
    arena_free(&arena);
    return co;
}

/* The namespaces exec/eval run in: given ones checked, else the caller's. */
static bool namespaces(VM *vm, const char *fn, Value *args, int nargs, DictObj **globals, DictObj **locals)
{
    Value g = nargs > 1 ? args[1] : V_NONE, l = nargs > 2 ? args[2] : V_NONE;
    if (g != V_NONE && !v_has_layout(g, LAYOUT_DICT)) {
        vm_raise(vm, vm->e_TypeError, strcmp(fn, "exec") ? "globals must be a dict" : "exec() globals must be a dict, not %s",
                 vm_type_of(vm, g)->name->data);
        return false;
    }
    if (l != V_NONE && !v_has_layout(l, LAYOUT_DICT)) {
        vm_raise(vm, vm->e_TypeError, "locals must be a mapping");
        return false;
    }
    if (g == V_NONE) {
        *globals = vm_current_globals(vm);
        Value cur = l == V_NONE ? vm_current_locals(vm) : l;
        if (cur == V_EXC) return false;
        *locals = AS_DICT(cur);
        return true;
    }
    *globals = AS_DICT(g);
    *locals = l == V_NONE ? *globals : AS_DICT(l);
    if (vm_dict_get_str(*globals, vm->s___builtins__) == V_UNBOUND &&
        !vm_dict_set_str(vm, *globals, vm->s___builtins__, v_obj(vm->builtins)))
        return false;
    return true;
}

static Value run_text(VM *vm, const char *fn, Value *args, int nargs, TupleObj *kw, bool eval)
{
    if (!vm_check_nargs(vm, fn, nargs, kw, 1, 3)) return V_EXC;
    size_t len;
    const char *text = source_bytes(vm, fn, args[0], &len);
    if (!text) return V_EXC;
    if (eval)
        while (len && (*text == ' ' || *text == '\t')) text++, len--;
    DictObj *globals, *locals;
    if (!namespaces(vm, fn, args, nargs, &globals, &locals)) return V_EXC;
    vm_push_root(vm, v_obj(locals));
    CodeObj *co = compile_source(vm, text, len, eval);
    Value r = V_EXC;
    if (co) {
        vm_push_root(vm, v_obj(co));
        r = vm_run_code(vm, co, globals, locals);
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    return r == V_EXC ? V_EXC : eval ? r : V_NONE;
}

static Value bi_exec(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return run_text(vm, "exec", args, nargs, kw, false);
}

static Value bi_eval(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return run_text(vm, "eval", args, nargs, kw, true);
}

/* __import__(name, globals=None, locals=None, fromlist=(), level=0) */
static Value bi___import__(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = { "name", "globals", "locals", "fromlist", "level" };
    Value a[5];
    if (!vm_parse_args(vm, "__import__", args, nargs, kw, names, 5, 5, 1, a)) return V_EXC;
    if (!v_has_layout(a[0], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "__import__() argument 1 must be str, not %s",
                        vm_type_of(vm, a[0])->name->data);
    DictObj *globals = v_has_layout(a[1], LAYOUT_DICT) ? AS_DICT(a[1]) : vm_current_globals(vm);
    int level = a[4] == V_UNBOUND ? 0 : v_is_int(a[4]) ? (int)v_as_int(a[4]) : -1;
    if (level < 0) return vm_raise(vm, vm->e_ValueError, "level must be >= 0");
    Value fromlist = V_NONE;
    if (a[3] != V_UNBOUND && a[3] != V_NONE) {
        Value t = vm_call(vm, v_obj(vm->t_tuple), &a[3], 1, NULL);
        if (t == V_EXC) return V_EXC;
        if (AS_TUPLE(t)->len) fromlist = t;
    }
    StrObj *name = AS_STR(a[0]);
    if (!name->len && !level) return vm_raise(vm, vm->e_ValueError, "Empty module name");
    vm_push_root(vm, fromlist);
    Value m = vm_import_name(vm, globals, vm_intern(vm, name->data, name->len), fromlist, level);
    vm_pop_roots(vm, 1);
    return m;
}

void vm_init_exec(VM *vm)
{
    static const struct {
        const char *name;
        NativeFn fn;
    } fns[] = { { "exec", bi_exec }, { "eval", bi_eval }, { "__import__", bi___import__ } };
    for (size_t i = 0; i < sizeof fns / sizeof *fns; i++) {
        Value f = vm_new_builtin(vm, fns[i].name, fns[i].fn, V_UNBOUND);
        if (f != V_EXC) vm_dict_set_str(vm, vm->builtins, vm_intern(vm, fns[i].name, strlen(fns[i].name)), f);
    }
}

/* The interactive prompt's step: the text entered so far runs once it is
 * complete (a simple statement at once, a compound or decorated one after an
 * empty line, as CPython's interactive mode has it); values of expression
 * statements are echoed and kept in `_`. Also what the prompt shows
 * (sys.ps1 / sys.ps2) and what Tab completes (rlcompleter). The line editing
 * around it belongs to the host (the tirun command uses libedit), so that
 * the library does not need it. */
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "repl.h"

/* Whether a parse error only says the input stopped early: an open bracket
 * or triple quote, a block still to come, an error at the end of input. */
static bool incomplete(const ParseError *err, const char *buf, size_t len)
{
    static const char *const open_msgs[] = {
        "was never closed", "unterminated triple-quoted", "expected an indented block",
        "expected 'except' or 'finally' block",
    };
    for (size_t i = 0; i < sizeof open_msgs / sizeof *open_msgs; i++)
        if (strstr(err->msg, open_msgs[i])) return true;
    int lines = 0;
    for (size_t i = 0; i < len; i++) lines += buf[i] == '\n';
    return err->lineno > lines;
}

/* Whether the input ends in decorator lines still waiting for their def or
 * class: a def at the last line's indentation would complete it. */
static bool awaits_decorated(const char *buf, size_t len)
{
    size_t start = len - 1;   /* the last line, less its '\n' */
    while (start > 0 && buf[start - 1] != '\n') start--;
    size_t indent = start;
    while (indent < len && (buf[indent] == ' ' || buf[indent] == '\t')) indent++;
    if (indent == len || buf[indent] != '@') return false;
    static const char probe[] = "def _(): pass\n";
    char *text = malloc(len + (indent - start) + sizeof probe);
    if (!text) return false;
    memcpy(text, buf, len);
    memcpy(text + len, buf + start, indent - start);
    memcpy(text + len + (indent - start), probe, sizeof probe);
    Arena scratch;
    arena_init(&scratch);
    ParseSource src;
    ParseError err;
    size_t n = len + (indent - start) + sizeof probe - 1;
    bool parsed = parse_source_prepare(&scratch, "<stdin>", text, n, &src, &err) && parse_module(&scratch, &src, &err);
    arena_free(&scratch);
    free(text);
    return parsed;
}

/* Whether the input opened with a statement that CPython's REPL lets run
 * only after an empty line: a compound one, decorated or not. */
static bool compound(const AstNode *mod)
{
    AstSeq body = mod->v.Module.body;
    if (!body.n) return false;
    switch (body.items[0]->kind) {
    case AST_If: case AST_For: case AST_While: case AST_FunctionDef: case AST_ClassDef: case AST_With:
    case AST_Try: return true;
    default: return false;
    }
}

VmInput vm_interactive(VM *vm, const char *text, size_t len, bool blank, int *status)
{
    if (len >= 2 && text[len - 2] == '\\') return VM_INPUT_MORE;   /* line continuation */
    DictObj *globals = vm->main_module ? vm->main_module->hdr.dict : NULL;
    if (!globals && !(globals = vm_init_main(vm, "<stdin>"))) {
        *status = vm_report_uncaught(vm, vm->err);
        return VM_INPUT_EXIT;
    }
    /* parsed in a scratch arena until complete; then again in the VM's, as
     * functions defined here keep their AST (a kernel compiles from it) */
    Arena scratch;
    arena_init(&scratch);
    ParseSource src;
    ParseError err;
    AstNode *mod = NULL;
    if (parse_source_prepare(&scratch, "<stdin>", text, len, &src, &err)) mod = parse_module(&scratch, &src, &err);
    if (!mod) {
        bool more = !blank && (incomplete(&err, text, len) || awaits_decorated(text, len));
        if (!more) {
            StrBuf out;
            sb_init(&out);
            parse_error_format(&out, &src, &err);
            fputs(out.data ? out.data : "SyntaxError\n", vm->err);
            sb_free(&out);
        }
        arena_free(&scratch);
        return more ? VM_INPUT_MORE : VM_INPUT_DONE;
    }
    bool wait = !blank && compound(mod);
    arena_free(&scratch);
    if (wait) return VM_INPUT_MORE;
    ParseSource *kept = arena_alloc(&vm->arena, sizeof *kept);
    const char *copy = arena_strndup(&vm->arena, text, len);   /* the host reuses its buffer */
    mod = NULL;
    if (kept && copy && parse_source_prepare(&vm->arena, "<stdin>", copy, len, kept, &err))
        mod = parse_module(&vm->arena, kept, &err);
    CodeObj *co = mod ? vm_compile_interactive(vm, mod, kept) : NULL;
    if (!mod) vm_raise(vm, vm->e_MemoryError, "out of memory");
    Value r = V_EXC;
    if (co) {
        vm_push_root(vm, v_obj(co));
        r = vm_run_code(vm, co, globals, globals);
        vm_pop_roots(vm, 1);
    }
    fflush(vm->out);
    if (r != V_EXC) return VM_INPUT_DONE;
    if (vm_exc_matches(vm, vm->exc, v_obj(vm->e_SystemExit))) {
        *status = vm_report_uncaught(vm, vm->err);
        return VM_INPUT_EXIT;
    }
    Value exc = vm->exc;
    vm->exc = V_NONE;
    vm_print_exception(vm, exc, vm->err);
    return VM_INPUT_DONE;
}

/* The sys module, imported if it was not yet. */
static Value sys_module(VM *vm)
{
    StrObj *name = vm_intern(vm, "sys", 3);
    return name ? vm_import_name(vm, NULL, name, V_NONE, 0) : V_EXC;
}

bool vm_repl_begin(VM *vm)
{
    static const char *const prompts[][2] = { { "ps1", ">>> " }, { "ps2", "... " } };
    Value sys = sys_module(vm);
    if (sys == V_EXC) return false;
    vm_push_root(vm, sys);
    bool ok = true;
    for (size_t i = 0; ok && i < 2; i++) {
        StrObj *name = vm_intern(vm, prompts[i][0], 3);
        Value have = name ? vm_getattr_opt(vm, sys, name) : V_EXC;
        if (have != V_UNBOUND) {
            ok = have != V_EXC;
            continue;
        }
        Value text = vm_cstr(vm, prompts[i][1]);
        if (!(ok = text != V_EXC)) break;
        vm_push_root(vm, text);
        ok = vm_setattr(vm, sys, name, text);
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    return ok;
}

char *vm_repl_prompt(VM *vm, bool more)
{
    Value sys = sys_module(vm);
    StrObj *name = vm_intern(vm, more ? "ps2" : "ps1", 3);
    Value p = sys != V_EXC && name ? vm_getattr_opt(vm, sys, name) : V_EXC;
    Value text = p == V_EXC || p == V_UNBOUND ? p : vm_str(vm, p);
    vm->exc = V_NONE;   /* as CPython: a prompt that fails to print is empty */
    const char *s = text == V_EXC || text == V_UNBOUND ? "" : AS_STR(text)->data;
    return strdup(s);
}

Value vm_repl_complete(VM *vm, const char *text)
{
    StrObj *mod = vm_intern(vm, "rlcompleter", 11), *cls = vm_intern(vm, "Completer", 9);
    StrObj *complete = vm_intern(vm, "complete", 8);
    if (!mod || !cls || !complete) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    Value out = V_EXC, m = vm_import_name(vm, NULL, mod, V_NONE, 0);
    if (m == V_EXC) return V_EXC;
    int roots = 0;
    vm_push_root(vm, m), roots++;
    Value completer = vm_getattr(vm, m, cls);
    if (completer != V_EXC) completer = vm_call(vm, completer, NULL, 0, NULL);
    if (completer == V_EXC) goto done;
    vm_push_root(vm, completer), roots++;
    Value args[2] = { vm_cstr(vm, text), V_NONE };
    if (args[0] == V_EXC) goto done;
    vm_push_root(vm, args[0]), roots++;
    Value found = vm_new_list(vm, 0);
    if (found == V_EXC) goto done;
    vm_push_root(vm, found), roots++;
    /* complete(text, state) for state 0, 1, ... until it answers None */
    for (int state = 0;; state++) {
        args[1] = v_int(state);
        Value r = vm_call_method(vm, completer, complete, args, 2);
        if (r == V_EXC) goto done;
        if (r == V_NONE) break;
        if (!v_has_layout(r, LAYOUT_STR)) {
            vm_raise(vm, vm->e_TypeError, "complete() returned %s, not str or None", vm_type_of(vm, r)->name->data);
            goto done;
        }
        if (!vm_list_append(vm, AS_LIST(found), r)) goto done;
    }
    out = found;
done:
    vm_pop_roots(vm, roots);
    return out;
}

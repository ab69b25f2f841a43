/* The interactive prompt's step: the text entered so far runs once it is
 * complete (a simple statement at once, a compound one after an empty line);
 * values of expression statements are echoed and kept in `_`. The line
 * editing around it belongs to the host (the tirun command uses libedit), so
 * that the library does not need it. */
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

/* The statements that CPython's REPL lets run on only after an empty line. */
static bool compound(const AstNode *mod)
{
    AstSeq body = mod->v.Module.body;
    if (!body.n) return false;
    switch (body.items[body.n - 1]->kind) {
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
        bool more = !blank && incomplete(&err, text, len);
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
    vm_flush_out(vm);
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


/* The interactive loop: `tirun` with no arguments on a terminal. libedit
 * reads lines (editing, a history file); an input runs once it is complete:
 * a simple statement at once, a compound one after an empty line. Values of
 * expression statements are echoed and kept in `_`; Ctrl-C drops the input
 * or interrupts the running code, Ctrl-D exits. Linked into the tirun
 * command only, so that the embedding library does not need libedit. */
#include <editline/readline.h>
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

typedef enum { INPUT_MORE, INPUT_DONE, INPUT_EXIT } InputStatus;

/* Parses the input so far and runs it when complete. INPUT_EXIT sets *status
 * (SystemExit). */
static InputStatus feed(VM *vm, DictObj *globals, StrBuf *buf, bool blank, int *status)
{
    if (buf->len >= 2 && buf->data[buf->len - 2] == '\\') return INPUT_MORE;   /* line continuation */
    /* parsed in a scratch arena until complete; then again in the VM's, as
     * functions defined here keep their AST (a kernel compiles from it) */
    Arena scratch;
    arena_init(&scratch);
    ParseSource src;
    ParseError err;
    AstNode *mod = NULL;
    if (parse_source_prepare(&scratch, "<stdin>", buf->data, buf->len, &src, &err)) mod = parse_module(&scratch, &src, &err);
    if (!mod) {
        bool more = !blank && incomplete(&err, buf->data, buf->len);
        if (!more) {
            StrBuf out;
            sb_init(&out);
            parse_error_format(&out, &src, &err);
            fputs(out.data ? out.data : "SyntaxError\n", stderr);
            sb_free(&out);
        }
        arena_free(&scratch);
        return more ? INPUT_MORE : INPUT_DONE;
    }
    bool wait = !blank && compound(mod);
    arena_free(&scratch);
    if (wait) return INPUT_MORE;
    ParseSource *kept = arena_alloc(&vm->arena, sizeof *kept);
    mod = NULL;
    if (kept && parse_source_prepare(&vm->arena, "<stdin>", buf->data, buf->len, kept, &err))
        mod = parse_module(&vm->arena, kept, &err);
    CodeObj *co = mod ? vm_compile_interactive(vm, mod, kept) : NULL;
    if (!mod) vm_raise(vm, vm->e_MemoryError, "out of memory");
    Value r = V_EXC;
    if (co) {
        vm_push_root(vm, v_obj(co));
        r = vm_run_code(vm, co, globals, globals);
        vm_pop_roots(vm, 1);
    }
    fflush(stdout);
    if (r != V_EXC) return INPUT_DONE;
    if (vm_exc_matches(vm, vm->exc, v_obj(vm->e_SystemExit))) {
        *status = vm_report_uncaught(vm);
        return INPUT_EXIT;
    }
    Value exc = vm->exc;
    vm->exc = V_NONE;
    vm_print_exception(vm, exc, stderr);
    return INPUT_DONE;
}

static char *history_path(void)
{
    const char *home = getenv("HOME");
    if (!home || !*home) return NULL;
    size_t n = strlen(home) + sizeof "/.tirun_history";
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/.tirun_history", home);
    return p;
}

int vm_repl(VM *vm, const char *banner)
{
    DictObj *globals = vm_init_main(vm, "<stdin>");
    if (!globals) return vm_report_uncaught(vm);
    vm_catch_sigint();
    char *hist = history_path();
    using_history();
    stifle_history(1000);
    if (hist) read_history(hist);
    fprintf(stderr, "%s\n", banner);
    StrBuf buf;
    sb_init(&buf);
    int status = 0;
    for (;;) {
        vm_sigint_pending = 0;
        char *line = readline(buf.len ? "... " : ">>> ");
        if (vm_sigint_pending) {
            /* Ctrl-C at the prompt: the input so far is dropped */
            vm_sigint_pending = 0;
            free(line);
            fputs("\nKeyboardInterrupt\n", stderr);
            buf.len = 0;
            continue;
        }
        if (!line) {
            fputc('\n', stderr);
            break;
        }
        bool blank = strspn(line, " \t") == strlen(line);
        if (!blank) add_history(line);
        if (blank && !buf.len) {
            free(line);
            continue;
        }
        sb_puts(&buf, line);
        sb_putc(&buf, '\n');
        free(line);
        if (buf.oom) {
            fputs("MemoryError\n", stderr);
            buf.len = 0;
            buf.oom = false;
            continue;
        }
        InputStatus st = feed(vm, globals, &buf, blank, &status);
        if (st == INPUT_EXIT) break;
        if (st == INPUT_DONE) buf.len = 0;
    }
    sb_free(&buf);
    if (hist) write_history(hist);
    free(hist);
    return status;
}

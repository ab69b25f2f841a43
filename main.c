/* The `tirun` command line: argument handling and the top-level actions.
 * Exit codes: 0 success, 1 uncaught error, 2 usage error. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "parser/parse.h"
#include "vm/repl.h"
#include "vm/vm.h"

#define TIRUN_VERSION "0.1.0"

static const char usage[] =
    "usage: tirun [option] ... [-c cmd | file] [arg] ...\n"
    "Run a Taichi / Python program without CPython.\n"
    "\n"
    "  tirun                  the interactive prompt (on a terminal; else\n"
    "                         the program is read from stdin)\n"
    "  tirun FILE [ARGS...]   run a program (.ti or .py); FILE - is stdin\n"
    "  tirun -c CODE          run a string\n"
    "  tirun test [PATHS...]  run the tests in test_*.py files (pytest's style)\n"
    "  tirun --dump-ast FILE  print the AST as CPython's\n"
    "                         ast.dump(ast.parse(src), include_attributes=True)\n"
    "  tirun --version        print the version\n"
    "  tirun --help           print this help\n";

/* Reads a whole file; returns NULL and prints why on failure. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "tirun: can't open file '%s': [Errno %d] %s\n", path, errno, strerror(errno));
        return NULL;
    }
    char *buf = parse_read_stream(f, len);
    fclose(f);
    if (!buf) fprintf(stderr, "tirun: can't read file '%s'\n", path);
    return buf;
}

/* Parses `bytes`; prints a SyntaxError and returns NULL on failure. */
static AstNode *parse_or_report(Arena *a, const char *filename, const char *bytes, size_t len,
                                ParseSource *src)
{
    ParseError err;
    AstNode *mod = NULL;
    if (parse_source_prepare(a, filename, bytes, len, src, &err))
        mod = parse_module(a, src, &err);
    if (!mod) {
        StrBuf out;
        sb_init(&out);
        parse_error_format(&out, src, &err);
        fputs(out.data ? out.data : "SyntaxError: out of memory\n", stderr);
        sb_free(&out);
    }
    return mod;
}

/* Prints the AST of a source (--dump-ast). */
static int dump_source(const char *filename, const char *bytes, size_t len)
{
    Arena arena;
    arena_init(&arena);
    ParseSource src = { filename, bytes, len };
    AstNode *mod = parse_or_report(&arena, filename, bytes, len, &src);
    int rc = 1;
    if (mod) {
        StrBuf out;
        sb_init(&out);
        ast_dump(&out, mod);
        sb_putc(&out, '\n');
        if (out.oom) {
            fputs("MemoryError\n", stderr);
        } else {
            fwrite(out.data, 1, out.len, stdout);
            rc = 0;
        }
        sb_free(&out);
    }
    arena_free(&arena);
    return rc;
}

/* sys.argv = argv[0..argc), and dir put first on sys.path; false when out
 * of memory. */
static bool set_argv_and_path(VM *vm, int argc, char **argv, Value dir)
{
    Value args = vm_new_list(vm, (uint32_t)argc);
    if (args == V_EXC) return false;
    for (int i = 0; i < argc; i++) vm_list_append(vm, AS_LIST(args), vm_cstr(vm, argv[i]));
    vm->sys_argv = args;
    if (v_has_layout(vm->sys_path, LAYOUT_LIST) && dir != V_EXC) {
        ListObj *p = AS_LIST(vm->sys_path);
        if (vm_list_append(vm, p, dir)) {
            memmove(p->items + 1, p->items, (p->len - 1) * sizeof *p->items);
            p->items[0] = dir;
        }
    }
    return true;
}

/* Runs a program: sys.argv = argv[0..argc), sys.path[0] = the script's folder. */
static int run_source(const char *filename, const char *bytes, size_t len, int argc, char **argv)
{
    VM *vm = vm_new();
    if (!vm) {
        fputs("tirun: out of memory\n", stderr);
        return 1;
    }
    vm_catch_sigint();
    const char *slash = strrchr(filename, '/');
    Value dir = strcmp(filename, "<string>") ? vm_new_str(vm, filename, slash ? (size_t)(slash - filename) : 0)
                                             : vm_cstr(vm, "");
    int rc = set_argv_and_path(vm, argc, argv, dir) ? vm_run_main(vm, filename, bytes, len) : 1;
    fflush(stdout);
    vm_free(vm);
    if (rc == 130) {
        /* an uncaught KeyboardInterrupt: die of SIGINT, as CPython does, so
         * that a calling shell or make stops too */
        signal(SIGINT, SIG_DFL);
        raise(SIGINT);
    }
    return rc;
}

static int run_file(const char *path, int argc, char **argv, int dump)
{
    size_t len;
    char *bytes = read_file(path, &len);
    if (!bytes) return dump ? 1 : 2;   /* CPython exits 2 when the script can't be opened */
    int rc = dump ? dump_source(path, bytes, len) : run_source(path, bytes, len, argc, argv);
    free(bytes);
    return rc;
}

/* The REPL, with sys.argv [''] as in CPython. */
static int repl(void)
{
    VM *vm = vm_new();
    if (!vm) {
        fputs("tirun: out of memory\n", stderr);
        return 1;
    }
    char *noargs[] = { "" };
    set_argv_and_path(vm, 1, noargs, vm_cstr(vm, ""));
    int rc = vm_repl(vm, "tirun " TIRUN_VERSION " (the Python 3.11 language, with Taichi kernels)\n"
                         "Ctrl-D exits; Ctrl-C interrupts.");
    fflush(stdout);
    vm_free(vm);
    return rc;
}

/* A program read from stdin, named "<stdin>" as CPython names it. */
static int run_stdin(int argc, char **argv)
{
    size_t len;
    char *bytes = parse_read_stream(stdin, &len);
    if (!bytes) {
        fputs("tirun: can't read stdin\n", stderr);
        return 2;
    }
    int rc = run_source("<stdin>", bytes, len, argc, argv);
    free(bytes);
    return rc;
}

/* _tirun_testhook.print_exception(exc): the VM's traceback printer writing to
 * stdout, where `tirun test` reports failures (the VM has no traceback module). */
static Value testhook_print_exception(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (nargs != 1 || (kw && kw->len)) return vm_raise(vm, vm->e_TypeError, "print_exception() takes one argument");
    vm_print_exception(vm, args[0], stdout);
    return V_NONE;
}

static Value testhook_init(VM *vm)
{
    Value m = vm_new_module(vm, "_tirun_testhook");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    bool ok = vm_module_add_function(vm, m, "print_exception", testhook_print_exception);
    vm_pop_roots(vm, 1);
    return ok ? m : V_EXC;
}

/* `tirun test [PATHS...]`: the runner in stdlib/py/_tirun_test.py, with
 * sys.argv ['tirun test', PATHS...]; it exits 0, 1 (failures), 2 (usage) or
 * 5 (no tests), as pytest does. */
static int run_tests(int argc, char **argv)
{
    static const char runner[] = "import _tirun_test\n_tirun_test.main()\n";
    vm_register_module("_tirun_testhook", testhook_init);
    argv[0] = "tirun test";
    return run_source("<tirun test>", runner, strlen(runner), argc, argv);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        if (isatty(STDIN_FILENO)) return repl();
        char *noargs[] = { "" };
        return run_stdin(1, noargs);
    }
    const char *a = argv[1];
    if (!strcmp(a, "-")) return run_stdin(argc - 1, argv + 1);
    if (!strcmp(a, "test")) return run_tests(argc - 1, argv + 1);
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
        fputs(usage, stdout);
        return 0;
    }
    if (!strcmp(a, "--version") || !strcmp(a, "-V")) {
        puts("tirun " TIRUN_VERSION);
        return 0;
    }
    if (!strcmp(a, "--dump-ast")) {
        if (argc != 3) {
            fputs("tirun: --dump-ast takes exactly one FILE\n", stderr);
            return 2;
        }
        return run_file(argv[2], 0, NULL, 1);
    }
    if (!strcmp(a, "-c")) {
        if (argc < 3) {
            fputs("tirun: argument expected for the -c option\n", stderr);
            return 2;
        }
        /* sys.argv is ['-c', args...] as in CPython */
        char *code = argv[2];
        argv[2] = "-c";
        return run_source("<string>", code, strlen(code), argc - 2, argv + 2);
    }
    if (a[0] == '-' && a[1]) {
        fprintf(stderr, "tirun: unknown option %s\n%s", a, usage);
        return 2;
    }
    return run_file(a, argc - 1, argv + 1, 0);
}

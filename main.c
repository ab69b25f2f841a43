/* The `tirun` command line, written against the public API (include/tirun.h)
 * alone, as lua.c is: argument handling, Ctrl-C, and the interactive prompt's
 * line editing (libedit). Exit codes: 0 success, 1 uncaught error, 2 usage
 * error or a script that can't be opened. */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <editline/readline.h>
#include <unistd.h>

#include "include/tirun.h"

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
    "  tirun --help           print this help\n"
    "\n"
    "TIRUN_STDLIB_DIR=DIR reads the library modules written in Python from DIR\n"
    "instead of the copies built in.\n";

/* The runtime a SIGINT interrupts (the command runs one at a time), unless
 * the prompt is waiting for a line: then Ctrl-C drops the input. */
static tirun *volatile running;
static volatile sig_atomic_t at_prompt, interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    if (at_prompt) interrupted = 1;
    else if (running) tirun_interrupt(running);
}

/* Ctrl-C raises KeyboardInterrupt in the running program. No SA_RESTART: a
 * blocking read or sleep returns EINTR and raises at once. */
static void catch_sigint(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

static tirun *open_runtime(int argc, char **argv)
{
    tirun_config cfg;
    tirun_config_init(&cfg);
    cfg.stdlib_dir = getenv("TIRUN_STDLIB_DIR");
    tirun *rt = tirun_new_with(&cfg);
    if (!rt) {
        fputs("tirun: out of memory\n", stderr);
        return NULL;
    }
    if (tirun_set_argv(rt, argc, argv)) {
        fputs(tirun_error(rt), stderr);
        tirun_free(rt);
        return NULL;
    }
    running = rt;
    return rt;
}

/* Ends a run: prints its error, frees the runtime, and dies of SIGINT after
 * an uncaught KeyboardInterrupt, as CPython does, so that a calling shell or
 * make stops too. */
static int finish(tirun *rt, int status)
{
    if (status) {
        fflush(stdout);
        fputs(tirun_error(rt), stderr);
    }
    fflush(stdout);
    running = NULL;
    tirun_free(rt);
    if (status == 130) {
        signal(SIGINT, SIG_DFL);
        raise(SIGINT);
    }
    return status;
}

/* Runs a program: sys.argv = argv[0..argc); code NULL runs the file argv[0]. */
static int run(const char *code, const char *name, int argc, char **argv)
{
    tirun *rt = open_runtime(argc, argv);
    if (!rt) return 1;
    catch_sigint();
    return finish(rt, code ? tirun_run_string(rt, code, name) : tirun_run_file(rt, argv[0]));
}

/* A program read from stdin, named "<stdin>" as CPython names it. */
static int run_stdin(int argc, char **argv)
{
    size_t len = 0, cap = 1 << 16;
    char *text = malloc(cap);
    for (size_t n; text && (n = fread(text + len, 1, cap - len - 1, stdin)) > 0;) {
        len += n;
        if (cap - len < 2) {
            char *grown = realloc(text, cap *= 2);
            if (!grown) free(text);
            text = grown;
        }
    }
    if (!text || ferror(stdin)) {
        free(text);
        fputs("tirun: can't read stdin\n", stderr);
        return 2;
    }
    text[len] = 0;
    if (strlen(text) != len) {
        free(text);
        fputs("SyntaxError: source code string cannot contain null bytes\n", stderr);
        return 1;
    }
    int status = run(text, "<stdin>", argc, argv);
    free(text);
    return status;
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

/* The auto-indent: what the next line starts with, fed to libedit as if
 * typed ahead of the keyboard (libedit clears text inserted before it reads).
 * Dropped when keys are already waiting at the line's start: a paste brings
 * its own indentation. */
static char indent[128];
static size_t indent_len, indent_at;
static bool line_fresh;

/* libedit's input: the auto-indent first, then the terminal's bytes, a UTF-8
 * sequence decoded to its code point (libedit takes the int for a wchar_t).
 * EOF (-1) on Ctrl-C, so that readline returns and the input is dropped. */
static int read_key(FILE *in)
{
    int fd = fileno(in);
    if (line_fresh) {
        line_fresh = false;
        struct pollfd p = { fd, POLLIN, 0 };
        if (poll(&p, 1, 0) > 0) indent_len = 0;
    }
    if (indent_at < indent_len) return (unsigned char)indent[indent_at++];
    unsigned char b[4];
    for (;;) {
        ssize_t n = read(fd, b, 1);
        if (n == 1) break;
        if (n < 0 && errno == EINTR && !interrupted) continue;
        return -1;
    }
    int more = b[0] >= 0xF0 ? 3 : b[0] >= 0xE0 ? 2 : b[0] >= 0xC0 ? 1 : 0;
    if (!more) return b[0];
    int cp = b[0] & (0x3F >> more);
    for (int i = 1; i <= more; i++) {
        if (read(fd, b + i, 1) != 1 || (b[i] & 0xC0) != 0x80) return -1;
        cp = cp << 6 | (b[i] & 0x3F);
    }
    return cp;
}

/* The indentation for the line after buf's last non-blank one: the same, a
 * level deeper after a ':' ending it, a level shallower after a statement
 * that ends its block (return, pass, raise, break, continue). */
static void set_indent(const char *buf, size_t len)
{
    static const char *const enders[] = { "return", "pass", "raise", "break", "continue" };
    size_t end = len, start;
    for (;;) {
        start = end ? end - 1 : 0;
        while (start > 0 && buf[start - 1] != '\n') start--;
        if (!end || strspn(buf + start, " \t") < end - 1 - start) break;
        end = start;
    }
    size_t n = strspn(buf + start, " \t");
    const char *code = buf + start + n;
    size_t code_len = end > start + n ? end - 1 - (start + n) : 0;
    const char *hash = memchr(code, '#', code_len);
    size_t last = hash ? (size_t)(hash - code) : code_len;
    while (last && (code[last - 1] == ' ' || code[last - 1] == '\t')) last--;
    size_t depth = n;
    if (last && code[last - 1] == ':') depth = n + 4;
    for (size_t i = 0; i < sizeof enders / sizeof *enders; i++) {
        size_t k = strlen(enders[i]);
        if (code_len >= k && !strncmp(code, enders[i], k) && (code_len == k || strchr(" \t(;#", code[k])))
            depth = n >= 4 ? n - 4 : 0;
    }
    if (depth >= sizeof indent) depth = 0;
    memset(indent, ' ', depth);
    if (depth <= n) memcpy(indent, buf + start, depth);   /* keep the block's own tabs */
    indent_len = depth;
}

/* Tab: on a line blank up to the cursor it indents; elsewhere it completes
 * the Python name before the cursor (tirun_complete), never a file name. */
static char **complete(const char *word, int start, int end)
{
    (void)end;
    rl_attempted_completion_over = 1;
    if (!*word) {
        if (strspn(rl_line_buffer, " \t") >= (size_t)start) rl_insert_text("    ");
        return NULL;
    }
    char **found = running ? tirun_complete(running, word) : NULL;
    size_t n = 0;
    while (found && found[n]) n++;
    if (n < 2) {
        if (!n) free(found);
        return n ? found : NULL;
    }
    /* readline's list: the longest common prefix first, then the matches */
    char **out = malloc((n + 2) * sizeof *out);
    size_t common = strlen(found[0]);
    for (size_t i = 1; i < n; i++)
        for (size_t k = 0; k < common; k++)
            if (found[i][k] != found[0][k]) common = k;
    if (out && (out[0] = strndup(found[0], common))) {
        memcpy(out + 1, found, n * sizeof *out);
        out[n + 1] = NULL;
    } else {
        for (size_t i = 0; i < n; i++) free(found[i]);
        free(out);
        out = NULL;
    }
    free(found);
    return out;
}

/* The interactive prompt, with sys.argv [''] as in CPython: libedit reads
 * lines (editing, a history file, Tab completion, auto-indent); the prompts
 * are sys.ps1 and sys.ps2; Ctrl-C drops the input or interrupts the running
 * code, Ctrl-D exits. */
static int repl(void)
{
    char *noargs[] = { "" };
    tirun *rt = open_runtime(1, noargs);
    if (!rt) return 1;
    catch_sigint();
    /* libedit shows and returns UTF-8 only in a UTF-8 locale; the C locale
     * gives way to C.UTF-8, as CPython's does (PEP 538) */
    if (!setlocale(LC_CTYPE, "") || strcmp(nl_langinfo(CODESET), "UTF-8")) setlocale(LC_CTYPE, "C.UTF-8");
    rl_getc_function = read_key;   /* before libedit starts: it reads the hook then */
    rl_attempted_completion_function = complete;
    rl_basic_word_break_characters = rl_completer_word_break_characters = " \t\n`~!@#$%^&*()-=+[{]}\\|;:'\",<>/?";
    rl_completion_append_character = '\0';
    char *hist = history_path();
    using_history();
    stifle_history(1000);
    if (hist) read_history(hist);
    fprintf(stderr, "tirun %s (the Python 3.11 language, with Taichi kernels)\n"
            "Type help(object) for help; exit() or Ctrl-D exits, Ctrl-C interrupts.\n", TIRUN_VERSION_STRING);
    char *buf = NULL;
    size_t len = 0;
    int status = 0;
    for (;;) {
        interrupted = 0;
        at_prompt = 1;
        indent_at = 0;
        line_fresh = true;
        if (!len) indent_len = 0;
        char *line = readline(tirun_prompt(rt, len > 0));
        at_prompt = 0;
        if (interrupted) {
            /* Ctrl-C at the prompt: the input so far is dropped */
            free(line);
            fputs("\nKeyboardInterrupt\n", stderr);
            len = 0;
            continue;
        }
        if (!line) {
            fputc('\n', stderr);
            break;
        }
        bool blank = strspn(line, " \t") == strlen(line);
        if (!blank) add_history(line);
        if (blank && !len) {
            free(line);
            continue;
        }
        size_t n = strlen(line);
        char *grown = realloc(buf, len + n + 2);
        if (!grown) {
            free(line);
            fputs("MemoryError\n", stderr);
            len = 0;
            continue;
        }
        buf = grown;
        memcpy(buf + len, line, n);
        len += n;
        buf[len++] = '\n';
        buf[len] = 0;
        free(line);
        int r = tirun_interactive(rt, buf, blank, &status);
        if (r == TIRUN_EXIT) break;
        if (r == TIRUN_DONE) len = 0;
        else set_indent(buf, len);
    }
    free(buf);
    if (hist) write_history(hist);
    free(hist);
    return finish(rt, 0) + status;
}

/* `tirun test [PATHS...]`: the runner in stdlib/py/_tirun_test.py, with
 * sys.argv ['tirun test', PATHS...]; it exits 0, 1 (failures), 2 (usage) or
 * 5 (no tests), as pytest does. */
static int run_tests(int argc, char **argv)
{
    argv[0] = "tirun test";
    return run("import _tirun_test\n_tirun_test.main()\n", "<tirun test>", argc, argv);
}

static int dump_ast(const char *path)
{
    tirun *rt = tirun_new();
    if (!rt) {
        fputs("tirun: out of memory\n", stderr);
        return 1;
    }
    int status = tirun_dump_ast(rt, path);
    if (status) fputs(tirun_error(rt), stderr);
    tirun_free(rt);
    return status;
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
        puts("tirun " TIRUN_VERSION_STRING);
        return 0;
    }
    if (!strcmp(a, "--dump-ast")) {
        if (argc != 3) {
            fputs("tirun: --dump-ast takes exactly one FILE\n", stderr);
            return 2;
        }
        return dump_ast(argv[2]);
    }
    if (!strcmp(a, "-c")) {
        if (argc < 3) {
            fputs("tirun: argument expected for the -c option\n", stderr);
            return 2;
        }
        /* sys.argv is ['-c', args...] as in CPython */
        char *code = argv[2];
        argv[2] = "-c";
        return run(code, "<string>", argc - 2, argv + 2);
    }
    if (a[0] == '-' && a[1]) {
        fprintf(stderr, "tirun: unknown option %s\n%s", a, usage);
        return 2;
    }
    return run(NULL, NULL, argc - 1, argv + 1);
}

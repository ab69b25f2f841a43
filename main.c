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

static const char usage_line[] = "usage: tirun [option] ... [-c cmd | -m mod | file | dir | -] [arg] ...\n";

static const char usage[] =
    "usage: tirun [option] ... [-c cmd | -m mod | file | dir | -] [arg] ...\n"
    "Run a Taichi / Python program without CPython: python3's command line.\n"
    "\n"
    "  tirun                  the interactive prompt (on a terminal; else\n"
    "                         the program is read from stdin)\n"
    "  tirun FILE [ARGS...]   run a program (.ti or .py); FILE - is stdin\n"
    "  tirun DIR [ARGS...]    run DIR/__main__.py (or .ti), DIR first on sys.path\n"
    "  tirun -c CODE          run a string\n"
    "  tirun -m MODULE        run a module (a package: its __main__) as a script\n"
    "  tirun test [PATHS...]  run the tests in test_*.py / test_*.ti files\n"
    "                         (pytest's style; tirun test -h for its options)\n"
    "  tirun --dump-ast FILE  print the AST as CPython's\n"
    "                         ast.dump(ast.parse(src), include_attributes=True)\n"
    "\n"
    "Options, as python3's (short ones combine: -uB, -Werror, -ccode):\n"
    "-c cmd : program passed in as string (terminates option list)\n"
    "-m mod : run a module as a script (terminates option list)\n"
    "-i     : the interactive prompt after the program ends (also after an\n"
    "         error), even if stdin is not a terminal; also PYTHONINSPECT=x\n"
    "-u     : unbuffered stdout and stderr; also PYTHONUNBUFFERED=x\n"
    "-O     : leave assert statements out, __debug__ False; also\n"
    "         PYTHONOPTIMIZE=x (-OO: the same; docstrings are kept)\n"
    "-v     : trace each module loaded from a file on stderr; also\n"
    "         PYTHONVERBOSE=x\n"
    "-q     : no banner at the interactive prompt\n"
    "-E     : ignore the PYTHON* variables and TIRUN_PATH\n"
    "-P     : don't put the program's folder (or '' / the current folder)\n"
    "         first on sys.path; also PYTHONSAFEPATH=x\n"
    "-I     : isolate: -E, -P and -s\n"
    "-W arg : warning control: appended to sys.warnoptions; also\n"
    "         PYTHONWARNINGS=arg,...\n"
    "-X opt : implementation-specific option: put in sys._xoptions (tirun\n"
    "         acts on none of them)\n"
    "-b, -B, -d, -R, -s, -S: accepted and shown in sys.flags /\n"
    "         sys.dont_write_bytecode; tirun writes no .pyc files, has no site\n"
    "         module, user site folder or hash randomization; also\n"
    "         PYTHONDONTWRITEBYTECODE=x (-B), PYTHONNOUSERSITE=x (-s)\n"
    "-h     : print this help and exit (also -? or --help)\n"
    "-V     : print the version and exit (also --version)\n"
    "--     : the end of the options: the next argument is the program\n"
    "Not supported: -x (skip the first line), -J, --check-hash-based-pycs,\n"
    "zip files as programs, namespace packages (folders without __init__.py)\n"
    "for -m and import, PYTHONHOME and the other PYTHON* variables not named\n"
    "here.\n"
    "\n"
    "Environment:\n"
    "PYTHONSTARTUP=FILE\n"
    "         run FILE before the first prompt (not with -c, -m or a program)\n"
    "PYTHONPATH, TIRUN_PATH\n"
    "         ':'-separated folders searched for modules (TIRUN_PATH's first),\n"
    "         after the program's own folder and before nothing else: tirun's\n"
    "         library is built in\n"
    "TIRUN_STDLIB_DIR=DIR\n"
    "         read the library modules written in Python from DIR instead of\n"
    "         the copies built in (for working on them)\n"
    "TIRUN_GUI_FRAMES=N\n"
    "         ti.GUI's `running` turns False after N show() calls\n"
    "TIRUN_JIT_DUMP=1\n"
    "         print the LLVM IR of each kernel compiled\n"
    "TI_ARCH=cpu|vulkan\n"
    "         the backend, over ti.init(arch=...), as Taichi's\n"
    "TI_OFFLINE_CACHE, TI_FAST_MATH, ...\n"
    "         Taichi's: ti.init's options that its call does not give\n";

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

/* What the command line asks for, python3's way. */
typedef struct {
    tirun_config cfg;
    const char *command, *module;   /* -c, -m */
    bool unbuffered;
    const char **warn, **xopt;      /* -W and -X arguments, NULL-ended */
    int nwarn, nxopt;
    char *warn_env;                 /* PYTHONWARNINGS, cut into warn's items */
    char **path;                    /* sys.path after the program's folder */
    int npath;
} Options;

static void free_options(Options *o)
{
    free(o->warn);
    free(o->xopt);
    free(o->warn_env);
    for (int i = 0; i < o->npath; i++) free(o->path[i]);
    free(o->path);
}

static bool push(const char ***list, int *n, const char *item)
{
    const char **grown = realloc(*list, (size_t)(*n + 2) * sizeof *grown);
    if (!grown) return false;
    grown[(*n)++] = item;
    grown[*n] = NULL;
    *list = grown;
    return true;
}

static bool push_path(Options *o, const char *dir, size_t len)
{
    char **grown = realloc(o->path, (size_t)(o->npath + 1) * sizeof *grown);
    if (!grown) return false;
    o->path = grown;
    return (o->path[o->npath] = strndup(dir, len)) && ++o->npath;
}

/* The non-empty entries of a ':'-separated list of folders, onto the path. */
static bool push_path_list(Options *o, const char *list)
{
    for (const char *p = list; p && *p;) {
        size_t n = strcspn(p, ":");
        if (n && !push_path(o, p, n)) return false;
        p += n + (p[n] == ':');
    }
    return true;
}

/* A PYTHON* variable unless -E: NULL when unset or empty. */
static const char *env(const Options *o, const char *name)
{
    if (o->cfg.flags.ignore_environment) return NULL;
    const char *v = getenv(name);
    return v && *v ? v : NULL;
}

/* A flag that a variable sets too (PYTHONOPTIMIZE=2 counts 2, other text 1),
 * as python3 takes the larger of the two. */
static void env_flag(const Options *o, int *flag, const char *name)
{
    const char *v = env(o, name);
    if (!v) return;
    char *end;
    long n = strtol(v, &end, 10);
    int level = *end || n < 1 ? 1 : n > 100 ? 100 : (int)n;
    if (level > *flag) *flag = level;
}

/* The variables that act as options: after the command line, which wins. */
static bool read_environment(Options *o)
{
    tirun_flags *f = &o->cfg.flags;
    env_flag(o, &f->inspect, "PYTHONINSPECT");
    env_flag(o, &f->optimize, "PYTHONOPTIMIZE");
    env_flag(o, &f->verbose, "PYTHONVERBOSE");
    env_flag(o, &f->dont_write_bytecode, "PYTHONDONTWRITEBYTECODE");
    env_flag(o, &f->safe_path, "PYTHONSAFEPATH");
    env_flag(o, &f->no_user_site, "PYTHONNOUSERSITE");
    if (env(o, "PYTHONUNBUFFERED")) o->unbuffered = true;
    /* sys.warnoptions: -X dev's "default", PYTHONWARNINGS's, then the -W ones, as python3 orders them */
    const char **list = NULL;
    int n = 0;
    if (o->cfg.flags.dev_mode && !push(&list, &n, "default")) return false;
    const char *w = env(o, "PYTHONWARNINGS");
    char *copy = o->warn_env = w ? strdup(w) : NULL;
    if (w && !copy) return false;
    for (char *save, *item = copy ? strtok_r(copy, ",", &save) : NULL; item; item = strtok_r(NULL, ",", &save))
        if (!push(&list, &n, item)) return false;
    for (int i = 0; i < o->nwarn; i++)
        if (!push(&list, &n, o->warn[i])) return false;
    free(o->warn);
    o->warn = list;
    o->nwarn = n;
    return push_path_list(o, env(o, "TIRUN_PATH")) && push_path_list(o, env(o, "PYTHONPATH"));
}

static int usage_error(const char *fmt, const char *what)
{
    fprintf(stderr, fmt, what);
    fprintf(stderr, "%sTry `tirun -h' for more information.\n", usage_line);
    return 2;
}

/* Parses python3's options from argv[1]: *first becomes the index of the
 * program (a file, "-", or the first argument after -c / -m), argc when none.
 * Returns -1 to go on, else the exit status (help, version, a usage error). */
static int parse_options(Options *o, int argc, char **argv, int *first)
{
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            i++;
            break;
        }
        if (a[0] != '-' || !a[1]) break;
        if (a[1] == '-') {
            if (!strcmp(a, "--help") || !strcmp(a, "--help-env") || !strcmp(a, "--help-xoptions") ||
                !strcmp(a, "--help-all")) {
                fputs(usage, stdout);
                return 0;
            }
            if (!strcmp(a, "--version")) {
                puts("tirun " TIRUN_VERSION_STRING);
                return 0;
            }
            return usage_error("unknown option %s\n", a);
        }
        for (const char *c = a + 1; *c; c++) {
            tirun_flags *f = &o->cfg.flags;
            if (strchr("cmWX", *c)) {
                /* the rest of the word, else the next one */
                const char *value = c[1] ? c + 1 : i + 1 < argc ? argv[++i] : NULL;
                char opt[3] = {'-', *c, 0};
                if (!value) return usage_error("Argument expected for the %s option\n", opt);
                if (*c == 'c') o->command = value;
                else if (*c == 'm') o->module = value;
                else if (!(*c == 'W' ? push(&o->warn, &o->nwarn, value) : push(&o->xopt, &o->nxopt, value))) {
                    fputs("tirun: out of memory\n", stderr);
                    return 1;
                }
                if (*c == 'c' || *c == 'm') {
                    *first = i + 1;
                    return -1;
                }
                if (*c == 'X' && !strcmp(value, "dev")) f->dev_mode = 1;
                break;
            }
            switch (*c) {
            case 'b': f->bytes_warning++; break;
            case 'B': f->dont_write_bytecode = 1; break;
            case 'd': f->debug++; break;
            case 'E': f->ignore_environment = 1; break;
            case 'i': f->inspect = f->interactive = 1; break;
            case 'I': f->isolated = f->ignore_environment = f->no_user_site = f->safe_path = 1; break;
            case 'O': f->optimize++; break;
            case 'P': f->safe_path = 1; break;
            case 'q': f->quiet = 1; break;
            case 's': f->no_user_site = 1; break;
            case 'S': f->no_site = 1; break;
            case 'u': o->unbuffered = true; break;
            case 'v': f->verbose++; break;
            case 'R': break;   /* hash randomization: tirun's hashes are not randomized */
            case 'h': case '?':
                fputs(usage, stdout);
                return 0;
            case 'V':
                puts("tirun " TIRUN_VERSION_STRING);
                return 0;
            case 'x':
                fputs("tirun: -x (skip the first line of the program) is not supported\n", stderr);
                return 2;
            default: {
                char opt[3] = {'-', *c, 0};
                return usage_error("Unknown option: %s\n", opt);
            }
            }
        }
    }
    *first = i;
    return -1;
}

static tirun *open_runtime(Options *o, int argc, char **argv, const char *path0)
{
    o->cfg.stdlib_dir = getenv("TIRUN_STDLIB_DIR");
    o->cfg.warnoptions = o->warn;
    o->cfg.xoptions = o->xopt;
    tirun *rt = tirun_new_with(&o->cfg);
    if (!rt) {
        fputs("tirun: out of memory\n", stderr);
        return NULL;
    }
    /* sys.path: '' (-c, stdin, the prompt) or the current folder (-m) first
     * unless -P, then TIRUN_PATH and PYTHONPATH; a program's folder goes first
     * as it runs */
    char **dirs = malloc((size_t)(o->npath + 1) * sizeof *dirs);
    int n = 0;
    if (dirs && path0 && !o->cfg.flags.safe_path) dirs[n++] = (char *)path0;
    for (int i = 0; dirs && i < o->npath; i++) dirs[n++] = o->path[i];
    int failed = !dirs || tirun_set_path(rt, n, dirs) || tirun_set_argv(rt, argc, argv);
    free(dirs);
    if (failed) {
        fputs(*tirun_error(rt) ? tirun_error(rt) : "tirun: out of memory\n", stderr);
        tirun_free(rt);
        return NULL;
    }
    running = rt;
    return rt;
}

/* Ends a run: frees the runtime, and dies of SIGINT after an uncaught
 * KeyboardInterrupt, as CPython does, so that a calling shell or make stops
 * too. */
static int finish(tirun *rt, int status)
{
    fflush(stdout);
    running = NULL;
    tirun_free(rt);
    if (status == 130) {
        signal(SIGINT, SIG_DFL);
        raise(SIGINT);
    }
    return status;
}

/* Prints a failed run's error. */
static int report(tirun *rt, int status)
{
    if (status) {
        fflush(stdout);
        fputs(tirun_error(rt), stderr);
    }
    return status;
}

/* The text of stdin (malloc'ed), or NULL with the error printed and *status set. */
static char *read_stdin(int *status)
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
        *status = 2;
        return NULL;
    }
    text[len] = 0;
    if (strlen(text) != len) {
        free(text);
        fputs("SyntaxError: source code string cannot contain null bytes\n", stderr);
        *status = 1;
        return NULL;
    }
    return text;
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

/* A line of the prompt: libedit's on a terminal; else (-i with stdin
 * redirected) the prompt goes to stderr and the line is read plainly, as
 * python3 does. NULL at the end of input. */
static char *read_line(const char *prompt, bool tty)
{
    if (tty) return readline(prompt);
    fputs(prompt, stderr);
    fflush(stderr);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, stdin);
    if (n < 0) {
        free(line);
        return NULL;
    }
    if (n && line[n - 1] == '\n') line[n - 1] = 0;
    return line;
}

static const char banner[] = "tirun %s (the Python 3.11 language, with Taichi kernels)\nType help(object) for help; exit() or Ctrl-D exits, Ctrl-C interrupts.\n";

/* PYTHONSTARTUP's file, run in __main__ before the first prompt as python3
 * runs it: its errors are printed and the prompt comes all the same. */
static void run_startup(const Options *o, tirun *rt)
{
    const char *path = env(o, "PYTHONSTARTUP");
    if (!path) return;
    FILE *f = fopen(path, "rb");
    if (!f) {
        int e = errno;
        fprintf(stderr, "Could not open PYTHONSTARTUP\n%s: [Errno %d] %s: '%s'\n",
                e == ENOENT ? "FileNotFoundError" : e == EACCES ? "PermissionError" : "OSError", e, strerror(e), path);
        return;
    }
    size_t len = 0, cap = 4096;
    char *text = malloc(cap);
    for (size_t n; text && (n = fread(text + len, 1, cap - len - 1, f)) > 0;) {
        len += n;
        char *grown = cap - len < 2 ? realloc(text, cap *= 2) : text;
        if (!grown) free(text);
        text = grown;
    }
    fclose(f);
    if (!text) {
        fputs("tirun: out of memory\n", stderr);
        return;
    }
    text[len] = 0;
    report(rt, tirun_run_string(rt, text, path));
    fflush(stdout);
    free(text);
}

/* The interactive prompt on rt: libedit reads lines (editing, a history
 * file, Tab completion, auto-indent; the prompts are sys.ps1 and sys.ps2);
 * Ctrl-C drops the input or interrupts the running code, Ctrl-D exits.
 * Returns the exit status. */
static int repl(tirun *rt)
{
    bool tty = isatty(STDIN_FILENO);
    /* libedit shows and returns UTF-8 only in a UTF-8 locale; the C locale
     * gives way to C.UTF-8, as CPython's does (PEP 538) */
    if (!setlocale(LC_CTYPE, "") || strcmp(nl_langinfo(CODESET), "UTF-8")) setlocale(LC_CTYPE, "C.UTF-8");
    rl_getc_function = read_key;   /* before libedit starts: it reads the hook then */
    rl_attempted_completion_function = complete;
    rl_basic_word_break_characters = rl_completer_word_break_characters = " \t\n`~!@#$%^&*()-=+[{]}\\|;:'\",<>/?";
    rl_completion_append_character = '\0';
    char *hist = tty ? history_path() : NULL;
    using_history();
    stifle_history(1000);
    if (hist) read_history(hist);
    char *buf = NULL;
    size_t len = 0;
    int status = 0;
    for (;;) {
        interrupted = 0;
        at_prompt = 1;
        indent_at = 0;
        line_fresh = true;
        if (!len) indent_len = 0;
        char *line = read_line(tirun_prompt(rt, len > 0), tty);
        at_prompt = 0;
        if (interrupted) {
            /* Ctrl-C at the prompt: the input so far is dropped */
            free(line);
            clearerr(stdin);   /* a plain read that EINTR ended */
            fputs("\nKeyboardInterrupt\n", stderr);
            len = 0;
            continue;
        }
        if (!line) {
            fputc('\n', stderr);
            break;
        }
        bool blank = strspn(line, " \t") == strlen(line);
        if (!blank && tty) add_history(line);
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
    return status;
}

/* `tirun test [PATHS...]`: the runner in stdlib/py/_tirun_test.py, with
 * sys.argv ['tirun test', PATHS...]; it exits 0, 1 (failures), 2 (usage) or
 * 5 (no tests), as pytest does. */
static int run_tests(int argc, char **argv)
{
    Options o = {0};
    tirun_config_init(&o.cfg);
    argv[0] = "tirun test";
    int status = 1;
    if (read_environment(&o)) {
        tirun *rt = open_runtime(&o, argc, argv, NULL);
        if (rt) {
            catch_sigint();
            status = finish(rt, report(rt, tirun_run_string(rt, "import _tirun_test\n_tirun_test.main()\n",
                                                            "<tirun test>")));
        }
    }
    free_options(&o);
    return status;
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

/* Runs what the options name: sys.argv is argv[0 .. argc), python3's:
 * [file, args] for a file, ['-c', args] for -c, ['-m', args] until -m finds
 * its file, ['-', args] or [''] for stdin and the prompt. */
static int run(Options *o, int argc, char **argv)
{
    bool tty = isatty(STDIN_FILENO);
    const char *program = o->command || o->module || !argc ? NULL : argv[0];
    bool from_stdin = !o->command && !o->module && (!program || !strcmp(program, "-"));
    bool prompt = from_stdin && !program && (tty || o->cfg.flags.inspect);
    char *text = NULL;
    int status = 0;
    if (from_stdin && !prompt && !(text = read_stdin(&status))) return status;
    char cwd[4096];
    const char *path0 = o->module ? (getcwd(cwd, sizeof cwd) ? cwd : "") : program && !from_stdin ? NULL : "";
    char *noargs[] = {""};
    tirun *rt = !argc ? open_runtime(o, 1, noargs, path0) : open_runtime(o, argc, argv, path0);
    if (!rt) {
        free(text);
        return 1;
    }
    catch_sigint();
    if (o->command) status = tirun_run_string(rt, o->command, "<string>");
    else if (o->module) status = tirun_run_module(rt, o->module);
    else if (text) status = tirun_run_string(rt, text, "<stdin>");
    else if (!prompt) status = tirun_run_file(rt, program);
    free(text);
    report(rt, status);
    if (prompt || o->cfg.flags.inspect) {
        /* -i: the prompt after the program, whatever its end, as python3's;
         * the banner and PYTHONSTARTUP only for the prompt alone */
        fflush(stdout);
        if (prompt && !o->cfg.flags.quiet) fprintf(stderr, banner, TIRUN_VERSION_STRING);
        if (prompt) run_startup(o, rt);
        status = repl(rt);
    }
    return finish(rt, status);
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "test")) return run_tests(argc - 1, argv + 1);
    if (argc >= 2 && !strcmp(argv[1], "--dump-ast")) {
        if (argc != 3) {
            fputs("tirun: --dump-ast takes exactly one FILE\n", stderr);
            return 2;
        }
        return dump_ast(argv[2]);
    }
    Options o = {0};
    tirun_config_init(&o.cfg);
    int first = argc;
    int status = parse_options(&o, argc, argv, &first);
    if (status < 0 && !read_environment(&o)) {
        fputs("tirun: out of memory\n", stderr);
        status = 1;
    }
    if (status < 0) {
        if (o.unbuffered) {
            setvbuf(stdout, NULL, _IONBF, 0);
            setvbuf(stderr, NULL, _IONBF, 0);
        }
        if (o.command || o.module) {
            /* sys.argv[0] is '-c' or '-m', the rest what follows the option */
            argv[first - 1] = o.command ? "-c" : "-m";
            status = run(&o, argc - first + 1, argv + first - 1);
        } else {
            status = run(&o, argc - first, argv + first);
        }
    }
    free_options(&o);
    return status;
}

/* tirun: the Taichi language without CPython, as a library.
 *
 * A runtime (`tirun *`) is one running program: its Python-scope interpreter,
 * its Taichi program (fields, kernels and their compiled code) and its
 * backend. It owns all of its state, so a process may hold any number of
 * runtimes, each used from its own thread at the same time; one runtime must
 * not be used from two threads at once.
 *
 * Every function that can fail returns an int: 0 on success, non-zero on
 * failure, when tirun_error() holds the whole message (a Python traceback, a
 * SyntaxError with its caret line, Taichi's compile-error block). An error
 * never ends the host process, and the runtime stays usable after it.
 *
 * Link with `pkg-config --cflags --libs tirun`. */
#ifndef TIRUN_H
#define TIRUN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define TIRUN_API __attribute__((visibility("default")))
#else
#define TIRUN_API
#endif

#define TIRUN_VERSION_MAJOR 0
#define TIRUN_VERSION_MINOR 1
#define TIRUN_VERSION_PATCH 0
#define TIRUN_VERSION_STRING "0.1.0"

typedef struct tirun tirun;

/* The streams a runtime writes to: print() and kernels' print go to
 * TIRUN_STDOUT, warnings and the REPL's tracebacks to TIRUN_STDERR. */
enum { TIRUN_STDOUT = 1, TIRUN_STDERR = 2 };

/* python3's interpreter options, as its command line sets them (-O, -v,
 * -i, ...) and sys.flags shows them; each 0 by default. optimize (-O) makes
 * __debug__ False and leaves assert statements out; verbose (-v) traces each
 * module loaded from a file on the TIRUN_STDERR stream; safe_path (-P) keeps
 * the program's folder off sys.path; the others only show in sys.flags. */
typedef struct tirun_flags {
    int debug, inspect, interactive, optimize, dont_write_bytecode, no_user_site, no_site,
        ignore_environment, verbose, bytes_warning, quiet, isolated, dev_mode, safe_path;
} tirun_flags;

/* What the host decides for a runtime. Fill it with tirun_config_init(), then
 * set what differs; tirun_new_with() copies it (the strings too). */
typedef struct tirun_config {
    /* Receives everything the program writes to `stream` (TIRUN_STDOUT or
     * TIRUN_STDERR) when set; else the process's stdout and stderr. Called
     * on the thread that runs the runtime, and from kernels' threads under a
     * lock, one whole line or more at a time. */
    void (*write)(void *user, int stream, const char *text, size_t len);
    /* Finds a module that is neither built in nor in tirun's library before
     * sys.path is searched: returns its source, malloc'ed (tirun frees it),
     * with its length in *len; NULL when the host has no module `name` (a
     * full dotted name). Lets a game load scripts from its own archives. */
    char *(*load_module)(void *user, const char *name, size_t *len);
    /* Handed back to write and load_module. */
    void *user;
    /* Whether ti.init prints Taichi's "[Taichi] Starting on arch=..." line:
     * 1 by default, 0 silences it. */
    int banner;
    /* Reads the library modules written in Python from this folder instead
     * of the copies built into tirun (for working on them); NULL by default. */
    const char *stdlib_dir;
    /* python3's interpreter options (above). */
    tirun_flags flags;
    /* sys.warnoptions and sys._xoptions: the arguments of python3's -W and -X
     * options ("name=value" or "name"), each list ended by NULL; NULL for none. */
    const char *const *warnoptions;
    const char *const *xoptions;
} tirun_config;

/* Sets every field of cfg to its default. */
TIRUN_API void tirun_config_init(tirun_config *cfg);

/* A new runtime with the default configuration; NULL when out of memory. */
TIRUN_API tirun *tirun_new(void);

/* A new runtime configured by cfg (copied; NULL means the defaults); NULL
 * when out of memory. */
TIRUN_API tirun *tirun_new_with(const tirun_config *cfg);

/* Frees a runtime and everything it owns: fields, compiled kernels, threads.
 * NULL is allowed. */
TIRUN_API void tirun_free(tirun *rt);

/* The message of the last failure of a call on rt ("" when none failed). It
 * stays valid until the next call on rt. */
TIRUN_API const char *tirun_error(const tirun *rt);

/* Sets sys.argv to argv[0 .. argc) (argv[0] is the program's name, as in
 * Python). Returns 0, or non-zero when out of memory. */
TIRUN_API int tirun_set_argv(tirun *rt, int argc, char **argv);

/* Sets sys.path, the folders searched for modules that are neither built in
 * nor in tirun's library, to dirs[0 .. n) ("" is the current folder).
 * Returns 0, or non-zero when out of memory. */
TIRUN_API int tirun_set_path(tirun *rt, int n, char **dirs);

/* Runs the program in the file at path as __main__, its folder first on
 * sys.path (unless flags.safe_path); a folder runs its __main__.py (.ti), the
 * folder first on sys.path, as python3 runs one. Returns 0 when it ran to its end (or called sys.exit(0));
 * otherwise the exit status a command line gives: 1 for an uncaught
 * exception or a syntax error, sys.exit's code, 130 for KeyboardInterrupt,
 * 2 when the file cannot be read; tirun_error() then holds the message.
 * Running a file again in the same runtime (an edited script: hot reload)
 * runs the new code: its kernels replace the old ones, and a kernel whose
 * source did not change keeps its compiled code. */
TIRUN_API int tirun_run_file(tirun *rt, const char *path);

/* Runs the module `name` (a full dotted name) as __main__, as `python3 -m
 * name` does: its parent packages are imported first, a package runs its
 * __main__ submodule, and sys.argv[0] becomes the module's file. Returns as
 * tirun_run_file does; 1 when there is no such module. */
TIRUN_API int tirun_run_module(tirun *rt, const char *name);

/* Runs source (UTF-8 text) as __main__; filename names it in tracebacks.
 * Returns as tirun_run_file does. */
TIRUN_API int tirun_run_string(tirun *rt, const char *source, const char *filename);

/* Asks the code running in rt to stop: it raises KeyboardInterrupt at its
 * next loop iteration, blocking call or kernel launch. Async-signal-safe, so
 * a SIGINT handler may call it; any thread may. */
TIRUN_API void tirun_interrupt(tirun *rt);

/* ---- values and calls */

/* The kinds of tirun_value: None, an int, a float, or (arguments only) a
 * host array for a ti.types.ndarray parameter. */
enum { TIRUN_NONE, TIRUN_INT, TIRUN_FLOAT, TIRUN_NDARRAY };

/* Element types of a host array (tirun_array.dtype): each names the Taichi
 * primitive type of the same name and the C type of its elements. */
enum {
    TIRUN_I8 = 1,   /* ti.i8,  int8_t */
    TIRUN_I16,      /* ti.i16, int16_t */
    TIRUN_I32,      /* ti.i32, int32_t */
    TIRUN_I64,      /* ti.i64, int64_t */
    TIRUN_U8,       /* ti.u8,  uint8_t */
    TIRUN_U16,      /* ti.u16, uint16_t */
    TIRUN_U32,      /* ti.u32, uint32_t */
    TIRUN_U64,      /* ti.u64, uint64_t */
    TIRUN_F32,      /* ti.f32, float */
    TIRUN_F64       /* ti.f64, double */
};

/* The most dimensions a host array has. */
#define TIRUN_MAX_NDIM 8

/* A host buffer passed to a kernel's `ti.types.ndarray(dtype=..., ndim=...)`
 * parameter without a copy: the kernel reads and writes data directly. data
 * holds shape[0] * ... * shape[ndim-1] elements of dtype (a TIRUN_I32 ...
 * constant), row-major (the last index varies fastest), suitably aligned for
 * their C type. dtype and ndim must equal the parameter's annotation (else the
 * launch fails with a TypeError or ValueError); extents are 0 to 2^31 - 1.
 * The struct and the buffer must stay valid for the whole call, and nothing
 * else may write the buffer while the kernel runs. */
typedef struct tirun_array {
    void *data;
    int dtype;                          /* TIRUN_I8 ... TIRUN_F64 */
    int ndim;                           /* 1 to TIRUN_MAX_NDIM */
    int64_t shape[TIRUN_MAX_NDIM];      /* the first ndim are used */
} tirun_array;

/* A value passed to or returned from a kernel or function: a scalar, or (as
 * an argument only) a host array. */
typedef struct tirun_value {
    int kind;                   /* TIRUN_NONE, TIRUN_INT, TIRUN_FLOAT or TIRUN_NDARRAY */
    union {
        int64_t i;
        double f;
        const tirun_array *array;   /* TIRUN_NDARRAY: the caller's description, not copied */
    } as;
} tirun_value;

static inline tirun_value tirun_int(int64_t i)
{
    tirun_value v;
    v.kind = TIRUN_INT;
    v.as.i = i;
    return v;
}

static inline tirun_value tirun_float(double f)
{
    tirun_value v;
    v.kind = TIRUN_FLOAT;
    v.as.f = f;
    return v;
}

/* A TIRUN_NDARRAY argument for the host array that a describes; a (and the
 * memory it describes) must outlive the call it is passed to. */
static inline tirun_value tirun_ndarray(const tirun_array *a)
{
    tirun_value v;
    v.kind = TIRUN_NDARRAY;
    v.as.array = a;
    return v;
}

/* Calls the global `name` of the main module (a kernel, or any callable)
 * with argc arguments (scalars, or host arrays for ndarray parameters). Its result goes to *ret unless ret is NULL: an
 * int, a float (a bool is an int), or TIRUN_NONE for None; any other result
 * is an error. Returns 0, or non-zero with tirun_error() set. */
TIRUN_API int tirun_call(tirun *rt, const char *name, int argc, const tirun_value *argv, tirun_value *ret);

/* A kernel of the main module looked up once and launched many times (each
 * frame of a game) without a name lookup or a Python call. */
typedef struct tirun_kernel tirun_kernel;

/* The kernel that the main module's global `name` holds; NULL with
 * tirun_error() set when there is none. The handle belongs to rt, stays
 * valid until tirun_free (a re-run script that redefines the kernel is seen
 * by the next launch), and needs no freeing. */
TIRUN_API tirun_kernel *tirun_kernel_get(tirun *rt, const char *name);

/* Launches k with argc arguments (scalars or host arrays), as tirun_call would call it. */
TIRUN_API int tirun_kernel_launch(tirun_kernel *k, int argc, const tirun_value *argv, tirun_value *ret);

/* ---- fields */

/* Copies every element of the main module's field `name` into dst, in
 * row-major order of its indices, each element as its dtype's C type
 * (int32_t for ti.i32, float for ti.f32, ...); a Vector or Matrix field's
 * elements are their n (or n x m, row-major) entries in a row. size must be
 * exactly the field's size in bytes: anything else is an error, and nothing
 * is copied. Waits for running kernels first. */
TIRUN_API int tirun_field_read(tirun *rt, const char *name, void *dst, size_t size);

/* Copies src into the field `name`: the layout tirun_field_read gives. */
TIRUN_API int tirun_field_write(tirun *rt, const char *name, const void *src, size_t size);

/* The field's size in bytes (what tirun_field_read needs) in *size. */
TIRUN_API int tirun_field_size(tirun *rt, const char *name, size_t *size);

/* ---- the tirun command's helpers */

/* One step of an interactive prompt: `input` is the text entered so far
 * (whole lines, each ending with '\n') and `blank` says whether its last line
 * was empty. Returns TIRUN_MORE when the input is incomplete (an open
 * bracket, a block still to come); else runs it as the REPL does (a value is
 * echoed, an error printed on the TIRUN_STDERR stream) and returns
 * TIRUN_DONE, or TIRUN_EXIT with the exit status in *status when the code
 * raised SystemExit. */
enum { TIRUN_DONE = 0, TIRUN_MORE = 1, TIRUN_EXIT = 2 };
TIRUN_API int tirun_interactive(tirun *rt, const char *input, int blank, int *status);

/* The prompt to show before the next line of interactive input: str(sys.ps1),
 * or str(sys.ps2) when the last tirun_interactive answered TIRUN_MORE (`more`),
 * "" where that fails. The first call sets sys.ps1 and sys.ps2 to ">>> " and
 * "... " unless the program has, as an interactive CPython does. The text
 * lives until the next call. */
TIRUN_API const char *tirun_prompt(tirun *rt, int more);

/* What Tab completes `word` (the text before the cursor back to a space or
 * an operator) to at the interactive prompt, as CPython's rlcompleter has it:
 * keywords, the names of __main__ and builtins, or the attributes of a dotted
 * name; a callable's name ends in '('. Returns a malloc'd NULL-terminated
 * array of malloc'd strings, each replacing the whole word (the caller frees
 * them and it); NULL when completion fails. */
TIRUN_API char **tirun_complete(tirun *rt, const char *word);

/* Writes the AST of the file at path to the TIRUN_STDOUT stream exactly as
 * CPython 3.11's ast.dump(ast.parse(source), include_attributes=True) does.
 * Returns 0, or non-zero with the SyntaxError in tirun_error(). */
TIRUN_API int tirun_dump_ast(tirun *rt, const char *path);

#ifdef __cplusplus
}
#endif

#endif

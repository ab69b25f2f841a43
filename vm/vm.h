/* The Python-scope virtual machine: its state and the operations every
 * part of it (interpreter, built-in types, modules) calls. Functions that can
 * fail return V_EXC (or false / -1) with an exception pending in vm->exc. */
#ifndef TIRUN_VM_H
#define TIRUN_VM_H

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>

#include "../util/arena.h"
#include "object.h"

/* Built-in types: X(c_name, "python name", layout, base c_name or NULL-ish `object`). */
#define VM_TYPES(X)                                         \
    X(object, "object", OBJECT)                             \
    X(type, "type", TYPE)                                   \
    X(int, "int", BIGINT)                                   \
    X(bool, "bool", BIGINT)                                 \
    X(float, "float", OBJECT)                               \
    X(complex, "complex", COMPLEX)                          \
    X(str, "str", STR)                                      \
    X(bytes, "bytes", BYTES)                                \
    X(bytearray, "bytearray", BYTEARRAY)                    \
    X(tuple, "tuple", TUPLE)                                \
    X(list, "list", LIST)                                   \
    X(dict, "dict", DICT)                                   \
    X(set, "set", SET)                                      \
    X(frozenset, "frozenset", SET)                          \
    X(range, "range", RANGE)                                \
    X(slice, "slice", SLICE)                                \
    X(NoneType, "NoneType", OBJECT)                         \
    X(NotImplementedType, "NotImplementedType", OBJECT)     \
    X(ellipsis, "ellipsis", OBJECT)                         \
    X(function, "function", FUNC)                           \
    X(builtin_function, "builtin_function_or_method", BUILTIN) \
    X(method, "method", METHOD)                             \
    X(cell, "cell", CELL)                                   \
    X(code, "code", CODE)                                   \
    X(module, "module", MODULE)                             \
    X(generator, "generator", GEN)                          \
    X(traceback, "traceback", TRACEBACK)                    \
    X(property, "property", PROPERTY)                       \
    X(staticmethod, "staticmethod", STATICMETHOD)           \
    X(classmethod, "classmethod", CLASSMETHOD)              \
    X(super, "super", SUPER)                                \
    X(list_iterator, "list_iterator", ITER)                 \
    X(tuple_iterator, "tuple_iterator", ITER)               \
    X(str_iterator, "str_ascii_iterator", ITER)             \
    X(range_iterator, "range_iterator", ITER)               \
    X(dict_keyiterator, "dict_keyiterator", ITER)           \
    X(dict_valueiterator, "dict_valueiterator", ITER)       \
    X(dict_itemiterator, "dict_itemiterator", ITER)         \
    X(set_iterator, "set_iterator", ITER)                   \
    X(enumerate, "enumerate", ITER)                         \
    X(zip, "zip", ITER)                                     \
    X(map, "map", ITER)                                     \
    X(filter, "filter", ITER)                               \
    X(reversed, "reversed", ITER)                           \
    X(seq_iterator, "iterator", ITER)                       \
    X(callable_iterator, "callable_iterator", ITER)         \
    X(dict_keys, "dict_keys", ITER)                         \
    X(dict_values, "dict_values", ITER)                     \
    X(dict_items, "dict_items", ITER)                       \
    X(generic_alias, "types.GenericAlias", OBJECT)         \
    X(union, "types.UnionType", OBJECT)                     \
    X(member_descriptor, "member_descriptor", OBJECT)      \
    X(memoryview, "memoryview", OBJECT)

/* Built-in exceptions: X(name, parent). */
#define VM_EXCEPTIONS(X)                                   \
    X(BaseException, object)                               \
    X(SystemExit, BaseException)                           \
    X(KeyboardInterrupt, BaseException)                    \
    X(GeneratorExit, BaseException)                        \
    X(Exception, BaseException)                            \
    X(StopIteration, Exception)                            \
    X(ArithmeticError, Exception)                          \
    X(FloatingPointError, ArithmeticError)                 \
    X(OverflowError, ArithmeticError)                      \
    X(ZeroDivisionError, ArithmeticError)                  \
    X(AssertionError, Exception)                           \
    X(AttributeError, Exception)                           \
    X(BufferError, Exception)                              \
    X(EOFError, Exception)                                 \
    X(ImportError, Exception)                              \
    X(ModuleNotFoundError, ImportError)                    \
    X(LookupError, Exception)                              \
    X(IndexError, LookupError)                             \
    X(KeyError, LookupError)                               \
    X(MemoryError, Exception)                              \
    X(NameError, Exception)                                \
    X(UnboundLocalError, NameError)                        \
    X(OSError, Exception)                                  \
    X(FileNotFoundError, OSError)                          \
    X(FileExistsError, OSError)                            \
    X(IsADirectoryError, OSError)                          \
    X(PermissionError, OSError)                            \
    X(ReferenceError, Exception)                           \
    X(RuntimeError, Exception)                             \
    X(NotImplementedError, RuntimeError)                   \
    X(RecursionError, RuntimeError)                        \
    X(SyntaxError, Exception)                              \
    X(IndentationError, SyntaxError)                       \
    X(TabError, IndentationError)                          \
    X(SystemError, Exception)                              \
    X(TypeError, Exception)                                \
    X(ValueError, Exception)                               \
    X(UnicodeError, ValueError)                            \
    X(UnicodeDecodeError, UnicodeError)                    \
    X(UnicodeEncodeError, UnicodeError)                    \
    X(Warning, Exception)                                  \
    X(DeprecationWarning, Warning)                         \
    X(UserWarning, Warning)                                \
    X(RuntimeWarning, Warning)

/* The operator dunders ops.c dispatches through: X(c_name, "text"). */
#define VM_OP_NAMES(X)                                                                       \
    X(__add__, "__add__") X(__radd__, "__radd__") X(__iadd__, "__iadd__")                   \
    X(__sub__, "__sub__") X(__rsub__, "__rsub__") X(__isub__, "__isub__")                   \
    X(__mul__, "__mul__") X(__rmul__, "__rmul__") X(__imul__, "__imul__")                   \
    X(__matmul__, "__matmul__") X(__rmatmul__, "__rmatmul__") X(__imatmul__, "__imatmul__") \
    X(__truediv__, "__truediv__") X(__rtruediv__, "__rtruediv__") X(__itruediv__, "__itruediv__") \
    X(__mod__, "__mod__") X(__rmod__, "__rmod__") X(__imod__, "__imod__")                   \
    X(__pow__, "__pow__") X(__rpow__, "__rpow__") X(__ipow__, "__ipow__")                   \
    X(__lshift__, "__lshift__") X(__rlshift__, "__rlshift__") X(__ilshift__, "__ilshift__") \
    X(__rshift__, "__rshift__") X(__rrshift__, "__rrshift__") X(__irshift__, "__irshift__") \
    X(__or__, "__or__") X(__ror__, "__ror__") X(__ior__, "__ior__")                         \
    X(__xor__, "__xor__") X(__rxor__, "__rxor__") X(__ixor__, "__ixor__")                   \
    X(__and__, "__and__") X(__rand__, "__rand__") X(__iand__, "__iand__")                   \
    X(__floordiv__, "__floordiv__") X(__rfloordiv__, "__rfloordiv__")                       \
    X(__ifloordiv__, "__ifloordiv__") X(__divmod__, "__divmod__") X(__rdivmod__, "__rdivmod__") \
    X(__trunc__, "__trunc__") X(__floor__, "__floor__") X(__ceil__, "__ceil__")             \
    X(__complex__, "__complex__")

/* Interned names the VM looks up often: X(c_name, "text"). */
#define VM_NAMES(X)                                                                       \
    X(__init__, "__init__") X(__new__, "__new__") X(__call__, "__call__")                 \
    X(__repr__, "__repr__") X(__str__, "__str__") X(__hash__, "__hash__")                  \
    X(__eq__, "__eq__") X(__ne__, "__ne__") X(__lt__, "__lt__") X(__le__, "__le__")       \
    X(__gt__, "__gt__") X(__ge__, "__ge__") X(__bool__, "__bool__") X(__len__, "__len__") \
    X(__iter__, "__iter__") X(__next__, "__next__") X(__getitem__, "__getitem__")         \
    X(__setitem__, "__setitem__") X(__delitem__, "__delitem__") X(__contains__, "__contains__") \
    X(__getattr__, "__getattr__") X(__getattribute__, "__getattribute__")                  \
    X(__setattr__, "__setattr__") X(__delattr__, "__delattr__") X(__get__, "__get__")      \
    X(__set__, "__set__") X(__delete__, "__delete__") X(__enter__, "__enter__")            \
    X(__exit__, "__exit__") X(__name__, "__name__") X(__qualname__, "__qualname__")        \
    X(__module__, "__module__") X(__doc__, "__doc__") X(__dict__, "__dict__")              \
    X(__class__, "__class__") X(__slots__, "__slots__") X(__main__, "__main__")            \
    X(__builtins__, "__builtins__") X(__file__, "__file__") X(__neg__, "__neg__")          \
    X(__pos__, "__pos__") X(__invert__, "__invert__") X(__abs__, "__abs__")                \
    X(__index__, "__index__") X(__int__, "__int__") X(__float__, "__float__")              \
    X(__format__, "__format__") X(__init_subclass__, "__init_subclass__")                  \
    X(__set_name__, "__set_name__") X(__class_getitem__, "__class_getitem__")              \
    X(__missing__, "__missing__") X(__reversed__, "__reversed__") X(__round__, "__round__") \
    X(__annotations__, "__annotations__") X(__path__, "__path__")                          \
    X(__abstractmethods__, "__abstractmethods__") X(__del__, "__del__")                    \
    X(args, "args") X(send, "send") X(close, "close") X(throw, "throw") X(keys, "keys")   \
    VM_OP_NAMES(X)

/* An instruction's inline cache (CodeObj.caches holds one per instruction):
 * what its last slow run learned, trusted while the version it was learned
 * under holds. Type versions are unique in the process, so a type's version
 * names the type too; dict versions are per dict, so LOAD_GLOBAL also keeps
 * the dict and checks the entry's key. */
enum {
    IC_NONE,
    IC_SLOT,       /* a __slots__ member: the value at `index` */
    IC_DICT,       /* no class attribute: the instance dict only, the entry at `index` likely */
    IC_CLASSVAL,   /* a class attribute without __get__, unless the instance dict has the name */
    IC_METHOD,     /* a plain function: bound to the instance, unless its dict has the name */
    IC_PROPERTY,   /* a built-in property: its fget */
    IC_GLOBAL,     /* LOAD_GLOBAL: entry `index` of the globals */
    IC_BUILTIN,    /* LOAD_GLOBAL: entry `index` of the builtins, absent from the globals */
};

typedef struct {
    uint32_t version;     /* the type's version (attributes), the globals' (LOAD_GLOBAL) */
    uint32_t aux;         /* LOAD_GLOBAL through builtins: the builtins dict's version; else misses so far */
    uint32_t index;       /* a slot's index; a dict entry's position */
    uint32_t kind;        /* IC_NONE ... */
    union {
        void *where;      /* LOAD_GLOBAL: the globals dict */
        uint32_t more[2]; /* IC_DICT: two more type versions for which it holds too */
    };
    Value value;          /* a class attribute, a method, a property */
} InlineCache;

/* Attribute access through an instruction's cache (attrcache.c): the same
 * results and errors as vm_getattr / vm_setattr. vm_method_ic answers
 * LOAD_METHOD: the plain function or method descriptor to call with obj
 * prepended, or V_UNBOUND when the attribute must be fetched bound. */
Value vm_getattr_ic(VM *vm, Value obj, StrObj *name, InlineCache *c);
bool vm_setattr_ic(VM *vm, Value obj, StrObj *name, Value v, InlineCache *c);
Value vm_method_ic(VM *vm, Value obj, StrObj *name, InlineCache *c);
/* LOAD_GLOBAL: globals, then builtins; NameError when in neither. */
Value vm_load_global_ic(VM *vm, DictObj *globals, StrObj *name, InlineCache *c);

/* Small objects come in size classes of 16 bytes up to this many (gc.c). */
enum { VM_SIZE_CLASSES = 32 };

/* A frame: the activation of a code object. Its locals and value stack are
 * one contiguous run of Values (`base`): locals, cells, then the stack. */
typedef struct {
    int handler;          /* instruction to jump to */
    int level;            /* stack depth to restore */
    int kind;             /* BLOCK_EXCEPT, BLOCK_FINALLY ... (interp.c) */
} Block;

enum { VM_MAXBLOCKS = 24 };

typedef struct Frame {
    CodeObj *code;
    FuncObj *func;        /* NULL for module and class bodies */
    DictObj *globals;
    DictObj *locals;      /* class bodies and module level: the namespace */
    Value *base;          /* locals, cells, stack */
    Value *sp;            /* saved stack top (while not running) */
    Value *prev_top;      /* vm->stack_top before this frame was pushed */
    uint32_t ip;
    int nblocks;
    Block blocks[VM_MAXBLOCKS];
    bool owned_stack;     /* generator frames own their area */
} Frame;

typedef struct GenObj {
    Obj hdr;
    Frame *frame;         /* NULL once finished */
    bool running;
    StrObj *name, *qualname;
} GenObj;

/* A built-in module written in C: the constructor its first import calls. */
typedef struct {
    const char *name;
    Value (*open)(VM *vm);
} VmModuleDef;

/* A library module written in Python whose source the host keeps in memory
 * (stdlib/py, compiled into the binary). */
typedef struct {
    const char *name;      /* full dotted name: "json", "collections.abc" */
    const char *filename;  /* shown in tracebacks: "<stdlib>/json/__init__.py" */
    const char *source;    /* the file's bytes, NUL-terminated */
    int len;
    bool package;          /* an __init__.py */
} VmSourceModule;

/* python3's interpreter options, as a command line sets them and sys.flags
 * shows them. optimize leaves assert statements out and makes __debug__
 * False; verbose traces each import on the error stream; safe_path keeps a
 * program's folder off sys.path (the host's concern); the rest only show. */
#define VM_FLAGS(X)                                                                    \
    X(debug) X(inspect) X(interactive) X(optimize) X(dont_write_bytecode)              \
    X(no_user_site) X(no_site) X(ignore_environment) X(verbose) X(bytes_warning)       \
    X(quiet) X(isolated) X(dev_mode) X(safe_path)

typedef struct {
#define X(name) int name;
    VM_FLAGS(X)
#undef X
} VmFlags;

/* What the host decides for a VM; vm_new copies it, and every pointer in it
 * must outlive the VM. The importer looks for `import name` in `modules`,
 * then in `sources` (or, when source_dir is set, in that folder instead), then
 * asks load_source, then searches sys.path. */
typedef struct VmConfig {
    const VmModuleDef *modules;          /* ended by a NULL name */
    const VmSourceModule *sources;
    int nsources;
    const char *source_dir;
    /* A module's source from the host, malloc'ed (the VM frees it), with its
     * length and a file name for tracebacks (malloc'ed too, or NULL for
     * "<name>"); NULL when the host has no such module. */
    char *(*load_source)(void *user, const char *name, size_t *len, char **filename);
    void *user;
    FILE *out, *err;                     /* NULL: the process's stdout / stderr */
    VmFlags flags;
    /* sys.warnoptions and sys._xoptions: -W and -X arguments, each list
     * ended by NULL; NULL for none */
    const char *const *warnoptions, *const *xoptions;
} VmConfig;

struct VM {
    /* memory */
    Obj *objects;         /* large objects (small ones are in pages) */
    size_t bytes_allocated, next_gc;
    Obj **gray;
    size_t ngray, graycap;
    Value *roots;         /* values native code holds across calls into Python */
    size_t nroots, rootcap;

    /* execution */
    Value *stack, *stack_end, *stack_top;
    Frame **frames;       /* the active frames, innermost last */
    int nframes, framecap;
    Frame **frame_pool;   /* frames of ordinary calls, one per depth, made on first use (generators own theirs) */
    bool yielded;         /* the last frame run stopped at a yield, not a return */
    int recursion_limit;
    /* A budget of steps (calls and loop back-edges) for running untrusted
     * code (the VM fuzzer): 0 is unlimited. When it runs out, `halted` is set
     * and a RuntimeError unwinds every frame: no except or finally block runs. */
    int64_t steps_left;
    bool step_limited, halted;
    /* Imports restricted to the library modules that touch no files, clocks
     * or processes (the VM fuzzer). */
    bool sandbox;
    /* Assert statements in test files (test_*.py, *_test.py, conftest.py)
     * compile to report the values they compared, as pytest's rewriting
     * does (`tirun test` sets it through _tirun_testhook). */
    bool assert_rewrite;
    /* What the host decided (vm_new's copy of its VmConfig), the standard
     * streams every part of the VM writes to, and the host's interrupt: set
     * from a signal handler (vm_interrupt), turned into KeyboardInterrupt at
     * the next loop back-edge or blocking call. */
    VmConfig cfg;
    FILE *out, *err;
    int out_errno;        /* a write error of `out` no exception reported: the exit does (vm_flush_std) */
    volatile sig_atomic_t interrupt;
    int64_t int_max_str_digits;   /* sys.set_int_max_str_digits: 0 is no limit */
    /* The taichi module's program (program/program.h), freed with the VM
     * by taichi_free. */
    void *taichi;
    void (*taichi_free)(void *);
    Value exc;            /* the exception being raised, or V_NONE */
    Value *handled;       /* exceptions being handled (except blocks), for bare raise and __context__ */
    int nhandled, handledcap;

    /* tables */
    DictObj *interned;    /* str -> itself */
    DictObj *builtins;
    DictObj *modules;     /* sys.modules */
    ModuleObj *main_module;
    Value sys_argv, sys_path;
    Arena arena;          /* ASTs of every module loaded */

#define X(c, n, l) TypeObj *t_##c;
    VM_TYPES(X)
#undef X
#define X(n, parent) TypeObj *e_##n;
    VM_EXCEPTIONS(X)
#undef X
#define X(c, n) StrObj *s_##c;
    VM_NAMES(X)
#undef X
    Value empty_tuple;
    Value small_strs[128];    /* one-character ASCII strings */

    /* type machinery (objtype.c), sources (vm.c), out of memory (gc.c) */
    TypeObj **heap_types;         /* every class-statement type, weakly: a change bumps subclasses */
    size_t nheap_types, heap_types_cap;
    struct VmSource *sources;     /* text of every file run or imported, for tracebacks */
    size_t nsources, sourcecap;
    Value memory_error;           /* preallocated: what vm_alloc leaves pending when malloc fails */
    /* A failed allocation: vm->nframes when it failed (-1: none since), and
     * the instruction the interpreter retried for it after a collection
     * (interp.c), which raises if it fails again. */
    int oom_frames;
    const CodeObj *oom_retry_code;
    uint32_t oom_retry_ip;
    struct GcPage *pages[VM_SIZE_CLASSES + 1];  /* small objects live in pages, by size class (gc.c) */
    Obj *free_objs[VM_SIZE_CLASSES + 1];        /* their free slots; vm->objects lists the large ones */
    struct GcPage *spare_pages;                  /* emptied pages kept for reuse, up to a few */
    int nspare_pages;
    void *spare_tables;   /* freed smallest dict tables, reused by the next small dicts (objdict.c) */
    int nspare_tables;
    /* finalizers (gc.c): unreachable objects whose __del__ is due, kept
     * alive (as roots) from finalize[finalize_head] on until it has run */
    Obj **finalize;
    size_t finalize_head, nfinalize, finalizecap;
    bool has_finalizers;  /* some class defined __del__: collections look for due finalizers */
    bool finalizing;      /* vm_run_finalizers is running */
    bool gc_disabled;     /* gc.disable(): what gc.isenabled() reports; collections go on */
    /* the StopIteration a __next__ raised to end the latest vm_next (None
     * when it ended otherwise): next() re-raises it, keeping its args */
    Value stop_exc;
    Obj **weakrefs;       /* every living WeakRefObj, oldest first, weakly (gc.c) */
    size_t nweakrefs, weakrefcap;
};

/* Obj.flags: a container's repr is running (turns recursion into "[...]"). */
enum { OBJ_IN_REPR = 1u << 8 };

/* ---- life cycle (vm.c) */
VM *vm_new(const VmConfig *cfg);
void vm_free(VM *vm);
/* Runs a module's source (copied) as __main__ (in the namespace of the
 * sources run before, if any); returns the process exit status and prints a
 * syntax error or an uncaught exception's traceback to `report`. */
int vm_run_main(VM *vm, const char *filename, const char *src, size_t len, FILE *report);
/* Creates the __main__ module (with __file__ unless fname is "<...>") and
 * returns its namespace; NULL with an exception pending. */
DictObj *vm_init_main(VM *vm, const char *fname);

/* The code `import full` would run, found as the importer finds it (its
 * parent package imported already) without running it: for `python -m`. */
typedef struct {
    char *path;       /* its file, or the name tracebacks give it; malloc'ed */
    char *source;     /* malloc'ed, NUL-terminated */
    size_t len;
    bool package;     /* an __init__.py */
} VmModuleCode;
/* Fills *out and returns true, or false with ModuleNotFoundError (or
 * ImportError for a C module, which has no code) pending. */
bool vm_find_module_code(VM *vm, const char *full, VmModuleCode *out);
void vm_free_module_code(VmModuleCode *code);
/* Prints the pending exception as an uncaught one (a SystemExit prints only
 * its message) and returns the exit status: SystemExit's code, 130 for
 * KeyboardInterrupt, else 1. */
int vm_report_uncaught(VM *vm, FILE *report);
/* Keeps a file's text for traceback source lines; filename and text must
 * outlive the VM (vm->arena) and are not copied. A later registration of a
 * name wins. */
bool vm_register_source(VM *vm, const char *filename, const char *text, size_t len);
/* Line `lineno` of a registered file, without its newline; NULL if unknown. */
const char *vm_source_line(VM *vm, StrObj *filename, int lineno, size_t *len);
/* Flushes vm->out; false (the error kept in vm->out_errno for the exit to
 * report) when the write failed. */
bool vm_flush_out(VM *vm);
/* The end of a program's output (CPython's flush_std_files): flushes the
 * streams and reports a write error of stdout that no exception reported as
 * unraisable; false when there was one (the process exits 120). */
bool vm_flush_std(VM *vm);

/* ---- memory (gc.c) */
void *vm_alloc(VM *vm, TypeObj *type, size_t size);
/* A full collection; how many objects it freed (gc.collect's result). */
size_t vm_gc(VM *vm);
/* Asks the running program to stop with KeyboardInterrupt; async-signal-safe,
 * so a host's SIGINT handler may call it (the tirun command's does). */
static inline void vm_interrupt(VM *vm) { vm->interrupt = 1; }
/* Counts a step against vm->steps_left; false with the halting error pending
 * once it has run out. */
bool vm_step_slow(VM *vm);
static inline bool vm_step(VM *vm) { return !vm->step_limited || vm_step_slow(vm); }
/* False with KeyboardInterrupt pending when a SIGINT has arrived. */
bool vm_check_signals_slow(VM *vm);
static inline bool vm_check_signals(VM *vm) { return !vm->interrupt || vm_check_signals_slow(vm); }

static inline void vm_maybe_gc(VM *vm)
{
    if (vm->bytes_allocated > vm->next_gc) vm_gc(vm);
}
/* Finalizers: a collection queues the __del__ of every unreachable instance
 * of a class that defines it (TF_HAS_DEL), and keeps the object and what it
 * references alive for it; vm_run_finalizers calls those queued, at a point
 * where Python code may run (the interpreter's loop back-edges and calls,
 * gc.collect()). An exception in one is reported as unraisable. A __del__
 * runs once per object, even when it resurrected the object. Unlike
 * CPython's refcounting, `del x` alone does not run it: the next collection
 * does. */
void vm_note_finalizer(VM *vm, TypeObj *t);   /* t (and its subclasses) now define __del__ */
void vm_run_finalizers(VM *vm);
static inline void vm_maybe_finalize(VM *vm)
{
    if (vm->nfinalize > vm->finalize_head) vm_run_finalizers(vm);
}
/* The end of the program: collects (and runs what that queues), then calls
 * the __del__ of every object still alive, __main__'s globals first, in
 * their order (as CPython clearing __main__ at exit). */
void vm_finalize_all(VM *vm);
/* Weak references: a collection sets the referent of every tracked
 * WeakRefObj whose referent died to None and queues those with a callback,
 * the newest first, in the finalizer queue: vm_run_finalizers calls
 * callback(ref) (once; an exception is unraisable). The collector forgets a
 * ref when the ref itself dies. False (MemoryError pending) when the list
 * cannot grow. */
extern const NativeOps vm_weakref_ops;
bool vm_track_weakref(VM *vm, WeakRefObj *w);
static inline bool vm_is_weakref(const Obj *o)
{
    return o->type->layout == LAYOUT_NATIVE && ((const NativeObj *)o)->ops == &vm_weakref_ops;
}
void vm_push_root(VM *vm, Value v);
static inline void vm_pop_roots(VM *vm, size_t n) { vm->nroots -= n; }
/* Frees every object (vm_free). The GC frees what each layout owns: list
 * items, dict index and entries, code arrays and caches (all malloc'd or
 * NULL), a generator's Frame and, when owned_stack, its base area. The
 * roots on the value stack are each active frame's base[0 .. sp): at a safe
 * point (and around any call) every frame's sp must be saved. */
void vm_gc_free_all(VM *vm);
/* Where open() lives: closes a FILE-layout object's stream when the GC frees
 * it. The GC traces no Values in FILE objects (keep them in hdr.dict). */
void vm_file_finalize(VM *vm, Obj *file);

/* ---- errors (objexc.c) */
Value vm_raise(VM *vm, TypeObj *type, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
Value vm_raise_value(VM *vm, Value exc);
/* vm_raise_value for generator.throw(): worded as CPython's throw() */
Value vm_raise_thrown(VM *vm, Value exc);
/* Raises a failed rewritten assert's AssertionError (opcodes.h, ASSERT_FAILED):
 * vals holds its one or two values, then its message when has_msg. */
Value vm_assert_failed(VM *vm, int what, const Value *vals, bool has_msg);
bool vm_exc_matches(VM *vm, Value exc, Value type_or_tuple);
Value vm_new_exception(VM *vm, TypeObj *type, Value *args, int nargs);
void vm_print_exception(VM *vm, Value exc, FILE *f);
/* OSError(err, strerror(err)[, filename]), or the subclass err names
 * (BrokenPipeError for EPIPE...); filename V_UNBOUND for none. */
Value vm_raise_errno(VM *vm, int err, Value filename);
/* An exception nothing can catch (a __del__'s, a failed flush at exit), as
 * CPython's PyErr_WriteUnraisable: "Exception ignored in: repr(obj)" and the
 * traceback on stderr. */
void vm_write_unraisable(VM *vm, Value exc, Value obj);
/* The source range of instruction `ip` of `code` (compile.c): 1-based lines,
 * 0-based UTF-8 byte columns, as the AST node it was compiled from; false
 * when unknown. The traceback printer draws CPython 3.11's carets from the
 * range of each entry's instruction: TracebackObj.hdr.aux holds ip + 1 (0:
 * unknown, no carets). */
bool vm_code_range(const CodeObj *code, uint32_t ip, int *lineno, int *end_lineno, int *col, int *end_col);
/* NameError "name 'x' is not defined" carrying .name (for "Did you mean"). */
Value vm_raise_name_error(VM *vm, StrObj *name);
/* Raises a SyntaxError (or subclass `type`) with CPython's attributes: msg,
 * filename, lineno, text (the line, from the registered source), offset and
 * end_offset (1-based characters, from 0-based UTF-8 byte columns as the
 * AST has them). end_col_offset < 0: no range. */
Value vm_raise_syntax_error(VM *vm, TypeObj *type, const char *msg, const char *filename, int lineno,
                            int col_offset, int end_lineno, int end_col_offset);
void vm_init_exc(VM *vm);

/* ---- types and attributes (objtype.c) */
TypeObj *vm_type_of(VM *vm, Value v);
bool vm_is_subtype(TypeObj *t, TypeObj *base);
Value vm_type_lookup(TypeObj *t, StrObj *name);   /* MRO walk; V_UNBOUND if absent */
Value vm_getattr(VM *vm, Value obj, StrObj *name);
Value vm_getattr_opt(VM *vm, Value obj, StrObj *name);  /* V_UNBOUND, no exception, if missing */
bool vm_setattr(VM *vm, Value obj, StrObj *name, Value v);
bool vm_delattr(VM *vm, Value obj, StrObj *name);
TypeObj *vm_new_builtin_type(VM *vm, const char *name, TypeObj *base, ObjLayout layout);
/* Fills in a type allocated before the type machinery could (vm_new): name,
 * namespace, TF_BASETYPE, bases and MRO from `base` (NULL for object). */
bool vm_type_ready(VM *vm, TypeObj *t, const char *name, TypeObj *base);
Value vm_make_class(VM *vm, StrObj *name, TupleObj *bases, DictObj *ns);
void vm_add_method(VM *vm, TypeObj *t, const char *name, NativeFn fn);
Value vm_new_builtin(VM *vm, const char *name, NativeFn fn, Value self);
/* t(*args, **kw): metaclass __call__, else __new__ (object.__new__ makes an
 * empty instance of t's layout) then __init__. Built-in __new__ methods are
 * static: vm_add_method registers "__new__" without BUILTIN_METHOD and it
 * receives the class as args[0]. type(x) and type(name, bases, ns) too. */
Value vm_type_call(VM *vm, TypeObj *t, Value *args, int nargs, TupleObj *kwnames);
/* TypeObj.hdr.aux of an OBJECT-layout class: how many Values its instances
 * carry right after their header (__slots__), traced by the GC. */
static inline Value *vm_slot_values(Obj *o) { return (Value *)(o + 1); }
/* super(type, obj); TypeError unless obj is an instance or subclass of type. */
Value vm_new_super(VM *vm, TypeObj *type, Value obj);
/* A native attribute (a property): get(obj); set(obj, value), or set(obj)
 * alone to delete; set NULL makes it read-only. */
void vm_add_property(VM *vm, TypeObj *t, const char *name, NativeFn get, NativeFn set);
void vm_init_type(VM *vm);
/* After writing to a type's namespace directly (not through vm_setattr or
 * vm_add_*): gives it and its subclasses new versions, which drops what
 * vm_type_lookup and inline caches remember about them. */
void vm_type_modified(VM *vm, TypeObj *t);

/* ---- imports (import.c) */
/* `import name` as IMPORT_NAME does it, relative to the package of `globals`
 * when level > 0: the top package, or the module itself when fromlist is a tuple. */
Value vm_import_name(VM *vm, DictObj *globals, StrObj *name, Value fromlist, int level);
/* Sets .name and .path on the pending ImportError; returns V_EXC with it still pending. */
Value vm_import_error_attrs(VM *vm, const char *name, Value path);
void vm_init_gen(VM *vm);   /* objgen.c: the generator type's methods */

/* ---- calls (interp.c) and modules (import.c) */
/* Runs a module's source as module `name` (registered in sys.modules first). */
Value vm_exec_module_source(VM *vm, const char *name, const char *path, const char *bytes, size_t len, bool package);
/* A new module object named `name` with __name__ set (for built-in modules). */
Value vm_new_module(VM *vm, const char *name);
/* Adds a native function to a module. */
bool vm_module_add_function(VM *vm, Value module, const char *name, NativeFn fn);
void vm_init_interp(VM *vm);
/* Makes room for n nested frames (sys.setrecursionlimit); false when out of memory. */
bool vm_reserve_frames(VM *vm, int n);
/* Native code re-entering the interpreter nests C frames: this bounds that
 * nesting whatever the recursion limit, so the C stack cannot overflow. */
enum { VM_MAX_NATIVE_DEPTH = 4000 };
DictObj *vm_current_globals(VM *vm);
Value vm_current_locals(VM *vm);        /* a dict (a copy for function frames) */
Value vm_frame_locals(VM *vm, const Frame *f);   /* the same of frame f */
/* Resumes a generator with `sent` (V_NONE for next()); V_UNBOUND when it
 * returned (its return value in *retval when not NULL), V_EXC on error. */
Value vm_gen_send(VM *vm, GenObj *g, Value sent, Value *retval);
Value vm_gen_throw(VM *vm, GenObj *g, Value exc);
Value vm_call(VM *vm, Value callable, Value *args, int nargs, TupleObj *kwnames);
Value vm_call_method(VM *vm, Value obj, StrObj *name, Value *args, int nargs);
Value vm_run_code(VM *vm, CodeObj *code, DictObj *globals, DictObj *locals);

/* ---- protocols (ops.c). Operator numbers are the AST's: AST_Add.. for
 * vm_binary / vm_inplace, AST_Eq.. (cmpop) for vm_compare, AST_Invert.. for vm_unary. */
int vm_truthy(VM *vm, Value v);                  /* 1, 0, or -1 on error */
bool vm_hash(VM *vm, Value v, int64_t *out);
int vm_eq(VM *vm, Value a, Value b);             /* 1, 0, -1 */
Value vm_compare(VM *vm, int op, Value a, Value b);
Value vm_binary(VM *vm, int op, Value a, Value b);
Value vm_inplace(VM *vm, int op, Value a, Value b);
Value vm_unary(VM *vm, int op, Value a);
Value vm_repr(VM *vm, Value v);
Value vm_str(VM *vm, Value v);
Value vm_format(VM *vm, Value v, Value spec);
Value vm_iter(VM *vm, Value v);
Value vm_next(VM *vm, Value it);                 /* V_UNBOUND when exhausted */
Value vm_getitem(VM *vm, Value obj, Value key);
bool vm_setitem(VM *vm, Value obj, Value key, Value v);
bool vm_delitem(VM *vm, Value obj, Value key);
int vm_contains(VM *vm, Value container, Value item);
Value vm_len(VM *vm, Value v);
bool vm_index(VM *vm, Value v, int64_t *out);   /* __index__ to int64 */

/* ---- values of built-in types */
Value vm_new_str(VM *vm, const char *utf8, size_t len);
Value vm_cstr(VM *vm, const char *s);
StrObj *vm_intern(VM *vm, const char *utf8, size_t len);
int64_t vm_str_hash(StrObj *s);
bool vm_str_eq(StrObj *a, StrObj *b);
Value vm_int_from_i64(VM *vm, int64_t i);
Value vm_int_from_mpz(VM *vm, const mpz_t z);   /* normalized */
void vm_int_to_mpz(Value v, mpz_t out);          /* v an int (small or big) or bool; out initialized */
bool vm_is_int(VM *vm, Value v);                 /* int or bool (or subclass) */
Value vm_new_tuple(VM *vm, uint32_t n);          /* items V_NONE */
Value vm_tuple_of(VM *vm, const Value *items, uint32_t n);
Value vm_new_list(VM *vm, uint32_t cap);
bool vm_list_append(VM *vm, ListObj *l, Value v);
Value vm_new_dict(VM *vm);
Value vm_dict_get(VM *vm, DictObj *d, Value key);              /* V_UNBOUND if absent, V_EXC on error */
bool vm_dict_set(VM *vm, DictObj *d, Value key, Value v);
/* Frees a dead dict's table, keeping small ones for reuse (the GC's release);
 * vm_dict_drop_spares frees those kept (vm_free). */
void vm_dict_free_table(VM *vm, DictObj *d);
void vm_dict_drop_spares(VM *vm);
int vm_dict_del(VM *vm, DictObj *d, Value key);
/* The position of str key in d->entries, or -1 (inline caches). */
int64_t vm_dict_find_str(DictObj *d, StrObj *key);                /* 1 deleted, 0 absent, -1 error */
Value vm_dict_get_str(DictObj *d, StrObj *key);                /* interned-or-equal str keys; never fails */
bool vm_dict_set_str(VM *vm, DictObj *d, StrObj *key, Value v);
Value vm_new_set(VM *vm, TypeObj *type);
Value vm_new_float_obj(VM *vm, double d);
Value vm_new_complex(VM *vm, double re, double im);

/* ---- containers (objtuple.c, objlist.c, objdict.c, objset.c, objrange.c,
 * objiter.c): what the interpreter and the other types share */
bool vm_set_add(VM *vm, DictObj *s, Value key);
int vm_set_contains(VM *vm, DictObj *s, Value key);            /* 1, 0, -1 */
int vm_set_discard(VM *vm, DictObj *s, Value key);             /* 1 removed, 0 absent, -1 */
bool vm_set_update(VM *vm, DictObj *s, Value iterable);
bool vm_dict_update(VM *vm, DictObj *d, Value other);           /* dict.update(other): mapping or pairs */
Value vm_list_from(VM *vm, Value iterable);                     /* list(iterable) */
bool vm_list_extend(VM *vm, ListObj *l, Value iterable);
bool vm_list_sort(VM *vm, ListObj *l, Value key, bool reverse); /* key V_NONE: none */
Value vm_new_slice(VM *vm, Value start, Value stop, Value step);
/* PySlice_Unpack + PySlice_AdjustIndices: clamps start/stop into [0, len] for
 * a sequence of `len` items and counts the items selected. Unpacking may run
 * __index__; a mutable sequence unpacks first and adjusts to its length after. */
bool vm_slice_indices(VM *vm, Value slice, int64_t len, int64_t *start, int64_t *stop,
                      int64_t *step, int64_t *slicelen);
bool vm_slice_unpack(VM *vm, Value slice, int64_t *start, int64_t *stop, int64_t *step);
int64_t vm_slice_adjust(int64_t len, int64_t *start, int64_t *stop, int64_t step);
/* What a subscript is: 1 an integer (*index set), 2 a slice, 0 neither
 * (no exception), -1 error. */
int vm_subscript(VM *vm, Value key, int64_t *index);
/* A native iterator of `type` (list_iterator, tuple_iterator, range_iterator,
 * seq_iterator, the dict and set iterators) at the start of `seq`. */
Value vm_new_iter(VM *vm, TypeObj *type, Value seq);
/* Calls fn(ctx, item) for each item of an iterable; fn returns 1 to go on, 0 to
 * stop, -1 on error. Returns 1 when all were seen, 0 when stopped, -1 on error. */
int vm_foreach(VM *vm, Value iterable, int (*fn)(VM *vm, void *ctx, Value item), void *ctx);
Value vm_number_index(VM *vm, Value v);                        /* operator.index(v): an int */
/* The rich comparison methods and their cmpop numbers (parser/ast.h). */
#define VM_RICH_COMPARES(X) \
    X(__eq__, AST_Eq) X(__ne__, AST_NotEq) X(__lt__, AST_Lt) X(__le__, AST_LtE) X(__gt__, AST_Gt) X(__ge__, AST_GtE)
/* The items of a list or tuple (either layout). A list's items move when it
 * grows: read them afresh after anything that may run Python. */
Value *vm_seq_items(Value v, uint32_t *len);
/* Sequence comparison (lists, tuples): lexicographic, as CPython's richcompare. */
Value vm_seq_compare(VM *vm, Value a, Value b, int op);
/* Whether a sequence operator given an unsupported `other` returns NotImplemented
 * (a class defining the reflected method `rname`) rather than raising. */
bool vm_defers_to(VM *vm, Value other, const char *rname);
/* The count of seq * n: 1 with *count set, 0 NotImplemented (vm_defers_to
 * "__rmul__"), -1 error ("can't multiply sequence by non-int of type 'str'"). */
int vm_repeat_count(VM *vm, Value n, int64_t *count);
/* An index argument (list.index's start) clamped into int64. */
bool vm_clamped_index(VM *vm, Value v, int64_t *out);

/* ---- argument checks with CPython's messages (builtins.c); nargs counts
 * positional arguments (without self for methods) */
/* The receiver of a method reached through its type (list.append(1, 2)) must
 * be an instance: "descriptor 'append' for 'list' objects doesn't apply to a 'int' object". */
bool vm_check_self(VM *vm, Value *args, int nargs, TypeObj *t, const char *meth);
/* vm_check_self, then exactly n (0 or 1) more positional arguments and no keywords:
 * "list.append() takes exactly one argument (0 given)". */
bool vm_method_args(VM *vm, Value *args, int nargs, TupleObj *kwnames, TypeObj *t, const char *meth, int n);
bool vm_check_fixed(VM *vm, const char *fname, int nargs, TupleObj *kwnames, int n);  /* n 0 or 1 */
/* The class args[0] given to base.__new__: a subtype of base ("tuple.__new__(int):
 * int is not a subtype of tuple"); NULL on error. */
TypeObj *vm_new_cls(VM *vm, Value *args, int nargs, TypeObj *base);
/* Bounds native recursion (a container's repr, == or hash reaching into its
 * items) by the recursion limit, Python frames counted in: entering fails
 * with RecursionError "maximum recursion depth exceeded<where>". */
bool vm_enter_recursion(VM *vm, const char *where);
void vm_leave_recursion(VM *vm);
/* Puts a native classmethod (dict.fromkeys) into t's namespace. */
void vm_add_classmethod(VM *vm, TypeObj *t, const char *name, NativeFn fn);
bool vm_check_nargs(VM *vm, const char *fname, int nargs, TupleObj *kwnames, int min, int max);
/* Binds positionals and keywords to params `names` (the first `maxpos` may be
 * given by position; names "" are positional-only); absent ones are V_UNBOUND. */
bool vm_parse_args(VM *vm, const char *fname, Value *args, int nargs, TupleObj *kwnames,
                   const char *const *names, int nparams, int maxpos, int minargs, Value *out);

/* ---- text of container reprs, built in a StrBuf (objlist.c) */
bool vm_sb_repr(VM *vm, StrBuf *b, Value v);    /* appends repr(v) */
Value vm_sb_finish(VM *vm, StrBuf *b);          /* the str (MemoryError if b ran out); frees b */
/* Brackets a container's repr: 1 to go on (then vm_repr_leave), 0 when its
 * repr is already running ("[...]"), -1 on RecursionError. */
int vm_repr_enter(VM *vm, Obj *o);
void vm_repr_leave(VM *vm, Obj *o);

/* ---- init hooks of the built-in types, called by vm_new */
void vm_init_exec(VM *vm);    /* exec.c: exec, eval, __import__ */
void vm_init_tuple(VM *vm);
void vm_init_list(VM *vm);
void vm_init_dict(VM *vm);
void vm_init_set(VM *vm);
void vm_init_range(VM *vm);
void vm_init_iter(VM *vm);
void vm_init_builtins(VM *vm);
void vm_init_site_builtins(VM *vm);   /* sitebuiltins.c: exit, quit, help */
void vm_init_file(VM *vm);

/* ---- init hooks of the number and str types (vm_new calls them once every type exists) */
void vm_init_int(VM *vm);
void vm_init_float(VM *vm);
void vm_init_str(VM *vm);
void vm_init_bytes(VM *vm);

/* ---- numbers (objint.c, objfloat.c): what the protocols and builtins share */
Value vm_int_binary(VM *vm, int op, Value a, Value b);    /* ints and bools; V_NOTIMPL for others */
int vm_int_cmp(Value a, Value b);                         /* two ints: -1, 0, 1 */
int64_t vm_int_hash(Value v);                             /* hash(int), CPython's */
Value vm_int_repr(VM *vm, Value v);                       /* decimal; ValueError past 4300 digits */
Value vm_int_from_double(VM *vm, double d);               /* int(d): truncates; NaN / inf raise */
bool vm_int_to_double(VM *vm, Value v, double *out);      /* float(int), correctly rounded */
/* a / b rounded to nearest-even (b != 0); *overflow set past the double range. */
double vm_mpz_ratio(const mpz_t a, const mpz_t b, bool *overflow);
/* a op b with a float on one side and a float or int on the other; V_NOTIMPL otherwise. */
Value vm_float_binary(VM *vm, int op, Value a, Value b);
/* a op b (AST_Eq..AST_GtE) between ints and floats, exact; V_NOTIMPL for other types. */
Value vm_num_compare(VM *vm, int op, Value a, Value b);
int64_t vm_float_hash(double d);                          /* hash(float), CPython's */
bool vm_to_double(VM *vm, Value v, double *out);          /* float(v) for numbers: __float__, __index__ */

/* ---- str and bytes (objstr.c) */
Value vm_str_concat(VM *vm, StrObj *a, StrObj *b);
Value vm_str_repeat(VM *vm, StrObj *s, int64_t n);
Value vm_str_mod(VM *vm, Value fmt, Value args);          /* fmt % args */
bool vm_str_contains(StrObj *s, StrObj *sub);
int vm_str_cmp(StrObj *a, StrObj *b);                     /* code-point order: -1, 0, 1 */
Value vm_ascii(VM *vm, Value v);                          /* ascii(v) */
/* The text int() and float() read (CPython's _PyUnicode_TransformDecimalAndSpaceToASCII):
 * decimal digits of any script become ASCII ones, spaces ' ', other non-ASCII '?'.
 * A malloc'd copy, NUL-terminated; NULL when out of memory. */
char *vm_str_ascii_digits(const StrObj *s, size_t *len);
Value vm_new_bytes(VM *vm, const void *data, size_t len);
/* bytes -> str: 'utf-8', 'ascii', 'latin-1' and their aliases; errors
 * 'strict', 'ignore', 'replace', 'backslashreplace' (NULL: 'strict'). */
Value vm_decode(VM *vm, const unsigned char *data, size_t len, const char *encoding, const char *errors);

/* ---- the buffer protocol and memoryview (objbuffer.c) */
/* Memory an object exposes: bytes and bytearray (format 'B'), memoryview, and
 * native types whose TypeObj.getbuffer is set. `data` stays valid until
 * Python code runs or the object is resized. */
struct VmBuffer {
    unsigned char *data;
    size_t len;           /* bytes */
    uint32_t itemsize;
    char format;          /* a struct code of native size: 'B', 'i', 'd' ... */
    bool readonly;
};
/* Fills *b when v exposes contiguous memory; false (nothing pending) when not. */
bool vm_get_buffer(Value v, VmBuffer *b);
/* vm_get_buffer, or TypeError "a bytes-like object is required, not 'X'". */
bool vm_buffer_arg(VM *vm, Value v, VmBuffer *b);
/* Native items as the struct module's '@' mode lays them out (array.array,
 * memoryview): the size of format code c, 0 for an unknown code. */
size_t vm_item_size(char c);
/* The item of code c at p as a Python value. */
Value vm_item_get(VM *vm, char c, const void *p);
/* Stores v at p as code c. What went wrong is the caller's to word: */
typedef enum { VM_ITEM_OK, VM_ITEM_TYPE, VM_ITEM_LOW, VM_ITEM_HIGH, VM_ITEM_ERROR } VmItemStatus;
/* VM_ITEM_TYPE: v is of the wrong type; _LOW / _HIGH: out of the code's range;
 * _ERROR: an exception is pending (from __index__, __float__). Nothing is
 * stored unless VM_ITEM_OK. */
VmItemStatus vm_item_set(VM *vm, char c, void *p, Value v);
void vm_init_buffer(VM *vm);

/* ---- helpers for native functions (ops.c) */
bool vm_cmp_holds(int op, int c);                         /* does c (-1, 0, 1) satisfy AST_Eq..AST_GtE? */
/* Raises what a format.c function wrote to err (MemoryError when its buffer ran out). */
Value vm_raise_fmt_error(VM *vm, const char *err, bool oom);
void vm_add_staticmethod(VM *vm, TypeObj *t, const char *name, NativeFn fn);
void vm_add_getter(VM *vm, TypeObj *t, const char *name, NativeFn fn);   /* a read-only property */

#endif

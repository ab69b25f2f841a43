/* The object model: the common header, one C layout per built-in kind, and
 * the type object. Every heap value starts with Obj; its type's `layout`
 * says which struct follows. Instances of user classes that derive from a
 * built-in share the built-in's layout and keep their attributes in hdr.dict. */
#ifndef TIRUN_OBJECT_H
#define TIRUN_OBJECT_H

#include <gmp.h>
#include <stddef.h>

#include "value.h"

typedef struct VM VM;
typedef struct TypeObj TypeObj;
typedef struct DictObj DictObj;
typedef struct StrObj StrObj;
typedef struct TupleObj TupleObj;
typedef struct CodeObj CodeObj;
typedef struct VmBuffer VmBuffer;

/* C layouts of objects (TypeObj.layout). */
#define OBJ_LAYOUTS(X)                                                            \
    X(OBJECT) X(TYPE) X(STR) X(BYTES) X(BYTEARRAY) X(BIGINT) X(COMPLEX) X(TUPLE)    \
    X(LIST) X(DICT) X(SET) X(RANGE) X(SLICE) X(FUNC) X(BUILTIN) X(METHOD) X(CELL) \
    X(CODE) X(MODULE) X(GEN) X(EXC) X(TRACEBACK) X(PROPERTY) X(STATICMETHOD)      \
    X(CLASSMETHOD) X(SUPER) X(ITER) X(FILE) X(NATIVE)

typedef enum {
#define X(n) LAYOUT_##n,
    OBJ_LAYOUTS(X)
#undef X
    LAYOUT_COUNT
} ObjLayout;

enum {
    OBJ_MARKED = 1,
    OBJ_FINALIZED = 2,   /* its __del__ was queued: it runs once per object (PEP 442) */
};

struct Obj {
    TypeObj *type;
    Obj *gc_next;        /* every object, for the sweep */
    DictObj *dict;       /* __dict__ of instances, modules and types; NULL otherwise */
    uint32_t flags;      /* OBJ_MARKED ... */
    uint32_t aux;        /* layout-specific small field */
};

struct StrObj {
    Obj hdr;
    int64_t hash;        /* -1 until computed */
    uint32_t len;        /* bytes of UTF-8 */
    uint32_t nchars;     /* code points */
    bool interned;
    char data[];         /* NUL-terminated; lone surrogates in their 3-byte form */
};

typedef struct {
    Obj hdr;
    int64_t hash;
    uint32_t len;
    unsigned char data[];
} BytesObj;

typedef struct {
    Obj hdr;
    uint32_t len, cap;
    unsigned char *data;
} ByteArrayObj;

/* Ints outside the 48-bit small range. Always normalized: a value that fits
 * a small int is never a BigIntObj. */
typedef struct {
    Obj hdr;
    mpz_t z;
} BigIntObj;

typedef struct {
    Obj hdr;
    double re, im;
} ComplexObj;

struct TupleObj {
    Obj hdr;
    int64_t hash;
    uint32_t len;
    Value items[];
};

typedef struct {
    Obj hdr;
    uint32_t len, cap;
    Value *items;
} ListObj;

/* Insertion-ordered hash table (dict; set and frozenset use it with values
 * unused): `index` maps hash slots to positions in `entries`. */
typedef struct {
    Value key, value;
    int64_t hash;
} DictEntry;

struct DictObj {
    Obj hdr;
    uint32_t used;        /* live entries */
    uint32_t nentries;    /* entries filled, deleted ones included (key == V_UNBOUND) */
    uint32_t cap;         /* capacity of entries */
    uint32_t mask;        /* index size - 1 */
    int32_t *index;       /* -1 empty, -2 deleted, else entry position; lies in entries' block */
    DictEntry *entries;
    uint32_t version;     /* bumped on every change of keys (inline caches) */
};

typedef struct {
    Obj hdr;
    int64_t start, stop, step, len;
} RangeObj;

typedef struct {
    Obj hdr;
    Value start, stop, step;
} SliceObj;

typedef struct {
    Obj hdr;
    Value ref;            /* V_UNBOUND when empty */
} CellObj;

/* Code flags */
enum {
    CO_VARARGS = 1, CO_VARKEYWORDS = 2, CO_GENERATOR = 4, CO_NESTED = 8, CO_CLASSBODY = 16, CO_MODULE = 32,
    CO_HAS_DOC = 64,      /* consts[0] is the docstring */
};

struct CodeObj {
    Obj hdr;
    uint32_t *code;       /* instructions: opcode in bits 0-7, argument in bits 8-31 */
    uint32_t ncode;
    int32_t *lines;       /* per instruction: line, end line, column, end column (UTF-8 bytes; -1 unknown) */
    Value *consts;
    uint32_t nconsts;
    StrObj **names;       /* global / attribute names */
    uint32_t nnames;
    StrObj **varnames;    /* locals, then cell variables, then free variables */
    int32_t *cell2arg;    /* per cell variable: the argument it is initialized from, or -1 */
    int nargs;            /* positional parameters (positional-only included) */
    int nposonly, nkwonly;
    int nlocals, ncells, nfree;
    int stacksize;
    uint32_t flags;
    int firstlineno;
    StrObj *name, *qualname, *filename;
    void *caches;         /* inline caches, owned (freed with the code) */
    /* A function's definition and its source, for the kernel compiler (a
     * @ti.kernel is compiled from its AST): set when both live as long as
     * the VM (modules, the REPL), NULL for exec()/eval() code, whose arena
     * is freed once compiled. */
    const struct AstNode *def;
    const struct ParseSource *src;
};

typedef struct {
    Obj hdr;
    CodeObj *code;
    DictObj *globals;
    TupleObj *defaults;   /* NULL when none */
    DictObj *kwdefaults;  /* NULL when none */
    TupleObj *closure;    /* cells for the code's free variables, or NULL */
    StrObj *name, *qualname;
    Value doc;
    DictObj *annotations; /* NULL when none */
    Value module;         /* __module__ */
} FuncObj;

/* Native functions take a vector: args[0..nargs) positional (self first for
 * methods), then one value per name in kwnames (NULL when no keywords).
 * They return the result, or V_EXC with an exception pending in the VM. */
typedef Value (*NativeFn)(VM *vm, Value *args, int nargs, TupleObj *kwnames);

enum { BUILTIN_METHOD = 1 };   /* bind to the instance on attribute access */

typedef struct {
    Obj hdr;
    NativeFn fn;
    const char *name;
    Value self;           /* bound receiver, or V_UNBOUND */
    TypeObj *owner;       /* for methods: the type they belong to */
} BuiltinObj;

typedef struct {
    Obj hdr;
    Value func, self;
} MethodObj;

typedef struct {
    Obj hdr;
    StrObj *name;         /* __dict__ is hdr.dict */
} ModuleObj;

typedef struct {
    Obj hdr;
    Value next;           /* TracebackObj or V_NONE */
    CodeObj *code;
    int lineno;
} TracebackObj;

/* BaseException and subclasses' instances. */
typedef struct {
    Obj hdr;
    TupleObj *args;
    Value traceback, cause, context;
    bool suppress_context;
} ExcObj;

typedef struct {
    Obj hdr;
    Value fget, fset, fdel, doc;
} PropertyObj;

typedef struct {
    Obj hdr;
    Value func;
} WrapperObj;             /* staticmethod and classmethod */

typedef struct {
    Obj hdr;
    TypeObj *type;
    Value obj;
    TypeObj *obj_type;
} SuperObj;

/* Native iterators of every kind share this layout; the type's `iternext` does the work. */
typedef struct {
    Obj hdr;
    Value seq;            /* what is iterated (list, tuple, str, dict, iterator...) */
    int64_t i, n, step;
    Value extra;          /* a function (map/filter), a tuple of iterators (zip) ... */
} IterObj;

/* Objects of a C extension module (numpy's arrays, dtypes and scalars): this
 * header, then what the module lays out, `size` bytes in all. Its ops say
 * what the object references (for the collector) and what it owns besides
 * itself (freed when it dies; counted for pacing). */
typedef struct NativeOps {
    const char *name;
    /* calls mark(gc, v) on every Value the object holds; NULL when none */
    void (*trace)(Obj *o, void (*mark)(void *gc, Value v), void *gc);
    void (*release)(Obj *o);                 /* NULL when it owns nothing */
    size_t (*owned)(const Obj *o);           /* bytes owned outside the object; NULL: none */
} NativeOps;

typedef struct {
    Obj hdr;
    const NativeOps *ops;
    size_t size;          /* bytes of the whole object, this header included */
} NativeObj;

/* weakref.ref objects (stdlib/modweakref.c): a NativeObj with
 * vm_weakref_ops. The collector keeps every one in vm->weakrefs, does not
 * trace `referent`, and sets it to None when the referent dies, queuing the
 * ref for its callback (gc.c). */
typedef struct {
    NativeObj nat;
    Value referent;       /* None once dead */
    Value callback;       /* None: none, or already called */
    int64_t hash;
    bool hashed;
} WeakRefObj;

/* A type: built-in or defined by a class statement. Its namespace is hdr.dict. */
enum {
    TF_BASETYPE = 1,      /* may be subclassed */
    TF_HEAPTYPE = 2,      /* created by a class statement */
    TF_HAS_SLOTS = 4,     /* __slots__ without __dict__ */
    TF_HAS_DEL = 8,       /* the class or a base defined __del__ (a hint: the GC looks it up) */
};

struct TypeObj {
    Obj hdr;
    StrObj *name, *qualname;
    TypeObj *base;        /* the first base */
    TupleObj *bases, *mro;
    uint8_t layout;
    uint32_t flags;
    uint32_t version;     /* bumped when this type or a base changes (inline caches) */
    /* next(it) for native iterator types; V_UNBOUND at the end (no exception) */
    Value (*iternext)(VM *vm, Value it);
    /* the buffer protocol of native types that expose memory (memoryview,
     * array.array, io.BytesIO; vm_get_buffer): fills *b, or false when obj
     * has none to give now (a released memoryview); inherited by subclasses */
    bool (*getbuffer)(Value obj, VmBuffer *b);
};

#define AS_OBJ(v) v_as_obj(v)
#define AS_STR(v) ((StrObj *)v_as_obj(v))
#define AS_TUPLE(v) ((TupleObj *)v_as_obj(v))
#define AS_LIST(v) ((ListObj *)v_as_obj(v))
#define AS_DICT(v) ((DictObj *)v_as_obj(v))
#define AS_TYPE(v) ((TypeObj *)v_as_obj(v))
#define AS_FUNC(v) ((FuncObj *)v_as_obj(v))
#define AS_BIGINT(v) ((BigIntObj *)v_as_obj(v))

static inline bool v_has_layout(Value v, ObjLayout l)
{
    return v_is_obj(v) && v_as_obj(v)->type->layout == l;
}

#endif

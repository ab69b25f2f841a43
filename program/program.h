/* The Taichi program a VM runs (vm->taichi): its SNode trees and their memory
 * on the backend, its kernels and their compiled instances, and the backend
 * the arch picked (backend/backend.h). ti.init / ti.reset drop the trees and
 * every compiled instance; kernel definitions, the backend and its compiled
 * code (reused by identical instances) survive.
 * stdlib/ (the _taichi_core module) and api/ are its bindings. Errors leave a
 * pending VM exception. */
#ifndef TIRUN_PROGRAM_H
#define TIRUN_PROGRAM_H

#include "../backend/backend.h"
#include "../ir/snode.h"
#include "../frontend/transform.h"
#include "../util/grow.h"

/* An arch ti.init may name: the backend that runs it, or why it cannot. */
typedef struct ProgArch {
    const char *name;
    const BkOps *ops;           /* NULL: not in this build */
    const char *missing;        /* ops NULL: asked alone, an error with this message; else skipped */
} ProgArch;

typedef struct ProgCode ProgCode;   /* compiled code, shared by identical instances (code.c) */

typedef struct {
    Value *targs;               /* template arguments (V_UNBOUND for typed parameters) */
    TrNdarrayArg *nd;           /* per parameter: what its ndarray argument was (NULL: no ndarrays) */
    int generation;
    ProgCode *code;
    BkKernel *bk;               /* the code's kernel */
    double compile_ms;
} ProgInstance;

typedef struct ProgKernel {
    FuncObj *fn;                /* kept alive by the module's _kernels list */
    char name[96];
    int nparams;
    bool *is_template;
    IrType *ptypes;         /* typed scalar parameters: their type */
    bool *is_ndarray;       /* annotated ti.types.ndarray(...): the argument decides the instance */
    int8_t *elem_dims;      /* an ndarray parameter's element dimensions (its annotation's vector: 1,
                             * matrix: 2, else 0): the trailing ones of a host array argument's */
    bool any_ndarray;
    /* compound parameters (a vector, a matrix ...): the annotation's compound
     * (TrKernelSpec), held by refs; V_UNBOUND for the others */
    Value *compound;
    /* the argument slots when no ndarray takes any: each typed parameter's
     * first slot (-1 for templates) and the slots' types; an ndarray's slots
     * (1 + ndim, ndim from the argument) come in at its place per instance */
    int *slot;
    IrType slot_types[BK_MAX_ARGS];
    int nslots;
    IrType ret_types[BK_MAX_RETS];
    int nrets;
    Value ret_compound;     /* a compound return annotation, or V_UNBOUND */
    ProgInstance *inst;
    int ninst, instcap;
    Value refs;                 /* a list holding template arguments alive */
    /* ti.init(kernel_profiler=True): its launches' run times in ms */
    int64_t prof_count;
    double prof_total, prof_min, prof_max;
} ProgKernel;

/* Taichi's offline_cache_cleaning_policy values. */
enum { PROG_CACHE_NEVER, PROG_CACHE_VERSION, PROG_CACHE_LRU, PROG_CACHE_FIFO };

typedef struct ProgCacheEntry ProgCacheEntry;   /* a kernel saved or loaded since the last dump (cache.c) */

/* The offline cache's settings (ti.init) and what this program did with it. */
typedef struct ProgCache {
    bool on;
    char *dir;                  /* offline_cache_file_path; NULL: the default */
    int policy;
    int64_t max_size;           /* bytes of cache files that trigger lru / fifo cleaning */
    double factor;              /* the share of the files those remove */
    int loads;                  /* kernels loaded from the cache (not compiled) */
    ProgCacheEntry *entries;
    int n, cap;
} ProgCache;

/* Arrays of a module above program/ (stdlib's numpy) that kernels take as
 * they take a host buffer (ndarray parameters, no copy): the module describes
 * them through these hooks (Program.host; NULL: none), so program/ never
 * includes it. Its scalars are env.host_number's (frontend/transform.h). */
typedef struct ProgHostArray {
    char *data;
    IrType dtype;               /* IR_VOID: an element type kernels cannot take */
    const char *dtype_name;     /* the array's own name of it ("bool") */
    int ndim;
    const int64_t *shape;
    char order;                 /* 'C' (row-major), 'F' (column-major only), 0: neither */
} ProgHostArray;

typedef struct ProgHostOps {
    /* Whether v is one of the module's arrays; then *out describes it. */
    bool (*array)(Value v, ProgHostArray *out);
    /* A row-major copy of the column-major array v (V_EXC with an exception
     * pending), and, after a launch, the copy's elements written back into v. */
    Value (*c_copy)(VM *vm, Value v);
    bool (*write_back)(VM *vm, Value v, Value copy);
} ProgHostOps;

typedef struct Program {
    VM *vm;
    IrSNodeProgram *snodes;
    int generation;             /* bumped by ti.reset: instances of older ones are stale */
    TrEnv env;                  /* classes and config the transformer reads */
    bool env_ready;
    bool print_ir, optimize;
    bool profiler;              /* ti.init(kernel_profiler=): launches are timed (kernel.c) */
    const ProgArch *arch;
    BkOptions options;          /* for the next backend instance */
    const BkOps *ops;
    BkBackend *bk;              /* opened on first use; kept across ti.reset (its code is reused) */
    bool restart;               /* ti.reset happened: restart bk with the options, or reopen for another arch */
    ProgCode **codes;           /* compiled code by its IR (code.c) */
    int ncodes, codes_cap;
    int backend_compiles;       /* kernels the backend compiled (no reused code) */
    ProgCache cache;
    BkBuffer **trees;           /* tree buffers by tree id (NULL: not materialized) */
    int ntrees, trees_cap;
    /* kernel print output, written to sys.stdout after each launch */
    char *out;
    size_t out_len, out_cap;
    ProgKernel **kernels;
    int nkernels, kernels_cap;
    bool compiling;
    bool quiet;                 /* the host turned ti.init's banner off */
    bool unplaced;              /* some field is not placed yet: launches check (set_unplaced) */
    const ProgHostOps *host;    /* host arrays kernels take (numpy's); NULL: none */
} Program;

/* The VM's program, made on first use; NULL with MemoryError pending. */
Program *prog_of(VM *vm);
/* Whether ti.init prints its "[Taichi] Starting on arch=..." line (the
 * embedding host's choice); false with MemoryError pending. */
bool prog_set_banner(VM *vm, bool on);
/* Drops the SNode trees, compiled kernel instances and the backend (ti.reset). */
void prog_reset(Program *p);

/* The arch table; the arch named name, or NULL. */
extern const ProgArch prog_archs[];
const ProgArch *prog_arch_named(const char *name);
/* Chooses the first of names[0 .. n) this build runs (ti.gpu is a list),
 * else the host CPU; *fell_back says whether it had to. An arch asked for
 * alone that this build lacks is a RuntimeError of type err (its message
 * from the table). Takes effect at the next backend open (after ti.reset). */
const ProgArch *prog_select_arch(Program *p, const char *const *names, int n, TypeObj *err, bool *fell_back);
/* The open backend (opened now if needed), or NULL with RuntimeError. */
BkBackend *prog_backend(Program *p);

/* ---- compiled code (code.c) */

/* The code of ir (after the passes) on the open backend: compiled code reused
 * when an instance with the same IR and tree layout was compiled before, else
 * compiled now. One more reference. NULL with MemoryError pending, or with
 * no exception when the backend failed (ops->message says why). */
ProgCode *prog_code_get(Program *p, const IrKernel *ir);
BkKernel *prog_code_kernel(const ProgCode *c);
/* Drops an instance's reference (NULL: nothing). */
void prog_code_release(ProgCode *c);
/* Frees the code no instance uses that the last program generation did not
 * use either (all: every entry, before the backend closes). */
void prog_code_sweep(Program *p, bool all);
/* ---- the offline cache (cache.c): code.c's keys, the backend's saved kernels */

void prog_cache_configure(Program *p, bool on, const char *dir, int policy, int64_t max_size, double factor);
/* The kernel saved under code.c's key[0 .. len), loaded into the open
 * backend; NULL when there is none or it is unusable (damaged, truncated, for
 * another key, target or build): then the caller compiles it. */
BkKernel *prog_cache_load(Program *p, const char *key, size_t len, const char *name);
/* Keeps bk, compiled for key, to be written at the next dump (nothing when the
 * cache is off or the backend cannot save). */
void prog_cache_keep(Program *p, const char *key, size_t len, const char *name, BkKernel *bk);
/* Writes the kept kernels and the index, and cleans the directory as the
 * policy says (a program's end: ti.reset). Failures only cost the cache. */
void prog_cache_dump(Program *p);
/* Forgets the kept kernels. */
void prog_cache_free(Program *p);

/* Waits for the backend (ti.sync). */
bool prog_sync(Program *p);

/* ---- fields */

/* The SNode trees, made on first use; NULL with MemoryError. */
IrSNodeProgram *prog_snodes(Program *p);
/* Lays out t and gives it a zero-filled buffer on the backend; t->buffer is
 * its host address when the backend's memory is host-visible (else NULL).
 * Idempotent. */
bool prog_materialize(Program *p, IrSNodeTree *t);
/* Copies the element of place at in-bounds virtual indices idx to or from
 * bytes (the element type's size). */
bool prog_field_read(Program *p, const IrSNodeNode *place, const int64_t *idx, void *bytes);
bool prog_field_write(Program *p, const IrSNodeNode *place, const int64_t *idx, const void *bytes);
/* Writes bytes (one element) to every element of place. */
bool prog_field_fill(Program *p, const IrSNodeNode *place, const void *bytes);
/* Copies the elements of a field whose entries are the place nodes with the
 * ids place_ids[0 .. n) (one for a
 * scalar field, n*m for a matrix field) to buf (write: from buf), row-major
 * by index, each element its entries in a row. *needed gets the field's size
 * in bytes; buf NULL only asks for it; a size other than that is a ValueError. */
bool prog_field_copy(Program *p, const int64_t *place_ids, int n, void *buf, size_t size, bool write,
                     size_t *needed);

/* ---- kernels (kernel.c) */

/* Registers fn as a kernel (its signature from its annotations); refs, a
 * list, keeps what the kernel holds alive. The kernel's handle, or -1. */
int prog_kernel_new(Program *p, FuncObj *fn, Value refs);
/* Calls kernel args[0] (a handle) with args[1 ..] and keyword arguments kw:
 * binds them, compiles an instance for new template arguments, launches it
 * and returns its result. A builtin function's body. */
Value prog_kernel_call(VM *vm, Value *args, int nargs, TupleObj *kw);
/* Frees k's compiled instances (ti.reset), or k and its instances. */
void prog_kernel_drop_instances(Program *p, ProgKernel *k);
void prog_kernel_free(Program *p, ProgKernel *k);
/* Writes text to sys.stdout (straight to the C stream when it is the original). */
bool prog_write_stdout(VM *vm, const char *text, size_t len);

#endif

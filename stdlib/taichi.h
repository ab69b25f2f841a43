/* The state of the Taichi program a VM runs (vm->taichi): its SNode trees
 * (modtaichi.c, Python-scope fields) and its kernels, their compiled instances,
 * the JIT, the thread pool and the runtime (taichi_kernel.c). ti.init / ti.reset
 * drop the trees and every compiled instance; kernel definitions survive. */
#ifndef TIRUN_STDLIB_TAICHI_H
#define TIRUN_STDLIB_TAICHI_H

#include <pthread.h>

#include "../ir/snode.h"
#include "../frontend/transform.h"
#include "../jit/codegen.h"
#include "modules.h"

typedef struct TiKernel TiKernel;

typedef struct TaichiState {
    IrSNodeProgram *prog;
    int generation;             /* bumped by ti.reset: instances of older ones are stale */
    TrEnv env;                  /* classes and config the transformer reads */
    bool env_ready;
    bool print_ir, optimize;
    int max_threads;
    JitSession *jit;
    JitPool *pool;
    JitRuntime rt;
    unsigned char **roots;      /* tree buffers by tree id, for launches */
    int nroots;
    /* kernel print output (the JIT runtime calls rt_write one thread at a
     * time), written to sys.stdout after each launch */
    char *out;
    size_t out_len, out_cap;
    TiKernel **kernels;
    int nkernels, kernels_cap;
    bool compiling;
    bool quiet;                 /* the host turned ti.init's banner off */
    bool unplaced;              /* some field is not placed yet: launches check (tk_set_unplaced) */
} TaichiState;

/* The VM's Taichi state, made on first use; NULL with MemoryError pending. */
TaichiState *taichi_state(VM *vm);
/* Drops the SNode trees and compiled kernel instances (ti.reset). */
void taichi_reset(TaichiState *s);
/* Adds the kernel functions (kernel, launch, register, configure, Expr operators ...)
 * to the _taichi_core module. */
bool taichi_kernel_init(VM *vm, Value module);

/* ---- for the embedding API (api/tirun.c) */

/* Whether ti.init prints its "[Taichi] Starting on arch=..." line; false
 * with MemoryError pending. */
bool taichi_set_banner(VM *vm, bool on);
/* Copies the elements of a field whose entries are the place nodes
 * place_ids[0 .. n) (one for a scalar field, n*m for a matrix field) to buf
 * (write: from buf), row-major by index, each element its entries in a row.
 * *needed gets the field's size in bytes; buf NULL only asks for it; a size
 * other than that is a ValueError. False with an exception pending. */
bool taichi_field_copy(VM *vm, const int64_t *place_ids, int n, void *buf, size_t size, bool write, size_t *needed);

#endif

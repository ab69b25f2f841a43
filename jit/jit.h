/* The CPU JIT: LLVM 15's ORC LLJIT for the host CPU, behind the few calls the LLVM
 * backend needs. The backend builds a module with the LLVM C API in the context a
 * JitModule carries; jit_module_add verifies it, runs an optimization pipeline
 * (O3's loop and SLP vectorizers with a lighter scalar part) tuned for the
 * host (so loops vectorize with its features) and hands it to the JIT; jit_lookup
 * compiles it to machine code and returns a function's address.
 *
 * Errors: a call that fails returns 0 / NULL and sets *err to a message the caller
 * frees with free() (NULL only when even that is out of memory). Nothing here
 * aborts or exits on a bad module. A session is not thread-safe: one per VM, used
 * from one thread at a time.
 *
 * With TIRUN_JIT_DUMP set in the environment, every optimized module is printed
 * on stderr (to see what the passes made of a kernel). */
#ifndef TIRUN_JIT_H
#define TIRUN_JIT_H

#include <stdbool.h>
#include <stddef.h>

#include <llvm-c/Core.h>

typedef struct JitSession JitSession;
typedef struct JitModule JitModule;

/* Whether kernels compiled from now on use fast math (ti.init(fast_math=)):
 * float operations may be reassociated and contracted, and assume no NaN, no
 * infinity and no signed zero. On by default, as in Taichi. */
void jit_session_set_fast_math(JitSession *s, bool on);
bool jit_session_fast_math(const JitSession *s);

/* A number for the next kernel compiled in s, unique within s. */
unsigned jit_session_next_id(JitSession *s);

/* The address of a compiled or host function; cast it to the function's real type. */
typedef void (*JitFn)(void);

/* A host (C) function that generated code may call by name: runtime support such
 * as print, assertion failure, random numbers. */
typedef struct JitSymbol {
    const char *name;
    JitFn fn;
} JitSymbol;

/* Creates a JIT for the host CPU (its name and features, codegen at O3). Besides
 * the symbols registered with jit_define_host, generated code can call the
 * process's dynamic symbols (libc, libm: memset, memcpy, sinf, ...). Returns NULL
 * and sets *err on failure. */
JitSession *jit_session_create(char **err);

/* The host target as "triple cpu features" (malloc'd; NULL when out of memory):
 * what object code compiled here depends on. */
char *jit_host_target(void);

/* Frees the session and all code compiled in it; s may be NULL. */
void jit_session_destroy(JitSession *s);

/* Makes syms[0..n) callable from generated code under their names. Redefining a
 * name is an error. Returns 1 on success, 0 (and *err) on failure. */
int jit_define_host(JitSession *s, const JitSymbol *syms, size_t n, char **err);

/* A new, empty module named name, in a fresh LLVM context, with the session's
 * target triple and data layout set. Returns NULL only when out of memory. */
JitModule *jit_module_create(JitSession *s, const char *name);

/* The module to build code into, and the context its types and constants belong to. */
LLVMModuleRef jit_module_llvm(const JitModule *m);
LLVMContextRef jit_module_context(const JitModule *m);

/* Frees a module that will not be added; m may be NULL. */
void jit_module_discard(JitModule *m);

/* Verifies m, optimizes it (jit.c's pipeline, for the host) and adds it to the session,
 * which compiles it on the first lookup of one of its symbols. Always consumes m,
 * also on failure. Returns 1 on success, 0 (and *err) on failure. */
int jit_module_add(JitSession *s, JitModule *m, char **err);

/* The address of the function name (unmangled, as named in its module or in
 * jit_define_host), compiling its module first if needed. Returns NULL and sets
 * *err when it is not defined or its module fails to compile or link. */
JitFn jit_lookup(JitSession *s, const char *name, char **err);

/* ---- object code: what kernels are compiled to, and what the offline cache keeps
 *
 * A module compiled to an object file (ELF, Mach-O ... for the host) can be
 * loaded into this session or, as bytes kept on disk, into a session of a later
 * process on the same host and tirun build. Each loaded object lives in a JIT
 * library of its own, so that its symbol names need to be unique only within
 * it, and its code is freed with it. */
typedef struct JitCode JitCode;

/* Verifies m, optimizes it (as jit_module_add does) and compiles it to an object
 * file in *obj (malloc'd, *len bytes). Always consumes m. Returns 1, or 0 and *err. */
int jit_module_emit(JitSession *s, JitModule *m, char **obj, size_t *len, char **err);

/* Loads the object obj[0 .. len) made by jit_module_emit; its undefined symbols
 * resolve to the session's host symbols and the process's. Returns NULL and
 * sets *err when it cannot. */
JitCode *jit_code_load(JitSession *s, const void *obj, size_t len, char **err);

/* The addresses of names[0 .. n) in c (the object is linked on the first
 * lookup) into fns; 1, or 0 and *err when one is missing or linking fails. */
int jit_code_lookup(JitSession *s, JitCode *c, const char *const *names, JitFn *fns, size_t n, char **err);

/* Frees c and its code (NULL: nothing); call before jit_session_destroy. */
void jit_code_free(JitCode *c);

#endif

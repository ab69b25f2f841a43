/* The CPU JIT session over LLVM 15's ORC C API: a host target machine that the
 * optimization pipeline tunes for, an LLJIT built from a copy of it, host symbols
 * (the kernel runtime's among them), and the conversion of every LLVM error into
 * a malloc'd message for the caller. */
#include "jit.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "runtime.h"

struct JitSession {
    LLVMOrcLLJITRef lljit;
    LLVMTargetMachineRef tm;            /* the host, for the passes' cost models */
    LLVMPassBuilderOptionsRef pass_opts;
    char *reported;                     /* the last error ORC reported while compiling */
    bool dump;                          /* TIRUN_JIT_DUMP: print each optimized module */
    bool fast_math;
    unsigned next_id;                   /* kernels compiled so far: unique symbol names */
    unsigned next_lib;                  /* objects loaded so far: unique library names */
    JitSymbol *hosts;                   /* every host symbol, defined again in each object's library */
    size_t nhosts, hosts_cap;
};

struct JitCode {
    LLVMOrcJITDylibRef lib;
};

struct JitModule {
    LLVMOrcThreadSafeContextRef tsc;
    LLVMModuleRef mod;
};

/* prefix + msg in one malloc'd string, without msg's trailing newlines. */
static char *dup_message(const char *prefix, const char *msg)
{
    size_t np = strlen(prefix), nm = strlen(msg);
    while (nm > 0 && msg[nm - 1] == '\n')
        nm--;
    char *s = malloc(np + nm + 1);
    if (s) {
        memcpy(s, prefix, np);
        memcpy(s + np, msg, nm);
        s[np + nm] = '\0';
    }
    return s;
}

/* Consumes e and sets *err to "prefix" followed by its message; returns 0. */
static int fail_llvm(char **err, const char *prefix, LLVMErrorRef e)
{
    char *msg = LLVMGetErrorMessage(e);
    *err = dup_message(prefix, msg);
    LLVMDisposeErrorMessage(msg);
    return 0;
}

static int fail(char **err, const char *prefix, const char *msg)
{
    *err = dup_message(prefix, msg);
    return 0;
}

/* ORC reports errors found while materializing (unresolved symbols, codegen
 * failures) here rather than to the lookup that triggered them, and by default
 * prints them on stderr; keep the latest so that jit_lookup can return it. */
static void report_error(void *ctx, LLVMErrorRef e)
{
    JitSession *s = ctx;
    char *msg = LLVMGetErrorMessage(e);
    free(s->reported);
    s->reported = dup_message("", msg);
    LLVMDisposeErrorMessage(msg);
}

/* LLVM's native target registers itself in LLVM's own process-wide tables,
 * once for every session of every runtime: written once, then only read. */
static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static int init_failed;

static void init_llvm(void)
{
    init_failed = LLVMInitializeNativeTarget() || LLVMInitializeNativeAsmPrinter();
}

/* A target machine for the host CPU with all of its features. JITDefault picks
 * the large code model on x86-64, so calls into the host reach anywhere. */
static LLVMTargetMachineRef host_machine(char **err)
{
    char *triple = LLVMGetDefaultTargetTriple();
    char *cpu = LLVMGetHostCPUName();
    char *features = LLVMGetHostCPUFeatures();
    LLVMTargetMachineRef tm = NULL;
    LLVMTargetRef target;
    char *msg = NULL;
    if (LLVMGetTargetFromTriple(triple, &target, &msg)) {
        fail(err, "jit: no target for the host: ", msg ? msg : triple);
    } else {
        tm = LLVMCreateTargetMachine(target, triple, cpu, features, LLVMCodeGenLevelAggressive,
                                     LLVMRelocDefault, LLVMCodeModelJITDefault);
        if (!tm)
            fail(err, "jit: cannot create a target machine for ", cpu);
    }
    LLVMDisposeMessage(msg);
    LLVMDisposeMessage(features);
    LLVMDisposeMessage(cpu);
    LLVMDisposeMessage(triple);
    return tm;
}

char *jit_host_target(void)
{
    char *triple = LLVMGetDefaultTargetTriple();
    char *cpu = LLVMGetHostCPUName();
    char *features = LLVMGetHostCPUFeatures();
    size_t n = strlen(triple) + strlen(cpu) + strlen(features) + 3;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s %s %s", triple, cpu, features);
    LLVMDisposeMessage(features);
    LLVMDisposeMessage(cpu);
    LLVMDisposeMessage(triple);
    return s;
}

static int build_lljit(JitSession *s, char **err)
{
    LLVMTargetMachineRef jit_tm = host_machine(err);
    if (!jit_tm)
        return 0;
    /* The builder copies the machine's triple, CPU, features and opt level. */
    LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
    LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(
        builder, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(jit_tm));
    LLVMErrorRef e = LLVMOrcCreateLLJIT(&s->lljit, builder);
    if (e) {
        s->lljit = NULL;
        return fail_llvm(err, "jit: cannot create the JIT: ", e);
    }
    LLVMOrcExecutionSessionSetErrorReporter(LLVMOrcLLJITGetExecutionSession(s->lljit),
                                            report_error, s);

    LLVMOrcDefinitionGeneratorRef process;
    e = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
        &process, LLVMOrcLLJITGetGlobalPrefix(s->lljit), NULL, NULL);
    if (e)
        return fail_llvm(err, "jit: cannot search the process's symbols: ", e);
    LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(s->lljit), process);
    return 1;
}

JitSession *jit_session_create(char **err)
{
    pthread_once(&init_once, init_llvm);
    if (init_failed) {
        fail(err, "jit: ", "LLVM has no native target in this build");
        return NULL;
    }
    JitSession *s = calloc(1, sizeof *s);
    if (!s) {
        fail(err, "jit: ", "out of memory");
        return NULL;
    }
    size_t nrt;
    const JitSymbol *rt = jit_rt_symbols(&nrt);
    s->tm = host_machine(err);
    if (!s->tm || !build_lljit(s, err) || !jit_define_host(s, rt, nrt, err)) {
        jit_session_destroy(s);
        return NULL;
    }
    s->dump = getenv("TIRUN_JIT_DUMP") != NULL;
    s->fast_math = true;
    /* The tuning options only shape the default<On> pipelines, not ours. */
    s->pass_opts = LLVMCreatePassBuilderOptions();
    return s;
}

void jit_session_destroy(JitSession *s)
{
    if (!s)
        return;
    if (s->lljit)
        LLVMConsumeError(LLVMOrcDisposeLLJIT(s->lljit));
    if (s->pass_opts)
        LLVMDisposePassBuilderOptions(s->pass_opts);
    if (s->tm)
        LLVMDisposeTargetMachine(s->tm);
    free(s->reported);
    free(s->hosts);
    free(s);
}

/* Defines syms[0 .. n) in lib as absolute addresses. */
static int define_hosts(JitSession *s, LLVMOrcJITDylibRef lib, const JitSymbol *syms, size_t n, char **err)
{
    if (n == 0)
        return 1;
    LLVMOrcCSymbolMapPairs pairs = calloc(n, sizeof *pairs);
    if (!pairs)
        return fail(err, "jit: ", "out of memory");
    for (size_t i = 0; i < n; i++) {
        /* The pairs own one reference to each interned name, which
         * LLVMOrcAbsoluteSymbols takes over. */
        pairs[i].Name = LLVMOrcLLJITMangleAndIntern(s->lljit, syms[i].name);
        pairs[i].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)syms[i].fn;
        pairs[i].Sym.Flags.GenericFlags =
            LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable;
    }
    LLVMOrcMaterializationUnitRef mu = LLVMOrcAbsoluteSymbols(pairs, n);
    free(pairs);
    LLVMErrorRef e = LLVMOrcJITDylibDefine(lib, mu);
    if (e) {
        LLVMOrcDisposeMaterializationUnit(mu);
        return fail_llvm(err, "jit: cannot define host symbols: ", e);
    }
    return 1;
}

int jit_define_host(JitSession *s, const JitSymbol *syms, size_t n, char **err)
{
    if (!define_hosts(s, LLVMOrcLLJITGetMainJITDylib(s->lljit), syms, n, err))
        return 0;
    if (s->nhosts + n > s->hosts_cap) {
        size_t cap = 2 * (s->nhosts + n);
        JitSymbol *h = realloc(s->hosts, cap * sizeof *h);
        if (!h)
            return fail(err, "jit: ", "out of memory");
        s->hosts = h;
        s->hosts_cap = cap;
    }
    memcpy(s->hosts + s->nhosts, syms, n * sizeof *syms);
    s->nhosts += n;
    return 1;
}

/* Passes report remarks and warnings ("loop not vectorized") through the
 * context, whose default handler prints them on stderr and exits on an error:
 * neither belongs in a user's program. Failures reach the caller as errors. */
static void ignore_diagnostic(LLVMDiagnosticInfoRef info, void *ctx) { (void)info, (void)ctx; }

JitModule *jit_module_create(JitSession *s, const char *name)
{
    JitModule *m = malloc(sizeof *m);
    if (!m)
        return NULL;
    m->tsc = LLVMOrcCreateNewThreadSafeContext();
    LLVMContextSetDiagnosticHandler(LLVMOrcThreadSafeContextGetContext(m->tsc), ignore_diagnostic, NULL);
    m->mod = LLVMModuleCreateWithNameInContext(name, LLVMOrcThreadSafeContextGetContext(m->tsc));
    LLVMSetTarget(m->mod, LLVMOrcLLJITGetTripleString(s->lljit));
    LLVMSetDataLayout(m->mod, LLVMOrcLLJITGetDataLayoutStr(s->lljit));
    return m;
}

LLVMModuleRef jit_module_llvm(const JitModule *m) { return m->mod; }

LLVMContextRef jit_module_context(const JitModule *m)
{
    return LLVMOrcThreadSafeContextGetContext(m->tsc);
}

void jit_module_discard(JitModule *m)
{
    if (!m)
        return;
    LLVMDisposeModule(m->mod);          /* before its context, which this frees */
    LLVMOrcDisposeThreadSafeContext(m->tsc);
    free(m);
}

/* The optimization pipeline: what a kernel needs from O3 at under half its
 * compile time (O3's inliner, IPO and repeated simplification find nothing in a
 * kernel's few task functions). Promote locals, simplify, rotate loops and hoist
 * invariants, unroll short loops of a constant trip count fully (a serial loop
 * over 4 vortices or 3 dimensions inside a parallel one: its values become
 * registers again, and the SLP vectorizer can pack its iterations), remove
 * redundant loads, vectorize loops (the vectorizer simplifies
 * loops and forms LCSSA itself), clean up, and vectorize straight-line code.
 * indvars is left out on purpose: the code generator's nsw i32 counters already
 * give SCEV affine addresses, and indvars costs more than it saves. */
static const char pipeline[] = "function(sroa,early-cse<memssa>,instcombine,simplifycfg,"
                               "loop-mssa(loop-rotate,licm),loop(loop-unroll-full),sroa,gvn,loop-vectorize,"
                               "instcombine,simplifycfg,slp-vectorizer)";

/* Verifies and optimizes m; on failure discards it and sets *err. */
static int optimize(JitSession *s, JitModule *m, char **err)
{
    char *msg = NULL;
    if (LLVMVerifyModule(m->mod, LLVMReturnStatusAction, &msg)) {
        fail(err, "jit: invalid module: ", msg);
        LLVMDisposeMessage(msg);
        jit_module_discard(m);
        return 0;
    }
    LLVMDisposeMessage(msg);

    LLVMErrorRef e = LLVMRunPasses(m->mod, pipeline, s->tm, s->pass_opts);
    if (e) {
        jit_module_discard(m);
        return fail_llvm(err, "jit: optimizing: ", e);
    }
    if (s->dump)
        LLVMDumpModule(m->mod);
    return 1;
}

int jit_module_add(JitSession *s, JitModule *m, char **err)
{
    if (!optimize(s, m, err))
        return 0;
    /* The thread-safe module takes the module and a reference to its context;
     * the JIT takes the thread-safe module, also when adding fails. */
    LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(m->mod, m->tsc);
    LLVMOrcDisposeThreadSafeContext(m->tsc);
    free(m);
    LLVMErrorRef e = LLVMOrcLLJITAddLLVMIRModule(s->lljit, LLVMOrcLLJITGetMainJITDylib(s->lljit), tsm);
    if (e)
        return fail_llvm(err, "jit: cannot add module: ", e);
    return 1;
}

JitFn jit_lookup(JitSession *s, const char *name, char **err)
{
    LLVMOrcExecutorAddress addr = 0;
    free(s->reported);
    s->reported = NULL;
    LLVMErrorRef e = LLVMOrcLLJITLookup(s->lljit, &addr, name);
    if (e) {
        /* The reported error names the cause ("Symbols not found: [ f ]"); the
         * lookup's own says only that materializing failed. */
        if (s->reported) {
            LLVMConsumeError(e);
            fail(err, "jit: ", s->reported);
        } else {
            fail_llvm(err, "jit: ", e);
        }
        return NULL;
    }
    return (JitFn)(uintptr_t)addr;
}

unsigned jit_session_next_id(JitSession *s) { return s->next_id++; }

void jit_session_set_fast_math(JitSession *s, bool on) { s->fast_math = on; }

bool jit_session_fast_math(const JitSession *s) { return s->fast_math; }

/* ---- object code */

int jit_module_emit(JitSession *s, JitModule *m, char **obj, size_t *len, char **err)
{
    if (!optimize(s, m, err))
        return 0;
    /* The session's machine is the JIT's (same CPU, features, code model). */
    char *msg = NULL;
    LLVMMemoryBufferRef buf = NULL;
    int failed = LLVMTargetMachineEmitToMemoryBuffer(s->tm, m->mod, LLVMObjectFile, &msg, &buf);
    jit_module_discard(m);
    if (failed) {
        fail(err, "jit: code generation: ", msg ? msg : "failed");
        LLVMDisposeMessage(msg);
        return 0;
    }
    *len = LLVMGetBufferSize(buf);
    *obj = malloc(*len ? *len : 1);
    if (*obj)
        memcpy(*obj, LLVMGetBufferStart(buf), *len);
    LLVMDisposeMemoryBuffer(buf);
    return *obj ? 1 : fail(err, "jit: ", "out of memory");
}

JitCode *jit_code_load(JitSession *s, const void *obj, size_t len, char **err)
{
    JitCode *c = malloc(sizeof *c);
    if (!c) {
        fail(err, "jit: ", "out of memory");
        return NULL;
    }
    char name[32];
    snprintf(name, sizeof name, "tirun.code%u", s->next_lib++);
    c->lib = LLVMOrcExecutionSessionCreateBareJITDylib(LLVMOrcLLJITGetExecutionSession(s->lljit), name);
    LLVMOrcDefinitionGeneratorRef process;
    LLVMErrorRef e = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
        &process, LLVMOrcLLJITGetGlobalPrefix(s->lljit), NULL, NULL);
    if (e) {
        fail_llvm(err, "jit: cannot search the process's symbols: ", e);
        jit_code_free(c);
        return NULL;
    }
    LLVMOrcJITDylibAddGenerator(c->lib, process);
    if (!define_hosts(s, c->lib, s->hosts, s->nhosts, err)) {
        jit_code_free(c);
        return NULL;
    }
    /* the JIT takes the buffer, also when adding fails */
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(obj, len, name);
    e = LLVMOrcLLJITAddObjectFile(s->lljit, c->lib, buf);
    if (e) {
        fail_llvm(err, "jit: cannot add object code: ", e);
        jit_code_free(c);
        return NULL;
    }
    return c;
}

typedef struct {
    bool done;
    LLVMErrorRef err;
    LLVMOrcSymbolStringPoolEntryRef *names;
    JitFn *fns;
    size_t n;
} Lookup;

static void found(LLVMErrorRef e, LLVMOrcCSymbolMapPairs pairs, size_t npairs, void *ctx)
{
    Lookup *l = ctx;
    l->done = true;
    l->err = e;
    for (size_t i = 0; !e && i < npairs; i++)
        for (size_t j = 0; j < l->n; j++)
            if (pairs[i].Name == l->names[j])
                l->fns[j] = (JitFn)(uintptr_t)pairs[i].Sym.Address;
}

int jit_code_lookup(JitSession *s, JitCode *c, const char *const *names, JitFn *fns, size_t n, char **err)
{
    LLVMOrcCLookupSet set = calloc(n ? n : 1, sizeof *set);
    LLVMOrcSymbolStringPoolEntryRef *interned = calloc(n ? n : 1, sizeof *interned);
    if (!set || !interned) {
        free(set);
        free(interned);
        return fail(err, "jit: ", "out of memory");
    }
    for (size_t i = 0; i < n; i++) {
        fns[i] = NULL;
        interned[i] = LLVMOrcLLJITMangleAndIntern(s->lljit, names[i]);
        LLVMOrcRetainSymbolStringPoolEntry(interned[i]);     /* the lookup takes one reference */
        set[i] = (LLVMOrcCLookupSetElement){interned[i], LLVMOrcSymbolLookupFlagsRequiredSymbol};
    }
    LLVMOrcCJITDylibSearchOrderElement order = {c->lib, LLVMOrcJITDylibLookupFlagsMatchAllSymbols};
    Lookup l = {false, NULL, interned, fns, n};
    free(s->reported);
    s->reported = NULL;
    /* The JIT links on this thread (no compile threads): the lookup is done
     * when the call returns. */
    LLVMOrcExecutionSessionLookup(LLVMOrcLLJITGetExecutionSession(s->lljit), LLVMOrcLookupKindStatic, &order, 1,
                                  set, n, found, &l);
    for (size_t i = 0; i < n; i++)
        LLVMOrcReleaseSymbolStringPoolEntry(interned[i]);
    free(interned);
    free(set);
    int ok = 1;
    if (!l.done) {
        ok = fail(err, "jit: ", "the lookup did not finish");
    } else if (l.err) {
        if (s->reported) {
            LLVMConsumeError(l.err);
            ok = fail(err, "jit: ", s->reported);
        } else {
            ok = fail_llvm(err, "jit: ", l.err);
        }
    }
    for (size_t i = 0; ok && i < n; i++)
        if (!fns[i])
            ok = fail(err, "jit: symbol not found: ", names[i]);
    return ok;
}

void jit_code_free(JitCode *c)
{
    if (!c)
        return;
    LLVMConsumeError(LLVMOrcJITDylibClear(c->lib));
    free(c);
}

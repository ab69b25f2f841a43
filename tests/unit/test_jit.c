/* Unit test for jit/jit.c: builds small modules with the LLVM C API, compiles
 * them, calls the code; host functions and process symbols resolve; bad modules,
 * missing symbols and duplicate definitions come back as messages. Prints how
 * long the optimization pipeline and codegen take for a saxpy loop. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "jit/jit.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static LLVMValueRef add_function(LLVMModuleRef mod, const char *name, LLVMTypeRef ret,
                                 LLVMTypeRef *params, unsigned n)
{
    return LLVMAddFunction(mod, name, LLVMFunctionType(ret, params, n, 0));
}

/* i32 add(i32 a, i32 b) { return a + b; } */
static void build_add(JitModule *m)
{
    LLVMContextRef c = jit_module_context(m);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(c);
    LLVMValueRef f = add_function(jit_module_llvm(m), "add", i32, (LLVMTypeRef[]){i32, i32}, 2);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, f, "entry"));
    LLVMBuildRet(b, LLVMBuildAdd(b, LLVMGetParam(f, 0), LLVMGetParam(f, 1), "sum"));
    LLVMDisposeBuilder(b);
}

/* void NAME(float a, float *x, float *y, i64 begin, i64 end)
 * { for (i64 i = begin; i < end; i++) y[i] = a * x[i] + y[i]; } */
static void build_saxpy(JitModule *m, const char *name)
{
    LLVMContextRef c = jit_module_context(m);
    LLVMTypeRef f32 = LLVMFloatTypeInContext(c), i64 = LLVMInt64TypeInContext(c);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(c, 0);
    LLVMValueRef f = add_function(jit_module_llvm(m), name, LLVMVoidTypeInContext(c),
                                  (LLVMTypeRef[]){f32, ptr, ptr, i64, i64}, 5);
    LLVMValueRef a = LLVMGetParam(f, 0), x = LLVMGetParam(f, 1), y = LLVMGetParam(f, 2);
    LLVMValueRef begin = LLVMGetParam(f, 3), end = LLVMGetParam(f, 4);
    LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(c, f, "entry");
    LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(c, f, "loop");
    LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(c, f, "exit");
    LLVMBuilderRef b = LLVMCreateBuilderInContext(c);

    LLVMPositionBuilderAtEnd(b, entry);
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntSLT, begin, end, "any"), loop, exit);

    LLVMPositionBuilderAtEnd(b, loop);
    LLVMValueRef i = LLVMBuildPhi(b, i64, "i");
    LLVMValueRef px = LLVMBuildGEP2(b, f32, x, &i, 1, "px");
    LLVMValueRef py = LLVMBuildGEP2(b, f32, y, &i, 1, "py");
    LLVMValueRef ax = LLVMBuildFMul(b, a, LLVMBuildLoad2(b, f32, px, "xi"), "ax");
    LLVMBuildStore(b, LLVMBuildFAdd(b, ax, LLVMBuildLoad2(b, f32, py, "yi"), "r"), py);
    LLVMValueRef next = LLVMBuildNSWAdd(b, i, LLVMConstInt(i64, 1, 0), "next");
    LLVMAddIncoming(i, (LLVMValueRef[]){begin, next}, (LLVMBasicBlockRef[]){entry, loop}, 2);
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntSLT, next, end, "more"), loop, exit);

    LLVMPositionBuilderAtEnd(b, exit);
    LLVMBuildRetVoid(b);
    LLVMDisposeBuilder(b);
}

/* i32 NAME(i32 x) { return CALLEE(x) + 1; } with CALLEE declared external. */
static void build_caller(JitModule *m, const char *name, const char *callee)
{
    LLVMContextRef c = jit_module_context(m);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(c);
    LLVMTypeRef fty = LLVMFunctionType(i32, (LLVMTypeRef[]){i32}, 1, 0);
    LLVMValueRef g = LLVMAddFunction(jit_module_llvm(m), callee, fty);
    LLVMValueRef f = LLVMAddFunction(jit_module_llvm(m), name, fty);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, f, "entry"));
    LLVMValueRef r = LLVMBuildCall2(b, fty, g, (LLVMValueRef[]){LLVMGetParam(f, 0)}, 1, "r");
    LLVMBuildRet(b, LLVMBuildAdd(b, r, LLVMConstInt(i32, 1, 0), "r1"));
    LLVMDisposeBuilder(b);
}

static int host_calls;

static int32_t host_triple(int32_t x)
{
    host_calls++;
    return 3 * x;
}

/* Adds m; on failure prints the message, counts a failure, returns 0. */
static int add_ok(JitSession *s, JitModule *m)
{
    char *err = NULL;
    int ok = jit_module_add(s, m, &err);
    if (!ok)
        fprintf(stderr, "%s\n", err);
    CHECK(ok);
    free(err);
    return ok;
}

static JitFn lookup_ok(JitSession *s, const char *name)
{
    char *err = NULL;
    JitFn fn = jit_lookup(s, name, &err);
    if (!fn)
        fprintf(stderr, "%s\n", err);
    CHECK(fn != NULL);
    free(err);
    return fn;
}

static void test_add(JitSession *s)
{
    JitModule *m = jit_module_create(s, "add_mod");
    build_add(m);
    if (!add_ok(s, m))
        return;
    int32_t (*add)(int32_t, int32_t) = (int32_t (*)(int32_t, int32_t))lookup_ok(s, "add");
    if (!add)
        return;
    CHECK(add(2, 3) == 5);
    CHECK(add(-7, 7) == 0);
    CHECK(add(INT32_MAX, 1) == INT32_MIN);
}

typedef void SaxpyFn(float, float *, float *, int64_t, int64_t);

/* Compiles a saxpy module named name; returns its function and the milliseconds
 * spent optimizing (*opt) and in codegen and linking (*gen). */
static SaxpyFn *compile_saxpy(JitSession *s, const char *name, double *opt, double *gen)
{
    JitModule *m = jit_module_create(s, name);
    build_saxpy(m, name);
    double t0 = now_ms();
    if (!add_ok(s, m))
        return NULL;
    double t1 = now_ms();
    SaxpyFn *fn = (SaxpyFn *)lookup_ok(s, name);
    *opt = t1 - t0;
    *gen = now_ms() - t1;
    return fn;
}

static void test_saxpy(JitSession *s)
{
    double opt, gen, opt2, gen2;
    SaxpyFn *saxpy = compile_saxpy(s, "saxpy", &opt, &gen);
    SaxpyFn *saxpy2 = compile_saxpy(s, "saxpy2", &opt2, &gen2);
    if (!saxpy || !saxpy2)
        return;
    printf("saxpy module: optimize %.2f ms + codegen %.2f ms = %.2f ms (first); "
           "%.2f + %.2f = %.2f ms (second)\n",
           opt, gen, opt + gen, opt2, gen2, opt2 + gen2);

    enum { N = 1003 };
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    for (int i = 0; i < N; i++) {
        x[i] = (float)i;
        y[i] = 1.0f;
    }
    saxpy(2.0f, x, y, 5, N - 1);        /* odd bounds: the vector loop's edges */
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += y[i] != (i >= 5 && i < N - 1 ? 2.0f * (float)i + 1.0f : 1.0f);
    CHECK(bad == 0);
    saxpy2(-1.0f, x, y, 0, N);
    saxpy(1.0f, x, y, 10, 10);          /* empty range */
    bad = 0;
    for (int i = 0; i < N; i++)
        bad += y[i] != (i >= 5 && i < N - 1 ? (float)i + 1.0f : 1.0f - (float)i);
    CHECK(bad == 0);
    free(x);
    free(y);
}

static void test_host_functions(JitSession *s)
{
    char *err = NULL;
    JitSymbol syms[] = {{"tr_test_triple", (JitFn)host_triple}};
    CHECK(jit_define_host(s, syms, 1, &err));
    free(err);
    err = NULL;

    /* Redefining a host name is an error, not a crash. */
    CHECK(!jit_define_host(s, syms, 1, &err));
    CHECK(err && strstr(err, "tr_test_triple"));
    free(err);

    JitModule *m = jit_module_create(s, "host_mod");
    build_caller(m, "call_host", "tr_test_triple");
    build_caller(m, "call_libc", "toupper");   /* unknown to LLVM: a real call */
    if (!add_ok(s, m))
        return;
    int32_t (*call_host)(int32_t) = (int32_t (*)(int32_t))lookup_ok(s, "call_host");
    int32_t (*call_libc)(int32_t) = (int32_t (*)(int32_t))lookup_ok(s, "call_libc");
    if (call_host)
        CHECK(call_host(14) == 43 && host_calls == 1);
    if (call_libc)
        CHECK(call_libc('a') == 'A' + 1);
}

static void test_errors(JitSession *s)
{
    /* A block without a terminator fails verification. */
    JitModule *m = jit_module_create(s, "bad_mod");
    LLVMContextRef c = jit_module_context(m);
    LLVMValueRef f = add_function(jit_module_llvm(m), "bad", LLVMVoidTypeInContext(c), NULL, 0);
    LLVMAppendBasicBlockInContext(c, f, "entry");
    char *err = NULL;
    CHECK(!jit_module_add(s, m, &err));
    CHECK(err && strstr(err, "invalid module") && strstr(err, "terminator"));
    free(err);
    err = NULL;

    CHECK(jit_lookup(s, "no_such_function", &err) == NULL);
    CHECK(err && strstr(err, "no_such_function"));
    free(err);
    err = NULL;

    /* A call to a symbol defined nowhere fails when the module is linked. */
    m = jit_module_create(s, "unresolved_mod");
    build_caller(m, "call_missing", "tr_test_missing_symbol");
    CHECK(jit_module_add(s, m, &err));
    CHECK(jit_lookup(s, "call_missing", &err) == NULL);
    CHECK(err && strstr(err, "tr_test_missing_symbol"));
    free(err);

    /* The session still works afterwards; a discarded module costs nothing. */
    jit_module_discard(jit_module_create(s, "unused"));
    int32_t (*add)(int32_t, int32_t) = (int32_t (*)(int32_t, int32_t))lookup_ok(s, "add");
    if (add)
        CHECK(add(40, 2) == 42);
}

int main(void)
{
    char *err = NULL;
    double t0 = now_ms();
    JitSession *s = jit_session_create(&err);
    if (!s) {
        fprintf(stderr, "%s\n", err);
        free(err);
        return 1;
    }
    printf("session: %.2f ms\n", now_ms() - t0);
    test_add(s);
    test_saxpy(s);
    test_host_functions(s);
    test_errors(s);
    jit_session_destroy(s);

    /* A second session in the same process starts from a clean slate. */
    s = jit_session_create(&err);
    CHECK(s != NULL);
    if (s) {
        test_add(s);
        jit_session_destroy(s);
    }
    free(err);
    return check_result();
}

/* Unit test for jit/codegen.c: offloaded kernels built by hand with the IR
 * builder over dense SNode fields, compiled, launched on one thread and on a
 * pool, and checked against C: fill, saxpy, atomic reductions, control flow,
 * Python's // and % on negatives, float functions and f16 storage, range bounds
 * from global temporaries, return values, and errors as messages. Prints the
 * compile time of one kernel. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "ir/snode.h"
#include "jit/codegen.h"

enum { N = 1 << 20 };

static JitSession *session;
enum { NPOOLS = 3 };
static JitPool *pools[NPOOLS];   /* one thread, two threads, all CPUs */
static IrSNodeProgram *prog;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* A new tree: root.dense(ti.i, n) holding one place per type in types
 * (n == 0: a 0-d field, dense with no axes). */
static IrSNodeNode *tree(int64_t n, const IrType *types, int count, IrSNodeNode **places)
{
    const char *err;
    IrSNodeNode *root = ir_snode_tree_new(prog, &err);
    int axis = 0;
    IrSNodeNode *d = ir_snode_dense(prog, root, n ? 1 : 0, &axis, &n, &err);
    for (int i = 0; i < count; i++)
        places[i] = ir_snode_place(prog, d, types[i], &err);
    CHECK(ir_snode_materialize(root->tree, &err));
    return root;
}

/* The roots table every context points at, by tree id. */
static unsigned char *roots[16];

static void register_tree(IrSNodeNode *root) { roots[root->tree->id] = root->tree->buffer; }

static JitKernel *compile(IrKernel *k)
{
    CHECK(!k->oom);
    char *err = NULL;
    JitKernel *jk = jit_kernel_compile(session, k, &err);
    if (!jk)
        fprintf(stderr, "%s: %s\n", k->name, err ? err : "(no message)");
    CHECK(jk != NULL);
    free(err);
    return jk;
}

static IrStmt *range_task(IrKernel *k, int32_t begin, int32_t end)
{
    ir_enter(k, k->root);
    IrStmt *t = ir_offloaded(k, IR_TASK_range_for);
    t->u.task.const_begin = t->u.task.const_end = true;
    t->u.task.begin_value = begin;
    t->u.task.end_value = end;
    ir_enter(k, t->blocks[IR_BODY]);
    return t;
}

static IrStmt *serial_task(IrKernel *k)
{
    ir_enter(k, k->root);
    IrStmt *t = ir_offloaded(k, IR_TASK_serial);
    ir_enter(k, t->blocks[IR_BODY]);
    return t;
}

static IrStmt *at(IrKernel *k, IrSNodeNode *place, IrStmt *i)
{
    return ir_global_ptr(k, &place->ir, &i, i ? 1 : 0);
}

static IrStmt *c32(IrKernel *k, int64_t v) { return ir_const_i(k, IR_I32, v); }

/* x[i] = f32(i * 2) */
static void test_fill(void)
{
    IrSNodeNode *x;
    register_tree(tree(N, (IrType[]){IR_F32}, 1, &x));
    IrKernel *k = ir_kernel_new("fill", NULL, 0, NULL, 0);
    IrStmt *t = range_task(k, 0, N);
    IrStmt *i = ir_loop_index(k, t, 0);
    IrStmt *v = ir_cast(k, IR_UN_cast_value, IR_F32, ir_binary(k, IR_BIN_mul, i, c32(k, 2)));
    ir_global_store(k, at(k, x, i), v);
    double t0 = now_ms();
    JitKernel *jk = compile(k);
    printf("fill kernel: compiled in %.2f ms (IR -> LLVM, O3, machine code)\n", now_ms() - t0);
    if (!jk)
        return;
    for (int p = 0; p < NPOOLS; p++) {
        memset(x->tree->buffer, 0, x->tree->size);
        JitContext ctx = {.roots = roots};
        t0 = now_ms();
        jit_kernel_launch(jk, pools[p], &ctx);
        printf("fill 1M f32, %d thread(s): %.2f ms\n", jit_pool_threads(pools[p]), now_ms() - t0);
        const float *xs = (const float *)x->tree->buffer;
        int bad = 0;
        for (int j = 0; j < N; j++)
            bad += xs[j] != (float)(j * 2);
        CHECK(bad == 0);
    }
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

/* y[i] = a * x[i] + y[i], with x and y interleaved in one dense node's cells */
static void test_saxpy(void)
{
    IrSNodeNode *pl[2];
    register_tree(tree(N, (IrType[]){IR_F32, IR_F32}, 2, pl));
    IrSNodeNode *x = pl[0], *y = pl[1];
    IrKernel *k = ir_kernel_new("saxpy", (IrType[]){IR_F32}, 1, NULL, 0);
    IrStmt *t = range_task(k, 0, N);
    IrStmt *a = ir_arg_load(k, 0);
    IrStmt *i = ir_loop_index(k, t, 0);
    IrStmt *py = at(k, y, i);
    IrStmt *ax = ir_binary(k, IR_BIN_mul, a, ir_global_load(k, at(k, x, i)));
    ir_global_store(k, py, ir_binary(k, IR_BIN_add, ax, ir_global_load(k, py)));
    JitKernel *jk = compile(k);
    if (!jk)
        return;
    int64_t idx;
    for (idx = 0; idx < N; idx++) {
        ir_snode_store_float(IR_F32, ir_snode_address(x, &idx), (double)(idx % 1000));
        ir_snode_store_float(IR_F32, ir_snode_address(y, &idx), 1.0);
    }
    JitContext ctx = {.roots = roots};
    jit_ctx_set_float(&ctx, 0, IR_F32, 2.0);
    jit_kernel_launch(jk, pools[0], &ctx);
    jit_ctx_set_float(&ctx, 0, IR_F32, -0.5);
    jit_kernel_launch(jk, pools[2], &ctx);
    int bad = 0;
    for (idx = 0; idx < N; idx++) {
        float xv = (float)(idx % 1000);
        bad += ir_snode_load_float(IR_F32, ir_snode_address(y, &idx)) != (double)(1.5f * xv + 1.0f);
    }
    CHECK(bad == 0);
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

/* Into 0-d fields: sum += 1.0 (f32), cnt += i % 7 (i32), hi = max(hi, i),
 * fmax = max(fmax, f32(i)), mask |= 1 << (i % 31). */
static void test_reduction(void)
{
    IrSNodeNode *pl[5];
    IrType types[5] = {IR_F32, IR_I32, IR_I32, IR_F32, IR_I32};
    register_tree(tree(0, types, 5, pl));
    IrKernel *k = ir_kernel_new("reduce", NULL, 0, NULL, 0);
    IrStmt *t = range_task(k, 0, N);
    IrStmt *i = ir_loop_index(k, t, 0);
    ir_atomic(k, IR_ATOMIC_add, at(k, pl[0], NULL), ir_const_f(k, IR_F32, 1.0));
    ir_atomic(k, IR_ATOMIC_add, at(k, pl[1], NULL), ir_binary(k, IR_BIN_mod, i, c32(k, 7)));
    ir_atomic(k, IR_ATOMIC_max, at(k, pl[2], NULL), i);
    ir_atomic(k, IR_ATOMIC_max, at(k, pl[3], NULL), ir_cast(k, IR_UN_cast_value, IR_F32, i));
    IrStmt *bit = ir_binary(k, IR_BIN_bit_shl, c32(k, 1), ir_binary(k, IR_BIN_mod, i, c32(k, 31)));
    ir_atomic(k, IR_ATOMIC_bit_or, at(k, pl[4], NULL), bit);
    JitKernel *jk = compile(k);
    if (!jk)
        return;
    int64_t want_cnt = 0;
    for (int j = 0; j < N; j++)
        want_cnt += j % 7;
    for (int p = 0; p < NPOOLS; p++) {
        memset(pl[0]->tree->buffer, 0, pl[0]->tree->size);
        JitContext ctx = {.roots = roots};
        jit_kernel_launch(jk, pools[p], &ctx);
        CHECK(ir_snode_load_float(IR_F32, ir_snode_address(pl[0], NULL)) == (double)N);
        CHECK((int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[1], NULL)) == want_cnt);
        CHECK((int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[2], NULL)) == N - 1);
        CHECK(ir_snode_load_float(IR_F32, ir_snode_address(pl[3], NULL)) == (double)(N - 1));
        CHECK(ir_snode_load_bits(IR_I32, ir_snode_address(pl[4], NULL)) == 0x7fffffff);
    }
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

/* The C the control-flow kernel must agree with. */
static void control_flow_ref(int i, int *steps, int *acc)
{
    int n = i + 1, s = 0;
    while (n != 1) {
        n = n % 2 == 0 ? n / 2 : 3 * n + 1;
        s++;
        if (s > 100)
            break;
    }
    *steps = s;
    int a = 0;
    for (int j = i % 10 - 1; j >= 0; j--) {
        if (j % 3 == 0)
            continue;
        a = a * 2 + j;
    }
    *acc = a;
}

/* A serial task writes the range's end into a global temporary; the range_for
 * task over [0, end) runs Collatz with a capped while (while_control, if/else,
 * break) and a reversed inner for with continue:
 *
 *   n = i + 1; steps = 0
 *   while n != 1: { n = n // 2 if n % 2 == 0 else 3n + 1; steps += 1;
 *                   if steps > 100: break }
 *   acc = 0
 *   for j in reversed(range(0, i % 10)): { if j % 3 == 0: continue; acc = acc * 2 + j }
 *   steps_field[i] = steps; acc_field[i] = acc */
static void test_control_flow(void)
{
    enum { M = 5000 };
    IrSNodeNode *pl[2];
    register_tree(tree(M, (IrType[]){IR_I32, IR_I64}, 2, pl));
    IrKernel *k = ir_kernel_new("control", NULL, 0, NULL, 0);
    serial_task(k);
    ir_global_store(k, ir_global_tmp(k, IR_I32, 4), c32(k, M));

    ir_enter(k, k->root);
    IrStmt *t = ir_offloaded(k, IR_TASK_range_for);
    t->u.task.const_begin = true;
    t->u.task.end_offset = 4;
    ir_enter(k, t->blocks[IR_BODY]);
    IrStmt *i = ir_loop_index(k, t, 0);
    IrStmt *n = ir_alloca(k, IR_I32), *steps = ir_alloca(k, IR_I32);
    ir_local_store(k, n, ir_binary(k, IR_BIN_add, i, c32(k, 1)));
    IrStmt *w = ir_while(k);
    IrCursor after_while = ir_enter(k, w->blocks[IR_BODY]);
    ir_while_control(k, ir_binary(k, IR_BIN_cmp_ne, ir_local_load(k, n), c32(k, 1)));
    IrStmt *nv = ir_local_load(k, n);
    IrStmt *even = ir_binary(k, IR_BIN_cmp_eq, ir_binary(k, IR_BIN_mod, nv, c32(k, 2)), c32(k, 0));
    IrStmt *branch = ir_if(k, even);
    IrCursor in_while = ir_enter(k, branch->blocks[IR_THEN]);
    ir_local_store(k, n, ir_binary(k, IR_BIN_floordiv, nv, c32(k, 2)));
    ir_enter(k, branch->blocks[IR_ELSE]);
    ir_local_store(k, n, ir_binary(k, IR_BIN_add, ir_binary(k, IR_BIN_mul, nv, c32(k, 3)), c32(k, 1)));
    ir_leave(k, in_while);
    IrStmt *s1 = ir_binary(k, IR_BIN_add, ir_local_load(k, steps), c32(k, 1));
    ir_local_store(k, steps, s1);
    IrStmt *cap = ir_if(k, ir_binary(k, IR_BIN_cmp_gt, s1, c32(k, 100)));
    ir_enter(k, cap->blocks[IR_THEN]);
    ir_break(k, NULL);
    ir_leave(k, after_while);

    IrStmt *acc = ir_alloca(k, IR_I64);
    IrStmt *inner = ir_range_for(k, c32(k, 0), ir_binary(k, IR_BIN_mod, i, c32(k, 10)));
    inner->u.range.reversed = true;
    IrCursor after_for = ir_enter(k, inner->blocks[IR_BODY]);
    IrStmt *j = ir_loop_index(k, inner, 0);
    IrStmt *skip = ir_if(k, ir_unary(k, IR_UN_logic_not, ir_binary(k, IR_BIN_mod, j, c32(k, 3))));
    IrCursor in_for = ir_enter(k, skip->blocks[IR_THEN]);
    ir_continue(k, inner);
    ir_leave(k, in_for);
    IrStmt *a2 = ir_binary(k, IR_BIN_mul, ir_local_load(k, acc), ir_const_i(k, IR_I64, 2));
    ir_local_store(k, acc, ir_binary(k, IR_BIN_add, a2, ir_cast(k, IR_UN_cast_value, IR_I64, j)));
    ir_leave(k, after_for);
    ir_global_store(k, at(k, pl[0], i), ir_local_load(k, steps));
    ir_global_store(k, at(k, pl[1], i), ir_local_load(k, acc));

    JitKernel *jk = compile(k);
    if (!jk)
        return;
    CHECK(jit_kernel_tmp_size(jk) == 8);
    unsigned char tmps[8] = {0};
    for (int p = 0; p < NPOOLS; p++) {
        memset(pl[0]->tree->buffer, 0, pl[0]->tree->size);
        JitContext ctx = {.roots = roots, .tmps = tmps};
        jit_kernel_launch(jk, pools[p], &ctx);
        int bad = 0;
        for (int64_t e = 0; e < M; e++) {
            int ws, wa;
            control_flow_ref((int)e, &ws, &wa);
            bad += (int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[0], &e)) != ws;
            bad += (int64_t)ir_snode_load_bits(IR_I64, ir_snode_address(pl[1], &e)) != wa;
        }
        CHECK(bad == 0);
    }
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

static int64_t py_floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b, r = a % b;
    return r != 0 && (r < 0) != (b < 0) ? q - 1 : q;
}

static int64_t py_mod(int64_t a, int64_t b)
{
    int64_t r = a % b;
    return r != 0 && (r < 0) != (b < 0) ? r + b : r;
}

/* q[i] = a[i] // b[i], r[i] = a[i] % b[i], d[i] = a[i] / b[i] (C's div) on i32,
 * and the same // and % on i64 and f32 */
static void test_floordiv_mod(void)
{
    enum { M = 21 * 20 };
    IrType types[] = {IR_I32, IR_I32, IR_I32, IR_I32, IR_I32, IR_I64, IR_I64, IR_F32, IR_F32};
    IrSNodeNode *pl[9];
    register_tree(tree(M, types, 9, pl));
    IrKernel *k = ir_kernel_new("divmod", NULL, 0, NULL, 0);
    IrStmt *t = range_task(k, 0, M);
    IrStmt *i = ir_loop_index(k, t, 0);
    IrStmt *a = ir_global_load(k, at(k, pl[0], i)), *b = ir_global_load(k, at(k, pl[1], i));
    ir_global_store(k, at(k, pl[2], i), ir_binary(k, IR_BIN_floordiv, a, b));
    ir_global_store(k, at(k, pl[3], i), ir_binary(k, IR_BIN_mod, a, b));
    ir_global_store(k, at(k, pl[4], i), ir_binary(k, IR_BIN_div, a, b));
    IrStmt *a64 = ir_cast(k, IR_UN_cast_value, IR_I64, a), *b64 = ir_cast(k, IR_UN_cast_value, IR_I64, b);
    IrStmt *big = ir_const_i(k, IR_I64, INT64_C(1) << 40);
    a64 = ir_binary(k, IR_BIN_mul, a64, big);
    ir_global_store(k, at(k, pl[5], i), ir_binary(k, IR_BIN_floordiv, a64, b64));
    ir_global_store(k, at(k, pl[6], i), ir_binary(k, IR_BIN_mod, a64, b64));
    IrStmt *af = ir_cast(k, IR_UN_cast_value, IR_F32, a), *bf = ir_cast(k, IR_UN_cast_value, IR_F32, b);
    ir_global_store(k, at(k, pl[7], i), ir_binary(k, IR_BIN_floordiv, af, bf));
    ir_global_store(k, at(k, pl[8], i), ir_binary(k, IR_BIN_mod, af, bf));
    JitKernel *jk = compile(k);
    if (!jk)
        return;
    int64_t e = 0;
    for (int av = -10; av <= 10; av++)
        for (int bv = -10; bv <= 10; bv++) {
            if (bv == 0)
                continue;
            ir_snode_store_int(IR_I32, ir_snode_address(pl[0], &e), (uint64_t)av);
            ir_snode_store_int(IR_I32, ir_snode_address(pl[1], &e), (uint64_t)bv);
            e++;
        }
    CHECK(e == M);
    JitContext ctx = {.roots = roots};
    jit_kernel_launch(jk, pools[2], &ctx);
    int bad = 0;
    for (e = 0; e < M; e++) {
        int64_t av = (int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[0], &e));
        int64_t bv = (int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[1], &e));
        int64_t big = av * (INT64_C(1) << 40);
        bad += (int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[2], &e)) != py_floordiv(av, bv);
        bad += (int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[3], &e)) != py_mod(av, bv);
        bad += (int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[4], &e)) != av / bv;
        bad += (int64_t)ir_snode_load_bits(IR_I64, ir_snode_address(pl[5], &e)) != py_floordiv(big, bv);
        bad += (int64_t)ir_snode_load_bits(IR_I64, ir_snode_address(pl[6], &e)) != py_mod(big, bv);
        bad += ir_snode_load_float(IR_F32, ir_snode_address(pl[7], &e)) != (double)py_floordiv(av, bv);
        bad += ir_snode_load_float(IR_F32, ir_snode_address(pl[8], &e)) != (double)py_mod(av, bv);
    }
    CHECK(bad == 0);
    CHECK(py_floordiv(-7, 2) == -4 && py_mod(-7, 2) == 1 && py_mod(7, -2) == -1);

    /* No trap: a zero divisor and INT_MIN // -1 give values, not SIGFPE. */
    e = 0;
    ir_snode_store_int(IR_I32, ir_snode_address(pl[0], &e), (uint64_t)INT32_MIN);
    ir_snode_store_int(IR_I32, ir_snode_address(pl[1], &e), (uint64_t)-1);
    e = 1;
    ir_snode_store_int(IR_I32, ir_snode_address(pl[1], &e), 0);
    jit_kernel_launch(jk, pools[0], &ctx);
    e = 0;
    CHECK((int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[2], &e)) == INT32_MIN);
    CHECK(ir_snode_load_bits(IR_I32, ir_snode_address(pl[3], &e)) == 0);
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

/* A serial task: out[0..] = sin, cos, exp, log, floor, abs, neg, sqrt, pow,
 * truediv, min, max, select of x (an f64 argument); f16[0] = x; f16[1] = f16[0] * 3;
 * bit ops, shifts and casts on ints into iout. */
static void test_float_ops(void)
{
    IrSNodeNode *pl[3];
    register_tree(tree(16, (IrType[]){IR_F64, IR_F16, IR_I32}, 3, pl));
    IrKernel *k = ir_kernel_new("floats", (IrType[]){IR_F64, IR_I32}, 2, NULL, 0);
    serial_task(k);
    IrStmt *x = ir_arg_load(k, 0), *n = ir_arg_load(k, 1);
    IrStmt *two = ir_const_f(k, IR_F64, 2.0);
    IrStmt *v[12] = {
        ir_unary(k, IR_UN_sin, x), ir_unary(k, IR_UN_cos, x), ir_unary(k, IR_UN_exp, x),
        ir_unary(k, IR_UN_log, x), ir_unary(k, IR_UN_floor, ir_unary(k, IR_UN_neg, x)),
        ir_unary(k, IR_UN_abs, ir_unary(k, IR_UN_neg, x)), ir_unary(k, IR_UN_sqrt, x),
        ir_binary(k, IR_BIN_pow, x, two), ir_binary(k, IR_BIN_truediv, x, two),
        ir_binary(k, IR_BIN_min, x, two), ir_binary(k, IR_BIN_max, x, two),
        ir_select(k, ir_binary(k, IR_BIN_cmp_lt, x, two), x, two),
    };
    for (int e = 0; e < 12; e++)
        ir_global_store(k, at(k, pl[0], c32(k, e)), v[e]);
    IrStmt *h0 = at(k, pl[1], c32(k, 0));
    ir_global_store(k, h0, ir_cast(k, IR_UN_cast_value, IR_F16, x));
    IrStmt *h = ir_global_load(k, h0);
    ir_global_store(k, at(k, pl[1], c32(k, 1)), ir_binary(k, IR_BIN_mul, h, ir_const_f(k, IR_F16, 3.0)));
    IrStmt *iv[6] = {
        ir_binary(k, IR_BIN_bit_xor, n, c32(k, 0xff)),
        ir_binary(k, IR_BIN_bit_sar, n, c32(k, 4)),
        ir_binary(k, IR_BIN_bit_shr, n, c32(k, 28)),
        ir_unary(k, IR_UN_bit_not, n),
        ir_cast(k, IR_UN_cast_value, IR_I32, ir_cast(k, IR_UN_cast_value, IR_U8, n)),
        ir_cast(k, IR_UN_cast_value, IR_I32, x),
    };
    for (int e = 0; e < 6; e++)
        ir_global_store(k, at(k, pl[2], c32(k, e)), iv[e]);
    JitKernel *jk = compile(k);
    if (!jk)
        return;
    double xv = 2.75;
    int32_t nv = -1000;
    JitContext ctx = {.roots = roots};
    jit_ctx_set_float(&ctx, 0, IR_F64, xv);
    jit_ctx_set_int(&ctx, 1, nv);
    jit_kernel_launch(jk, pools[0], &ctx);
    double want[12] = {sin(xv), cos(xv), exp(xv), log(xv), floor(-xv), xv, sqrt(xv),
                       pow(xv, 2), xv / 2, 2, xv, 2};
    for (int64_t e = 0; e < 12; e++) {
        double got = ir_snode_load_float(IR_F64, ir_snode_address(pl[0], &e));
        CHECK(fabs(got - want[e]) <= 1e-12 * fabs(want[e]));
    }
    int64_t e0 = 0, e1 = 1;
    CHECK(ir_snode_load_float(IR_F16, ir_snode_address(pl[1], &e0)) == 2.75);
    CHECK(ir_snode_load_float(IR_F16, ir_snode_address(pl[1], &e1)) == 8.25);
    int32_t iwant[6] = {nv ^ 0xff, nv >> 4, (int32_t)((uint32_t)nv >> 28), ~nv, (uint8_t)nv, 2};
    for (int64_t e = 0; e < 6; e++)
        CHECK((int32_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[2], &e)) == iwant[e]);
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

/* return sum(j * x for j in range(n)) as f64, and return -3 * n as i32 */
static void test_return(void)
{
    IrKernel *k = ir_kernel_new("ret_f64", (IrType[]){IR_I32, IR_F64}, 2, (IrType[]){IR_F64}, 1);
    serial_task(k);
    IrStmt *n = ir_arg_load(k, 0), *x = ir_arg_load(k, 1);
    IrStmt *sum = ir_alloca(k, IR_F64);
    IrStmt *loop = ir_range_for(k, c32(k, 0), n);
    IrCursor after = ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *j = ir_cast(k, IR_UN_cast_value, IR_F64, ir_loop_index(k, loop, 0));
    ir_local_store(k, sum, ir_binary(k, IR_BIN_add, ir_local_load(k, sum), ir_binary(k, IR_BIN_mul, j, x)));
    ir_leave(k, after);
    IrStmt *r = ir_local_load(k, sum);
    ir_return(k, &r, 1);
    JitKernel *jk = compile(k);
    if (jk) {
        JitContext ctx = {.roots = roots};
        jit_ctx_set_int(&ctx, 0, 10);
        jit_ctx_set_float(&ctx, 1, IR_F64, 0.5);
        jit_kernel_launch(jk, pools[2], &ctx);
        CHECK(jit_ctx_ret_float(&ctx, 0, IR_F64) == 22.5);
        jit_kernel_free(jk);
    }
    ir_kernel_free(k);

    k = ir_kernel_new("ret_i32", (IrType[]){IR_I32}, 1, (IrType[]){IR_I32}, 1);
    serial_task(k);
    r = ir_binary(k, IR_BIN_mul, ir_arg_load(k, 0), c32(k, -3));
    ir_return(k, &r, 1);
    jk = compile(k);
    if (jk) {
        JitContext ctx = {.roots = roots};
        jit_ctx_set_int(&ctx, 0, 7);
        jit_kernel_launch(jk, NULL, &ctx);
        CHECK(jit_ctx_ret_int(&ctx, 0) == -21);
        jit_kernel_free(jk);
    }
    ir_kernel_free(k);
}

/* Unsupported or malformed kernels come back as messages. */
static void expect_error(IrKernel *k, const char *needle)
{
    char *err = NULL;
    JitKernel *jk = jit_kernel_compile(session, k, &err);
    CHECK(jk == NULL);
    CHECK(err && strstr(err, needle));
    if (err && !strstr(err, needle))
        fprintf(stderr, "got \"%s\", wanted \"%s\"\n", err, needle);
    free(err);
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

static void test_errors(void)
{
    IrKernel *k = ir_kernel_new("not_offloaded", NULL, 0, NULL, 0);
    c32(k, 1);
    expect_error(k, "not offloaded");

    /* Taichi rejects a conversion outside the value's group ('x' on i32) and
     * Python-only spec syntax ('>5'). */
    const char *bad_specs[3] = {"x", ">5", "c"};
    const char *why[3] = {"does not match", "not a valid printf specifier", "not supported"};
    for (int i = 0; i < 3; i++) {
        k = ir_kernel_new("bad_format", NULL, 0, NULL, 0);
        serial_task(k);
        IrPrintArg arg = {.value = c32(k, 1), .fmt = bad_specs[i]};
        ir_print_stmt(k, &arg, 1);
        expect_error(k, why[i]);
    }

    k = ir_kernel_new("internal", NULL, 0, NULL, 0);
    serial_task(k);
    ir_internal_call(k, IR_VOID, "nothing", NULL, 0);
    expect_error(k, "internal_call is not supported yet");

    k = ir_kernel_new("bad_ir", NULL, 0, NULL, 0);
    serial_task(k);
    ir_binary(k, IR_BIN_add, c32(k, 1), ir_const_f(k, IR_F32, 1));
    expect_error(k, "invalid IR");
}

int main(void)
{
    char *err = NULL;
    session = jit_session_create(&err);
    if (!session) {
        fprintf(stderr, "%s\n", err);
        free(err);
        return 1;
    }
    pools[0] = jit_pool_create(1);
    pools[1] = jit_pool_create(2);
    pools[2] = jit_pool_create(0);
    prog = ir_snode_program_new();
    printf("pool threads: %d\n", jit_pool_threads(pools[2]));
    test_fill();
    test_saxpy();
    test_reduction();
    test_control_flow();
    test_floordiv_mod();
    test_float_ops();
    test_return();
    test_errors();
    ir_snode_program_free(prog);
    for (int p = 0; p < NPOOLS; p++)
        jit_pool_destroy(pools[p]);
    jit_session_destroy(session);
    return check_result();
}

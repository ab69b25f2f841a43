/* Unit test for jit/codegen.c: offloaded kernels built by hand with the IR
 * builder over dense SNode fields, compiled, launched on one thread and on a
 * pool, and checked against C: fill, saxpy, atomic reductions, control flow,
 * Python's // and % on negatives, float functions and f16 storage, range bounds
 * from global temporaries, return values, and errors as messages. Prints the
 * compile time of one kernel. */
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "ir/snode.h"
#include "snode_mem.h"
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
    CHECK(test_materialize(root->tree, &err));
    return root;
}

/* The roots table every context points at, by tree id. */
static unsigned char *roots[64];

static void register_tree(IrSNodeNode *root)
{
    CHECK(root->tree->id < 64);
    roots[root->tree->id] = root->tree->buffer;
}

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
    printf("fill kernel: compiled in %.2f ms (IR -> LLVM, optimize, machine code)\n", now_ms() - t0);
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
    bk_slot_set_float(&ctx.args[0], IR_F32, 2.0);
    jit_kernel_launch(jk, pools[0], &ctx);
    bk_slot_set_float(&ctx.args[0], IR_F32, -0.5);
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
    bk_slot_set_float(&ctx.args[0], IR_F64, xv);
    bk_slot_set_int(&ctx.args[1], nv);
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
        bk_slot_set_int(&ctx.args[0], 10);
        bk_slot_set_float(&ctx.args[1], IR_F64, 0.5);
        jit_kernel_launch(jk, pools[2], &ctx);
        CHECK(bk_slot_float(&ctx.rets[0], IR_F64) == 22.5);
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
        bk_slot_set_int(&ctx.args[0], 7);
        jit_kernel_launch(jk, NULL, &ctx);
        CHECK(bk_slot_int(&ctx.rets[0]) == -21);
        jit_kernel_free(jk);
    }
    ir_kernel_free(k);
}

/* round, sgn, popcnt, clz, rsqrt, integer pow (a negative
 * exponent counts by its magnitude, as Taichi's), and f16 results of float
 * functions rounded to f16. */
static void test_more_ops(void)
{
    IrSNodeNode *pl[3];
    register_tree(tree(16, (IrType[]){IR_F32, IR_I32, IR_F16}, 3, pl));
    IrKernel *k = ir_kernel_new("more_ops", (IrType[]){IR_F32, IR_I32}, 2, NULL, 0);
    serial_task(k);
    IrStmt *x = ir_arg_load(k, 0), *n = ir_arg_load(k, 1);
    IrStmt *nx = ir_unary(k, IR_UN_neg, x);
    IrStmt *fv[6] = {
        ir_unary(k, IR_UN_round, x), ir_unary(k, IR_UN_round, nx), ir_unary(k, IR_UN_sgn, x),
        ir_unary(k, IR_UN_sgn, nx), ir_unary(k, IR_UN_sgn, ir_const_f(k, IR_F32, 0)), ir_unary(k, IR_UN_rsqrt, x),
    };
    for (int e = 0; e < 6; e++)
        ir_global_store(k, at(k, pl[0], c32(k, e)), fv[e]);
    IrStmt *iv[8] = {
        ir_unary(k, IR_UN_popcnt, n), ir_unary(k, IR_UN_clz, n), ir_unary(k, IR_UN_clz, c32(k, 0)),
        ir_unary(k, IR_UN_sgn, ir_unary(k, IR_UN_neg, n)), ir_binary(k, IR_BIN_pow, n, c32(k, 3)),
        ir_binary(k, IR_BIN_pow, ir_unary(k, IR_UN_neg, n), c32(k, 3)), ir_binary(k, IR_BIN_pow, n, c32(k, -3)),
        ir_binary(k, IR_BIN_pow, c32(k, 0), c32(k, 0)),
    };
    for (int e = 0; e < 8; e++)
        ir_global_store(k, at(k, pl[1], c32(k, e)), iv[e]);
    /* sqrt(f16(2)) is 1.4140625 in f16, not f32's 1.4142135 */
    ir_global_store(k, at(k, pl[2], c32(k, 0)), ir_unary(k, IR_UN_sqrt, ir_const_f(k, IR_F16, 2.0)));
    JitKernel *jk = compile(k);
    if (!jk)
        return;
    JitContext ctx = {.roots = roots};
    bk_slot_set_float(&ctx.args[0], IR_F32, 2.5);
    bk_slot_set_int(&ctx.args[1], 5);
    jit_kernel_launch(jk, NULL, &ctx);
    double fwant[6] = {3, -3, 1, -1, 0, 1 / sqrt(2.5)};
    for (int64_t e = 0; e < 6; e++)
        CHECK(fabs(ir_snode_load_float(IR_F32, ir_snode_address(pl[0], &e)) - fwant[e]) < 1e-6);
    int32_t iwant[8] = {2, 29, 32, -1, 125, -125, 125, 1};
    for (int64_t e = 0; e < 8; e++)
        CHECK((int32_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[1], &e)) == iwant[e]);
    int64_t e0 = 0;
    CHECK(ir_snode_load_float(IR_F16, ir_snode_address(pl[2], &e0)) == 1.4140625);
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

/* ---- the runtime: print, assert, rand */

/* Print output captured through JitRuntime.write (called under the runtime's
 * lock, so parallel prints need no lock here). */
static struct {
    char text[1 << 16];
    size_t len;
    int writes;
} out;

static void capture(void *user, const char *text, size_t len)
{
    (void)user;
    out.writes++;
    if (out.len + len < sizeof out.text) {
        memcpy(out.text + out.len, text, len);
        out.len += len;
        out.text[out.len] = '\0';
    }
}

static void reset_capture(void)
{
    out.len = 0;
    out.writes = 0;
    out.text[0] = '\0';
}

static JitRuntime *new_runtime(uint64_t seed)
{
    JitRuntime *rt = calloc(1, sizeof *rt);
    CHECK(rt != NULL);
    rt->write = capture;
    rt->seed = seed;
    return rt;
}

/* Every type's default format, then format specs, each as Taichi 1.7.4 prints
 * them on the CPU (the expected lines are its output for the same values). */
static void test_print(void)
{
    IrKernel *k = ir_kernel_new("print", NULL, 0, NULL, 0);
    serial_task(k);
    IrStmt *a = c32(k, -3), *b = ir_const_u(k, IR_U32, 255), *c = ir_const_f(k, IR_F32, 2.25);
    IrStmt *d = ir_const_f(k, IR_F64, -1.0 / 3.0), *e = ir_const_i(k, IR_I64, -12345678901234);
    IrStmt *f = ir_const_u(k, IR_U64, UINT64_MAX), *h = ir_const_f(k, IR_F16, 1.5);
    IrStmt *plain[10] = {a, b, c, d, e, f, ir_const_i(k, IR_I8, -5), ir_const_u(k, IR_U8, 200), h,
                         ir_const_i(k, IR_I16, -300)};
    IrPrintArg args[40];
    int n = 0;
    for (int i = 0; i < 10; i++) {
        if (i)
            args[n++] = (IrPrintArg){.str = " ", .len = 1};
        args[n++] = (IrPrintArg){.value = plain[i]};
    }
    args[n++] = (IrPrintArg){.str = "\n", .len = 1};
    ir_print_stmt(k, args, n);

    struct {
        IrStmt *v;
        const char *spec;
    } specs[] = {{a, "5d"},  {b, "x"},     {b, "#6X"}, {c, ".3f"}, {d, ".3f"},   {c, "e"},
                 {d, "10"},  {c, "-8.2f"}, {a, "+d"},  {a, "05d"}, {c, "g"},     {d, "g"},
                 {f, "o"},   {a, ".2"},    {c, "+10.4"}, {h, ".1f"}, {d, "E"}};
    n = 0;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        if (i)
            args[n++] = (IrPrintArg){.str = "|", .len = 1};
        args[n++] = (IrPrintArg){.value = specs[i].v, .fmt = specs[i].spec};
    }
    args[n++] = (IrPrintArg){.str = " 100%d\n", .len = 7};
    ir_print_stmt(k, args, n);
    JitKernel *jk = compile(k);
    if (!jk)
        return;
    JitRuntime *rt = new_runtime(0);
    reset_capture();
    JitContext ctx = {.roots = roots, .rt = rt};
    jit_kernel_launch(jk, pools[0], &ctx);
    const char *want =
        "-3 255 2.250000 -0.333333333333 -12345678901234 18446744073709551615 -5 200 1.500000 -300\n"
        "   -3|ff|  0XFF|2.250|-0.333|2.250000e+00|-0.333333333333|2.25    |-3|-0003|2.25|-0.333333333333|"
        "1777777777777777777777|-03|   +2.2500|1.5|-3.333333333333E-01 100%d\n";
    CHECK(strcmp(out.text, want) == 0);
    if (strcmp(out.text, want) != 0)
        fprintf(stderr, "got:\n%s", out.text);
    CHECK(out.writes == 2);     /* one write per print statement */
    jit_kernel_free(jk);
    ir_kernel_free(k);

    /* Lines printed from parallel chunks arrive whole: one write each. */
    enum { M = 2000 };
    k = ir_kernel_new("print_par", NULL, 0, NULL, 0);
    IrStmt *t = range_task(k, 0, M);
    IrPrintArg line[3] = {{.str = "line ", .len = 5}, {.value = ir_loop_index(k, t, 0)}, {.str = "\n", .len = 1}};
    ir_print_stmt(k, line, 3);
    jk = compile(k);
    if (jk) {
        for (int p = 0; p < NPOOLS; p++) {
            reset_capture();
            jit_kernel_launch(jk, pools[p], &ctx);
            CHECK(out.writes == M);
            static bool seen[M];
            memset(seen, 0, sizeof seen);
            int bad = 0, nlines = 0;
            for (char *ln = out.text; *ln; nlines++) {
                int v, used = 0;
                if (sscanf(ln, "line %d\n%n", &v, &used) != 1 || used == 0 || v < 0 || v >= M || seen[v]) {
                    bad++;
                    break;
                }
                seen[v] = true;
                ln += used;
            }
            CHECK(bad == 0 && nlines == M);
        }
        /* Without a runtime the line goes to stdout. */
        JitContext bare = {.roots = roots};
        IrKernel *k2 = ir_kernel_new("print_stdout", NULL, 0, NULL, 0);
        serial_task(k2);
        IrPrintArg msg = {.str = "print without a runtime writes to stdout\n", .len = 41};
        ir_print_stmt(k2, &msg, 1);
        JitKernel *jk2 = compile(k2);
        if (jk2) {
            reset_capture();
            jit_kernel_launch(jk2, NULL, &bare);
            CHECK(out.writes == 0);
            jit_kernel_free(jk2);
        }
        ir_kernel_free(k2);
        jit_kernel_free(jk);
    }
    ir_kernel_free(k);
    free(rt);
}

/* The message of one failing assert with the given argument kinds and slots. */
static const char *assert_text(const char *msg, const char *kinds, const uint64_t *vals)
{
    static JitRuntime rt;
    atomic_store(&rt.assert_failed, 0);
    jit_rt_assert_fail(&rt, msg, kinds, vals);
    return rt.assert_msg;
}

static uint64_t f_slot(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

/* Floats in assert messages print in their shortest form, laid out as Taichi
 * shows them (these are its messages for the same f32 values). */
static void test_assert_format(void)
{
    struct {
        float v;
        const char *want;
    } f32s[] = {{0.1f, "0.1"},       {3.0f, "3"},        {123456792.0f, "123456790"}, {1e-5f, "1e-05"},
                {0.0001f, "0.0001"}, {-2.5f, "-2.5"},    {1e16f, "1e+16"},   {1e15f, "1000000000000000"},
                {1e20f, "1e+20"},    {1.0f / 3, "0.33333334"}, {0.0f, "0"},  {-0.0f, "-0"},
                {65504.0f, "65504"}, {1.5e-7f, "1.5e-07"}, {INFINITY, "inf"}, {-INFINITY, "-inf"}};
    for (size_t i = 0; i < sizeof f32s / sizeof f32s[0]; i++) {
        uint64_t slot = f_slot(f32s[i].v);
        const char *got = assert_text("%f", "f", &slot);
        CHECK(strcmp(got, f32s[i].want) == 0);
        if (strcmp(got, f32s[i].want) != 0)
            fprintf(stderr, "%.9g: got %s, wanted %s\n", (double)f32s[i].v, got, f32s[i].want);
    }
    uint64_t nan_slot = f_slot(NAN);
    CHECK(strcmp(assert_text("%f", "f", &nan_slot), "nan") == 0);
    uint64_t v[6] = {(uint64_t)-7, 4000000000u, f_slot(0.1), f_slot(1.0 / 3), (uint64_t)INT64_C(-12345678901234),
                     f_slot(2.75)};
    CHECK(strcmp(assert_text("i=%d u=%d d=%f third=%f big=%d as_int=%d %% %x %d", "iuFFiF", v),
                 "i=-7 u=4000000000 d=0.1 third=0.3333333333333333 big=-12345678901234 as_int=2 % %x %d") == 0);
    /* Only the first failure of a launch is recorded. */
    JitRuntime rt = {0};
    jit_rt_assert_fail(&rt, "first", "", NULL);
    jit_rt_assert_fail(&rt, "second", "", NULL);
    CHECK(atomic_load(&rt.assert_failed) == 1 && strcmp(rt.assert_msg, "first") == 0);
}

/* range_for i in [0, M): assert i < LIMIT, "index %d out of range (x=%f)" % (i, 0.5);
 * x[i] = 1; then a serial task: done = 42. A failing assert stops its chunk before
 * the store, later chunks are skipped and the serial task never runs. */
static void test_assert(void)
{
    enum { M = 4096, LIMIT = 100 };
    IrSNodeNode *x, *done;
    register_tree(tree(M, (IrType[]){IR_I32}, 1, &x));
    register_tree(tree(0, (IrType[]){IR_I32}, 1, &done));
    IrKernel *k = ir_kernel_new("asserts", NULL, 0, NULL, 0);
    IrStmt *t = range_task(k, 0, M);
    IrStmt *i = ir_loop_index(k, t, 0);
    IrStmt *args[2] = {i, ir_const_f(k, IR_F32, 0.5)};
    ir_assert(k, ir_binary(k, IR_BIN_cmp_lt, i, c32(k, LIMIT)), "index %d out of range (x=%f)", args, 2);
    ir_global_store(k, at(k, x, i), c32(k, 1));
    serial_task(k);
    ir_global_store(k, at(k, done, NULL), c32(k, 42));
    JitKernel *jk = compile(k);
    if (!jk)
        return;
    JitRuntime *rt = new_runtime(0);
    for (int p = 0; p < NPOOLS; p++) {
        memset(x->tree->buffer, 0, x->tree->size);
        memset(done->tree->buffer, 0, done->tree->size);
        atomic_store(&rt->assert_failed, 0);
        JitContext ctx = {.roots = roots, .rt = rt};
        jit_kernel_launch(jk, pools[p], &ctx);
        CHECK(atomic_load(&rt->assert_failed) == 1);
        int idx = -1, used = 0;
        CHECK(sscanf(rt->assert_msg, "index %d out of range (x=0.5)%n", &idx, &used) == 1 && used > 0 &&
              rt->assert_msg[used] == '\0' && idx >= LIMIT && idx < M);
        int written_past = 0, written_before = 0;
        for (int64_t e = 0; e < M; e++) {
            int32_t v = (int32_t)ir_snode_load_bits(IR_I32, ir_snode_address(x, &e));
            if (e >= LIMIT)
                written_past += v != 0;
            else
                written_before += v;
        }
        CHECK(written_past == 0);
        CHECK(ir_snode_load_bits(IR_I32, ir_snode_address(done, NULL)) == 0);
        if (p == 0)     /* one thread runs one chunk in order: it stops at LIMIT */
            CHECK(idx == LIMIT && written_before == LIMIT);
    }
    /* Without a runtime nothing is recorded, but the chunk still stops. */
    memset(x->tree->buffer, 0, x->tree->size);
    JitContext bare = {.roots = roots};
    jit_kernel_launch(jk, pools[0], &bare);
    int64_t e = LIMIT;
    CHECK(ir_snode_load_bits(IR_I32, ir_snode_address(x, &e)) == 0);
    /* A passing launch after a failed one (the launcher clears the flag). */
    atomic_store(&rt->assert_failed, 0);
    IrKernel *k2 = ir_kernel_new("assert_ok", NULL, 0, NULL, 0);
    serial_task(k2);
    ir_assert(k2, c32(k2, 1), "never", NULL, 0);
    ir_global_store(k2, at(k2, done, NULL), c32(k2, 7));
    JitKernel *jk2 = compile(k2);
    if (jk2) {
        JitContext ctx = {.roots = roots, .rt = rt};
        jit_kernel_launch(jk2, pools[2], &ctx);
        CHECK(atomic_load(&rt->assert_failed) == 0);
        CHECK(ir_snode_load_bits(IR_I32, ir_snode_address(done, NULL)) == 7);
        jit_kernel_free(jk2);
    }
    ir_kernel_free(k2);
    free(rt);
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* a[i] = random f32, b[i] = random f64, c[i] = random i32, d[i] = random u64:
 * ranges, rough uniformity, independent bits, distinct threads' streams, and
 * sequences that follow the seed. */
static void test_rand(void)
{
    enum { M = 1 << 16 };
    IrSNodeNode *pl[4];
    register_tree(tree(M, (IrType[]){IR_F32, IR_F64, IR_I32, IR_U64}, 4, pl));
    IrKernel *k = ir_kernel_new("rand", NULL, 0, NULL, 0);
    IrStmt *t = range_task(k, 0, M);
    IrStmt *i = ir_loop_index(k, t, 0);
    IrType types[4] = {IR_F32, IR_F64, IR_I32, IR_U64};
    for (int f = 0; f < 4; f++)
        ir_global_store(k, at(k, pl[f], i), ir_rand(k, types[f]));
    JitKernel *jk = compile(k);
    if (!jk)
        return;
    JitRuntime *rt = new_runtime(1234);
    static float first[M];
    static double sorted[M];
    for (int p = 0; p < NPOOLS; p++) {
        JitContext ctx = {.roots = roots, .rt = rt};
        jit_kernel_launch(jk, pools[p], &ctx);
        int out_of_range = 0, bins[16] = {0}, negative = 0, ones[64] = {0};
        double mean = 0;
        for (int64_t e = 0; e < M; e++) {
            double a = ir_snode_load_float(IR_F32, ir_snode_address(pl[0], &e));
            double b = ir_snode_load_float(IR_F64, ir_snode_address(pl[1], &e));
            int32_t c = (int32_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[2], &e));
            uint64_t d = ir_snode_load_bits(IR_U64, ir_snode_address(pl[3], &e));
            out_of_range += !(a >= 0 && a < 1) + !(b >= 0 && b < 1);
            if (a >= 0 && a < 1)
                bins[(int)(a * 16)]++;
            mean += b / M;
            negative += c < 0;
            for (int bit = 0; bit < 64; bit++)
                ones[bit] += (int)(d >> bit & 1);
            sorted[e] = b;
        }
        CHECK(out_of_range == 0);
        CHECK(fabs(mean - 0.5) < 0.01);
        for (int bin = 0; bin < 16; bin++)
            CHECK(abs(bins[bin] - M / 16) < M / 16 / 10);
        CHECK(abs(negative - M / 2) < M / 50);
        for (int bit = 0; bit < 64; bit++)
            CHECK(abs(ones[bit] - M / 2) < M / 50);
        qsort(sorted, M, sizeof sorted[0], cmp_double);
        int repeats = 0;
        for (int e = 1; e < M; e++)
            repeats += sorted[e] == sorted[e - 1];
        CHECK(repeats == 0);
    }
    /* The same seed gives the same numbers again, a new seed others, and a
     * second launch continues the sequence. */
    JitContext ctx = {.roots = roots, .rt = rt};
    jit_rt_reseed(rt, 7);
    jit_kernel_launch(jk, pools[0], &ctx);
    for (int64_t e = 0; e < M; e++)
        first[e] = (float)ir_snode_load_float(IR_F32, ir_snode_address(pl[0], &e));
    int same[3] = {0};
    for (int round = 0; round < 3; round++) {
        if (round == 0)
            jit_rt_reseed(rt, 7);
        if (round == 2)
            rt->seed = 8;       /* a changed seed is noticed without jit_rt_reseed */
        jit_kernel_launch(jk, pools[0], &ctx);
        for (int64_t e = 0; e < M; e++)
            same[round] += first[e] == (float)ir_snode_load_float(IR_F32, ir_snode_address(pl[0], &e));
    }
    CHECK(same[0] == M);
    CHECK(same[1] < M / 100 && same[2] < M / 100);
    /* Without a runtime: a process-wide generator. */
    JitContext bare = {.roots = roots};
    jit_kernel_launch(jk, pools[2], &bare);
    int64_t e = M - 1;
    double last = ir_snode_load_float(IR_F64, ir_snode_address(pl[1], &e));
    CHECK(last >= 0 && last < 1);
    free(rt);
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

/* Atomic mul (a compare-exchange loop) on f32, i32, f64 and i64, f16 atomics
 * (add, max, min), an i8 add, atomics whose old value is used, and atomics on
 * locals. Products and sums are exact, so every pool gives the same result. */
static void test_atomic_mul_f16(void)
{
    enum { R = 20 };
    IrType types[9] = {IR_F32, IR_I32, IR_F64, IR_I64, IR_F16, IR_F16, IR_F16, IR_I8, IR_I32};
    IrSNodeNode *pl[9];
    register_tree(tree(0, types, 9, pl));
    IrKernel *k = ir_kernel_new("atomic_mul", NULL, 0, NULL, 0);
    IrStmt *t = range_task(k, 0, R);
    IrStmt *i = ir_loop_index(k, t, 0);
    ir_atomic(k, IR_ATOMIC_mul, at(k, pl[0], NULL), ir_const_f(k, IR_F32, 2.0));
    IrStmt *three = ir_select(k, ir_binary(k, IR_BIN_cmp_lt, i, c32(k, 15)), c32(k, 3), c32(k, 1));
    ir_atomic(k, IR_ATOMIC_mul, at(k, pl[1], NULL), three);
    ir_atomic(k, IR_ATOMIC_mul, at(k, pl[2], NULL), ir_const_f(k, IR_F64, 1.5));
    ir_atomic(k, IR_ATOMIC_mul, at(k, pl[3], NULL), ir_const_i(k, IR_I64, -3));
    ir_atomic(k, IR_ATOMIC_add, at(k, pl[4], NULL), ir_const_f(k, IR_F16, 0.5));
    IrStmt *hi = ir_cast(k, IR_UN_cast_value, IR_F16, i);
    ir_atomic(k, IR_ATOMIC_max, at(k, pl[5], NULL), hi);
    ir_atomic(k, IR_ATOMIC_min, at(k, pl[6], NULL), ir_unary(k, IR_UN_neg, hi));
    ir_atomic(k, IR_ATOMIC_add, at(k, pl[7], NULL), ir_const_i(k, IR_I8, 1));

    /* serial: old = atomic_mul(q, 3) with q = 5; a local v = 5: atomic add 3,
     * then atomic mul 2; store old, v and the local's old values. */
    serial_task(k);
    IrStmt *q = at(k, pl[8], NULL);
    ir_global_store(k, q, c32(k, 5));
    IrStmt *old = ir_atomic(k, IR_ATOMIC_mul, q, c32(k, 3));
    IrStmt *v = ir_alloca(k, IR_I32);
    ir_local_store(k, v, c32(k, 5));
    IrStmt *vold = ir_atomic(k, IR_ATOMIC_add, v, c32(k, 3));
    IrStmt *vold2 = ir_atomic(k, IR_ATOMIC_mul, v, c32(k, 2));
    IrStmt *packed = ir_binary(k, IR_BIN_add, ir_binary(k, IR_BIN_mul, old, c32(k, 1000000)),
                               ir_binary(k, IR_BIN_add, ir_binary(k, IR_BIN_mul, vold, c32(k, 10000)),
                                         ir_binary(k, IR_BIN_add, ir_binary(k, IR_BIN_mul, vold2, c32(k, 100)),
                                                   ir_local_load(k, v))));
    IrSNodeNode *res;
    register_tree(tree(0, (IrType[]){IR_I32}, 1, &res));
    ir_global_store(k, at(k, res, NULL), packed);
    JitKernel *jk = compile(k);
    if (!jk)
        return;
    for (int p = 0; p < NPOOLS; p++) {
        ir_snode_store_float(IR_F32, ir_snode_address(pl[0], NULL), 1);
        ir_snode_store_int(IR_I32, ir_snode_address(pl[1], NULL), 1);
        ir_snode_store_float(IR_F64, ir_snode_address(pl[2], NULL), 1);
        ir_snode_store_int(IR_I64, ir_snode_address(pl[3], NULL), 1);
        ir_snode_store_float(IR_F16, ir_snode_address(pl[4], NULL), 0);
        ir_snode_store_float(IR_F16, ir_snode_address(pl[5], NULL), -100);
        ir_snode_store_float(IR_F16, ir_snode_address(pl[6], NULL), 100);
        ir_snode_store_int(IR_I8, ir_snode_address(pl[7], NULL), 0);
        JitContext ctx = {.roots = roots};
        jit_kernel_launch(jk, pools[p], &ctx);
        CHECK(ir_snode_load_float(IR_F32, ir_snode_address(pl[0], NULL)) == 1048576.0);
        CHECK((int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[1], NULL)) == 14348907);
        CHECK(ir_snode_load_float(IR_F64, ir_snode_address(pl[2], NULL)) == 3486784401.0 / 1048576.0);
        CHECK((int64_t)ir_snode_load_bits(IR_I64, ir_snode_address(pl[3], NULL)) == INT64_C(3486784401));
        CHECK(ir_snode_load_float(IR_F16, ir_snode_address(pl[4], NULL)) == R * 0.5);
        CHECK(ir_snode_load_float(IR_F16, ir_snode_address(pl[5], NULL)) == R - 1);
        CHECK(ir_snode_load_float(IR_F16, ir_snode_address(pl[6], NULL)) == 1 - R);
        CHECK((int64_t)ir_snode_load_bits(IR_I8, ir_snode_address(pl[7], NULL)) == R);
        CHECK((int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[8], NULL)) == 15);
        /* old 5, local's olds 5 and 8, local 16 */
        CHECK((int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(res, NULL)) == 5000000 + 50000 + 800 + 16);
    }
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

/* Thread-local reductions. Into global temporaries (as offloading leaves a
 * kernel-scope accumulator): an f32 sum of x[i] = (i % 3) * 0.5 (exact in any
 * order), an i64 sub, i32 xor / and / max, a u32 min, an f32 min; and into field
 * elements at constant indices: add and sub on one element, max on another. Every
 * pool gives the exact result. */
static void test_tls_reduction(void)
{
    IrSNodeNode *x, *z;
    register_tree(tree(N, (IrType[]){IR_F32}, 1, &x));
    register_tree(tree(8, (IrType[]){IR_I32}, 1, &z));
    IrKernel *k = ir_kernel_new("tls", NULL, 0, (IrType[]){IR_F32}, 1);
    serial_task(k);
    ir_global_store(k, ir_global_tmp(k, IR_F32, 0), ir_const_f(k, IR_F32, 0));
    ir_global_store(k, ir_global_tmp(k, IR_I32, 20), c32(k, -1));
    ir_global_store(k, ir_global_tmp(k, IR_U32, 24), ir_const_u(k, IR_U32, UINT32_MAX));
    ir_global_store(k, ir_global_tmp(k, IR_F32, 28), ir_const_f(k, IR_F32, 0));
    ir_global_store(k, ir_global_tmp(k, IR_I32, 32), c32(k, INT32_MIN));
    IrStmt *t = range_task(k, 0, N);
    IrStmt *i = ir_loop_index(k, t, 0);
    IrStmt *xi = ir_global_load(k, at(k, x, i));
    ir_atomic(k, IR_ATOMIC_add, ir_global_tmp(k, IR_F32, 0), xi);
    ir_atomic(k, IR_ATOMIC_sub, ir_global_tmp(k, IR_I64, 8), ir_cast(k, IR_UN_cast_value, IR_I64, i));
    ir_atomic(k, IR_ATOMIC_bit_xor, ir_global_tmp(k, IR_I32, 16), i);
    IrStmt *bit = ir_binary(k, IR_BIN_bit_shl, c32(k, 1), ir_binary(k, IR_BIN_mod, i, c32(k, 31)));
    ir_atomic(k, IR_ATOMIC_bit_and, ir_global_tmp(k, IR_I32, 20), ir_unary(k, IR_UN_bit_not, bit));
    IrStmt *ui = ir_cast(k, IR_UN_cast_value, IR_U32, ir_binary(k, IR_BIN_bit_xor, i, c32(k, 0x5555)));
    ir_atomic(k, IR_ATOMIC_min, ir_global_tmp(k, IR_U32, 24), ir_binary(k, IR_BIN_add, ui, ir_const_u(k, IR_U32, 7)));
    ir_atomic(k, IR_ATOMIC_min, ir_global_tmp(k, IR_F32, 28), ir_binary(k, IR_BIN_sub, xi, ir_const_f(k, IR_F32, 1)));
    ir_atomic(k, IR_ATOMIC_max, ir_global_tmp(k, IR_I32, 32), ir_unary(k, IR_UN_neg, i));
    IrStmt *z5 = at(k, z, c32(k, 5));
    ir_atomic(k, IR_ATOMIC_add, z5, c32(k, 3));
    ir_atomic(k, IR_ATOMIC_sub, at(k, z, c32(k, 5)), c32(k, 1));
    ir_atomic(k, IR_ATOMIC_max, at(k, z, c32(k, 6)), i);
    serial_task(k);
    IrStmt *r = ir_global_load(k, ir_global_tmp(k, IR_F32, 0));
    ir_return(k, &r, 1);
    JitKernel *jk = compile(k);
    if (!jk)
        return;
    CHECK(jit_kernel_tmp_size(jk) == 36);
    double want_sum = 0;
    int32_t want_xor = 0;
    uint32_t want_umin = UINT32_MAX;
    for (int64_t e = 0; e < N; e++) {
        ir_snode_store_float(IR_F32, ir_snode_address(x, &e), (double)(e % 3) * 0.5);
        want_sum += (double)(e % 3) * 0.5;
        want_xor ^= (int32_t)e;
        uint32_t u = ((uint32_t)e ^ 0x5555u) + 7;
        want_umin = u < want_umin ? u : want_umin;
    }
    for (int p = 0; p < NPOOLS; p++) {
        unsigned char tmps[36] = {0};
        memset(z->tree->buffer, 0, z->tree->size);
        JitContext ctx = {.roots = roots, .tmps = tmps};
        jit_kernel_launch(jk, pools[p], &ctx);
        CHECK(bk_slot_float(&ctx.rets[0], IR_F32) == want_sum);
        int64_t i64;
        int32_t i32[2];
        uint32_t u32;
        float f32;
        memcpy(&i64, tmps + 8, 8);
        CHECK(i64 == -(int64_t)N * (N - 1) / 2);
        memcpy(i32, tmps + 16, 8);
        CHECK(i32[0] == want_xor && i32[1] == INT32_MIN);
        memcpy(&u32, tmps + 24, 4);
        CHECK(u32 == want_umin);
        memcpy(&f32, tmps + 28, 4);
        CHECK(f32 == -1.0f);
        memcpy(i32, tmps + 32, 4);
        CHECK(i32[0] == 0);
        int64_t e5 = 5, e6 = 6;
        CHECK((int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(z, &e5)) == 2 * (int64_t)N);
        CHECK((int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(z, &e6)) == N - 1);
    }
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

/* Atomics that must stay atomics, checked on one thread, where a chunk runs in
 * order and a wrongly privatized accumulator would show: an atomic whose old
 * value is used, one next to a load of its location, one next to an atomic of
 * another kind there, and one next to a load of the same field at an index
 * that is not constant. */
static void test_tls_not_applied(void)
{
    enum { M = 1000 };
    IrSNodeNode *pl[4], *s[4];
    register_tree(tree(M, (IrType[]){IR_I32, IR_I32, IR_I32, IR_I32}, 4, pl));
    register_tree(tree(0, (IrType[]){IR_I32, IR_I32, IR_I32, IR_I32}, 4, s));
    IrKernel *k = ir_kernel_new("no_tls", NULL, 0, NULL, 0);
    IrStmt *t = range_task(k, 0, M);
    IrStmt *i = ir_loop_index(k, t, 0);
    IrStmt *old = ir_atomic(k, IR_ATOMIC_add, at(k, s[0], NULL), c32(k, 1));
    ir_global_store(k, at(k, pl[0], i), old);
    ir_atomic(k, IR_ATOMIC_add, at(k, s[1], NULL), c32(k, 1));
    ir_global_store(k, at(k, pl[1], i), ir_global_load(k, at(k, s[1], NULL)));
    ir_atomic(k, IR_ATOMIC_add, at(k, s[2], NULL), c32(k, 2));
    ir_atomic(k, IR_ATOMIC_min, at(k, s[2], NULL), ir_binary(k, IR_BIN_add, ir_binary(k, IR_BIN_mul, i, c32(k, 2)),
                                                             c32(k, 1)));
    ir_atomic(k, IR_ATOMIC_add, at(k, pl[3], c32(k, 0)), c32(k, 1));
    IrStmt *zero = ir_binary(k, IR_BIN_sub, i, i);
    ir_global_store(k, at(k, pl[2], i), ir_global_load(k, at(k, pl[3], zero)));
    JitKernel *jk = compile(k);
    if (!jk)
        return;
    JitContext ctx = {.roots = roots};
    jit_kernel_launch(jk, pools[0], &ctx);
    int bad = 0;
    for (int64_t e = 0; e < M; e++) {
        bad += (int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[0], &e)) != e;
        bad += (int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[1], &e)) != e + 1;
        bad += (int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(pl[2], &e)) != e + 1;
    }
    CHECK(bad == 0);
    CHECK((int64_t)ir_snode_load_bits(IR_I32, ir_snode_address(s[2], NULL)) == 2 * M - 1);
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

/* A flattened 2-D range as ti.ndrange leaves it: for idx in [begin, R*C):
 * i = idx // C, j = idx % C; b[i, j] = a[i, j] * 2 + i - j, and the sum of a into
 * a global temporary. The task runs row by row; chunks that start and end inside
 * rows, and a range that starts inside the first row, give C's results. */
static void test_rows(void)
{
    enum { R = 37, C = 100, BEGIN = 5 };
    const char *err;
    IrSNodeNode *root = ir_snode_tree_new(prog, &err);
    int axes[2] = {0, 1};
    int64_t ext[2] = {R, C};
    IrSNodeNode *d = ir_snode_dense(prog, root, 2, axes, ext, &err);
    IrSNodeNode *a = ir_snode_place(prog, d, IR_F32, &err), *b = ir_snode_place(prog, d, IR_F32, &err);
    CHECK(test_materialize(root->tree, &err));
    register_tree(root);
    IrKernel *k = ir_kernel_new("rows", NULL, 0, NULL, 0);
    IrStmt *t = range_task(k, BEGIN, R * C);
    IrStmt *idx = ir_loop_index(k, t, 0);
    IrStmt *ij[2] = {ir_binary(k, IR_BIN_floordiv, idx, c32(k, C)),
                     ir_binary(k, IR_BIN_mod, ir_loop_index(k, t, 0), c32(k, C))};
    IrStmt *av = ir_global_load(k, ir_global_ptr(k, &a->ir, ij, 2));
    IrStmt *shift = ir_cast(k, IR_UN_cast_value, IR_F32, ir_binary(k, IR_BIN_sub, ij[0], ij[1]));
    IrStmt *v = ir_binary(k, IR_BIN_add, ir_binary(k, IR_BIN_mul, av, ir_const_f(k, IR_F32, 2)), shift);
    ir_global_store(k, ir_global_ptr(k, &b->ir, ij, 2), v);
    ir_atomic(k, IR_ATOMIC_add, ir_global_tmp(k, IR_F32, 0), av);
    JitKernel *jk = compile(k);
    if (!jk)
        return;
    double want_sum = 0;
    for (int64_t i = 0; i < R; i++)
        for (int64_t j = 0; j < C; j++) {
            int64_t at2[2] = {i, j};
            ir_snode_store_float(IR_F32, ir_snode_address(a, at2), (double)((i * 7 + j) % 5) * 0.5);
            if (i * C + j >= BEGIN)
                want_sum += (double)((i * 7 + j) % 5) * 0.5;
        }
    for (int p = 0; p < NPOOLS; p++) {
        float sum = 0;
        JitContext ctx = {.roots = roots, .tmps = (unsigned char *)&sum};
        for (int64_t i = 0; i < R; i++)
            for (int64_t j = 0; j < C; j++)
                ir_snode_store_float(IR_F32, ir_snode_address(b, (int64_t[]){i, j}), -1);
        jit_kernel_launch(jk, pools[p], &ctx);
        int bad = 0;
        for (int64_t i = 0; i < R; i++)
            for (int64_t j = 0; j < C; j++) {
                int64_t at2[2] = {i, j};
                double want = i * C + j < BEGIN ? -1 : ((i * 7 + j) % 5) * 0.5 * 2 + (double)(i - j);
                bad += ir_snode_load_float(IR_F32, ir_snode_address(b, at2)) != want;
            }
        CHECK(bad == 0);
        CHECK(sum == want_sum);
    }
    jit_kernel_free(jk);
    ir_kernel_free(k);
}

/* The benchmark's shape: s = 0.0; for i in range(16M): s += x[i]; return s, as
 * offloading leaves it (an atomic add into a global temporary). With the
 * thread-local reduction the loop vectorizes; prints its time against a plain C
 * loop and checks the exact sum. */
static void test_sum_speed(void)
{
    enum { M = 16 * 1024 * 1024 };
    IrSNodeNode *x;
    register_tree(tree(M, (IrType[]){IR_F32}, 1, &x));
    IrKernel *k = ir_kernel_new("total", NULL, 0, (IrType[]){IR_F32}, 1);
    serial_task(k);
    ir_global_store(k, ir_global_tmp(k, IR_F32, 0), ir_const_f(k, IR_F32, 0));
    IrStmt *t = range_task(k, 0, M);
    ir_atomic(k, IR_ATOMIC_add, ir_global_tmp(k, IR_F32, 0), ir_global_load(k, at(k, x, ir_loop_index(k, t, 0))));
    serial_task(k);
    IrStmt *r = ir_global_load(k, ir_global_tmp(k, IR_F32, 0));
    ir_return(k, &r, 1);
    JitKernel *jk = compile(k);
    if (!jk)
        return;
    float *xs = (float *)x->tree->buffer;
    for (int e = 0; e < M; e++)
        xs[e] = (float)(e % 3) * 0.5f;
    double t0 = now_ms();
    float c_sum = 0;
    for (int e = 0; e < M; e++)
        c_sum += xs[e];
    double c_ms = now_ms() - t0;
    for (int p = 0; p < NPOOLS; p++) {
        unsigned char tmps[4];
        JitContext ctx = {.roots = roots, .tmps = tmps};
        jit_kernel_launch(jk, pools[p], &ctx);     /* warm up */
        t0 = now_ms();
        enum { REPS = 5 };
        for (int rep = 0; rep < REPS; rep++)
            jit_kernel_launch(jk, pools[p], &ctx);
        double ms = (now_ms() - t0) / REPS;
        CHECK(bk_slot_float(&ctx.rets[0], IR_F32) == (double)c_sum);
        printf("sum 16M f32, %d thread(s): %.2f ms (%.1f GB/s); scalar C loop %.2f ms\n",
               jit_pool_threads(pools[p]), ms, M * 4.0 / ms / 1e6, c_ms);
    }
    jit_kernel_free(jk);
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

/* A compiled kernel saved as bytes (the offline cache's payload) loads back
 * and runs; bytes that are cut short or damaged are refused, not run. */
static void test_save_load(void)
{
    IrSNodeNode *x;
    register_tree(tree(64, (IrType[]){IR_I32}, 1, &x));
    IrKernel *k = ir_kernel_new("saved", NULL, 0, NULL, 0);
    IrStmt *t = range_task(k, 0, 64);
    IrStmt *i = ir_loop_index(k, t, 0);
    ir_global_store(k, at(k, x, i), ir_binary(k, IR_BIN_add, i, c32(k, 7)));
    JitKernel *jk = compile(k);
    unsigned char *bytes = NULL;
    size_t n = 0;
    CHECK(jk && jit_kernel_save(jk, &bytes, &n) && n > 100);
    jit_kernel_free(jk);
    ir_kernel_free(k);
    if (!bytes)
        return;
    char *err = NULL;
    JitKernel *back = jit_kernel_load(session, bytes, n, &err);
    CHECK(back != NULL);
    if (back) {
        JitContext ctx = {.roots = roots};
        jit_kernel_launch(back, pools[1], &ctx);
        const int32_t *xs = (const int32_t *)x->tree->buffer;
        int bad = 0;
        for (int j = 0; j < 64; j++)
            bad += xs[j] != j + 7;
        CHECK(bad == 0);
        jit_kernel_free(back);
    }
    free(err);
    size_t cuts[] = {0, 3, 20, n / 2, n - 1};
    for (size_t c = 0; c < sizeof cuts / sizeof *cuts; c++) {
        err = NULL;
        CHECK(jit_kernel_load(session, bytes, cuts[c], &err) == NULL && err != NULL);
        free(err);
    }
    bytes[4] = 0xff;            /* an absurd task count */
    err = NULL;
    CHECK(jit_kernel_load(session, bytes, n, &err) == NULL && err && strstr(err, "damaged"));
    free(err);
    free(bytes);
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
    test_more_ops();
    test_print();
    test_assert_format();
    test_assert();
    test_rand();
    test_atomic_mul_f16();
    test_tls_reduction();
    test_tls_not_applied();
    test_rows();
    test_sum_speed();
    test_errors();
    test_save_load();
    test_snodes_free(prog);
    for (int p = 0; p < NPOOLS; p++)
        jit_pool_destroy(pools[p]);
    jit_session_destroy(session);
    return check_result();
}

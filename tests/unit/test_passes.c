/* Unit test for ir/passes/: kernels built by hand with the IR builder, each pass
 * run on its own and checked against the print_ir text it must leave (and the
 * verifier), then whole kernels offloaded, optimized through the pipeline,
 * compiled with the CPU backend and launched, their results checked in C. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ir/passes/passes.h"
#include "ir/snode.h"
#include "snode_mem.h"
#include "jit/codegen.h"

static JitSession *session;
static JitPool *pool;             /* all CPUs: parallel tasks really race */
static IrSNodeProgram *prog;
static unsigned char *roots[64];  /* tree buffers by tree id, as contexts want them */

/* ---- helpers */

static bool prints_as(const IrKernel *k, const char *want)
{
    StrBuf b;
    sb_init(&b);
    ir_print(&b, k);
    bool same = !b.oom && strcmp(b.data, want) == 0;
    if (!same) fprintf(stderr, "--- %s: want\n%s--- got\n%s---\n", k->name, want, b.data ? b.data : "(null)");
    sb_free(&b);
    return same;
}

static bool verifies(const IrKernel *k)
{
    char err[256];
    bool ok = ir_verify(k, err, sizeof err);
    if (!ok) fprintf(stderr, "%s: verifier: %s\n", k->name, err);
    return ok;
}

/* Run one pass, renumber so the text is stable, and verify. */
static bool pass_ok(IrKernel *k, bool (*pass)(IrKernel *))
{
    pass(k);
    ir_renumber(k);
    return !k->oom && verifies(k);
}

/* Offloading with the CPU backend's default block_dim, as tirun runs it. */
static bool offload(IrKernel *k) { return ir_pass_offload(k, &(IrPassOptions){.default_block_dim = 32}); }

static IrStmt *c32(IrKernel *k, int64_t v) { return ir_const_i(k, IR_I32, v); }

/* A dense 1-d tree of n cells (n == 0: 0-d) holding one place per type. */
static void field_tree(int64_t n, const IrType *types, int count, IrSNodeNode **places)
{
    const char *err;
    IrSNodeNode *root = ir_snode_tree_new(prog, &err);
    int axis = 0;
    IrSNodeNode *d = ir_snode_dense(prog, root, n ? 1 : 0, &axis, &n, &err);
    for (int i = 0; i < count; i++) places[i] = ir_snode_place(prog, d, types[i], &err);
    CHECK(test_materialize(root->tree, &err));
    roots[root->tree->id] = root->tree->buffer;
}

static IrStmt *at(IrKernel *k, IrSNodeNode *place, IrStmt *i)
{
    return ir_global_ptr(k, &place->ir, &i, i ? 1 : 0);
}

static int32_t get_i32(IrSNodeNode *place, int64_t i)
{
    return (int32_t)ir_snode_load_bits(IR_I32, ir_snode_address(place, &i));
}

static void set_i32(IrSNodeNode *place, int64_t i, int32_t v)
{
    ir_snode_store_int(IR_I32, ir_snode_address(place, &i), (uint64_t)(int64_t)v);
}

/* ---- kernels run end to end
 *
 * Each scenario builds its frontend kernel three times: only type-checked and
 * offloaded, through the pipeline without and with optimization. Each is compiled, launched on the
 * pool and checked; a failure names the scenario and the variant. */

typedef IrKernel *BuildFn(void);
typedef bool CheckFn(JitKernel *jk);

static const char *const variants[] = {"lowered and offloaded only", "pipeline -O0", "pipeline"};

static JitKernel *compile(IrKernel *k)
{
    char *err = NULL;
    JitKernel *jk = jit_kernel_compile(session, k, &err);
    if (!jk) fprintf(stderr, "%s: %s\n", k->name, err ? err : "(no message)");
    free(err);
    return jk;
}

static void run_scenario(BuildFn *build, CheckFn *check)
{
    for (int v = 0; v < 3; v++) {
        IrKernel *k = build();
        CHECK(k && !k->oom);
        if (!k) continue;
        char err[256] = "";
        bool ok;
        if (v == 0) {
            ir_pass_type_check(k);
            ir_pass_lower_struct_for(k);
            ok = offload(k) && verifies(k);
        } else {
            IrPassOptions opt = {.optimize = v == 2, .default_block_dim = 32};
            ok = ir_run_passes(k, &opt, err, sizeof err);
        }
        if (!ok) fprintf(stderr, "%s (%s): %s\n", k->name, variants[v], err);
        CHECK(ok);
        JitKernel *jk = ok ? compile(k) : NULL;
        CHECK(jk != NULL);
        if (jk && !check(jk)) {
            fprintf(stderr, "%s (%s) computed wrong values; its IR:\n", k->name, variants[v]);
            StrBuf b;
            sb_init(&b);
            ir_print(&b, k);
            fprintf(stderr, "%s", b.data ? b.data : "");
            sb_free(&b);
            CHECK(false);
        }
        jit_kernel_free(jk);
        ir_kernel_free(k);
    }
}

/* Launch with the given i32 arguments and a zeroed temporaries area. */
static JitContext launch(JitKernel *jk, const int32_t *args, int nargs)
{
    static unsigned char tmps[256];
    memset(tmps, 0xab, sizeof tmps);   /* kernels must not rely on zeroed temporaries */
    JitContext ctx = {.roots = roots, .tmps = tmps};
    CHECK(jit_kernel_tmp_size(jk) <= sizeof tmps);
    for (int i = 0; i < nargs; i++) bk_slot_set_int(&ctx.args[i], args[i]);
    jit_kernel_launch(jk, pool, &ctx);
    return ctx;
}

/* A kernel-scope reduction with a bound taken from an argument:
 *   def sum(n: i32) -> f32: s = 0.0; for i in range(n): s += x[i]; return s */
enum { SUM_N = 4096 };
static IrSNodeNode *sum_x;

static IrKernel *build_sum(void)
{
    IrKernel *k = ir_kernel_new("sum", (IrType[]){IR_I32}, 1, (IrType[]){IR_F32}, 1);
    IrStmt *s = ir_alloca(k, IR_F32);
    ir_local_store(k, s, ir_const_f(k, IR_F32, 0.0));
    IrStmt *zero = c32(k, 0);
    IrStmt *loop = ir_range_for(k, zero, ir_arg_load(k, 0));
    IrCursor after = ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *i = ir_loop_index(k, loop, 0);
    ir_atomic(k, IR_ATOMIC_add, s, ir_global_load(k, at(k, sum_x, i)));
    ir_leave(k, after);
    IrStmt *r = ir_local_load(k, s);
    ir_return(k, &r, 1);
    return k;
}

static bool check_sum(JitKernel *jk)
{
    bool ok = true;
    for (int32_t n = 0; n <= SUM_N; n += SUM_N / 4) {
        JitContext ctx = launch(jk, &n, 1);
        /* Multiples of 0.5 below 2^23: every order of summation is exact. */
        double want = 0.5 * n * (n - 1) / 2;
        double got = bk_slot_float(&ctx.rets[0], IR_F32);
        if (got != want) fprintf(stderr, "sum(%d) = %g, want %g\n", n, got, want);
        ok &= got == want;
    }
    return ok;
}

/* Two range loops sharing a kernel-scope variable:
 *   m = -1000; for i in range(100): atomic_max(m, y[i])
 *   for i in range(50): z[i] = y[i] + m */
static IrSNodeNode *two_yz[2];

static IrKernel *build_two_loops(void)
{
    IrKernel *k = ir_kernel_new("two_loops", NULL, 0, NULL, 0);
    IrStmt *m = ir_alloca(k, IR_I32);
    ir_local_store(k, m, c32(k, -1000));
    IrStmt *l1 = ir_range_for(k, c32(k, 0), c32(k, 100));
    IrCursor after = ir_enter(k, l1->blocks[IR_BODY]);
    ir_atomic(k, IR_ATOMIC_max, m, ir_global_load(k, at(k, two_yz[0], ir_loop_index(k, l1, 0))));
    ir_leave(k, after);
    IrStmt *l2 = ir_range_for(k, c32(k, 0), c32(k, 50));
    after = ir_enter(k, l2->blocks[IR_BODY]);
    IrStmt *i = ir_loop_index(k, l2, 0);
    IrStmt *sum = ir_binary(k, IR_BIN_add, ir_global_load(k, at(k, two_yz[0], i)), ir_local_load(k, m));
    ir_global_store(k, at(k, two_yz[1], i), sum);
    ir_leave(k, after);
    return k;
}

static bool check_two_loops(JitKernel *jk)
{
    for (int i = 0; i < 100; i++) set_i32(two_yz[0], i, (i * 37) % 101 - 50);
    int32_t want_m = -1000;
    for (int i = 0; i < 100; i++) want_m = (i * 37) % 101 - 50 > want_m ? (i * 37) % 101 - 50 : want_m;
    launch(jk, NULL, 0);
    bool ok = true;
    for (int i = 0; i < 50; i++) ok &= get_i32(two_yz[1], i) == (i * 37) % 101 - 50 + want_m;
    return ok;
}

/* A value computed in a serial task and used by a later range task, with a
 * constant and a field pointer from the top level used inside the loop too:
 *   a = n * 3 + 1; c = 7; p = w[0]
 *   for i in range(2, n): w[i] = i * a + c + p */
static IrSNodeNode *cross_w;

static IrKernel *build_cross(void)
{
    IrKernel *k = ir_kernel_new("cross", (IrType[]){IR_I32}, 1, NULL, 0);
    IrStmt *n = ir_arg_load(k, 0);
    IrStmt *a = ir_binary(k, IR_BIN_add, ir_binary(k, IR_BIN_mul, n, c32(k, 3)), c32(k, 1));
    IrStmt *c = c32(k, 7);
    IrStmt *p = at(k, cross_w, c32(k, 0));
    IrStmt *loop = ir_range_for(k, c32(k, 2), n);
    IrCursor after = ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *i = ir_loop_index(k, loop, 0);
    IrStmt *v = ir_binary(k, IR_BIN_add, ir_binary(k, IR_BIN_mul, i, a), c);
    ir_global_store(k, at(k, cross_w, i), ir_binary(k, IR_BIN_add, v, ir_global_load(k, p)));
    ir_leave(k, after);
    return k;
}

static bool check_cross(JitKernel *jk)
{
    bool ok = true;
    for (int32_t n = 10; n <= 20; n += 10) {
        set_i32(cross_w, 0, 1000);
        launch(jk, &n, 1);
        for (int i = 2; i < n; i++) ok &= get_i32(cross_w, i) == i * (n * 3 + 1) + 7 + 1000;
    }
    return ok;
}

/* A serialized loop stays inside its serial task, with a break:
 *   acc = 0
 *   for i in range(10) (serialize): if i == 7: break; acc = acc * 2 + i
 *   out[0] = acc */
static IrSNodeNode *ser_out;

static IrKernel *build_serialized(void)
{
    IrKernel *k = ir_kernel_new("serialized", NULL, 0, NULL, 0);
    IrStmt *acc = ir_alloca(k, IR_I32);
    ir_local_store(k, acc, c32(k, 0));
    IrStmt *loop = ir_range_for(k, c32(k, 0), c32(k, 10));
    loop->u.range.serialize = true;
    IrCursor after = ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *i = ir_loop_index(k, loop, 0);
    IrStmt *stop = ir_if(k, ir_binary(k, IR_BIN_cmp_eq, i, c32(k, 7)));
    IrCursor in_loop = ir_enter(k, stop->blocks[IR_THEN]);
    ir_break(k, loop);
    ir_leave(k, in_loop);
    IrStmt *twice = ir_binary(k, IR_BIN_mul, ir_local_load(k, acc), c32(k, 2));
    ir_local_store(k, acc, ir_binary(k, IR_BIN_add, twice, i));
    ir_leave(k, after);
    ir_global_store(k, at(k, ser_out, c32(k, 0)), ir_local_load(k, acc));
    return k;
}

static bool check_serialized(JitKernel *jk)
{
    int want = 0;
    for (int i = 0; i < 7; i++) want = want * 2 + i;
    set_i32(ser_out, 0, -1);
    launch(jk, NULL, 0);
    return get_i32(ser_out, 0) == want;
}

/* An if at the top level holding a range loop (which stays serial):
 *   if n > 0: for i in range(n): out[i] = i * i
 *   else: out[0] = -1 */
static IrSNodeNode *if_out;

static IrKernel *build_if_loop(void)
{
    IrKernel *k = ir_kernel_new("if_loop", (IrType[]){IR_I32}, 1, NULL, 0);
    IrStmt *n = ir_arg_load(k, 0);
    IrStmt *branch = ir_if(k, ir_binary(k, IR_BIN_cmp_gt, n, c32(k, 0)));
    IrCursor after = ir_enter(k, branch->blocks[IR_THEN]);
    IrStmt *loop = ir_range_for(k, c32(k, 0), n);
    ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *i = ir_loop_index(k, loop, 0);
    ir_global_store(k, at(k, if_out, i), ir_binary(k, IR_BIN_mul, i, i));
    ir_enter(k, branch->blocks[IR_ELSE]);
    ir_global_store(k, at(k, if_out, c32(k, 0)), c32(k, -1));
    ir_leave(k, after);
    return k;
}

static bool check_if_loop(JitKernel *jk)
{
    bool ok = true;
    int32_t n = 12;
    for (int i = 0; i < 16; i++) set_i32(if_out, i, 5);
    launch(jk, &n, 1);
    for (int i = 0; i < 16; i++) ok &= get_i32(if_out, i) == (i < 12 ? i * i : 5);
    n = -3;
    launch(jk, &n, 1);
    ok &= get_i32(if_out, 0) == -1 && get_i32(if_out, 1) == 1;
    return ok;
}

/* A value from before a loop returned after it, the loop in between writing
 * a field the return reads:
 *   t = n + 1; for i in range(t): out[i] = i; return t * 2 + out[n] */
static IrSNodeNode *ret_out;

static IrKernel *build_return(void)
{
    IrKernel *k = ir_kernel_new("ret", (IrType[]){IR_I32}, 1, (IrType[]){IR_I32}, 1);
    IrStmt *n = ir_arg_load(k, 0);
    IrStmt *t = ir_binary(k, IR_BIN_add, n, c32(k, 1));
    IrStmt *loop = ir_range_for(k, c32(k, 0), t);
    IrCursor after = ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *i = ir_loop_index(k, loop, 0);
    ir_global_store(k, at(k, ret_out, i), i);
    ir_leave(k, after);
    IrStmt *r = ir_binary(k, IR_BIN_add, ir_binary(k, IR_BIN_mul, t, c32(k, 2)),
                          ir_global_load(k, at(k, ret_out, n)));
    ir_return(k, &r, 1);
    return k;
}

static bool check_return(JitKernel *jk)
{
    int32_t n = 9;
    set_i32(ret_out, 9, -100);
    JitContext ctx = launch(jk, &n, 1);
    return bk_slot_int(&ctx.rets[0]) == 10 * 2 + 9;
}

/* Locals in a parallel loop, through while / if / break / continue, and a
 * kernel-scope total (what mem2reg must get right):
 *   total = 0
 *   for i in range(M):
 *       n = i + 1; steps = 0
 *       while n != 1: { if n % 2 == 0: n = n // 2 else: n = 3 * n + 1
 *                       steps += 1; if steps > 100: break }
 *       best = 0
 *       for j in range(i % 7): { if j % 2 == 0: continue; best = best + j * steps }
 *       total += steps; out_steps[i] = steps; out_best[i] = best
 *   out_total[None] = total */
enum { LOCALS_M = 3000 };
static IrSNodeNode *locals_out[2], *locals_total;

static IrKernel *build_locals(void)
{
    IrKernel *k = ir_kernel_new("locals", NULL, 0, NULL, 0);
    IrStmt *total = ir_alloca(k, IR_I32);
    ir_local_store(k, total, c32(k, 0));
    IrStmt *zero = c32(k, 0);
    IrStmt *loop = ir_range_for(k, zero, c32(k, LOCALS_M));
    IrCursor top = ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *i = ir_loop_index(k, loop, 0);
    IrStmt *n = ir_alloca(k, IR_I32);
    ir_local_store(k, n, ir_binary(k, IR_BIN_add, i, c32(k, 1)));
    IrStmt *steps = ir_alloca(k, IR_I32);
    ir_local_store(k, steps, c32(k, 0));
    IrStmt *w = ir_while(k);
    IrCursor body = ir_enter(k, w->blocks[IR_BODY]);
    ir_while_control(k, ir_binary(k, IR_BIN_cmp_ne, ir_local_load(k, n), c32(k, 1)));
    IrStmt *nv = ir_local_load(k, n);
    IrStmt *even = ir_binary(k, IR_BIN_cmp_eq, ir_binary(k, IR_BIN_mod, nv, c32(k, 2)), c32(k, 0));
    IrStmt *branch = ir_if(k, even);
    IrCursor in_while = ir_enter(k, branch->blocks[IR_THEN]);
    ir_local_store(k, n, ir_binary(k, IR_BIN_floordiv, ir_local_load(k, n), c32(k, 2)));
    ir_enter(k, branch->blocks[IR_ELSE]);
    ir_local_store(k, n, ir_binary(k, IR_BIN_add, ir_binary(k, IR_BIN_mul, ir_local_load(k, n), c32(k, 3)),
                                   c32(k, 1)));
    ir_leave(k, in_while);
    ir_local_store(k, steps, ir_binary(k, IR_BIN_add, ir_local_load(k, steps), c32(k, 1)));
    IrStmt *cap = ir_if(k, ir_binary(k, IR_BIN_cmp_gt, ir_local_load(k, steps), c32(k, 100)));
    ir_enter(k, cap->blocks[IR_THEN]);
    ir_break(k, w);
    ir_leave(k, body);
    IrStmt *best = ir_alloca(k, IR_I32);
    ir_local_store(k, best, c32(k, 0));
    IrStmt *inner = ir_range_for(k, c32(k, 0), ir_binary(k, IR_BIN_mod, i, c32(k, 7)));
    body = ir_enter(k, inner->blocks[IR_BODY]);
    IrStmt *j = ir_loop_index(k, inner, 0);
    IrStmt *skip = ir_if(k, ir_binary(k, IR_BIN_cmp_eq, ir_binary(k, IR_BIN_mod, j, c32(k, 2)), c32(k, 0)));
    IrCursor in_for = ir_enter(k, skip->blocks[IR_THEN]);
    ir_continue(k, inner);
    ir_leave(k, in_for);
    IrStmt *gain = ir_binary(k, IR_BIN_mul, j, ir_local_load(k, steps));
    ir_local_store(k, best, ir_binary(k, IR_BIN_add, ir_local_load(k, best), gain));
    ir_leave(k, body);
    ir_atomic(k, IR_ATOMIC_add, total, ir_local_load(k, steps));
    ir_global_store(k, at(k, locals_out[0], i), ir_local_load(k, steps));
    ir_global_store(k, at(k, locals_out[1], i), ir_local_load(k, best));
    ir_leave(k, top);
    ir_global_store(k, at(k, locals_total, NULL), ir_local_load(k, total));
    return k;
}

static bool check_locals(JitKernel *jk)
{
    launch(jk, NULL, 0);
    bool ok = true;
    int64_t want_total = 0;
    for (int i = 0; i < LOCALS_M; i++) {
        int n = i + 1, steps = 0, best = 0;
        while (n != 1) {
            n = n % 2 == 0 ? n / 2 : 3 * n + 1;
            if (++steps > 100) break;
        }
        for (int j = 0; j < i % 7; j++)
            if (j % 2) best += j * steps;
        want_total += steps;
        ok &= get_i32(locals_out[0], i) == steps && get_i32(locals_out[1], i) == best;
    }
    return ok && get_i32(locals_total, 0) == want_total;
}

/* Operands of different types, the casts left to type_check:
 *   def mixed(a: i32, b: f32) -> f32:
 *       for i in range(a): out[i] = i * b     (an f32 stored into an i32 field)
 *       return a * b + 1 */
static IrSNodeNode *mixed_out;

static IrKernel *build_mixed(void)
{
    IrKernel *k = ir_kernel_new("mixed", (IrType[]){IR_I32, IR_F32}, 2, (IrType[]){IR_F32}, 1);
    IrStmt *a = ir_arg_load(k, 0), *b = ir_arg_load(k, 1);
    IrStmt *loop = ir_range_for(k, c32(k, 0), a);
    IrCursor after = ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *i = ir_loop_index(k, loop, 0);
    ir_global_store(k, at(k, mixed_out, i), ir_binary(k, IR_BIN_mul, i, b));
    ir_leave(k, after);
    IrStmt *r = ir_binary(k, IR_BIN_add, ir_binary(k, IR_BIN_mul, a, b), c32(k, 1));
    ir_return(k, &r, 1);
    return k;
}

static bool check_mixed(JitKernel *jk)
{
    JitContext ctx = {.roots = roots};
    unsigned char tmps[64];
    ctx.tmps = tmps;
    bk_slot_set_int(&ctx.args[0], 10);
    bk_slot_set_float(&ctx.args[1], IR_F32, 2.5);
    jit_kernel_launch(jk, pool, &ctx);
    bool ok = bk_slot_float(&ctx.rets[0], IR_F32) == 26.0;
    for (int i = 0; i < 10; i++) ok &= get_i32(mixed_out, i) == (int32_t)(i * 2.5f);
    return ok;
}

/* A struct-for over a 3 x 40 dense grid, lowered to one flat range:
 *   for i, j in g: g[i, j] = i * 100 + j */
enum { SF_ROWS = 3, SF_COLS = 40 };
static IrSNodeNode *sf_g;

static IrKernel *build_struct_for(void)
{
    IrKernel *k = ir_kernel_new("struct_for", NULL, 0, NULL, 0);
    IrStmt *loop = ir_struct_for(k, &sf_g->parent->ir);
    IrCursor after = ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *idx[2] = {ir_loop_index(k, loop, 0), ir_loop_index(k, loop, 1)};
    IrStmt *v = ir_binary(k, IR_BIN_add, ir_binary(k, IR_BIN_mul, idx[0], c32(k, 100)), idx[1]);
    ir_global_store(k, ir_global_ptr(k, &sf_g->ir, idx, 2), v);
    ir_leave(k, after);
    return k;
}

static bool check_struct_for(JitKernel *jk)
{
    int64_t ij[2];
    for (ij[0] = 0; ij[0] < SF_ROWS; ij[0]++)
        for (ij[1] = 0; ij[1] < SF_COLS; ij[1]++) ir_snode_store_int(IR_I32, ir_snode_address(sf_g, ij), (uint64_t)-1);
    launch(jk, NULL, 0);
    bool ok = true;
    for (ij[0] = 0; ij[0] < SF_ROWS; ij[0]++)
        for (ij[1] = 0; ij[1] < SF_COLS; ij[1]++) {
            int32_t got = (int32_t)ir_snode_load_bits(IR_I32, ir_snode_address(sf_g, ij));
            if (got != ij[0] * 100 + ij[1])
                fprintf(stderr, "g[%d, %d] = %d\n", (int)ij[0], (int)ij[1], (int)got);
            ok &= got == ij[0] * 100 + ij[1];
        }
    return ok;
}

static void test_run_scenarios(void)
{
    run_scenario(build_sum, check_sum);
    run_scenario(build_two_loops, check_two_loops);
    run_scenario(build_cross, check_cross);
    run_scenario(build_serialized, check_serialized);
    run_scenario(build_if_loop, check_if_loop);
    run_scenario(build_return, check_return);
    run_scenario(build_locals, check_locals);
    run_scenario(build_mixed, check_mixed);
    run_scenario(build_struct_for, check_struct_for);
}

/* ---- const_fold against the backend
 *
 * For each type, one serial kernel computes every binary op on every pair of
 * sample values, and every unary op and cast of every value, storing each
 * result to a field. Built twice: operands loaded from fields (the backend
 * computes them at run time) and operands as constants (const_fold computes
 * them). Both run; every stored result must agree bit for bit. */

static const IrType fold_types[] = {IR_I32, IR_I64, IR_U32, IR_U64, IR_U8, IR_F32, IR_F64};
enum { NFOLD_TYPES = 7, NFOLD_VALUES = 9, FOLD_OUT = 4096 };

static IrSNodeNode *fold_in[NFOLD_TYPES], *fold_out[NFOLD_TYPES];
static char fold_desc[NFOLD_TYPES][FOLD_OUT][48];

static int type_slot(IrType t)
{
    for (int i = 0; i < NFOLD_TYPES; i++)
        if (fold_types[i] == t) return i;
    return -1;
}

/* The sample values of type t: edges of wrap-around, division and shifts. */
static IrConst fold_value(IrType t, int i)
{
    static const int64_t ints[NFOLD_VALUES] = {0, 1, -1, 2, 7, -7, 33, INT64_MAX, INT64_MIN};
    static const double floats[NFOLD_VALUES] = {0.0, -0.0, 1.5, -2.25, 7.0, 1e30, 3.0e9, INFINITY, NAN};
    IrConst v;
    if (ir_type_is_float(t)) {
        v.f = t == IR_F32 ? (double)(float)floats[i] : floats[i];
        return v;
    }
    v.i = ints[i];
    if (t == IR_I32) v.i = (int32_t)(i == 7 ? INT32_MAX : i == 8 ? INT32_MIN : ints[i]);
    if (t == IR_U32) v.u = (uint32_t)ints[i];
    if (t == IR_U8) v.u = (uint8_t)ints[i];
    return v;
}

typedef struct {
    IrKernel *k;
    bool constant;
    int next[NFOLD_TYPES];
} FoldKernel;

static IrStmt *fold_operand(FoldKernel *f, IrType t, int i)
{
    if (f->constant) return ir_const_of(f->k, t, fold_value(t, i));
    return ir_global_load(f->k, at(f->k, fold_in[type_slot(t)], c32(f->k, i)));
}

static void fold_store(FoldKernel *f, IrStmt *r, const char *what, int a, int b)
{
    if (r->type == IR_U1) r = ir_cast(f->k, IR_UN_cast_value, IR_U8, r);   /* no field holds a u1 */
    int slot = type_slot(r->type);
    int at_i = f->next[slot]++;
    CHECK(at_i < FOLD_OUT);
    snprintf(fold_desc[slot][at_i], sizeof fold_desc[slot][at_i], "%s v%d v%d", what, a, b);
    ir_global_store(f->k, at(f->k, fold_out[slot], c32(f->k, at_i)), r);
}

static void fold_ops(FoldKernel *f, IrType t)
{
    bool fl = ir_type_is_float(t);
    for (int op = 0; op < IR_NUM_BINARY_OPS; op++) {
        char cls = ir_binary_op_class((IrBinaryOp)op);
        if ((cls == 'F' || op == IR_BIN_pow) && !fl) continue;
        if ((cls == 'I' || cls == 'L') && fl) continue;
        if (op == IR_BIN_atan2 || op == IR_BIN_pow) continue;   /* libm: never folded */
        for (int a = 0; a < NFOLD_VALUES; a++)
            for (int b = 0; b < NFOLD_VALUES; b++) {
                IrStmt *x = fold_operand(f, t, a), *y = fold_operand(f, t, b);
                fold_store(f, ir_binary(f->k, (IrBinaryOp)op, x, y), ir_binary_op_name((IrBinaryOp)op), a, b);
            }
    }
    static const IrUnaryOp unary[] = {IR_UN_neg, IR_UN_abs, IR_UN_bit_not, IR_UN_logic_not,
                                      IR_UN_sqrt, IR_UN_floor, IR_UN_ceil};
    for (int a = 0; a < NFOLD_VALUES; a++) {
        for (size_t u = 0; u < sizeof unary / sizeof unary[0]; u++) {
            char cls = ir_unary_op_class(unary[u]);
            if (fl ? cls == 'I' || cls == 'L' : cls == 'F') continue;
            fold_store(f, ir_unary(f->k, unary[u], fold_operand(f, t, a)), ir_unary_op_name(unary[u]), a, -1);
        }
        for (int to = 0; to < NFOLD_TYPES; to++) {
            IrType u = fold_types[to];
            fold_store(f, ir_cast(f->k, IR_UN_cast_value, u, fold_operand(f, t, a)), ir_type_name(u), a, -2);
            if (ir_type_bits(u) == ir_type_bits(t) && u != t)
                fold_store(f, ir_cast(f->k, IR_UN_cast_bits, u, fold_operand(f, t, a)), "bits", a, -3);
        }
        fold_store(f, ir_cast(f->k, IR_UN_cast_value, IR_U1, fold_operand(f, t, a)), "u1", a, -2);
    }
}

static IrKernel *fold_kernel(IrType t, bool constant)
{
    FoldKernel f = {.k = ir_kernel_new(constant ? "folded" : "computed", NULL, 0, NULL, 0), .constant = constant};
    IrStmt *task = ir_offloaded(f.k, IR_TASK_serial);
    ir_enter(f.k, task->blocks[IR_BODY]);
    fold_ops(&f, t);
    return f.k;
}

/* What const_fold may leave: a division by zero, a float max / min of two
 * zeros, bits reinterpreted as a float or from a NaN (its payload). */
static bool left_alone(const IrStmt *s)
{
    if (s->kind != IR_BINARY && s->kind != IR_UNARY) return true;
    for (int i = 0; i < s->nops; i++)
        if (s->ops[i]->kind != IR_CONST) return true;
    if (s->kind == IR_UNARY)
        return s->u.unary == IR_UN_cast_bits &&
               (ir_type_is_float(s->type) || (ir_type_is_float(s->ops[0]->type) && isnan(s->ops[0]->u.val.f)));
    IrBinaryOp op = s->u.binary;
    const IrStmt *b = s->ops[1];
    bool zero = ir_type_is_float(b->type) ? b->u.val.f == 0 : b->u.val.u == 0;
    if (zero && (op == IR_BIN_div || op == IR_BIN_floordiv || op == IR_BIN_mod || op == IR_BIN_truediv))
        return true;
    return (op == IR_BIN_max || op == IR_BIN_min) && s->ops[0]->u.val.f == 0 && b->u.val.f == 0;
}

static void snapshot(unsigned char *out[NFOLD_TYPES])
{
    for (int i = 0; i < NFOLD_TYPES; i++) {
        memcpy(out[i], fold_out[i]->tree->buffer, fold_out[i]->tree->size);
        memset(fold_out[i]->tree->buffer, 0, fold_out[i]->tree->size);
    }
}

static void test_const_fold_matches_backend(void)
{
    unsigned char *runtime[NFOLD_TYPES], *folded[NFOLD_TYPES];
    for (int i = 0; i < NFOLD_TYPES; i++) {
        runtime[i] = malloc(fold_out[i]->tree->size);
        folded[i] = malloc(fold_out[i]->tree->size);
    }
    for (int ti = 0; ti < NFOLD_TYPES; ti++) {
        IrType t = fold_types[ti];
        IrKernel *computed = fold_kernel(t, false), *constant = fold_kernel(t, true);
        ir_pass_const_fold(constant);
        CHECK(verifies(constant));
        for (IrStmt *s = constant->root->first->blocks[IR_BODY]->first; s; s = s->next) {
            bool ok = left_alone(s);
            if (!ok) fprintf(stderr, "const_fold left $%d (%s) on %s\n", s->id, ir_kind_name(s->kind), ir_type_name(t));
            CHECK(ok);
        }
        JitKernel *jc = compile(computed), *jf = compile(constant);
        CHECK(jc && jf);
        if (jc && jf) {
            for (int v = 0; v < NFOLD_VALUES; v++) {
                int64_t idx = v;
                IrConst c = fold_value(t, v);
                if (ir_type_is_float(t))
                    ir_snode_store_float(t, ir_snode_address(fold_in[ti], &idx), c.f);
                else
                    ir_snode_store_int(t, ir_snode_address(fold_in[ti], &idx), c.u);
            }
            launch(jc, NULL, 0);
            snapshot(runtime);
            launch(jf, NULL, 0);
            snapshot(folded);
            for (int u = 0; u < NFOLD_TYPES; u++) {
                int bytes = ir_type_bits(fold_types[u]) / 8;
                for (int e = 0; e < FOLD_OUT; e++) {
                    const unsigned char *r = runtime[u] + e * bytes, *g = folded[u] + e * bytes;
                    bool same = memcmp(r, g, (size_t)bytes) == 0;
                    if (!same && ir_type_is_float(fold_types[u]))
                        same = isnan(ir_snode_load_float(fold_types[u], r)) && isnan(ir_snode_load_float(fold_types[u], g));
                    if (!same)
                        fprintf(stderr, "const_fold on %s: %s (result %s #%d) differs from the backend\n",
                                ir_type_name(t), fold_desc[u][e], ir_type_name(fold_types[u]), e);
                    CHECK(same);
                }
            }
        }
        jit_kernel_free(jc);
        jit_kernel_free(jf);
        ir_kernel_free(computed);
        ir_kernel_free(constant);
    }
    for (int i = 0; i < NFOLD_TYPES; i++) {
        free(runtime[i]);
        free(folded[i]);
    }
}

/* ---- the other passes, one kernel each, checked by their text */

static IrStmt *serial_body(IrKernel *k)
{
    IrStmt *t = ir_offloaded(k, IR_TASK_serial);
    ir_enter(k, t->blocks[IR_BODY]);
    return t;
}

/* def tc(a: i32, b: f32, c: i64) -> i32, built with no casts at all. */
static void test_type_check(void)
{
    IrKernel *k = ir_kernel_new("tc", (IrType[]){IR_I32, IR_F32, IR_I64}, 3, (IrType[]){IR_I32}, 1);
    IrStmt *a = ir_arg_load(k, 0), *b = ir_arg_load(k, 1), *c = ir_arg_load(k, 2);
    IrStmt *x = ir_binary(k, IR_BIN_add, a, b);           /* a -> f32 */
    IrStmt *v = ir_alloca(k, IR_F64);
    ir_local_store(k, v, x);                               /* x -> f64 */
    ir_binary(k, IR_BIN_bit_shl, a, c);                    /* c -> i32: a shift keeps a's type */
    ir_binary(k, IR_BIN_truediv, a, a);                    /* both -> f32 */
    ir_unary(k, IR_UN_sqrt, a);                            /* a -> f32 */
    ir_binary(k, IR_BIN_cmp_lt, a, c);                     /* a -> i64, the result i32 */
    IrStmt *branch = ir_if(k, c);                          /* c != 0 */
    ir_enter(k, branch->blocks[IR_THEN]);
    ir_return(k, &x, 1);                                   /* x -> i32 */
    char err[256];
    CHECK(!ir_verify(k, err, sizeof err));   /* i32 + f32 */
    CHECK(pass_ok(k, ir_pass_type_check));
    CHECK(prints_as(k,
        "kernel {\n"
        "  <i32> $0 = argload[0]\n"
        "  <f32> $1 = argload[1]\n"
        "  <i64> $2 = argload[2]\n"
        "  <f32> $3 = cast_value<f32> $0\n"
        "  <f32> $4 = add $3 $1\n"
        "  <*f64> $5 = alloca\n"
        "  <f64> $6 = cast_value<f64> $4\n"
        "  $7 : local store [$5 <- $6]\n"
        "  <i32> $8 = cast_value<i32> $2\n"
        "  <i32> $9 = bit_shl $0 $8\n"
        "  <f32> $10 = cast_value<f32> $0\n"
        "  <f32> $11 = cast_value<f32> $0\n"
        "  <f32> $12 = truediv $10 $11\n"
        "  <f32> $13 = cast_value<f32> $0\n"
        "  <f32> $14 = sqrt $13\n"
        "  <i64> $15 = cast_value<i64> $0\n"
        "  <u1> $16 = cmp_lt $15 $2\n"
        "  <i64> $17 = const [0]\n"
        "  <u1> $18 = cmp_ne $2 $17\n"
        "  $19 : if $18 {\n"
        "    <i32> $20 = cast_value<i32> $4\n"
        "    $21 : return $20\n"
        "  }\n"
        "}\n"));
    CHECK(!ir_pass_type_check(k));   /* nothing left to do */
    ir_kernel_free(k);
}

static void test_const_fold_text(void)
{
    IrKernel *k = ir_kernel_new("cf", (IrType[]){IR_I32}, 1, NULL, 0);
    serial_body(k);
    IrStmt *seven = c32(k, 7), *minus2 = c32(k, -2), *zero = c32(k, 0);
    IrStmt *q = ir_binary(k, IR_BIN_floordiv, seven, minus2);      /* -4 */
    IrStmt *r = ir_binary(k, IR_BIN_mod, seven, minus2);           /* -1 */
    IrStmt *sum = ir_binary(k, IR_BIN_add, q, r);                  /* folds in turn: -5 */
    IrStmt *big = ir_const_u(k, IR_U8, 250);
    IrStmt *wrap = ir_binary(k, IR_BIN_add, big, ir_const_u(k, IR_U8, 10));   /* 4 */
    IrStmt *f = ir_cast(k, IR_UN_cast_value, IR_F32, sum);        /* -5.0 */
    IrStmt *half = ir_binary(k, IR_BIN_truediv, f, ir_const_f(k, IR_F32, 2));  /* -2.5 */
    IrStmt *back = ir_cast(k, IR_UN_cast_value, IR_I32, half);    /* -2 */
    IrStmt *lt = ir_binary(k, IR_BIN_cmp_lt, back, zero);         /* 1 */
    IrStmt *by0 = ir_binary(k, IR_BIN_div, seven, zero);          /* stays */
    IrStmt *arg = ir_binary(k, IR_BIN_add, ir_arg_load(k, 0), seven);  /* stays */
    IrPrintArg out[] = {{.value = wrap}, {.value = lt}, {.value = by0}, {.value = arg}};
    ir_print_stmt(k, out, 4);
    CHECK(pass_ok(k, ir_pass_const_fold));
    CHECK(prints_as(k,
        "kernel {\n"
        "  $0 = offloaded serial\n"
        "  body {\n"
        "    <i32> $1 = const [7]\n"
        "    <i32> $2 = const [-2]\n"
        "    <i32> $3 = const [0]\n"
        "    <i32> $4 = const [-4]\n"
        "    <i32> $5 = const [-1]\n"
        "    <i32> $6 = const [-5]\n"
        "    <u8> $7 = const [250]\n"
        "    <u8> $8 = const [10]\n"
        "    <u8> $9 = const [4]\n"
        "    <f32> $10 = const [-5]\n"
        "    <f32> $11 = const [2]\n"
        "    <f32> $12 = const [-2.5]\n"
        "    <i32> $13 = const [-2]\n"
        "    <u1> $14 = const [1]\n"
        "    <i32> $15 = div $1 $3\n"
        "    <i32> $16 = argload[0]\n"
        "    <i32> $17 = add $16 $1\n"
        "    print $9, $14, $15, $17\n"
        "  }\n"
        "}\n"));
    ir_kernel_free(k);
}

static void test_alg_simp(void)
{
    IrKernel *k = ir_kernel_new("as", (IrType[]){IR_I32, IR_F32}, 2, NULL, 0);
    serial_body(k);
    IrStmt *x = ir_arg_load(k, 0), *y = ir_arg_load(k, 1);
    IrStmt *zero = c32(k, 0), *one = c32(k, 1);
    IrStmt *fzero = ir_const_f(k, IR_F32, 0), *fone = ir_const_f(k, IR_F32, 1);
    IrStmt *fminus0 = ir_const_f(k, IR_F32, -0.0);
    IrStmt *v[] = {
        ir_binary(k, IR_BIN_add, x, zero),      /* x */
        ir_binary(k, IR_BIN_mul, one, x),       /* x */
        ir_binary(k, IR_BIN_mul, x, zero),      /* 0 */
        ir_binary(k, IR_BIN_sub, x, x),         /* 0 */
        ir_binary(k, IR_BIN_bit_and, x, x),     /* x */
        ir_binary(k, IR_BIN_bit_or, x, zero),   /* x */
        ir_binary(k, IR_BIN_bit_shl, x, zero),  /* x */
        ir_cast(k, IR_UN_cast_value, IR_I32, x),/* x */
        ir_select(k, one, x, zero),             /* x */
        ir_binary(k, IR_BIN_add, y, fzero),     /* stays: -0.0 + 0.0 is 0.0 */
        ir_binary(k, IR_BIN_mul, y, fone),      /* y */
        ir_binary(k, IR_BIN_sub, y, y),         /* stays: inf - inf is nan */
        ir_binary(k, IR_BIN_sub, y, fminus0),   /* stays: -0.0 - -0.0 is 0.0 */
    };
    IrPrintArg out[13];
    for (int i = 0; i < 13; i++) out[i] = (IrPrintArg){.value = v[i]};
    ir_print_stmt(k, out, 13);
    IrStmt *taken = ir_if(k, one);
    IrCursor after = ir_enter(k, taken->blocks[IR_THEN]);
    IrStmt *inside = ir_binary(k, IR_BIN_add, x, one);
    IrPrintArg in[] = {{.value = inside}};
    ir_print_stmt(k, in, 1);
    ir_enter(k, taken->blocks[IR_ELSE]);
    ir_print_stmt(k, (IrPrintArg[]){{.str = "never", .len = 5}}, 1);
    ir_leave(k, after);
    CHECK(pass_ok(k, ir_pass_alg_simp));
    CHECK(prints_as(k,
        "kernel {\n"
        "  $0 = offloaded serial\n"
        "  body {\n"
        "    <i32> $1 = argload[0]\n"
        "    <f32> $2 = argload[1]\n"
        "    <i32> $3 = const [0]\n"
        "    <i32> $4 = const [1]\n"
        "    <f32> $5 = const [0]\n"
        "    <f32> $6 = const [1]\n"
        "    <f32> $7 = const [-0]\n"
        "    <i32> $8 = const [0]\n"
        "    <i32> $9 = const [0]\n"
        "    <f32> $10 = add $2 $5\n"
        "    <f32> $11 = sub $2 $2\n"
        "    <f32> $12 = sub $2 $7\n"
        "    print $1, $1, $8, $9, $1, $1, $1, $1, $1, $10, $2, $11, $12\n"
        "    <i32> $14 = add $1 $4\n"
        "    print $14\n"
        "  }\n"
        "}\n"));
    ir_kernel_free(k);
}

static void test_cse(void)
{
    IrKernel *k = ir_kernel_new("cse", (IrType[]){IR_I32}, 1, NULL, 0);
    serial_body(k);
    IrStmt *x = ir_arg_load(k, 0), *x2 = ir_arg_load(k, 0);
    IrStmt *one = c32(k, 1), *one2 = c32(k, 1);
    IrStmt *a = ir_binary(k, IR_BIN_add, x, one);
    IrStmt *b = ir_binary(k, IR_BIN_add, one2, x2);           /* commutes: same as a */
    IrStmt *p = at(k, ser_out, one);
    IrStmt *l1 = ir_global_load(k, p);
    IrStmt *l2 = ir_global_load(k, at(k, ser_out, one2));      /* the pointer merges, the load not */
    IrStmt *branch = ir_if(k, a);
    IrCursor after = ir_enter(k, branch->blocks[IR_THEN]);
    IrStmt *c = ir_binary(k, IR_BIN_add, x, one);               /* dominated by a */
    IrStmt *d = ir_binary(k, IR_BIN_sub, x, one);
    ir_print_stmt(k, (IrPrintArg[]){{.value = c}, {.value = d}}, 2);
    ir_enter(k, branch->blocks[IR_ELSE]);
    IrStmt *e = ir_binary(k, IR_BIN_sub, x, one);               /* d is in a sibling block */
    ir_print_stmt(k, (IrPrintArg[]){{.value = e}}, 1);
    ir_leave(k, after);
    ir_print_stmt(k, (IrPrintArg[]){{.value = b}, {.value = l1}, {.value = l2}}, 3);
    CHECK(pass_ok(k, ir_pass_cse));
    CHECK(prints_as(k,
        "kernel {\n"
        "  $0 = offloaded serial\n"
        "  body {\n"
        "    <i32> $1 = argload[0]\n"
        "    <i32> $2 = const [1]\n"
        "    <i32> $3 = add $1 $2\n"
        "    <*i32> $4 = global ptr [S12place<i32>], index [$2] activate=true\n"
        "    <i32> $5 = global load $4\n"
        "    <i32> $6 = global load $4\n"
        "    $7 : if $3 {\n"
        "      <i32> $8 = sub $1 $2\n"
        "      print $3, $8\n"
        "    } else {\n"
        "      <i32> $10 = sub $1 $2\n"
        "      print $10\n"
        "    }\n"
        "    print $3, $5, $6\n"
        "  }\n"
        "}\n"));
    ir_kernel_free(k);
}

static void test_die(void)
{
    IrKernel *k = ir_kernel_new("die", (IrType[]){IR_I32}, 1, NULL, 0);
    serial_body(k);
    IrStmt *x = ir_arg_load(k, 0);
    IrStmt *unused = ir_binary(k, IR_BIN_mul, x, c32(k, 3));
    ir_binary(k, IR_BIN_add, unused, c32(k, 4));               /* a dead chain */
    IrStmt *only_stored = ir_alloca(k, IR_I32);
    ir_local_store(k, only_stored, ir_binary(k, IR_BIN_sub, x, c32(k, 5)));
    IrStmt *kept = ir_alloca(k, IR_I32);
    ir_local_store(k, kept, x);
    IrStmt *branch = ir_if(k, x);                              /* empty after its load goes */
    IrCursor after = ir_enter(k, branch->blocks[IR_THEN]);
    ir_global_load(k, at(k, ser_out, c32(k, 0)));
    ir_leave(k, after);
    ir_atomic(k, IR_ATOMIC_add, at(k, ser_out, c32(k, 0)), x);   /* a side effect stays */
    ir_print_stmt(k, (IrPrintArg[]){{.value = ir_local_load(k, kept)}}, 1);
    ir_enter(k, k->root);
    serial_body(k);                                           /* an empty task goes */
    CHECK(pass_ok(k, ir_pass_die));
    CHECK(prints_as(k,
        "kernel {\n"
        "  $0 = offloaded serial\n"
        "  body {\n"
        "    <i32> $1 = argload[0]\n"
        "    <*i32> $2 = alloca\n"
        "    $3 : local store [$2 <- $1]\n"
        "    <i32> $4 = const [0]\n"
        "    <*i32> $5 = global ptr [S12place<i32>], index [$4] activate=true\n"
        "    <i32> $6 = atomic add($5, $1)\n"
        "    <i32> $7 = local load [$2]\n"
        "    print $7\n"
        "  }\n"
        "}\n"));
    ir_kernel_free(k);
}

static void test_mem2reg(void)
{
    IrKernel *k = ir_kernel_new("m2r", (IrType[]){IR_I32}, 1, NULL, 0);
    serial_body(k);
    IrStmt *x = ir_arg_load(k, 0);
    IrStmt *a = ir_alloca(k, IR_I32), *b = ir_alloca(k, IR_I32), *c = ir_alloca(k, IR_I32);
    ir_local_store(k, a, c32(k, 1));                       /* overwritten unread: goes */
    ir_local_store(k, a, x);
    ir_local_store(k, b, x);
    IrStmt *a1 = ir_local_load(k, a);                      /* x */
    ir_local_store(k, c, a1);
    IrStmt *branch = ir_if(k, a1);
    IrCursor after = ir_enter(k, branch->blocks[IR_THEN]);
    IrStmt *in_if = ir_local_load(k, a);                   /* x: the if inherits */
    ir_local_store(k, b, in_if);                           /* b unknown after the if */
    ir_leave(k, after);
    IrStmt *loop = ir_range_for(k, c32(k, 0), x);
    after = ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *a2 = ir_local_load(k, a);                      /* x: the loop never writes a */
    IrStmt *c1 = ir_local_load(k, c);                      /* stays: the loop writes c */
    ir_local_store(k, c, ir_binary(k, IR_BIN_add, c1, a2));
    ir_leave(k, after);
    IrStmt *b1 = ir_local_load(k, b), *c2 = ir_local_load(k, c), *a3 = ir_local_load(k, a);
    ir_print_stmt(k, (IrPrintArg[]){{.value = b1}, {.value = c2}, {.value = a3}}, 3);
    CHECK(pass_ok(k, ir_pass_mem2reg));
    CHECK(prints_as(k,
        "kernel {\n"
        "  $0 = offloaded serial\n"
        "  body {\n"
        "    <i32> $1 = argload[0]\n"
        "    <*i32> $2 = alloca\n"
        "    <*i32> $3 = alloca\n"
        "    <i32> $4 = const [1]\n"
        "    $5 : local store [$2 <- $1]\n"
        "    $6 : local store [$3 <- $1]\n"
        "    $7 : if $1 {\n"
        "      $8 : local store [$2 <- $1]\n"
        "    }\n"
        "    <i32> $9 = const [0]\n"
        "    $10 : for in range($9, $1) block_dim=adaptive {\n"
        "      <i32> $11 = local load [$3]\n"
        "      <i32> $12 = add $11 $1\n"
        "      $13 : local store [$3 <- $12]\n"
        "    }\n"
        "    <i32> $14 = local load [$2]\n"
        "    <i32> $15 = local load [$3]\n"
        "    print $14, $15, $1\n"
        "  }\n"
        "}\n"));
    ir_kernel_free(k);

    /* A store before a break must stay; a while loop that writes the
     * variable hides its value from the loads inside it; an atomic hides it
     * after. */
    k = ir_kernel_new("m2r_loops", (IrType[]){IR_I32}, 1, NULL, 0);
    serial_body(k);
    x = ir_arg_load(k, 0);
    a = ir_alloca(k, IR_I32);
    ir_local_store(k, a, x);
    IrStmt *w = ir_while(k);
    after = ir_enter(k, w->blocks[IR_BODY]);
    IrStmt *cur = ir_local_load(k, a);
    ir_while_control(k, cur);
    ir_local_store(k, a, ir_binary(k, IR_BIN_sub, cur, c32(k, 1)));
    IrStmt *stop = ir_if(k, ir_binary(k, IR_BIN_cmp_eq, cur, c32(k, 5)));
    IrCursor in_while = ir_enter(k, stop->blocks[IR_THEN]);
    ir_break(k, w);
    ir_leave(k, in_while);
    ir_local_store(k, a, ir_binary(k, IR_BIN_sub, cur, c32(k, 2)));
    ir_leave(k, after);
    ir_atomic(k, IR_ATOMIC_add, a, x);
    ir_print_stmt(k, (IrPrintArg[]){{.value = ir_local_load(k, a)}}, 1);
    CHECK(pass_ok(k, ir_pass_mem2reg));
    CHECK(prints_as(k,
        "kernel {\n"
        "  $0 = offloaded serial\n"
        "  body {\n"
        "    <i32> $1 = argload[0]\n"
        "    <*i32> $2 = alloca\n"
        "    $3 : local store [$2 <- $1]\n"
        "    $4 : while true {\n"
        "      <i32> $5 = local load [$2]\n"
        "      $6 : while control $5\n"
        "      <i32> $7 = const [1]\n"
        "      <i32> $8 = sub $5 $7\n"
        "      $9 : local store [$2 <- $8]\n"
        "      <i32> $10 = const [5]\n"
        "      <u1> $11 = cmp_eq $5 $10\n"
        "      $12 : if $11 {\n"
        "        $13 break (scope=$4)\n"
        "      }\n"
        "      <i32> $14 = const [2]\n"
        "      <i32> $15 = sub $5 $14\n"
        "      $16 : local store [$2 <- $15]\n"
        "    }\n"
        "    <i32> $17 = atomic add($2, $1)\n"
        "    <i32> $18 = local load [$2]\n"
        "    print $18\n"
        "  }\n"
        "}\n"));
    ir_kernel_free(k);
}

static void test_licm(void)
{
    IrKernel *k = ir_kernel_new("licm", (IrType[]){IR_I32, IR_I32}, 2, NULL, 0);
    IrStmt *task = ir_offloaded(k, IR_TASK_range_for);
    task->u.task.const_begin = task->u.task.const_end = true;
    task->u.task.end_value = 8;
    ir_enter(k, task->blocks[IR_BODY]);
    IrStmt *i = ir_loop_index(k, task, 0);
    IrStmt *n = ir_arg_load(k, 0), *d = ir_arg_load(k, 1);
    IrStmt *outer = ir_range_for(k, c32(k, 0), n);
    IrCursor after = ir_enter(k, outer->blocks[IR_BODY]);
    IrStmt *j = ir_loop_index(k, outer, 0);
    IrStmt *inner = ir_range_for(k, c32(k, 0), n);
    ir_enter(k, inner->blocks[IR_BODY]);
    IrStmt *inv = ir_binary(k, IR_BIN_mul, i, c32(k, 10));     /* leaves both loops */
    IrStmt *half = ir_binary(k, IR_BIN_add, j, inv);            /* leaves the inner one */
    IrStmt *div = ir_binary(k, IR_BIN_div, i, d);               /* may trap: stays */
    IrStmt *l = ir_loop_index(k, inner, 0);                     /* varies */
    IrStmt *ld = ir_global_load(k, at(k, ser_out, c32(k, 0)));  /* not pure: stays */
    ir_print_stmt(k, (IrPrintArg[]){{.value = half}, {.value = div}, {.value = l}, {.value = ld}}, 4);
    ir_leave(k, after);
    CHECK(pass_ok(k, ir_pass_licm));
    CHECK(prints_as(k,
        "kernel {\n"
        "  $0 = offloaded range_for(0, 8) grid_dim=0 block_dim=0\n"
        "  body {\n"
        "    <i32> $1 = loop $0 index 0\n"
        "    <i32> $2 = argload[0]\n"
        "    <i32> $3 = argload[1]\n"
        "    <i32> $4 = const [0]\n"
        "    <i32> $5 = const [0]\n"
        "    <i32> $6 = const [10]\n"
        "    <i32> $7 = mul $1 $6\n"
        "    <i32> $8 = const [0]\n"
        "    <*i32> $9 = global ptr [S12place<i32>], index [$8] activate=true\n"
        "    $10 : for in range($4, $2) block_dim=adaptive {\n"
        "      <i32> $11 = loop $10 index 0\n"
        "      <i32> $12 = add $11 $7\n"
        "      $13 : for in range($5, $2) block_dim=adaptive {\n"
        "        <i32> $14 = div $1 $3\n"
        "        <i32> $15 = loop $13 index 0\n"
        "        <i32> $16 = global load $9\n"
        "        print $12, $14, $15, $16\n"
        "      }\n"
        "    }\n"
        "  }\n"
        "}\n"));
    ir_kernel_free(k);
}

static void test_demote_atomics(void)
{
    /* Before offloading a top-level variable updated by a parallel loop
     * stays atomic; one private to the loop body does not. */
    IrKernel *k = ir_kernel_new("demote", NULL, 0, NULL, 0);
    IrStmt *s = ir_alloca(k, IR_F32);
    ir_local_store(k, s, ir_const_f(k, IR_F32, 0));
    IrStmt *zero = c32(k, 0);
    IrStmt *loop = ir_range_for(k, zero, c32(k, 4));
    ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *t = ir_alloca(k, IR_I32);
    ir_local_store(k, t, c32(k, 1));
    IrStmt *old = ir_atomic(k, IR_ATOMIC_max, t, ir_loop_index(k, loop, 0));
    ir_atomic(k, IR_ATOMIC_add, s, ir_cast(k, IR_UN_cast_value, IR_F32, old));
    CHECK(pass_ok(k, ir_pass_demote_atomics));
    CHECK(prints_as(k,
        "kernel {\n"
        "  <*f32> $0 = alloca\n"
        "  <f32> $1 = const [0]\n"
        "  $2 : local store [$0 <- $1]\n"
        "  <i32> $3 = const [0]\n"
        "  <i32> $4 = const [4]\n"
        "  $5 : for in range($3, $4) block_dim=adaptive {\n"
        "    <*i32> $6 = alloca\n"
        "    <i32> $7 = const [1]\n"
        "    $8 : local store [$6 <- $7]\n"
        "    <i32> $9 = loop $5 index 0\n"
        "    <i32> $10 = local load [$6]\n"
        "    <i32> $11 = max $10 $9\n"
        "    $12 : local store [$6 <- $11]\n"
        "    <f32> $13 = cast_value<f32> $10\n"
        "    <f32> $14 = atomic add($0, $13)\n"
        "  }\n"
        "}\n"));
    ir_kernel_free(k);
}

/* The whole pipeline on the reduction: the text a user's print_ir shows. */
static void test_pipeline_text(void)
{
    IrKernel *k = build_sum();
    char err[256];
    CHECK(ir_run_passes(k, &(IrPassOptions){.optimize = true, .default_block_dim = 32}, err, sizeof err));
    CHECK(prints_as(k,
        "kernel {\n"
        "  $0 = offloaded serial\n"
        "  body {\n"
        "    <*f32> $1 = global tmp var (offset = 0 B)\n"
        "    <f32> $2 = const [0]\n"
        "    $3 : global store [$1 <- $2]\n"
        "    <i32> $4 = argload[0]\n"
        "    <*i32> $5 = global tmp var (offset = 8 B)\n"
        "    $6 : global store [$5 <- $4]\n"
        "  }\n"
        "  $7 = offloaded range_for(0, tmp(offset=8B)) grid_dim=0 block_dim=32\n"
        "  body {\n"
        "    <*f32> $8 = global tmp var (offset = 0 B)\n"
        "    <i32> $9 = loop $7 index 0\n"
        "    <*f32> $10 = global ptr [S2place<f32>], index [$9] activate=true\n"
        "    <f32> $11 = global load $10\n"
        "    <f32> $12 = atomic add($8, $11)\n"
        "  }\n"
        "  $13 = offloaded serial\n"
        "  body {\n"
        "    <*f32> $14 = global tmp var (offset = 0 B)\n"
        "    <f32> $15 = global load $14\n"
        "    $16 : return $15\n"
        "  }\n"
        "}\n"));
    ir_kernel_free(k);

    /* A verifier failure comes back as a message naming the pass. */
    k = ir_kernel_new("broken", NULL, 0, NULL, 0);
    IrStmt *v = ir_alloca(k, IR_I32);
    ir_local_store(k, v, ir_const_f(k, IR_F64, 1.5));
    ir_binary(k, IR_BIN_bit_and, ir_const_f(k, IR_F32, 1), ir_const_f(k, IR_F32, 2));
    CHECK(!ir_run_passes(k, &(IrPassOptions){.optimize = false, .default_block_dim = 32}, err, sizeof err));
    CHECK(strstr(err, "after pass type_check") != NULL);
    ir_kernel_free(k);
}

/* ---- offload: the IR it leaves */

static void test_offload_reduction_text(void)
{
    IrKernel *k = build_sum();
    CHECK(pass_ok(k, offload));
    CHECK(prints_as(k,
        "kernel {\n"
        "  $0 = offloaded serial\n"
        "  body {\n"
        "    <*f32> $1 = global tmp var (offset = 0 B)\n"
        "    <f32> $2 = const [0]\n"
        "    $3 : global store [$1 <- $2]\n"
        "    <i32> $4 = const [0]\n"
        "    <i32> $5 = argload[0]\n"
        "    <*i32> $6 = global tmp var (offset = 8 B)\n"
        "    $7 : global store [$6 <- $5]\n"
        "  }\n"
        "  $8 = offloaded range_for(0, tmp(offset=8B)) grid_dim=0 block_dim=32\n"
        "  body {\n"
        "    <*f32> $9 = global tmp var (offset = 0 B)\n"
        "    <i32> $10 = loop $8 index 0\n"
        "    <*f32> $11 = global ptr [S2place<f32>], index [$10] activate=true\n"
        "    <f32> $12 = global load $11\n"
        "    <f32> $13 = atomic add($9, $12)\n"
        "  }\n"
        "  $14 = offloaded serial\n"
        "  body {\n"
        "    <*f32> $15 = global tmp var (offset = 0 B)\n"
        "    <f32> $16 = global load $15\n"
        "    $17 : return $16\n"
        "  }\n"
        "}\n"));
    ir_kernel_free(k);
}

static void test_offload_empty_and_private(void)
{
    IrKernel *k = ir_kernel_new("empty", NULL, 0, NULL, 0);
    CHECK(pass_ok(k, offload));
    CHECK(prints_as(k, "kernel {\n  $0 = offloaded serial\n  body {\n  }\n}\n"));
    ir_kernel_free(k);

    /* An alloca only one task uses stays an alloca; a constant crossing into a
     * loop is rebuilt there; a constant bound stays a constant; reversed and
     * block_dim carry over; continue names the task. */
    k = ir_kernel_new("private", NULL, 0, NULL, 0);
    IrStmt *v = ir_alloca(k, IR_I32);
    IrStmt *c = c32(k, 3);
    ir_local_store(k, v, c);
    IrStmt *one = c32(k, 1);
    IrStmt *loop = ir_range_for(k, one, c32(k, 5));
    loop->u.range.reversed = true;
    loop->u.range.block_dim = 64;
    ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *i = ir_loop_index(k, loop, 0);
    IrStmt *skip = ir_if(k, ir_binary(k, IR_BIN_cmp_eq, i, c));
    ir_enter(k, skip->blocks[IR_THEN]);
    ir_continue(k, loop);
    CHECK(pass_ok(k, offload));
    CHECK(prints_as(k,
        "kernel {\n"
        "  $0 = offloaded serial\n"
        "  body {\n"
        "    <*i32> $1 = alloca\n"
        "    <i32> $2 = const [3]\n"
        "    $3 : local store [$1 <- $2]\n"
        "    <i32> $4 = const [1]\n"
        "    <i32> $5 = const [5]\n"
        "  }\n"
        "  $6 = offloaded range_for(1, 5) grid_dim=0 block_dim=64\n"
        "  body {\n"
        "    <i32> $7 = const [3]\n"
        "    <i32> $8 = loop $6 index 0\n"
        "    <u1> $9 = cmp_eq $8 $7\n"
        "    $10 : if $9 {\n"
        "      $11 continue (scope=$6)\n"
        "    }\n"
        "  }\n"
        "}\n"));
    CHECK(k->root->first->next->u.task.reversed);
    ir_kernel_free(k);
}

static const IrSNode grid = {1, "S1dense", 2, IR_VOID};

/* A struct_for becomes a struct_for task; a top-level while keeps its range
 * loop serial; a field pointer with a computed index crossing into a loop is
 * rebuilt there from the index's temporary; a second offload does nothing. */
static void test_offload_shapes(void)
{
    IrKernel *k = ir_kernel_new("shapes", (IrType[]){IR_I32}, 1, NULL, 0);
    IrStmt *n = ir_arg_load(k, 0);
    IrStmt *idx = ir_binary(k, IR_BIN_add, n, n);
    IrStmt *p = at(k, ser_out, idx);
    IrStmt *sf = ir_struct_for(k, &grid);
    IrCursor after = ir_enter(k, sf->blocks[IR_BODY]);
    IrStmt *j = ir_loop_index(k, sf, 1);
    ir_global_store(k, p, j);
    ir_leave(k, after);
    IrStmt *w = ir_while(k);
    after = ir_enter(k, w->blocks[IR_BODY]);
    ir_while_control(k, ir_global_load(k, p));
    IrStmt *zero = c32(k, 0);
    IrStmt *inner = ir_range_for(k, zero, n);
    ir_enter(k, inner->blocks[IR_BODY]);
    ir_global_store(k, p, ir_loop_index(k, inner, 0));
    ir_leave(k, after);
    CHECK(pass_ok(k, offload));
    CHECK(prints_as(k,
        "kernel {\n"
        "  $0 = offloaded serial\n"
        "  body {\n"
        "    <i32> $1 = argload[0]\n"
        "    <*i32> $2 = global tmp var (offset = 8 B)\n"
        "    $3 : global store [$2 <- $1]\n"
        "    <i32> $4 = add $1 $1\n"
        "    <*i32> $5 = global tmp var (offset = 0 B)\n"
        "    $6 : global store [$5 <- $4]\n"
        "    <*i32> $7 = global ptr [S12place<i32>], index [$4] activate=true\n"
        "  }\n"
        "  $8 = offloaded struct_for(S1dense) grid_dim=0 block_dim=32\n"
        "  body {\n"
        "    <*i32> $9 = global tmp var (offset = 0 B)\n"
        "    <i32> $10 = global load $9\n"
        "    <*i32> $11 = global ptr [S12place<i32>], index [$10] activate=true\n"
        "    <i32> $12 = loop $8 index 1\n"
        "    $13 : global store [$11 <- $12]\n"
        "  }\n"
        "  $14 = offloaded serial\n"
        "  body {\n"
        "    <*i32> $15 = global tmp var (offset = 0 B)\n"
        "    <i32> $16 = global load $15\n"
        "    <*i32> $17 = global ptr [S12place<i32>], index [$16] activate=true\n"
        "    <*i32> $18 = global tmp var (offset = 8 B)\n"
        "    <i32> $19 = global load $18\n"
        "    $20 : while true {\n"
        "      <i32> $21 = global load $17\n"
        "      $22 : while control $21\n"
        "      <i32> $23 = const [0]\n"
        "      $24 : for in range($23, $19) block_dim=adaptive {\n"
        "        <i32> $25 = loop $24 index 0\n"
        "        $26 : global store [$17 <- $25]\n"
        "      }\n"
        "    }\n"
        "  }\n"
        "}\n"));
    CHECK(!offload(k));
    CHECK(verifies(k));
    ir_kernel_free(k);
}

/* lower_struct_for: the loop indices come from the flat index by mod / div,
 * the last fastest; a continue follows the loop; a struct_for below the top
 * level becomes a serial range; one over a node that is not dense stays. */
static void test_lower_struct_for(void)
{
    IrKernel *k = build_struct_for();
    IrStmt *sf = ir_struct_for(k, &sf_g->parent->ir);
    sf->u.sfor.block_dim = 64;
    IrCursor after = ir_enter(k, sf->blocks[IR_BODY]);
    ir_continue(k, sf);
    ir_leave(k, after);
    IrStmt *cond = ir_if(k, c32(k, 1));
    ir_enter(k, cond->blocks[IR_THEN]);
    ir_struct_for(k, &sf_g->parent->parent->ir);
    ir_leave(k, after);
    ir_struct_for(k, &sf_g->ir);
    CHECK(pass_ok(k, ir_pass_lower_struct_for));
    CHECK(!cond->prev->u.range.serialize && cond->blocks[IR_THEN]->last->u.range.serialize);
    /* the place node's id depends on how many fields the tests made before */
    char want[2048];
    snprintf(want, sizeof want,
        "kernel {\n"
        "  <i32> $0 = const [0]\n"
        "  <i32> $1 = const [120]\n"
        "  $2 : for in range($0, $1) block_dim=adaptive {\n"
        "    <i32> $3 = loop $2 index 0\n"
        "    <i32> $4 = const [40]\n"
        "    <i32> $5 = mod $3 $4\n"
        "    <i32> $6 = div $3 $4\n"
        "    <i32> $7 = const [100]\n"
        "    <i32> $8 = mul $6 $7\n"
        "    <i32> $9 = add $8 $5\n"
        "    <*i32> $10 = global ptr [S%dplace<i32>], index [$6, $5] activate=true\n"
        "    $11 : global store [$10 <- $9]\n"
        "  }\n"
        "  <i32> $12 = const [0]\n"
        "  <i32> $13 = const [120]\n"
        "  $14 : for in range($12, $13) block_dim=64 {\n"
        "    <i32> $15 = loop $14 index 0\n"
        "    <i32> $16 = const [40]\n"
        "    <i32> $17 = mod $15 $16\n"
        "    <i32> $18 = div $15 $16\n"
        "    $19 continue (scope=$14)\n"
        "  }\n"
        "  <i32> $20 = const [1]\n"
        "  $21 : if $20 {\n"
        "    <i32> $22 = const [0]\n"
        "    <i32> $23 = const [1]\n"
        "    $24 : for in range($22, $23) block_dim=adaptive {\n"
        "      <i32> $25 = loop $24 index 0\n"
        "    }\n"
        "  }\n"
        "  $26 : struct for in S%dplace<i32> block_dim=adaptive {\n"
        "  }\n"
        "}\n", sf_g->ir.id, sf_g->ir.id);
    CHECK(prints_as(k, want));
    CHECK(!ir_pass_lower_struct_for(k));
    ir_kernel_free(k);
}

/* The fields the tests use, made once (the first is S0root, S1dense,
 * S2place<f32>, as the expected IR text says). */
static void make_fields(void)
{
    IrType f32 = IR_F32, i32x2[2] = {IR_I32, IR_I32};
    field_tree(SUM_N, &f32, 1, &sum_x);
    for (int64_t i = 0; i < SUM_N; i++) ir_snode_store_float(IR_F32, ir_snode_address(sum_x, &i), 0.5 * (double)i);
    field_tree(100, i32x2, 2, two_yz);
    field_tree(32, i32x2, 1, &cross_w);
    field_tree(1, i32x2, 1, &ser_out);
    field_tree(16, i32x2, 1, &if_out);
    field_tree(16, i32x2, 1, &ret_out);
    field_tree(LOCALS_M, i32x2, 2, locals_out);
    field_tree(0, i32x2, 1, &locals_total);
    field_tree(16, i32x2, 1, &mixed_out);
    for (int i = 0; i < NFOLD_TYPES; i++) {
        field_tree(NFOLD_VALUES, &fold_types[i], 1, &fold_in[i]);
        field_tree(FOLD_OUT, &fold_types[i], 1, &fold_out[i]);
    }
    const char *err;
    IrSNodeNode *root = ir_snode_tree_new(prog, &err);
    IrSNodeNode *grid = ir_snode_dense(prog, root, 2, (int[]){0, 1}, (int64_t[]){SF_ROWS, SF_COLS}, &err);
    sf_g = ir_snode_place(prog, grid, IR_I32, &err);
    CHECK(test_materialize(root->tree, &err));
    roots[root->tree->id] = root->tree->buffer;
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
    pool = jit_pool_create(0);
    prog = ir_snode_program_new();
    make_fields();
    test_offload_reduction_text();
    test_offload_empty_and_private();
    test_offload_shapes();
    test_lower_struct_for();
    test_type_check();
    test_const_fold_text();
    test_alg_simp();
    test_cse();
    test_die();
    test_mem2reg();
    test_licm();
    test_demote_atomics();
    test_pipeline_text();
    test_run_scenarios();
    test_const_fold_matches_backend();
    test_snodes_free(prog);
    jit_pool_destroy(pool);
    jit_session_destroy(session);
    return check_result();
}

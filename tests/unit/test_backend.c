/* Unit test for the backend seam (backend/backend.h) through the CPU backend's
 * ops alone: open an instance, allocate a tree's buffer, compile small IR
 * kernels built with ir/'s builder, launch them with slots, read the memory
 * back, fill, write, and an assertion's message, on one thread and on all. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "backend/backend.h"
#include "check.h"
#include "ir/snode.h"

static const BkOps *ops = &jit_backend_ops;

static IrStmt *c32(IrKernel *k, int64_t v) { return ir_const_i(k, IR_I32, v); }

/* x[i] = i * a + b for i in [0, n), returns a + b as f32 when b is 0.5 */
static IrKernel *affine(IrSNodeNode *x, int n)
{
    IrKernel *k = ir_kernel_new("affine", (IrType[]){IR_I32, IR_F32}, 2, (IrType[]){IR_F32}, 1);
    ir_enter(k, k->root);
    IrStmt *t = ir_offloaded(k, IR_TASK_range_for);
    t->u.task.const_begin = t->u.task.const_end = true;
    t->u.task.begin_value = 0;
    t->u.task.end_value = n;
    ir_enter(k, t->blocks[IR_BODY]);
    IrStmt *i = ir_loop_index(k, t, 0);
    IrStmt *v = ir_binary(k, IR_BIN_mul, i, ir_arg_load(k, 0));
    IrStmt *f = ir_binary(k, IR_BIN_add, ir_cast(k, IR_UN_cast_value, IR_F32, v), ir_arg_load(k, 1));
    ir_global_store(k, ir_global_ptr(k, &x->ir, &i, 1), f);
    ir_enter(k, k->root);
    IrStmt *s = ir_offloaded(k, IR_TASK_serial);
    ir_enter(k, s->blocks[IR_BODY]);
    IrStmt *r = ir_binary(k, IR_BIN_add, ir_cast(k, IR_UN_cast_value, IR_F32, ir_arg_load(k, 0)), ir_arg_load(k, 1));
    ir_return(k, &r, 1);
    return k;
}

static IrKernel *failing(void)
{
    IrKernel *k = ir_kernel_new("failing", (IrType[]){IR_I32}, 1, NULL, 0);
    ir_enter(k, k->root);
    IrStmt *s = ir_offloaded(k, IR_TASK_serial);
    ir_enter(k, s->blocks[IR_BODY]);
    IrStmt *a = ir_arg_load(k, 0);
    ir_assert(k, ir_binary(k, IR_BIN_cmp_lt, a, c32(k, 3)), "a = %d is too big", &a, 1);
    return k;
}

static void run(int threads)
{
    char err[256];
    BkOptions opt = {.threads = threads, .random_seed = 7};
    BkBackend *b = ops->open(&opt, err, sizeof err);
    CHECK(b != NULL);
    if (!b) return;
    const BkCaps *caps = ops->caps(b);
    CHECK(caps->host_visible && caps->default_block_dim > 0 && caps->has_f64);
    CHECK(!strcmp(caps->arch, "x64") || !strcmp(caps->arch, "arm64"));

    /* a tree: root.dense(ti.i, 100).place(f32) */
    enum { N = 100 };
    const char *serr;
    IrSNodeProgram *prog = ir_snode_program_new();
    IrSNodeNode *root = ir_snode_tree_new(prog, &serr);
    int axis = 0;
    int64_t n = N;
    IrSNodeNode *d = ir_snode_dense(prog, root, 1, &axis, &n, &serr);
    IrSNodeNode *x = ir_snode_place(prog, d, IR_F32, &serr);
    CHECK(ir_snode_materialize(root->tree, &serr));
    BkBuffer *buf = ops->buffer_alloc(b, root->tree->size);
    CHECK(buf != NULL && ops->host_ptr(b, buf) != NULL);
    BkBuffer *trees[1] = {buf};

    IrKernel *k = affine(x, N);
    CHECK(!k->oom);
    BkKernel *bk = ops->compile(b, k);
    if (!bk) fprintf(stderr, "compile: %s\n", ops->message(b));
    CHECK(bk != NULL);
    ir_kernel_free(k);
    BkSlots slots;
    bk_slot_set_int(&slots.args[0], 3);
    bk_slot_set_float(&slots.args[1], IR_F32, 0.5);
    CHECK(bk && ops->launch(b, bk, trees, 1, &slots) == BK_OK);
    CHECK(bk_slot_float(&slots.rets[0], IR_F32) == 3.5);
    float got[N];
    CHECK(ops->read(b, buf, 0, got, sizeof got));
    int bad = 0;
    for (int i = 0; i < N; i++) bad += got[i] != (float)(i * 3) + 0.5f;
    CHECK(bad == 0);
    CHECK(!ops->read(b, buf, 4, got, sizeof got));   /* past the end */

    /* fill every other element, then write one */
    float one = 1.0f, seven = 7.0f;
    CHECK(ops->fill(b, buf, 4, 8, N / 2, &one, sizeof one));
    CHECK(ops->write(b, buf, 0, &seven, sizeof seven));
    CHECK(ops->sync(b));
    const float *host = ops->host_ptr(b, buf);
    CHECK(host[0] == 7.0f && host[1] == 1.0f && host[2] == 6.5f && host[99] == 1.0f);
    CHECK(!ops->fill(b, buf, 4, 8, N / 2 + 1, &one, sizeof one));

    k = failing();
    BkKernel *fk = ops->compile(b, k);
    ir_kernel_free(k);
    CHECK(fk != NULL);
    bk_slot_set_int(&slots.args[0], 2);
    CHECK(fk && ops->launch(b, fk, trees, 1, &slots) == BK_OK);
    bk_slot_set_int(&slots.args[0], 5);
    CHECK(fk && ops->launch(b, fk, trees, 1, &slots) == BK_ASSERTION);
    CHECK(strstr(ops->message(b), "a = 5 is too big") != NULL);

    ops->kernel_free(b, fk);
    ops->kernel_free(b, bk);
    ops->buffer_free(b, buf);
    ir_snode_program_free(prog);
    ops->close(b);
}

int main(void)
{
    bk_slot_set_float((uint64_t[]){0}, IR_F16, 1.0);
    uint64_t s;
    bk_slot_set_float(&s, IR_F64, -2.25);
    CHECK(bk_slot_float(&s, IR_F64) == -2.25);
    bk_slot_set_int(&s, -5);
    CHECK(bk_slot_int(&s) == -5);
    run(1);
    run(0);
    return check_result();
}

/* Unit test for ir/snode.c: ids and names, shapes and virtual indices,
 * layouts (row- and column-major, several places per cell, alignment,
 * nesting), the zero-filled 64-byte-aligned buffer, and conversions. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "ir/snode.h"
#include "snode_mem.h"

static const int I = 0, J = 1;

/* root.dense(ti.ij, (3, 5)).place(x): row-major, x[i, j] at (i * 5 + j) * 4 */
static void test_row_major(void)
{
    IrSNodeProgram *p = ir_snode_program_new();
    const char *err;
    IrSNodeNode *root = ir_snode_tree_new(p, &err);
    int axes[2] = {I, J};
    int64_t ext[2] = {3, 5};
    IrSNodeNode *d = ir_snode_dense(p, root, 2, axes, ext, &err);
    IrSNodeNode *x = ir_snode_place(p, d, IR_I32, &err);
    CHECK(root && d && x);
    CHECK(strcmp(root->ir.name, "S0root") == 0 && strcmp(d->ir.name, "S1dense") == 0);
    CHECK(strcmp(x->ir.name, "S2place<i32>") == 0 && x->ir.num_indices == 2 && x->ir.dtype == IR_I32);
    CHECK(ir_snode_lookup(p, 2) == x && ir_snode_lookup(p, 3) == NULL);
    CHECK(test_materialize(root->tree, &err));
    CHECK(((uintptr_t)root->tree->buffer & 63) == 0 && root->tree->size == 60);
    CHECK(d->cell_size == 4 && d->container_size == 60 && d->num_cells == 15);
    int64_t idx[2] = {2, 3};
    CHECK(ir_snode_offset_of(x, idx) == (2 * 5 + 3) * 4);
    CHECK(ir_snode_in_bounds(x, idx));
    idx[1] = 5;
    CHECK(!ir_snode_in_bounds(x, idx));
    idx[1] = -1;
    CHECK(!ir_snode_in_bounds(x, idx));
    /* the tree is closed: no more children */
    CHECK(ir_snode_place(p, d, IR_F32, &err) == NULL);
    /* a second tree continues the ids */
    IrSNodeNode *r2 = ir_snode_tree_new(p, &err);
    CHECK(r2 && r2->ir.id == 3 && r2->tree->id == 1);
    test_snodes_free(p);
}

/* root.dense(ti.j, 5).dense(ti.i, 3).place(x): column-major, x[i, j] at
 * (j * 3 + i) * 4; and ti.axes(1, 0) in one node stays row-major */
static void test_column_major(void)
{
    IrSNodeProgram *p = ir_snode_program_new();
    const char *err;
    IrSNodeNode *root = ir_snode_tree_new(p, &err);
    int aj = J, ai = I;
    int64_t e5 = 5, e3 = 3;
    IrSNodeNode *dj = ir_snode_dense(p, root, 1, &aj, &e5, &err);
    IrSNodeNode *di = ir_snode_dense(p, dj, 1, &ai, &e3, &err);
    IrSNodeNode *x = ir_snode_place(p, di, IR_F32, &err);
    int ji[2] = {J, I};
    int64_t ext[2] = {5, 3};
    IrSNodeNode *d2 = ir_snode_dense(p, root, 2, ji, ext, &err);
    IrSNodeNode *y = ir_snode_place(p, d2, IR_F32, &err);
    CHECK(x && y && x->ir.num_indices == 2);
    CHECK(x->shape[I] == 3 && x->shape[J] == 5 && x->physical_index_position[0] == I);
    CHECK(test_materialize(root->tree, &err));
    CHECK(x->num_levels == 2 && x->levels[0].axes[0] == J && x->levels[1].axes[0] == I);
    CHECK(dj->offset == 0 && d2->offset == 60);
    for (int64_t i = 0; i < 3; i++)
        for (int64_t j = 0; j < 5; j++) {
            int64_t idx[2] = {i, j};
            CHECK(ir_snode_offset_of(x, idx) == (size_t)(j * 3 + i) * 4);
            CHECK(ir_snode_offset_of(y, idx) == 60 + (size_t)(i * 5 + j) * 4);
        }
    test_snodes_free(p);
}

/* root.dense(ti.i, 4).dense(ti.i, 2).place(a, b) with a: u8, b: f64; and a
 * sibling place of i16 under the outer node: cells padded for alignment. */
static void test_nesting_and_alignment(void)
{
    IrSNodeProgram *p = ir_snode_program_new();
    const char *err;
    IrSNodeNode *root = ir_snode_tree_new(p, &err);
    int ai = I;
    int64_t e4 = 4, e2 = 2;
    IrSNodeNode *outer = ir_snode_dense(p, root, 1, &ai, &e4, &err);
    IrSNodeNode *inner = ir_snode_dense(p, outer, 1, &ai, &e2, &err);
    IrSNodeNode *a = ir_snode_place(p, inner, IR_U8, &err);
    IrSNodeNode *b = ir_snode_place(p, inner, IR_F64, &err);
    IrSNodeNode *c = ir_snode_place(p, outer, IR_I16, &err);
    CHECK(a && b && c && a->shape[I] == 8 && c->shape[I] == 4);
    CHECK(test_materialize(root->tree, &err));
    CHECK(inner->cell_size == 16 && b->offset == 8 && inner->container_size == 32);
    CHECK(outer->cell_size == 40 && c->offset == 32 && root->tree->size == 160);
    int64_t i5 = 5;                       /* outer cell 2, inner cell 1 */
    CHECK(ir_snode_offset_of(b, &i5) == 2 * 40 + 16 + 8);
    int64_t i3 = 3;
    CHECK(ir_snode_offset_of(c, &i3) == 3 * 40 + 32);
    unsigned char *buf = root->tree->buffer;
    int zero = 1;
    for (size_t n = 0; n < root->tree->size; n++) zero &= buf[n] == 0;
    CHECK(zero);
    test_snodes_free(p);
}

static void test_errors_and_zero_d(void)
{
    IrSNodeProgram *p = ir_snode_program_new();
    const char *err;
    IrSNodeNode *root = ir_snode_tree_new(p, &err);
    int twice[2] = {I, I}, bad = 12;
    int64_t ext[2] = {2, 2}, zero = 0;
    CHECK(!ir_snode_dense(p, root, 2, twice, ext, &err));
    CHECK(!ir_snode_dense(p, root, 1, &bad, ext, &err));
    CHECK(!ir_snode_dense(p, root, 1, twice, &zero, &err));
    IrSNodeNode *empty = ir_snode_dense(p, root, 0, NULL, NULL, &err);
    IrSNodeNode *s = ir_snode_place(p, empty, IR_F16, &err);
    CHECK(s && s->ir.num_indices == 0 && !ir_snode_place(p, s, IR_I32, &err));
    IrSNodeNode *childless = ir_snode_dense(p, root, 1, twice, ext, &err);
    CHECK(childless && !test_materialize(root->tree, &err));
    CHECK(strcmp(err, "dense node must have at least one child.") == 0);
    CHECK(ir_snode_place(p, childless, IR_I8, &err));
    CHECK(test_materialize(root->tree, &err));
    CHECK(ir_snode_offset_of(s, NULL) == 0);
    test_snodes_free(p);
}

static void test_conversions(void)
{
    unsigned char m[8];
    ir_snode_store_int(IR_I32, m, (uint64_t)(INT64_C(1) << 40) + 5);
    CHECK((int64_t)ir_snode_load_bits(IR_I32, m) == 5);
    ir_snode_store_int(IR_U8, m, (uint64_t)-1);
    CHECK(ir_snode_load_bits(IR_U8, m) == 255);
    ir_snode_store_int(IR_I8, m, 200);
    CHECK((int64_t)ir_snode_load_bits(IR_I8, m) == -56);
    ir_snode_store_float(IR_I32, m, -2.9);
    CHECK((int64_t)ir_snode_load_bits(IR_I32, m) == -2);
    ir_snode_store_float(IR_F32, m, 0.1);
    CHECK(ir_snode_load_float(IR_F32, m) == (double)0.1f);
    ir_snode_store_float(IR_F32, m, 1e300);
    CHECK(isinf(ir_snode_load_float(IR_F32, m)));
    ir_snode_store_float(IR_F16, m, 0.1);
    CHECK(ir_snode_load_float(IR_F16, m) == 0.0999755859375);
    CHECK(ir_f16_to_double(ir_f16_from_double(1.0 / 3)) == 0.333251953125);
    CHECK(ir_f16_from_double(65504.0) == 0x7bff && ir_f16_from_double(70000.0) == 0x7c00);
    CHECK(ir_f16_from_double(-0x1p-24) == 0x8001 && ir_f16_from_double(0x1p-14) == 0x0400);
    CHECK(ir_f16_from_double(0x1.ffcp-15) == 0x0400);   /* rounds up into the normals */
    CHECK(isnan(ir_f16_to_double(ir_f16_from_double(NAN))));
}

int main(void)
{
    test_row_major();
    test_column_major();
    test_nesting_and_alignment();
    test_errors_and_zero_d();
    test_conversions();
    return check_result();
}

/* Unit test for ir/: the builder, the print_ir text (internal-design.txt's
 * example, before and after offloading, and every statement kind), the
 * verifier's rejections, and the block surgery passes rely on. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ir/ir.h"

/* Print k and compare with want; on a mismatch show both. */
static bool prints_as(const IrKernel *k, const char *want)
{
    StrBuf b;
    sb_init(&b);
    ir_print(&b, k);
    bool same = !b.oom && strcmp(b.data, want) == 0;
    if (!same) fprintf(stderr, "--- want\n%s--- got\n%s---\n", want, b.data ? b.data : "(null)");
    sb_free(&b);
    return same;
}

static bool verifies(const IrKernel *k)
{
    char err[256];
    bool ok = ir_verify(k, err, sizeof err);
    if (!ok) fprintf(stderr, "verifier: %s\n", err);
    return ok;
}

/* The verifier rejects k with a message containing `needle`. */
static bool rejects(const IrKernel *k, const char *needle)
{
    char err[256];
    if (ir_verify(k, err, sizeof err)) {
        fprintf(stderr, "verifier accepted IR it should reject (%s)\n", needle);
        return false;
    }
    if (!strstr(err, needle)) {
        fprintf(stderr, "verifier said \"%s\", wanted \"%s\"\n", err, needle);
        return false;
    }
    return true;
}

static IrKernel *new_kernel(void) { return ir_kernel_new("foo", NULL, 0, NULL, 0); }

/* for i in range(10): if i < 4: print(i) — the body, given the loop. As
 * Taichi lowers `if i < 4`: the comparison and-ed with 1. */
static void build_seed_body(IrKernel *k, IrStmt *loop)
{
    IrCursor saved = ir_enter(k, loop->blocks[IR_BODY]);
    IrStmt *i = ir_loop_index(k, loop, 0);
    IrStmt *lt = ir_binary(k, IR_BIN_cmp_lt, i, ir_const_i(k, IR_I32, 4));
    IrStmt *cond = ir_binary(k, IR_BIN_bit_and, lt, ir_const_u(k, IR_U1, 1));
    IrStmt *branch = ir_if(k, cond);
    ir_enter(k, branch->blocks[IR_THEN]);
    IrPrintArg args[] = {{.value = i}, {.str = "\n", .len = 1}};
    ir_print_stmt(k, args, 2);
    ir_leave(k, saved);
}

static const char seed_offloaded[] =
    "kernel {\n"
    "  $0 = offloaded range_for(0, 10) grid_dim=0 block_dim=32\n"
    "  body {\n"
    "    <i32> $1 = loop $0 index 0\n"
    "    <i32> $2 = const [4]\n"
    "    <u1> $3 = cmp_lt $1 $2\n"
    "    <u1> $4 = const [1]\n"
    "    <u1> $5 = bit_and $3 $4\n"
    "    $6 : if $5 {\n"
    "      print $1, \"\\n\"\n"
    "    }\n"
    "  }\n"
    "}\n";

static const char seed_frontend[] =
    "kernel {\n"
    "  <i32> $0 = const [0]\n"
    "  <i32> $1 = const [10]\n"
    "  $2 : for in range($0, $1) block_dim=adaptive {\n"
    "    <i32> $3 = loop $2 index 0\n"
    "    <i32> $4 = const [4]\n"
    "    <u1> $5 = cmp_lt $3 $4\n"
    "    <u1> $6 = const [1]\n"
    "    <u1> $7 = bit_and $5 $6\n"
    "    $8 : if $7 {\n"
    "      print $3, \"\\n\"\n"
    "    }\n"
    "  }\n"
    "}\n";

static void test_seed_offloaded(void)
{
    IrKernel *k = new_kernel();
    CHECK(k);
    IrStmt *task = ir_offloaded(k, IR_TASK_range_for);
    task->u.task.const_begin = task->u.task.const_end = true;
    task->u.task.end_value = 10;
    task->u.task.block_dim = 32;
    build_seed_body(k, task);
    CHECK(!k->oom);
    CHECK(verifies(k));
    CHECK(prints_as(k, seed_offloaded));
    ir_kernel_free(k);
}

/* The frontend form, then by hand what the offload pass will do: the
 * outermost loop becomes a task, its body moves, its uses follow. */
static void test_seed_frontend_then_offload(void)
{
    IrKernel *k = new_kernel();
    IrStmt *begin = ir_const_i(k, IR_I32, 0), *end = ir_const_i(k, IR_I32, 10);
    IrStmt *loop = ir_range_for(k, begin, end);
    build_seed_body(k, loop);
    CHECK(verifies(k));
    CHECK(prints_as(k, seed_frontend));

    ir_at_before(k, k->root->first);
    IrStmt *task = ir_offloaded(k, IR_TASK_range_for);
    task->u.task.const_begin = task->u.task.const_end = true;
    task->u.task.begin_value = (int32_t)begin->u.val.i;
    task->u.task.end_value = (int32_t)end->u.val.i;
    task->u.task.block_dim = 32;
    ir_splice(task->blocks[IR_BODY], NULL, loop->blocks[IR_BODY]);
    CHECK(loop->blocks[IR_BODY]->first == NULL && loop->blocks[IR_BODY]->last == NULL);
    /* Before the loop references move, the loop index names a loop it is no
     * longer inside. */
    CHECK(rejects(k, "which is not a loop enclosing it"));
    CHECK(ir_replace_uses(k, loop, task) == 1);
    ir_erase(loop);
    CHECK(rejects(k, "is at the top level of a kernel with offloaded tasks"));
    CHECK(ir_count_uses(k, begin) == 0 && ir_count_uses(k, end) == 0);
    ir_erase(begin);
    ir_erase(end);
    CHECK(verifies(k));
    ir_renumber(k);
    CHECK(k->next_id == 8);
    CHECK(verifies(k));
    CHECK(prints_as(k, seed_offloaded));
    ir_kernel_free(k);
}

static const IrSNode snode_dense = {1, "S1dense", 2, IR_VOID};
static const IrSNode snode_x = {2, "S2place<f32>", 2, IR_F32};

/* One kernel with every statement kind and the printer's other forms. */
static void test_print_all_kinds(void)
{
    IrType args[] = {IR_I32, IR_F32};
    IrType rets[] = {IR_I32};
    IrKernel *k = ir_kernel_new("all", args, 2, rets, 1);
    IrStmt *n = ir_arg_load(k, 0);
    IrStmt *y = ir_arg_load(k, 1);
    IrStmt *var = ir_alloca(k, IR_I32);
    ir_local_store(k, var, n);
    IrStmt *v = ir_local_load(k, var);
    IrStmt *f = ir_cast(k, IR_UN_cast_value, IR_F32, v);
    IrStmt *bits = ir_cast(k, IR_UN_cast_bits, IR_I32, y);
    IrStmt *sq = ir_unary(k, IR_UN_sqrt, f);
    IrStmt *r = ir_rand(k, IR_F32);
    IrStmt *sel = ir_select(k, bits, sq, r);
    IrStmt *neg = ir_unary(k, IR_UN_logic_not, v);

    IrStmt *sfor = ir_struct_for(k, &snode_dense);
    IrCursor top = ir_enter(k, sfor->blocks[IR_BODY]);
    IrStmt *idx[2] = {ir_loop_index(k, sfor, 0), ir_loop_index(k, sfor, 1)};
    IrStmt *p = ir_global_ptr(k, &snode_x, idx, 2);
    IrStmt *old = ir_atomic(k, IR_ATOMIC_add, p, sel);
    ir_global_store(k, p, ir_binary(k, IR_BIN_mul, old, ir_global_load(k, p)));
    IrStmt *w = ir_while(k);
    ir_enter(k, w->blocks[IR_BODY]);
    ir_while_control(k, neg);
    IrStmt *branch = ir_if(k, bits);
    ir_enter(k, branch->blocks[IR_THEN]);
    ir_break(k, NULL);
    ir_enter(k, branch->blocks[IR_ELSE]);
    ir_continue(k, w);
    ir_enter(k, sfor->blocks[IR_BODY]);
    IrStmt *rf = ir_range_for(k, idx[0], idx[1]);
    rf->u.range.reversed = true;
    rf->u.range.block_dim = 64;
    ir_enter(k, rf->blocks[IR_BODY]);
    ir_continue(k, NULL);
    ir_leave(k, top);

    IrStmt *msg_args[] = {v};
    ir_assert(k, neg, "n is %d\t\"bad\"", msg_args, 1);
    IrPrintArg pargs[] = {{.str = "y=", .len = 2}, {.value = y, .fmt = ".2f"}, {.value = v}};
    ir_print_stmt(k, pargs, 3);
    IrStmt *call_args[] = {v, v};
    ir_internal_call(k, IR_I32, "linear_thread_idx", call_args, 2);
    ir_global_tmp(k, IR_I32, 8);
    ir_return(k, &v, 1);
    CHECK(!k->oom);
    CHECK(verifies(k));
    CHECK(prints_as(k,
        "kernel {\n"
        "  <i32> $0 = argload[0]\n"
        "  <f32> $1 = argload[1]\n"
        "  <*i32> $2 = alloca\n"
        "  $3 : local store [$2 <- $0]\n"
        "  <i32> $4 = local load [$2]\n"
        "  <f32> $5 = cast_value<f32> $4\n"
        "  <i32> $6 = reinterpret_cast_bits<i32> $1\n"
        "  <f32> $7 = sqrt $5\n"
        "  <f32> $8 = rand()\n"
        "  <f32> $9 = select($6, $7, $8)\n"
        "  <u1> $10 = logic_not $4\n"
        "  $11 : struct for in S1dense block_dim=adaptive {\n"
        "    <i32> $12 = loop $11 index 0\n"
        "    <i32> $13 = loop $11 index 1\n"
        "    <*f32> $14 = global ptr [S2place<f32>], index [$12, $13] activate=true\n"
        "    <f32> $15 = atomic add($14, $9)\n"
        "    <f32> $16 = global load $14\n"
        "    <f32> $17 = mul $15 $16\n"
        "    $18 : global store [$14 <- $17]\n"
        "    $19 : while true {\n"
        "      $20 : while control $10\n"
        "      $21 : if $6 {\n"
        "        $22 break\n"
        "      } else {\n"
        "        $23 continue (scope=$19)\n"
        "      }\n"
        "    }\n"
        "    $24 : reversed for in range($12, $13) block_dim=64 {\n"
        "      $25 continue\n"
        "    }\n"
        "  }\n"
        "  $26 : assert $10, \"n is %d\\t\\\"bad\\\"\", $4\n"
        "  print \"y=\", $1:.2f, $4\n"
        "  <i32> $28 = internal call linear_thread_idx($4, $4)\n"
        "  <*i32> $29 = global tmp var (offset = 8 B)\n"
        "  $30 : return $4\n"
        "}\n"));
    ir_kernel_free(k);
}

/* Offloaded tasks other than the seed's: serial, struct_for, range bounds
 * read from global temporaries. */
static void test_print_tasks(void)
{
    IrKernel *k = new_kernel();
    IrStmt *serial = ir_offloaded(k, IR_TASK_serial);
    IrCursor top = ir_enter(k, serial->blocks[IR_BODY]);
    IrStmt *tmp = ir_global_tmp(k, IR_I32, 0);
    ir_global_store(k, tmp, ir_const_i(k, IR_I32, 5));
    ir_leave(k, top);
    IrStmt *rt = ir_offloaded(k, IR_TASK_range_for);
    rt->u.task.begin_offset = 4;
    rt->u.task.const_end = true;
    rt->u.task.end_value = 100;
    rt->u.task.grid_dim = 1;
    rt->u.task.block_dim = 128;
    IrStmt *st = ir_offloaded(k, IR_TASK_struct_for);
    st->u.task.snode = &snode_dense;
    st->u.task.block_dim = 32;
    ir_enter(k, st->blocks[IR_BODY]);
    ir_loop_index(k, st, 1);
    CHECK(verifies(k));
    CHECK(prints_as(k,
        "kernel {\n"
        "  $0 = offloaded serial\n"
        "  body {\n"
        "    <*i32> $1 = global tmp var (offset = 0 B)\n"
        "    <i32> $2 = const [5]\n"
        "    $3 : global store [$1 <- $2]\n"
        "  }\n"
        "  $4 = offloaded range_for(tmp(offset=4B), 100) grid_dim=1 block_dim=128\n"
        "  body {\n"
        "  }\n"
        "  $5 = offloaded struct_for(S1dense) grid_dim=0 block_dim=32\n"
        "  body {\n"
        "    <i32> $6 = loop $5 index 1\n"
        "  }\n"
        "}\n"));
    ir_kernel_free(k);
}

/* Constants are stored canonically for their type and printed as fmt does. */
static void test_constants(void)
{
    IrKernel *k = new_kernel();
    CHECK(ir_const_i(k, IR_I8, 300)->u.val.i == 44);
    CHECK(ir_const_i(k, IR_I8, 200)->u.val.i == -56);
    CHECK(ir_const_i(k, IR_U8, -1)->u.val.u == 255);
    CHECK(ir_const_u(k, IR_U64, UINT64_MAX)->u.val.u == UINT64_MAX);
    CHECK(ir_const_i(k, IR_I64, INT64_MIN)->u.val.i == INT64_MIN);
    CHECK(ir_const_f(k, IR_F32, 0.1)->u.val.f == (double)0.1f);
    CHECK(ir_const_i(k, IR_F64, 3)->u.val.f == 3.0);
    ir_const_f(k, IR_F64, 1e20);
    ir_const_f(k, IR_F64, -2.5e-7);
    ir_const_f(k, IR_F32, 1.0 / 3);
    CHECK(verifies(k));
    CHECK(prints_as(k,
        "kernel {\n"
        "  <i8> $0 = const [44]\n"
        "  <i8> $1 = const [-56]\n"
        "  <u8> $2 = const [255]\n"
        "  <u64> $3 = const [18446744073709551615]\n"
        "  <i64> $4 = const [-9223372036854775808]\n"
        "  <f32> $5 = const [0.1]\n"
        "  <f64> $6 = const [3]\n"
        "  <f64> $7 = const [1e+20]\n"
        "  <f64> $8 = const [-2.5e-07]\n"
        "  <f32> $9 = const [0.33333334]\n"
        "}\n"));
    ir_kernel_free(k);
}

static void test_types(void)
{
    CHECK(strcmp(ir_type_name(IR_I32), "i32") == 0);
    CHECK(strcmp(ir_type_name(ir_ptr_to(IR_F16)), "*f16") == 0);
    CHECK(ir_pointee(ir_ptr_to(IR_U16)) == IR_U16);
    CHECK(ir_type_promote(IR_I32, IR_F32) == IR_F32);
    CHECK(ir_type_promote(IR_I64, IR_F32) == IR_F32);
    CHECK(ir_type_promote(IR_F64, IR_F32) == IR_F64);
    CHECK(ir_type_promote(IR_I32, IR_I64) == IR_I64);
    CHECK(ir_type_promote(IR_I32, IR_U32) == IR_U32);
    CHECK(ir_type_promote(IR_U8, IR_I16) == IR_I16);
    CHECK(ir_type_promote(IR_U1, IR_I8) == IR_I8 && ir_type_promote(IR_U1, IR_F32) == IR_F32);
    CHECK(ir_type_bits(IR_U1) == 1 && !ir_type_is_signed(IR_U1) && strcmp(ir_type_name(IR_U1), "u1") == 0);
    CHECK(ir_type_bits(IR_F16) == 16 && ir_type_is_float(IR_F16));
    CHECK(strcmp(ir_binary_op_name(IR_BIN_bit_sar), "bit_sar") == 0);
    CHECK(strcmp(ir_unary_op_name(IR_UN_cast_bits), "cast_bits") == 0);
    CHECK(strcmp(ir_kind_name(IR_WHILE_CONTROL), "while_control") == 0);
    CHECK(ir_kind_effect(IR_BINARY) == IR_PURE && ir_kind_effect(IR_GLOBAL_LOAD) == IR_MEM);
    CHECK(ir_kind_operands(IR_PRINT) == IR_VARIADIC && ir_kind_blocks(IR_IF) == 2);
}

/* ---- the verifier's rejections: each builds a small broken kernel */

static void test_reject_scope(void)
{
    /* A use before the definition. */
    IrKernel *k = new_kernel();
    IrStmt *a = ir_const_i(k, IR_I32, 1);
    IrStmt *sum = ir_binary(k, IR_BIN_add, a, a);
    CHECK(verifies(k));
    ir_move(a, k->root, NULL);
    CHECK(rejects(k, "$1 (binary add): uses $0 outside its scope"));
    ir_move(a, k->root, sum);
    CHECK(verifies(k));

    /* A value defined inside an if, used after it. */
    IrStmt *branch = ir_if(k, a);
    IrCursor top = ir_enter(k, branch->blocks[IR_THEN]);
    IrStmt *inner = ir_const_i(k, IR_I32, 2);
    ir_leave(k, top);
    ir_binary(k, IR_BIN_sub, inner, a);
    CHECK(rejects(k, "(binary sub): uses $3 outside its scope"));
    ir_kernel_free(k);

    /* A use of an erased statement. */
    k = new_kernel();
    a = ir_const_i(k, IR_I32, 1);
    ir_unary(k, IR_UN_neg, a);
    ir_erase(a);
    CHECK(a->erased && a->block == NULL);
    CHECK(rejects(k, "$1 (unary neg): uses $0, which is erased"));
    ir_kernel_free(k);

    /* A value used across tasks. */
    k = new_kernel();
    IrStmt *t0 = ir_offloaded(k, IR_TASK_serial);
    top = ir_enter(k, t0->blocks[IR_BODY]);
    a = ir_const_i(k, IR_I32, 1);
    ir_leave(k, top);
    IrStmt *t1 = ir_offloaded(k, IR_TASK_serial);
    ir_enter(k, t1->blocks[IR_BODY]);
    ir_unary(k, IR_UN_neg, a);
    CHECK(rejects(k, "uses $1 outside its scope"));
    ir_kernel_free(k);
}

static void test_reject_types(void)
{
    IrKernel *k = new_kernel();
    IrStmt *i = ir_const_i(k, IR_I32, 1);
    IrStmt *x = ir_const_f(k, IR_F32, 1.5);
    IrStmt *bad = ir_binary(k, IR_BIN_add, i, x);
    CHECK(bad && bad->type == IR_F32);   /* the builder promotes, casts nothing */
    CHECK(rejects(k, "$2 (binary add): operand types i32 and f32 differ"));
    ir_erase(bad);
    CHECK(verifies(k));

    IrStmt *s = ir_unary(k, IR_UN_sqrt, i);
    CHECK(rejects(k, "(unary sqrt): operand has type i32, wants a float"));
    ir_erase(s);
    s = ir_binary(k, IR_BIN_bit_and, x, x);
    CHECK(rejects(k, "(binary bit_and): operands have type f32, want integers"));
    ir_erase(s);
    s = ir_cast(k, IR_UN_cast_bits, IR_I64, x);
    CHECK(rejects(k, "reinterprets f32 as i64, which differ in size"));
    ir_erase(s);
    s = ir_if(k, x);
    CHECK(rejects(k, "(if): the condition $1 has type f32, wants an integer"));
    ir_erase(s);
    s = ir_local_load(k, i);
    CHECK(rejects(k, "(local_load): accesses $0, which is a const, not an alloca"));
    ir_erase(s);
    IrStmt *var = ir_alloca(k, IR_I32);
    s = ir_local_store(k, var, x);
    CHECK(rejects(k, "(local_store): the stored value has type f32, wants i32"));
    ir_erase(s);
    IrStmt *one[] = {i};
    s = ir_global_ptr(k, &snode_x, one, 1);
    CHECK(rejects(k, "(global_ptr): indexes S2place<f32> with 1 indices, wants 2"));
    ir_erase(s);
    IrStmt *two[] = {i, x};
    s = ir_global_ptr(k, &snode_x, two, 2);
    CHECK(rejects(k, "an index has type f32, wants i32"));
    ir_erase(s);
    s = ir_return(k, one, 1);
    CHECK(rejects(k, "(return): returns 1 values from a kernel that returns 0"));
    ir_erase(s);
    s = ir_atomic(k, IR_ATOMIC_bit_or, var, i);
    CHECK(verifies(k));
    ir_erase(s);
    IrStmt *fvar = ir_alloca(k, IR_F32);
    s = ir_atomic(k, IR_ATOMIC_bit_or, fvar, x);
    CHECK(rejects(k, "(atomic bit_or): bitwise update of a f32"));
    ir_erase(s);
    s = ir_local_store(k, var, i);
    ir_unary(k, IR_UN_neg, s);
    CHECK(rejects(k, "which yields no value"));
    ir_kernel_free(k);

    /* Source locations reach the message. */
    k = new_kernel();
    ir_set_loc(k, (IrLoc){"kernel.py", 3, 8, 3, 13});
    i = ir_const_i(k, IR_I32, 1);
    ir_binary(k, IR_BIN_cmp_lt, i, ir_const_i(k, IR_I64, 2));
    CHECK(rejects(k, "$2 (binary cmp_lt): operand types i32 and i64 differ (cast one first) at kernel.py:3:8"));
    ir_kernel_free(k);
}

static void test_reject_loops(void)
{
    IrKernel *k = new_kernel();
    ir_break(k, NULL);
    CHECK(rejects(k, "$0 (break): is not inside a loop"));
    ir_kernel_free(k);

    k = new_kernel();
    ir_continue(k, NULL);
    CHECK(rejects(k, "$0 (continue): is not inside a loop"));
    ir_kernel_free(k);

    /* break out of an outermost (parallel) for, unless serialized. */
    k = new_kernel();
    IrStmt *zero = ir_const_i(k, IR_I32, 0);
    IrStmt *loop = ir_range_for(k, zero, zero);
    IrCursor top = ir_enter(k, loop->blocks[IR_BODY]);
    ir_break(k, NULL);
    CHECK(rejects(k, "$2 (break): leaves $1, a parallel loop"));
    loop->u.range.serialize = true;
    CHECK(verifies(k));
    /* while_control belongs to a while. */
    ir_while_control(k, zero);
    CHECK(rejects(k, "(while_control): its innermost loop $1 is a range_for, not a while"));
    ir_leave(k, top);
    ir_kernel_free(k);

    /* A loop index outside its loop; an index the loop does not have. */
    k = new_kernel();
    zero = ir_const_i(k, IR_I32, 0);
    loop = ir_range_for(k, zero, zero);
    IrStmt *li = ir_loop_index(k, loop, 0);
    CHECK(rejects(k, "$2 (loop_index): refers to $1, which is not a loop enclosing it"));
    ir_move(li, loop->blocks[IR_BODY], NULL);
    CHECK(verifies(k));
    li->u.index = 1;
    CHECK(rejects(k, "reads index 1 of $1, which has 1"));
    ir_kernel_free(k);

    /* continue naming a loop that does not enclose it. */
    k = new_kernel();
    IrStmt *w1 = ir_while(k);
    IrStmt *w2 = ir_while(k);
    top = ir_enter(k, w2->blocks[IR_BODY]);
    ir_continue(k, w1);
    CHECK(rejects(k, "(continue): refers to $0, which is not a loop enclosing it"));
    ir_leave(k, top);
    ir_kernel_free(k);
}

static void test_reject_structure(void)
{
    /* An offloaded task nested in an if, and tasks mixed with plain code. */
    IrKernel *k = new_kernel();
    IrStmt *c = ir_const_i(k, IR_I32, 1);
    IrStmt *branch = ir_if(k, c);
    IrCursor top = ir_enter(k, branch->blocks[IR_THEN]);
    IrStmt *task = ir_offloaded(k, IR_TASK_serial);
    ir_leave(k, top);
    CHECK(rejects(k, "$2 (offloaded): an offloaded task must sit at the top level"));
    ir_move(task, k->root, NULL);
    CHECK(rejects(k, "$0 (const): is at the top level of a kernel with offloaded tasks (such as $2)"));
    ir_kernel_free(k);

    /* Broken links, as a buggy pass would leave them. */
    k = new_kernel();
    c = ir_const_i(k, IR_I32, 1);
    branch = ir_if(k, c);
    top = ir_enter(k, branch->blocks[IR_THEN]);
    IrStmt *inner = ir_const_i(k, IR_I32, 2);
    ir_leave(k, top);
    CHECK(verifies(k));
    branch->blocks[IR_THEN]->parent = NULL;
    CHECK(rejects(k, "$1 (if): a child block's parent link is wrong"));
    branch->blocks[IR_THEN]->parent = branch;
    inner->block = k->root;
    CHECK(rejects(k, "$2 (const): its block link does not point to the block that holds it"));
    inner->block = branch->blocks[IR_THEN];
    /* The same statement linked into a second block. */
    branch->blocks[IR_ELSE]->first = branch->blocks[IR_ELSE]->last = inner;
    CHECK(rejects(k, "$2 (const): its block link does not point to the block that holds it"));
    branch->blocks[IR_ELSE]->first = branch->blocks[IR_ELSE]->last = NULL;
    /* Two statements with one id. */
    inner->id = c->id;
    CHECK(rejects(k, "$0 (const): shares its id with another statement"));
    ir_renumber(k);
    CHECK(verifies(k));
    ir_kernel_free(k);
}

/* ---- surgery and uses */

static void drop_consts(IrStmt *s, void *ctx)
{
    int *dropped = ctx;
    if (s->kind == IR_CONST && s->u.val.i == 7) {
        ir_erase(s);
        ++*dropped;
    }
}

static void test_surgery(void)
{
    IrKernel *k = new_kernel();
    IrStmt *a = ir_const_i(k, IR_I32, 1);
    IrStmt *b = ir_const_i(k, IR_I32, 2);
    IrStmt *sum = ir_binary(k, IR_BIN_add, a, b);
    IrStmt *twice = ir_binary(k, IR_BIN_mul, sum, sum);
    CHECK(ir_count_uses(k, sum) == 2 && ir_count_uses(k, a) == 1);
    int counts[8];
    ir_use_counts(k, counts);
    CHECK(counts[a->id] == 1 && counts[b->id] == 1 && counts[sum->id] == 2 && counts[twice->id] == 0);

    /* Constant-fold sum by hand: a new const before it takes its uses. */
    IrCursor end = ir_at_before(k, sum);
    IrStmt *three = ir_const_i(k, IR_I32, 3);
    CHECK(three->next == sum && three->prev == b);
    ir_replace_with(k, sum, three);
    /* The cursor sat before sum, which is gone: nothing can be built there. */
    CHECK(ir_const_i(k, IR_I32, 0) == NULL && !k->oom);
    ir_leave(k, end);
    CHECK(sum->erased && ir_count_uses(k, three) == 2);
    CHECK(twice->ops[0] == three && twice->ops[1] == three);
    ir_erase(a);
    ir_erase(b);
    CHECK(verifies(k));

    /* Insertion before, after and at the end, and the cursor after. */
    IrStmt *x = ir_const_i(k, IR_I32, 7);
    ir_detach(x);
    CHECK(x->block == NULL && k->root->last == twice);
    ir_insert_before(three, x);
    CHECK(k->root->first == x);
    IrStmt *y = ir_const_i(k, IR_I32, 7);
    ir_detach(y);
    ir_insert_after(twice, y);
    CHECK(k->root->last == y);
    IrCursor saved = ir_at_after(k, x);
    IrStmt *z1 = ir_const_i(k, IR_I32, 8);
    IrStmt *z2 = ir_const_i(k, IR_I32, 9);
    ir_leave(k, saved);
    CHECK(x->next == z1 && z1->next == z2 && z2->next == three);
    ir_renumber(k);
    CHECK(verifies(k));
    CHECK(prints_as(k,
        "kernel {\n"
        "  <i32> $0 = const [7]\n"
        "  <i32> $1 = const [8]\n"
        "  <i32> $2 = const [9]\n"
        "  <i32> $3 = const [3]\n"
        "  <i32> $4 = mul $3 $3\n"
        "  <i32> $5 = const [7]\n"
        "}\n"));

    /* A walk that erases what it visits. */
    int dropped = 0;
    ir_walk(k->root, drop_consts, &dropped);
    CHECK(dropped == 2 && k->root->first == z1 && k->root->last == twice);
    CHECK(verifies(k));

    /* Moving a statement into a nested block. */
    IrStmt *branch = ir_if(k, three);
    ir_move(z2, branch->blocks[IR_THEN], NULL);
    CHECK(z2->block == branch->blocks[IR_THEN] && branch->blocks[IR_THEN]->first == z2);
    CHECK(verifies(k));
    ir_kernel_free(k);
}

static void test_null_propagation(void)
{
    IrKernel *k = new_kernel();
    IrStmt *a = ir_const_i(k, IR_I32, 1);
    CHECK(ir_binary(k, IR_BIN_add, a, NULL) == NULL);
    CHECK(ir_unary(k, IR_UN_neg, NULL) == NULL);
    CHECK(ir_global_ptr(k, NULL, NULL, 0) == NULL);
    CHECK(ir_loop_index(k, NULL, 0) == NULL);
    IrPrintArg missing[] = {{.value = NULL}};
    CHECK(ir_print_stmt(k, missing, 1) == NULL);
    CHECK(k->root->first == a && k->root->last == a);
    CHECK(!k->oom);
    ir_kernel_free(k);
}

int main(void)
{
    test_seed_offloaded();
    test_seed_frontend_then_offload();
    test_print_all_kinds();
    test_print_tasks();
    test_constants();
    test_types();
    test_reject_scope();
    test_reject_types();
    test_reject_loops();
    test_reject_structure();
    test_surgery();
    test_null_propagation();
    return check_result();
}

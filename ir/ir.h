/* The kernel IR: data structures, builder, block surgery, printer and verifier.
 * ir.c owns construction and mutation, print.c the print_ir text, verify.c the
 * structural and type invariants that every pass must preserve.
 *
 * ---- The IR in one page (for whoever writes the transformer and the passes) ----
 *
 * Hierarchical SSA, as in Taichi (internal-design.txt): a kernel is one root
 * block; a block is an ordered list of statements; container statements (if,
 * range_for, struct_for, while, offloaded) own child blocks. There is no CFG and
 * no phi: a value is a statement, usable by any statement after it in the same
 * block or in a block nested inside that one. Mutable variables are allocas
 * read and written with local_load / local_store (a later pass promotes them).
 *
 * Building a kernel: ir_kernel_new(name, arg types, ret types), then builder
 * calls append at the cursor, which starts at the end of the root block:
 *
 *     IrStmt *b = ir_const_i(k, IR_I32, 0), *e = ir_const_i(k, IR_I32, 10);
 *     IrStmt *loop = ir_range_for(k, b, e);
 *     IrCursor outer = ir_enter(k, loop->blocks[IR_BODY]);
 *     IrStmt *i = ir_loop_index(k, loop, 0);        // the loop variable
 *     ...
 *     ir_leave(k, outer);                           // back after the loop
 *
 * An if has blocks[IR_THEN] and blocks[IR_ELSE] (both always present, either
 * may be empty). Loop variables are loop_index statements naming their loop
 * (for a struct_for, index K is the K-th physical index of its SNode). A
 * `while cond:` is a `while` whose body starts by computing cond and a
 * while_control (leave the loop when cond is 0); user break / continue are
 * break / continue statements naming the loop they leave or restart.
 *
 * Types: every statement has a type (IR_VOID when it yields nothing).
 * Builders compute the result type from their operands; they do not insert
 * implicit casts. The verifier wants operand types to agree, so a transformer
 * either casts (ir_cast with ir_type_promote) or leaves that to the type-check
 * pass and verifies after it.
 *
 * Offloading: after the offload pass the root block holds only offloaded
 * statements, one per task: serial (straight-line code), range_for (each
 * outermost range loop; begin/end constant or read from global temporaries
 * that an earlier serial task wrote) or struct_for (one that lower_struct_for
 * left: a sparse SNode, for list generation, which no backend has yet). Their
 * bodies use loop_index on the offloaded statement itself. Values never cross
 * tasks except through global_tmp memory.
 *
 * Memory: everything lives in the kernel's arena and dies with
 * ir_kernel_free. Out of memory is sticky: the builder returns NULL, sets
 * k->oom and ignores NULL operands, so a transformer checks k->oom once.
 *
 * Uses: there are no use lists. ir_replace_uses / ir_count_uses /
 * ir_use_counts scan the kernel. Kernels are small (hundreds of statements),
 * scans are cheap, and a pass cannot forget to maintain a list it does not have.
 *
 * Ids: each statement gets the next id when created; ir_renumber numbers
 * them 0.. in print order (what print_ir shows). Passes may index arrays of
 * k->next_id entries by id.
 *
 * Printing (print.c) reproduces Taichi's print_ir: `kernel {`, two spaces per
 * nesting level, `<i32> $3 = cmp_lt $1 $2`, `$6 : if $5 {`, `print $1, "\n"`,
 * `$0 = offloaded range_for(0, 10) grid_dim=0 block_dim=32` + `body {`, and
 * before offloading `$2 : for in range($0, $1) block_dim=adaptive {`.
 */
#ifndef TIRUN_IR_H
#define TIRUN_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/arena.h"

/* ---- types */

/* Primitive types as Taichi prints them: id, name, bits, class
 * (0 none, 'i' signed, 'u' unsigned, 'f' float). f16 is a storage type. u1 is
 * what comparisons and `not` yield (Taichi 1.7's bool): 1-bit arithmetic that
 * wraps, promoted to any other type it meets; no field or parameter has it. */
#define IR_TYPES(X)          \
    X(VOID, "void", 0, 0)    \
    X(U1, "u1", 1, 'u')      \
    X(I8, "i8", 8, 'i')      \
    X(I16, "i16", 16, 'i')   \
    X(I32, "i32", 32, 'i')   \
    X(I64, "i64", 64, 'i')   \
    X(U8, "u8", 8, 'u')      \
    X(U16, "u16", 16, 'u')   \
    X(U32, "u32", 32, 'u')   \
    X(U64, "u64", 64, 'u')   \
    X(F16, "f16", 16, 'f')   \
    X(F32, "f32", 32, 'f')   \
    X(F64, "f64", 64, 'f')

enum {
#define X(id, name, bits, cls) IR_##id,
    IR_TYPES(X)
#undef X
    IR_NUM_PRIM_TYPES
};

/* A primitive type, or a pointer to one (IR_PTR set; printed "*f32"). One
 * byte so that types compare with ==. */
typedef uint8_t IrType;
#define IR_PTR 0x80

static inline IrType ir_ptr_to(IrType t) { return (IrType)(t | IR_PTR); }
static inline IrType ir_pointee(IrType t) { return (IrType)(t & ~IR_PTR); }
static inline bool ir_type_is_ptr(IrType t) { return (t & IR_PTR) != 0; }

const char *ir_type_name(IrType t);     /* "i32", "*f32"; "?" if not a type */
int ir_type_bits(IrType t);             /* 0 for void and pointers */
bool ir_type_is_int(IrType t);
bool ir_type_is_signed(IrType t);
bool ir_type_is_float(IrType t);
/* Taichi's implicit promotion of two primitive operand types: float beats
 * integer, then more bits, then unsigned beats signed at equal width. */
IrType ir_type_promote(IrType a, IrType b);
/* Kernels run with flush-to-zero, as Taichi's CPU backend does: a result of
 * float type t (f32, f64) too small to be a normal number becomes a zero of
 * its sign. v so flushed, for the values the compiler and the host compute in
 * the kernels' stead (constants, folded arithmetic, f32 arguments). */
double ir_flush_denormal(IrType t, double v);

/* ---- operators (Taichi's names; the printer shows them as written) */

/* Unary: name, operand class: A any numeric, F float only, I integer only,
 * C cast (the result type is the target), L logical (u1 result). */
#define IR_UNARY_OPS(X) \
    X(neg, 'A') X(sqrt, 'F') X(round, 'F') X(floor, 'F') X(ceil, 'F') \
    X(cast_value, 'C') X(cast_bits, 'C') X(abs, 'A') X(sgn, 'A') \
    X(sin, 'F') X(asin, 'F') X(cos, 'F') X(acos, 'F') X(tan, 'F') X(tanh, 'F') \
    X(exp, 'F') X(log, 'F') X(popcnt, 'I') X(clz, 'I') X(rsqrt, 'F') \
    X(bit_not, 'I') X(logic_not, 'L')

/* Binary: name, class: A arithmetic, F float only, I integer only,
 * C comparison (u1 result), L logical (u1). */
#define IR_BINARY_OPS(X) \
    X(mul, 'A') X(add, 'A') X(sub, 'A') X(truediv, 'F') X(floordiv, 'A') \
    X(div, 'A') X(mod, 'A') X(max, 'A') X(min, 'A') \
    X(bit_and, 'I') X(bit_or, 'I') X(bit_xor, 'I') \
    X(bit_shl, 'I') X(bit_shr, 'I') X(bit_sar, 'I') \
    X(cmp_lt, 'C') X(cmp_le, 'C') X(cmp_gt, 'C') X(cmp_ge, 'C') \
    X(cmp_eq, 'C') X(cmp_ne, 'C') \
    X(atan2, 'F') X(pow, 'A') X(logical_or, 'L') X(logical_and, 'L')

/* Atomic read-modify-write on a pointer; the statement yields the old value. */
#define IR_ATOMIC_OPS(X) \
    X(add, 'A') X(sub, 'A') X(max, 'A') X(min, 'A') \
    X(bit_and, 'I') X(bit_or, 'I') X(bit_xor, 'I') X(mul, 'A')

/* Offloaded task kinds (Taichi's list minus mesh_for, listgen, gc: dense
 * SNodes need no list generation). */
#define IR_TASK_TYPES(X) X(serial) X(range_for) X(struct_for)

typedef enum {
#define X(name, cls) IR_UN_##name,
    IR_UNARY_OPS(X)
#undef X
    IR_NUM_UNARY_OPS
} IrUnaryOp;

typedef enum {
#define X(name, cls) IR_BIN_##name,
    IR_BINARY_OPS(X)
#undef X
    IR_NUM_BINARY_OPS
} IrBinaryOp;

typedef enum {
#define X(name, cls) IR_ATOMIC_##name,
    IR_ATOMIC_OPS(X)
#undef X
    IR_NUM_ATOMIC_OPS
} IrAtomicOp;

typedef enum {
#define X(name) IR_TASK_##name,
    IR_TASK_TYPES(X)
#undef X
    IR_NUM_TASK_TYPES
} IrTaskType;

const char *ir_unary_op_name(IrUnaryOp op);
const char *ir_binary_op_name(IrBinaryOp op);
const char *ir_atomic_op_name(IrAtomicOp op);
const char *ir_task_type_name(IrTaskType t);
char ir_unary_op_class(IrUnaryOp op);
char ir_binary_op_class(IrBinaryOp op);
char ir_atomic_op_class(IrAtomicOp op);

/* ---- statement kinds: the one table
 *
 * X(ID, name, operands, blocks, effect)
 *   operands: the fixed operand count, or IR_VARIADIC.
 *   blocks:   how many child blocks the statement owns.
 *   effect:   IR_PURE  result depends only on operands and fields: CSE may
 *                      merge two, DIE may drop an unused one;
 *             IR_MEM   no side effect but reads memory or allocates: DIE may
 *                      drop an unused one, CSE may not merge;
 *             IR_SIDE  neither (stores, control flow, I/O, containers). */
#define IR_VARIADIC (-1)

#define IR_STMTS(X)                                              \
    X(CONST,         "const",         0, 0, IR_PURE)             \
    X(ARG_LOAD,      "arg_load",      0, 0, IR_PURE)             \
    X(RAND,          "rand",          0, 0, IR_SIDE)             \
    X(UNARY,         "unary",         1, 0, IR_PURE)             \
    X(BINARY,        "binary",        2, 0, IR_PURE)             \
    X(SELECT,        "select",        3, 0, IR_PURE)             \
    X(ALLOCA,        "alloca",        0, 0, IR_MEM)              \
    X(LOCAL_LOAD,    "local_load",    1, 0, IR_MEM)              \
    X(LOCAL_STORE,   "local_store",   2, 0, IR_SIDE)             \
    X(GLOBAL_PTR,    "global_ptr",    IR_VARIADIC, 0, IR_PURE)   \
    X(EXTERNAL_PTR,  "external_ptr",  IR_VARIADIC, 0, IR_PURE)   \
    X(GLOBAL_LOAD,   "global_load",   1, 0, IR_MEM)              \
    X(GLOBAL_STORE,  "global_store",  2, 0, IR_SIDE)             \
    X(ATOMIC_OP,     "atomic_op",     2, 0, IR_SIDE)             \
    X(GLOBAL_TMP,    "global_tmp",    0, 0, IR_PURE)             \
    X(LOOP_INDEX,    "loop_index",    0, 0, IR_PURE)             \
    X(IF,            "if",            1, 2, IR_SIDE)             \
    X(RANGE_FOR,     "range_for",     2, 1, IR_SIDE)             \
    X(STRUCT_FOR,    "struct_for",    0, 1, IR_SIDE)             \
    X(WHILE,         "while",         0, 1, IR_SIDE)             \
    X(WHILE_CONTROL, "while_control", 1, 0, IR_SIDE)             \
    X(CONTINUE,      "continue",      0, 0, IR_SIDE)             \
    X(BREAK,         "break",         0, 0, IR_SIDE)             \
    X(RETURN,        "return",        IR_VARIADIC, 0, IR_SIDE)   \
    X(PRINT,         "print",         IR_VARIADIC, 0, IR_SIDE)   \
    X(ASSERT,        "assert",        IR_VARIADIC, 0, IR_SIDE)   \
    X(INTERNAL_CALL, "internal_call", IR_VARIADIC, 0, IR_SIDE)   \
    X(OFFLOADED,     "offloaded",     0, 1, IR_SIDE)

typedef enum { IR_PURE, IR_MEM, IR_SIDE } IrEffect;

typedef enum {
#define X(id, name, nops, nblocks, effect) IR_##id,
    IR_STMTS(X)
#undef X
    IR_NUM_KINDS
} IrKind;

const char *ir_kind_name(IrKind kind);
int ir_kind_operands(IrKind kind);      /* fixed count or IR_VARIADIC */
int ir_kind_blocks(IrKind kind);
IrEffect ir_kind_effect(IrKind kind);

/* Child block slots. */
enum { IR_THEN = 0, IR_ELSE = 1, IR_BODY = 0, IR_MAX_BLOCKS = 2 };

/* ---- SNodes, as far as the IR sees them
 *
 * The SNode tree is its own module; the IR refers to nodes and needs only
 * this much of them: the printer's name and the verifier's shape checks.
 * The tree module fills one IrSNode per node and keeps it alive as long as
 * any kernel IR that refers to it. */
typedef struct IrSNode {
    int id;
    const char *name;   /* as Taichi prints it: "S1dense", "S2place<f32>" */
    int num_indices;    /* indices needed to address one element */
    IrType dtype;       /* place nodes: the element type; IR_VOID otherwise */
} IrSNode;

/* ---- statements and blocks */

/* Where the statement came from, for error messages (CPython conventions:
 * 1-based lines, 0-based UTF-8 byte columns). line 0: unknown. */
typedef struct IrLoc {
    const char *file;
    int line, col, end_line, end_col;
} IrLoc;

/* A constant's bits: i for signed types, u for unsigned, f for floats. */
typedef union IrConst {
    int64_t i;
    uint64_t u;
    double f;
} IrConst;

typedef struct IrStmt IrStmt;
typedef struct IrBlock IrBlock;

/* One entry of a print statement: a string literal (str != NULL) or the next
 * operand; fmt is the optional format spec after ':' (NULL when absent). */
typedef struct IrPrintItem {
    const char *str;
    size_t len;
    const char *fmt;
} IrPrintItem;

struct IrBlock {
    IrStmt *first, *last;
    IrStmt *parent;     /* the container that owns it; NULL for the root */
};

struct IrStmt {
    IrKind kind;
    IrType type;        /* result type; IR_VOID when it yields nothing */
    bool erased;        /* removed by ir_erase: any remaining use is a bug */
    int id;             /* the $N printed */
    IrLoc loc;
    IrBlock *block;     /* the block that holds it; NULL when detached */
    IrStmt *prev, *next;
    IrStmt **ops;       /* the values it uses, in the order printed */
    int nops;
    IrBlock *blocks[IR_MAX_BLOCKS];
    /* loop_index: the loop whose index it reads; break / continue: the loop
     * they leave or restart (NULL: the innermost). Not an operand: a loop
     * yields no value, and the reference points outward, not backward. */
    IrStmt *loop;
    union {
        IrConst val;                    /* const */
        int arg;                        /* arg_load: argument position */
        IrUnaryOp unary;                /* unary; casts target ->type */
        IrBinaryOp binary;
        IrAtomicOp atomic;
        int index;                      /* loop_index: which index */
        size_t tmp_offset;              /* global_tmp: byte offset */
        const char *text;               /* assert: message; internal_call: name */
        struct {                        /* global_ptr: ops are the indices */
            const IrSNode *snode;
            bool activate;
        } ptr;
        struct {                        /* range_for: ops are begin, end */
            bool reversed;
            bool serialize;             /* ti.loop_config(serialize=True) */
            int block_dim;              /* 0: adaptive */
        } range;
        struct {
            const IrSNode *snode;
            int block_dim;
        } sfor;
        struct {
            IrPrintItem *items;
            int nitems;
        } print;
        struct {                        /* offloaded task */
            IrTaskType type;
            const IrSNode *snode;       /* struct_for */
            bool const_begin, const_end;
            bool reversed;
            int32_t begin_value, end_value;     /* when const_* */
            uint32_t begin_offset, end_offset;  /* else global tmp offsets */
            int grid_dim, block_dim;
        } task;
    } u;
};

typedef struct IrKernel {
    Arena arena;
    const char *name;
    IrType *arg_types;
    int nargs;
    IrType *ret_types;  /* kernels return at most one; inlined funcs more */
    int nrets;
    IrBlock *root;
    int next_id;
    bool oom;
    /* builder state: new statements go before cur_before, or at the end of
     * cur_block when cur_before is NULL, and carry loc */
    IrBlock *cur_block;
    IrStmt *cur_before;
    IrLoc loc;
} IrKernel;

/* ---- kernels */

/* A new empty kernel (the cursor at the end of its root block); NULL when
 * out of memory. The name and type arrays are copied. */
IrKernel *ir_kernel_new(const char *name, const IrType *arg_types, int nargs,
                        const IrType *ret_types, int nrets);
void ir_kernel_free(IrKernel *k);

/* Source location stamped on the statements built from now on; the file
 * name is copied into the kernel's arena. */
void ir_set_loc(IrKernel *k, IrLoc loc);

/* Number every statement 0.. in print order; k->next_id becomes the count. */
void ir_renumber(IrKernel *k);

/* ---- the builder's cursor */

typedef struct IrCursor {
    IrBlock *block;
    IrStmt *before;
} IrCursor;

/* Move the cursor, returning where it was for ir_leave. ir_enter: the end of
 * block b; ir_at_before / ir_at_after: next to statement s (s in a block).
 * A cursor before a statement follows it when it moves; once that statement
 * is detached or erased the builder returns NULL until the cursor moves. */
IrCursor ir_enter(IrKernel *k, IrBlock *b);
IrCursor ir_at_before(IrKernel *k, IrStmt *s);
IrCursor ir_at_after(IrKernel *k, IrStmt *s);
void ir_leave(IrKernel *k, IrCursor saved);

/* ---- builder: each creates one statement at the cursor and returns it (NULL
 * when out of memory or when an operand is NULL). Arrays are copied. */

IrStmt *ir_const_i(IrKernel *k, IrType t, int64_t v);   /* signed types */
IrStmt *ir_const_u(IrKernel *k, IrType t, uint64_t v);  /* unsigned types */
IrStmt *ir_const_f(IrKernel *k, IrType t, double v);    /* float types */
IrStmt *ir_arg_load(IrKernel *k, int arg);              /* type from the kernel */
IrStmt *ir_rand(IrKernel *k, IrType t);                 /* ti.random(t) */
IrStmt *ir_unary(IrKernel *k, IrUnaryOp op, IrStmt *x); /* not for casts */
/* op is cast_value (convert the value) or cast_bits (reinterpret the bits). */
IrStmt *ir_cast(IrKernel *k, IrUnaryOp op, IrType to, IrStmt *x);
IrStmt *ir_binary(IrKernel *k, IrBinaryOp op, IrStmt *a, IrStmt *b);
IrStmt *ir_select(IrKernel *k, IrStmt *cond, IrStmt *a, IrStmt *b);
IrStmt *ir_alloca(IrKernel *k, IrType t);               /* yields *t */
IrStmt *ir_local_load(IrKernel *k, IrStmt *var);
IrStmt *ir_local_store(IrKernel *k, IrStmt *var, IrStmt *val);
/* A pointer to one element of a place SNode: yields *snode->dtype. */
IrStmt *ir_global_ptr(IrKernel *k, const IrSNode *sn, IrStmt *const *indices, int n);
IrStmt *ir_global_load(IrKernel *k, IrStmt *ptr);
IrStmt *ir_global_store(IrKernel *k, IrStmt *ptr, IrStmt *val);
/* A pointer to element (indices) of an external array: a host buffer of
 * elem values, row-major, whose base address (a u64) and extents (i32 each)
 * are kernel arguments. ops: base, the n indices, the n extents; yields *elem.
 * n is 1..IR_EXTERNAL_MAX_DIMS. */
enum { IR_EXTERNAL_MAX_DIMS = 8 };
IrStmt *ir_external_ptr(IrKernel *k, IrType elem, IrStmt *base, IrStmt *const *indices,
                        IrStmt *const *extents, int n);
static inline int ir_external_dims(const IrStmt *s) { return (s->nops - 1) / 2; }
/* ptr: a global_ptr, external_ptr or an alloca; yields the old value. */
IrStmt *ir_atomic(IrKernel *k, IrAtomicOp op, IrStmt *ptr, IrStmt *val);
IrStmt *ir_global_tmp(IrKernel *k, IrType t, size_t offset);   /* yields *t */
IrStmt *ir_loop_index(IrKernel *k, IrStmt *loop, int index);   /* i32 */

/* Containers: the child blocks are created empty; enter them to fill them. */
IrStmt *ir_if(IrKernel *k, IrStmt *cond);
IrStmt *ir_range_for(IrKernel *k, IrStmt *begin, IrStmt *end);
IrStmt *ir_struct_for(IrKernel *k, const IrSNode *sn);
IrStmt *ir_while(IrKernel *k);
IrStmt *ir_offloaded(IrKernel *k, IrTaskType type);

IrStmt *ir_while_control(IrKernel *k, IrStmt *cond);  /* leave the while if cond == 0 */
IrStmt *ir_continue(IrKernel *k, IrStmt *loop);       /* loop NULL: innermost */
IrStmt *ir_break(IrKernel *k, IrStmt *loop);
IrStmt *ir_return(IrKernel *k, IrStmt *const *values, int n);

/* One argument of a print: a value (with an optional format spec such as
 * ".2f") or a string literal of len bytes. */
typedef struct IrPrintArg {
    IrStmt *value;
    const char *str;
    size_t len;
    const char *fmt;
} IrPrintArg;

IrStmt *ir_print_stmt(IrKernel *k, const IrPrintArg *args, int n);
/* text: the message, with Taichi's %d / %f placeholders for args. */
IrStmt *ir_assert(IrKernel *k, IrStmt *cond, const char *text,
                  IrStmt *const *args, int n);
/* A call of a runtime helper by name; t is its result type or IR_VOID. */
IrStmt *ir_internal_call(IrKernel *k, IrType t, const char *name,
                         IrStmt *const *args, int n);

/* ---- block surgery (for passes). A statement is in at most one block. */

/* Put detached statement s into b before `before` (NULL: at the end). */
void ir_insert(IrBlock *b, IrStmt *before, IrStmt *s);
void ir_insert_before(IrStmt *pos, IrStmt *s);
void ir_insert_after(IrStmt *pos, IrStmt *s);
/* Unlink s from its block, keeping it (and its children) for reinsertion. */
void ir_detach(IrStmt *s);
/* Unlink s for good. Its uses must already be gone (ir_replace_uses). */
void ir_erase(IrStmt *s);
/* Detach s and insert it into b before `before` (NULL: at the end). */
void ir_move(IrStmt *s, IrBlock *b, IrStmt *before);
/* Move every statement of src, in order, into dst before `before`. */
void ir_splice(IrBlock *dst, IrStmt *before, IrBlock *src);

/* ---- uses (by scanning; see the top of this file) */

/* Make every use of old (operands and loop references) use new instead;
 * returns how many were replaced. */
int ir_replace_uses(IrKernel *k, const IrStmt *old, IrStmt *new_stmt);
/* Replace the uses of old with new_stmt, then erase old. */
void ir_replace_with(IrKernel *k, IrStmt *old, IrStmt *new_stmt);
int ir_count_uses(const IrKernel *k, const IrStmt *s);
/* counts[id] = the number of uses of the statement with that id, for every
 * id below k->next_id (counts has that many entries). */
void ir_use_counts(const IrKernel *k, int *counts);

/* Call fn on every statement under b, parents before their children. fn may
 * detach or erase the statement it is given (its children are then skipped),
 * but no other. */
void ir_walk(IrBlock *b, void (*fn)(IrStmt *s, void *ctx), void *ctx);

/* ---- printer and verifier */

/* Append print_ir's text for the kernel to out (out->oom on failure). */
void ir_print(StrBuf *out, const IrKernel *k);

/* Check the invariants every pass must keep (operands defined before use in
 * the same or an enclosing block, operand types, loop references, parent
 * links, no statement twice). On failure write one message naming the
 * offending statement to err and return false. */
bool ir_verify(const IrKernel *k, char *err, size_t errcap);

#endif

/* Kernel IR construction and mutation: the type and kind tables, the builder
 * and its cursor, block surgery, and the use scans that passes rely on. */
#include "ir.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* ---- tables */

static const struct {
    const char *name, *ptr_name;
    int bits;
    char cls;
} type_info[] = {
#define X(id, name, bits, cls) {name, "*" name, bits, cls},
    IR_TYPES(X)
#undef X
};

static const struct {
    const char *name;
    int nops, nblocks;
    IrEffect effect;
} kind_info[] = {
#define X(id, name, nops, nblocks, effect) {name, nops, nblocks, effect},
    IR_STMTS(X)
#undef X
};

#define OP_TABLE(table, list)               \
    static const struct {                   \
        const char *name;                   \
        char cls;                           \
    } table[] = {list(OP_ROW)};
#define OP_ROW(name, cls) {#name, cls},
OP_TABLE(unary_info, IR_UNARY_OPS)
OP_TABLE(binary_info, IR_BINARY_OPS)
OP_TABLE(atomic_info, IR_ATOMIC_OPS)
#undef OP_ROW
#undef OP_TABLE

static const char *const task_names[] = {
#define X(name) #name,
    IR_TASK_TYPES(X)
#undef X
};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static bool prim_ok(IrType t) { return ir_pointee(t) < IR_NUM_PRIM_TYPES; }

const char *ir_type_name(IrType t)
{
    if (!prim_ok(t)) return "?";
    return ir_type_is_ptr(t) ? type_info[ir_pointee(t)].ptr_name : type_info[t].name;
}

int ir_type_bits(IrType t) { return ir_type_is_ptr(t) || !prim_ok(t) ? 0 : type_info[t].bits; }

static char type_class(IrType t) { return ir_type_is_ptr(t) || !prim_ok(t) ? 0 : type_info[t].cls; }

bool ir_type_is_int(IrType t) { return type_class(t) == 'i' || type_class(t) == 'u'; }
bool ir_type_is_signed(IrType t) { return type_class(t) == 'i'; }
bool ir_type_is_float(IrType t) { return type_class(t) == 'f'; }

IrType ir_type_promote(IrType a, IrType b)
{
    if (a == b || !type_class(a) || !type_class(b)) return a;
    bool fa = ir_type_is_float(a), fb = ir_type_is_float(b);
    if (fa != fb) return fa ? a : b;
    int ba = ir_type_bits(a), bb = ir_type_bits(b);
    if (ba != bb) return ba > bb ? a : b;
    return ir_type_is_signed(a) ? b : a;
}

const char *ir_unary_op_name(IrUnaryOp op) { return op < COUNT(unary_info) ? unary_info[op].name : "?"; }
const char *ir_binary_op_name(IrBinaryOp op) { return op < COUNT(binary_info) ? binary_info[op].name : "?"; }
const char *ir_atomic_op_name(IrAtomicOp op) { return op < COUNT(atomic_info) ? atomic_info[op].name : "?"; }
const char *ir_task_type_name(IrTaskType t) { return t < COUNT(task_names) ? task_names[t] : "?"; }
char ir_unary_op_class(IrUnaryOp op) { return op < COUNT(unary_info) ? unary_info[op].cls : 0; }
char ir_binary_op_class(IrBinaryOp op) { return op < COUNT(binary_info) ? binary_info[op].cls : 0; }
char ir_atomic_op_class(IrAtomicOp op) { return op < COUNT(atomic_info) ? atomic_info[op].cls : 0; }

const char *ir_kind_name(IrKind kind) { return kind < COUNT(kind_info) ? kind_info[kind].name : "?"; }
int ir_kind_operands(IrKind kind) { return kind_info[kind].nops; }
int ir_kind_blocks(IrKind kind) { return kind_info[kind].nblocks; }
IrEffect ir_kind_effect(IrKind kind) { return kind_info[kind].effect; }

/* ---- kernels */

static void *kalloc(IrKernel *k, size_t size)
{
    if (k->oom) return NULL;
    void *p = arena_alloc(&k->arena, size);
    if (!p) k->oom = true;
    return p;
}

static char *kstrdup(IrKernel *k, const char *s, size_t len)
{
    char *p = kalloc(k, len + 1);
    if (p) memcpy(p, s, len);
    return p;
}

static IrType *copy_types(IrKernel *k, const IrType *types, int n)
{
    IrType *p = kalloc(k, (size_t)(n > 0 ? n : 1) * sizeof *p);
    if (p && n > 0) memcpy(p, types, (size_t)n * sizeof *p);
    return p;
}

static IrBlock *new_block(IrKernel *k, IrStmt *parent)
{
    IrBlock *b = kalloc(k, sizeof *b);
    if (b) b->parent = parent;
    return b;
}

IrKernel *ir_kernel_new(const char *name, const IrType *arg_types, int nargs,
                        const IrType *ret_types, int nrets)
{
    Arena a;
    arena_init(&a);
    IrKernel *k = arena_alloc(&a, sizeof *k);
    if (!k) {
        arena_free(&a);
        return NULL;
    }
    /* The kernel lives in its own arena: from here on allocate through k. */
    k->arena = a;
    k->name = kstrdup(k, name, strlen(name));
    k->arg_types = copy_types(k, arg_types, nargs);
    k->nargs = nargs;
    k->ret_types = copy_types(k, ret_types, nrets);
    k->nrets = nrets;
    k->root = new_block(k, NULL);
    k->cur_block = k->root;
    if (k->oom) {
        ir_kernel_free(k);
        return NULL;
    }
    return k;
}

void ir_kernel_free(IrKernel *k)
{
    if (!k) return;
    Arena a = k->arena;  /* k itself is in the arena */
    arena_free(&a);
}

void ir_set_loc(IrKernel *k, IrLoc loc)
{
    if (loc.file) {
        if (k->loc.file && strcmp(k->loc.file, loc.file) == 0)
            loc.file = k->loc.file;
        else
            loc.file = kstrdup(k, loc.file, strlen(loc.file));
    }
    k->loc = loc;
}

static void renumber_one(IrStmt *s, void *ctx)
{
    IrKernel *k = ctx;
    s->id = k->next_id++;
}

void ir_renumber(IrKernel *k)
{
    k->next_id = 0;
    ir_walk(k->root, renumber_one, k);
}

/* ---- cursor */

IrCursor ir_enter(IrKernel *k, IrBlock *b)
{
    IrCursor old = {k->cur_block, k->cur_before};
    k->cur_block = b;
    k->cur_before = NULL;
    return old;
}

IrCursor ir_at_before(IrKernel *k, IrStmt *s)
{
    IrCursor old = {k->cur_block, k->cur_before};
    k->cur_block = s ? s->block : NULL;
    k->cur_before = s;
    return old;
}

IrCursor ir_at_after(IrKernel *k, IrStmt *s)
{
    IrCursor old = {k->cur_block, k->cur_before};
    k->cur_block = s ? s->block : NULL;
    k->cur_before = s ? s->next : NULL;
    return old;
}

void ir_leave(IrKernel *k, IrCursor saved)
{
    k->cur_block = saved.block;
    k->cur_before = saved.before;
}

/* ---- block surgery */

void ir_insert(IrBlock *b, IrStmt *before, IrStmt *s)
{
    s->block = b;
    s->next = before;
    s->prev = before ? before->prev : b->last;
    if (s->prev)
        s->prev->next = s;
    else
        b->first = s;
    if (before)
        before->prev = s;
    else
        b->last = s;
}

void ir_insert_before(IrStmt *pos, IrStmt *s) { ir_insert(pos->block, pos, s); }

void ir_insert_after(IrStmt *pos, IrStmt *s) { ir_insert(pos->block, pos->next, s); }

void ir_detach(IrStmt *s)
{
    IrBlock *b = s->block;
    if (!b) return;
    if (s->prev)
        s->prev->next = s->next;
    else
        b->first = s->next;
    if (s->next)
        s->next->prev = s->prev;
    else
        b->last = s->prev;
    s->block = NULL;
    s->prev = s->next = NULL;
}

void ir_erase(IrStmt *s)
{
    ir_detach(s);
    s->erased = true;
}

void ir_move(IrStmt *s, IrBlock *b, IrStmt *before)
{
    ir_detach(s);
    ir_insert(b, before, s);
}

void ir_splice(IrBlock *dst, IrStmt *before, IrBlock *src)
{
    while (src->first) ir_move(src->first, dst, before);
}

/* ---- builder */

/* Create a statement of `kind` with the given operands at the cursor. */
static IrStmt *emit(IrKernel *k, IrKind kind, IrType type, IrStmt *const *ops, int nops)
{
    /* A cursor before a statement that has since left its block points
     * nowhere; building there would corrupt the list. */
    if (k->oom || !k->cur_block || (k->cur_before && k->cur_before->block != k->cur_block))
        return NULL;
    for (int i = 0; i < nops; i++)
        if (!ops[i]) return NULL;
    IrStmt *s = kalloc(k, sizeof *s);
    if (!s) return NULL;
    if (nops > 0) {
        s->ops = kalloc(k, (size_t)nops * sizeof *s->ops);
        if (!s->ops) return NULL;
        memcpy(s->ops, ops, (size_t)nops * sizeof *s->ops);
    }
    s->nops = nops;
    for (int i = 0; i < ir_kind_blocks(kind); i++)
        if (!(s->blocks[i] = new_block(k, s))) return NULL;
    s->kind = kind;
    s->type = type;
    s->id = k->next_id++;
    s->loc = k->loc;
    ir_insert(k->cur_block, k->cur_before, s);
    return s;
}

double ir_flush_denormal(IrType t, double v)
{
    double min = t == IR_F64 ? DBL_MIN : t == IR_F32 ? FLT_MIN : 0;
    return fabs(v) < min ? copysign(0.0, v) : v;
}

/* Bring a constant to the canonical form of type t: integers wrapped to the
 * type's width (sign-extended for signed types), f32 / f16 rounded to float,
 * denormals flushed (Taichi's kernels see 1e-45 as 0), so that passes can
 * compare and fold constants bit for bit. `from` says which member of v
 * holds the input. */
static IrConst canon_const(IrType t, IrConst v, char from)
{
    IrConst r = {.u = 0};
    if (ir_type_is_float(t)) {
        r.f = from == 'f' ? v.f : from == 'i' ? (double)v.i : (double)v.u;
        if (t != IR_F64) r.f = (double)(float)r.f;
        r.f = ir_flush_denormal(t, r.f);
        return r;
    }
    uint64_t x;
    if (from == 'f')
        x = v.f > -9.2e18 && v.f < 9.2e18 ? (uint64_t)(int64_t)v.f : 0;
    else
        x = from == 'i' ? (uint64_t)v.i : v.u;
    int bits = ir_type_bits(t);
    if (bits > 0 && bits < 64) {
        uint64_t mask = ((uint64_t)1 << bits) - 1;
        x &= mask;
        if (ir_type_is_signed(t) && (x >> (bits - 1)) & 1) x |= ~mask;
    }
    r.u = x;
    return r;
}

static IrStmt *emit_const(IrKernel *k, IrType t, IrConst v, char from)
{
    IrStmt *s = emit(k, IR_CONST, t, NULL, 0);
    if (s) s->u.val = canon_const(t, v, from);
    return s;
}

IrStmt *ir_const_i(IrKernel *k, IrType t, int64_t v) { return emit_const(k, t, (IrConst){.i = v}, 'i'); }
IrStmt *ir_const_u(IrKernel *k, IrType t, uint64_t v) { return emit_const(k, t, (IrConst){.u = v}, 'u'); }
IrStmt *ir_const_f(IrKernel *k, IrType t, double v) { return emit_const(k, t, (IrConst){.f = v}, 'f'); }

IrStmt *ir_arg_load(IrKernel *k, int arg)
{
    IrType t = arg >= 0 && arg < k->nargs ? k->arg_types[arg] : IR_VOID;
    IrStmt *s = emit(k, IR_ARG_LOAD, t, NULL, 0);
    if (s) s->u.arg = arg;
    return s;
}

IrStmt *ir_rand(IrKernel *k, IrType t) { return emit(k, IR_RAND, t, NULL, 0); }

IrStmt *ir_unary(IrKernel *k, IrUnaryOp op, IrStmt *x)
{
    if (!x) return NULL;
    IrStmt *s = emit(k, IR_UNARY, ir_unary_op_class(op) == 'L' ? IR_U1 : x->type, &x, 1);
    if (s) s->u.unary = op;
    return s;
}

IrStmt *ir_cast(IrKernel *k, IrUnaryOp op, IrType to, IrStmt *x)
{
    IrStmt *s = emit(k, IR_UNARY, to, &x, 1);
    if (s) s->u.unary = op;
    return s;
}

IrStmt *ir_binary(IrKernel *k, IrBinaryOp op, IrStmt *a, IrStmt *b)
{
    if (!a || !b) return NULL;
    char cls = ir_binary_op_class(op);
    IrType t = cls == 'C' || cls == 'L' ? IR_U1 : ir_type_promote(a->type, b->type);
    IrStmt *ops[2] = {a, b};
    IrStmt *s = emit(k, IR_BINARY, t, ops, 2);
    if (s) s->u.binary = op;
    return s;
}

IrStmt *ir_select(IrKernel *k, IrStmt *cond, IrStmt *a, IrStmt *b)
{
    if (!a || !b) return NULL;
    IrStmt *ops[3] = {cond, a, b};
    return emit(k, IR_SELECT, ir_type_promote(a->type, b->type), ops, 3);
}

IrStmt *ir_alloca(IrKernel *k, IrType t) { return emit(k, IR_ALLOCA, ir_ptr_to(t), NULL, 0); }

IrStmt *ir_local_load(IrKernel *k, IrStmt *var)
{
    return var ? emit(k, IR_LOCAL_LOAD, ir_pointee(var->type), &var, 1) : NULL;
}

IrStmt *ir_local_store(IrKernel *k, IrStmt *var, IrStmt *val)
{
    IrStmt *ops[2] = {var, val};
    return emit(k, IR_LOCAL_STORE, IR_VOID, ops, 2);
}

IrStmt *ir_global_ptr(IrKernel *k, const IrSNode *sn, IrStmt *const *indices, int n)
{
    if (!sn) return NULL;
    IrStmt *s = emit(k, IR_GLOBAL_PTR, ir_ptr_to(sn->dtype), indices, n);
    if (s) {
        s->u.ptr.snode = sn;
        s->u.ptr.activate = true;
    }
    return s;
}

IrStmt *ir_external_ptr(IrKernel *k, IrType elem, IrStmt *base, IrStmt *const *indices,
                        IrStmt *const *extents, int n)
{
    if (n < 1 || n > IR_EXTERNAL_MAX_DIMS) return NULL;
    IrStmt *ops[1 + 2 * IR_EXTERNAL_MAX_DIMS];
    ops[0] = base;
    for (int i = 0; i < n; i++) {
        ops[1 + i] = indices[i];
        ops[1 + n + i] = extents[i];
    }
    return emit(k, IR_EXTERNAL_PTR, ir_ptr_to(elem), ops, 1 + 2 * n);
}

IrStmt *ir_global_load(IrKernel *k, IrStmt *ptr)
{
    return ptr ? emit(k, IR_GLOBAL_LOAD, ir_pointee(ptr->type), &ptr, 1) : NULL;
}

IrStmt *ir_global_store(IrKernel *k, IrStmt *ptr, IrStmt *val)
{
    IrStmt *ops[2] = {ptr, val};
    return emit(k, IR_GLOBAL_STORE, IR_VOID, ops, 2);
}

IrStmt *ir_atomic(IrKernel *k, IrAtomicOp op, IrStmt *ptr, IrStmt *val)
{
    if (!ptr) return NULL;
    IrStmt *ops[2] = {ptr, val};
    IrStmt *s = emit(k, IR_ATOMIC_OP, ir_pointee(ptr->type), ops, 2);
    if (s) s->u.atomic = op;
    return s;
}

IrStmt *ir_global_tmp(IrKernel *k, IrType t, size_t offset)
{
    IrStmt *s = emit(k, IR_GLOBAL_TMP, ir_ptr_to(t), NULL, 0);
    if (s) s->u.tmp_offset = offset;
    return s;
}

IrStmt *ir_loop_index(IrKernel *k, IrStmt *loop, int index)
{
    if (!loop) return NULL;
    IrStmt *s = emit(k, IR_LOOP_INDEX, IR_I32, NULL, 0);
    if (s) {
        s->loop = loop;
        s->u.index = index;
    }
    return s;
}

IrStmt *ir_if(IrKernel *k, IrStmt *cond) { return emit(k, IR_IF, IR_VOID, &cond, 1); }

IrStmt *ir_range_for(IrKernel *k, IrStmt *begin, IrStmt *end)
{
    IrStmt *ops[2] = {begin, end};
    return emit(k, IR_RANGE_FOR, IR_VOID, ops, 2);
}

IrStmt *ir_struct_for(IrKernel *k, const IrSNode *sn)
{
    if (!sn) return NULL;
    IrStmt *s = emit(k, IR_STRUCT_FOR, IR_VOID, NULL, 0);
    if (s) s->u.sfor.snode = sn;
    return s;
}

IrStmt *ir_while(IrKernel *k) { return emit(k, IR_WHILE, IR_VOID, NULL, 0); }

IrStmt *ir_offloaded(IrKernel *k, IrTaskType type)
{
    IrStmt *s = emit(k, IR_OFFLOADED, IR_VOID, NULL, 0);
    if (s) s->u.task.type = type;
    return s;
}

IrStmt *ir_while_control(IrKernel *k, IrStmt *cond) { return emit(k, IR_WHILE_CONTROL, IR_VOID, &cond, 1); }

IrStmt *ir_continue(IrKernel *k, IrStmt *loop)
{
    IrStmt *s = emit(k, IR_CONTINUE, IR_VOID, NULL, 0);
    if (s) s->loop = loop;
    return s;
}

IrStmt *ir_break(IrKernel *k, IrStmt *loop)
{
    IrStmt *s = emit(k, IR_BREAK, IR_VOID, NULL, 0);
    if (s) s->loop = loop;
    return s;
}

IrStmt *ir_return(IrKernel *k, IrStmt *const *values, int n) { return emit(k, IR_RETURN, IR_VOID, values, n); }

IrStmt *ir_print_stmt(IrKernel *k, const IrPrintArg *args, int n)
{
    IrStmt *stack_ops[16];
    IrStmt **ops = n <= 16 ? stack_ops : kalloc(k, (size_t)n * sizeof *ops);
    IrPrintItem *items = kalloc(k, (size_t)(n > 0 ? n : 1) * sizeof *items);
    if (!ops || !items) return NULL;
    int nops = 0;
    for (int i = 0; i < n; i++) {
        if (args[i].str) {
            items[i].str = kstrdup(k, args[i].str, args[i].len);
            items[i].len = args[i].len;
        } else {
            if (!args[i].value) return NULL;
            ops[nops++] = args[i].value;
        }
        if (args[i].fmt) items[i].fmt = kstrdup(k, args[i].fmt, strlen(args[i].fmt));
    }
    IrStmt *s = emit(k, IR_PRINT, IR_VOID, ops, nops);
    if (s) {
        s->u.print.items = items;
        s->u.print.nitems = n;
    }
    return s;
}

/* A statement whose operands are first then rest[0..n): assert's condition
 * and arguments. Operands are staged on the stack when few, in the arena
 * otherwise (emit copies them either way). */
static IrStmt *emit_with_lead(IrKernel *k, IrKind kind, IrType t, IrStmt *first,
                              IrStmt *const *rest, int n)
{
    IrStmt *stack_ops[16];
    IrStmt **ops = n + 1 <= 16 ? stack_ops : kalloc(k, (size_t)(n + 1) * sizeof *ops);
    if (!ops) return NULL;
    ops[0] = first;
    if (n > 0) memcpy(ops + 1, rest, (size_t)n * sizeof *ops);
    return emit(k, kind, t, ops, n + 1);
}

IrStmt *ir_assert(IrKernel *k, IrStmt *cond, const char *text, IrStmt *const *args, int n)
{
    IrStmt *s = emit_with_lead(k, IR_ASSERT, IR_VOID, cond, args, n);
    if (s) s->u.text = kstrdup(k, text, strlen(text));
    return s;
}

IrStmt *ir_internal_call(IrKernel *k, IrType t, const char *name, IrStmt *const *args, int n)
{
    IrStmt *s = emit(k, IR_INTERNAL_CALL, t, args, n);
    if (s) s->u.text = kstrdup(k, name, strlen(name));
    return s;
}

/* ---- walking and uses */

void ir_walk(IrBlock *b, void (*fn)(IrStmt *s, void *ctx), void *ctx)
{
    IrStmt *s = b->first;
    while (s) {
        IrStmt *next = s->next;
        fn(s, ctx);
        if (s->block == b) {
            for (int i = 0; i < IR_MAX_BLOCKS; i++)
                if (s->blocks[i]) ir_walk(s->blocks[i], fn, ctx);
            next = s->next;   /* fn may have inserted after s */
        }
        s = next;
    }
}

typedef struct {
    const IrStmt *old;
    IrStmt *new_stmt;
    int count;
} ReplaceCtx;

static void replace_one(IrStmt *s, void *ctx)
{
    ReplaceCtx *r = ctx;
    for (int i = 0; i < s->nops; i++)
        if (s->ops[i] == r->old) {
            s->ops[i] = r->new_stmt;
            r->count++;
        }
    if (s->loop && s->loop == r->old) {
        s->loop = r->new_stmt;
        r->count++;
    }
}

int ir_replace_uses(IrKernel *k, const IrStmt *old, IrStmt *new_stmt)
{
    ReplaceCtx r = {old, new_stmt, 0};
    ir_walk(k->root, replace_one, &r);
    return r.count;
}

void ir_replace_with(IrKernel *k, IrStmt *old, IrStmt *new_stmt)
{
    ir_replace_uses(k, old, new_stmt);
    ir_erase(old);
}

/* The counting scans share ir_walk with the mutating ones; they only read. */
typedef struct {
    const IrStmt *target;
    int count;
} CountCtx;

static void count_one(IrStmt *s, void *ctx)
{
    CountCtx *c = ctx;
    for (int i = 0; i < s->nops; i++) c->count += s->ops[i] == c->target;
    c->count += s->loop && s->loop == c->target;
}

int ir_count_uses(const IrKernel *k, const IrStmt *s)
{
    CountCtx c = {s, 0};
    ir_walk(k->root, count_one, &c);
    return c.count;
}

typedef struct {
    int *counts;
    int n;
} CountsCtx;

static void bump(CountsCtx *c, const IrStmt *used)
{
    if (used && used->id >= 0 && used->id < c->n) c->counts[used->id]++;
}

static void counts_one(IrStmt *s, void *ctx)
{
    CountsCtx *c = ctx;
    for (int i = 0; i < s->nops; i++) bump(c, s->ops[i]);
    bump(c, s->loop);
}

void ir_use_counts(const IrKernel *k, int *counts)
{
    CountsCtx c = {counts, k->next_id};
    memset(counts, 0, (size_t)(k->next_id > 0 ? k->next_id : 0) * sizeof *counts);
    ir_walk(k->root, counts_one, &c);
}

/* Memory in the code generator: field element addresses (dense SNode layouts with
 * their constants folded in), global temporaries, loads and stores (f16 in memory,
 * f32 in registers), atomics, and the thread-local reductions that turn a range_for
 * task's loop-invariant atomics into one register per chunk. */
#include "codegen_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/snode.h"

/* The base of tree `id`'s buffer, loaded once in the entry block. */
static LLVMValueRef tree_base(Cg *g, int id)
{
    if (id >= g->nroots) {
        int n = id + 8;
        LLVMValueRef *r = realloc(g->roots, (size_t)n * sizeof *r);
        if (!r)
            return NULL;
        memset(r + g->nroots, 0, (size_t)(n - g->nroots) * sizeof *r);
        g->roots = r;
        g->nroots = n;
    }
    if (!g->roots[id]) {
        LLVMValueRef table =
            LLVMBuildLoad2(g->eb, g->ptr, jit_cg_ctx_field(g, g->eb, offsetof(JitContext, roots)), "roots");
        LLVMValueRef o = jit_cg_i64(g, (uint64_t)id * sizeof(void *));
        LLVMValueRef at = LLVMBuildGEP2(g->eb, g->i8, table, &o, 1, "");
        g->roots[id] = LLVMBuildLoad2(g->eb, g->ptr, at, "tree");
    }
    return g->roots[id];
}

static LLVMValueRef tmps_base(Cg *g)
{
    if (!g->tmps)
        g->tmps = LLVMBuildLoad2(g->eb, g->ptr, jit_cg_ctx_field(g, g->eb, offsetof(JitContext, tmps)), "tmps");
    return g->tmps;
}

/* The element address of s (a global_ptr) at virtual indices idx (i64), built
 * with b: ir/snode.h's formula with the layout's constants folded in. A level's
 * digit needs no division where the divisor is 1 and no remainder at the index's
 * outermost level (an in-bounds index is already below it). NULL on error. */
static LLVMValueRef place_address(Cg *g, LLVMBuilderRef b, const IrStmt *s, LLVMValueRef const *idx)
{
    const IrSNodeNode *p = (const IrSNodeNode *)s->u.ptr.snode;
    if (p->kind != IR_SNODE_PLACE || !p->tree || !p->tree->materialized) {
        jit_cg_fail(g, s, "%s is not a place of a materialized tree", p->ir.name);
        return NULL;
    }
    LLVMValueRef phys[IR_SNODE_MAX_INDICES] = {0};
    for (int k = 0; k < s->nops; k++)
        phys[p->physical_index_position[k]] = idx[k];
    uint64_t konst = p->offset;
    LLVMValueRef off = NULL;
    for (int l = 0; l < p->num_levels; l++) {
        const IrSNodeLevel *L = &p->levels[l];
        konst += L->offset;
        LLVMValueRef c = NULL;
        for (int a = 0; a < L->num_axes; a++) {
            int pi = L->axes[a];
            LLVMValueRef d = phys[pi];
            if (!d) {
                jit_cg_fail(g, s, "%s has no index for axis %d", p->ir.name, pi);
                return NULL;
            }
            if (L->divisors[a] != 1)
                d = LLVMBuildUDiv(b, d, jit_cg_i64(g, (uint64_t)L->divisors[a]), "");
            if (L->divisors[a] * L->extents[a] != p->shape[pi])
                d = LLVMBuildURem(b, d, jit_cg_i64(g, (uint64_t)L->extents[a]), "");
            c = c ? LLVMBuildAdd(b, LLVMBuildMul(b, c, jit_cg_i64(g, (uint64_t)L->extents[a]), ""), d, "") : d;
        }
        if (c) {
            LLVMValueRef term = LLVMBuildMul(b, c, jit_cg_i64(g, L->cell_size), "");
            off = off ? LLVMBuildAdd(b, off, term, "") : term;
        }
    }
    off = off ? LLVMBuildAdd(b, off, jit_cg_i64(g, konst), "") : jit_cg_i64(g, konst);
    LLVMValueRef base = tree_base(g, p->tree->id);
    if (!base) {
        jit_cg_fail(g, s, "out of memory");
        return NULL;
    }
    return LLVMBuildGEP2(b, g->i8, base, &off, 1, "");
}

bool jit_cg_global_ptr(Cg *g, const IrStmt *s)
{
    LLVMValueRef idx[IR_SNODE_MAX_INDICES];
    if (s->nops > IR_SNODE_MAX_INDICES)
        return jit_cg_fail(g, s, "too many indices");
    for (int k = 0; k < s->nops; k++)
        idx[k] = LLVMBuildSExt(g->b, jit_cg_val(g, s->ops[k]), g->i64, "");
    g->vals[s->id] = place_address(g, g->b, s, idx);
    return g->vals[s->id] != NULL;
}

/* Element (i0, .., in-1) of a row-major host array: base + the linear index
 * ((i0 * e1 + i1) * e2 + ...) elements of the pointee type, in 64 bits. */
bool jit_cg_external_ptr(Cg *g, const IrStmt *s)
{
    int n = ir_external_dims(s);
    LLVMValueRef lin = NULL;
    for (int k = 0; k < n; k++) {
        LLVMValueRef i = LLVMBuildSExt(g->b, jit_cg_val(g, s->ops[1 + k]), g->i64, "");
        if (lin) {
            LLVMValueRef e = LLVMBuildSExt(g->b, jit_cg_val(g, s->ops[1 + n + k]), g->i64, "");
            lin = LLVMBuildAdd(g->b, LLVMBuildMul(g->b, lin, e, ""), i, "");
        } else {
            lin = i;
        }
    }
    LLVMValueRef base = LLVMBuildIntToPtr(g->b, jit_cg_val(g, s->ops[0]), g->ptr, "");
    g->vals[s->id] = LLVMBuildGEP2(g->b, jit_cg_mem_type(g, ir_pointee(s->type)), base, &lin, 1, "");
    return true;
}

static LLVMValueRef tmp_address(Cg *g, LLVMBuilderRef b, const IrStmt *s)
{
    size_t end = s->u.tmp_offset + (size_t)(ir_type_bits(ir_pointee(s->type)) + 7) / 8;
    if (end > g->tmp_size)
        g->tmp_size = end;
    LLVMValueRef off = jit_cg_i64(g, s->u.tmp_offset);
    return LLVMBuildGEP2(b, g->i8, tmps_base(g), &off, 1, "");
}

bool jit_cg_global_tmp(Cg *g, const IrStmt *s)
{
    g->vals[s->id] = tmp_address(g, g->b, s);
    return true;
}

/* ---- alias classes
 *
 * Two fields never share memory, nor do fields and global temporaries: each
 * place gets its own TBAA type (siblings under one root, so no two alias) and
 * the temporaries share one. Loads and stores carry their class, so a loop that
 * reads one field and writes another vectorizes without run-time overlap checks
 * (smaller code, which also compiles faster). */

static LLVMMetadataRef tbaa_node(Cg *g, const char *name, bool root)
{
    LLVMMetadataRef ops[3] = {LLVMMDStringInContext2(g->c, name, strlen(name)), g->tbaa_root,
                              LLVMValueAsMetadata(LLVMConstNull(g->i64))};
    return LLVMMDNodeInContext2(g->c, ops, root ? 1 : 3);
}

/* An access tag: the class as its own base type, at offset 0. */
static LLVMMetadataRef tbaa_tag(Cg *g, LLVMMetadataRef type)
{
    LLVMMetadataRef ops[3] = {type, type, LLVMValueAsMetadata(LLVMConstNull(g->i64))};
    return LLVMMDNodeInContext2(g->c, ops, 3);
}

/* The tag of the memory ptr (a global_ptr or global_tmp) points into; NULL for
 * anything else, which then may alias everything. */
static LLVMMetadataRef alias_class(Cg *g, const IrStmt *ptr)
{
    if (ptr->kind != IR_GLOBAL_PTR && ptr->kind != IR_GLOBAL_TMP)
        return NULL;
    if (!g->tbaa_root) {
        g->tbaa_root = tbaa_node(g, "tirun memory", true);
        g->tbaa_tmp = tbaa_tag(g, tbaa_node(g, "global temporaries", false));
    }
    if (ptr->kind == IR_GLOBAL_TMP)
        return g->tbaa_tmp;
    int id = ptr->u.ptr.snode->id;
    if (id < 0)
        return NULL;
    if (id >= g->ntbaa_place) {
        int n = id + 16;
        LLVMMetadataRef *t = realloc(g->tbaa_place, (size_t)n * sizeof *t);
        if (!t)
            return NULL;
        memset(t + g->ntbaa_place, 0, (size_t)(n - g->ntbaa_place) * sizeof *t);
        g->tbaa_place = t;
        g->ntbaa_place = n;
    }
    if (!g->tbaa_place[id])
        g->tbaa_place[id] = tbaa_tag(g, tbaa_node(g, ptr->u.ptr.snode->name, false));
    return g->tbaa_place[id];
}

static void set_alias_class(Cg *g, LLVMValueRef access, const IrStmt *ptr)
{
    LLVMMetadataRef tag = alias_class(g, ptr);
    if (tag)
        LLVMSetMetadata(access, LLVMGetMDKindIDInContext(g->c, "tbaa", 4), LLVMMetadataAsValue(g->c, tag));
}

LLVMValueRef jit_cg_load(Cg *g, const IrStmt *ptr)
{
    IrType t = ir_pointee(ptr->type);
    LLVMValueRef v = LLVMBuildLoad2(g->b, jit_cg_mem_type(g, t), jit_cg_val(g, ptr), "");
    set_alias_class(g, v, ptr);
    if (t == IR_U1)
        return LLVMBuildTrunc(g->b, v, g->i1, "");
    return t == IR_F16 ? LLVMBuildFPExt(g->b, v, g->f32, "") : v;
}

void jit_cg_store(Cg *g, const IrStmt *ptr, LLVMValueRef v)
{
    if (ir_pointee(ptr->type) == IR_F16)
        v = LLVMBuildFPTrunc(g->b, v, g->half, "");
    else if (ir_pointee(ptr->type) == IR_U1)
        v = LLVMBuildZExt(g->b, v, g->i8, "");
    set_alias_class(g, LLVMBuildStore(g->b, v, jit_cg_val(g, ptr)), ptr);
}

/* ---- atomics */

/* a op b in registers: the new value an atomic op stores. */
static LLVMValueRef combine(Cg *g, IrAtomicOp op, IrType t, LLVMValueRef a, LLVMValueRef b)
{
    bool fl = ir_type_is_float(t), sgn = ir_type_is_signed(t);
    LLVMTypeRef lt = jit_cg_reg_type(g, t);
    LLVMValueRef ab[2] = {a, b}, r;
    switch (op) {
    case IR_ATOMIC_add: r = fl ? LLVMBuildFAdd(g->b, a, b, "") : LLVMBuildAdd(g->b, a, b, ""); break;
    case IR_ATOMIC_sub: r = fl ? LLVMBuildFSub(g->b, a, b, "") : LLVMBuildSub(g->b, a, b, ""); break;
    case IR_ATOMIC_mul: r = fl ? LLVMBuildFMul(g->b, a, b, "") : LLVMBuildMul(g->b, a, b, ""); break;
    case IR_ATOMIC_min:
        r = jit_cg_intrinsic(g, fl ? "llvm.minnum" : sgn ? "llvm.smin" : "llvm.umin", lt, ab, 2);
        break;
    case IR_ATOMIC_max:
        r = jit_cg_intrinsic(g, fl ? "llvm.maxnum" : sgn ? "llvm.smax" : "llvm.umax", lt, ab, 2);
        break;
    case IR_ATOMIC_bit_and: r = LLVMBuildAnd(g->b, a, b, ""); break;
    case IR_ATOMIC_bit_or: r = LLVMBuildOr(g->b, a, b, ""); break;
    default: r = LLVMBuildXor(g->b, a, b, ""); break;
    }
    if (t == IR_F16)
        r = LLVMBuildFPExt(g->b, LLVMBuildFPTrunc(g->b, r, g->half, ""), g->f32, "");
    return r;
}

/* The atomicrmw operation for op on t; false where LLVM has none (mul). */
static bool rmw_op(IrAtomicOp op, IrType t, LLVMAtomicRMWBinOp *out)
{
    bool fl = ir_type_is_float(t), sgn = ir_type_is_signed(t);
    switch (op) {
    case IR_ATOMIC_add: *out = fl ? LLVMAtomicRMWBinOpFAdd : LLVMAtomicRMWBinOpAdd; return true;
    case IR_ATOMIC_sub: *out = fl ? LLVMAtomicRMWBinOpFSub : LLVMAtomicRMWBinOpSub; return true;
    case IR_ATOMIC_max:
        *out = fl ? LLVMAtomicRMWBinOpFMax : sgn ? LLVMAtomicRMWBinOpMax : LLVMAtomicRMWBinOpUMax;
        return true;
    case IR_ATOMIC_min:
        *out = fl ? LLVMAtomicRMWBinOpFMin : sgn ? LLVMAtomicRMWBinOpMin : LLVMAtomicRMWBinOpUMin;
        return true;
    case IR_ATOMIC_bit_and: *out = LLVMAtomicRMWBinOpAnd; return true;
    case IR_ATOMIC_bit_or: *out = LLVMAtomicRMWBinOpOr; return true;
    case IR_ATOMIC_bit_xor: *out = LLVMAtomicRMWBinOpXor; return true;
    default: return false;
    }
}

/* An atomic read-modify-write as a compare-exchange loop on the value's bits
 * (mul, which atomicrmw lacks, and everything on f16, whose arithmetic happens
 * in f32, and u1, a byte in memory). Returns the old value in its register type. */
static LLVMValueRef cas_loop(Cg *g, IrAtomicOp op, IrType t, LLVMValueRef ptr, LLVMValueRef v)
{
    LLVMTypeRef mt = jit_cg_mem_type(g, t);
    bool fl = ir_type_is_float(t);
    LLVMTypeRef bits = fl ? LLVMIntTypeInContext(g->c, (unsigned)ir_type_bits(t)) : mt;
    LLVMValueRef first = LLVMBuildLoad2(g->b, bits, ptr, "");
    LLVMSetOrdering(first, LLVMAtomicOrderingMonotonic);
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(g->b), loop = jit_cg_block(g, "cas"), done = jit_cg_block(g, "cas.done");
    LLVMBuildBr(g->b, loop);
    LLVMPositionBuilderAtEnd(g->b, loop);
    LLVMValueRef old_bits = LLVMBuildPhi(g->b, bits, "");
    LLVMValueRef old = old_bits;
    if (fl) {
        old = LLVMBuildBitCast(g->b, old_bits, mt, "");
        if (t == IR_F16)
            old = LLVMBuildFPExt(g->b, old, g->f32, "");
    } else if (t == IR_U1) {
        old = LLVMBuildTrunc(g->b, old_bits, g->i1, "");
    }
    LLVMValueRef nv = combine(g, op, t, old, v);
    if (fl)
        nv = LLVMBuildBitCast(g->b, t == IR_F16 ? LLVMBuildFPTrunc(g->b, nv, g->half, "") : nv, bits, "");
    else if (t == IR_U1)
        nv = LLVMBuildZExt(g->b, nv, bits, "");
    LLVMValueRef pair = LLVMBuildAtomicCmpXchg(g->b, ptr, old_bits, nv, LLVMAtomicOrderingSequentiallyConsistent,
                                               LLVMAtomicOrderingMonotonic, 0);
    LLVMValueRef seen = LLVMBuildExtractValue(g->b, pair, 0, "");
    LLVMBuildCondBr(g->b, LLVMBuildExtractValue(g->b, pair, 1, ""), done, loop);
    LLVMAddIncoming(old_bits, (LLVMValueRef[]){first, seen}, (LLVMBasicBlockRef[]){pre, loop}, 2);
    LLVMPositionBuilderAtEnd(g->b, done);
    return old;
}

bool jit_cg_atomic(Cg *g, const IrStmt *s)
{
    IrType t = s->type;
    const IrStmt *ptr = s->ops[0];
    LLVMValueRef p = jit_cg_val(g, ptr), v = jit_cg_val(g, s->ops[1]);
    if (g->red_of && g->red_of[s->id] >= 0) {
        LLVMValueRef acc = g->reds[g->red_of[s->id]].acc;
        LLVMTypeRef rt = jit_cg_reg_type(g, t);
        LLVMBuildStore(g->b, combine(g, s->u.atomic, t, LLVMBuildLoad2(g->b, rt, acc, ""), v), acc);
        g->vals[s->id] = LLVMGetUndef(rt);     /* a reduction's result has no uses */
        return true;
    }
    if (ptr->kind == IR_ALLOCA) {
        /* A local belongs to one thread: no atomic needed, and promotable. */
        LLVMValueRef old = LLVMBuildLoad2(g->b, jit_cg_reg_type(g, t), p, "");
        LLVMBuildStore(g->b, combine(g, s->u.atomic, t, old, v), p);
        g->vals[s->id] = old;
        return true;
    }
    /* A task that runs on one thread alone (ctx->alone) updates with a plain
     * load and store: a locked instruction costs tens of cycles, and a loop
     * of them (a particle-to-grid scatter) is otherwise bound by them. The
     * test is loop-invariant, so LLVM unswitches loops on it. */
    if (!g->alone) {
        LLVMValueRef flag =
            LLVMBuildLoad2(g->eb, g->i32, jit_cg_ctx_field(g, g->eb, offsetof(JitContext, alone)), "alone");
        g->alone = LLVMBuildICmp(g->eb, LLVMIntNE, flag, LLVMConstInt(g->i32, 0, 0), "");
    }
    LLVMBasicBlockRef plain = jit_cg_block(g, "plain"), shared = jit_cg_block(g, "shared"),
                      join = jit_cg_block(g, "updated");
    LLVMBuildCondBr(g->b, g->alone, plain, shared);
    LLVMPositionBuilderAtEnd(g->b, plain);
    LLVMValueRef old = jit_cg_load(g, ptr);
    jit_cg_store(g, ptr, combine(g, s->u.atomic, t, old, v));
    LLVMBasicBlockRef plain_end = LLVMGetInsertBlock(g->b);
    LLVMBuildBr(g->b, join);
    LLVMPositionBuilderAtEnd(g->b, shared);
    LLVMAtomicRMWBinOp op;
    if (t == IR_F16 || t == IR_U1 || !rmw_op(s->u.atomic, t, &op))
        g->vals[s->id] = cas_loop(g, s->u.atomic, t, p, v);
    else {
        /* Monotonic, as nothing in a kernel orders other memory by an atomic
         * (x86 emits the same locked instruction); with its alias class, loads
         * of other places stay forwardable across it. */
        LLVMValueRef rmw = LLVMBuildAtomicRMW(g->b, op, p, v, LLVMAtomicOrderingMonotonic, 0);
        set_alias_class(g, rmw, ptr);
        g->vals[s->id] = rmw;
    }
    LLVMBasicBlockRef shared_end = LLVMGetInsertBlock(g->b);
    LLVMBuildBr(g->b, join);
    LLVMPositionBuilderAtEnd(g->b, join);
    LLVMValueRef phi = LLVMBuildPhi(g->b, LLVMTypeOf(old), "");
    LLVMValueRef ins[2] = {old, g->vals[s->id]};
    LLVMBasicBlockRef from[2] = {plain_end, shared_end};
    LLVMAddIncoming(phi, ins, from, 2);
    g->vals[s->id] = phi;
    return true;
}

/* ---- thread-local reductions
 *
 * An atomic whose result is unused, whose op is associative (add, sub, min, max,
 * and, or, xor) and whose location is the same for every iteration (a global
 * temporary, or a field element at constant indices) can accumulate in a register
 * for the whole chunk, provided nothing else in the task touches that location:
 * no load or store, and no atomic of another kind. The exit block then combines
 * the register into memory with one atomic. sub shares add's accumulator. */

typedef struct {
    const IrStmt *s, *ptr;
    bool invariant;         /* constant location */
    bool candidate;
    uint64_t idx[IR_SNODE_MAX_INDICES];
} Access;

typedef struct {
    Access *a;
    int n, cap;
    bool oom;
} Accesses;

static void collect(Accesses *acc, const IrBlock *blk)
{
    for (const IrStmt *s = blk->first; s; s = s->next) {
        for (int b = 0; b < ir_kind_blocks(s->kind); b++)
            collect(acc, s->blocks[b]);
        if (s->kind != IR_GLOBAL_LOAD && s->kind != IR_GLOBAL_STORE && s->kind != IR_ATOMIC_OP)
            continue;
        const IrStmt *ptr = s->ops[0];
        if (ptr->kind != IR_GLOBAL_PTR && ptr->kind != IR_GLOBAL_TMP)
            continue;
        if (acc->n == acc->cap) {
            int cap = acc->cap ? 2 * acc->cap : 16;
            Access *a = realloc(acc->a, (size_t)cap * sizeof *a);
            if (!a) {
                acc->oom = true;
                return;
            }
            acc->a = a;
            acc->cap = cap;
        }
        Access *x = &acc->a[acc->n++];
        memset(x, 0, sizeof *x);
        x->s = s;
        x->ptr = ptr;
        x->invariant = true;
        if (ptr->kind == IR_GLOBAL_PTR)
            for (int k = 0; k < ptr->nops && k < IR_SNODE_MAX_INDICES; k++) {
                if (ptr->ops[k]->kind == IR_CONST)
                    x->idx[k] = ptr->ops[k]->u.val.u;
                else
                    x->invariant = false;
            }
    }
}

/* Byte range of a global temporary. */
static void tmp_range(const IrStmt *ptr, size_t *lo, size_t *hi)
{
    *lo = ptr->u.tmp_offset;
    *hi = *lo + (size_t)(ir_type_bits(ir_pointee(ptr->type)) + 7) / 8;
}

static bool same_place(const Access *a, const Access *b)
{
    return a->ptr->kind == IR_GLOBAL_PTR && b->ptr->kind == IR_GLOBAL_PTR &&
           a->ptr->u.ptr.snode == b->ptr->u.ptr.snode;
}

static bool same_location(const Access *a, const Access *b)
{
    if (a->ptr->kind != b->ptr->kind || a->ptr->type != b->ptr->type || !a->invariant || !b->invariant)
        return false;
    if (a->ptr->kind == IR_GLOBAL_TMP)
        return a->ptr->u.tmp_offset == b->ptr->u.tmp_offset;
    return same_place(a, b) && memcmp(a->idx, b->idx, sizeof a->idx) == 0;
}

static bool may_alias(const Access *a, const Access *b)
{
    if (a->ptr->kind == IR_GLOBAL_TMP && b->ptr->kind == IR_GLOBAL_TMP) {
        size_t alo, ahi, blo, bhi;
        tmp_range(a->ptr, &alo, &ahi);
        tmp_range(b->ptr, &blo, &bhi);
        return alo < bhi && blo < ahi;
    }
    if (!same_place(a, b))
        return false;
    return !a->invariant || !b->invariant || memcmp(a->idx, b->idx, sizeof a->idx) == 0;
}

static IrAtomicOp reduce_class(IrAtomicOp op) { return op == IR_ATOMIC_sub ? IR_ATOMIC_add : op; }

static bool is_candidate(Cg *g, const Access *x)
{
    const IrStmt *s = x->s;
    if (s->kind != IR_ATOMIC_OP || !x->invariant || s->type == IR_F16 || s->type == IR_U1 || g->uses[s->id] != 0)
        return false;
    switch (s->u.atomic) {
    case IR_ATOMIC_add: case IR_ATOMIC_sub: case IR_ATOMIC_min: case IR_ATOMIC_max:
    case IR_ATOMIC_bit_and: case IR_ATOMIC_bit_or: case IR_ATOMIC_bit_xor:
        return true;
    default:
        return false;
    }
}

/* The value that leaves any other unchanged under op on t. */
static LLVMValueRef identity(Cg *g, IrAtomicOp op, IrType t)
{
    LLVMTypeRef lt = jit_cg_reg_type(g, t);
    unsigned bits = (unsigned)ir_type_bits(t);
    bool sgn = ir_type_is_signed(t);
    if (ir_type_is_float(t)) {
        /* -0.0 for add: x + -0.0 is x for every x, -0.0 included. */
        return LLVMConstReal(lt, op == IR_ATOMIC_min ? INFINITY : op == IR_ATOMIC_max ? -INFINITY : -0.0);
    }
    uint64_t top = UINT64_C(1) << (bits - 1);
    switch (op) {
    case IR_ATOMIC_min: return sgn ? LLVMConstInt(lt, top - 1, 0) : LLVMConstAllOnes(lt);
    case IR_ATOMIC_max: return sgn ? LLVMConstInt(lt, top, 0) : LLVMConstNull(lt);
    case IR_ATOMIC_bit_and: return LLVMConstAllOnes(lt);
    default: return LLVMConstNull(lt);
    }
}

/* Marks the loops around s, up to the task, as free to reassociate s's float
 * sum (the vectorizer needs the permission). Float min / max reductions would
 * also need no-NaN semantics, which Taichi's do not have: they stay scalar, in
 * a register. */
static void mark_loops(Cg *g, const IrStmt *s)
{
    for (const IrBlock *b = s->block; b && b->parent; b = b->parent->block) {
        const IrStmt *p = b->parent;
        if (p->kind == IR_RANGE_FOR || p->kind == IR_OFFLOADED)
            g->reorder[p->id] = true;
        if (p == g->task)
            break;
    }
}

/* The accumulator of x's location and class, created in the entry block on first use. */
static int reduction_for(Cg *g, const Access *x, const Access *all, int nall)
{
    IrAtomicOp cls = reduce_class(x->s->u.atomic);
    for (int i = 0; i < nall; i++) {
        const Access *y = &all[i];
        if (y->s == x->s)
            break;
        if (y->candidate && same_location(x, y))
            return g->red_of[y->s->id];
    }
    CgReduce *r = realloc(g->reds, (size_t)(g->nreds + 1) * sizeof *r);
    if (!r)
        return -1;
    g->reds = r;
    CgReduce *red = &g->reds[g->nreds];
    red->op = cls;
    red->type = x->s->type;
    red->acc = LLVMBuildAlloca(g->eb, jit_cg_reg_type(g, red->type), "acc");
    LLVMBuildStore(g->eb, identity(g, cls, red->type), red->acc);
    if (x->ptr->kind == IR_GLOBAL_TMP) {
        red->addr = tmp_address(g, g->eb, x->ptr);
    } else {
        LLVMValueRef idx[IR_SNODE_MAX_INDICES];
        for (int k = 0; k < x->ptr->nops; k++)
            idx[k] = jit_cg_i64(g, (uint64_t)(int64_t)x->ptr->ops[k]->u.val.i);
        red->addr = place_address(g, g->eb, x->ptr, idx);
        if (!red->addr)
            return -1;
    }
    return g->nreds++;
}

bool jit_cg_plan_reductions(Cg *g, const IrStmt *task)
{
    g->nreds = 0;
    Accesses acc = {0};
    collect(&acc, task->blocks[IR_BODY]);
    if (acc.oom) {
        free(acc.a);
        return jit_cg_fail(g, task, "out of memory");
    }
    for (int i = 0; i < acc.n; i++)
        acc.a[i].candidate = is_candidate(g, &acc.a[i]);
    /* A candidate stays one only if every access that may touch its location is
     * a candidate of the same class at the same location. The accesses that may
     * touch one location are the same for all of its candidates, so they are
     * all kept or all dropped. */
    for (int i = 0; i < acc.n; i++) {
        Access *x = &acc.a[i];
        if (!x->candidate)
            continue;
        for (int j = 0; j < acc.n && x->candidate; j++) {
            const Access *y = &acc.a[j];
            if (j == i || !may_alias(x, y))
                continue;
            bool joins = y->candidate && same_location(x, y) &&
                         reduce_class(x->s->u.atomic) == reduce_class(y->s->u.atomic);
            if (!joins)
                x->candidate = false;
        }
    }
    bool ok = true;
    for (int i = 0; i < acc.n && ok; i++) {
        Access *x = &acc.a[i];
        if (!x->candidate)
            continue;
        int r = reduction_for(g, x, acc.a, acc.n);
        if (r < 0) {
            ok = jit_cg_fail(g, x->s, "out of memory");
            break;
        }
        g->red_of[x->s->id] = r;
        if (ir_type_is_float(x->s->type) && reduce_class(x->s->u.atomic) == IR_ATOMIC_add)
            mark_loops(g, x->s);
    }
    free(acc.a);
    return ok;
}

void jit_cg_flush_reductions(Cg *g)
{
    for (int i = 0; i < g->nreds; i++) {
        const CgReduce *r = &g->reds[i];
        LLVMAtomicRMWBinOp op;
        rmw_op(r->op, r->type, &op);
        LLVMValueRef v = LLVMBuildLoad2(g->b, jit_cg_reg_type(g, r->type), r->acc, "");
        LLVMBuildAtomicRMW(g->b, op, r->addr, v, LLVMAtomicOrderingSequentiallyConsistent, 0);
    }
}

/* Store-to-load forwarding over allocas, in straight-line code: a load sees
 * the value the last store in its block (or an enclosing one) wrote, when
 * nothing in between may have written the alloca; a store that a later store
 * overwrites before anything can read it goes; an alloca nobody reads goes
 * with its stores. Child blocks inherit what is known where they start, minus
 * (for loops) whatever the loop writes; after a container, what it may write
 * is unknown. */
#include "passes.h"

#include <string.h>

typedef struct {
    IrKernel *k;
    IrRemap remap;
    int *index;         /* by id: the alloca's dense index, -1 for other statements */
    int nallocas;
    bool changed;
} Mem2Reg;

/* The dense index of the alloca s accesses, or -1. */
static int var_of(const Mem2Reg *m, const IrStmt *s)
{
    if (s->nops < 1 || s->ops[0]->kind != IR_ALLOCA) return -1;
    if (s->kind != IR_LOCAL_LOAD && s->kind != IR_LOCAL_STORE && s->kind != IR_ATOMIC_OP) return -1;
    return m->index[s->ops[0]->id];
}

static void number_allocas(Mem2Reg *m, const IrBlock *b)
{
    for (const IrStmt *s = b->first; s; s = s->next) {
        if (s->kind == IR_ALLOCA) m->index[s->id] = m->nallocas++;
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) number_allocas(m, s->blocks[i]);
    }
}

static bool is_loop(const IrStmt *s)
{
    return s->kind == IR_RANGE_FOR || s->kind == IR_STRUCT_FOR || s->kind == IR_WHILE || s->kind == IR_OFFLOADED;
}

static bool is_jump(const IrStmt *s)
{
    return s->kind == IR_BREAK || s->kind == IR_CONTINUE || s->kind == IR_WHILE_CONTROL || s->kind == IR_RETURN;
}

/* Forget the value of every alloca written under b. */
static void forget_written(const Mem2Reg *m, const IrBlock *b, IrStmt **known)
{
    for (const IrStmt *s = b->first; s; s = s->next) {
        int v = var_of(m, s);
        if (v >= 0 && s->kind != IR_LOCAL_LOAD) known[v] = NULL;
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) forget_written(m, s->blocks[i], known);
    }
}

/* A pending store stays once something under b may read its alloca; all of
 * them stay when control may leave b's container from inside (its value
 * may be read after a break, in the next iteration after a continue). */
static void keep_read(const Mem2Reg *m, const IrBlock *b, IrStmt **pending)
{
    for (const IrStmt *s = b->first; s; s = s->next) {
        int v = var_of(m, s);
        if (v >= 0 && s->kind != IR_LOCAL_STORE) pending[v] = NULL;
        if (is_jump(s)) memset(pending, 0, (size_t)m->nallocas * sizeof *pending);
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) keep_read(m, s->blocks[i], pending);
    }
}

static IrStmt **new_state(Mem2Reg *m, IrStmt *const *from)
{
    IrStmt **st = calloc((size_t)(m->nallocas > 0 ? m->nallocas : 1), sizeof *st);
    if (!st) m->k->oom = true;
    else if (from) memcpy(st, from, (size_t)m->nallocas * sizeof *st);
    return st;
}

/* known: by alloca, the value it holds here (NULL: unknown); the block owns
 * its own copy. pending: the last store in this block nothing has read yet. */
static void forward_block(Mem2Reg *m, IrBlock *b, IrStmt **known)
{
    IrStmt **pending = new_state(m, NULL);
    if (!pending) return;
    for (IrStmt *s = b->first, *next; s; s = next) {
        next = s->next;
        ir_remap_operands(&m->remap, s);
        int v = var_of(m, s);
        if (s->kind == IR_ALLOCA) {
            known[m->index[s->id]] = NULL;
        } else if (s->kind == IR_LOCAL_LOAD && v >= 0) {
            if (known[v]) {
                ir_remap_set(&m->remap, s, known[v]);
                ir_erase(s);
                m->changed = true;
            } else {
                known[v] = s;
                pending[v] = NULL;
            }
        } else if (s->kind == IR_LOCAL_STORE && v >= 0) {
            if (pending[v]) {
                ir_erase(pending[v]);
                m->changed = true;
            }
            known[v] = s->ops[1];
            pending[v] = s;
        } else if (v >= 0) {   /* an atomic: reads and writes */
            known[v] = NULL;
            pending[v] = NULL;
        } else if (is_jump(s)) {
            memset(pending, 0, (size_t)m->nallocas * sizeof *pending);
        }
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) {
            IrStmt **inner = new_state(m, known);
            if (!inner) break;
            if (is_loop(s)) forget_written(m, s->blocks[i], inner);
            forward_block(m, s->blocks[i], inner);
            free(inner);
        }
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) {
            forget_written(m, s->blocks[i], known);
            keep_read(m, s->blocks[i], pending);
        }
    }
    free(pending);
}

/* Allocas that nothing reads (every load was forwarded) go with their stores. */
static void count_reads(const Mem2Reg *m, const IrBlock *b, int *reads)
{
    for (const IrStmt *s = b->first; s; s = s->next) {
        int v = var_of(m, s);
        if (v >= 0 && s->kind != IR_LOCAL_STORE) reads[v]++;
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) count_reads(m, s->blocks[i], reads);
    }
}

static void drop_unread(Mem2Reg *m, IrBlock *b, const int *reads)
{
    for (IrStmt *s = b->first, *next; s; s = next) {
        next = s->next;
        int v = s->kind == IR_ALLOCA ? m->index[s->id] : var_of(m, s);
        if (v >= 0 && !reads[v] && (s->kind == IR_ALLOCA || s->kind == IR_LOCAL_STORE)) {
            ir_erase(s);
            m->changed = true;
            continue;
        }
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) drop_unread(m, s->blocks[i], reads);
    }
}

bool ir_pass_mem2reg(IrKernel *k)
{
    Mem2Reg m = {.k = k};
    size_t n = (size_t)(k->next_id > 0 ? k->next_id : 1);
    m.index = malloc(n * sizeof *m.index);
    if (!m.index || !ir_remap_init(&m.remap, k)) {
        free(m.index);
        k->oom = true;
        return false;
    }
    for (size_t i = 0; i < n; i++) m.index[i] = -1;
    number_allocas(&m, k->root);
    IrStmt **known = m.nallocas ? new_state(&m, NULL) : NULL;
    int *reads = m.nallocas ? calloc((size_t)m.nallocas, sizeof *reads) : NULL;
    if (known && reads) {
        forward_block(&m, k->root, known);
        count_reads(&m, k->root, reads);
        drop_unread(&m, k->root, reads);
    } else if (m.nallocas) {
        k->oom = true;
    }
    free(known);
    free(reads);
    free(m.index);
    ir_remap_free(&m.remap);
    return m.changed;
}

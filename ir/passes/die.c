/* Dead instruction elimination: statements without side effects whose value
 * nobody uses, allocas that are only ever stored to (with their stores), ifs
 * and inner range loops with nothing inside, and tasks left empty. */
#include "passes.h"

#include <string.h>

typedef struct {
    IrKernel *k;
    int *uses;          /* by id: uses left */
    int *reads;         /* by alloca id: uses other than as a store's target */
    bool changed;
} Die;

static void count_reads(IrBlock *b, int *reads)
{
    for (IrStmt *s = b->first; s; s = s->next) {
        for (int i = 0; i < s->nops; i++)
            if (s->ops[i]->kind == IR_ALLOCA && !(s->kind == IR_LOCAL_STORE && i == 0)) reads[s->ops[i]->id]++;
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) count_reads(s->blocks[i], reads);
    }
}

static bool is_empty(const IrBlock *b) { return b->first == NULL; }

/* Whether s can go: nothing uses it and dropping it changes nothing else. */
static bool dead(const Die *d, const IrStmt *s)
{
    if (s->kind == IR_LOCAL_STORE) return d->reads[s->ops[0]->id] == 0;
    if (d->uses[s->id] > 0) return false;
    if (ir_kind_effect(s->kind) != IR_SIDE) return true;
    /* Conditions and bounds have no side effects to keep. */
    if (s->kind == IR_IF) return is_empty(s->blocks[IR_THEN]) && is_empty(s->blocks[IR_ELSE]);
    if (s->kind == IR_RANGE_FOR) return is_empty(s->blocks[IR_BODY]);
    return false;
}

/* Reverse program order, children before their container: every use of a
 * statement is seen (and maybe removed) before the statement itself. */
static void sweep(Die *d, IrBlock *b)
{
    for (IrStmt *s = b->last, *prev; s; s = prev) {
        prev = s->prev;
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) sweep(d, s->blocks[i]);
        if (!dead(d, s)) continue;
        for (int i = 0; i < s->nops; i++) d->uses[s->ops[i]->id]--;
        if (s->loop) d->uses[s->loop->id]--;
        ir_erase(s);
        d->changed = true;
    }
}

/* Empty tasks go, but a kernel keeps at least one. */
static void drop_empty_tasks(Die *d)
{
    IrBlock *root = d->k->root;
    for (IrStmt *s = root->first, *next; s; s = next) {
        next = s->next;
        bool only = root->first == s && root->last == s;
        if (s->kind == IR_OFFLOADED && is_empty(s->blocks[IR_BODY]) && !only) {
            ir_erase(s);
            d->changed = true;
        }
    }
}

bool ir_pass_die(IrKernel *k)
{
    Die d = {.k = k};
    size_t n = (size_t)(k->next_id > 0 ? k->next_id : 1);
    d.uses = malloc(n * sizeof *d.uses);
    d.reads = calloc(n, sizeof *d.reads);
    bool any = false;
    if (!d.uses || !d.reads) {
        k->oom = true;
    } else {
        /* A sweep that drops a store can make what it stored dead, which an
         * earlier position in the same sweep has already passed. */
        do {
            d.changed = false;
            ir_use_counts(k, d.uses);
            memset(d.reads, 0, n * sizeof *d.reads);
            count_reads(k->root, d.reads);
            sweep(&d, k->root);
            drop_empty_tasks(&d);
            any |= d.changed;
        } while (d.changed);
    }
    free(d.uses);
    free(d.reads);
    return any;
}

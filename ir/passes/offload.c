/* The offload pass: cuts a frontend kernel into the tasks the backends launch
 * (each outermost parallel loop one task, the straight-line code between them
 * serial tasks) and routes every value that crosses from one task to another
 * through global temporaries, since each task is compiled as its own function. */
#include "passes.h"

#include <stdlib.h>

#include "../snode.h"

/* Global temporaries sit 8 bytes apart (any scalar fits). */
enum { TMP_STRIDE = 8 };

typedef struct {
    IrKernel *k;
    int default_block_dim;  /* what an adaptive (0) block_dim becomes */
    int n0;                 /* statements with ids below n0 are the input's */
    int *task_of;           /* by input id: the index of the task holding it */
    IrStmt **tasks;
    IrStmt **prologue;      /* by task: where values brought in go (before it; NULL: the end) */
    int ntasks;
    long *slot;             /* by input id: its global temporary's offset, -1: none */
    size_t next_offset;
    bool *shared;           /* by input id: an alloca that more than one task uses */
    IrStmt **memo;          /* by input id: its stand-in in task memo_task - 1 */
    int *memo_task;
} Offload;

/* A top-level statement that becomes a task of its own. */
static bool is_parallel_loop(const IrStmt *s)
{
    return (s->kind == IR_RANGE_FOR && !s->u.range.serialize) || s->kind == IR_STRUCT_FOR;
}

static void mark_task(Offload *o, const IrBlock *b, int t)
{
    for (const IrStmt *s = b->first; s; s = s->next) {
        if (s->id < o->n0) o->task_of[s->id] = t;
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) mark_task(o, s->blocks[i], t);
    }
}

/* Statements built from here on carry loc (the kernel's own loc is restored
 * when the pass ends). */
static void at_loc(Offload *o, IrLoc loc) { o->k->loc = loc; }

/* The offset of v's global temporary; the first call stores v there right
 * after its definition (a top-level statement of a serial task). */
static size_t store_slot(Offload *o, IrStmt *v)
{
    if (o->slot[v->id] >= 0) return (size_t)o->slot[v->id];
    size_t off = o->next_offset;
    o->next_offset += TMP_STRIDE;
    o->slot[v->id] = (long)off;
    ir_at_after(o->k, v);
    at_loc(o, v->loc);
    ir_global_store(o->k, ir_global_tmp(o->k, v->type, off), v);
    return off;
}

/* Start building at task t's prologue (after what it already brought in). */
static void at_prologue(Offload *o, int t)
{
    if (o->prologue[t])
        ir_at_before(o->k, o->prologue[t]);
    else
        ir_enter(o->k, o->tasks[t]->blocks[IR_BODY]);
}

/* An operand that task t must not use as it is. */
static bool crosses(const Offload *o, const IrStmt *op, int t)
{
    return op->id < o->n0 && (o->task_of[op->id] != t || o->shared[op->id]);
}

/* What task t uses in place of v, an input statement of another task:
 * constants and pointers are rebuilt in t (a pointer cannot go through
 * memory, and rebuilding one is cheaper anyway); a shared alloca becomes its
 * global temporary; any other value is reloaded from the temporary its own
 * task stored it in. */
static IrStmt *value_in_task(Offload *o, IrStmt *v, int t)
{
    if (o->memo_task[v->id] == t + 1) return o->memo[v->id];
    IrKernel *k = o->k;
    IrStmt *r;
    if (v->kind == IR_GLOBAL_PTR) {
        IrStmt *ops[IR_SNODE_MAX_INDICES];
        int n = v->nops < IR_SNODE_MAX_INDICES ? v->nops : IR_SNODE_MAX_INDICES;
        for (int i = 0; i < n; i++)
            ops[i] = crosses(o, v->ops[i], t) ? value_in_task(o, v->ops[i], t) : v->ops[i];
        at_prologue(o, t);
        at_loc(o, v->loc);
        r = ir_global_ptr(k, v->u.ptr.snode, ops, n);
        if (r) r->u.ptr.activate = v->u.ptr.activate;
    } else if (v->kind == IR_EXTERNAL_PTR) {
        IrStmt *ops[1 + 2 * IR_EXTERNAL_MAX_DIMS];
        int n = ir_external_dims(v);
        for (int i = 0; i < v->nops && i < 1 + 2 * IR_EXTERNAL_MAX_DIMS; i++)
            ops[i] = crosses(o, v->ops[i], t) ? value_in_task(o, v->ops[i], t) : v->ops[i];
        at_prologue(o, t);
        at_loc(o, v->loc);
        r = ir_external_ptr(k, ir_pointee(v->type), ops[0], ops + 1, ops + 1 + n, n);
    } else if (v->kind == IR_ALLOCA) {
        at_prologue(o, t);
        at_loc(o, v->loc);
        r = ir_global_tmp(k, ir_pointee(v->type), (size_t)o->slot[v->id]);
    } else if (v->kind == IR_CONST) {
        at_prologue(o, t);
        at_loc(o, v->loc);
        r = ir_const_of(k, v->type, v->u.val);
    } else if (v->kind == IR_GLOBAL_TMP) {
        at_prologue(o, t);
        at_loc(o, v->loc);
        r = ir_global_tmp(k, ir_pointee(v->type), v->u.tmp_offset);
    } else {
        size_t off = store_slot(o, v);
        at_prologue(o, t);
        at_loc(o, v->loc);
        r = ir_global_load(k, ir_global_tmp(k, v->type, off));
    }
    o->memo[v->id] = r;
    o->memo_task[v->id] = t + 1;
    return r;
}

static void find_shared(Offload *o, const IrBlock *b, int t)
{
    for (const IrStmt *s = b->first; s; s = s->next) {
        for (int i = 0; i < s->nops; i++) {
            const IrStmt *op = s->ops[i];
            if (op->kind == IR_ALLOCA && op->id < o->n0 && o->task_of[op->id] != t) o->shared[op->id] = true;
        }
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) find_shared(o, s->blocks[i], t);
    }
}

/* Give every operand of the statements under b (in task t) its stand-in in t;
 * an access to a shared alloca becomes the same access to global memory. */
static void rewrite(Offload *o, IrBlock *b, int t)
{
    for (IrStmt *s = b->first; s && !o->k->oom; s = s->next) {
        for (int i = 0; i < s->nops; i++) {
            IrStmt *op = s->ops[i];
            if (!crosses(o, op, t)) continue;
            IrStmt *r = value_in_task(o, op, t);
            if (!r) return;
            s->ops[i] = r;
            if (op->kind != IR_ALLOCA) continue;
            if (s->kind == IR_LOCAL_LOAD) s->kind = IR_GLOBAL_LOAD;
            if (s->kind == IR_LOCAL_STORE) s->kind = IR_GLOBAL_STORE;
        }
        for (int i = 0; i < ir_kind_blocks(s->kind); i++) rewrite(o, s->blocks[i], t);
    }
}

/* A range task's bound: a constant, or else the offset of the temporary that
 * an earlier serial task stored it in. */
static void set_bound(Offload *o, IrStmt *v, bool *is_const, int32_t *value, uint32_t *offset)
{
    *is_const = v->kind == IR_CONST;
    if (*is_const)
        *value = (int32_t)v->u.val.i;
    else
        *offset = (uint32_t)store_slot(o, v);
}

/* The task for a top-level loop: its body moves in, and whatever named the
 * loop (loop_index, break, continue) names the task. */
static IrStmt *loop_task(Offload *o, IrStmt *loop)
{
    IrKernel *k = o->k;
    bool range = loop->kind == IR_RANGE_FOR;
    IrStmt *t = ir_offloaded(k, range ? IR_TASK_range_for : IR_TASK_struct_for);
    if (!t) return NULL;
    int dim = range ? loop->u.range.block_dim : loop->u.sfor.block_dim;
    t->u.task.block_dim = dim ? dim : o->default_block_dim;
    if (range) {
        t->u.task.reversed = loop->u.range.reversed;
    } else {
        t->u.task.snode = loop->u.sfor.snode;
    }
    ir_splice(t->blocks[IR_BODY], NULL, loop->blocks[IR_BODY]);
    ir_replace_uses(k, loop, t);
    return t;
}

/* Partition the root block into tasks, in program order. Bounds are set
 * afterwards, when the serial tasks that define them exist. */
static bool build_tasks(Offload *o, IrStmt ***loops_out)
{
    IrKernel *k = o->k;
    int ntop = 0;
    for (IrStmt *s = k->root->first; s; s = s->next) ntop++;
    int cap = ntop > 0 ? ntop : 1;
    o->tasks = calloc((size_t)cap, sizeof *o->tasks);
    o->prologue = calloc((size_t)cap, sizeof *o->prologue);
    IrStmt **loops = calloc((size_t)cap, sizeof *loops);   /* by task: the loop it came from */
    *loops_out = loops;
    if (!o->tasks || !o->prologue || !loops) return false;

    IrStmt *s = k->root->first;
    if (!s) {
        ir_enter(k, k->root);
        o->tasks[o->ntasks++] = ir_offloaded(k, IR_TASK_serial);
        return !k->oom;
    }
    while (s) {
        int t = o->ntasks++;
        IrStmt *next;
        ir_at_before(k, s);
        at_loc(o, s->loc);
        if (is_parallel_loop(s)) {
            next = s->next;
            mark_task(o, s->blocks[IR_BODY], t);
            o->tasks[t] = loop_task(o, s);
            loops[t] = s;
            ir_detach(s);
        } else {
            o->tasks[t] = ir_offloaded(k, IR_TASK_serial);
            if (!o->tasks[t]) return false;
            for (next = s; next && !is_parallel_loop(next);) {
                IrStmt *after = next->next;
                if (next->id < o->n0) o->task_of[next->id] = t;
                for (int i = 0; i < ir_kind_blocks(next->kind); i++) mark_task(o, next->blocks[i], t);
                ir_move(next, o->tasks[t]->blocks[IR_BODY], NULL);
                next = after;
            }
        }
        if (!o->tasks[t]) return false;
        o->prologue[t] = o->tasks[t]->blocks[IR_BODY]->first;
        s = next;
    }
    return true;
}

bool ir_pass_offload(IrKernel *k, const IrPassOptions *opt)
{
    /* Already offloaded: every top-level statement is a task. */
    if (k->oom || (k->root->first && k->root->first->kind == IR_OFFLOADED)) return false;
    IrCursor saved_cursor = ir_enter(k, k->root);
    IrLoc saved_loc = k->loc;
    Offload o = {.k = k, .default_block_dim = opt->default_block_dim, .n0 = k->next_id};
    size_t n = (size_t)(o.n0 > 0 ? o.n0 : 1);
    o.task_of = calloc(n, sizeof *o.task_of);
    o.slot = malloc(n * sizeof *o.slot);
    o.shared = calloc(n, sizeof *o.shared);
    o.memo = calloc(n, sizeof *o.memo);
    o.memo_task = calloc(n, sizeof *o.memo_task);
    IrStmt **loops = NULL;
    bool ok = o.task_of && o.slot && o.shared && o.memo && o.memo_task;
    if (ok) {
        for (size_t i = 0; i < n; i++) o.slot[i] = -1;
        ok = build_tasks(&o, &loops);
    }
    /* Shared variables first, in program order: their offsets do not depend
     * on which bounds and values happen to cross. */
    for (int t = 0; ok && t < o.ntasks; t++) find_shared(&o, o.tasks[t]->blocks[IR_BODY], t);
    for (int id = 0; ok && id < o.n0; id++)
        if (o.shared[id]) {
            o.slot[id] = (long)o.next_offset;
            o.next_offset += TMP_STRIDE;
        }
    for (int t = 0; ok && t < o.ntasks; t++) {
        IrStmt *loop = loops[t], *task = o.tasks[t];
        if (loop && loop->kind == IR_RANGE_FOR) {
            set_bound(&o, loop->ops[0], &task->u.task.const_begin, &task->u.task.begin_value,
                      &task->u.task.begin_offset);
            set_bound(&o, loop->ops[1], &task->u.task.const_end, &task->u.task.end_value,
                      &task->u.task.end_offset);
        }
        if (loop) ir_erase(loop);
    }
    for (int t = 0; ok && t < o.ntasks; t++) rewrite(&o, o.tasks[t]->blocks[IR_BODY], t);
    /* Every access to a shared alloca now goes to its temporary. */
    for (int t = 0; ok && t < o.ntasks; t++)
        for (IrStmt *s = o.tasks[t]->blocks[IR_BODY]->first, *next; s; s = next) {
            next = s->next;
            if (s->id < o.n0 && o.shared[s->id]) ir_erase(s);
        }
    if (!ok) k->oom = true;
    free(o.task_of);
    free(o.slot);
    free(o.shared);
    free(o.memo);
    free(o.memo_task);
    free(o.tasks);
    free(o.prologue);
    free(loops);
    k->loc = saved_loc;
    ir_leave(k, saved_cursor);
    return !k->oom;
}

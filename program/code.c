/* Compiled code by what it is compiled from: a kernel after the passes (its
 * print_ir text with its argument and return types) and the layout of every
 * SNode tree of the program. A kernel instance whose IR matches code compiled
 * before (a script run again in the same runtime: hot reload, or ti.init and
 * the same kernels again) takes that code and costs no backend compile. The
 * in-memory half of an offline cache. */
#include <stdlib.h>
#include <string.h>

#include "program.h"

struct ProgCode {
    char *key;
    size_t len;
    uint64_t hash;
    BkKernel *bk;
    int refs;                   /* live instances using it */
    int last_gen;               /* the last program generation that used it */
};

static uint64_t fnv1a(const char *s, size_t n)
{
    uint64_t h = UINT64_C(14695981039346656037);
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * UINT64_C(1099511628211);
    return h;
}

/* Every node's place in its tree and layout: the addresses a kernel computes
 * come from these (a place's offset and its levels' cell sizes). */
static void put_layout(StrBuf *b, const IrSNodeProgram *sp)
{
    for (int id = 0; sp && id < sp->next_id; id++) {
        const IrSNodeNode *n = sp->nodes[id];
        if (!n) continue;
        sb_printf(b, "S%d k%d t%d p%d d%d o%zu c%zu n%lld:", id, (int)n->kind, n->tree->id,
                  n->parent ? n->parent->ir.id : -1, (int)n->ir.dtype, n->offset, n->cell_size,
                  (long long)n->num_cells);
        for (int a = 0; a < n->num_axes; a++) sb_printf(b, " %d/%lld", n->axes[a], (long long)n->extents[a]);
        for (int l = 0; l < n->num_levels; l++)
            sb_printf(b, " L%zu/%zu", n->levels[l].offset, n->levels[l].cell_size);
        sb_putc(b, '\n');
    }
}

static bool make_key(StrBuf *b, const Program *p, const IrKernel *ir)
{
    sb_puts(b, "args");
    for (int i = 0; i < ir->nargs; i++) sb_printf(b, " %s", ir_type_name(ir->arg_types[i]));
    sb_puts(b, " rets");
    for (int i = 0; i < ir->nrets; i++) sb_printf(b, " %s", ir_type_name(ir->ret_types[i]));
    sb_putc(b, '\n');
    put_layout(b, p->snodes);
    ir_print(b, ir);
    return !b->oom;
}

static void code_free(Program *p, ProgCode *c)
{
    p->ops->kernel_free(p->bk, c->bk);
    free(c->key);
    free(c);
}

ProgCode *prog_code_get(Program *p, const IrKernel *ir)
{
    VM *vm = p->vm;
    StrBuf key;
    sb_init(&key);
    if (!make_key(&key, p, ir)) {
        sb_free(&key);
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return NULL;
    }
    uint64_t h = fnv1a(key.data, key.len);
    for (int i = 0; i < p->ncodes; i++) {
        ProgCode *c = p->codes[i];
        if (c->hash == h && c->len == key.len && !memcmp(c->key, key.data, key.len)) {
            sb_free(&key);
            c->refs++;
            c->last_gen = p->generation;
            return c;
        }
    }
    ProgCode *c = calloc(1, sizeof *c);
    ProgCode **grown = grow_array(p->codes, &p->codes_cap, p->ncodes + 1, sizeof *grown, 16);
    if (grown) p->codes = grown;
    if (!c || !grown) {
        free(c);
        sb_free(&key);
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return NULL;
    }
    if (!(c->bk = prog_cache_load(p, key.data, key.len, ir->name))) {
        if (!(c->bk = p->ops->compile(p->bk, ir))) {
            free(c);
            sb_free(&key);
            return NULL;   /* the caller reports ops->message */
        }
        p->backend_compiles++;
        prog_cache_keep(p, key.data, key.len, ir->name, c->bk);
    }
    *c = (ProgCode){ key.data, key.len, h, c->bk, 1, p->generation };
    p->codes[p->ncodes++] = c;
    return c;
}

BkKernel *prog_code_kernel(const ProgCode *c) { return c->bk; }

void prog_code_release(ProgCode *c)
{
    if (c) c->refs--;
}

void prog_code_sweep(Program *p, bool all)
{
    int kept = 0;
    for (int i = 0; i < p->ncodes; i++) {
        ProgCode *c = p->codes[i];
        if (all || (c->refs == 0 && c->last_gen < p->generation - 1)) code_free(p, c);
        else p->codes[kept++] = c;
    }
    p->ncodes = kept;
}

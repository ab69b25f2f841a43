/* The program of a VM: its arch and backend instance, the SNode trees' memory
 * on that backend, Python-scope element access (in place when the backend's
 * memory is host-visible, else through its read / write), and ti.sync. */
#include "program.h"

#include <stdlib.h>
#include <string.h>

/* Archs ti.init may name, as ti.cfg.arch names them (cpu is the host's). */
const ProgArch prog_archs[] = {
    {"x64", &jit_backend_ops, NULL},
    {"arm64", &jit_backend_ops, NULL},
    {"cpu", &jit_backend_ops, NULL},
    {"vulkan", NULL, "arch=ti.vulkan: the Vulkan backend is not available in tirun yet; use arch=ti.cpu"},
    {"cuda", NULL, NULL},
    {"metal", NULL, NULL},
    {"opengl", NULL, NULL},
    {"gles", NULL, NULL},
    {"dx11", NULL, NULL},
    {"dx12", NULL, NULL},
    {"amdgpu", NULL, NULL},
    {"opencl", NULL, NULL},
    {"js", NULL, NULL},
    {NULL, NULL, NULL},
};

const ProgArch *prog_arch_named(const char *name)
{
    for (const ProgArch *a = prog_archs; a->name; a++)
        if (!strcmp(a->name, name)) return a;
    return NULL;
}

static const ProgArch *host_arch(void)
{
#if defined(__aarch64__)
    return prog_arch_named("arm64");
#else
    return prog_arch_named("x64");
#endif
}

const ProgArch *prog_select_arch(Program *p, const char *const *names, int n, TypeObj *err, bool *fell_back)
{
    VM *vm = p->vm;
    *fell_back = false;
    for (int i = 0; i < n; i++) {
        const ProgArch *a = prog_arch_named(names[i]);
        if (!a) {
            vm_raise(vm, vm->e_KeyError, "Unknown arch: %s", names[i]);
            return NULL;
        }
        if (a->ops) {
            p->arch = !strcmp(a->name, "cpu") ? host_arch() : a;
            return p->arch;
        }
        if (n == 1 && a->missing) {
            vm_raise(vm, err ? err : vm->e_RuntimeError, "%s", a->missing);
            return NULL;
        }
    }
    *fell_back = true;
    p->arch = host_arch();
    return p->arch;
}

/* ---- state */

static void kernel_print(void *user, const char *text, size_t len)
{
    Program *p = user;
    if (p->out_len + len > p->out_cap) {
        size_t cap = p->out_cap ? 2 * p->out_cap : 4096;
        while (cap < p->out_len + len) cap *= 2;
        char *o = realloc(p->out, cap);
        if (o) {
            p->out = o;
            p->out_cap = cap;
        }
    }
    if (p->out_len + len <= p->out_cap) {
        memcpy(p->out + p->out_len, text, len);
        p->out_len += len;
    }
}

/* Frees the open backend and its code. */
static void close_backend(Program *p)
{
    if (!p->bk) return;
    prog_code_sweep(p, true);
    p->ops->close(p->bk);
    p->bk = NULL;
    p->ops = NULL;
    p->restart = false;
}

static void program_free(void *ptr)
{
    Program *p = ptr;
    prog_reset(p);
    close_backend(p);
    for (int i = 0; i < p->nkernels; i++) prog_kernel_free(p, p->kernels[i]);
    free(p->kernels);
    free(p->out);
    free(p->trees);
    free(p->codes);
    prog_cache_free(p);
    free(p->cache.entries);
    free(p->cache.dir);
    free(p);
}

Program *prog_of(VM *vm)
{
    if (vm->taichi) return vm->taichi;
    Program *p = calloc(1, sizeof *p);
    if (!p) {
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return NULL;
    }
    p->vm = vm;
    p->env.vm = vm;
    p->env.default_fp = IR_F32;
    p->env.unrolling_limit = 32;
    p->env.default_ip = IR_I32;
    p->optimize = true;
    p->arch = host_arch();
    p->options.print = kernel_print;
    p->options.print_user = p;
    p->options.fast_math = true;
    p->cache = (ProgCache){.on = true, .policy = PROG_CACHE_NEVER, .max_size = 100 * 1024 * 1024, .factor = 0.25};
    vm->taichi = p;
    vm->taichi_free = program_free;
    return p;
}

bool prog_set_banner(VM *vm, bool on)
{
    Program *p = prog_of(vm);
    if (p) p->quiet = !on;
    return p != NULL;
}

void prog_reset(Program *p)
{
    prog_cache_dump(p);
    for (int i = 0; i < p->nkernels; i++) prog_kernel_drop_instances(p, p->kernels[i]);
    for (int i = 0; i < p->ntrees; i++)
        if (p->trees[i]) p->ops->buffer_free(p->bk, p->trees[i]);
    p->ntrees = 0;
    ir_snode_program_free(p->snodes);
    p->snodes = NULL;
    p->env.prog = NULL;
    p->generation++;
    prog_code_sweep(p, false);
    p->restart = p->bk != NULL;
}

BkBackend *prog_backend(Program *p)
{
    if (p->restart) {
        /* after ti.reset: the same backend serves the new program (its code
         * stays valid), unless ti.init chose another arch */
        p->restart = false;
        if (p->arch->ops == p->ops) p->ops->restart(p->bk, &p->options);
        else close_backend(p);
    }
    if (p->bk) return p->bk;
    char err[256];
    const BkOps *ops = p->arch->ops;
    if (!(p->bk = ops->open(&p->options, err, sizeof err))) {
        vm_raise(p->vm, p->vm->e_RuntimeError, "the %s backend failed to start: %s", p->arch->name, err);
        return NULL;
    }
    p->ops = ops;
    return p->bk;
}

static bool backend_failed(Program *p)
{
    vm_raise(p->vm, p->vm->e_RuntimeError, "%s", p->ops->message(p->bk));
    return false;
}

bool prog_sync(Program *p)
{
    return !p->bk || p->ops->sync(p->bk) || backend_failed(p);
}

/* ---- fields */

IrSNodeProgram *prog_snodes(Program *p)
{
    if (!p->snodes && !(p->snodes = ir_snode_program_new())) vm_raise(p->vm, p->vm->e_MemoryError, "out of memory");
    return p->snodes;
}

bool prog_materialize(Program *p, IrSNodeTree *t)
{
    VM *vm = p->vm;
    const char *err;
    if (t->materialized) return true;
    if (!prog_backend(p)) return false;
    BkBuffer **b = grow_array(p->trees, &p->trees_cap, t->id + 1, sizeof *b, 8);
    if (!b) return vm_raise(vm, vm->e_MemoryError, "out of memory"), false;
    p->trees = b;
    while (p->ntrees <= t->id) p->trees[p->ntrees++] = NULL;
    if (!ir_snode_materialize(t, &err)) return vm_raise(vm, vm->e_RuntimeError, "%s", err), false;
    BkBuffer *buf = p->ops->buffer_alloc(p->bk, t->size);
    if (!buf) {
        t->materialized = false;
        return backend_failed(p);
    }
    p->trees[t->id] = buf;
    t->buffer = p->ops->host_ptr(p->bk, buf);
    return true;
}

bool prog_field_read(Program *p, const IrSNodeNode *place, const int64_t *idx, void *bytes)
{
    size_t w = (size_t)ir_type_bits(place->ir.dtype) / 8;
    if (place->tree->buffer) {
        memcpy(bytes, ir_snode_address(place, idx), w);
        return true;
    }
    return p->ops->read(p->bk, p->trees[place->tree->id], ir_snode_offset_of(place, idx), bytes, w) ||
           backend_failed(p);
}

bool prog_field_write(Program *p, const IrSNodeNode *place, const int64_t *idx, const void *bytes)
{
    size_t w = (size_t)ir_type_bits(place->ir.dtype) / 8;
    if (place->tree->buffer) {
        memcpy(ir_snode_address(place, idx), bytes, w);
        return true;
    }
    return p->ops->write(p->bk, p->trees[place->tree->id], ir_snode_offset_of(place, idx), bytes, w) ||
           backend_failed(p);
}

bool prog_field_fill(Program *p, const IrSNodeNode *place, const void *bytes)
{
    size_t w = (size_t)ir_type_bits(place->ir.dtype) / 8;
    BkBuffer *buf = p->trees[place->tree->id];
    int nl = place->num_levels;
    if (!nl) return p->ops->fill(p->bk, buf, place->offset, w, 1, bytes, w) || backend_failed(p);
    /* one strided fill per cell of the levels above the innermost one */
    int64_t cells[IR_SNODE_MAX_INDICES + 2], c[IR_SNODE_MAX_INDICES + 2] = {0};
    for (int l = 0; l < nl; l++) {
        cells[l] = 1;
        for (int a = 0; a < place->levels[l].num_axes; a++) cells[l] *= place->levels[l].extents[a];
    }
    const IrSNodeLevel *in = &place->levels[nl - 1];
    for (;;) {
        size_t at = in->offset + place->offset;
        for (int l = 0; l < nl - 1; l++) at += place->levels[l].offset + (size_t)c[l] * place->levels[l].cell_size;
        if (!p->ops->fill(p->bk, buf, at, in->cell_size, (size_t)cells[nl - 1], bytes, w)) return backend_failed(p);
        int l = nl - 2;
        while (l >= 0 && ++c[l] == cells[l]) c[l--] = 0;
        if (l < 0) return true;
    }
}

/* Whether place's offsets are affine in its indices (each index in one level,
 * undivided, as in a field with a shape): then offset = *base + sum of
 * idx[k] * stride[k], prog_field_copy's fast path. */
static bool affine_offsets(const IrSNodeNode *place, size_t *base, size_t *stride)
{
    int seen[IR_SNODE_MAX_INDICES] = {0};
    for (int d = 0; d < place->num_levels; d++) {
        const IrSNodeLevel *l = &place->levels[d];
        for (int a = 0; a < l->num_axes; a++)
            if (l->divisors[a] != 1 || seen[l->axes[a]]++) return false;
    }
    int64_t idx[IR_SNODE_MAX_INDICES] = {0};
    *base = ir_snode_offset_of(place, idx);
    for (int k = 0; k < place->ir.num_indices; k++) {
        idx[k] = 1;
        stride[k] = ir_snode_offset_of(place, idx) - *base;
        idx[k] = 0;
    }
    return true;
}

bool prog_field_copy(Program *p, const int64_t *place_ids, int n, void *buf, size_t size, bool write,
                     size_t *needed)
{
    VM *vm = p->vm;
    IrSNodeNode *places[64];
    size_t width[64];           /* each entry's bytes */
    if (n < 1 || n > 64) return vm_raise(vm, vm->e_ValueError, "a field has 1 to 64 entries"), false;
    size_t elem = 0;
    for (int c = 0; c < n; c++) {
        IrSNodeNode *node = p->snodes && place_ids[c] >= 0 && place_ids[c] <= INT32_MAX
                                ? ir_snode_lookup(p->snodes, (int)place_ids[c]) : NULL;
        if (!node || node->kind != IR_SNODE_PLACE)
            return vm_raise(vm, vm->e_ValueError, "no such SNode: %lld", (long long)place_ids[c]), false;
        places[c] = node;
        if (!places[c]->tree->materialized)
            return vm_raise(vm, vm->e_RuntimeError, "the SNode tree of %s is not materialized", places[c]->name),
                   false;
        width[c] = (size_t)ir_type_bits(places[c]->ir.dtype) / 8;
        elem += width[c];
    }
    const IrSNodeNode *f = places[0];
    int nd = f->ir.num_indices;
    int64_t shape[IR_SNODE_MAX_INDICES], idx[IR_SNODE_MAX_INDICES] = {0};
    size_t count = 1;
    for (int k = 0; k < nd; k++) count *= (size_t)(shape[k] = f->shape[f->physical_index_position[k]]);
    *needed = count * elem;
    if (!buf) return true;
    if (size != *needed)
        return vm_raise(vm, vm->e_ValueError, "field %s holds %zu bytes, not %zu", f->name, *needed, size), false;
    unsigned char *at = buf;
    /* host memory and affine offsets (a field with a shape): no per-element walk */
    size_t base[64], stride[64][IR_SNODE_MAX_INDICES];
    bool fast = true;
    for (int c = 0; c < n && fast; c++)
        fast = places[c]->tree->buffer && places[c]->ir.num_indices == nd &&
               affine_offsets(places[c], &base[c], stride[c]);
    if (fast && count) {
        /* the entries side by side in the order given, with the same strides:
         * the innermost dimensions whose cells follow each other without a gap
         * are one run, a memcpy each (a field with a shape: one in all) */
        bool packed = true;
        for (int c = 0, w = 0; c < n && packed; w += (int)width[c++])
            packed = places[c]->tree == places[0]->tree && base[c] == base[0] + (size_t)w &&
                 !memcmp(stride[c], stride[0], (size_t)nd * sizeof stride[0][0]);
        if (packed) {
            size_t run = elem, outer = count;
            int d = nd;
            while (d > 0 && stride[0][d - 1] == run) {
                run *= (size_t)shape[--d];
                outer /= (size_t)shape[d];
            }
            for (size_t o = 0; o < outer; o++) {
                unsigned char *cell = places[0]->tree->buffer + base[0];
                for (int k = 0; k < d; k++) cell += (size_t)idx[k] * stride[0][k];
                memcpy(write ? cell : at, write ? at : cell, run);
                at += run;
                for (int k = d - 1; k >= 0 && ++idx[k] == shape[k]; k--) idx[k] = 0;
            }
            return true;
        }
        for (size_t e = 0; e < count; e++) {
            for (int c = 0; c < n; c++) {
                size_t off = base[c];
                for (int k = 0; k < nd; k++) off += (size_t)idx[k] * stride[c][k];
                unsigned char *cell = places[c]->tree->buffer + off;
                memcpy(write ? cell : at, write ? at : cell, width[c]);
                at += width[c];
            }
            for (int k = nd - 1; k >= 0 && ++idx[k] == shape[k]; k--) idx[k] = 0;
        }
        return true;
    }
    for (size_t e = 0; e < count; e++) {
        for (int c = 0; c < n; c++) {
            if (!(write ? prog_field_write(p, places[c], idx, at) : prog_field_read(p, places[c], idx, at)))
                return false;
            at += width[c];
        }
        for (int k = nd - 1; k >= 0 && ++idx[k] == shape[k]; k--) idx[k] = 0;   /* row-major odometer */
    }
    return true;
}

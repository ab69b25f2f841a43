/* SNode trees: building root / dense / place nodes, computing their layout
 * when a tree is materialized, element addresses, and the host-side element
 * conversions. The layout and address rules are documented in snode.h. */
#include "snode.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const oom = "out of memory";

IrSNodeProgram *ir_snode_program_new(void)
{
    return calloc(1, sizeof(IrSNodeProgram));
}

static void free_node(IrSNodeNode *n)
{
    for (int i = 0; i < n->num_children; i++) free_node(n->children[i]);
    free(n->children);
    free(n->levels);
    free(n);
}

void ir_snode_program_free(IrSNodeProgram *p)
{
    if (!p) return;
    for (int i = 0; i < p->num_trees; i++) {
        IrSNodeTree *t = p->trees[i];
        free_node(t->root);
        free(t);
    }
    free(p->trees);
    free(p->nodes);
    free(p);
}

IrSNodeNode *ir_snode_lookup(IrSNodeProgram *p, int id)
{
    return id >= 0 && id < p->next_id ? p->nodes[id] : NULL;
}

/* A node with the next id, registered in p; NULL when memory runs out. */
static IrSNodeNode *new_node(IrSNodeProgram *p, IrSNodeKind kind, IrType dtype)
{
    if (p->next_id == p->nodes_cap) {
        int cap = p->nodes_cap ? 2 * p->nodes_cap : 16;
        IrSNodeNode **nodes = realloc(p->nodes, (size_t)cap * sizeof *nodes);
        if (!nodes) return NULL;
        p->nodes = nodes;
        p->nodes_cap = cap;
    }
    IrSNodeNode *n = calloc(1, sizeof *n);
    if (!n) return NULL;
    n->kind = kind;
    n->ir.id = p->next_id;
    n->ir.dtype = dtype;
    n->ir.name = n->name;
    static const char *const kinds[] = {"root", "dense", "place"};
    if (kind == IR_SNODE_PLACE)
        snprintf(n->name, sizeof n->name, "S%dplace<%s>", n->ir.id, ir_type_name(dtype));
    else
        snprintf(n->name, sizeof n->name, "S%d%s", n->ir.id, kinds[kind]);
    for (int i = 0; i < IR_SNODE_MAX_INDICES; i++) n->shape[i] = 1;
    p->nodes[p->next_id++] = n;
    return n;
}

IrSNodeNode *ir_snode_tree_new(IrSNodeProgram *p, const char **err)
{
    *err = oom;
    if (p->num_trees == p->trees_cap) {
        int cap = p->trees_cap ? 2 * p->trees_cap : 4;
        IrSNodeTree **trees = realloc(p->trees, (size_t)cap * sizeof *trees);
        if (!trees) return NULL;
        p->trees = trees;
        p->trees_cap = cap;
    }
    IrSNodeTree *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    IrSNodeNode *root = new_node(p, IR_SNODE_ROOT, IR_VOID);
    if (!root) {
        free(t);
        return NULL;
    }
    root->tree = t;
    root->num_cells = 1;
    t->id = p->num_trees;
    t->root = root;
    p->trees[p->num_trees++] = t;
    return root;
}

/* A child of parent, or NULL with *err set. */
static IrSNodeNode *add_child(IrSNodeProgram *p, IrSNodeNode *parent, IrSNodeKind kind, IrType dtype,
                              const char **err)
{
    if (parent->kind == IR_SNODE_PLACE) {
        *err = "a place SNode cannot have children";
        return NULL;
    }
    if (parent->tree->materialized) {
        *err = "the SNode tree is already materialized";
        return NULL;
    }
    *err = oom;
    if (parent->num_children == parent->children_cap) {
        int cap = parent->children_cap ? 2 * parent->children_cap : 4;
        IrSNodeNode **c = realloc(parent->children, (size_t)cap * sizeof *c);
        if (!c) return NULL;
        parent->children = c;
        parent->children_cap = cap;
    }
    IrSNodeNode *n = new_node(p, kind, dtype);
    if (!n) return NULL;
    n->tree = parent->tree;
    n->parent = parent;
    memcpy(n->shape, parent->shape, sizeof n->shape);
    n->ir.num_indices = parent->ir.num_indices;
    memcpy(n->physical_index_position, parent->physical_index_position, sizeof n->physical_index_position);
    parent->children[parent->num_children++] = n;
    return n;
}

IrSNodeNode *ir_snode_dense(IrSNodeProgram *p, IrSNodeNode *parent, int num_axes, const int *axes,
                            const int64_t *extents, const char **err)
{
    if (num_axes < 0 || num_axes > IR_SNODE_MAX_INDICES) {
        *err = "too many axes";
        return NULL;
    }
    bool seen[IR_SNODE_MAX_INDICES] = {false};
    for (int a = 0; a < num_axes; a++) {
        if (axes[a] < 0 || axes[a] >= IR_SNODE_MAX_INDICES) {
            *err = "physical index out of range (at most 12 indices)";
            return NULL;
        }
        if (seen[axes[a]]) {
            *err = "an axis appears twice in one dense SNode";
            return NULL;
        }
        if (extents[a] < 1) {
            *err = "every extent of a dense SNode must be positive";
            return NULL;
        }
        seen[axes[a]] = true;
    }
    int64_t shape[IR_SNODE_MAX_INDICES];
    memcpy(shape, parent->shape, sizeof shape);
    for (int a = 0; a < num_axes; a++)
        if (__builtin_mul_overflow(shape[axes[a]], extents[a], &shape[axes[a]])) {
            *err = "the SNode is too large";
            return NULL;
        }
    IrSNodeNode *n = add_child(p, parent, IR_SNODE_DENSE, IR_VOID, err);
    if (!n) return NULL;
    memcpy(n->shape, shape, sizeof shape);
    /* axes ascending (the address formula's digit order) */
    for (int ax = 0; ax < IR_SNODE_MAX_INDICES; ax++)
        for (int a = 0; a < num_axes; a++)
            if (axes[a] == ax) {
                n->axes[n->num_axes] = ax;
                n->extents[n->num_axes++] = extents[a];
            }
    int used = 0;
    bool uses[IR_SNODE_MAX_INDICES] = {false};
    for (int k = 0; k < n->ir.num_indices; k++) uses[n->physical_index_position[k]] = true;
    for (int a = 0; a < n->num_axes; a++) uses[n->axes[a]] = true;
    for (int ax = 0; ax < IR_SNODE_MAX_INDICES; ax++)
        if (uses[ax]) n->physical_index_position[used++] = ax;
    n->ir.num_indices = used;
    return n;
}

IrSNodeNode *ir_snode_place(IrSNodeProgram *p, IrSNodeNode *parent, IrType dtype, const char **err)
{
    if (ir_type_bits(dtype) == 0) {
        *err = "a place SNode needs a primitive element type";
        return NULL;
    }
    return add_child(p, parent, IR_SNODE_PLACE, dtype, err);
}

/* ---- layout ---------------------------------------------------------------------------- */

static size_t round_up(size_t n, size_t align) { return (n + align - 1) / align * align; }

/* Lays out n's subtree; false with *err set. */
static bool layout(IrSNodeNode *n, const char **err)
{
    if (n->kind == IR_SNODE_PLACE) {
        n->container_size = n->container_align = (size_t)ir_type_bits(n->ir.dtype) / 8;
        return true;
    }
    if (n->kind == IR_SNODE_DENSE && n->num_children == 0) {
        *err = "dense node must have at least one child.";
        return false;
    }
    size_t size = 0, align = 1;
    for (int i = 0; i < n->num_children; i++) {
        IrSNodeNode *c = n->children[i];
        if (!layout(c, err)) return false;
        size = round_up(size, c->container_align);
        c->offset = size;
        if (__builtin_add_overflow(size, c->container_size, &size)) goto too_large;
        if (c->container_align > align) align = c->container_align;
    }
    n->cell_size = round_up(size, align);
    n->cell_align = align;
    n->num_cells = 1;
    for (int a = 0; a < n->num_axes; a++)
        if (__builtin_mul_overflow(n->num_cells, n->extents[a], &n->num_cells)) goto too_large;
    if (__builtin_mul_overflow(n->cell_size, (size_t)n->num_cells, &n->container_size)) goto too_large;
    n->container_align = align;
    return true;
too_large:
    *err = "the SNode tree is too large";
    return false;
}

/* Fills the dense levels of every place under n; path holds the dense
 * nodes from the root down to n. */
static bool plan(IrSNodeNode *n, IrSNodeNode **path, int depth, const char **err)
{
    if (n->kind == IR_SNODE_DENSE) path[depth++] = n;
    for (int i = 0; i < n->num_children; i++)
        if (!plan(n->children[i], path, depth, err)) return false;
    if (n->kind != IR_SNODE_PLACE) return true;
    n->levels = calloc(depth ? (size_t)depth : 1, sizeof *n->levels);
    if (!n->levels) {
        *err = oom;
        return false;
    }
    n->num_levels = depth;
    int64_t below[IR_SNODE_MAX_INDICES];
    for (int p = 0; p < IR_SNODE_MAX_INDICES; p++) below[p] = 1;
    for (int d = depth - 1; d >= 0; d--) {
        IrSNodeLevel *l = &n->levels[d];
        IrSNodeNode *s = path[d];
        l->offset = s->offset;
        l->cell_size = s->cell_size;
        l->num_axes = s->num_axes;
        for (int a = 0; a < s->num_axes; a++) {
            l->axes[a] = s->axes[a];
            l->extents[a] = s->extents[a];
            l->divisors[a] = below[s->axes[a]];
        }
        for (int a = 0; a < s->num_axes; a++) below[s->axes[a]] *= s->extents[a];
    }
    return true;
}

static int tree_depth(const IrSNodeNode *n)
{
    int d = 0;
    for (int i = 0; i < n->num_children; i++) {
        int c = tree_depth(n->children[i]);
        if (c > d) d = c;
    }
    return d + 1;
}

bool ir_snode_materialize(IrSNodeTree *t, const char **err)
{
    if (t->materialized) return true;
    if (!layout(t->root, err)) return false;
    IrSNodeNode **path = malloc((size_t)tree_depth(t->root) * sizeof *path);
    if (!path) {
        *err = oom;
        return false;
    }
    bool ok = plan(t->root, path, 0, err);
    free(path);
    if (!ok) return false;
    t->size = t->root->cell_size;
    t->materialized = true;
    return true;
}

/* ---- addresses ---------------------------------------------------------------------------- */

bool ir_snode_in_bounds(const IrSNodeNode *place, const int64_t *idx)
{
    for (int k = 0; k < place->ir.num_indices; k++)
        if (idx[k] < 0 || idx[k] >= place->shape[place->physical_index_position[k]]) return false;
    return true;
}

size_t ir_snode_offset_of(const IrSNodeNode *place, const int64_t *idx)
{
    int64_t phys[IR_SNODE_MAX_INDICES] = {0};
    for (int k = 0; k < place->ir.num_indices; k++) phys[place->physical_index_position[k]] = idx[k];
    size_t at = 0;
    for (int d = 0; d < place->num_levels; d++) {
        const IrSNodeLevel *l = &place->levels[d];
        int64_t c = 0;
        for (int a = 0; a < l->num_axes; a++)
            c = c * l->extents[a] + phys[l->axes[a]] / l->divisors[a] % l->extents[a];
        at += l->offset + (size_t)c * l->cell_size;
    }
    return at + place->offset;
}

void *ir_snode_address(const IrSNodeNode *place, const int64_t *idx)
{
    return place->tree->buffer + ir_snode_offset_of(place, idx);
}

/* ---- element conversions ----------------------------------------------------------------- */

uint16_t ir_f16_from_double(double d)
{
    uint16_t sign = signbit(d) ? 0x8000 : 0;
    if (isnan(d)) return 0x7e00 | sign;
    d = fabs(d);
    if (d >= 65520.0) return sign | 0x7c00;        /* rounds past the largest finite, 65504 */
    if (d < 0x1p-14) {                             /* subnormal: multiples of 2^-24 */
        double q = nearbyint(d * 0x1p24);          /* current rounding mode: to nearest even */
        return sign | (uint16_t)q;                 /* 1024 is the smallest normal, encoded alike */
    }
    int e;
    double m = frexp(d, &e);                       /* d = m * 2^e, m in [0.5, 1) */
    double q = nearbyint(m * 2048.0);              /* 11 significant bits */
    if (q == 2048.0) {
        q = 1024.0;
        e++;
    }
    return sign | (uint16_t)((e + 14) << 10) | (uint16_t)((int)q - 1024);
}

double ir_f16_to_double(uint16_t h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, e - 25);
    return h & 0x8000 ? -v : v;
}

void ir_snode_store_int(IrType t, void *at, uint64_t bits)
{
    switch (ir_type_bits(t)) {
    case 8: *(uint8_t *)at = (uint8_t)bits; break;
    case 16: *(uint16_t *)at = (uint16_t)bits; break;
    case 32: *(uint32_t *)at = (uint32_t)bits; break;
    default: *(uint64_t *)at = bits; break;
    }
}

/* A double as the nearest float, without the undefined cast of a value
 * beyond FLT_MAX's rounding range. */
static float to_f32(double v)
{
    if (v >= 0x1.ffffffp127) return INFINITY;
    if (v <= -0x1.ffffffp127) return -INFINITY;
    return (float)v;
}

/* A double truncated toward zero as two's-complement bits (wrapping as
 * Taichi's cast of a float constant does for in-range values; NaN is 0). */
static uint64_t trunc_bits(double v)
{
    if (!(v == v)) return 0;
    v = trunc(v);
    if (v >= 0x1p64 || v < -0x1p63) return v < 0 ? UINT64_C(1) << 63 : UINT64_MAX;
    return v >= 0x1p63 ? (uint64_t)v : (uint64_t)(int64_t)v;
}

void ir_snode_store_float(IrType t, void *at, double v)
{
    if (t == IR_F64) *(double *)at = v;
    else if (t == IR_F32) *(float *)at = (float)ir_flush_denormal(IR_F32, to_f32(v));
    else if (t == IR_F16) *(uint16_t *)at = ir_f16_from_double(v);
    else ir_snode_store_int(t, at, trunc_bits(v));
}

double ir_snode_load_float(IrType t, const void *at)
{
    if (t == IR_F64) return *(const double *)at;
    if (t == IR_F32) return *(const float *)at;
    return ir_f16_to_double(*(const uint16_t *)at);
}

uint64_t ir_snode_load_bits(IrType t, const void *at)
{
    bool s = ir_type_is_signed(t);
    switch (ir_type_bits(t)) {
    case 8: return s ? (uint64_t)(int64_t)*(const int8_t *)at : *(const uint8_t *)at;
    case 16: return s ? (uint64_t)(int64_t)*(const int16_t *)at : *(const uint16_t *)at;
    case 32: return s ? (uint64_t)(int64_t)*(const int32_t *)at : *(const uint32_t *)at;
    default: return *(const uint64_t *)at;
    }
}

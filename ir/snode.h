/* The SNode tree (internal-design.txt): root, dense and place nodes, their
 * memory layout, and the offset of a field element in its tree's buffer, which
 * generated code computes the same way. The buffers are the backend's memory
 * (program/ allocates one per materialized tree); a tree records its host
 * address when the backend's memory is host-visible.
 *
 * Terms. A node's *container* holds its *cells*; a cell holds one container
 * of each child (its *components*), in child order. A dense node with axes
 * {p...} and extents {e_p...} has prod(e_p) cells; the root has one cell; a
 * place container is one element and has no cells.
 *
 * Indices. ti.i, ti.j, ... are *physical* indices 0..11. A dense node names
 * the physical indices it splits (ti.ij: 0 and 1). Along the path from the
 * root to a place, the extent of physical index p is the product of the
 * extents of p at every dense level (root.dense(ti.i, 4).dense(ti.i, 2): 8).
 * The field's *virtual* indices x[a, b, ...] are the physical indices the
 * path uses, in ascending order: physical_index_position[k] is the physical
 * index of virtual index k, and the field's shape is their extents.
 *
 * Layout (computed by ir_snode_materialize, C-struct rules):
 *   place:  container = one element; size = alignment = the element type's
 *           size (f16: 2 bytes, IEEE binary16).
 *   dense / root cell: the children's containers in child order, each at the
 *           next multiple of its alignment; cell size rounded up to the
 *           cell's alignment (the largest child alignment, at least 1).
 *   dense container: num_cells * cell_size, aligned as its cell.
 *   `offset` of a node = byte offset of its container in its parent's cell.
 *   The root container is the tree's buffer: its owner makes it 64-byte
 *   aligned, zero-filled, at least 1 byte.
 *
 * Address of place P at physical indices I[p] (virtual indices mapped
 * through physical_index_position), with the levels L = the dense nodes on
 * the path from the root to P (IrSNodeLevel, outermost first):
 *
 *   below(L, p) = product of extents of p at the levels under L on the path
 *   c_L         = mixed-radix number over L's axes in ascending physical
 *                 order, digit (I[p] / below(L, p)) % extent(L, p)
 *                 (the first axis is the most significant:
 *                  c = ((d_0 * e_1 + d_1) * e_2 + d_2) ...)
 *   address     = base + sum over L of (L.offset + c_L * L.cell_size)
 *                 + P.offset
 *
 * So in one dense node the axes are always row-major in physical order
 * (ti.axes(1, 0) only says which extent goes to which index); a column-major
 * x[i, j] is root.dense(ti.j, n).dense(ti.i, m): j's level is outermost.
 * Extents are exact (Taichi 1.x packs dense nodes; no rounding to powers of
 * two). Ids are given in creation order across all trees of a program, as
 * Taichi numbers them (S0root, S1dense, S2place<f32>, then S3root ...). */
#ifndef TIRUN_SNODE_H
#define TIRUN_SNODE_H

#include <stddef.h>
#include <stdint.h>

#include "ir.h"

enum { IR_SNODE_MAX_INDICES = 12, IR_SNODE_BUFFER_ALIGN = 64 };

typedef enum { IR_SNODE_ROOT, IR_SNODE_DENSE, IR_SNODE_PLACE } IrSNodeKind;

typedef struct IrSNodeTree IrSNodeTree;
typedef struct IrSNodeNode IrSNodeNode;

/* One dense level of a place's address computation (see the formula above). */
typedef struct {
    size_t offset;                            /* this level's container in the parent cell */
    size_t cell_size;
    int num_axes;                             /* 0 for shape=() fields: c_L = 0 */
    int axes[IR_SNODE_MAX_INDICES];           /* physical indices, ascending */
    int64_t extents[IR_SNODE_MAX_INDICES];    /* extent of axes[a] at this level */
    int64_t divisors[IR_SNODE_MAX_INDICES];   /* below(L, axes[a]) */
} IrSNodeLevel;

struct IrSNodeNode {
    IrSNode ir;                 /* first member: a node is also the IR's IrSNode */
    IrSNodeKind kind;
    IrSNodeTree *tree;
    IrSNodeNode *parent;
    IrSNodeNode **children;
    int num_children, children_cap;
    char name[32];              /* ir.name points here */
    /* dense: the axes this level splits, ascending, and their extents */
    int num_axes;
    int axes[IR_SNODE_MAX_INDICES];
    int64_t extents[IR_SNODE_MAX_INDICES];
    /* from the root down to this node: extent per physical index (1 where
     * unused), and the virtual -> physical map of ir.num_indices entries */
    int64_t shape[IR_SNODE_MAX_INDICES];
    int physical_index_position[IR_SNODE_MAX_INDICES];
    /* layout, valid once the tree is materialized */
    int64_t num_cells;          /* root 1, dense prod(extents), place 0 */
    size_t cell_size, cell_align, container_size, container_align, offset;
    IrSNodeLevel *levels;       /* place: the dense levels of its path, outermost first */
    int num_levels;
};

struct IrSNodeTree {
    int id;                     /* 0, 1, ... in the program */
    IrSNodeNode *root;
    bool materialized;
    unsigned char *buffer;      /* the root container's host address, set by its owner; NULL if none */
    size_t size;                /* bytes of the root container, once materialized */
};

/* All trees of one Taichi program (between ti.init / ti.reset). */
typedef struct IrSNodeProgram {
    int next_id;                /* next SNode id */
    IrSNodeNode **nodes;        /* by id */
    int nodes_cap;
    IrSNodeTree **trees;
    int num_trees, trees_cap;
} IrSNodeProgram;

IrSNodeProgram *ir_snode_program_new(void);
/* Frees every tree and node of p (not their buffers). */
void ir_snode_program_free(IrSNodeProgram *p);
/* The node with this id, or NULL. */
IrSNodeNode *ir_snode_lookup(IrSNodeProgram *p, int id);

/* Each builder returns the new node, or NULL with *err set to a static
 * message (out of memory, a materialized tree, a bad axis or extent, a
 * place as parent). */
IrSNodeNode *ir_snode_tree_new(IrSNodeProgram *p, const char **err);
/* A dense child of parent splitting num_axes distinct physical indices
 * (given in any order, with their extents, each >= 1); num_axes may be 0. */
IrSNodeNode *ir_snode_dense(IrSNodeProgram *p, IrSNodeNode *parent, int num_axes, const int *axes,
                            const int64_t *extents, const char **err);
IrSNodeNode *ir_snode_place(IrSNodeProgram *p, IrSNodeNode *parent, IrType dtype, const char **err);

/* Computes the layout of t and its size; false with *err set (a dense node
 * without children, a size that overflows, no memory). Idempotent. */
bool ir_snode_materialize(IrSNodeTree *t, const char **err);

/* Whether virtual indices idx[0 .. place->ir.num_indices) are within the
 * place's shape. */
bool ir_snode_in_bounds(const IrSNodeNode *place, const int64_t *idx);
/* Byte offset of the element at in-bounds virtual indices from the start of
 * its tree's buffer (the formula above). */
size_t ir_snode_offset_of(const IrSNodeNode *place, const int64_t *idx);
/* The element's address in the tree's host buffer (t->buffer set). */
void *ir_snode_address(const IrSNodeNode *place, const int64_t *idx);

/* Element access with Taichi's host-side conversions. Stores: the low bits
 * of a two's-complement integer for integer types (wrapping as a C cast);
 * round to nearest for f32 / f16 (overflow to infinity), an f32 denormal
 * flushed to zero as Taichi's f32 writes are. */
void ir_snode_store_int(IrType t, void *at, uint64_t bits);  /* integer types */
void ir_snode_store_float(IrType t, void *at, double v);     /* any type: float types round, integers truncate */
double ir_snode_load_float(IrType t, const void *at);        /* float types */
uint64_t ir_snode_load_bits(IrType t, const void *at);       /* integer types: sign- or zero-extended */

/* IEEE binary16 conversions (round to nearest even). */
uint16_t ir_f16_from_double(double d);
double ir_f16_to_double(uint16_t h);

#endif

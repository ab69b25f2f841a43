/* Host memory for the SNode trees of unit tests that drive jit/ directly:
 * what program/ gets from the backend, a zero-filled 64-byte-aligned buffer
 * per materialized tree. */
#ifndef TIRUN_TEST_SNODE_MEM_H
#define TIRUN_TEST_SNODE_MEM_H

#include <stdlib.h>
#include <string.h>

#include "ir/snode.h"

/* Lays out t and gives it a buffer; false with *err set. */
static inline bool test_materialize(IrSNodeTree *t, const char **err)
{
    if (t->materialized) return true;
    if (!ir_snode_materialize(t, err)) return false;
    size_t size = (t->size + 63) / 64 * 64;
    if (!(t->buffer = aligned_alloc(64, size ? size : 64))) {
        *err = "out of memory";
        return false;
    }
    memset(t->buffer, 0, size ? size : 64);
    return true;
}

/* Frees p with the buffers test_materialize gave its trees. */
static inline void test_snodes_free(IrSNodeProgram *p)
{
    for (int i = 0; p && i < p->num_trees; i++) free(p->trees[i]->buffer);
    ir_snode_program_free(p);
}

#endif

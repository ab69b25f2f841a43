/* Arrays that grow by doubling: what every owner of a variable-length array
 * (scopes, print arguments, kernels, instances, compiled code) does. */
#ifndef TIRUN_GROW_H
#define TIRUN_GROW_H

#include <stddef.h>

/* items, which has room for *cap elements of elem bytes, with room for at
 * least need: items itself when it has it, else reallocated to twice *cap
 * (at least first, at least need) with *cap updated. NULL when out of memory,
 * items and *cap unchanged; an empty array asked for no room is returned as
 * it is, NULL too, so callers that may ask for 0 check need > *cap first. */
void *grow_array(void *items, int *cap, int need, size_t elem, int first);

#endif

/* Growing arrays by doubling (grow.h). */
#include "grow.h"

#include <stdlib.h>

void *grow_array(void *items, int *cap, int need, size_t elem, int first)
{
    if (need <= *cap) return items;
    int n = *cap ? 2 * *cap : first;
    if (n < need) n = need;
    void *p = realloc(items, (size_t)n * elem);
    if (p) *cap = n;
    return p;
}

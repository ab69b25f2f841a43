/* The library modules written in Python (stdlib/py), compiled into the
 * binary by stdlib/embed_py.c: VmConfig.sources of every runtime. */
#ifndef TIRUN_EMBEDDED_H
#define TIRUN_EMBEDDED_H

#include "../vm/vm.h"

extern const VmSourceModule mod_embedded_sources[];
extern const int mod_embedded_count;

#endif

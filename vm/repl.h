/* The interactive loop (repl.c), part of the tirun command, not the library. */
#ifndef TIRUN_REPL_H
#define TIRUN_REPL_H

#include "vm.h"

/* Runs the REPL on the terminal until Ctrl-D or SystemExit, printing banner
 * first; returns the exit status. */
int vm_repl(VM *vm, const char *banner);

#endif

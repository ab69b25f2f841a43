/* The interactive prompt's step (repl.c); the line editing is the host's. */
#ifndef TIRUN_REPL_H
#define TIRUN_REPL_H

#include "vm.h"

typedef enum { VM_INPUT_DONE, VM_INPUT_MORE, VM_INPUT_EXIT } VmInput;

/* Parses the text entered so far (whole lines) in __main__ (made on first
 * use) and runs it when complete, printing errors on vm->err: VM_INPUT_MORE
 * when more lines must come (blank: the last line was empty, which ends a
 * compound statement), VM_INPUT_EXIT with the exit status in *status when
 * it raised SystemExit, else VM_INPUT_DONE. */
VmInput vm_interactive(VM *vm, const char *text, size_t len, bool blank, int *status);

#endif

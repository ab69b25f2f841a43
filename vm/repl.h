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

/* Sets sys.ps1 and sys.ps2 to CPython's ">>> " and "... " where the program
 * has not set them, as an interactive session starts. False with an
 * exception pending when that fails. */
bool vm_repl_begin(VM *vm);
/* What the prompt shows before the next line: str(sys.ps1), or str(sys.ps2)
 * when more input must come; "" where that is missing or fails, as in
 * CPython. A malloc'd copy (NULL when memory runs out). */
char *vm_repl_prompt(VM *vm, bool more);
/* The completions of `text`, the word before the cursor, as
 * rlcompleter.Completer().complete(text, state) lists them for state 0, 1,
 * ...: a list of str, or V_EXC with the exception pending. */
Value vm_repl_complete(VM *vm, const char *text);

#endif

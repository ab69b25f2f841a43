/* The bytecode compiler's entry point (compile.c): a module's AST to a code object. */
#ifndef TIRUN_COMPILE_H
#define TIRUN_COMPILE_H

#include "../parser/parse.h"
#include "vm.h"

/* Compiles a parsed module. NULL with a SyntaxError pending (e.g. 'return'
 * outside function, 'break' outside loop) on failure. */
CodeObj *vm_compile_module(VM *vm, const AstNode *mod, const ParseSource *src);

#endif

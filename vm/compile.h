/* The bytecode compiler's entry point (compile.c): a module's AST to a code object. */
#ifndef TIRUN_COMPILE_H
#define TIRUN_COMPILE_H

#include "../parser/parse.h"
#include "vm.h"

/* Compiles a parsed module. NULL with a SyntaxError pending (e.g. 'return'
 * outside function, 'break' outside loop) on failure. The AST and src must
 * live as long as the VM (vm->arena): function code objects keep pointers
 * to their definitions (CodeObj.def) for the kernel compiler. The same holds
 * for vm_compile_interactive; vm_compile_exec keeps none. */
CodeObj *vm_compile_module(VM *vm, const AstNode *mod, const ParseSource *src);
/* Code for exec() or eval(): its top-level names live in the locals mapping
 * it runs with. For eval, mod's body is one expression statement, whose value
 * the code returns. */
CodeObj *vm_compile_exec(VM *vm, const AstNode *mod, const ParseSource *src, bool eval);
/* Code for one input of the REPL: as a module's, but the value of each
 * top-level expression statement is printed (repr) and kept in builtins._. */
CodeObj *vm_compile_interactive(VM *vm, const AstNode *mod, const ParseSource *src);

/* Raises a parse failure as CPython would: TabError, IndentationError or
 * SyntaxError with the position (the source should be registered first, so
 * that the exception carries its line). Returns V_EXC (import.c). */
Value vm_raise_parse_error(VM *vm, const ParseError *err, const char *filename);

#endif

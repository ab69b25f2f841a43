/* Scope analysis (symtable.c): the scopes of a module and the role of every
 * name in each, computed before code generation. */
#ifndef TIRUN_SYMTABLE_H
#define TIRUN_SYMTABLE_H

#include <stdio.h>

#include "../parser/ast.h"

typedef enum { SC_MODULE, SC_FUNCTION, SC_CLASS, SC_COMP } ScopeKind;

enum {
    SYM_LOCAL = 1,        /* bound in this scope */
    SYM_PARAM = 2,
    SYM_GLOBAL = 4,       /* declared global */
    SYM_NONLOCAL = 8,
    SYM_USED = 16,
    SYM_FREE = 32,        /* comes from an enclosing function's cell */
    SYM_CELL = 64,        /* a local that inner functions capture */
    SYM_FREE_CLASS = 128, /* a class scope passing a cell through to its methods */
};

typedef struct {
    const char *name;
    uint32_t flags;
    int index;            /* slot assigned by the code generator */
} Sym;

typedef struct Scope Scope;
struct Scope {
    ScopeKind kind;
    const AstNode *node;
    Scope *parent;
    const char *name;
    Sym *syms;
    int nsyms, capsyms;
    Scope **children;     /* in source order, as the code generator meets them */
    int nchildren, capchildren, next_child;
    bool is_generator;
    bool uses_class_cell; /* a function using super(): needs __class__ */
    bool has_class_cell;  /* a class whose methods need __class__ */
};

typedef struct {
    Arena *a;
    bool failed;
    const AstNode *err_node;
    char err[200];
} SymTable;

/* Builds the scopes of a module; NULL on a (syntax) error described in st. */
Scope *st_build(SymTable *st, const AstNode *module);
Sym *st_lookup(Scope *s, const char *name);

#endif

/* The bytecode: one 32-bit word per instruction, opcode in the low 8 bits and
 * its argument in the high 24. X(name, stack effect (when constant) ...) is
 * the single list from which the enum and the names are generated. */
#ifndef TIRUN_OPCODES_H
#define TIRUN_OPCODES_H

#define VM_OPCODES(X)                                                               \
    X(NOP)                                                                          \
    X(POP_TOP) X(DUP_TOP) X(DUP_TOP_TWO) X(ROT_TWO) X(ROT_THREE) X(ROT_FOUR)         \
    X(LOAD_CONST)         /* consts[arg] */                                         \
    X(LOAD_FAST) X(STORE_FAST) X(DELETE_FAST)                                       \
    X(LOAD_DEREF) X(STORE_DEREF) X(DELETE_DEREF) X(LOAD_CLOSURE)                    \
    X(LOAD_CLASSDEREF)    /* class body: namespace first, then the cell */          \
    X(LOAD_GLOBAL) X(STORE_GLOBAL) X(DELETE_GLOBAL)                                 \
    X(LOAD_NAME) X(STORE_NAME) X(DELETE_NAME)                                       \
    X(LOAD_ATTR) X(STORE_ATTR) X(DELETE_ATTR)                                       \
    X(LOAD_METHOD) X(CALL_METHOD)                                                   \
    X(BINARY) X(INPLACE) X(UNARY) X(COMPARE) X(IS_OP) X(CONTAINS_OP)                \
    X(BINARY_SUBSCR) X(STORE_SUBSCR) X(DELETE_SUBSCR)                               \
    X(BUILD_TUPLE) X(BUILD_LIST) X(BUILD_SET) X(BUILD_MAP) X(BUILD_SLICE)           \
    X(BUILD_STRING)                                                                 \
    X(LIST_APPEND) X(SET_ADD) X(MAP_ADD)  /* arg: depth of the container */         \
    X(LIST_EXTEND) X(SET_UPDATE) X(DICT_UPDATE) X(DICT_MERGE) X(LIST_TO_TUPLE)      \
    X(FORMAT_VALUE)       /* arg: conversion (0 none, 1 s, 2 r, 3 a) | 4 with spec */ \
    X(JUMP) X(POP_JUMP_IF_FALSE) X(POP_JUMP_IF_TRUE)                                \
    X(JUMP_IF_FALSE_OR_POP) X(JUMP_IF_TRUE_OR_POP)                                  \
    X(GET_ITER) X(FOR_ITER)                                                         \
    X(CALL) X(CALL_KW) X(CALL_EX)                                                   \
    X(MAKE_FUNCTION)      /* arg: 1 defaults, 2 kwdefaults, 4 annotations, 8 closure */ \
    X(RETURN_VALUE) X(YIELD_VALUE) X(GET_YIELD_FROM_ITER) X(YIELD_FROM)             \
    X(RAISE)              /* arg: 0 re-raise, 1 exc, 2 exc from cause */            \
    X(SETUP_EXCEPT) X(SETUP_FINALLY) X(SETUP_WITH) X(POP_BLOCK) X(POP_EXCEPT)       \
    X(JUMP_IF_NOT_EXC_MATCH) X(RERAISE) X(WITH_EXCEPT)                              \
    X(UNPACK_SEQUENCE) X(UNPACK_EX)                                                 \
    X(IMPORT_NAME) X(IMPORT_FROM) X(IMPORT_STAR)                                    \
    X(LOAD_BUILD_CLASS) X(LOAD_ASSERTION_ERROR) X(SETUP_ANNOTATIONS)                \
    X(PRINT_EXPR)                                                                   \
    X(ASSERT_FAILED)      /* arg: what << 1 | 1 with a message (see below) */

typedef enum {
#define X(n) OP_##n,
    VM_OPCODES(X)
#undef X
    OP_COUNT
} Opcode;

#define INSN(op, arg) ((uint32_t)(op) | ((uint32_t)(arg) << 8))
#define INSN_OP(w) ((w) & 0xFF)
#define INSN_ARG(w) ((w) >> 8)

/* LIST_EXTEND's argument is the list's depth below the iterable; this flag
 * marks the *args of a call, whose error names the function. */
enum { LIST_EXTEND_CALL = 0x100 };

/* ASSERT_FAILED's `what`: a comparison (its AST cmpop; both operands below
 * the message) or one value that was false (ASSERT_VALUE) or true (ASSERT_NOT). */
enum { ASSERT_VALUE = 16, ASSERT_NOT = 17 };

extern const char *const vm_opcode_names[OP_COUNT];

#endif

/* What the transformer's files share: the compilation state (Tr), one context
 * per function being inlined (TrCtx) with its scope stack, and the helpers that
 * turn values into IR. transform.c owns statements and errors, transform_expr.c
 * expressions, calls and built-ins. */
#ifndef TIRUN_FRONTEND_TRANSFORM_INT_H
#define TIRUN_FRONTEND_TRANSFORM_INT_H

#include "../parser/ast.h"
#include "../parser/parse.h"
#include "transform.h"
#include "../util/grow.h"

/* A name in a scope: a Python value, or an Expr (an alloca: a variable). */
typedef struct {
    StrObj *name;
    Value value;
} TrBinding;

typedef struct {
    TrBinding *items;
    int n, cap;
} TrScope;

typedef enum { TR_LOOP_NORMAL, TR_LOOP_BREAK, TR_LOOP_CONTINUE } TrLoopStatus;

/* A runtime loop being built: whether break may leave it. */
typedef struct {
    IrStmt *stmt;
    bool parallel;
} TrLoop;

typedef struct Tr Tr;

/* One function being transformed: the kernel, or a ti.func being inlined. */
typedef struct TrCtx {
    Tr *tr;
    struct TrCtx *caller;
    FuncObj *fn;
    const ParseSource *src;
    const char *file;
    bool is_kernel;
    TrScope *scopes;
    int nscopes, scopecap;
    int non_static;             /* depth of non-static if / for / while */
    int loops_at_entry;         /* tr->nloops when this function started */
    int static_for;             /* depth of static for loops (break / continue at compile time) */
    int static_for_non_static;  /* non_static when the innermost static for began */
    int static_for_loops;       /* tr->nloops then */
    TrLoopStatus loop_status;
    bool returned;
    Value ret;                  /* a ti.func's return value (V_UNBOUND: none) */
    bool has_ret;
    bool raised;                /* the pending error already carries this function's position */
    int static_scope;           /* inside ti.static(...)'s arguments: in / not in and sets allowed */
    StrObj **kernel_args;       /* kernel parameters: immutable */
    int nkernel_args;
    const AstNode *stmt;        /* the statement being transformed (for warnings) */
} TrCtx;

enum { TR_MAX_LOOPS = 64, TR_MAX_INLINE_DEPTH = 64 };

struct Tr {
    const TrEnv *env;
    VM *vm;
    IrKernel *k;
    TrCtx *ctx;                 /* innermost */
    int depth;
    TrLoop loops[TR_MAX_LOOPS];
    int nloops;
    /* ti.loop_config(...) for the next for loop */
    bool cfg_pending, cfg_serialize;
    int cfg_block_dim;
    IrType ret_type;
    StrBuf warnings;            /* "Assign may lose precision" warnings, shown once the kernel is built */
};

/* ---- transform.c */
Value tr_error(TrCtx *c, TypeObj *type, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Marks where the pending exception happened (once per function level). */
void tr_locate(TrCtx *c, const AstNode *node);
/* Taichi 1.x's `File "F", line N, in f:` line, the source line and carets. */
void tr_traceback(TrCtx *c, const AstNode *node, StrBuf *b);
void tr_traceback_at(TrCtx *c, int lineno, int col, int end_lineno, int end_col, StrBuf *b);
bool tr_stmts(TrCtx *c, const AstSeq *body);
void tr_set_loc(TrCtx *c, const AstNode *node);
/* Taichi's "<what> may lose precision: <to> <- <from>" warning (what: "Assign",
 * "Atomic add" ...) at the current statement, when from does not promote to to. */
void tr_warn_cast(Tr *t, const char *what, IrType to, IrType from);
bool tr_push_scope(TrCtx *c);
void tr_pop_scope(TrCtx *c);
bool tr_bind(TrCtx *c, StrObj *name, Value v);
/* Looks a name up in the scopes only: V_UNBOUND when absent. */
Value tr_scope_lookup(TrCtx *c, StrObj *name);
/* Inlines a ti.func call; its value (a tuple for several). The first nref
 * arguments are passed by reference, as template arguments are. */
Value tr_inline_func(TrCtx *c, const AstNode *call, FuncObj *fn, Value *args, int nargs, TupleObj *kwnames,
                     int nref);

/* ---- transform_expr.c */
Value tr_expr(TrCtx *c, const AstNode *e);
bool tr_is_expr(Tr *t, Value v);
IrStmt *tr_stmt_of(Value v);
Value tr_wrap(Tr *t, IrStmt *s);
/* A Taichi value of v: an Expr's statement (variables loaded), or a Python
 * number made a constant of its default type; NULL with TaichiTypeError for
 * anything else. */
IrStmt *tr_value(Tr *t, Value v);
/* tr_value cast to type ty (implicit cast). */
IrStmt *tr_value_as(Tr *t, Value v, IrType ty);
IrStmt *tr_cast(Tr *t, IrStmt *s, IrType ty);
/* tr_value_as for a store into a place of type ty: warns as Taichi does when
 * the value narrows (what: "Assign", "Atomic add" ...). */
IrStmt *tr_store_value(Tr *t, Value v, IrType ty, const char *what);
/* A new variable holding v (expr_init): numbers and Exprs become allocas,
 * lists / tuples / dicts element-wise, anything else stays a Python value. */
Value tr_expr_init(Tr *t, Value v);
/* The variable's value: a local_load Expr for a variable, else v itself. */
Value tr_load_var(Tr *t, Value v);
bool tr_is_var(Tr *t, Value v);
/* Stores v into variable var (an alloca Expr), cast to its type. */
bool tr_store_var(Tr *t, Value var, Value v);
Value tr_binary(Tr *t, int op, Value a, Value b);
Value tr_compare(Tr *t, int op, Value a, Value b);
/* Whether call node e is ti.static(...) (evaluating only its callee). */
int tr_is_static_call(TrCtx *c, const AstNode *e);
/* The SNode place of a field value, or NULL (no exception) if v is not a field. */
IrSNodeNode *tr_field_place(Tr *t, Value v, bool *err);
/* The pointer to x[indices] for a field, with debug-mode bounds checks. */
IrStmt *tr_field_ptr(TrCtx *c, const AstNode *at, IrSNodeNode *place, Value field, Value key);
/* Whether v is a kernel's ndarray parameter (a taichi._ExternalArray of Exprs). */
bool tr_is_external(Tr *t, Value v);
/* The pointer to element key of ndarray parameter arr (tr_is_external); its
 * element type is the pointee. NULL with the error raised. */
IrStmt *tr_external_ptr(TrCtx *c, const AstNode *at, Value arr, Value key);
/* Atomic op (IR_ATOMIC_*) on a pointer (alloca or global). */
Value tr_atomic(Tr *t, int op, IrStmt *ptr, Value v);
bool tr_is_number(Tr *t, Value v);
/* A Python number as a constant of type ty (IR_VOID: its default type);
 * `literal` picks Taichi's message for a default_ip overflow. */
IrStmt *tr_py_const(Tr *t, Value v, IrType ty, bool literal);
/* A u1 that is 1 when v (a Taichi value or number) is nonzero. */
IrStmt *tr_truth(Tr *t, Value v);
/* A primitive type applied to v: a typed literal (literal_check: Taichi's
 * int / float literal rules) or a cast. */
Value tr_dtype_call(Tr *t, IrType ty, Value v, bool literal_check);
Value tr_unary(Tr *t, int op, Value v);
/* ti.<name>(args) in a kernel (transform_builtin.c). */
Value tr_call_builtin(Tr *t, const char *name, Value *args, int nargs, TupleObj *kw);
/* Python's int / float / abs / pow / max / min / bool on Taichi values; *handled
 * false when the call is not one of those (then run it as Python). */
Value tr_python_builtin(Tr *t, const char *name, Value *args, int nargs, TupleObj *kw, bool *handled);
/* Print statement from a call's arguments (print(...) in a kernel). */
bool tr_print(TrCtx *c, const AstNode *call);
/* Builds assert text + args from an assert message node. */
bool tr_assert_msg(TrCtx *c, const AstNode *msg, StrBuf *text, IrStmt ***args, int *nargs);

#endif

/* The abstract syntax tree, shaped exactly like CPython 3.11's `ast` module.
 * Node kinds and their fields are one X-macro table (AST_NODES); the structs,
 * the kind names and the generic walkers (ast_dump) are all generated from it. */
#ifndef TIRUN_AST_H
#define TIRUN_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/arena.h"

typedef struct AstNode AstNode;

typedef struct { int n; AstNode **items; } AstSeq;        /* items may hold NULL (Dict keys, kw_defaults) */
typedef struct { int n; const char **items; } AstStrSeq;
typedef struct { int n; uint8_t *items; } AstOpSeq;       /* cmpop list of Compare */

/* A literal value of a Constant node. */
typedef enum {
    AST_C_NONE, AST_C_TRUE, AST_C_FALSE, AST_C_ELLIPSIS,
    AST_C_INT,     /* fits int64: i; else big: s holds the decimal digits */
    AST_C_FLOAT, AST_C_COMPLEX, AST_C_STR, AST_C_BYTES
} AstConstKind;

typedef struct {
    AstConstKind kind;
    int64_t i;
    double f;            /* FLOAT value, or the imaginary part of COMPLEX */
    const char *s;       /* STR (UTF-8) / BYTES contents, or big INT decimal digits */
    size_t len;
} AstConst;

/* Field types: each names the C type stored and how ast_dump prints it. */
#define AST_FT_EXPR     AstNode *
#define AST_FT_EXPR_OPT AstNode *
#define AST_FT_NODE     AstNode *     /* arguments: never absent */
#define AST_FT_NODE_OPT AstNode *     /* arg? */
#define AST_FT_SEQ      AstSeq
#define AST_FT_IDENT    const char *
#define AST_FT_IDENT_OPT const char *
#define AST_FT_IDENTS   AstStrSeq
#define AST_FT_STR_OPT  const char *  /* type_comment, Constant.kind */
#define AST_FT_CONST    AstConst
#define AST_FT_INT      int
#define AST_FT_INT_OPT  int           /* ImportFrom.level: always set by the parser */
#define AST_FT_CTX      uint8_t
#define AST_FT_BOOLOP   uint8_t
#define AST_FT_OPERATOR uint8_t
#define AST_FT_UNARYOP  uint8_t
#define AST_FT_CMPOPS   AstOpSeq
#define AST_FT_EMPTY    AstSeq        /* type_ignores: always [] */
#define AST_FT_NOFIELD  char          /* placeholder for kinds without fields */

/* Categories decide whether ast_dump prints the position attributes. */
typedef enum { AST_CAT_MOD, AST_CAT_STMT, AST_CAT_EXPR, AST_CAT_POS, AST_CAT_NOPOS } AstCategory;

/* X(Kind, category, fields) with fields a list of F(type, name) in CPython's order. */
#define AST_NODES(X) \
    X(Module, MOD, F(SEQ, body) F(EMPTY, type_ignores)) \
    X(FunctionDef, STMT, F(IDENT, name) F(NODE, args) F(SEQ, body) F(SEQ, decorator_list) \
      F(EXPR_OPT, returns) F(STR_OPT, type_comment)) \
    X(ClassDef, STMT, F(IDENT, name) F(SEQ, bases) F(SEQ, keywords) F(SEQ, body) F(SEQ, decorator_list)) \
    X(Return, STMT, F(EXPR_OPT, value)) \
    X(Delete, STMT, F(SEQ, targets)) \
    X(Assign, STMT, F(SEQ, targets) F(EXPR, value) F(STR_OPT, type_comment)) \
    X(AugAssign, STMT, F(EXPR, target) F(OPERATOR, op) F(EXPR, value)) \
    X(AnnAssign, STMT, F(EXPR, target) F(EXPR, annotation) F(EXPR_OPT, value) F(INT, simple)) \
    X(For, STMT, F(EXPR, target) F(EXPR, iter) F(SEQ, body) F(SEQ, orelse) F(STR_OPT, type_comment)) \
    X(While, STMT, F(EXPR, test) F(SEQ, body) F(SEQ, orelse)) \
    X(If, STMT, F(EXPR, test) F(SEQ, body) F(SEQ, orelse)) \
    X(With, STMT, F(SEQ, items) F(SEQ, body) F(STR_OPT, type_comment)) \
    X(Raise, STMT, F(EXPR_OPT, exc) F(EXPR_OPT, cause)) \
    X(Try, STMT, F(SEQ, body) F(SEQ, handlers) F(SEQ, orelse) F(SEQ, finalbody)) \
    X(TryStar, STMT, F(SEQ, body) F(SEQ, handlers) F(SEQ, orelse) F(SEQ, finalbody)) \
    X(Assert, STMT, F(EXPR, test) F(EXPR_OPT, msg)) \
    X(Import, STMT, F(SEQ, names)) \
    X(ImportFrom, STMT, F(IDENT_OPT, module) F(SEQ, names) F(INT_OPT, level)) \
    X(Global, STMT, F(IDENTS, names)) \
    X(Nonlocal, STMT, F(IDENTS, names)) \
    X(Expr, STMT, F(EXPR, value)) \
    X(Pass, STMT, F(NOFIELD, _)) \
    X(Break, STMT, F(NOFIELD, _)) \
    X(Continue, STMT, F(NOFIELD, _)) \
    X(BoolOp, EXPR, F(BOOLOP, op) F(SEQ, values)) \
    X(NamedExpr, EXPR, F(EXPR, target) F(EXPR, value)) \
    X(BinOp, EXPR, F(EXPR, left) F(OPERATOR, op) F(EXPR, right)) \
    X(UnaryOp, EXPR, F(UNARYOP, op) F(EXPR, operand)) \
    X(Lambda, EXPR, F(NODE, args) F(EXPR, body)) \
    X(IfExp, EXPR, F(EXPR, test) F(EXPR, body) F(EXPR, orelse)) \
    X(Dict, EXPR, F(SEQ, keys) F(SEQ, values)) \
    X(Set, EXPR, F(SEQ, elts)) \
    X(ListComp, EXPR, F(EXPR, elt) F(SEQ, generators)) \
    X(SetComp, EXPR, F(EXPR, elt) F(SEQ, generators)) \
    X(DictComp, EXPR, F(EXPR, key) F(EXPR, value) F(SEQ, generators)) \
    X(GeneratorExp, EXPR, F(EXPR, elt) F(SEQ, generators)) \
    X(Yield, EXPR, F(EXPR_OPT, value)) \
    X(YieldFrom, EXPR, F(EXPR, value)) \
    X(Compare, EXPR, F(EXPR, left) F(CMPOPS, ops) F(SEQ, comparators)) \
    X(Call, EXPR, F(EXPR, func) F(SEQ, args) F(SEQ, keywords)) \
    X(FormattedValue, EXPR, F(EXPR, value) F(INT, conversion) F(EXPR_OPT, format_spec)) \
    X(JoinedStr, EXPR, F(SEQ, values)) \
    X(Constant, EXPR, F(CONST, value) F(STR_OPT, kind)) \
    X(Attribute, EXPR, F(EXPR, value) F(IDENT, attr) F(CTX, ctx)) \
    X(Subscript, EXPR, F(EXPR, value) F(EXPR, slice) F(CTX, ctx)) \
    X(Starred, EXPR, F(EXPR, value) F(CTX, ctx)) \
    X(Name, EXPR, F(IDENT, id) F(CTX, ctx)) \
    X(List, EXPR, F(SEQ, elts) F(CTX, ctx)) \
    X(Tuple, EXPR, F(SEQ, elts) F(CTX, ctx)) \
    X(Slice, EXPR, F(EXPR_OPT, lower) F(EXPR_OPT, upper) F(EXPR_OPT, step)) \
    X(comprehension, NOPOS, F(EXPR, target) F(EXPR, iter) F(SEQ, ifs) F(INT, is_async)) \
    X(ExceptHandler, POS, F(EXPR_OPT, type) F(IDENT_OPT, name) F(SEQ, body)) \
    X(arguments, NOPOS, F(SEQ, posonlyargs) F(SEQ, args) F(NODE_OPT, vararg) F(SEQ, kwonlyargs) \
      F(SEQ, kw_defaults) F(NODE_OPT, kwarg) F(SEQ, defaults)) \
    X(arg, POS, F(IDENT, arg) F(EXPR_OPT, annotation) F(STR_OPT, type_comment)) \
    X(keyword, POS, F(IDENT_OPT, arg) F(EXPR, value)) \
    X(alias, POS, F(IDENT, name) F(IDENT_OPT, asname)) \
    X(withitem, NOPOS, F(EXPR, context_expr) F(EXPR_OPT, optional_vars))

typedef enum {
#define X(K, cat, fields) AST_##K,
    AST_NODES(X)
#undef X
    AST_NKINDS
} AstKind;

#define AST_CTXS(X) X(Load) X(Store) X(Del)
#define AST_BOOLOPS(X) X(And) X(Or)
#define AST_OPERATORS(X) X(Add) X(Sub) X(Mult) X(MatMult) X(Div) X(Mod) X(Pow) \
    X(LShift) X(RShift) X(BitOr) X(BitXor) X(BitAnd) X(FloorDiv)
#define AST_UNARYOPS(X) X(Invert) X(Not) X(UAdd) X(USub)
#define AST_CMPOPS(X) X(Eq) X(NotEq) X(Lt) X(LtE) X(Gt) X(GtE) X(Is) X(IsNot) X(In) X(NotIn)

#define X(n) AST_##n,
enum { AST_CTXS(X) };
enum { AST_BOOLOPS(X) };
enum { AST_OPERATORS(X) };
enum { AST_UNARYOPS(X) };
enum { AST_CMPOPS(X) };
#undef X

/* Per-kind field structs: AstV_BinOp { AstNode *left; uint8_t op; AstNode *right; } ... */
#define F(t, n) AST_FT_##t n;
#define X(K, cat, fields) typedef struct { fields } AstV_##K;
AST_NODES(X)
#undef X
#undef F

struct AstNode {
    uint8_t kind;
    uint8_t parens;          /* expression was written inside (...) */
    int32_t lineno, col_offset, end_lineno, end_col_offset;   /* UTF-8 byte columns */
    union {
#define X(K, cat, fields) AstV_##K K;
        AST_NODES(X)
#undef X
    } v;
};

extern const char *const ast_kind_names[AST_NKINDS];

/* Allocates a zeroed node of `kind` in `a`. */
AstNode *ast_new(Arena *a, AstKind kind);

/* Calls fn(ctx, child) for every child node of n (in field order, NULL entries
 * skipped) until fn returns false; returns false if it did. */
bool ast_visit_children(const AstNode *n, bool (*fn)(void *ctx, const AstNode *child), void *ctx);
/* The category (AST_CAT_STMT, AST_CAT_EXPR, ...) of a kind. */
AstCategory ast_category(int kind);

/* Appends `s` as text in the format of CPython's
 * ast.dump(node, include_attributes=True) to `out`. */
typedef struct StrBuf StrBuf;
void ast_dump(StrBuf *out, const AstNode *node);

#endif

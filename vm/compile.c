/* The bytecode compiler: walks a module's AST with the scopes from
 * symtable.c and emits one code object per module, class body, function,
 * lambda and comprehension. try/finally and with bodies are unwound at
 * compile time (finally code is emitted on each exit path). */
#include "compile.h"

#include <stdlib.h>
#include <string.h>

#include "opcodes.h"
#include "symtable.h"

/* FB_POP_VALUE: a return value waits on the stack while a finally body runs
 * on the way out; a break or continue there drops it (CPython's POP_VALUE) */
typedef enum { FB_LOOP, FB_EXCEPT, FB_FINALLY, FB_HANDLER, FB_WITH, FB_FINALLY_END, FB_POP_VALUE } FBKind;

typedef struct {
    FBKind kind;
    int label_continue, label_break;   /* loops */
    const AstNode *node;               /* try (for its finally body) / with */
} FBlock;

typedef struct Unit Unit;
struct Unit {
    Unit *parent;
    Scope *scope;
    uint32_t *code;
    int32_t *lines;       /* 4 per instruction, room for linecap instructions */
    int n, cap, linecap;
    struct { int pos, depth; } *labels;
    int nlabels, caplabels;
    Value *consts;
    int nconsts, capconsts;
    StrObj **names;
    int nnames, capnames;
    StrObj **varnames;
    int nvars, capvars;
    int nlocals, ncells, nfree;
    int depth, maxdepth;
    int lineno, end_lineno, col, end_col;   /* the node being compiled */
    FBlock fblocks[32];
    int nfblocks;
    char *qualname;
    uint32_t flags;
};

typedef struct {
    VM *vm;
    const ParseSource *src;
    SymTable st;
    Unit *u;
    bool failed;
    bool exec;            /* exec()/eval() code: top-level names go through the locals mapping */
    bool interactive;     /* the REPL's: top-level expression statements print their value */
    bool keep_ast;        /* the AST and source outlive the code: functions remember them */
    bool rewrite_asserts; /* a test file under `tirun test`: failed asserts show their values */
} Compiler;

/* ---- errors ----------------------------------------------------------------- */

static bool syntax_error(Compiler *C, const AstNode *at, const char *msg)
{
    if (C->failed) return false;
    C->failed = true;
    vm_raise_syntax_error(C->vm, C->vm->e_SyntaxError, msg, C->src->filename, at ? at->lineno : 1,
                          at ? at->col_offset : -1, at ? at->end_lineno : -1, at ? at->end_col_offset : -1);
    return false;
}

static bool oom(Compiler *C)
{
    if (!C->failed) {
        C->failed = true;
        vm_raise(C->vm, C->vm->e_MemoryError, "out of memory while compiling");
    }
    return false;
}

#define GROW(C, arr, n, cap)                                                    \
    do {                                                                        \
        if ((n) == (cap)) {                                                     \
            int ncap_ = (cap) ? (cap) * 2 : 16;                                 \
            void *p_ = realloc((arr), (size_t)ncap_ * sizeof *(arr));           \
            if (!p_) return oom(C);                                             \
            (arr) = p_;                                                         \
            (cap) = ncap_;                                                      \
        }                                                                       \
    } while (0)

/* ---- emission ----------------------------------------------------------------- */

static int stack_effect(int op, int arg, bool jump)
{
    switch (op) {
    case OP_NOP: case OP_ROT_TWO: case OP_ROT_THREE: case OP_ROT_FOUR: case OP_LOAD_ATTR: case OP_UNARY:
    case OP_JUMP: case OP_GET_ITER: case OP_LIST_TO_TUPLE: case OP_YIELD_VALUE: case OP_GET_YIELD_FROM_ITER:
    case OP_POP_BLOCK: case OP_POP_EXCEPT: case OP_SETUP_ANNOTATIONS: case OP_DELETE_FAST:
    case OP_DELETE_DEREF: case OP_DELETE_GLOBAL: case OP_DELETE_NAME:
        return 0;
    case OP_SETUP_EXCEPT: case OP_SETUP_FINALLY:
        return jump ? 1 : 0;
    case OP_SETUP_WITH:
        return 1;
    case OP_POP_TOP: case OP_STORE_FAST: case OP_STORE_DEREF: case OP_STORE_GLOBAL: case OP_STORE_NAME:
    case OP_BINARY: case OP_INPLACE: case OP_COMPARE: case OP_IS_OP: case OP_CONTAINS_OP:
    case OP_BINARY_SUBSCR: case OP_LIST_APPEND: case OP_SET_ADD: case OP_LIST_EXTEND: case OP_SET_UPDATE:
    case OP_DICT_UPDATE: case OP_DICT_MERGE: case OP_POP_JUMP_IF_FALSE: case OP_POP_JUMP_IF_TRUE:
    case OP_RETURN_VALUE: case OP_YIELD_FROM: case OP_RERAISE:
    case OP_IMPORT_NAME: case OP_IMPORT_STAR: case OP_PRINT_EXPR: case OP_DELETE_ATTR:
        return -1;
    case OP_DUP_TOP: case OP_LOAD_CONST: case OP_LOAD_FAST: case OP_LOAD_DEREF: case OP_LOAD_CLOSURE:
    case OP_LOAD_CLASSDEREF: case OP_LOAD_GLOBAL: case OP_LOAD_NAME: case OP_LOAD_METHOD: case OP_IMPORT_FROM:
    case OP_LOAD_BUILD_CLASS: case OP_LOAD_ASSERTION_ERROR: case OP_WITH_EXCEPT:
        return 1;
    case OP_DUP_TOP_TWO: return 2;
    case OP_STORE_ATTR: case OP_MAP_ADD: case OP_DELETE_SUBSCR: case OP_JUMP_IF_NOT_EXC_MATCH: return -2;
    case OP_STORE_SUBSCR: return -3;
    case OP_CALL_METHOD: return -(arg + 1);
    case OP_ASSERT_FAILED: return -(((arg >> 1) < ASSERT_VALUE ? 2 : 1) + (arg & 1));
    case OP_BUILD_TUPLE: case OP_BUILD_LIST: case OP_BUILD_SET: case OP_BUILD_SLICE: case OP_BUILD_STRING:
        return 1 - arg;
    case OP_BUILD_MAP: return 1 - 2 * arg;
    case OP_FORMAT_VALUE: return (arg & 4) ? -1 : 0;
    case OP_JUMP_IF_FALSE_OR_POP: case OP_JUMP_IF_TRUE_OR_POP: return jump ? 0 : -1;
    case OP_FOR_ITER: return jump ? -1 : 1;
    case OP_CALL: return -arg;
    case OP_CALL_KW: return -(arg + 1);
    case OP_CALL_EX: return -(1 + (arg & 1));
    case OP_MAKE_FUNCTION: return -1 - __builtin_popcount((unsigned)arg);
    case OP_RAISE: return -arg;
    case OP_UNPACK_SEQUENCE: return arg - 1;
    case OP_UNPACK_EX: return (arg & 0xFF) + (arg >> 8);
    }
    return 0;
}

static bool is_jump(int op)
{
    return op == OP_JUMP || op == OP_POP_JUMP_IF_FALSE || op == OP_POP_JUMP_IF_TRUE ||
           op == OP_JUMP_IF_FALSE_OR_POP || op == OP_JUMP_IF_TRUE_OR_POP || op == OP_FOR_ITER ||
           op == OP_SETUP_EXCEPT || op == OP_SETUP_FINALLY || op == OP_SETUP_WITH ||
           op == OP_JUMP_IF_NOT_EXC_MATCH;
}

static int new_label(Compiler *C)
{
    Unit *u = C->u;
    if (u->nlabels == u->caplabels) {
        int cap = u->caplabels ? u->caplabels * 2 : 16;
        void *p = realloc(u->labels, (size_t)cap * sizeof *u->labels);
        if (!p) {
            oom(C);
            return 0;
        }
        u->labels = p;
        u->caplabels = cap;
    }
    u->labels[u->nlabels].pos = -1;
    u->labels[u->nlabels].depth = -1;
    return u->nlabels++;
}

static void set_depth(Unit *u, int d)
{
    u->depth = d;
    if (d > u->maxdepth) u->maxdepth = d;
}

static bool emit(Compiler *C, int op, int arg)
{
    Unit *u = C->u;
    GROW(C, u->code, u->n, u->cap);
    if (u->n + 1 > u->cap) return oom(C);
    if (u->linecap < u->cap) {
        /* only when the code grew: a realloc to the same size copies under ASan */
        int32_t *lines = realloc(u->lines, (size_t)u->cap * 4 * sizeof *lines);
        if (!lines) return oom(C);
        u->lines = lines;
        u->linecap = u->cap;
    }
    u->code[u->n] = INSN(op, arg);
    int32_t *pos = &u->lines[4 * u->n];
    pos[0] = u->lineno;
    pos[1] = u->end_lineno;
    pos[2] = u->col;
    pos[3] = u->end_col;
    u->n++;
    if (is_jump(op)) {
        int d = u->depth + stack_effect(op, arg, true);
        if (d > u->labels[arg].depth) u->labels[arg].depth = d;
        if (d > u->maxdepth) u->maxdepth = d;
    }
    set_depth(u, u->depth + stack_effect(op, arg, false));
    /* after an unconditional transfer the next instruction is only reached by a jump */
    return true;
}

static void place(Compiler *C, int label)
{
    Unit *u = C->u;
    u->labels[label].pos = u->n;
    if (u->labels[label].depth >= 0) set_depth(u, u->labels[label].depth);
}

static int add_const(Compiler *C, Value v)
{
    Unit *u = C->u;
    for (int i = 0; i < u->nconsts; i++) {
        Value c = u->consts[i];
        if (c == v && (v_is_obj(v) || vm_type_of(C->vm, c) == vm_type_of(C->vm, v))) {
            /* 0.0 and -0.0 differ in bits already; 1 and True differ in tag */
            return i;
        }
    }
    if (u->nconsts == u->capconsts) {
        int cap = u->capconsts ? u->capconsts * 2 : 8;
        Value *p = realloc(u->consts, (size_t)cap * sizeof *p);
        if (!p) {
            oom(C);
            return 0;
        }
        u->consts = p;
        u->capconsts = cap;
    }
    u->consts[u->nconsts] = v;
    return u->nconsts++;
}

static bool emit_const(Compiler *C, Value v) { return emit(C, OP_LOAD_CONST, add_const(C, v)); }

static int add_name(Compiler *C, const char *name)
{
    Unit *u = C->u;
    StrObj *s = vm_intern(C->vm, name, strlen(name));
    for (int i = 0; i < u->nnames; i++)
        if (u->names[i] == s) return i;
    if (u->nnames == u->capnames) {
        int cap = u->capnames ? u->capnames * 2 : 8;
        StrObj **p = realloc(u->names, (size_t)cap * sizeof *p);
        if (!p) {
            oom(C);
            return 0;
        }
        u->names = p;
        u->capnames = cap;
    }
    u->names[u->nnames] = s;
    return u->nnames++;
}

/* Instructions emitted from now on stand for node n (tracebacks underline it). */
static void set_line(Compiler *C, const AstNode *n)
{
    Unit *u = C->u;
    u->lineno = n->lineno;
    u->end_lineno = n->end_lineno;
    u->col = n->col_offset;
    u->end_col = n->end_col_offset;
}

bool vm_code_range(const CodeObj *code, uint32_t ip, int *lineno, int *end_lineno, int *col, int *end_col)
{
    if (ip >= code->ncode) return false;
    const int32_t *pos = &code->lines[4 * ip];
    *lineno = pos[0];
    *end_lineno = pos[1];
    *col = pos[2];
    *end_col = pos[3];
    return pos[2] >= 0;
}

/* ---- variables ----------------------------------------------------------------- */

static int add_var(Compiler *C, const char *name)
{
    Unit *u = C->u;
    if (u->nvars == u->capvars) {
        int cap = u->capvars ? u->capvars * 2 : 8;
        StrObj **p = realloc(u->varnames, (size_t)cap * sizeof *p);
        if (!p) {
            oom(C);
            return 0;
        }
        u->varnames = p;
        u->capvars = cap;
    }
    u->varnames[u->nvars] = vm_intern(C->vm, name, strlen(name));
    return u->nvars++;
}

/* Slots: parameters first (in signature order), other locals, then cells and free variables. */
static bool assign_slots(Compiler *C, const AstNode *args)
{
    Unit *u = C->u;
    Scope *s = u->scope;
    if (s->kind == SC_FUNCTION || s->kind == SC_COMP) {
        if (args) {
            const AstV_arguments *a = &args->v.arguments;
            const AstSeq lists[3] = { a->posonlyargs, a->args, a->kwonlyargs };
            for (int l = 0; l < 3; l++)
                for (int i = 0; i < lists[l].n; i++) st_lookup(s, lists[l].items[i]->v.arg.arg)->index = add_var(C, lists[l].items[i]->v.arg.arg);
            if (a->vararg) st_lookup(s, a->vararg->v.arg.arg)->index = add_var(C, a->vararg->v.arg.arg);
            if (a->kwarg) st_lookup(s, a->kwarg->v.arg.arg)->index = add_var(C, a->kwarg->v.arg.arg);
        } else if (s->kind == SC_COMP) {
            st_lookup(s, ".0")->index = add_var(C, ".0");
        }
        for (int i = 0; i < s->nsyms; i++) {
            Sym *y = &s->syms[i];
            if ((y->flags & SYM_LOCAL) && !(y->flags & (SYM_GLOBAL | SYM_NONLOCAL | SYM_CELL | SYM_FREE)) && y->index < 0)
                y->index = add_var(C, y->name);
        }
    }
    u->nlocals = u->nvars;
    /* cells, then free variables, numbered from 0 within the cell area (kept
     * in the high bits of the flags; a parameter that is a cell keeps its slot) */
    int k = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < s->nsyms; i++) {
            Sym *y = &s->syms[i];
            bool cell = y->flags & SYM_CELL;
            bool free = (y->flags & (SYM_FREE | SYM_FREE_CLASS)) && !cell;
            if (pass == 0 ? !cell : !free) continue;
            add_var(C, y->name);
            if (!(y->flags & SYM_PARAM)) y->index = -1;
            y->flags = (y->flags & 0xFFFF) | ((uint32_t)k << 16);
            k++;
        }
        if (pass == 0) u->ncells = k;
    }
    u->nfree = k - u->ncells;
    return true;
}

static int cell_index(const Sym *y) { return (int)(y->flags >> 16); }

typedef enum { CTX_LOAD, CTX_STORE, CTX_DEL } NameCtx;

static bool compile_name_op(Compiler *C, const char *name, NameCtx ctx)
{
    Unit *u = C->u;
    Scope *s = u->scope;
    Sym *y = st_lookup(s, name);
    uint32_t f = y ? y->flags : 0;
    static const uint8_t fast_ops[3] = { OP_LOAD_FAST, OP_STORE_FAST, OP_DELETE_FAST };
    static const uint8_t deref_ops[3] = { OP_LOAD_DEREF, OP_STORE_DEREF, OP_DELETE_DEREF };
    static const uint8_t global_ops[3] = { OP_LOAD_GLOBAL, OP_STORE_GLOBAL, OP_DELETE_GLOBAL };
    static const uint8_t name_ops[3] = { OP_LOAD_NAME, OP_STORE_NAME, OP_DELETE_NAME };
    if (s->kind == SC_MODULE) return emit(C, (C->exec ? name_ops : global_ops)[ctx], add_name(C, name));
    if (f & SYM_GLOBAL) return emit(C, global_ops[ctx], add_name(C, name));
    if (s->kind == SC_CLASS) {
        if ((f & (SYM_FREE | SYM_FREE_CLASS)) && !(f & SYM_CELL)) {
            if (ctx == CTX_LOAD && !(f & SYM_NONLOCAL)) return emit(C, OP_LOAD_CLASSDEREF, cell_index(y));
            if (f & SYM_NONLOCAL) return emit(C, deref_ops[ctx], cell_index(y));
        }
        return emit(C, name_ops[ctx], add_name(C, name));
    }
    if (f & (SYM_CELL | SYM_FREE)) return emit(C, deref_ops[ctx], cell_index(y));
    if ((f & SYM_LOCAL) && y->index >= 0) return emit(C, fast_ops[ctx], y->index);
    return emit(C, global_ops[ctx], add_name(C, name));
}

/* ---- expressions ----------------------------------------------------------------- */

static bool compile_expr(Compiler *C, const AstNode *e);
static bool compile_store(Compiler *C, const AstNode *t);
static bool compile_stmts(Compiler *C, AstSeq body);
static Value compile_unit_code(Compiler *C, Scope *scope, const AstNode *node, const AstNode *args, AstSeq body,
                               const AstNode *expr_body, const char *name);

static Value const_value(Compiler *C, const AstConst *c)
{
    VM *vm = C->vm;
    switch (c->kind) {
    case AST_C_NONE: return V_NONE;
    case AST_C_TRUE: return V_TRUE;
    case AST_C_FALSE: return V_FALSE;
    case AST_C_ELLIPSIS: return V_ELLIPSIS;
    case AST_C_INT:
        if (!c->s) return vm_int_from_i64(vm, c->i);
        {
            mpz_t z;
            mpz_init_set_str(z, c->s, 10);
            Value v = vm_int_from_mpz(vm, z);
            mpz_clear(z);
            return v;
        }
    case AST_C_FLOAT: return v_double(c->f);
    case AST_C_COMPLEX: return vm_new_complex(vm, 0.0, c->f);
    case AST_C_STR: return v_obj(vm_intern(vm, c->s, c->len));
    case AST_C_BYTES: {
        BytesObj *b = vm_alloc(vm, vm->t_bytes, sizeof(BytesObj) + c->len + 1);
        if (!b) return V_EXC;
        b->len = (uint32_t)c->len;
        b->hash = -1;
        memcpy(b->data, c->s, c->len);
        return v_obj(b);
    }
    }
    return V_NONE;
}

static bool has_starred(AstSeq elts)
{
    for (int i = 0; i < elts.n; i++)
        if (elts.items[i]->kind == AST_Starred) return true;
    return false;
}

/* [a, *b, c] and friends: a list built piecewise. */
/* A list from items and *iterables. In a call (LIST_EXTEND_CALL), a
 * non-iterable is reported as "f() argument after * must be an iterable". */
static bool compile_starred_list(Compiler *C, AstSeq elts, bool call)
{
    if (!emit(C, OP_BUILD_LIST, 0)) return false;
    for (int i = 0; i < elts.n; i++) {
        const AstNode *x = elts.items[i];
        if (x->kind == AST_Starred) {
            if (!compile_expr(C, x->v.Starred.value) || !emit(C, OP_LIST_EXTEND, call ? 1 | LIST_EXTEND_CALL : 1))
                return false;
        } else if (!compile_expr(C, x) || !emit(C, OP_LIST_APPEND, 1)) {
            return false;
        }
    }
    return true;
}

/* Displays longer than this are built item by item, not from the value
 * stack (whose frame would need a slot per item): CPython's
 * STACK_USE_GUIDELINE, more generous. */
enum { DISPLAY_MAX_STACK = 256 };

static bool compile_seq_display(Compiler *C, AstSeq elts, int build_op)
{
    if (has_starred(elts) || elts.n > DISPLAY_MAX_STACK) {
        if (!compile_starred_list(C, elts, false)) return false;
        if (build_op == OP_BUILD_TUPLE) return emit(C, OP_LIST_TO_TUPLE, 0);
        if (build_op == OP_BUILD_SET) {
            /* set(list): a set from the pieces */
            if (!emit(C, OP_BUILD_SET, 0) || !emit(C, OP_ROT_TWO, 0)) return false;
            return emit(C, OP_SET_UPDATE, 1);
        }
        return true;
    }
    for (int i = 0; i < elts.n; i++)
        if (!compile_expr(C, elts.items[i])) return false;
    return emit(C, build_op, elts.n);
}

static bool compile_dict(Compiler *C, const AstNode *e)
{
    AstSeq keys = e->v.Dict.keys, values = e->v.Dict.values;
    bool unpack = false;
    for (int i = 0; i < keys.n; i++) unpack |= keys.items[i] == NULL;
    if (!unpack && keys.n <= DISPLAY_MAX_STACK) {
        for (int i = 0; i < keys.n; i++)
            if (!compile_expr(C, keys.items[i]) || !compile_expr(C, values.items[i])) return false;
        return emit(C, OP_BUILD_MAP, keys.n);
    }
    if (!emit(C, OP_BUILD_MAP, 0)) return false;
    for (int i = 0; i < keys.n; i++) {
        if (!keys.items[i]) {
            if (!compile_expr(C, values.items[i]) || !emit(C, OP_DICT_UPDATE, 1)) return false;
        } else if (!compile_expr(C, keys.items[i]) || !compile_expr(C, values.items[i]) || !emit(C, OP_MAP_ADD, 1)) {
            return false;
        }
    }
    return true;
}

/* The instruction of one comparison operator (an AST cmpop). */
static bool emit_compare_op(Compiler *C, int op)
{
    if (op == AST_Is || op == AST_IsNot) return emit(C, OP_IS_OP, op == AST_IsNot);
    if (op == AST_In || op == AST_NotIn) return emit(C, OP_CONTAINS_OP, op == AST_NotIn);
    return emit(C, OP_COMPARE, op);
}

static bool compile_compare(Compiler *C, const AstNode *e)
{
    const AstV_Compare *c = &e->v.Compare;
    if (!compile_expr(C, c->left)) return false;
    int cleanup = c->ops.n > 1 ? new_label(C) : -1;
    for (int i = 0; i < c->ops.n; i++) {
        if (!compile_expr(C, c->comparators.items[i])) return false;
        bool last = i == c->ops.n - 1;
        if (!last && (!emit(C, OP_DUP_TOP, 0) || !emit(C, OP_ROT_THREE, 0))) return false;
        if (!emit_compare_op(C, c->ops.items[i])) return false;
        if (!last && !emit(C, OP_JUMP_IF_FALSE_OR_POP, cleanup)) return false;
    }
    if (cleanup >= 0) {
        int end = new_label(C);
        if (!emit(C, OP_JUMP, end)) return false;
        place(C, cleanup);
        if (!emit(C, OP_ROT_TWO, 0) || !emit(C, OP_POP_TOP, 0)) return false;
        place(C, end);
    }
    return true;
}

/* Pushes the cells a nested scope's free variables come from, as a tuple. */
static bool compile_closure(Compiler *C, Scope *child, int *flags)
{
    /* in the order the child numbers its free variables (assign_slots) */
    int n = 0;
    for (int i = 0; i < child->nsyms; i++) {
        Sym *y = &child->syms[i];
        if (!(y->flags & (SYM_FREE | SYM_FREE_CLASS)) || (y->flags & SYM_CELL)) continue;
        Sym *mine = st_lookup(C->u->scope, y->name);
        if (!mine || !(mine->flags & (SYM_CELL | SYM_FREE | SYM_FREE_CLASS)))
            return syntax_error(C, child->node, "internal error: free variable without a cell");
        if (!emit(C, OP_LOAD_CLOSURE, cell_index(mine))) return false;
        n++;
    }
    if (!n) return true;
    *flags |= 8;
    return emit(C, OP_BUILD_TUPLE, n);
}

static Scope *next_child(Compiler *C)
{
    Scope *s = C->u->scope;
    return s->next_child < s->nchildren ? s->children[s->next_child++] : NULL;
}

static bool annotation_pair(Compiler *C, const AstNode *arg, int *n)
{
    if (!arg || !arg->v.arg.annotation) return true;
    const char *name = arg->v.arg.arg;
    ++*n;
    return emit_const(C, v_obj(vm_intern(C->vm, name, strlen(name)))) && compile_expr(C, arg->v.arg.annotation);
}

/* name, value pairs of a function's annotations for __annotations__, in
 * CPython's order: parameters as written, then 'return' */
static bool compile_annotations(Compiler *C, const AstNode *args, const AstNode *returns, int *n)
{
    const AstV_arguments *a = &args->v.arguments;
    for (int i = 0; i < a->posonlyargs.n; i++)
        if (!annotation_pair(C, a->posonlyargs.items[i], n)) return false;
    for (int i = 0; i < a->args.n; i++)
        if (!annotation_pair(C, a->args.items[i], n)) return false;
    if (!annotation_pair(C, a->vararg, n)) return false;
    for (int i = 0; i < a->kwonlyargs.n; i++)
        if (!annotation_pair(C, a->kwonlyargs.items[i], n)) return false;
    if (!annotation_pair(C, a->kwarg, n)) return false;
    if (!returns) return true;
    ++*n;
    return emit_const(C, v_obj(vm_intern(C->vm, "return", 6))) && compile_expr(C, returns);
}

/* defaults, kw-defaults, annotations, closure, code, qualname -> MAKE_FUNCTION */
static bool compile_make_function(Compiler *C, const AstNode *node, const AstNode *args, AstSeq body,
                                  const AstNode *expr_body, const char *name)
{
    int flags = 0;
    if (args) {
        const AstV_arguments *a = &args->v.arguments;
        if (a->defaults.n) {
            for (int i = 0; i < a->defaults.n; i++)
                if (!compile_expr(C, a->defaults.items[i])) return false;
            if (!emit(C, OP_BUILD_TUPLE, a->defaults.n)) return false;
            flags |= 1;
        }
        int nkw = 0;
        for (int i = 0; i < a->kw_defaults.n; i++)
            if (a->kw_defaults.items[i]) {
                if (!emit_const(C, v_obj(vm_intern(C->vm, a->kwonlyargs.items[i]->v.arg.arg,
                                                   strlen(a->kwonlyargs.items[i]->v.arg.arg)))) ||
                    !compile_expr(C, a->kw_defaults.items[i]))
                    return false;
                nkw++;
            }
        if (nkw) {
            if (!emit(C, OP_BUILD_MAP, nkw)) return false;
            flags |= 2;
        }
        int nann = 0;
        if (!compile_annotations(C, args, node->kind == AST_FunctionDef ? node->v.FunctionDef.returns : NULL, &nann))
            return false;
        if (nann) {
            if (!emit(C, OP_BUILD_MAP, nann)) return false;
            flags |= 4;
        }
    }
    Scope *child = next_child(C);
    if (!child) return syntax_error(C, node, "internal error: scope mismatch");
    if (!compile_closure(C, child, &flags)) return false;
    Value code = compile_unit_code(C, child, node, args, body, expr_body, name);
    if (code == V_EXC) return false;
    if (!emit_const(C, code)) return false;
    CodeObj *co = (CodeObj *)v_as_obj(code);
    if (!emit_const(C, v_obj(co->qualname))) return false;
    return emit(C, OP_MAKE_FUNCTION, flags);
}

static bool compile_comprehension(Compiler *C, const AstNode *e)
{
    AstSeq gens;
    switch (e->kind) {
    case AST_ListComp: gens = e->v.ListComp.generators; break;
    case AST_SetComp: gens = e->v.SetComp.generators; break;
    case AST_DictComp: gens = e->v.DictComp.generators; break;
    default: gens = e->v.GeneratorExp.generators; break;
    }
    AstSeq none = { 0, NULL };
    if (!compile_make_function(C, e, NULL, none, e, NULL)) return false;
    if (!compile_expr(C, gens.items[0]->v.comprehension.iter)) return false;
    return emit(C, OP_GET_ITER, 0) && emit(C, OP_CALL, 1);
}

/* The body of a comprehension's own code: nested loops around the element. */
static bool compile_comp_body(Compiler *C, const AstNode *e, AstSeq gens, int gi)
{
    const AstNode *g = gens.items[gi];
    int top = new_label(C), exit = new_label(C);
    if (gi == 0) {
        if (!emit(C, OP_LOAD_FAST, 0)) return false;
    } else if (!compile_expr(C, g->v.comprehension.iter) || !emit(C, OP_GET_ITER, 0)) {
        return false;
    }
    place(C, top);
    if (!emit(C, OP_FOR_ITER, exit) || !compile_store(C, g->v.comprehension.target)) return false;
    for (int i = 0; i < g->v.comprehension.ifs.n; i++)
        if (!compile_expr(C, g->v.comprehension.ifs.items[i]) || !emit(C, OP_POP_JUMP_IF_FALSE, top)) return false;
    if (gi + 1 < gens.n) {
        if (!compile_comp_body(C, e, gens, gi + 1)) return false;
    } else {
        int depth = gens.n + 1;
        switch (e->kind) {
        case AST_ListComp:
            if (!compile_expr(C, e->v.ListComp.elt) || !emit(C, OP_LIST_APPEND, depth)) return false;
            break;
        case AST_SetComp:
            if (!compile_expr(C, e->v.SetComp.elt) || !emit(C, OP_SET_ADD, depth)) return false;
            break;
        case AST_DictComp:
            if (!compile_expr(C, e->v.DictComp.key) || !compile_expr(C, e->v.DictComp.value) ||
                !emit(C, OP_MAP_ADD, depth))
                return false;
            break;
        default:
            if (!compile_expr(C, e->v.GeneratorExp.elt) || !emit(C, OP_YIELD_VALUE, 0) || !emit(C, OP_POP_TOP, 0))
                return false;
            break;
        }
    }
    if (!emit(C, OP_JUMP, top)) return false;
    place(C, exit);
    return true;
}

static bool is_super_call(Compiler *C, const AstNode *e)
{
    const AstV_Call *c = &e->v.Call;
    if (c->func->kind != AST_Name || strcmp(c->func->v.Name.id, "super") || c->args.n || c->keywords.n) return false;
    Scope *s = C->u->scope;
    Sym *cls = st_lookup(s, "__class__");
    return s->kind == SC_FUNCTION && cls && (cls->flags & SYM_FREE) && C->u->nlocals > 0;
}

/* f(a=1, a=2) parses (ast.parse accepts it) but does not compile; quadratic,
 * as CPython's check. */
static bool check_keywords(Compiler *C, AstSeq keywords)
{
    for (int i = 1; i < keywords.n; i++) {
        const char *k = keywords.items[i]->v.keyword.arg;
        for (int j = 0; k && j < i; j++) {
            const char *other = keywords.items[j]->v.keyword.arg;
            if (!other || strcmp(k, other)) continue;
            char msg[96];
            snprintf(msg, sizeof msg, "keyword argument repeated: %.60s", k);
            return syntax_error(C, keywords.items[i], msg);
        }
    }
    return true;
}

static bool compile_call(Compiler *C, const AstNode *e)
{
    const AstV_Call *c = &e->v.Call;
    if (!check_keywords(C, c->keywords)) return false;
    bool star = has_starred(c->args), dstar = false;
    for (int i = 0; i < c->keywords.n; i++) dstar |= c->keywords.items[i]->v.keyword.arg == NULL;
    if (is_super_call(C, e)) {
        /* super() -> super(__class__, <first argument>) */
        return compile_expr(C, c->func) && emit(C, OP_LOAD_DEREF, cell_index(st_lookup(C->u->scope, "__class__"))) &&
               emit(C, OP_LOAD_FAST, 0) && emit(C, OP_CALL, 2);
    }
    if (c->func->kind == AST_Attribute && !star && !dstar && !c->keywords.n) {
        if (!compile_expr(C, c->func->v.Attribute.value)) return false;
        set_line(C, c->func);
        if (!emit(C, OP_LOAD_METHOD, add_name(C, c->func->v.Attribute.attr))) return false;
        for (int i = 0; i < c->args.n; i++)
            if (!compile_expr(C, c->args.items[i])) return false;
        set_line(C, e);
        return emit(C, OP_CALL_METHOD, c->args.n);
    }
    if (!compile_expr(C, c->func)) return false;
    if (!star && !dstar) {
        for (int i = 0; i < c->args.n; i++)
            if (!compile_expr(C, c->args.items[i])) return false;
        if (!c->keywords.n) {
            set_line(C, e);
            return emit(C, OP_CALL, c->args.n);
        }
        Value names = vm_new_tuple(C->vm, (uint32_t)c->keywords.n);
        if (names == V_EXC) return false;
        for (int i = 0; i < c->keywords.n; i++) {
            const char *k = c->keywords.items[i]->v.keyword.arg;
            AS_TUPLE(names)->items[i] = v_obj(vm_intern(C->vm, k, strlen(k)));
            if (!compile_expr(C, c->keywords.items[i]->v.keyword.value)) return false;
        }
        if (!emit_const(C, names)) return false;
        set_line(C, e);
        return emit(C, OP_CALL_KW, c->args.n + c->keywords.n);
    }
    /* f(*a, **k): a tuple of positionals (or the one iterable *a, which
     * CALL_EX turns into a tuple) and a dict of keywords */
    if (!star) {
        for (int i = 0; i < c->args.n; i++)
            if (!compile_expr(C, c->args.items[i])) return false;
        if (!emit(C, OP_BUILD_TUPLE, c->args.n)) return false;
    } else if (c->args.n == 1) {
        if (!compile_expr(C, c->args.items[0]->v.Starred.value)) return false;
    } else if (!compile_starred_list(C, c->args, true) || !emit(C, OP_LIST_TO_TUPLE, 0)) {
        return false;
    }
    int flags = 0;
    if (c->keywords.n) {
        flags = 1;
        bool merged = false;   /* after a **mapping, a name may repeat one of its keys: merge to check */
        if (!emit(C, OP_BUILD_MAP, 0)) return false;
        for (int i = 0; i < c->keywords.n; i++) {
            const AstV_keyword *k = &c->keywords.items[i]->v.keyword;
            if (!k->arg) {
                if (!compile_expr(C, k->value) || !emit(C, OP_DICT_MERGE, 1)) return false;
                merged = true;
            } else if (!emit_const(C, v_obj(vm_intern(C->vm, k->arg, strlen(k->arg)))) || !compile_expr(C, k->value) ||
                       !(merged ? emit(C, OP_BUILD_MAP, 1) && emit(C, OP_DICT_MERGE, 1) : emit(C, OP_MAP_ADD, 1))) {
                return false;
            }
        }
    }
    set_line(C, e);
    return emit(C, OP_CALL_EX, flags);
}

static bool compile_expr(Compiler *C, const AstNode *e)
{
    Unit *u0 = C->u;
    int saved[4] = { u0->lineno, u0->end_lineno, u0->col, u0->end_col };
    set_line(C, e);
    bool ok = true;
    switch (e->kind) {
    case AST_Constant: {
        Value v = const_value(C, &e->v.Constant.value);
        ok = v != V_EXC && emit_const(C, v);
        break;
    }
    case AST_Name:
        ok = compile_name_op(C, e->v.Name.id, CTX_LOAD);
        break;
    case AST_BinOp:
        ok = compile_expr(C, e->v.BinOp.left) && compile_expr(C, e->v.BinOp.right) && (set_line(C, e), true) &&
             emit(C, OP_BINARY, e->v.BinOp.op);
        break;
    case AST_UnaryOp:
        ok = compile_expr(C, e->v.UnaryOp.operand) && emit(C, OP_UNARY, e->v.UnaryOp.op);
        break;
    case AST_BoolOp: {
        int end = new_label(C);
        int jop = e->v.BoolOp.op == AST_And ? OP_JUMP_IF_FALSE_OR_POP : OP_JUMP_IF_TRUE_OR_POP;
        for (int i = 0; ok && i < e->v.BoolOp.values.n; i++) {
            ok = compile_expr(C, e->v.BoolOp.values.items[i]);
            if (ok && i + 1 < e->v.BoolOp.values.n) ok = emit(C, jop, end);
        }
        place(C, end);
        break;
    }
    case AST_Compare:
        ok = compile_compare(C, e);
        break;
    case AST_IfExp: {
        int orelse = new_label(C), end = new_label(C);
        ok = compile_expr(C, e->v.IfExp.test) && emit(C, OP_POP_JUMP_IF_FALSE, orelse) &&
             compile_expr(C, e->v.IfExp.body) && emit(C, OP_JUMP, end);
        if (ok) {
            set_depth(C->u, C->u->depth - 1);
            place(C, orelse);
            ok = compile_expr(C, e->v.IfExp.orelse);
            place(C, end);
        }
        break;
    }
    case AST_NamedExpr:
        ok = compile_expr(C, e->v.NamedExpr.value) && emit(C, OP_DUP_TOP, 0) && compile_store(C, e->v.NamedExpr.target);
        break;
    case AST_Lambda: {
        AstSeq none = { 0, NULL };
        ok = compile_make_function(C, e, e->v.Lambda.args, none, e->v.Lambda.body, "<lambda>");
        break;
    }
    case AST_Dict:
        ok = compile_dict(C, e);
        break;
    case AST_Set:
        ok = compile_seq_display(C, e->v.Set.elts, OP_BUILD_SET);
        break;
    case AST_List:
        ok = compile_seq_display(C, e->v.List.elts, OP_BUILD_LIST);
        break;
    case AST_Tuple:
        ok = compile_seq_display(C, e->v.Tuple.elts, OP_BUILD_TUPLE);
        break;
    case AST_ListComp: case AST_SetComp: case AST_DictComp: case AST_GeneratorExp:
        ok = compile_comprehension(C, e);
        break;
    case AST_Yield:
        ok = (e->v.Yield.value ? compile_expr(C, e->v.Yield.value) : emit_const(C, V_NONE)) && emit(C, OP_YIELD_VALUE, 0);
        break;
    case AST_YieldFrom:
        ok = compile_expr(C, e->v.YieldFrom.value) && emit(C, OP_GET_YIELD_FROM_ITER, 0) && emit_const(C, V_NONE) &&
             emit(C, OP_YIELD_FROM, 0);
        break;
    case AST_Call:
        ok = compile_call(C, e);
        break;
    case AST_FormattedValue: {
        const AstV_FormattedValue *f = &e->v.FormattedValue;
        int conv = f->conversion == 's' ? 1 : f->conversion == 'r' ? 2 : f->conversion == 'a' ? 3 : 0;
        ok = compile_expr(C, f->value) && (!f->format_spec || compile_expr(C, f->format_spec)) &&
             emit(C, OP_FORMAT_VALUE, conv | (f->format_spec ? 4 : 0));
        break;
    }
    case AST_JoinedStr:
        for (int i = 0; ok && i < e->v.JoinedStr.values.n; i++) ok = compile_expr(C, e->v.JoinedStr.values.items[i]);
        ok = ok && emit(C, OP_BUILD_STRING, e->v.JoinedStr.values.n);
        break;
    case AST_Attribute:
        ok = compile_expr(C, e->v.Attribute.value) && (set_line(C, e), true) &&
             emit(C, OP_LOAD_ATTR, add_name(C, e->v.Attribute.attr));
        break;
    case AST_Subscript:
        ok = compile_expr(C, e->v.Subscript.value) && compile_expr(C, e->v.Subscript.slice) && (set_line(C, e), true) &&
             emit(C, OP_BINARY_SUBSCR, 0);
        break;
    case AST_Slice: {
        const AstV_Slice *s = &e->v.Slice;
        ok = (s->lower ? compile_expr(C, s->lower) : emit_const(C, V_NONE)) &&
             (s->upper ? compile_expr(C, s->upper) : emit_const(C, V_NONE)) &&
             (!s->step || compile_expr(C, s->step)) && emit(C, OP_BUILD_SLICE, s->step ? 3 : 2);
        break;
    }
    case AST_Starred:
        ok = syntax_error(C, e, "can't use starred expression here");
        break;
    default:
        ok = syntax_error(C, e, "unsupported expression");
        break;
    }
    u0->lineno = saved[0];
    u0->end_lineno = saved[1];
    u0->col = saved[2];
    u0->end_col = saved[3];
    return ok && !C->failed;
}

/* ---- assignment targets ------------------------------------------------------ */

static bool compile_unpack(Compiler *C, AstSeq elts, const AstNode *at)
{
    int star = -1;
    for (int i = 0; i < elts.n; i++)
        if (elts.items[i]->kind == AST_Starred) {
            if (star >= 0) return syntax_error(C, at, "multiple starred expressions in assignment");
            star = i;
        }
    if (star < 0) {
        if (!emit(C, OP_UNPACK_SEQUENCE, elts.n)) return false;
    } else if (!emit(C, OP_UNPACK_EX, star | ((elts.n - star - 1) << 8))) {
        return false;
    }
    for (int i = 0; i < elts.n; i++) {
        const AstNode *t = elts.items[i];
        if (!compile_store(C, t->kind == AST_Starred ? t->v.Starred.value : t)) return false;
    }
    return true;
}

static bool compile_store(Compiler *C, const AstNode *t)
{
    set_line(C, t);
    switch (t->kind) {
    case AST_Name:
        return compile_name_op(C, t->v.Name.id, CTX_STORE);
    case AST_Attribute:
        return compile_expr(C, t->v.Attribute.value) && emit(C, OP_STORE_ATTR, add_name(C, t->v.Attribute.attr));
    case AST_Subscript:
        return compile_expr(C, t->v.Subscript.value) && compile_expr(C, t->v.Subscript.slice) &&
               emit(C, OP_STORE_SUBSCR, 0);
    case AST_Tuple:
        return compile_unpack(C, t->v.Tuple.elts, t);
    case AST_List:
        return compile_unpack(C, t->v.List.elts, t);
    case AST_Starred:
        return syntax_error(C, t, "starred assignment target must be in a list or tuple");
    default:
        return syntax_error(C, t, "cannot assign to expression");
    }
}

static bool compile_delete(Compiler *C, const AstNode *t)
{
    set_line(C, t);
    switch (t->kind) {
    case AST_Name:
        return compile_name_op(C, t->v.Name.id, CTX_DEL);
    case AST_Attribute:
        return compile_expr(C, t->v.Attribute.value) && emit(C, OP_DELETE_ATTR, add_name(C, t->v.Attribute.attr));
    case AST_Subscript:
        return compile_expr(C, t->v.Subscript.value) && compile_expr(C, t->v.Subscript.slice) &&
               emit(C, OP_DELETE_SUBSCR, 0);
    case AST_Tuple:
    case AST_List: {
        AstSeq elts = t->kind == AST_Tuple ? t->v.Tuple.elts : t->v.List.elts;
        for (int i = 0; i < elts.n; i++)
            if (!compile_delete(C, elts.items[i])) return false;
        return true;
    }
    default:
        return syntax_error(C, t, "cannot delete expression");
    }
}

/* ---- statements ------------------------------------------------------------------ */

static bool push_fblock(Compiler *C, FBKind kind, int cont, int brk, const AstNode *node)
{
    Unit *u = C->u;
    if (u->nfblocks == (int)(sizeof u->fblocks / sizeof *u->fblocks))
        return syntax_error(C, node, "too many statically nested blocks");
    u->fblocks[u->nfblocks++] = (FBlock){ kind, cont, brk, node };
    return true;
}

static void pop_fblock(Compiler *C) { C->u->nfblocks--; }

/* Calls a with-statement's __exit__(None, None, None) (the exit below `above` values). */
static bool with_exit_normal(Compiler *C, bool keep_top)
{
    if (keep_top && !emit(C, OP_ROT_TWO, 0)) return false;
    return emit_const(C, V_NONE) && emit_const(C, V_NONE) && emit_const(C, V_NONE) && emit(C, OP_CALL, 3) &&
           emit(C, OP_POP_TOP, 0);
}

/* Leaves one block on the way out of it (break/continue/return):
 * `keep_top` when a return value sits on the stack above the block's values. */
static bool unwind_fblock(Compiler *C, const FBlock *b, bool keep_top)
{
    switch (b->kind) {
    case FB_LOOP:
        if (b->node && b->node->kind == AST_For) {
            if (keep_top && !emit(C, OP_ROT_TWO, 0)) return false;
            return emit(C, OP_POP_TOP, 0);
        }
        return true;
    case FB_EXCEPT:
        return emit(C, OP_POP_BLOCK, 0);
    case FB_FINALLY: {
        /* the finally body runs with this block gone (unwind_to lowered nfblocks) */
        if (!emit(C, OP_POP_BLOCK, 0)) return false;
        if (!keep_top) return compile_stmts(C, b->node->v.Try.finalbody);
        if (!push_fblock(C, FB_POP_VALUE, 0, 0, b->node)) return false;
        bool ok = compile_stmts(C, b->node->v.Try.finalbody);
        pop_fblock(C);
        return ok;
    }
    case FB_POP_VALUE:
        if (keep_top && !emit(C, OP_ROT_TWO, 0)) return false;
        return emit(C, OP_POP_TOP, 0);
    case FB_HANDLER:
        return emit(C, OP_POP_EXCEPT, 0);
    case FB_FINALLY_END:
        if (!emit(C, OP_POP_EXCEPT, 0)) return false;
        if (keep_top && !emit(C, OP_ROT_TWO, 0)) return false;
        return emit(C, OP_POP_TOP, 0);
    case FB_WITH:
        return emit(C, OP_POP_BLOCK, 0) && with_exit_normal(C, keep_top);
    }
    return true;
}

/* Unwinds blocks down to (not including) `stop` — all of them when stop < 0. */
static bool unwind_to(Compiler *C, int stop, bool keep_top)
{
    Unit *u = C->u;
    int saved = u->nfblocks;
    for (int i = u->nfblocks - 1; i > stop; i--) {
        FBlock b = u->fblocks[i];
        /* while the finally body of block i is emitted, only the blocks below it exist */
        u->nfblocks = i;
        bool ok = unwind_fblock(C, &b, keep_top);
        u->fblocks[i] = b;   /* a block pushed while unwinding took its place */
        if (!ok) {
            u->nfblocks = saved;
            return false;
        }
    }
    u->nfblocks = saved;
    return true;
}

static int innermost_loop(Compiler *C)
{
    for (int i = C->u->nfblocks - 1; i >= 0; i--)
        if (C->u->fblocks[i].kind == FB_LOOP) return i;
    return -1;
}

static bool compile_break_continue(Compiler *C, const AstNode *n, bool is_break)
{
    int loop = innermost_loop(C);
    if (loop < 0) return syntax_error(C, n, is_break ? "'break' outside loop" : "'continue' not properly in loop");
    FBlock b = C->u->fblocks[loop];
    if (!unwind_to(C, loop, false)) return false;
    if (is_break && !unwind_fblock(C, &b, false)) return false;
    int d = C->u->depth;
    bool ok = emit(C, OP_JUMP, is_break ? b.label_break : b.label_continue);
    set_depth(C->u, d);
    return ok;
}

static bool compile_function_def(Compiler *C, const AstNode *n)
{
    const AstV_FunctionDef *f = &n->v.FunctionDef;
    for (int i = 0; i < f->decorator_list.n; i++)
        if (!compile_expr(C, f->decorator_list.items[i])) return false;
    set_line(C, n);
    if (!compile_make_function(C, n, f->args, f->body, NULL, f->name)) return false;
    for (int i = 0; i < f->decorator_list.n; i++)
        if (!emit(C, OP_CALL, 1)) return false;
    return compile_name_op(C, f->name, CTX_STORE);
}

static bool compile_class_def(Compiler *C, const AstNode *n)
{
    const AstV_ClassDef *c = &n->v.ClassDef;
    for (int i = 0; i < c->decorator_list.n; i++)
        if (!compile_expr(C, c->decorator_list.items[i])) return false;
    set_line(C, n);
    if (!emit(C, OP_LOAD_BUILD_CLASS, 0)) return false;
    if (!compile_make_function(C, n, NULL, c->body, NULL, c->name)) return false;
    if (!emit_const(C, v_obj(vm_intern(C->vm, c->name, strlen(c->name))))) return false;
    for (int i = 0; i < c->bases.n; i++)
        if (!compile_expr(C, c->bases.items[i])) return false;
    int nkw = c->keywords.n;
    if (!check_keywords(C, c->keywords)) return false;
    if (nkw) {
        Value names = vm_new_tuple(C->vm, (uint32_t)nkw);
        if (names == V_EXC) return false;
        for (int i = 0; i < nkw; i++) {
            const AstV_keyword *k = &c->keywords.items[i]->v.keyword;
            if (!k->arg) return syntax_error(C, n, "class keyword unpacking (**) is not supported");
            AS_TUPLE(names)->items[i] = v_obj(vm_intern(C->vm, k->arg, strlen(k->arg)));
            if (!compile_expr(C, k->value)) return false;
        }
        if (!emit_const(C, names) || !emit(C, OP_CALL_KW, 2 + c->bases.n + nkw)) return false;
    } else if (!emit(C, OP_CALL, 2 + c->bases.n)) {
        return false;
    }
    for (int i = 0; i < c->decorator_list.n; i++)
        if (!emit(C, OP_CALL, 1)) return false;
    return compile_name_op(C, c->name, CTX_STORE);
}

/* An elif is an If alone in the orelse of the one before: the chain is
 * compiled by this loop, not by recursion (thousands of elifs). */
static bool compile_if(Compiler *C, const AstNode *n)
{
    int end = new_label(C);
    for (;;) {
        int orelse = new_label(C);
        if (!compile_expr(C, n->v.If.test) || !emit(C, OP_POP_JUMP_IF_FALSE, orelse)) return false;
        if (!compile_stmts(C, n->v.If.body)) return false;
        AstSeq rest = n->v.If.orelse;
        if (rest.n && !emit(C, OP_JUMP, end)) return false;
        place(C, orelse);
        if (rest.n != 1 || rest.items[0]->kind != AST_If) {
            if (!compile_stmts(C, rest)) return false;
            break;
        }
        n = rest.items[0];
        set_line(C, n);
    }
    place(C, end);
    return true;
}

static bool compile_while(Compiler *C, const AstNode *n)
{
    int top = new_label(C), orelse = new_label(C), brk = new_label(C);
    place(C, top);
    if (!compile_expr(C, n->v.While.test) || !emit(C, OP_POP_JUMP_IF_FALSE, orelse)) return false;
    if (!push_fblock(C, FB_LOOP, top, brk, n) || !compile_stmts(C, n->v.While.body)) return false;
    pop_fblock(C);
    if (!emit(C, OP_JUMP, top)) return false;
    place(C, orelse);
    if (!compile_stmts(C, n->v.While.orelse)) return false;
    place(C, brk);
    return true;
}

static bool compile_for(Compiler *C, const AstNode *n)
{
    int top = new_label(C), exit = new_label(C), brk = new_label(C);
    if (!compile_expr(C, n->v.For.iter) || !emit(C, OP_GET_ITER, 0)) return false;
    place(C, top);
    set_line(C, n);
    if (!emit(C, OP_FOR_ITER, exit) || !compile_store(C, n->v.For.target)) return false;
    if (!push_fblock(C, FB_LOOP, top, brk, n) || !compile_stmts(C, n->v.For.body)) return false;
    pop_fblock(C);
    if (!emit(C, OP_JUMP, top)) return false;
    place(C, exit);
    if (!compile_stmts(C, n->v.For.orelse)) return false;
    place(C, brk);
    return true;
}

static bool compile_try_except(Compiler *C, const AstNode *n)
{
    const AstV_Try *t = &n->v.Try;
    int handler = new_label(C), orelse = new_label(C), end = new_label(C);
    if (!emit(C, OP_SETUP_EXCEPT, handler) || !push_fblock(C, FB_EXCEPT, 0, 0, n)) return false;
    if (!compile_stmts(C, t->body)) return false;
    pop_fblock(C);
    if (!emit(C, OP_POP_BLOCK, 0) || !emit(C, OP_JUMP, orelse)) return false;
    place(C, handler);
    for (int i = 0; i < t->handlers.n; i++) {
        const AstV_ExceptHandler *h = &t->handlers.items[i]->v.ExceptHandler;
        set_line(C, t->handlers.items[i]);
        if (!h->type && i + 1 < t->handlers.n) return syntax_error(C, t->handlers.items[i], "default 'except:' must be last");
        int next = new_label(C);
        if (h->type && (!emit(C, OP_DUP_TOP, 0) || !compile_expr(C, h->type) || !emit(C, OP_JUMP_IF_NOT_EXC_MATCH, next)))
            return false;
        if (h->name ? !compile_name_op(C, h->name, CTX_STORE) : !emit(C, OP_POP_TOP, 0)) return false;
        if (!push_fblock(C, FB_HANDLER, 0, 0, t->handlers.items[i]) || !compile_stmts(C, h->body)) return false;
        pop_fblock(C);
        if (!emit(C, OP_POP_EXCEPT, 0)) return false;
        if (h->name && (!emit_const(C, V_NONE) || !compile_name_op(C, h->name, CTX_STORE) ||
                        !compile_name_op(C, h->name, CTX_DEL)))
            return false;
        int d = C->u->depth;
        if (!emit(C, OP_JUMP, end)) return false;
        set_depth(C->u, d + 1);
        place(C, next);
    }
    if (!emit(C, OP_RERAISE, 0)) return false;
    place(C, orelse);
    if (!compile_stmts(C, t->orelse)) return false;
    place(C, end);
    return true;
}

static bool compile_try(Compiler *C, const AstNode *n)
{
    const AstV_Try *t = &n->v.Try;
    if (n->kind == AST_TryStar) return syntax_error(C, n, "'except*' is not supported by tirun yet");
    if (!t->finalbody.n) return compile_try_except(C, n);
    int fin = new_label(C), end = new_label(C);
    if (!emit(C, OP_SETUP_FINALLY, fin) || !push_fblock(C, FB_FINALLY, 0, 0, n)) return false;
    bool ok = t->handlers.n ? compile_try_except(C, n) : compile_stmts(C, t->body);
    if (!ok) return false;
    pop_fblock(C);
    if (!emit(C, OP_POP_BLOCK, 0) || !compile_stmts(C, t->finalbody)) return false;
    int d = C->u->depth;
    if (!emit(C, OP_JUMP, end)) return false;
    set_depth(C->u, d);
    place(C, fin);
    if (!push_fblock(C, FB_FINALLY_END, 0, 0, n) || !compile_stmts(C, t->finalbody)) return false;
    pop_fblock(C);
    if (!emit(C, OP_RERAISE, 0)) return false;
    place(C, end);
    return true;
}

static bool compile_with_items(Compiler *C, const AstNode *n, int item)
{
    const AstV_With *w = &n->v.With;
    const AstV_withitem *it = &w->items.items[item]->v.withitem;
    int exc = new_label(C), suppress = new_label(C), end = new_label(C);
    if (!compile_expr(C, it->context_expr)) return false;
    set_line(C, n);
    if (!emit(C, OP_SETUP_WITH, exc)) return false;
    if (it->optional_vars ? !compile_store(C, it->optional_vars) : !emit(C, OP_POP_TOP, 0)) return false;
    if (!push_fblock(C, FB_WITH, 0, 0, n)) return false;
    bool ok = item + 1 < w->items.n ? compile_with_items(C, n, item + 1) : compile_stmts(C, w->body);
    if (!ok) return false;
    pop_fblock(C);
    set_line(C, n);
    if (!emit(C, OP_POP_BLOCK, 0) || !with_exit_normal(C, false)) return false;
    int d = C->u->depth;
    if (!emit(C, OP_JUMP, end)) return false;
    set_depth(C->u, d);
    place(C, exc);
    if (!emit(C, OP_WITH_EXCEPT, 0) || !emit(C, OP_POP_JUMP_IF_TRUE, suppress) || !emit(C, OP_RERAISE, 0)) return false;
    set_depth(C->u, d + 2);
    place(C, suppress);
    if (!emit(C, OP_POP_TOP, 0) || !emit(C, OP_POP_EXCEPT, 0) || !emit(C, OP_POP_TOP, 0)) return false;
    place(C, end);
    return true;
}

static bool compile_import(Compiler *C, const AstNode *n)
{
    if (n->kind == AST_Import) {
        for (int i = 0; i < n->v.Import.names.n; i++) {
            const AstV_alias *a = &n->v.Import.names.items[i]->v.alias;
            if (!emit_const(C, v_int(0)) || !emit_const(C, V_NONE) || !emit(C, OP_IMPORT_NAME, add_name(C, a->name)))
                return false;
            if (a->asname) {
                /* import a.b.c as d: walk down to c */
                const char *p = strchr(a->name, '.');
                while (p) {
                    const char *q = strchr(p + 1, '.');
                    size_t len = q ? (size_t)(q - p - 1) : strlen(p + 1);
                    char *part = arena_strndup(&C->vm->arena, p + 1, len);
                    if (!part || !emit(C, OP_IMPORT_FROM, add_name(C, part)) || !emit(C, OP_ROT_TWO, 0) ||
                        !emit(C, OP_POP_TOP, 0))
                        return false;
                    p = q;
                }
                if (!compile_name_op(C, a->asname, CTX_STORE)) return false;
            } else {
                const char *dot = strchr(a->name, '.');
                char *top = arena_strndup(&C->vm->arena, a->name, dot ? (size_t)(dot - a->name) : strlen(a->name));
                if (!top || !compile_name_op(C, top, CTX_STORE)) return false;
            }
        }
        return true;
    }
    const AstV_ImportFrom *f = &n->v.ImportFrom;
    Value names = vm_new_tuple(C->vm, (uint32_t)f->names.n);
    if (names == V_EXC) return false;
    for (int i = 0; i < f->names.n; i++) {
        const char *nm = f->names.items[i]->v.alias.name;
        AS_TUPLE(names)->items[i] = v_obj(vm_intern(C->vm, nm, strlen(nm)));
    }
    if (!emit_const(C, v_int(f->level)) || !emit_const(C, names) ||
        !emit(C, OP_IMPORT_NAME, add_name(C, f->module ? f->module : "")))
        return false;
    if (f->names.n == 1 && !strcmp(f->names.items[0]->v.alias.name, "*")) return emit(C, OP_IMPORT_STAR, 0);
    for (int i = 0; i < f->names.n; i++) {
        const AstV_alias *a = &f->names.items[i]->v.alias;
        if (!emit(C, OP_IMPORT_FROM, add_name(C, a->name)) ||
            !compile_name_op(C, a->asname ? a->asname : a->name, CTX_STORE))
            return false;
    }
    return emit(C, OP_POP_TOP, 0);
}

static bool compile_aug_assign(Compiler *C, const AstNode *n)
{
    const AstV_AugAssign *a = &n->v.AugAssign;
    const AstNode *t = a->target;
    switch (t->kind) {
    case AST_Name:
        return compile_name_op(C, t->v.Name.id, CTX_LOAD) && compile_expr(C, a->value) && (set_line(C, n), true) &&
               emit(C, OP_INPLACE, a->op) && compile_name_op(C, t->v.Name.id, CTX_STORE);
    case AST_Attribute: {
        int name = add_name(C, t->v.Attribute.attr);
        return compile_expr(C, t->v.Attribute.value) && emit(C, OP_DUP_TOP, 0) && emit(C, OP_LOAD_ATTR, name) &&
               compile_expr(C, a->value) && (set_line(C, n), true) && emit(C, OP_INPLACE, a->op) &&
               emit(C, OP_ROT_TWO, 0) && emit(C, OP_STORE_ATTR, name);
    }
    case AST_Subscript:
        return compile_expr(C, t->v.Subscript.value) && compile_expr(C, t->v.Subscript.slice) &&
               emit(C, OP_DUP_TOP_TWO, 0) && emit(C, OP_BINARY_SUBSCR, 0) && compile_expr(C, a->value) &&
               (set_line(C, n), true) && emit(C, OP_INPLACE, a->op) && emit(C, OP_ROT_THREE, 0) &&
               emit(C, OP_STORE_SUBSCR, 0);
    default:
        return syntax_error(C, t, "illegal expression for augmented assignment");
    }
}

/* The end of a failed rewritten assert: the values it saw are on the stack;
 * its message joins them and ASSERT_FAILED raises. A failed assert points at
 * its test, as in CPython 3.11. */
static bool assert_failed(Compiler *C, const AstNode *n, int what)
{
    const AstNode *msg = n->v.Assert.msg;
    set_line(C, n->v.Assert.test);
    if (msg && !compile_expr(C, msg)) return false;
    set_line(C, n->v.Assert.test);
    return emit(C, OP_ASSERT_FAILED, what << 1 | (msg != NULL));
}

/* assert under `tirun test`, as pytest rewrites it: each comparison of a
 * chain keeps its two operands (DUP_TOP_TWO) to report the one that failed;
 * `not x` and any other test report their value. */
static bool compile_assert_rewritten(Compiler *C, const AstNode *n)
{
    const AstNode *t = n->v.Assert.test;
    if (t->kind == AST_Compare) {
        const AstV_Compare *c = &t->v.Compare;
        if (!compile_expr(C, c->left)) return false;
        for (int i = 0; i < c->ops.n; i++) {
            int held = new_label(C);
            if (!compile_expr(C, c->comparators.items[i]) || !emit(C, OP_DUP_TOP_TWO, 0) ||
                !emit_compare_op(C, c->ops.items[i]) || !emit(C, OP_POP_JUMP_IF_TRUE, held) ||
                !assert_failed(C, n, c->ops.items[i]))
                return false;
            place(C, held);
            /* the right operand is the next comparison's left one */
            bool last = i == c->ops.n - 1;
            if (!last && (!emit(C, OP_ROT_TWO, 0) || !emit(C, OP_POP_TOP, 0))) return false;
            if (last && (!emit(C, OP_POP_TOP, 0) || !emit(C, OP_POP_TOP, 0))) return false;
        }
        return true;
    }
    bool negated = t->kind == AST_UnaryOp && t->v.UnaryOp.op == AST_Not;
    int held = new_label(C);
    if (!compile_expr(C, negated ? t->v.UnaryOp.operand : t) || !emit(C, OP_DUP_TOP, 0) ||
        !emit(C, negated ? OP_POP_JUMP_IF_FALSE : OP_POP_JUMP_IF_TRUE, held) ||
        !assert_failed(C, n, negated ? ASSERT_NOT : ASSERT_VALUE))
        return false;
    place(C, held);
    return emit(C, OP_POP_TOP, 0);
}

/* assert_stmt: 'assert' test [',' test]; left out under -O (optimize). */
static bool compile_assert(Compiler *C, const AstNode *n)
{
    if (C->vm->cfg.flags.optimize) return true;
    if (C->rewrite_asserts) return compile_assert_rewritten(C, n);
    int ok_label = new_label(C);
    if (!compile_expr(C, n->v.Assert.test) || !emit(C, OP_POP_JUMP_IF_TRUE, ok_label)) return false;
    /* a failed assert points at its test, as in CPython 3.11 */
    set_line(C, n->v.Assert.test);
    if (!emit(C, OP_LOAD_ASSERTION_ERROR, 0)) return false;
    if (n->v.Assert.msg && (!compile_expr(C, n->v.Assert.msg) || !emit(C, OP_CALL, 1))) return false;
    set_line(C, n->v.Assert.test);
    if (!emit(C, OP_RAISE, 1)) return false;
    place(C, ok_label);
    return true;
}

/* pytest's test files, whose asserts it rewrites: test_*.py, *_test.py and
 * conftest.py (and tirun's .ti alike). */
static bool is_test_file(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n < 3 || (strcmp(base + n - 3, ".py") && strcmp(base + n - 3, ".ti"))) return false;
    return !strncmp(base, "test_", 5) || (n >= 8 && !strncmp(base + n - 8, "_test", 5)) ||
           !strncmp(base, "conftest.", 9);
}

static bool compile_stmt(Compiler *C, const AstNode *n)
{
    set_line(C, n);
    switch (n->kind) {
    case AST_Expr:
        /* at the REPL's top level a value is echoed (and kept in _) */
        return compile_expr(C, n->v.Expr.value) &&
               emit(C, C->interactive && C->u->scope->kind == SC_MODULE ? OP_PRINT_EXPR : OP_POP_TOP, 0);
    case AST_Assign: {
        const AstV_Assign *a = &n->v.Assign;
        if (!compile_expr(C, a->value)) return false;
        for (int i = 0; i < a->targets.n; i++) {
            if (i + 1 < a->targets.n && !emit(C, OP_DUP_TOP, 0)) return false;
            if (!compile_store(C, a->targets.items[i])) return false;
        }
        return true;
    }
    case AST_AugAssign:
        return compile_aug_assign(C, n);
    case AST_AnnAssign: {
        const AstV_AnnAssign *a = &n->v.AnnAssign;
        if (a->value && (!compile_expr(C, a->value) || !compile_store(C, a->target))) return false;
        ScopeKind k = C->u->scope->kind;
        if (a->simple && (k == SC_MODULE || k == SC_CLASS)) {
            const char *name = a->target->v.Name.id;
            return compile_expr(C, a->annotation) && compile_name_op(C, "__annotations__", CTX_LOAD) &&
                   emit_const(C, v_obj(vm_intern(C->vm, name, strlen(name)))) && emit(C, OP_STORE_SUBSCR, 0);
        }
        return true;
    }
    case AST_Delete:
        for (int i = 0; i < n->v.Delete.targets.n; i++)
            if (!compile_delete(C, n->v.Delete.targets.items[i])) return false;
        return true;
    case AST_Pass: case AST_Global: case AST_Nonlocal:
        return true;
    case AST_Break:
        return compile_break_continue(C, n, true);
    case AST_Continue:
        return compile_break_continue(C, n, false);
    case AST_Return: {
        if (C->u->scope->kind != SC_FUNCTION) return syntax_error(C, n, "'return' outside function");
        if (n->v.Return.value ? !compile_expr(C, n->v.Return.value) : !emit_const(C, V_NONE)) return false;
        set_line(C, n);
        if (!unwind_to(C, -1, true)) return false;
        int d = C->u->depth;
        bool ok = emit(C, OP_RETURN_VALUE, 0);
        set_depth(C->u, d - 1);
        return ok;
    }
    case AST_If: return compile_if(C, n);
    case AST_While: return compile_while(C, n);
    case AST_For: return compile_for(C, n);
    case AST_Try: case AST_TryStar: return compile_try(C, n);
    case AST_With: return compile_with_items(C, n, 0);
    case AST_Raise: {
        const AstV_Raise *r = &n->v.Raise;
        int k = 0;
        if (r->exc) {
            if (!compile_expr(C, r->exc)) return false;
            k = 1;
            if (r->cause) {
                if (!compile_expr(C, r->cause)) return false;
                k = 2;
            }
        }
        set_line(C, n);
        return emit(C, OP_RAISE, k);
    }
    case AST_Assert: return compile_assert(C, n);
    case AST_Import: case AST_ImportFrom: return compile_import(C, n);
    case AST_FunctionDef: return compile_function_def(C, n);
    case AST_ClassDef: return compile_class_def(C, n);
    default:
        return syntax_error(C, n, "unsupported statement");
    }
}

static bool compile_stmts(Compiler *C, AstSeq body)
{
    for (int i = 0; i < body.n; i++)
        if (!compile_stmt(C, body.items[i])) return false;
    return true;
}

/* ---- units --------------------------------------------------------------------------- */

static bool has_annotations(AstSeq body)
{
    for (int i = 0; i < body.n; i++)
        if (body.items[i]->kind == AST_AnnAssign) return true;
    return false;
}

static const AstNode *docstring(AstSeq body)
{
    if (body.n && body.items[0]->kind == AST_Expr) {
        const AstNode *v = body.items[0]->v.Expr.value;
        if (v->kind == AST_Constant && v->v.Constant.value.kind == AST_C_STR) return v;
    }
    return NULL;
}

static void free_unit(Unit *u)
{
    free(u->code);
    free(u->lines);
    free(u->labels);
    free(u->consts);
    free(u->names);
    free(u->varnames);
    free(u->qualname);
}

static char *make_qualname(Compiler *C, const char *name)
{
    Unit *p = C->u;
    if (!p || p->scope->kind == SC_MODULE || !name) return strdup(name ? name : "<module>");
    const char *sep = p->scope->kind == SC_FUNCTION || p->scope->kind == SC_COMP ? ".<locals>." : ".";
    size_t n = strlen(p->qualname) + strlen(sep) + strlen(name) + 1;
    char *q = malloc(n);
    if (q) snprintf(q, n, "%s%s%s", p->qualname, sep, name);
    return q;
}

/* Turns the finished unit into a code object. */
static Value finish_unit(Compiler *C, Unit *u, const AstNode *args, int firstlineno, const char *name)
{
    VM *vm = C->vm;
    for (int i = 0; i < u->n; i++) {
        int op = INSN_OP(u->code[i]);
        if (is_jump(op)) u->code[i] = INSN(op, u->labels[INSN_ARG(u->code[i])].pos);
    }
    CodeObj *co = vm_alloc(vm, vm->t_code, sizeof *co);
    if (!co) return V_EXC;
    co->code = u->code;
    co->lines = u->lines;
    co->ncode = (uint32_t)u->n;
    co->caches = calloc(u->n ? (size_t)u->n : 1, sizeof(InlineCache));
    if (!co->caches) {
        vm_raise(vm, vm->e_MemoryError, "out of memory");
        return V_EXC;
    }
    co->consts = u->consts;
    co->nconsts = (uint32_t)u->nconsts;
    co->names = u->names;
    co->nnames = (uint32_t)u->nnames;
    co->varnames = u->varnames;
    u->code = NULL;
    u->lines = NULL;
    u->consts = NULL;
    u->names = NULL;
    u->varnames = NULL;
    co->nlocals = u->nlocals;
    co->ncells = u->ncells;
    co->nfree = u->nfree;
    co->stacksize = u->maxdepth + 4;
    co->flags = u->flags;
    co->firstlineno = firstlineno;
    co->name = vm_intern(vm, name, strlen(name));
    co->qualname = vm_intern(vm, u->qualname, strlen(u->qualname));
    co->filename = vm_intern(vm, C->src->filename, strlen(C->src->filename));
    if (args) {
        const AstV_arguments *a = &args->v.arguments;
        co->nposonly = a->posonlyargs.n;
        co->nargs = a->posonlyargs.n + a->args.n;
        co->nkwonly = a->kwonlyargs.n;
        if (a->vararg) co->flags |= CO_VARARGS;
        if (a->kwarg) co->flags |= CO_VARKEYWORDS;
    } else if (u->scope->kind == SC_COMP) {
        co->nargs = 1;
    }
    if (co->ncells) {
        co->cell2arg = malloc((size_t)co->ncells * sizeof *co->cell2arg);
        if (!co->cell2arg) return oom(C), V_EXC;
        for (int k = 0; k < co->ncells; k++) co->cell2arg[k] = -1;
        for (int i = 0; i < u->scope->nsyms; i++) {
            Sym *y = &u->scope->syms[i];
            if ((y->flags & SYM_CELL) && (y->flags & SYM_PARAM)) co->cell2arg[cell_index(y)] = y->index;
        }
    }
    return v_obj(co);
}

static Value compile_unit_code(Compiler *C, Scope *scope, const AstNode *node, const AstNode *args, AstSeq body,
                               const AstNode *expr_body, const char *name)
{
    Unit *u = calloc(1, sizeof *u);
    if (!u) return oom(C), V_EXC;
    u->parent = C->u;
    u->scope = scope;
    u->lineno = u->end_lineno = node->lineno;
    u->col = u->end_col = -1;
    if (!name) name = scope->name;
    u->qualname = make_qualname(C, name);
    C->u = u;
    Value code = V_EXC;
    if (!u->qualname || !assign_slots(C, args)) goto out;
    if (scope->kind == SC_FUNCTION && scope->is_generator) u->flags |= CO_GENERATOR;
    if (scope->kind == SC_COMP && scope->is_generator) u->flags |= CO_GENERATOR;
    if (scope->kind == SC_CLASS) {
        u->flags |= CO_CLASSBODY;
        if (!compile_name_op(C, "__name__", CTX_LOAD) || !emit(C, OP_STORE_NAME, add_name(C, "__module__")) ||
            !emit_const(C, v_obj(vm_intern(C->vm, u->qualname, strlen(u->qualname)))) ||
            !emit(C, OP_STORE_NAME, add_name(C, "__qualname__")))
            goto out;
        const AstNode *doc = docstring(body);
        if (doc && (!compile_expr(C, doc) || !emit(C, OP_STORE_NAME, add_name(C, "__doc__")))) goto out;
        if (has_annotations(body) && !emit(C, OP_SETUP_ANNOTATIONS, 0)) goto out;
        if (!compile_stmts(C, body)) goto out;
        Sym *cell = st_lookup(scope, "__class__");
        if (cell && (cell->flags & SYM_CELL)) {
            if (!emit(C, OP_LOAD_CLOSURE, cell_index(cell))) goto out;
        } else if (!emit_const(C, V_NONE)) {
            goto out;
        }
        if (!emit(C, OP_RETURN_VALUE, 0)) goto out;
    } else if (scope->kind == SC_COMP) {
        AstSeq gens;
        int build = -1;
        switch (node->kind) {
        case AST_ListComp: gens = node->v.ListComp.generators; build = OP_BUILD_LIST; break;
        case AST_SetComp: gens = node->v.SetComp.generators; build = OP_BUILD_SET; break;
        case AST_DictComp: gens = node->v.DictComp.generators; build = OP_BUILD_MAP; break;
        default: gens = node->v.GeneratorExp.generators; break;
        }
        if (build >= 0 && !emit(C, build, 0)) goto out;
        if (!compile_comp_body(C, node, gens, 0)) goto out;
        if (build < 0 && !emit_const(C, V_NONE)) goto out;
        if (!emit(C, OP_RETURN_VALUE, 0)) goto out;
    } else if (expr_body) {
        /* lambda */
        if (!compile_expr(C, expr_body) || !emit(C, OP_RETURN_VALUE, 0)) goto out;
    } else {
        const AstNode *doc = docstring(body);
        if (doc) {
            /* the docstring is the first constant (function.__doc__) */
            add_const(C, const_value(C, &doc->v.Constant.value));
            u->flags |= CO_HAS_DOC;
        }
        if (!compile_stmts(C, body) || !emit_const(C, V_NONE) || !emit(C, OP_RETURN_VALUE, 0)) goto out;
    }
    code = finish_unit(C, u, args, node->lineno, name);
    if (code != V_EXC && C->keep_ast && node->kind == AST_FunctionDef) {
        ((CodeObj *)v_as_obj(code))->def = node;
        ((CodeObj *)v_as_obj(code))->src = C->src;
    }
out:
    C->u = u->parent;
    free_unit(u);
    free(u);
    if (C->failed) return V_EXC;
    return code;
}

static CodeObj *compile_top(VM *vm, const AstNode *mod, const ParseSource *src, int mode);
enum { MODE_MODULE, MODE_EXEC, MODE_EVAL, MODE_INTERACTIVE };

CodeObj *vm_compile_module(VM *vm, const AstNode *mod, const ParseSource *src)
{
    return compile_top(vm, mod, src, MODE_MODULE);
}

CodeObj *vm_compile_exec(VM *vm, const AstNode *mod, const ParseSource *src, bool eval)
{
    return compile_top(vm, mod, src, eval ? MODE_EVAL : MODE_EXEC);
}

CodeObj *vm_compile_interactive(VM *vm, const AstNode *mod, const ParseSource *src)
{
    return compile_top(vm, mod, src, MODE_INTERACTIVE);
}

static CodeObj *compile_top(VM *vm, const AstNode *mod, const ParseSource *src, int mode)
{
    Compiler C;
    memset(&C, 0, sizeof C);
    C.vm = vm;
    C.exec = mode == MODE_EXEC || mode == MODE_EVAL;
    C.interactive = mode == MODE_INTERACTIVE;
    C.keep_ast = mode == MODE_MODULE || mode == MODE_INTERACTIVE;
    C.rewrite_asserts = vm->assert_rewrite && mode == MODE_MODULE && is_test_file(src->filename);
    bool eval = mode == MODE_EVAL;
    C.src = src;
    C.st.a = &vm->arena;
    Scope *top = st_build(&C.st, mod);
    if (!top) {
        if (C.st.failed) syntax_error(&C, C.st.err_node, C.st.err);
        else oom(&C);
        return NULL;
    }
    Unit *u = calloc(1, sizeof *u);
    if (!u) return oom(&C), NULL;
    u->scope = top;
    u->lineno = u->end_lineno = 1;
    u->col = u->end_col = -1;
    u->qualname = strdup("<module>");
    C.u = u;
    bool ok = u->qualname && assign_slots(&C, NULL);
    u->flags |= CO_MODULE;
    if (eval) {
        ok = ok && compile_expr(&C, mod->v.Module.body.items[0]->v.Expr.value) && emit(&C, OP_RETURN_VALUE, 0);
    } else {
        if (ok && has_annotations(mod->v.Module.body)) ok = emit(&C, OP_SETUP_ANNOTATIONS, 0);
        const AstNode *doc = docstring(mod->v.Module.body);
        if (ok && doc) ok = compile_expr(&C, doc) && emit(&C, OP_STORE_GLOBAL, add_name(&C, "__doc__"));
        ok = ok && compile_stmts(&C, mod->v.Module.body) && emit_const(&C, V_NONE) && emit(&C, OP_RETURN_VALUE, 0);
    }
    Value code = ok ? finish_unit(&C, u, NULL, 1, "<module>") : V_EXC;
    free_unit(u);
    free(u);
    return code == V_EXC || C.failed ? NULL : (CodeObj *)v_as_obj(code);
}

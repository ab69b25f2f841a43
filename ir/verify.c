/* The IR verifier: the structural and type invariants that the builder
 * establishes and every pass must keep. It runs after each pass in debug
 * builds, so a message names the statement and says what is wrong with it.
 * Every check returns true when it holds; the first failure is recorded. */
#include "ir.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    const IrKernel *k;
    char *err;
    size_t errcap;
    bool failed;
    const IrStmt **byid;        /* the statement reachable under each id */
    unsigned char *visible;     /* by id: may be used at this point */
    const IrStmt **scope;       /* enclosing containers, innermost last */
    int depth;
} Verifier;

typedef bool VerifyFn(Verifier *v, const IrStmt *s);

#define X(id, name, nops, nblocks, effect) static VerifyFn verify_##id;
IR_STMTS(X)
#undef X

static VerifyFn *const verifiers[] = {
#define X(id, name, nops, nblocks, effect) verify_##id,
    IR_STMTS(X)
#undef X
};

/* Append to the message, truncating at the buffer's end. */
static void put(Verifier *v, size_t *used, const char *fmt, va_list ap)
{
    if (*used + 1 >= v->errcap) return;
    int n = vsnprintf(v->err + *used, v->errcap - *used, fmt, ap);
    if (n > 0) *used = *used + (size_t)n < v->errcap ? *used + (size_t)n : v->errcap - 1;
}

__attribute__((format(printf, 3, 4)))
static void putf(Verifier *v, size_t *used, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    put(v, used, fmt, ap);
    va_end(ap);
}

/* Record the first failure as "$5 (binary add): <message> at file:3:8";
 * s NULL: a kernel-level failure. Returns false for `return fail(...)`. */
__attribute__((format(printf, 3, 4)))
static bool fail(Verifier *v, const IrStmt *s, const char *fmt, ...)
{
    if (v->failed) return false;
    v->failed = true;
    size_t used = 0;
    if (!s)
        putf(v, &used, "kernel %s: ", v->k->name);
    else if (s->kind == IR_UNARY)
        putf(v, &used, "$%d (unary %s): ", s->id, ir_unary_op_name(s->u.unary));
    else if (s->kind == IR_BINARY)
        putf(v, &used, "$%d (binary %s): ", s->id, ir_binary_op_name(s->u.binary));
    else if (s->kind == IR_ATOMIC_OP)
        putf(v, &used, "$%d (atomic %s): ", s->id, ir_atomic_op_name(s->u.atomic));
    else
        putf(v, &used, "$%d (%s): ", s->id, ir_kind_name(s->kind));
    va_list ap;
    va_start(ap, fmt);
    put(v, &used, fmt, ap);
    va_end(ap);
    if (s && s->loc.line > 0)
        putf(v, &used, " at %s:%d:%d", s->loc.file ? s->loc.file : "<unknown>", s->loc.line, s->loc.col);
    return false;
}

static const char *tn(IrType t) { return ir_type_name(t); }

/* A type that arithmetic can use: a primitive other than void. */
static bool is_scalar(IrType t) { return ir_type_is_int(t) || ir_type_is_float(t); }

static bool is_loop(const IrStmt *s)
{
    switch (s->kind) {
    case IR_RANGE_FOR:
    case IR_STRUCT_FOR:
    case IR_WHILE:
        return true;
    case IR_OFFLOADED:
        return s->u.task.type != IR_TASK_serial;
    default:
        return false;
    }
}

/* ---- pass 1: links and identity */

static bool collect(Verifier *v, const IrBlock *b, const IrStmt *parent)
{
    if (b->parent != parent)
        return parent ? fail(v, parent, "a child block's parent link is wrong")
                      : fail(v, NULL, "the root block has a parent");
    const IrStmt *prev = NULL;
    for (const IrStmt *s = b->first; s; prev = s, s = s->next) {
        if (s->kind >= IR_NUM_KINDS) return fail(v, s, "unknown statement kind %d", (int)s->kind);
        if (s->block != b) return fail(v, s, "its block link does not point to the block that holds it");
        if (s->prev != prev) return fail(v, s, "its prev link is broken");
        if (s->erased) return fail(v, s, "is erased but still in a block");
        if (s->id < 0 || s->id >= v->k->next_id)
            return fail(v, s, "id out of range (the kernel has next_id %d)", v->k->next_id);
        if (v->byid[s->id] == s) return fail(v, s, "appears twice in the kernel");
        if (v->byid[s->id]) return fail(v, s, "shares its id with another statement (run ir_renumber)");
        v->byid[s->id] = s;
        for (int i = 0; i < IR_MAX_BLOCKS; i++) {
            const IrBlock *child = s->blocks[i];
            if (i >= ir_kind_blocks(s->kind)) {
                if (child) return fail(v, s, "has a child block in unused slot %d", i);
            } else if (!child) {
                return fail(v, s, "is missing child block %d", i);
            } else if (!collect(v, child, s)) {
                return false;
            }
        }
    }
    if (b->last != prev)
        return parent ? fail(v, parent, "a child block's last link is broken")
                      : fail(v, NULL, "the root block's last link is broken");
    return true;
}

/* ---- pass 2: scopes, operands, types */

static bool check_operands(Verifier *v, const IrStmt *s)
{
    int want = ir_kind_operands(s->kind);
    if (want != IR_VARIADIC && s->nops != want)
        return fail(v, s, "has %d operands, wants %d", s->nops, want);
    for (int i = 0; i < s->nops; i++) {
        const IrStmt *op = s->ops[i];
        if (!op) return fail(v, s, "operand %d is missing", i);
        if (op->id < 0 || op->id >= v->k->next_id || v->byid[op->id] != op)
            return fail(v, s, "uses $%d, which is %s", op->id, op->erased ? "erased" : "not in the kernel");
        if (!v->visible[op->id])
            return fail(v, s, "uses $%d outside its scope (it must come earlier in the same "
                              "block or in an enclosing one)", op->id);
        if (op->type == IR_VOID) return fail(v, s, "uses $%d, which yields no value", op->id);
    }
    return true;
}

static bool check_block(Verifier *v, const IrBlock *b);

static bool check_stmt(Verifier *v, const IrStmt *s)
{
    if (!check_operands(v, s)) return false;
    if (s->kind == IR_OFFLOADED && v->depth > 0)
        return fail(v, s, "an offloaded task must sit at the top level of the kernel");
    if (!verifiers[s->kind](v, s)) return false;
    if (!ir_kind_blocks(s->kind)) return true;
    v->scope[v->depth++] = s;
    bool ok = true;
    for (int i = 0; i < ir_kind_blocks(s->kind) && ok; i++) ok = check_block(v, s->blocks[i]);
    v->depth--;
    return ok;
}

static bool check_block(Verifier *v, const IrBlock *b)
{
    bool ok = true;
    for (const IrStmt *s = b->first; s && ok; s = s->next) {
        ok = check_stmt(v, s);
        v->visible[s->id] = 1;
    }
    /* What a block defines is invisible after it. */
    for (const IrStmt *s = b->first; s; s = s->next) v->visible[s->id] = 0;
    return ok;
}

static bool check_top_level(Verifier *v)
{
    const IrStmt *task = NULL, *other = NULL;
    for (const IrStmt *s = v->k->root->first; s; s = s->next) {
        if (s->kind == IR_OFFLOADED) {
            if (!task) task = s;
        } else if (!other) {
            other = s;
        }
    }
    if (task && other)
        return fail(v, other, "is at the top level of a kernel with offloaded tasks (such as $%d); "
                              "after offloading every top-level statement is a task", task->id);
    return true;
}

bool ir_verify(const IrKernel *k, char *err, size_t errcap)
{
    if (errcap) err[0] = 0;
    Verifier v = {.k = k, .err = err, .errcap = errcap};
    size_t n = k->next_id > 0 ? (size_t)k->next_id : 1;
    v.byid = calloc(n, sizeof *v.byid);
    v.visible = calloc(n, 1);
    v.scope = calloc(n, sizeof *v.scope);
    bool ok;
    if (!v.byid || !v.visible || !v.scope)
        ok = fail(&v, NULL, "out of memory while verifying");
    else
        ok = collect(&v, k->root, NULL) && check_block(&v, k->root) && check_top_level(&v);
    free(v.byid);
    free(v.visible);
    free((void *)v.scope);
    return ok;
}

/* ---- one function per statement kind: its types and references */

static bool want_void(Verifier *v, const IrStmt *s)
{
    return s->type == IR_VOID || fail(v, s, "yields nothing but has type %s", tn(s->type));
}

static bool want_scalar_result(Verifier *v, const IrStmt *s)
{
    return is_scalar(s->type) || fail(v, s, "has type %s, wants a number type", tn(s->type));
}

static bool want_int_operand(Verifier *v, const IrStmt *s, int i, const char *what)
{
    const IrStmt *op = s->ops[i];
    return ir_type_is_int(op->type) ||
           fail(v, s, "%s $%d has type %s, wants an integer", what, op->id, tn(op->type));
}

static bool want_type(Verifier *v, const IrStmt *s, IrType got, IrType want, const char *what)
{
    return got == want || fail(v, s, "%s has type %s, wants %s", what, tn(got), tn(want));
}

static bool want_scalar_operands(Verifier *v, const IrStmt *s, int from, const char *verb)
{
    for (int i = from; i < s->nops; i++)
        if (!is_scalar(s->ops[i]->type))
            return fail(v, s, "%s $%d of type %s", verb, s->ops[i]->id, tn(s->ops[i]->type));
    return true;
}

static bool verify_CONST(Verifier *v, const IrStmt *s) { return want_scalar_result(v, s); }

static bool verify_ARG_LOAD(Verifier *v, const IrStmt *s)
{
    if (s->u.arg < 0 || s->u.arg >= v->k->nargs)
        return fail(v, s, "loads argument %d of a kernel with %d", s->u.arg, v->k->nargs);
    return want_type(v, s, s->type, v->k->arg_types[s->u.arg], "the result");
}

static bool verify_RAND(Verifier *v, const IrStmt *s) { return want_scalar_result(v, s); }

static bool verify_UNARY(Verifier *v, const IrStmt *s)
{
    if (s->u.unary >= IR_NUM_UNARY_OPS) return fail(v, s, "unknown unary op %d", (int)s->u.unary);
    IrType x = s->ops[0]->type;
    if (!is_scalar(x)) return fail(v, s, "operand has type %s, wants a number", tn(x));
    switch (ir_unary_op_class(s->u.unary)) {
    case 'C':
        if (!want_scalar_result(v, s)) return false;
        if (s->u.unary == IR_UN_cast_bits && ir_type_bits(x) != ir_type_bits(s->type))
            return fail(v, s, "reinterprets %s as %s, which differ in size", tn(x), tn(s->type));
        return true;
    case 'L':
        if (!ir_type_is_int(x)) return fail(v, s, "operand has type %s, wants an integer", tn(x));
        return want_type(v, s, s->type, IR_U1, "the result");
    case 'F':
        if (!ir_type_is_float(x)) return fail(v, s, "operand has type %s, wants a float (cast it first)", tn(x));
        break;
    case 'I':
        if (!ir_type_is_int(x)) return fail(v, s, "operand has type %s, wants an integer", tn(x));
        break;
    default:
        break;
    }
    return want_type(v, s, s->type, x, "the result");
}

static bool verify_BINARY(Verifier *v, const IrStmt *s)
{
    if (s->u.binary >= IR_NUM_BINARY_OPS) return fail(v, s, "unknown binary op %d", (int)s->u.binary);
    IrType a = s->ops[0]->type, b = s->ops[1]->type;
    if (!is_scalar(a) || !is_scalar(b))
        return fail(v, s, "operand types %s and %s, wants numbers", tn(a), tn(b));
    if (a != b) return fail(v, s, "operand types %s and %s differ (cast one first)", tn(a), tn(b));
    switch (ir_binary_op_class(s->u.binary)) {
    case 'C':
        return want_type(v, s, s->type, IR_U1, "the result");
    case 'L':
        if (!ir_type_is_int(a)) return fail(v, s, "operands have type %s, want integers", tn(a));
        return want_type(v, s, s->type, IR_U1, "the result");
    case 'F':
        if (!ir_type_is_float(a)) return fail(v, s, "operands have type %s, want floats", tn(a));
        break;
    case 'I':
        if (!ir_type_is_int(a)) return fail(v, s, "operands have type %s, want integers", tn(a));
        break;
    default:
        break;
    }
    return want_type(v, s, s->type, a, "the result");
}

static bool verify_SELECT(Verifier *v, const IrStmt *s)
{
    if (!want_int_operand(v, s, 0, "the condition")) return false;
    IrType a = s->ops[1]->type, b = s->ops[2]->type;
    if (a != b) return fail(v, s, "the two values have types %s and %s", tn(a), tn(b));
    return want_type(v, s, s->type, a, "the result");
}

static bool verify_ALLOCA(Verifier *v, const IrStmt *s)
{
    return (ir_type_is_ptr(s->type) && is_scalar(ir_pointee(s->type))) ||
           fail(v, s, "has type %s, wants a pointer to a number", tn(s->type));
}

static bool want_alloca(Verifier *v, const IrStmt *s)
{
    const IrStmt *p = s->ops[0];
    return p->kind == IR_ALLOCA ||
           fail(v, s, "accesses $%d, which is a %s, not an alloca", p->id, ir_kind_name(p->kind));
}

static bool verify_LOCAL_LOAD(Verifier *v, const IrStmt *s)
{
    return want_alloca(v, s) && want_type(v, s, s->type, ir_pointee(s->ops[0]->type), "the result");
}

static bool verify_LOCAL_STORE(Verifier *v, const IrStmt *s)
{
    return want_alloca(v, s) &&
           want_type(v, s, s->ops[1]->type, ir_pointee(s->ops[0]->type), "the stored value") &&
           want_void(v, s);
}

static bool verify_GLOBAL_PTR(Verifier *v, const IrStmt *s)
{
    const IrSNode *sn = s->u.ptr.snode;
    if (!sn) return fail(v, s, "has no SNode");
    if (s->nops != sn->num_indices)
        return fail(v, s, "indexes %s with %d indices, wants %d", sn->name, s->nops, sn->num_indices);
    for (int i = 0; i < s->nops; i++)
        if (!want_type(v, s, s->ops[i]->type, IR_I32, "an index")) return false;
    if (!is_scalar(sn->dtype)) return fail(v, s, "SNode %s holds no values", sn->name);
    return want_type(v, s, s->type, ir_ptr_to(sn->dtype), "the result");
}

static bool verify_EXTERNAL_PTR(Verifier *v, const IrStmt *s)
{
    if (s->nops < 3 || s->nops % 2 == 0 || ir_external_dims(s) > IR_EXTERNAL_MAX_DIMS)
        return fail(v, s, "has %d operands, wants a base and 1..%d indices and extents", s->nops,
                    IR_EXTERNAL_MAX_DIMS);
    if (s->ops[0]->type != IR_U64 && s->ops[0]->type != IR_I64)
        return fail(v, s, "has base $%d of type %s, not an address", s->ops[0]->id, tn(s->ops[0]->type));
    for (int i = 1; i < s->nops; i++)
        if (!want_type(v, s, s->ops[i]->type, IR_I32, i <= ir_external_dims(s) ? "an index" : "an extent"))
            return false;
    if (!ir_type_is_ptr(s->type) || !is_scalar(ir_pointee(s->type)))
        return fail(v, s, "yields %s, not a pointer to a value", tn(s->type));
    return true;
}

static bool want_global(Verifier *v, const IrStmt *s)
{
    const IrStmt *p = s->ops[0];
    return p->kind == IR_GLOBAL_PTR || p->kind == IR_GLOBAL_TMP || p->kind == IR_EXTERNAL_PTR ||
           fail(v, s, "accesses $%d, which is a %s, not a global pointer", p->id, ir_kind_name(p->kind));
}

static bool verify_GLOBAL_LOAD(Verifier *v, const IrStmt *s)
{
    return want_global(v, s) && want_type(v, s, s->type, ir_pointee(s->ops[0]->type), "the result");
}

static bool verify_GLOBAL_STORE(Verifier *v, const IrStmt *s)
{
    return want_global(v, s) &&
           want_type(v, s, s->ops[1]->type, ir_pointee(s->ops[0]->type), "the stored value") &&
           want_void(v, s);
}

static bool verify_ATOMIC_OP(Verifier *v, const IrStmt *s)
{
    if (s->u.atomic >= IR_NUM_ATOMIC_OPS) return fail(v, s, "unknown atomic op %d", (int)s->u.atomic);
    const IrStmt *p = s->ops[0];
    if (p->kind != IR_GLOBAL_PTR && p->kind != IR_GLOBAL_TMP && p->kind != IR_EXTERNAL_PTR && p->kind != IR_ALLOCA)
        return fail(v, s, "updates $%d, which is a %s, not a pointer", p->id, ir_kind_name(p->kind));
    IrType t = ir_pointee(p->type);
    if (!want_type(v, s, s->ops[1]->type, t, "the operand") || !want_type(v, s, s->type, t, "the result"))
        return false;
    if (ir_atomic_op_class(s->u.atomic) == 'I' && !ir_type_is_int(t))
        return fail(v, s, "bitwise update of a %s", tn(t));
    return true;
}

static bool verify_GLOBAL_TMP(Verifier *v, const IrStmt *s)
{
    return (ir_type_is_ptr(s->type) && is_scalar(ir_pointee(s->type))) ||
           fail(v, s, "has type %s, wants a pointer to a number", tn(s->type));
}

/* The loop a loop_index / break / continue / while_control refers to:
 * s->loop, which must enclose s, or else the innermost enclosing loop.
 * NULL (after failing) when there is none. */
static const IrStmt *target_loop(Verifier *v, const IrStmt *s)
{
    for (int i = v->depth - 1; i >= 0; i--) {
        const IrStmt *c = v->scope[i];
        if (s->loop ? c == s->loop : is_loop(c)) {
            if (!is_loop(c)) break;
            return c;
        }
    }
    if (s->loop)
        fail(v, s, "refers to $%d, which is not a loop enclosing it", s->loop->id);
    else
        fail(v, s, "is not inside a loop");
    return NULL;
}

static bool verify_LOOP_INDEX(Verifier *v, const IrStmt *s)
{
    if (!s->loop) return fail(v, s, "names no loop");
    const IrStmt *loop = target_loop(v, s);
    if (!loop) return false;
    const IrSNode *sn = loop->kind == IR_STRUCT_FOR ? loop->u.sfor.snode
                        : loop->kind == IR_OFFLOADED && loop->u.task.type == IR_TASK_struct_for
                            ? loop->u.task.snode
                            : NULL;
    int n = loop->kind == IR_WHILE ? 0 : sn ? sn->num_indices : 1;
    if (s->u.index < 0 || s->u.index >= n)
        return fail(v, s, "reads index %d of $%d, which has %d", s->u.index, loop->id, n);
    return want_type(v, s, s->type, IR_I32, "the result");
}

static bool verify_IF(Verifier *v, const IrStmt *s)
{
    return want_int_operand(v, s, 0, "the condition") && want_void(v, s);
}

static bool verify_RANGE_FOR(Verifier *v, const IrStmt *s)
{
    return want_type(v, s, s->ops[0]->type, IR_I32, "the begin") &&
           want_type(v, s, s->ops[1]->type, IR_I32, "the end") && want_void(v, s);
}

static bool verify_STRUCT_FOR(Verifier *v, const IrStmt *s)
{
    return (s->u.sfor.snode || fail(v, s, "has no SNode")) && want_void(v, s);
}

static bool verify_WHILE(Verifier *v, const IrStmt *s) { return want_void(v, s); }

static bool verify_WHILE_CONTROL(Verifier *v, const IrStmt *s)
{
    if (!want_int_operand(v, s, 0, "the condition")) return false;
    const IrStmt *loop = target_loop(v, s);
    if (!loop) return false;
    if (loop->kind != IR_WHILE)
        return fail(v, s, "its innermost loop $%d is a %s, not a while", loop->id, ir_kind_name(loop->kind));
    return want_void(v, s);
}

static bool verify_CONTINUE(Verifier *v, const IrStmt *s)
{
    return target_loop(v, s) && want_void(v, s);
}

/* A break cannot leave a parallel loop: an offloaded range / struct task, or
 * an outermost for, which the offload pass will make one (unless serialized). */
static bool verify_BREAK(Verifier *v, const IrStmt *s)
{
    const IrStmt *loop = target_loop(v, s);
    if (!loop) return false;
    bool top = loop->block == v->k->root;
    if (loop->kind == IR_OFFLOADED || (top && loop->kind == IR_STRUCT_FOR) ||
        (top && loop->kind == IR_RANGE_FOR && !loop->u.range.serialize))
        return fail(v, s, "leaves $%d, a parallel loop", loop->id);
    return want_void(v, s);
}

static bool verify_RETURN(Verifier *v, const IrStmt *s)
{
    if (s->nops != v->k->nrets)
        return fail(v, s, "returns %d values from a kernel that returns %d", s->nops, v->k->nrets);
    for (int i = 0; i < s->nops; i++)
        if (!want_type(v, s, s->ops[i]->type, v->k->ret_types[i], "a returned value")) return false;
    return want_void(v, s);
}

static bool verify_PRINT(Verifier *v, const IrStmt *s)
{
    int values = 0;
    for (int i = 0; i < s->u.print.nitems; i++) values += s->u.print.items[i].str == NULL;
    if (values != s->nops) return fail(v, s, "has %d value entries but %d operands", values, s->nops);
    return want_scalar_operands(v, s, 0, "prints") && want_void(v, s);
}

static bool verify_ASSERT(Verifier *v, const IrStmt *s)
{
    if (s->nops < 1) return fail(v, s, "has no condition");
    if (!s->u.text) return fail(v, s, "has no message");
    return want_int_operand(v, s, 0, "the condition") && want_scalar_operands(v, s, 1, "formats") &&
           want_void(v, s);
}

static bool verify_INTERNAL_CALL(Verifier *v, const IrStmt *s)
{
    return s->u.text || fail(v, s, "names no function");
}

static bool verify_OFFLOADED(Verifier *v, const IrStmt *s)
{
    if (s->u.task.type >= IR_NUM_TASK_TYPES) return fail(v, s, "unknown task type %d", (int)s->u.task.type);
    if (s->u.task.type == IR_TASK_struct_for && !s->u.task.snode)
        return fail(v, s, "a struct_for task has no SNode");
    return want_void(v, s);
}

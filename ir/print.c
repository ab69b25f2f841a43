/* The print_ir text of a kernel, in the format of Taichi's IRPrinter
 * (internal-design.txt): one statement per line, two spaces per nesting
 * level, `<type> $id = ...` for values and `$id : ...` for the rest. */
#include "ir.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    StrBuf *out;
    int indent;
} Printer;

typedef void PrintFn(Printer *p, const IrStmt *s);

#define X(id, name, nops, nblocks, effect) static PrintFn print_##id;
IR_STMTS(X)
#undef X

static PrintFn *const printers[] = {
#define X(id, name, nops, nblocks, effect) print_##id,
    IR_STMTS(X)
#undef X
};

/* ---- pieces of a line */

static void begin(Printer *p)
{
    for (int i = 0; i < p->indent; i++) sb_puts(p->out, "  ");
}

static void end(Printer *p) { sb_putc(p->out, '\n'); }

static void put_name(Printer *p, const IrStmt *s)
{
    if (s)
        sb_printf(p->out, "$%d", s->id);
    else
        sb_puts(p->out, "nullptr");
}

/* `<i32> $3` for a value, `$3` for a statement that yields nothing. */
static void put_def(Printer *p, const IrStmt *s)
{
    begin(p);
    if (s->type != IR_VOID) sb_printf(p->out, "<%s> ", ir_type_name(s->type));
    put_name(p, s);
}

static void put_names(Printer *p, IrStmt *const *ops, int n)
{
    for (int i = 0; i < n; i++) {
        if (i) sb_puts(p->out, ", ");
        put_name(p, ops[i]);
    }
}

/* Taichi's c_quoted: the escapes below, every other byte as it is. */
static void put_quoted(Printer *p, const char *s, size_t len)
{
    sb_putc(p->out, '"');
    for (size_t i = 0; i < len; i++) {
        const char *esc = NULL;
        switch (s[i]) {
        case '\n': esc = "\\n"; break;
        case '\a': esc = "\\a"; break;
        case '\b': esc = "\\b"; break;
        case '\v': esc = "\\v"; break;
        case '\t': esc = "\\t"; break;
        case '\f': esc = "\\f"; break;
        case '\'': esc = "\\'"; break;
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        default: break;
        }
        if (esc)
            sb_puts(p->out, esc);
        else
            sb_putc(p->out, s[i]);
    }
    sb_putc(p->out, '"');
}

/* The shortest decimal that reads back as the same value of its type, as
 * fmt's "{}" (which Taichi uses) prints floats: 1, 0.1, 1e+20. */
static void put_float(Printer *p, double x, bool single)
{
    if (isnan(x)) {
        sb_puts(p->out, "nan");
        return;
    }
    if (isinf(x)) {
        sb_puts(p->out, x < 0 ? "-inf" : "inf");
        return;
    }
    char buf[40];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, x);
        double back = strtod(buf, NULL);
        if (single ? (float)back == (float)x : back == x) break;
    }
    sb_puts(p->out, buf);
}

static void put_const(Printer *p, IrType t, IrConst v)
{
    if (ir_type_is_float(t))
        put_float(p, v.f, t != IR_F64);
    else if (ir_type_is_signed(t))
        sb_printf(p->out, "%lld", (long long)v.i);
    else
        sb_printf(p->out, "%llu", (unsigned long long)v.u);
}

static void put_block_dim(Printer *p, int block_dim)
{
    if (block_dim == 0)
        sb_puts(p->out, "block_dim=adaptive ");
    else
        sb_printf(p->out, "block_dim=%d ", block_dim);
}

static void print_stmt(Printer *p, const IrStmt *s)
{
    if (s->kind < IR_NUM_KINDS) {
        printers[s->kind](p, s);
    } else {
        begin(p);
        sb_printf(p->out, "$%d = <bad kind %d>", s->id, (int)s->kind);
        end(p);
    }
}

static void print_block(Printer *p, const IrBlock *b)
{
    p->indent++;
    for (const IrStmt *s = b->first; s; s = s->next) print_stmt(p, s);
    p->indent--;
}

/* `<head> {`, the block, `}` — the shape of every container but offloaded. */
static void print_body(Printer *p, const IrBlock *b)
{
    sb_puts(p->out, "{");
    end(p);
    print_block(p, b);
    begin(p);
    sb_puts(p->out, "}");
    end(p);
}

void ir_print(StrBuf *out, const IrKernel *k)
{
    Printer p = {out, 0};
    sb_puts(out, "kernel {\n");
    print_block(&p, k->root);
    sb_puts(out, "}\n");
}

/* ---- one function per statement kind */

static void print_CONST(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    /* The seed's (older Taichi's) form: the value in brackets, one lane. */
    sb_puts(p->out, " = const [");
    put_const(p, s->type, s->u.val);
    sb_puts(p->out, "]");
    end(p);
}

static void print_ARG_LOAD(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_printf(p->out, " = argload[%d]", s->u.arg);
    end(p);
}

static void print_RAND(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_puts(p->out, " = rand()");
    end(p);
}

static void print_UNARY(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    IrUnaryOp op = s->u.unary;
    if (op == IR_UN_cast_value || op == IR_UN_cast_bits)
        sb_printf(p->out, " = %s%s<%s> ", op == IR_UN_cast_bits ? "reinterpret_" : "",
                  ir_unary_op_name(op), ir_type_name(s->type));
    else
        sb_printf(p->out, " = %s ", ir_unary_op_name(op));
    put_name(p, s->ops[0]);
    end(p);
}

static void print_BINARY(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_printf(p->out, " = %s ", ir_binary_op_name(s->u.binary));
    put_name(p, s->ops[0]);
    sb_putc(p->out, ' ');
    put_name(p, s->ops[1]);
    end(p);
}

static void print_SELECT(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_puts(p->out, " = select(");
    put_names(p, s->ops, 3);
    sb_putc(p->out, ')');
    end(p);
}

static void print_ALLOCA(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_puts(p->out, " = alloca");
    end(p);
}

static void print_LOCAL_LOAD(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_puts(p->out, " = local load [");
    put_name(p, s->ops[0]);
    sb_putc(p->out, ']');
    end(p);
}

/* `$4 : local store [$1 <- $2]` and its global twin. */
static void print_store(Printer *p, const IrStmt *s, const char *what)
{
    put_def(p, s);
    sb_printf(p->out, " : %s store [", what);
    put_name(p, s->ops[0]);
    sb_puts(p->out, " <- ");
    put_name(p, s->ops[1]);
    sb_putc(p->out, ']');
    end(p);
}

static void print_LOCAL_STORE(Printer *p, const IrStmt *s) { print_store(p, s, "local"); }

static void print_GLOBAL_PTR(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_printf(p->out, " = global ptr [%s], index [", s->u.ptr.snode ? s->u.ptr.snode->name : "unknown");
    put_names(p, s->ops, s->nops);
    sb_printf(p->out, "] activate=%s", s->u.ptr.activate ? "true" : "false");
    end(p);
}

static void print_EXTERNAL_PTR(Printer *p, const IrStmt *s)
{
    int n = ir_external_dims(s);
    put_def(p, s);
    sb_puts(p->out, " = external_ptr ");
    put_name(p, s->ops[0]);
    sb_puts(p->out, ", [");
    put_names(p, s->ops + 1, n);
    sb_puts(p->out, "], shape [");
    put_names(p, s->ops + 1 + n, n);
    sb_putc(p->out, ']');
    end(p);
}

static void print_GLOBAL_LOAD(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_puts(p->out, " = global load ");
    put_name(p, s->ops[0]);
    end(p);
}

static void print_GLOBAL_STORE(Printer *p, const IrStmt *s) { print_store(p, s, "global"); }

static void print_ATOMIC_OP(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_printf(p->out, " = atomic %s(", ir_atomic_op_name(s->u.atomic));
    put_names(p, s->ops, 2);
    sb_putc(p->out, ')');
    end(p);
}

static void print_GLOBAL_TMP(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_printf(p->out, " = global tmp var (offset = %zu B)", s->u.tmp_offset);
    end(p);
}

static void print_LOOP_INDEX(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_puts(p->out, " = loop ");
    put_name(p, s->loop);
    sb_printf(p->out, " index %d", s->u.index);
    end(p);
}

static void print_IF(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_puts(p->out, " : if ");
    put_name(p, s->ops[0]);
    sb_puts(p->out, " {");
    end(p);
    print_block(p, s->blocks[IR_THEN]);
    /* Taichi prints the else part when the block exists; ours always exists,
     * so an empty one stands for "no else". */
    if (s->blocks[IR_ELSE]->first) {
        begin(p);
        sb_puts(p->out, "} else {");
        end(p);
        print_block(p, s->blocks[IR_ELSE]);
    }
    begin(p);
    sb_puts(p->out, "}");
    end(p);
}

static void print_RANGE_FOR(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_printf(p->out, " : %sfor in range(", s->u.range.reversed ? "reversed " : "");
    put_names(p, s->ops, 2);
    sb_puts(p->out, ") ");
    put_block_dim(p, s->u.range.block_dim);
    print_body(p, s->blocks[IR_BODY]);
}

static void print_STRUCT_FOR(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_printf(p->out, " : struct for in %s ", s->u.sfor.snode->name);
    put_block_dim(p, s->u.sfor.block_dim);
    print_body(p, s->blocks[IR_BODY]);
}

static void print_WHILE(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_puts(p->out, " : while true ");
    print_body(p, s->blocks[IR_BODY]);
}

static void print_WHILE_CONTROL(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_puts(p->out, " : while control ");
    put_name(p, s->ops[0]);
    end(p);
}

/* `$5 continue` or `$5 continue (scope=$2)`, and break alike. */
static void print_jump(Printer *p, const IrStmt *s, const char *what)
{
    put_def(p, s);
    sb_printf(p->out, " %s", what);
    if (s->loop) {
        sb_puts(p->out, " (scope=");
        put_name(p, s->loop);
        sb_putc(p->out, ')');
    }
    end(p);
}

static void print_CONTINUE(Printer *p, const IrStmt *s) { print_jump(p, s, "continue"); }

static void print_BREAK(Printer *p, const IrStmt *s) { print_jump(p, s, "break"); }

static void print_RETURN(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_puts(p->out, " : return");
    if (s->nops) sb_putc(p->out, ' ');
    put_names(p, s->ops, s->nops);
    end(p);
}

static void print_PRINT(Printer *p, const IrStmt *s)
{
    begin(p);
    sb_puts(p->out, "print ");
    int op = 0;
    for (int i = 0; i < s->u.print.nitems; i++) {
        const IrPrintItem *it = &s->u.print.items[i];
        if (i) sb_puts(p->out, ", ");
        if (it->str)
            put_quoted(p, it->str, it->len);
        else
            put_name(p, op < s->nops ? s->ops[op++] : NULL);
        if (it->fmt) sb_printf(p->out, ":%s", it->fmt);
    }
    end(p);
}

static void print_ASSERT(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_puts(p->out, " : assert ");
    put_name(p, s->ops[0]);
    sb_puts(p->out, ", ");
    put_quoted(p, s->u.text, strlen(s->u.text));
    for (int i = 1; i < s->nops; i++) {
        sb_puts(p->out, ", ");
        put_name(p, s->ops[i]);
    }
    end(p);
}

static void print_INTERNAL_CALL(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_printf(p->out, " = internal call %s(", s->u.text);
    put_names(p, s->ops, s->nops);
    sb_putc(p->out, ')');
    end(p);
}

static void put_bound(Printer *p, bool is_const, int32_t value, uint32_t offset)
{
    if (is_const)
        sb_printf(p->out, "%d", (int)value);
    else
        sb_printf(p->out, "tmp(offset=%uB)", (unsigned)offset);
}

static void print_OFFLOADED(Printer *p, const IrStmt *s)
{
    put_def(p, s);
    sb_puts(p->out, " = offloaded ");
    switch (s->u.task.type) {
    case IR_TASK_range_for:
        sb_puts(p->out, "range_for(");
        put_bound(p, s->u.task.const_begin, s->u.task.begin_value, s->u.task.begin_offset);
        sb_puts(p->out, ", ");
        put_bound(p, s->u.task.const_end, s->u.task.end_value, s->u.task.end_offset);
        sb_printf(p->out, ") grid_dim=%d block_dim=%d", s->u.task.grid_dim, s->u.task.block_dim);
        break;
    case IR_TASK_struct_for:
        sb_printf(p->out, "struct_for(%s) grid_dim=%d block_dim=%d",
                  s->u.task.snode ? s->u.task.snode->name : "unknown",
                  s->u.task.grid_dim, s->u.task.block_dim);
        break;
    default:
        sb_puts(p->out, ir_task_type_name(s->u.task.type));
        break;
    }
    end(p);
    begin(p);
    sb_puts(p->out, "body ");
    print_body(p, s->blocks[IR_BODY]);
}

/* Unit test for the parser's C API (parser/parse.h): source preparation,
 * node positions, error records and their formatting, and inputs nested far
 * deeper than any real program, which must end in an error and never in a
 * stack overflow. The AST and error corpora under tests/parser cover the grammar. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "parser/parse.h"

/* Parses `text`; returns the module or NULL with *err filled. */
static AstNode *parse(Arena *a, const char *text, size_t len, ParseSource *src, ParseError *err)
{
    *src = (ParseSource){ "t.py", text, len };
    if (!parse_source_prepare(a, "t.py", text, len, src, err)) return NULL;
    return parse_module(a, src, err);
}

static void test_prepare(void)
{
    Arena a;
    arena_init(&a);
    static const char text[] = "\xef\xbb\xbfx = 1\r\ny = 2\rz = 3\n";
    ParseSource src;
    ParseError err;
    CHECK(parse_source_prepare(&a, "t.py", text, sizeof text - 1, &src, &err));
    CHECK(src.len == strlen("x = 1\ny = 2\nz = 3\n"));
    CHECK(strcmp(src.text, "x = 1\ny = 2\nz = 3\n") == 0);

    static const char bad[] = "x = '\xff'\n";
    CHECK(!parse_source_prepare(&a, "t.py", bad, sizeof bad - 1, &src, &err));
    static const char nul[] = "x = 1\0\n";
    CHECK(!parse_source_prepare(&a, "t.py", nul, sizeof nul - 1, &src, &err));
    arena_free(&a);
}

static void test_positions(void)
{
    Arena a;
    arena_init(&a);
    static const char text[] = "if x:\n    \xc3\xa9t\xc3\xa9 = f(a, b=1)\n";
    ParseSource src;
    ParseError err;
    AstNode *mod = parse(&a, text, sizeof text - 1, &src, &err);
    CHECK(mod && mod->kind == AST_Module && mod->v.Module.body.n == 1);
    if (mod && mod->v.Module.body.n == 1) {
        AstNode *ifs = mod->v.Module.body.items[0];
        CHECK(ifs->kind == AST_If && ifs->lineno == 1 && ifs->col_offset == 0);
        CHECK(ifs->end_lineno == 2 && ifs->end_col_offset == 21);
        AstNode *asg = ifs->v.If.body.items[0];
        CHECK(asg->kind == AST_Assign && asg->col_offset == 4);
        AstNode *target = asg->v.Assign.targets.items[0];
        /* columns count UTF-8 bytes: "été" is 5 bytes */
        CHECK(target->kind == AST_Name && strcmp(target->v.Name.id, "été") == 0);
        CHECK(target->col_offset == 4 && target->end_col_offset == 9);
        AstNode *call = asg->v.Assign.value;
        CHECK(call->kind == AST_Call && call->v.Call.args.n == 1 && call->v.Call.keywords.n == 1);
        CHECK(call->col_offset == 12 && call->end_col_offset == 21);
    }

    StrBuf out;
    sb_init(&out);
    static const char one[] = "x = 1";
    mod = parse(&a, one, sizeof one - 1, &src, &err);
    CHECK(mod != NULL);
    if (mod) ast_dump(&out, mod);
    CHECK(out.data && strcmp(out.data,
        "Module(body=[Assign(targets=[Name(id='x', ctx=Store(), lineno=1, col_offset=0, "
        "end_lineno=1, end_col_offset=1)], value=Constant(value=1, lineno=1, col_offset=4, "
        "end_lineno=1, end_col_offset=5), lineno=1, col_offset=0, end_lineno=1, "
        "end_col_offset=5)], type_ignores=[])") == 0);
    sb_free(&out);
    arena_free(&a);
}

/* Parses `text`, expecting a failure with `kind` at `lineno`, the message
 * `msg` (NULL: any) and parse_error_format printing exactly `block` (NULL: unchecked). */
static void expect_error(const char *text, ParseErrorKind kind, int lineno, const char *msg,
                         const char *block)
{
    Arena a;
    arena_init(&a);
    ParseSource src;
    ParseError err;
    AstNode *mod = parse(&a, text, strlen(text), &src, &err);
    if (mod) fprintf(stderr, "  parsed without error: %.40s\n", text);
    CHECK(mod == NULL);
    if (!mod) {
        CHECK(err.kind == kind);
        CHECK(err.lineno == lineno);
        CHECK(err.msg[0] != 0);
        if (msg && strcmp(err.msg, msg) != 0) fprintf(stderr, "  %.40s: got message: %s\n", text, err.msg);
        CHECK(!msg || strcmp(err.msg, msg) == 0);
        StrBuf out;
        sb_init(&out);
        parse_error_format(&out, &src, &err);
        if (block && (!out.data || strcmp(out.data, block) != 0))
            fprintf(stderr, "  got:\n%s  expected:\n%s", out.data ? out.data : "", block);
        CHECK(!block || (out.data && strcmp(out.data, block) == 0));
        sb_free(&out);
    }
    arena_free(&a);
}

static void test_errors(void)
{
    CHECK(strcmp(parse_error_class(PARSE_SYNTAX_ERROR), "SyntaxError") == 0);
    CHECK(strcmp(parse_error_class(PARSE_INDENTATION_ERROR), "IndentationError") == 0);
    CHECK(strcmp(parse_error_class(PARSE_TAB_ERROR), "TabError") == 0);
    expect_error("if x\n    pass\n", PARSE_SYNTAX_ERROR, 1, "expected ':'",
                 "  File \"t.py\", line 1\n    if x\n        ^\nSyntaxError: expected ':'\n");
    expect_error("x = 1\ny = (1,\n", PARSE_SYNTAX_ERROR, 2, "'(' was never closed",
                 "  File \"t.py\", line 2\n    y = (1,\n        ^\nSyntaxError: '(' was never closed\n");
    expect_error("x = 1\n  y = 2\n", PARSE_INDENTATION_ERROR, 2, "unexpected indent",
                 "  File \"t.py\", line 2\n    y = 2\nIndentationError: unexpected indent\n");
}

/* `n` copies of `open`, then `mid`, then `n` copies of `close`. */
static char *nested(const char *open, const char *mid, const char *close, int n)
{
    size_t lo = strlen(open), lm = strlen(mid), lc = strlen(close);
    char *s = malloc(n * (lo + lc) + lm + 2);
    if (!s) return NULL;
    char *p = s;
    for (int i = 0; i < n; i++, p += lo) memcpy(p, open, lo);
    memcpy(p, mid, lm);
    p += lm;
    for (int i = 0; i < n; i++, p += lc) memcpy(p, close, lc);
    strcpy(p, "\n");
    return s;
}

/* Deep nesting must fail cleanly (CPython: "too many nested parentheses" for
 * brackets, MemoryError for other recursion), never overflow the C stack. */
static void test_deep_nesting(void)
{
    static const struct { const char *open, *mid, *close, *msg; } cases[] = {
        { "(", "1", ")", "too many nested parentheses" },
        { "[", "", "]", "too many nested parentheses" },
        { "{", "", "}", "too many nested parentheses" },
        { "f(", "", ")", "too many nested parentheses" },
        { "-", "1", "", NULL },
        { "not ", "1", "", NULL },
        { "~+", "1", "", NULL },
        { "lambda: ", "1", "", NULL },
        { "2**", "1", "", NULL },
        { "1 if x else ", "1", "", NULL },
        { "x[", "1", "]", "too many nested parentheses" },
        { "f'{", "", "}'", "too many nested parentheses" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = nested(cases[i].open, cases[i].mid, cases[i].close, 100000);
        CHECK(text != NULL);
        if (text) expect_error(text, PARSE_SYNTAX_ERROR, 1, cases[i].msg, NULL);
        free(text);
    }
}

int main(void)
{
    test_prepare();
    test_positions();
    test_errors();
    test_deep_nesting();
    return check_result();
}

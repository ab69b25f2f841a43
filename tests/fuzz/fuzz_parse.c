/* libFuzzer target for the lexer + parser: any byte string must give either a
 * dumpable AST or a formatted SyntaxError, with no crash, leak or hang.
 * Built with -Dfuzz=true (clang); run by scripts/fuzz. */
#include <stddef.h>
#include <stdint.h>

#include "parser/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Arena a;
    arena_init(&a);
    ParseSource src = { "<fuzz>", (const char *)data, size };
    ParseError err;
    StrBuf out;
    sb_init(&out);
    AstNode *mod = NULL;
    if (parse_source_prepare(&a, "<fuzz>", (const char *)data, size, &src, &err))
        mod = parse_module(&a, &src, &err);
    if (mod)
        ast_dump(&out, mod);
    else
        parse_error_format(&out, &src, &err);
    sb_free(&out);
    arena_free(&a);
    return 0;
}

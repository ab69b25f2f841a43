/* Printing a SyntaxError the way CPython 3.11's default excepthook does
 * (Python/pythonrun.c print_exception / print_error_text): columns become
 * 1-based character offsets, leading whitespace is stripped, carets span the
 * error's range on its first line. */
#include <string.h>

#include "parse.h"
#include "../util/unicode.h"

static const char *const error_classes[] = { "SyntaxError", "IndentationError", "TabError" };

const char *parse_error_class(ParseErrorKind kind) { return error_classes[kind]; }

/* Characters (code points) in s[0..n). */
static long count_chars(const char *s, size_t n)
{
    long c = 0;
    for (size_t i = 0; i < n; i++) c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

void parse_error_format(StrBuf *out, const ParseSource *src, const ParseError *err)
{
    sb_printf(out, "  File \"%s\", line %d\n", src->filename, err->lineno);
    /* the source line, with its newline */
    const char *line = NULL;
    size_t line_len = 0;
    if (src->text && err->lineno >= 1) {
        const char *p = src->text, *end = src->text + src->len;
        for (int l = 1; l < err->lineno && p < end; l++) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            p = nl ? nl + 1 : end;
        }
        if (p < end || (p == end && err->lineno == 1 && src->len)) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            line = p;
            line_len = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
        }
    }
    if (line) {
        /* offsets: 1-based characters */
        long offset = err->col_offset < 0 ? 0
                    : count_chars(line, (size_t)err->col_offset < line_len ? (size_t)err->col_offset : line_len) + 1;
        long end_offset = -1;
        if (err->end_col_offset >= 0 && err->end_lineno == err->lineno)
            end_offset = count_chars(line, (size_t)err->end_col_offset < line_len ? (size_t)err->end_col_offset : line_len) + 1;
        if (err->end_lineno > err->lineno) end_offset = (long)line_len;
        if (end_offset > (long)line_len + 1) end_offset = (long)line_len + 1;
        /* the printer reads the range of SyntaxError itself only, not of its subclasses */
        long carets = (err->kind == PARSE_SYNTAX_ERROR && end_offset > 0 && end_offset > offset) ? end_offset - offset : 1;

        offset--;
        const char *text = line;
        size_t len = line_len;
        while (len && (*text == ' ' || *text == '\t' || *text == '\f')) {
            text++;
            len--;
            offset--;
        }
        size_t shown = len && text[len - 1] == '\n' ? len - 1 : len;
        long nchars = count_chars(text, shown);
        if (offset > nchars) offset = nchars;
        sb_puts(out, "    ");
        sb_putn(out, text, shown);
        sb_putc(out, '\n');
        if (offset >= 0 && err->col_offset >= 0) {
            sb_puts(out, "    ");
            for (long i = 0; i < offset; i++) sb_putc(out, ' ');
            for (long i = 0; i < carets; i++) sb_putc(out, '^');
            sb_putc(out, '\n');
        }
    }
    sb_printf(out, "%s: %s\n", parse_error_class(err->kind), err->msg);
}

/* The parser's public face: source text in, Module AST (in an arena) out, or a
 * SyntaxError with CPython's message and position. */
#ifndef TIRUN_PARSE_H
#define TIRUN_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../util/arena.h"
#include "ast.h"

typedef enum { PARSE_SYNTAX_ERROR, PARSE_INDENTATION_ERROR, PARSE_TAB_ERROR } ParseErrorKind;

/* A syntax error. Lines are 1-based; columns are 0-based UTF-8 byte offsets
 * into the line (as AST positions); end_col_offset < 0 when there is no range. */
typedef struct {
    ParseErrorKind kind;
    char msg[256];
    int lineno, col_offset, end_lineno, end_col_offset;
} ParseError;

/* Source after decoding: UTF-8 (BOM removed), "\r\n" and "\r" turned into "\n",
 * NUL-terminated. Owned by the arena passed to parse_source_prepare. */
typedef struct ParseSource {
    const char *filename;
    const char *text;
    size_t len;
} ParseSource;

/* Reads a whole stream into a malloc'd buffer (the caller frees it); NULL on
 * a read error or when out of memory. */
char *parse_read_stream(FILE *f, size_t *len);

/* Normalizes raw file bytes into a ParseSource. Fails with a SyntaxError for
 * invalid UTF-8 or NUL bytes. */
bool parse_source_prepare(Arena *a, const char *filename, const char *bytes, size_t len,
                          ParseSource *out, ParseError *err);

/* Parses a whole module. Returns the Module node, or NULL with *err filled. */
AstNode *parse_module(Arena *a, const ParseSource *src, ParseError *err);

/* Name of the Python exception class for an error kind ("SyntaxError", ...). */
const char *parse_error_class(ParseErrorKind kind);

/* Writes the error the way CPython's traceback printer does:
 *   File "f.py", line 3 / the source line / carets / SyntaxError: msg */
void parse_error_format(StrBuf *out, const ParseSource *src, const ParseError *err);

#endif

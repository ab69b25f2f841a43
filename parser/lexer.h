/* The tokenizer: source text -> an array of tokens (NAME, NUMBER, STRING,
 * operators, keywords, NEWLINE/INDENT/DEDENT), with CPython's positions and
 * tokenizer error messages. */
#ifndef TIRUN_LEXER_H
#define TIRUN_LEXER_H

#include <stdint.h>

#include "parse.h"

/* Operators: X(NAME, "text"). */
#define LEX_OPS(X) \
    X(LPAR, "(") X(RPAR, ")") X(LSQB, "[") X(RSQB, "]") X(LBRACE, "{") X(RBRACE, "}") \
    X(COLON, ":") X(COMMA, ",") X(SEMI, ";") X(PLUS, "+") X(MINUS, "-") X(STAR, "*") \
    X(SLASH, "/") X(VBAR, "|") X(AMPER, "&") X(LESS, "<") X(GREATER, ">") X(EQUAL, "=") \
    X(DOT, ".") X(PERCENT, "%") X(TILDE, "~") X(CIRCUMFLEX, "^") X(AT, "@") \
    X(EQEQUAL, "==") X(NOTEQUAL, "!=") X(LESSEQUAL, "<=") X(GREATEREQUAL, ">=") \
    X(LEFTSHIFT, "<<") X(RIGHTSHIFT, ">>") X(DOUBLESTAR, "**") X(DOUBLESLASH, "//") \
    X(PLUSEQUAL, "+=") X(MINEQUAL, "-=") X(STAREQUAL, "*=") X(SLASHEQUAL, "/=") \
    X(PERCENTEQUAL, "%=") X(AMPEREQUAL, "&=") X(VBAREQUAL, "|=") X(CIRCUMFLEXEQUAL, "^=") \
    X(ATEQUAL, "@=") X(RARROW, "->") X(COLONEQUAL, ":=") \
    X(LEFTSHIFTEQUAL, "<<=") X(RIGHTSHIFTEQUAL, ">>=") X(DOUBLESTAREQUAL, "**=") \
    X(DOUBLESLASHEQUAL, "//=") X(ELLIPSIS, "...")

/* Hard keywords: X(NAME, "text"). */
#define LEX_KEYWORDS(X) \
    X(FALSE, "False") X(NONE, "None") X(TRUE, "True") X(AND, "and") X(AS, "as") \
    X(ASSERT, "assert") X(ASYNC, "async") X(AWAIT, "await") X(BREAK, "break") \
    X(CLASS, "class") X(CONTINUE, "continue") X(DEF, "def") X(DEL, "del") X(ELIF, "elif") \
    X(ELSE, "else") X(EXCEPT, "except") X(FINALLY, "finally") X(FOR, "for") X(FROM, "from") \
    X(GLOBAL, "global") X(IF, "if") X(IMPORT, "import") X(IN, "in") X(IS, "is") \
    X(LAMBDA, "lambda") X(NONLOCAL, "nonlocal") X(NOT, "not") X(OR, "or") X(PASS, "pass") \
    X(RAISE, "raise") X(RETURN, "return") X(TRY, "try") X(WHILE, "while") X(WITH, "with") \
    X(YIELD, "yield")

typedef enum {
    T_ENDMARKER, T_NAME, T_NUMBER, T_STRING, T_NEWLINE, T_INDENT, T_DEDENT,
    T_ERROR,      /* the tokenizer stopped here: LexResult.err says why */
    T_BADCHAR,    /* an ASCII character that is no token ('$', '?', '!', '`') */
#define X(n, s) T_##n,
    LEX_OPS(X)
    LEX_KEYWORDS(X)
#undef X
    T_NTYPES
} TokType;

typedef struct {
    uint8_t type;
    uint8_t level;                     /* brackets open after this token */
    uint32_t start, end;               /* byte offsets into the source text */
    int32_t lineno, col, end_lineno, end_col;
} Token;

/* The tokens of a whole source. When the tokenizer hit an error, the last
 * token is T_ERROR and `err` describes it; `err_overrides` says whether the
 * error wins over a parser error found earlier in the file (CPython re-runs
 * the tokenizer to the end after a parse error and reports what it finds). */
typedef struct {
    Token *toks;
    int n;
    ParseError err;
    bool err_overrides;
    /* Innermost bracket still open at end of input (for "'(' was never closed"). */
    int open_lineno, open_col;
    char open_char;
} LexResult;

/* Tokenizes src; tokens are allocated in `a`. Returns false only when out of memory. */
bool lex_tokenize(Arena *a, const ParseSource *src, LexResult *out);

/* The source text of a token type ("(", "if") or a class name ("NAME"). */
const char *lex_token_name(int type);

#endif

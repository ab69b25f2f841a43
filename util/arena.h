/* Bump allocation for compiler-lifetime data (AST now, IR later) and a
 * growable byte buffer. Both report out-of-memory by returning NULL / false. */
#ifndef TIRUN_ARENA_H
#define TIRUN_ARENA_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ArenaBlock ArenaBlock;
typedef struct Arena { ArenaBlock *head; } Arena;

void arena_init(Arena *a);
void arena_free(Arena *a);
/* Zeroed, 16-byte aligned memory that lives until arena_free; NULL when out of memory. */
void *arena_alloc(Arena *a, size_t size);
/* A NUL-terminated copy of s[0..len). */
char *arena_strndup(Arena *a, const char *s, size_t len);

typedef struct StrBuf { char *data; size_t len, cap; bool oom; } StrBuf;

void sb_init(StrBuf *b);
void sb_free(StrBuf *b);
void sb_putn(StrBuf *b, const char *s, size_t n);
void sb_puts(StrBuf *b, const char *s);
void sb_putc(StrBuf *b, char c);
void sb_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif

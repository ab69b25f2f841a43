/* Unit test for parser/arena.c: the bump allocator and the string buffer. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "util/arena.h"

static void test_arena(void)
{
    Arena a;
    arena_init(&a);
    unsigned char *small = arena_alloc(&a, 3);
    CHECK(small && ((uintptr_t)small & 15) == 0);
    CHECK(small[0] == 0 && small[1] == 0 && small[2] == 0);
    memset(small, 0xff, 3);
    unsigned char *next = arena_alloc(&a, 1);
    CHECK(next && next != small && ((uintptr_t)next & 15) == 0 && next[0] == 0);

    /* A block bigger than the standard size, then more small allocations:
     * all distinct, zeroed, aligned. */
    size_t big_len = 1 << 20;
    unsigned char *big = arena_alloc(&a, big_len);
    CHECK(big && big[0] == 0 && big[big_len - 1] == 0);
    memset(big, 0xab, big_len);
    for (int i = 0; i < 10000; i++) {
        unsigned char *p = arena_alloc(&a, 40);
        CHECK(p && ((uintptr_t)p & 15) == 0 && p[0] == 0 && p[39] == 0);
        memset(p, 0x11, 40);
    }
    CHECK(big[0] == 0xab && big[big_len - 1] == 0xab);

    char *s = arena_strndup(&a, "hello, world", 5);
    CHECK(s && strcmp(s, "hello") == 0);
    arena_free(&a);
    CHECK(a.head == NULL);
    arena_free(&a);   /* freeing twice is harmless */
}

static void test_strbuf(void)
{
    StrBuf b;
    sb_init(&b);
    CHECK(b.len == 0 && !b.oom);
    sb_puts(&b, "ab");
    sb_putc(&b, 'c');
    sb_putn(&b, "def", 2);
    CHECK(b.len == 5 && strcmp(b.data, "abcde") == 0);
    sb_printf(&b, "[%d:%s]", 42, "x");
    CHECK(strcmp(b.data, "abcde[42:x]") == 0);

    /* Longer than sb_printf's stack buffer, and growth across many appends. */
    char long_arg[1000];
    memset(long_arg, 'z', sizeof long_arg - 1);
    long_arg[sizeof long_arg - 1] = 0;
    size_t before = b.len;
    sb_printf(&b, "<%s>", long_arg);
    CHECK(b.len == before + 1001 && b.data[before] == '<' && b.data[b.len - 1] == '>');
    CHECK(b.data[b.len] == 0);
    for (int i = 0; i < 100000; i++) sb_putc(&b, 'q');
    CHECK(b.len == before + 1001 + 100000 && b.data[b.len - 1] == 'q' && !b.oom);
    sb_free(&b);
    CHECK(b.data == NULL && b.len == 0);
}

int main(void)
{
    test_arena();
    test_strbuf();
    return check_result();
}

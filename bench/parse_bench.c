/* parse-bench: how long the lexer + parser take over a set of files.
 * All files are read into memory first; then each is parsed (source
 * preparation included) into a fresh arena, three rounds, the best one counts.
 * Usage: parse-bench FILE... | parse-bench @LISTFILE (one path per line). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "parser/parse.h"

typedef struct {
    const char *path;
    char *bytes;
    size_t len;
} Source;

typedef struct {
    Source *items;
    size_t n, cap;
} SourceList;

static int add_file(SourceList *l, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "parse-bench: can't open %s\n", path);
        return 0;
    }
    size_t len;
    char *bytes = parse_read_stream(f, &len);
    fclose(f);
    if (!bytes) {
        fprintf(stderr, "parse-bench: can't read %s\n", path);
        return 0;
    }
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 1024;
        Source *items = realloc(l->items, l->cap * sizeof *items);
        if (!items) {
            free(bytes);
            fputs("parse-bench: out of memory\n", stderr);
            return 0;
        }
        l->items = items;
    }
    l->items[l->n++] = (Source){ path, bytes, len };
    return 1;
}

/* Adds every path named in `listfile`, one per line; the paths point into `*text`. */
static int add_list(SourceList *l, const char *listfile, char **text)
{
    FILE *f = fopen(listfile, "rb");
    if (!f) {
        fprintf(stderr, "parse-bench: can't open %s\n", listfile);
        return 0;
    }
    size_t len;
    *text = parse_read_stream(f, &len);
    fclose(f);
    if (!*text) return 0;
    char *p = *text, *end = *text + len;
    while (p < end) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) nl = end;
        *nl = 0;
        if (*p && !add_file(l, p)) return 0;
        p = nl + 1;
    }
    return 1;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Parses every source once; returns how many failed to parse. */
static long parse_all(const SourceList *l)
{
    long failed = 0;
    for (size_t i = 0; i < l->n; i++) {
        Arena a;
        arena_init(&a);
        ParseSource src;
        ParseError err;
        if (!parse_source_prepare(&a, l->items[i].path, l->items[i].bytes, l->items[i].len, &src, &err)
            || !parse_module(&a, &src, &err))
            failed++;
        arena_free(&a);
    }
    return failed;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: parse-bench FILE... | parse-bench @LISTFILE\n", stderr);
        return 2;
    }
    SourceList l = { 0 };
    char *listtext = NULL;
    int ok = 1;
    for (int i = 1; i < argc && ok; i++)
        ok = argv[i][0] == '@' ? add_list(&l, argv[i] + 1, &listtext) : add_file(&l, argv[i]);
    if (!ok) return 1;

    size_t bytes = 0;
    for (size_t i = 0; i < l.n; i++) bytes += l.items[i].len;

    double best = 0;
    long failed = 0;
    for (int round = 0; round < 3; round++) {
        double t0 = now();
        failed = parse_all(&l);
        double t = now() - t0;
        if (round == 0 || t < best) best = t;
    }
    printf("files=%zu bytes=%zu failed=%ld seconds=%.6f\n", l.n, bytes, failed, best);

    for (size_t i = 0; i < l.n; i++) free(l.items[i].bytes);
    free(l.items);
    free(listtext);
    return 0;
}

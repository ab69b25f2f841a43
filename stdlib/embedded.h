/* The library modules written in Python (stdlib/py), compiled into the
 * binary by stdlib/embed_py.c. The importer looks here after the built-in C
 * modules and before sys.path. */
#ifndef TIRUN_EMBEDDED_H
#define TIRUN_EMBEDDED_H

#include <stdbool.h>

typedef struct {
    const char *name;      /* full dotted name: "json", "collections.abc" */
    const char *filename;  /* shown in tracebacks: "<stdlib>/json/__init__.py" */
    const char *source;    /* the file's bytes, NUL-terminated */
    int len;
    bool package;          /* an __init__.py */
} EmbeddedModule;

extern const EmbeddedModule tirun_embedded_modules[];
extern const int tirun_embedded_count;

#endif

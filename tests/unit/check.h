/* The unit tests' one assertion: CHECK(cond) reports file:line and the failed
 * condition on stderr and counts it; a test's main returns check_result(). */
#ifndef TIRUN_TEST_CHECK_H
#define TIRUN_TEST_CHECK_H

#include <stdio.h>

static int check_failures;

#define CHECK(cond) \
    ((cond) ? (void)0 \
            : (void)(check_failures++, fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond)))

static inline int check_result(void) { return check_failures ? 1 : 0; }

#endif

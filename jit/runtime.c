/* The C runtime of generated kernel code: print lines built in one buffer and
 * written in one call, assertion messages (Taichi's %d / %f placeholders,
 * floats in shortest form), and the per-thread random generators' state. */
#include "runtime.h"

#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a growable text buffer that starts on the caller's stack */

typedef struct {
    char *p;
    size_t len, cap;
    bool heap, oom;
} Text;

static void text_reserve(Text *t, size_t more)
{
    if (t->oom || t->len + more + 1 <= t->cap)
        return;
    size_t cap = t->cap * 2;
    while (cap < t->len + more + 1)
        cap *= 2;
    char *p = t->heap ? realloc(t->p, cap) : malloc(cap);
    if (!p) {
        t->oom = true;
        return;
    }
    if (!t->heap)
        memcpy(p, t->p, t->len);
    t->p = p;
    t->cap = cap;
    t->heap = true;
}

static void text_add(Text *t, const char *s, size_t n)
{
    text_reserve(t, n);
    if (t->oom)
        return;
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = '\0';
}

/* Appends printf(fmt, ...). A conversion's output can be as long as its width
 * says, so a short first try may need a second. */
static void text_printf(Text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[128];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        text_add(t, small, (size_t)n);
        return;
    }
    text_reserve(t, (size_t)n);
    if (t->oom)
        return;
    va_start(ap, fmt);
    vsnprintf(t->p + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

static void text_free(Text *t)
{
    if (t->heap)
        free(t->p);
}

static double slot_double(uint64_t bits)
{
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/* ---- print */

void jit_rt_print(JitRuntime *rt, const JitPrintItem *items, int32_t n, const uint64_t *vals)
{
    char buf[512];
    Text t = {buf, 0, sizeof buf, false, false};
    buf[0] = '\0';
    int v = 0;
    for (int32_t i = 0; i < n; i++) {
        const JitPrintItem *it = &items[i];
        uint64_t x = it->kind == 's' ? 0 : vals[v++];
        switch (it->kind) {
        case 's': text_add(&t, it->text, it->len); break;
        case 'i': text_printf(&t, it->text, (int)(int64_t)x); break;
        case 'u': text_printf(&t, it->text, (unsigned)x); break;
        case 'I': text_printf(&t, it->text, (long long)(int64_t)x); break;
        case 'U': text_printf(&t, it->text, (unsigned long long)x); break;
        case 'f': text_printf(&t, it->text, slot_double(x)); break;
        default: break;
        }
    }
    /* one write per line: the runtime's lock (or stdio's) keeps the lines of
     * threads, and of runtimes sharing stdout, from interleaving */
    if (!t.oom) {
        if (rt && rt->write) {
            int idle = 0;
            while (!atomic_compare_exchange_weak(&rt->writing, &idle, 1)) {
                idle = 0;
                sched_yield();
            }
            rt->write(rt->write_user, t.p, t.len);
            atomic_store(&rt->writing, 0);
        } else {
            fwrite(t.p, 1, t.len, stdout);
            fflush(stdout);
        }
    }
    text_free(&t);
}

/* ---- assert */

/* The shortest decimal that reads back as v (as an f32 when single), laid out
 * as Taichi's messages show floats: plain digits without a trailing ".0" for
 * decimal exponents -4..15, else d.ddde+XX. */
static void add_shortest(Text *t, double v, bool single)
{
    if (isnan(v)) {
        text_add(t, "nan", 3);
        return;
    }
    if (isinf(v)) {
        text_add(t, v < 0 ? "-inf" : "inf", v < 0 ? 4 : 3);
        return;
    }
    if (v == 0) {
        text_add(t, signbit(v) ? "-0" : "0", signbit(v) ? 2 : 1);
        return;
    }
    char sci[40];
    for (int prec = 0; prec < 17; prec++) {
        snprintf(sci, sizeof sci, "%.*e", prec, v);
        if (single ? strtof(sci, NULL) == (float)v : strtod(sci, NULL) == v)
            break;
    }
    /* sci is [-]d[.ddd]e±XX: collect the digits and the exponent. */
    char digits[24];
    int nd = 0;
    const char *p = sci;
    if (*p == '-')
        text_add(t, "-", 1), p++;
    for (; *p != 'e'; p++)
        if (*p != '.')
            digits[nd++] = *p;
    int exp = atoi(p + 1);
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    if (exp < -4 || exp >= 16) {
        text_add(t, digits, 1);
        if (nd > 1) {
            text_add(t, ".", 1);
            text_add(t, digits + 1, (size_t)nd - 1);
        }
        text_printf(t, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
    } else if (exp < 0) {
        text_add(t, "0.", 2);
        for (int i = 0; i < -exp - 1; i++)
            text_add(t, "0", 1);
        text_add(t, digits, (size_t)nd);
    } else {
        for (int i = 0; i <= exp || i < nd; i++) {
            if (i == exp + 1)
                text_add(t, ".", 1);
            text_add(t, i < nd ? &digits[i] : "0", 1);
        }
    }
}

static void add_assert_value(Text *t, char conv, char kind, uint64_t x)
{
    bool fl = kind == 'f' || kind == 'F';
    if (conv == 'f') {
        double d = fl ? slot_double(x) : kind == 'u' ? (double)x : (double)(int64_t)x;
        add_shortest(t, d, kind != 'F');
    } else if (fl) {
        double d = slot_double(x);
        text_printf(t, "%lld", isfinite(d) && fabs(d) < 9.2e18 ? (long long)d : 0LL);
    } else if (kind == 'u') {
        text_printf(t, "%llu", (unsigned long long)x);
    } else {
        text_printf(t, "%lld", (long long)(int64_t)x);
    }
}

void jit_rt_assert_fail(JitRuntime *rt, const char *msg, const char *kinds, const uint64_t *vals)
{
    if (!rt)
        return;
    int expected = 0;
    if (!atomic_compare_exchange_strong(&rt->assert_failed, &expected, 1))
        return;
    char buf[512];
    Text t = {buf, 0, sizeof buf, false, false};
    buf[0] = '\0';
    size_t nargs = strlen(kinds), next = 0;
    for (const char *p = msg; *p; p++) {
        if (p[0] == '%' && p[1] == '%') {
            text_add(&t, "%", 1);
            p++;
        } else if (p[0] == '%' && (p[1] == 'd' || p[1] == 'f') && next < nargs) {
            add_assert_value(&t, p[1], kinds[next], vals[next]);
            next++;
            p++;
        } else {
            text_add(&t, p, 1);
        }
    }
    const char *out = t.oom ? msg : t.p;
    size_t n = strlen(out);
    if (n >= sizeof rt->assert_msg)
        n = sizeof rt->assert_msg - 1;
    memcpy(rt->assert_msg, out, n);
    rt->assert_msg[n] = '\0';
    text_free(&t);
}

/* ---- random numbers */

uint64_t jit_rt_rand_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Threads past JIT_RAND_SLOTS, and code run without a runtime (unit tests),
 * keep their generator here: each thread its own. */
static _Thread_local JitRandSlot overflow_slot;

void jit_rt_reseed(JitRuntime *rt, uint64_t seed)
{
    rt->seed = seed;
    for (int i = 0; i < JIT_RAND_SLOTS; i++)
        rt->rand[i].live = 0;
}

uint64_t *jit_rt_rand_state(JitRuntime *rt, int32_t thread)
{
    uint64_t seed = rt ? rt->seed : 0;
    JitRandSlot *s = rt && thread >= 0 && thread < JIT_RAND_SLOTS ? &rt->rand[thread] : &overflow_slot;
    if (!s->live || s->seed != seed) {
        /* Threads start far apart on the one cycle of 2^64 states: the start
         * is a scrambled function of (seed, thread). */
        s->state = jit_rt_rand_mix(jit_rt_rand_mix(seed) + (uint64_t)(uint32_t)thread * JIT_RAND_STEP);
        s->seed = seed;
        s->live = 1;
    }
    return &s->state;
}

/* ---- symbols */

static const JitSymbol symbols[] = {
    {"jit_rt_print", (JitFn)jit_rt_print},
    {"jit_rt_assert_fail", (JitFn)jit_rt_assert_fail},
    {"jit_rt_rand_state", (JitFn)jit_rt_rand_state},
};

const JitSymbol *jit_rt_symbols(size_t *n)
{
    *n = sizeof symbols / sizeof symbols[0];
    return symbols;
}

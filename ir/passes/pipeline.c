/* The pass pipeline: the one place that says which passes run on a kernel and
 * in what order, iterating the simplifications until nothing changes. */
#include "passes.h"

#include <stdio.h>

/* Simplifications feed one another (a fold exposes a forwarding, which
 * exposes a fold); a few rounds reach the fixpoint on real kernels, and the
 * cap keeps a pathological one from looping. */
enum { MAX_ROUNDS = 8 };

typedef bool PassFn(IrKernel *k);

typedef struct {
    const char *name;
    PassFn *fn;
} Pass;

/* Before offloading: shrink the frontend IR, so fewer values cross tasks. */
static const Pass before_offload[] = {
    {"const_fold", ir_pass_const_fold},
    {"alg_simp", ir_pass_alg_simp},
    {"mem2reg", ir_pass_mem2reg},
    {"die", ir_pass_die},
};

/* After offloading and atomic demotion, within each task: demoted atomics
 * are plain loads and stores that mem2reg can now forward, and CSE and LICM
 * run only here, where they cannot move a value from one task to another. */
static const Pass after_offload[] = {
    {"mem2reg", ir_pass_mem2reg},
    {"const_fold", ir_pass_const_fold},
    {"alg_simp", ir_pass_alg_simp},
    {"cse", ir_pass_cse},
    {"licm", ir_pass_licm},
    {"die", ir_pass_die},
};

/* Check what pass `name` left; false (with the message) on a bug or out of
 * memory. */
static bool check(IrKernel *k, const char *name, char *err, size_t errcap)
{
    if (k->oom) {
        snprintf(err, errcap, "out of memory in pass %s", name);
        return false;
    }
    char why[256];
    if (!ir_verify(k, why, sizeof why)) {
        snprintf(err, errcap, "after pass %s: %s", name, why);
        return false;
    }
    return true;
}

/* Run one pass and check what it left. *changed accumulates whether the pass
 * changed anything. */
static bool run(IrKernel *k, const Pass *p, bool *changed, char *err, size_t errcap)
{
    if (p->fn(k)) *changed = true;
    return check(k, p->name, err, errcap);
}

static bool fixpoint(IrKernel *k, const Pass *passes, int n, char *err, size_t errcap)
{
    for (int round = 0; round < MAX_ROUNDS; round++) {
        bool changed = false;
        for (int i = 0; i < n; i++)
            if (!run(k, &passes[i], &changed, err, errcap)) return false;
        if (!changed) break;
    }
    return true;
}

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

bool ir_run_passes(IrKernel *k, const IrPassOptions *opt, char *err, size_t errcap)
{
    static const Pass type_check = {"type_check", ir_pass_type_check};
    static const Pass lower_struct_for = {"lower_struct_for", ir_pass_lower_struct_for};
    static const Pass demote = {"demote_atomics", ir_pass_demote_atomics};
    static const Pass die = {"die", ir_pass_die};
    bool changed = false;
    if (errcap) err[0] = 0;
    if (k->oom) {
        snprintf(err, errcap, "out of memory while building the kernel");
        return false;
    }
    if (!run(k, &type_check, &changed, err, errcap) || !run(k, &lower_struct_for, &changed, err, errcap))
        return false;
    if (opt->optimize && !fixpoint(k, before_offload, COUNT(before_offload), err, errcap)) return false;
    ir_pass_offload(k, opt);
    if (!check(k, "offload", err, errcap) || !run(k, &demote, &changed, err, errcap)) return false;
    if (opt->optimize ? !fixpoint(k, after_offload, COUNT(after_offload), err, errcap)
                      : !run(k, &die, &changed, err, errcap))
        return false;
    ir_renumber(k);
    char why[256];
    if (!ir_verify(k, why, sizeof why)) {
        snprintf(err, errcap, "after renumbering: %s", why);
        return false;
    }
    return true;
}

/* numpy's repr and str: the print options (np.set_printoptions,
 * get_printoptions, printoptions), array2string with numpy's element
 * formats (FloatingFormat, IntegerFormat, BoolFormat, formatter callables),
 * summarization and line wrapping, array_repr / array_str, the numpy
 * scalars' repr, str and __format__, and np.format_float_positional /
 * format_float_scientific. The rules are those of numpy 2's arrayprint.py;
 * the digits come from dragon4.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dragon4.h"
#include "np.h"

/* ---- print options ------------------------------------------------------------------- */

/* The options, in the order get_printoptions lists them. The current ones
 * are a dict (replaced, never changed in place, so a dict being printed
 * with stays as it was) in NpState.extra[NP_EXTRA_PRINTOPTIONS], a list
 * [options, printoptions' context type]. */
#define PRINT_OPTIONS(X)                                                                        \
    X(edgeitems) X(threshold) X(floatmode) X(precision) X(suppress) X(linewidth) X(nanstr) X(infstr) \
    X(sign) X(formatter) X(legacy) X(override_repr)

enum {
#define X(n) OPT_##n,
    PRINT_OPTIONS(X)
#undef X
    NOPTS
};

static const char *const opt_names[NOPTS] = {
#define X(n) #n,
    PRINT_OPTIONS(X)
#undef X
};

enum { FM_FIXED, FM_UNIQUE, FM_MAXPREC, FM_MAXPREC_EQUAL, NFLOATMODES };
static const char *const floatmodes[NFLOATMODES] = {"fixed", "unique", "maxprec", "maxprec_equal"};

/* legacy= as numpy numbers it; LEGACY_OFF is legacy=False */
enum { LEGACY_OFF = 1 << 30 };
static const struct {
    const char *name;
    int code;
} legacies[] = {{"1.13", 113}, {"1.21", 121}, {"1.25", 125}, {"2.1", 201}, {"2.2", 202}};

typedef struct {
    int64_t edgeitems, linewidth;
    double threshold;
    int floatmode, precision, legacy;   /* precision -1: None */
    bool suppress;
    char sign;                          /* '-', '+' or ' ' */
    StrObj *nanstr, *infstr;
    Value formatter, override_repr;     /* None when unset */
} PrintOpts;

static ListObj *fmt_state(NpState *st) { return AS_LIST(st->extra[NP_EXTRA_PRINTOPTIONS]); }

static bool is_str(Value v) { return v_has_layout(v, LAYOUT_STR); }
static bool str_is(Value v, const char *s) { return is_str(v) && !strcmp(AS_STR(v)->data, s); }

static int opt_index(const char *name)
{
    for (int i = 0; i < NOPTS; i++)
        if (!strcmp(opt_names[i], name)) return i;
    return -1;
}

static bool to_double(VM *vm, Value v, double *out)
{
    if (v_is_double(v)) {
        *out = v_as_double(v);
        return true;
    }
    if (v_is_int(v) || v_is_bool(v)) {
        *out = v_is_bool(v) ? (v == V_TRUE) : (double)v_as_int(v);
        return true;
    }
    if (v_has_layout(v, LAYOUT_BIGINT)) {
        *out = mpz_get_d(AS_BIGINT(v)->z);
        return true;
    }
    if (np_is_nd(v) && AS_ND(v)->ndim == 0) {
        *out = np_get_f64(AS_ND(v)->data, AS_ND(v)->dtype);
        return true;
    }
    return false;
}

/* numpy's checks of an option's new value (_make_options_dict); *v may be
 * normalized. Returns 1 to store it, 0 to leave the option as it is (an
 * unknown legacy string: numpy only warns), -1 on error. */
static int check_opt(VM *vm, int k, Value *v)
{
    switch (k) {
    case OPT_suppress: {
        int t = vm_truthy(vm, *v);
        if (t < 0) return -1;
        *v = v_bool(t);
        return 1;
    }
    case OPT_floatmode:
        for (int i = 0; i < NFLOATMODES; i++)
            if (str_is(*v, floatmodes[i])) return 1;
        vm_raise(vm, vm->e_ValueError, "floatmode option must be one of \"fixed\", \"unique\", \"maxprec\", \"maxprec_equal\"");
        return -1;
    case OPT_sign:
        if (str_is(*v, "-") || str_is(*v, "+") || str_is(*v, " ")) return 1;
        vm_raise(vm, vm->e_ValueError, "sign option must be one of ' ', '+', or '-'");
        return -1;
    case OPT_legacy:
        if (*v == V_FALSE || (v_is_int(*v) && v_as_int(*v) == 0)) {
            *v = V_FALSE;
            return 1;
        }
        if (str_is(*v, "1.13")) {
            vm_raise(vm, vm->e_ValueError, "tirun's numpy does not print in numpy 1.13's legacy mode");
            return -1;
        }
        for (size_t i = 0; i < sizeof legacies / sizeof legacies[0]; i++)
            if (str_is(*v, legacies[i].name)) return 1;
        return 0;
    case OPT_threshold: {
        double d;
        if (!to_double(vm, *v, &d)) {
            vm_raise(vm, vm->e_TypeError, "threshold must be numeric");
            return -1;
        }
        if (isnan(d)) {
            vm_raise(vm, vm->e_ValueError, "threshold must be non-NAN, try sys.maxsize for untruncated representation");
            return -1;
        }
        return 1;
    }
    case OPT_precision: {
        Value i = vm_number_index(vm, *v);
        if (i == V_EXC) {
            vm->exc = V_NONE;
            vm_raise(vm, vm->e_TypeError, "precision must be an integer");
            return -1;
        }
        *v = i;
        return 1;
    }
    default:
        return 1;
    }
}

static bool index_opt(VM *vm, Value v, int64_t *out, const char *name)
{
    if (vm_index(vm, v, out)) return true;
    vm->exc = V_NONE;
    vm_raise(vm, vm->e_TypeError, "print option '%s' must be an integer", name);
    return false;
}

/* Sets one option of o from its (checked) value. */
static bool set_opt(VM *vm, PrintOpts *o, int k, Value v)
{
    switch (k) {
    case OPT_edgeitems:
        return index_opt(vm, v, &o->edgeitems, "edgeitems");
    case OPT_linewidth:
        return index_opt(vm, v, &o->linewidth, "linewidth");
    case OPT_threshold:
        if (to_double(vm, v, &o->threshold)) return true;
        vm_raise(vm, vm->e_TypeError, "threshold must be numeric");
        return false;
    case OPT_floatmode:
        for (int i = 0; i < NFLOATMODES; i++)
            if (str_is(v, floatmodes[i])) o->floatmode = i;
        return true;
    case OPT_precision: {
        int64_t p = -1;
        if (v != V_NONE) {
            if (!index_opt(vm, v, &p, "precision")) return false;
            if (p < 0) {
                vm_raise(vm, vm->e_ValueError, "precision must be >= 0");
                return false;
            }
        }
        /* past numpy's 16384-character buffer more digits change nothing */
        o->precision = p > 16384 ? 16384 : (int)p;
        return true;
    }
    case OPT_suppress: {
        int t = vm_truthy(vm, v);
        o->suppress = t > 0;
        return t >= 0;
    }
    case OPT_nanstr:
    case OPT_infstr:
        if (!is_str(v)) {
            vm_raise(vm, vm->e_TypeError, "print option '%s' must be a str", opt_names[k]);
            return false;
        }
        *(k == OPT_nanstr ? &o->nanstr : &o->infstr) = AS_STR(v);
        return true;
    case OPT_sign:
        o->sign = is_str(v) && AS_STR(v)->len == 1 ? AS_STR(v)->data[0] : '-';
        return true;
    case OPT_formatter:
        o->formatter = v;
        return true;
    case OPT_legacy:
        o->legacy = LEGACY_OFF;
        for (size_t i = 0; i < sizeof legacies / sizeof legacies[0]; i++)
            if (str_is(v, legacies[i].name)) o->legacy = legacies[i].code;
        return true;
    case OPT_override_repr:
        o->override_repr = v;
        return true;
    }
    return true;
}

static bool load_opts(VM *vm, Value dict, PrintOpts *o)
{
    DictObj *d = AS_DICT(dict);
    for (int k = 0; k < NOPTS; k++) {
        Value v = vm_dict_get_str(d, vm_intern(vm, opt_names[k], strlen(opt_names[k])));
        if (v == V_UNBOUND) return vm_raise(vm, vm->e_RuntimeError, "numpy print options lack '%s'", opt_names[k]) != V_EXC;
        if (!set_opt(vm, o, k, v)) return false;
    }
    return true;
}

/* The current options, then each of names[i] = vals[i] given (not
 * V_UNBOUND or None) checked and applied: array2string's overrides. */
static bool opts_with(VM *vm, NpState *st, PrintOpts *o, const char *const *names, const Value *vals, int n)
{
    if (!load_opts(vm, fmt_state(st)->items[0], o)) return false;
    for (int i = 0; i < n; i++) {
        if (vals[i] == V_UNBOUND || vals[i] == V_NONE) continue;
        Value v = vals[i];
        int k = opt_index(names[i]), r = check_opt(vm, k, &v);
        if (r < 0 || (r > 0 && !set_opt(vm, o, k, v))) return false;
    }
    return true;
}

static const char *const setopt_names[] = {"precision", "threshold", "edgeitems", "linewidth", "suppress", "nanstr",
                                           "infstr", "formatter", "sign", "floatmode", "legacy", "override_repr"};
enum { NSETOPT = sizeof setopt_names / sizeof setopt_names[0] };

/* A new options dict: the current one updated with set_printoptions'
 * arguments (formatter and override_repr are always reset, as numpy does). */
static Value updated_opts(VM *vm, NpState *st, const Value *vals)
{
    Value d = vm_new_dict(vm);
    if (d == V_EXC) return V_EXC;
    vm_push_root(vm, d);
    bool ok = vm_dict_update(vm, AS_DICT(d), fmt_state(st)->items[0]);
    for (int i = 0; ok && i < NSETOPT; i++) {
        Value v = vals[i];
        int k = opt_index(setopt_names[i]);
        if (v == V_UNBOUND) v = V_NONE;
        if (v == V_NONE && k != OPT_formatter && k != OPT_override_repr) continue;
        int r = v == V_NONE ? 1 : check_opt(vm, k, &v);
        ok = r >= 0 && (r == 0 || mod_dict_put(vm, AS_DICT(d), opt_names[k], v));
    }
    /* the values must make sense together before they are kept */
    PrintOpts o;
    ok = ok && load_opts(vm, d, &o);
    vm_pop_roots(vm, 1);
    return ok ? d : V_EXC;
}

static Value f_set_printoptions(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NpState *st = np_state_of(args[0]);
    Value p[NSETOPT];
    if (!np_parse(vm, "set_printoptions", args + 1, nargs - 1, kw, setopt_names, NSETOPT, 10, 0, p)) return V_EXC;
    Value d = updated_opts(vm, st, p);
    if (d == V_EXC) return V_EXC;
    fmt_state(st)->items[0] = d;
    return V_NONE;
}

static Value get_printoptions(VM *vm, NpState *st)
{
    Value d = vm_new_dict(vm);
    if (d == V_EXC) return V_EXC;
    vm_push_root(vm, d);
    bool ok = vm_dict_update(vm, AS_DICT(d), fmt_state(st)->items[0]);
    vm_pop_roots(vm, 1);
    return ok ? d : V_EXC;
}

static Value f_get_printoptions(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "get_printoptions", nargs - 1, kw, 0, 0)) return V_EXC;
    return get_printoptions(vm, np_state_of(args[0]));
}

/* np.printoptions(...): a context manager that sets the options on entry
 * and puts the old ones back on exit. */
typedef struct {
    NativeObj nat;
    NpState *st;
    Value saved;          /* the options before __enter__, V_NONE until then */
    Value args[NSETOPT];  /* set_printoptions' arguments, V_UNBOUND where not given */
} PrintCtx;

static void ctx_trace(Obj *o, void (*mark)(void *gc, Value v), void *gc)
{
    PrintCtx *c = (PrintCtx *)o;
    mark(gc, v_obj(c->st));
    mark(gc, c->saved);
    for (int i = 0; i < NSETOPT; i++)
        if (c->args[i] != V_UNBOUND) mark(gc, c->args[i]);
}

static const NativeOps ctx_ops = {"numpy printoptions", ctx_trace, NULL, NULL};

static Value f_printoptions(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NpState *st = np_state_of(args[0]);
    Value p[NSETOPT];
    if (!np_parse(vm, "printoptions", args + 1, nargs - 1, kw, setopt_names, NSETOPT, 10, 0, p)) return V_EXC;
    PrintCtx *c = vm_alloc(vm, AS_TYPE(fmt_state(st)->items[1]), sizeof *c);
    if (!c) return V_EXC;
    c->nat.ops = &ctx_ops;
    c->nat.size = sizeof *c;
    c->st = st;
    c->saved = V_NONE;
    memcpy(c->args, p, sizeof p);
    return v_obj(c);
}

static PrintCtx *self_ctx(VM *vm, Value v)
{
    if (v_has_layout(v, LAYOUT_NATIVE) && ((NativeObj *)v_as_obj(v))->ops == &ctx_ops) return (PrintCtx *)v_as_obj(v);
    vm_raise(vm, vm->e_TypeError, "expected a numpy printoptions context");
    return NULL;
}

static Value ctx_enter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    PrintCtx *c = self_ctx(vm, args[0]);
    if (!c) return V_EXC;
    Value d = updated_opts(vm, c->st, c->args);
    if (d == V_EXC) return V_EXC;
    c->saved = fmt_state(c->st)->items[0];
    fmt_state(c->st)->items[0] = d;
    return get_printoptions(vm, c->st);
}

static Value ctx_exit(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    PrintCtx *c = self_ctx(vm, args[0]);
    if (!c) return V_EXC;
    if (c->saved != V_NONE) fmt_state(c->st)->items[0] = c->saved;
    c->saved = V_NONE;
    return V_FALSE;
}

/* ---- element formats ------------------------------------------------------------------ */

/* Code points of UTF-8 text (what Python's len counts). */
static int64_t cp_len(const char *s, size_t n)
{
    int64_t k = 0;
    for (size_t i = 0; i < n; i++) k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

enum { EF_BOOL, EF_INT, EF_FLOAT, EF_CALL };

/* How every element of one array is written, fixed from the elements shown. */
typedef struct {
    int kind, dtype;
    Value fn;                        /* EF_CALL: the formatter callable */
    const char *truestr;             /* EF_BOOL: "True" or " True" */
    int width;                       /* EF_INT */
    char sign;                       /* EF_INT, EF_FLOAT: the sign option */
    /* EF_FLOAT */
    NpFloatFmt ff;
    const PrintOpts *o;
} ElemFmt;

/* The pointers to the elements printing shows (numpy's _leading_trailing):
 * along an axis longer than 2 * edgeitems, the first and last edgeitems. */
typedef struct {
    char **p;
    int64_t n, cap;
    bool oom;
} Shown;

static void shown_add(Shown *s, char *p)
{
    if (s->n == s->cap) {
        int64_t cap = s->cap ? 2 * s->cap : 64;
        char **np = realloc(s->p, (size_t)cap * sizeof *np);
        if (!np) {
            s->oom = true;
            return;
        }
        s->p = np, s->cap = cap;
    }
    s->p[s->n++] = p;
}

static void collect(const NdArray *a, int axis, char *p, bool summary, int64_t edge, Shown *s)
{
    if (axis == a->ndim) {
        shown_add(s, p);
        return;
    }
    int64_t len = a->shape[axis], stride = a->strides[axis];
    /* numpy keeps a[:edge] and a[-edge:]: with edgeitems 0 the second is all of it */
    if (summary && len > 2 * edge && edge > 0) {
        for (int64_t i = 0; i < edge; i++) collect(a, axis + 1, p + i * stride, summary, edge, s);
        for (int64_t i = len - edge; i < len; i++) collect(a, axis + 1, p + i * stride, summary, edge, s);
    } else {
        for (int64_t i = 0; i < len; i++) collect(a, axis + 1, p + i * stride, summary, edge, s);
    }
}

/* x rounded to float type t, as a Python float is when numpy compares it
 * with an array of t (NEP 50: the Python scalar takes the array's type). */
static double as_type(double x, int t)
{
    if (t == NP_FLOAT32) return (float)x;
    if (t == NP_FLOAT16) return np_half_to_float(np_double_to_half(x));
    return x;
}

static double divide_as(double a, double b, int t)
{
    if (t == NP_FLOAT32) return (float)a / (float)b;
    if (t == NP_FLOAT16) return np_half_to_float(np_float_to_half((float)a / (float)b));
    return a / b;
}

/* Splits "int.frac[e+xx]" into the lengths of its parts (after any padding). */
static void split_lengths(const char *s, size_t n, int *ilen, int *flen, int *elen)
{
    const char *dot = memchr(s, '.', n), *e = memchr(s, 'e', n);
    size_t end = e ? (size_t)(e - s) : n;
    if (!dot) dot = s + end;
    *ilen = (int)(dot - s);
    *flen = dot < s + end ? (int)(s + end - dot - 1) : 0;
    *elen = e ? (int)(n - (size_t)(e - s) - 1) : 0;
}

static bool too_large(VM *vm)
{
    vm_raise(vm, vm->e_RuntimeError, "Float formatting result too large");
    return false;
}

/* numpy's FloatingFormat.fillFormat over the elements shown. */
static bool float_fill(VM *vm, ElemFmt *ef, const PrintOpts *o, const Shown *sh)
{
    int t = ef->dtype;
    bool any_finite = false, any_nonfinite = false, any_signbit = false, neginf = false;
    double maxv = 0, minv = INFINITY;
    for (int64_t i = 0; i < sh->n; i++) {
        double x = np_get_f64(sh->p[i], t);
        if (!isfinite(x)) {
            any_nonfinite = true;
            if (isinf(x) && x < 0) neginf = true;
            continue;
        }
        any_finite = true;
        if (signbit(x)) any_signbit = true;
        double ax = fabs(x);
        if (ax != 0) {
            if (ax > maxv) maxv = ax;
            if (ax < minv) minv = ax;
        }
    }
    bool exp_format = false;
    if (minv != INFINITY) {
        double cutoff = o->legacy <= 202 ? 1e8 : t == NP_FLOAT16 ? 1e3 : t == NP_FLOAT32 ? 1e6 : 1e8;
        if (maxv >= cutoff ||
            (!o->suppress && (minv < as_type(0.0001, t) || divide_as(maxv, minv, t) > 1000.)))
            exp_format = true;
    }
    NpFloatFmt *ff = &ef->ff;
    *ff = np_float_fmt(exp_format);
    ff->precision = o->floatmode == FM_UNIQUE ? -1 : o->precision;
    ff->sign = o->sign == '+';
    int pad_left = 0, pad_right = 0;
    if (!any_finite) {
        ff->trim = '.';
        ff->min_digits = -1;
    } else {
        ff->trim = '.';
        if (o->floatmode == FM_FIXED) {
            ff->trim = 'k';
            ff->unique = false;
        }
        int maxi = 0, maxf = 0, maxe = 0;
        StrBuf b;
        sb_init(&b);
        for (int64_t i = 0; i < sh->n; i++) {
            if (!isfinite(np_get_f64(sh->p[i], t))) continue;
            b.len = 0;
            if (!np_format_float(&b, sh->p[i], t, ff)) {
                sb_free(&b);
                return too_large(vm);
            }
            int il, fl, el;
            split_lengths(b.data, b.len, &il, &fl, &el);
            if (il > maxi) maxi = il;
            if (fl > maxf) maxf = fl;
            if (el > maxe) maxe = el;
        }
        bool oom = b.oom;
        sb_free(&b);
        if (oom) return vm_raise(vm, vm->e_MemoryError, "out of memory") != V_EXC;
        pad_left = maxi;
        if (exp_format) {
            ff->exp_digits = maxe - 1;
            ff->trim = 'k';
            ff->precision = ff->min_digits = maxf;
            pad_right = ff->exp_digits + 2 + maxf;
        } else {
            pad_right = maxf;
            if (o->floatmode == FM_FIXED || o->floatmode == FM_MAXPREC_EQUAL) {
                ff->precision = ff->min_digits = maxf;
                ff->trim = 'k';
            } else {
                ff->trim = '.';
                ff->min_digits = 0;
            }
        }
    }
    if (o->sign == ' ' && !any_signbit) pad_left++;
    if (any_nonfinite) {
        int64_t off = pad_right + 1;
        int64_t nan_w = o->nanstr->nchars - off, inf_w = o->infstr->nchars + (o->sign != '-' || neginf) - off;
        if (nan_w > pad_left) pad_left = (int)nan_w;
        if (inf_w > pad_left) pad_left = (int)inf_w;
    }
    ff->pad_left = pad_left;
    if (!exp_format) ff->pad_right = pad_right;
    /* what non-finite elements are padded to */
    ef->width = pad_left + pad_right + 1;
    return true;
}

/* numpy's IntegerFormat: every element as wide as the widest of max and min. */
static void int_fill(ElemFmt *ef, const PrintOpts *o, const Shown *sh)
{
    int t = ef->dtype;
    char buf[32];
    ef->sign = o->sign;
    ef->width = 0;
    if (sh->n == 0) return;
    int64_t maxi = 0, mini = 0;
    uint64_t maxu = 0, minu = UINT64_MAX;
    bool sgn = np_is_signed(t);
    for (int64_t i = 0; i < sh->n; i++) {
        if (sgn) {
            int64_t x = np_get_i64(sh->p[i], t);
            if (i == 0 || x > maxi) maxi = x;
            if (i == 0 || x < mini) mini = x;
        } else {
            uint64_t x = np_get_u64(sh->p[i], t);
            if (x > maxu) maxu = x;
            if (x < minu) minu = x;
        }
    }
    int maxlen, minlen;
    if (sgn) {
        maxlen = snprintf(buf, sizeof buf, "%lld", (long long)maxi);
        minlen = snprintf(buf, sizeof buf, "%lld", (long long)mini);
    } else {
        maxlen = snprintf(buf, sizeof buf, "%llu", (unsigned long long)maxu);
        minlen = snprintf(buf, sizeof buf, "%llu", (unsigned long long)minu);
    }
    char sign = o->sign;
    if (sign == ' ' && sgn && mini < 0) sign = '-';
    if ((!sgn || maxi >= 0) && (sign == '+' || sign == ' ')) maxlen++;
    ef->sign = sign;
    ef->width = maxlen > minlen ? maxlen : minlen;
}

/* The formatter callable that applies to dtype t, or V_NONE. */
static Value formatter_for(VM *vm, Value formatter, int t)
{
    if (formatter == V_NONE || !v_has_layout(formatter, LAYOUT_DICT)) return V_NONE;
    const char *keys[3];
    int n = 0;
    keys[n++] = "all";
    if (np_is_integer(t)) keys[n++] = "int_kind";
    if (np_is_float(t)) keys[n++] = "float_kind";
    keys[n++] = t == NP_BOOL ? "bool" : np_is_integer(t) ? "int" : "float";
    Value fn = V_NONE;
    for (int i = 0; i < n; i++) {
        Value v = vm_dict_get_str(AS_DICT(formatter), vm_intern(vm, keys[i], strlen(keys[i])));
        if (v != V_UNBOUND && v != V_NONE) fn = v;
    }
    return fn;
}

/* Sets up ef for the elements of a that printing shows. */
static bool elem_fill(VM *vm, ElemFmt *ef, NdArray *a, const PrintOpts *o, bool summary)
{
    memset(ef, 0, sizeof *ef);
    ef->dtype = a->dtype;
    ef->o = o;
    ef->fn = formatter_for(vm, o->formatter, a->dtype);
    if (ef->fn != V_NONE) {
        ef->kind = EF_CALL;
        return true;
    }
    if (a->dtype == NP_BOOL) {
        ef->kind = EF_BOOL;
        ef->truestr = a->ndim ? " True" : "True";
        return true;
    }
    Shown sh = {0};
    collect(a, 0, a->data, summary, o->edgeitems, &sh);
    bool ok = !sh.oom || vm_raise(vm, vm->e_MemoryError, "out of memory") != V_EXC;
    if (ok && np_is_float(a->dtype)) {
        ef->kind = EF_FLOAT;
        ok = float_fill(vm, ef, o, &sh);
    } else if (ok) {
        ef->kind = EF_INT;
        int_fill(ef, o, &sh);
    }
    free(sh.p);
    return ok;
}

static void put_padded(StrBuf *w, const char *s, size_t n, int64_t width)
{
    for (int64_t k = cp_len(s, n); k < width; k++) sb_putc(w, ' ');
    sb_putn(w, s, n);
}

/* The text of the element at p into w. */
static bool elem_text(VM *vm, NpState *st, const ElemFmt *ef, char *p, StrBuf *w)
{
    switch (ef->kind) {
    case EF_BOOL:
        sb_puts(w, *p ? ef->truestr : "False");
        return true;
    case EF_INT: {
        char buf[40];
        int n;
        if (np_is_unsigned(ef->dtype)) {
            uint64_t x = np_get_u64(p, ef->dtype);
            n = snprintf(buf, sizeof buf, "%s%llu", ef->sign == '+' ? "+" : ef->sign == ' ' ? " " : "",
                         (unsigned long long)x);
        } else {
            int64_t x = np_get_i64(p, ef->dtype);
            n = snprintf(buf, sizeof buf, "%s%lld", x >= 0 && ef->sign == '+' ? "+" : x >= 0 && ef->sign == ' ' ? " " : "",
                         (long long)x);
        }
        put_padded(w, buf, (size_t)n, ef->width);
        return true;
    }
    case EF_FLOAT: {
        double x = np_get_f64(p, ef->dtype);
        if (isfinite(x)) return np_format_float(w, p, ef->dtype, &ef->ff) || too_large(vm);
        StrBuf s;
        sb_init(&s);
        if (isnan(x)) {
            if (ef->o->sign == '+') sb_putc(&s, '+');
            sb_putn(&s, ef->o->nanstr->data, ef->o->nanstr->len);
        } else {
            if (x < 0) sb_putc(&s, '-');
            else if (ef->o->sign == '+') sb_putc(&s, '+');
            sb_putn(&s, ef->o->infstr->data, ef->o->infstr->len);
        }
        put_padded(w, s.data ? s.data : "", s.len, ef->width);
        sb_free(&s);
        return true;
    }
    default: {
        Value x = np_scalar(vm, st, ef->dtype, p);
        if (x == V_EXC) return false;
        Value r = vm_call(vm, ef->fn, &x, 1, NULL);
        if (r == V_EXC) return false;
        if (!is_str(r)) {
            vm_raise(vm, vm->e_AttributeError, "'%s' object has no attribute 'splitlines'", vm_type_name(vm, r));
            return false;
        }
        sb_putn(w, AS_STR(r)->data, AS_STR(r)->len);
        return true;
    }
    }
}

/* ---- layout (numpy's _formatArray) ---------------------------------------------------- */

typedef struct {
    VM *vm;
    NpState *st;
    NdArray *a;
    const ElemFmt *ef;
    const char *sep;             /* the separator, and its length without trailing spaces */
    size_t seplen, sep_rlen;
    int64_t sep_cp, sep_rcp;
    bool summary;
    int64_t edge;
    StrBuf *out;
    StrBuf word;
} Layout;

/* The line being filled: its length as numpy counts it (from the screen's
 * left edge, the hanging indent included) and where it starts in out. */
typedef struct {
    int64_t len;
    size_t start;
} Line;

static void put_spaces(StrBuf *b, int64_t n)
{
    for (; n > 0; n--) sb_putc(b, ' ');
}

static void new_line(Layout *L, Line *ln, int64_t indent)
{
    StrBuf *o = L->out;
    while (o->len > ln->start && (o->data[o->len - 1] == ' ' || o->data[o->len - 1] == '\t')) o->len--;
    sb_putc(o, '\n');
    ln->start = o->len;
    put_spaces(o, indent);
    ln->len = indent;
}

/* numpy's _extendLine: a word that does not fit starts a new line, unless
 * the line holds no more than its indent. */
static void extend_line(Layout *L, Line *ln, const char *w, size_t n, int64_t width, int64_t indent)
{
    int64_t wl = cp_len(w, n);
    if (ln->len + wl > width && ln->len > indent) new_line(L, ln, indent);
    sb_putn(L->out, w, n);
    ln->len += wl;
}

static bool is_line_break(char c) { return c == '\n' || c == '\r' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e); }

/* numpy's _extendLine_pretty: a word of several lines is set as a block. */
static void extend_pretty(Layout *L, Line *ln, const char *w, size_t n, int64_t width, int64_t indent)
{
    size_t nlines = 0, maxw = 0, i = 0, lastw = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && !is_line_break(w[j])) j++;
        size_t cl = (size_t)cp_len(w + i, j - i);
        if (cl > maxw) maxw = cl;
        lastw = cl;
        nlines++;
        if (j < n && w[j] == '\r' && j + 1 < n && w[j + 1] == '\n') j++;
        i = j + 1;
    }
    if (nlines <= 1) {
        extend_line(L, ln, w, n, width, indent);
        return;
    }
    int64_t block;
    if (ln->len + (int64_t)maxw > width && ln->len > indent) {
        new_line(L, ln, indent);
        block = indent;
    } else {
        block = ln->len;
    }
    bool first = true;
    for (i = 0; i < n;) {
        size_t j = i;
        while (j < n && !is_line_break(w[j])) j++;
        if (!first) new_line(L, ln, block);
        sb_putn(L->out, w + i, j - i);
        ln->len += cp_len(w + i, j - i);
        first = false;
        if (j < n && w[j] == '\r' && j + 1 < n && w[j + 1] == '\n') j++;
        i = j + 1;
    }
    put_spaces(L->out, (int64_t)(maxw - lastw));
    ln->len += (int64_t)(maxw - lastw);
}

/* The text of the element at p in L->word (a formatter may make it empty). */
static bool word_at(Layout *L, char *p)
{
    L->word.len = 0;
    sb_putc(&L->word, ' ');
    L->word.len = 0;
    return elem_text(L->vm, L->st, L->ef, p, &L->word);
}

/* One axis of numpy's recurser: writes "[...]" for the subarray at p. */
static bool layout(Layout *L, int axis, char *p, int64_t hang, int64_t width)
{
    NdArray *a = L->a;
    if (axis == a->ndim) {
        if (!word_at(L, p)) return false;
        sb_putn(L->out, L->word.data, L->word.len);
        return true;
    }
    int left = a->ndim - axis;
    int64_t len = a->shape[axis], stride = a->strides[axis];
    bool show = L->summary && 2 * L->edge < len;
    /* the last item shows even with edgeitems 0, as numpy has it */
    int64_t lead = show ? L->edge : 0, trail = show ? (L->edge ? L->edge : 1) : len;
    sb_putc(L->out, '[');
    if (left == 1) {
        int64_t elem_width = width - (L->sep_rcp > 1 ? L->sep_rcp : 1);
        Line ln = {hang, L->out->len};
        for (int64_t i = 0; i < lead; i++) {
            if (!word_at(L, p + i * stride)) return false;
            extend_pretty(L, &ln, L->word.data, L->word.len, elem_width, hang);
            sb_putn(L->out, L->sep, L->seplen);
            ln.len += L->sep_cp;
        }
        if (show) {
            extend_line(L, &ln, "...", 3, elem_width, hang);
            sb_putn(L->out, L->sep, L->seplen);
            ln.len += L->sep_cp;
        }
        for (int64_t i = trail; i >= 1; i--) {
            if (!word_at(L, p + (len - i) * stride)) return false;
            extend_pretty(L, &ln, L->word.data, L->word.len, elem_width, hang);
            if (i > 1) {
                sb_putn(L->out, L->sep, L->seplen);
                ln.len += L->sep_cp;
            }
        }
    } else {
        bool first = true;
        for (int64_t k = 0; k < lead + show + trail; k++) {
            if (!first) {
                sb_putn(L->out, L->sep, L->sep_rlen);
                for (int n = 1; n < left; n++) sb_putc(L->out, '\n');
                put_spaces(L->out, hang);
            }
            first = false;
            if (show && k == lead) {
                sb_puts(L->out, "...");
                continue;
            }
            int64_t i = k < lead ? k : len - (lead + show + trail - k);
            if (!layout(L, axis + 1, p + i * stride, hang + 1, width - 1)) return false;
        }
    }
    sb_putc(L->out, ']');
    return true;
}

/* numpy's _array2string: a (of size > 0) laid out with separator sep,
 * as if after a prefix of prefix_len characters, into out. */
static bool array_text(VM *vm, NdArray *a, const PrintOpts *o, const char *sep, size_t seplen, int64_t prefix_len,
                       StrBuf *out)
{
    bool summary = (double)a->size > o->threshold;
    ElemFmt ef;
    if (!elem_fill(vm, &ef, a, o, summary)) return false;
    size_t rlen = seplen;
    while (rlen > 0 && (sep[rlen - 1] == ' ' || sep[rlen - 1] == '\t' || sep[rlen - 1] == '\n')) rlen--;
    Layout L = {vm, a->st, a, &ef, sep, seplen, rlen, cp_len(sep, seplen), cp_len(sep, rlen), summary,
                o->edgeitems, out, {0}};
    sb_init(&L.word);
    bool ok = layout(&L, 0, a->data, 1 + prefix_len, o->linewidth);
    if (L.word.oom) out->oom = true;
    sb_free(&L.word);
    return ok;
}

static Value finish(VM *vm, StrBuf *b, bool ok)
{
    if (!ok) {
        sb_free(b);
        return V_EXC;
    }
    if (b->oom) {
        sb_free(b);
        return vm_raise(vm, vm->e_MemoryError, "out of memory");
    }
    Value r = vm_new_str(vm, b->data ? b->data : "", b->len);
    sb_free(b);
    return r;
}

/* array2string's text, less the options it was given (o holds them). */
static bool a2s(VM *vm, NdArray *a, const PrintOpts *o, const char *sep, size_t seplen, int64_t prefix_len, StrBuf *out)
{
    if (a->size == 0) {
        sb_puts(out, "[]");
        return true;
    }
    return array_text(vm, a, o, sep, seplen, prefix_len, out);
}

/* ---- numpy scalars ---------------------------------------------------------------------- */

/* str of a numpy scalar (numpy's scalartypes.c): floats positional between
 * 1e-4 and a cutoff of their type, scientific outside. */
static void scalar_text(StrBuf *b, int t, const char *p, int legacy)
{
    if (t == NP_BOOL) {
        sb_puts(b, *p ? "True" : "False");
    } else if (np_is_unsigned(t)) {
        sb_printf(b, "%llu", (unsigned long long)np_get_u64(p, t));
    } else if (np_is_signed(t)) {
        sb_printf(b, "%lld", (long long)np_get_i64(p, t));
    } else {
        double x = np_get_f64(p, t), ax = fabs(x);
        double maxpos = legacy <= 202 ? 1e16 : t == NP_FLOAT16 ? 1e3 : t == NP_FLOAT32 ? 1e6 : 1e16;
        bool positional = isnan(x) || x == 0 || (ax < maxpos && ax >= 1e-4);
        NpFloatFmt f = np_float_fmt(!positional);
        f.trim = positional ? '0' : '-';
        np_format_float(b, p, t, &f);
    }
}

static int cur_legacy(VM *vm, NpState *st)
{
    Value v = vm_dict_get_str(AS_DICT(fmt_state(st)->items[0]), vm_intern(vm, "legacy", 6));
    for (size_t i = 0; i < sizeof legacies / sizeof legacies[0]; i++)
        if (str_is(v, legacies[i].name)) return legacies[i].code;
    return LEGACY_OFF;
}

static Value scalar_str(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!np_is_nd(args[0])) return vm_raise(vm, vm->e_TypeError, "expected a numpy scalar");
    NdArray *s = AS_ND(args[0]);
    StrBuf b;
    sb_init(&b);
    scalar_text(&b, s->dtype, s->data, cur_legacy(vm, s->st));
    return finish(vm, &b, true);
}

static Value scalar_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!np_is_nd(args[0])) return vm_raise(vm, vm->e_TypeError, "expected a numpy scalar");
    NdArray *s = AS_ND(args[0]);
    int legacy = cur_legacy(vm, s->st);
    StrBuf b;
    sb_init(&b);
    if (legacy <= 125) {
        scalar_text(&b, s->dtype, s->data, legacy);
    } else if (s->dtype == NP_BOOL) {
        sb_puts(&b, *s->data ? "np.True_" : "np.False_");
    } else {
        sb_printf(&b, "np.%s(", np_types[s->dtype].name);
        scalar_text(&b, s->dtype, s->data, legacy);
        sb_putc(&b, ')');
    }
    return finish(vm, &b, true);
}

/* format(x, spec) of a numpy scalar: that of the Python bool, int or float. */
static Value scalar_format(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__format__", nargs - 1, kw, 1, 1)) return V_EXC;
    NdArray *s = AS_ND(args[0]);
    Value item = np_elem_to_py(vm, s->data, s->dtype);
    if (item == V_EXC) return V_EXC;
    vm_push_root(vm, item);
    Value r = vm_format(vm, item, args[1]);
    vm_pop_roots(vm, 1);
    return r;
}

/* ---- arrays -------------------------------------------------------------------------- */

static void put_shape(StrBuf *b, const NdArray *a)
{
    sb_putc(b, '(');
    for (int i = 0; i < a->ndim; i++) sb_printf(b, i ? ", %lld" : "%lld", (long long)a->shape[i]);
    if (a->ndim == 1) sb_putc(b, ',');
    sb_putc(b, ')');
}

/* numpy's _array_repr_implementation with options o (max_line_width in o->linewidth). */
static Value repr_with(VM *vm, NdArray *a, PrintOpts *o)
{
    if (o->override_repr != V_NONE) {
        Value x = v_obj(a);
        return vm_call(vm, o->override_repr, &x, 1, NULL);
    }
    StrBuf b;
    sb_init(&b);
    sb_puts(&b, "array(");
    int64_t width = o->linewidth;
    o->linewidth -= 1;   /* the ")" */
    if (!a2s(vm, a, o, ", ", 2, 6, &b)) return finish(vm, &b, false);
    bool shape = (a->size == 0 && !(a->ndim == 1 && a->shape[0] == 0)) ||
                 (o->legacy > 210 && (double)a->size > o->threshold);
    bool implied = a->dtype == NP_INT64 || a->dtype == NP_FLOAT64 || a->dtype == NP_BOOL;
    bool dtype = !implied || a->size == 0;
    if (shape || dtype) {
        StrBuf x;
        sb_init(&x);
        if (shape) {
            sb_puts(&x, "shape=");
            put_shape(&x, a);
        }
        if (dtype) sb_printf(&x, "%sdtype=%s", shape ? ", " : "", np_types[a->dtype].name);
        sb_putc(&x, ')');
        sb_putc(&b, ',');
        size_t nl = 0;
        for (size_t i = b.len; i > 0; i--)
            if (b.data[i - 1] == '\n') {
                nl = i;
                break;
            }
        int64_t last = cp_len(b.data + nl, b.len - nl);
        if (last + (int64_t)x.len + 1 > width) sb_puts(&b, "\n      ");
        else sb_putc(&b, ' ');
        sb_putn(&b, x.data, x.len);
        if (x.oom) b.oom = true;
        sb_free(&x);
    } else {
        sb_putc(&b, ')');
    }
    return finish(vm, &b, true);
}

/* numpy's _array_str_implementation. */
static Value str_with(VM *vm, NdArray *a, PrintOpts *o)
{
    StrBuf b;
    sb_init(&b);
    if (a->ndim == 0) {
        scalar_text(&b, a->dtype, a->data, o->legacy);
        return finish(vm, &b, true);
    }
    return finish(vm, &b, a2s(vm, a, o, " ", 1, 0, &b));
}

static NdArray *self_array(VM *vm, Value v)
{
    if (np_is_nd(v)) return AS_ND(v);
    vm_raise(vm, vm->e_TypeError, "expected a numpy.ndarray, got '%s'", vm_type_name(vm, v));
    return NULL;
}

static Value arr_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_array(vm, args[0]);
    PrintOpts o;
    if (!a || !load_opts(vm, fmt_state(a->st)->items[0], &o)) return V_EXC;
    vm_push_root(vm, fmt_state(a->st)->items[0]);
    Value r = repr_with(vm, a, &o);
    vm_pop_roots(vm, 1);
    return r;
}

static Value arr_str(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    NdArray *a = self_array(vm, args[0]);
    PrintOpts o;
    if (!a || !load_opts(vm, fmt_state(a->st)->items[0], &o)) return V_EXC;
    vm_push_root(vm, fmt_state(a->st)->items[0]);
    Value r = str_with(vm, a, &o);
    vm_pop_roots(vm, 1);
    return r;
}

/* ndarray.__format__: a 0-d array formats its element; others take only "". */
static Value arr_format(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "__format__", nargs - 1, kw, 1, 1)) return V_EXC;
    NdArray *a = self_array(vm, args[0]);
    if (!a) return V_EXC;
    if (a->ndim == 0) return scalar_format(vm, args, nargs, kw);
    if (!is_str(args[1])) return vm_raise(vm, vm->e_TypeError, "format() argument 2 must be str, not %s", vm_type_name(vm, args[1]));
    if (AS_STR(args[1])->len)
        return vm_raise(vm, vm->e_TypeError, "unsupported format string passed to numpy.ndarray.__format__");
    return vm_str(vm, args[0]);
}

/* The array argument of array2string and co.: an array, a numpy scalar, or
 * what np.asarray takes. */
static NdArray *array_arg(VM *vm, NpState *st, Value v)
{
    return np_is_nd(v) ? AS_ND(v) : np_from_py(vm, st, v, -1);
}

static Value f_array2string(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"a", "max_line_width", "precision", "suppress_small", "separator", "prefix",
                                        "formatter", "threshold", "edgeitems", "sign", "floatmode", "suffix", "legacy"};
    Value p[13];
    NpState *st = np_state_of(args[0]);
    if (!np_parse(vm, "array2string", args + 1, nargs - 1, kw, names, 13, 6, 1, p)) return V_EXC;
    static const char *const opt[] = {"linewidth", "precision", "suppress", "formatter", "threshold",
                                      "edgeitems", "sign", "floatmode", "legacy"};
    Value ov[] = {p[1], p[2], p[3], p[6], p[7], p[8], p[9], p[10], p[12]};
    static const int texts[] = {4, 5, 11};   /* separator, prefix, suffix */
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        if (p[texts[i]] != V_UNBOUND && !is_str(p[texts[i]]))
            return vm_raise(vm, vm->e_TypeError, "%s must be a str", names[texts[i]]);
    const char *sep = p[4] == V_UNBOUND ? " " : AS_STR(p[4])->data;
    size_t seplen = p[4] == V_UNBOUND ? 1 : AS_STR(p[4])->len;
    int64_t prefix = p[5] == V_UNBOUND ? 0 : AS_STR(p[5])->nchars;
    int64_t suffix = p[11] == V_UNBOUND ? 0 : AS_STR(p[11])->nchars;
    NdArray *a = array_arg(vm, st, p[0]);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    vm_push_root(vm, fmt_state(st)->items[0]);
    PrintOpts o;
    Value r = V_EXC;
    if (opts_with(vm, st, &o, opt, ov, 9)) {
        o.linewidth -= suffix;
        StrBuf b;
        sb_init(&b);
        r = finish(vm, &b, a2s(vm, a, &o, sep, seplen, prefix, &b));
    }
    vm_pop_roots(vm, 2);
    return r;
}

/* array_repr / array_str (a, max_line_width=None, precision=None, suppress_small=None) */
static Value repr_or_str(VM *vm, Value *args, int nargs, TupleObj *kw, bool repr)
{
    static const char *const names[] = {"arr", "max_line_width", "precision", "suppress_small"};
    static const char *const opt[] = {"linewidth", "precision", "suppress"};
    Value p[4];
    NpState *st = np_state_of(args[0]);
    if (!np_parse(vm, repr ? "array_repr" : "array_str", args + 1, nargs - 1, kw, names, 4, 4, 1, p)) return V_EXC;
    NdArray *a = array_arg(vm, st, p[0]);
    if (!a) return V_EXC;
    vm_push_root(vm, v_obj(a));
    vm_push_root(vm, fmt_state(st)->items[0]);
    PrintOpts o;
    Value r = V_EXC;
    if (opts_with(vm, st, &o, opt, p + 1, 3)) r = repr ? repr_with(vm, a, &o) : str_with(vm, a, &o);
    vm_pop_roots(vm, 2);
    return r;
}

static Value f_array_repr(VM *vm, Value *args, int nargs, TupleObj *kw) { return repr_or_str(vm, args, nargs, kw, true); }
static Value f_array_str(VM *vm, Value *args, int nargs, TupleObj *kw) { return repr_or_str(vm, args, nargs, kw, false); }

/* ---- np.format_float_positional / format_float_scientific ------------------------------ */

/* An optional non-negative int argument (numpy's _none_or_positive_arg). */
static bool count_arg(VM *vm, Value v, const char *name, int *out)
{
    *out = -1;
    if (v == V_UNBOUND || v == V_NONE) return true;
    int64_t n;
    if (!vm_index(vm, v, &n)) return false;
    if (n < 0) return vm_raise(vm, vm->e_ValueError, "%s must be >= 0", name) != V_EXC;
    *out = n > 16384 ? 16384 : (int)n;
    return true;
}

static Value format_float(VM *vm, Value *args, int nargs, TupleObj *kw, bool sci)
{
    static const char *const pos_names[] = {"x", "precision", "unique", "fractional", "trim", "sign",
                                            "pad_left", "pad_right", "min_digits"};
    static const char *const sci_names[] = {"x", "precision", "unique", "trim", "sign", "pad_left", "exp_digits",
                                            "min_digits"};
    Value p[9];
    for (int i = 0; i < 9; i++) p[i] = V_UNBOUND;
    NpFloatFmt f = np_float_fmt(sci);
    Value x, unique, trim, sign;
    if (sci) {
        if (!np_parse(vm, "format_float_scientific", args + 1, nargs - 1, kw, sci_names, 8, 8, 1, p)) return V_EXC;
        x = p[0], unique = p[2], trim = p[3], sign = p[4];
        if (!count_arg(vm, p[1], "precision", &f.precision) || !count_arg(vm, p[5], "pad_left", &f.pad_left) ||
            !count_arg(vm, p[6], "exp_digits", &f.exp_digits) || !count_arg(vm, p[7], "min_digits", &f.min_digits))
            return V_EXC;
    } else {
        if (!np_parse(vm, "format_float_positional", args + 1, nargs - 1, kw, pos_names, 9, 9, 1, p)) return V_EXC;
        x = p[0], unique = p[2], trim = p[4], sign = p[5];
        int fr = p[3] == V_UNBOUND ? 1 : vm_truthy(vm, p[3]);
        if (fr < 0) return V_EXC;
        f.fractional = fr;
        if (!count_arg(vm, p[1], "precision", &f.precision) || !count_arg(vm, p[6], "pad_left", &f.pad_left) ||
            !count_arg(vm, p[7], "pad_right", &f.pad_right) || !count_arg(vm, p[8], "min_digits", &f.min_digits))
            return V_EXC;
        if (!f.fractional && f.precision == 0)
            return vm_raise(vm, vm->e_ValueError, "precision must be greater than 0 if fractional=False");
    }
    if (f.min_digits > 0 && f.precision > 0 && f.min_digits > f.precision)
        return vm_raise(vm, vm->e_ValueError, "min_digits must be less than or equal to precision");
    int u = unique == V_UNBOUND ? 1 : vm_truthy(vm, unique), s = sign == V_UNBOUND ? 0 : vm_truthy(vm, sign);
    if (u < 0 || s < 0) return V_EXC;
    f.unique = u, f.sign = s;
    if (trim != V_UNBOUND) {
        if (!is_str(trim) || AS_STR(trim)->len != 1 || !strchr("k.0-", AS_STR(trim)->data[0]))
            return vm_raise(vm, vm->e_TypeError, "if supplied, trim must be 'k', '.', '0' or '-' found `%s`",
                            is_str(trim) ? AS_STR(trim)->data : vm_type_name(vm, trim));
        f.trim = AS_STR(trim)->data[0];
    }
    if (!f.unique && f.precision < 0)
        return vm_raise(vm, vm->e_TypeError, "in non-unique mode `precision` must be supplied");
    /* numpy floats keep their type; anything else is a Python float */
    char buf[8];
    int t = NP_FLOAT64;
    if (np_is_nd(x) && AS_ND(x)->ndim == 0 && np_is_float(AS_ND(x)->dtype)) {
        t = AS_ND(x)->dtype;
        memcpy(buf, AS_ND(x)->data, np_types[t].size);
    } else {
        double d;
        if (np_is_nd(x) && AS_ND(x)->size != 1)
            return vm_raise(vm, vm->e_TypeError, "only 0-dimensional arrays can be converted to Python scalars");
        if (!to_double(vm, x, &d)) {
            Value fl = vm_call(vm, v_obj(vm->t_float), &x, 1, NULL);
            if (fl == V_EXC) {
                vm->exc = V_NONE;
                return vm_raise(vm, vm->e_TypeError, "must be real number, not %s", vm_type_name(vm, x));
            }
            d = v_is_double(fl) ? v_as_double(fl) : 0;
        }
        memcpy(buf, &d, 8);
    }
    StrBuf b;
    sb_init(&b);
    return finish(vm, &b, np_format_float(&b, buf, t, &f) || too_large(vm));
}

static Value f_format_float_positional(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return format_float(vm, args, nargs, kw, false);
}

static Value f_format_float_scientific(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return format_float(vm, args, nargs, kw, true);
}

/* ---- registration ------------------------------------------------------------------------ */

static const NpFunction format_functions[] = {
    {"set_printoptions", f_set_printoptions},
    {"get_printoptions", f_get_printoptions},
    {"printoptions", f_printoptions},
    {"array2string", f_array2string},
    {"array_repr", f_array_repr},
    {"array_str", f_array_str},
    {"format_float_positional", f_format_float_positional},
    {"format_float_scientific", f_format_float_scientific},
};

static const NpFunction array_methods[] = {{"__repr__", arr_repr}, {"__str__", arr_str}, {"__format__", arr_format}};
static const NpFunction scalar_methods[] = {
    {"__repr__", scalar_repr}, {"__str__", scalar_str}, {"__format__", scalar_format}};

bool np_init_format(VM *vm, NpState *st)
{
    Value state = vm_new_list(vm, 2);
    if (state == V_EXC) return false;
    st->extra[NP_EXTRA_PRINTOPTIONS] = state;
    Value d = vm_new_dict(vm);
    if (d == V_EXC || !vm_list_append(vm, AS_LIST(state), d)) return false;
    const struct {
        const char *name;
        Value v;
    } dflt[NOPTS] = {
        {"edgeitems", v_int(3)},       {"threshold", v_int(1000)},    {"floatmode", vm_cstr(vm, "maxprec")},
        {"precision", v_int(8)},       {"suppress", V_FALSE},         {"linewidth", v_int(75)},
        {"nanstr", vm_cstr(vm, "nan")}, {"infstr", vm_cstr(vm, "inf")}, {"sign", vm_cstr(vm, "-")},
        {"formatter", V_NONE},         {"legacy", V_FALSE},           {"override_repr", V_NONE},
    };
    for (int i = 0; i < NOPTS; i++)
        if (!mod_dict_put(vm, AS_DICT(d), dflt[i].name, dflt[i].v)) return false;
    TypeObj *ctx = vm_new_builtin_type(vm, "numpy.printoptions", vm->t_object, LAYOUT_NATIVE);
    if (!ctx || !vm_list_append(vm, AS_LIST(state), v_obj(ctx))) return false;
    vm_add_method(vm, ctx, "__enter__", ctx_enter);
    vm_add_method(vm, ctx, "__exit__", ctx_exit);
    return np_add_functions(vm, st, format_functions, sizeof format_functions / sizeof format_functions[0]) &&
           np_add_methods(vm, st->t_ndarray, array_methods, sizeof array_methods / sizeof array_methods[0]) &&
           np_add_methods(vm, st->t_generic, scalar_methods, sizeof scalar_methods / sizeof scalar_methods[0]);
}

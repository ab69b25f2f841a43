/* The builtins module's functions (print, len, min, isinstance...; the types
 * it names are put there by vm.c), and the plumbing native functions share:
 * argument checks worded as CPython's, operator.index, native classmethods,
 * the bound on native recursion. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../parser/ast.h"
#include "../util/unicode.h"
#include "vm.h"

static const char *tname(VM *vm, Value v) { return vm_type_of(vm, v)->name->data; }

/* ---- argument checks ------------------------------------------------------------------ */

static bool no_keywords(VM *vm, const char *owner, const char *fname, TupleObj *kw)
{
    if (!kw || kw->len == 0) return true;
    vm_raise(vm, vm->e_TypeError, "%s%s%s() takes no keyword arguments", owner, *owner ? "." : "", fname);
    return false;
}

/* METH_NOARGS / METH_O wording, the name qualified by `owner` when not "" */
static bool fixed_args(VM *vm, const char *owner, const char *fname, int nargs, TupleObj *kw, int n)
{
    if (!no_keywords(vm, owner, fname, kw)) return false;
    if (nargs == n) return true;
    vm_raise(vm, vm->e_TypeError, n ? "%s%s%s() takes exactly one argument (%d given)" : "%s%s%s() takes no arguments (%d given)",
             owner, *owner ? "." : "", fname, nargs);
    return false;
}

bool vm_check_fixed(VM *vm, const char *fname, int nargs, TupleObj *kwnames, int n)
{
    return fixed_args(vm, "", fname, nargs, kwnames, n);
}

bool vm_check_self(VM *vm, Value *args, int nargs, TypeObj *t, const char *meth)
{
    if (nargs < 1) {
        vm_raise(vm, vm->e_TypeError, "descriptor '%s' of '%s' object needs an argument", meth, t->name->data);
        return false;
    }
    if (vm_is_subtype(vm_type_of(vm, args[0]), t)) return true;
    vm_raise(vm, vm->e_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", meth,
             t->name->data, tname(vm, args[0]));
    return false;
}

bool vm_method_args(VM *vm, Value *args, int nargs, TupleObj *kwnames, TypeObj *t, const char *meth, int n)
{
    return vm_check_self(vm, args, nargs, t, meth) && fixed_args(vm, t->name->data, meth, nargs - 1, kwnames, n);
}

bool vm_check_nargs(VM *vm, const char *fname, int nargs, TupleObj *kwnames, int min, int max)
{
    if (!no_keywords(vm, "", fname, kwnames)) return false;
    if (nargs >= min && nargs <= max) return true;
    int n = nargs < min ? min : max;
    vm_raise(vm, vm->e_TypeError, "%s expected %s%d argument%s, got %d", fname,
             min == max ? "" : nargs < min ? "at least " : "at most ", n, n == 1 ? "" : "s", nargs);
    return false;
}

/* Argument Clinic's wording (_PyArg_UnpackKeywords). */
bool vm_parse_args(VM *vm, const char *fname, Value *args, int nargs, TupleObj *kwnames,
                   const char *const *names, int nparams, int maxpos, int minargs, Value *out)
{
    int nkw = kwnames ? (int)kwnames->len : 0;
    if (nargs + nkw > nparams) {
        vm_raise(vm, vm->e_TypeError, "%s() takes at most %d %sargument%s (%d given)", fname, nparams,
                 nargs == 0 ? "keyword " : "", nparams == 1 ? "" : "s", nargs + nkw);
        return false;
    }
    if (nargs > maxpos) {
        if (maxpos == 0) vm_raise(vm, vm->e_TypeError, "%s() takes no positional arguments", fname);
        else
            vm_raise(vm, vm->e_TypeError, "%s() takes %s %d positional argument%s (%d given)", fname,
                     minargs < maxpos ? "at most" : "exactly", maxpos, maxpos == 1 ? "" : "s", nargs);
        return false;
    }
    for (int i = 0; i < nparams; i++) out[i] = i < nargs ? args[i] : V_UNBOUND;
    for (int k = 0; k < nkw; k++) {
        StrObj *name = AS_STR(kwnames->items[k]);
        int j = 0;
        while (j < nparams && (!names[j][0] || strcmp(names[j], name->data) != 0)) j++;
        if (j == nparams) {
            vm_raise(vm, vm->e_TypeError, "'%s' is an invalid keyword argument for %s()", name->data, fname);
            return false;
        }
        if (out[j] != V_UNBOUND) {
            vm_raise(vm, vm->e_TypeError, "argument for %s() given by name ('%s') and position (%d)", fname,
                     name->data, j + 1);
            return false;
        }
        out[j] = args[nargs + k];
    }
    for (int i = 0; i < minargs; i++) {
        if (out[i] != V_UNBOUND) continue;
        if (names[i][0])
            vm_raise(vm, vm->e_TypeError, "%s() missing required argument '%s' (pos %d)", fname, names[i], i + 1);
        else
            vm_raise(vm, vm->e_TypeError, "%s() takes %s %d positional argument%s (%d given)", fname,
                     minargs < maxpos ? "at least" : "exactly", minargs, minargs == 1 ? "" : "s", nargs);
        return false;
    }
    return true;
}

TypeObj *vm_new_cls(VM *vm, Value *args, int nargs, TypeObj *base)
{
    const char *b = base->name->data;
    if (nargs < 1) {
        vm_raise(vm, vm->e_TypeError, "%s.__new__(): not enough arguments", b);
        return NULL;
    }
    if (!v_has_layout(args[0], LAYOUT_TYPE)) {
        vm_raise(vm, vm->e_TypeError, "%s.__new__(X): X is not a type object (%s)", b, tname(vm, args[0]));
        return NULL;
    }
    TypeObj *cls = AS_TYPE(args[0]);
    if (vm_is_subtype(cls, base)) return cls;
    vm_raise(vm, vm->e_TypeError, "%s.__new__(%s): %s is not a subtype of %s", b, cls->name->data, cls->name->data, b);
    return NULL;
}

/* Native calls nested on this thread's C stack: what the limit protects. */
static _Thread_local int native_depth;

bool vm_enter_recursion(VM *vm, const char *where)
{
    if (native_depth >= VM_MAX_NATIVE_DEPTH || native_depth + vm->nframes >= vm->recursion_limit) {
        vm_raise(vm, vm->e_RecursionError, "maximum recursion depth exceeded%s", where);
        return false;
    }
    native_depth++;
    return true;
}

void vm_leave_recursion(VM *vm) { native_depth--; }

void vm_add_classmethod(VM *vm, TypeObj *t, const char *name, NativeFn fn)
{
    Value f = vm_new_builtin(vm, name, fn, V_UNBOUND);
    if (f == V_EXC) return;
    vm_push_root(vm, f);
    WrapperObj *w = vm_alloc(vm, vm->t_classmethod, sizeof *w);
    if (w) {
        w->func = f;
        vm_dict_set_str(vm, t->hdr.dict, vm_intern(vm, name, strlen(name)), v_obj(w));
    }
    vm_pop_roots(vm, 1);
}

/* An exact int with v's value (an int subclass's value comes out plain). */
static Value plain_int(VM *vm, Value v)
{
    if (v_is_int(v) || v_as_obj(v)->type == vm->t_int) return v;
    mpz_t z;
    mpz_init(z);
    vm_int_to_mpz(v, z);
    Value r = vm_int_from_mpz(vm, z);
    mpz_clear(z);
    return r;
}

Value vm_number_index(VM *vm, Value v)
{
    if (v_is_int(v)) return v;
    if (v_is_bool(v)) return v_int(v == V_TRUE);
    if (vm_is_int(vm, v)) return plain_int(vm, v);
    Value f = vm_type_lookup(vm_type_of(vm, v), vm->s___index__);
    if (f == V_UNBOUND) return vm_raise(vm, vm->e_TypeError, "'%s' object cannot be interpreted as an integer", tname(vm, v));
    Value r = vm_call(vm, f, &v, 1, NULL);
    if (r == V_EXC) return V_EXC;
    if (v_is_bool(r)) return v_int(r == V_TRUE);
    if (!vm_is_int(vm, r)) return vm_raise(vm, vm->e_TypeError, "__index__ returned non-int (type %s)", tname(vm, r));
    return plain_int(vm, r);
}

/* ---- print and input ---------------------------------------------------------------------- */

/* sys.__stdout__ / sys.__stderr__ write straight to the C streams; anything
 * else given as file (or put in sys.stdout) gets its write() called. */
static Value sys_attr(VM *vm, const char *name)
{
    Value sys = vm_dict_get_str(vm->modules, vm_intern(vm, "sys", 3));
    if (!v_is_obj(sys) || !v_as_obj(sys)->dict) return V_UNBOUND;
    return vm_dict_get_str(v_as_obj(sys)->dict, vm_intern(vm, name, strlen(name)));
}

static FILE *native_stream(VM *vm, Value file)
{
    if (file == sys_attr(vm, "__stdout__")) return vm->out;
    if (file == sys_attr(vm, "__stderr__")) return vm->err;
    return NULL;
}

typedef struct {
    FILE *f;      /* or, when NULL: */
    Value write;  /* the file's bound write method */
} Out;

/* A failed write to a C stream raises OSError (errno's subclass) at once; the
 * stream forgets the error, which must not be reported again at the exit.
 * EBADF on stdout: it was closed when the program started, where CPython's
 * sys.stdout is None and print() writes nothing (vm_flush_std). */
static bool write_failed(VM *vm, FILE *f)
{
    int err = errno ? errno : EIO;
    clearerr(f);
    if (err == EBADF && f == vm->out) return true;
    vm_raise_errno(vm, err, V_UNBOUND);
    return false;
}

/* A failed flush leaves the text pending in CPython's buffer, where the
 * exit's flush fails again: reported there too (exit status 120). */
static bool flush_failed(VM *vm, FILE *f)
{
    int err = errno ? errno : EIO;
    if (write_failed(vm, f)) return true;
    if (f == vm->out && !vm->out_errno) vm->out_errno = err;
    return false;
}

static bool out_text(VM *vm, Out *o, const char *s, size_t n)
{
    if (o->f) return n == 0 || fwrite(s, 1, n, o->f) == n || write_failed(vm, o->f);
    Value str = vm_new_str(vm, s, n);
    return str != V_EXC && vm_call(vm, o->write, &str, 1, NULL) != V_EXC;
}

static bool out_value(VM *vm, Out *o, Value v)
{
    if (o->f && v_is_int(v)) return fprintf(o->f, "%lld", (long long)v_as_int(v)) >= 0 || write_failed(vm, o->f);
    Value s = v_is_obj(v) && v_as_obj(v)->type == vm->t_str ? v : vm_str(vm, v);
    if (s == V_EXC) return false;
    if (o->f) return out_text(vm, o, AS_STR(s)->data, AS_STR(s)->len);
    vm_push_root(vm, s);
    bool ok = vm_call(vm, o->write, &s, 1, NULL) != V_EXC;
    vm_pop_roots(vm, 1);
    return ok;
}

/* sep and end: None or a str */
static bool text_opt(VM *vm, Value v, const char *what, const char *dflt, const char **s, size_t *n)
{
    if (v == V_UNBOUND || v == V_NONE) {
        *s = dflt;
        *n = strlen(dflt);
        return true;
    }
    if (!vm_is_subtype(vm_type_of(vm, v), vm->t_str)) {
        vm_raise(vm, vm->e_TypeError, "%s must be None or a string, not %s", what, tname(vm, v));
        return false;
    }
    *s = AS_STR(v)->data;
    *n = AS_STR(v)->len;
    return true;
}

/* print(*objects, sep=' ', end='\n', file=None, flush=False) */
static Value bi_print(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"sep", "end", "file", "flush"};
    Value o[4];
    if (!vm_parse_args(vm, "print", args + nargs, 0, kw, names, 4, 0, 0, o)) return V_EXC;
    Value file = o[2] == V_UNBOUND || o[2] == V_NONE ? sys_attr(vm, "stdout") : o[2];
    if (file == V_NONE) return V_NONE;
    Out out = {vm->out, V_NONE};
    if (file != V_UNBOUND && !(out.f = native_stream(vm, file))) {
        out.write = vm_getattr(vm, file, vm_intern(vm, "write", 5));
        if (out.write == V_EXC) return V_EXC;
    }
    const char *sep, *end;
    size_t nsep, nend;
    if (!text_opt(vm, o[0], "sep", " ", &sep, &nsep) || !text_opt(vm, o[1], "end", "\n", &end, &nend)) return V_EXC;
    size_t mark = vm->nroots;
    vm_push_root(vm, out.write);
    bool ok = true;
    for (int i = 0; ok && i < nargs; i++) {
        if (i) ok = out_text(vm, &out, sep, nsep);
        ok = ok && out_value(vm, &out, args[i]);
    }
    ok = ok && out_text(vm, &out, end, nend);
    int flush = ok && o[3] != V_UNBOUND ? vm_truthy(vm, o[3]) : 0;
    if (flush > 0) {
        if (out.f) ok = fflush(out.f) == 0 || flush_failed(vm, out.f);
        else ok = vm_call_method(vm, file, vm_intern(vm, "flush", 5), NULL, 0) != V_EXC;
    }
    vm_pop_roots(vm, vm->nroots - mark);
    return ok && flush >= 0 ? V_NONE : V_EXC;
}

/* input(prompt=None): a line of stdin without its newline */
static Value bi_input(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "input", nargs, kw, 0, 1)) return V_EXC;
    if (nargs == 1) {
        Value p = vm_str(vm, args[0]);
        if (p == V_EXC) return V_EXC;
        fwrite(AS_STR(p)->data, 1, AS_STR(p)->len, vm->out);
    }
    vm_flush_out(vm);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    do {
        clearerr(stdin);
        n = getline(&line, &cap, stdin);
    } while (n < 0 && errno == EINTR && vm_check_signals(vm));
    if (n < 0) {
        free(line);
        return vm->exc != V_NONE ? V_EXC : vm_raise(vm, vm->e_EOFError, "EOF when reading a line");
    }
    if (n > 0 && line[n - 1] == '\n') n--;
    if (n > 0 && line[n - 1] == '\r') n--;
    Value r = vm_new_str(vm, line, (size_t)n);
    free(line);
    return r;
}

/* ---- one-argument functions --------------------------------------------------------------- */

static Value bi_len(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_check_fixed(vm, "len", nargs, kw, 1) ? vm_len(vm, args[0]) : V_EXC;
}

static Value bi_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_check_fixed(vm, "repr", nargs, kw, 1) ? vm_repr(vm, args[0]) : V_EXC;
}

static Value bi_ascii(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_check_fixed(vm, "ascii", nargs, kw, 1) ? vm_ascii(vm, args[0]) : V_EXC;
}

static Value bi_hash(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int64_t h;
    if (!vm_check_fixed(vm, "hash", nargs, kw, 1) || !vm_hash(vm, args[0], &h)) return V_EXC;
    return vm_int_from_i64(vm, h);
}

/* the object's address, or for an unboxed value its bits */
static Value bi_id(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_fixed(vm, "id", nargs, kw, 1)) return V_EXC;
    uint64_t id = v_is_obj(args[0]) ? (uint64_t)(uintptr_t)v_as_obj(args[0]) : args[0];
    if (id <= INT64_MAX) return vm_int_from_i64(vm, (int64_t)id);
    mpz_t z;
    mpz_init_set_ui(z, id);
    Value r = vm_int_from_mpz(vm, z);
    mpz_clear(z);
    return r;
}

static bool is_callable(VM *vm, Value v)
{
    if (v_is_obj(v)) {
        uint8_t l = v_as_obj(v)->type->layout;
        if (l == LAYOUT_FUNC || l == LAYOUT_BUILTIN || l == LAYOUT_METHOD || l == LAYOUT_TYPE) return true;
    }
    return vm_type_lookup(vm_type_of(vm, v), vm->s___call__) != V_UNBOUND;
}

static Value bi_callable(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_check_fixed(vm, "callable", nargs, kw, 1) ? v_bool(is_callable(vm, args[0])) : V_EXC;
}

static Value bi_abs(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_fixed(vm, "abs", nargs, kw, 1)) return V_EXC;
    Value x = args[0];
    if (v_is_int(x)) return vm_int_from_i64(vm, v_as_int(x) < 0 ? -v_as_int(x) : v_as_int(x));
    if (v_is_double(x)) return v_double(fabs(v_as_double(x)));
    Value f = vm_type_lookup(vm_type_of(vm, x), vm->s___abs__);
    if (f == V_UNBOUND) return vm_raise(vm, vm->e_TypeError, "bad operand type for abs(): '%s'", tname(vm, x));
    return vm_call(vm, f, &x, 1, NULL);
}

/* chr(i): the one-character str of code point i */
static Value bi_chr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_fixed(vm, "chr", nargs, kw, 1)) return V_EXC;
    Value n = vm_number_index(vm, args[0]);
    if (n == V_EXC) return V_EXC;
    if (!v_is_int(n) || v_as_int(n) > INT_MAX || v_as_int(n) < INT_MIN)
        return vm_raise(vm, vm->e_OverflowError, "Python int too large to convert to C int");
    int64_t c = v_as_int(n);
    if (c < 0 || c > 0x10FFFF) return vm_raise(vm, vm->e_ValueError, "chr() arg not in range(0x110000)");
    if (c < 128 && v_is_obj(vm->small_strs[c])) return vm->small_strs[c];
    char buf[4];
    return vm_new_str(vm, buf, (size_t)uni_encode_utf8((uint32_t)c, buf));
}

/* The code point of a one-character UTF-8 string (surrogates in their three-byte form too). */
static uint32_t first_code_point(const unsigned char *s)
{
    if (s[0] < 0x80) return s[0];
    if (s[0] < 0xE0) return (uint32_t)(s[0] & 0x1F) << 6 | (s[1] & 0x3F);
    if (s[0] < 0xF0) return (uint32_t)(s[0] & 0x0F) << 12 | (uint32_t)(s[1] & 0x3F) << 6 | (s[2] & 0x3F);
    return (uint32_t)(s[0] & 0x07) << 18 | (uint32_t)(s[1] & 0x3F) << 12 | (uint32_t)(s[2] & 0x3F) << 6 | (s[3] & 0x3F);
}

static Value bi_ord(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_fixed(vm, "ord", nargs, kw, 1)) return V_EXC;
    Value c = args[0];
    size_t len;
    uint32_t cp;
    if (v_has_layout(c, LAYOUT_STR)) {
        len = AS_STR(c)->nchars;
        cp = len == 1 ? first_code_point((const unsigned char *)AS_STR(c)->data) : 0;
    } else if (v_has_layout(c, LAYOUT_BYTES)) {
        len = ((BytesObj *)v_as_obj(c))->len;
        cp = len == 1 ? ((BytesObj *)v_as_obj(c))->data[0] : 0;
    } else if (v_has_layout(c, LAYOUT_BYTEARRAY)) {
        len = ((ByteArrayObj *)v_as_obj(c))->len;
        cp = len == 1 ? ((ByteArrayObj *)v_as_obj(c))->data[0] : 0;
    } else {
        return vm_raise(vm, vm->e_TypeError, "ord() expected string of length 1, but %s found", tname(vm, c));
    }
    if (len != 1)
        return vm_raise(vm, vm->e_TypeError, "ord() expected a character, but string of length %zu found", len);
    return v_int(cp);
}

static void gmp_free_str(char *s)
{
    void (*gmp_free)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &gmp_free);
    gmp_free(s, strlen(s) + 1);
}

/* hex(), oct(), bin(): '-0x1f' */
static Value int_text(VM *vm, Value *args, int nargs, TupleObj *kw, const char *fname, int base, const char *prefix)
{
    if (!vm_check_fixed(vm, fname, nargs, kw, 1)) return V_EXC;
    Value n = vm_number_index(vm, args[0]);
    if (n == V_EXC) return V_EXC;
    mpz_t z;
    mpz_init(z);
    vm_int_to_mpz(n, z);
    StrBuf b;
    sb_init(&b);
    if (mpz_sgn(z) < 0) sb_putc(&b, '-');
    sb_puts(&b, prefix);
    mpz_abs(z, z);
    char *digits = mpz_get_str(NULL, base, z);
    sb_puts(&b, digits);
    gmp_free_str(digits);
    mpz_clear(z);
    return vm_sb_finish(vm, &b);
}

static Value bi_hex(VM *vm, Value *args, int nargs, TupleObj *kw) { return int_text(vm, args, nargs, kw, "hex", 16, "0x"); }
static Value bi_oct(VM *vm, Value *args, int nargs, TupleObj *kw) { return int_text(vm, args, nargs, kw, "oct", 8, "0o"); }
static Value bi_bin(VM *vm, Value *args, int nargs, TupleObj *kw) { return int_text(vm, args, nargs, kw, "bin", 2, "0b"); }

/* ---- attributes ---------------------------------------------------------------------------- */

static StrObj *attr_name(VM *vm, Value name)
{
    if (!v_has_layout(name, LAYOUT_STR)) {
        vm_raise(vm, vm->e_TypeError, "attribute name must be string, not '%s'", tname(vm, name));
        return NULL;
    }
    return vm_intern(vm, AS_STR(name)->data, AS_STR(name)->len);
}

/* clears a pending AttributeError; false when another error is pending */
static bool swallow_attribute_error(VM *vm)
{
    if (!vm_exc_matches(vm, vm->exc, v_obj(vm->e_AttributeError))) return false;
    vm->exc = V_NONE;
    return true;
}

/* getattr(object, name[, default]) */
static Value bi_getattr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "getattr", nargs, kw, 2, 3)) return V_EXC;
    StrObj *name = attr_name(vm, args[1]);
    if (!name) return V_EXC;
    Value v = vm_getattr(vm, args[0], name);
    if (v == V_EXC && nargs == 3 && swallow_attribute_error(vm)) return args[2];
    return v;
}

static Value bi_hasattr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "hasattr", nargs, kw, 2, 2)) return V_EXC;
    StrObj *name = attr_name(vm, args[1]);
    if (!name) return V_EXC;
    Value v = vm_getattr(vm, args[0], name);
    if (v != V_EXC) return V_TRUE;
    return swallow_attribute_error(vm) ? V_FALSE : V_EXC;
}

static Value bi_setattr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "setattr", nargs, kw, 3, 3)) return V_EXC;
    StrObj *name = attr_name(vm, args[1]);
    return name && vm_setattr(vm, args[0], name, args[2]) ? V_NONE : V_EXC;
}

static Value bi_delattr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "delattr", nargs, kw, 2, 2)) return V_EXC;
    StrObj *name = attr_name(vm, args[1]);
    return name && vm_delattr(vm, args[0], name) ? V_NONE : V_EXC;
}

/* isinstance(obj, class_or_tuple) and issubclass(cls, class_or_tuple):
 * exact types answer from the MRO; tuples (nested too) by any member; other
 * classes through their metaclass's __instancecheck__ / __subclasscheck__. */
typedef struct {
    const char *hook;     /* "__instancecheck__" */
    const char *bad_cls;  /* TypeError for an unusable second argument */
} ClassCheck;

static const ClassCheck instance_check = {
    "__instancecheck__", "isinstance() arg 2 must be a type, a tuple of types, or a union"};
static const ClassCheck subclass_check = {
    "__subclasscheck__", "issubclass() arg 2 must be a class, a tuple of classes, or a union"};

/* the plain test: x's type (isinstance) or x itself (issubclass) derives from cls */
static int plain_check(VM *vm, const ClassCheck *c, Value x, Value cls)
{
    if (!v_has_layout(cls, LAYOUT_TYPE)) {
        vm_raise(vm, vm->e_TypeError, "%s", c->bad_cls);
        return -1;
    }
    if (c == &instance_check) return vm_is_subtype(vm_type_of(vm, x), AS_TYPE(cls));
    if (!v_has_layout(x, LAYOUT_TYPE)) {
        vm_raise(vm, vm->e_TypeError, "issubclass() arg 1 must be a class");
        return -1;
    }
    return vm_is_subtype(AS_TYPE(x), AS_TYPE(cls));
}

static int class_check(VM *vm, const ClassCheck *c, Value x, Value cls, int depth)
{
    if (c == &instance_check && v_obj(vm_type_of(vm, x)) == cls) return 1;
    if (v_has_layout(cls, LAYOUT_TYPE) && vm_type_of(vm, cls) == vm->t_type) return plain_check(vm, c, x, cls);
    if (v_has_layout(cls, LAYOUT_TUPLE)) {
        if (depth > vm->recursion_limit) {
            vm_raise(vm, vm->e_RecursionError, "maximum recursion depth exceeded in %s", c->hook);
            return -1;
        }
        TupleObj *t = AS_TUPLE(cls);
        for (uint32_t i = 0; i < t->len; i++) {
            int r = class_check(vm, c, x, t->items[i], depth + 1);
            if (r) return r;
        }
        return 0;
    }
    Value hook = vm_type_lookup(vm_type_of(vm, cls), vm_intern(vm, c->hook, strlen(c->hook)));
    if (hook == V_UNBOUND) return plain_check(vm, c, x, cls);
    Value a[2] = {cls, x};
    Value r = vm_call(vm, hook, a, 2, NULL);
    return r == V_EXC ? -1 : vm_truthy(vm, r);
}

static Value bi_isinstance(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "isinstance", nargs, kw, 2, 2)) return V_EXC;
    int r = class_check(vm, &instance_check, args[0], args[1], 0);
    return r < 0 ? V_EXC : v_bool(r);
}

static Value bi_issubclass(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "issubclass", nargs, kw, 2, 2)) return V_EXC;
    int r = class_check(vm, &subclass_check, args[0], args[1], 0);
    return r < 0 ? V_EXC : v_bool(r);
}

/* ---- namespaces ---------------------------------------------------------------------------- */

static Value bi_globals(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_check_fixed(vm, "globals", nargs, kw, 0) ? v_obj(vm_current_globals(vm)) : V_EXC;
}

static Value bi_locals(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return vm_check_fixed(vm, "locals", nargs, kw, 0) ? vm_current_locals(vm) : V_EXC;
}

/* vars([object]): object.__dict__, or locals() */
static Value bi_vars(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "vars", nargs, kw, 0, 1)) return V_EXC;
    if (nargs == 0) return vm_current_locals(vm);
    Value d = vm_getattr(vm, args[0], vm->s___dict__);
    if (d == V_EXC && swallow_attribute_error(vm))
        return vm_raise(vm, vm->e_TypeError, "vars() argument must have __dict__ attribute");
    return d;
}

/* adds the keys of namespace d (if any) to the set of names */
static bool add_names(VM *vm, Value names, DictObj *d)
{
    for (uint32_t i = 0; d && i < d->nentries; i++)
        if (d->entries[i].key != V_UNBOUND && !vm_dict_set(vm, AS_DICT(names), d->entries[i].key, V_NONE)) return false;
    return true;
}

/* the namespaces of t's MRO */
static bool add_class_names(VM *vm, Value names, TypeObj *t)
{
    if (!t->mro) return add_names(vm, names, t->hdr.dict);
    for (uint32_t i = 0; i < t->mro->len; i++)
        if (!add_names(vm, names, AS_TYPE(t->mro->items[i])->hdr.dict)) return false;
    return true;
}

/* object.__dir__'s names: a module's namespace, a class's and its bases',
 * an instance's own and its class's */
static Value default_dir(VM *vm, Value o)
{
    Value names = vm_new_dict(vm);
    if (names == V_EXC) return V_EXC;
    vm_push_root(vm, names);
    Obj *obj = v_is_obj(o) ? v_as_obj(o) : NULL;
    bool ok;
    if (obj && obj->type->layout == LAYOUT_MODULE) ok = add_names(vm, names, obj->dict);
    else if (obj && obj->type->layout == LAYOUT_TYPE) ok = add_class_names(vm, names, (TypeObj *)obj);
    else ok = add_names(vm, names, obj ? obj->dict : NULL) && add_class_names(vm, names, vm_type_of(vm, o));
    vm_pop_roots(vm, 1);
    return ok ? names : V_EXC;
}

/* dir([object]): sorted names, from the object's __dir__ when its class has one,
 * or for a module, a __dir__ function of its own (PEP 562) */
static Value bi_dir(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "dir", nargs, kw, 0, 1)) return V_EXC;
    Value src;
    if (nargs == 0) {
        src = vm_current_locals(vm);
    } else {
        StrObj *name = vm_intern(vm, "__dir__", 7);
        Obj *obj = v_is_obj(args[0]) ? v_as_obj(args[0]) : NULL;
        Value own = obj && obj->type->layout == LAYOUT_MODULE && obj->dict ? vm_dict_get_str(obj->dict, name) : V_UNBOUND;
        Value f = own != V_UNBOUND ? V_UNBOUND : vm_type_lookup(vm_type_of(vm, args[0]), name);
        src = own != V_UNBOUND  ? vm_call(vm, own, NULL, 0, NULL)
              : f == V_UNBOUND ? default_dir(vm, args[0]) : vm_call(vm, f, args, 1, NULL);
    }
    if (src == V_EXC) return V_EXC;
    vm_push_root(vm, src);
    Value l = vm_list_from(vm, src);
    vm_pop_roots(vm, 1);
    if (l == V_EXC) return V_EXC;
    vm_push_root(vm, l);
    bool ok = vm_list_sort(vm, AS_LIST(l), V_NONE, false);
    vm_pop_roots(vm, 1);
    return ok ? l : V_EXC;
}

/* ---- iteration ------------------------------------------------------------------------------ */

/* iter(object) / iter(callable, sentinel) */
static Value bi_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "iter", nargs, kw, 1, 2)) return V_EXC;
    if (nargs == 1) return vm_iter(vm, args[0]);
    if (!is_callable(vm, args[0])) return vm_raise(vm, vm->e_TypeError, "iter(v, w): v must be callable");
    Value it = vm_new_iter(vm, vm->t_callable_iterator, args[0]);
    if (it != V_EXC) ((IterObj *)v_as_obj(it))->extra = args[1];
    return it;
}

/* next(iterator[, default]) */
static Value bi_next(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "next", nargs, kw, 1, 2)) return V_EXC;
    TypeObj *t = vm_type_of(vm, args[0]);
    if (!t->iternext && vm_type_lookup(t, vm->s___next__) == V_UNBOUND)
        return vm_raise(vm, vm->e_TypeError, "'%s' object is not an iterator", t->name->data);
    /* a generator's return value travels in the StopIteration */
    Value ret = V_NONE;
    Value v = v_has_layout(args[0], LAYOUT_GEN) ? vm_gen_send(vm, (GenObj *)v_as_obj(args[0]), V_NONE, &ret)
                                                : vm_next(vm, args[0]);
    if (v != V_UNBOUND) return v;
    if (nargs == 2) return args[1];
    if (!v_has_layout(args[0], LAYOUT_GEN) && v_is_obj(vm->stop_exc)) {
        /* the StopIteration a __next__ raised (through enumerate, map, zip ...) */
        Value stop = vm->stop_exc;
        vm->stop_exc = V_NONE;
        return vm_raise_value(vm, stop);
    }
    Value stop = vm_new_exception(vm, vm->e_StopIteration, &ret, ret != V_NONE);
    return stop == V_EXC ? V_EXC : vm_raise_value(vm, stop);
}

typedef struct {
    bool want;   /* any(): stop at the first true item; all(): at the first false */
    bool found;
} Quantifier;

static int quantify_item(VM *vm, void *ctx, Value item)
{
    Quantifier *q = ctx;
    int t = vm_truthy(vm, item);
    if (t < 0) return -1;
    if ((t == 1) != q->want) return 1;
    q->found = true;
    return 0;
}

static Value quantify(VM *vm, Value *args, int nargs, TupleObj *kw, const char *fname, bool want)
{
    if (!vm_check_fixed(vm, fname, nargs, kw, 1)) return V_EXC;
    Quantifier q = {want, false};
    if (vm_foreach(vm, args[0], quantify_item, &q) < 0) return V_EXC;
    return v_bool(q.found == want);
}

static Value bi_any(VM *vm, Value *args, int nargs, TupleObj *kw) { return quantify(vm, args, nargs, kw, "any", true); }
static Value bi_all(VM *vm, Value *args, int nargs, TupleObj *kw) { return quantify(vm, args, nargs, kw, "all", false); }

/* the best item so far and its key live in two root slots */
typedef struct {
    int op;        /* AST_Lt for min, AST_Gt for max */
    Value key;     /* V_NONE: the items themselves */
    size_t slot;
    bool any;
} Extreme;

static int extreme_item(VM *vm, void *ctx, Value item)
{
    Extreme *m = ctx;
    Value k = item;
    if (m->key != V_NONE && (k = vm_call(vm, m->key, &item, 1, NULL)) == V_EXC) return -1;
    if (!m->any) {
        m->any = true;
        vm->roots[m->slot] = item;
        vm->roots[m->slot + 1] = k;
        return 1;
    }
    Value best = vm->roots[m->slot + 1];
    int better;
    if (v_is_int(k) && v_is_int(best)) {
        better = m->op == AST_Lt ? v_as_int(k) < v_as_int(best) : v_as_int(k) > v_as_int(best);
    } else if (v_is_double(k) && v_is_double(best)) {
        better = m->op == AST_Lt ? v_as_double(k) < v_as_double(best) : v_as_double(k) > v_as_double(best);
    } else {
        vm_push_root(vm, k);
        Value r = vm_compare(vm, m->op, k, best);
        better = r == V_TRUE || r == V_FALSE ? r == V_TRUE : r == V_EXC ? -1 : vm_truthy(vm, r);
        vm_pop_roots(vm, 1);
    }
    if (better < 0) return -1;
    if (better) {
        vm->roots[m->slot] = item;
        vm->roots[m->slot + 1] = k;
    }
    return 1;
}

/* min / max(iterable, *[, default=obj, key=func]) or (arg1, arg2, *args, *[, key=func]) */
static Value extreme(VM *vm, Value *args, int nargs, TupleObj *kw, int op, const char *fname)
{
    static const char *const names[] = {"key", "default"};
    Value o[2];
    if (!vm_parse_args(vm, fname, args + nargs, 0, kw, names, 2, 0, 0, o)) return V_EXC;
    if (nargs == 0) return vm_raise(vm, vm->e_TypeError, "%s expected at least 1 argument, got 0", fname);
    if (nargs > 1 && o[1] != V_UNBOUND)
        return vm_raise(vm, vm->e_TypeError, "Cannot specify a default for %s() with multiple positional arguments",
                        fname);
    Extreme m = {op, o[0] == V_UNBOUND ? V_NONE : o[0], vm->nroots, false};
    vm_push_root(vm, V_NONE);
    vm_push_root(vm, V_NONE);
    int r = 1;
    if (nargs == 1) r = vm_foreach(vm, args[0], extreme_item, &m);
    for (int i = 0; nargs > 1 && r > 0 && i < nargs; i++) r = extreme_item(vm, &m, args[i]);
    Value best = vm->roots[m.slot];
    vm_pop_roots(vm, vm->nroots - m.slot);
    if (r < 0) return V_EXC;
    if (m.any) return best;
    if (o[1] != V_UNBOUND) return o[1];
    return vm_raise(vm, vm->e_ValueError, "%s() arg is an empty sequence", fname);
}

static Value bi_min(VM *vm, Value *args, int nargs, TupleObj *kw) { return extreme(vm, args, nargs, kw, AST_Lt, "min"); }
static Value bi_max(VM *vm, Value *args, int nargs, TupleObj *kw) { return extreme(vm, args, nargs, kw, AST_Gt, "max"); }

/* sum's running total, in a root slot */
static int sum_item(VM *vm, void *ctx, Value item)
{
    size_t slot = *(size_t *)ctx;
    Value acc = vm->roots[slot], r;
    if (v_is_int(acc) && v_is_int(item)) r = vm_int_from_i64(vm, v_as_int(acc) + v_as_int(item));
    else if (v_is_double(acc) && v_is_double(item)) r = v_double(v_as_double(acc) + v_as_double(item));
    else if (v_is_double(acc) && v_is_int(item)) r = v_double(v_as_double(acc) + (double)v_as_int(item));
    else r = vm_binary(vm, AST_Add, acc, item);
    if (r == V_EXC) return -1;
    vm->roots[slot] = r;
    return 1;
}

/* sum(iterable, /, start=0): left to right, as 3.11 adds floats too */
static Value bi_sum(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"", "start"};
    Value o[2];
    if (!vm_parse_args(vm, "sum", args, nargs, kw, names, 2, 2, 1, o)) return V_EXC;
    Value start = o[1] == V_UNBOUND ? v_int(0) : o[1];
    TypeObj *st = vm_type_of(vm, start);
    if (vm_is_subtype(st, vm->t_str)) return vm_raise(vm, vm->e_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
    if (vm_is_subtype(st, vm->t_bytes)) return vm_raise(vm, vm->e_TypeError, "sum() can't sum bytes [use b''.join(seq) instead]");
    if (vm_is_subtype(st, vm->t_bytearray))
        return vm_raise(vm, vm->e_TypeError, "sum() can't sum bytearray [use b''.join(seq) instead]");
    size_t slot = vm->nroots;
    vm_push_root(vm, start);
    int r = vm_foreach(vm, o[0], sum_item, &slot);
    Value total = vm->roots[slot];
    vm_pop_roots(vm, vm->nroots - slot);
    return r < 0 ? V_EXC : total;
}

/* sorted(iterable, /, *, key=None, reverse=False) */
static Value bi_sorted(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"key", "reverse"};
    Value o[2];
    if (!vm_check_nargs(vm, "sorted", nargs, NULL, 1, 1) || !vm_parse_args(vm, "sort", args + nargs, 0, kw, names, 2, 0, 0, o))
        return V_EXC;
    int64_t reverse = 0;
    if (o[1] != V_UNBOUND && !vm_index(vm, o[1], &reverse)) return V_EXC;
    Value l = vm_list_from(vm, args[0]);
    if (l == V_EXC) return V_EXC;
    vm_push_root(vm, l);
    bool ok = vm_list_sort(vm, AS_LIST(l), o[0] == V_UNBOUND ? V_NONE : o[0], reverse != 0);
    vm_pop_roots(vm, 1);
    return ok ? l : V_EXC;
}

/* ---- numbers -------------------------------------------------------------------------------- */

/* ints, bools and floats, whose operators this file may call directly */
static bool plain_number(VM *vm, Value v)
{
    return v_is_int(v) || v_is_double(v) || v_is_bool(v) || (v_is_obj(v) && v_as_obj(v)->type == vm->t_int);
}

/* a.name(b), else b.rname(a) (first when b's class derives from a's and overrides it) */
static Value reflected_call(VM *vm, Value a, Value b, const char *name, const char *rname, const char *opname)
{
    TypeObj *ta = vm_type_of(vm, a), *tb = vm_type_of(vm, b);
    StrObj *rn = vm_intern(vm, rname, strlen(rname));
    Value fa = vm_type_lookup(ta, vm_intern(vm, name, strlen(name)));
    Value fb = ta == tb ? V_UNBOUND : vm_type_lookup(tb, rn);
    Value r;
    if (fb != V_UNBOUND && vm_is_subtype(tb, ta) && fb != vm_type_lookup(ta, rn)) {
        Value ab[2] = {b, a};
        if ((r = vm_call(vm, fb, ab, 2, NULL)) != V_NOTIMPL) return r;
        fb = V_UNBOUND;
    }
    if (fa != V_UNBOUND) {
        Value ab[2] = {a, b};
        if ((r = vm_call(vm, fa, ab, 2, NULL)) != V_NOTIMPL) return r;
    }
    if (fb != V_UNBOUND) {
        Value ab[2] = {b, a};
        if ((r = vm_call(vm, fb, ab, 2, NULL)) != V_NOTIMPL) return r;
    }
    return vm_raise(vm, vm->e_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'", opname, ta->name->data,
                    tb->name->data);
}

static bool is_zero(Value v) { return v_is_double(v) ? v_as_double(v) == 0.0 : v == v_int(0) || v == V_FALSE; }

/* divmod(a, b): (a // b, a % b) for numbers, else __divmod__ / __rdivmod__ */
static Value bi_divmod(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "divmod", nargs, kw, 2, 2)) return V_EXC;
    Value a = args[0], b = args[1];
    if (!plain_number(vm, a) || !plain_number(vm, b)) return reflected_call(vm, a, b, "__divmod__", "__rdivmod__", "divmod()");
    if ((v_is_double(a) || v_is_double(b)) && is_zero(b)) return vm_raise(vm, vm->e_ZeroDivisionError, "float divmod()");
    Value qr[2];
    qr[0] = vm_binary(vm, AST_FloorDiv, a, b);
    if (qr[0] == V_EXC) return V_EXC;
    vm_push_root(vm, qr[0]);
    qr[1] = vm_binary(vm, AST_Mod, a, b);
    vm_pop_roots(vm, 1);
    return qr[1] == V_EXC ? V_EXC : vm_tuple_of(vm, qr, 2);
}

/* pow(base, exp, mod) for ints: modular, with inverses for negative exponents */
static Value int_powmod(VM *vm, Value base, Value exp, Value mod)
{
    mpz_t b, e, m, am;
    mpz_inits(b, e, m, am, NULL);
    vm_int_to_mpz(base, b);
    vm_int_to_mpz(exp, e);
    vm_int_to_mpz(mod, m);
    mpz_abs(am, m);
    Value r = V_EXC;
    if (mpz_sgn(m) == 0) {
        vm_raise(vm, vm->e_ValueError, "pow() 3rd argument cannot be 0");
    } else if (mpz_cmp_ui(am, 1) == 0) {
        r = v_int(0);
    } else if (mpz_sgn(e) < 0 && !mpz_invert(b, b, am)) {
        vm_raise(vm, vm->e_ValueError, "base is not invertible for the given modulus");
    } else {
        mpz_abs(e, e);
        mpz_powm(b, b, e, am);
        /* the result takes the modulus's sign, as % does */
        if (mpz_sgn(m) < 0 && mpz_sgn(b) != 0) mpz_add(b, b, m);
        r = vm_int_from_mpz(vm, b);
    }
    mpz_clears(b, e, m, am, NULL);
    return r;
}

/* pow(base, exp, mod=None) */
static Value bi_pow(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"base", "exp", "mod"};
    Value o[3];
    if (!vm_parse_args(vm, "pow", args, nargs, kw, names, 3, 3, 2, o)) return V_EXC;
    if (o[2] == V_UNBOUND || o[2] == V_NONE) return vm_binary(vm, AST_Pow, o[0], o[1]);
    if (vm_is_int(vm, o[0]) && vm_is_int(vm, o[1]) && vm_is_int(vm, o[2])) return int_powmod(vm, o[0], o[1], o[2]);
    if (plain_number(vm, o[0]) && plain_number(vm, o[1]) && plain_number(vm, o[2]))
        return vm_raise(vm, vm->e_TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
    Value f = vm_type_lookup(vm_type_of(vm, o[0]), vm_intern(vm, "__pow__", 7));
    Value r = f == V_UNBOUND ? V_NOTIMPL : vm_call(vm, f, o, 3, NULL);
    if (r != V_NOTIMPL) return r;
    return vm_raise(vm, vm->e_TypeError, "unsupported operand type(s) for ** or pow(): '%s', '%s', '%s'", tname(vm, o[0]),
                    tname(vm, o[1]), tname(vm, o[2]));
}

/* q rounded to an integer, ties to even */
static void round_half_even(mpz_t out, const mpz_t num, const mpz_t den)
{
    mpz_t r;
    mpz_init(r);
    mpz_fdiv_qr(out, r, num, den);
    mpz_mul_2exp(r, r, 1);
    int c = mpz_cmp(r, den);
    if (c > 0 || (c == 0 && mpz_odd_p(out))) mpz_add_ui(out, out, 1);
    mpz_clear(r);
}

/* round(int, ndigits) for ndigits < 0: to a multiple of 10**-ndigits, ties to even */
static Value round_int(VM *vm, Value x, int64_t ndigits)
{
    mpz_t z, p, q;
    mpz_inits(z, p, q, NULL);
    vm_int_to_mpz(x, z);
    /* past its own length every digit rounds away */
    if ((uint64_t)-ndigits > mpz_sizeinbase(z, 10) + 1) {
        mpz_set_ui(z, 0);
    } else {
        mpz_ui_pow_ui(p, 10, (unsigned long)-ndigits);
        round_half_even(q, z, p);
        mpz_mul(z, q, p);
    }
    Value r = vm_int_from_mpz(vm, z);
    mpz_clears(z, p, q, NULL);
    return r;
}

/* round(x, ndigits) for a float, as CPython's correctly rounded double_round:
 * x's exact value rounded half-even to ndigits decimals, read back. */
static Value round_float(VM *vm, double x, int64_t ndigits)
{
    /* (DBL_MANT_DIG - DBL_MIN_EXP) * log10(2) and -(DBL_MAX_EXP + 1) * log10(2) */
    enum { NDIGITS_MAX = 323, NDIGITS_MIN = -308 };
    if (!isfinite(x) || ndigits > NDIGITS_MAX) return v_double(x);
    if (ndigits < NDIGITS_MIN) return v_double(0.0 * x);
    mpq_t q;
    mpz_t p, m;
    mpq_init(q);
    mpz_inits(p, m, NULL);
    mpq_set_d(q, x);
    mpz_ui_pow_ui(p, 10, (unsigned long)(ndigits < 0 ? -ndigits : ndigits));
    if (ndigits >= 0) mpz_mul(mpq_numref(q), mpq_numref(q), p);
    else mpz_mul(mpq_denref(q), mpq_denref(q), p);
    round_half_even(m, mpq_numref(q), mpq_denref(q));
    char *digits = mpz_get_str(NULL, 10, m);
    size_t n = strlen(digits);
    char *text = malloc(n + 24);
    Value r;
    if (!text) {
        r = vm_raise(vm, vm->e_MemoryError, "out of memory");
    } else {
        snprintf(text, n + 24, "%se%lld", digits, (long long)-ndigits);
        double y = strtod(text, NULL);
        if (isinf(y)) r = vm_raise(vm, vm->e_OverflowError, "rounded value too large to represent");
        else r = v_double(y == 0.0 ? copysign(0.0, x) : y);
        free(text);
    }
    gmp_free_str(digits);
    mpq_clear(q);
    mpz_clears(p, m, NULL);
    return r;
}

/* round(number, ndigits=None) */
static Value bi_round(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"number", "ndigits"};
    Value o[2];
    if (!vm_parse_args(vm, "round", args, nargs, kw, names, 2, 2, 1, o)) return V_EXC;
    Value x = o[0];
    bool none = o[1] == V_UNBOUND || o[1] == V_NONE;
    if (!plain_number(vm, x)) {
        Value f = vm_type_lookup(vm_type_of(vm, x), vm->s___round__);
        if (f == V_UNBOUND)
            return vm_raise(vm, vm->e_TypeError, "type %s doesn't define __round__ method", tname(vm, x));
        return vm_call(vm, f, o, none ? 1 : 2, NULL);
    }
    if (none) {
        if (!v_is_double(x)) return vm_number_index(vm, x);
        return vm_int_from_double(vm, rint(v_as_double(x)));
    }
    Value nd = vm_number_index(vm, o[1]);
    if (nd == V_EXC) return V_EXC;
    int64_t n = v_is_int(nd) ? v_as_int(nd) : mpz_sgn(AS_BIGINT(nd)->z) < 0 ? INT64_MIN / 2 : INT64_MAX / 2;
    if (v_is_double(x)) return round_float(vm, v_as_double(x), n);
    x = vm_number_index(vm, x);
    return x == V_EXC || n >= 0 ? x : round_int(vm, x, n);
}

/* format(value, format_spec='') */
static Value bi_format(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!vm_check_nargs(vm, "format", nargs, kw, 1, 2)) return V_EXC;
    Value spec = nargs == 2 ? args[1] : vm_cstr(vm, "");
    if (spec == V_EXC) return V_EXC;
    if (!vm_is_subtype(vm_type_of(vm, spec), vm->t_str))
        return vm_raise(vm, vm->e_TypeError, "format() argument 2 must be str, not %s", tname(vm, spec));
    return vm_format(vm, args[0], spec);
}

/* ---- registration ------------------------------------------------------------------------ */

#define BUILTIN_FUNCTIONS(X)                                                                     \
    X(print) X(input) X(len) X(repr) X(ascii) X(hash) X(id) X(callable) X(abs) X(chr) X(ord)     \
    X(hex) X(oct) X(bin) X(getattr) X(hasattr) X(setattr) X(delattr) X(isinstance)               \
    X(issubclass) X(globals) X(locals) X(vars) X(dir) X(iter) X(next) X(any) X(all) X(min)       \
    X(max) X(sum) X(sorted) X(divmod) X(pow) X(round) X(format)

void vm_init_builtins(VM *vm)
{
#define X(name)                                                              \
    {                                                                        \
        Value f = vm_new_builtin(vm, #name, bi_##name, V_UNBOUND);           \
        if (f != V_EXC) vm_dict_set_str(vm, vm->builtins, vm_intern(vm, #name, strlen(#name)), f); \
    }
    BUILTIN_FUNCTIONS(X)
#undef X
    vm_init_site_builtins(vm);
}

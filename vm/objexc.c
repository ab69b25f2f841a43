/* Exceptions: raising and matching, BaseException and its subclasses' fields,
 * and printing an uncaught one as CPython 3.11 does (chains, tracebacks with
 * source lines and carets, repeated frames, "Did you mean" hints). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../parser/parse.h"
#include "vm.h"

#define AS_EXC(v) ((ExcObj *)v_as_obj(v))
#define AS_TB(v) ((TracebackObj *)v_as_obj(v))

static bool is_exc(VM *vm, Value v)
{
    return v_is_obj(v) && vm_is_subtype(v_as_obj(v)->type, vm->e_BaseException);
}

static bool is_exc_class(VM *vm, Value v)
{
    return v_has_layout(v, LAYOUT_TYPE) && vm_is_subtype(AS_TYPE(v), vm->e_BaseException);
}

static StrObj *name_of(VM *vm, const char *s) { return vm_intern(vm, s, strlen(s)); }

/* Attributes beyond args live in the instance dict. */
static bool set_attr(VM *vm, Value exc, const char *name, Value v)
{
    Obj *o = v_as_obj(exc);
    if (!o->dict) {
        Value d = vm_new_dict(vm);
        if (d == V_EXC) return false;
        o->dict = AS_DICT(d);
    }
    StrObj *k = name_of(vm, name);
    return k && vm_dict_set_str(vm, o->dict, k, v);
}

static Value get_attr(VM *vm, Value exc, const char *name)
{
    DictObj *d = v_as_obj(exc)->dict;
    StrObj *k = d ? name_of(vm, name) : NULL;
    Value v = k ? vm_dict_get_str(d, k) : V_UNBOUND;
    return v == V_UNBOUND ? V_NONE : v;
}

/* ---- raising ------------------------------------------------------------------- */

/* Implicit chaining: a new exception's __context__ is the one being handled,
 * breaking any cycle that would form (CPython's _PyErr_SetObject). */
static void set_context(VM *vm, Value exc)
{
    if (!vm->nhandled) return;
    Value cur = vm->handled[vm->nhandled - 1];
    if (cur == exc || !v_has_layout(cur, LAYOUT_EXC) || !v_has_layout(exc, LAYOUT_EXC)) return;
    Value o = cur, slow = cur;
    bool step_slow = false;
    for (;;) {
        Value ctx = AS_EXC(o)->context;
        if (!v_has_layout(ctx, LAYOUT_EXC)) break;
        if (ctx == exc) {
            AS_EXC(o)->context = V_NONE;
            break;
        }
        o = ctx;
        if (o == slow) break;
        if (step_slow) slow = AS_EXC(slow)->context;
        step_slow = !step_slow;
    }
    AS_EXC(exc)->context = cur;
}

/* `thrown`: for generator.throw(), which names the type a class returned
 * by its bare name where `raise` gives its repr (as CPython words them) */
static Value raise_value(VM *vm, Value exc, bool thrown)
{
    if (v_has_layout(exc, LAYOUT_TYPE)) {
        if (!is_exc_class(vm, exc)) return vm_raise(vm, vm->e_TypeError, "exceptions must derive from BaseException");
        Value inst = vm_type_call(vm, AS_TYPE(exc), &exc, 0, NULL);
        if (inst == V_EXC) return V_EXC;
        if (!is_exc(vm, inst)) {
            /* the class by its repr, as CPython words it */
            Value got = thrown ? v_obj(vm_type_of(vm, inst)->name) : vm_repr(vm, v_obj(vm_type_of(vm, inst)));
            if (got == V_EXC) return V_EXC;
            vm_push_root(vm, got);
            Value cls = vm_repr(vm, exc);
            vm_pop_roots(vm, 1);
            if (cls == V_EXC) return V_EXC;
            return vm_raise(vm, vm->e_TypeError, "calling %s should have returned an instance of BaseException, not %s",
                            AS_STR(cls)->data, AS_STR(got)->data);
        }
        exc = inst;
    } else if (!is_exc(vm, exc)) {
        return vm_raise(vm, vm->e_TypeError, "exceptions must derive from BaseException");
    }
    set_context(vm, exc);
    vm->exc = exc;
    return V_EXC;
}

Value vm_raise_value(VM *vm, Value exc) { return raise_value(vm, exc, false); }
Value vm_raise_thrown(VM *vm, Value exc) { return raise_value(vm, exc, true); }

Value vm_new_exception(VM *vm, TypeObj *type, Value *args, int nargs)
{
    return vm_type_call(vm, type, args, nargs, NULL);
}

Value vm_raise(VM *vm, TypeObj *type, const char *fmt, ...)
{
    if (type == vm->e_MemoryError) {
        /* CPython's MemoryError from a failed allocation carries no message;
         * the interpreter may collect and retry (interp.c) */
        vm->oom_frames = vm->nframes;
        Value exc = vm_new_exception(vm, type, NULL, 0);
        if (exc == V_EXC) {
            vm->exc = vm->memory_error;
            return V_EXC;
        }
        return vm_raise_value(vm, exc);
    }
    char small[256], *buf = small;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    if ((size_t)n >= sizeof small) {
        buf = malloc((size_t)n + 1);
        if (!buf) {
            vm->exc = vm->memory_error;
            return V_EXC;
        }
        va_start(ap, fmt);
        vsnprintf(buf, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    Value msg = vm_new_str(vm, buf, (size_t)n);
    if (buf != small) free(buf);
    if (msg == V_EXC) return V_EXC;
    Value exc = vm_new_exception(vm, type, &msg, 1);
    if (exc == V_EXC) return V_EXC;
    return vm_raise_value(vm, exc);
}

Value vm_raise_name_error(VM *vm, StrObj *name)
{
    vm_raise(vm, vm->e_NameError, "name '%s' is not defined", name->data);
    Value e = vm->exc;
    if (v_has_layout(e, LAYOUT_EXC) && !set_attr(vm, e, "name", v_obj(name))) return V_EXC;
    vm->exc = e;
    return V_EXC;
}

/* CPython's offsets count characters from 1; columns here are UTF-8 bytes,
 * clipped to the line (newline included) as the parser's printer does. */
static Value char_offset(VM *vm, StrObj *file, int lineno, int col)
{
    size_t len;
    const char *line = vm_source_line(vm, file, lineno, &len);
    if (col < 0) return V_NONE;
    if (!line) return v_int(col + 1);
    int n = 0;
    for (size_t i = 0; i <= len && i < (size_t)col; i++) n += i == len || ((unsigned char)line[i] & 0xC0) != 0x80;
    return v_int(n + 1);
}

Value vm_raise_syntax_error(VM *vm, TypeObj *type, const char *msg, const char *filename, int lineno,
                            int col_offset, int end_lineno, int end_col_offset)
{
    Value fname = vm_cstr(vm, filename);
    if (fname == V_EXC) return V_EXC;
    StrObj *file = AS_STR(fname);
    size_t len = 0;
    const char *line = vm_source_line(vm, file, lineno, &len);
    Value text = V_NONE;
    if (line) {
        /* the text of a SyntaxError keeps its newline, when it has one
         * (registered sources are NUL-terminated, so line[len] is readable) */
        text = vm_new_str(vm, line, len + (line[len] == '\n'));
        if (text == V_EXC) return V_EXC;
    }
    bool ranged = end_col_offset >= 0 && end_lineno >= lineno;
    Value info[6] = {
        fname, v_int(lineno), char_offset(vm, file, lineno, col_offset), text,
        ranged ? v_int(end_lineno) : V_NONE, ranged ? char_offset(vm, file, end_lineno, end_col_offset) : V_NONE,
    };
    Value args[2] = { vm_cstr(vm, msg), vm_tuple_of(vm, info, 6) };
    if (args[0] == V_EXC || args[1] == V_EXC) return V_EXC;
    Value exc = vm_new_exception(vm, type, args, 2);
    return exc == V_EXC ? V_EXC : vm_raise_value(vm, exc);
}

/* except C / except (C1, C2): every class must derive from BaseException. */
bool vm_exc_matches(VM *vm, Value exc, Value type_or_tuple)
{
    uint32_t n = 1;
    Value *items = &type_or_tuple;
    if (v_has_layout(type_or_tuple, LAYOUT_TUPLE)) {
        n = AS_TUPLE(type_or_tuple)->len;
        items = AS_TUPLE(type_or_tuple)->items;
    }
    for (uint32_t i = 0; i < n; i++)
        if (!is_exc_class(vm, items[i]))
            return vm_raise(vm, vm->e_TypeError,
                            "catching classes that do not inherit from BaseException is not allowed"),
                   false;
    TypeObj *t = vm_type_of(vm, exc);
    for (uint32_t i = 0; i < n; i++)
        if (vm_is_subtype(t, AS_TYPE(items[i]))) return true;
    return false;
}

/* ---- BaseException ------------------------------------------------------------ */

static Value self_exc(VM *vm, Value *args, int nargs, const char *meth)
{
    if (nargs >= 1 && is_exc(vm, args[0])) return args[0];
    return vm_raise(vm, vm->e_TypeError, "descriptor '%s' requires a 'BaseException' object", meth);
}

static bool no_keywords(VM *vm, Value self, TupleObj *kw)
{
    if (!kw || !kw->len) return true;
    return vm_raise(vm, vm->e_TypeError, "%s() takes no keyword arguments", vm_type_of(vm, self)->name->data),
           false;
}

static bool set_args(VM *vm, Value self, Value *args, int nargs)
{
    Value t = vm_tuple_of(vm, args, (uint32_t)nargs);
    if (t == V_EXC) return false;
    AS_EXC(self)->args = AS_TUPLE(t);
    return true;
}

/* Attributes that read None until set, per class that has them. */
static const struct {
    size_t cls;
    const char *const names[9];
} exc_fields[] = {
    { offsetof(VM, e_StopIteration), { "value" } },
    { offsetof(VM, e_SystemExit), { "code" } },
    { offsetof(VM, e_ImportError), { "msg", "name", "path" } },
    { offsetof(VM, e_NameError), { "name" } },
    { offsetof(VM, e_AttributeError), { "name", "obj" } },
    { offsetof(VM, e_OSError), { "errno", "strerror", "filename", "filename2" } },
    { offsetof(VM, e_SyntaxError),
      { "msg", "filename", "lineno", "offset", "text", "end_lineno", "end_offset", "print_file_and_line" } },
};

static bool init_fields(VM *vm, Value exc)
{
    TypeObj *t = vm_type_of(vm, exc);
    for (size_t i = 0; i < sizeof exc_fields / sizeof *exc_fields; i++) {
        if (!vm_is_subtype(t, *(TypeObj **)((char *)vm + exc_fields[i].cls))) continue;
        for (int k = 0; k < 9 && exc_fields[i].names[k]; k++)
            if (!set_attr(vm, exc, exc_fields[i].names[k], V_NONE)) return false;
    }
    return true;
}

static Value exc_alloc(VM *vm, TypeObj *cls, Value *args, int nargs)
{
    ExcObj *e = vm_alloc(vm, cls, sizeof *e);
    if (!e) return V_EXC;
    e->args = AS_TUPLE(vm->empty_tuple);
    e->traceback = e->cause = e->context = V_NONE;
    Value v = v_obj(e);
    return set_args(vm, v, args, nargs) && init_fields(vm, v) ? v : V_EXC;
}

/* BaseException.__new__(cls, *args): args are kept even when a subclass's
 * __init__ does not pass them on; keywords are left to __init__. */
static Value exc_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->e_BaseException);
    return cls ? exc_alloc(vm, cls, args + 1, nargs - 1) : V_EXC;
}

static Value exc_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value self = self_exc(vm, args, nargs, "__init__");
    if (self == V_EXC || !no_keywords(vm, self, kw)) return V_EXC;
    return set_args(vm, self, args + 1, nargs - 1) ? V_NONE : V_EXC;
}

/* no args: ''; one: str(arg); more: str(args) */
static Value exc_str(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value self = self_exc(vm, args, nargs, "__str__");
    if (self == V_EXC) return V_EXC;
    TupleObj *a = AS_EXC(self)->args;
    if (a->len == 0) return vm_cstr(vm, "");
    return vm_str(vm, a->len == 1 ? a->items[0] : v_obj(a));
}

/* "ValueError('x')", "KeyError(1, 2)", "Exception()" */
static Value exc_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value self = self_exc(vm, args, nargs, "__repr__");
    if (self == V_EXC) return V_EXC;
    TupleObj *a = AS_EXC(self)->args;
    Value r = vm_repr(vm, a->len == 1 ? a->items[0] : v_obj(a));
    if (r == V_EXC) return V_EXC;
    StrBuf b;
    sb_init(&b);
    sb_puts(&b, vm_type_of(vm, self)->name->data);
    if (a->len == 1) sb_putc(&b, '(');
    sb_putn(&b, AS_STR(r)->data, AS_STR(r)->len);
    if (a->len == 1) sb_putc(&b, ')');
    return vm_sb_finish(vm, &b);
}

static bool valid_traceback(VM *vm, Value tb)
{
    if (tb == V_NONE || v_has_layout(tb, LAYOUT_TRACEBACK)) return true;
    return vm_raise(vm, vm->e_TypeError, "__traceback__ must be a traceback or None"), false;
}

static Value exc_with_traceback(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value self = self_exc(vm, args, nargs, "with_traceback");
    if (self == V_EXC || !vm_check_nargs(vm, "with_traceback", nargs - 1, kw, 1, 1)) return V_EXC;
    if (!valid_traceback(vm, args[1])) return V_EXC;
    AS_EXC(self)->traceback = args[1];
    return self;
}

static Value exc_add_note(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value self = self_exc(vm, args, nargs, "add_note");
    if (self == V_EXC || !vm_check_nargs(vm, "add_note", nargs - 1, kw, 1, 1)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "note must be a str, not '%s'", vm_type_of(vm, args[1])->name->data);
    DictObj *d = v_as_obj(self)->dict;
    StrObj *key = name_of(vm, "__notes__");
    Value notes = d && key ? vm_dict_get_str(d, key) : V_UNBOUND;
    if (notes == V_UNBOUND) {
        notes = vm_new_list(vm, 1);
        if (notes == V_EXC || !set_attr(vm, self, "__notes__", notes)) return V_EXC;
    } else if (!v_has_layout(notes, LAYOUT_LIST)) {
        return vm_raise(vm, vm->e_TypeError, "Cannot add note: __notes__ is not a list");
    }
    return vm_list_append(vm, AS_LIST(notes), args[1]) ? V_NONE : V_EXC;
}

static Value exc_args_get(VM *vm, Value *a, int n, TupleObj *k) { return v_obj(AS_EXC(a[0])->args); }

static Value exc_args_set(VM *vm, Value *a, int n, TupleObj *k)
{
    if (n < 2) return vm_raise(vm, vm->e_TypeError, "args may not be deleted");
    Value l = vm_list_from(vm, a[1]);
    if (l == V_EXC) return V_EXC;
    return set_args(vm, a[0], AS_LIST(l)->items, (int)AS_LIST(l)->len) ? V_NONE : V_EXC;
}

static Value exc_tb_get(VM *vm, Value *a, int n, TupleObj *k) { return AS_EXC(a[0])->traceback; }

static Value exc_tb_set(VM *vm, Value *a, int n, TupleObj *k)
{
    if (n < 2) return vm_raise(vm, vm->e_TypeError, "__traceback__ may not be deleted");
    if (!valid_traceback(vm, a[1])) return V_EXC;
    AS_EXC(a[0])->traceback = a[1];
    return V_NONE;
}

static Value exc_cause_get(VM *vm, Value *a, int n, TupleObj *k) { return AS_EXC(a[0])->cause; }

/* Setting __cause__ also sets __suppress_context__, as `raise ... from` does. */
static Value exc_cause_set(VM *vm, Value *a, int n, TupleObj *k)
{
    if (n < 2) return vm_raise(vm, vm->e_TypeError, "__cause__ may not be deleted");
    if (a[1] != V_NONE && !is_exc(vm, a[1]))
        return vm_raise(vm, vm->e_TypeError, "exception cause must be None or derive from BaseException");
    AS_EXC(a[0])->cause = a[1];
    AS_EXC(a[0])->suppress_context = true;
    return V_NONE;
}

static Value exc_context_get(VM *vm, Value *a, int n, TupleObj *k) { return AS_EXC(a[0])->context; }

static Value exc_context_set(VM *vm, Value *a, int n, TupleObj *k)
{
    if (n < 2) return vm_raise(vm, vm->e_TypeError, "__context__ may not be deleted");
    if (a[1] != V_NONE && !is_exc(vm, a[1]))
        return vm_raise(vm, vm->e_TypeError, "exception context must be None or derive from BaseException");
    AS_EXC(a[0])->context = a[1];
    return V_NONE;
}

static Value exc_suppress_get(VM *vm, Value *a, int n, TupleObj *k) { return v_bool(AS_EXC(a[0])->suppress_context); }

static Value exc_suppress_set(VM *vm, Value *a, int n, TupleObj *k)
{
    if (n < 2) return vm_raise(vm, vm->e_TypeError, "__suppress_context__ may not be deleted");
    int t = vm_truthy(vm, a[1]);
    if (t < 0) return V_EXC;
    AS_EXC(a[0])->suppress_context = t;
    return V_NONE;
}

/* ---- the subclasses with fields ------------------------------------------------- */

/* Keyword-only parameters of ImportError / NameError / AttributeError:
 * "'x' is an invalid keyword argument for ImportError()". */
static bool keyword_fields(VM *vm, Value self, Value *kwvals, TupleObj *kw, const char *cls,
                           const char *const *allowed, int nallowed)
{
    for (uint32_t i = 0; kw && i < kw->len; i++) {
        const char *k = AS_STR(kw->items[i])->data;
        int j = 0;
        while (j < nallowed && strcmp(k, allowed[j])) j++;
        if (j == nallowed)
            return vm_raise(vm, vm->e_TypeError, "'%s' is an invalid keyword argument for %s()", k, cls), false;
        if (!set_attr(vm, self, allowed[j], kwvals[i])) return false;
    }
    return true;
}

static Value import_error_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = { "name", "path" };
    Value self = self_exc(vm, args, nargs, "__init__");
    if (self == V_EXC || !set_args(vm, self, args + 1, nargs - 1)) return V_EXC;
    if (!keyword_fields(vm, self, args + nargs, kw, "ImportError", names, 2)) return V_EXC;
    return set_attr(vm, self, "msg", nargs == 2 ? args[1] : V_NONE) ? V_NONE : V_EXC;
}

static Value import_error_str(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value self = self_exc(vm, args, nargs, "__str__");
    if (self == V_EXC) return V_EXC;
    Value msg = get_attr(vm, self, "msg");
    return v_has_layout(msg, LAYOUT_STR) ? msg : exc_str(vm, args, nargs, kw);
}

static Value name_error_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = { "name" };
    Value self = self_exc(vm, args, nargs, "__init__");
    if (self == V_EXC || !set_args(vm, self, args + 1, nargs - 1)) return V_EXC;
    return keyword_fields(vm, self, args + nargs, kw, "NameError", names, 1) ? V_NONE : V_EXC;
}

static Value attribute_error_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = { "name", "obj" };
    Value self = self_exc(vm, args, nargs, "__init__");
    if (self == V_EXC || !set_args(vm, self, args + 1, nargs - 1)) return V_EXC;
    return keyword_fields(vm, self, args + nargs, kw, "AttributeError", names, 2) ? V_NONE : V_EXC;
}

/* StopIteration.value and SystemExit.code: the argument (code: all of them
 * when several). */
static Value stop_iteration_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (exc_init(vm, args, nargs, kw) == V_EXC) return V_EXC;
    return set_attr(vm, args[0], "value", nargs > 1 ? args[1] : V_NONE) ? V_NONE : V_EXC;
}

static Value system_exit_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (exc_init(vm, args, nargs, kw) == V_EXC) return V_EXC;
    Value code = nargs == 1 ? V_NONE : nargs == 2 ? args[1] : v_obj(AS_EXC(args[0])->args);
    return set_attr(vm, args[0], "code", code) ? V_NONE : V_EXC;
}

static Value key_error_str(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value self = self_exc(vm, args, nargs, "__str__");
    if (self == V_EXC) return V_EXC;
    TupleObj *a = AS_EXC(self)->args;
    return a->len == 1 ? vm_repr(vm, a->items[0]) : exc_str(vm, args, nargs, kw);
}

/* OSError(errno, strerror[, filename[, winerror[, filename2]]]): with a
 * filename, args keep only the first two. */
static bool oserror_fill(VM *vm, Value self, Value *args, int nargs)
{
    if (nargs < 2 || nargs > 5) return true;
    if (!set_attr(vm, self, "errno", args[0]) || !set_attr(vm, self, "strerror", args[1])) return false;
    if (nargs >= 3 && args[2] != V_NONE) {
        if (!set_attr(vm, self, "filename", args[2])) return false;
        if (nargs == 5 && !set_attr(vm, self, "filename2", args[4])) return false;
        return set_args(vm, self, args, 2);
    }
    return true;
}

/* OSError(errno, ...) picks the subclass the errno names, as CPython does. */
static const struct {
    int err;
    const char *cls;
} errno_classes[] = {
    { EAGAIN, "BlockingIOError" },      { EALREADY, "BlockingIOError" },    { EINPROGRESS, "BlockingIOError" },
    { EWOULDBLOCK, "BlockingIOError" }, { ECHILD, "ChildProcessError" },    { EPIPE, "BrokenPipeError" },
    { ESHUTDOWN, "BrokenPipeError" },   { ECONNABORTED, "ConnectionAbortedError" },
    { ECONNREFUSED, "ConnectionRefusedError" }, { ECONNRESET, "ConnectionResetError" },
    { EEXIST, "FileExistsError" },      { ENOENT, "FileNotFoundError" },    { EISDIR, "IsADirectoryError" },
    { ENOTDIR, "NotADirectoryError" },  { EINTR, "InterruptedError" },      { EACCES, "PermissionError" },
    { EPERM, "PermissionError" },       { ESRCH, "ProcessLookupError" },    { ETIMEDOUT, "TimeoutError" },
};

static Value oserror_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    TypeObj *cls = vm_new_cls(vm, args, nargs, vm->e_OSError);
    if (!cls) return V_EXC;
    if (cls == vm->e_OSError && nargs >= 3 && v_is_int(args[1])) {
        for (size_t i = 0; i < sizeof errno_classes / sizeof *errno_classes; i++) {
            if (v_as_int(args[1]) != errno_classes[i].err) continue;
            StrObj *k = name_of(vm, errno_classes[i].cls);
            Value c = k ? vm_dict_get_str(vm->builtins, k) : V_UNBOUND;
            if (v_has_layout(c, LAYOUT_TYPE)) cls = AS_TYPE(c);
            break;
        }
    }
    Value e = exc_alloc(vm, cls, args + 1, nargs - 1);
    return e != V_EXC && oserror_fill(vm, e, args + 1, nargs - 1) ? e : V_EXC;
}

static Value oserror_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value self = self_exc(vm, args, nargs, "__init__");
    if (self == V_EXC || !no_keywords(vm, self, kw) || !set_args(vm, self, args + 1, nargs - 1)) return V_EXC;
    return oserror_fill(vm, self, args + 1, nargs - 1) ? V_NONE : V_EXC;
}

/* "[Errno 2] No such file or directory: 'x'" */
static Value oserror_str(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value self = self_exc(vm, args, nargs, "__str__");
    if (self == V_EXC) return V_EXC;
    Value no = get_attr(vm, self, "errno"), msg = get_attr(vm, self, "strerror");
    Value f1 = get_attr(vm, self, "filename"), f2 = get_attr(vm, self, "filename2");
    if (no == V_NONE && msg == V_NONE && f1 == V_NONE) return exc_str(vm, args, nargs, kw);
    /* each part stays rooted while the next one's __str__ / __repr__ runs */
    Value src[4] = { no, msg, f1, f1 != V_NONE ? f2 : V_NONE }, parts[4] = { V_NONE, V_NONE, V_NONE, V_NONE };
    int n = 0;
    for (; n < 4; n++) {
        if (n >= 2 && src[n] == V_NONE) break;
        parts[n] = n < 2 ? vm_str(vm, src[n]) : vm_repr(vm, src[n]);
        if (parts[n] == V_EXC) break;
        vm_push_root(vm, parts[n]);
    }
    vm_pop_roots(vm, (size_t)n);
    for (int i = 0; i < 4; i++)
        if (parts[i] == V_EXC) return V_EXC;
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "[Errno %s] %s", AS_STR(parts[0])->data, AS_STR(parts[1])->data);
    if (parts[2] != V_NONE) sb_printf(&b, ": %s", AS_STR(parts[2])->data);
    if (parts[3] != V_NONE) sb_printf(&b, " -> %s", AS_STR(parts[3])->data);
    return vm_sb_finish(vm, &b);
}

/* SyntaxError(msg, (filename, lineno, offset, text[, end_lineno, end_offset])) */
static Value syntax_error_init(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const fields[] = { "filename", "lineno", "offset", "text", "end_lineno", "end_offset" };
    if (exc_init(vm, args, nargs, kw) == V_EXC) return V_EXC;
    Value self = args[0];
    if (nargs >= 2 && !set_attr(vm, self, "msg", args[1])) return V_EXC;
    if (nargs != 3) return V_NONE;
    Value info = vm_list_from(vm, args[2]);
    if (info == V_EXC) return V_EXC;
    uint32_t n = AS_LIST(info)->len;
    if (n < 4 || n > 6)
        return vm_raise(vm, vm->e_TypeError, "function takes %s %d arguments (%u given)", n < 4 ? "at least" : "at most",
                        n < 4 ? 4 : 6, n);
    for (uint32_t i = 0; i < n; i++)
        if (!set_attr(vm, self, fields[i], AS_LIST(info)->items[i])) return V_EXC;
    return V_NONE;
}

/* "msg (file.py, line 3)": the file's base name */
static Value syntax_error_str(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    Value self = self_exc(vm, args, nargs, "__str__");
    if (self == V_EXC) return V_EXC;
    Value msg = vm_str(vm, get_attr(vm, self, "msg"));
    if (msg == V_EXC) return V_EXC;
    Value file = get_attr(vm, self, "filename"), line = get_attr(vm, self, "lineno");
    const char *base = NULL;
    if (v_has_layout(file, LAYOUT_STR)) {
        const char *slash = strrchr(AS_STR(file)->data, '/');
        base = slash ? slash + 1 : AS_STR(file)->data;
    }
    bool has_line = v_is_int(line);
    if (!base && !has_line) return msg;
    StrBuf b;
    sb_init(&b);
    sb_puts(&b, AS_STR(msg)->data);
    if (base && has_line) sb_printf(&b, " (%s, line %lld)", base, (long long)v_as_int(line));
    else if (base) sb_printf(&b, " (%s)", base);
    else sb_printf(&b, " (line %lld)", (long long)v_as_int(line));
    return vm_sb_finish(vm, &b);
}

/* ---- printing: "Did you mean" ----------------------------------------------------------- */

/* CPython's suggestions.c: a Levenshtein distance where a case flip costs
 * half a substitution, over at most 750 candidates of at most 40 bytes. */
enum { SUGGEST_MAX_ITEMS = 750, SUGGEST_MAX_LEN = 40, MOVE_COST = 2, CASE_COST = 1 };

static size_t substitution_cost(char a, char b)
{
    if ((a & 31) != (b & 31)) return MOVE_COST;
    if (a == b) return 0;
    if (a >= 'A' && a <= 'Z') a += 'a' - 'A';
    if (b >= 'A' && b <= 'Z') b += 'a' - 'A';
    return a == b ? CASE_COST : MOVE_COST;
}

static size_t levenshtein(const char *a, size_t alen, const char *b, size_t blen, size_t max_cost)
{
    if (a == b) return 0;
    while (alen && blen && a[0] == b[0]) {
        a++, b++;
        alen--, blen--;
    }
    while (alen && blen && a[alen - 1] == b[blen - 1]) alen--, blen--;
    if (!alen || !blen) return (alen + blen) * MOVE_COST;
    if (alen > SUGGEST_MAX_LEN || blen > SUGGEST_MAX_LEN) return max_cost + 1;
    if (blen < alen) {
        const char *t = a;
        a = b, b = t;
        size_t tl = alen;
        alen = blen, blen = tl;
    }
    if ((blen - alen) * MOVE_COST > max_cost) return max_cost + 1;
    size_t row[SUGGEST_MAX_LEN];
    for (size_t i = 0; i < alen; i++) row[i] = (i + 1) * MOVE_COST;
    size_t result = 0;
    for (size_t bi = 0; bi < blen; bi++) {
        size_t distance = result = bi * MOVE_COST, minimum = SIZE_MAX;
        for (size_t i = 0; i < alen; i++) {
            size_t substitute = distance + substitution_cost(b[bi], a[i]);
            distance = row[i];
            size_t insert_delete = (result < distance ? result : distance) + MOVE_COST;
            result = insert_delete < substitute ? insert_delete : substitute;
            row[i] = result;
            if (result < minimum) minimum = result;
        }
        if (minimum > max_cost) return max_cost + 1;
    }
    return result;
}

static StrObj *closest(StrObj *name, StrObj **cands, size_t n)
{
    if (n >= SUGGEST_MAX_ITEMS) return NULL;
    StrObj *best = NULL;
    size_t best_dist = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        StrObj *c = cands[i];
        if (vm_str_eq(c, name)) continue;
        size_t max = (name->len + c->len + 3) * MOVE_COST / 6;
        if (best_dist - 1 < max) max = best_dist - 1;
        size_t d = levenshtein(name->data, name->len, c->data, c->len, max);
        if (d > max) continue;
        if (!best || d < best_dist) {
            best = c;
            best_dist = d;
        }
    }
    return best;
}

typedef struct {
    StrObj **items;
    size_t n, cap;
} Names;

static void names_add_dict(Names *ns, DictObj *d)
{
    for (uint32_t i = 0; d && i < d->nentries; i++) {
        Value k = d->entries[i].key;
        if (!v_has_layout(k, LAYOUT_STR)) continue;
        if (ns->n == ns->cap) {
            size_t cap = ns->cap ? ns->cap * 2 : 64;
            StrObj **p = realloc(ns->items, cap * sizeof *p);
            if (!p) return;
            ns->items = p;
            ns->cap = cap;
        }
        ns->items[ns->n++] = AS_STR(k);
    }
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp((*(StrObj *const *)a)->data, (*(StrObj *const *)b)->data);
}

/* dir(obj), as the hint uses it: sorted, without duplicates. */
static void dir_names(VM *vm, Value obj, Names *ns)
{
    TypeObj *t = vm_type_of(vm, obj);
    if (t->layout == LAYOUT_MODULE) {
        names_add_dict(ns, v_as_obj(obj)->dict);
    } else {
        if (v_is_obj(obj) && t->layout != LAYOUT_TYPE) names_add_dict(ns, v_as_obj(obj)->dict);
        TupleObj *mro = t->layout == LAYOUT_TYPE ? AS_TYPE(obj)->mro : t->mro;
        for (uint32_t i = 0; mro && i < mro->len; i++) names_add_dict(ns, AS_TYPE(mro->items[i])->hdr.dict);
    }
    qsort(ns->items, ns->n, sizeof *ns->items, cmp_names);
    size_t k = 0;
    for (size_t i = 0; i < ns->n; i++)
        if (!k || !vm_str_eq(ns->items[k - 1], ns->items[i])) ns->items[k++] = ns->items[i];
    ns->n = k;
}

/* The globals a traceback entry's code ran with: the module loaded from its file. */
static DictObj *globals_of(VM *vm, CodeObj *code)
{
    DictObj *mods = vm->modules;
    for (uint32_t i = 0; mods && i < mods->nentries; i++) {
        Value m = mods->entries[i].value;
        if (mods->entries[i].key == V_UNBOUND || !v_has_layout(m, LAYOUT_MODULE) || !v_as_obj(m)->dict) continue;
        Value f = vm_dict_get_str(v_as_obj(m)->dict, vm->s___file__);
        if (v_has_layout(f, LAYOUT_STR) && vm_str_eq(AS_STR(f), code->filename)) return v_as_obj(m)->dict;
    }
    return vm->main_module ? vm->main_module->hdr.dict : NULL;
}

static StrObj *suggestion(VM *vm, Value exc)
{
    TypeObj *t = vm_type_of(vm, exc);
    bool attr = vm_is_subtype(t, vm->e_AttributeError);
    if (!attr && !vm_is_subtype(t, vm->e_NameError)) return NULL;
    DictObj *d = v_as_obj(exc)->dict;
    StrObj *nk = name_of(vm, "name"), *ok = name_of(vm, "obj");
    Value name = d && nk ? vm_dict_get_str(d, nk) : V_UNBOUND;
    if (!v_has_layout(name, LAYOUT_STR)) return NULL;
    Names ns = { 0 };
    StrObj *r = NULL;
    if (attr) {
        Value obj = d && ok ? vm_dict_get_str(d, ok) : V_UNBOUND;
        if (obj == V_UNBOUND) return NULL;
        dir_names(vm, obj, &ns);
        r = closest(AS_STR(name), ns.items, ns.n);
    } else {
        Value tb = AS_EXC(exc)->traceback;
        if (!v_has_layout(tb, LAYOUT_TRACEBACK)) return NULL;
        while (v_has_layout(AS_TB(tb)->next, LAYOUT_TRACEBACK)) tb = AS_TB(tb)->next;
        CodeObj *code = AS_TB(tb)->code;
        r = closest(AS_STR(name), code->varnames, (size_t)code->nlocals);
        DictObj *scopes[2] = { globals_of(vm, code), vm->builtins };
        for (int i = 0; i < 2 && !r; i++) {
            ns.n = 0;
            names_add_dict(&ns, scopes[i]);
            r = closest(AS_STR(name), ns.items, ns.n);
        }
    }
    free(ns.items);
    return r;
}

/* ---- printing: tracebacks ------------------------------------------------------------ */

enum { TB_LIMIT = 1000, TB_RECURSIVE_CUTOFF = 3 };

static void write_str(FILE *f, Value s)
{
    if (v_has_layout(s, LAYOUT_STR)) fwrite(AS_STR(s)->data, 1, AS_STR(s)->len, f);
}

static void print_repeated(FILE *f, int cnt)
{
    cnt -= TB_RECURSIVE_CUTOFF;
    fprintf(f, "  [Previous line repeated %d more time%s]\n", cnt, cnt > 1 ? "s" : "");
}

#define IS_WS(c) ((c) == ' ' || (c) == '\t' || (c) == '\f')

/* Characters in the first `bytes` bytes of s[0..len). */
static long chars_in(const char *s, size_t len, long bytes)
{
    long n = 0;
    for (size_t i = 0; i < len && (long)i < bytes; i++) n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

/* The byte where character `ch` of s[0..len) starts. */
static size_t byte_of_char(const char *s, size_t len, long ch)
{
    size_t i = 0;
    for (long n = 0; i < len; i++) {
        if (((unsigned char)s[i] & 0xC0) == 0x80) continue;
        if (n++ == ch) break;
    }
    return i;
}

/* Where the operator of a failing binary operation, or the brackets of a
 * failing subscript, sit: CPython 3.11 parses the highlighted segment alone
 * and marks them '^' against '~' for the rest. Character offsets into the
 * line in [*left, *right); false when the segment is neither. */
static bool find_anchors(const char *line, size_t len, long start, long end, long *left, long *right)
{
    size_t b0 = byte_of_char(line, len, start), b1 = byte_of_char(line, len, end);
    Arena a;
    arena_init(&a);
    ParseSource src = { "<segment>", line + b0, b1 - b0 };
    ParseError err;
    AstNode *mod = NULL;
    if (parse_source_prepare(&a, src.filename, line + b0, b1 - b0, &src, &err)) mod = parse_module(&a, &src, &err);
    const AstNode *e = mod && mod->v.Module.body.n == 1 && mod->v.Module.body.items[0]->kind == AST_Expr
                           ? mod->v.Module.body.items[0]->v.Expr.value
                           : NULL;
    const char *seg = src.text;
    long n = (long)src.len, l = -1, r = -1;
    bool found = e && (e->kind == AST_BinOp || e->kind == AST_Subscript);
    if (found && e->kind == AST_BinOp) {
        long stop = e->v.BinOp.right->col_offset;
        for (long i = e->v.BinOp.left->end_col_offset; i < stop; i++) {
            if (IS_WS(seg[i])) continue;
            l = i;
            r = i + 1;
            /* a two-character operator (//, **, <<...) */
            if (i + 1 < stop && !IS_WS(seg[i + 1])) r++;
            /* the closing parenthesis of the left operand is not the operator */
            if (i + 1 < stop && seg[i] == ')') continue;
            break;
        }
    } else if (found) {
        l = e->v.Subscript.value->end_col_offset;
        r = e->v.Subscript.slice->end_col_offset + 1;
        while (l < n && seg[l] != '[') l++;
        while (r < n && seg[r] != ']') r++;
        if (r < n) r++;
    }
    if (found) {
        *left = chars_in(seg, src.len, l) + start;
        *right = chars_in(seg, src.len, r) + start;
    }
    arena_free(&a);
    return found;
}

/* CPython 3.11's caret line under a traceback's source line: '^' under the
 * failing expression (to the end of the line when it goes on past it), or
 * '~' with '^' at its anchors; nothing when it is the whole line. `line` is
 * the full line, `indent` the characters stripped from its start. */
static void print_carets(FILE *f, const char *line, size_t len, long indent, int lineno, int end_lineno, int col,
                         int end_col)
{
    long nchars = chars_in(line, len, (long)len);
    long start = chars_in(line, len, col), end = chars_in(line, len, end_col), left = -1, right = -1;
    bool anchored = false;
    if (end_lineno == lineno) {
        anchored = end > start && find_anchors(line, len, start, end, &left, &right);
    } else {
        long i = (long)len;
        while (--i >= 0 && IS_WS(line[i])) {}
        end = chars_in(line, len, i + 1);
    }
    if (end <= start || (end - start == nchars - indent && !anchored)) return;
    for (long offset = indent - 4; ++offset <= end;) {
        char c = offset <= start ? ' ' : !anchored ? '^' : left < offset && offset <= right ? '^' : '~';
        fputc(c, f);
    }
    fputc('\n', f);
}

/* `  File "f.py", line 3, in name`, the line without its indentation, and
 * carets when the compiler knows where in the line the failing instruction
 * is. Files named <...> (-c, the REPL) have no lines to show, as in CPython. */
static void print_entry(VM *vm, const TracebackObj *tb, FILE *f)
{
    CodeObj *code = tb->code;
    fprintf(f, "  File \"%s\", line %d, in %s\n", code->filename->data, tb->lineno, code->name->data);
    if (code->filename->data[0] == '<') return;
    size_t len;
    const char *line = vm_source_line(vm, code->filename, tb->lineno, &len);
    if (!line) return;
    size_t ws = 0;
    while (ws < len && IS_WS(line[ws])) ws++;
    fputs("    ", f);
    fwrite(line + ws, 1, len - ws, f);
    fputc('\n', f);
    int lineno, end_lineno, col, end_col;
    if (tb->hdr.aux && vm_code_range(code, tb->hdr.aux - 1, &lineno, &end_lineno, &col, &end_col) &&
        lineno == tb->lineno && end_lineno >= lineno && col >= 0 && end_col >= 0)
        print_carets(f, line, len, (long)ws, lineno, end_lineno, col, end_col);
}

static void print_traceback(VM *vm, Value tb, FILE *f)
{
    int depth = 0;
    for (Value t = tb; v_has_layout(t, LAYOUT_TRACEBACK); t = AS_TB(t)->next) depth++;
    for (; depth > TB_LIMIT; depth--) tb = AS_TB(tb)->next;
    fputs("Traceback (most recent call last):\n", f);
    StrObj *last_file = NULL, *last_name = NULL;
    int last_line = -1, cnt = 0;
    for (; v_has_layout(tb, LAYOUT_TRACEBACK); tb = AS_TB(tb)->next) {
        TracebackObj *e = AS_TB(tb);
        if (!last_file || !vm_str_eq(e->code->filename, last_file) || e->lineno != last_line ||
            !vm_str_eq(e->code->name, last_name)) {
            if (cnt > TB_RECURSIVE_CUTOFF) print_repeated(f, cnt);
            last_file = e->code->filename;
            last_line = e->lineno;
            last_name = e->code->name;
            cnt = 0;
        }
        if (++cnt <= TB_RECURSIVE_CUTOFF) print_entry(vm, e, f);
    }
    if (cnt > TB_RECURSIVE_CUTOFF) print_repeated(f, cnt);
}

/* The line and caret block of a SyntaxError (CPython's print_error_text):
 * offsets are 1-based; the carets run to end_offset. */
static void print_error_text(FILE *f, long offset, long end_offset, const char *text)
{
    long carets = end_offset > 0 && end_offset > offset ? end_offset - offset : 1;
    offset--;
    while (*text == ' ' || *text == '\t' || *text == '\f') text++, offset--;
    long len = (long)strlen(text);
    if (len > 0 && text[len - 1] == '\n') len--;
    if (offset > len) offset = len;
    for (;;) {
        const char *nl = strchr(text, '\n');
        if (!nl || nl - text >= offset) break;
        long inl = (long)(nl - text) + 1;
        text += inl;
        len -= inl;
        offset -= inl;
    }
    fputs("    ", f);
    fputs(text, f);
    if (text[len] != '\n') fputc('\n', f);
    if (offset < 0) return;
    fputs("    ", f);
    while (--offset >= 0) fputc(' ', f);
    for (long i = 0; i < carets; i++) fputc('^', f);
    fputc('\n', f);
}

static bool int_field(Value v, long *out)
{
    if (!v_is_int(v)) return false;
    *out = (long)v_as_int(v);
    return true;
}

/* A SyntaxError with a location prints `  File "f", line N`, the text and
 * carets; its message is then msg alone. Returns the value to print after
 * the class name (the exception itself when there is no location). */
static Value print_syntax_location(VM *vm, Value exc, FILE *f)
{
    if (!vm_is_subtype(vm_type_of(vm, exc), vm->e_SyntaxError)) return exc;
    Value msg = get_attr(vm, exc, "msg"), file = get_attr(vm, exc, "filename");
    long lineno, offset = -1, end_lineno, end_offset = -1;
    if (!int_field(get_attr(vm, exc, "lineno"), &lineno)) return exc;
    Value ov = get_attr(vm, exc, "offset");
    if (ov != V_NONE && !int_field(ov, &offset)) return exc;
    if (vm_type_of(vm, exc) == vm->e_SyntaxError) {
        Value el = get_attr(vm, exc, "end_lineno"), eo = get_attr(vm, exc, "end_offset");
        if (el == V_NONE) end_lineno = lineno;
        else if (!int_field(el, &end_lineno)) return exc;
        if (eo != V_NONE && !int_field(eo, &end_offset)) return exc;
    } else {
        end_lineno = lineno;
    }
    fputs("  File \"", f);
    if (v_has_layout(file, LAYOUT_STR)) write_str(f, file);
    else fputs("<string>", f);
    fprintf(f, "\", line %ld\n", lineno);
    Value text = get_attr(vm, exc, "text");
    const char *line = NULL;
    size_t len = 0;
    char *owned = NULL;
    if (v_has_layout(text, LAYOUT_STR)) {
        line = AS_STR(text)->data;
        len = AS_STR(text)->len;
    } else if (v_has_layout(file, LAYOUT_STR)) {
        /* raised by the compiler: the line comes from the source */
        const char *src = vm_source_line(vm, AS_STR(file), (int)lineno, &len);
        if (src && (owned = malloc(len + 2))) {
            memcpy(owned, src, len);
            owned[len++] = '\n';
            owned[len] = 0;
            line = owned;
        }
    }
    if (line) {
        if (end_lineno > lineno) end_offset = (long)len;
        if (end_offset > (long)len + 1) end_offset = (long)len + 1;
        print_error_text(f, offset, end_offset, line);
    }
    free(owned);
    return msg;
}

/* The type line: "module.Qualname: message" (no module for builtins and
 * __main__), the hint, then any notes. */
static void print_message(VM *vm, Value exc, FILE *f)
{
    TypeObj *t = vm_type_of(vm, exc);
    Value value = print_syntax_location(vm, exc, f);
    Value mod = vm_getattr_opt(vm, v_obj(t), vm->s___module__);
    vm->exc = V_NONE;
    if (!v_has_layout(mod, LAYOUT_STR)) {
        fputs("<unknown>", f);
    } else if (strcmp(AS_STR(mod)->data, "builtins") && strcmp(AS_STR(mod)->data, "__main__")) {
        write_str(f, mod);
        fputc('.', f);
    }
    fputs(t->qualname->data, f);
    Value s = vm_str(vm, value);
    if (s == V_EXC) {
        vm->exc = V_NONE;
        fputs(": <exception str() failed>", f);
    } else if (AS_STR(s)->len) {
        fputs(": ", f);
        write_str(f, s);
    }
    StrObj *hint = suggestion(vm, exc);
    if (hint) fprintf(f, ". Did you mean: '%s'?", hint->data);
    fputc('\n', f);
    DictObj *d = v_as_obj(exc)->dict;
    StrObj *key = d ? name_of(vm, "__notes__") : NULL;
    Value notes = key ? vm_dict_get_str(d, key) : V_UNBOUND;
    if (notes == V_UNBOUND) return;
    if (v_has_layout(notes, LAYOUT_LIST) || v_has_layout(notes, LAYOUT_TUPLE)) {
        uint32_t n;
        Value *items = vm_seq_items(notes, &n);
        for (uint32_t i = 0; i < n; i++) {
            Value ns = vm_str(vm, items[i]);
            if (ns == V_EXC) {
                vm->exc = V_NONE;
                fputs("<note str() failed>", f);
            } else {
                write_str(f, ns);
            }
            fputc('\n', f);
            items = vm_seq_items(notes, &n);
        }
    } else {
        Value r = vm_repr(vm, notes);
        if (r == V_EXC) {
            vm->exc = V_NONE;
            fputs("<__notes__ repr() failed>", f);
        } else {
            write_str(f, r);
        }
        fputc('\n', f);
    }
}

static void print_one(VM *vm, Value exc, FILE *f)
{
    if (!is_exc(vm, exc)) {
        fprintf(f, "TypeError: print_exception(): Exception expected for value, %s found\n",
                vm_type_of(vm, exc)->name->data);
        return;
    }
    if (v_has_layout(AS_EXC(exc)->traceback, LAYOUT_TRACEBACK)) print_traceback(vm, AS_EXC(exc)->traceback, f);
    print_message(vm, exc, f);
}

static const char cause_message[] = "\nThe above exception was the direct cause of the following exception:\n\n";
static const char context_message[] =
    "\nDuring handling of the above exception, another exception occurred:\n\n";

/* The chain (each exception's __cause__, else its unsuppressed __context__,
 * stopping at one already seen) printed oldest first. */
void vm_print_exception(VM *vm, Value exc, FILE *f)
{
    Value saved = vm->exc;
    vm->exc = V_NONE;
    vm_flush_out(vm);
    size_t n = 0, cap = 8;
    Value *chain = malloc(cap * sizeof *chain);
    const char **sep = malloc(cap * sizeof *sep);
    Value cur = exc;
    while (chain && sep) {
        chain[n] = cur;
        sep[n] = NULL;
        vm_push_root(vm, cur);
        n++;
        if (!v_has_layout(cur, LAYOUT_EXC)) break;
        ExcObj *e = AS_EXC(cur);
        Value next;
        const char *msg;
        if (e->cause != V_NONE) {
            next = e->cause;
            msg = cause_message;
        } else if (e->context != V_NONE && !e->suppress_context) {
            next = e->context;
            msg = context_message;
        } else {
            break;
        }
        bool seen = false;
        for (size_t i = 0; i < n; i++) seen |= chain[i] == next;
        if (seen) break;
        if (n == cap) {
            cap *= 2;
            Value *c = realloc(chain, cap * sizeof *c);
            if (c) chain = c;
            const char **s = realloc(sep, cap * sizeof *s);
            if (s) sep = s;
            if (!c || !s) break;
        }
        sep[n - 1] = msg;
        cur = next;
    }
    if (!chain || !sep) {
        print_one(vm, exc, f);
    } else {
        for (size_t i = n; i-- > 0;) {
            print_one(vm, chain[i], f);
            if (i > 0) fputs(sep[i - 1], f);
        }
    }
    vm_pop_roots(vm, n);
    free(chain);
    free(sep);
    fflush(f);
    vm->exc = saved;
}

Value vm_raise_errno(VM *vm, int err, Value filename)
{
    Value a[3] = { v_int(err), vm_cstr(vm, strerror(err)), filename };
    if (a[1] == V_EXC) return V_EXC;
    Value e = vm_new_exception(vm, vm->e_OSError, a, filename == V_UNBOUND ? 2 : 3);
    return e == V_EXC ? V_EXC : vm_raise_value(vm, e);
}

void vm_write_unraisable(VM *vm, Value exc, Value obj)
{
    Value saved = vm->exc;
    vm->exc = V_NONE;
    vm_push_root(vm, exc);
    Value r = vm_repr(vm, obj);
    if (r == V_EXC) {
        vm->exc = V_NONE;
        fputs("Exception ignored in: <object repr() failed>\n", vm->err);
    } else {
        fprintf(vm->err, "Exception ignored in: %s\n", AS_STR(r)->data);
    }
    vm_print_exception(vm, exc, vm->err);
    vm_pop_roots(vm, 1);
    vm->exc = saved;
}

/* ---- registration -------------------------------------------------------------------- */

typedef struct {
    size_t cls;           /* offsetof(VM, e_...) */
    const char *name;
    NativeFn fn;
} ExcMethod;

static const ExcMethod exc_methods[] = {
    { offsetof(VM, e_BaseException), "__new__", exc_new },
    { offsetof(VM, e_BaseException), "__init__", exc_init },
    { offsetof(VM, e_BaseException), "__str__", exc_str },
    { offsetof(VM, e_BaseException), "__repr__", exc_repr },
    { offsetof(VM, e_BaseException), "with_traceback", exc_with_traceback },
    { offsetof(VM, e_BaseException), "add_note", exc_add_note },
    { offsetof(VM, e_StopIteration), "__init__", stop_iteration_init },
    { offsetof(VM, e_SystemExit), "__init__", system_exit_init },
    { offsetof(VM, e_KeyError), "__str__", key_error_str },
    { offsetof(VM, e_ImportError), "__init__", import_error_init },
    { offsetof(VM, e_ImportError), "__str__", import_error_str },
    { offsetof(VM, e_NameError), "__init__", name_error_init },
    { offsetof(VM, e_AttributeError), "__init__", attribute_error_init },
    { offsetof(VM, e_OSError), "__new__", oserror_new },
    { offsetof(VM, e_OSError), "__init__", oserror_init },
    { offsetof(VM, e_OSError), "__str__", oserror_str },
    { offsetof(VM, e_SyntaxError), "__init__", syntax_error_init },
    { offsetof(VM, e_SyntaxError), "__str__", syntax_error_str },
};

static const struct {
    const char *name;
    NativeFn get, set;
} exc_props[] = {
    { "args", exc_args_get, exc_args_set },
    { "__traceback__", exc_tb_get, exc_tb_set },
    { "__cause__", exc_cause_get, exc_cause_set },
    { "__context__", exc_context_get, exc_context_set },
    { "__suppress_context__", exc_suppress_get, exc_suppress_set },
};

void vm_init_exc(VM *vm)
{
    for (size_t i = 0; i < sizeof exc_methods / sizeof *exc_methods; i++)
        vm_add_method(vm, *(TypeObj **)((char *)vm + exc_methods[i].cls), exc_methods[i].name, exc_methods[i].fn);
    for (size_t i = 0; i < sizeof exc_props / sizeof *exc_props; i++)
        vm_add_property(vm, vm->e_BaseException, exc_props[i].name, exc_props[i].get, exc_props[i].set);
}

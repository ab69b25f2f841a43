/* The `sys` module, the text streams behind sys.stdin / stdout / stderr, and
 * the struct sequences (CPython's structseq) that sys and time build their
 * records from. argv, path and modules are the VM's own objects. */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "modules.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)


/* CPython 3.11.7, whose behaviour tirun follows */
#define SYS_VERSION "3.11.7 (tirun)"
#define SYS_HEXVERSION 0x030B07F0
enum { INT_STR_DIGITS_THRESHOLD = 640 };   /* the smallest nonzero limit CPython accepts */

static Value raise_errno(VM *vm)
{
    return vm_raise(vm, vm->e_OSError, "[Errno %d] %s", errno, strerror(errno));
}

/* ---- struct sequences --------------------------------------------------------------------- */

/* Field i of a struct sequence for its getter, which a type-checked
 * receiver reaches through the type. */
static Value structseq_item(VM *vm, Value self, uint32_t i)
{
    if (!v_has_layout(self, LAYOUT_TUPLE))
        return vm_raise(vm, vm->e_TypeError, "descriptor for struct sequences doesn't apply to a '%s' object",
                        TNAME(self));
    return mod_structseq_field(self, i);
}

/* One read-only getter per field position: a native function has no
 * closure to carry the index in. */
#define STRUCTSEQ_SLOTS(X) \
    X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) X(17) X(18) X(19)
#define X(i)                                                                            \
    static Value structseq_get_##i(VM *vm, Value *args, int nargs, TupleObj *kw)         \
    {                                                                                   \
        return structseq_item(vm, args[0], i);                                          \
    }
STRUCTSEQ_SLOTS(X)
#undef X
static const NativeFn structseq_getters[MOD_STRUCTSEQ_MAX] = {
#define X(i) structseq_get_##i,
    STRUCTSEQ_SLOTS(X)
#undef X
};

/* "module.name(field=repr, ...)" over the sequence fields (__match_args__). */
static Value structseq_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (structseq_item(vm, args[0], 0) == V_EXC) return V_EXC;
    TypeObj *t = vm_type_of(vm, args[0]);
    Value module = vm_type_lookup(t, vm->s___module__);
    StrObj *key = vm_intern(vm, "__match_args__", 14);
    Value names = key ? vm_type_lookup(t, key) : V_UNBOUND;
    TupleObj *self = AS_TUPLE(args[0]);
    StrBuf b;
    sb_init(&b);
    if (v_has_layout(module, LAYOUT_STR)) sb_printf(&b, "%s.", AS_STR(module)->data);
    sb_printf(&b, "%s(", t->name->data);
    uint32_t n = v_has_layout(names, LAYOUT_TUPLE) ? AS_TUPLE(names)->len : 0;
    for (uint32_t i = 0; i < n && i < self->len; i++) {
        Value name = AS_TUPLE(names)->items[i];
        sb_printf(&b, "%s%s=", i ? ", " : "", v_has_layout(name, LAYOUT_STR) ? AS_STR(name)->data : "?");
        if (!vm_sb_repr(vm, &b, self->items[i])) {
            sb_free(&b);
            return V_EXC;
        }
    }
    sb_putc(&b, ')');
    return vm_sb_finish(vm, &b);
}

TypeObj *mod_structseq_type(VM *vm, const ModStructSeq *d)
{
    TypeObj *t = vm_new_builtin_type(vm, d->name, vm->t_tuple, LAYOUT_TUPLE);
    if (!t) return NULL;
    vm_push_root(vm, v_obj(t));
    Value names = vm_new_tuple(vm, (uint32_t)d->nseq);
    bool ok = names != V_EXC;
    for (int i = 0; ok && i < d->nseq; i++) {
        StrObj *s = vm_intern(vm, d->fields[i], strlen(d->fields[i]));
        ok = s != NULL;
        if (ok) AS_TUPLE(names)->items[i] = v_obj(s);
    }
    for (int i = 0; ok && i < d->nfields; i++) vm_add_getter(vm, t, d->fields[i], structseq_getters[i]);
    DictObj *ns = t->hdr.dict;
    ok = ok && mod_dict_put(vm, ns, "__match_args__", names) &&
         mod_dict_put(vm, ns, "n_sequence_fields", v_int(d->nseq)) &&
         mod_dict_put(vm, ns, "n_fields", v_int(d->nfields)) && mod_dict_put(vm, ns, "n_unnamed_fields", v_int(0));
    if (ok) vm_add_method(vm, t, "__repr__", structseq_repr);
    vm_pop_roots(vm, 1);
    return ok ? t : NULL;
}

Value mod_structseq_new(VM *vm, TypeObj *t, const ModStructSeq *d, const Value *values)
{
    uint32_t n = (uint32_t)d->nfields;
    TupleObj *o = vm_alloc(vm, t, sizeof *o + n * sizeof(Value));
    if (!o) return V_EXC;
    o->hash = -1;
    o->len = (uint32_t)d->nseq;
    o->hdr.aux = n;   /* all the fields, for mod_structseq_field */
    for (uint32_t i = 0; i < n; i++) {
        Value v = values[i];
        /* the collector traces only the items: a field past them must need no
         * tracing, so a str there is interned (kept alive by the intern table) */
        if (i >= o->len && v_has_layout(v, LAYOUT_STR)) {
            StrObj *s = vm_intern(vm, AS_STR(v)->data, AS_STR(v)->len);
            v = s ? v_obj(s) : V_NONE;
        } else if (i >= o->len && v_is_obj(v)) {
            v = V_NONE;
        }
        o->items[i] = v;
    }
    return v_obj(o);
}

/* ---- the standard streams ----------------------------------------------------------------- */

/* sys.stdin, stdout and stderr: objects of a small native TextIOWrapper type
 * whose Obj.aux holds STREAM_TAG | fd (0, 1 or 2); the fd names the C stdio
 * stream, so these writes interleave with the VM's own (print, tracebacks).
 * Text is UTF-8 both ways and newlines pass through untranslated, as
 * CPython's streams do on POSIX. */
#define STREAM_TAG 0x53540000u
#define STREAM_FD_MASK 0xFFFFu

static FILE *stream_file(VM *vm, int fd) { return fd == 0 ? stdin : fd == 1 ? vm->out : vm->err; }
static const char *const stream_names[3] = {"<stdin>", "<stdout>", "<stderr>"};

/* The receiver's fd, or -1 with a TypeError when it is no stream. */
static int stream_fd(VM *vm, Value self, const char *meth)
{
    if (v_is_obj(self) && (v_as_obj(self)->aux & ~STREAM_FD_MASK) == STREAM_TAG)
        return (int)(v_as_obj(self)->aux & STREAM_FD_MASK);
    vm_raise(vm, vm->e_TypeError, "descriptor '%s' for '_io.TextIOWrapper' objects doesn't apply to a '%s' object",
             meth, TNAME(self));
    return -1;
}

static Value io_write(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd = stream_fd(vm, args[0], "write");
    if (fd < 0 || !mod_check_one(vm, "TextIOWrapper.write", nargs - 1, kw)) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "write() argument must be str, not %s", TNAME(args[1]));
    if (fd == 0) return vm_raise(vm, vm->e_OSError, "not writable");
    StrObj *s = AS_STR(args[1]);
    if (fwrite(s->data, 1, s->len, stream_file(vm, fd)) != s->len) return raise_errno(vm);
    return vm_int_from_i64(vm, s->nchars);
}

static Value io_flush(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd = stream_fd(vm, args[0], "flush");
    if (fd < 0 || !mod_check_none(vm, "TextIOWrapper.flush", nargs - 1, kw)) return V_EXC;
    if (fd != 0 && fflush(stream_file(vm, fd)) != 0) return raise_errno(vm);
    return V_NONE;
}

/* Reads UTF-8 text from stdin: through the next '\n' when one_line, else to
 * the end; with limit >= 0, at most limit characters. The empty string at
 * the end of input, which is not sticky: a terminal may be read again. */
static Value read_text(VM *vm, int64_t limit, bool one_line)
{
    StrBuf b;
    sb_init(&b);
    int64_t nchars = 0;
    for (;;) {
        int c = getc(stdin);
        if (c == EOF) break;
        bool lead = (c & 0xC0) != 0x80;
        if (lead && limit >= 0 && nchars == limit) {
            ungetc(c, stdin);
            break;
        }
        nchars += lead;
        sb_putc(&b, (char)c);
        if (one_line && c == '\n') break;
    }
    if (ferror(stdin)) {
        clearerr(stdin);
        sb_free(&b);
        return raise_errno(vm);
    }
    clearerr(stdin);
    if (b.oom) {
        sb_free(&b);
        return vm_raise(vm, vm->e_MemoryError, "reading stdin");
    }
    Value s = vm_decode(vm, (const unsigned char *)(b.len ? b.data : ""), b.len, "utf-8", "strict");
    sb_free(&b);
    return s;
}

/* A size argument: absent or None means -1 (no limit). */
static bool size_arg(VM *vm, Value *args, int nargs, int64_t *out)
{
    *out = -1;
    return nargs < 2 || args[1] == V_NONE || vm_index(vm, args[1], out);
}

/* read(size=-1) and readline(size=-1) */
static Value read_common(VM *vm, Value *args, int nargs, TupleObj *kw, const char *qualname, bool one_line)
{
    int fd = stream_fd(vm, args[0], strrchr(qualname, '.') + 1);
    int64_t size;
    if (fd < 0 || !mod_check_range(vm, qualname, nargs - 1, kw, 0, 1) || !size_arg(vm, args, nargs, &size))
        return V_EXC;
    if (fd != 0) return vm_raise(vm, vm->e_OSError, "not readable");
    return read_text(vm, size, one_line);
}

static Value io_read(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return read_common(vm, args, nargs, kw, "TextIOWrapper.read", false);
}

static Value io_readline(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return read_common(vm, args, nargs, kw, "TextIOWrapper.readline", true);
}

static Value io_readlines(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd = stream_fd(vm, args[0], "readlines");
    if (fd < 0 || !mod_check_range(vm, "TextIOWrapper.readlines", nargs - 1, kw, 0, 1)) return V_EXC;
    if (fd != 0) return vm_raise(vm, vm->e_OSError, "not readable");
    Value list = vm_new_list(vm, 0);
    if (list == V_EXC) return V_EXC;
    vm_push_root(vm, list);
    Value r = list;
    for (;;) {
        Value line = read_text(vm, -1, true);
        if (line == V_EXC || (AS_STR(line)->len > 0 && !vm_list_append(vm, AS_LIST(list), line))) {
            r = V_EXC;
            break;
        }
        if (AS_STR(line)->len == 0) break;
    }
    vm_pop_roots(vm, 1);
    return r;
}

static Value io_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (stream_fd(vm, args[0], "__iter__") < 0) return V_EXC;
    return args[0];
}

/* next(sys.stdin): the next line, StopIteration at the end */
static Value io_next(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd = stream_fd(vm, args[0], "__next__");
    if (fd < 0) return V_EXC;
    if (fd != 0) return vm_raise(vm, vm->e_OSError, "not readable");
    Value line = read_text(vm, -1, true);
    if (line == V_EXC || AS_STR(line)->len > 0) return line;
    Value exc = vm_new_exception(vm, vm->e_StopIteration, NULL, 0);
    return exc == V_EXC ? V_EXC : vm_raise_value(vm, exc);
}

static Value io_fileno(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd = stream_fd(vm, args[0], "fileno");
    if (fd < 0 || !mod_check_none(vm, "TextIOWrapper.fileno", nargs - 1, kw)) return V_EXC;
    return v_int(fd);
}

static Value io_isatty(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd = stream_fd(vm, args[0], "isatty");
    if (fd < 0 || !mod_check_none(vm, "TextIOWrapper.isatty", nargs - 1, kw)) return V_EXC;
    return v_bool(isatty(fd));
}

static Value io_readable(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd = stream_fd(vm, args[0], "readable");
    if (fd < 0 || !mod_check_none(vm, "TextIOWrapper.readable", nargs - 1, kw)) return V_EXC;
    return v_bool(fd == 0);
}

static Value io_writable(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd = stream_fd(vm, args[0], "writable");
    if (fd < 0 || !mod_check_none(vm, "TextIOWrapper.writable", nargs - 1, kw)) return V_EXC;
    return v_bool(fd != 0);
}

static Value io_name(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd = stream_fd(vm, args[0], "name");
    return fd < 0 ? V_EXC : vm_cstr(vm, stream_names[fd]);
}

static Value io_mode(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd = stream_fd(vm, args[0], "mode");
    return fd < 0 ? V_EXC : vm_cstr(vm, fd == 0 ? "r" : "w");
}

static Value io_encoding(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return stream_fd(vm, args[0], "encoding") < 0 ? V_EXC : vm_cstr(vm, "utf-8");
}

static Value io_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd = stream_fd(vm, args[0], "__repr__");
    if (fd < 0) return V_EXC;
    char buf[96];
    snprintf(buf, sizeof buf, "<_io.TextIOWrapper name='%s' mode='%s' encoding='utf-8'>", stream_names[fd],
             fd == 0 ? "r" : "w");
    return vm_cstr(vm, buf);
}

static const ModFunction io_methods[] = {
    {"write", io_write}, {"flush", io_flush}, {"read", io_read}, {"readline", io_readline},
    {"readlines", io_readlines}, {"__iter__", io_iter}, {"__next__", io_next}, {"fileno", io_fileno},
    {"isatty", io_isatty}, {"readable", io_readable}, {"writable", io_writable}, {"__repr__", io_repr},
}, io_getters[] = {
    {"name", io_name}, {"mode", io_mode}, {"encoding", io_encoding},
};

/* The three streams as sys.stdin, sys.stdout, sys.stderr and their __xxx__
 * twins, in the module namespace d. */
static bool add_streams(VM *vm, DictObj *d)
{
    TypeObj *t = vm_new_builtin_type(vm, "_io.TextIOWrapper", vm->t_object, LAYOUT_OBJECT);
    if (!t) return false;
    vm_push_root(vm, v_obj(t));
    bool ok = true;
    for (size_t i = 0; i < sizeof io_methods / sizeof io_methods[0]; i++)
        vm_add_method(vm, t, io_methods[i].name, io_methods[i].fn);
    for (size_t i = 0; i < sizeof io_getters / sizeof io_getters[0]; i++)
        vm_add_getter(vm, t, io_getters[i].name, io_getters[i].fn);
    static const char *const names[3][2] = {
        {"stdin", "__stdin__"}, {"stdout", "__stdout__"}, {"stderr", "__stderr__"},
    };
    for (uint32_t fd = 0; ok && fd < 3; fd++) {
        Obj *o = vm_alloc(vm, t, sizeof *o);
        if (!o) {
            ok = false;
            break;
        }
        o->aux = STREAM_TAG | fd;
        ok = mod_dict_put(vm, d, names[fd][0], v_obj(o)) && mod_dict_put(vm, d, names[fd][1], v_obj(o));
    }
    vm_pop_roots(vm, 1);
    return ok;
}

/* ---- functions ---------------------------------------------------------------------------- */

/* exit([status]): SystemExit built as PyErr_SetObject builds it: no
 * arguments for None, a tuple's items, else the one value. */
static Value sys_exit(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "sys.exit", nargs, kw, 0, 1)) return V_EXC;
    Value exc;
    if (nargs == 0 || args[0] == V_NONE)
        exc = vm_new_exception(vm, vm->e_SystemExit, NULL, 0);
    else if (v_has_layout(args[0], LAYOUT_TUPLE))
        exc = vm_new_exception(vm, vm->e_SystemExit, AS_TUPLE(args[0])->items, (int)AS_TUPLE(args[0])->len);
    else
        exc = vm_new_exception(vm, vm->e_SystemExit, args, 1);
    return exc == V_EXC ? V_EXC : vm_raise_value(vm, exc);
}

static Value sys_getrecursionlimit(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "sys.getrecursionlimit", nargs, kw)) return V_EXC;
    return v_int(vm->recursion_limit);
}

/* setrecursionlimit(n): the frame pool grows to n frames; native re-entries
 * stay bounded by VM_MAX_NATIVE_DEPTH whatever n is. */
static Value sys_setrecursionlimit(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "sys.setrecursionlimit", nargs, kw)) return V_EXC;
    Value v = v_is_int(args[0]) ? args[0] : vm_number_index(vm, args[0]);
    if (v == V_EXC) return V_EXC;
    int64_t n;
    if (!v_is_int(v) || v_as_int(v) < INT_MIN || v_as_int(v) > INT_MAX)
        return vm_raise(vm, vm->e_OverflowError, "Python int too large to convert to C int");
    n = v_as_int(v);
    if (n < 1) return vm_raise(vm, vm->e_ValueError, "recursion limit must be greater or equal than 1");
    /* the depth counts this native call too, as CPython 3.11's does */
    int depth = vm->nframes + 1;
    if (depth >= n)
        return vm_raise(vm, vm->e_RecursionError,
                        "cannot set the recursion limit to %d at the recursion depth %d: the limit is too low",
                        (int)n, depth);
    if (!vm_reserve_frames(vm, (int)n + 1)) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    vm->recursion_limit = (int)n;
    return V_NONE;
}

static Value sys_intern(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_one(vm, "sys.intern", nargs, kw)) return V_EXC;
    if (!v_has_layout(args[0], LAYOUT_STR))
        return vm_raise(vm, vm->e_TypeError, "intern() argument must be str, not %s", TNAME(args[0]));
    StrObj *s = vm_intern(vm, AS_STR(args[0])->data, AS_STR(args[0])->len);
    return s ? v_obj(s) : V_EXC;
}

static Value sys_getdefaultencoding(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "sys.getdefaultencoding", nargs, kw)) return V_EXC;
    return vm_cstr(vm, "utf-8");
}

static Value sys_getfilesystemencoding(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "sys.getfilesystemencoding", nargs, kw)) return V_EXC;
    return vm_cstr(vm, "utf-8");
}

static Value sys_get_int_max_str_digits(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "sys.get_int_max_str_digits", nargs, kw)) return V_EXC;
    return vm_int_from_i64(vm, vm->int_max_str_digits);
}

static Value sys_set_int_max_str_digits(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"maxdigits"};
    Value a[1];
    int64_t n;
    if (!vm_parse_args(vm, "set_int_max_str_digits", args, nargs, kw, names, 1, 1, 1, a) ||
        !vm_index(vm, a[0], &n))
        return V_EXC;
    if (n != 0 && n < INT_STR_DIGITS_THRESHOLD)
        return vm_raise(vm, vm->e_ValueError, "maxdigits must be 0 or larger than %d", INT_STR_DIGITS_THRESHOLD);
    vm->int_max_str_digits = n;
    return V_NONE;
}

/* The exception being handled (the innermost except block's), or None. */
static Value handled_exception(VM *vm)
{
    for (int i = vm->nhandled - 1; i >= 0; i--)
        if (vm->handled[i] != V_NONE) return vm->handled[i];
    return V_NONE;
}

static Value sys_exception(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "sys.exception", nargs, kw)) return V_EXC;
    return handled_exception(vm);
}

static Value sys_exc_info(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "sys.exc_info", nargs, kw)) return V_EXC;
    Value e = handled_exception(vm);
    Value items[3] = {V_NONE, V_NONE, V_NONE};
    if (e != V_NONE) {
        items[0] = v_obj(vm_type_of(vm, e));
        items[1] = e;
        if (v_has_layout(e, LAYOUT_EXC)) items[2] = ((ExcObj *)v_as_obj(e))->traceback;
    }
    return vm_tuple_of(vm, items, 3);
}

/* sys.excepthook(type, value, traceback): prints the exception and its
 * traceback to stderr, as an uncaught one is (atexit reports a failing
 * callback with it). */
static Value sys_excepthook(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "excepthook", nargs, kw, 3, 3)) return V_EXC;
    fflush(vm->out);
    vm_print_exception(vm, args[1], vm->err);
    fflush(vm->err);
    return V_NONE;
}

/* sys._frame_records(depth=0): the Python frames from the caller's `depth`
 * frames out to the outermost, each a tuple (code, lineno, globals, locals):
 * what inspect builds its frame objects from (the VM's frames are not objects). */
static Value sys_frame_records(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "_frame_records", nargs, kw, 0, 1)) return V_EXC;
    int64_t depth = 0;
    if (nargs && !vm_index(vm, args[0], &depth)) return V_EXC;
    if (depth < 0 || depth >= vm->nframes) return vm_raise(vm, vm->e_ValueError, "call stack is not deep enough");
    Value list = vm_new_list(vm, (uint32_t)(vm->nframes - depth));
    if (list == V_EXC) return V_EXC;
    vm_push_root(vm, list);
    for (int i = vm->nframes - 1 - (int)depth; i >= 0; i--) {
        const Frame *f = vm->frames[i];
        uint32_t at = f->ip & 0x7FFFFFFFu;
        at = at ? at - 1 : 0;
        if (at >= f->code->ncode) at = f->code->ncode - 1;
        Value items[4] = {v_obj(f->code), v_int(f->code->lines[4 * at]), v_obj(f->globals), V_NONE};
        items[3] = vm_frame_locals(vm, f);
        if (items[3] == V_EXC) goto fail;
        vm_push_root(vm, items[3]);
        Value t = vm_tuple_of(vm, items, 4);
        vm_pop_roots(vm, 1);
        if (t == V_EXC || !vm_list_append(vm, AS_LIST(list), t)) goto fail;
    }
    vm_pop_roots(vm, 1);
    return list;
fail:
    vm_pop_roots(vm, 1);
    return V_EXC;
}

/* ---- getsizeof: CPython 3.11's sizes on a 64-bit build, GC header included,
 * from the object's shape; close, not exact ---------------------------------------------- */

static const uint16_t base_size[LAYOUT_COUNT] = {
    [LAYOUT_OBJECT] = 16, [LAYOUT_TYPE] = 1072, [LAYOUT_COMPLEX] = 32, [LAYOUT_RANGE] = 48,
    [LAYOUT_SLICE] = 56, [LAYOUT_FUNC] = 152, [LAYOUT_BUILTIN] = 72, [LAYOUT_METHOD] = 64,
    [LAYOUT_CELL] = 40, [LAYOUT_CODE] = 200, [LAYOUT_MODULE] = 72, [LAYOUT_GEN] = 200,
    [LAYOUT_EXC] = 72, [LAYOUT_TRACEBACK] = 64, [LAYOUT_PROPERTY] = 80, [LAYOUT_STATICMETHOD] = 56,
    [LAYOUT_CLASSMETHOD] = 56, [LAYOUT_SUPER] = 64, [LAYOUT_ITER] = 48, [LAYOUT_FILE] = 216,
};

static int64_t pow2_at_least(int64_t n)
{
    int64_t p = 8;
    while (p < n) p *= 2;
    return p;
}

/* A dict of n items: its header and a keys table with 2/3 of its slots usable. */
static int64_t dict_size(int64_t n)
{
    if (n == 0) return 64;
    int64_t slots = pow2_at_least((3 * n + 1) / 2);
    return 96 + slots * (slots <= 128 ? 1 : slots <= 32768 ? 2 : 4) + (2 * slots / 3) * 24;
}

/* A set of n items: 16-byte entries, an inline table of 8 and, once that
 * is 3/5 full, a table past 4 times the items (twice past 50000 items). */
static int64_t set_size(int64_t n)
{
    int64_t slots = 8;
    for (;;) {
        int64_t fill = ((slots - 1) * 3 + 4) / 5;
        if (n < fill) break;
        int64_t want = fill > 50000 ? fill * 2 : fill * 4;
        while (slots <= want) slots *= 2;
    }
    return 216 + (slots > 8 ? slots * 16 : 0);
}

static int64_t str_size(const StrObj *s)
{
    /* CPython stores a str in 1, 2 or 4 bytes a character by its widest one */
    int width = 0;
    for (uint32_t i = 0; i < s->len; i++) {
        unsigned char c = (unsigned char)s->data[i];
        int w = c < 0x80 ? 0 : c < 0xC4 ? 1 : c < 0xF0 ? 2 : 4;
        if (w > width) width = w;
    }
    static const int head[5] = {49, 73, 74, 0, 76};
    return head[width] + (int64_t)s->nchars * (width ? width : 1);
}

/* 30-bit digits, at least one */
static int64_t int_size(Value v)
{
    mpz_t z;
    mpz_init(z);
    vm_int_to_mpz(v, z);
    int64_t digits = ((int64_t)mpz_sizeinbase(z, 2) + 29) / 30;
    mpz_clear(z);
    return 24 + 4 * digits;
}

static Value sys_getsizeof(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"object", "default"};
    Value a[2];
    if (!vm_parse_args(vm, "getsizeof", args, nargs, kw, names, 2, 2, 1, a)) return V_EXC;
    Value v = a[0];
    int64_t size;
    if (v_is_double(v)) size = 24;
    else if (v_is_int(v) || v_is_bool(v)) size = int_size(v);
    else if (!v_is_obj(v)) size = 16;
    else {
        Obj *o = v_as_obj(v);
        switch (o->type->layout) {
        case LAYOUT_STR: size = str_size((StrObj *)o); break;
        case LAYOUT_BYTES: size = 33 + ((BytesObj *)o)->len; break;
        case LAYOUT_BYTEARRAY: size = 56 + ((ByteArrayObj *)o)->cap; break;
        case LAYOUT_BIGINT: size = int_size(v); break;
        case LAYOUT_TUPLE: size = 40 + 8 * (int64_t)((TupleObj *)o)->len; break;
        case LAYOUT_LIST: size = 56 + 8 * (int64_t)((ListObj *)o)->cap; break;
        case LAYOUT_DICT: size = dict_size(((DictObj *)o)->used); break;
        case LAYOUT_SET: size = set_size(((DictObj *)o)->used); break;
        default:
            size = base_size[o->type->layout];
            if (o->type == vm->t_float) size = 24;
            else if (o->type->layout == LAYOUT_OBJECT && o->dict) size = 56;   /* an instance with a __dict__ */
        }
    }
    return vm_int_from_i64(vm, size);
}

/* ---- the module --------------------------------------------------------------------------- */

static const ModFunction sys_functions[] = {
    {"exit", sys_exit}, {"getrecursionlimit", sys_getrecursionlimit},
    {"setrecursionlimit", sys_setrecursionlimit}, {"intern", sys_intern},
    {"getdefaultencoding", sys_getdefaultencoding}, {"getfilesystemencoding", sys_getfilesystemencoding},
    {"get_int_max_str_digits", sys_get_int_max_str_digits},
    {"set_int_max_str_digits", sys_set_int_max_str_digits}, {"exception", sys_exception},
    {"exc_info", sys_exc_info}, {"getsizeof", sys_getsizeof}, {"excepthook", sys_excepthook},
    {"__excepthook__", sys_excepthook}, {"_frame_records", sys_frame_records},
};

static const struct {
    const char *name;
    const char *value;
} sys_strings[] = {
    {"version", SYS_VERSION}, {"platform", "linux"},
    {"byteorder", __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? "little" : "big"},
    {"float_repr_style", "short"}, {"abiflags", ""},
};

static const struct {
    const char *name;
    int64_t value;
} sys_ints[] = {
    {"maxsize", INT64_MAX}, {"maxunicode", 0x10FFFF}, {"hexversion", SYS_HEXVERSION}, {"api_version", 1013},
};

static const char *const version_info_fields[] = {"major", "minor", "micro", "releaselevel", "serial"};
static const char *const float_info_fields[] = {
    "max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp", "dig", "mant_dig", "epsilon", "radix", "rounds",
};
static const char *const flags_fields[] = {
    "debug", "inspect", "interactive", "optimize", "dont_write_bytecode", "no_user_site", "no_site",
    "ignore_environment", "verbose", "bytes_warning", "quiet", "hash_randomization", "isolated", "dev_mode",
    "utf8_mode", "warn_default_encoding", "safe_path", "int_max_str_digits",
};
static const char *const int_info_fields[] = {
    "bits_per_digit", "sizeof_digit", "default_max_str_digits", "str_digits_check_threshold",
};

/* Builds one struct sequence type and its single instance as sys.<name>. */
static bool add_record(VM *vm, DictObj *d, const ModStructSeq *desc, const Value *values)
{
    TypeObj *t = mod_structseq_type(vm, desc);
    if (!t) return false;
    vm_push_root(vm, v_obj(t));
    Value r = mod_structseq_new(vm, t, desc, values);
    bool ok = mod_dict_put(vm, d, strrchr(desc->name, '.') + 1, r);
    vm_pop_roots(vm, 1);
    return ok;
}

static bool add_records(VM *vm, DictObj *d)
{
    Value final = vm_cstr(vm, "final");
    if (final == V_EXC) return false;
    Value version[] = {v_int(3), v_int(11), v_int(7), final, v_int(0)};
    Value floats[] = {
        v_double(DBL_MAX), v_int(DBL_MAX_EXP), v_int(DBL_MAX_10_EXP), v_double(DBL_MIN), v_int(DBL_MIN_EXP),
        v_int(DBL_MIN_10_EXP), v_int(DBL_DIG), v_int(DBL_MANT_DIG), v_double(DBL_EPSILON), v_int(FLT_RADIX),
        v_int(1),
    };
    Value ints[] = {v_int(30), v_int(4), v_int(4300), v_int(INT_STR_DIGITS_THRESHOLD)};
    /* the host's VmFlags in CPython 3.11's order; tirun's str hashes are not
     * randomized, its text is always UTF-8, and -X int_max_str_digits is not read */
    const VmFlags *f = &vm->cfg.flags;
    Value flags[] = {
        v_int(f->debug), v_int(f->inspect), v_int(f->interactive), v_int(f->optimize),
        v_int(f->dont_write_bytecode), v_int(f->no_user_site), v_int(f->no_site), v_int(f->ignore_environment),
        v_int(f->verbose), v_int(f->bytes_warning), v_int(f->quiet), v_int(0), v_int(f->isolated),
        v_bool(f->dev_mode), v_int(1), v_int(0), v_bool(f->safe_path), v_int(-1),
    };
    const ModStructSeq descs[] = {
        {"sys.version_info", version_info_fields, 5, 5},
        {"sys.float_info", float_info_fields, 11, 11},
        {"sys.int_info", int_info_fields, 4, 4},
        {"sys.flags", flags_fields, 18, 18},
    };
    return add_record(vm, d, &descs[0], version) && add_record(vm, d, &descs[1], floats) &&
           add_record(vm, d, &descs[2], ints) && add_record(vm, d, &descs[3], flags);
}

/* sys.argv and sys.path are the lists the VM keeps (the command line sets
 * argv, the importer reads path); made empty here if the VM has none yet. */
static bool add_vm_list(VM *vm, DictObj *d, const char *name, Value *slot)
{
    if (!v_has_layout(*slot, LAYOUT_LIST)) {
        Value l = vm_new_list(vm, 0);
        if (l == V_EXC) return false;
        *slot = l;
    }
    return mod_dict_put(vm, d, name, *slot);
}

/* sys.warnoptions (a list of the -W arguments) and sys._xoptions (a dict
 * of the -X ones: "name=value", or "name" for True), as the host gave them. */
static bool add_options(VM *vm, DictObj *d)
{
    Value w = vm_new_list(vm, 0);
    if (w == V_EXC || !mod_dict_put(vm, d, "warnoptions", w)) return false;
    for (const char *const *o = vm->cfg.warnoptions; o && *o; o++) {
        Value s = vm_cstr(vm, *o);
        if (s == V_EXC || !vm_list_append(vm, AS_LIST(w), s)) return false;
    }
    Value x = vm_new_dict(vm);
    if (x == V_EXC || !mod_dict_put(vm, d, "_xoptions", x)) return false;
    for (const char *const *o = vm->cfg.xoptions; o && *o; o++) {
        const char *eq = strchr(*o, '=');
        Value k = vm_new_str(vm, *o, eq ? (size_t)(eq - *o) : strlen(*o));
        if (k == V_EXC) return false;
        vm_push_root(vm, k);
        Value v = eq ? vm_cstr(vm, eq + 1) : V_TRUE;
        bool ok = v != V_EXC && vm_dict_set(vm, AS_DICT(x), k, v);
        vm_pop_roots(vm, 1);
        if (!ok) return false;
    }
    return mod_dict_put(vm, d, "dont_write_bytecode", v_bool(vm->cfg.flags.dont_write_bytecode));
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* builtin_module_names: the configured C modules and the two vm_new makes
 * itself, sorted as CPython sorts them. */
static Value builtin_module_names(VM *vm)
{
    const char *names[64] = {"builtins", "_io"};
    int n = 2;
    for (const VmModuleDef *d = vm->cfg.modules; d && d->name && n < 64; d++) names[n++] = d->name;
    qsort(names, (size_t)n, sizeof names[0], compare_names);
    Value t = vm_new_tuple(vm, (uint32_t)n);
    if (t == V_EXC) return V_EXC;
    vm_push_root(vm, t);
    for (int i = 0; i < n && t != V_EXC; i++) {
        StrObj *s = vm_intern(vm, names[i], strlen(names[i]));
        if (s) AS_TUPLE(t)->items[i] = v_obj(s);
        else t = V_EXC;
    }
    vm_pop_roots(vm, 1);
    return t;
}

Value mod_sys_open(VM *vm)
{
    Value m = vm_new_module(vm, "sys");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    DictObj *d = v_as_obj(m)->dict;
    bool ok = mod_add_functions(vm, m, sys_functions, sizeof sys_functions / sizeof sys_functions[0]);
    for (size_t i = 0; ok && i < sizeof sys_strings / sizeof sys_strings[0]; i++)
        ok = mod_dict_put(vm, d, sys_strings[i].name, vm_cstr(vm, sys_strings[i].value));
    for (size_t i = 0; ok && i < sizeof sys_ints / sizeof sys_ints[0]; i++)
        ok = mod_dict_put(vm, d, sys_ints[i].name, vm_int_from_i64(vm, sys_ints[i].value));
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    Value executable = vm_new_str(vm, exe, len > 0 ? (size_t)len : 0);
    ok = ok && mod_dict_put(vm, d, "executable", executable) && mod_dict_put(vm, d, "modules", v_obj(vm->modules)) &&
         add_vm_list(vm, d, "argv", &vm->sys_argv) && add_vm_list(vm, d, "path", &vm->sys_path) &&
         add_records(vm, d) && add_streams(vm, d) && add_options(vm, d) &&
         mod_dict_put(vm, d, "builtin_module_names", builtin_module_names(vm));
    vm_pop_roots(vm, 1);
    return ok ? m : V_EXC;
}


/* open() and the file objects it returns, over C stdio streams: _io.TextIOWrapper
 * (UTF-8, ASCII or Latin-1 text, universal newlines), BufferedReader / Writer /
 * Random (binary) and FileIO (unbuffered binary), with CPython's attributes and
 * error messages; the _io module that holds them and io.UnsupportedOperation. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vm.h"

#define COUNT(a) (sizeof(a) / sizeof *(a))

/* CPython's classes word one failure differently: the text layer, the buffered
 * binary classes and the raw FileIO each have their own messages. */
typedef enum { FAM_TEXT, FAM_BUFFERED, FAM_RAW } Family;

#define FILE_KINDS(X)                                                                          \
    X(TextIOWrapper, FAM_TEXT) X(BufferedReader, FAM_BUFFERED) X(BufferedWriter, FAM_BUFFERED) \
    X(BufferedRandom, FAM_BUFFERED) X(FileIO, FAM_RAW)

typedef enum {
#define X(n, fam) KIND_##n,
    FILE_KINDS(X)
#undef X
} FileKind;

static const struct {
    const char *name;
    Family family;
} kinds[] = {
#define X(n, fam) { #n, fam },
    FILE_KINDS(X)
#undef X
};

enum {
    F_READ = 1,
    F_WRITE = 2,
    F_UTF8 = 4,       /* text whose characters take several bytes: read(n) counts lead bytes */
    F_LINEBUF = 8,    /* text flushed after each write holding a line ending */
    F_CLOSEFD = 16,
};

/* newline=: None reads every ending as '\n'; '' splits lines at every ending and keeps it. */
typedef enum { NL_UNIVERSAL, NL_DETECT, NL_LF, NL_CR, NL_CRLF } Newline;

/* The direction of the last transfer: C streams need a flush or a seek in between. */
enum { LAST_NONE, LAST_READ, LAST_WRITE };

typedef struct {
    Obj hdr;          /* hdr.dict keeps name, mode (and encoding, errors): the GC traces only it */
    FILE *fp;         /* NULL once closed */
    int fd;           /* what fileno() says: with closefd=False, fp runs on a duplicate of it */
    uint8_t kind;     /* FileKind */
    uint8_t flags;    /* F_* */
    uint8_t newline;  /* Newline */
    uint8_t last;     /* LAST_* */
    off_t read_start; /* text: where the current run of reads began (see begin) */
} FileObj;

enum { TEXT_CHUNK = 8192 };   /* what TextIOWrapper reads at a time */

#define AS_FILE(v) ((FileObj *)v_as_obj(v))

static Family family(const FileObj *f) { return kinds[f->kind].family; }

/* ---- errors ------------------------------------------------------------------------ */

/* An entry of obj's hdr.dict: a module's namespace, a file's attributes. */
static Value member(VM *vm, Value obj, const char *name)
{
    StrObj *key = vm_intern(vm, name, strlen(name));
    if (!key || !v_is_obj(obj) || !v_as_obj(obj)->dict) return V_UNBOUND;
    return vm_dict_get_str(v_as_obj(obj)->dict, key);
}

/* OSError(errno, strerror[, filename]): OSError.__new__ picks the subclass by errno. */
/* io.UnsupportedOperation (an OSError and a ValueError) lives in the _io module
 * vm_init_file put in sys.modules; a program that replaced that raises OSError. */
static Value raise_unsupported(VM *vm, const char *msg)
{
    StrObj *io = vm_intern(vm, "_io", 3);
    Value t = io ? member(vm, vm_dict_get_str(vm->modules, io), "UnsupportedOperation") : V_UNBOUND;
    bool ok = v_has_layout(t, LAYOUT_TYPE) && vm_is_subtype(AS_TYPE(t), vm->e_OSError);
    return vm_raise(vm, ok ? AS_TYPE(t) : vm->e_OSError, "%s", msg);
}

#define CLOSED "I/O operation on closed file."
#define CLOSED_RAW "I/O operation on closed file" /* FileIO's own wording */

typedef enum {
    OP_READ, OP_READLINE, OP_READLINES, OP_WRITE, OP_TRUNCATE, OP_FLUSH, OP_SEEK, OP_TELL, OP_IOBASE, OP_RAW
} Op;

/* What a method needs before it runs, and the ValueError (closed) and
 * UnsupportedOperation messages per Family. A buffered class that lacks the
 * method (BufferedReader.write) reports that before looking at closed. */
static const struct {
    uint8_t needs;
    bool lacking_first;
    const char *closed[3], *unsupported[3];
} rules[] = {
    [OP_READ] = { F_READ, true, { CLOSED, "read of closed file", CLOSED_RAW },
                  { "not readable", "read", "File not open for reading" } },
    [OP_READLINE] = { F_READ, true, { CLOSED, "readline of closed file", CLOSED_RAW },
                      { "not readable", "read", "File not open for reading" } },
    [OP_READLINES] = { F_READ, false, { CLOSED, CLOSED, CLOSED },
                       { "not readable", "read", "File not open for reading" } },
    [OP_WRITE] = { F_WRITE, true, { CLOSED, "write to closed file", CLOSED_RAW },
                   { "not writable", "write", "File not open for writing" } },
    [OP_TRUNCATE] = { F_WRITE, false, { CLOSED, "truncate of closed file", CLOSED_RAW },
                      { "truncate", "truncate", "File not open for writing" } },
    [OP_FLUSH] = { 0, false, { CLOSED, "flush of closed file", CLOSED }, { NULL } },
    [OP_SEEK] = { 0, false, { CLOSED, "seek of closed file", CLOSED_RAW }, { NULL } },
    [OP_TELL] = { 0, false, { CLOSED, CLOSED_RAW, CLOSED_RAW }, { NULL } },
    [OP_IOBASE] = { 0, false, { CLOSED, CLOSED, CLOSED }, { NULL } },          /* _IOBase's own methods */
    [OP_RAW] = { 0, false, { CLOSED_RAW, CLOSED_RAW, CLOSED_RAW }, { NULL } }, /* passed down to FileIO */
};

static bool check(VM *vm, FileObj *f, Op op)
{
    Family fam = family(f);
    bool lacking = rules[op].needs && !(f->flags & rules[op].needs);
    if (lacking && fam == FAM_BUFFERED && rules[op].lacking_first)
        return raise_unsupported(vm, rules[op].unsupported[fam]), false;
    if (!f->fp) return vm_raise(vm, vm->e_ValueError, "%s", rules[op].closed[fam]), false;
    if (lacking) return raise_unsupported(vm, rules[op].unsupported[fam]), false;
    return true;
}

/* The file a method runs on, its positional arguments counted (min..max) and no keywords. */
static FileObj *file_args(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int min, int max)
{
    if (nargs < 1) {
        vm_raise(vm, vm->e_TypeError, "descriptor '%s' of '_io._IOBase' object needs an argument", meth);
        return NULL;
    }
    if (!v_has_layout(args[0], LAYOUT_FILE)) {
        vm_raise(vm, vm->e_TypeError, "descriptor '%s' for '_io._IOBase' objects doesn't apply to a '%s' object", meth,
                 vm_type_of(vm, args[0])->name->data);
        return NULL;
    }
    bool ok = min == max && max <= 1 ? vm_method_args(vm, args, nargs, kw, vm_type_of(vm, args[0]), meth, max)
                                     : vm_check_nargs(vm, meth, nargs - 1, kw, min, max);
    return ok ? AS_FILE(args[0]) : NULL;
}

/* read(size) and readlines(hint): an int, or None (and absent) for -1. */
static bool size_arg(VM *vm, Value *args, int nargs, int64_t *out)
{
    *out = -1;
    if (nargs < 2 || args[1] == V_NONE) return true;
    Value v = args[1];
    if (!vm_is_int(vm, v) && vm_type_lookup(vm_type_of(vm, v), vm->s___index__) == V_UNBOUND) {
        vm_raise(vm, vm->e_TypeError, "argument should be integer or None, not '%s'", vm_type_of(vm, v)->name->data);
        return false;
    }
    return vm_index(vm, v, out);
}

/* ---- transfers --------------------------------------------------------------------- */

/* Switches the stream's direction: C wants a flush after writing before a read,
 * and a seek after reading before a write. A read clears end-of-file, so a file
 * that grew since is read on, as CPython does. */
static bool begin(VM *vm, FileObj *f, int dir)
{
    bool text = family(f) == FAM_TEXT;
    if (f->last == LAST_WRITE && dir == LAST_READ && fflush(f->fp) != 0)
        return vm_raise_errno(vm, errno, V_UNBOUND), false;
    if (f->last == LAST_READ && dir == LAST_WRITE) {
        /* CPython's text layer reads whole chunks and writes where the last one
         * ends (the end of the file at most), not where reading stopped */
        off_t pos = text ? ftello(f->fp) : -1, at = f->read_start;
        struct stat st;
        if (pos >= 0 && fstat(fileno(f->fp), &st) == 0) {
            if (pos > at) at += (pos - at + TEXT_CHUNK - 1) / TEXT_CHUNK * TEXT_CHUNK;
            fseeko(f->fp, at < st.st_size ? at : st.st_size, SEEK_SET);
        } else {
            fseeko(f->fp, 0, SEEK_CUR);
        }
    }
    if (dir == LAST_READ) {
        clearerr_unlocked(f->fp);
        if (text && f->last != LAST_READ) f->read_start = ftello(f->fp);
    }
    f->last = (uint8_t)dir;
    return true;
}

/* What a read gathers: on the C stack while it is short (a line), then in a StrBuf. */
typedef struct {
    size_t n;
    StrBuf big;
    char small[512];
} ReadBuf;

static void rb_init(ReadBuf *r)
{
    r->n = 0;
    sb_init(&r->big);
}

static void rb_spill(ReadBuf *r)
{
    sb_putn(&r->big, r->small, r->n);
    r->n = 0;
}

static inline void rb_putc(ReadBuf *r, int c)
{
    if (r->n == sizeof r->small) rb_spill(r);
    r->small[r->n++] = (char)c;
}

static void rb_putn(ReadBuf *r, const char *s, size_t n)
{
    rb_spill(r);
    sb_putn(&r->big, s, n);
}

/* All of it in one piece. */
static char *rb_data(ReadBuf *r, size_t *len)
{
    if (!r->big.len) {
        *len = r->n;
        return r->small;
    }
    rb_spill(r);
    *len = r->big.len;
    return r->big.data;
}

static void read_all(FileObj *f, ReadBuf *r)
{
    char chunk[16384];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f->fp)) > 0) rb_putn(r, chunk, n);
}

static void read_bytes(FileObj *f, int64_t want, ReadBuf *r)
{
    char chunk[16384];
    while (want > 0) {
        size_t ask = want < (int64_t)sizeof chunk ? (size_t)want : sizeof chunk;
        size_t n = fread(chunk, 1, ask, f->fp);
        rb_putn(r, chunk, n);
        if (n < ask) return;
        want -= (int64_t)n;
    }
}

static void read_byte_line(FileObj *f, int64_t limit, ReadBuf *r)
{
    for (int64_t n = 0; limit < 0 || n < limit; n++) {
        int c = getc_unlocked(f->fp);
        if (c == EOF) return;
        rb_putc(r, c);
        if (c == '\n') return;
    }
}

/* The continuation bytes of a UTF-8 sequence led by `lead`; a byte that cannot
 * continue it goes back for the decoder to report. */
static void read_continuation(FILE *fp, int lead, ReadBuf *r)
{
    for (int more = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0; more > 0; more--) {
        int c = getc_unlocked(fp);
        if (c == EOF) return;
        if ((c & 0xC0) != 0x80) {
            ungetc(c, fp);
            return;
        }
        rb_putc(r, c);
    }
}

static bool ends_line(Newline nl, int c, int prev)
{
    if (c == '\n') return nl != NL_CR && (nl != NL_CRLF || prev == '\r');
    return c == '\r' && nl == NL_CR;
}

/* Up to `limit` characters (all when negative) as encoded bytes, newlines as
 * f->newline has them; with `line`, up to and including a line ending. Only a
 * limit needs the bytes grouped into characters. */
static void read_text(FileObj *f, int64_t limit, bool line, ReadBuf *r)
{
    FILE *fp = f->fp;
    Newline nl = (Newline)f->newline;
    bool group = limit >= 0 && (f->flags & F_UTF8), cr_ends = nl == NL_UNIVERSAL || (line && nl == NL_DETECT);
    int prev = EOF;
    for (int64_t n = 0; limit < 0 || n < limit; n++) {
        int c = getc_unlocked(fp);
        if (c == EOF) return;
        if (c == '\r' && cr_ends) {
            /* '\r\n' or a lone '\r' */
            int next = getc_unlocked(fp);
            if (next != '\n' && next != EOF) ungetc(next, fp);
            rb_putc(r, nl == NL_UNIVERSAL ? '\n' : '\r');
            if (next == '\n' && nl == NL_DETECT) rb_putc(r, '\n');
            if (line) return;
            continue;
        }
        rb_putc(r, c);
        if (group) read_continuation(fp, c, r);
        if (line && (c == '\n' || c == '\r') && ends_line(nl, c, prev)) return;
        prev = c;
    }
}

/* '\r\n' and '\r' to '\n' in place; the new length. */
static size_t translate_newlines(char *s, size_t len)
{
    size_t j = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '\r') {
            c = '\n';
            if (i + 1 < len && s[i + 1] == '\n') i++;
        }
        s[j++] = c;
    }
    return j;
}

static bool is_ascii(const char *s, size_t len)
{
    unsigned char any = 0;
    for (size_t i = 0; i < len; i++) any |= (unsigned char)s[i];
    return any < 0x80;
}

static const char *stored_text(VM *vm, FileObj *f, const char *name, const char *dflt)
{
    Value v = member(vm, v_obj(f), name);
    return v_has_layout(v, LAYOUT_STR) ? AS_STR(v)->data : dflt;
}

/* What was read, as str or bytes; frees r. ASCII reads the same in every
 * encoding here, so only other text goes through the decoder. */
static Value finish_read(VM *vm, FileObj *f, ReadBuf *r, bool translate)
{
    size_t len;
    char *data = rb_data(r, &len);
    Value v;
    if (ferror_unlocked(f->fp)) {
        v = vm_raise_errno(vm, errno, V_UNBOUND);
    } else if (r->big.oom) {
        v = vm_raise(vm, vm->e_MemoryError, "out of memory");
    } else if (family(f) != FAM_TEXT) {
        v = vm_new_bytes(vm, data, len);
    } else {
        if (translate) len = translate_newlines(data, len);
        const char *enc = stored_text(vm, f, "encoding", "utf-8"), *errors = stored_text(vm, f, "errors", NULL);
        v = is_ascii(data, len) ? vm_new_str(vm, data, len)
                                : vm_decode(vm, (const unsigned char *)data, len, enc, errors);
    }
    sb_free(&r->big);
    return v;
}

static Value read_line(VM *vm, FileObj *f, int64_t limit)
{
    if (!begin(vm, f, LAST_READ)) return V_EXC;
    ReadBuf r;
    rb_init(&r);
    if (family(f) == FAM_TEXT) read_text(f, limit, true, &r);
    else read_byte_line(f, limit, &r);
    return finish_read(vm, f, &r, false);
}

static bool is_empty(Value v)
{
    return v_has_layout(v, LAYOUT_STR) ? AS_STR(v)->len == 0 : ((BytesObj *)v_as_obj(v))->len == 0;
}

/* Writes data, each '\n' as `nl` when not NULL (text with newline='\r' or '\r\n'). */
static bool put_bytes(VM *vm, FileObj *f, const char *data, size_t len, const char *nl)
{
    while (len) {
        const char *lf = nl ? memchr(data, '\n', len) : NULL;
        size_t n = lf ? (size_t)(lf - data) : len;
        if (fwrite(data, 1, n, f->fp) != n || (lf && fputs(nl, f->fp) == EOF))
            return vm_raise_errno(vm, errno, V_UNBOUND), false;
        n += lf != NULL;
        data += n;
        len -= n;
    }
    return true;
}

/* The UTF-8 form of lone surrogates (ED A0..BF xx): strict UTF-8 refuses them. */
static bool has_surrogate(const StrObj *s)
{
    for (const char *p = memchr(s->data, 0xED, s->len); p; p = memchr(p + 1, 0xED, s->len - (size_t)(p + 1 - s->data)))
        if (p + 1 < s->data + s->len && (unsigned char)p[1] >= 0xA0) return true;
    return false;
}

/* str.encode(s, encoding, errors), str's own: CPython's codecs ignore a subclass's encode. */
static Value encode(VM *vm, Value s, Value encoding, Value errors)
{
    StrObj *name = vm_intern(vm, "encode", 6);
    return name ? vm_call(vm, vm_type_lookup(vm->t_str, name), (Value[]){ s, encoding, errors }, 3, NULL) : V_EXC;
}

static Value write_text(VM *vm, FileObj *f, Value v)
{
    static const char *const nl_out[] = { [NL_UNIVERSAL] = NULL, [NL_CR] = "\r", [NL_CRLF] = "\r\n" };
    if (!vm_is_subtype(vm_type_of(vm, v), vm->t_str))
        return vm_raise(vm, vm->e_TypeError, "write() argument must be str, not %s", vm_type_of(vm, v)->name->data);
    if (!check(vm, f, OP_WRITE) || !begin(vm, f, LAST_WRITE)) return V_EXC;
    StrObj *s = AS_STR(v);
    const char *data = s->data;
    size_t len = s->len;
    /* ASCII, and surrogate-free UTF-8, are already their encoded form */
    if (s->len != s->nchars && (!(f->flags & F_UTF8) || has_surrogate(s))) {
        Value enc = encode(vm, v, member(vm, v_obj(f), "encoding"), member(vm, v_obj(f), "errors"));
        if (enc == V_EXC) return V_EXC;
        data = (const char *)((BytesObj *)v_as_obj(enc))->data;
        len = ((BytesObj *)v_as_obj(enc))->len;
    }
    if (!put_bytes(vm, f, data, len, nl_out[f->newline])) return V_EXC;
    if ((f->flags & F_LINEBUF) && (memchr(s->data, '\n', s->len) || memchr(s->data, '\r', s->len)) && fflush(f->fp))
        return vm_raise_errno(vm, errno, V_UNBOUND);
    return vm_int_from_i64(vm, s->nchars);
}

static bool bytes_like(Value v, const char **data, size_t *len)
{
    if (v_has_layout(v, LAYOUT_BYTES)) {
        *data = (const char *)((BytesObj *)v_as_obj(v))->data;
        *len = ((BytesObj *)v_as_obj(v))->len;
        return true;
    }
    if (v_has_layout(v, LAYOUT_BYTEARRAY)) {
        *data = (const char *)((ByteArrayObj *)v_as_obj(v))->data;
        *len = ((ByteArrayObj *)v_as_obj(v))->len;
        return true;
    }
    return false;
}

static Value write_one(VM *vm, FileObj *f, Value v)
{
    if (family(f) == FAM_TEXT) return write_text(vm, f, v);
    const char *data;
    size_t len;
    if (!bytes_like(v, &data, &len))
        return vm_raise(vm, vm->e_TypeError, "a bytes-like object is required, not '%s'",
                        vm_type_of(vm, v)->name->data);
    if (!check(vm, f, OP_WRITE) || !begin(vm, f, LAST_WRITE) || !put_bytes(vm, f, data, len, NULL)) return V_EXC;
    return vm_int_from_i64(vm, (int64_t)len);
}

static bool close_file(VM *vm, FileObj *f)
{
    FILE *fp = f->fp;
    f->fp = NULL;
    if (fp && fclose(fp) != 0) return vm_raise_errno(vm, errno, V_UNBOUND), false;
    return true;
}

/* Nothing but the stream: the GC runs no Python code here. */
void vm_file_finalize(VM *vm, Obj *file)
{
    FileObj *f = (FileObj *)file;
    if (f->fp) fclose(f->fp);
    f->fp = NULL;
}

/* ---- methods ----------------------------------------------------------------------- */

static Value file_read(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "read", 0, 1);
    int64_t n;
    if (!f || !size_arg(vm, args, nargs, &n)) return V_EXC;
    if (n < -1 && family(f) == FAM_BUFFERED)
        return vm_raise(vm, vm->e_ValueError, "read length must be non-negative or -1");
    if (!check(vm, f, OP_READ) || !begin(vm, f, LAST_READ)) return V_EXC;
    ReadBuf r;
    rb_init(&r);
    if (n < 0) read_all(f, &r);
    else if (family(f) == FAM_TEXT) read_text(f, n, false, &r);
    else read_bytes(f, n, &r);
    return finish_read(vm, f, &r, n < 0 && f->newline == NL_UNIVERSAL);
}

/* readline(size=-1): text takes an int only, binary None as well. */
static Value file_readline(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "readline", 0, 1);
    int64_t limit = -1;
    if (!f) return V_EXC;
    bool ok = family(f) == FAM_TEXT && nargs > 1 ? vm_index(vm, args[1], &limit) : size_arg(vm, args, nargs, &limit);
    return ok && check(vm, f, OP_READLINE) ? read_line(vm, f, limit) : V_EXC;
}

/* readlines(hint=-1): stops once the lines hold `hint` characters (or bytes). */
static Value file_readlines(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "readlines", 0, 1);
    int64_t hint, total = 0;
    if (!f || !size_arg(vm, args, nargs, &hint) || !check(vm, f, OP_READLINES)) return V_EXC;
    Value list = vm_new_list(vm, 0);
    if (list == V_EXC) return V_EXC;
    vm_push_root(vm, list);
    for (;;) {
        Value line = read_line(vm, f, -1);
        if (line == V_EXC) list = V_EXC;
        if (line == V_EXC || is_empty(line)) break;
        if (!vm_list_append(vm, AS_LIST(list), line)) {
            list = V_EXC;
            break;
        }
        total += v_has_layout(line, LAYOUT_STR) ? AS_STR(line)->nchars : ((BytesObj *)v_as_obj(line))->len;
        if (hint > 0 && total >= hint) break;
    }
    vm_pop_roots(vm, 1);
    return list;
}

static Value file_readinto(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "readinto", 1, 1);
    if (!f) return V_EXC;
    if (!v_has_layout(args[1], LAYOUT_BYTEARRAY))
        return vm_raise(vm, vm->e_TypeError, "readinto() argument must be read-write bytes-like object, not %s",
                        vm_type_of(vm, args[1])->name->data);
    if (!check(vm, f, OP_READ) || !begin(vm, f, LAST_READ)) return V_EXC;
    ByteArrayObj *ba = (ByteArrayObj *)v_as_obj(args[1]);
    size_t n = ba->len ? fread(ba->data, 1, ba->len, f->fp) : 0;
    if (ferror_unlocked(f->fp)) return vm_raise_errno(vm, errno, V_UNBOUND);
    return vm_int_from_i64(vm, (int64_t)n);
}

static Value file_write(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "write", 1, 1);
    return f ? write_one(vm, f, args[1]) : V_EXC;
}

static int write_item(VM *vm, void *ctx, Value item) { return write_one(vm, ctx, item) == V_EXC ? -1 : 1; }

static Value file_writelines(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "writelines", 1, 1);
    if (!f || !check(vm, f, OP_IOBASE)) return V_EXC;
    return vm_foreach(vm, args[1], write_item, f) < 0 ? V_EXC : V_NONE;
}

/* Lines, for `for line in f` (the type's iternext) and __next__. */
static Value file_iternext(VM *vm, Value it)
{
    FileObj *f = AS_FILE(it);
    if (!check(vm, f, OP_READLINE)) return V_EXC;
    Value line = read_line(vm, f, -1);
    return line == V_EXC || !is_empty(line) ? line : V_UNBOUND;
}

static Value file_next(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "__next__", 0, 0);
    Value line = f ? file_iternext(vm, args[0]) : V_EXC;
    if (line != V_UNBOUND) return line;
    Value stop = vm_new_exception(vm, vm->e_StopIteration, NULL, 0);
    return stop == V_EXC ? V_EXC : vm_raise_value(vm, stop);
}

static Value open_self(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth)
{
    FileObj *f = file_args(vm, args, nargs, kw, meth, 0, 0);
    return f && check(vm, f, OP_IOBASE) ? args[0] : V_EXC;
}

static Value file_iter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return open_self(vm, args, nargs, kw, "__iter__");
}

static Value file_enter(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return open_self(vm, args, nargs, kw, "__enter__");
}

static Value file_close(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "close", 0, 0);
    return f && close_file(vm, f) ? V_NONE : V_EXC;
}

static Value file_exit(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "__exit__", 0, INT_MAX);
    return f && close_file(vm, f) ? V_NONE : V_EXC;
}

static Value file_flush(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "flush", 0, 0);
    /* a BufferedReader's flush is _IOBase's, which words "closed" its own way */
    if (!f || !check(vm, f, f->flags & F_WRITE ? OP_FLUSH : OP_IOBASE)) return V_EXC;
    if (f->last == LAST_WRITE) {
        if (fflush(f->fp) != 0) return vm_raise_errno(vm, errno, V_UNBOUND);
        f->last = LAST_NONE;
    }
    return V_NONE;
}

static Value position(VM *vm, FileObj *f)
{
    off_t pos = ftello(f->fp);
    return pos < 0 ? vm_raise_errno(vm, errno, V_UNBOUND) : vm_int_from_i64(vm, (int64_t)pos);
}

/* seek(offset, whence=0): text positions are byte offsets (CPython's cookies, for
 * the stateless codecs here), so text allows only what CPython's TextIOWrapper does. */
static Value file_seek(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "seek", 1, 2);
    int64_t off, whence = SEEK_SET;
    if (!f || !vm_index(vm, args[1], &off) || (nargs > 2 && !vm_index(vm, args[2], &whence)) || !check(vm, f, OP_SEEK))
        return V_EXC;
    bool valid = whence >= SEEK_SET && whence <= SEEK_END;
    if (family(f) == FAM_TEXT) {
        if (!valid)
            return vm_raise(vm, vm->e_ValueError, "invalid whence (%lld, should be 0, 1 or 2)", (long long)whence);
        if (whence != SEEK_SET && off != 0)
            return raise_unsupported(vm, whence == SEEK_CUR ? "can't do nonzero cur-relative seeks"
                                                            : "can't do nonzero end-relative seeks");
        if (off < 0) return vm_raise(vm, vm->e_ValueError, "negative seek position %lld", (long long)off);
    } else if (family(f) == FAM_BUFFERED && !valid) {
        return vm_raise(vm, vm->e_ValueError, "whence value %lld unsupported", (long long)whence);
    }
    /* FileIO passes a bad whence to the system, which answers EINVAL */
    if (fseeko(f->fp, (off_t)off, valid ? (int)whence : -1) != 0) return vm_raise_errno(vm, errno, V_UNBOUND);
    f->last = LAST_NONE;
    return position(vm, f);
}

static Value file_tell(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "tell", 0, 0);
    return f && check(vm, f, OP_TELL) ? position(vm, f) : V_EXC;
}

/* truncate(size=None): to the current position by default; the position stays. */
static Value file_truncate(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "truncate", 0, 1);
    if (!f || !check(vm, f, OP_TRUNCATE)) return V_EXC;
    if (fflush(f->fp) != 0) return vm_raise_errno(vm, errno, V_UNBOUND);
    f->last = LAST_NONE;
    Value size = nargs > 1 && args[1] != V_NONE ? args[1] : position(vm, f);
    int64_t n;
    if (size == V_EXC || !vm_index(vm, size, &n)) return V_EXC;
    if (ftruncate(fileno(f->fp), (off_t)n) != 0) return vm_raise_errno(vm, errno, V_UNBOUND);
    return vm_int_from_i64(vm, n);
}

static Value file_fileno(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "fileno", 0, 0);
    return f && check(vm, f, OP_RAW) ? v_int(f->fd) : V_EXC;
}

static Value file_isatty(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "isatty", 0, 0);
    return f && check(vm, f, OP_RAW) ? v_bool(isatty(f->fd)) : V_EXC;
}

static Value file_seekable(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "seekable", 0, 0);
    return f && check(vm, f, OP_RAW) ? v_bool(lseek(f->fd, 0, SEEK_CUR) >= 0) : V_EXC;
}

/* readable() / writable(): the buffered and text classes answer False for a side
 * they lack without looking further; FileIO checks for closed first. */
static Value capability(VM *vm, Value *args, int nargs, TupleObj *kw, const char *meth, int flag)
{
    FileObj *f = file_args(vm, args, nargs, kw, meth, 0, 0);
    if (!f) return V_EXC;
    if (!(f->flags & flag) && family(f) != FAM_RAW) return V_FALSE;
    return check(vm, f, OP_RAW) ? v_bool(f->flags & flag) : V_EXC;
}

static Value file_readable(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return capability(vm, args, nargs, kw, "readable", F_READ);
}

static Value file_writable(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return capability(vm, args, nargs, kw, "writable", F_WRITE);
}

/* <_io.TextIOWrapper name='x.txt' mode='r' encoding='UTF-8'>, <_io.BufferedReader
 * name='x.bin'>, <_io.FileIO name='x.bin' mode='rb' closefd=True> or <_io.FileIO [closed]> */
static Value file_repr(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const shown[][3] = {
        [FAM_TEXT] = { "name", "mode", "encoding" }, [FAM_BUFFERED] = { "name" }, [FAM_RAW] = { "name", "mode" }
    };
    FileObj *f = file_args(vm, args, nargs, kw, "__repr__", 0, 0);
    if (!f) return V_EXC;
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "<_io.%s", kinds[f->kind].name);
    if (family(f) == FAM_RAW && !f->fp) {
        sb_puts(&b, " [closed]>");
        return vm_sb_finish(vm, &b);
    }
    for (int i = 0; i < 3 && shown[family(f)][i]; i++) {
        Value v = member(vm, args[0], shown[family(f)][i]);
        if (v == V_UNBOUND) continue;
        sb_printf(&b, " %s=", shown[family(f)][i]);
        if (!vm_sb_repr(vm, &b, v)) {
            sb_free(&b);
            return V_EXC;
        }
    }
    if (family(f) == FAM_RAW) sb_printf(&b, " closefd=%s", f->flags & F_CLOSEFD ? "True" : "False");
    sb_putc(&b, '>');
    return vm_sb_finish(vm, &b);
}

/* Only open() makes them. */
static Value file_new(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    const char *name = nargs > 0 && v_has_layout(args[0], LAYOUT_TYPE) ? AS_TYPE(args[0])->name->data : "file";
    return vm_raise(vm, vm->e_TypeError, "cannot create '_io.%s' instances", name);
}

/* ---- attributes -------------------------------------------------------------------- */

/* The read-only attributes kept in the instance dict (where the GC sees them). */
static Value stored_attr(VM *vm, Value *args, int nargs, const char *name)
{
    FileObj *f = file_args(vm, args, nargs, NULL, name, 0, 0);
    Value v = f ? member(vm, args[0], name) : V_EXC;
    if (v != V_UNBOUND) return v;
    return vm_raise(vm, vm->e_AttributeError, "'_io.%s' object has no attribute '%s'", kinds[f->kind].name, name);
}

static Value name_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return stored_attr(vm, args, nargs, "name"); }
static Value mode_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return stored_attr(vm, args, nargs, "mode"); }
static Value errors_get(VM *vm, Value *args, int nargs, TupleObj *kw) { return stored_attr(vm, args, nargs, "errors"); }

static Value encoding_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return stored_attr(vm, args, nargs, "encoding");
}

static Value flag_attr(VM *vm, Value *args, int nargs, const char *name, int flag)
{
    FileObj *f = file_args(vm, args, nargs, NULL, name, 0, 0);
    return f ? v_bool(f->flags & flag) : V_EXC;
}

static Value closed_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    FileObj *f = file_args(vm, args, nargs, kw, "closed", 0, 0);
    return f ? v_bool(!f->fp) : V_EXC;
}

static Value line_buffering_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return flag_attr(vm, args, nargs, "line_buffering", F_LINEBUF);
}

static Value closefd_get(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return flag_attr(vm, args, nargs, "closefd", F_CLOSEFD);
}

/* ---- open() ------------------------------------------------------------------------ */

/* What open()'s arguments ask for. */
typedef struct {
    FileKind kind;
    bool text, closefd;
    uint8_t flags, newline;
    int oflags;               /* for open(2) */
    const char *stdio_mode;   /* for fdopen */
    char raw_mode[4];         /* FileIO's mode: 'rb', 'wb', 'xb', 'ab', with '+' */
    int64_t buffering;
    const char *path;         /* NULL when a descriptor was given */
    int fd;
    Value name, encoding, errors;
} OpenSpec;

/* The mode string, checked as CPython's _io.open and FileIO do. */
static bool parse_mode(VM *vm, const char *mode, size_t len, OpenSpec *s)
{
    static const char letters[] = "xrwa+tb";
    bool seen[sizeof letters] = { false };
    for (size_t i = 0; i < len; i++) {
        const char *p = mode[i] ? strchr(letters, mode[i]) : NULL;
        if (!p || seen[p - letters]) return vm_raise(vm, vm->e_ValueError, "invalid mode: '%s'", mode), false;
        seen[p - letters] = true;
    }
    bool creating = seen[0], reading = seen[1], writing = seen[2], appending = seen[3], plus = seen[4];
    if (seen[5] && seen[6]) return vm_raise(vm, vm->e_ValueError, "can't have text and binary mode at once"), false;
    int sides = creating + reading + writing + appending;
    if (sides > 1)
        return vm_raise(vm, vm->e_ValueError, "must have exactly one of create/read/write/append mode"), false;
    if (sides == 0)
        return vm_raise(vm, vm->e_ValueError,
                        "Must have exactly one of create/read/write/append mode and at most one plus"),
               false;
    s->text = !seen[6];
    s->flags = (uint8_t)((reading || plus ? F_READ : 0) | (!reading || plus ? F_WRITE : 0));
    s->oflags = (plus ? O_RDWR : reading ? O_RDONLY : O_WRONLY) | O_CLOEXEC |
                (creating ? O_CREAT | O_EXCL : writing ? O_CREAT | O_TRUNC : appending ? O_CREAT | O_APPEND : 0);
    s->stdio_mode = plus ? (appending ? "a+" : "r+") : reading ? "r" : appending ? "a" : "w";
    s->raw_mode[0] = creating ? 'x' : appending ? 'a' : reading || plus ? 'r' : 'w';
    s->raw_mode[1] = 'b';
    s->raw_mode[2] = plus ? '+' : 0;
    if (s->text) s->kind = KIND_TextIOWrapper;
    else s->kind = plus ? KIND_BufferedRandom : reading ? KIND_BufferedReader : KIND_BufferedWriter;
    return true;
}

/* encoding=, errors=, newline=: a str or None (V_UNBOUND when absent). */
static bool opt_str(VM *vm, Value v, const char *what)
{
    if (v == V_UNBOUND || v == V_NONE || vm_is_subtype(vm_type_of(vm, v), vm->t_str)) return true;
    vm_raise(vm, vm->e_TypeError, "open() argument '%s' must be str or None, not %s", what,
             vm_type_of(vm, v)->name->data);
    return false;
}

/* file=: a path (str, bytes or os.PathLike) or a descriptor. */
static bool parse_file(VM *vm, Value file, OpenSpec *s)
{
    s->name = file;
    if (vm_is_int(vm, file)) {
        int64_t fd;
        if (!vm_index(vm, file, &fd)) return false;
        if (fd < 0) return vm_raise(vm, vm->e_ValueError, "negative file descriptor"), false;
        if (fd > INT_MAX) return vm_raise(vm, vm->e_OverflowError, "Python int too large to convert to C int"), false;
        s->fd = (int)fd;
        return true;
    }
    TypeObj *t = vm_type_of(vm, file);
    if (!v_has_layout(file, LAYOUT_STR) && !v_has_layout(file, LAYOUT_BYTES)) {
        StrObj *fspath = vm_intern(vm, "__fspath__", 10);
        if (!fspath) return false;
        if (vm_type_lookup(t, fspath) == V_UNBOUND) {
            vm_raise(vm, vm->e_TypeError, "expected str, bytes or os.PathLike object, not %s", t->name->data);
            return false;
        }
        Value p = vm_call_method(vm, file, fspath, NULL, 0);
        if (p == V_EXC) return false;
        if (!v_has_layout(p, LAYOUT_STR) && !v_has_layout(p, LAYOUT_BYTES)) {
            vm_raise(vm, vm->e_TypeError, "expected %s.__fspath__() to return str or bytes, not %s", t->name->data,
                     vm_type_of(vm, p)->name->data);
            return false;
        }
        s->name = file = p;
    }
    bool str = v_has_layout(file, LAYOUT_STR);
    s->path = str ? AS_STR(file)->data : (const char *)((BytesObj *)v_as_obj(file))->data;
    if (!memchr(s->path, 0, str ? AS_STR(file)->len : ((BytesObj *)v_as_obj(file))->len)) return true;
    vm_raise(vm, vm->e_ValueError, "embedded null byte");
    return false;
}

static bool parse_newline(VM *vm, Value v, OpenSpec *s)
{
    static const char *const values[] = { [NL_DETECT] = "", [NL_LF] = "\n", [NL_CR] = "\r", [NL_CRLF] = "\r\n" };
    s->newline = NL_UNIVERSAL;
    if (v == V_UNBOUND || v == V_NONE) return true;
    for (size_t i = NL_DETECT; i < COUNT(values); i++)
        if (!strcmp(AS_STR(v)->data, values[i]) && strlen(values[i]) == AS_STR(v)->len) {
            s->newline = (uint8_t)i;
            return true;
        }
    vm_raise(vm, vm->e_ValueError, "illegal newline value: %s", AS_STR(v)->data);
    return false;
}

/* Decoding "é" in the encoding both checks its name (LookupError) and tells
 * whether characters span several bytes (one character) or one each (two). */
static bool probe_encoding(VM *vm, OpenSpec *s)
{
    Value probe = vm_decode(vm, (const unsigned char *)"\xc3\xa9", 2, AS_STR(s->encoding)->data, "replace");
    if (probe == V_EXC) return false;
    if (AS_STR(probe)->nchars == 1) s->flags |= F_UTF8;
    return true;
}

/* All of open()'s checks, in the order CPython's _io.open, FileIO and
 * TextIOWrapper make them, but before the file is opened: a bad argument never
 * creates or truncates one. */
static bool parse_open(VM *vm, const Value *a, OpenSpec *s)
{
    Value mode = a[1];
    if (mode != V_UNBOUND && !vm_is_subtype(vm_type_of(vm, mode), vm->t_str)) {
        vm_raise(vm, vm->e_TypeError, "open() argument 'mode' must be str, not %s", vm_type_of(vm, mode)->name->data);
        return false;
    }
    int closefd = 1;
    if ((a[2] != V_UNBOUND && !vm_index(vm, a[2], &s->buffering)) || !opt_str(vm, a[3], "encoding") ||
        !opt_str(vm, a[4], "errors") || !opt_str(vm, a[5], "newline") ||
        (a[6] != V_UNBOUND && (closefd = vm_truthy(vm, a[6])) < 0) ||
        !parse_mode(vm, mode == V_UNBOUND ? "r" : AS_STR(mode)->data, mode == V_UNBOUND ? 1 : AS_STR(mode)->len, s))
        return false;
    s->closefd = closefd;
    static const char *const text_only[] = { "an encoding", "an errors", "a newline" };
    for (int i = 0; i < 3; i++)
        if (!s->text && a[3 + i] != V_UNBOUND && a[3 + i] != V_NONE)
            return vm_raise(vm, vm->e_ValueError, "binary mode doesn't take %s argument", text_only[i]), false;
    if (!parse_file(vm, a[0], s)) return false;
    if (s->path && !s->closefd) return vm_raise(vm, vm->e_ValueError, "Cannot use closefd=False with file name"), false;
    if (s->closefd) s->flags |= F_CLOSEFD;
    if (!s->text) {
        if (s->buffering == 0) s->kind = KIND_FileIO;
        return true;
    }
    if (s->buffering == 0) return vm_raise(vm, vm->e_ValueError, "can't have unbuffered text I/O"), false;
    /* encoding="locale" is the locale's: UTF-8 here, as under CPython's UTF-8 mode */
    bool locale = a[3] == V_UNBOUND || a[3] == V_NONE || !strcmp(AS_STR(a[3])->data, "locale");
    s->encoding = locale ? vm_cstr(vm, "UTF-8") : a[3];
    s->errors = a[4] == V_UNBOUND || a[4] == V_NONE ? vm_cstr(vm, "strict") : a[4];
    return s->encoding != V_EXC && s->errors != V_EXC && parse_newline(vm, a[5], s) && probe_encoding(vm, s);
}

/* The descriptor for the stream: opened here, the opener's, or the caller's
 * (duplicated when closefd=False, so closing the stream leaves theirs open). */
static int open_fd(VM *vm, const OpenSpec *s, Value opener)
{
    int fd;
    if (s->path && opener != V_UNBOUND && opener != V_NONE) {
        Value r = vm_call(vm, opener, (Value[]){ s->name, v_int(s->oflags) }, 2, NULL);
        int64_t n;
        if (r == V_EXC || !vm_index(vm, r, &n)) return -1;
        if (n < 0 || n > INT_MAX) return vm_raise(vm, vm->e_ValueError, "opener returned %lld", (long long)n), -1;
        fd = (int)n;
    } else if (s->path) {
        bool collected = false;
        for (;;) {
            fd = open(s->path, s->oflags, 0666);
            if (fd >= 0 || (errno != EINTR && (collected || (errno != EMFILE && errno != ENFILE)))) break;
            /* files dropped without close() hold their descriptors until the GC frees them */
            if (errno != EINTR) {
                vm_gc(vm);
                collected = true;
            }
        }
        if (fd < 0) return vm_raise_errno(vm, errno, s->name), -1;
    } else {
        fd = s->fd;
    }
    struct stat st;
    int err = fstat(fd, &st) != 0 ? errno : S_ISDIR(st.st_mode) ? EISDIR : 0;
    if (!err && (s->oflags & O_APPEND) && lseek(fd, 0, SEEK_END) < 0 && errno != ESPIPE) err = errno;
    int use = err || s->closefd ? fd : fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (!err && use < 0) err = errno;
    if (err) {
        if (s->path) close(fd);   /* a caller's descriptor stays theirs */
        return vm_raise_errno(vm, err, s->path ? s->name : V_UNBOUND), -1;
    }
    return use;
}

static bool put_attr(VM *vm, FileObj *f, const char *name, Value v)
{
    StrObj *key = vm_intern(vm, name, strlen(name));
    return v != V_EXC && key && vm_dict_set_str(vm, f->hdr.dict, key, v);
}

/* The object with its attributes, made before any descriptor exists to leak.
 * open() is bound to the _io module, which holds the types. */
static FileObj *new_file(VM *vm, Value io, const OpenSpec *s, Value mode)
{
    Value t = member(vm, io, kinds[s->kind].name);
    if (!v_has_layout(t, LAYOUT_TYPE) || AS_TYPE(t)->layout != LAYOUT_FILE) {
        vm_raise(vm, vm->e_SystemError, "_io.%s is not a file type", kinds[s->kind].name);
        return NULL;
    }
    FileObj *f = vm_alloc(vm, AS_TYPE(t), sizeof *f);
    Value d = f ? vm_new_dict(vm) : V_EXC;
    if (d == V_EXC) return NULL;
    f->hdr.dict = AS_DICT(d);
    f->kind = (uint8_t)s->kind;
    f->flags = s->flags;
    f->newline = s->newline;
    /* text keeps the mode as given; the binary classes report FileIO's */
    if (!s->text) mode = vm_cstr(vm, s->raw_mode);
    else if (mode == V_UNBOUND) mode = vm_cstr(vm, "r");
    bool ok = put_attr(vm, f, "name", s->name) && put_attr(vm, f, "mode", mode);
    if (ok && s->text) ok = put_attr(vm, f, "encoding", s->encoding) && put_attr(vm, f, "errors", s->errors);
    return ok ? f : NULL;
}

/* open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None,
 * closefd=True, opener=None); args[0] is the _io module. */
static Value file_open(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {
        "file", "mode", "buffering", "encoding", "errors", "newline", "closefd", "opener",
    };
    Value a[8];
    OpenSpec s = { .buffering = -1 };
    if (!vm_parse_args(vm, "open", args + 1, nargs - 1, kw, names, 8, 8, 1, a) || !parse_open(vm, a, &s)) return V_EXC;
    FileObj *f = new_file(vm, args[0], &s, a[1]);
    if (!f) return V_EXC;
    /* A file dropped without close() is closed when the GC frees it, not at once
     * as CPython's refcounting does: flushing every stream lets open(p, 'w').write(s)
     * then open(p).read() see s. */
    fflush(NULL);
    vm_push_root(vm, v_obj(f));   /* across the opener (Python) and a collection */
    int fd = open_fd(vm, &s, a[7]);
    vm_pop_roots(vm, 1);
    FILE *fp = fd < 0 ? NULL : fdopen(fd, s.stdio_mode);
    if (!fp) {
        if (fd < 0) return V_EXC;
        int err = errno;
        if (s.path || !s.closefd) close(fd);
        return vm_raise_errno(vm, err, V_UNBOUND);
    }
    f->fp = fp;
    f->fd = s.path || s.closefd ? fd : s.fd;
    if (s.kind == KIND_FileIO) setvbuf(fp, NULL, _IONBF, 0);
    else if (s.buffering > 1) setvbuf(fp, NULL, _IOFBF, (size_t)s.buffering);
    if (s.text && (s.buffering == 1 || (s.buffering < 0 && isatty(fd)))) f->flags |= F_LINEBUF;
    return v_obj(f);
}

/* ---- registration ------------------------------------------------------------------ */

/* Which families a method or attribute belongs to. */
enum {
    TEXT = 1 << FAM_TEXT, BUFFERED = 1 << FAM_BUFFERED, RAW = 1 << FAM_RAW, BINARY = BUFFERED | RAW, ALL = TEXT | BINARY
};

static const struct {
    const char *name;
    NativeFn fn;
    uint8_t families;
} methods[] = {
    { "read", file_read, ALL },           { "readline", file_readline, ALL },   { "readlines", file_readlines, ALL },
    { "readinto", file_readinto, BINARY }, { "write", file_write, ALL },        { "writelines", file_writelines, ALL },
    { "__iter__", file_iter, ALL },       { "__next__", file_next, ALL },       { "__enter__", file_enter, ALL },
    { "__exit__", file_exit, ALL },       { "close", file_close, ALL },         { "flush", file_flush, ALL },
    { "seek", file_seek, ALL },           { "tell", file_tell, ALL },           { "truncate", file_truncate, ALL },
    { "fileno", file_fileno, ALL },       { "isatty", file_isatty, ALL },       { "seekable", file_seekable, ALL },
    { "readable", file_readable, ALL },   { "writable", file_writable, ALL },   { "__repr__", file_repr, ALL },
    { "__new__", file_new, ALL },
}, getters[] = {
    /* read-only here, though CPython lets a program reassign text's mode and FileIO's name */
    { "closed", closed_get, ALL },        { "name", name_get, ALL },           { "mode", mode_get, ALL },
    { "encoding", encoding_get, TEXT },   { "errors", errors_get, TEXT },      { "closefd", closefd_get, RAW },
    { "line_buffering", line_buffering_get, TEXT },
};

/* io.UnsupportedOperation(OSError, ValueError) */
static Value make_unsupported(VM *vm)
{
    Value bases = vm_tuple_of(vm, (Value[]){ v_obj(vm->e_OSError), v_obj(vm->e_ValueError) }, 2);
    Value ns = vm_new_dict(vm), module = vm_cstr(vm, "io");
    StrObj *name = vm_intern(vm, "UnsupportedOperation", 20);
    if (bases == V_EXC || ns == V_EXC || module == V_EXC || !name ||
        !vm_dict_set_str(vm, AS_DICT(ns), vm->s___module__, module))
        return V_EXC;
    return vm_make_class(vm, name, AS_TUPLE(bases), AS_DICT(ns));
}

/* The _io module (in sys.modules) holds the file types and UnsupportedOperation;
 * open, in builtins, is bound to it as CPython's is. */
void vm_init_file(VM *vm)
{
    Value io = vm_new_module(vm, "_io");
    StrObj *io_name = vm_intern(vm, "_io", 3);
    if (io == V_EXC || !io_name || !vm_dict_set_str(vm, vm->modules, io_name, io)) return;
    DictObj *ns = v_as_obj(io)->dict;
    for (size_t k = 0; k < COUNT(kinds); k++) {
        char qualified[32];
        snprintf(qualified, sizeof qualified, "_io.%s", kinds[k].name);
        TypeObj *t = vm_new_builtin_type(vm, qualified, vm->t_object, LAYOUT_FILE);
        if (!t || !vm_dict_set_str(vm, ns, t->name, v_obj(t))) return;
        t->iternext = file_iternext;
        for (size_t i = 0; i < COUNT(methods); i++)
            if (methods[i].families & (1 << kinds[k].family)) vm_add_method(vm, t, methods[i].name, methods[i].fn);
        for (size_t i = 0; i < COUNT(getters); i++)
            if (getters[i].families & (1 << kinds[k].family))
                vm_add_property(vm, t, getters[i].name, getters[i].fn, NULL);
    }
    Value open = vm_new_builtin(vm, "open", file_open, io);
    StrObj *open_name = vm_intern(vm, "open", 4);
    if (open == V_EXC || !open_name || !vm_dict_set_str(vm, vm->builtins, open_name, open)) return;
    const struct {
        const char *name;
        Value v;
    } members[] = {
        { "open", open }, { "UnsupportedOperation", make_unsupported(vm) }, { "DEFAULT_BUFFER_SIZE", v_int(8192) },
    };
    for (size_t i = 0; i < COUNT(members); i++) {
        StrObj *key = vm_intern(vm, members[i].name, strlen(members[i].name));
        if (members[i].v == V_EXC || !key || !vm_dict_set_str(vm, ns, key, members[i].v)) return;
    }
}

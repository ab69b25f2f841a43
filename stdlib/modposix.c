/* The `posix` module, which os.py builds `os` on: the file system (stat,
 * listdir, mkdir, rename, ...), descriptors, the environment and the process,
 * with CPython 3.11's argument rules and messages. Failures raise the
 * OSError subclass the errno names, with the file names involved:
 * "[Errno 2] No such file or directory: 'x'". Names are bytes to the system
 * and str to Python, UTF-8 with CPython's surrogateescape: a byte that is not
 * UTF-8 becomes U+DC80..U+DCFF and goes back as itself. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/times.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "modules.h"

#define TNAME(v) (vm_type_of(vm, (v))->name->data)

extern char **environ;

/* ---- errors ------------------------------------------------------------------------------- */

/* OSError(errno, strerror[, filename[, None, filename2]]): OSError.__new__
 * picks the subclass; a filename V_UNBOUND is left out. */
static Value raise_os(VM *vm, int err, Value filename, Value filename2)
{
    Value a[5] = {v_int(err), vm_cstr(vm, strerror(err)), filename, V_NONE, filename2};
    if (a[1] == V_EXC) return V_EXC;
    int n = filename == V_UNBOUND ? 2 : filename2 == V_UNBOUND ? 3 : 5;
    Value e = vm_new_exception(vm, vm->e_OSError, a, n);
    return e == V_EXC ? V_EXC : vm_raise_value(vm, e);
}

static Value raise_errno(VM *vm) { return raise_os(vm, errno, V_UNBOUND, V_UNBOUND); }

/* ---- names: bytes <-> str ----------------------------------------------------------------- */

/* The length of the well-formed UTF-8 sequence at s (n bytes left), 0 if none. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    if (c < 0x80) return 1;
    size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (len == 0 || len > n) return 0;
    /* the second byte's range rules out overlongs, surrogates and past U+10FFFF */
    unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80, hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    if (s[1] < lo || s[1] > hi) return 0;
    for (size_t k = 2; k < len; k++)
        if ((s[k] & 0xC0) != 0x80) return 0;
    return len;
}

/* A name from the system: bytes as they are when want_bytes, else a str. */
static Value fs_decode(VM *vm, const char *s, size_t n, bool want_bytes)
{
    if (want_bytes) return vm_new_bytes(vm, s, n);
    StrBuf b;
    sb_init(&b);
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_seq(u + i, n - i);
        if (k) {
            sb_putn(&b, s + i, k);
            i += k;
        } else {   /* U+DC00 + the byte, in its 3-byte form */
            char esc[3] = {(char)0xED, (char)(0xB0 | (u[i] >> 6)), (char)(0x80 | (u[i] & 0x3F))};
            sb_putn(&b, esc, 3);
            i++;
        }
    }
    return vm_sb_finish(vm, &b);
}

/* A str as the system's bytes: its UTF-8, with each U+DC80..U+DCFF back to
 * the byte it stands for. NULL with UnicodeEncodeError for other surrogates;
 * *owned is the malloc'd copy when one was needed (else NULL). */
static const char *fs_encode(VM *vm, StrObj *s, char **owned)
{
    *owned = NULL;
    const unsigned char *u = (const unsigned char *)s->data;
    if (!memchr(u, 0xED, s->len)) return s->data;   /* no surrogate, which starts 0xED */
    char *out = malloc(s->len + 1), *o = out;
    if (!out) return vm_raise(vm, vm->e_MemoryError, "out of memory"), NULL;
    for (size_t i = 0, pos = 0; i < s->len; pos++) {
        size_t n = u[i] < 0x80 ? 1 : u[i] < 0xE0 ? 2 : u[i] < 0xF0 ? 3 : 4;
        if (u[i] == 0xED && u[i + 1] >= 0xA0) {   /* a surrogate (u is NUL-terminated) */
            unsigned cp = 0xD000u | ((u[i + 1] & 0x3Fu) << 6) | (u[i + 2] & 0x3Fu);
            if (cp < 0xDC80) {
                free(out);
                vm_raise(vm, vm->e_UnicodeEncodeError,
                         "'utf-8' codec can't encode character '\\u%04x' in position %zu: surrogates not allowed", cp,
                         pos);
                return NULL;
            }
            *o++ = (char)(cp & 0xFF);
        } else {
            memcpy(o, u + i, n);
            o += n;
        }
        i += n;
    }
    *o = 0;
    return *owned = out;
}

/* ---- path arguments (CPython's path_t) ---------------------------------------------------- */

enum { PATH_FD = 1, PATH_NONE = 2 };   /* a descriptor may stand for the path; None means "." */

typedef struct {
    Value obj;          /* what errors name: the str or bytes (__fspath__'s), or the descriptor */
    const char *path;   /* NUL-terminated; NULL when a descriptor was given */
    char *owned;        /* the re-encoded copy path points at, if any */
    int fd;             /* the descriptor given, else -1 */
    bool bytes;         /* named by bytes: names come back as bytes */
} Path;

/* os.fspath(v) without its error: str and bytes as they are, a PathLike's
 * __fspath__() checked, V_UNBOUND when v is neither. */
static Value fspath_or_unbound(VM *vm, Value v)
{
    if (v_has_layout(v, LAYOUT_STR) || v_has_layout(v, LAYOUT_BYTES)) return v;
    StrObj *name = vm_intern(vm, "__fspath__", 10);
    if (!name) return V_EXC;
    TypeObj *t = vm_type_of(vm, v);
    if (vm_type_lookup(t, name) == V_UNBOUND) return V_UNBOUND;
    Value p = vm_call_method(vm, v, name, NULL, 0);
    if (p == V_EXC || v_has_layout(p, LAYOUT_STR) || v_has_layout(p, LAYOUT_BYTES)) return p;
    return vm_raise(vm, vm->e_TypeError, "expected %s.__fspath__() to return str or bytes, not %s", t->name->data,
                    TNAME(p));
}

/* A descriptor given for a path or as dir_fd: an int (v is one) within C int range. */
static bool fd_value(VM *vm, Value v, int *out)
{
    int64_t fd;
    if (!vm_index(vm, v, &fd)) {   /* past int64: out of range too, on its side */
        if (!vm_exc_matches(vm, vm->exc, v_obj(vm->e_OverflowError))) return false;
        mpz_t z;
        mpz_init(z);
        vm_int_to_mpz(v, z);
        fd = mpz_sgn(z) < 0 ? INT64_MIN : INT64_MAX;
        mpz_clear(z);
        vm->exc = V_NONE;
    }
    if (fd < INT_MIN || fd > INT_MAX) {
        vm_raise(vm, vm->e_OverflowError, "fd is %s than %s", fd < 0 ? "less" : "greater",
                 fd < 0 ? "minimum" : "maximum");
        return false;
    }
    *out = (int)fd;
    return true;
}

/* Fills *p from argument v of function fname (V_UNBOUND: absent). On
 * success one root is pushed, which path_done pops. */
static bool path_arg(VM *vm, const char *fname, Value v, int flags, Path *p)
{
    *p = (Path){.obj = v, .fd = -1};
    if ((flags & PATH_NONE) && (v == V_UNBOUND || v == V_NONE)) {
        p->obj = V_UNBOUND;
        p->path = ".";
        vm_push_root(vm, V_NONE);
        return true;
    }
    if ((flags & PATH_FD) && vm_is_int(vm, v)) {
        if (!fd_value(vm, v, &p->fd)) return false;
        vm_push_root(vm, v);
        return true;
    }
    Value s = fspath_or_unbound(vm, v);
    if (s == V_EXC) return false;
    if (s == V_UNBOUND) {
        vm_raise(vm, vm->e_TypeError, "%s: path should be %s, not %s", fname,
                 (flags & PATH_NONE) ? "string, bytes, os.PathLike, integer or None"
                 : (flags & PATH_FD) ? "string, bytes, os.PathLike or integer"
                                     : "string, bytes or os.PathLike",
                 TNAME(v));
        return false;
    }
    p->obj = s;
    if (v_has_layout(s, LAYOUT_BYTES)) {
        BytesObj *b = (BytesObj *)v_as_obj(s);
        if (memchr(b->data, 0, b->len)) {
            vm_raise(vm, vm->e_ValueError, "%s: embedded null character in path", fname);
            return false;
        }
        p->path = (const char *)b->data;
        p->bytes = true;
    } else {
        StrObj *str = AS_STR(s);
        if (memchr(str->data, 0, str->len)) {
            vm_raise(vm, vm->e_ValueError, "embedded null byte");
            return false;
        }
        if (!(p->path = fs_encode(vm, str, &p->owned))) return false;
    }
    vm_push_root(vm, s);
    return true;
}

static void path_done(VM *vm, Path *p)
{
    free(p->owned);
    p->owned = NULL;
    vm_pop_roots(vm, 1);
}

/* The path's failure: OSError naming it (and dst, if given). */
static Value path_error(VM *vm, Path *p, Path *dst)
{
    Value r = raise_os(vm, errno, p->obj, dst ? dst->obj : V_UNBOUND);
    if (dst) path_done(vm, dst);
    path_done(vm, p);
    return r;
}

/* PyUnicode_FSConverter: a str, bytes or PathLike as a NUL-terminated
 * string, for commands and environment variables. One root pushed on
 * success, popped (and *owned freed) by fs_done. */
static const char *fs_arg(VM *vm, Value v, char **owned)
{
    *owned = NULL;
    Value s = fspath_or_unbound(vm, v);
    if (s == V_EXC) return NULL;
    if (s == V_UNBOUND) {
        vm_raise(vm, vm->e_TypeError, "expected str, bytes or os.PathLike object, not %s", TNAME(v));
        return NULL;
    }
    bool str = v_has_layout(s, LAYOUT_STR);
    const char *data = str ? AS_STR(s)->data : (const char *)((BytesObj *)v_as_obj(s))->data;
    size_t len = str ? AS_STR(s)->len : ((BytesObj *)v_as_obj(s))->len;
    if (memchr(data, 0, len)) {
        vm_raise(vm, vm->e_ValueError, "embedded null byte");
        return NULL;
    }
    if (str && !(data = fs_encode(vm, AS_STR(s), owned))) return NULL;
    vm_push_root(vm, s);
    return data;
}

static void fs_done(VM *vm, char *owned)
{
    free(owned);
    vm_pop_roots(vm, 1);
}

/* dir_fd=: None (or absent) is the current directory. */
static bool dir_fd_arg(VM *vm, Value v, int *out)
{
    *out = AT_FDCWD;
    if (v == V_UNBOUND || v == V_NONE) return true;
    if (vm_is_int(vm, v)) return fd_value(vm, v, out);
    vm_raise(vm, vm->e_TypeError, "argument should be integer or None, not %s", TNAME(v));
    return false;
}

/* A C int argument (descriptors, modes, flags). */
static bool int_arg(VM *vm, Value v, int *out)
{
    int64_t i;
    if (!vm_index(vm, v, &i)) {
        if (!vm_exc_matches(vm, vm->exc, v_obj(vm->e_OverflowError))) return false;
        vm->exc = V_NONE;
        i = INT64_MAX;
    }
    if (i < INT_MIN || i > INT_MAX) {
        vm_raise(vm, vm->e_OverflowError, "Python int too large to convert to C int");
        return false;
    }
    *out = (int)i;
    return true;
}

/* A size argument (Py_ssize_t). */
static bool size_arg(VM *vm, Value v, int64_t *out)
{
    if (vm_index(vm, v, out)) return true;
    if (vm_exc_matches(vm, vm->exc, v_obj(vm->e_OverflowError)))
        vm_raise(vm, vm->e_OverflowError, "Python int too large to convert to C ssize_t");
    return false;
}

/* A flag argument (follow_symlinks=): its truth; absent is dflt. */
static bool flag_arg(VM *vm, Value v, bool dflt, bool *out)
{
    if (v == V_UNBOUND) return *out = dflt, true;
    int t = vm_truthy(vm, v);
    *out = t > 0;
    return t >= 0;
}

/* ---- stat --------------------------------------------------------------------------------- */

/* os.stat_result: ten items, the times among them in whole seconds; by name
 * (fields 10..18) the times are floats, and st_*_ns exact nanoseconds. A
 * field past the items must be a small value, so fields 13..15 keep only the
 * nanoseconds within the second and the st_*_ns getters add the seconds. */
static const char *const stat_fields[] = {
    "st_mode", "st_ino", "st_dev", "st_nlink", "st_uid", "st_gid", "st_size", "st_atime", "st_mtime", "st_ctime",
    /* a later getter of the same name replaces the one for the int item */
    "st_atime", "st_mtime", "st_ctime", "st_atime_ns", "st_mtime_ns", "st_ctime_ns", "st_blksize", "st_blocks",
    "st_rdev",
};
static const ModStructSeq stat_desc = {"os.stat_result", stat_fields, 10, 19};

static Value int_from_u64(VM *vm, uint64_t u)
{
    if (u <= INT64_MAX) return vm_int_from_i64(vm, (int64_t)u);
    mpz_t z;
    mpz_init_set_ui(z, u);
    Value v = vm_int_from_mpz(vm, z);
    mpz_clear(z);
    return v;
}

static Value stat_result(VM *vm, TypeObj *t, const struct stat *st)
{
    const struct timespec *ts[3] = {&st->st_atim, &st->st_mtim, &st->st_ctim};
    Value v[19];
    uint64_t big[4] = {st->st_ino, st->st_dev, st->st_size, (uint64_t)st->st_rdev};
    Value bigv[4];
    int n = 0;
    for (; n < 4; n++) {   /* these may be big ints: each rooted while the next is made */
        bigv[n] = int_from_u64(vm, big[n]);
        if (bigv[n] == V_EXC) break;
        vm_push_root(vm, bigv[n]);
    }
    if (n < 4) {
        vm_pop_roots(vm, (size_t)n);
        return V_EXC;
    }
    v[0] = v_int(st->st_mode), v[1] = bigv[0], v[2] = bigv[1], v[3] = v_int((int64_t)st->st_nlink);
    v[4] = v_int(st->st_uid), v[5] = v_int(st->st_gid), v[6] = bigv[2];
    for (int i = 0; i < 3; i++) {
        v[7 + i] = v_int((int64_t)ts[i]->tv_sec);
        v[10 + i] = v_double((double)ts[i]->tv_sec + (double)ts[i]->tv_nsec * 1e-9);
        v[13 + i] = v_int(ts[i]->tv_nsec);
    }
    v[16] = v_int((int64_t)st->st_blksize), v[17] = v_int((int64_t)st->st_blocks);
    v[18] = v_is_int(bigv[3]) ? bigv[3] : V_NONE;
    Value r = mod_structseq_new(vm, t, &stat_desc, v);
    vm_pop_roots(vm, 4);
    return r;
}

/* st_atime_ns = seconds * 10**9 + the nanoseconds kept in field 13 + k */
static Value stat_ns(VM *vm, Value self, int k)
{
    if (!v_has_layout(self, LAYOUT_TUPLE))
        return vm_raise(vm, vm->e_TypeError, "descriptor for struct sequences doesn't apply to a '%s' object",
                        TNAME(self));
    Value sec = mod_structseq_field(self, 7 + k), nsec = mod_structseq_field(self, 13 + k);
    if (!v_is_int(sec) || !v_is_int(nsec)) return V_NONE;
    mpz_t z;
    mpz_init_set_si(z, v_as_int(sec));
    mpz_mul_ui(z, z, 1000000000u);
    mpz_add_ui(z, z, (unsigned long)v_as_int(nsec));
    Value r = vm_int_from_mpz(vm, z);
    mpz_clear(z);
    return r;
}

static Value stat_atime_ns(VM *vm, Value *args, int nargs, TupleObj *kw) { return stat_ns(vm, args[0], 0); }
static Value stat_mtime_ns(VM *vm, Value *args, int nargs, TupleObj *kw) { return stat_ns(vm, args[0], 1); }
static Value stat_ctime_ns(VM *vm, Value *args, int nargs, TupleObj *kw) { return stat_ns(vm, args[0], 2); }

static TypeObj *stat_type(VM *vm)
{
    TypeObj *t = mod_structseq_type(vm, &stat_desc);
    if (!t) return NULL;
    vm_add_getter(vm, t, "st_atime_ns", stat_atime_ns);
    vm_add_getter(vm, t, "st_mtime_ns", stat_mtime_ns);
    vm_add_getter(vm, t, "st_ctime_ns", stat_ctime_ns);
    /* items 7..9 have no names of their own in CPython */
    return mod_dict_put(vm, t->hdr.dict, "n_unnamed_fields", v_int(3)) ? t : NULL;
}

/* stat(path, *, dir_fd=None, follow_symlinks=True) and lstat (follow false) */
static Value do_stat(VM *vm, TypeObj *t, Value *args, int nargs, TupleObj *kw, const char *fname, bool lstat)
{
    static const char *const names[] = {"path", "dir_fd", "follow_symlinks"};
    Value a[3];
    int dir_fd;
    bool follow;
    Path p;
    if (!vm_parse_args(vm, fname, args, nargs, kw, names, lstat ? 2 : 3, 1, 1, a) || !dir_fd_arg(vm, a[1], &dir_fd) ||
        !flag_arg(vm, lstat ? V_FALSE : a[2], true, &follow) || !path_arg(vm, fname, a[0], lstat ? 0 : PATH_FD, &p))
        return V_EXC;
    struct stat st;
    int rc = p.path ? fstatat(dir_fd, p.path, &st, follow ? 0 : AT_SYMLINK_NOFOLLOW) : fstat(p.fd, &st);
    if (rc != 0) return path_error(vm, &p, NULL);
    path_done(vm, &p);
    return stat_result(vm, t, &st);
}

static Value posix_stat(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return do_stat(vm, AS_TYPE(args[0]), args + 1, nargs - 1, kw, "stat", false);
}

static Value posix_lstat(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return do_stat(vm, AS_TYPE(args[0]), args + 1, nargs - 1, kw, "lstat", true);
}

static Value posix_fstat(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"fd"};
    Value a[1];
    int fd;
    struct stat st;
    if (!vm_parse_args(vm, "fstat", args + 1, nargs - 1, kw, names, 1, 1, 1, a) || !int_arg(vm, a[0], &fd))
        return V_EXC;
    if (fstat(fd, &st) != 0) return raise_errno(vm);
    return stat_result(vm, AS_TYPE(args[0]), &st);
}

/* ---- directories and files ---------------------------------------------------------------- */

static Value cwd(VM *vm, bool want_bytes)
{
    char *s = getcwd(NULL, 0);
    if (!s) return raise_errno(vm);
    Value r = fs_decode(vm, s, strlen(s), want_bytes);
    free(s);
    return r;
}

static Value posix_getcwd(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return mod_check_none(vm, "posix.getcwd", nargs, kw) ? cwd(vm, false) : V_EXC;
}

static Value posix_getcwdb(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return mod_check_none(vm, "posix.getcwdb", nargs, kw) ? cwd(vm, true) : V_EXC;
}

static Value posix_chdir(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"path"};
    Value a[1];
    Path p;
    if (!vm_parse_args(vm, "chdir", args, nargs, kw, names, 1, 1, 1, a) || !path_arg(vm, "chdir", a[0], PATH_FD, &p))
        return V_EXC;
    if ((p.path ? chdir(p.path) : fchdir(p.fd)) != 0) return path_error(vm, &p, NULL);
    path_done(vm, &p);
    return V_NONE;
}

/* listdir(path=None): the names in the directory but '.' and '..', in the
 * order the system gives them; bytes when the path is bytes. */
static Value posix_listdir(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"path"};
    Value a[1];
    Path p;
    if (!vm_parse_args(vm, "listdir", args, nargs, kw, names, 1, 1, 0, a) ||
        !path_arg(vm, "listdir", a[0], PATH_FD | PATH_NONE, &p))
        return V_EXC;
    DIR *d = NULL;
    if (p.path) d = opendir(p.path);
    else {   /* a descriptor: read through a copy, from the start */
        int fd = dup(p.fd);
        if (fd >= 0 && !(d = fdopendir(fd))) close(fd);
        if (d) rewinddir(d);
    }
    if (!d) return path_error(vm, &p, NULL);
    Value list = vm_new_list(vm, 0);
    if (list == V_EXC) {
        closedir(d);
        path_done(vm, &p);
        return V_EXC;
    }
    vm_push_root(vm, list);
    Value r = list;
    for (;;) {
        errno = 0;
        struct dirent *e = readdir(d);
        if (!e) {
            if (errno) r = raise_os(vm, errno, p.obj, V_UNBOUND);
            break;
        }
        const char *n = e->d_name;
        if (n[0] == '.' && (n[1] == 0 || (n[1] == '.' && n[2] == 0))) continue;
        Value name = fs_decode(vm, n, strlen(n), p.bytes);
        if (name == V_EXC || !vm_list_append(vm, AS_LIST(list), name)) {
            r = V_EXC;
            break;
        }
    }
    closedir(d);
    vm_pop_roots(vm, 1);
    path_done(vm, &p);
    return r;
}

/* The functions of one path and an optional dir_fd (mkdir also takes a
 * mode): each its name, parameters and call. */
static Value path_call(VM *vm, Value *args, int nargs, TupleObj *kw, const char *fname, int which)
{
    enum { MKDIR, RMDIR, UNLINK, READLINK };
    static const char *const with_mode[] = {"path", "mode", "dir_fd"}, *const plain[] = {"path", "dir_fd"};
    Value a[3];
    int dir_fd, mode = 0777;
    Path p;
    bool ok = which == MKDIR ? vm_parse_args(vm, fname, args, nargs, kw, with_mode, 3, 2, 1, a) &&
                                   (a[1] == V_UNBOUND || int_arg(vm, a[1], &mode))
                             : vm_parse_args(vm, fname, args, nargs, kw, plain, 2, 1, 1, a);
    if (!ok || !dir_fd_arg(vm, a[which == MKDIR ? 2 : 1], &dir_fd) || !path_arg(vm, fname, a[0], 0, &p)) return V_EXC;
    Value r = V_NONE;
    if (which == READLINK) {
        char buf[PATH_MAX + 1];
        ssize_t n = readlinkat(dir_fd, p.path, buf, sizeof buf - 1);
        if (n < 0) return path_error(vm, &p, NULL);
        r = fs_decode(vm, buf, (size_t)n, p.bytes);
    } else {
        int rc = which == MKDIR ? mkdirat(dir_fd, p.path, (mode_t)mode)
                                : unlinkat(dir_fd, p.path, which == RMDIR ? AT_REMOVEDIR : 0);
        if (rc != 0) return path_error(vm, &p, NULL);
    }
    path_done(vm, &p);
    return r;
}

static Value posix_mkdir(VM *vm, Value *args, int nargs, TupleObj *kw) { return path_call(vm, args, nargs, kw, "mkdir", 0); }
static Value posix_rmdir(VM *vm, Value *args, int nargs, TupleObj *kw) { return path_call(vm, args, nargs, kw, "rmdir", 1); }
static Value posix_remove(VM *vm, Value *args, int nargs, TupleObj *kw) { return path_call(vm, args, nargs, kw, "remove", 2); }
static Value posix_unlink(VM *vm, Value *args, int nargs, TupleObj *kw) { return path_call(vm, args, nargs, kw, "unlink", 2); }
static Value posix_readlink(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    return path_call(vm, args, nargs, kw, "readlink", 3);
}

/* rename(src, dst, *, src_dir_fd=None, dst_dir_fd=None), and replace, the same on POSIX */
static Value do_rename(VM *vm, Value *args, int nargs, TupleObj *kw, const char *fname)
{
    static const char *const names[] = {"src", "dst", "src_dir_fd", "dst_dir_fd"};
    Value a[4];
    int src_fd, dst_fd;
    Path src, dst;
    if (!vm_parse_args(vm, fname, args, nargs, kw, names, 4, 2, 2, a) || !dir_fd_arg(vm, a[2], &src_fd) ||
        !dir_fd_arg(vm, a[3], &dst_fd) || !path_arg(vm, fname, a[0], 0, &src))
        return V_EXC;
    if (!path_arg(vm, fname, a[1], 0, &dst)) {
        path_done(vm, &src);
        return V_EXC;
    }
    if (renameat(src_fd, src.path, dst_fd, dst.path) != 0) return path_error(vm, &src, &dst);
    path_done(vm, &dst);
    path_done(vm, &src);
    return V_NONE;
}

static Value posix_rename(VM *vm, Value *args, int nargs, TupleObj *kw) { return do_rename(vm, args, nargs, kw, "rename"); }
static Value posix_replace(VM *vm, Value *args, int nargs, TupleObj *kw) { return do_rename(vm, args, nargs, kw, "replace"); }

/* symlink(src, dst, target_is_directory=False, *, dir_fd=None) */
static Value posix_symlink(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"src", "dst", "target_is_directory", "dir_fd"};
    Value a[4];
    int dir_fd;
    Path src, dst;
    if (!vm_parse_args(vm, "symlink", args, nargs, kw, names, 4, 3, 2, a) || !dir_fd_arg(vm, a[3], &dir_fd) ||
        !path_arg(vm, "symlink", a[0], 0, &src))
        return V_EXC;
    if (!path_arg(vm, "symlink", a[1], 0, &dst)) {
        path_done(vm, &src);
        return V_EXC;
    }
    if (symlinkat(src.path, dir_fd, dst.path) != 0) return path_error(vm, &src, &dst);
    path_done(vm, &dst);
    path_done(vm, &src);
    return V_NONE;
}

/* access(path, mode, *, dir_fd=None, effective_ids=False, follow_symlinks=True):
 * whether the access is allowed; a failure is False. */
static Value posix_access(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"path", "mode", "dir_fd", "effective_ids", "follow_symlinks"};
    Value a[5];
    int mode, dir_fd;
    bool effective, follow;
    Path p;
    if (!vm_parse_args(vm, "access", args, nargs, kw, names, 5, 2, 2, a) ||
        !path_arg(vm, "access", a[0], 0, &p))
        return V_EXC;
    if (!int_arg(vm, a[1], &mode) || !dir_fd_arg(vm, a[2], &dir_fd) || !flag_arg(vm, a[3], false, &effective) ||
        !flag_arg(vm, a[4], true, &follow)) {
        path_done(vm, &p);
        return V_EXC;
    }
    int rc = faccessat(dir_fd, p.path, mode, (effective ? AT_EACCESS : 0) | (follow ? 0 : AT_SYMLINK_NOFOLLOW));
    path_done(vm, &p);
    return v_bool(rc == 0);
}

/* chmod(path, mode, *, dir_fd=None, follow_symlinks=True) */
static Value posix_chmod(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"path", "mode", "dir_fd", "follow_symlinks"};
    Value a[4];
    int mode, dir_fd;
    bool follow;
    Path p;
    if (!vm_parse_args(vm, "chmod", args, nargs, kw, names, 4, 2, 2, a) || !int_arg(vm, a[1], &mode) ||
        !dir_fd_arg(vm, a[2], &dir_fd) || !flag_arg(vm, a[3], true, &follow))
        return V_EXC;
    if (!follow) return vm_raise(vm, vm->e_NotImplementedError, "chmod: follow_symlinks unavailable on this platform");
    if (!path_arg(vm, "chmod", a[0], PATH_FD, &p)) return V_EXC;
    if ((p.path ? fchmodat(dir_fd, p.path, (mode_t)mode, 0) : fchmod(p.fd, (mode_t)mode)) != 0)
        return path_error(vm, &p, NULL);
    path_done(vm, &p);
    return V_NONE;
}

static Value posix_umask(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int mask;
    if (!mod_check_one(vm, "posix.umask", nargs, kw) || !int_arg(vm, args[0], &mask)) return V_EXC;
    return v_int(umask((mode_t)mask));
}

/* ---- descriptors -------------------------------------------------------------------------- */

/* open(path, flags, mode=0o777, *, dir_fd=None): the descriptor, not
 * inherited by child processes, as in CPython. */
static Value posix_open(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"path", "flags", "mode", "dir_fd"};
    Value a[4];
    int flags, mode = 0777, dir_fd;
    Path p;
    if (!vm_parse_args(vm, "open", args, nargs, kw, names, 4, 3, 2, a) || !path_arg(vm, "open", a[0], 0, &p))
        return V_EXC;
    if (!int_arg(vm, a[1], &flags) || (a[2] != V_UNBOUND && !int_arg(vm, a[2], &mode)) ||
        !dir_fd_arg(vm, a[3], &dir_fd)) {
        path_done(vm, &p);
        return V_EXC;
    }
    int fd;
    do fd = openat(dir_fd, p.path, flags | O_CLOEXEC, mode);
    while (fd < 0 && errno == EINTR);
    if (fd < 0) return path_error(vm, &p, NULL);
    path_done(vm, &p);
    return v_int(fd);
}

/* The one descriptor argument of close, isatty (named fd). */
static bool fd_only(VM *vm, const char *fname, Value *args, int nargs, TupleObj *kw, int *fd)
{
    static const char *const names[] = {"fd"};
    Value a[1];
    return vm_parse_args(vm, fname, args, nargs, kw, names, 1, 1, 1, a) && int_arg(vm, a[0], fd);
}

static Value posix_close(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd;
    if (!fd_only(vm, "close", args, nargs, kw, &fd)) return V_EXC;
    return close(fd) != 0 && errno != EINTR ? raise_errno(vm) : V_NONE;
}

static Value posix_isatty(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd;
    if (!fd_only(vm, "isatty", args, nargs, kw, &fd)) return V_EXC;
    return v_bool(isatty(fd));
}

/* read(fd, length): at most length bytes, b'' at the end */
static Value posix_read(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd;
    int64_t n;
    if (!mod_check_range(vm, "os.read", nargs, kw, 2, 2) || !int_arg(vm, args[0], &fd) || !size_arg(vm, args[1], &n))
        return V_EXC;
    if (n < 0) return raise_os(vm, EINVAL, V_UNBOUND, V_UNBOUND);
    char *buf = malloc(n ? (size_t)n : 1);
    if (!buf) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    ssize_t got;
    do got = read(fd, buf, (size_t)n);
    while (got < 0 && errno == EINTR);
    Value r = got < 0 ? raise_errno(vm) : vm_new_bytes(vm, buf, (size_t)got);
    free(buf);
    return r;
}

/* write(fd, data): how many bytes were written */
static Value posix_write(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd;
    if (!mod_check_range(vm, "os.write", nargs, kw, 2, 2) || !int_arg(vm, args[0], &fd)) return V_EXC;
    const void *data;
    size_t len;
    if (v_has_layout(args[1], LAYOUT_BYTES)) {
        data = ((BytesObj *)v_as_obj(args[1]))->data;
        len = ((BytesObj *)v_as_obj(args[1]))->len;
    } else if (v_has_layout(args[1], LAYOUT_BYTEARRAY)) {
        data = ((ByteArrayObj *)v_as_obj(args[1]))->data;
        len = ((ByteArrayObj *)v_as_obj(args[1]))->len;
    } else {
        return vm_raise(vm, vm->e_TypeError, "a bytes-like object is required, not '%s'", TNAME(args[1]));
    }
    ssize_t n;
    do n = write(fd, data, len);
    while (n < 0 && errno == EINTR);
    return n < 0 ? raise_errno(vm) : vm_int_from_i64(vm, n);
}

/* ---- the process and its environment ------------------------------------------------------ */

#define POSIX_IDS(X) X(getpid) X(getppid) X(getuid) X(geteuid) X(getgid) X(getegid)
#define X(name)                                                                  \
    static Value posix_##name(VM *vm, Value *args, int nargs, TupleObj *kw)      \
    {                                                                            \
        if (!mod_check_none(vm, "posix." #name, nargs, kw)) return V_EXC;        \
        return vm_int_from_i64(vm, (int64_t)name());                             \
    }
POSIX_IDS(X)
#undef X

/* putenv(name, value): a name with '=' past its first character is refused,
 * as CPython does; the system refuses the empty one. */
static Value posix_putenv(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_range(vm, "os.putenv", nargs, kw, 2, 2)) return V_EXC;
    char *own_name, *own_value;
    const char *name = fs_arg(vm, args[0], &own_name);
    if (!name) return V_EXC;
    const char *value = fs_arg(vm, args[1], &own_value);
    Value r = V_NONE;
    if (!value) r = V_EXC;
    else if (strchr(name, '=')) r = vm_raise(vm, vm->e_ValueError, "illegal environment variable name");
    else if (setenv(name, value, 1) != 0) r = raise_errno(vm);
    if (value) fs_done(vm, own_value);
    fs_done(vm, own_name);
    return r;
}

static Value posix_unsetenv(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    char *owned;
    const char *name;
    if (!mod_check_one(vm, "posix.unsetenv", nargs, kw) || !(name = fs_arg(vm, args[0], &owned))) return V_EXC;
    Value r = unsetenv(name) != 0 ? raise_errno(vm) : V_NONE;
    fs_done(vm, owned);
    return r;
}

/* environ: the variables at import, as a dict of str */
static Value make_environ(VM *vm)
{
    Value d = vm_new_dict(vm);
    if (d == V_EXC) return V_EXC;
    vm_push_root(vm, d);
    bool ok = true;
    for (char **e = environ; ok && *e; e++) {
        const char *eq = strchr(*e, '=');
        if (!eq || eq == *e) continue;
        Value k = fs_decode(vm, *e, (size_t)(eq - *e), false);
        ok = k != V_EXC;
        if (!ok) break;
        vm_push_root(vm, k);
        Value v = fs_decode(vm, eq + 1, strlen(eq + 1), false);
        /* the first of a repeated name wins, as getenv finds it */
        ok = v != V_EXC && (vm_dict_get(vm, AS_DICT(d), k) != V_UNBOUND || vm_dict_set(vm, AS_DICT(d), k, v));
        vm_pop_roots(vm, 1);
    }
    vm_pop_roots(vm, 1);
    return ok ? d : V_EXC;
}

/* system(command): the wait status */
static Value posix_system(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"command"};
    Value a[1];
    char *owned;
    const char *cmd;
    if (!vm_parse_args(vm, "system", args, nargs, kw, names, 1, 1, 1, a) || !(cmd = fs_arg(vm, a[0], &owned)))
        return V_EXC;
    int status = system(cmd);
    fs_done(vm, owned);
    return v_int(status);
}

static Value posix_urandom(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int64_t n;
    if (!mod_check_one(vm, "posix.urandom", nargs, kw) || !size_arg(vm, args[0], &n)) return V_EXC;
    if (n < 0) return vm_raise(vm, vm->e_ValueError, "negative argument not allowed");
    unsigned char *buf = malloc(n ? (size_t)n : 1);
    if (!buf) return vm_raise(vm, vm->e_MemoryError, "out of memory");
    for (int64_t got = 0; got < n;) {
        ssize_t k = getrandom(buf + got, (size_t)(n - got), 0);
        if (k < 0 && errno != EINTR) {
            free(buf);
            return raise_errno(vm);
        }
        if (k > 0) got += k;
    }
    Value r = vm_new_bytes(vm, buf, (size_t)n);
    free(buf);
    return r;
}

/* _exit(status): ends the process at once, without cleanup */
static Value posix__exit(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"status"};
    Value a[1];
    int status;
    if (!vm_parse_args(vm, "_exit", args, nargs, kw, names, 1, 1, 1, a) || !int_arg(vm, a[0], &status)) return V_EXC;
    _exit(status);
}

static Value posix_cpu_count(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "posix.cpu_count", nargs, kw)) return V_EXC;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n >= 1 ? v_int(n) : V_NONE;
}

static Value posix_strerror(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int code;
    if (!mod_check_one(vm, "posix.strerror", nargs, kw) || !int_arg(vm, args[0], &code)) return V_EXC;
    return vm_cstr(vm, strerror(code));
}

static Value posix_getlogin(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "posix.getlogin", nargs, kw)) return V_EXC;
    errno = 0;
    const char *name = getlogin();
    if (name) return fs_decode(vm, name, strlen(name), false);
    return errno ? raise_errno(vm) : vm_raise(vm, vm->e_OSError, "unable to determine login name");
}

/* os.fspath(path): str and bytes as they are, else __fspath__()'s */
static Value posix_fspath(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    static const char *const names[] = {"path"};
    Value a[1];
    if (!vm_parse_args(vm, "fspath", args, nargs, kw, names, 1, 1, 1, a)) return V_EXC;
    Value r = fspath_or_unbound(vm, a[0]);
    if (r != V_UNBOUND) return r;
    return vm_raise(vm, vm->e_TypeError, "expected str, bytes or os.PathLike object, not %s", TNAME(a[0]));
}

static const char *const times_fields[] = {"user", "system", "children_user", "children_system", "elapsed"};
static const ModStructSeq times_desc = {"posix.times_result", times_fields, 5, 5};

static Value posix_times(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "posix.times", nargs - 1, kw)) return V_EXC;
    struct tms t;
    clock_t c = times(&t);
    if (c == (clock_t)-1) return raise_errno(vm);
    double ticks = (double)sysconf(_SC_CLK_TCK);
    Value v[5] = {v_double((double)t.tms_utime / ticks), v_double((double)t.tms_stime / ticks),
                  v_double((double)t.tms_cutime / ticks), v_double((double)t.tms_cstime / ticks),
                  v_double((double)c / ticks)};
    return mod_structseq_new(vm, AS_TYPE(args[0]), &times_desc, v);
}

static const char *const uname_fields[] = {"sysname", "nodename", "release", "version", "machine"};
static const ModStructSeq uname_desc = {"posix.uname_result", uname_fields, 5, 5};

static Value posix_uname(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    if (!mod_check_none(vm, "posix.uname", nargs - 1, kw)) return V_EXC;
    struct utsname u;
    if (uname(&u) != 0) return raise_errno(vm);
    const char *parts[5] = {u.sysname, u.nodename, u.release, u.version, u.machine};
    Value v[5];
    int n = 0;
    for (; n < 5; n++) {
        v[n] = fs_decode(vm, parts[n], strlen(parts[n]), false);
        if (v[n] == V_EXC) break;
        vm_push_root(vm, v[n]);
    }
    Value r = n == 5 ? mod_structseq_new(vm, AS_TYPE(args[0]), &uname_desc, v) : V_EXC;
    vm_pop_roots(vm, (size_t)n);
    return r;
}

static const char *const terminal_fields[] = {"columns", "lines"};
static const ModStructSeq terminal_desc = {"os.terminal_size", terminal_fields, 2, 2};

/* get_terminal_size(fd=1): the window size of the terminal on fd */
static Value posix_get_terminal_size(VM *vm, Value *args, int nargs, TupleObj *kw)
{
    int fd = 1;
    if (!mod_check_range(vm, "os.get_terminal_size", nargs - 1, kw, 0, 1) || (nargs == 2 && !int_arg(vm, args[1], &fd)))
        return V_EXC;
    struct winsize w;
    if (ioctl(fd, TIOCGWINSZ, &w) != 0) return raise_errno(vm);
    Value v[2] = {v_int(w.ws_col), v_int(w.ws_row)};
    return mod_structseq_new(vm, AS_TYPE(args[0]), &terminal_desc, v);
}

/* ---- the module --------------------------------------------------------------------------- */

static const ModFunction posix_functions[] = {
    {"getcwd", posix_getcwd}, {"getcwdb", posix_getcwdb}, {"chdir", posix_chdir}, {"listdir", posix_listdir}, {"mkdir", posix_mkdir},
    {"rmdir", posix_rmdir}, {"remove", posix_remove}, {"unlink", posix_unlink}, {"rename", posix_rename},
    {"replace", posix_replace}, {"readlink", posix_readlink}, {"symlink", posix_symlink}, {"access", posix_access},
    {"chmod", posix_chmod}, {"umask", posix_umask}, {"open", posix_open}, {"close", posix_close},
    {"isatty", posix_isatty}, {"read", posix_read}, {"write", posix_write}, {"putenv", posix_putenv},
    {"unsetenv", posix_unsetenv}, {"system", posix_system}, {"urandom", posix_urandom},
    {"cpu_count", posix_cpu_count}, {"strerror", posix_strerror}, {"getlogin", posix_getlogin},
    {"fspath", posix_fspath}, {"_exit", posix__exit},
#define X(name) {#name, posix_##name},
    POSIX_IDS(X)
#undef X
};

static const struct {
    const char *name;
    int value;
} posix_ints[] = {
    {"F_OK", F_OK}, {"R_OK", R_OK}, {"W_OK", W_OK}, {"X_OK", X_OK},
    {"O_RDONLY", O_RDONLY}, {"O_WRONLY", O_WRONLY}, {"O_RDWR", O_RDWR}, {"O_APPEND", O_APPEND},
    {"O_CREAT", O_CREAT}, {"O_EXCL", O_EXCL}, {"O_TRUNC", O_TRUNC}, {"O_NONBLOCK", O_NONBLOCK},
    {"O_NOFOLLOW", O_NOFOLLOW}, {"O_DIRECTORY", O_DIRECTORY}, {"O_CLOEXEC", O_CLOEXEC},
    {"O_ACCMODE", O_ACCMODE}, {"O_SYNC", O_SYNC}, {"O_NOCTTY", O_NOCTTY},
    {"SEEK_SET", SEEK_SET}, {"SEEK_CUR", SEEK_CUR}, {"SEEK_END", SEEK_END},
    {"EX_OK", 0},
};

/* A struct sequence type in the module and the functions that make its
 * instances, bound to it (a native function has no other closure). */
static bool add_bound(VM *vm, DictObj *d, TypeObj *t, const ModFunction *fns, size_t n)
{
    if (!t) return false;
    vm_push_root(vm, v_obj(t));
    bool ok = mod_dict_put(vm, d, t->name->data, v_obj(t));
    for (size_t i = 0; ok && i < n; i++)
        ok = mod_dict_put(vm, d, fns[i].name, vm_new_builtin(vm, fns[i].name, fns[i].fn, v_obj(t)));
    vm_pop_roots(vm, 1);
    return ok;
}

Value mod_posix_open(VM *vm)
{
    static const ModFunction stat_fns[] = {{"stat", posix_stat}, {"lstat", posix_lstat}, {"fstat", posix_fstat}};
    static const ModFunction times_fns[] = {{"times", posix_times}}, uname_fns[] = {{"uname", posix_uname}},
                             terminal_fns[] = {{"get_terminal_size", posix_get_terminal_size}};
    Value m = vm_new_module(vm, "posix");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    DictObj *d = v_as_obj(m)->dict;
    bool ok = mod_add_functions(vm, m, posix_functions, sizeof posix_functions / sizeof posix_functions[0]);
    for (size_t i = 0; ok && i < sizeof posix_ints / sizeof posix_ints[0]; i++)
        ok = mod_dict_put(vm, d, posix_ints[i].name, v_int(posix_ints[i].value));
    ok = ok && add_bound(vm, d, stat_type(vm), stat_fns, 3) &&
         add_bound(vm, d, mod_structseq_type(vm, &times_desc), times_fns, 1) &&
         add_bound(vm, d, mod_structseq_type(vm, &uname_desc), uname_fns, 1) &&
         add_bound(vm, d, mod_structseq_type(vm, &terminal_desc), terminal_fns, 1) &&
         mod_dict_put(vm, d, "environ", make_environ(vm)) && mod_dict_put(vm, d, "error", v_obj(vm->e_OSError));
    vm_pop_roots(vm, 1);
    return ok ? m : V_EXC;
}


/* The `errno` module: the C library's error numbers by their symbolic names
 * (EEXIST, ENOENT, ...) with this platform's values, and errorcode, the
 * reverse map, as CPython's errno module gives them. */
#include <errno.h>

#include "modules.h"

/* the POSIX names every platform tirun builds on defines */
#define ERRNO_NAMES(X)                                                                                      \
    X(E2BIG) X(EACCES) X(EADDRINUSE) X(EADDRNOTAVAIL) X(EAFNOSUPPORT) X(EAGAIN) X(EALREADY) X(EBADF)        \
    X(EBUSY) X(ECANCELED) X(ECHILD) X(ECONNABORTED) X(ECONNREFUSED) X(ECONNRESET) X(EDEADLK)               \
    X(EDESTADDRREQ) X(EDOM) X(EEXIST) X(EFAULT) X(EFBIG) X(EHOSTUNREACH) X(EINPROGRESS) X(EINTR) X(EINVAL) \
    X(EIO) X(EISCONN) X(EISDIR) X(ELOOP) X(EMFILE) X(EMLINK) X(EMSGSIZE) X(ENAMETOOLONG) X(ENETDOWN)       \
    X(ENETRESET) X(ENETUNREACH) X(ENFILE) X(ENOBUFS) X(ENODEV) X(ENOENT) X(ENOEXEC) X(ENOLCK) X(ENOMEM)    \
    X(ENOSPC) X(ENOSYS) X(ENOTCONN) X(ENOTDIR) X(ENOTEMPTY) X(ENOTSOCK) X(ENOTSUP) X(ENOTTY) X(ENXIO)      \
    X(EOPNOTSUPP) X(EOVERFLOW) X(EPERM) X(EPIPE) X(EPROTONOSUPPORT) X(EPROTOTYPE) X(ERANGE) X(EROFS)       \
    X(ESPIPE) X(ESRCH) X(ETIMEDOUT) X(ETXTBSY) X(EWOULDBLOCK) X(EXDEV)

static const struct {
    const char *name;
    int value;
} errno_names[] = {
#define X(name) {#name, name},
    ERRNO_NAMES(X)
#undef X
};

Value mod_errno_open(VM *vm)
{
    Value m = vm_new_module(vm, "errno");
    if (m == V_EXC) return V_EXC;
    vm_push_root(vm, m);
    Value codes = vm_new_dict(vm);
    bool ok = codes != V_EXC;
    if (ok) vm_push_root(vm, codes);
    DictObj *d = v_as_obj(m)->dict;
    size_t n = sizeof errno_names / sizeof errno_names[0];
    /* errorcode keeps the first name of a value that has two (EAGAIN before
     * EWOULDBLOCK, ENOTSUP before EOPNOTSUPP), as the table orders them */
    for (size_t i = 0; ok && i < n; i++) {
        const char *name = errno_names[i].name;
        Value key = v_int(errno_names[i].value);
        DictObj *table = (DictObj *)v_as_obj(codes);
        ok = mod_dict_put(vm, d, name, key);
        Value known = ok ? vm_dict_get(vm, table, key) : V_EXC;
        ok = known != V_EXC;
        if (ok && known == V_UNBOUND) {
            Value s = vm_new_str(vm, name, strlen(name));
            ok = s != V_EXC && vm_dict_set(vm, table, key, s);
        }
    }
    if (ok) ok = mod_dict_put(vm, d, "errorcode", codes);
    vm_pop_roots(vm, codes != V_EXC ? 2 : 1);
    return ok ? m : V_EXC;
}

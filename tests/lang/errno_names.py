# The errno module: names, this platform's values (the C library's), and
# errorcode, whose entry for a value with two names is the first.
import errno

for name in ("EPERM", "ENOENT", "EINTR", "EEXIST", "ENOTDIR", "EISDIR", "EINVAL", "ENOSPC", "EPIPE", "ERANGE",
             "ENOTEMPTY", "ETIMEDOUT"):
    value = getattr(errno, name)
    print(name, value, errno.errorcode[value])
print(errno.EWOULDBLOCK == errno.EAGAIN, errno.errorcode[errno.EWOULDBLOCK])
print(isinstance(errno.errorcode, dict), all(isinstance(k, int) for k in errno.errorcode))
print(OSError(errno.ENOENT, "x").errno == errno.ENOENT)

"""Common operations on POSIX pathnames; `os.path` is this module.

Every function takes str, bytes or an os.PathLike and answers in the same
type; mixing str and bytes raises TypeError as CPython does.
"""

# defined before `import os`, which reads them while this module is half made
curdir = '.'
pardir = '..'
extsep = '.'
sep = '/'
pathsep = ':'
defpath = '/bin:/usr/bin'
altsep = None
devnull = '/dev/null'
supports_unicode_filenames = False

import os

__all__ = ["normcase", "isabs", "join", "splitdrive", "split", "splitext", "basename", "dirname",
           "commonprefix", "getsize", "getmtime", "getatime", "getctime", "islink", "exists",
           "lexists", "isdir", "isfile", "ismount", "expanduser", "expandvars", "normpath",
           "abspath", "samefile", "sameopenfile", "samestat", "curdir", "pardir", "sep",
           "pathsep", "defpath", "altsep", "extsep", "devnull", "realpath",
           "supports_unicode_filenames", "relpath", "commonpath"]

# st_mode's file types (the stat module's S_IFMT, S_IFDIR, S_IFREG, S_IFLNK)
_S_IFMT, _S_IFDIR, _S_IFREG, _S_IFLNK = 0o170000, 0o040000, 0o100000, 0o120000


def _separators_for(path):
    # (separator, current dir, parent dir) spelled in the type of path
    return (b"/", b".", b"..") if isinstance(path, (bytes, bytearray)) else ("/", ".", "..")

def _same_type(fname, args):
    """args through os.fspath, all str or all bytes; else CPython's TypeError
    naming fname."""
    out = []
    for a in args:
        try:
            a = os.fspath(a)
        except TypeError:
            raise TypeError(f'{fname}() argument must be str, bytes, or os.PathLike object, '
                            f'not {type(a).__name__!r}') from None
        out.append(a)
    if len({type(a) is bytes for a in out}) > 1:
        raise TypeError("Can't mix strings and bytes in path components") from None
    return out


# ---- string operations -------------------------------------------------------

def normcase(s):
    """Normalize the case of a pathname: on POSIX, the path unchanged."""
    return os.fspath(s)


def isabs(s):
    """Whether the path is absolute (starts with a slash)."""
    s = os.fspath(s)
    return s.startswith(_separators_for(s)[0])


def _reject_mixed(funcname, *args):
    # Raised in place of whatever TypeError an argument combination caused.
    for arg in args:
        if not isinstance(arg, (str, bytes)):
            raise TypeError(f"{funcname}() argument must be str, bytes, or os.PathLike object, "
                            f"not {type(arg).__name__!r}")
    if len({isinstance(arg, str) for arg in args}) > 1:
        raise TypeError("Can't mix strings and bytes in path components") from None


def join(a, *p):
    """Join path components with '/'; a component that starts with '/'
    discards everything before it."""
    result = os.fspath(a)
    slash = _separators_for(result)[0]
    try:
        for component in p:
            component = os.fspath(component)
            if component[:1] == slash:
                result = component
            elif result and result[-1:] != slash:
                result = result + slash + component
            else:
                result = result + component
    except TypeError:
        # str mixed with bytes, or something that is no path at all
        _reject_mixed("join", a, *p)
        raise
    return result

def _head_tail(p):
    """split() on a path already through fspath."""
    sep = _separators_for(p)[0]
    i = p.rfind(sep) + 1
    head = p[:i]
    if head.strip(sep):   # trailing slashes go, unless the head is only slashes
        head = head.rstrip(sep)
    return head, p[i:]


def split(p):
    """(head, tail): tail is what follows the last slash, head what comes
    before it (without trailing slashes unless it is the root)."""
    return _head_tail(os.fspath(p))


def splitext(p):
    """(root, ext): ext is the last dot and what follows it in the last
    component, empty when that component has no dot but leading ones."""
    p = os.fspath(p)
    sep, dot, _ = _separators_for(p)
    start = p.rfind(sep) + 1
    i = p.rfind(dot)
    if i > start and p[start:i].strip(dot):
        return p[:i], p[i:]
    return p, p[:0]


def splitdrive(p):
    """(drive, path): POSIX has no drives, so drive is always empty."""
    p = os.fspath(p)
    return p[:0], p


def basename(p):
    """The final component of a pathname (empty after a trailing slash)."""
    p = os.fspath(p)
    return p[p.rfind(_separators_for(p)[0]) + 1:]


def dirname(p):
    """The directory component of a pathname."""
    return _head_tail(os.fspath(p))[0]


def normpath(path):
    """Normalize a path: collapse separators and '.' components, and resolve
    '..' against what precedes it (lexically, not following links)."""
    path = os.fspath(path)
    sep, cur, par = _separators_for(path)
    if not path:
        return cur
    # POSIX gives two leading slashes a meaning of their own; three or more are one
    leading = len(path) - len(path.lstrip(sep))
    root = sep * 2 if leading == 2 else sep if leading else path[:0]
    parts = []
    for c in path.split(sep):
        if not c or c == cur:
            continue
        if c == par:
            if parts and parts[-1] != par:
                parts.pop()
                continue
            if root:   # nothing is above the root
                continue
        parts.append(c)
    return root + sep.join(parts) or cur


def commonprefix(m):
    """The longest common leading part (character by character) of the items of m."""
    if not m:
        return ''
    if not isinstance(m[0], (list, tuple)):
        m = tuple(map(os.fspath, m))
    lo, hi = min(m), max(m)
    for i, c in enumerate(lo):
        if c != hi[i]:
            return lo[:i]
    return lo


def commonpath(paths):
    """The longest common sub-path (whole components) of the paths."""
    if not paths:
        raise ValueError('commonpath() arg is an empty sequence')
    paths = _same_type('commonpath', tuple(map(os.fspath, paths)))
    sep, cur, _ = _separators_for(paths[0])
    if len({p.startswith(sep) for p in paths}) > 1:
        raise ValueError("Can't mix absolute and relative paths")
    lists = [[c for c in p.split(sep) if c and c != cur] for p in paths]
    lo, hi = min(lists), max(lists)
    common = lo
    for i, c in enumerate(lo):
        if c != hi[i]:
            common = lo[:i]
            break
    return (sep if paths[0].startswith(sep) else sep[:0]) + sep.join(common)


def relpath(path, start=None):
    """path relative to start (default the current directory)."""
    if not path:
        raise ValueError('no path specified')
    path = os.fspath(path)
    sep, cur, par = _separators_for(path)
    start = cur if start is None else os.fspath(start)
    _same_type('relpath', (path, start))
    to = [c for c in abspath(path).split(sep) if c]
    frm = [c for c in abspath(start).split(sep) if c]
    n = 0
    while n < len(to) and n < len(frm) and to[n] == frm[n]:
        n += 1
    rel = [par] * (len(frm) - n) + to[n:]
    return join(*rel) if rel else cur


# ---- the user's directory and environment variables ---------------------------

def _passwd_dir(matches):
    # Home directory of the first /etc/passwd entry that matches(fields), or None.
    try:
        with open("/etc/passwd") as table:
            lines = table.read().splitlines()
    except (OSError, ValueError, UnicodeError):
        return None
    for line in lines:
        fields = line.split(":")
        if len(fields) >= 7 and matches(fields):
            return fields[5]
    return None


def expanduser(path):
    """Replace a leading ~ or ~user by that user's home directory; the path
    comes back unchanged when the user cannot be found."""
    path = os.fspath(path)
    as_bytes = isinstance(path, bytes)
    slash = b"/" if as_bytes else "/"
    if path[:1] != (b"~" if as_bytes else "~"):
        return path
    end = path.find(slash, 1)
    if end == -1:
        end = len(path)
    user = path[1:end]
    if user:
        wanted = user.decode("ascii") if as_bytes else user
        home = _passwd_dir(lambda fields: fields[0] == wanted)
    else:
        home = os.environ.get("HOME")
        if home is None:
            uid = str(os.getuid())
            home = _passwd_dir(lambda fields: fields[2] == uid)
    if home is None:
        return path
    home = os.fsencode(home) if as_bytes else home
    return home.rstrip(slash) + path[end:] or slash


def expandvars(path):
    """Replace $name and ${name} by the value of environment variable name;
    references to unset variables are left as they are."""
    path = os.fspath(path)
    is_bytes = isinstance(path, bytes)
    dollar, lbrace, rbrace = (b'$', b'{', b'}') if is_bytes else ('$', '{', '}')
    if dollar not in path:
        return path
    out = []
    done = 0   # path[:done] is in out
    i = path.find(dollar)
    while i >= 0:
        k = i + 1   # path[i:stop] is the reference, if stop > k
        if path[k:k + 1] == lbrace:
            stop = path.find(rbrace, k + 1) + 1
            name = path[k + 1:stop - 1]
        else:
            stop = k
            while stop < len(path) and _is_word(path[stop:stop + 1]):
                stop += 1
            name = path[k:stop]
        if stop > k:
            value = os.environ.get(os.fsdecode(name) if is_bytes else name)
            if value is not None:
                out.append(path[done:i])
                out.append(os.fsencode(value) if is_bytes else value)
                done = stop
            i = path.find(dollar, stop)
        else:
            i = path.find(dollar, k)
    out.append(path[done:])
    return path[:0].join(out)


def _is_word(c):
    """Whether the one-character str or bytes c is an ASCII letter, digit or '_'."""
    if isinstance(c, bytes):
        c = chr(c[0])
    return c == '_' or 'a' <= c <= 'z' or 'A' <= c <= 'Z' or '0' <= c <= '9'


# ---- queries on the file system -------------------------------------------------

def exists(path):
    """Whether path names an existing file (symbolic links followed)."""
    return _file_kind(os.stat, path) is not None


def lexists(path):
    """Whether path exists; a dangling symbolic link counts."""
    return _file_kind(os.lstat, path) is not None


def _file_kind(probe, path):
    # The file-type bits of probe(path).st_mode, or None when the path is
    # missing or unusable.
    try:
        info = probe(path)
    except (ValueError, OSError):
        return None
    return info.st_mode & 0o170000

def isfile(path):
    """Whether path is a regular file (following symbolic links)."""
    return _file_kind(os.stat, path) == _S_IFREG


def isdir(s):
    """Whether s is a directory (following symbolic links)."""
    return _file_kind(os.stat, s) == _S_IFDIR


def islink(path):
    """Whether path is a symbolic link."""
    return _file_kind(os.lstat, path) == _S_IFLNK


def ismount(path):
    """Whether path is a mount point: a directory on another device than its
    parent, or one that is its own parent (the root)."""
    if _file_kind(os.lstat, path) in (None, 0o120000):
        return False
    path = os.fspath(path)
    here = os.lstat(path)
    above = realpath(join(path, _separators_for(path)[2]))
    if _file_kind(os.lstat, above) is None:
        return False
    there = os.lstat(above)
    return here.st_dev != there.st_dev or here.st_ino == there.st_ino

def getsize(filename):
    """The size of a file, from os.stat()."""
    return os.stat(filename).st_size


def getmtime(filename):
    """The last modification time of a file, from os.stat()."""
    return os.stat(filename).st_mtime


def getatime(filename):
    """The last access time of a file, from os.stat()."""
    return os.stat(filename).st_atime


def getctime(filename):
    """The metadata change time of a file, from os.stat()."""
    return os.stat(filename).st_ctime


def samestat(s1, s2):
    """Whether two stat results describe the same file."""
    return s1.st_ino == s2.st_ino and s1.st_dev == s2.st_dev


def samefile(f1, f2):
    """Whether two pathnames name the same file."""
    return samestat(os.stat(f1), os.stat(f2))


def sameopenfile(fp1, fp2):
    """Whether two file descriptors refer to the same file."""
    return samestat(os.fstat(fp1), os.fstat(fp2))


def abspath(path):
    """An absolute, normalized version of path."""
    path = os.fspath(path)
    if not isabs(path):
        path = join(os.getcwdb() if isinstance(path, bytes) else os.getcwd(), path)
    return normpath(path)


def realpath(filename, *, strict=False):
    """The canonical path of filename: absolute, with every symbolic link
    resolved. Not strict, a missing component ends the resolving (the rest is
    kept as written) and so does a loop of links; strict, both raise OSError."""
    path = os.fspath(filename)
    sep, cur, par = _separators_for(path)
    # the resolved part is root + sep.join(done); relative to the current
    # directory while root is empty (done may then start with '..')
    root = sep if path.startswith(sep) else path[:0]
    done = []
    todo = path.split(sep)[::-1]   # components still to walk, the next last
    links = {}                     # link -> (root, done) it resolved to; None while resolving
    while todo:
        c = todo.pop()
        if isinstance(c, tuple):   # the end of a link's target: remember where it led
            links[c[0]] = root, done[:]
            continue
        if not c or c == cur:
            continue
        if c == par:
            if done and done[-1] != par:
                done.pop()
            elif not root:
                done.append(par)
            continue
        here = root + sep.join(done + [c])
        if here in links:
            if links[here] is None:   # a loop: stop here
                if strict:
                    os.stat(here)
                rest = [t for t in reversed(todo) if not isinstance(t, tuple)]
                return abspath(sep.join([here] + rest))
            root, done = links[here][0], links[here][1][:]
            continue
        try:
            is_link = os.lstat(here).st_mode & _S_IFMT == _S_IFLNK
        except OSError:
            if strict:
                raise
            is_link = False
        if not is_link:
            done.append(c)
            continue
        links[here] = None
        target = os.readlink(here)
        if target.startswith(sep):
            root, done = sep, []
        todo.append((here,))
        todo.extend(target.split(sep)[::-1])
    return abspath(root + sep.join(done))

"""shutil for tirun: copying and removing files and trees (copyfileobj,
copyfile, copymode, copy, copy2, copytree, rmtree, move), which, disk_usage's
absence aside, over the posix module as CPython's shutil."""

import os
import posix
import sys

__all__ = ["copyfileobj", "copyfile", "copymode", "copystat", "copy", "copy2", "copytree", "move", "rmtree",
           "Error", "SameFileError", "which", "ignore_patterns", "get_terminal_size"]

COPY_BUFSIZE = 64 * 1024

_S_IFMT = 0o170000
_S_IFDIR = 0o040000
_S_IFLNK = 0o120000


class Error(OSError):
    pass


class SameFileError(Error):
    """copyfile's source and destination are the same file."""


class SpecialFileError(OSError):
    pass


def _isdir_mode(mode):
    return mode & _S_IFMT == _S_IFDIR


def _islink_mode(mode):
    return mode & _S_IFMT == _S_IFLNK


def copyfileobj(fsrc, fdst, length=0):
    """Copies the rest of file object fsrc into fdst."""
    if not length:
        length = COPY_BUFSIZE
    while True:
        buf = fsrc.read(length)
        if not buf:
            break
        fdst.write(buf)


def _samefile(src, dst):
    try:
        s1, s2 = os.stat(src), os.stat(dst)
    except OSError:
        return False
    return s1.st_ino == s2.st_ino and s1.st_dev == s2.st_dev


def copyfile(src, dst, *, follow_symlinks=True):
    """Copies the contents of file src to file dst (made or replaced); returns dst."""
    if _samefile(src, dst):
        raise SameFileError(f"{src!r} and {dst!r} are the same file")
    if not follow_symlinks and os.path.islink(src):
        os.symlink(os.readlink(src), dst)
        return dst
    with open(src, "rb") as fsrc:
        with open(dst, "wb") as fdst:
            copyfileobj(fsrc, fdst)
    return dst


def copymode(src, dst, *, follow_symlinks=True):
    """Copies the permission bits of src to dst."""
    st = os.stat(src) if follow_symlinks else os.lstat(src)
    if not follow_symlinks and _islink_mode(st.st_mode):
        return
    os.chmod(dst, st.st_mode & 0o7777)


def copystat(src, dst, *, follow_symlinks=True):
    """Copies the permission bits of src to dst (tirun's posix has no utime:
    the times are not copied)."""
    copymode(src, dst, follow_symlinks=follow_symlinks)


def _into_dir(src, dst):
    if os.path.isdir(dst):
        return os.path.join(dst, os.path.basename(os.fspath(src).rstrip("/")))
    return dst


def copy(src, dst, *, follow_symlinks=True):
    """Copies file src's data and mode to dst (a directory: a file of src's name in it); returns the path."""
    dst = _into_dir(src, dst)
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    copymode(src, dst, follow_symlinks=follow_symlinks)
    return dst


def copy2(src, dst, *, follow_symlinks=True):
    """copy, with copystat."""
    dst = _into_dir(src, dst)
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    copystat(src, dst, follow_symlinks=follow_symlinks)
    return dst


def ignore_patterns(*patterns):
    import fnmatch

    def _ignore_patterns(path, names):
        ignored = []
        for pattern in patterns:
            ignored.extend(fnmatch.filter(names, pattern))
        return set(ignored)

    return _ignore_patterns


def copytree(src, dst, symlinks=False, ignore=None, copy_function=copy2, ignore_dangling_symlinks=False,
             dirs_exist_ok=False):
    """Copies the tree at src to dst (made, with the directories in it); returns dst."""
    names = os.listdir(src)
    ignored = ignore(os.fspath(src), names) if ignore is not None else set()
    os.makedirs(dst, exist_ok=dirs_exist_ok)
    errors = []
    for name in names:
        if name in ignored:
            continue
        srcname = os.path.join(src, name)
        dstname = os.path.join(dst, name)
        try:
            if os.path.islink(srcname) and symlinks:
                os.symlink(os.readlink(srcname), dstname)
            elif os.path.isdir(srcname):
                copytree(srcname, dstname, symlinks, ignore, copy_function, ignore_dangling_symlinks,
                         dirs_exist_ok)
            elif os.path.islink(srcname) and not os.path.exists(srcname):
                if not ignore_dangling_symlinks:
                    raise FileNotFoundError(2, "No such file or directory", srcname)
            else:
                copy_function(srcname, dstname)
        except Error as err:
            errors.extend(err.args[0])
        except OSError as why:
            errors.append((srcname, dstname, str(why)))
    try:
        copymode(src, dst)
    except OSError as why:
        errors.append((src, dst, str(why)))
    if errors:
        raise Error(errors)
    return dst


def _rmtree(path, onerror):
    try:
        names = os.listdir(path)
    except OSError as err:
        onerror(os.listdir, path, err)
        names = []
    for name in names:
        fullname = os.path.join(path, name)
        try:
            mode = os.lstat(fullname).st_mode
        except OSError:
            mode = 0
        if _isdir_mode(mode):
            _rmtree(fullname, onerror)
        else:
            try:
                os.unlink(fullname)
            except OSError as err:
                onerror(os.unlink, fullname, err)
    try:
        os.rmdir(path)
    except OSError as err:
        onerror(os.rmdir, path, err)


def rmtree(path, ignore_errors=False, onerror=None):
    """Removes the directory tree at path (a symbolic link to one is an
    error; those inside are removed, not followed). Errors are ignored with
    ignore_errors, passed to onerror(function, path, exc_info), or raised."""
    if ignore_errors:
        def onerror(*args):
            pass
    elif onerror is None:
        def onerror(*args):
            raise args[2]
    else:
        handler = onerror

        def onerror(func, path, err):
            handler(func, path, (type(err), err, err.__traceback__))
    try:
        if os.path.islink(path):
            raise OSError("Cannot call rmtree on a symbolic link")
    except OSError as err:
        onerror(os.path.islink, path, err)
        return
    _rmtree(path, onerror)


def move(src, dst, copy_function=copy2):
    """Moves file or directory src to dst (into it when dst is a directory);
    renames when it can, else copies and removes; returns the destination."""
    real_dst = dst
    if os.path.isdir(dst):
        if _samefile(src, dst):
            os.rename(src, dst)
            return dst
        real_dst = os.path.join(dst, os.path.basename(os.fspath(src).rstrip("/")))
        if os.path.exists(real_dst):
            raise Error(f"Destination path '{real_dst}' already exists")
    try:
        os.rename(src, real_dst)
    except OSError:
        if os.path.islink(src):
            os.symlink(os.readlink(src), real_dst)
            os.unlink(src)
        elif os.path.isdir(src):
            if os.path.abspath(real_dst).startswith(os.path.abspath(src).rstrip("/") + "/"):
                raise Error(f"Cannot move a directory '{src}' into itself '{dst}'.")
            copytree(src, real_dst, copy_function=copy_function, symlinks=True)
            rmtree(src)
        else:
            copy_function(src, real_dst)
            os.unlink(src)
    return real_dst


def _access_check(fn, mode):
    return os.path.exists(fn) and os.access(fn, mode) and not os.path.isdir(fn)


def which(cmd, mode=os.F_OK | os.X_OK, path=None):
    """The path of the program cmd would run (searching PATH), or None."""
    if os.path.dirname(cmd):
        return cmd if _access_check(cmd, mode) else None
    if path is None:
        path = os.environ.get("PATH", None)
        if path is None:
            path = os.defpath
    if not path:
        return None
    seen = set()
    for dir in path.split(os.pathsep):
        normdir = os.path.normcase(dir)
        if normdir in seen:
            continue
        seen.add(normdir)
        name = os.path.join(dir, cmd)
        if _access_check(name, mode):
            return name
    return None


def get_terminal_size(fallback=(80, 24)):
    """The terminal's size: COLUMNS / LINES, else stdout's, else fallback."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ["LINES"])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size(fallback)
        if columns <= 0:
            columns = size.columns or fallback[0]
        if lines <= 0:
            lines = size.lines or fallback[1]
    return os.terminal_size((columns, lines))

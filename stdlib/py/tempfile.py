"""tempfile for tirun: the temporary directory (TMPDIR, TEMP, TMP, then
/tmp, /var/tmp, /usr/tmp, the working directory: the first one a file can be
made in), mkstemp / mkdtemp / mktemp, TemporaryDirectory, NamedTemporaryFile
and TemporaryFile, over the posix module, as CPython's tempfile."""

import os as _os
import posix as _posix
import shutil as _shutil
import errno as _errno

__all__ = ["NamedTemporaryFile", "TemporaryFile", "TemporaryDirectory", "mkstemp", "mkdtemp", "mktemp",
           "TMP_MAX", "gettempprefix", "tempdir", "gettempdir", "gettempprefixb", "gettempdirb", "template"]

TMP_MAX = 10000
template = "tmp"
tempdir = None

_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"
_BIN_FLAGS = _posix.O_RDWR | _posix.O_CREAT | _posix.O_EXCL | _posix.O_NOFOLLOW | _posix.O_CLOEXEC


def _random_name():
    """Eight characters of _CHARACTERS from the system's random bytes."""
    return "".join(_CHARACTERS[b % len(_CHARACTERS)] for b in _posix.urandom(8))


def _candidate_dirs():
    dirlist = []
    for envname in ("TMPDIR", "TEMP", "TMP"):
        dirname = _os.getenv(envname)
        if dirname:
            dirlist.append(dirname)
    dirlist.extend(["/tmp", "/var/tmp", "/usr/tmp"])
    try:
        dirlist.append(_os.getcwd())
    except OSError:
        dirlist.append(_os.curdir)
    return dirlist


def _get_default_tempdir():
    """The first candidate directory a file can be created and written in."""
    for dir in _candidate_dirs():
        if dir != _os.curdir:
            dir = _os.path.abspath(dir)
        for _ in range(100):
            filename = _os.path.join(dir, _random_name())
            try:
                fd = _posix.open(filename, _BIN_FLAGS, 0o600)
                try:
                    _posix.write(fd, b"blat")
                finally:
                    _posix.close(fd)
                    _posix.unlink(filename)
                return dir
            except FileExistsError:
                pass
            except OSError:
                break
    raise FileNotFoundError(_errno.ENOENT, f"No usable temporary directory found in {_candidate_dirs()}")


def gettempprefix():
    return template


def gettempprefixb():
    return template.encode()


def gettempdir():
    """The directory temporary files go in (tempfile.tempdir once set)."""
    global tempdir
    if tempdir is None:
        tempdir = _get_default_tempdir()
    return _os.fspath(tempdir)


def gettempdirb():
    return gettempdir().encode()


def _sanitize_params(prefix, suffix, dir):
    if suffix is None:
        suffix = ""
    if prefix is None:
        prefix = template
    if dir is None:
        dir = gettempdir()
    return prefix, suffix, _os.fspath(dir)


def mkstemp(suffix=None, prefix=None, dir=None, text=False):
    """Creates a new file, readable and writable only by its owner; returns
    (an open descriptor of it, its absolute path)."""
    prefix, suffix, dir = _sanitize_params(prefix, suffix, dir)
    for _ in range(TMP_MAX):
        file = _os.path.join(dir, prefix + _random_name() + suffix)
        try:
            fd = _posix.open(file, _BIN_FLAGS, 0o600)
        except FileExistsError:
            continue
        return fd, _os.path.abspath(file)
    raise FileExistsError(_errno.EEXIST, "No usable temporary file name found")


def mkdtemp(suffix=None, prefix=None, dir=None):
    """Creates a new directory only its owner can use; returns its absolute
    path. Removing it is the caller's."""
    prefix, suffix, dir = _sanitize_params(prefix, suffix, dir)
    for _ in range(TMP_MAX):
        file = _os.path.join(dir, prefix + _random_name() + suffix)
        try:
            _posix.mkdir(file, 0o700)
        except FileExistsError:
            continue
        return _os.path.abspath(file)
    raise FileExistsError(_errno.EEXIST, "No usable temporary directory name found")


def mktemp(suffix="", prefix=template, dir=None):
    """A name no file has now (unsafe: another may take it before it is used)."""
    if dir is None:
        dir = gettempdir()
    for _ in range(TMP_MAX):
        file = _os.path.join(dir, prefix + _random_name() + suffix)
        if not _os.path.lexists(file):
            return file
    raise FileExistsError(_errno.EEXIST, "No usable temporary filename found")


class _TemporaryFileWrapper:
    """A file object that also has .name and removes its file when closed
    (delete=True)."""

    def __init__(self, file, name, delete=True):
        self.file = file
        self.name = name
        self.delete = delete
        self._closed = False

    def __getattr__(self, name):
        return getattr(self.__dict__["file"], name)

    def __enter__(self):
        self.file.__enter__()
        return self

    def __exit__(self, exc, value, tb):
        self.close()
        return False

    def close(self):
        if self._closed:
            return
        self._closed = True
        try:
            self.file.close()
        finally:
            if self.delete:
                try:
                    _posix.unlink(self.name)
                except FileNotFoundError:
                    pass

    @property
    def closed(self):
        return self.file.closed

    def __iter__(self):
        return iter(self.file)

    def __repr__(self):
        return f"<tempfile._TemporaryFileWrapper file={self.file!r} name={self.name!r}>"


def NamedTemporaryFile(mode="w+b", buffering=-1, encoding=None, newline=None, suffix=None, prefix=None,
                       dir=None, delete=True, *, errors=None):
    """An open temporary file with a name in the file system (.name), removed
    when closed unless delete is false."""
    fd, name = mkstemp(suffix, prefix, dir)
    _posix.close(fd)
    try:
        file = open(name, mode, buffering, encoding=encoding, newline=newline, errors=errors)
    except BaseException:
        _posix.unlink(name)
        raise
    return _TemporaryFileWrapper(file, name, delete)


def TemporaryFile(mode="w+b", buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None,
                  *, errors=None):
    """An open temporary file whose name is removed at once."""
    fd, name = mkstemp(suffix, prefix, dir)
    _posix.close(fd)
    try:
        file = open(name, mode, buffering, encoding=encoding, newline=newline, errors=errors)
    finally:
        _posix.unlink(name)
    return file


class TemporaryDirectory:
    """A new directory (mkdtemp) removed with all it holds by cleanup(), at
    the end of a with block (which gives its name), or, if
    ignore_cleanup_errors, as far as possible."""

    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False):
        self.name = mkdtemp(suffix, prefix, dir)
        self._ignore_cleanup_errors = ignore_cleanup_errors
        self._done = False

    def __repr__(self):
        return f"<{self.__class__.__name__} {self.name!r}>"

    def __enter__(self):
        return self.name

    def __exit__(self, exc, value, tb):
        self.cleanup()

    def cleanup(self):
        if self._done or not _os.path.lexists(self.name):
            self._done = True
            return
        self._done = True
        _shutil.rmtree(self.name, ignore_errors=self._ignore_cleanup_errors)

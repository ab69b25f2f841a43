"""Operating-system interface for tirun: everything the native posix module
offers, plus os.path (posixpath), os.environ kept in step with the process
environment, PathLike, and the directory-tree helpers makedirs, removedirs,
renames and walk."""

import sys
import posix
from posix import *
from posix import _exit
from abc import ABC, abstractmethod
from collections.abc import Mapping, MutableMapping

import posixpath as path
from posixpath import curdir, pardir, sep, pathsep, defpath, extsep, altsep, devnull

sys.modules["os.path"] = path

name = "posix"
linesep = "\n"
error = OSError

__all__ = sorted(set(key for key in dir(posix) if key[:1] != "_") | {
    "altsep", "curdir", "pardir", "sep", "pathsep", "linesep", "defpath", "name", "path",
    "devnull", "extsep", "makedirs", "removedirs", "renames", "walk", "getenv", "fsencode",
    "fsdecode", "PathLike", "get_exec_path", "_exit"})


def _must_be_str(obj):
    if not isinstance(obj, str):
        raise TypeError(f"str expected, not {type(obj).__name__}")
    return obj


_UNSET = object()


def _merged(first, second):
    combined = dict(first)
    combined.update(second)
    return combined


class _Environ(MutableMapping):
    """The os.environ mapping: a str -> str dict whose changes are passed on
    to the process environment with putenv / unsetenv."""

    def __init__(self, initial):
        self._vars = initial

    def __getitem__(self, key):
        found = self._vars.get(_must_be_str(key), _UNSET)
        if found is _UNSET:
            raise KeyError(key)
        return found

    def __setitem__(self, key, value):
        _must_be_str(key)
        _must_be_str(value)
        putenv(key, value)
        self._vars[key] = value

    def __delitem__(self, key):
        unsetenv(_must_be_str(key))
        if self._vars.pop(key, _UNSET) is _UNSET:
            raise KeyError(key)

    def __iter__(self):
        # a snapshot, so that the loop body may change the environment
        return iter(list(self._vars))

    def __len__(self):
        return len(self._vars)

    def __repr__(self):
        pairs = ", ".join(f"{key!r}: {value!r}" for key, value in self._vars.items())
        return "environ({" + pairs + "})"

    def copy(self):
        return dict(self)

    def setdefault(self, key, value):
        if key not in self:
            self[key] = value
        return self[key]

    def __or__(self, other):
        return _merged(self, other) if isinstance(other, Mapping) else NotImplemented

    def __ror__(self, other):
        return _merged(other, self) if isinstance(other, Mapping) else NotImplemented

    def __ior__(self, other):
        self.update(other)
        return self


environ = _Environ(dict(posix.environ))


def getenv(key, default=None):
    """The environment variable key, or default when it is not set."""
    return environ[key] if key in environ else default


def get_exec_path(env=None):
    """The directories searched for executables: PATH of env (os.environ by
    default) split on os.pathsep, or os.defpath when PATH is absent."""
    mapping = environ if env is None else env
    candidates = []
    for spelling in ("PATH", b"PATH"):
        try:
            candidates.append(mapping[spelling])
        except (TypeError, LookupError):
            continue
    if len(candidates) > 1:
        raise ValueError("env cannot contain 'PATH' and b'PATH' keys")
    chosen = fsdecode(candidates[0]) if candidates else defpath
    return chosen.split(pathsep)


def _fs_error_handler():
    try:
        "\udcff".encode("utf-8", "surrogateescape")
    except LookupError:
        return "strict"
    except UnicodeError:
        pass
    return "surrogateescape"


_FS_ERRORS = _fs_error_handler()


def fsencode(filename):
    """A path (str, bytes or PathLike) as bytes in the file-system encoding."""
    value = fspath(filename)
    return value.encode("utf-8", _FS_ERRORS) if isinstance(value, str) else value


def fsdecode(filename):
    """A path (str, bytes or PathLike) as str in the file-system encoding."""
    value = fspath(filename)
    return value.decode("utf-8", _FS_ERRORS) if isinstance(value, bytes) else value


class PathLike(ABC):
    """Abstract base of objects with a file-system path (__fspath__)."""

    @abstractmethod
    def __fspath__(self):
        """The file-system path of this object, as str or bytes."""
        raise NotImplementedError

    @classmethod
    def __subclasshook__(cls, subclass):
        if cls is not PathLike:
            return NotImplemented
        for klass in subclass.__mro__:
            if "__fspath__" in klass.__dict__:
                return NotImplemented if klass.__dict__["__fspath__"] is None else True
        return NotImplemented

    __class_getitem__ = classmethod(type(list[int]))


def _parent_and_leaf(target):
    # split() that looks past one trailing separator: "a/b/" -> ("a", "b")
    parent, leaf = path.split(target)
    if not leaf:
        parent, leaf = path.split(parent)
    return parent, leaf


def makedirs(name, mode=0o777, exist_ok=False):
    """Create the directory name and any missing parents. An existing leaf is
    an error (FileExistsError) unless exist_ok is true and it is a directory."""
    missing = []
    probe = name
    while True:
        parent, leaf = _parent_and_leaf(probe)
        if not parent or not leaf or path.exists(parent):
            break
        missing.append(parent)
        probe = parent
    # outermost first; intermediate levels always get the default mode
    for ancestor in reversed(missing):
        try:
            mkdir(ancestor)
        except FileExistsError:
            continue
        except OSError:
            if exist_ok and path.isdir(ancestor):
                continue
            raise
    try:
        mkdir(name, mode)
    except OSError:
        if exist_ok and path.isdir(name):
            return
        raise


def removedirs(name):
    """Remove the directory name, then each parent that this leaves empty
    (stopping quietly at the first that cannot be removed)."""
    rmdir(name)
    parent, leaf = _parent_and_leaf(name)
    while parent and leaf:
        try:
            rmdir(parent)
        except OSError:
            return
        parent, leaf = path.split(parent)


def renames(old, new):
    """rename() that first creates the parents new needs and afterwards
    prunes the parents of old that became empty."""
    target_parent, target_leaf = path.split(new)
    if target_parent and target_leaf and not path.exists(target_parent):
        makedirs(target_parent)
    rename(old, new)
    source_parent, source_leaf = path.split(old)
    if source_parent and source_leaf:
        try:
            removedirs(source_parent)
        except OSError:
            pass


def _read_directory(where, onerror):
    # (subdirectory names, other names) of where, or None after reporting
    # a listing failure to onerror.
    try:
        entries = listdir(where)
    except OSError as failure:
        if onerror is not None:
            onerror(failure)
        return None
    folders, others = [], []
    for entry in entries:
        (folders if path.isdir(path.join(where, entry)) else others).append(entry)
    return folders, others


def walk(top, topdown=True, onerror=None, followlinks=False):
    """Generate (dirpath, dirnames, filenames) for every directory of the tree
    rooted at top. Top-down, the caller may prune dirnames in place; bottom-up,
    a directory comes after everything below it. Symbolic links to directories
    are listed but only entered when followlinks is true."""
    # The stack holds directories still to list and, bottom-up, finished
    # triples waiting until their subdirectories have been produced.
    stack = [fspath(top)]
    while stack:
        item = stack.pop()
        if type(item) is tuple:
            yield item
            continue
        listing = _read_directory(item, onerror)
        if listing is None:
            continue
        folders, others = listing
        if topdown:
            yield item, folders, others
        else:
            stack.append((item, folders, others))
        for folder in reversed(folders):
            below = path.join(item, folder)
            if followlinks or not path.islink(below):
                stack.append(below)

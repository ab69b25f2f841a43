"""The part of pytest's API that tests written for it use most: raises, approx,
marks (parametrize, skip, skipif, xfail, usefixtures, any other name as a
label), skip/fail/xfail/importorskip, param, function fixtures and the
MonkeyPatch of the monkeypatch fixture.
`tirun test` (stdlib/py/_tirun_test.py) collects and runs the tests."""

import math
import os
import sys

__all__ = ["ExceptionInfo", "Failed", "MonkeyPatch", "approx", "warns", "deprecated_call", "fail", "fixture", "importorskip", "mark", "param",
           "raises", "skip", "xfail"]

__version__ = "0.0.0-tirun"


# --- outcomes: raised to end a test early, caught by the runner -----------------------

class OutcomeException(BaseException):
    """Ends a test with an outcome other than an error; BaseException so that
    a test's `except Exception` does not swallow it."""

    def __init__(self, msg=None):
        BaseException.__init__(self, msg)
        self.msg = msg

    def __str__(self):
        return self.msg if self.msg is not None else ""


# shown as plain "Failed: ..." in tracebacks, as pytest shows them
class Skipped(OutcomeException):
    __module__ = "builtins"


class Failed(OutcomeException):
    __module__ = "builtins"


class XFailed(Failed):
    __module__ = "builtins"


def skip(reason="", *, allow_module_level=False):
    """Skips the running test (or, at import time, the whole file)."""
    raise Skipped(reason)


def fail(reason="", pytrace=True):
    """Fails the running test with `reason`; pytrace=False prints no traceback."""
    exc = Failed(reason)
    exc.pytrace = pytrace
    raise exc


def xfail(reason=""):
    """Ends the running test as an expected failure."""
    raise XFailed(reason)


skip.Exception = Skipped
fail.Exception = Failed
xfail.Exception = XFailed


def importorskip(modname, minversion=None, reason=None):
    """The module `modname`, or a skip of the test when it cannot be imported."""
    try:
        module = __import__(modname)
    except ImportError as exc:
        skip(reason if reason is not None else "could not import %r: %s" % (modname, exc))
    for part in modname.split(".")[1:]:
        module = getattr(module, part)
    if minversion is not None:
        have = getattr(module, "__version__", None)
        if have is None or _version_key(have) < _version_key(minversion):
            skip("module %r has __version__ %r, required is: %r" % (modname, have, minversion))
    return module


def _version_key(text):
    key = []
    for part in str(text).split("."):
        digits = ""
        for ch in part:
            if not ch.isdigit():
                break
            digits += ch
        key.append(int(digits) if digits else 0)
    return key


# --- raises ------------------------------------------------------------------------------

class ExceptionInfo:
    """The exception caught by raises(): .type, .value, .tb, .typename; filled
    in when the with block ends."""

    def __init__(self):
        self.type = self.value = self.tb = None

    def _fill(self, value):
        self.type = type(value)
        self.value = value
        self.tb = value.__traceback__

    @property
    def typename(self):
        return self.type.__name__

    def errisinstance(self, exc):
        return isinstance(self.value, exc)

    def match(self, regexp):
        """True when `regexp` is found in str(self.value); else an AssertionError."""
        failure = _mismatch(regexp, self.value)
        if failure is not None:
            raise failure
        return True

    def __repr__(self):
        if self.value is None:
            return "<ExceptionInfo for raises contextmanager>"
        tblen, tb = 0, self.tb
        while tb is not None:
            tblen += 1
            tb = tb.tb_next
        return "<ExceptionInfo %r tblen=%d>" % (self.value, tblen)

    __str__ = __repr__


def _mismatch(regexp, exc):
    """None when `regexp` is found in str(exc), else the AssertionError to raise
    (its __context__ suppressed: the message quotes the exception already)."""
    import re

    text = str(exc)
    if re.search(regexp, text) is not None:
        return None
    failure = AssertionError("Regex pattern did not match.\n Regex: %r\n Input: %r" % (regexp, text))
    failure.__suppress_context__ = True
    return failure


class RaisesContext:
    def __init__(self, expected, match):
        self.expected = expected
        self.match_expr = match
        self.excinfo = ExceptionInfo()

    def __enter__(self):
        return self.excinfo

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            raise Failed("DID NOT RAISE %s" % (self.expected,))
        if not issubclass(exc_type, self.expected):
            return False
        self.excinfo._fill(exc_value)
        failure = None if self.match_expr is None else _mismatch(self.match_expr, exc_value)
        if failure is not None:
            raise failure
        return True


def _check_expected(expected):
    kinds = expected if isinstance(expected, tuple) else (expected,)
    for kind in kinds:
        if not (isinstance(kind, type) and issubclass(kind, BaseException)):
            raise TypeError("expected exception must be a BaseException type, not %s" % type(kind).__name__)


def raises(expected_exception, *args, match=None, **kwargs):
    """`with raises(E, match=regex) as info:` checks that the block raises E
    (a class or a tuple of them) with a message in which regex is found;
    raises(E, func, *args, **kwargs) checks a call and gives its ExceptionInfo."""
    _check_expected(expected_exception)
    if not args:
        if kwargs:
            raise TypeError("unexpected keyword arguments passed to pytest.raises: %s"
                            % ", ".join(sorted(kwargs)))
        return RaisesContext(expected_exception, match)
    func = args[0]
    if not callable(func):
        raise TypeError("%r object (type: %s) must be callable" % (func, type(func)))
    context = RaisesContext(expected_exception, match)
    with context:
        func(*args[1:], **kwargs)
    return context.excinfo


class WarningsRecorder:
    """`with warns(W) as record:`: the warnings the block issued, as
    warnings.WarningMessage objects (len, [i], iteration, pop(category), list)."""

    def __init__(self):
        self._list = []

    @property
    def list(self):
        return self._list

    def __getitem__(self, i):
        return self._list[i]

    def __iter__(self):
        return iter(self._list)

    def __len__(self):
        return len(self._list)

    def pop(self, cls=Warning):
        for i, w in enumerate(self._list):
            if issubclass(w.category, cls):
                return self._list.pop(i)
        raise AssertionError("%r not found in warning list" % (cls,))

    def clear(self):
        self._list[:] = []


class WarningsChecker(WarningsRecorder):
    def __init__(self, expected, match):
        WarningsRecorder.__init__(self)
        self.expected = expected if isinstance(expected, tuple) else (expected,)
        self.match_expr = match

    def __enter__(self):
        import warnings

        self._catcher = warnings.catch_warnings(record=True)
        self._list = self._catcher.__enter__()
        warnings.simplefilter("always")
        return self

    def _matches(self, w):
        import re

        return issubclass(w.category, self.expected) and (
            self.match_expr is None or re.search(self.match_expr, str(w.message)) is not None)

    def __exit__(self, exc_type, exc_value, tb):
        import warnings

        self._catcher.__exit__(exc_type, exc_value, tb)
        if exc_type is not None:
            return False
        found = any(self._matches(w) for w in self._list)
        # as pytest 8+: the warnings the check did not take are issued again
        for w in self._list:
            if not self._matches(w):
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno, source=w.source)
        if found:
            return False
        emitted = "[" + ", ".join(repr(w.message) for w in self._list) + "]"
        typed = [w for w in self._list if issubclass(w.category, self.expected)]
        if not typed:
            raise Failed("DID NOT WARN. No warnings of type %r were emitted.\n Emitted warnings: %s."
                         % (self.expected, emitted))
        raise Failed("Regex pattern did not match any of the %d warnings emitted.\n Regex: %r\n"
                     " Emitted warnings: %s." % (len(typed), self.match_expr, emitted))


def warns(expected_warning=Warning, *args, match=None, **kwargs):
    """`with warns(W, match=regex) as record:` checks that the block issues a
    warning of category W whose message regex is found in; warns(W, func,
    *args, **kwargs) checks a call and gives its result."""
    if not args:
        return WarningsChecker(expected_warning, match)
    with WarningsChecker(expected_warning, match):
        return args[0](*args[1:], **kwargs)


def deprecated_call(func=None, *args, **kwargs):
    """warns((DeprecationWarning, PendingDeprecationWarning, FutureWarning))."""
    expected = (DeprecationWarning, PendingDeprecationWarning, FutureWarning)
    if func is None:
        return warns(expected)
    return warns(expected, func, *args, **kwargs)


# --- approx --------------------------------------------------------------------------------

_DEFAULT_REL = 1e-6
_DEFAULT_ABS = 1e-12


def _is_number(x):
    return isinstance(x, (int, float, complex))


def _numpy():
    return sys.modules.get("numpy")


def _plain(x):
    """A numpy scalar as its Python number; anything else as it is."""
    np = _numpy()
    return x.item() if np is not None and isinstance(x, np.generic) else x


class ApproxBase:
    """Compares equal to values within a tolerance of `expected`; only == and != ."""

    __hash__ = None

    def __init__(self, expected, rel=None, abs=None, nan_ok=False):
        self.expected = expected
        self.rel = rel
        self.abs = abs
        self.nan_ok = nan_ok

    def _scalar(self, value):
        return ApproxScalar(value, self.rel, self.abs, self.nan_ok)

    def __ne__(self, actual):
        return not self == actual

    def __repr__(self):
        return "approx(%s)" % self._body()


class ApproxScalar(ApproxBase):
    def tolerance(self):
        abs_tol = _DEFAULT_ABS if self.abs is None else self.abs
        if abs_tol < 0 or abs_tol != abs_tol:
            raise ValueError("absolute tolerance can't be negative or NaN: %r" % (abs_tol,))
        if self.rel is None and self.abs is not None:
            return abs_tol
        rel_tol = _DEFAULT_REL if self.rel is None else self.rel
        if rel_tol < 0 or rel_tol != rel_tol:
            raise ValueError("relative tolerance can't be negative or NaN: %r" % (rel_tol,))
        return max(rel_tol * abs(self.expected), abs_tol)

    def __eq__(self, actual):
        expected = self.expected
        actual = _plain(actual)
        if actual == expected:
            return True
        if not (_is_number(expected) and _is_number(actual)):
            return False
        if isinstance(expected, float) and math.isnan(expected):
            return self.nan_ok and isinstance(actual, float) and math.isnan(actual)
        if abs(expected) == math.inf or abs(actual) == math.inf:
            return False
        return abs(expected - actual) <= self.tolerance()

    def _body(self):
        expected = self.expected
        if not _is_number(expected) or isinstance(expected, bool):
            return repr(expected)
        if isinstance(expected, float) and (math.isinf(expected) or math.isnan(expected)):
            return str(expected)
        tol = self.tolerance()
        return "%s ± %s" % (expected, "???" if tol == math.inf else "{:.1e}".format(tol))


class ApproxSequence(ApproxBase):
    def __eq__(self, actual):
        if isinstance(actual, (str, bytes, dict)) or not hasattr(actual, "__len__"):
            return False
        try:
            items = list(actual)
        except TypeError:
            return False
        if len(items) != len(self.expected):
            return False
        for got, want in zip(items, self.expected):
            if self._scalar(want) != got:
                return False
        return True

    def _body(self):
        parts = [self._scalar(x)._body() for x in self.expected]
        if isinstance(self.expected, tuple):
            return "(%s%s)" % (", ".join(parts), "," if len(parts) == 1 else "")
        return "[%s]" % ", ".join(parts)


class ApproxNumpy(ApproxBase):
    """approx(array): equal to an array of its shape (or to a number, against
    each element) whose elements are each within the tolerance of its own."""
    __array_ufunc__ = None      # numpy's comparisons defer to this __eq__
    __array_priority__ = 100

    def __eq__(self, actual):
        np = _numpy()
        want = self.expected.reshape(-1).tolist()
        actual = _plain(actual)
        if _is_number(actual):
            got = [actual] * len(want)
        else:
            try:
                actual = np.asarray(actual)
            except Exception:
                return False
            if tuple(actual.shape) != tuple(self.expected.shape):
                return False
            got = actual.reshape(-1).tolist()
        return all(self._scalar(w) == g for w, g in zip(want, got))

    def _body(self):
        def body(x):
            return "[%s]" % ", ".join(body(e) for e in x) if isinstance(x, list) else self._scalar(x)._body()
        return body(self.expected.tolist())


class ApproxMapping(ApproxBase):
    def __eq__(self, actual):
        if not isinstance(actual, dict) or set(actual) != set(self.expected):
            return False
        for key, want in self.expected.items():
            if self._scalar(want) != actual[key]:
                return False
        return True

    def _body(self):
        return "{%s}" % ", ".join("%r: %s" % (k, self._scalar(v)._body()) for k, v in self.expected.items())


def approx(expected, rel=None, abs=None, nan_ok=False):
    """An object equal to numbers within max(rel * |expected|, abs) of expected
    (rel 1e-6 and abs 1e-12 by default; abs alone drops rel), or to sequences
    and dicts of such numbers item by item."""
    expected = _plain(expected)
    np = _numpy()
    if np is not None and isinstance(expected, np.ndarray):
        return ApproxNumpy(expected, rel, abs, nan_ok)
    if isinstance(expected, dict):
        values = list(expected.values())
        cls = ApproxMapping
    elif isinstance(expected, (list, tuple)):
        values = list(expected)
        cls = ApproxSequence
    else:
        values = None
        cls = ApproxScalar
    for value in values or ():
        if isinstance(value, (dict, list, tuple, set)):
            raise TypeError("pytest.approx() does not support nested data structures: %r" % (expected,))
    return cls(expected, rel, abs, nan_ok)


# --- marks -----------------------------------------------------------------------------------

class Mark:
    def __init__(self, name, args, kwargs):
        self.name = name
        self.args = args
        self.kwargs = kwargs

    def __repr__(self):
        return "Mark(name=%r, args=%r, kwargs=%r)" % (self.name, self.args, self.kwargs)


class MarkDecorator:
    """mark.NAME: applied to a function or class it appends Mark(NAME) to
    its `pytestmark` list; called with other arguments it gives a decorator
    carrying them."""

    def __init__(self, mark):
        self.mark = mark

    @property
    def name(self):
        return self.mark.name

    @property
    def args(self):
        return self.mark.args

    @property
    def kwargs(self):
        return self.mark.kwargs

    def __call__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and (isinstance(args[0], type) or callable(args[0])):
            target = args[0]
            marks = list(getattr(target, "pytestmark", None) or [])
            if isinstance(target, type) and "pytestmark" not in target.__dict__:
                marks = []   # a subclass starts from its own list
            marks.append(self.mark)
            target.pytestmark = marks
            return target
        mark = self.mark
        return MarkDecorator(Mark(mark.name, mark.args + args, dict(mark.kwargs, **kwargs)))

    def __repr__(self):
        return "<MarkDecorator %r>" % (self.mark,)


class MarkGenerator:
    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return MarkDecorator(Mark(name, (), {}))


mark = MarkGenerator()


class ParameterSet:
    def __init__(self, values, marks, id):
        self.values = values
        self.marks = marks
        self.id = id

    def __repr__(self):
        return "ParameterSet(values=%r, marks=%r, id=%r)" % (self.values, self.marks, self.id)


def param(*values, marks=(), id=None):
    """One parameter set of a parametrize mark, with its own marks and id."""
    if isinstance(marks, MarkDecorator):
        marks = (marks,)
    if id is not None and not isinstance(id, str):
        raise TypeError("Expected id to be a string, got %s: %r" % (type(id), id))
    return ParameterSet(values, tuple(marks), id)


# --- fixtures ------------------------------------------------------------------------------

class FixtureDef:
    def __init__(self, func, scope, autouse, name):
        self.func = func
        self.scope = scope
        self.autouse = autouse
        self.name = name


def fixture(fixture_function=None, *, scope="function", params=None, autouse=False, ids=None, name=None):
    """Marks a function as a fixture: a test naming it as a parameter gets its
    return value (or what it yields, the rest running after the test).
    Function, module and session scopes; no params."""
    if params is not None:
        raise NotImplementedError("tirun's pytest: fixture(params=...) is not supported")
    if scope not in ("function", "class", "module", "package", "session"):
        raise ValueError("fixture scope %r is not one of function, class, module, package, session" % (scope,))

    def register(func):
        func._pytestfixture = FixtureDef(func, scope, autouse, name or func.__name__)
        return func

    return register(fixture_function) if fixture_function is not None else register


# --- monkeypatch ---------------------------------------------------------------------------

_notset = object()


def _resolve(dotted):
    """("a.b.c", "d") for setattr("a.b.c.d", value): the object the dotted
    name's last part is an attribute of (its modules imported), and that part."""
    parts = dotted.split(".")
    if len(parts) < 2:
        raise TypeError("must be absolute import path string, not %r" % (dotted,))
    target = __import__(parts[0])
    used = parts[0]
    for part in parts[1:-1]:
        used += "." + part
        if hasattr(target, part):
            target = getattr(target, part)
        else:
            __import__(used)
            target = getattr(target, part)
    return target, parts[-1]


class MonkeyPatch:
    """What the monkeypatch fixture gives: attributes, items, environment
    variables, sys.path and the current folder changed for one test, each
    put back by undo() (the fixture calls it at teardown), last first."""

    def __init__(self):
        self._setattr = []
        self._setitem = []
        self._cwd = None
        self._savesyspath = None

    @classmethod
    def context(cls):
        import contextlib

        @contextlib.contextmanager
        def patching():
            patch = cls()
            try:
                yield patch
            finally:
                patch.undo()
        return patching()

    def setattr(self, target, name, value=_notset, raising=True):
        if value is _notset:
            if not isinstance(target, str):
                raise TypeError("use setattr(target, name, value) or setattr(target, value) with target "
                                "being a dotted import string")
            value = name
            target, name = _resolve(target)
        old = getattr(target, name, _notset)
        if raising and old is _notset:
            raise AttributeError("%r has no attribute %r" % (target, name))
        if isinstance(target, type):   # the class's own attribute, not an inherited one
            old = target.__dict__.get(name, _notset)
        self._setattr.append((target, name, old))
        setattr(target, name, value)

    def delattr(self, target, name=_notset, raising=True):
        if name is _notset:
            if not isinstance(target, str):
                raise TypeError("use delattr(target, name) or delattr(target) with target being a dotted "
                                "import string")
            target, name = _resolve(target)
        if not hasattr(target, name):
            if raising:
                raise AttributeError(name)
            return
        old = getattr(target, name, _notset)
        if isinstance(target, type):
            old = target.__dict__.get(name, _notset)
        self._setattr.append((target, name, old))
        delattr(target, name)

    def setitem(self, dic, name, value):
        self._setitem.append((dic, name, dic.get(name, _notset)))
        dic[name] = value

    def delitem(self, dic, name, raising=True):
        if name not in dic:
            if raising:
                raise KeyError(name)
            return
        self._setitem.append((dic, name, dic.get(name, _notset)))
        del dic[name]

    def setenv(self, name, value, prepend=None):
        value = str(value)
        if prepend and name in os.environ:
            value = value + prepend + os.environ[name]
        self.setitem(os.environ, name, value)

    def delenv(self, name, raising=True):
        self.delitem(os.environ, name, raising=raising)

    def syspath_prepend(self, path):
        if self._savesyspath is None:
            self._savesyspath = sys.path[:]
        sys.path.insert(0, str(path))

    def chdir(self, path):
        if self._cwd is None:
            self._cwd = os.getcwd()
        os.chdir(os.fspath(path) if hasattr(path, "__fspath__") else path)

    def undo(self):
        for target, name, value in reversed(self._setattr):
            if value is not _notset:
                setattr(target, name, value)
            else:
                delattr(target, name)
        self._setattr[:] = []
        for dic, name, value in reversed(self._setitem):
            if value is _notset:
                try:
                    del dic[name]
                except KeyError:
                    pass
            else:
                dic[name] = value
        self._setitem[:] = []
        if self._savesyspath is not None:
            sys.path[:] = self._savesyspath
            self._savesyspath = None
        if self._cwd is not None:
            os.chdir(self._cwd)
            self._cwd = None


if __name__ == "__main__":   # `tirun -m pytest ARGS`, as `python3 -m pytest ARGS`: tirun test
    import _tirun_test
    _tirun_test.main()

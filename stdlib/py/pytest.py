"""The part of pytest's API that tests written for it use most: raises, approx,
marks (parametrize, skip, skipif, xfail, usefixtures, any other name as a
label), skip/fail/xfail/importorskip, param and function fixtures.
`tirun test` (stdlib/py/_tirun_test.py) collects and runs the tests."""

import math
import sys

__all__ = ["ExceptionInfo", "Failed", "approx", "fail", "fixture", "importorskip", "mark", "param",
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
    text = str(exc)
    if _search(regexp, text):
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


# --- a small regular-expression search, for match= while there is no `re` -----------------
# Literals, ., [classes], \d \w \s \D \W \S \b \B, ^ $, (groups), (?:...), |,
# and * + ? {m,n} (greedy or lazy).

_CLASS_ESCAPES = "dwsDWS"
_CHAR_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v", "0": "\0"}


def _in_class(code, ch):
    if code in "dD":
        hit = ch.isdigit()
    elif code in "wW":
        hit = ch.isalnum() or ch == "_"
    else:
        hit = ch.isspace()
    return hit if code.islower() else not hit


class _Parser:
    def __init__(self, pattern):
        self.p = pattern
        self.i = 0

    def error(self, msg):
        raise ValueError("%s at position %d in %r" % (msg, self.i, self.p))

    def peek(self):
        return self.p[self.i] if self.i < len(self.p) else None

    # alternation -> sequence ('|' sequence)*
    def alternation(self):
        branches = [self.sequence()]
        while self.peek() == "|":
            self.i += 1
            branches.append(self.sequence())
        return branches[0] if len(branches) == 1 else [("alt", branches)]

    # sequence -> (atom quantifier?)*
    def sequence(self):
        items = []
        while self.peek() is not None and self.peek() not in "|)":
            atom = self.atom()
            items.append(self.quantifier(atom))
        return items

    def quantifier(self, atom):
        ch = self.peek()
        if ch is None or ch not in "*+?{":
            return atom
        if ch == "{":
            end = self.p.find("}", self.i)
            body = self.p[self.i + 1:end] if end > 0 else ""
            lo, _, hi = body.partition(",")
            if not (lo.isdigit() and (hi.isdigit() or hi == "" )):
                return atom
            self.i = end + 1
            least = int(lo)
            most = least if "," not in body else (int(hi) if hi else None)
        else:
            self.i += 1
            least, most = {"*": (0, None), "+": (1, None), "?": (0, 1)}[ch]
        greedy = True
        if self.peek() == "?":
            self.i += 1
            greedy = False
        if atom[0] in ("bol", "eol", "wordb"):
            self.error("nothing to repeat")
        return ("rep", atom, least, most, greedy)

    def atom(self):
        ch = self.p[self.i]
        self.i += 1
        if ch == ".":
            return ("any",)
        if ch == "^":
            return ("bol",)
        if ch == "$":
            return ("eol",)
        if ch == "(":
            if self.p.startswith("?:", self.i):
                self.i += 2
            elif self.peek() == "?":
                self.error("unsupported group")
            inner = self.alternation()
            if self.peek() != ")":
                self.error("missing ), unterminated subpattern")
            self.i += 1
            return ("seq", inner)
        if ch == "[":
            return self.char_class()
        if ch in "*+?":
            self.error("nothing to repeat")
        if ch == "\\":
            return self.escape(in_class=False)
        return ("lit", ch)

    def escape(self, in_class):
        if self.i >= len(self.p):
            self.error("bad escape (end of pattern)")
        ch = self.p[self.i]
        self.i += 1
        if ch in _CLASS_ESCAPES:
            return ("cls", ch)
        if ch in "bB" and not in_class:
            return ("wordb", ch == "b")
        if ch == "A" and not in_class:
            return ("bol",)
        if ch == "Z" and not in_class:
            return ("eol",)
        if ch in _CHAR_ESCAPES:
            return ("lit", _CHAR_ESCAPES[ch])
        if ch.isalnum():
            self.error("bad escape \\" + ch)
        return ("lit", ch)

    # class -> '[' '^'? (char ('-' char)? | escape)+ ']'
    def char_class(self):
        negate = self.peek() == "^"
        if negate:
            self.i += 1
        items = []
        first = True
        while True:
            ch = self.peek()
            if ch is None:
                self.error("unterminated character set")
            if ch == "]" and not first:
                self.i += 1
                break
            first = False
            self.i += 1
            item = self.escape(in_class=True) if ch == "\\" else ("lit", ch)
            if item[0] == "lit" and self.peek() == "-" and self.i + 1 < len(self.p) and self.p[self.i + 1] != "]":
                self.i += 1
                hi = self.p[self.i]
                self.i += 1
                if hi == "\\":
                    hi = self.escape(in_class=True)[1]
                items.append(("range", item[1], hi))
            else:
                items.append(item)
        return ("set", negate, items)


def _single(node, text, pos):
    # Whether a one-character node matches text[pos].
    if pos >= len(text):
        return False
    ch = text[pos]
    kind = node[0]
    if kind == "lit":
        return ch == node[1]
    if kind == "any":
        return ch != "\n"
    if kind == "cls":
        return _in_class(node[1], ch)
    hit = False
    for item in node[2]:
        if item[0] == "range":
            hit = item[1] <= ch <= item[2]
        elif item[0] == "cls":
            hit = _in_class(item[1], ch)
        else:
            hit = ch == item[1]
        if hit:
            break
    return hit != node[1]


def _is_word(text, pos):
    return 0 <= pos < len(text) and (text[pos].isalnum() or text[pos] == "_")


def _match(nodes, k, text, pos, then):
    # Matches nodes[k:] at pos, then calls then(end); backtracks on False.
    if k == len(nodes):
        return then(pos)
    node = nodes[k]
    kind = node[0]
    if kind in ("lit", "any", "cls", "set"):
        return _single(node, text, pos) and _match(nodes, k + 1, text, pos + 1, then)
    if kind == "bol":
        return pos == 0 and _match(nodes, k + 1, text, pos, then)
    if kind == "eol":
        at_end = pos == len(text) or (pos == len(text) - 1 and text[pos] == "\n")
        return at_end and _match(nodes, k + 1, text, pos, then)
    if kind == "wordb":
        edge = _is_word(text, pos - 1) != _is_word(text, pos)
        return edge == node[1] and _match(nodes, k + 1, text, pos, then)
    rest = lambda end: _match(nodes, k + 1, text, end, then)
    if kind == "seq":
        return _match(node[1], 0, text, pos, rest)
    if kind == "alt":
        for branch in node[1]:
            if _match(branch, 0, text, pos, rest):
                return True
        return False
    return _repeat(node, text, pos, rest)


def _repeat(node, text, pos, rest):
    _, atom, least, most, greedy = node
    if atom[0] in ("lit", "any", "cls", "set"):
        # one character each: count the run, then try the lengths in order
        run = 0
        while (most is None or run < most) and _single(atom, text, pos + run):
            run += 1
        counts = range(run, least - 1, -1) if greedy else range(least, run + 1)
        for n in counts:
            if rest(pos + n):
                return True
        return False

    def again(count, at):
        def after(end):
            if end == at and count >= least:
                return False   # an empty iteration would loop forever
            return again(count + 1, end)
        can_more = most is None or count < most
        if greedy:
            return (can_more and _match([atom], 0, text, at, after)) or (count >= least and rest(at))
        return (count >= least and rest(at)) or (can_more and _match([atom], 0, text, at, after))

    return again(0, pos)


def _search(pattern, text):
    # re.search(pattern, text) is not None, through `re` when there is one.
    try:
        import re
    except ImportError:
        re = None
    if re is not None:
        return re.search(pattern, text) is not None
    parser = _Parser(pattern)
    nodes = parser.alternation()
    if parser.i != len(pattern):
        parser.error("unbalanced parenthesis")
    for start in range(len(text) + 1):
        if _match(nodes, 0, text, start, lambda end: True):
            return True
    return False


# --- approx --------------------------------------------------------------------------------

_DEFAULT_REL = 1e-6
_DEFAULT_ABS = 1e-12


def _is_number(x):
    return isinstance(x, (int, float, complex))


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

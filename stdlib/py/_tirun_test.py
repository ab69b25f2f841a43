"""`tirun test [PATHS...]` (main.c calls main()): collects test_*.py and *_test.py
files (and .ti alike), runs their test_* functions and the test_* methods of
their Test* classes with the pytest subset of stdlib/py/pytest.py, and reports
as pytest does. Their asserts are rewritten to show the values compared (the
VM compiles them so while _tirun_testhook.rewrite_asserts is on)."""

import os
import sys
import types

import pytest
from _tirun_testhook import print_exception, rewrite_asserts

USAGE = """\
usage: tirun test [-x] [-q] [-s] [-v] [-k EXPR] [--results FILE] [PATH[::NAME]] ...
Runs the tests found under each PATH (default: the current folder): files
named test_*.py or *_test.py (or .ti), their test_* functions and the test_*
methods of their Test* classes. A file named on the command line is run
whatever its name. `tirun -m pytest ARGS` is the same.

  -x        stop after the first failure or error
  -q        quiet: the outcome characters without the file names
  -s        let the tests print (their output is captured otherwise and
            shown with a failure)
  -v        a line a test: its id and outcome
  -k EXPR   run only the tests that EXPR matches, as pytest's -k: words
            matched (as substrings, any case) against the test's name, its
            class, file and folder names and its marks, joined by and, or,
            not and parentheses
  --results FILE
            append a line a test to FILE as it ends: its outcome (passed,
            failed, error, skipped, xfailed, xpassed), a tab, its id, a tab,
            the first line of what failed (for tools that read the results)
  PATH::NAME  only the test NAME (a function, Class or Class::method) of PATH

Accepted without effect (pytest's report, plugins and caches): --tb STYLE,
-p NAME, -r CHARS, --color WHEN, -o INI, --disable-warnings, --no-header,
--no-summary, -l / --showlocals.

Fixtures built in: request, tmp_path, tmp_path_factory, tmpdir, monkeypatch,
capsys, capfd. A failed
assert shows the values it compared ("assert 3 == 4"), as pytest's does.

Prints a character a test (. passed, F failed, E error, s skipped, x expected
failure, X unexpected pass), then each failure's traceback, then pytest's
summary line ("1 failed, 2 passed, 1 skipped, 1 xfailed, 1 xpassed, 2 errors",
without the time). Unlike pytest, an error collecting a file does not stop the
others. Exits 0, 1 on a failure or error, 2 on a usage error, 5 when no test
was collected."""

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_NO_TESTS = 0, 1, 2, 5

# pytest's options about its report, plugins and caches: accepted (so that a
# `python3 -m pytest` command line works) and without effect here
IGNORED_FLAGS = ("--disable-warnings", "--no-header", "--no-summary", "-l", "--showlocals")
IGNORED_WITH_VALUE = ("--tb", "-p", "-r", "--color", "-o")

# the files a program's modules are in: Python's and tirun's
SOURCE_SUFFIXES = (".py", ".ti")

# folders never searched for tests
SKIP_DIRS = {"__pycache__", "build", "dist", "node_modules", "venv", "CVS", "_darcs"}

# what each outcome prints (its character, its -v word)
OUTCOMES = {
    "passed": (".", "PASSED"), "failed": ("F", "FAILED"), "error": ("E", "ERROR"),
    "skipped": ("s", "SKIPPED"), "xfailed": ("x", "XFAIL"), "xpassed": ("X", "XPASS"),
}
# the summary line's order, pytest's
SUMMARY_ORDER = ("failed", "passed", "skipped", "deselected", "xfailed", "xpassed", "error")


class UsageError(Exception):
    pass


class Stop(Exception):
    """Raised to end the session early (-x)."""


class Capture:
    """Stands in for sys.stdout / sys.stderr while a test runs."""

    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False

    def getvalue(self):
        return "".join(self.parts)


def call(func, /, *args, **kwargs):
    """func(*args, **kwargs) as (result, None), or (None, exc) with the
    traceback entry of this frame cut off, so that it starts at func."""
    try:
        return func(*args, **kwargs), None
    except KeyboardInterrupt:
        raise
    except BaseException as exc:
        tb = exc.__traceback__
        if tb is not None:
            exc.__traceback__ = tb.tb_next
        return None, exc


def summary(problem):
    """What failed in one line, for a --results line: the first line of the
    message and, when it has more, its last (a Taichi compile error names the
    place first and the cause last)."""
    text = describe(problem) if isinstance(problem, BaseException) else str(problem).split("\n")[0]
    lines = [line.strip() for line in str(problem).split("\n") if line.strip()]
    if len(lines) > 1:
        text += " ... " + lines[-1]
    return text


def describe(exc):
    """'Type: message' (first line) for the short summary."""
    text = str(exc).split("\n")[0]
    name = type(exc).__name__
    return "%s: %s" % (name, text) if text else name


def parameter_names(func):
    """The parameters func must be given (no default, not self), following
    __wrapped__ as functools.wraps leaves it, and those with defaults."""
    bound = isinstance(func, types.MethodType)
    target = func.__func__ if bound else func
    while hasattr(target, "__wrapped__"):
        target = target.__wrapped__
    code = getattr(target, "__code__", None)
    if code is None:
        return [], []
    positional = list(code.co_varnames[:code.co_argcount])
    keyword_only = list(code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount])
    if bound and positional:
        positional = positional[1:]
    defaults = getattr(target, "__defaults__", None) or ()
    kwdefaults = getattr(target, "__kwdefaults__", None) or {}
    split = len(positional) - len(defaults)
    required = positional[:split] + [n for n in keyword_only if n not in kwdefaults]
    optional = positional[split:] + [n for n in keyword_only if n in kwdefaults]
    return required, optional


# --- parametrize ids ---------------------------------------------------------------------

def ascii_escaped(text):
    out = []
    for ch in text:
        code = ord(ch)
        if 32 <= code < 127:
            out.append(ch)
        elif code < 0x100:
            out.append("\\x%02x" % code)
        elif code < 0x10000:
            out.append("\\u%04x" % code)
        else:
            out.append("\\U%08x" % code)
    return "".join(out)


def id_of(value, argname, index):
    if isinstance(value, str):
        return ascii_escaped(value)
    if isinstance(value, bytes):
        return ascii_escaped(value.decode("latin-1"))
    if value is None or isinstance(value, (bool, int, float, complex)):
        return str(value)
    if isinstance(getattr(value, "__name__", None), str):   # a class, function, module, ... (as pytest 7+)
        return value.__name__
    return "%s%d" % (argname, index)


def as_mark(obj):
    return obj.mark if isinstance(obj, pytest.MarkDecorator) else obj


def marks_of(obj):
    marks = getattr(obj, "pytestmark", None) or []
    if not isinstance(marks, list):
        marks = [marks]
    return [as_mark(m) for m in marks]


class CallSpec:
    """One combination of parametrize values: its id parts, the arguments
    and the marks of the pytest.param()s it came from."""

    def __init__(self, ids, params, marks):
        self.ids = ids
        self.params = params
        self.marks = marks


def parametrize(specs, mark, func_name):
    args = list(mark.args)
    kwargs = dict(mark.kwargs)
    argnames = args.pop(0) if args else kwargs.pop("argnames")
    argvalues = args.pop(0) if args else kwargs.pop("argvalues")
    ids = args.pop(0) if args else kwargs.get("ids")
    # a single name in a string takes bare values; a list of names takes tuples
    if isinstance(argnames, str):
        names = [n.strip() for n in argnames.split(",") if n.strip()]
        bare = len(names) == 1
    else:
        names = list(argnames)
        bare = False
    sets = []
    argvalues = list(argvalues)
    if ids is not None and not callable(ids):
        ids = list(ids)
        if len(ids) != len(argvalues):
            raise ValueError("In %s: %d parameter sets specified, with different number of ids: %d"
                             % (func_name, len(argvalues), len(ids)))
    for index, entry in enumerate(argvalues):
        if isinstance(entry, pytest.ParameterSet):
            values, marks, given = entry.values, [as_mark(m) for m in entry.marks], entry.id
        else:
            values = (entry,) if bare else tuple(entry)
            marks, given = [], None
        if len(values) != len(names):
            raise ValueError("In %s: wrong number of values: expected %d (%s), got %d: %r"
                             % (func_name, len(names), ", ".join(names), len(values), values))
        if given is None and isinstance(ids, list) and ids[index] is not None:
            given = id_of(ids[index], "", index)
        if given is None:
            parts = []
            for name, value in zip(names, values):
                made = ids(value) if callable(ids) else None
                parts.append(id_of(value, name, index) if made is None else str(made))
            given = "-".join(parts)
        sets.append((given, dict(zip(names, values)), marks))
    if not sets:
        empty = pytest.Mark("skip", (), {"reason": "got empty parameter set %r" % (names,)})
        return [CallSpec(spec.ids, spec.params, spec.marks + [empty]) for spec in specs], names
    return [CallSpec(spec.ids + [given], dict(spec.params, **params), spec.marks + marks)
            for spec in specs for given, params, marks in sets], names


def unique(ids):
    """Ids made unique as pytest makes them: a repeated one gets its index."""
    seen = {}
    for i in ids:
        seen[i] = seen.get(i, 0) + 1
    counts = {}
    out = []
    for i in ids:
        if seen[i] > 1:
            n = counts.get(i, 0)
            counts[i] = n + 1
            out.append("%s%d" % (i, n))
        else:
            out.append(i)
    return out


# --- collection --------------------------------------------------------------------------

class Item:
    """One test to run: a function or method with one set of parameters."""

    def __init__(self, unit, name, func, cls, params, marks, local_id):
        self.unit = unit
        self.name = name          # the function's name
        self.func = func
        self.cls = cls
        self.params = params
        self.marks = marks
        self.local_id = local_id  # "TestX::test_y[1-2]"
        self.title = local_id.replace("::", ".")
        self.nodeid = unit.path + "::" + local_id


class Unit:
    """A test file and what its tests share: module, conftests, module-scope state."""

    def __init__(self, path):
        self.path = path
        self.module = None
        self.conftests = []
        self.cache = {}
        self.finalizers = []


def find_files(folder):
    """The files named test_*.py or *_test.py (or .ti) under a folder, in name order."""
    found = []
    for entry in sorted(os.listdir(folder)):
        full = os.path.join(folder, entry)
        if os.path.isdir(full):
            if not entry.startswith(".") and entry not in SKIP_DIRS:
                found.extend(find_files(full))
        elif entry.endswith(SOURCE_SUFFIXES) and (entry.startswith("test_") or entry[:-3].endswith("_test")):
            found.append(full)
    return found


def module_name_and_base(path):
    """pytest's "prepend" import: the module's dotted name from the chain of
    package folders (holding __init__.py) above it, and the folder above the
    top one, which goes first on sys.path."""
    folder, leaf = os.path.split(path)
    parts = [leaf[:-3]]
    while folder and os.path.isfile(os.path.join(folder, "__init__.py")):
        if os.path.basename(folder) in ("", ".", ".."):
            folder = os.path.abspath(folder)
        folder, name = os.path.split(folder)
        parts.insert(0, name)
    if not folder and os.path.isfile("__init__.py"):
        return module_name_and_base(os.path.abspath(path))
    return ".".join(parts), folder


def same_file(module, path):
    where = getattr(module, "__file__", None)
    return where is not None and os.path.abspath(where) == os.path.abspath(path)


class Session:
    def __init__(self, exitfirst, capture, keyword, verbose, quiet, results):
        self.exitfirst = exitfirst
        self.results = results   # the --results file, open, or None
        self.verbose = verbose
        self.quiet = quiet
        self.capture = capture
        self.keyword = keyword   # a compiled -k expression, or None
        self.counts = dict.fromkeys(SUMMARY_ORDER, 0)
        self.reports = []     # (kind, header, nodeid, exception or message, (stdout, stderr))
        self.collected = 0
        self.prefix = None    # the file name, printed before its first outcome
        self.shown = False    # whether an outcome character was printed
        self.session_cache = {}
        self.session_finalizers = []
        self.conftests = {}
        self.basetemp = None  # tmp_path's folders are made in it

    # -- output

    def outcome(self, kind, nodeid, problem=None):
        char, word = OUTCOMES[kind]
        self.counts[kind] += 1
        if self.results is not None:
            # written at once, so that a tool reading the file learns of the
            # tests done even when a later one crashes the process
            what = "" if problem is None else summary(problem)
            self.results.write("%s\t%s\t%s\n" % (kind, nodeid, what.replace("\t", " ")))
            self.results.flush()
        if self.verbose:
            print(nodeid, word)
            return
        if self.prefix is not None and not self.quiet:
            sys.stdout.write(self.prefix + " ")
        self.prefix = None
        sys.stdout.write(char)
        sys.stdout.flush()
        self.shown = True

    def report(self, kind, header, nodeid, problem, captured=("", "")):
        self.reports.append((kind, header, nodeid, problem, captured))
        if self.exitfirst:
            raise Stop()

    def error(self, header, nodeid, problem, captured=("", "")):
        self.outcome("error", nodeid, problem)
        self.report("error", header, nodeid, problem, captured)

    def captured_call(self, func, *args):
        """call(func, *args) with sys.stdout and sys.stderr captured unless -s;
        gives (result, exc, (out, err))."""
        if not self.capture:
            result, exc = call(func, *args)
            return result, exc, ("", "")
        out, err = Capture(), Capture()
        saved = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = out, err
        try:
            result, exc = call(func, *args)
        finally:
            sys.stdout, sys.stderr = saved
        return result, exc, (out.getvalue(), err.getvalue())

    # -- importing

    def import_file(self, path):
        name, base = module_name_and_base(path)
        present = sys.modules.get(name)
        if present is not None and same_file(present, path):
            return present
        if present is not None:
            # a same-named file from another folder: files outside packages
            # share one name space, and the later one wins the name
            del sys.modules[name]
        sys.path.insert(0, base)
        try:
            exc = call(__import__, name)[1]
        finally:
            sys.path.remove(base)
        if exc is not None:
            sys.modules.pop(name, None)
            raise ImportFailure(exc)
        return sys.modules[name]

    def conftests_for(self, path):
        """The conftest.py modules that apply to `path`, outermost first:
        those of its folder and of the folders above it up to the current one."""
        folder = os.path.dirname(os.path.abspath(path))
        top = os.getcwd()
        chain = []
        while True:
            chain.insert(0, folder)
            if folder == top or not folder.startswith(top + os.sep):
                break
            folder = os.path.dirname(folder)
        modules = []
        for folder in chain:
            candidate = os.path.join(folder, "conftest.py")
            if not os.path.isfile(candidate):
                continue
            if candidate not in self.conftests:
                self.conftests[candidate] = self.import_file(os.path.relpath(candidate))
            modules.append(self.conftests[candidate])
        return modules

    # -- collecting

    def load(self, unit):
        """Imports a file and gives its Items; raises ImportFailure or, for a
        bad mark and the like, another exception whose message says what."""
        unit.module = self.import_file(unit.path)
        unit.conftests = self.conftests_for(unit.path)
        return self.items_of(unit, unit.module)

    def items_of(self, unit, module):
        items = []
        module_marks = marks_of(module)
        for name, obj in list(module.__dict__.items()):
            if not getattr(obj, "__test__", True):
                continue
            if name.startswith("test") and isinstance(obj, types.FunctionType):
                items.extend(self.expand(unit, name, obj, None, module_marks))
            elif name.startswith("Test") and isinstance(obj, type) and "__init__" not in obj.__dict__:
                class_marks = []
                for klass in obj.__mro__:
                    if "pytestmark" in klass.__dict__:
                        class_marks.extend(marks_of(klass))
                seen = set()
                for klass in reversed(obj.__mro__[:-1]):
                    for attr in klass.__dict__:
                        if attr.startswith("test") and attr not in seen:
                            seen.add(attr)
                            member = getattr(obj, attr)
                            if isinstance(member, types.FunctionType):
                                items.extend(self.expand(unit, attr, member, obj, class_marks + module_marks))
        return items

    def expand(self, unit, name, func, cls, outer_marks):
        """The Items of one test function: one per parameter set; the
        pytest_generate_tests hooks' parametrizations come first, as in pytest."""
        marks = marks_of(func) + outer_marks
        specs = [CallSpec([], {}, [])]
        required, optional = parameter_names(func)
        usable = fixture_closure(unit, cls, required) | set(optional)
        metafunc = Metafunc(func, cls, unit.module, sorted(usable))
        for source in unit.conftests + [unit.module]:
            hook = source.__dict__.get("pytest_generate_tests")
            if hook is not None:
                hook(metafunc)
        for mark in metafunc.marks + marks:
            if mark.name == "parametrize":
                specs, names = parametrize(specs, mark, name)
                for argname in names:
                    if argname not in usable:
                        raise ValueError("In %s: function uses no argument '%s'" % (name, argname))
        prefix = cls.__name__ + "::" + name if cls is not None else name
        ids = unique(["-".join(spec.ids) for spec in specs])
        return [Item(unit, name, func, cls, spec.params, spec.marks + marks,
                     prefix + ("[%s]" % ident if spec.ids else ""))
                for spec, ident in zip(specs, ids)]

    def select(self, item, selector):
        if selector is not None:
            local = item.local_id
            if not (local == selector or local.startswith(selector + "::") or local.startswith(selector + "[")):
                return False
        if self.keyword is not None and not self.keyword.matches(keywords_of(item)):
            self.counts["deselected"] += 1
            return False
        return True

    # -- running

    def run_unit(self, path, selector):
        unit = Unit(path)
        self.prefix = path
        base = module_name_and_base(path)[1]
        sys.path.insert(0, base)   # for imports the tests make as they run
        try:
            self.run_module(unit, selector)
        finally:
            if self.prefix is None and not self.quiet:
                sys.stdout.write("\n")
            self.prefix = None
            sys.path.remove(base)

    def run_module(self, unit, selector):
        items, exc, captured = self.captured_call(self.load, unit)
        if isinstance(exc, ImportFailure):
            exc = exc.exc
        elif exc is not None and not isinstance(exc, KeyboardInterrupt):
            exc = describe(exc)
        if isinstance(exc, pytest.Skipped):
            self.outcome("skipped", unit.path)
            return
        if exc is not None:
            self.error("ERROR collecting " + unit.path, unit.path, exc, captured)
            return
        items = [item for item in items if self.select(item, selector)]
        self.collected += len(items)
        if not items:
            return
        problem = xunit(unit.module, "setup_module", unit.module)
        if problem is not None:
            self.error("ERROR at setup of " + unit.path, unit.path, problem)
            return
        current = None
        for item in items:
            if item.cls is not current:
                self.class_teardown(current)
                current = item.cls
                problem = xunit(current, "setup_class")
                if problem is not None:
                    for other in items:
                        if other.cls is current:
                            self.error("ERROR at setup of " + other.title, other.nodeid, problem)
                    current = None
            if item.cls is current:
                self.run_item(item)
        self.class_teardown(current)
        self.finish(unit.finalizers, "ERROR at teardown of " + unit.path, unit.path)
        problem = xunit(unit.module, "teardown_module", unit.module)
        if problem is not None:
            self.error("ERROR at teardown of " + unit.path, unit.path, problem)

    def class_teardown(self, cls):
        problem = xunit(cls, "teardown_class")
        if problem is not None:
            self.error("ERROR at teardown of " + cls.__name__, cls.__name__, problem)

    def run_item(self, item):
        decision, exc = call(marks_decision, item)
        if exc is not None:   # a skipif or xfail condition string that fails
            self.error("ERROR at setup of " + item.title, item.nodeid, exc)
            return
        skip, xfail = decision
        if skip:
            self.outcome("skipped", item.nodeid)
            return
        if xfail is not None and not xfail.kwargs.get("run", True):
            self.outcome("xfailed", item.nodeid)
            return
        state = {"finalizers": [], "values": {}, "phase": "setup", "session": self}
        instance = None
        if item.cls is not None:
            instance, exc = call(item.cls)
            if exc is not None:
                self.error("ERROR at setup of " + item.title, item.nodeid, exc)
                return
        result, exc, captured = self.captured_call(self.run_phases, item, instance, state)
        kind, problem = result if exc is None else ("error", exc)
        if kind == "failed" and isinstance(problem, pytest.Skipped):
            kind = "skipped"
        elif kind == "failed" and isinstance(problem, pytest.XFailed):
            kind = "xfailed"
        elif kind == "failed" and xfail is not None:
            raises = xfail.kwargs.get("raises")
            if raises is None or isinstance(problem, raises):
                kind = "xfailed"
        elif kind == "passed" and xfail is not None:
            if xfail.kwargs.get("strict", False):
                kind, problem = "failed", ("[XPASS(strict)] " + xfail.kwargs.get("reason", "")).strip()
            else:
                kind = "xpassed"
        self.outcome(kind, item.nodeid, problem if kind in ("failed", "error") else None)
        if kind == "failed":
            self.report(kind, item.title, item.nodeid, problem, captured)
        elif kind == "error":
            header = "ERROR at %s of %s" % (state["phase"], item.title)
            self.report(kind, header, item.nodeid, problem, captured)

    def run_phases(self, item, instance, state):
        """Setup, call and teardown of one test: (kind, problem), kind one of
        passed, failed (the call raised) or error (setup or teardown did)."""
        if instance is not None:
            func = getattr(instance, item.name)
            owner, setup, teardown = instance, "setup_method", "teardown_method"
        else:
            func = item.func
            owner, setup, teardown = item.unit.module, "setup_function", "teardown_function"
        problem = xunit(owner, setup, func)
        if problem is not None:
            return "error", problem
        kwargs = {}
        try:
            for name in self.autouse_names(item, instance) + usefixtures(item):
                self.fixture_value(name, item, instance, state, ())
            for name in parameter_names(func)[0]:
                if name not in item.params:
                    kwargs[name] = self.fixture_value(name, item, instance, state, ())
        except (FixtureLookupError, SetupError) as exc:
            self.finish(state["finalizers"], None, None)
            if isinstance(exc, FixtureLookupError):
                return "error", str(exc)
            return ("failed" if isinstance(exc.exc, pytest.Skipped) else "error"), exc.exc
        required, optional = parameter_names(func)
        kwargs.update((k, v) for k, v in item.params.items() if k in required or k in optional)
        state["phase"] = "call"
        result, exc = call(func, **kwargs)
        state["phase"] = "teardown"
        problem = self.finish(state["finalizers"], None, None)
        problem = xunit(owner, teardown, func) or problem
        if exc is not None:
            return "failed", exc
        if problem is not None:
            return "error", problem
        return "passed", None

    # -- fixtures

    def fixture_defs(self, item, instance):
        """name -> (FixtureDef, the function to call) for the fixtures a test
        sees: its conftests', its module's, its class's (inner ones win)."""
        defs = {}
        for source in item.unit.conftests + [item.unit.module]:
            for obj in list(source.__dict__.values()):
                fdef = getattr(obj, "_pytestfixture", None)
                if isinstance(fdef, pytest.FixtureDef):
                    defs[fdef.name] = (fdef, obj)
        if instance is not None:
            for klass in reversed(type(instance).__mro__[:-1]):
                for attr, obj in list(klass.__dict__.items()):
                    fdef = getattr(obj, "_pytestfixture", None)
                    if isinstance(fdef, pytest.FixtureDef):
                        defs[fdef.name] = (fdef, getattr(instance, attr))
        return defs

    def autouse_names(self, item, instance):
        return [name for name, (fdef, _) in self.fixture_defs(item, instance).items() if fdef.autouse]

    def fixture_value(self, name, item, instance, state, resolving):
        if name in state["values"]:
            return state["values"][name]
        if name in item.params:   # parametrized for a fixture, not the test itself
            return item.params[name]
        defs = self.fixture_defs(item, instance)
        if name not in defs and name in BUILTIN_FIXTURES:
            value = BUILTIN_FIXTURES[name](item, instance, state)
            state["values"][name] = value
            return value
        if name not in defs:
            raise FixtureLookupError("fixture '%s' not found\navailable fixtures: %s"
                                     % (name, ", ".join(sorted(set(defs) | set(BUILTIN_FIXTURES)))))
        if name in resolving:
            raise FixtureLookupError("recursive dependency involving fixture '%s' detected" % name)
        fdef, func = defs[name]
        if fdef.scope == "session":
            cache, finalizers = self.session_cache, self.session_finalizers
        elif fdef.scope != "function":
            cache, finalizers = item.unit.cache, item.unit.finalizers
        else:
            cache, finalizers = None, state["finalizers"]
        if cache is not None and fdef in cache:
            value = cache[fdef]
        else:
            kwargs = {}
            for arg in parameter_names(func)[0]:
                kwargs[arg] = self.fixture_value(arg, item, instance, state, resolving + (name,))
            value, exc = call(func, **kwargs)
            if exc is None and isinstance(value, types.GeneratorType):
                generator = value
                value, exc = call(next, generator)
                finalizers.append((generator, name))
            if exc is not None:
                raise SetupError(exc)
            if cache is not None:
                cache[fdef] = value
        state["values"][name] = value
        return value

    def finish(self, finalizers, header, nodeid):
        """Runs the finalizers (functions, and (generator, name) of yield
        fixtures, to run past their yield), last first; gives the first
        exception among them, also reported under `header` when there is one."""
        first = None
        while finalizers:
            finalizer = finalizers.pop()
            if isinstance(finalizer, tuple):
                generator, name = finalizer
                result, exc = call(next, generator)
                if isinstance(exc, StopIteration):
                    exc = None
                elif exc is None:
                    exc = ValueError("fixture function %s has more than one 'yield'" % name)
            else:
                result, exc = call(finalizer)
            first = first or exc
        if first is not None and header is not None:
            self.error(header, nodeid, first)
        return first


def fixture_defs_of(source):
    """name -> the fixture function, for the fixtures defined in a module or class."""
    found = {}
    for obj in list(source.__dict__.values()):
        fdef = getattr(obj, "_pytestfixture", None)
        if isinstance(fdef, pytest.FixtureDef):
            found[fdef.name] = fdef
    return found


def fixture_closure(unit, cls, names):
    """The names a test's parameters may come from: its own, the autouse
    fixtures' and, transitively, those the fixtures they name ask for."""
    defs = {}
    sources = unit.conftests + [unit.module] + ([] if cls is None else list(reversed(cls.__mro__[:-1])))
    for source in sources:
        defs.update(fixture_defs_of(source))
    todo = list(names) + [n for n, fdef in defs.items() if fdef.autouse]
    seen = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name in defs:
            todo.extend(parameter_names(defs[name].func)[0])
    return seen


class Metafunc:
    """What a pytest_generate_tests hook is given: the test function, and
    parametrize(), whose calls come before the function's own marks."""

    def __init__(self, function, cls, module, fixturenames):
        self.function = function
        self.cls = cls
        self.module = module
        self.fixturenames = fixturenames
        self.marks = []

    def parametrize(self, argnames, argvalues, indirect=False, ids=None, scope=None):
        if indirect:
            raise NotImplementedError("tirun's pytest: parametrize(indirect=...) is not supported")
        self.marks.append(pytest.Mark("parametrize", (argnames, argvalues), {"ids": ids}))


class FixtureLookupError(Exception):
    pass


class SetupError(Exception):
    """Carries what a fixture raised, its traceback starting at the fixture."""

    def __init__(self, exc):
        Exception.__init__(self, exc)
        self.exc = exc


class ImportFailure(SetupError):
    """Carries what importing a test file raised, its traceback starting there."""


class Request:
    """The `request` fixture: which test asked, and addfinalizer()."""

    def __init__(self, item, instance, state):
        self.function = item.func
        self.cls = item.cls
        self.instance = instance
        self.module = item.unit.module
        self.node = types.SimpleNamespace(name=item.local_id.split("::")[-1], nodeid=item.nodeid)
        self._finalizers = state["finalizers"]

    def addfinalizer(self, finalizer):
        self._finalizers.append(finalizer)


class CaptureResult(tuple):
    """What readouterr() gives: (out, err), also as .out and .err."""

    def __new__(cls, out, err):
        return tuple.__new__(cls, (out, err))

    @property
    def out(self):
        return self[0]

    @property
    def err(self):
        return self[1]

    def __repr__(self):
        return "CaptureResult(out=%r, err=%r)" % (self[0], self[1])


class FdWriter:
    """sys.stdout / sys.stderr under capfd: straight to the file descriptor,
    so that Python's output and what native code writes there keep their order."""

    def __init__(self, fd):
        self.fd = fd

    def write(self, text):
        data = text.encode("utf-8")
        while data:
            data = data[os.write(self.fd, data):]
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False


class CaptureFixture:
    """capsys and capfd: capture sys.stdout and sys.stderr from the fixture's
    setup to its teardown; readouterr() gives and clears what was captured.
    capfd also redirects file descriptors 1 and 2 into temporary files, to see
    what native code (a kernel's print) writes, where os.dup and os.dup2 exist;
    without them it captures as capsys does."""

    serial = 0

    def __init__(self, fd_level):
        self.saved = sys.stdout, sys.stderr
        self.fd_level = fd_level and hasattr(os, "dup") and hasattr(os, "dup2")
        if self.fd_level:
            self.files = []
            for fd in (1, 2):
                CaptureFixture.serial += 1
                path = "/tmp/tirun-capfd-%d-%d" % (os.getpid(), CaptureFixture.serial)
                target = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
                self.files.append((fd, os.dup(fd), path, target))
                os.dup2(target, fd)
            sys.stdout, sys.stderr = FdWriter(1), FdWriter(2)
        else:
            self.buffers = Capture(), Capture()
            sys.stdout, sys.stderr = self.buffers

    def readouterr(self):
        if not self.fd_level:
            texts = [b.getvalue() for b in self.buffers]
            for b in self.buffers:
                b.parts = []
            return CaptureResult(texts[0], texts[1])
        texts = []
        for fd, saved, path, target in self.files:
            with open(path, "rb") as f:
                texts.append(f.read().decode("utf-8", "replace"))
            os.close(target)   # start the file again, empty
            target = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(target, fd)
            self.files[fd - 1] = (fd, saved, path, target)
        return CaptureResult(texts[0], texts[1])

    def disabled(self):
        """A context in which the test writes to the real stdout and stderr."""
        import contextlib

        @contextlib.contextmanager
        def uncaptured():
            inside = sys.stdout, sys.stderr
            if self.fd_level:
                for fd, saved, path, target in self.files:
                    os.dup2(saved, fd)
            sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
            try:
                yield
            finally:
                sys.stdout.flush()
                sys.stdout, sys.stderr = inside
                if self.fd_level:
                    for fd, saved, path, target in self.files:
                        os.dup2(target, fd)
        return uncaptured()

    def close(self):
        if self.fd_level:
            for fd, saved, path, target in self.files:
                os.dup2(saved, fd)
                os.close(saved)
                os.close(target)
                os.remove(path)
        sys.stdout, sys.stderr = self.saved


def capture_fixture(fd_level):
    def make(item, instance, state):
        fixture = CaptureFixture(fd_level)
        state["finalizers"].append(fixture.close)
        return fixture
    return make


def monkeypatch_fixture(item, instance, state):
    patch = pytest.MonkeyPatch()
    state["finalizers"].append(patch.undo)
    return patch


class TmpPath(str):
    """tmp_path where there is no pathlib module: the folder's name as a str
    (so os.PathLike) with the pathlib.Path methods tests use most."""

    def __fspath__(self):
        return str(self)

    def __repr__(self):
        return "PosixPath(%s)" % str.__repr__(self)

    def __truediv__(self, other):
        return TmpPath(os.path.join(self, os.fspath(other)))

    def __rtruediv__(self, other):
        return TmpPath(os.path.join(os.fspath(other), self))

    def joinpath(self, *parts):
        return TmpPath(os.path.join(self, *[os.fspath(p) for p in parts]))

    @property
    def name(self):
        return os.path.basename(self)

    @property
    def parent(self):
        return TmpPath(os.path.dirname(self))

    @property
    def suffix(self):
        return os.path.splitext(self.name)[1]

    @property
    def stem(self):
        return os.path.splitext(self.name)[0]

    def exists(self):
        return os.path.exists(self)

    def is_dir(self):
        return os.path.isdir(self)

    def is_file(self):
        return os.path.isfile(self)

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        if parents:
            os.makedirs(self, mode, exist_ok=exist_ok)
        elif not (exist_ok and os.path.isdir(self)):
            os.mkdir(self, mode)

    def iterdir(self):
        return [self / entry for entry in sorted(os.listdir(self))]

    def unlink(self):
        os.remove(self)

    def open(self, mode="r", *args, **kwargs):
        return open(str(self), mode, *args, **kwargs)

    def read_text(self, encoding=None):
        with open(str(self)) as f:
            return f.read()

    def write_text(self, data, encoding=None):
        with open(str(self), "w") as f:
            return f.write(data)

    def read_bytes(self):
        with open(str(self), "rb") as f:
            return f.read()

    def write_bytes(self, data):
        with open(str(self), "wb") as f:
            return f.write(data)


class LocalPath(TmpPath):
    """The tmpdir fixture's folder, as py.path.local's most used methods show it."""

    def __truediv__(self, other):
        return LocalPath(os.path.join(self, os.fspath(other)))

    def join(self, *parts):
        return LocalPath(os.path.join(self, *[os.fspath(p) for p in parts]))

    @property
    def strpath(self):
        return str(self)

    def mkdir(self, *parts):
        made = self.join(*parts)
        os.mkdir(made)
        return made

    def write(self, data, mode="w"):
        with open(str(self), mode) as f:
            f.write(data)

    def read(self, mode="r"):
        with open(str(self), mode) as f:
            return f.read()

    def check(self, dir=None, file=None, exists=None):
        if dir is not None:
            return os.path.isdir(self) == bool(dir)
        if file is not None:
            return os.path.isfile(self) == bool(file)
        return os.path.exists(self)


def path_class():
    try:
        from pathlib import Path
    except ImportError:
        return TmpPath
    return Path


class TempPathFactory:
    """tmp_path_factory: the session's temporary folder (made on first use,
    removed when the session ends) and fresh numbered folders in it."""

    def __init__(self, session):
        self.session = session

    def getbasetemp(self):
        if self.session.basetemp is None:
            import tempfile
            self.session.basetemp = tempfile.mkdtemp(prefix="tirun-test-")
        return path_class()(self.session.basetemp)

    def mktemp(self, basename, numbered=True):
        base = os.fspath(self.getbasetemp())
        n = 0
        while numbered and os.path.exists(os.path.join(base, "%s%d" % (basename, n))):
            n += 1
        folder = os.path.join(base, "%s%d" % (basename, n) if numbered else basename)
        os.mkdir(folder)
        return path_class()(folder)


def tmp_path_fixture(item, instance, state):
    """A fresh empty folder a test, named after it as pytest names it, in the
    session's own temporary folder."""
    stem = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in item.local_id.split("::")[-1])[:30]
    return TempPathFactory(state["session"]).mktemp(stem)


def tmpdir_fixture(item, instance, state):
    return LocalPath(os.fspath(tmp_path_fixture(item, instance, state)))


# the fixtures every test sees unless it defines one of the same name
BUILTIN_FIXTURES = {
    "request": lambda item, instance, state: Request(item, instance, state),
    "capsys": capture_fixture(False),
    "capfd": capture_fixture(True),
    "monkeypatch": monkeypatch_fixture,
    "tmp_path": tmp_path_fixture,
    "tmpdir": tmpdir_fixture,
    "tmp_path_factory": lambda item, instance, state: TempPathFactory(state["session"]),
}


def xunit(owner, name, *args):
    """Calls owner.name (setup_module and the like) when there is one, with as
    many of args as it takes; the exception it raised, or None."""
    func = getattr(owner, name, None) if owner is not None else None
    if func is None:
        return None
    required, _ = parameter_names(func)
    return call(func, *args[:len(required)])[1]


def usefixtures(item):
    names = []
    for mark in item.marks:
        if mark.name == "usefixtures":
            names.extend(mark.args)
    return names


# --- marks that decide before a test runs -------------------------------------------------

def condition_true(condition, item):
    if isinstance(condition, str):
        scope = dict(item.unit.module.__dict__)
        scope.setdefault("os", os)
        scope.setdefault("sys", sys)
        return bool(eval(condition, scope))
    return bool(condition)


def marks_decision(item):
    """(whether a mark skips the item, the xfail mark that applies or None)."""
    xfail = None
    for mark in item.marks:
        if mark.name == "skip":
            return True, None
        if mark.name == "skipif" and any(condition_true(c, item) for c in mark.args):
            return True, None
        if mark.name == "xfail" and xfail is None:
            if not mark.args or any(condition_true(c, item) for c in mark.args):
                xfail = mark
    return False, xfail


# --- -k expressions ------------------------------------------------------------------------

class KeywordError(Exception):
    pass


class Keyword:
    """A -k expression, pytest's grammar:
        expr := and_expr ('or' and_expr)*
        and_expr := not_expr ('and' not_expr)*
        not_expr := 'not' not_expr | '(' expr ')' | word
    a word matching when it is a substring (any case) of one of the test's names."""

    def __init__(self, text):
        self.text = text
        self.tokens = self.tokenize(text)
        self.at = 0
        self.tree = ("true",) if not self.tokens else self.expr()
        if self.at < len(self.tokens):
            self.fail("unexpected '%s'" % self.tokens[self.at])

    def fail(self, why):
        raise KeywordError("Wrong expression passed to '-k': %s: %s" % (self.text, why))

    def tokenize(self, text):
        tokens, i = [], 0
        while i < len(text):
            ch = text[i]
            if ch.isspace():
                i += 1
            elif ch in "()":
                tokens.append(ch)
                i += 1
            else:
                j = i
                while j < len(text) and not text[j].isspace() and text[j] not in "()":
                    j += 1
                tokens.append(text[i:j])
                i = j
        return tokens

    def peek(self):
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self):
        token = self.peek()
        if token is None:
            self.fail("expected a word, got the end of the input")
        self.at += 1
        return token

    def expr(self):
        node = self.and_expr()
        while self.peek() == "or":
            self.take()
            node = ("or", node, self.and_expr())
        return node

    def and_expr(self):
        node = self.not_expr()
        while self.peek() == "and":
            self.take()
            node = ("and", node, self.not_expr())
        return node

    def not_expr(self):
        token = self.take()
        if token == "not":
            return ("not", self.not_expr())
        if token == "(":
            node = self.expr()
            if self.take() != ")":
                self.fail("expected ')'")
            return node
        if token in (")", "and", "or"):
            self.fail("unexpected '%s'" % token)
        return ("word", token.lower())

    def matches(self, names):
        return self.evaluate(self.tree, [n.lower() for n in names])

    def evaluate(self, node, names):
        kind = node[0]
        if kind == "true":
            return True
        if kind == "word":
            return any(node[1] in name for name in names)
        if kind == "not":
            return not self.evaluate(node[1], names)
        if kind == "and":
            return self.evaluate(node[1], names) and self.evaluate(node[2], names)
        return self.evaluate(node[1], names) or self.evaluate(node[2], names)


def keywords_of(item):
    """The names -k matches against, as pytest's: the test's own name (with
    its parameters), its class, its file and the folders above it, its marks."""
    names = [item.local_id.split("::")[-1]]
    if item.cls is not None:
        names.append(item.cls.__name__)
    names.extend(part for part in item.unit.path.split("/") if part not in ("", ".", ".."))
    names.extend(mark.name for mark in item.marks)
    return names


# --- the command -----------------------------------------------------------------------

def parse_args(argv):
    options = {"exitfirst": False, "capture": True, "keyword": None, "verbose": False, "quiet": False,
               "results": None}
    targets = []
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg in ("-h", "--help"):
            print(USAGE)
            raise SystemExit(EXIT_OK)
        if arg in ("-x", "--exitfirst"):
            options["exitfirst"] = True
        elif arg in ("-v", "--verbose"):
            options["verbose"] = True
        elif arg in ("-q", "--quiet"):
            options["quiet"] = True
        elif arg in ("-s", "--capture=no"):
            options["capture"] = False
        elif arg == "-k" or (arg.startswith("-k") and len(arg) > 2):
            if arg == "-k" and not args:
                raise UsageError("argument -k: expected one argument")
            try:
                options["keyword"] = Keyword(args.pop(0) if arg == "-k" else arg[2:])
            except KeywordError as exc:
                raise UsageError(str(exc))
        elif arg == "--results" or arg.startswith("--results="):
            if arg == "--results" and not args:
                raise UsageError("argument --results: expected one argument")
            options["results"] = args.pop(0) if arg == "--results" else arg[len("--results="):]
        elif arg in IGNORED_FLAGS or arg.startswith(tuple(o + "=" for o in IGNORED_WITH_VALUE)):
            pass
        elif arg in IGNORED_WITH_VALUE or (arg[:2] in IGNORED_WITH_VALUE and len(arg) > 2):
            if arg in IGNORED_WITH_VALUE and not args:
                raise UsageError("argument %s: expected one argument" % arg)
            if arg in IGNORED_WITH_VALUE:
                args.pop(0)
        elif arg.startswith("-") and arg != "-":
            raise UsageError("unrecognized arguments: %s" % arg)
        else:
            targets.append(arg)
    return options, targets or ["."]


def clean_path(path):
    path = os.path.normpath(path)
    return path[2:] if path.startswith("./") else path


def print_reports(reports):
    for kind, header, nodeid, problem, captured in reports:
        print()
        print("____ %s ____" % header)
        if isinstance(problem, BaseException):
            if getattr(problem, "pytrace", True):
                sys.stdout.flush()
                print_exception(problem)
            else:
                print("Failed: %s" % problem)
        else:
            print(problem)
        for label, text in zip(("stdout", "stderr"), captured):
            if text:
                print("---- Captured %s ----" % label)
                sys.stdout.write(text if text.endswith("\n") else text + "\n")
    if reports:
        print()
    for kind, header, nodeid, problem, captured in reports:
        what = describe(problem) if isinstance(problem, BaseException) else str(problem).split("\n")[0]
        print("%s %s - %s" % ("FAILED" if kind == "failed" else "ERROR", nodeid, what))


def summary_line(counts):
    """pytest's: "1 failed, 2 passed, 1 xfailed, 2 errors" (its time left out)."""
    parts = []
    for kind in SUMMARY_ORDER:
        n = counts[kind]
        if n:
            parts.append("%d %s" % (n, "error" + ("s" if n > 1 else "") if kind == "error" else kind))
    return ", ".join(parts) if parts else "no tests ran"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        options, targets = parse_args(argv)
        work = []
        for target in targets:
            path, _, selector = target.partition("::")
            if not os.path.exists(path):
                raise UsageError("file or directory not found: %s" % target)
            if os.path.isdir(path):
                if selector:
                    raise UsageError("%s is a folder; PATH::NAME needs a file" % target)
                work.extend((clean_path(found), None) for found in find_files(path))
            elif path.endswith(SOURCE_SUFFIXES):
                work.append((clean_path(path), selector or None))
            else:
                raise UsageError("not a Python file: %s" % path)
    except UsageError as exc:
        sys.stderr.write("ERROR: %s\n%s\n" % (exc, USAGE.split("\n")[0]))
        sys.exit(EXIT_USAGE)
    if options["results"] is not None:
        try:
            options["results"] = open(options["results"], "a")
        except OSError as exc:
            sys.stderr.write("ERROR: --results: %s\n" % exc)
            sys.exit(EXIT_USAGE)
    session = Session(**options)
    rewrite_asserts(True)   # the test files imported from now on
    try:
        for path, selector in work:
            session.run_unit(path, selector)
    except Stop:
        pass
    session.finish(session.session_finalizers, "ERROR at teardown of the session", "")
    if session.basetemp is not None:
        import shutil
        shutil.rmtree(session.basetemp, ignore_errors=True)
    if session.quiet and session.shown:
        sys.stdout.write("\n")
    print_reports(session.reports)
    counts = session.counts
    print(summary_line(counts))
    sys.stdout.flush()
    if counts["failed"] or counts["error"]:
        sys.exit(EXIT_FAILED)
    if not session.collected and not session.reports and not counts["skipped"]:
        sys.exit(EXIT_NO_TESTS)
    sys.exit(EXIT_OK)

"""warnings for tirun: warn / warn_explicit with the filters list, the
per-module registries and "once" registry, simplefilter / filterwarnings /
resetwarnings, showwarning / formatwarning ("file:line: Category: message"
and the source line, on sys.stderr) and catch_warnings, as CPython 3.11's.
The caller's frame comes from sys._frame_records (the VM's frames are not
objects). Taichi's own compile-time warnings are printed by the frontend in
the same format and do not pass through here."""

import sys

__all__ = ["warn", "warn_explicit", "showwarning", "formatwarning", "filterwarnings",
           "simplefilter", "resetwarnings", "catch_warnings"]

_ACTIONS = ("error", "ignore", "always", "default", "module", "once")

# CPython 3.11's filters when no -W option or PYTHONWARNINGS is given
filters = [
    ("default", None, DeprecationWarning, "__main__", 0),
    ("ignore", None, DeprecationWarning, None, 0),
    ("ignore", None, PendingDeprecationWarning, None, 0),
    ("ignore", None, ImportWarning, None, 0),
    ("ignore", None, ResourceWarning, None, 0),
]
defaultaction = "default"
onceregistry = {}
_filters_version = 1


def _filters_mutated():
    global _filters_version
    _filters_version += 1


def _source_line(filename, lineno):
    try:
        with open(filename) as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError, TypeError, ValueError):
        return ""
    if 1 <= lineno <= len(lines):
        return lines[lineno - 1]
    return ""


def formatwarning(message, category, filename, lineno, line=None):
    """The text showwarning writes: "file:line: Category: message" and the
    source line, indented."""
    s = "%s:%s: %s: %s\n" % (filename, lineno, category.__name__, message)
    if line is None:
        line = _source_line(filename, lineno)
    if line:
        s += "  %s\n" % line.strip()
    return s


def _showwarnmsg_impl(msg):
    file = msg.file
    if file is None:
        file = sys.stderr
        if file is None:
            return
    text = _formatwarnmsg(msg)
    try:
        file.write(text)
    except OSError:
        pass


def _formatwarnmsg_impl(msg):
    return formatwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.line)


def showwarning(message, category, filename, lineno, file=None, line=None):
    """Writes a warning to file (sys.stderr by default)."""
    _showwarnmsg_impl(WarningMessage(message, category, filename, lineno, file, line))


_showwarning_orig = showwarning
_formatwarning_orig = formatwarning


def _formatwarnmsg(msg):
    if formatwarning is not _formatwarning_orig:
        return formatwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.line)
    return _formatwarnmsg_impl(msg)


def _showwarnmsg(msg):
    # a program that replaced showwarning gets its function called
    if showwarning is not _showwarning_orig:
        if not callable(showwarning):
            raise TypeError("warnings.showwarning() must be set to a function or method")
        showwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)
        return
    _showwarnmsg_impl(msg)


def _check_action(action):
    if action not in _ACTIONS:
        raise AssertionError("invalid action: %r" % (action,))


def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
    """Puts a filter at the front of the list (the end with append=True).
    message and module are regular expressions matched at the start of the
    message (ignoring case) and of the module's name."""
    _check_action(action)
    if not isinstance(message, str):
        raise AssertionError("message must be a string")
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise AssertionError("category must be a Warning subclass")
    if not isinstance(module, str):
        raise AssertionError("module must be a string")
    if not (isinstance(lineno, int) and lineno >= 0):
        raise AssertionError("lineno must be an int >= 0")
    if message or module:
        import re
    message = re.compile(message, re.I) if message else None
    module = re.compile(module) if module else None
    _add_filter(action, message, category, module, lineno, append=append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    """A filter for every message and module."""
    _check_action(action)
    if not (isinstance(lineno, int) and lineno >= 0):
        raise AssertionError("lineno must be an int >= 0")
    _add_filter(action, None, category, None, lineno, append=append)


def _add_filter(*item, append):
    if not append:
        try:
            filters.remove(item)
        except ValueError:
            pass
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    _filters_mutated()


def resetwarnings():
    """Empties the filters list."""
    filters[:] = []
    _filters_mutated()


class _OptionError(Exception):
    pass


def _caller(stacklevel):
    """(globals, filename, lineno) of the frame stacklevel out from warn's
    caller, or sys's when the stack is not that deep."""
    records = sys._frame_records(2)      # [0] is warn's caller
    if 1 <= stacklevel <= len(records):
        code, lineno, globals_, _ = records[stacklevel - 1]
        return globals_, code.co_filename, lineno
    return sys.__dict__, "sys", 1


def warn(message, category=None, stacklevel=1, source=None):
    """Issues a warning, or raises it as an error, as the filters say."""
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '%s'" % type(category).__name__)
    globals_, filename, lineno = _caller(stacklevel)
    if "__name__" in globals_:
        module = globals_["__name__"]
    else:
        module = "<string>"
    registry = globals_.setdefault("__warningregistry__", {})
    warn_explicit(message, category, filename, lineno, module, registry, globals_, source)


def warn_explicit(message, category, filename, lineno, module=None, registry=None,
                  module_globals=None, source=None):
    lineno = int(lineno)
    if module is None:
        module = filename or "<unknown>"
        if module[-3:].lower() == ".py":
            module = module[:-3]
    if registry is None:
        registry = {}
    if registry.get("version", 0) != _filters_version:
        registry.clear()
        registry["version"] = _filters_version
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    if registry.get(key):
        return
    for item in filters:
        action, msg, cat, mod, ln = item
        if ((msg is None or msg.match(text)) and issubclass(category, cat)
                and (mod is None or _module_matches(mod, module)) and (ln == 0 or lineno == ln)):
            break
    else:
        action = defaultaction
    if action == "ignore":
        return
    if action == "error":
        raise message
    if action == "once":
        registry[key] = 1
        oncekey = (text, category)
        if onceregistry.get(oncekey):
            return
        onceregistry[oncekey] = 1
    elif action == "always":
        pass
    elif action == "module":
        registry[key] = 1
        altkey = (text, category, 0)
        if registry.get(altkey):
            return
        registry[altkey] = 1
    elif action == "default":
        registry[key] = 1
    else:
        raise RuntimeError("Unrecognized action (%r) in warnings.filters:\n %s" % (action, item))
    _showwarnmsg(WarningMessage(message, category, filename, lineno, source=source))


def _module_matches(mod, module):
    if isinstance(mod, str):            # the default filters name __main__ as a string
        return mod == module
    return mod.match(module) is not None


class WarningMessage:
    """One warning as catch_warnings(record=True) records it."""

    _WARNING_DETAILS = ("message", "category", "filename", "lineno", "file", "line", "source")

    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, line : %r}"
                % (self.message, self._category_name, self.filename, self.lineno, self.line))


class catch_warnings:
    """A context that restores the filters and showwarning on exit; with
    record=True it gives a list that collects each warning shown instead of
    printing it. action (with category, lineno, append) adds a simplefilter."""

    def __init__(self, *, record=False, module=None, action=None, category=Warning,
                 lineno=0, append=False):
        self._record = record
        self._module = sys.modules["warnings"] if module is None else module
        self._entered = False
        if action is None:
            self._filter = None
        else:
            self._filter = (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append("record=True")
        if self._module is not sys.modules["warnings"]:
            args.append("module=%r" % self._module)
        return "%s(%s)" % (type(self).__name__, ", ".join(args))

    def __enter__(self):
        if self._entered:
            raise RuntimeError("Cannot enter %r twice" % self)
        self._entered = True
        m = self._module
        self._filters = m.filters
        m.filters = self._filters[:]
        m._filters_mutated()
        self._showwarning = m.showwarning
        self._showwarnmsg_impl = m._showwarnmsg_impl
        if self._filter is not None:
            m.simplefilter(*self._filter)
        if self._record:
            log = []
            m._showwarnmsg_impl = log.append
            m.showwarning = m._showwarning_orig
            return log
        return None

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError("Cannot exit %r without entering first" % self)
        m = self._module
        m.filters = self._filters
        m._filters_mutated()
        m.showwarning = self._showwarning
        m._showwarnmsg_impl = self._showwarnmsg_impl

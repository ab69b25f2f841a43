"""traceback: printing and formatting exceptions as the interpreter does
when one goes uncaught (its chain, the source lines and the carets). The text
comes from the VM's own printer (_tirun_testhook.format_exception); frames
are not exposed to Python, so extract_tb / walk_tb are not supported. `limit`
(or sys.tracebacklimit) keeps that many frames of each traceback, the first
ones (the last ones for a negative limit)."""

import sys
from _tirun_testhook import format_exception as _format

__all__ = ["format_exc", "format_exception", "format_exception_only", "print_exc", "print_exception",
           "print_last"]


def _value(exc, value):
    # the 3.10+ form print_exception(exc) and the old (etype, value, tb) one
    if value is _sentinel or value is None and isinstance(exc, BaseException):
        return exc
    return value


_sentinel = object()


def format_exception(exc, value=_sentinel, tb=_sentinel, limit=None, chain=True):
    """The lines (each ending in a newline) of the report of an exception."""
    value = _value(exc, value)
    if value is None:
        return ["NoneType: None\n"]
    # one entry per frame, its source and caret lines with it, as CPython groups them
    entries = []
    for line in _format(value).rstrip("\n").split("\n"):
        if line.startswith("    ") and entries and entries[-1].startswith("  File "):
            entries[-1] += line + "\n"
        else:
            entries.append(line + "\n")
    # "During handling of the above exception ..." with its blank lines is one entry
    for i in range(len(entries) - 3, -1, -1):
        if entries[i] == "\n" and entries[i + 2] == "\n" and entries[i + 1].endswith("occurred:\n"):
            entries[i:i + 3] = ["\n" + entries[i + 1] + "\n"]
        elif entries[i] == "\n" and entries[i + 2] == "\n" and entries[i + 1].endswith("exception:\n"):
            entries[i:i + 3] = ["\n" + entries[i + 1] + "\n"]
    if limit is None:
        limit = getattr(sys, "tracebacklimit", None)
        if limit is not None and limit < 0:
            limit = 0
    return entries if limit is None else _limit_frames(entries, limit)


def _limit_frames(entries, limit):
    """entries with only `limit` frames per traceback; none drops the header."""
    out = []
    i = 0
    while i < len(entries):
        if entries[i] != "Traceback (most recent call last):\n":
            out.append(entries[i])
            i += 1
            continue
        j = i + 1
        while j < len(entries) and entries[j].startswith("  File "):
            j += 1
        frames = entries[i + 1:j]
        frames = frames[:limit] if limit >= 0 else frames[max(0, len(frames) + limit):]
        if frames:
            out.append(entries[i])
            out.extend(frames)
        i = j
    return out


def format_exception_only(exc, value=_sentinel):
    """The last lines of the report: the exception's type and message."""
    value = _value(exc, value)
    if value is None:
        return ["NoneType: None\n"]
    name = type(value).__qualname__
    module = type(value).__module__
    if module not in ("builtins", "__main__"):
        name = module + "." + name
    text = str(value)
    return ["%s: %s\n" % (name, text) if text else name + "\n"]


def print_exception(exc, value=_sentinel, tb=_sentinel, limit=None, file=None, chain=True):
    """Writes the report of an exception to file (sys.stderr)."""
    if file is None:
        file = sys.stderr
    for line in format_exception(exc, value, tb, limit, chain):
        file.write(line)


def format_exc(limit=None, chain=True):
    """The report of the exception being handled, as one str."""
    return "".join(format_exception(sys.exception()))


def print_exc(limit=None, file=None, chain=True):
    """Writes the report of the exception being handled."""
    print_exception(sys.exception(), limit=limit, file=file, chain=chain)


def print_last(limit=None, file=None, chain=True):
    if not hasattr(sys, "last_value"):
        raise ValueError("no last exception")
    print_exception(sys.last_value, limit=limit, file=file, chain=chain)

"""atexit: functions the runtime calls when the program ends (tirun's
api/tirun.c calls _run_exitfuncs after the script, its uncaught exception or
sys.exit), the last registered first, as CPython's atexit does."""

import sys

_exithandlers = []


def register(func, *args, **kwargs):
    """Registers func(*args, **kwargs) to run at exit; returns func."""
    if not callable(func):
        raise TypeError("the first argument must be callable")
    _exithandlers.append((func, args, kwargs))
    return func


def unregister(func):
    """Removes every registration of func."""
    _exithandlers[:] = [h for h in _exithandlers if h[0] != func]


def _clear():
    del _exithandlers[:]


def _ncallbacks():
    return len(_exithandlers)


def _run_exitfuncs():
    """Calls the registered functions, last first; one that raises is
    reported on stderr and the others still run."""
    while _exithandlers:
        func, args, kwargs = _exithandlers.pop()
        try:
            func(*args, **kwargs)
        except BaseException as e:
            sys.stdout.flush()
            print(f"Exception ignored in atexit callback: {func!r}", file=sys.stderr)
            # the traceback from the callback on, as CPython's
            tb = e.__traceback__
            e.with_traceback(tb.tb_next if tb is not None else None)
            sys.excepthook(type(e), e, e.__traceback__)

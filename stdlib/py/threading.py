"""threading for tirun, which runs Python code on one thread: the main
thread's Thread object, locks that are correct on one thread (a second
acquire of a held Lock cannot be released by anyone else, so a blocking one
raises instead of hanging for ever), thread-local data, and Thread, whose
start() raises RuntimeError: no second thread can run, and running the target
in start() would silently change what the program means."""

import sys

TIMEOUT_MAX = 9223372036.0

_MAIN_IDENT = 1


def get_ident():
    return _MAIN_IDENT


def get_native_id():
    import posix
    return posix.getpid() if hasattr(posix, "getpid") else _MAIN_IDENT


class Lock:
    """A lock on a one-thread runtime: acquire / release / with as CPython's."""

    def __init__(self):
        self._locked = False

    def acquire(self, blocking=True, timeout=-1):
        if not blocking and timeout != -1:
            raise ValueError("can't specify a timeout for a non-blocking call")
        if not self._locked:
            self._locked = True
            return True
        if not blocking or timeout >= 0:
            return False
        raise RuntimeError("deadlock: the one thread acquires a Lock it holds")

    def release(self):
        if not self._locked:
            raise RuntimeError("release unlocked lock")
        self._locked = False

    def locked(self):
        return self._locked

    __enter__ = acquire

    def __exit__(self, *exc):
        self.release()

    def __repr__(self):
        state = "locked" if self._locked else "unlocked"
        return f"<{state} {type(self).__module__}.lock object>"


class RLock:
    """A reentrant lock: the owning (only) thread may acquire it again."""

    def __init__(self):
        self._count = 0

    def acquire(self, blocking=True, timeout=-1):
        if not blocking and timeout != -1:
            raise ValueError("can't specify a timeout for a non-blocking call")
        self._count += 1
        return True

    def release(self):
        if not self._count:
            raise RuntimeError("cannot release un-acquired lock")
        self._count -= 1

    __enter__ = acquire

    def __exit__(self, *exc):
        self.release()

    def _is_owned(self):
        return self._count > 0

    def __repr__(self):
        state = "locked" if self._count else "unlocked"
        owner = _MAIN_IDENT if self._count else None
        return f"<{state} {type(self).__module__}.RLock object owner={owner} count={self._count}>"


def allocate_lock():
    return Lock()


_counter = [0]


def _newname(template="Thread-%d"):
    _counter[0] += 1
    return template % _counter[0]


class Thread:
    """A thread of control. tirun has one: the main thread's object is what
    current_thread() returns; start() on a new one raises RuntimeError."""

    def __init__(self, group=None, target=None, name=None, args=(), kwargs=None, *, daemon=None):
        if group is not None:
            raise AssertionError("group argument must be None for now")
        self._target = target
        self._args = args
        self._kwargs = kwargs or {}
        if name is not None:
            self._name = str(name)
        else:
            self._name = _newname()
            if target is not None and hasattr(target, "__name__"):
                self._name += f" ({target.__name__})"
        self._daemon = bool(daemon) if daemon is not None else False
        self._ident = None
        self._started = False

    def start(self):
        if self._started:
            raise RuntimeError("threads can only be started once")
        raise RuntimeError("tirun runs Python code on one thread: Thread.start() cannot run a second one")

    def run(self):
        if self._target is not None:
            self._target(*self._args, **self._kwargs)

    def join(self, timeout=None):
        if not self._started:
            raise RuntimeError("cannot join thread before it is started")
        if self is _main:
            raise RuntimeError("cannot join current thread")

    def is_alive(self):
        return self._started and self is _main

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, value):
        self._name = str(value)

    @property
    def ident(self):
        return self._ident

    @property
    def native_id(self):
        return get_native_id() if self._ident is not None else None

    @property
    def daemon(self):
        return self._daemon

    @daemon.setter
    def daemon(self, value):
        if self._started:
            raise RuntimeError("cannot set daemon status of active thread")
        self._daemon = bool(value)

    def getName(self):
        return self._name

    def setName(self, name):
        self.name = name

    def isDaemon(self):
        return self._daemon

    def setDaemon(self, daemonic):
        self.daemon = daemonic

    def __repr__(self):
        status = "started" if self._started else "initial"
        if self._daemon:
            status += " daemon"
        if self._ident is not None:
            status += f" {self._ident}"
        return f"<{type(self).__name__}({self._name}, {status})>"


class _MainThread(Thread):
    def __init__(self):
        Thread.__init__(self, name="MainThread")
        self._started = True
        self._ident = _MAIN_IDENT


_main = _MainThread()


def current_thread():
    return _main


def main_thread():
    return _main


currentThread = current_thread


def active_count():
    return 1


activeCount = active_count


def enumerate():
    return [_main]


class local:
    """Thread-local data: with one thread, an object's own attributes."""


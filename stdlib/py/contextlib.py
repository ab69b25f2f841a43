"""Helpers for writing and combining context managers (the `with` statement)."""

import sys
from abc import ABC, abstractmethod
import functools as _functools
from types import GenericAlias as _GenericAlias

__all__ = ['contextmanager', 'closing', 'nullcontext', 'AbstractContextManager',
           'ContextDecorator', 'ExitStack', 'redirect_stdout', 'redirect_stderr',
           'suppress', 'chdir']


def _defines_all(cls, names):
    # True when every name is found along cls's MRO and is not set to None.
    for name in names:
        for klass in cls.__mro__:
            if name in klass.__dict__:
                if klass.__dict__[name] is None:
                    return False
                break
        else:
            return False
    return True


class AbstractContextManager(ABC):
    """Base class for context managers: __enter__ gives back self, __exit__
    must be supplied by subclasses."""

    def __class_getitem__(cls, item):
        return _GenericAlias(cls, item)

    def __enter__(self):
        return self

    @abstractmethod
    def __exit__(self, exc_type, exc_value, traceback):
        return None

    @classmethod
    def __subclasshook__(cls, C):
        if cls is not AbstractContextManager:
            return NotImplemented
        return _defines_all(C, ('__enter__', '__exit__')) or NotImplemented


class ContextDecorator:
    """Mixin letting a context manager also be used as a function decorator:
    each call of the decorated function runs inside the manager."""

    def _recreate_cm(self):
        # Hook: the manager to use for one call. Single-use managers
        # return a fresh copy here.
        return self

    def __call__(self, func):
        def run_managed(*args, **kwargs):
            with self._recreate_cm():
                return func(*args, **kwargs)
        return _functools.update_wrapper(run_managed, func)


class _GeneratorContextManager(AbstractContextManager, ContextDecorator):
    """Context manager driving a one-yield generator (see contextmanager)."""

    def __init__(self, factory, positional, named):
        self.gen = factory(*positional, **named)
        # Kept until __enter__, for _recreate_cm (decorator use).
        self.func, self.args, self.kwds = factory, positional, named
        doc = getattr(factory, '__doc__', None)
        self.__doc__ = type(self).__doc__ if doc is None else doc

    def _recreate_cm(self):
        return type(self)(self.func, self.args, self.kwds)

    def __enter__(self):
        # The recipe is no longer needed once the generator runs; dropping
        # it also avoids keeping the arguments alive.
        del self.func, self.args, self.kwds
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, tb):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as stop:
            # The generator finished: it dealt with the exception, unless
            # the StopIteration we see is the one we sent in.
            return stop is not value
        except RuntimeError as err:
            if err is value:
                err.__traceback__ = tb
                return False
            if isinstance(value, StopIteration) and err.__cause__ is value:
                # A StopIteration sent in comes back wrapped (PEP 479).
                value.__traceback__ = tb
                return False
            raise
        except BaseException as err:
            if err is not value:
                raise
            err.__traceback__ = tb
            return False
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    """Decorator turning a generator function into a context manager factory.

    The generator must yield exactly once; the yielded value is what the
    `with` statement binds, and an exception raised in the block is raised
    inside the generator at the yield.
    """
    def make_manager(*args, **kwargs):
        return _GeneratorContextManager(func, args, kwargs)
    return _functools.update_wrapper(make_manager, func)


class closing(AbstractContextManager):
    """Call thing.close() when the block ends; `as` binds thing itself."""

    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *details):
        self.thing.close()


class nullcontext(AbstractContextManager):
    """A context manager doing nothing; `as` binds enter_result."""

    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *details):
        pass


class _StreamSwap(AbstractContextManager):
    # Temporarily replaces sys.<_attr>; nests and re-enters safely.
    _attr = None

    def __init__(self, new_target):
        self._replacement = new_target
        self._saved = []

    def __enter__(self):
        self._saved.append(getattr(sys, self._attr))
        setattr(sys, self._attr, self._replacement)
        return self._replacement

    def __exit__(self, exc_type, exc, tb):
        setattr(sys, self._attr, self._saved.pop())


class redirect_stdout(_StreamSwap):
    """Send sys.stdout to another file-like object for the block."""
    _attr = 'stdout'


class redirect_stderr(_StreamSwap):
    """Send sys.stderr to another file-like object for the block."""
    _attr = 'stderr'


class suppress(AbstractContextManager):
    """Silently ignore the given exception types raised in the block;
    execution continues after the `with` statement."""

    def __init__(self, *exceptions):
        self._ignored = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            return False
        return issubclass(exc_type, self._ignored)


class chdir(AbstractContextManager):
    """Change the working directory for the block, then change it back."""

    def __init__(self, path):
        self.path = path
        self._previous = []

    def __enter__(self):
        import os
        self._previous.append(os.getcwd())
        os.chdir(self.path)

    def __exit__(self, *details):
        import os
        os.chdir(self._previous.pop())


def _rechain(raised, pending, handled):
    """Make `raised` (from an exit callback) chain to `pending`, the
    exception that callback was given, rather than to `handled`, the
    exception being handled when the stack started unwinding."""
    link = raised
    while True:
        ctx = link.__context__
        if ctx is None or ctx is pending:
            return
        if ctx is handled:
            link.__context__ = pending
            return
        link = ctx


class _BaseExitStack:
    # The synchronous machinery of ExitStack.

    def __init__(self):
        self._pending = []

    def pop_all(self):
        """Move every registered callback to a new stack and return it."""
        moved = type(self)()
        moved._pending, self._pending = self._pending, []
        return moved

    def push(self, exit):
        """Register an exit callback, or a context manager's __exit__.

        The callback gets the same arguments as __exit__ and may suppress
        an exception by returning a true value. Returns exit unchanged.
        """
        exit_method = getattr(type(exit), '__exit__', None)
        if exit_method is None:
            self._pending.append(exit)
        else:
            self._pending.append(_bind(exit_method, exit))
        return exit

    def enter_context(self, cm):
        """Enter cm and register its __exit__; returns what __enter__ gave."""
        kind = type(cm)
        enter = getattr(kind, '__enter__', None)
        leave = getattr(kind, '__exit__', None)
        if enter is None or leave is None:
            raise TypeError("'%s.%s' object does not support the context manager protocol"
                            % (kind.__module__, kind.__qualname__))
        result = enter(cm)
        self._pending.append(_bind(leave, cm))
        return result

    def callback(self, callback, /, *args, **kwds):
        """Register callback(*args, **kwds) to run on exit; it never
        suppresses exceptions. Returns callback unchanged."""
        def run_callback(exc_type, exc, tb):
            callback(*args, **kwds)
        run_callback.__wrapped__ = callback
        self._pending.append(run_callback)
        return callback


def _bind(method, obj):
    def bound(*exc_info):
        return method(obj, *exc_info)
    bound.__self__ = obj
    return bound


class ExitStack(_BaseExitStack, AbstractContextManager):
    """Context manager collecting cleanup callbacks and other context
    managers, all unwound (last registered first) when it exits, e.g. to
    open a variable number of files in one `with` statement.
    """

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        had_exception = exc_info[0] is not None
        handled = sys.exc_info()[1]
        current = exc_info
        swallowed = False
        failure = None
        while self._pending:
            step = self._pending.pop()
            try:
                outcome = step(*current)
            except BaseException as err:
                _rechain(err, current[1], handled)
                failure = err
                current = (type(err), err, err.__traceback__)
            else:
                if outcome:
                    swallowed = True
                    failure = None
                    current = (None, None, None)
        if failure is not None:
            keep = failure.__context__
            try:
                raise failure
            finally:
                failure.__context__ = keep
        return had_exception and swallowed

    def close(self):
        """Run every registered callback now."""
        no_exception = (None, None, None)
        self.__exit__(*no_exception)

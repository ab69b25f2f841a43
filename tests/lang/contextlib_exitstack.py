# contextlib: ExitStack, ContextDecorator, closing, nullcontext, redirect_stdout/stderr,
# and the errors of badly behaved @contextmanager generators.
import sys
from contextlib import (ExitStack, closing, contextmanager, ContextDecorator, nullcontext, redirect_stderr,
                        redirect_stdout, suppress)


@contextmanager
def resource(name, log):
    log.append("open " + name)
    try:
        yield name.upper()
    finally:
        log.append("close " + name)


log = []
with ExitStack() as stack:
    values = [stack.enter_context(resource(n, log)) for n in "abc"]
    stack.callback(log.append, "callback")
    stack.push(lambda *exc: log.append(("push", exc)))
    print(values)
print(log)

# callbacks run last first; an exception replaces the pending one and chains to it
def raiser(exc):
    def fail(*args):
        raise exc
    return fail


try:
    with ExitStack() as stack:
        stack.callback(raiser(ValueError("first registered")))
        stack.callback(raiser(KeyError("second registered")))
        raise ZeroDivisionError("body")
except Exception as e:
    chain = []
    while e is not None:
        chain.append(repr(e))
        e = e.__context__
    print(chain)

# an exit callback returning true suppresses the exception
with ExitStack() as stack:
    stack.push(lambda exc_type, exc, tb: print("saw", exc_type.__name__) or True)
    raise IndexError("gone")
print("after suppression")


class Manager:
    def __enter__(self):
        print("Manager enter")
        return self

    def __exit__(self, *exc):
        print("Manager exit", exc[0])
        return False


# push() of a context manager registers its __exit__ only
with ExitStack() as stack:
    m = Manager()
    print(stack.push(m) is m)

# pop_all moves the callbacks to a new stack
with ExitStack() as stack:
    stack.callback(print, "deferred", 1)
    saved = stack.pop_all()
print("stack closed")
saved.close()
saved.close()

try:
    ExitStack().enter_context(42)
except TypeError as e:
    print("TypeError:", e)

print(ExitStack().callback(len) is len)


# generator managers that misbehave
@contextmanager
def no_yield():
    if False:
        yield


@contextmanager
def two_yields():
    yield 1
    yield 2


@contextmanager
def convert():
    try:
        yield
    except KeyError as e:
        raise LookupError("converted") from e


@contextmanager
def passthrough():
    yield


for mgr, exc in ((no_yield, None), (two_yields, None), (two_yields, KeyError("k")), (convert, KeyError("k")),
                 (passthrough, StopIteration("s")), (passthrough, RuntimeError("r"))):
    try:
        with mgr():
            if exc is not None:
                raise exc
        print(mgr.__name__, "finished")
    except BaseException as e:
        print(mgr.__name__, type(e).__name__, e, e is exc, repr(e.__cause__))


# @contextmanager functions and ContextDecorator subclasses as decorators
@contextmanager
def announce(label):
    print("start", label)
    yield
    print("end", label)


@announce("work")
def work(n):
    print("working", n)
    return n * 2


print(work(1), work(2), work.__name__)


class Timer(ContextDecorator):
    def __enter__(self):
        print("timer on")
        return self

    def __exit__(self, *exc):
        print("timer off", exc[0] is not None)
        return False


@Timer()
def compute():
    return 42


print(compute())
try:
    Timer()(lambda: 1 / 0)()
except ZeroDivisionError:
    print("ZeroDivisionError propagated")


class Closable:
    def close(self):
        print("closed")


with closing(Closable()) as c:
    print(type(c).__name__)
with nullcontext(5) as v, nullcontext() as w:
    print(v, w)
with suppress(KeyError, IndexError):
    {}["missing"]
with suppress(LookupError):
    [][1]
try:
    with suppress(KeyError):
        1 / 0
except ZeroDivisionError:
    print("not suppressed")


class Capture:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)
        return len(text)


out, err = Capture(), Capture()
with redirect_stdout(out) as target:
    print("to stdout", target is out)
    with redirect_stderr(err):
        print("to stderr", file=sys.stderr)
print(out.parts, err.parts)

# return, yield, yield from, and yield as an expression.
def f():
    return
def f():
    return 1
def f():
    return 1, 2
def f():
    return *a, b
def f():
    yield
def f():
    yield 1
def f():
    yield 1, 2
def f():
    yield *a, b
def f():
    yield from g()
def f():
    x = yield
def f():
    x = yield 1
def f():
    x = yield from g()
def f():
    y = (yield)
def f():
    f((yield))
def f():
    a = b = yield c
def f():
    z = [(yield x) for x in ()] if False else None
def f():
    await_ = yield await_
def f():
    return (yield)
def f():
    x += yield
def f():
    x: int = yield

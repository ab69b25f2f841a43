# def: every parameter kind, defaults, annotations, decorators.
def f():
    pass

def f(a, b, c):
    return a

def f(a, b=1, *args, c, d=2, **kwargs):
    pass

def f(a, /, b, *, c):
    pass

def f(a=1, /, b=2, *, c=3):
    pass

def f(a, b, /):
    pass

def f(*, a, b=1):
    pass

def f(*args, **kwargs):
    pass

def f(a: int, b: 'str' = 'x', *args: tuple, c: float = 1.0, **kwargs: dict) -> None:
    pass

def f(a: int = 1, /, *, b: int) -> list[int]:
    ...

@decorator
def f(): pass

@a.b.c
@d(1, k=2)
@e[0]
@(lambda f: f)
@x if y else z
@f := g
def f(self, x, y=None): return x, y

def outer():
    def inner():
        def innermost():
            return 1
        return innermost
    return inner

def f(
    a,
    b = 1,
    *c,
    d,
    **e,
):
    """docstring"""
    return

def g(a, b=(1, 2), c=[], d={}, e=lambda: 0, f=None, *, g=..., h=-1):
    yield

def h(*args: *Ts): pass

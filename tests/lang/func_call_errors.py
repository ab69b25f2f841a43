# Error messages for bad calls.
def f(a, b):
    return a + b
def g(a, b=1, *, c):
    return a
def h():
    pass
def attempt(label, thunk):
    try:
        thunk()
    except TypeError as e:
        print(label, "TypeError:", e)
five, text = 5, "abc"
attempt("too-many", lambda: f(1, 2, 3))
attempt("too-few", lambda: f(1))
attempt("none", lambda: f())
attempt("unexpected-kw", lambda: f(1, 2, z=3))
attempt("multiple", lambda: f(1, a=2))
attempt("kwonly-missing", lambda: g(1))
attempt("kwonly-positional", lambda: g(1, 2, 3))
attempt("no-args", lambda: h(1))
attempt("no-kwargs", lambda: h(x=1))
attempt("not-callable", lambda: five())
attempt("str-not-callable", lambda: text())
attempt("builtin", lambda: len())
attempt("builtin2", lambda: len(1, 2))
attempt("abs", lambda: abs("x"))
class C:
    def m(self, x):
        return x
attempt("method", lambda: C().m())
attempt("method-many", lambda: C().m(1, 2))
attempt("unbound", lambda: C.m(1))
attempt("init", lambda: C(1))

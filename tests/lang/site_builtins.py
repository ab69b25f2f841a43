# help, exit and quit, the builtins CPython's site module adds, and the
# rlcompleter behind the prompt's Tab


def f(x, y=2, *args, z, **kw):
    """Adds x and y.

    More text."""
    return x + y


def g():
    pass


class A:
    """An A."""

    def m(self, k):
        """Method m."""


help(f)
help(g)
help(A.m)
help(A().m)
help("no_such_name_at_all")
print(repr(help))
print(repr(exit), "|", repr(quit))
print(type(exit).__name__, exit.name, quit.name, type(help).__name__)
for call in (lambda: exit(3), lambda: quit(), lambda: exit("bye")):
    try:
        call()
    except SystemExit as e:
        print("SystemExit", repr(e.code))

import rlcompleter

c = rlcompleter.Completer({"alpha": 1, "alphabet": len, "math": __import__("math")})
print([c.complete("alp", i) for i in range(3)])
print([c.complete("whi", i) for i in range(2)], c.complete("tr", 0), c.complete("Tru", 0))
print([c.complete("math.fl", i) for i in range(2)])
print(c.complete("math.pi", 0), c.complete("math.nope", 0), c.complete("nope.x", 0))
print([m for m in (c.complete("math._", i) for i in range(50)) if m and m.startswith("math.__n")])

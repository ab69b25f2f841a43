# inspect: currentframe / getframeinfo / stack line numbers, f_back, f_code,
# f_globals, f_locals (as the frame runs on); signature; the is* predicates.
import inspect
from inspect import currentframe, getframeinfo


def where():
    info = getframeinfo(currentframe())
    print(info.lineno, info.function, info.filename == __file__, info.code_context, info.index)
    f = currentframe()
    print(f.f_lineno, f.f_code.co_name, f.f_back.f_lineno, f.f_back.f_code.co_name, sorted(f.f_back.f_locals))
    print(f.f_back.f_back.f_code.co_name, f.f_back.f_back.f_back, f.f_back.f_globals is globals())
    print(currentframe().f_lineno, sorted(currentframe().f_locals))
    print([(s.function, s.lineno) for s in inspect.stack()])


def outer():
    local_value = 7
    where()
    return local_value


outer()
info = getframeinfo(currentframe(), context=3)
print(info.lineno, info.function, info.index, len(info.code_context))


def h(a, b=2, *c, d, e=5, **f) -> int:
    pass


def posonly(x, /, y, *, z=None):
    pass


class K:
    def __init__(self, x, y=1):
        pass

    def method(self, q):
        pass


print(inspect.signature(h), list(inspect.signature(h).parameters))
print(inspect.signature(posonly), inspect.signature(K), inspect.signature(K(0).method))
p = inspect.signature(h).parameters["b"]
print(p.name, p.default, p.kind == inspect.Parameter.POSITIONAL_OR_KEYWORD, p.annotation is inspect.Parameter.empty)
print(inspect.isfunction(h), inspect.isclass(K), inspect.isclass(h), inspect.ismethod(K(0).method))
print(inspect.ismodule(inspect), inspect.isbuiltin(len), inspect.isroutine(h), inspect.iscode(h.__code__))


def gen():
    yield 1


print(inspect.isgeneratorfunction(gen), inspect.isgeneratorfunction(h), inspect.isgenerator(gen()))
print(inspect.getmodule(h).__name__, inspect.getfile(h) == __file__)

# types: names of built-in types, SimpleNamespace, MappingProxyType, new_class / prepare_class.
import types
import sys
def f():
    pass
def gen():
    yield 1
class C:
    __slots__ = ("a",)
    def m(self):
        pass
print(types.FunctionType is type(f), types.LambdaType is type(lambda: 0), isinstance(gen(), types.GeneratorType))
print(isinstance(C().m, types.MethodType), isinstance(len, types.BuiltinFunctionType), isinstance(sys, types.ModuleType))
print(isinstance(f.__code__, types.CodeType), isinstance(C.a, types.MemberDescriptorType), types.NoneType,
      types.NotImplementedType, types.EllipsisType, types.GenericAlias, types.UnionType)
print(type(list[int]) is types.GenericAlias, isinstance(int | str, types.UnionType))
try:
    raise ValueError
except ValueError as e:
    print(isinstance(e.__traceback__, types.TracebackType))
ns = types.SimpleNamespace(b=2, a=[1])
ns.c = "x"
print(ns, ns.a, vars(ns), ns == types.SimpleNamespace(b=2, a=[1], c="x"), ns != types.SimpleNamespace())
del ns.c
ns.me = ns
print(ns, types.SimpleNamespace(), types.SimpleNamespace)
try:
    types.SimpleNamespace(1)
except TypeError as e:
    print("TypeError:", e)
print(types.SimpleNamespace.__hash__)
class Sub(types.SimpleNamespace):
    pass
print(Sub(x=1), Sub(x=1) == types.SimpleNamespace(x=1))
d = {"k": 1}
mp = types.MappingProxyType(d)
d["j"] = 2
print(mp, str(mp), mp["k"], mp.get("z", 0), "j" in mp, len(mp), list(mp), list(mp.items()), mp.copy())
print(mp == d, mp | {"z": 3}, {"z": 3} | mp, type(mp).__name__, types.MappingProxyType)
for bad in (lambda: types.MappingProxyType([1]), lambda: hash(mp)):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
try:
    mp["k"] = 2
except TypeError as e:
    print("TypeError:", e)
class Meta(type):
    def __new__(mcls, name, bases, ns, **kw):
        ns["flag"] = kw.get("flag")
        return super().__new__(mcls, name, bases, ns)
    def __init__(cls, name, bases, ns, **kw):
        super().__init__(name, bases, ns)
class Base(metaclass=Meta):
    pass
def body(ns):
    ns["x"] = 1
    ns["hello"] = lambda self: "hi"
K = types.new_class("K", (Base,), {"flag": 7}, body)
print(type(K).__name__, K.__name__, K.x, K.flag, K().hello(), K.__bases__)
meta, ns, kw = types.prepare_class("P", (Base,), {"flag": 1})
print(meta.__name__, ns, kw, types.prepare_class("Q"))
class Entry:
    def __mro_entries__(self, bases):
        return (Base,)
print(types.resolve_bases((Entry(), int)), types.resolve_bases((int,)))
R = types.new_class("R", (Entry(),))
print(R.__bases__, R.__orig_bases__[0].__class__.__name__)
class M1(type):
    pass
class M2(type):
    pass
try:
    types.new_class("Bad", (M1("A", (), {}), M2("B", (), {})))
except TypeError as e:
    print("TypeError:", e)

# Attribute hooks: __getattr__ (fallback), __getattribute__, __setattr__, __delattr__.
class Fallback:
    def __init__(self):
        self.real = 1
    def __getattr__(self, name):
        if name.startswith("x_"):
            return name[2:].upper()
        raise AttributeError(f"no {name}")
f = Fallback()
print(f.real, f.x_abc, getattr(f, "x_q"), hasattr(f, "nothing"), getattr(f, "nothing", "default"))
try:
    f.missing
except AttributeError as e:
    print("AttributeError:", e)
class Logged:
    def __setattr__(self, name, value):
        print(f"set {name}={value!r}")
        super().__setattr__(name, value)
    def __delattr__(self, name):
        print(f"del {name}")
        super().__delattr__(name)
l = Logged()
l.a = 1
l.b = [2]
del l.a
print(vars(l))
class Frozen:
    def __init__(self, v):
        object.__setattr__(self, "v", v)
    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is frozen")
fr = Frozen(3)
print(fr.v)
try:
    fr.v = 4
except AttributeError as e:
    print("AttributeError:", e)
class Spy:
    def __init__(self):
        self.data = 5
    def __getattribute__(self, name):
        if name != "__dict__":
            print("getattribute", name)
        return super().__getattribute__(name)
s = Spy()
print(s.data)
class Proxy:
    def __init__(self, target):
        self._target = target
    def __getattr__(self, name):
        print("forward", name)
        return getattr(self._target, name)
p = Proxy([3, 1, 2])
p.sort()
print(p._target, p.count(1), len(p._target))
class Dyn:
    pass
d = Dyn()
for i, name in enumerate(["alpha", "beta"]):
    setattr(d, name, i)
print(d.alpha, d.beta, sorted(vars(d)))
delattr(d, "alpha")
print(hasattr(d, "alpha"))
try:
    delattr(d, "alpha")
except AttributeError as e:
    print("AttributeError:", e)

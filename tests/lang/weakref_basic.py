# weakref: refs cleared when the collector frees the referent, callbacks
# (the newest first), finalize, proxy and the weak containers
import gc
import weakref


class A:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "A(%s)" % self.name

    def meth(self):
        return "meth of " + self.name


def collect():
    gc.collect()


for value in (None, True, 1, 2.5, "s", b"b", (), [], {}):
    try:
        weakref.ref(value)
        print(type(value).__name__, "ok")
    except TypeError as e:
        print(type(value).__name__, "TypeError", e)

for value in (A, len, collect, {1}, frozenset(), A("x").meth):
    r = weakref.ref(value)
    print(type(value).__name__, r() is value)


def make_ref(x):
    return weakref.ref(x)


a = A("a")
r = weakref.ref(a)
print(r() is a, r.__callback__, type(r) is weakref.ReferenceType, isinstance(r, weakref.ref))
print(weakref.getweakrefcount(a), weakref.getweakrefcount(1), len(weakref.getweakrefs(a)))
b = A("b")
r2 = weakref.ref(a, lambda w: print("never"))
print(r == r2, r != r2, r == weakref.ref(b), hash(r) == hash(a))
del r2
log = []
r3 = weakref.ref(a, lambda w: log.append(("r3", w() is None)))
r4 = weakref.ref(a, lambda w: log.append(("r4", w() is None)))
a = None
collect()
print(r(), log, r3.__callback__)
print(repr(r).endswith("; dead>"))
print(r == r3, r == r)
try:
    hash(r3)
except TypeError as e:
    print("TypeError", e)
print(hash(r) == hash(r))

# a ref dying first never calls its callback
c = A("c")
rc = weakref.ref(c, lambda w: print("never"))
rc = None
collect()
c = None
collect()


# subclass of ref with attributes
class Named(weakref.ref):
    def __new__(cls, obj, name):
        self = super().__new__(cls, obj, lambda w: print("named callback", w.name))
        self.name = name
        return self

    def __init__(self, obj, name):
        super().__init__(obj)


d = A("d")
n = Named(d, "n1")
print(n() is d, n.name)
d = None
collect()
print(n())

# WeakMethod
e = A("e")
wm = weakref.WeakMethod(e.meth)
print(wm()())
e = None
collect()
print(wm())

# finalize
f_obj = A("f")
fin = weakref.finalize(f_obj, print, "finalized", 1, sep="-")
print(fin.alive, fin.peek()[2:])
f_obj = None
collect()
print(fin.alive, fin.peek(), fin())
g_obj = A("g")
fin = weakref.finalize(g_obj, lambda: "called")
print(fin(), fin(), fin.alive, fin.detach())
print(repr(fin).endswith("dead>"))

# proxy
h = A("h")
p = weakref.proxy(h)
print(p.name, p.meth(), p)
p.name = "h2"
print(h.name)
h = None
collect()
try:
    p.name
except ReferenceError as ex:
    print("ReferenceError", ex)

# WeakValueDictionary
objs = [A(str(i)) for i in range(4)]
wvd = weakref.WeakValueDictionary()
for i, o in enumerate(objs):
    wvd[i] = o
print(len(wvd), sorted(wvd.keys()), wvd[2], 5 in wvd, wvd.get(9, "none"))
del objs[1:3]
collect()
print(len(wvd), sorted(wvd.keys()), 1 in wvd, sorted(wvd.items(), key=lambda kv: kv[0]))
try:
    wvd[1]
except KeyError as ex:
    print("KeyError", ex)

# WeakKeyDictionary
keys = [A("k%d" % i) for i in range(3)]
wkd = weakref.WeakKeyDictionary()
for i, k in enumerate(keys):
    wkd[k] = i
print(len(wkd), wkd[keys[1]], keys[0] in wkd)
del keys[0]
collect()
print(len(wkd), sorted(wkd.values()), sorted(k.name for k in wkd))

# WeakSet
items = [A("s%d" % i) for i in range(3)]
ws = weakref.WeakSet(items)
print(len(ws), items[2] in ws)
items.pop()
collect()
print(len(ws), sorted(o.name for o in ws))

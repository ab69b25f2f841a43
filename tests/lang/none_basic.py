# None: its type, identity tests, truthiness, and functions that return it implicitly.
print(None, repr(None), str(None), type(None), type(None).__name__, bool(None))
x = None
print(x is None, x is not None, x == None, x != 0, None == False, None is None)
def f():
    pass
def g():
    return
def h(a):
    if a:
        return a
print(f(), g(), h(0), h(5), [f(), g()], {None: None}, (None,))
print([1, None, 3].count(None), None in [0, False, ""], None in [0, None])
d = {"a": 1}
print(d.get("b"), d.get("b", None), d.setdefault("c"), d)
print([].sort(), [3, 1].reverse(), print("inner"))
try:
    None + 1
except TypeError as e:
    print("TypeError:", e)
try:
    x()
except TypeError as e:
    print("TypeError:", e)
try:
    None.attr
except AttributeError as e:
    print("AttributeError:", e)
try:
    len(None)
except TypeError as e:
    print("TypeError:", e)
try:
    for _ in None:
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    x[0]
except TypeError as e:
    print("TypeError:", e)
print(f"{None}", "%s" % None, "{}".format(None), format(None, ""), str(None).upper())
print(sorted([3, 1, 2], key=None), max([1, 5], default=None), max([], default=None))

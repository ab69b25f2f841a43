# del on names, items, slices, attributes; and name errors afterwards.
x = 1
del x
try:
    x
except NameError as e:
    print("NameError:", e)
lst = list(range(10))
del lst[2], lst[2:4], lst[::3]
print(lst)
d = {"a": 1, "b": 2, "c": 3}
del d["a"], d["c"]
print(d)
class C:
    attr = "class attr"
c = C()
c.attr = "instance attr"
del c.attr
print(c.attr)
del C.attr
try:
    c.attr
except AttributeError as e:
    print("AttributeError:", e)
a, b = 1, 2
del (a, b)
print("a" in dir(), "b" in dir())
def f():
    v = 1
    del v
    try:
        return v
    except UnboundLocalError as e:
        return "UnboundLocalError: " + str(e)
print(f())
try:
    del undefined_name
except NameError as e:
    print("NameError:", e)

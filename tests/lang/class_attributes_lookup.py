# Class-level attribute resolution: class vs instance, shadowing methods, data descriptors.
class Desc:
    def __get__(self, obj, owner):
        if obj is None:
            return "class access"
        return f"instance access on {type(obj).__name__}"
    def __set__(self, obj, value):
        obj.__dict__["_stored"] = value * 2
class NonData:
    def __get__(self, obj, owner):
        return "non-data"
class Host:
    d = Desc()
    n = NonData()
h = Host()
print(Host.d, h.d, h.n)
h.d = 5
print(h.__dict__, h.d)
h.__dict__["n"] = "instance wins"
h.__dict__["d"] = "ignored"
print(h.n, h.d)
class Shadow:
    def method(self):
        return "method"
s = Shadow()
s.method = lambda: "instance attribute"
print(s.method(), Shadow().method(), Shadow.method(s))
class Counter:
    total = 0
    def add(self):
        self.total += 1
c1, c2 = Counter(), Counter()
c1.add(); c1.add(); c2.add()
print(c1.total, c2.total, Counter.total)
class Named:
    def __set_name__(self, owner, name):
        self.name = name
    def __get__(self, obj, owner):
        return f"field {self.name}"
class Model:
    title = Named()
    body = Named()
print(Model().title, Model.body)
print(type(Host.__dict__["d"]).__name__, "d" in vars(Host), Host.__dict__["n"].__class__.__name__)

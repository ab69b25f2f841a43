# callable, repr, ascii, and identity comparisons without printing id() values.
class C:
    def __call__(self):
        return "called"
    def m(self):
        pass
print(callable(C), callable(C()), callable(C().m), callable(len), callable(1), callable("s"), callable(lambda: 0), callable(None))
print(repr(1), repr("a"), repr([1, "a"]), repr(None), repr(1.5), repr((1,)), repr({1: "a"}), repr(set()), repr(b"b"))
print(ascii("plain"), ascii("é"), ascii(["日"]), repr("é"), str("é"))
a = [1]
b = a
c = [1]
print(id(a) == id(b), id(a) == id(c), a is b, a is c, a == c, id(None) == id(None), type(id(a)).__name__)
x = 1000
y = x
print(x is y, None is None, True is not False, "a" == "a")
print(repr(C).startswith("<class '"), repr(C()).startswith("<__main__.C object at 0x"), repr(C().m).startswith("<bound method C.m of"))

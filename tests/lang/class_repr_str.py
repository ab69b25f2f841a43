# __repr__ and __str__: which one print, str(), repr(), f-strings and containers use.
class Both:
    def __repr__(self):
        return "Both()"
    def __str__(self):
        return "both as str"
class ReprOnly:
    def __repr__(self):
        return "ReprOnly<1>"
class StrOnly:
    def __str__(self):
        return "just str"
b, r, s = Both(), ReprOnly(), StrOnly()
print(b, r, s)
print(str(b), repr(b), str(r), repr(r), f"{b}", f"{b!r}", "%s %r" % (b, b), "{} {!r}".format(r, r))
print([b, r], (b,), {"k": b}, {1: r})
print(repr(s).startswith("<__main__.StrOnly object at 0x"), str(ReprOnly) == "<class '__main__.ReprOnly'>")
class Node:
    def __init__(self, val, children=()):
        self.val, self.children = val, list(children)
    def __repr__(self):
        if not self.children:
            return f"Node({self.val!r})"
        return f"Node({self.val!r}, {self.children!r})"
print(Node(1, [Node("a"), Node(2.5, [Node(None)])]))
class BadRepr:
    def __repr__(self):
        return 42
try:
    repr(BadRepr())
except TypeError as e:
    print("TypeError:", e)
class Fmt:
    def __format__(self, spec):
        return f"Fmt[{spec}]"
print(f"{Fmt():>10}", format(Fmt(), "x"), "{:abc}".format(Fmt()))
print(repr(int), repr(len), repr(Node), str(Node).split(".")[-1], type(Node).__repr__(Node))

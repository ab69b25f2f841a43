# __del__: called when a collection finds the object unreachable (CPython
# calls it at once on `del` through refcounting; tirun at the next
# collection, so each case here collects before looking), once per object
# even when it resurrects itself, and at exit for what is still alive, in
# the order of __main__'s globals.
import gc

log = []


class Tracked:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        log.append(self.name)


def show(what):
    gc.collect()
    print(what, log)
    log.clear()


x = Tracked("x")
del x
show("del")

a = Tracked("cycle a")
b = Tracked("cycle b")
a.other, b.other = b, a
del a, b
show("cycle")


def scope():
    t = Tracked("local")
    return 1


scope()
show("local")

keep = Tracked("kept")
show("alive")


class Saver:
    saved = []

    def __del__(self):
        log.append("resurrect")
        Saver.saved.append(self)


s = Saver()
del s
show("first")
Saver.saved.clear()
show("second")


class LateDel:
    pass


def late(self):
    log.append("late " + type(self).__name__)


LateDel.__del__ = late


class Sub(LateDel):
    pass


obj, sub = LateDel(), Sub()
del obj, sub
show("assigned later")


class ListWithDel(list):
    def __del__(self):
        log.append("list of %d" % len(self))


l = ListWithDel([1, 2, 3])
del l
show("list subclass")


class Parent:
    def __init__(self):
        self.child = Tracked("child of parent")

    def __del__(self):
        log.append("parent sees " + self.child.name)


p = Parent()
del p
show("parent")

print(gc.isenabled())
gc.disable()
print(gc.isenabled())
gc.enable()
print(gc.isenabled())
print(gc.collect() >= 0, gc.collect(0) >= 0)
try:
    gc.collect(3)
except ValueError as e:
    print("ValueError:", e)


class AtExit:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        print("exit", self.name)


first = AtExit("first")
second = AtExit("second")
print("end")

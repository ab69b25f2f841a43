# operator: itemgetter/attrgetter/methodcaller (reprs, dotted names, errors), the
# in-place forms, index, length_hint, and the errors of the function forms.
import operator
from operator import itemgetter, attrgetter, methodcaller

class Node:
    def __init__(self, name, child=None):
        self.name = name
        self.child = child
tree = Node("root", Node("kid", Node("grandkid")))
print(attrgetter("child.name")(tree), attrgetter("child.child.name", "name")(tree))
print(itemgetter(1), itemgetter(1, "a"), attrgetter("a.b", "c"), methodcaller("f", 1, k=2), methodcaller("g"))
print(itemgetter(slice(1, 3))("abcd"), itemgetter("k")({"k": 5}), itemgetter(-1, 0)([1, 2, 3]))
print(methodcaller("get", "x", 0)({}), methodcaller("count", "a")("banana"), methodcaller("format", v=3)("{v}"))
data = [{"n": "b", "v": 2}, {"n": "a", "v": 2}, {"n": "c", "v": 1}]
print([d["n"] for d in sorted(data, key=itemgetter("v", "n"))])
print(sorted([Node("z"), Node("y")], key=attrgetter("name"))[0].name)
print(itemgetter(1).__reduce__(), attrgetter("a.b").__reduce__(), methodcaller("f", 1).__reduce__())
for bad in (lambda: itemgetter(), lambda: attrgetter(), lambda: attrgetter(1),
            lambda: methodcaller(), lambda: methodcaller(1), lambda: attrgetter("child.nope")(tree),
            lambda: itemgetter(5)([1]), lambda: operator.index(1.5), lambda: operator.concat(1, 2),
            lambda: operator.concat([1], "a"), lambda: operator.countOf(1, 1),
            lambda: operator.indexOf([1], 2), lambda: operator.length_hint(1, "x"),
            lambda: operator.add(1, "a"), lambda: operator.neg("s"), lambda: operator.truediv(1, 0)):
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__ + ":", e)

class Idx:
    def __index__(self):
        return 7
class Hint:
    def __length_hint__(self):
        return 4
print(operator.index(Idx()), operator.index(True), operator.length_hint([1, 2]), operator.length_hint(Hint()),
      operator.length_hint(3, 7), operator.length_hint(x for x in []))
l = [1]
print(operator.iadd(l, [2]) is l, l, operator.isub(5, 2), operator.imul([0], 3), operator.itruediv(7, 2),
      operator.ifloordiv(7, 2), operator.imod(7, 4), operator.ipow(2, 10), operator.ilshift(1, 3),
      operator.irshift(8, 1), operator.iand(6, 3), operator.ior(6, 3), operator.ixor(6, 3), operator.iconcat("a", "b"))
s = {1}
print(operator.ior(s, {2}) is s, s, operator.is_(None, None), operator.is_not(1, None), operator.inv(0),
      operator.call(max, 3, 9), operator.__add__ is operator.add, operator.add.__doc__, operator.not_.__name__)
print(list(map(operator.itemgetter(0), [(1, 2), (3, 4)])), operator.getitem({"a": 1}, "a"),
      operator.contains("team", "ea"), operator.truth(0), operator.countOf([1, 1.0, True, 2], 1),
      operator.indexOf((3, 4), 4))

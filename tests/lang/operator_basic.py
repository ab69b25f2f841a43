# The operator module: function forms of operators, itemgetter/attrgetter/methodcaller.
import operator
from functools import reduce
print(operator.add(2, 3), operator.sub(2, 3), operator.mul(4, 5), operator.truediv(7, 2), operator.floordiv(7, 2), operator.mod(7, 3))
print(operator.pow(2, 8), operator.neg(4), operator.pos(-4), operator.abs(-3), operator.invert(5), operator.not_(0), operator.truth([]))
print(operator.lt(1, 2), operator.le(2, 2), operator.eq(1, 1.0), operator.ne(1, 2), operator.ge(1, 2), operator.gt(3, 2))
print(operator.and_(6, 3), operator.or_(6, 3), operator.xor(6, 3), operator.lshift(1, 4), operator.rshift(256, 2), operator.concat("a", "b"))
print(operator.contains([1, 2], 2), operator.getitem("abc", 1), operator.countOf([1, 2, 1], 1), operator.indexOf("abc", "c"), operator.index(7))
print(reduce(operator.mul, range(1, 8)), reduce(operator.add, ["x", "y", "z"]), list(map(operator.mul, [1, 2], [3, 4])))
d = {"a": 1}
operator.setitem(d, "b", 2)
operator.delitem(d, "a")
print(d)
print(operator.itemgetter(1)([5, 6, 7]), operator.itemgetter(0, 2)("xyz"), operator.attrgetter("real")(3 + 4j), operator.attrgetter("imag", "real")(1j))
rows = [("b", 2), ("a", 2), ("c", 1)]
print(sorted(rows, key=operator.itemgetter(1)), sorted(rows, key=operator.itemgetter(1, 0)))
print(operator.methodcaller("upper")("abc"), operator.methodcaller("split", ",")("a,b"), operator.methodcaller("replace", "a", "o")("banana"))
x = [1]
x = operator.iadd(x, [2])
print(x, operator.iadd(1, 2), operator.imul("ab", 2))

# Sets of small ints (their order is deterministic): construction, operators, methods.
a = {1, 2, 3, 4}
b = {3, 4, 5, 6}
print(a | b, a & b, a - b, b - a, a ^ b, a <= b, {1, 2} <= a, {1, 2} < a, a < a, a >= {1}, a > a)
print(a.union(b, [7]), a.intersection(b, {4}), a.difference([1], (2,)), a.symmetric_difference(range(3)))
print(a.issubset(range(10)), a.issuperset([1, 2]), a.isdisjoint({9}), a.isdisjoint(b))
s = set()
s.add(3)
s.add(1)
s.add(3)
s.update([2, 5], (8,))
print(s, len(s), 3 in s, 4 not in s)
s.discard(8)
s.discard(100)
s.remove(5)
print(s)
try:
    s.remove(100)
except KeyError as e:
    print("KeyError:", e)
print(s.pop(), s)
c = s.copy()
c.clear()
print(s, c, set(), set([3, 3, 1]), set("aa"), set(range(5)), {x % 3 for x in range(10)})
s |= {10}
s &= {1, 2, 10}
s -= {1}
s ^= {2, 20}
print(s)
x = {1, 2, 3}
x.intersection_update({2, 3, 4})
x.difference_update({3})
x.symmetric_difference_update({9})
print(x, {1, 2} == {2, 1}, {1} != {1.0}, {True, 1, 1.0}, len({0, False, 0.0}))
try:
    set().pop()
except KeyError as e:
    print("KeyError:", e)
try:
    {[1]}
except TypeError as e:
    print("TypeError:", e)
try:
    a + b
except TypeError as e:
    print("TypeError:", e)
print(sorted({5, 1, 3}), max({5, 1, 3}), sum({5, 1, 3}), {(1, 2), (1, 2)}, set() == frozenset())

# frozenset: immutable and hashable; mixing with set keeps the left operand's type.
f = frozenset([3, 1, 2])
print(f, type(f).__name__, len(f), 2 in f, frozenset(), frozenset("aa"))
print(f | {4}, f & {1, 9}, f - {1}, {1, 2} | f, type(f | {4}).__name__, type({4} | f).__name__)
print(hash(f) == hash(frozenset([1, 2, 3])), {f: "key"}[frozenset({1, 2, 3})], f == {1, 2, 3})
nested = {frozenset({1}), frozenset({1}), frozenset({2})}
print(len(nested), frozenset({frozenset({1})}))
try:
    f.add(4)
except AttributeError as e:
    print("AttributeError:", e)
print(f.union([5]), f.issubset({1, 2, 3, 4}), f.copy() is f, frozenset(f) is f)
s = {1, 2}
print(repr(set()), repr(frozenset()), repr({1}), str(frozenset({7})), set(f), s.issuperset(frozenset()))

# range: arguments, negative steps, len, indexing, slicing, membership, equality, repr.
for r in (range(5), range(2, 8), range(0, 10, 3), range(10, 0, -2), range(5, 5), range(5, 0), range(-3, 3), range(0, -10, -3)):
    print(r, list(r), len(r), bool(r))
r = range(3, 30, 4)
print(r[0], r[-1], r[2], r[1:4], r[::-1], r[::2], list(r[1:4]), r.start, r.stop, r.step)
print(7 in r, 8 in r, 27 in r, 31 in r, r.index(11), r.count(11), r.count(12))
print(range(0) == range(2, 2), range(0, 3) == range(3), range(0, 5, 2) == range(0, 6, 2), range(1) != range(2))
big = range(0, 10 ** 20, 3)
print(big[10 ** 18], 10 ** 19 in big, 10 ** 19 - 1 in big, big[-1], len(range(0, 2 ** 62, 2)))
print(list(range(3)) + list(range(3, 0, -1)), sum(range(101)), max(range(7)), list(reversed(range(4))))
try:
    range(1, 2, 0)
except ValueError as e:
    print("ValueError:", e)
try:
    range(5)[5]
except IndexError as e:
    print("IndexError:", e)
try:
    range(5).index(7)
except ValueError as e:
    print("ValueError:", e)
try:
    range(1.0)
except TypeError as e:
    print("TypeError:", e)
print(type(range(1)).__name__, repr(range(0, 5, 1)), str(range(-1, 1)), hash(range(3)) == hash(range(0, 3)))

# itertools.count, cycle, repeat (bounded with islice / zip).
from itertools import count, cycle, repeat, islice
print(list(islice(count(), 5)), list(islice(count(10, 5), 4)), list(islice(count(1.5, 0.5), 3)), list(islice(count(5, -2), 4)))
print(list(zip(count(1), "abc")), list(islice(cycle("xyz"), 8)), list(islice(cycle([1, 2]), 5)), list(islice(cycle([]), 3)))
print(list(repeat("r", 3)), list(repeat(7, 0)), list(zip(range(3), repeat(None))), list(map(pow, range(5), repeat(2))))
c = count()
print(next(c), next(c), next(c), repr(count(3)), repr(count(2, 3)), repr(repeat(1, 2)))
cy = cycle("ab")
print([next(cy) for _ in range(5)])
print(list(islice(count(10 ** 20), 2)), list(islice(repeat([1]), 2)))

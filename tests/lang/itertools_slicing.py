# islice, takewhile, dropwhile, compress, filterfalse, starmap, zip_longest, pairwise.
from itertools import islice, takewhile, dropwhile, compress, filterfalse, starmap, zip_longest, pairwise
data = [1, 4, 6, 4, 1, 8, 2]
print(list(islice(data, 3)), list(islice(data, 2, 5)), list(islice(data, 1, None, 2)), list(islice(data, 0)), list(islice("abcdef", 1, 6, 2)))
print(list(takewhile(lambda x: x < 5, data)), list(dropwhile(lambda x: x < 5, data)))
print(list(compress("abcdef", [1, 0, 1, 0, 1, 1])), list(filterfalse(lambda x: x % 2, range(10))))
print(list(starmap(pow, [(2, 5), (3, 2), (10, 3)])), list(starmap(lambda a, b: a + b, zip("abc", "xyz"))))
print(list(zip_longest("ab", [1, 2, 3])), list(zip_longest("a", "bcd", fillvalue="-")), list(zip_longest()))
print(list(pairwise([1, 2, 3, 4])), list(pairwise("ab")), list(pairwise([1])))
try:
    list(islice(data, -1))
except ValueError as e:
    print("ValueError:", e)
it = iter(range(10))
print(list(islice(it, 3)), list(islice(it, 3)), next(it))

# accumulate, chain, chain.from_iterable, groupby, tee.
from itertools import accumulate, chain, groupby, tee
print(list(accumulate([1, 2, 3, 4])), list(accumulate([1, 2, 3, 4], lambda a, b: a * b)), list(accumulate([3, 1, 4, 1, 5], max)))
print(list(accumulate([1, 2, 3], initial=100)), list(accumulate([])), list(accumulate("abc")), list(accumulate([5, 2, 8], lambda a, b: a - b)))
print(list(chain("ab", [1, 2], (3,))), list(chain()), list(chain.from_iterable(["xy", "z"])), list(chain.from_iterable([[1], [], [2, 3]])))
for key, group in groupby("aaabccdddd"):
    print(key, list(group))
words = ["apple", "avocado", "banana", "blueberry", "cherry", "apricot"]
print([(k, list(g)) for k, g in groupby(words, key=lambda w: w[0])])
print([(k, len(list(g))) for k, g in groupby(sorted(words, key=len), key=len)])
a, b = tee(range(4))
print(list(a), list(b))
x, y = tee("abc")
print(next(x), next(x), next(y), list(x), list(y))
runs = [(k, sum(1 for _ in g)) for k, g in groupby([1, 1, 0, 0, 0, 1, 0, 0])]
print(runs)

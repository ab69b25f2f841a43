# itertools: argument errors, reprs, type names and less common behaviour.
import itertools as it
from itertools import (accumulate, chain, combinations, combinations_with_replacement, compress, count,
                       cycle, dropwhile, filterfalse, groupby, islice, pairwise, permutations, product,
                       repeat, starmap, takewhile, tee, zip_longest)


def attempt(fn):
    try:
        return fn()
    except (TypeError, ValueError) as e:
        return f"{type(e).__name__}: {e}"


# islice argument checking
for args in [(-1,), (-5,), (1.5,), ("x",), (-1, 3), (0, -1), (0, -2), (1, 5, 0), (1, 5, -1), (1, 5, 1.5),
             (None,), (2, None), (None, None, None), (None, 4, 2)]:
    print(args, attempt(lambda: list(islice(range(10), *args))))
print(attempt(lambda: islice(range(3))), attempt(lambda: islice(range(3), 1, 2, 3, 4)))
print(attempt(lambda: islice(5, 1)), attempt(lambda: islice([], 1, x=1)))
print(list(islice(count(), 2, 20, 7)), list(islice("abcdefg", 5, 3)), list(islice(range(3), 10)))

# other argument errors
print(attempt(lambda: count("a")), attempt(lambda: count(1, "a")), attempt(lambda: repeat(1, 2.0)))
print(attempt(lambda: product([1], repeat=-1)), attempt(lambda: product([1], foo=2)),
      attempt(lambda: product(1)))
print(attempt(lambda: permutations([1], -1)), attempt(lambda: permutations([1], 1.0)),
      attempt(lambda: combinations([1], -1)), attempt(lambda: combinations_with_replacement("a", -2)))
print(attempt(lambda: tee([1], -1)), tee([1], 0), attempt(lambda: tee(1)))
print(attempt(lambda: cycle()), attempt(lambda: cycle(1)), attempt(lambda: chain(a=1)),
      attempt(lambda: list(chain(1))))
print(attempt(lambda: takewhile(bool)), attempt(lambda: dropwhile(bool, [], x=1)),
      attempt(lambda: starmap(pow)), attempt(lambda: pairwise()), attempt(lambda: filterfalse(None)))
print(attempt(lambda: zip_longest([1], x=1)), attempt(lambda: list(starmap(pow, [1]))))

# reprs follow the iteration
c = count(5)
next(c)
r = repeat("x", 3)
next(r)
print(repr(c), repr(r), repr(count()), repr(count(0, 1.0)), repr(count(1.5, 0.5)), repr(count(2, -1)))
print(repr(repeat(1, -4)), repr(repeat([1])), r.__length_hint__(), attempt(lambda: repeat(0).__length_hint__()))
print(list(r), repr(r), list(repeat(object="o", times=2)), repr(count(start=3, step=2)))

# type names and isinstance
objs = [count(), cycle(""), repeat(1), accumulate([]), chain(), chain.from_iterable([]), compress([], []),
        dropwhile(bool, []), filterfalse(None, []), groupby([]), islice([], 0), pairwise([]), starmap(pow, []),
        takewhile(bool, []), zip_longest(), product(), permutations([]), combinations([], 0),
        combinations_with_replacement([], 0), tee([])[0]]
print([type(o).__name__ for o in objs])
print(all(iter(o) is o for o in objs), isinstance(chain.from_iterable([]), chain), type(next(groupby("a"))[1]).__name__)

# laziness and exhaustion
print(list(islice(chain.from_iterable(repeat([1, 2])), 5)), list(islice(cycle(range(3)), 7)))
cy = cycle(iter([1, 2]))
print([next(cy) for _ in range(5)])
print(list(accumulate([], initial=7)), list(accumulate([1, 2, 3], initial=None)),
      list(accumulate([2, 3, 4], lambda a, b: a * b, initial=1)), list(accumulate(["a", "b"], initial="")))
print(list(compress(range(10), [1, 0, 1])), list(compress("ab", repeat(1))))
print(list(dropwhile(lambda x: x < 3, [1, 2, 3, 1, 2])), list(takewhile(lambda x: x < 3, [1, 2, 3, 1, 2])))
print(list(filterfalse(None, [0, 1, "", "a", None, [], [0]])))
print(list(starmap(lambda *a: sum(a), [[1, 2], (3, 4, 5), "", iter([6])])))
print(list(zip_longest("abc", range(1), [True, False], fillvalue=0)))
tw = takewhile(lambda x: x != 3, iter([1, 2, 3, 4, 5]))
print(list(tw), list(tw))

# tee: independent iterators, copies, tee of a tee
a, b, c = tee(iter(range(5)), 3)
print(next(a), next(a), next(b), list(c), list(a), list(b))
x, = tee("xy", 1)
y, z = tee(x)
print(next(y), list(z), list(y), type(x).__name__)
src = iter(range(3))
t1, t2 = tee(src)
t3 = t1.__copy__()
print(list(t1), list(t3), list(t2))

# groupby: a group is only valid until the next key is taken
g = groupby("aabbbc")
k1, g1 = next(g)
k2, g2 = next(g)
print(k1, list(g1), k2, list(g2), [(k, "".join(v)) for k, v in g])
g = groupby([1, 2, 3, 4, 5, 6], key=lambda v: v // 3)
print([(k, list(v)) for k, v in g])
g = groupby("aab")
k, grp = next(g)
print(next(grp), [(k, list(v)) for k, v in g], list(grp))
print([k for k, _ in groupby([1, 1.0, True, 2])], list(groupby([])))

# combinatorics of small and degenerate inputs
print(list(product("ab", repeat=0)), list(product("ab", "", repeat=2)), list(product(range(2), "x", repeat=2)))
print(list(permutations("abc", 0)), list(permutations("ab", 3)), list(permutations([])), list(permutations(range(3), 1)))
print(list(combinations("", 0)), list(combinations("abc", 3)), list(combinations_with_replacement("", 0)),
      list(combinations_with_replacement("", 2)), list(combinations_with_replacement("ab", 3)))
print(len(list(permutations(range(7), 3))), len(list(combinations(range(12), 6))),
      len(list(combinations_with_replacement(range(6), 4))), len(list(product(range(4), repeat=4))))
print(sorted(permutations(range(4))) == list(permutations(range(4))), sum(1 for _ in it.pairwise(range(1000))))

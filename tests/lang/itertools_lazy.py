# itertools objects are lazy iterators: show the order in which items are pulled.
import itertools as it
def source(name, n):
    for i in range(n):
        print(f"  {name} yields {i}")
        yield i
print("chain:")
c = it.chain(source("a", 2), source("b", 2))
print(next(c), next(c), next(c))
print("islice:")
s = it.islice(source("s", 10), 1, 4, 2)
print(list(s))
print("takewhile:")
print(list(it.takewhile(lambda v: v < 2, source("t", 5))))
print("zip_longest:")
print(list(it.zip_longest(source("x", 1), source("y", 2))))
print("accumulate:")
acc = it.accumulate(source("z", 3))
print(next(acc), next(acc))

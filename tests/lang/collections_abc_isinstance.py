# collections.abc: isinstance/issubclass for built-in types and for classes that
# only define the methods (structural checks), plus the mixin methods of the ABCs.
from collections.abc import (Iterable, Iterator, Generator, Sized, Container, Callable,
    Hashable, Mapping, MutableMapping, Sequence, MutableSequence, Set, MutableSet,
    KeysView, ItemsView, ValuesView, Collection, Reversible, ByteString)
import collections.abc
from collections import OrderedDict, Counter, deque, defaultdict, namedtuple

def gen():
    yield 1

P = namedtuple('P', 'x y')
abcs = [Iterable, Iterator, Generator, Sized, Container, Callable, Hashable, Mapping,
        MutableMapping, Sequence, MutableSequence, Set, MutableSet, KeysView, ItemsView,
        ValuesView, Collection, Reversible, ByteString]
print(' ' * 11, ' '.join(a.__name__[:2] for a in abcs))
values = [1, 1.5, "s", b"b", bytearray(b"x"), [1], (1,), {1: 2}, {1}, frozenset(), range(3),
          iter([]), gen(), len, gen, lambda: 0, None, object(), {}.keys(), {}.items(),
          {}.values(), deque(), OrderedDict(), Counter(), defaultdict(int), P(1, 2), int,
          [].append]
for v in values:
    print(f'{type(v).__name__:11}', '  '.join('x' if isinstance(v, a) else '.' for a in abcs))

class It:
    def __iter__(self): return self
    def __next__(self): raise StopIteration
class NoHash:
    __hash__ = None
class Sz:
    def __len__(self): return 3
class Callme:
    def __call__(self): pass
class NoIter(list):
    __iter__ = None
for c in (It, NoHash, Sz, Callme, NoIter):
    print(f'{c.__name__:11}', '  '.join('x' if issubclass(c, a) else '.' for a in abcs))

class MyMap(Mapping):
    def __init__(self, d): self._d = d
    def __getitem__(self, k): return self._d[k]
    def __iter__(self): return iter(self._d)
    def __len__(self): return len(self._d)
m = MyMap({'a': 1, 'b': 2})
print(m['a'], m.get('z', 0), 'a' in m, list(m.keys()), list(m.items()), list(m.values()),
      m == {'a': 1, 'b': 2}, len(m), isinstance(m, Mapping), isinstance(m, MutableMapping))
print(m.keys() & {'a', 'q'}, m.items() | {('c', 3)} == {('a', 1), ('b', 2), ('c', 3)},
      ('a', 1) in m.items(), 2 in m.values(), KeysView({'a': 1}), ItemsView({}), len(ValuesView({1: 2})))

class MySeq(Sequence):
    def __init__(self, *items): self._items = items
    def __getitem__(self, i): return self._items[i]
    def __len__(self): return len(self._items)
s = MySeq(1, 2, 3, 2)
print(list(s), 2 in s, s.index(2), s.count(2), list(reversed(s)), s.index(2, 2))
try:
    s.index(9)
except ValueError as e:
    print("ValueError", repr(e))

class MyList(MutableSequence):
    def __init__(self): self._l = []
    def __getitem__(self, i): return self._l[i]
    def __setitem__(self, i, v): self._l[i] = v
    def __delitem__(self, i): del self._l[i]
    def __len__(self): return len(self._l)
    def insert(self, i, v): self._l.insert(i, v)
ml = MyList()
ml.append(1); ml.extend([2, 3]); ml += [4]; ml.reverse()
print(ml._l, ml.pop(), ml._l)
ml.remove(3)
print(ml._l)

class MySet(MutableSet):
    def __init__(self, it=()): self._s = set(it)
    def __contains__(self, x): return x in self._s
    def __iter__(self): return iter(sorted(self._s))
    def __len__(self): return len(self._s)
    def add(self, x): self._s.add(x)
    def discard(self, x): self._s.discard(x)
a, b = MySet([1, 2, 3]), MySet([2, 3, 4])
print(list(a & b), list(a | b), list(a - b), list(a ^ b), a <= b, MySet([2]) < a,
      a == MySet([3, 2, 1]), a.isdisjoint([7]))
a |= [9]; a -= [1]
print(list(a), a.pop(), list(a))

class MyDict(MutableMapping):
    def __init__(self): self._d = {}
    def __getitem__(self, k): return self._d[k]
    def __setitem__(self, k, v): self._d[k] = v
    def __delitem__(self, k): del self._d[k]
    def __iter__(self): return iter(self._d)
    def __len__(self): return len(self._d)
md = MyDict()
md.update({'a': 1}, b=2)
md.setdefault('c', 3)
print(md._d, md.pop('a'), md.pop('zz', None), md.popitem(), md._d)
try:
    md.pop('nope')
except KeyError as e:
    print("KeyError", e)

try:
    Mapping()
except TypeError as e:
    print("TypeError:", e)
class Half(Sequence):
    def __len__(self): return 0
try:
    Half()
except TypeError as e:
    print("TypeError:", e)
print(Iterable, type(Iterable).__name__, Iterable[int], Mapping[str, int],
      sorted(Sequence.__abstractmethods__), sorted(MutableMapping.__abstractmethods__))
print(issubclass(list, Reversible), issubclass(dict, Reversible), issubclass(MyMap, Reversible))
print(sorted(collections.abc.__all__))

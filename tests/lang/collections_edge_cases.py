# collections: the less common corners of deque, namedtuple, defaultdict,
# OrderedDict and Counter (errors, maxlen, rotation, views, multiset comparisons).
from collections import deque, namedtuple, defaultdict, OrderedDict, Counter
d = deque([1, 2, 3])
for f in [lambda: d[5], lambda: d[1:2], lambda: d.index(9), lambda: d.remove(9),
          lambda: deque(maxlen=-1), lambda: deque(maxlen='a'), lambda: d.rotate('a'),
          lambda: deque([1], 1).insert(0, 5), lambda: d + [1], lambda: d.__setitem__(7, 1),
          lambda: d.__delitem__(-7), lambda: deque(5), lambda: d * 'a', lambda: deque().popleft()]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
for mutate in (lambda q: q.append(1), lambda q: q.rotate(1)):
    q = deque([1, 2, 3])
    try:
        for x in q:
            mutate(q)
    except RuntimeError as e:
        print("RuntimeError", e)
d4 = deque()
d4.append(d4)
print(d4, deque([1, 2]) < deque([1, 3]), deque([1, 2]) <= deque([1, 2]), d.index(2, -2),
      d.index(3, 0, 100), deque([1]) != deque([1]), deque([1]) == [1])
d5 = deque([1, 2, 3], maxlen=3)
d5.extend([4, 5])
d5.extendleft([0])
print(d5)
d6 = deque([1, 2])
d6 += [3]
d6 *= 2
print(d6, deque([1, 2], 3) * 2, 2 * deque([1]), deque([1, 2, 3, 4]) * 0, deque([1, 2], 5) * 10)
d7 = deque(range(5))
del d7[1]
d7[0] = 9
print(d7, d7.maxlen, deque([1], 5).__copy__(), deque([1, 2, 3], 0), deque([1, 2, 3], 1))
d8 = deque([1, 2])
d8.extend(d8)
d8.extendleft(d8)
d9 = deque([1, 2, 3])
d9.rotate(10)
print(d8, d9, deque().rotate(3), list(reversed(deque("abc"))), deque(range(10), maxlen=3))
# deque against a list under a long mixed sequence of operations
ref, dq, seed = [], deque(), 12345
for step in range(3000):
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    op, v = seed % 10, seed % 97
    if op == 0:
        ref.append(v); dq.append(v)
    elif op == 1:
        ref.insert(0, v); dq.appendleft(v)
    elif op == 2 and ref:
        assert ref.pop() == dq.pop()
    elif op == 3 and ref:
        assert ref.pop(0) == dq.popleft()
    elif op == 4:
        k = v % 15 - 7
        if ref:
            k2 = k % len(ref)
            ref[:] = ref[len(ref) - k2:] + ref[:len(ref) - k2]
        dq.rotate(k)
    elif op == 5 and ref:
        i = v % len(ref) - len(ref) // 2
        assert ref[i] == dq[i]
        ref[i] = dq[i] = -v
    elif op == 6:
        i = v % (len(ref) + 5) - 2
        ref.insert(i, v); dq.insert(i, v)
    elif op == 7 and ref:
        i = v % len(ref)
        del ref[i]; del dq[i]
    elif op == 8:
        ref.reverse(); dq.reverse()
    elif op == 9:
        ref.extend([v, v + 1]); dq.extend([v, v + 1])
    assert list(dq) == ref and len(dq) == len(ref), step
print("deque matches list:", len(dq), list(reversed(dq)) == ref[::-1], dq.count(ref[0]) == ref.count(ref[0]))
class MyDeque(deque):
    pass
md = MyDeque([1, 2], 5)
print(md, md.copy(), type(md.copy()).__name__, md + md)

P = namedtuple('P', 'x y')
p = P(1, 2)
for f in [lambda: setattr(p, 'x', 5), lambda: delattr(p, 'x'), lambda: P(1), lambda: P(1, 2, 3),
          lambda: P(1, x=2), lambda: P(1, 2, z=3), lambda: P(), lambda: P._make([1]),
          lambda: p._replace(z=1), lambda: namedtuple('1a', 'x'), lambda: namedtuple('A', 'x x'),
          lambda: namedtuple('A', '_x'), lambda: namedtuple('A', 'x y', defaults=[1, 2, 3]),
          lambda: namedtuple('A', ['x', 1]), lambda: setattr(p, 'q', 1),
          lambda: namedtuple('A', 'def'), lambda: namedtuple('E', '')(1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(P.x, P.x.__doc__, P.__doc__, P.__new__.__doc__, P.__slots__, P._fields, P._field_defaults)
print(P(**{'x': 1, 'y': 2}), P.__match_args__, P.__module__, P, p.__getnewargs__())
C = namedtuple('C', 'a b c', defaults=[1, 2])
print(C(0), C.__new__.__qualname__, C._field_defaults, C(0, c=5))
for f in [lambda: C(), lambda: C(1, 2, 3, 4), lambda: namedtuple('Q', 'a b c')()]:
    try:
        f()
    except TypeError as e:
        print(e)
R = namedtuple('R', ['abc', 'def', 'ghi', 'abc', '1x', '_y'], rename=True)
E = namedtuple('E', '')
print(R._fields, R(1, 2, 3, 4, 5, 6)._asdict(), E(), E._fields, namedtuple('M', 'a', module='mymod').__module__)

dd = defaultdict(list, a=[1])
print(dd, dd.copy(), dd.__copy__(), type(dd.copy()).__name__, dd | {'b': 2}, {'z': 0} | dd,
      defaultdict(), defaultdict(None, {1: 2}))
try:
    defaultdict(5)
except TypeError as e:
    print(e)
dd2 = defaultdict(lambda: 'x')
dd3 = defaultdict(list)
dd3['a'] = dd3
print(dd2['q'], dd2 == {'q': 'x'}, dd3)

od = OrderedDict(a=1, b=2, c=3)
print(od.keys(), od.items(), od.values(), list(reversed(od.keys())), list(reversed(od.items())),
      'a' in od.keys(), ('a', 1) in od.items())
od.move_to_end('a', last=False)
print(od)
od.move_to_end('b', False)
print(od, od.popitem(False), od.popitem(True), od)
try:
    OrderedDict().popitem()
except KeyError as e:
    print("KeyError", e)
o2 = OrderedDict()
o2['self'] = o2
print(o2, OrderedDict(a=1) | {'b': 2}, {'b': 2} | OrderedDict(a=1), OrderedDict(a=1) != OrderedDict(a=1),
      OrderedDict(a=1, b=2) != OrderedDict(b=2, a=1))
print(od.copy(), type(od.copy()).__name__, od.keys() & {'c'})
od3 = OrderedDict.fromkeys('abc')
od3.update(d=4)
od3.setdefault('e', 5)
print(od3.pop('a'), od3)

print(Counter(a=0) == Counter(), Counter(a=1) <= Counter(a=2), Counter('ab') < Counter('abc'),
      Counter('abc') > Counter('ab'), Counter(a=1) >= Counter(a=1, b=1))
try:
    Counter.fromkeys('a')
except NotImplementedError as e:
    print("NotImplementedError", e)
c2 = Counter(a=3, b=1)
c2 += Counter(a=-5, c=2)
print(c2)
c2 -= Counter(c=1)
print(c2)
c2 |= Counter(c=5, d=-1)
print(c2)
c2 &= Counter(c=2)
print(c2, Counter({1: 'x', 2: 'y'}), Counter({'x': 1, 'y': 1.0}))
c = Counter('abracadabra')
print(c.copy(), Counter(Counter(a=2)), Counter(a=1) == {'a': 1}, Counter('hello') + Counter(),
      -Counter(a=-2, b=3), +Counter(a=-2, b=3), Counter(a=2, b=-1).total(), c.most_common(-1),
      list(Counter(a=-1, b=0, c=2).elements()))
cc = Counter()
cc.update(a=1)
cc.update({'a': 2})
cc.update(['a', 'b'])
cc.subtract(b=3)
cc.subtract(['a'])
del cc['zzz']
print(cc)
try:
    Counter(1, 2)
except TypeError as e:
    print(e)

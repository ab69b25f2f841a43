# collections.ChainMap, UserDict, UserList and UserString: lookups through the maps,
# writes to the first map, and the wrappers' list/str behaviour.
from collections import ChainMap, UserDict, UserList, UserString
c = ChainMap({'a': 1}, {'a': 2, 'b': 3})
print(c, c['a'], c['b'], len(c), list(c), c.get('z'), 'b' in c, c.maps, c.parents, c.new_child(), c.new_child({'q': 1}), bool(ChainMap()), ChainMap())
c['b'] = 9; print(c)
try: del c['zz']
except KeyError as e: print('KeyError', e)
try: ChainMap({}, {'a': 1}).pop('a')
except KeyError as e: print('KeyError', e)
try: ChainMap().popitem()
except KeyError as e: print('KeyError', e)
try: c['nope']
except KeyError as e: print('KeyError', e)
print(c | {'x': 1}, {'x': 1} | c, c.copy(), ChainMap.fromkeys('ab', 0), c == {'a': 1, 'b': 9}, c.new_child(z=1), dict(c), list(c.items()))
c2 = ChainMap({}); c2['self'] = c2; print(c2)
u = UserDict(a=1); print(u, u.data, repr(u), u | {'b': 2}, type(u.copy()).__name__, 'a' in u, u.get('q', 5), len(u), UserDict.fromkeys('xy', 1), {'z': 1} | u)
u |= {'k': 0}; print(u, dict(u), u == {'a': 1, 'k': 0}, u.pop('k'), u.setdefault('m', 3), u)
class UD(UserDict):
    def __missing__(self, k): return 0
ud = UD(q=1); ud.extra = 5; cp = ud.copy()
print(UD()['x'], type(cp).__name__, cp.extra, cp.data is not ud.data)
l = UserList([3, 1, 2]); l.sort(); print(l, l + [4], [0] + l, l * 2, 2 * l, l[1:], type(l[1:]).__name__, l == [1,2,3], l < [5], l.index(2), l.count(1))
l = UserList([1,2]); l += [3]; l *= 2; print(l, l.pop(), l.pop(0), l); l.insert(0, 9); l.extend(UserList([7])); l.remove(9); l.reverse(); print(l, l[0], len(l), 2 in l, l.index(2), l[::-1], type(l[::-1]).__name__)
del l[0]; l[0] = 5; print(l, l.sort(key=lambda x: -x), l, l.clear(), l, UserList('ab'), UserList(UserList([1])), l.copy(), type(l.copy()).__name__)
print(UserList([1]) + UserList([2]), UserList([1]) == UserList([1]), UserList([1]) != [1], UserList([1]) >= [0], UserList.__hash__)
s = UserString('abc'); print(s, repr(s), s.upper(), type(s.upper()).__name__, s + 'd', 'x' + s, s[1], s * 2, len(s), s == 'abc', 'b' in s, s.split('b'), s.encode(), s.replace('a', 'z'), s.center(7, '*'), s.join(['1','2']), list(s), type(list(s)[0]).__name__)
s = UserString('a-b')
print(s.partition('-'), s.count(UserString('-')), s.isalpha(), s.maketrans('a','b'), s.translate({97: 98}), type(s.translate({97:98})).__name__, s.splitlines(), s.zfill(5), s < 'b', s.__getnewargs__(), int(UserString('5')), float(UserString('1.5')), hash(UserString('a')) == hash('a'), UserString('%s!') % 'x', s.removeprefix('a'), s.upper.__name__, s.find('b'), s.startswith('a'), str(s), f'{s}', sorted([UserString('b'), UserString('a')]))

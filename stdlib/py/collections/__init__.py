"""Specialised container types beyond dict, list, set and tuple.

namedtuple()  factory for tuple subclasses whose items also have names
deque         list-like sequence with fast appends and pops at both ends
ChainMap      one view over several mappings, searched in order
Counter       dict subclass that counts hashable objects
OrderedDict   dict subclass with order-aware extras (move_to_end, ...)
defaultdict   dict subclass that builds missing values with a factory
UserDict, UserList, UserString  wrappers that are easy to subclass
"""

__all__ = ['ChainMap', 'Counter', 'OrderedDict', 'UserDict', 'UserList',
           'UserString', 'defaultdict', 'deque', 'namedtuple']

import sys as _sys
import keyword as _keyword
from collections import abc as _abc
import abc as _abc_module

_GenericAlias = type(list[int])


# ---------------------------------------------------------------------------
# Shared helpers

# ids of the objects whose repr is being computed right now; a repr that
# comes back to one of them (a container holding itself) shows a marker.
_reprs_in_progress = set()


def _repr_or_marker(obj, render, marker):
    """render() unless obj's repr is already being built further up the
    stack, in which case marker."""
    key = id(obj)
    if key in _reprs_in_progress:
        return marker
    _reprs_in_progress.add(key)
    try:
        return render()
    finally:
        _reprs_in_progress.discard(key)


def _as_int(value):
    """value converted through __index__, as sequence positions are; the
    TypeError names the offending type the way CPython words it."""
    if isinstance(value, int):
        return int(value)
    convert = getattr(type(value), '__index__', None)
    if convert is None:
        raise TypeError(f"'{type(value).__name__}' object cannot be "
                        "interpreted as an integer")
    return convert(value)


# ---------------------------------------------------------------------------
# namedtuple

_tuple_item = tuple.__getitem__
_tuple_new = tuple.__new__
_tuple_iter = tuple.__iter__


class _tuplegetter:
    """Read-only descriptor returning one item of a tuple: the accessor a
    namedtuple class has for each field name."""

    def __init__(self, index, doc):
        self._slot = index
        self.__doc__ = doc

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return _tuple_item(instance, self._slot)

    def __set__(self, instance, value):
        raise AttributeError("can't set attribute")

    def __delete__(self, instance):
        raise AttributeError("can't delete attribute")

    def __repr__(self):
        return f'{type(self).__name__}({self._slot!r}, {self.__doc__!r})'

    def __reduce__(self):
        return type(self), (self._slot, self.__doc__)


def _name_problem(name):
    """Why name cannot be a type or field name, or None when it can."""
    if name.isidentifier():
        if _keyword.iskeyword(name):
            return f'Type names and field names cannot be a keyword: {name!r}'
        return None
    return f'Type names and field names must be valid identifiers: {name!r}'


def _renamed_fields(names):
    """names with each unusable entry (invalid, a keyword, underscored, or a
    repeat) replaced by _<its position>."""
    earlier = set()
    result = []
    for position, name in enumerate(names):
        usable = (_name_problem(name) is None and name[:1] != '_'
                  and name not in earlier)
        result.append(name if usable else f'_{position}')
        earlier.add(name)
    return result


def _validated_fields(cls_name, names, rename):
    """The final field names, after renaming (when asked) and validation."""
    if rename:
        names = _renamed_fields(names)
    for name in (cls_name, *names):
        problem = _name_problem(name)
        if problem is not None:
            raise ValueError(problem)
    earlier = set()
    for name in names:
        if name[:1] == '_' and not rename:
            raise ValueError(f'Field names cannot start with an underscore: {name!r}')
        if name in earlier:
            raise ValueError(f'Encountered duplicate field name: {name!r}')
        earlier.add(name)
    return tuple(_sys.intern(name) for name in names)


def _compile_new(fields):
    """The class's __new__, compiled so that its parameters are the field
    names: calls then bind (and fail) exactly like an ordinary function's."""
    params = ', '.join(fields)
    items = ''.join(f'{name}, ' for name in fields)
    source = (f'def __new__(_cls, {params}):\n'
              f'    return _build(_cls, ({items}))\n')
    scope = {'_build': _tuple_new, '__name__': __name__}
    exec(source, scope)
    return scope['__new__']


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """Return a new tuple subclass named typename whose items can also be read
    as attributes named by field_names (a list of strings, or one string of
    names separated by spaces and/or commas).

    >>> Pair = namedtuple('Pair', 'left right')
    >>> pair = Pair(1, right=2)
    >>> pair.left, pair[1], pair
    (1, 2, Pair(left=1, right=2))
    """
    raw = field_names.replace(',', ' ').split() if isinstance(field_names, str) else field_names
    cls_name = _sys.intern(str(typename))
    fields = _validated_fields(cls_name, [str(name) for name in raw], rename)
    arity = len(fields)
    listing = ', '.join(fields)

    default_values = None if defaults is None else tuple(defaults)
    if default_values is not None and len(default_values) > arity:
        raise TypeError('Got more default values than field names')
    with_defaults = fields[arity - len(default_values):] if default_values else ()
    defaults_by_name = dict(zip(with_defaults, default_values or ()))

    constructor = _compile_new(fields)
    constructor.__doc__ = f'Create new instance of {cls_name}({listing})'
    if default_values is not None:
        constructor.__defaults__ = default_values

    def _make(cls, iterable):
        made = _tuple_new(cls, iterable)
        if len(made) != arity:
            raise TypeError(f'Expected {arity} arguments, got {len(made)}')
        return made

    def _replace(self, /, **kwds):
        updated = [kwds.pop(name, old) for name, old in zip(fields, _tuple_iter(self))]
        if kwds:
            raise ValueError(f'Got unexpected field names: {list(kwds)!r}')
        return self._make(updated)

    def __repr__(self):
        pairs = zip(fields, _tuple_iter(self))
        return type(self).__name__ + '(' + ', '.join(
            f'{name}={value!r}' for name, value in pairs) + ')'

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        return tuple(self)

    docs = {
        _make: f'Build a {cls_name} from the items of an iterable.',
        _replace: f'A copy of this {cls_name} with the named fields changed.',
        __repr__: 'The fields as name=value pairs.',
        _asdict: 'A dict from field names to values.',
        __getnewargs__: 'The items as a plain tuple (for copy and pickle).',
    }
    namespace = {
        '__doc__': f'{cls_name}({listing})',
        '__slots__': (),
        '_fields': fields,
        '_field_defaults': defaults_by_name,
        '__match_args__': fields,
        # Without frame introspection the caller's module cannot be found,
        # so classes default to living in __main__.
        '__module__': '__main__' if module is None else module,
    }
    for function in (constructor, _make, _replace, __repr__, _asdict, __getnewargs__):
        function.__qualname__ = f'{cls_name}.{function.__name__}'
        if function in docs:
            function.__doc__ = docs[function]
        namespace[function.__name__] = function
    namespace['_make'] = classmethod(_make)
    for position, name in enumerate(fields):
        namespace[name] = _tuplegetter(position, f'Alias for field number {position}')
    return type(cls_name, (tuple,), namespace)


# ---------------------------------------------------------------------------
# deque: the items are _items[_head:].  The slots in front of _head are
# spare room (holding None) so that appendleft is usually a plain store;
# popleft leaves a hole there too, and the holes are cut away once they
# outnumber the items, which keeps both ends O(1) amortized.

_FRONT_ROOM = 8


def _mutated():
    return RuntimeError('deque mutated during iteration')


class deque:
    """A double-ended queue: a sequence with O(1) appends and pops at both
    ends, built from an optional iterable.  Given a maxlen, it never grows
    past it: adding to a full deque discards an item at the other end."""
    __slots__ = ('_items', '_head', '_limit', '_version')

    # _version changes with every operation that changes the length or the
    # rotation; iterators watch it.  The other operations (item assignment,
    # reverse) leave the _items list object and _head as they are.

    def __new__(cls, *args, **kwargs):
        self = object.__new__(cls)
        self._items = []
        self._head = 0
        self._limit = None
        self._version = 0
        return self

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError('an integer is required')
            maxlen = int(maxlen)
            if maxlen < 0:
                raise ValueError('maxlen must be non-negative')
        self._limit = maxlen
        if len(self._items) > self._head:
            deque.clear(self)
        deque.extend(self, iterable)

    # -- helpers ---------------------------------------------------------------

    def _live(self):
        """The items, front to back, as a new list."""
        return self._items[self._head:]

    def _replace(self, items):
        """Make the list items the whole contents."""
        self._items = items
        self._head = 0

    def _open_front(self, needed):
        """Make at least `needed` spare slots in front of the items."""
        items, head = self._items, self._head
        pad = max(needed, len(items) - head, _FRONT_ROOM)
        items[:head] = [None] * pad
        self._head = pad

    def _position(self, index):
        """A valid offset from the front for index (negative counts from the
        back); IndexError when out of range."""
        size = len(self._items) - self._head
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError('deque index out of range')
        return index

    # -- adding and removing at the ends -------------------------------------

    @property
    def maxlen(self):
        """The maximum size of the deque, or None when unbounded."""
        return self._limit

    def append(self, x):
        """Add x at the right end."""
        self._version += 1
        limit = self._limit
        if limit is not None and len(self._items) - self._head >= limit:
            if not limit:
                return
            deque.popleft(self)
        self._items.append(x)

    def appendleft(self, x):
        """Add x at the left end."""
        self._version += 1
        limit = self._limit
        if limit is not None and len(self._items) - self._head >= limit:
            if not limit:
                return
            self._items.pop()
        if not self._head:
            self._open_front(1)
        head = self._head - 1
        self._items[head] = x
        self._head = head

    def pop(self):
        """Remove and return the rightmost item."""
        items = self._items
        if len(items) == self._head:
            raise IndexError('pop from an empty deque')
        self._version += 1
        return items.pop()

    def popleft(self):
        """Remove and return the leftmost item."""
        items = self._items
        head = self._head
        try:
            item = items[head]
        except IndexError:
            raise IndexError('pop from an empty deque') from None
        self._version += 1
        items[head] = None
        head += 1
        if head * 2 > len(items) and head > _FRONT_ROOM:
            del items[:head]
            head = 0
        self._head = head
        return item

    def extend(self, iterable):
        """Append every item of iterable at the right end."""
        extra = list(iterable)
        if not extra:
            return
        self._version += 1
        limit = self._limit
        if limit is not None and len(self._items) - self._head + len(extra) > limit:
            if len(extra) < limit:
                extra = self._live() + extra
            self._replace(extra[len(extra) - limit:])
        else:
            self._items.extend(extra)

    def extendleft(self, iterable):
        """Append every item of iterable at the left end (so they end up in
        reverse order)."""
        extra = list(iterable)
        if not extra:
            return
        extra.reverse()
        self._version += 1
        limit = self._limit
        if limit is not None and len(self._items) - self._head + len(extra) > limit:
            if len(extra) < limit:
                extra += self._live()
            self._replace(extra[:limit])
            return
        if self._head < len(extra):
            self._open_front(len(extra))
        start = self._head - len(extra)
        self._items[start:self._head] = extra
        self._head = start

    def clear(self):
        """Remove every item."""
        if len(self._items) > self._head:
            self._version += 1
            self._replace([])

    # -- whole-deque operations ----------------------------------------------

    def copy(self):
        """A shallow copy."""
        cls = type(self)
        if cls is deque:
            twin = object.__new__(deque)
            twin._items = self._live()
            twin._head = 0
            twin._limit = self._limit
            twin._version = 0
            return twin
        if self._limit is None:
            return cls(self)
        return cls(self, self._limit)

    __copy__ = copy

    def count(self, value):
        """How many items equal value."""
        return self._live().count(value)

    def index(self, value, start=0, stop=_sys.maxsize):
        """The position of the first item equal to value within
        [start:stop]; ValueError when there is none."""
        try:
            return self._live().index(value, start, stop)
        except ValueError:
            raise ValueError(f'{value!r} is not in deque') from None

    def insert(self, index, value):
        """Put value in front of position index."""
        limit = self._limit
        size = len(self._items) - self._head
        if limit is not None and size >= limit:
            raise IndexError('deque already at its maximum size')
        index = _as_int(index)
        if index >= size:
            deque.append(self, value)
        elif index <= -size or index == 0:
            deque.appendleft(self, value)
        else:
            self._version += 1
            self._items.insert(self._head + index % size, value)

    def remove(self, value):
        """Remove the first item equal to value; ValueError when absent."""
        try:
            where = self._live().index(value)
        except ValueError:
            raise ValueError(f'{value!r} is not in deque') from None
        deque.__delitem__(self, where)

    def reverse(self):
        """Reverse the items in place."""
        live = self._live()
        live.reverse()
        self._items[self._head:] = live

    def rotate(self, n=1):
        """Rotate n steps to the right (to the left when n is negative)."""
        steps = _as_int(n)
        self._version += 1
        size = len(self._items) - self._head
        if size < 2:
            return
        steps %= size
        shortest = min(steps, size - steps)
        if not shortest:
            return
        if shortest > 32:
            live = self._live()
            self._replace(live[size - steps:] + live[:size - steps])
        elif steps == shortest:
            # carry the last `steps` items round to the front
            items = self._items
            if self._head < steps:
                self._open_front(steps)
            start = self._head - steps
            items[start:self._head] = items[len(items) - steps:]
            del items[len(items) - steps:]
            self._head = start
        else:
            # carry the first `shortest` items round to the back
            items, head = self._items, self._head
            items.extend(items[head:head + shortest])
            items[head:head + shortest] = [None] * shortest
            self._head = head + shortest
            if self._head > _FRONT_ROOM and self._head * 2 > len(items):
                self._replace(self._live())

    # -- sequence protocol ---------------------------------------------------

    def __len__(self):
        return len(self._items) - self._head

    def __getitem__(self, index):
        if not isinstance(index, int):
            if getattr(type(index), '__index__', None) is None:
                raise TypeError('sequence index must be integer, not '
                                f"'{type(index).__name__}'")
            index = _as_int(index)
        return self._items[self._head + self._position(index)]

    def __setitem__(self, index, value):
        offset = self._position(_as_int(index))
        self._items[self._head + offset] = value

    def __delitem__(self, index):
        offset = self._position(_as_int(index))
        if offset == 0:
            deque.popleft(self)
        else:
            self._version += 1
            del self._items[self._head + offset]

    def __contains__(self, value):
        return value in self._live()

    def _walk(self, backwards):
        """Generator over the items, failing as soon as the deque's length
        or rotation changes."""
        version = self._version
        items, head = self._items, self._head
        size = len(items) - head
        spots = range(len(items) - 1, head - 1, -1) if backwards else range(head, head + size)
        for spot in spots:
            if self._version != version:
                raise _mutated()
            yield items[spot]
        if self._version != version:
            raise _mutated()

    def __iter__(self):
        return deque._walk(self, False)

    def __reversed__(self):
        return deque._walk(self, True)

    def __repr__(self):
        def render():
            body = repr(self._live())
            if self._limit is None:
                return f'{type(self).__name__}({body})'
            return f'{type(self).__name__}({body}, maxlen={self._limit})'
        return _repr_or_marker(self, render, '[...]')

    def __reduce__(self):
        state = getattr(self, '__dict__', None) or None
        args = () if self._limit is None else ((), self._limit)
        return type(self), args, state, deque._walk(self, False)

    # -- comparisons and arithmetic ------------------------------------------

    def _against(self, other, compare):
        if isinstance(other, deque):
            return compare(self._live(), other._live())
        return NotImplemented

    def __eq__(self, other):
        return self._against(other, lambda mine, theirs: mine == theirs)

    def __ne__(self, other):
        return self._against(other, lambda mine, theirs: mine != theirs)

    def __lt__(self, other):
        return self._against(other, lambda mine, theirs: mine < theirs)

    def __le__(self, other):
        return self._against(other, lambda mine, theirs: mine <= theirs)

    def __gt__(self, other):
        return self._against(other, lambda mine, theirs: mine > theirs)

    def __ge__(self, other):
        return self._against(other, lambda mine, theirs: mine >= theirs)

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, deque):
            # A reflected __add__ on the right gets its chance first, as it
            # would before a built-in sequence concatenation.
            reflected = getattr(type(other), '__radd__', None)
            if reflected is not None:
                outcome = reflected(other, self)
                if outcome is not NotImplemented:
                    return outcome
            raise TypeError('can only concatenate deque (not '
                            f'"{type(other).__name__}") to deque')
        joined = deque.copy(self)
        deque.extend(joined, other)
        return joined

    def __iadd__(self, other):
        deque.extend(self, other)
        return self

    def _repeat_count(self, n):
        try:
            return _as_int(n)
        except TypeError:
            raise TypeError("can't multiply sequence by non-int of type "
                            f"'{type(n).__name__}'") from None

    def __mul__(self, n):
        times = self._repeat_count(n)
        repeated = deque.copy(self)
        deque.__imul__(repeated, times)
        return repeated

    __rmul__ = __mul__

    def __imul__(self, n):
        times = self._repeat_count(n)
        if times <= 0:
            deque.clear(self)
        elif times > 1 and len(self._items) > self._head:
            items = self._live()
            limit = self._limit
            if limit is not None:
                # only the last `limit` items survive, so fewer copies do
                times = min(times, limit // len(items) + 2)
            deque.extend(self, items * (times - 1))
        return self

    __class_getitem__ = classmethod(_GenericAlias)


# ---------------------------------------------------------------------------
# defaultdict

class defaultdict(dict):
    """A dict that fills in missing keys: looking one up calls
    default_factory() with no arguments and stores the result under the
    key.  The remaining constructor arguments are those of dict().  While
    default_factory is None, missing keys raise KeyError as usual."""
    __slots__ = ('default_factory',)

    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        dict.__init__(self, *args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        make = self.default_factory
        if make is None:
            raise KeyError(key)
        self[key] = fresh = make()
        return fresh

    def __repr__(self):
        make = self.default_factory
        if make is None:
            shown = 'None'
        else:
            shown = _repr_or_marker(make, lambda: repr(make), '...')
        return f'{type(self).__name__}({shown}, {dict.__repr__(self)})'

    def copy(self):
        """A shallow copy with the same default_factory."""
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        make = self.default_factory
        args = () if make is None else (make,)
        return type(self), args, None, None, iter(self.items())

    def _joined(self, first, second):
        merged = type(self)(self.default_factory, first)
        dict.update(merged, second)
        return merged

    def __or__(self, other):
        return self._joined(self, other) if isinstance(other, dict) else NotImplemented

    def __ror__(self, other):
        return self._joined(other, self) if isinstance(other, dict) else NotImplemented


# ---------------------------------------------------------------------------
# OrderedDict: a dict subclass; dict already keeps insertion order, so the
# extras are built on dict's own order.

def _store_pairs(target, source, kwds):
    """Assign every pair of source (a mapping, something with keys(), or an
    iterable of pairs) and then of kwds through target[key] = value."""
    if isinstance(source, _abc.Mapping) or hasattr(source, 'keys'):
        keys = source if isinstance(source, _abc.Mapping) else source.keys()
        for key in keys:
            target[key] = source[key]
    else:
        for pair in source:
            parts = tuple(pair)
            if len(parts) != 2:
                if len(parts) > 2:
                    raise ValueError('too many values to unpack (expected 2)')
                noun = 'value' if len(parts) == 1 else 'values'
                raise ValueError(f'need more than {len(parts)} {noun} to unpack')
            target[parts[0]] = parts[1]
    for key in kwds:
        target[key] = kwds[key]


def _view_class(name, base, forwards, backwards):
    """One of OrderedDict's view types: a collections.abc view that iterates
    with the underlying dict's fast iterators and reprs as name([...])."""
    def __iter__(self):
        return forwards(self._mapping)

    def __reversed__(self):
        return backwards(self._mapping)

    def __repr__(self):
        return f'{type(self).__name__}({list(self)!r})'

    space = {'__slots__': (), '__iter__': __iter__, '__reversed__': __reversed__,
             '__repr__': __repr__, '__module__': 'builtins'}
    return type(name, (base,), space)


_odict_keys = _view_class('odict_keys', _abc.KeysView,
                          lambda od: iter(dict.keys(od)),
                          lambda od: reversed(dict.keys(od)))
_odict_items = _view_class('odict_items', _abc.ItemsView,
                           lambda od: iter(dict.items(od)),
                           lambda od: reversed(dict.items(od)))
_odict_values = _view_class('odict_values', _abc.ValuesView,
                            lambda od: iter(dict.values(od)),
                            lambda od: reversed(dict.values(od)))


class OrderedDict(dict):
    """Dictionary that remembers insertion order, with move_to_end(), a
    popitem() that can take from either end, and order-sensitive ==
    between OrderedDicts."""

    def __init__(self, *args, **kwds):
        if len(args) > 1:
            raise TypeError(f'expected at most 1 arguments, got {len(args)}')
        _store_pairs(self, args[0] if args else (), kwds)

    def update(self, *args, **kwds):
        """Add the pairs of a mapping or iterable of pairs, then keywords."""
        if len(args) > 1:
            raise TypeError('update() takes at most 1 positional argument '
                            f'({len(args)} given)')
        _store_pairs(self, args[0] if args else (), kwds)

    def move_to_end(self, key, last=True):
        """Move an existing key to the end, or to the front when last is
        false; KeyError when the key is absent."""
        if not dict.__contains__(self, key):
            raise KeyError(key)
        moving = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, moving)
        else:
            rest = list(dict.items(self))
            dict.clear(self)
            dict.__setitem__(self, key, moving)
            dict.update(self, rest)

    def popitem(self, last=True):
        """Remove and return a (key, value) pair: the newest when last is
        true, otherwise the oldest."""
        if not dict.__len__(self):
            raise KeyError('dictionary is empty')
        order = reversed(dict.keys(self)) if last else iter(dict.keys(self))
        key = next(order)
        return key, dict.pop(self, key)

    def setdefault(self, key, default=None):
        """self[key], first storing default there when key is absent."""
        try:
            return self[key]
        except KeyError:
            pass
        self[key] = default
        return default

    def keys(self):
        """A set-like view of the keys, in order."""
        return _odict_keys(self)

    def items(self):
        """A set-like view of the (key, value) pairs, in order."""
        return _odict_items(self)

    def values(self):
        """A view of the values, in order."""
        return _odict_values(self)

    @classmethod
    def fromkeys(cls, iterable, value=None):
        """A new OrderedDict with the keys of iterable, all mapped to value."""
        made = cls()
        for key in iterable:
            made[key] = value
        return made

    def copy(self):
        """A shallow copy."""
        twin = type(self)()
        for key, value in dict.items(self):
            twin[key] = value
        return twin

    def __reduce__(self):
        state = dict(vars(self)) or None
        return type(self), (), state, None, iter(self.items())

    def __repr__(self):
        name = type(self).__name__
        if not self:
            return f'{name}()'
        return _repr_or_marker(
            self, lambda: f'{name}({list(self.items())!r})', '...')

    def __eq__(self, other):
        same = dict.__eq__(self, other)
        if same is True and isinstance(other, OrderedDict):
            return list(dict.keys(self)) == list(dict.keys(other))
        return same

    def __ne__(self, other):
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    __hash__ = None

    def _joined(self, first, second):
        merged = type(self)(first)
        _store_pairs(merged, second, {})
        return merged

    def __or__(self, other):
        return self._joined(self, other) if isinstance(other, dict) else NotImplemented

    def __ror__(self, other):
        return self._joined(other, self) if isinstance(other, dict) else NotImplemented

    def __ior__(self, other):
        _store_pairs(self, other, {})
        return self


# ---------------------------------------------------------------------------
# Counter

def _by_count(pair):
    return pair[1]


class Counter(dict):
    """A dict mapping elements to counts, for tallying hashable objects.

    >>> tally = Counter('banana')
    >>> tally['a'], tally['z'], tally.most_common(1)
    (3, 0, [('a', 3)])

    Missing elements count as zero; counts may be zero or negative.  The
    operators + - | & combine counters like multisets, keeping only positive
    results.
    """

    def __init__(self, iterable=None, /, **kwds):
        dict.__init__(self)
        add = self.update
        add(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        """The sum of all the counts."""
        return sum(self.values())

    def most_common(self, n=None):
        """The (element, count) pairs, highest counts first (ties keep
        insertion order); only the first n when n is given."""
        ranked = sorted(self.items(), key=_by_count, reverse=True)
        if n is None:
            return ranked
        return ranked[:n] if n > 0 else []

    def elements(self):
        """An iterator repeating each element as many times as its count
        (elements with counts below one are skipped)."""
        for element, times in self.items():
            for _ in range(times):
                yield element

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError('Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        """Add counts: from a mapping of counts, or one per item of an
        iterable, then from the keywords."""
        if iterable is not None:
            if not isinstance(iterable, _abc.Mapping):
                current = self.get
                for element in iterable:
                    self[element] = current(element, 0) + 1
            elif self:
                current = self.get
                for element, extra in iterable.items():
                    self[element] = extra + current(element, 0)
            else:
                dict.update(self, iterable)
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        """Subtract counts: from a mapping of counts, or one per item of an
        iterable, then from the keywords.  Counts may go negative."""
        if iterable is not None:
            current = self.get
            if isinstance(iterable, _abc.Mapping):
                for element, fewer in iterable.items():
                    self[element] = current(element, 0) - fewer
            else:
                for element in iterable:
                    self[element] = current(element, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        """A shallow copy."""
        return type(self)(self)

    def __reduce__(self):
        return (type(self), (dict(self),))

    def __delitem__(self, elem):
        if elem in self:
            dict.__delitem__(self, elem)

    def __repr__(self):
        name = type(self).__name__
        if not self:
            return f'{name}()'
        try:
            shown = dict(self.most_common())
        except TypeError:
            shown = dict(self)
        return f'{name}({shown!r})'

    # -- multiset comparisons ------------------------------------------------

    def _every_count(self, other, holds):
        if isinstance(other, Counter):
            for side in (self, other):
                for element in side:
                    if not holds(self[element], other[element]):
                        return False
            return True
        return NotImplemented

    def __eq__(self, other):
        return self._every_count(other, lambda mine, theirs: mine == theirs)

    def __ne__(self, other):
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    def __le__(self, other):
        return self._every_count(other, lambda mine, theirs: mine <= theirs)

    def __ge__(self, other):
        return self._every_count(other, lambda mine, theirs: mine >= theirs)

    def __lt__(self, other):
        outcome = self.__le__(other)
        return outcome if outcome is NotImplemented else (outcome and self != other)

    def __gt__(self, other):
        outcome = self.__ge__(other)
        return outcome if outcome is NotImplemented else (outcome and self != other)

    __hash__ = None

    # -- multiset arithmetic (results keep only positive counts) -------------

    def _combined(self, other, shared, only_other):
        """A new Counter from shared(mine, theirs) for self's elements, then
        only_other(theirs) (when given) for elements that only other has;
        results that are not positive are left out."""
        if isinstance(other, Counter):
            result = Counter()
            for element, mine in self.items():
                value = shared(mine, other[element])
                if value > 0:
                    result[element] = value
            if only_other is not None:
                for element, theirs in other.items():
                    if element not in self:
                        value = only_other(theirs)
                        if value > 0:
                            result[element] = value
            return result
        return NotImplemented

    def __add__(self, other):
        return self._combined(other, lambda mine, theirs: mine + theirs,
                              lambda theirs: theirs)

    def __sub__(self, other):
        return self._combined(other, lambda mine, theirs: mine - theirs,
                              lambda theirs: 0 - theirs)

    def __or__(self, other):
        return self._combined(other,
                              lambda mine, theirs: theirs if mine < theirs else mine,
                              lambda theirs: theirs)

    def __and__(self, other):
        return self._combined(other,
                              lambda mine, theirs: mine if mine < theirs else theirs,
                              None)

    def _filtered(self, keep):
        result = Counter()
        for element, count in self.items():
            value = keep(count)
            if value is not None:
                result[element] = value
        return result

    def __pos__(self):
        return self._filtered(lambda count: count if count > 0 else None)

    def __neg__(self):
        return self._filtered(lambda count: 0 - count if count < 0 else None)

    def _drop_non_positive(self):
        for element in [e for e, count in self.items() if not count > 0]:
            del self[element]
        return self

    def __iadd__(self, other):
        for element, extra in other.items():
            self[element] += extra
        return self._drop_non_positive()

    def __isub__(self, other):
        for element, fewer in other.items():
            self[element] -= fewer
        return self._drop_non_positive()

    def __ior__(self, other):
        for element, theirs in other.items():
            if theirs > self[element]:
                self[element] = theirs
        return self._drop_non_positive()

    def __iand__(self, other):
        for element, mine in self.items():
            theirs = other[element]
            if theirs < mine:
                self[element] = theirs
        return self._drop_non_positive()


# ---------------------------------------------------------------------------
# ChainMap

class ChainMap(_abc.MutableMapping):
    """A single updatable view over a list of mappings (self.maps).  Lookups
    search the maps in order; writes, updates and deletions only touch the
    first one."""

    def __init__(self, *maps):
        self.maps = list(maps) if maps else [{}]

    @property
    def _front(self):
        return self.maps[0]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for layer in self.maps:
            try:
                return layer[key]
            except KeyError:
                continue
        return self.__missing__(key)

    def get(self, key, default=None):
        if key in self:
            return self[key]
        return default

    def _all_keys(self):
        """Every key, once each, ordered as in the last map first and then
        the new ones each earlier map adds."""
        seen = {}
        for layer in self.maps[::-1]:
            for key in layer:
                seen[key] = None
        return seen

    def __len__(self):
        return len(self._all_keys())

    def __iter__(self):
        return iter(self._all_keys())

    def __contains__(self, key):
        for layer in self.maps:
            if key in layer:
                return True
        return False

    def __bool__(self):
        return any(self.maps)

    def __repr__(self):
        def render():
            inner = ', '.join(repr(layer) for layer in self.maps)
            return f'{type(self).__name__}({inner})'
        return _repr_or_marker(self, render, '...')

    @classmethod
    def fromkeys(cls, iterable, *args):
        """A ChainMap over a new dict with the keys of iterable."""
        seed = dict.fromkeys(iterable, *args)
        return cls(seed)

    def copy(self):
        """A new ChainMap with a copy of maps[0] and the other maps shared."""
        head, *tail = self.maps
        return type(self)(head.copy(), *tail)

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        """A new ChainMap with m (a new dict by default, plus any keywords)
        in front of the current maps."""
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return type(self)(m, *self.maps)

    @property
    def parents(self):
        """A new ChainMap over every map but the first."""
        return type(self)(*self.maps[1:])

    def __setitem__(self, key, value):
        self._front[key] = value

    def __delitem__(self, key):
        try:
            del self._front[key]
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}') from None

    def popitem(self):
        """Remove and return a pair from maps[0]; KeyError when it is empty."""
        front = self._front
        try:
            return front.popitem()
        except KeyError:
            raise KeyError('No keys found in the first mapping.') from None

    def pop(self, key, *args):
        """Remove key from maps[0] and return its value."""
        front = self._front
        try:
            return front.pop(key, *args)
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}') from None

    def clear(self):
        """Empty maps[0]."""
        self._front.clear()

    def __ior__(self, other):
        front = self._front
        front.update(other)
        return self

    def __or__(self, other):
        if isinstance(other, _abc.Mapping):
            combined = self.copy()
            combined._front.update(other)
            return combined
        return NotImplemented

    def __ror__(self, other):
        if isinstance(other, _abc.Mapping):
            flat = dict(other)
            for layer in self.maps[::-1]:
                flat.update(layer)
            return type(self)(flat)
        return NotImplemented


# ---------------------------------------------------------------------------
# UserDict, UserList, UserString: wrappers around a real dict/list/str kept
# in the attribute `data`.

def _clone_with(obj, data):
    """A copy of obj made without calling __init__: same attributes, with
    `data` replaced."""
    cls = type(obj)
    twin = cls.__new__(cls)
    attributes = dict(vars(obj))
    attributes['data'] = data
    vars(twin).update(attributes)
    return twin


def _forwarding(unwrap, table):
    """Class decorator adding methods that hand their arguments on to the
    same-named method of self.data.

    Each row of table is (name, parameters, rewrap, converted): parameters
    is the method's parameter list after self, as written in a def; the
    arguments named in converted go through unwrap() first; with rewrap the
    result is wrapped back into the class of the object called."""
    scope = {'_unwrap': unwrap, '_maxsize': _sys.maxsize, '__name__': __name__}

    def build(cls):
        for name, parameters, rewrap, converted in table:
            passed = []
            for parameter in parameters.split(','):
                parameter = parameter.strip()
                if parameter and parameter != '/':
                    bare = parameter.partition('=')[0]
                    passed.append(f'_unwrap({bare})' if bare in converted else bare)
            call = f"self.data.{name}({', '.join(passed)})"
            if rewrap:
                call = f'self.__class__({call})'
            signature = f'self, {parameters}' if parameters else 'self'
            exec(f'def {name}({signature}):\n    return {call}\n', scope)
            method = scope.pop(name)
            method.__qualname__ = f'{cls.__name__}.{name}'
            setattr(cls, name, method)
        return _abc_module.update_abstractmethods(cls)
    return build


class UserDict(_abc.MutableMapping):
    """A mapping that keeps its items in a real dict, self.data; handy as a
    base class."""

    def __init__(self, dict=None, /, **kwargs):
        self.data = {}
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        store = self.data
        if key in store:
            return store[key]
        fallback = getattr(type(self), '__missing__', None)
        if fallback is None:
            raise KeyError(key)
        return fallback(self, key)

    def __setitem__(self, key, item):
        self.data[key] = item

    def __delitem__(self, key):
        del self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __contains__(self, key):
        return key in self.data

    def __repr__(self):
        return repr(self.data)

    @staticmethod
    def _plain(other):
        """other's dict (a UserDict's data, or a dict itself), else None."""
        plain = other.data if isinstance(other, UserDict) else other
        return plain if isinstance(plain, dict) else None

    def __or__(self, other):
        theirs = self._plain(other)
        if theirs is None:
            return NotImplemented
        return type(self)(self.data | theirs)

    def __ror__(self, other):
        theirs = self._plain(other)
        if theirs is None:
            return NotImplemented
        return type(self)(theirs | self.data)

    def __ior__(self, other):
        theirs = other.data if isinstance(other, UserDict) else other
        self.data |= theirs
        return self

    def __copy__(self):
        return _clone_with(self, dict(self.data))

    def copy(self):
        """A shallow copy; a subclass's copy is refilled through its own
        __setitem__."""
        if type(self) is UserDict:
            return UserDict(dict(self.data))
        contents = self.data
        self.data = {}
        try:
            twin = self.__copy__()
        finally:
            self.data = contents
        twin.update(self)
        return twin

    @classmethod
    def fromkeys(cls, iterable, value=None):
        """A new instance with the keys of iterable, all mapped to value."""
        made = cls()
        for key in iterable:
            made[key] = value
        return made


def _list_of(other):
    """The list behind a UserList, or other itself."""
    wrapped = isinstance(other, UserList)
    return other.data if wrapped else other


def _as_list(other):
    """other's items as a list (a UserList's own list, or a list itself)."""
    items = _list_of(other)
    return items if isinstance(items, list) else list(items)


@_forwarding(_list_of, [
    ('__len__', '', False, ()),
    ('__contains__', 'item', False, ()),
    ('__setitem__', 'i, item', False, ()),
    ('__delitem__', 'i', False, ()),
    ('append', 'item', False, ()),
    ('insert', 'i, item', False, ()),
    ('pop', 'i=-1', False, ()),
    ('remove', 'item', False, ()),
    ('clear', '', False, ()),
    ('count', 'item', False, ()),
    ('index', 'item, *args', False, ()),
    ('reverse', '', False, ()),
    ('sort', '/, *args, **kwds', False, ()),
    ('extend', 'other', False, ('other',)),
])
class UserList(_abc.MutableSequence):
    """A sequence that keeps its items in a real list, self.data; handy as a
    base class."""

    def __init__(self, initlist=None):
        self.data = [] if initlist is None else list(_list_of(initlist))

    def __repr__(self):
        return repr(self.data)

    def __lt__(self, other):
        return self.data < _list_of(other)

    def __le__(self, other):
        return self.data <= _list_of(other)

    def __eq__(self, other):
        return self.data == _list_of(other)

    def __gt__(self, other):
        return self.data > _list_of(other)

    def __ge__(self, other):
        return self.data >= _list_of(other)

    __hash__ = None

    def __getitem__(self, i):
        found = self.data[i]
        return type(self)(found) if isinstance(i, slice) else found

    def __add__(self, other):
        return type(self)(self.data + _as_list(other))

    def __radd__(self, other):
        return type(self)(_as_list(other) + self.data)

    def __iadd__(self, other):
        self.data += _as_list(other)
        return self

    def __mul__(self, n):
        return type(self)(self.data * n)

    __rmul__ = __mul__

    def __imul__(self, n):
        self.data *= n
        return self

    def __copy__(self):
        return _clone_with(self, list(self.data))

    def copy(self):
        """A shallow copy of the same class."""
        return type(self)(self)


def _str_of(value):
    """The str behind a UserString, or value itself."""
    if isinstance(value, UserString):
        return value.data
    return value


_STR_ARGS = 'sub, start=0, end=_maxsize'

@_forwarding(_str_of, [
    # methods whose result is text, handed back as the same class
    ('capitalize', '', True, ()),
    ('casefold', '', True, ()),
    ('center', 'width, *args', True, ()),
    ('expandtabs', 'tabsize=8', True, ()),
    ('join', 'seq', True, ()),
    ('ljust', 'width, *args', True, ()),
    ('lower', '', True, ()),
    ('lstrip', 'chars=None', True, ()),
    ('removeprefix', 'prefix, /', True, ('prefix',)),
    ('removesuffix', 'suffix, /', True, ('suffix',)),
    ('replace', 'old, new, maxsplit=-1', True, ('old', 'new')),
    ('rjust', 'width, *args', True, ()),
    ('rstrip', 'chars=None', True, ()),
    ('strip', 'chars=None', True, ()),
    ('swapcase', '', True, ()),
    ('title', '', True, ()),
    ('translate', '*args', True, ()),
    ('upper', '', True, ()),
    ('zfill', 'width', True, ()),
    # methods returning numbers, flags, lists or plain str
    ('count', _STR_ARGS, False, ('sub',)),
    ('find', _STR_ARGS, False, ('sub',)),
    ('rfind', _STR_ARGS, False, ('sub',)),
    ('index', _STR_ARGS, False, ()),
    ('rindex', _STR_ARGS, False, ()),
    ('startswith', 'prefix, start=0, end=_maxsize', False, ()),
    ('endswith', 'suffix, start=0, end=_maxsize', False, ()),
    ('format', '/, *args, **kwds', False, ()),
    ('format_map', 'mapping', False, ()),
    ('partition', 'sep', False, ()),
    ('rpartition', 'sep', False, ()),
    ('split', 'sep=None, maxsplit=-1', False, ()),
    ('rsplit', 'sep=None, maxsplit=-1', False, ()),
    ('splitlines', 'keepends=False', False, ()),
] + [(test, '', False, ()) for test in (
    'isalnum', 'isalpha', 'isascii', 'isdecimal', 'isdigit', 'isidentifier',
    'islower', 'isnumeric', 'isprintable', 'isspace', 'istitle', 'isupper')])
class UserString(_abc.Sequence):
    """A string-like object that keeps its text in a real str, self.data;
    handy as a base class.  Methods that produce text return instances of
    the same class."""

    def __init__(self, seq):
        if isinstance(seq, UserString):
            seq = seq.data[:]
        self.data = seq if isinstance(seq, str) else str(seq)

    def _like(self, text):
        return self.__class__(text)

    def __str__(self):
        return str(self.data)

    def __repr__(self):
        return repr(self.data)

    def __int__(self):
        return int(self.data)

    def __float__(self):
        return float(self.data)

    def __complex__(self):
        return complex(self.data)

    def __hash__(self):
        return hash(self.data)

    def __getnewargs__(self):
        return (self.data[:],)

    def __eq__(self, string):
        return self.data == _str_of(string)

    def __lt__(self, string):
        return self.data < _str_of(string)

    def __le__(self, string):
        return self.data <= _str_of(string)

    def __gt__(self, string):
        return self.data > _str_of(string)

    def __ge__(self, string):
        return self.data >= _str_of(string)

    def __contains__(self, char):
        return _str_of(char) in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self._like(self.data[index])

    def __add__(self, other):
        theirs = _str_of(other)
        return self._like(self.data + (theirs if isinstance(theirs, str) else str(theirs)))

    def __radd__(self, other):
        theirs = other if isinstance(other, str) else str(other)
        return self._like(theirs + self.data)

    def __mul__(self, n):
        return self._like(self.data * n)

    __rmul__ = __mul__

    def __mod__(self, args):
        return self._like(self.data % args)

    def __rmod__(self, template):
        return self._like(str(template) % self)

    def encode(self, encoding='utf-8', errors='strict'):
        return self.data.encode('utf-8' if encoding is None else encoding,
                                'strict' if errors is None else errors)

    maketrans = str.maketrans


_abc.MutableSequence.register(deque)

"""Abstract base classes for containers (the collections.abc module).

Each ABC either recognises classes by the methods they define (a "structural"
check: Iterable, Sized, Hashable, ...) or by explicit registration and
inheritance (Sequence, Mapping, Set, ...).  Most also supply mixin methods
written in terms of a few abstract ones.
"""

from abc import ABCMeta as _ABCMeta, abstractmethod as _abstract

__all__ = ["Awaitable", "Coroutine",
           "AsyncIterable", "AsyncIterator", "AsyncGenerator",
           "Hashable", "Iterable", "Iterator", "Generator", "Reversible",
           "Sized", "Container", "Callable", "Collection",
           "Set", "MutableSet",
           "Mapping", "MutableMapping",
           "MappingView", "KeysView", "ItemsView", "ValuesView",
           "Sequence", "MutableSequence",
           "ByteString",
           ]

_GenericAlias = type(list[int])


# ---------------------------------------------------------------------------
# Structural recognition

def _lookup_in_mro(klass, attr):
    """Where attr is first defined along klass's MRO: (True, value), or
    (False, None) when no class there defines it."""
    for base in klass.__mro__:
        space = base.__dict__
        if attr in space:
            return True, space[attr]
    return False, None


def _provides(klass, attrs):
    """True when every name in attrs is defined somewhere in klass's MRO and
    not blanked out with None; NotImplemented otherwise, so that registration
    and real inheritance still get their say."""
    for attr in attrs:
        found, value = _lookup_in_mro(klass, attr)
        if not found or value is None:
            return NotImplemented
    return True


def _duck_typed(*attrs):
    """Class decorator: give the ABC a __subclasshook__ that accepts any class
    defining all of attrs.  The hook only answers for the decorated class
    itself; its subclasses fall back to the normal ABC rules."""
    def install(abc_class):
        def __subclasshook__(cls, candidate):
            if cls is abc_class:
                return _provides(candidate, attrs)
            return NotImplemented
        __subclasshook__.__qualname__ = abc_class.__qualname__ + ".__subclasshook__"
        abc_class.__subclasshook__ = classmethod(__subclasshook__)
        return abc_class
    return install


def _generic_alias_hook(abc_class):
    """Class decorator: make abc_class[...] build a types.GenericAlias."""
    abc_class.__class_getitem__ = classmethod(_GenericAlias)
    return abc_class


def _raise_into(typ, val, tb):
    """The default behaviour of throw(): raise the given exception."""
    if val is None and tb is None:
        raise typ
    exc = typ() if val is None else val
    raise exc if tb is None else exc.with_traceback(tb)


def _close_by_throwing(thrower, finished, what):
    """close() for generator-like objects: throw GeneratorExit in through
    thrower and insist that it (or the finished exception) comes back out."""
    try:
        thrower(GeneratorExit)
    except GeneratorExit:
        return None
    except finished:
        return None
    raise RuntimeError(f"{what} ignored GeneratorExit")


# ---------------------------------------------------------------------------
# One-method ABCs

@_duck_typed("__hash__")
class Hashable(metaclass=_ABCMeta):
    """Objects usable as dict keys and set members."""
    __slots__ = ()

    @_abstract
    def __hash__(self):
        return 0


@_generic_alias_hook
@_duck_typed("__await__")
class Awaitable(metaclass=_ABCMeta):
    """Objects usable in an await expression."""
    __slots__ = ()

    @_abstract
    def __await__(self):
        return
        yield


@_duck_typed("__await__", "send", "throw", "close")
class Coroutine(Awaitable):
    """Awaitables that can also be driven with send(), throw() and close()."""
    __slots__ = ()

    @_abstract
    def send(self, value):
        """Resume the coroutine with value; StopIteration ends it."""
        raise StopIteration

    @_abstract
    def throw(self, typ, val=None, tb=None):
        """Raise an exception inside the coroutine."""
        _raise_into(typ, val, tb)

    def close(self):
        """Finish the coroutine by throwing GeneratorExit into it."""
        _close_by_throwing(self.throw, StopIteration, "coroutine")


@_generic_alias_hook
@_duck_typed("__aiter__")
class AsyncIterable(metaclass=_ABCMeta):
    """Objects usable in an async for statement."""
    __slots__ = ()

    @_abstract
    def __aiter__(self):
        return AsyncIterator()


@_duck_typed("__anext__", "__aiter__")
class AsyncIterator(AsyncIterable):
    """Asynchronous iterators: __anext__ plus an __aiter__ returning self."""
    __slots__ = ()

    @_abstract
    def __anext__(self):
        """The awaitable producing the next item."""
        raise StopAsyncIteration

    def __aiter__(self):
        return self


@_duck_typed("__aiter__", "__anext__", "asend", "athrow", "aclose")
class AsyncGenerator(AsyncIterator):
    """Asynchronous iterators driven with asend(), athrow() and aclose()."""
    __slots__ = ()

    def __anext__(self):
        """The awaitable producing the next item."""
        return self.asend(None)

    @_abstract
    def asend(self, value):
        """Send a value into the generator; StopAsyncIteration ends it."""
        raise StopAsyncIteration

    @_abstract
    def athrow(self, typ, val=None, tb=None):
        """Raise an exception inside the generator."""
        _raise_into(typ, val, tb)

    def aclose(self):
        """Finish the generator by throwing GeneratorExit into it."""
        _close_by_throwing(self.athrow, StopAsyncIteration, "asynchronous generator")


@_generic_alias_hook
@_duck_typed("__iter__")
class Iterable(metaclass=_ABCMeta):
    """Objects that can hand out an iterator over themselves."""
    __slots__ = ()

    @_abstract
    def __iter__(self):
        return
        yield


@_duck_typed("__iter__", "__next__")
class Iterator(Iterable):
    """Iterators: __next__, and an __iter__ that returns the iterator."""
    __slots__ = ()

    @_abstract
    def __next__(self):
        """The next item; StopIteration once exhausted."""
        raise StopIteration

    def __iter__(self):
        return self


@_duck_typed("__reversed__", "__iter__")
class Reversible(Iterable):
    """Iterables that can also be walked backwards with reversed()."""
    __slots__ = ()

    @_abstract
    def __reversed__(self):
        return
        yield


@_duck_typed("__iter__", "__next__", "send", "throw", "close")
class Generator(Iterator):
    """Iterators that can also be driven with send(), throw() and close()."""
    __slots__ = ()

    def __next__(self):
        """The next item, the same as send(None)."""
        return self.send(None)

    @_abstract
    def send(self, value):
        """Resume the generator with value; StopIteration ends it."""
        raise StopIteration

    @_abstract
    def throw(self, typ, val=None, tb=None):
        """Raise an exception inside the generator."""
        _raise_into(typ, val, tb)

    def close(self):
        """Finish the generator by throwing GeneratorExit into it."""
        _close_by_throwing(self.throw, StopIteration, "generator")


@_duck_typed("__len__")
class Sized(metaclass=_ABCMeta):
    """Objects with a length."""
    __slots__ = ()

    @_abstract
    def __len__(self):
        return 0


@_generic_alias_hook
@_duck_typed("__contains__")
class Container(metaclass=_ABCMeta):
    """Objects supporting the in operator."""
    __slots__ = ()

    @_abstract
    def __contains__(self, x):
        return False


@_duck_typed("__len__", "__iter__", "__contains__")
class Collection(Sized, Iterable, Container):
    """Sized iterable containers."""
    __slots__ = ()


# ---------------------------------------------------------------------------
# Callable, with its parameterisation Callable[[args...], result]

def _show_type(obj):
    """How a type argument is written inside a subscription's repr."""
    if obj is Ellipsis:
        return "..."
    if isinstance(obj, type) and not isinstance(obj, _GenericAlias):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return obj.__module__ + "." + obj.__qualname__
    if isinstance(obj, list):
        return "[" + ", ".join(_show_type(x) for x in obj) + "]"
    if type(obj).__name__ == "function":
        return obj.__name__
    return repr(obj)


class _CallableAlias:
    """What Callable[[arg types], result type] produces: like a GenericAlias
    whose __args__ are the argument types followed by the result type."""

    def __init__(self, origin, params, result):
        self.__origin__ = origin
        self._params = params
        if params is Ellipsis:
            self.__args__ = (Ellipsis, result)
        else:
            self.__args__ = tuple(params) + (result,)

    @property
    def __parameters__(self):
        return ()

    def __repr__(self):
        head = _show_type(self.__origin__)
        if self._params is Ellipsis:
            shown = "..."
        else:
            shown = _show_type(list(self._params))
        return f"{head}[{shown}, {_show_type(self.__args__[-1])}]"

    def __eq__(self, other):
        if not isinstance(other, _CallableAlias):
            return NotImplemented
        return self.__origin__ is other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)

    def __mro_entries__(self, bases):
        return (self.__origin__,)


@_duck_typed("__call__")
class Callable(metaclass=_ABCMeta):
    """Objects that can be called."""
    __slots__ = ()

    @_abstract
    def __call__(self, *args, **kwds):
        return False

    @classmethod
    def __class_getitem__(cls, item):
        if not (isinstance(item, tuple) and len(item) == 2):
            raise TypeError("Callable must be used as Callable[[arg, ...], result].")
        params, result = item
        if params is not Ellipsis and not isinstance(params, (list, tuple)):
            raise TypeError("Expected a list of types, an ellipsis, ParamSpec, "
                            f"or Concatenate. Got {params!r}")
        return _CallableAlias(cls, params, result)


# ---------------------------------------------------------------------------
# Sets

def _contained_in(items, container):
    """True when every element of items is in container."""
    for element in items:
        if element not in container:
            return False
    return True


def _set_relation(name, sizes_allow, self_inside):
    """Build one of Set's comparison methods: sizes_allow(len(self),
    len(other)) is the cheap test on the sizes; then either self's elements
    must all be in other (self_inside) or the other way round."""
    def relation(self, other):
        if isinstance(other, Set):
            if sizes_allow(len(self), len(other)):
                if self_inside:
                    return _contained_in(self, other)
                return _contained_in(other, self)
            return False
        return NotImplemented
    relation.__name__ = name
    relation.__qualname__ = "Set." + name
    return relation


class Set(Collection):
    """A read-only set.  Concrete classes supply __contains__, __iter__ and
    __len__; comparisons and the & | - ^ operators come from here.  To build
    results of another type, override the _from_iterable() classmethod."""
    __slots__ = ()

    @classmethod
    def _from_iterable(cls, it):
        """Build a new set of this kind from an iterable (the operators'
        results); classes whose constructor differs override this."""
        return cls(it)

    __le__ = _set_relation("__le__", lambda mine, theirs: mine <= theirs, True)
    __lt__ = _set_relation("__lt__", lambda mine, theirs: mine < theirs, True)
    __ge__ = _set_relation("__ge__", lambda mine, theirs: mine >= theirs, False)
    __gt__ = _set_relation("__gt__", lambda mine, theirs: mine > theirs, False)
    __eq__ = _set_relation("__eq__", lambda mine, theirs: mine == theirs, True)

    def _as_set(self, other):
        """other itself when it is a Set, else a set of this kind built from
        it; None when other is not even iterable."""
        if isinstance(other, Set):
            return other
        if isinstance(other, Iterable):
            return self._from_iterable(other)
        return None

    def __and__(self, other):
        if isinstance(other, Iterable):
            return self._from_iterable(x for x in other if x in self)
        return NotImplemented

    __rand__ = __and__

    def isdisjoint(self, other):
        """True when self and other have no element in common."""
        for x in other:
            if x in self:
                return False
        return True

    def __or__(self, other):
        if isinstance(other, Iterable):
            return self._from_iterable(x for part in (self, other) for x in part)
        return NotImplemented

    __ror__ = __or__

    def __sub__(self, other):
        other = self._as_set(other)
        if other is None:
            return NotImplemented
        return self._from_iterable(x for x in self if x not in other)

    def __rsub__(self, other):
        other = self._as_set(other)
        if other is None:
            return NotImplemented
        return self._from_iterable(x for x in other if x not in self)

    def __xor__(self, other):
        other = self._as_set(other)
        if other is None:
            return NotImplemented
        only_mine = self - other
        only_theirs = other - self
        return only_mine | only_theirs

    __rxor__ = __xor__

    def _hash(self):
        """A hash for an immutable Set subclass to return from __hash__: the
        same value frozenset would give for these elements."""
        return hash(frozenset(self))


class MutableSet(Set):
    """A set that can change: concrete classes add add() and discard() to
    Set's abstract methods."""
    __slots__ = ()

    @_abstract
    def add(self, value):
        """Put value into the set."""
        raise NotImplementedError

    @_abstract
    def discard(self, value):
        """Take value out of the set if it is there."""
        raise NotImplementedError

    def remove(self, value):
        """Take value out of the set; KeyError when it is absent."""
        if value not in self:
            raise KeyError(value)
        self.discard(value)

    def pop(self):
        """Remove and return some element; KeyError when the set is empty."""
        for value in self:
            break
        else:
            raise KeyError
        self.discard(value)
        return value

    def clear(self):
        """Remove every element."""
        while True:
            try:
                self.pop()
            except KeyError:
                return

    def __ior__(self, it):
        for value in it:
            self.add(value)
        return self

    def __iand__(self, it):
        for value in self - it:
            self.discard(value)
        return self

    def __ixor__(self, it):
        if it is self:
            self.clear()
            return self
        for value in self._as_set(it):
            if value in self:
                self.discard(value)
            else:
                self.add(value)
        return self

    def __isub__(self, it):
        if it is self:
            self.clear()
            return self
        for value in it:
            self.discard(value)
        return self


# ---------------------------------------------------------------------------
# Mappings and their views

def _same_items(first, second):
    """Whether two mappings hold equal (key, value) pairs."""
    return dict(first.items()) == dict(second.items())


class Mapping(Collection):
    """A read-only mapping.  Concrete classes supply __getitem__, __iter__
    and __len__; get, in, keys/items/values and == come from here."""
    __slots__ = ()

    @_abstract
    def __getitem__(self, key):
        raise KeyError

    def get(self, key, default=None):
        """self[key] when key is present, else default."""
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        return True

    def keys(self):
        """A set-like view of the keys."""
        return KeysView(self)

    def items(self):
        """A set-like view of the (key, value) pairs."""
        return ItemsView(self)

    def values(self):
        """A view of the values."""
        return ValuesView(self)

    def __eq__(self, other):
        return _same_items(self, other) if isinstance(other, Mapping) else NotImplemented

    # Mappings are not reversible unless a subclass says so.
    __reversed__ = None


@_generic_alias_hook
class MappingView(Sized):
    """Base of the keys/items/values views: wraps a mapping."""
    __slots__ = ("_mapping",)

    def __init__(self, mapping):
        self._mapping = mapping

    def __len__(self):
        return len(self._mapping)

    def __repr__(self):
        return f"{type(self).__name__}({self._mapping!r})"


class KeysView(MappingView, Set):
    """A set-like view of a mapping's keys."""
    __slots__ = ()

    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, key):
        mapping = self._mapping
        return key in mapping

    def __iter__(self):
        yield from self._mapping


class ItemsView(MappingView, Set):
    """A set-like view of a mapping's (key, value) pairs."""
    __slots__ = ()

    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, item):
        key, value = item
        try:
            present = self._mapping[key]
        except KeyError:
            return False
        return present is value or present == value

    def __iter__(self):
        source = self._mapping
        for key in source:
            yield key, source[key]


class ValuesView(MappingView, Collection):
    """A view of a mapping's values."""
    __slots__ = ()

    def __contains__(self, value):
        for present in self:
            if present is value or present == value:
                return True
        return False

    def __iter__(self):
        source = self._mapping
        for key in source:
            yield source[key]


_NO_DEFAULT = object()   # lets MutableMapping.pop tell "no default" from None


class MutableMapping(Mapping):
    """A mapping that can change: concrete classes add __setitem__ and
    __delitem__; pop, popitem, clear, update and setdefault come from here."""
    __slots__ = ()

    @_abstract
    def __setitem__(self, key, value):
        raise KeyError

    @_abstract
    def __delitem__(self, key):
        raise KeyError

    def pop(self, key, default=_NO_DEFAULT):
        """Remove key and return its value; default when key is absent, or
        KeyError when no default was given."""
        try:
            value = self[key]
        except KeyError:
            if default is _NO_DEFAULT:
                raise
            return default
        del self[key]
        return value

    def popitem(self):
        """Remove and return some (key, value) pair; KeyError when empty."""
        for key in self:
            break
        else:
            raise KeyError
        value = self[key]
        del self[key]
        return key, value

    def clear(self):
        """Remove every item."""
        while True:
            try:
                self.popitem()
            except KeyError:
                return

    def update(self, other=(), /, **kwds):
        """Store the pairs of other (a mapping, an object with keys(), or an
        iterable of pairs) and then those given as keywords."""
        if isinstance(other, Mapping) or hasattr(other, "keys"):
            keys = other if isinstance(other, Mapping) else other.keys()
            pairs = ((key, other[key]) for key in keys)
        else:
            pairs = other
        for key, value in pairs:
            self[key] = value
        for key in kwds:
            self[key] = kwds[key]

    def setdefault(self, key, default=None):
        """self[key], first storing default there when key is absent."""
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


# ---------------------------------------------------------------------------
# Sequences

class Sequence(Reversible, Collection):
    """A read-only sequence.  Concrete classes supply __getitem__ (taking
    ints from 0) and __len__; iteration, in, reversed(), index and count
    come from here."""
    __slots__ = ()

    @_abstract
    def __getitem__(self, index):
        raise IndexError

    def __iter__(self):
        position = 0
        while True:
            try:
                item = self[position]
            except IndexError:
                return
            yield item
            position += 1

    def __contains__(self, value):
        for item in self:
            if item is value or item == value:
                return True
        return False

    def __reversed__(self):
        position = len(self)
        while position > 0:
            position -= 1
            yield self[position]

    def index(self, value, start=0, stop=None):
        """The first position of value within [start:stop]; ValueError when
        it does not occur there."""
        size = len(self)
        position = start
        if position is not None and position < 0:
            position = max(0, position + size)
        if stop is not None:
            stop = stop + size if stop < 0 else stop
        while stop is None or position < stop:
            try:
                item = self[position]
            except IndexError:
                break
            if item is value or item == value:
                return position
            position += 1
        raise ValueError

    def count(self, value):
        """How many items equal value."""
        total = 0
        for item in self:
            if item is value or item == value:
                total += 1
        return total


class ByteString(Sequence):
    """Sequences of bytes (bytes and bytearray)."""
    __slots__ = ()


class MutableSequence(Sequence):
    """A sequence that can change: concrete classes add __setitem__,
    __delitem__ and insert; append, extend, pop, remove, reverse, clear and
    += come from here."""
    __slots__ = ()

    @_abstract
    def __setitem__(self, index, value):
        raise IndexError

    @_abstract
    def __delitem__(self, index):
        raise IndexError

    @_abstract
    def insert(self, index, value):
        """Put value in front of position index."""
        raise IndexError

    def append(self, value):
        """Add value at the end."""
        end = len(self)
        self.insert(end, value)

    def clear(self):
        """Remove every item."""
        while True:
            try:
                self.pop()
            except IndexError:
                return

    def reverse(self):
        """Reverse the items in place."""
        low, high = 0, len(self) - 1
        while low < high:
            self[low], self[high] = self[high], self[low]
            low += 1
            high -= 1

    def extend(self, values):
        """Append every item of values."""
        if values is self:
            values = list(values)
        for item in values:
            self.append(item)

    def pop(self, index=-1):
        """Remove and return the item at index (the last by default)."""
        item = self[index]
        del self[index]
        return item

    def remove(self, value):
        """Remove the first occurrence of value; ValueError when absent."""
        position = self.index(value)
        del self[position]

    def __iadd__(self, values):
        self.extend(values)
        return self


# ---------------------------------------------------------------------------
# The built-in types, made virtual subclasses

def _builtin_virtual_subclasses():
    """Pairs (ABC, built-in types to register with it)."""
    class Probe:
        def method(self):
            pass
    pairs = [
        (Generator, [type((lambda: (yield))())]),
        # Functions and methods are called through a slot that the
        # interpreter does not list in their types' __dict__, so the
        # structural check alone would miss them.
        (Callable, [type(lambda: None), type(len), type(Probe().method)]),
        (Set, [frozenset]),
        (MutableSet, [set]),
        (KeysView, [type({}.keys())]),
        (ItemsView, [type({}.items())]),
        (ValuesView, [type({}.values())]),
        (MutableMapping, [dict]),
        (Sequence, [tuple, str, range]),
        (ByteString, [bytes, bytearray]),
        (MutableSequence, [list, bytearray]),
    ]
    try:
        from types import MappingProxyType
    except ImportError:
        pass
    else:
        pairs.append((Mapping, [MappingProxyType]))
    return pairs


for _abc_class, _members in _builtin_virtual_subclasses():
    for _member in _members:
        _abc_class.register(_member)
del _abc_class, _members, _member

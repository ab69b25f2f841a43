"""Tools for working with functions and callable objects: partial
application, memoisation, decorator helpers, generic functions."""

from types import GenericAlias, MethodType, MappingProxyType, UnionType


def _subscriptable(cls, item):
    # __class_getitem__ for the classes here: cls[item] is a generic alias.
    return GenericAlias(cls, item)

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES',
           'total_ordering', 'cache', 'cmp_to_key', 'lru_cache', 'reduce',
           'partial', 'partialmethod', 'singledispatch', 'singledispatchmethod',
           'cached_property']

# Marks "no value" where None is a legitimate value.
_ABSENT = object()


# --- wrapper metadata -------------------------------------------------------------

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__')
WRAPPER_UPDATES = ('__dict__',)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Make wrapper look like wrapped: copy the attributes named in
    `assigned`, merge the dicts named in `updated`, and point
    wrapper.__wrapped__ at wrapped. Returns wrapper."""
    for name in assigned:
        value = getattr(wrapped, name, _ABSENT)
        if value is not _ABSENT:
            setattr(wrapper, name, value)
    for name in updated:
        getattr(wrapper, name).update(getattr(wrapped, name, {}))
    # Set last, so a __wrapped__ copied from wrapped's __dict__ is replaced.
    setattr(wrapper, '__wrapped__', wrapped)
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Decorator form of update_wrapper: @wraps(f) applied to a wrapper
    function copies f's metadata onto it."""
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


# --- reduce -----------------------------------------------------------------------

def reduce(*args, **kwargs):
    """reduce(function, iterable[, initial]) -> value

    Fold the items of iterable from the left with a two-argument function:
    reduce(f, [a, b, c]) is f(f(a, b), c). With initial, the fold starts
    from it (and it is the result for an empty iterable).
    """
    if kwargs:
        raise TypeError('reduce() takes no keyword arguments')
    count = len(args)
    if count < 2:
        raise TypeError('reduce expected at least 2 arguments, got %d' % count)
    if count > 3:
        raise TypeError('reduce expected at most 3 arguments, got %d' % count)
    function, iterable = args[0], args[1]
    try:
        items = iter(iterable)
    except TypeError:
        raise TypeError('reduce() arg 2 must support iteration') from None
    if count == 3:
        total = args[2]
    else:
        total = next(items, _ABSENT)
        if total is _ABSENT:
            raise TypeError('reduce() of empty iterable with no initial value')
    for item in items:
        total = function(total, item)
    return total


# --- partial ------------------------------------------------------------------------

_reprs_in_progress = set()


class partial:
    """partial(func, *args, **keywords) - a callable that calls func with
    the given arguments put in front of (or merged with) its own."""

    __slots__ = ('_target', '_frozen_args', '_frozen_kw', '__dict__')

    def __new__(cls, /, *args, **keywords):
        if not args:
            raise TypeError("type 'partial' takes at least one argument")
        func, args = args[0], args[1:]
        if not callable(func):
            raise TypeError('the first argument must be callable')
        if (isinstance(func, partial) and type(func).__call__ is partial.__call__
                and not func.__dict__):
            # Collapse partial(partial(f, a), b) into partial(f, a, b).
            args = func._frozen_args + args
            keywords = {**func._frozen_kw, **keywords}
            func = func._target
        self = object.__new__(cls)
        self._target = func
        self._frozen_args = tuple(args)
        self._frozen_kw = keywords
        return self

    def __call__(self, /, *args, **kwargs):
        if self._frozen_kw:
            kwargs = {**self._frozen_kw, **kwargs}
        return self._target(*self._frozen_args, *args, **kwargs)

    def _readonly(self, *unused):
        raise AttributeError('readonly attribute')

    func = property(lambda self: self._target, _readonly, _readonly,
                    'function object to use in future partial calls')
    args = property(lambda self: self._frozen_args, _readonly, _readonly,
                    'tuple of arguments to future partial calls')
    keywords = property(lambda self: self._frozen_kw, _readonly, _readonly,
                        'dictionary of keyword arguments to future partial calls')
    del _readonly

    def __repr__(self):
        kind = type(self)
        name = 'functools.partial' if kind is partial else kind.__name__
        marker = id(self)
        if marker in _reprs_in_progress:
            return '...'
        _reprs_in_progress.add(marker)
        try:
            pieces = [repr(self._target)]
            pieces += [repr(arg) for arg in self._frozen_args]
            pieces += ['%s=%r' % (key, value) for key, value in self._frozen_kw.items()]
        finally:
            _reprs_in_progress.discard(marker)
        return '%s(%s)' % (name, ', '.join(pieces))

    def __reduce__(self):
        return (type(self), (self._target,),
                (self._target, self._frozen_args, self._frozen_kw,
                 self.__dict__ or None))

    def __setstate__(self, state):
        if not isinstance(state, tuple) or len(state) != 4:
            raise TypeError('invalid partial state')
        target, frozen, named, namespace = state
        if (not callable(target) or not isinstance(frozen, tuple)
                or (named is not None and not isinstance(named, dict))
                or (namespace is not None and not isinstance(namespace, dict))):
            raise TypeError('invalid partial state')
        self._target = target
        self._frozen_args = tuple(frozen)
        self._frozen_kw = dict(named) if named else {}
        self.__dict__.clear()
        if namespace:
            self.__dict__.update(namespace)

    __class_getitem__ = classmethod(_subscriptable)


class partialmethod:
    """Like partial, but meant as a class attribute: it binds like the
    method (or other descriptor) it wraps, then pre-fills arguments."""

    def __init__(self, func, /, *args, **keywords):
        if not callable(func) and not hasattr(func, '__get__'):
            raise TypeError('{!r} is not callable or a descriptor'.format(func))
        inner = func if isinstance(func, partialmethod) else None
        if inner is None:
            self.func, self.args, self.keywords = func, args, keywords
        else:
            # Stack the pre-filled arguments instead of nesting objects.
            merged = dict(inner.keywords)
            merged.update(keywords)
            self.func, self.args, self.keywords = inner.func, inner.args + args, merged

    def __repr__(self):
        positional = ', '.join(repr(arg) for arg in self.args)
        named = ', '.join('%s=%r' % item for item in self.keywords.items())
        kind = type(self)
        return '%s.%s(%r, %s, %s)' % (kind.__module__, kind.__qualname__,
                                      self.func, positional, named)

    def _as_function(self):
        # A plain function taking the instance first, for wrapped objects
        # that are not descriptors.
        owner = self

        def _method(first, /, *more, **named):
            merged = {**owner.keywords, **named}
            return owner.func(first, *owner.args, *more, **merged)
        setattr(_method, '__isabstractmethod__', owner.__isabstractmethod__)
        return _method

    def __get__(self, obj, cls=None):
        binder = getattr(self.func, '__get__', None)
        if binder is not None:
            bound = binder(obj, cls)
            if bound is not self.func:
                result = partial(bound, *self.args, **self.keywords)
                owner = getattr(bound, '__self__', _ABSENT)
                if owner is not _ABSENT:
                    result.__self__ = owner
                return result
        return self._as_function().__get__(obj, cls)

    __isabstractmethod__ = property(lambda self: _is_abstract(self.func))

    __class_getitem__ = classmethod(_subscriptable)


def _is_abstract(obj):
    return bool(getattr(obj, '__isabstractmethod__', False))


# --- lru_cache --------------------------------------------------------------------

class _CacheStats(tuple):
    """Statistics of an lru_cache: hits, misses, maxsize, currsize."""
    __slots__ = ()
    _fields = ('hits', 'misses', 'maxsize', 'currsize')

    def __new__(cls, hits, misses, maxsize, currsize):
        return tuple.__new__(cls, (hits, misses, maxsize, currsize))

    hits = property(lambda self: self[0], doc='Number of calls answered from the cache')
    misses = property(lambda self: self[1], doc='Number of calls that ran the function')
    maxsize = property(lambda self: self[2], doc='Size limit (None: unbounded)')
    currsize = property(lambda self: self[3], doc='Number of cached results')

    def __repr__(self):
        return 'CacheInfo(hits=%r, misses=%r, maxsize=%r, currsize=%r)' % tuple(self)

    def _asdict(self):
        return dict(zip(self._fields, self))

    def _replace(self, **changes):
        values = [changes.pop(name, value) for name, value in zip(self._fields, self)]
        if changes:
            raise ValueError('Got unexpected field names: %r' % list(changes))
        return type(self)(*values)

    def __getnewargs__(self):
        return tuple(self)


_CacheStats.__name__ = _CacheStats.__qualname__ = 'CacheInfo'


class _KeywordMark:
    # Separates positional from keyword arguments inside a cache key.
    __slots__ = ()

    def __repr__(self):
        return '<keyword mark>'


_KEYWORD_MARK = _KeywordMark()


def _call_signature(args, kwargs, typed):
    """The hashable cache key for one call."""
    key = args
    if kwargs:
        key = key + (_KEYWORD_MARK,) + tuple(kwargs.items())
    if typed:
        key = key + tuple([type(arg) for arg in args])
        if kwargs:
            key = key + tuple([type(value) for value in kwargs.values()])
    return key


class _lru_cache_wrapper:
    # The callable lru_cache returns. Results live in a dict whose insertion
    # order is the recency order: a hit moves its key to the end, and when
    # the cache is full the first (least recently used) key goes.

    __slots__ = ('_user_function', '_limit', '_typed', '_results',
                 '_hit_count', '_miss_count', '__dict__')

    def __init__(self, user_function, maxsize, typed):
        self._user_function = user_function
        self._limit = maxsize
        self._typed = typed
        self._results = {}
        self._hit_count = 0
        self._miss_count = 0

    def __call__(self, /, *args, **kwargs):
        limit = self._limit
        if limit == 0:
            self._miss_count += 1
            return self._user_function(*args, **kwargs)
        key = _call_signature(args, kwargs, self._typed)
        results = self._results
        if limit is None:
            value = results.get(key, _ABSENT)
            if value is not _ABSENT:
                self._hit_count += 1
                return value
            self._miss_count += 1
            value = self._user_function(*args, **kwargs)
            results[key] = value
            return value
        value = results.pop(key, _ABSENT)
        if value is not _ABSENT:
            results[key] = value
            self._hit_count += 1
            return value
        self._miss_count += 1
        value = self._user_function(*args, **kwargs)
        size = len(results)
        # A recursive call may have stored this key meanwhile: keep that one.
        results.setdefault(key, value)
        if len(results) > size and len(results) > limit:
            del results[next(iter(results))]
        return value

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return MethodType(self, instance)

    def cache_info(self):
        """Return the hit/miss counts and sizes as a CacheInfo tuple."""
        return _CacheStats(self._hit_count, self._miss_count, self._limit, len(self._results))

    def cache_clear(self):
        """Forget every cached result and reset the counts."""
        self._results.clear()
        self._hit_count = self._miss_count = 0

    def __reduce__(self):
        return self.__qualname__

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _build_lru_wrapper(user_function, maxsize, typed):
    wrapper = _lru_cache_wrapper(user_function, maxsize, typed)
    settings = {'maxsize': maxsize, 'typed': typed}

    def cache_parameters():
        return dict(settings)
    wrapper.cache_parameters = cache_parameters
    update_wrapper(wrapper, user_function)
    return wrapper


def lru_cache(maxsize=128, typed=False):
    """Decorator memoising a function's results, keeping at most maxsize
    of them (the least recently used go first; None: no limit).

    With typed true, arguments of different types are cached apart
    (f(3) and f(3.0)). Arguments must be hashable. The wrapper has
    cache_info(), cache_clear() and cache_parameters(), and __wrapped__.
    """
    if maxsize is None:
        limit = None
    elif isinstance(maxsize, int):
        limit = max(0, int(maxsize))
    elif callable(maxsize) and type(typed) is bool:
        # Used bare, as @lru_cache: the "size" is the function itself.
        return _build_lru_wrapper(maxsize, 128, typed)
    else:
        raise TypeError('Expected first argument to be an integer, a callable, or None')
    return lambda user_function: _build_lru_wrapper(user_function, limit, typed)


def cache(user_function, /):
    """Memoise user_function without a size limit (lru_cache(maxsize=None))."""
    return _build_lru_wrapper(user_function, None, False)


# --- total_ordering -----------------------------------------------------------------

_ORDER_OPS = ('__lt__', '__le__', '__gt__', '__ge__')   # also the root preference
_OPPOSITE = {'__lt__': '__ge__', '__ge__': '__lt__', '__le__': '__gt__', '__gt__': '__le__'}
_SYMBOL = {'__lt__': '<', '__le__': '<=', '__gt__': '>', '__ge__': '>='}
_STRICT = ('__lt__', '__gt__')


def _derive_comparison(root, wanted):
    # The method `wanted` computed from the class's `root` method and ==.
    if _OPPOSITE[root] == wanted:
        def derived(self, other):
            outcome = getattr(type(self), root)(self, other)
            if outcome is NotImplemented:
                return outcome
            return not outcome
    else:
        # Same strictness (< from >, <= from >=): the root's answer is
        # negated; otherwise it is used as it is.
        negate = (root in _STRICT) == (wanted in _STRICT)
        if wanted in _STRICT:
            def derived(self, other):
                outcome = getattr(type(self), root)(self, other)
                if outcome is NotImplemented:
                    return outcome
                if negate:
                    outcome = not outcome
                return outcome and self != other
        else:
            def derived(self, other):
                outcome = getattr(type(self), root)(self, other)
                if outcome is NotImplemented:
                    return outcome
                if negate:
                    outcome = not outcome
                return outcome or self == other
    derived.__name__ = wanted
    derived.__qualname__ = wanted
    derived.__doc__ = 'Return a %s b, worked out by @total_ordering from %s.' % (
        _SYMBOL[wanted], root)
    return derived


_DERIVED = {(root, wanted): _derive_comparison(root, wanted)
            for root in _ORDER_OPS for wanted in _ORDER_OPS if root != wanted}


def total_ordering(cls):
    """Class decorator supplying the missing rich comparison methods from
    one that is defined (plus __eq__)."""
    defined = [name for name in _ORDER_OPS
               if getattr(cls, name, None) is not getattr(object, name, None)]
    if not defined:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    root = defined[0]
    for name in _ORDER_OPS:
        if name not in defined:
            setattr(cls, name, _DERIVED[root, name])
    return cls


# --- cmp_to_key ----------------------------------------------------------------------

class KeyWrapper:
    # What cmp_to_key returns (with obj unset), and what calling that gives.
    __slots__ = ('_compare', 'obj')

    def __init__(self, compare, obj=None):
        self._compare = compare
        self.obj = obj

    def __call__(self, *args, **kwargs):
        if 'obj' in kwargs:
            args = args + (kwargs.pop('obj'),)
        if kwargs:
            raise TypeError("K() got an unexpected keyword argument '%s'" % next(iter(kwargs)))
        if not args:
            raise TypeError("K() missing required argument 'obj' (pos 1)")
        if len(args) > 1:
            raise TypeError('K() takes at most 1 argument (%d given)' % len(args))
        return KeyWrapper(self._compare, args[0])

    def _versus(self, other):
        if not isinstance(other, KeyWrapper):
            raise TypeError('other argument must be K instance')
        return self._compare(self.obj, other.obj)

    def __lt__(self, other):
        return self._versus(other) < 0

    def __le__(self, other):
        return self._versus(other) <= 0

    def __gt__(self, other):
        return self._versus(other) > 0

    def __ge__(self, other):
        return self._versus(other) >= 0

    def __eq__(self, other):
        return self._versus(other) == 0

    def __ne__(self, other):
        return self._versus(other) != 0

    def __hash__(self):
        raise TypeError("unhashable type: 'functools.KeyWrapper'")


def cmp_to_key(mycmp=_ABSENT):
    """Turn an old-style comparison function (negative, zero or positive
    for less, equal, greater) into a key function."""
    if mycmp is _ABSENT:
        raise TypeError("cmp_to_key() missing required argument 'mycmp' (pos 1)")
    return KeyWrapper(mycmp)


# --- cached_property ---------------------------------------------------------------

class cached_property:
    """Like property, but the getter runs once per instance: its result is
    stored in the instance __dict__ under the same name, where later
    lookups find it first."""

    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = getattr(func, "__doc__", None)

    def __set_name__(self, owner, name):
        known = self.attrname
        if known is None:
            self.attrname = name
        elif known != name:
            raise TypeError('Cannot assign the same cached_property to two different '
                            'names (%r and %r).' % (self.attrname, name))

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        name = self.attrname
        if name is None:
            raise TypeError('Cannot use cached_property instance without calling '
                            '__set_name__ on it.')
        kind = type(instance).__name__
        try:
            storage = instance.__dict__
        except AttributeError:
            raise TypeError("No '__dict__' attribute on %r instance to cache %r property."
                            % (kind, name)) from None
        value = storage.get(name, _ABSENT)
        if value is _ABSENT:
            value = self.func(instance)
            try:
                storage[name] = value
            except TypeError:
                raise TypeError("The '__dict__' attribute on %r instance does not support "
                                "item assignment for caching %r property." % (kind, name)) from None
        return value

    __class_getitem__ = classmethod(_subscriptable)


# --- singledispatch ----------------------------------------------------------------

def _union_members(obj):
    # The member classes of `int | str`, or None for anything else.
    if isinstance(obj, UnionType):
        return obj.__args__
    return None


def _is_plain_class(obj):
    return isinstance(obj, type) and not isinstance(obj, GenericAlias)


def _first_annotation(func):
    # (name, annotation) of the first annotated parameter of func.
    target = getattr(func, '__func__', func)     # staticmethod / classmethod
    notes = getattr(func, '__annotations__', None) or getattr(target, '__annotations__', None)
    if not notes:
        return None
    name, note = next(iter(notes.items()))
    if isinstance(note, str):
        scope = getattr(target, '__globals__', {})
        note = eval(note, scope)
    return name, note


def _best_match(cls, registry):
    """The registered class that best fits cls, following cls's MRO;
    registered ABCs cls does not inherit from sit after the last MRO
    entry that is one of their subclasses."""
    order = cls.__mro__
    for position, klass in enumerate(order):
        if klass in registry:
            best, best_rank = klass, position
            break
    else:
        best, best_rank = None, len(order)
    tied = []
    for candidate in registry:
        if candidate in order or not issubclass(cls, candidate):
            continue
        rank = 0
        for position, klass in enumerate(order):
            if issubclass(klass, candidate):
                rank = position
        rank += 0.5
        if rank < best_rank:
            best, best_rank, tied = candidate, rank, []
        elif rank == best_rank and best is not None:
            tied.append(candidate)
    if tied:
        # Several virtual bases at the same place: fine when one of them
        # is more specific than all the others.
        group = [best] + tied
        winners = [c for c in group if all(c is o or issubclass(c, o) for o in group)]
        if not winners:
            pair = [c for c in group if not any(c is not o and issubclass(o, c) for o in group)]
            pair += [c for c in group if c not in pair]
            raise RuntimeError('Ambiguous dispatch: {} or {}'.format(pair[0], pair[1]))
        best = winners[0]
    return best


def singledispatch(func):
    """Turn func into a generic function choosing an implementation by
    the class of its first argument. Add implementations with the
    .register() attribute; func itself handles everything else."""
    implementations = {object: func}
    remembered = {}

    def dispatch(cls):
        """Return the implementation used for arguments of class cls."""
        found = remembered.get(cls)
        if found is None:
            found = implementations[_best_match(cls, implementations)]
            if not any(getattr(k, '__abstractmethods__', None) is not None
                       for k in implementations):
                remembered[cls] = found
        return found

    def add(classes, impl):
        for klass in classes:
            implementations[klass] = impl
        remembered.clear()
        return impl

    def register(cls, func=None):
        """Register func for cls (a class or a union of classes); usable as
        @register(cls) or, with an annotated first parameter, @register."""
        if _is_plain_class(cls):
            if func is None:
                return lambda impl: add((cls,), impl)
            return add((cls,), func)
        members = _union_members(cls)
        if members is not None and all(_is_plain_class(m) for m in members):
            if func is None:
                return lambda impl: add(members, impl)
            return add(members, func)
        if func is not None:
            raise TypeError('Invalid first argument to `register()`. '
                            '{!r} is not a class or union type.'.format(cls))
        impl = cls
        found = _first_annotation(impl)
        if found is None:
            raise TypeError('Invalid first argument to `register()`: {!r}. Use either '
                            '`@register(some_class)` or plain `@register` on an '
                            'annotated function.'.format(impl))
        name, note = found
        if _is_plain_class(note):
            return add((note,), impl)
        members = _union_members(note)
        if members is None:
            raise TypeError('Invalid annotation for {!r}. {!r} is not a class.'.format(name, note))
        if not all(_is_plain_class(m) for m in members):
            raise TypeError('Invalid annotation for {!r}. {!r} not all arguments are '
                            'classes.'.format(name, note))
        return add(members, impl)

    label = getattr(func, '__name__', 'singledispatch function')

    def wrapper(*args, **kw):
        if not args:
            raise TypeError('{} requires at least 1 positional argument'.format(label))
        impl = dispatch(args[0].__class__)
        return impl(*args, **kw)

    extras = {'register': register, 'dispatch': dispatch,
              'registry': MappingProxyType(implementations),
              '_clear_cache': remembered.clear}
    for name, value in extras.items():
        setattr(wrapper, name, value)
    return update_wrapper(wrapper, func)


class singledispatchmethod:
    """singledispatch for methods: dispatches on the first argument after
    self (or cls). Works with classmethod and staticmethod too."""

    def __init__(self, func):
        if not callable(func) and not hasattr(func, '__get__'):
            raise TypeError('{!r} is not callable or a descriptor'.format(func))
        self.func = func
        self.dispatcher = singledispatch(func)

    def register(self, cls, method=None):
        """Register an implementation; see singledispatch's register()."""
        add = self.dispatcher.register
        return add(cls, func=method)

    def __get__(self, obj, cls=None):
        pick = self.dispatcher.dispatch

        def bound_dispatch(*args, **kwargs):
            impl = pick(args[0].__class__).__get__(obj, cls)
            return impl(*args, **kwargs)

        bound_dispatch.__isabstractmethod__ = _is_abstract(self.func)
        bound_dispatch.register = self.register
        return update_wrapper(bound_dispatch, self.func)

    __isabstractmethod__ = property(lambda self: _is_abstract(self.func))

"""Functional tools for creating and using iterators.

Infinite iterators: count, cycle, repeat.
Iterators terminating on the shortest input sequence: accumulate, chain,
chain.from_iterable, compress, dropwhile, filterfalse, groupby, islice,
pairwise, starmap, takewhile, tee, zip_longest.
Combinatoric generators: product, permutations, combinations,
combinations_with_replacement.

Each iterator is a small class (as in CPython, where they are types), so
that type names, isinstance() and the reprs of count and repeat match.
"""

import sys

_MISSING = object()


def _iter_self(self):
    return self


def _check_args(name, args, kwargs, lo, hi):
    # the wording of C functions that take positional arguments only
    if kwargs:
        raise TypeError(f'{name}() takes no keyword arguments')
    n = len(args)
    if lo <= n <= hi:
        return
    want = lo if n < lo else hi
    bound = '' if lo == hi else 'at least ' if n < lo else 'at most '
    raise TypeError(f"{name} expected {bound}{want} argument{'' if want == 1 else 's'}, got {n}")


def _index(value):
    if isinstance(value, int):
        return int(value)
    try:
        convert = type(value).__index__
    except AttributeError:
        raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an integer") from None
    return convert(value)


def _is_number(value):
    return isinstance(value, (int, float, complex)) or any(
        hasattr(type(value), name) for name in ('__index__', '__int__', '__float__', '__complex__'))


# ---- infinite iterators -------------------------------------------------------

class count:
    """Return a count object whose .__next__() method returns consecutive values.

    Equivalent to:
        def count(firstval=0, step=1):
            x = firstval
            while 1:
                yield x
                x += step
    """

    __slots__ = ('_value', '_step')

    def __init__(self, start=0, step=1):
        if not (_is_number(start) and _is_number(step)):
            raise TypeError('a number is required')
        self._value = start
        self._step = step

    __iter__ = _iter_self

    def __next__(self):
        value = self._value
        self._value = value + self._step
        return value

    def __repr__(self):
        step = self._step
        if isinstance(step, int) and step == 1:
            return f'count({self._value!r})'
        return f'count({self._value!r}, {step!r})'


class cycle:
    """Return elements from the iterable until it is exhausted. Then repeat the sequence indefinitely."""

    __slots__ = ('_it', '_saved', '_index')

    def __init__(self, *args, **kwargs):
        _check_args('cycle', args, kwargs, 1, 1)
        self._it = iter(args[0])
        self._saved = []
        self._index = 0

    __iter__ = _iter_self

    def __next__(self):
        saved = self._saved
        if self._it is not None:
            value = next(self._it, _MISSING)
            if value is not _MISSING:
                saved.append(value)
                return value
            self._it = None
        if not saved:
            raise StopIteration
        i = self._index
        self._index = i + 1 if i + 1 < len(saved) else 0
        return saved[i]


class repeat:
    """repeat(object [,times]) -> create an iterator which returns the object
    for the specified number of times.  If not specified, returns the object
    endlessly.
    """

    __slots__ = ('_object', '_times')

    def __init__(self, object, times=_MISSING):
        self._object = object
        self._times = None if times is _MISSING else max(_index(times), 0)

    __iter__ = _iter_self

    def __next__(self):
        times = self._times
        if times is None:
            return self._object
        if times > 0:
            self._times = times - 1
            return self._object
        raise StopIteration

    def __length_hint__(self):
        if self._times is None:
            raise TypeError('len() of unsized object')
        return self._times

    def __repr__(self):
        if self._times is None:
            return f'repeat({self._object!r})'
        return f'repeat({self._object!r}, {self._times})'


# ---- iterators over their inputs ----------------------------------------------

class accumulate:
    """Return series of accumulated sums (or other binary function results)."""

    __slots__ = ('_it', '_func', '_total', '_initial')

    def __init__(self, iterable, func=None, *, initial=None):
        self._it = iter(iterable)
        self._func = func
        self._total = _MISSING
        self._initial = initial

    __iter__ = _iter_self

    def __next__(self):
        if self._initial is not None:
            self._total, self._initial = self._initial, None
            return self._total
        value = next(self._it)
        total = self._total
        if total is not _MISSING:
            value = total + value if self._func is None else self._func(total, value)
        self._total = value
        return value


class chain:
    """chain(*iterables) --> chain object

    Return a chain object whose .__next__() method returns elements from the
    first iterable until it is exhausted, then elements from the next
    iterable, until all of the iterables are exhausted.
    """

    __slots__ = ('_source', '_active')

    def __init__(self, *iterables, **kwargs):
        if kwargs:
            raise TypeError('chain() takes no keyword arguments')
        self._source = iter(iterables)
        self._active = None

    @classmethod
    def from_iterable(cls, iterable, /):
        """Alternative chain() constructor taking a single iterable argument that evaluates lazily."""
        self = cls.__new__(cls)
        self._source = iter(iterable)
        self._active = None
        return self

    __iter__ = _iter_self

    def __next__(self):
        while True:
            if self._active is not None:
                value = next(self._active, _MISSING)
                if value is not _MISSING:
                    return value
                self._active = None
            if self._source is None:
                raise StopIteration
            iterable = next(self._source, _MISSING)
            if iterable is _MISSING:
                self._source = None
                raise StopIteration
            self._active = iter(iterable)


class compress:
    """Return data elements corresponding to true selector elements.

    Forms a shorter iterator from selected data elements using the selectors
    to choose the data elements.
    """

    __slots__ = ('_data', '_selectors')

    def __init__(self, data, selectors):
        self._data = iter(data)
        self._selectors = iter(selectors)

    __iter__ = _iter_self

    def __next__(self):
        while True:
            datum = next(self._data)
            if next(self._selectors):
                return datum


class dropwhile:
    """Drop items from the iterable while predicate(item) is true.

    Afterwards, return every element until the iterable is exhausted.
    """

    __slots__ = ('_predicate', '_it', '_dropping')

    def __init__(self, *args, **kwargs):
        _check_args('dropwhile', args, kwargs, 2, 2)
        self._predicate = args[0]
        self._it = iter(args[1])
        self._dropping = True

    __iter__ = _iter_self

    def __next__(self):
        value = next(self._it)
        if self._dropping:
            while self._predicate(value):
                value = next(self._it)
            self._dropping = False
        return value


class takewhile:
    """Return successive entries from an iterable as long as the predicate evaluates to true for each entry."""

    __slots__ = ('_predicate', '_it')

    def __init__(self, *args, **kwargs):
        _check_args('takewhile', args, kwargs, 2, 2)
        self._predicate = args[0]
        self._it = iter(args[1])

    __iter__ = _iter_self

    def __next__(self):
        if self._it is None:
            raise StopIteration
        value = next(self._it)
        if self._predicate(value):
            return value
        self._it = None
        raise StopIteration


class filterfalse:
    """Return those items of iterable for which function(item) is false.

    If function is None, return the items that are false.
    """

    __slots__ = ('_function', '_it')

    def __init__(self, *args, **kwargs):
        _check_args('filterfalse', args, kwargs, 2, 2)
        self._function = bool if args[0] is None else args[0]
        self._it = iter(args[1])

    __iter__ = _iter_self

    def __next__(self):
        function = self._function
        while True:
            value = next(self._it)
            if not function(value):
                return value


class groupby:
    """make an iterator that returns consecutive keys and groups from the iterable

      iterable
        Elements to divide into groups according to the key function.
      key
        A function for computing the group category for each element.
        If the key function is not specified or is None, the element itself
        is used for grouping.
    """

    # _currkey/_currvalue hold the element read ahead (_currvalue is _MISSING
    # once a group handed it out); _grouper is the only group still valid
    __slots__ = ('_it', '_keyfunc', '_tgtkey', '_currkey', '_currvalue', '_grouper')

    def __init__(self, iterable, key=None):
        self._it = iter(iterable)
        self._keyfunc = key
        self._tgtkey = self._currkey = self._currvalue = _MISSING
        self._grouper = None

    __iter__ = _iter_self

    def _step(self):
        value = next(self._it)
        self._currkey = value if self._keyfunc is None else self._keyfunc(value)
        self._currvalue = value

    def __next__(self):
        self._grouper = None
        # skip what is left of the current group
        while True:
            if self._currkey is _MISSING:
                pass
            elif self._tgtkey is _MISSING:
                break
            elif not (self._tgtkey is self._currkey or self._tgtkey == self._currkey):
                break
            self._step()
        self._tgtkey = self._currkey
        self._grouper = _grouper(self, self._tgtkey)
        return (self._currkey, self._grouper)


class _grouper:
    __slots__ = ('_parent', '_tgtkey')

    def __init__(self, parent, tgtkey):
        self._parent = parent
        self._tgtkey = tgtkey

    __iter__ = _iter_self

    def __next__(self):
        parent = self._parent
        if parent._grouper is not self:
            raise StopIteration
        if parent._currvalue is _MISSING:
            parent._step()
        key = parent._currkey
        if not (self._tgtkey is key or self._tgtkey == key):
            raise StopIteration
        value = parent._currvalue
        parent._currvalue = _MISSING
        return value


def _islice_arg(value):
    # C's PyNumber_AsSsize_t with its error swallowed: -1 on failure
    if value is None:
        return None
    try:
        n = _index(value)
    except TypeError:
        return -1
    return n if -sys.maxsize - 1 <= n <= sys.maxsize else -1


class islice:
    """islice(iterable, stop) --> islice object
    islice(iterable, start, stop[, step]) --> islice object

    Return an iterator whose next() method returns selected values from an
    iterable.  If start is specified, will skip all preceding elements;
    otherwise, start defaults to zero.  Step defaults to one.  If
    specified as another value, step determines how many values are
    skipped between successive calls.  Works like a slice() on a list
    but returns an iterator.
    """

    # _next is the position of the next element to return; _stop is None
    # for no limit
    __slots__ = ('_it', '_next', '_stop', '_step', '_count')

    def __init__(self, *args, **kwargs):
        _check_args('islice', args, kwargs, 2, 4)
        start, step = 0, 1
        if len(args) == 2:
            stop = _islice_arg(args[1])
            if stop == -1:
                raise ValueError('Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
        else:
            start = _islice_arg(args[1])
            if start is None:
                start = 0
            stop = _islice_arg(args[2])
            if stop == -1:
                raise ValueError('Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
        if start < 0 or (stop is not None and stop < -1):
            raise ValueError('Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
        if len(args) == 4:
            step = _islice_arg(args[3])
            if step is None:
                step = 1
        if step < 1:
            raise ValueError('Step for islice() must be a positive integer or None.')
        self._it = iter(args[0])
        self._next = start
        self._stop = stop
        self._step = step
        self._count = 0

    __iter__ = _iter_self

    def __next__(self):
        it = self._it
        if it is None:
            raise StopIteration
        stop = self._stop
        while self._count < self._next:
            if next(it, _MISSING) is _MISSING:
                self._it = None
                raise StopIteration
            self._count += 1
        count = self._count
        if stop is not None and count >= stop:
            self._it = None
            raise StopIteration
        value = next(it, _MISSING)
        if value is _MISSING:
            self._it = None
            raise StopIteration
        self._count = count + 1
        target = self._next + self._step
        self._next = stop if stop is not None and target > stop else target
        return value


class pairwise:
    """Return an iterator of overlapping pairs taken from the input iterator.

        s -> (s0,s1), (s1,s2), (s2, s3), ...
    """

    __slots__ = ('_it', '_old')

    def __init__(self, *args, **kwargs):
        _check_args('pairwise', args, kwargs, 1, 1)
        self._it = iter(args[0])
        self._old = _MISSING

    __iter__ = _iter_self

    def __next__(self):
        it = self._it
        if it is None:
            raise StopIteration
        old = self._old
        if old is _MISSING:
            old = next(it, _MISSING)
            if old is _MISSING:
                self._it = None
                raise StopIteration
        new = next(it, _MISSING)
        if new is _MISSING:
            self._it = self._old = None
            raise StopIteration
        self._old = new
        return (old, new)


class starmap:
    """Return an iterator whose values are returned from the function evaluated with an argument tuple taken from the given sequence."""

    __slots__ = ('_function', '_it')

    def __init__(self, *args, **kwargs):
        _check_args('starmap', args, kwargs, 2, 2)
        self._function = args[0]
        self._it = iter(args[1])

    __iter__ = _iter_self

    def __next__(self):
        args = next(self._it)
        if type(args) is not tuple:
            args = tuple(args)
        return self._function(*args)


class _tee:
    """Iterator wrapped to make it copyable."""

    # values are shared through a linked list of [value, next link] cells;
    # _link is the cell holding this iterator's next value, and a cell whose
    # next is None has not been read from the source yet
    __slots__ = ('_it', '_link')

    def __init__(self, iterable):
        it = iter(iterable)
        if isinstance(it, _tee):
            self._it, self._link = it._it, it._link
        else:
            self._it, self._link = it, [None, None]

    __iter__ = _iter_self

    def __next__(self):
        link = self._link
        if link[1] is None:
            link[0] = next(self._it)
            link[1] = [None, None]
        self._link = link[1]
        return link[0]

    def __copy__(self):
        return _tee(self)


def tee(iterable, n=2, /):
    """Returns a tuple of n independent iterators."""
    n = _index(n)
    if n < 0:
        raise ValueError('n must be >= 0')
    if n == 0:
        return ()
    it = iter(iterable)
    first = it if hasattr(it, '__copy__') else _tee(it)
    return (first,) + tuple([first.__copy__() for _ in range(n - 1)])


class zip_longest:
    """zip_longest(iter1 [,iter2 [...]], [fillvalue=None]) --> zip_longest object

    Return a zip_longest object whose .__next__() method returns a tuple where
    the i-th element comes from the i-th iterable argument.  The .__next__()
    method continues until the longest iterable in the argument sequence
    is exhausted and then it raises StopIteration.  When the shorter iterables
    are exhausted, the fillvalue is substituted in their place.  The fillvalue
    defaults to None or can be specified by a keyword argument.
    """

    # exhausted iterators are replaced by None in _its
    __slots__ = ('_its', '_active', '_fillvalue')

    def __init__(self, *iterables, **kwargs):
        fillvalue = kwargs.pop('fillvalue', None)
        if kwargs:
            raise TypeError('zip_longest() got an unexpected keyword argument')
        self._its = [iter(x) for x in iterables]
        self._active = len(self._its)
        self._fillvalue = fillvalue

    __iter__ = _iter_self

    def __next__(self):
        if not self._active:
            raise StopIteration
        its = self._its
        result = []
        for i in range(len(its)):
            it = its[i]
            value = self._fillvalue
            if it is not None:
                value = next(it, _MISSING)
                if value is _MISSING:
                    self._active -= 1
                    if not self._active:
                        raise StopIteration
                    its[i] = None
                    value = self._fillvalue
            result.append(value)
        return tuple(result)


# ---- combinatoric iterators ---------------------------------------------------
# Each keeps the indices into its pool of the last result and steps them to
# the next result in lexicographic order; _indices is None before the first
# result, and _pool is None once exhausted.

class product:
    """Cartesian product of input iterables.  Equivalent to nested for-loops.

    For example, product(A, B) returns the same as:  ((x,y) for x in A for y in B).
    The leftmost iterators are in the outermost for-loop, so the output tuples
    cycle in a manner similar to an odometer (with the rightmost element changing
    on every iteration).

    To compute the product of an iterable with itself, specify the number
    of repetitions with the optional repeat keyword argument. For example,
    product(A, repeat=4) means the same as product(A, A, A, A).

    product('ab', range(3)) --> ('a',0) ('a',1) ('a',2) ('b',0) ('b',1) ('b',2)
    product((0,1), (0,1), (0,1)) --> (0,0,0) (0,0,1) (0,1,0) (0,1,1) (1,0,0) ...
    """

    __slots__ = ('_pool', '_indices', '_result')

    def __init__(self, *iterables, **kwargs):
        repeat = 1
        for name, value in kwargs.items():
            if name != 'repeat':
                raise TypeError(f'{name!r} is an invalid keyword argument for product()')
            repeat = _index(value)
        if repeat < 0:
            raise ValueError('repeat argument cannot be negative')
        self._pool = [tuple(x) for x in iterables] * repeat   # one pool per position
        self._indices = None
        self._result = None

    __iter__ = _iter_self

    def __next__(self):
        pools = self._pool
        if pools is None:
            raise StopIteration
        indices, result = self._indices, self._result
        if indices is None:
            if not all(pools):
                self._pool = None
                raise StopIteration
            self._indices = [0] * len(pools)
            self._result = [pool[0] for pool in pools]
            return tuple(self._result)
        for i in range(len(pools) - 1, -1, -1):
            pool = pools[i]
            j = indices[i] + 1
            if j < len(pool):
                indices[i] = j
                result[i] = pool[j]
                return tuple(result)
            indices[i] = 0
            result[i] = pool[0]
        self._pool = None
        raise StopIteration


def _combinatoric_r(r):
    if not isinstance(r, int):
        raise TypeError('Expected int as r')
    if r < 0:
        raise ValueError('r must be non-negative')
    return r


class permutations:
    """Return successive r-length permutations of elements in the iterable.

    permutations(range(3), 2) --> (0,1), (0,2), (1,0), (1,2), (2,0), (2,1)
    """

    __slots__ = ('_pool', '_r', '_indices', '_used')

    def __init__(self, iterable, r=None):
        self._pool = tuple(iterable)
        self._r = len(self._pool) if r is None else _combinatoric_r(r)
        self._indices = None

    __iter__ = _iter_self

    def __next__(self):
        pool = self._pool
        if pool is None:
            raise StopIteration
        n, r, indices = len(pool), self._r, self._indices
        if indices is None:
            if r > n:
                self._pool = None
                raise StopIteration
            self._indices = indices = list(range(r))
            self._used = [True] * r + [False] * (n - r)
            return tuple([pool[i] for i in indices])
        used = self._used
        # free positions from the right until one can take a larger unused index
        for i in range(r - 1, -1, -1):
            current = indices[i]
            used[current] = False
            for j in range(current + 1, n):
                if not used[j]:
                    break
            else:
                continue
            indices[i] = j
            used[j] = True
            # the positions after it take the smallest unused indices, in order
            k, j = i + 1, 0
            while k < r:
                if not used[j]:
                    indices[k] = j
                    used[j] = True
                    k += 1
                j += 1
            return tuple([pool[i] for i in indices])
        self._pool = None
        raise StopIteration


class combinations:
    """Return successive r-length combinations of elements in the iterable.

    combinations(range(4), 3) --> (0,1,2), (0,1,3), (0,2,3), (1,2,3)
    """

    __slots__ = ('_pool', '_r', '_indices')

    def __init__(self, iterable, r):
        self._pool = tuple(iterable)
        self._r = _combinatoric_r(r)
        self._indices = None

    __iter__ = _iter_self

    def __next__(self):
        pool = self._pool
        if pool is None:
            raise StopIteration
        n, r, indices = len(pool), self._r, self._indices
        if indices is None:
            if r > n:
                self._pool = None
                raise StopIteration
            self._indices = indices = list(range(r))
            return tuple([pool[i] for i in indices])
        # the rightmost index not yet at its maximum moves up by one and the
        # ones after it follow consecutively
        for i in range(r - 1, -1, -1):
            if indices[i] != i + n - r:
                break
        else:
            self._pool = None
            raise StopIteration
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        return tuple([pool[i] for i in indices])


class combinations_with_replacement:
    """Return successive r-length combinations of elements in the iterable allowing individual elements to have successive repeats.

    combinations_with_replacement('ABC', 2) --> ('A','A'), ('A','B'), ('A','C'), ('B','B'), ('B','C'), ('C','C')
    """

    __slots__ = ('_pool', '_r', '_indices')

    def __init__(self, iterable, r):
        self._pool = tuple(iterable)
        self._r = _combinatoric_r(r)
        self._indices = None

    __iter__ = _iter_self

    def __next__(self):
        pool = self._pool
        if pool is None:
            raise StopIteration
        n, r, indices = len(pool), self._r, self._indices
        if indices is None:
            if n == 0 and r > 0:
                self._pool = None
                raise StopIteration
            self._indices = indices = [0] * r
            return tuple([pool[i] for i in indices])
        # the rightmost index below n - 1 moves up by one, the ones after it
        # take its new value
        for i in range(r - 1, -1, -1):
            if indices[i] != n - 1:
                break
        else:
            self._pool = None
            raise StopIteration
        indices[i:] = [indices[i] + 1] * (r - i)
        return tuple([pool[i] for i in indices])

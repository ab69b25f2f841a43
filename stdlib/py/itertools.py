"""Iterator building blocks for tirun.

Every object below is a plain Python class so that type names, reprs and
argument errors look like those of CPython's C implementation; the
algorithms are tirun's own.
"""

from sys import maxsize as _SSIZE_MAX

_NOTHING = object()          # marks an absent argument / an empty slot
_SSIZE_MIN = -_SSIZE_MAX - 1


def _return_self(self):
    return self


# --- argument helpers -------------------------------------------------------

def _plural(n, word):
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _positional_only(fname, args, kwargs, least, most):
    """Checks made by the C types that take positional arguments only."""
    if kwargs:
        raise TypeError(f"{fname}() takes no keyword arguments")
    got = len(args)
    if least <= got <= most:
        return
    if least == most:
        raise TypeError(f"{fname} expected {_plural(least, 'argument')}, got {got}")
    if got < least:
        raise TypeError(f"{fname} expected at least {_plural(least, 'argument')}, got {got}")
    raise TypeError(f"{fname} expected at most {_plural(most, 'argument')}, got {got}")


def _bind(fname, args, kwargs, names, required, positional=None):
    """Spread args/kwargs over the parameter `names` with the errors of
    CPython's C keyword parser; a parameter not given becomes _NOTHING."""
    nargs = len(args)
    total = len(names)
    if not kwargs and required <= nargs <= (positional or total):
        if nargs == total:
            return args
        return args + (_NOTHING,) * (total - nargs)
    given = nargs + len(kwargs)
    if given > total:
        kind = "keyword " if nargs == 0 else ""
        raise TypeError(f"{fname}() takes at most {total} {kind}"
                        f"argument{'' if total == 1 else 's'} ({given} given)")
    if positional is not None and nargs > positional:
        raise TypeError(f"{fname}() takes at most {positional} positional "
                        f"argument{'' if positional == 1 else 's'} ({nargs} given)")
    out = list(args)
    taken = 0
    for pos in range(nargs, total):
        name = names[pos]
        if name in kwargs:
            out.append(kwargs[name])
            taken += 1
        elif pos < required:
            raise TypeError(f"{fname}() missing required argument '{name}' (pos {pos + 1})")
        else:
            out.append(_NOTHING)
    if taken != len(kwargs):
        for name in kwargs:
            if name not in names:
                raise TypeError(f"'{name}' is an invalid keyword argument for {fname}()")
            where = names.index(name)
            if where < nargs:
                raise TypeError(f"argument for {fname}() given by name ('{name}') "
                                f"and position ({where + 1})")
    return tuple(out)


def _to_int(value):
    """The integer behind `value` (its __index__), as operator.index does."""
    if type(value) is int:
        return value
    try:
        hook = type(value).__index__
    except AttributeError:
        raise TypeError(f"'{type(value).__name__}' object cannot be "
                        f"interpreted as an integer") from None
    result = hook(value)
    if not isinstance(result, int):
        raise TypeError(f"__index__ returned non-int (type {type(result).__name__})")
    return result


def _to_ssize(value):
    """An integer argument that must fit a C Py_ssize_t."""
    n = _to_int(value)
    if type(n) is not int:
        n = int.__index__(n)        # a plain int, as C code would hold it
    if n > _SSIZE_MAX or n < _SSIZE_MIN:
        raise OverflowError("Python int too large to convert to C ssize_t")
    return n


def _nonneg_r(r):
    if r < 0:
        raise ValueError("r must be non-negative")
    return r


# --- infinite iterators -----------------------------------------------------

def _numeric(x):
    kind = type(x)
    return (isinstance(x, complex) or hasattr(kind, "__index__")
            or hasattr(kind, "__int__") or hasattr(kind, "__float__"))


class count:
    """count(start=0, step=1): start, start+step, start+2*step, ..."""

    __slots__ = ("_value", "_step")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        start, step = _bind("count", args, kwargs, ("start", "step"), 0)
        if start is _NOTHING:
            start = 0
        if step is _NOTHING:
            step = 1
        if not (_numeric(start) and _numeric(step)):
            raise TypeError("a number is required")
        if isinstance(step, int) and step == 1:
            step = 1
            # CPython keeps such a counter as a plain machine integer
            if isinstance(start, int) and _SSIZE_MIN <= start <= _SSIZE_MAX:
                start = int(start)
        self._value = start
        self._step = step

    def __next__(self):
        value = self._value
        self._value = value + self._step
        return value

    def __repr__(self):
        step = self._step
        if isinstance(step, int) and step == 1:
            return f"{type(self).__name__}({self._value!r})"
        return f"{type(self).__name__}({self._value!r}, {step!r})"


class cycle:
    """cycle(iterable): the items of iterable, over and over."""

    __slots__ = ("_source", "_seen", "_at")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        _positional_only("cycle", args, kwargs, 1, 1)
        self._source = iter(args[0])
        self._seen = []
        self._at = 0

    def __next__(self):
        source = self._source
        if source is not None:
            item = next(source, _NOTHING)
            if item is not _NOTHING:
                self._seen.append(item)
                return item
            # first pass over: from now on replay what was recorded
            self._source = None
        seen = self._seen
        if not seen:
            raise StopIteration
        at = self._at
        self._at = at + 1 if at + 1 < len(seen) else 0
        return seen[at]


class repeat:
    """repeat(object[, times]): object, endlessly or `times` times."""

    __slots__ = ("_obj", "_left")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        obj, times = _bind("repeat", args, kwargs, ("object", "times"), 1)
        self._obj = obj
        if times is _NOTHING:
            self._left = None
        else:
            times = _to_ssize(times)
            self._left = times if times > 0 else 0

    def __next__(self):
        left = self._left
        if left is None:
            return self._obj
        if left:
            self._left = left - 1
            return self._obj
        raise StopIteration

    def __length_hint__(self):
        if self._left is None:
            raise TypeError("len() of unsized object")
        return self._left

    def __repr__(self):
        if self._left is None:
            return f"{type(self).__name__}({self._obj!r})"
        return f"{type(self).__name__}({self._obj!r}, {self._left})"


# --- iterators that end with their input --------------------------------------

class accumulate:
    """accumulate(iterable[, func, *, initial=None]): running totals."""

    __slots__ = ("_source", "_func", "_total", "_seed")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        iterable, func, initial = _bind("accumulate", args, kwargs,
                                        ("iterable", "func", "initial"), 1, 2)
        self._source = iter(iterable)
        self._func = None if func is _NOTHING else func
        self._total = _NOTHING
        self._seed = _NOTHING if initial is _NOTHING or initial is None else initial

    def __next__(self):
        total = self._total
        if total is _NOTHING:
            total = self._seed
            if total is _NOTHING:
                total = next(self._source)
            else:
                self._seed = _NOTHING
        else:
            item = next(self._source)
            func = self._func
            total = total + item if func is None else func(total, item)
        self._total = total
        return total


class chain:
    """chain(*iterables): the items of each iterable in turn."""

    __slots__ = ("_feed", "_current")
    __iter__ = _return_self

    def __init__(self, *iterables, **kwargs):
        if kwargs:
            raise TypeError("chain() takes no keyword arguments")
        self._feed = iter(iterables)
        self._current = None

    @classmethod
    def from_iterable(cls, *args, **kwargs):
        """chain.from_iterable(iterable): like chain(*iterable), but lazy."""
        if kwargs:
            raise TypeError("chain.from_iterable() takes no keyword arguments")
        if len(args) != 1:
            raise TypeError(f"chain.from_iterable() takes exactly one argument ({len(args)} given)")
        feed = iter(args[0])
        self = cls.__new__(cls)
        self._feed = feed
        self._current = None
        return self

    def __class_getitem__(cls, item):
        from types import GenericAlias
        return GenericAlias(cls, item)

    def __next__(self):
        while True:
            current = self._current
            if current is None:
                feed = self._feed
                if feed is None:
                    raise StopIteration
                try:
                    current = iter(next(feed))
                except BaseException:
                    # nothing more can come once the supply of iterables fails
                    self._feed = None
                    raise
                self._current = current
            item = next(current, _NOTHING)
            if item is not _NOTHING:
                return item
            self._current = None


class compress:
    """compress(data, selectors): the data items whose selector is true."""

    __slots__ = ("_data", "_flags")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        data, selectors = _bind("compress", args, kwargs, ("data", "selectors"), 2)
        self._data = iter(data)
        self._flags = iter(selectors)

    def __next__(self):
        data = self._data
        flags = self._flags
        while True:
            item = next(data)
            if next(flags):
                return item


class dropwhile:
    """dropwhile(predicate, iterable): skip the leading items for which
    predicate holds, then pass everything through."""

    __slots__ = ("_pred", "_source", "_skipping")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        _positional_only("dropwhile", args, kwargs, 2, 2)
        self._pred = args[0]
        self._source = iter(args[1])
        self._skipping = True

    def __next__(self):
        source = self._source
        if self._skipping:
            pred = self._pred
            item = next(source)
            while pred(item):
                item = next(source)
            self._skipping = False
            return item
        return next(source)


class takewhile:
    """takewhile(predicate, iterable): the leading items for which
    predicate holds."""

    __slots__ = ("_pred", "_source")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        _positional_only("takewhile", args, kwargs, 2, 2)
        self._pred = args[0]
        self._source = iter(args[1])

    def __next__(self):
        source = self._source
        if source is None:
            raise StopIteration
        item = next(source)
        if self._pred(item):
            return item
        self._source = None
        raise StopIteration


class filterfalse:
    """filterfalse(function or None, iterable): the items for which
    function (or, for None, the item itself) is false."""

    __slots__ = ("_pred", "_source")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        _positional_only("filterfalse", args, kwargs, 2, 2)
        pred = args[0]
        self._pred = None if pred is bool else pred
        self._source = iter(args[1])

    def __next__(self):
        source = self._source
        pred = self._pred
        if pred is None:
            item = next(source)
            while item:
                item = next(source)
            return item
        item = next(source)
        while pred(item):
            item = next(source)
        return item


class starmap:
    """starmap(function, iterable): function(*args) for each args."""

    __slots__ = ("_func", "_source")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        _positional_only("starmap", args, kwargs, 2, 2)
        self._func = args[0]
        self._source = iter(args[1])

    def __next__(self):
        params = next(self._source)
        if type(params) is not tuple:
            params = tuple(params)
        return self._func(*params)


class pairwise:
    """pairwise(iterable): overlapping pairs (a, b), (b, c), ..."""

    __slots__ = ("_source", "_last")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        _positional_only("pairwise", args, kwargs, 1, 1)
        self._source = iter(args[0])
        self._last = _NOTHING

    def __next__(self):
        source = self._source
        if source is None:
            raise StopIteration
        try:
            left = self._last
            if left is _NOTHING:
                left = self._last = next(source)
            right = next(source)
        except BaseException:
            self._source = None
            self._last = _NOTHING
            raise
        self._last = right
        return (left, right)


class zip_longest:
    """zip_longest(*iterables, fillvalue=None): tuples across the
    iterables until the longest ends; ended ones give fillvalue."""

    __slots__ = ("_columns", "_fill", "_running")
    __iter__ = _return_self

    def __init__(self, *iterables, **kwargs):
        fill = None
        if kwargs:
            if len(kwargs) != 1 or "fillvalue" not in kwargs:
                raise TypeError("zip_longest() got an unexpected keyword argument")
            fill = kwargs["fillvalue"]
        self._columns = [iter(x) for x in iterables]
        self._fill = fill
        self._running = len(self._columns)

    def _retire(self, col):
        # column `col` has run dry; the whole zip ends with the last column
        self._columns[col] = None
        self._running -= 1
        if not self._running:
            raise StopIteration

    def __next__(self):
        if not self._running:
            raise StopIteration
        columns = self._columns
        row = [self._fill] * len(columns)
        col = 0
        for feed in columns:
            if feed is not None:
                item = next(feed, _NOTHING)
                if item is _NOTHING:
                    self._retire(col)
                else:
                    row[col] = item
            col += 1
        return tuple(row)


# --- islice -----------------------------------------------------------------------

_STOP_ERR = "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize."
_INDEX_ERR = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize."
_STEP_ERR = "Step for islice() must be a positive integer or None."


def _slice_number(value):
    """`value` as a ssize_t, or None when it is not one (any failure)."""
    try:
        n = _to_int(value)
    except Exception:
        return None
    if _SSIZE_MIN <= n <= _SSIZE_MAX:
        return n
    return None


class islice:
    """islice(iterable, stop) or islice(iterable, start, stop[, step]):
    the selected items of iterable, like seq[start:stop:step]."""

    __slots__ = ("_source", "_done", "_want", "_stop", "_step")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        _positional_only("islice", args, kwargs, 2, 4)
        if len(args) == 2:
            start = step = None
            stop = args[1]
        else:
            start, stop = args[1], args[2]
            step = args[3] if len(args) == 4 else None
        if stop is None:
            stop = _SSIZE_MAX
        else:
            stop = _slice_number(stop)
            if stop is None or stop == -1:
                raise ValueError(_STOP_ERR)
        if start is None:
            start = 0
        else:
            start = _slice_number(start)
            if start is None:
                raise ValueError(_INDEX_ERR)
        if step is None:
            step = 1
        else:
            step = _slice_number(step)
            if step is None:
                step = 0
        if start < 0 or stop < -1:
            raise ValueError(_INDEX_ERR)
        if step <= 0:
            raise ValueError(_STEP_ERR)
        self._source = iter(args[0])
        self._done = 0          # items taken from the source so far
        self._want = start      # position of the next item to hand out
        self._stop = stop
        self._step = step

    def __next__(self):
        source = self._source
        if source is None:
            raise StopIteration
        done = self._done
        want = self._want
        if done < want:
            try:
                while done < want:
                    next(source)
                    done += 1
            except StopIteration:
                self._source = None
                raise
            finally:
                self._done = done
        stop = self._stop
        if done >= stop:
            self._source = None
            raise StopIteration
        item = next(source, _NOTHING)
        if item is _NOTHING:
            self._source = None
            raise StopIteration
        self._done = done + 1
        want = done + self._step
        self._want = want if want < stop else stop
        return item


# --- groupby ------------------------------------------------------------------------

class groupby:
    """groupby(iterable, key=None): (key, group) for each run of
    consecutive items that share a key."""

    __slots__ = ("_source", "_keyfunc", "_key", "_pending", "_pending_key", "_live")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        iterable, key = _bind("groupby", args, kwargs, ("iterable", "key"), 1)
        self._source = iter(iterable)
        self._keyfunc = None if key is _NOTHING else key
        self._key = _NOTHING            # key of the group handed out last
        self._pending = _NOTHING        # an item read but not yet delivered
        self._pending_key = _NOTHING
        self._live = None               # the only group allowed to yield

    def _read(self):
        item = next(self._source)
        keyfunc = self._keyfunc
        k = item if keyfunc is None else keyfunc(item)
        self._pending = item
        self._pending_key = k

    def __next__(self):
        self._live = None
        current = self._key
        while True:
            if self._pending is _NOTHING:
                self._read()
            k = self._pending_key
            if current is _NOTHING or not (current is k or current == k):
                break
            self._pending = _NOTHING     # still the old group: drop it
        self._key = k
        group = self._live = _grouper(self, k)
        return (k, group)


class _grouper:
    """One run of a groupby; valid until the groupby moves on."""

    __slots__ = ("_owner", "_key")
    __iter__ = _return_self

    def __init__(self, owner, key):
        self._owner = owner
        self._key = key

    def __next__(self):
        owner = self._owner
        if owner._live is not self:
            raise StopIteration
        if owner._pending is _NOTHING:
            owner._read()
        k = owner._pending_key
        mine = self._key
        if not (mine is k or mine == k):
            raise StopIteration
        item = owner._pending
        owner._pending = _NOTHING
        return item


# --- tee ----------------------------------------------------------------------------------
#
# The copies share a chain of buffers: each buffer is a pair [items, following]
# where items holds up to _TEE_CHUNK consecutive items of the source.  A copy
# remembers its buffer and how far into it it has read; whichever copy gets
# ahead of the others reads the source and appends to the shared buffer.
# Buffers that no copy still points to are freed by the garbage collector.

_TEE_CHUNK = 64


class _tee:
    """One of the iterators returned by tee()."""

    __slots__ = ("_source", "_buf", "_items", "_at")
    __iter__ = _return_self

    def __new__(cls, *args, **kwargs):
        _positional_only("_tee", args, kwargs, 1, 1)
        source = iter(args[0])
        if isinstance(source, _tee):
            return source.__copy__()
        self = object.__new__(cls)
        self._source = source
        self._buf = [[], None]
        self._items = self._buf[0]
        self._at = 0
        return self

    def __next__(self):
        at = self._at
        if at == _TEE_CHUNK:
            buf = self._buf
            following = buf[1]
            if following is None:
                following = buf[1] = [[], None]
            self._buf = following
            self._items = following[0]
            self._at = at = 0
        items = self._items
        if at < len(items):
            item = items[at]
        else:
            item = next(self._source)
            items.append(item)
        self._at = at + 1
        return item

    def __copy__(self):
        twin = object.__new__(type(self))
        twin._source = self._source
        twin._buf = self._buf
        twin._items = self._items
        twin._at = self._at
        return twin


def tee(*args, **kwargs):
    """tee(iterable, n=2): n independent iterators over one iterable."""
    _positional_only("itertools.tee" if kwargs else "tee", args, kwargs, 1, 2)
    n = _to_ssize(args[1]) if len(args) == 2 else 2
    if n < 0:
        raise ValueError("n must be >= 0")
    if n == 0:
        return ()
    first = iter(args[0])
    duplicate = getattr(first, "__copy__", None)
    if duplicate is None:
        first = _tee(first)
        duplicate = first.__copy__
    return (first,) + tuple(duplicate() for _ in range(n - 1))


# --- combinatorics ----------------------------------------------------------------------
#
# Each of these reads its input into a tuple up front, walks an array of
# positions into that tuple, and keeps a parallel list of the selected values
# so that only the slots that change have to be rewritten.

class product:
    """product(*iterables, repeat=1): the cartesian product, as tuples."""

    __slots__ = ("_pools", "_pos", "_vals", "_fresh")
    __iter__ = _return_self

    def __init__(self, *iterables, **kwargs):
        times = 1
        if kwargs:
            if len(kwargs) > 1:
                raise TypeError(f"product() takes at most 1 keyword argument ({len(kwargs)} given)")
            for name in kwargs:
                if name != "repeat":
                    raise TypeError(f"'{name}' is an invalid keyword argument for product()")
            times = _to_ssize(kwargs["repeat"])
            if times < 0:
                raise ValueError("repeat argument cannot be negative")
            if iterables and times > _SSIZE_MAX // len(iterables):
                raise OverflowError("repeat argument too large")
        pools = tuple(map(tuple, iterables)) * times
        self._pools = pools
        self._pos = [0] * len(pools)
        self._fresh = True
        for pool in pools:
            if not pool:
                self._vals = None
                break
        else:
            self._vals = [pool[0] for pool in pools]

    def __next__(self):
        vals = self._vals
        if vals is None:
            raise StopIteration
        if self._fresh:
            self._fresh = False
            return tuple(vals)
        pools = self._pools
        pos = self._pos
        wheel = len(pos) - 1
        # odometer: bump the last wheel, carrying leftwards on wrap-around
        while wheel >= 0:
            pool = pools[wheel]
            p = pos[wheel] + 1
            if p < len(pool):
                pos[wheel] = p
                vals[wheel] = pool[p]
                return tuple(vals)
            pos[wheel] = 0
            vals[wheel] = pool[0]
            wheel -= 1
        self._vals = None
        raise StopIteration


class permutations:
    """permutations(iterable, r=None): r-length arrangements in
    lexicographic order of positions."""

    __slots__ = ("_order", "_vals", "_r", "_fresh")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        iterable, r = _bind("permutations", args, kwargs, ("iterable", "r"), 1)
        pool = tuple(iterable)
        n = len(pool)
        if r is _NOTHING or r is None:
            r = n
        else:
            if not isinstance(r, int):
                raise TypeError("Expected int as r")
            r = _nonneg_r(_to_ssize(r))
        # _order is a full permutation of range(n): the first r entries are
        # the current arrangement, the rest (the unused positions) stay sorted.
        self._order = list(range(n))
        self._vals = list(pool) if r <= n else None
        self._r = r
        self._fresh = True

    def __next__(self):
        vals = self._vals
        if vals is None:
            raise StopIteration
        r = self._r
        if self._fresh:
            self._fresh = False
            return tuple(vals[:r])
        order = self._order
        n = len(order)
        if 0 < r < n and order[r - 1] < order[-1]:
            # the last slot can take the next larger unused position
            mine = order[r - 1]
            k = r
            while order[k] < mine:
                k += 1
            order[r - 1], order[k] = order[k], mine
            vals[r - 1], vals[k] = vals[k], vals[r - 1]
            return tuple(vals[:r])
        # Otherwise treat the whole array: with the unused part reversed it is
        # the greatest permutation that begins with the current arrangement,
        # so its lexicographic successor begins with the next arrangement.
        if r < n:
            order[r:] = order[r:][::-1]
            vals[r:] = vals[r:][::-1]
        i = r - 2
        while i >= 0 and order[i] > order[i + 1]:
            i -= 1
        if i < 0:
            self._vals = None
            raise StopIteration
        pivot = order[i]
        k = n - 1
        while order[k] < pivot:
            k -= 1
        order[i], order[k] = order[k], pivot
        vals[i], vals[k] = vals[k], vals[i]
        order[i + 1:] = order[i + 1:][::-1]
        vals[i + 1:] = vals[i + 1:][::-1]
        return tuple(vals[:r])


def _advance_subset(chosen, limit):
    """Step `chosen`, a strictly increasing list of numbers below `limit`,
    to the next such list in lexicographic order.  Returns the first slot
    that changed, or -1 when `chosen` was already the last one."""
    slot = len(chosen) - 1
    ceiling = limit - 1                 # largest value `slot` may hold
    while slot >= 0 and chosen[slot] == ceiling:
        slot -= 1
        ceiling -= 1
    if slot < 0:
        return -1
    value = chosen[slot]
    for s in range(slot, len(chosen)):
        value += 1
        chosen[s] = value
    return slot


class combinations:
    """combinations(iterable, r): r-length subsequences, in order."""

    __slots__ = ("_pool", "_chosen", "_vals", "_fresh")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        iterable, r = _bind("combinations", args, kwargs, ("iterable", "r"), 2)
        r = _to_ssize(r)
        pool = tuple(iterable)
        _nonneg_r(r)
        self._pool = pool
        self._chosen = list(range(r))
        self._vals = list(pool[:r]) if r <= len(pool) else None
        self._fresh = True

    def __next__(self):
        vals = self._vals
        if vals is None:
            raise StopIteration
        if self._fresh:
            self._fresh = False
            return tuple(vals)
        pool = self._pool
        chosen = self._chosen
        if chosen and chosen[-1] < len(pool) - 1:
            p = chosen[-1] = chosen[-1] + 1
            vals[-1] = pool[p]
            return tuple(vals)
        slot = _advance_subset(chosen, len(pool))
        if slot < 0:
            self._vals = None
            raise StopIteration
        for s in range(slot, len(chosen)):
            vals[s] = pool[chosen[s]]
        return tuple(vals)


class combinations_with_replacement:
    """combinations_with_replacement(iterable, r): r-length subsequences
    that may repeat an item, in order."""

    # A multiset pick p[0] <= p[1] <= ... of positions in a pool of n is
    # walked as the strictly increasing list p[s] + s below n + r - 1, which
    # preserves the order, so it shares _advance_subset with combinations.

    __slots__ = ("_pool", "_chosen", "_vals", "_fresh")
    __iter__ = _return_self

    def __init__(self, *args, **kwargs):
        iterable, r = _bind("combinations_with_replacement", args, kwargs,
                            ("iterable", "r"), 2)
        r = _to_ssize(r)
        pool = tuple(iterable)
        _nonneg_r(r)
        self._pool = pool
        self._chosen = list(range(r))
        if pool:
            self._vals = [pool[0]] * r
        else:
            self._vals = None if r else []
        self._fresh = True

    def __next__(self):
        vals = self._vals
        if vals is None:
            raise StopIteration
        if self._fresh:
            self._fresh = False
            return tuple(vals)
        pool = self._pool
        chosen = self._chosen
        last = len(chosen) - 1
        limit = len(pool) + last        # the shifted positions stay below this
        if last >= 0 and chosen[last] < limit - 1:
            p = chosen[last] = chosen[last] + 1
            vals[last] = pool[p - last]
            return tuple(vals)
        slot = _advance_subset(chosen, limit)
        if slot < 0:
            self._vals = None
            raise StopIteration
        for s in range(slot, last + 1):
            vals[s] = pool[chosen[s] - s]
        return tuple(vals)

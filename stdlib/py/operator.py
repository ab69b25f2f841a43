"""Standard operators as plain functions.

Each function here performs one Python operator (operator.add(x, y) is
x + y); the dunder spellings (operator.__add__) name the same objects.
Also provides itemgetter, attrgetter and methodcaller, small callables for
use as sort keys and with map().
"""

__all__ = ['abs', 'add', 'and_', 'attrgetter', 'call', 'concat', 'contains', 'countOf',
           'delitem', 'eq', 'floordiv', 'ge', 'getitem', 'gt', 'iadd', 'iand',
           'iconcat', 'ifloordiv', 'ilshift', 'imatmul', 'imod', 'imul',
           'index', 'indexOf', 'inv', 'invert', 'ior', 'ipow', 'irshift',
           'is_', 'is_not', 'isub', 'itemgetter', 'itruediv', 'ixor', 'le',
           'length_hint', 'lshift', 'lt', 'matmul', 'methodcaller', 'mod',
           'mul', 'ne', 'neg', 'not_', 'or_', 'pos', 'pow', 'rshift',
           'setitem', 'sub', 'truediv', 'truth', 'xor']

from builtins import abs as _builtin_abs


# --- comparisons -------------------------------------------------------------

def lt(a, b):
    return a < b

def le(a, b):
    return a <= b

def eq(a, b):
    return a == b

def ne(a, b):
    return a != b

def ge(a, b):
    return a >= b

def gt(a, b):
    return a > b


# --- truth and identity --------------------------------------------------------

def not_(a):
    return not a

def truth(a):
    return bool(a)

def is_(a, b):
    return a is b

def is_not(a, b):
    return a is not b


# --- arithmetic and bitwise ------------------------------------------------------

def abs(a):
    return _builtin_abs(a)

def add(a, b):
    return a + b

def and_(a, b):
    return a & b

def floordiv(a, b):
    return a // b

def index(a):
    hook = getattr(type(a), '__index__', None)
    if hook is None:
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(a).__name__)
    value = hook(a)
    if type(value) is int:
        return value
    if isinstance(value, int):
        return int(value)     # CPython accepts (with a warning) int subclasses
    raise TypeError('__index__ returned non-int (type %s)' % type(value).__name__)

def inv(a):
    return ~a

def invert(a):
    return ~a

def lshift(a, b):
    return a << b

def mod(a, b):
    return a % b

def mul(a, b):
    return a * b

def matmul(a, b):
    return a @ b

def neg(a):
    return -a

def or_(a, b):
    return a | b

def pos(a):
    return +a

def pow(a, b):
    return a ** b

def rshift(a, b):
    return a >> b

def sub(a, b):
    return a - b

def truediv(a, b):
    return a / b

def xor(a, b):
    return a ^ b


# --- sequences ---------------------------------------------------------------------

_CONCAT_TYPES = (str, bytes, bytearray, list, tuple)


def _seq_like(obj):
    return hasattr(type(obj), '__getitem__') and not isinstance(obj, dict)


def _check_concat(a, b):
    # Like the sequence protocol: a must support concatenation itself, or
    # both operands must at least look like sequences.
    if not (isinstance(a, _CONCAT_TYPES) or (_seq_like(a) and _seq_like(b))):
        raise TypeError("'%s' object can't be concatenated" % type(a).__name__)

def _items_of(container):
    # Iterate like the `in` operator does, with its error for non-iterables.
    try:
        return iter(container)
    except TypeError:
        raise TypeError("argument of type '%s' is not iterable"
                        % type(container).__name__) from None

def concat(a, b):
    _check_concat(a, b)
    return a + b

def contains(a, b):
    return b in a

def countOf(a, b):
    total = 0
    for item in _items_of(a):
        if item is b or item == b:
            total += 1
    return total

def delitem(a, b):
    del a[b]

def getitem(a, b):
    return a[b]

def indexOf(a, b):
    position = 0
    for item in _items_of(a):
        if item is b or item == b:
            return position
        position += 1
    raise ValueError('sequence.index(x): x not in sequence')

def setitem(a, b, c):
    a[b] = c

def length_hint(obj, default=0):
    default = index(default)
    try:
        return len(obj)
    except TypeError:
        pass
    hook = getattr(type(obj), '__length_hint__', None)
    if hook is None:
        return default
    try:
        guess = hook(obj)
    except TypeError:
        return default
    if guess is NotImplemented:
        return default
    if not isinstance(guess, int):
        raise TypeError('__length_hint__ must be an integer, not %s'
                        % type(guess).__name__)
    if guess < 0:
        raise ValueError('__length_hint__() should return >= 0')
    return int(guess)


# --- calling ---------------------------------------------------------------------------

def call(func, /, *args, **kwargs):
    return func(*args, **kwargs)


# --- in-place forms ----------------------------------------------------------------------

def iadd(a, b):
    a += b
    return a

def iand(a, b):
    a &= b
    return a

def iconcat(a, b):
    _check_concat(a, b)
    a += b
    return a

def ifloordiv(a, b):
    a //= b
    return a

def ilshift(a, b):
    a <<= b
    return a

def imod(a, b):
    a %= b
    return a

def imul(a, b):
    a *= b
    return a

def imatmul(a, b):
    a @= b
    return a

def ior(a, b):
    a |= b
    return a

def ipow(a, b):
    a **= b
    return a

def irshift(a, b):
    a >>= b
    return a

def isub(a, b):
    a -= b
    return a

def itruediv(a, b):
    a /= b
    return a

def ixor(a, b):
    a ^= b
    return a


# Docstrings: what each function stands for, written as the expression.
_EXPRESSIONS = {
    lt: 'a < b', le: 'a <= b', eq: 'a == b', ne: 'a != b', ge: 'a >= b', gt: 'a > b',
    not_: 'not a', is_: 'a is b', is_not: 'a is not b',
    abs: 'abs(a)', add: 'a + b', and_: 'a & b', floordiv: 'a // b', index: 'a.__index__()',
    inv: '~a', invert: '~a', lshift: 'a << b', mod: 'a % b', mul: 'a * b', matmul: 'a @ b',
    neg: '-a', or_: 'a | b', pos: '+a', pow: 'a ** b', rshift: 'a >> b', sub: 'a - b',
    truediv: 'a / b', xor: 'a ^ b', concat: 'a + b, for a and b sequences',
    contains: 'b in a (note reversed operands)', delitem: 'del a[b]', getitem: 'a[b]',
    setitem: 'a[b] = c', call: 'func(*args, **kwargs)',
    iadd: 'a += b', iand: 'a &= b', iconcat: 'a += b, for a and b sequences',
    ifloordiv: 'a //= b', ilshift: 'a <<= b', imod: 'a %= b', imul: 'a *= b',
    imatmul: 'a @= b', ior: 'a |= b', ipow: 'a **= b', irshift: 'a >>= b',
    isub: 'a -= b', itruediv: 'a /= b', ixor: 'a ^= b',
}
for _fn, _expr in _EXPRESSIONS.items():
    _fn.__doc__ = 'Same as %s.' % _expr
truth.__doc__ = 'Return True if a is true, False otherwise.'
countOf.__doc__ = 'Return the number of items in a which are, or which equal, b.'
indexOf.__doc__ = 'Return the first index of b in a.'
length_hint.__doc__ = ('Return an estimate of the number of items in obj, '
                       'or default when none can be had.')
del _fn, _expr, _EXPRESSIONS


# --- callable helper objects ---------------------------------------------------------------

_repr_busy = set()


def _guarded_repr(obj, render):
    # Print "Name(...)" for an object whose repr is already in progress.
    key = id(obj)
    if key in _repr_busy:
        return '%s.%s(...)' % (type(obj).__module__, type(obj).__qualname__)
    _repr_busy.add(key)
    try:
        return '%s.%s(%s)' % (type(obj).__module__, type(obj).__qualname__, render())
    finally:
        _repr_busy.discard(key)


class attrgetter:
    """Callable that fetches the given attribute(s) from its operand.

    attrgetter('x')(r) is r.x; attrgetter('x', 'y')(r) is (r.x, r.y);
    dotted names walk nested attributes: attrgetter('x.y')(r) is r.x.y.
    """
    __slots__ = ('_names', '_paths')

    def __init__(self, *names, **kwargs):
        if kwargs:
            raise TypeError('attrgetter() takes no keyword arguments')
        if not names:
            raise TypeError('attrgetter expected 1 argument, got 0')
        for name in names:
            if not isinstance(name, str):
                raise TypeError('attribute name must be a string')
        self._names = names
        self._paths = tuple(tuple(name.split('.')) for name in names)

    def __call__(self, obj, /):
        paths = self._paths
        if len(paths) == 1:
            for step in paths[0]:
                obj = getattr(obj, step)
            return obj
        found = []
        for path in paths:
            value = obj
            for step in path:
                value = getattr(value, step)
            found.append(value)
        return tuple(found)

    def __repr__(self):
        return _guarded_repr(self, lambda: ', '.join(map(repr, self._names)))

    def __reduce__(self):
        return type(self), self._names


class itemgetter:
    """Callable that fetches the given item(s) from its operand.

    itemgetter(1)(r) is r[1]; itemgetter(2, 5, 3)(r) is (r[2], r[5], r[3]).
    """
    __slots__ = ('_keys',)

    def __init__(self, *keys, **kwargs):
        if kwargs:
            raise TypeError('itemgetter() takes no keyword arguments')
        if not keys:
            raise TypeError('itemgetter expected 1 argument, got 0')
        self._keys = keys

    def __call__(self, obj, /):
        keys = self._keys
        if len(keys) == 1:
            return obj[keys[0]]
        return tuple([obj[key] for key in keys])

    def __repr__(self):
        return _guarded_repr(self, lambda: ', '.join(map(repr, self._keys)))

    def __reduce__(self):
        return type(self), self._keys


class methodcaller:
    """Callable that invokes a named method on its operand.

    methodcaller('split', ',')(s) is s.split(','); keyword arguments are
    passed along too.
    """
    __slots__ = ('_method', '_pos', '_kw')

    def __init__(*args, **kwargs):
        if len(args) < 2:
            raise TypeError('methodcaller needs at least one argument, the method name')
        self, name = args[0], args[1]
        if not isinstance(name, str):
            raise TypeError('method name must be a string')
        self._method = name
        self._pos = args[2:]
        self._kw = kwargs

    def __call__(self, obj, /):
        return getattr(obj, self._method)(*self._pos, **self._kw)

    def __repr__(self):
        def render():
            parts = [repr(self._method)]
            parts.extend(map(repr, self._pos))
            parts.extend('%s=%r' % pair for pair in self._kw.items())
            return ', '.join(parts)
        return _guarded_repr(self, render)

    def __reduce__(self):
        if not self._kw:
            return type(self), (self._method,) + self._pos
        import functools
        rebuild = functools.partial(type(self), self._method, **self._kw)
        return rebuild, self._pos


# --- dunder aliases ------------------------------------------------------------------------

def _add_dunder_aliases(space):
    plain = ('lt le eq ne ge gt not abs add and call floordiv index inv invert '
             'lshift mod mul matmul neg or pos pow rshift sub truediv xor concat '
             'contains delitem getitem setitem iadd iand iconcat ifloordiv ilshift '
             'imod imul imatmul ior ipow irshift isub itruediv ixor')
    for stem in plain.split():
        target = space[stem] if stem in space and callable(space[stem]) else space[stem + '_']
        space['__' + stem + '__'] = target

_add_dunder_aliases(globals())
del _add_dunder_aliases

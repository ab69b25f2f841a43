# copy: shallow and deep copies (CPython's copy module, without pickle's
# __reduce__ protocol): __copy__ / __deepcopy__ hooks, the built-in containers,
# and instances by their __dict__ and __slots__.
__all__ = ["Error", "copy", "deepcopy"]


class Error(Exception):
    pass


error = Error

_atomic = (type(None), int, float, bool, complex, str, bytes, type, range, type(len), type(lambda: 0),
           type(Ellipsis), type(NotImplemented))


def _slot_names(cls):
    names = []
    for c in cls.__mro__:
        slots = c.__dict__.get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        for n in slots:
            if n not in ("__dict__", "__weakref__") and n not in names:
                names.append(n)
    return names


def _instance(x, copy_value):
    cls = type(x)
    y = cls.__new__(cls)
    d = getattr(x, "__dict__", None)
    if d is not None:
        for k, v in d.items():
            y.__dict__[k] = copy_value(v)
    for n in _slot_names(cls):
        if hasattr(x, n):
            object.__setattr__(y, n, copy_value(getattr(x, n)))
    return y


def copy(x):
    """A shallow copy of x."""
    cls = type(x)
    if isinstance(x, _atomic):
        return x
    hook = getattr(cls, "__copy__", None)
    if hook is not None:
        return hook(x)
    if cls in (list, dict, set, bytearray):
        return cls(x)
    if cls in (tuple, frozenset):
        return x
    return _instance(x, lambda v: v)


def deepcopy(x, memo=None):
    """A deep copy of x: shared and recursive references are kept as in x."""
    if memo is None:
        memo = {}
    key = id(x)
    if key in memo:
        return memo[key]
    cls = type(x)
    if isinstance(x, _atomic):
        return x
    hook = getattr(cls, "__deepcopy__", None)
    if hook is not None:
        y = hook(x, memo)
    elif cls is list:
        y = []
        memo[key] = y
        y.extend(deepcopy(v, memo) for v in x)
    elif cls is tuple:
        y = tuple(deepcopy(v, memo) for v in x)
        if key in memo:
            return memo[key]
    elif cls is dict:
        y = {}
        memo[key] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
    elif cls in (set, frozenset):
        y = cls(deepcopy(v, memo) for v in x)
    elif cls is bytearray:
        y = bytearray(x)
    else:
        y = _instance(x, lambda v: deepcopy(v, memo))
    memo[key] = y
    return y

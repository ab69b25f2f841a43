"""weakref: weak references (the collector clears a ref when its referent
dies, then calls its callback: see _weakref, vm/gc.c) and what Python builds
on them: finalize, proxy, WeakValueDictionary, WeakKeyDictionary, WeakSet,
WeakMethod. As in tirun every object dies at a collection, not when its last
reference goes, a callback runs at the next collection after that."""

from _weakref import ref, ReferenceType, getweakrefcount, getweakrefs

__all__ = ["ref", "proxy", "getweakrefcount", "getweakrefs", "WeakKeyDictionary", "ReferenceType",
           "ProxyType", "WeakValueDictionary", "WeakSet", "WeakMethod", "finalize"]


class WeakMethod(ref):
    """A weak reference to a bound method: dead when its object or its
    function dies."""

    def __new__(cls, meth, callback=None):
        try:
            obj, func = meth.__self__, meth.__func__
        except AttributeError:
            raise TypeError("argument should be a bound method, not {}".format(type(meth))) from None
        self = ref.__new__(cls, obj, callback)
        self._func_ref = ref(func)
        self._meth_type = type(meth)
        return self

    def __call__(self):
        obj = ref.__call__(self)
        func = self._func_ref()
        if obj is None or func is None:
            return None
        return self._meth_type(func, obj)


class ProxyType:
    """proxy(obj): forwards attribute access and calls to obj while it lives;
    ReferenceError after."""

    __slots__ = ("_proxy_ref",)

    def __init__(self, obj, callback=None):
        object.__setattr__(self, "_proxy_ref",
                           ref(obj) if callback is None else ref(obj, lambda r, p=self: callback(p)))

    def _proxy_target(self):
        obj = object.__getattribute__(self, "_proxy_ref")()
        if obj is None:
            raise ReferenceError("weakly-referenced object no longer exists")
        return obj

    def __getattr__(self, name):
        return getattr(ProxyType._proxy_target(self), name)

    def __setattr__(self, name, value):
        setattr(ProxyType._proxy_target(self), name, value)

    def __delattr__(self, name):
        delattr(ProxyType._proxy_target(self), name)

    def __call__(self, *args, **kwargs):
        return ProxyType._proxy_target(self)(*args, **kwargs)

    def __repr__(self):
        obj = object.__getattribute__(self, "_proxy_ref")()
        return "<weakproxy at {:#x}; to '{}' at {:#x}>".format(id(self), type(obj).__name__, id(obj))

    def __str__(self):
        return str(ProxyType._proxy_target(self))

    def __bool__(self):
        return bool(ProxyType._proxy_target(self))

    def __len__(self):
        return len(ProxyType._proxy_target(self))

    def __iter__(self):
        return iter(ProxyType._proxy_target(self))

    def __getitem__(self, key):
        return ProxyType._proxy_target(self)[key]

    def __setitem__(self, key, value):
        ProxyType._proxy_target(self)[key] = value

    def __delitem__(self, key):
        del ProxyType._proxy_target(self)[key]

    def __contains__(self, item):
        return item in ProxyType._proxy_target(self)

    def __eq__(self, other):
        return ProxyType._proxy_target(self) == other

    def __ne__(self, other):
        return ProxyType._proxy_target(self) != other

    def __hash__(self):
        raise TypeError("unhashable type: 'weakproxy'")


CallableProxyType = ProxyType
ProxyTypes = (ProxyType,)


def proxy(obj, callback=None):
    return ProxyType(obj, callback)


class WeakValueDictionary:
    """A mapping whose values are held weakly: an entry goes when its value dies."""

    def __init__(self, other=(), /, **kwargs):
        self.data = {}

        def remove(wr, selfref=ref(self)):
            self = selfref()
            if self is not None and self.data.get(wr.key) is wr:
                del self.data[wr.key]

        self._remove = remove
        self.update(other, **kwargs)

    def __getitem__(self, key):
        o = self.data[key]()
        if o is None:
            raise KeyError(key)
        return o

    def __setitem__(self, key, value):
        self.data[key] = _KeyedRef(value, self._remove, key)

    def __delitem__(self, key):
        del self.data[key]

    def __contains__(self, key):
        r = self.data.get(key)
        return r is not None and r() is not None

    def __len__(self):
        return sum(1 for r in self.data.values() if r() is not None)

    def __iter__(self):
        return iter([k for k, r in list(self.data.items()) if r() is not None])

    keys = __iter__

    def items(self):
        out = []
        for k, r in list(self.data.items()):
            v = r()
            if v is not None:
                out.append((k, v))
        return out

    def values(self):
        return [v for k, v in self.items()]

    def get(self, key, default=None):
        r = self.data.get(key)
        if r is None:
            return default
        o = r()
        return default if o is None else o

    def pop(self, key, *default):
        r = self.data.pop(key, None)
        o = None if r is None else r()
        if o is None:
            if default:
                return default[0]
            raise KeyError(key)
        return o

    def setdefault(self, key, default=None):
        o = self.get(key)
        if o is None:
            self[key] = default
            return default
        return o

    def update(self, other=(), /, **kwargs):
        if hasattr(other, "items"):
            other = other.items()
        for k, v in other:
            self[k] = v
        for k, v in kwargs.items():
            self[k] = v

    def copy(self):
        return WeakValueDictionary(self.items())

    def clear(self):
        self.data.clear()

    def valuerefs(self):
        return list(self.data.values())

    def __repr__(self):
        return "<WeakValueDictionary at {:#x}>".format(id(self))


class _KeyedRef(ref):
    """A ref that remembers its dictionary key (WeakValueDictionary)."""

    def __new__(cls, ob, callback, key):
        self = ref.__new__(cls, ob, callback)
        self.key = key
        return self


KeyedRef = _KeyedRef


class WeakKeyDictionary:
    """A mapping whose keys are held weakly: an entry goes when its key dies."""

    def __init__(self, dict=None):
        self.data = {}

        def remove(k, selfref=ref(self)):
            self = selfref()
            if self is not None:
                self.data.pop(k, None)

        self._remove = remove
        if dict is not None:
            self.update(dict)

    def __getitem__(self, key):
        return self.data[ref(key)]

    def __setitem__(self, key, value):
        self.data[ref(key, self._remove)] = value

    def __delitem__(self, key):
        del self.data[ref(key)]

    def __contains__(self, key):
        try:
            wr = ref(key)
        except TypeError:
            return False
        return wr in self.data

    def __len__(self):
        return sum(1 for r in self.data if r() is not None)

    def __iter__(self):
        return iter([k for k in (r() for r in list(self.data)) if k is not None])

    keys = __iter__

    def items(self):
        out = []
        for r, v in list(self.data.items()):
            k = r()
            if k is not None:
                out.append((k, v))
        return out

    def values(self):
        return [v for k, v in self.items()]

    def get(self, key, default=None):
        return self.data.get(ref(key), default)

    def pop(self, key, *default):
        return self.data.pop(ref(key), *default)

    def setdefault(self, key, default=None):
        return self.data.setdefault(ref(key, self._remove), default)

    def update(self, dict=None, /, **kwargs):
        if dict is not None:
            if hasattr(dict, "items"):
                dict = dict.items()
            for k, v in dict:
                self[k] = v
        for k, v in kwargs.items():
            self[k] = v

    def copy(self):
        return WeakKeyDictionary(self.items())

    def clear(self):
        self.data.clear()

    def keyrefs(self):
        return list(self.data)

    def __repr__(self):
        return "<WeakKeyDictionary at {:#x}>".format(id(self))


class WeakSet:
    """A set of weakly held objects: an object leaves it when it dies."""

    def __init__(self, data=None):
        self.data = set()

        def remove(item, selfref=ref(self)):
            self = selfref()
            if self is not None:
                self.data.discard(item)

        self._remove = remove
        if data is not None:
            for x in data:
                self.add(x)

    def add(self, item):
        self.data.add(ref(item, self._remove))

    def discard(self, item):
        self.data.discard(ref(item))

    def remove(self, item):
        self.data.remove(ref(item))

    def pop(self):
        while True:
            o = self.data.pop()()
            if o is not None:
                return o

    def clear(self):
        self.data.clear()

    def __contains__(self, item):
        try:
            wr = ref(item)
        except TypeError:
            return False
        return wr in self.data

    def __iter__(self):
        return iter([o for o in (r() for r in list(self.data)) if o is not None])

    def __len__(self):
        return sum(1 for r in self.data if r() is not None)

    def copy(self):
        return WeakSet(self)

    def __repr__(self):
        return repr(set(self))


class _FinalizeInfo:
    __slots__ = ("weakref", "func", "args", "kwargs", "atexit", "index")


class finalize:
    """finalize(obj, func, /, *args, **kwargs): calls func(*args, **kwargs)
    once, when obj dies, when called, or at exit (while atexit is true).
    Alive from its creation until then: the class registry holds it."""

    _registry = {}
    _shutdown = False
    _index = 0
    _atexit_registered = False

    def __init__(self, obj, func, /, *args, **kwargs):
        info = _FinalizeInfo()
        info.weakref = ref(obj, self)
        info.func = func
        info.args = args
        info.kwargs = kwargs or None
        info.atexit = True
        info.index = finalize._index
        finalize._index += 1
        finalize._registry[self] = info
        if not finalize._atexit_registered:
            import atexit
            atexit.register(finalize._exitfunc)
            finalize._atexit_registered = True

    def __call__(self, _=None):
        """Calls func(*args, **kwargs) if still alive; its result, else None."""
        info = self._registry.pop(self, None)
        if info is not None and not self._shutdown:
            return info.func(*info.args, **(info.kwargs or {}))

    def detach(self):
        """(obj, func, args, kwargs) and cancels, if alive; else None."""
        info = self._registry.get(self)
        obj = info.weakref() if info is not None else None
        if obj is not None and self._registry.pop(self, None) is not None:
            return (obj, info.func, info.args, info.kwargs or {})

    def peek(self):
        """(obj, func, args, kwargs) if alive; else None."""
        info = self._registry.get(self)
        obj = info.weakref() if info is not None else None
        if obj is not None:
            return (obj, info.func, info.args, info.kwargs or {})

    @property
    def alive(self):
        return self in self._registry

    @property
    def atexit(self):
        info = self._registry.get(self)
        return info is not None and info.atexit

    @atexit.setter
    def atexit(self, value):
        info = self._registry.get(self)
        if info is not None:
            info.atexit = bool(value)

    def __repr__(self):
        info = self._registry.get(self)
        obj = info.weakref() if info is not None else None
        if obj is None:
            return "<finalize object at {:#x}; dead>".format(id(self))
        return "<finalize object at {:#x}; for {!r} at {:#x}>".format(id(self), type(obj).__name__, id(obj))

    @staticmethod
    def _exitfunc():
        # the alive finalizers marked atexit, the newest first
        pending = sorted(((info.index, f) for f, info in finalize._registry.items() if info.atexit), reverse=True)
        for _, f in pending:
            if f in finalize._registry:
                try:
                    f()
                except Exception:
                    import sys
                    import traceback
                    sys.stderr.write("Exception ignored in: {!r}\n".format(f))
                    traceback.print_exc()
        finalize._shutdown = True

"""Names for interpreter types that have no builtin name, SimpleNamespace,
MappingProxyType, and the dynamic class creation helpers (new_class and friends)."""

import sys

__all__ = ["BuiltinFunctionType", "BuiltinMethodType", "CellType", "CodeType", "EllipsisType",
           "FunctionType", "GeneratorType", "GenericAlias", "LambdaType", "MappingProxyType",
           "MemberDescriptorType", "MethodType", "ModuleType", "NoneType", "NotImplementedType",
           "SimpleNamespace", "TracebackType", "UnionType", "new_class", "prepare_class",
           "resolve_bases"]


def _samples():
    # One specimen of each runtime object whose type is named below.
    free = "captured"

    def reader():
        return free

    def producer():
        yield free

    class Specimen:
        __slots__ = ("slot",)

        def act(self):
            return self

    try:
        raise LookupError(free)
    except LookupError as caught:
        trace = caught.__traceback__
    return reader, producer(), Specimen, trace


_reader, _producer, _Specimen, _trace = _samples()

FunctionType = LambdaType = type(_reader)
CodeType = type(_reader.__code__)
CellType = type(_reader.__closure__[0])
GeneratorType = type(_producer)
MethodType = type(_Specimen().act)
MemberDescriptorType = type(_Specimen.__dict__["slot"])
BuiltinFunctionType = type(abs)
BuiltinMethodType = type("".join)
ModuleType = type(sys)
TracebackType = type(_trace)
NoneType, NotImplementedType, EllipsisType = type(None), type(NotImplemented), type(...)
GenericAlias, UnionType = type(tuple[str]), type(str | None)

del _reader, _producer, _Specimen, _trace, _samples


class SimpleNamespace:
    """A plain object whose attributes come from keyword arguments."""

    def __init__(self, /, *args, **kwargs):
        if args:
            raise TypeError("no positional arguments expected")
        self.__dict__.update(kwargs)

    def __repr__(self):
        label = "namespace" if type(self) is SimpleNamespace else type(self).__name__
        marker = id(self)
        if marker in _reprs_in_progress:
            return label + "(...)"
        _reprs_in_progress.add(marker)
        try:
            shown = ", ".join([f"{key}={value!r}" for key, value in self.__dict__.items()])
        finally:
            _reprs_in_progress.discard(marker)
        return label + "(" + shown + ")"

    def __eq__(self, other):
        both = isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace)
        return vars(self) == vars(other) if both else NotImplemented

    def __reduce__(self):
        return type(self), (), dict(vars(self))


# ids of namespaces whose repr is being built (so self-references print "...")
_reprs_in_progress = set()


class mappingproxy:
    """Read-only view of a mapping (MappingProxyType)."""

    __module__ = "builtins"
    __slots__ = ("_source",)
    __hash__ = None

    def __new__(cls, *args, **kwargs):
        for key in kwargs:
            if key != "mapping":
                raise TypeError(f"mappingproxy() got an unexpected keyword argument '{key}'")
            if args:
                raise TypeError("argument for mappingproxy() given by name ('mapping') and position (1)")
            args = (kwargs[key],)
        if len(args) != 1:
            if args:
                raise TypeError(f"mappingproxy() takes at most 1 argument ({len(args)} given)")
            raise TypeError("mappingproxy() missing required argument 'mapping' (pos 1)")
        source = args[0]
        if isinstance(source, (list, tuple)) or not hasattr(type(source), "__getitem__"):
            raise TypeError(f"mappingproxy() argument must be a mapping, not {type(source).__name__}")
        view = object.__new__(cls)
        view._source = source
        return view

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type 'mappingproxy' is not an acceptable base type")

    __class_getitem__ = classmethod(GenericAlias)

    def __getitem__(self, key):
        return self._source[key]

    def get(self, *args, **kwargs):
        if kwargs:
            raise TypeError("mappingproxy.get() takes no keyword arguments")
        if not 1 <= len(args) <= 2:
            bound = "least 1 argument" if not args else "most 2 arguments"
            raise TypeError(f"get expected at {bound}, got {len(args)}")
        return self._source.get(*args)

    def __contains__(self, key):
        return key in self._source

    def __iter__(self):
        return iter(self._source)

    def __reversed__(self):
        return reversed(self._source)

    def __len__(self):
        return len(self._source)

    def keys(self):
        return self._source.keys()

    def values(self):
        return self._source.values()

    def items(self):
        return self._source.items()

    def copy(self):
        return self._source.copy()

    def __repr__(self):
        return f"mappingproxy({self._source!r})"

    def __str__(self):
        return str(self._source)

    # comparisons are those of the underlying mapping
    def __eq__(self, other):
        return self._source == other

    def __ne__(self, other):
        return self._source != other

    def __lt__(self, other):
        return self._source < other

    def __le__(self, other):
        return self._source <= other

    def __gt__(self, other):
        return self._source > other

    def __ge__(self, other):
        return self._source >= other

    def __or__(self, other):
        if isinstance(other, mappingproxy):
            other = other._source
        return self._source | other

    def __ror__(self, other):
        return other | self._source

    def __ior__(self, other):
        raise TypeError("'|=' is not supported by mappingproxy; use '|' instead")


MappingProxyType = mappingproxy


def resolve_bases(bases):
    """Replace each base that is not a class but has __mro_entries__ by what
    that method returns; gives back bases itself when nothing changes."""
    expanded = []
    changed = False
    for entry in bases:
        hook = None if isinstance(entry, type) else getattr(entry, "__mro_entries__", None)
        if hook is None:
            expanded.append(entry)
            continue
        replacement = hook(bases)
        if not isinstance(replacement, tuple):
            raise TypeError("__mro_entries__ must return a tuple")
        expanded.extend(replacement)
        changed = True
    return tuple(expanded) if changed else bases


def _winning_metaclass(candidate, bases):
    # The metaclass that is a subclass of candidate and of every base's
    # metaclass; a candidate that is not a class (any callable) is kept as is.
    best = candidate
    if not isinstance(best, type):
        return best
    for base in bases:
        other = type(base)
        if issubclass(best, other):
            continue
        if issubclass(other, best):
            best = other
            continue
        raise TypeError("metaclass conflict: the metaclass of a derived class must be a "
                        "(non-strict) subclass of the metaclasses of all its bases")
    return best


def prepare_class(name, bases=(), kwds=None):
    """Work out the metaclass, the namespace from its __prepare__ and the
    remaining keywords for a class statement: (metaclass, namespace, kwds)."""
    kwds = {} if kwds is None else dict(kwds)
    if "metaclass" in kwds:
        meta = kwds.pop("metaclass")
    else:
        meta = type(bases[0]) if bases else type
    meta = _winning_metaclass(meta, bases)
    prepare = getattr(meta, "__prepare__", None)
    namespace = prepare(name, bases, **kwds) if prepare is not None else {}
    return meta, namespace, kwds


def new_class(name, bases=(), kwds=None, exec_body=None):
    """Create a class as a class statement would; exec_body(ns), when given,
    fills in the namespace."""
    real_bases = resolve_bases(bases)
    meta, namespace, kwds = prepare_class(name, real_bases, kwds)
    if exec_body is not None:
        exec_body(namespace)
    if real_bases is not bases:
        namespace["__orig_bases__"] = bases
    return meta(name, real_bases, namespace, **kwds)

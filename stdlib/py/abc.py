"""Abstract base classes for tirun: the ABCMeta metaclass, the ABC helper base,
the abstractmethod decorator family and virtual subclass registration."""

__all__ = ["ABC", "ABCMeta", "abstractmethod", "abstractclassmethod", "abstractstaticmethod",
           "abstractproperty", "get_cache_token", "update_abstractmethods"]


def abstractmethod(funcobj):
    """Mark funcobj as abstract; ABCMeta classes that leave it unoverridden
    cannot be instantiated."""
    funcobj.__isabstractmethod__ = True
    return funcobj


class abstractclassmethod(classmethod):
    """Deprecated: stack @classmethod over @abstractmethod instead."""

    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractstaticmethod(staticmethod):
    """Deprecated: stack @staticmethod over @abstractmethod instead."""

    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractproperty(property):
    """Deprecated: stack @property over @abstractmethod instead."""

    __isabstractmethod__ = True


# Bumped on every register() anywhere; negative answers remembered under an
# older value are no longer trusted.
_generation = [0]


def get_cache_token():
    """An opaque value that changes whenever some ABC gains a virtual subclass."""
    return _generation[0]


def _flagged(obj):
    return bool(getattr(obj, "__isabstractmethod__", False))


def _pending_abstracts(cls):
    """Names still abstract in cls: flagged members of its own namespace plus
    inherited abstract names that nothing along the way has overridden."""
    found = {key for key, member in cls.__dict__.items() if _flagged(member)}
    for parent in cls.__bases__:
        for key in getattr(parent, "__abstractmethods__", ()):
            if key not in found and _flagged(getattr(cls, key, None)):
                found.add(key)
    return frozenset(found)


def _need_class(obj, complaint):
    if isinstance(obj, type):
        return
    raise TypeError(complaint)


class _Bookkeeping:
    """Per-ABC state: explicit virtual subclasses and remembered answers."""

    __slots__ = ("virtual", "yes", "no", "no_stamp")

    def __init__(self):
        self.virtual = set()
        self.yes = set()
        self.no = set()
        self.no_stamp = _generation[0]

    def forget_negatives_if_stale(self):
        if self.no_stamp != _generation[0]:
            self.no = set()
            self.no_stamp = _generation[0]


class ABCMeta(type):
    """Metaclass of abstract base classes: tracks abstract methods and lets
    unrelated classes be registered as virtual subclasses."""

    def __new__(mcls, name, bases, namespace, /, **kwargs):
        made = super().__new__(mcls, name, bases, namespace, **kwargs)
        made.__abstractmethods__ = _pending_abstracts(made)
        made._abc_impl = _Bookkeeping()
        return made

    def register(cls, subclass):
        """Make subclass a virtual subclass of this ABC; returns subclass so
        that this works as a class decorator."""
        _need_class(subclass, "Can only register classes")
        if not issubclass(subclass, cls):      # else: real or virtual already
            would_loop = issubclass(cls, subclass)
            if would_loop:
                raise RuntimeError("Refusing to create an inheritance cycle")
            cls._abc_impl.virtual.add(subclass)
            _generation[0] += 1
        return subclass

    def __instancecheck__(cls, instance):
        """isinstance(instance, cls), counting virtual subclasses."""
        book = cls._abc_impl
        claimed = instance.__class__
        if claimed in book.yes:
            return True
        actual = type(instance)
        if actual is claimed:
            book.forget_negatives_if_stale()
            if claimed in book.no:
                return False
            return cls.__subclasscheck__(claimed)
        return cls.__subclasscheck__(claimed) or cls.__subclasscheck__(actual)

    def __subclasscheck__(cls, subclass):
        """issubclass(subclass, cls), counting virtual subclasses."""
        _need_class(subclass, "issubclass() arg 1 must be a class")
        book = cls._abc_impl
        if subclass in book.yes:
            return True
        book.forget_negatives_if_stale()
        if subclass in book.no:
            return False
        verdict = cls.__subclasshook__(subclass)
        if verdict is not NotImplemented:
            (book.yes if verdict else book.no).add(subclass)
            return bool(verdict)
        answer = (cls in getattr(subclass, "__mro__", ())
                  or any(issubclass(subclass, other) for other in book.virtual)
                  or any(issubclass(subclass, other) for other in cls.__subclasses__()))
        (book.yes if answer else book.no).add(subclass)
        return answer

    def _dump_registry(cls, file=None):
        """Print this ABC's bookkeeping (a debugging aid)."""
        book = cls._abc_impl
        print(f"Class: {cls.__module__}.{cls.__qualname__}", file=file)
        print(f"Inv. counter: {get_cache_token()}", file=file)
        print(f"_abc_registry: {book.virtual!r}", file=file)
        print(f"_abc_cache: {book.yes!r}", file=file)
        print(f"_abc_negative_cache: {book.no!r}", file=file)
        print(f"_abc_negative_cache_version: {book.no_stamp!r}", file=file)

    def _abc_registry_clear(cls):
        """Forget every registered virtual subclass (for tests)."""
        cls._abc_impl.virtual.clear()

    def _abc_caches_clear(cls):
        """Forget remembered answers (for tests)."""
        book = cls._abc_impl
        book.yes.clear()
        book.no.clear()


def update_abstractmethods(cls):
    """Recompute cls.__abstractmethods__ after methods were added or replaced
    on an already created ABC; classes without the attribute are left as they are."""
    if hasattr(cls, "__abstractmethods__"):
        cls.__abstractmethods__ = _pending_abstracts(cls)
    return cls


class ABC(metaclass=ABCMeta):
    """Convenience base: subclassing ABC makes a class use ABCMeta."""
    __slots__ = ()

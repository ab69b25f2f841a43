# typing: the names annotations use. tirun does not check annotations; each
# special form is subscriptable and yields an alias that prints as written.


class _Alias:
    __slots__ = ("_name", "_args")

    def __init__(self, name, args=()):
        self._name = name
        self._args = args

    def __getitem__(self, args):
        if not isinstance(args, tuple):
            args = (args,)
        return _Alias(self._name, args)

    def __call__(self, *args, **kwargs):
        raise TypeError("Type %s cannot be instantiated" % self._name)

    def __repr__(self):
        if not self._args:
            return "typing." + self._name
        return "typing.%s[%s]" % (self._name, ", ".join(
            a.__name__ if isinstance(a, type) else repr(a) for a in self._args))

    def __eq__(self, other):
        return isinstance(other, _Alias) and self._name == other._name and self._args == other._args

    def __hash__(self):
        return hash((self._name, self._args))


Any = _Alias("Any")
Union = _Alias("Union")
Optional = _Alias("Optional")
Tuple = _Alias("Tuple")
List = _Alias("List")
Dict = _Alias("Dict")
Set = _Alias("Set")
FrozenSet = _Alias("FrozenSet")
Callable = _Alias("Callable")
Iterable = _Alias("Iterable")
Iterator = _Alias("Iterator")
Sequence = _Alias("Sequence")
Mapping = _Alias("Mapping")
Type = _Alias("Type")
ClassVar = _Alias("ClassVar")
Final = _Alias("Final")
Literal = _Alias("Literal")
NoReturn = _Alias("NoReturn")
TYPE_CHECKING = False


def TypeVar(name, *constraints, bound=None, covariant=False, contravariant=False):
    return _Alias(name)


def cast(typ, val):
    return val


def overload(fn):
    return fn


def no_type_check(fn):
    return fn

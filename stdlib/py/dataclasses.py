"""Dataclasses for tirun: the @dataclass decorator writes __init__, __repr__,
comparison, hashing and frozen-attribute methods from a class's annotated
fields. The methods are closures over per-class tables (no source code is
generated); their behaviour, signatures in __doc__ and error messages follow
CPython 3.11."""

import sys
import keyword
import types
import abc

__all__ = ["dataclass", "field", "Field", "FrozenInstanceError", "InitVar", "KW_ONLY", "MISSING",
           "fields", "asdict", "astuple", "make_dataclass", "replace", "is_dataclass"]


class FrozenInstanceError(AttributeError):
    """Raised when a field of a frozen dataclass instance is assigned or deleted."""


# ---- sentinels ------------------------------------------------------------------------------

class _FactoryMarker:
    # stands, as a parameter default, for "call this field's default_factory"
    __slots__ = ()

    def __repr__(self):
        return "<factory>"


_HAS_DEFAULT_FACTORY = _FactoryMarker()


class _MISSING_TYPE:
    """Type of MISSING, the "no value given" marker of field()."""


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    """Type of KW_ONLY: annotating a pseudo-field with it makes the fields
    after it keyword-only."""


KW_ONLY = _KW_ONLY_TYPE()


class _FieldKind:
    # what a Field turned out to be; the repr is the name CPython shows
    __slots__ = ("label",)

    def __init__(self, label):
        self.label = label

    def __repr__(self):
        return self.label


_REGULAR = _FieldKind("_FIELD")
_CLASS_VARIABLE = _FieldKind("_FIELD_CLASSVAR")
_INIT_ONLY = _FieldKind("_FIELD_INITVAR")

_NO_METADATA = types.MappingProxyType({})


# ---- public building blocks -----------------------------------------------------------------

class InitVar:
    """InitVar[T] annotates a pseudo-field that __init__ accepts and passes
    on to __post_init__ without storing it."""

    __slots__ = ("type",)

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        inner = self.type
        shown = inner.__name__ if isinstance(inner, type) else repr(inner)
        return "dataclasses.InitVar[" + shown + "]"

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    """Description of one dataclass field (what field() returns and fields()
    lists)."""

    __slots__ = ("name", "type", "default", "default_factory", "repr", "hash", "init",
                 "compare", "metadata", "kw_only", "_field_type")

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = _NO_METADATA if metadata is None else types.MappingProxyType(metadata)
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        shown = ",".join(f"{attr}={getattr(self, attr)!r}" for attr in (
            "name", "type", "default", "default_factory", "init", "repr", "hash",
            "compare", "metadata", "kw_only", "_field_type"))
        return "Field(" + shown + ")"

    def __set_name__(self, owner, name):
        # pass the class-creation notification on to a descriptor default
        hook = getattr(type(self.default), "__set_name__", None)
        if hook:
            hook(self.default, owner, name)

    __class_getitem__ = classmethod(types.GenericAlias)


class _DataclassParams:
    # the decorator arguments, kept as cls.__dataclass_params__
    __slots__ = ("init", "repr", "eq", "order", "unsafe_hash", "frozen")

    def __init__(self, *flags):
        for attr, flag in zip(self.__slots__, flags):
            setattr(self, attr, flag)

    def __repr__(self):
        listed = ",".join(f"{attr}={getattr(self, attr)!r}" for attr in self.__slots__)
        return "_DataclassParams(" + listed + ")"


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None,
          compare=True, metadata=None, kw_only=MISSING):
    """Customize one field: a default or a default_factory (not both),
    whether it is an __init__ parameter, part of the repr, of comparisons
    and of the hash, extra metadata, and keyword-only-ness."""
    if default_factory is not MISSING and default is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def fields(class_or_instance):
    """The Field objects of a dataclass or dataclass instance, in order
    (class variables and InitVar pseudo-fields left out)."""
    table = getattr(class_or_instance, "__dataclass_fields__", None)
    if table is None:
        raise TypeError("must be called with a dataclass type or instance")
    return tuple(spec for spec in table.values() if spec._field_type is _REGULAR)


def _instance_of_dataclass(obj):
    return hasattr(type(obj), "__dataclass_fields__")


def is_dataclass(obj):
    """Whether obj is a dataclass or an instance of one."""
    owner = obj if isinstance(obj, type) else type(obj)
    return hasattr(owner, "__dataclass_fields__")


# ---- asdict / astuple -----------------------------------------------------------------------

_IMMUTABLE_LEAVES = (type(None), bool, int, float, complex, str, bytes, type, range,
                     types.FunctionType, types.BuiltinFunctionType, type(Ellipsis),
                     type(NotImplemented))


_copier = []     # [copy.deepcopy or None], looked up on first need


def _deep_copy(value):
    # copy.deepcopy when the runtime has it; else a best-effort copy
    if type(value) in _IMMUTABLE_LEAVES:
        return value
    if not _copier:
        try:
            from copy import deepcopy
        except ImportError:
            deepcopy = None
        _copier.append(deepcopy)
    if _copier[0] is not None:
        return _copier[0](value)
    if isinstance(value, (set, frozenset)):
        return type(value)(_deep_copy(item) for item in value)
    if isinstance(value, bytearray):
        return bytearray(value)
    return value


def _unpack(value, to_dict, factory):
    # the recursive part of asdict (to_dict) and astuple
    if _instance_of_dataclass(value):
        if to_dict:
            return factory([(spec.name, _unpack(getattr(value, spec.name), to_dict, factory))
                            for spec in fields(value)])
        return factory([_unpack(getattr(value, spec.name), to_dict, factory)
                        for spec in fields(value)])
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return type(value)(*[_unpack(item, to_dict, factory) for item in value])
    if isinstance(value, (list, tuple)):
        return type(value)(_unpack(item, to_dict, factory) for item in value)
    if isinstance(value, dict):
        return type(value)((_unpack(key, to_dict, factory), _unpack(item, to_dict, factory))
                           for key, item in value.items())
    return _deep_copy(value)


def asdict(obj, *, dict_factory=dict):
    """The fields of a dataclass instance as a dict, recursing into nested
    dataclasses, lists, tuples and dicts (other values are deep-copied)."""
    if not _instance_of_dataclass(obj):
        raise TypeError("asdict() should be called on dataclass instances")
    return _unpack(obj, True, dict_factory)


def astuple(obj, *, tuple_factory=tuple):
    """The field values of a dataclass instance as a tuple, recursing like
    asdict()."""
    if not _instance_of_dataclass(obj):
        raise TypeError("astuple() should be called on dataclass instances")
    return _unpack(obj, False, tuple_factory)


def replace(obj, /, **changes):
    """A new instance of obj's class whose fields are those of obj except for
    the ones given as keywords (passed through __init__ and __post_init__)."""
    if not _instance_of_dataclass(obj):
        raise TypeError("replace() should be called on dataclass instances")
    for spec in type(obj).__dataclass_fields__.values():
        kind = spec._field_type
        if kind is _CLASS_VARIABLE:
            continue
        if not spec.init:
            if spec.name in changes:
                raise ValueError(f"field {spec.name} is declared with init=False, "
                                 "it cannot be specified with replace()")
            continue
        if spec.name in changes:
            continue
        if kind is _INIT_ONLY and spec.default is MISSING:
            raise ValueError(f"InitVar {spec.name!r} must be specified with replace()")
        changes[spec.name] = getattr(obj, spec.name)
    rebuild = obj.__class__
    return rebuild(**changes)


# ---- reading annotations --------------------------------------------------------------------

def _leading_words(text):
    # (module, name) read from the start of a string annotation such as
    # "dataclasses.InitVar[int]" or "KW_ONLY"; module is None when absent and
    # the result is None when the text does not start with a word.
    def word_at(at):
        while at < len(text) and text[at].isspace():
            at += 1
        begin = at
        while at < len(text) and (text[at].isalnum() or text[at] == "_"):
            at += 1
        return text[begin:at], at

    first, after = word_at(0)
    if not first:
        return None
    rest = after
    while rest < len(text) and text[rest].isspace():
        rest += 1
    if rest < len(text) and text[rest] == ".":
        second, _ = word_at(rest + 1)
        if second:
            return first, second
    return None, first


def _names_thing(text, cls, module, test):
    # Whether the string annotation text refers, in the namespace of cls's
    # module, to something satisfying test (module: the owner of the thing).
    words = _leading_words(text)
    if words is None:
        return False
    prefix, name = words
    home = sys.modules.get(cls.__module__)
    if home is None:
        return False
    namespace = vars(home)
    if prefix is not None and namespace.get(prefix) is not module:
        return False
    return test(namespace.get(name))


def _is_initvar_annotation(annotation):
    return annotation is InitVar or type(annotation) is InitVar


def _is_kw_only_annotation(annotation):
    return annotation is KW_ONLY


def _classvar_test():
    typing = sys.modules.get("typing")
    if typing is None:
        return None, None
    marker = getattr(typing, "ClassVar", None)
    return typing, (lambda a: a is marker or getattr(a, "__origin__", None) is marker)


def _annotation_means(annotation, cls, module, test):
    if test(annotation):
        return True
    return isinstance(annotation, str) and _names_thing(annotation, cls, module, test)


def _make_field(cls, name, annotation, kw_only_default):
    # The Field for one annotated class attribute.
    present = getattr(cls, name, MISSING)
    if isinstance(present, Field):
        spec = present
    else:
        if isinstance(present, types.MemberDescriptorType):
            present = MISSING      # a __slots__ entry, not a default
        spec = field(default=present)
    spec.name = name
    spec.type = annotation
    spec._field_type = _REGULAR
    typing, is_classvar = _classvar_test()
    this_module = sys.modules[__name__]
    if typing is not None and _annotation_means(annotation, cls, typing, is_classvar):
        spec._field_type = _CLASS_VARIABLE
    elif _annotation_means(annotation, cls, this_module, _is_initvar_annotation):
        spec._field_type = _INIT_ONLY
    if spec._field_type is not _REGULAR and spec.default_factory is not MISSING:
        raise TypeError(f"field {spec.name} cannot have a default factory")
    if spec._field_type is _CLASS_VARIABLE:
        if spec.kw_only is not MISSING:
            raise TypeError(f"field {spec.name} is a ClassVar but specifies kw_only")
    elif spec.kw_only is MISSING:
        spec.kw_only = kw_only_default
    if spec._field_type is _REGULAR and type(spec.default).__hash__ is None:
        raise ValueError(f"mutable default {type(spec.default)} for field {spec.name} "
                         "is not allowed: use default_factory")
    return spec


# ---- generated methods ----------------------------------------------------------------------

def _tuple_reader(names):
    # obj -> tuple of the named attributes
    count = len(names)
    if count == 0:
        return lambda obj: ()
    if count == 1:
        only, = names
        return lambda obj: (getattr(obj, only),)
    if count == 2:
        one, two = names
        return lambda obj: (getattr(obj, one), getattr(obj, two))
    if count == 3:
        one, two, three = names
        return lambda obj: (getattr(obj, one), getattr(obj, two), getattr(obj, three))
    return lambda obj: tuple([getattr(obj, name) for name in names])


def _plural(count, noun):
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _quoted_list(names):
    quoted = [repr(name) for name in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + " and " + quoted[1]
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


_UNFILLED = object()


def _parameter_default(spec):
    if spec.default_factory is not MISSING:
        return _HAS_DEFAULT_FACTORY
    return _UNFILLED if spec.default is MISSING else spec.default


def _init_builder(ordered, std, kw, frozen, post_init, slotted):
    """The generated __init__ for the given init-order fields (std: positional,
    kw: keyword-only): binds arguments with CPython's messages, then assigns
    fields and calls __post_init__ with the InitVar values."""
    names = [spec.name for spec in std] + [spec.name for spec in kw]
    where = {name: index for index, name in enumerate(names)}
    n_std = len(std)
    defaults = [_parameter_default(spec) for spec in list(std) + list(kw)]
    n_required = sum(1 for value in defaults[:n_std] if value is _UNFILLED)
    std_tail = tuple(defaults[n_required:n_std])
    kw_defaults = tuple(defaults[n_std:])
    quick = all(value is not _UNFILLED for value in kw_defaults)
    self_label = "__dataclass_self__" if "self" in where else "self"

    def complain(message):
        raise TypeError(f"{__init__.__qualname__}() {message}")

    required = [value is _UNFILLED for value in defaults]
    total_required = sum(required)

    def too_many(given, kwargs):
        accepted = (f"from {n_required + 1} to {n_std + 1} positional arguments"
                    if n_required < n_std else
                    "1 positional argument" if n_std == 0 else
                    f"{n_std + 1} positional arguments")
        keyword_given = sum(1 for key in kwargs if where[key] >= n_std)
        if keyword_given:
            received = (_plural(given + 1, "positional argument") +
                        " (and " + _plural(keyword_given, "keyword-only argument") + ") were")
        else:
            received = f"{given + 1} were"
        complain(f"takes {accepted} but {received} given")

    def report_missing(values):
        for low, high, kind in ((0, n_std, "positional"), (n_std, len(names), "keyword-only")):
            absent = [names[i] for i in range(low, high) if values[i] is _UNFILLED]
            if absent:
                complain(f"missing {len(absent)} required {kind} argument"
                         f"{'s' if len(absent) > 1 else ''}: {_quoted_list(absent)}")

    def bind(args, kwargs):
        # the slow path: keywords, or a positional count out of range
        given = len(args)
        taken = given if given <= n_std else n_std
        values = list(args) if given == taken else list(args[:n_std])
        values += defaults[taken:]
        hits = 0
        for key, value in kwargs.items():
            index = where.get(key)
            if index is None:
                if key == self_label:
                    complain(f"got multiple values for argument '{key}'")
                complain(f"got an unexpected keyword argument '{key}'")
            if index < taken:
                complain(f"got multiple values for argument '{key}'")
            values[index] = value
            hits += required[index]
        if given > n_std:
            too_many(given, kwargs)
        if (taken if taken < n_required else n_required) + hits < total_required:
            report_missing(values)
        return values

    # What the body does, field by field (init order, init=False fields too):
    # (attribute, parameter index or None, factory or None, constant).
    # hand_over: what __post_init__ receives, as (parameter index, constant).
    steps = []
    hand_over = []
    for spec in ordered:
        index = where.get(spec.name) if spec.init else None
        if spec._field_type is _INIT_ONLY:
            hand_over.append((index, spec.default))
            continue
        factory = spec.default_factory if spec.default_factory is not MISSING else None
        if index is None and factory is None:
            if not (slotted and spec.default is not MISSING):
                continue         # the class attribute provides the default
            steps.append((spec.name, None, None, spec.default))
        else:
            steps.append((spec.name, index, factory, None))
    store = object.__setattr__ if frozen else setattr
    plain = (not post_init and not frozen and len(steps) == len(names)
             and all(step[1] == position and step[2] is None for position, step in enumerate(steps)))
    targets = tuple(names)

    if plain:
        def __init__(self, /, *args, **kwargs):
            if kwargs or not quick or not n_required <= len(args) <= n_std:
                values = bind(args, kwargs)
            elif len(args) == n_std:
                values = args + kw_defaults
            else:
                values = args + std_tail[len(args) - n_required:] + kw_defaults
            for name, value in zip(targets, values):
                setattr(self, name, value)
    else:
        def __init__(self, /, *args, **kwargs):
            if kwargs or not quick or not n_required <= len(args) <= n_std:
                values = bind(args, kwargs)
            else:
                values = args + std_tail[len(args) - n_required:] + kw_defaults
            for name, index, factory, constant in steps:
                if index is None:
                    value = factory() if factory is not None else constant
                else:
                    value = values[index]
                    if factory is not None and value is _HAS_DEFAULT_FACTORY:
                        value = factory()
                store(self, name, value)
            if post_init:
                self.__post_init__(*[constant if index is None else values[index]
                                     for index, constant in hand_over])

    return __init__


def _repr_builder(names):
    active = set()

    def __repr__(self):
        marker = id(self)
        if marker in active:
            return "..."
        active.add(marker)
        try:
            body = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
        finally:
            active.discard(marker)
        return f"{self.__class__.__qualname__}({body})"

    return __repr__


def _eq_builder(names):
    # Same-class instances compare as tuples of their fields; the common
    # small arities build those tuples inline (no helper call).
    count = len(names)
    if count == 1:
        only, = names

        def __eq__(self, other):
            if other.__class__ is not self.__class__:
                return NotImplemented
            return (getattr(self, only),) == (getattr(other, only),)
    elif count == 2:
        one, two = names

        def __eq__(self, other):
            if other.__class__ is not self.__class__:
                return NotImplemented
            return (getattr(self, one), getattr(self, two)) == (getattr(other, one), getattr(other, two))
    elif count == 3:
        one, two, three = names

        def __eq__(self, other):
            if other.__class__ is not self.__class__:
                return NotImplemented
            return ((getattr(self, one), getattr(self, two), getattr(self, three)) ==
                    (getattr(other, one), getattr(other, two), getattr(other, three)))
    else:
        read = _tuple_reader(names)

        def __eq__(self, other):
            if other.__class__ is not self.__class__:
                return NotImplemented
            return read(self) == read(other)

    return __eq__


def _order_builders(names):
    read = _tuple_reader(names)

    def __lt__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return read(self) < read(other)

    def __le__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return read(self) <= read(other)

    def __gt__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return read(self) > read(other)

    def __ge__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return read(self) >= read(other)

    return __lt__, __le__, __gt__, __ge__


def _hash_builder(names):
    count = len(names)
    if count == 1:
        only, = names

        def __hash__(self):
            return hash((getattr(self, only),))
    elif count == 2:
        one, two = names

        def __hash__(self):
            return hash((getattr(self, one), getattr(self, two)))
    else:
        read = _tuple_reader(names)

        def __hash__(self):
            return hash(read(self))

    return __hash__


def _frozen_builders(owner, names):
    guarded = frozenset(names)

    def __setattr__(self, name, value):
        if type(self) is owner or name in guarded:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(owner, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is owner or name in guarded:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(owner, self).__delattr__(name)

    return __setattr__, __delattr__


def _field_values(self):
    return [getattr(self, spec.name) for spec in fields(self)]


def _restore_fields(self, state):
    for spec, value in zip(fields(self), state):
        object.__setattr__(self, spec.name, value)


# the names CPython's versions of these two carry
_field_values.__name__ = _field_values.__qualname__ = "_dataclass_getstate"
_restore_fields.__name__ = _restore_fields.__qualname__ = "_dataclass_setstate"


def _install(cls, name, value):
    # Add a generated attribute unless the class body defined one; True when
    # the class already had it.
    if name in cls.__dict__:
        return True
    if isinstance(value, types.FunctionType):
        value.__qualname__ = cls.__qualname__ + "." + value.__name__
    setattr(cls, name, value)
    return False


# ---- signature text for __doc__ -------------------------------------------------------------

_SIGNATURE_TEXT = "_dataclass_signature_text"
_NOTHING = object()


def _annotation_text(annotation):
    if getattr(annotation, "__module__", None) == "typing":
        return repr(annotation).replace("typing.", "")
    if isinstance(annotation, types.GenericAlias):
        return str(annotation)
    if isinstance(annotation, type):
        if annotation.__module__ == "builtins":
            return annotation.__qualname__
        return f"{annotation.__module__}.{annotation.__qualname__}"
    return repr(annotation)


def _parameter_text(name, annotation, default):
    text = name
    if annotation is not _NOTHING:
        text += ": " + _annotation_text(annotation)
    if default is not _NOTHING:
        text += (" = " if annotation is not _NOTHING else "=") + repr(default)
    return text


def _render_signature(entries, returns):
    # entries: (kind, text) with kind in "posonly", "pos", "var", "kw", "varkw"
    out = []
    star_seen = False
    for position, (kind, text) in enumerate(entries):
        if kind == "kw" and not star_seen:
            out.append("*")
            star_seen = True
        if kind == "var":
            star_seen = True
        out.append(text)
        following = entries[position + 1][0] if position + 1 < len(entries) else None
        if kind == "posonly" and following != "posonly":
            out.append("/")
    text = "(" + ", ".join(out) + ")"
    if returns is not _NOTHING:
        text += " -> " + _annotation_text(returns)
    return text


def _fields_signature(std, kw):
    entries = []
    for kind, group in (("pos", std), ("kw", kw)):
        for spec in group:
            if spec.default_factory is not MISSING:
                default = _HAS_DEFAULT_FACTORY
            elif spec.default is not MISSING:
                default = spec.default
            else:
                default = _NOTHING
            entries.append((kind, _parameter_text(spec.name, spec.type, default)))
    return _render_signature(entries, None)


def _function_signature(func):
    # str(inspect.signature()) of a plain function, first parameter dropped
    stored = getattr(func, _SIGNATURE_TEXT, None)
    if stored is not None:
        return stored
    code = func.__code__
    names = code.co_varnames
    n_pos = code.co_argcount
    n_kw = code.co_kwonlyargcount
    n_posonly = code.co_posonlyargcount
    flags = code.co_flags
    positional_defaults = func.__defaults__ or ()
    keyword_defaults = func.__kwdefaults__ or {}
    notes = func.__annotations__ or {}
    entries = []
    first_default = n_pos - len(positional_defaults)
    for index in range(n_pos):
        name = names[index]
        default = positional_defaults[index - first_default] if index >= first_default else _NOTHING
        entries.append(("posonly" if index < n_posonly else "pos",
                        _parameter_text(name, notes.get(name, _NOTHING), default)))
    after = n_pos + n_kw
    if flags & 0x04:
        entries.append(("var", "*" + _parameter_text(names[after], notes.get(names[after], _NOTHING), _NOTHING)))
        after += 1
    for name in names[n_pos:n_pos + n_kw]:
        entries.append(("kw", _parameter_text(name, notes.get(name, _NOTHING),
                                              keyword_defaults.get(name, _NOTHING))))
    if flags & 0x08:
        entries.append(("varkw", "**" + _parameter_text(names[after], notes.get(names[after], _NOTHING), _NOTHING)))
    if entries and entries[0][0] in ("pos", "posonly"):
        entries = entries[1:]
    elif entries and entries[0][0] != "var":
        raise ValueError("invalid method signature")
    return _render_signature(entries, notes.get("return", _NOTHING))


def _python_function(obj):
    obj = getattr(obj, "__func__", obj)
    return obj if isinstance(obj, types.FunctionType) else None


def _constructor_signature(cls):
    # What inspect.signature(cls) would print, or "" when it gives up.
    try:
        caller = _python_function(getattr(type(cls), "__call__", None))
        if caller is not None:
            return _function_signature(caller)
        maker = _python_function(getattr(cls, "__new__", None))
        setup = _python_function(getattr(cls, "__init__", None))
        for klass in cls.__mro__:
            if maker is not None and "__new__" in klass.__dict__:
                return _function_signature(maker)
            if setup is not None and "__init__" in klass.__dict__:
                return _function_signature(setup)
        if cls.__init__ is object.__init__ and cls.__new__ is object.__new__:
            return "()"
    except (TypeError, ValueError, AttributeError):
        pass
    return ""


# ---- the decorator --------------------------------------------------------------------------

_DIRECT_KINDS = (_REGULAR, _INIT_ONLY)


def _inherited_slots(cls):
    names = set()
    for klass in cls.__mro__[1:-1]:
        declared = klass.__dict__.get("__slots__")
        if declared is None:
            continue
        if isinstance(declared, str):
            names.add(declared)
        elif hasattr(declared, "__next__"):
            raise TypeError(f"Slots of '{klass.__name__}' cannot be determined")
        else:
            names.update(declared)
    return names


def _with_slots(cls, frozen, weakref_slot):
    # A copy of cls whose instances keep their fields in __slots__.
    if "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__} already specifies __slots__")
    namespace = dict(cls.__dict__)
    own = [spec.name for spec in fields(cls)]
    taken = _inherited_slots(cls)
    wanted = own + (["__weakref__"] if weakref_slot else [])
    namespace["__slots__"] = tuple(name for name in wanted if name not in taken)
    for name in own + ["__dict__", "__weakref__"]:
        namespace.pop(name, None)
    qualname = getattr(cls, "__qualname__", None)
    rebuilt = type(cls)(cls.__name__, cls.__bases__, namespace)
    if qualname is not None:
        rebuilt.__qualname__ = qualname
    if frozen:
        if "__getstate__" not in namespace:
            rebuilt.__getstate__ = _field_values
        if "__setstate__" not in namespace:
            rebuilt.__setstate__ = _restore_fields
    return rebuilt


def _transform(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots,
               weakref_slot):
    cls.__dataclass_params__ = _DataclassParams(init, repr, eq, order, unsafe_hash, frozen)

    # fields of dataclass bases, most distant first, later ones overriding
    table = {}
    saw_base = False
    frozen_bases = thawed_bases = 0
    for base in reversed(cls.__mro__[1:]):
        inherited = getattr(base, "__dataclass_fields__", None)
        if inherited is None:
            continue
        saw_base = True
        for spec in inherited.values():
            table[spec.name] = spec
        if base.__dataclass_params__.frozen:
            frozen_bases += 1
        else:
            thawed_bases += 1

    annotations = cls.__dict__.get("__annotations__", {})
    this_module = sys.modules[__name__]
    own = []
    keyword_mode = False
    for name, annotation in annotations.items():
        if _annotation_means(annotation, cls, this_module, _is_kw_only_annotation):
            if keyword_mode:
                raise TypeError(f"{name!r} is KW_ONLY, but KW_ONLY has already been specified")
            keyword_mode = True
            continue
        own.append(_make_field(cls, name, annotation, kw_only or keyword_mode))
    for spec in own:
        table[spec.name] = spec
        if isinstance(getattr(cls, spec.name, None), Field):
            if spec.default is MISSING:
                delattr(cls, spec.name)
            else:
                setattr(cls, spec.name, spec.default)

    for attr, member in cls.__dict__.items():
        if isinstance(member, Field) and attr not in annotations:
            raise TypeError(f"{attr!r} is a field but has no type annotation")

    if saw_base:
        if frozen_bases and not frozen:
            raise TypeError("cannot inherit non-frozen dataclass from a frozen one")
        if thawed_bases and frozen:
            raise TypeError("cannot inherit frozen dataclass from a non-frozen one")

    cls.__dataclass_fields__ = table
    body_hash = cls.__dict__.get("__hash__", MISSING)
    hash_given = not (body_hash is MISSING or (body_hash is None and "__eq__" in cls.__dict__))
    if order and not eq:
        raise ValueError("eq must be true if order is true")

    in_init = [spec for spec in table.values() if spec._field_type in _DIRECT_KINDS]
    std = [spec for spec in in_init if spec.init and not spec.kw_only]
    kw = [spec for spec in in_init if spec.init and spec.kw_only]
    regular = [spec for spec in table.values() if spec._field_type is _REGULAR]

    if init:
        defaulted = None
        for spec in std:
            if spec.default is not MISSING or spec.default_factory is not MISSING:
                defaulted = spec
            elif defaulted is not None:
                raise TypeError(f"non-default argument {spec.name!r} follows default argument")
        maker = _init_builder(in_init, std, kw, frozen, hasattr(cls, "__post_init__"), slots)
        maker.__annotations__ = dict([(spec.name, spec.type) for spec in std + kw] + [("return", None)])
        setattr(maker, _SIGNATURE_TEXT, _fields_signature(std, kw))
        _install(cls, "__init__", maker)

    if repr:
        _install(cls, "__repr__", _repr_builder([spec.name for spec in regular if spec.repr]))

    compared = [spec.name for spec in regular if spec.compare]
    if eq:
        _install(cls, "__eq__", _eq_builder(compared))

    if order:
        for method in _order_builders(compared):
            if _install(cls, method.__name__, method):
                raise TypeError(f"Cannot overwrite attribute {method.__name__} in class "
                                f"{cls.__name__}. Consider using functools.total_ordering")

    if frozen:
        for method in _frozen_builders(cls, [spec.name for spec in regular]):
            if _install(cls, method.__name__, method):
                raise TypeError(f"Cannot overwrite attribute {method.__name__} in class {cls.__name__}")

    wants_hash = unsafe_hash or (eq and frozen and not hash_given)
    if unsafe_hash and hash_given:
        raise TypeError(f"Cannot overwrite attribute __hash__ in class {cls.__name__}")
    if wants_hash:
        hashed = [spec.name for spec in regular
                  if (spec.compare if spec.hash is None else spec.hash)]
        method = _hash_builder(hashed)
        method.__qualname__ = f"{cls.__qualname__}.__hash__"
        cls.__hash__ = method
    elif eq and not hash_given and not unsafe_hash:
        cls.__hash__ = None

    if not getattr(cls, "__doc__"):
        cls.__doc__ = (cls.__name__ + _constructor_signature(cls)).replace(" -> None", "")

    if match_args:
        _install(cls, "__match_args__", tuple(spec.name for spec in std))

    if slots:
        cls = _with_slots(cls, frozen, weakref_slot)
    elif weakref_slot:
        raise TypeError("weakref_slot is True but slots is False")

    # generated methods may have implemented abstract ones
    return abc.update_abstractmethods(cls)


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False,
              frozen=False, match_args=True, kw_only=False, slots=False, weakref_slot=False):
    """Turn a class with annotated fields into a dataclass, adding the
    methods the flags ask for. Usable bare (@dataclass) or with arguments
    (@dataclass(order=True, frozen=True))."""
    options = (init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots,
               weakref_slot)

    def decorate(target):
        return _transform(target, *options)

    return decorate if cls is None else decorate(cls)


_RESERVED_WORDS = frozenset(keyword.kwlist)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True, eq=True,
                   order=False, unsafe_hash=False, frozen=False, match_args=True, kw_only=False,
                   slots=False, weakref_slot=False):
    """Create a dataclass named cls_name. fields lists names, (name, type)
    or (name, type, Field) items (a bare name gets type 'typing.Any');
    namespace supplies further class attributes. The remaining keywords are
    those of @dataclass."""
    extra = {} if namespace is None else namespace
    annotations = {}
    specs = {}
    for item in fields:
        if isinstance(item, str):
            name, kind = item, "typing.Any"
        elif len(item) in (2, 3):
            name, kind = item[0], item[1]
            if len(item) == 3:
                specs[name] = item[2]
        else:
            raise TypeError(f"Invalid field: {item!r}")
        usable = isinstance(name, str) and name.isidentifier()
        if not usable:
            raise TypeError(f"Field names must be valid identifiers: {name!r}")
        if name in _RESERVED_WORDS:
            raise TypeError(f"Field names must not be keywords: {name!r}")
        if name in annotations:
            raise TypeError(f"Field name duplicated: {name!r}")
        annotations[name] = kind

    def fill(body):
        body.update(extra)
        body.update(specs)
        body["__annotations__"] = annotations

    made = types.new_class(cls_name, bases, {}, fill)
    flags = dict(init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash, frozen=frozen,
                 match_args=match_args, kw_only=kw_only, slots=slots, weakref_slot=weakref_slot)
    return dataclass(made, **flags)

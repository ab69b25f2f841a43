"""enum for tirun: Enum, IntEnum, StrEnum, Flag, IntFlag, auto and unique,
with CPython 3.11's members, aliases, lookup by value and by name, iteration,
repr / str / format, the functional API (Enum("Name", "A B")) and the flag
operators. tirun's classes have no __prepare__, so the class body is a plain
dict: auto() values are filled in, in definition order, when the class is made,
and a name bound twice in the body is not reported."""

import sys

__all__ = ["EnumType", "EnumMeta", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "ReprEnum",
           "auto", "unique", "FlagBoundary", "STRICT", "CONFORM", "EJECT", "KEEP",
           "global_enum", "verify", "property"]

property = property    # enum.property: a plain property here


class auto:
    """Stands for a member's value, made by _generate_next_value_."""

    def __init__(self, value=None):
        self.value = value if value is not None else _auto_null

    def __repr__(self):
        return "auto(%r)" % (self.value,)


_auto_null = auto.__new__(auto)
_auto_null.value = None


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == "__" and name[2] != "_" and name[-3] != "_"


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_" and name[-2] != "_"


def _is_descriptor(obj):
    return hasattr(obj, "__get__") or hasattr(obj, "__set__") or hasattr(obj, "__delete__")


def _is_private(cls_name, name):
    pattern = "_%s__" % cls_name.lstrip("_")
    return len(name) > len(pattern) and name.startswith(pattern) and not name.endswith("_")


def _high_bit(value):
    return value.bit_length() - 1


def _is_single_bit(num):
    if num == 0:
        return False
    return num & (num - 1) == 0


Enum = None
Flag = None
ReprEnum = None


class EnumType(type):
    """The metaclass of enumerations: makes the members when the class is
    made, and gives the class len(), iteration, `in`, [name] and calls by
    value."""

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        if Enum is None:        # Enum itself
            classdict.update(_member_names_=[], _member_map_={}, _value2member_map_={},
                             _member_type_=object)
            return super().__new__(metacls, cls, bases, classdict, **kwds)
        member_type, first_enum = metacls._get_mixins_(cls, bases)
        for base in bases:
            if isinstance(base, EnumType) and base._member_names_:
                raise TypeError("<enum %r> cannot extend %r" % (cls, base))
        ignore = classdict.get("_ignore_", [])
        if isinstance(ignore, str):
            ignore = ignore.replace(",", " ").split()
        for name in ignore:
            classdict.pop(name, None)
        classdict.pop("_ignore_", None)
        member_names = []
        for name, value in list(classdict.items()):
            if _is_dunder(name) or _is_sunder(name) or _is_private(cls, name):
                continue
            if isinstance(value, auto) or not _is_descriptor(value):
                member_names.append(name)
        gen = classdict.get("_generate_next_value_")
        if gen is None:
            for base in bases:
                gen = getattr(base, "_generate_next_value_", None)
                if gen is not None:
                    break
        elif isinstance(gen, staticmethod):
            gen = gen.__func__
        values = {}
        last_values = []
        for name in member_names:
            value = classdict.pop(name)
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = gen(name, 1, len(last_values), last_values[:])
                value = value.value
            elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
                value = tuple(gen(name, 1, len(last_values), last_values[:])
                              if isinstance(v, auto) and v.value is _auto_null
                              else (v.value if isinstance(v, auto) else v) for v in value)
            values[name] = value
            last_values.append(value)
        new_member = classdict.pop("__new__", None)
        if new_member is not None:
            classdict["__new_member__"] = new_member
        classdict["_member_names_"] = []
        classdict["_member_map_"] = {}
        classdict["_value2member_map_"] = {}
        classdict["_member_type_"] = member_type
        if boundary is not None:
            classdict["_boundary_"] = boundary
        enum_class = super().__new__(metacls, cls, bases, classdict, **kwds)
        type.__setattr__(enum_class, "__new__", Enum.__dict__["__new__"])
        # the data type's repr / str / format do not hide the enum's
        for name in ("__repr__", "__str__", "__format__"):
            if name in classdict:
                continue
            found = getattr(enum_class, name)
            if found is getattr(member_type, name) or found is getattr(object, name):
                type.__setattr__(enum_class, name, getattr(first_enum, name))
        if new_member is None:
            new_member = getattr(first_enum, "__new_member__", None)
        if isinstance(new_member, staticmethod):
            new_member = new_member.__func__
        if new_member is None or new_member is object.__new__:
            new_member = member_type.__new__
        use_args = member_type is not object
        is_flag = Flag is not None and issubclass(enum_class, Flag)
        flag_mask = 0
        for name in member_names:
            value = values[name]
            args = value if isinstance(value, tuple) else (value,)
            if member_type is tuple:
                args = (args,)
            if new_member is object.__new__:
                member = object.__new__(enum_class)
            elif use_args or classdict.get("__new_member__") is not None or \
                    getattr(first_enum, "__new_member__", None) is not None:
                member = new_member(enum_class, *args)
            else:
                member = new_member(enum_class)
            if not hasattr(member, "_value_"):
                if member_type is object:
                    member._value_ = value
                else:
                    try:
                        member._value_ = member_type(*args)
                    except Exception:
                        member._value_ = value
            value = member._value_
            member._name_ = name
            member.__objclass__ = enum_class
            member.__init__(*args)
            member._sort_order_ = len(enum_class._member_names_)
            canonical = None
            try:
                canonical = enum_class._value2member_map_.get(value)
            except TypeError:
                for m in enum_class._member_map_.values():
                    if m._value_ == value:
                        canonical = m
                        break
            if canonical is not None:
                member = canonical
            elif is_flag and isinstance(value, int) and not _is_single_bit(value) and value != 0:
                pass        # a multi-bit flag is an alias of its bits: not iterated
            else:
                enum_class._member_names_.append(name)
                if is_flag and isinstance(value, int):
                    flag_mask |= value
            enum_class._member_map_[name] = member
            try:
                enum_class._value2member_map_.setdefault(value, member)
            except TypeError:
                pass
            type.__setattr__(enum_class, name, member)
        if is_flag:
            for m in enum_class._member_map_.values():
                if isinstance(m._value_, int):
                    flag_mask |= m._value_
            enum_class._flag_mask_ = flag_mask
            enum_class._all_bits_ = 2 ** flag_mask.bit_length() - 1
        return enum_class

    @staticmethod
    def _get_mixins_(class_name, bases):
        if not bases:
            return object, Enum
        first_enum = bases[-1]
        if not isinstance(first_enum, EnumType):
            raise TypeError("new enumerations should be created as "
                            "`EnumName([mixin_type, ...] [data_type,] enum_type)`")
        member_type = object
        for chain in bases:
            for base in chain.__mro__:
                if base is object:
                    continue
                if isinstance(base, EnumType):
                    if base._member_type_ is not object:
                        member_type = base._member_type_
                        break
                    continue
                if "__new__" in base.__dict__ or base in (int, str, float, tuple, bytes):
                    member_type = base
                    break
            if member_type is not object:
                break
        return member_type, first_enum

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1,
                 boundary=None):
        if names is None:
            return cls.__new__(cls, value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type,
                            start=start, boundary=boundary)

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None, start=1,
                 boundary=None):
        bases = (cls,) if type is None else (type, cls)
        classdict = {}
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original, names, last = names, [], []
            for count, name in enumerate(original):
                value = cls._generate_next_value_(name, start, count, last[:])
                last.append(value)
                names.append((name, value))
        items = names.items() if isinstance(names, dict) else names
        for item in items:
            if isinstance(item, str):
                member_name, member_value = item, names[item]
            else:
                member_name, member_value = item
            classdict[member_name] = member_value
        if module is None:
            try:
                module = sys._frame_records(2)[0][2].get("__name__")
            except Exception:
                module = None
        if module is not None:
            classdict["__module__"] = module
        if qualname is not None:
            classdict["__qualname__"] = qualname
        return EnumType.__new__(builtins_type(cls), class_name, bases, classdict,
                                boundary=boundary)

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            import warnings
            warnings.warn("in 3.12 __contains__ will no longer raise TypeError, but will return True or\n"
                          "False depending on whether the value is a member or the value of a member",
                          DeprecationWarning, stacklevel=2)
            raise TypeError("unsupported operand type(s) for 'in': %r and %r"
                            % (builtins_type(member).__qualname__, builtins_type(cls).__qualname__))
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __bool__(cls):
        return True

    def __getitem__(cls, name):
        return cls._member_map_[name]

    @property
    def __members__(cls):
        return dict(cls._member_map_)

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return "<flag %r>" % (cls.__name__,)
        return "<enum %r>" % (cls.__name__,)

    def __setattr__(cls, name, value):
        member_map = cls.__dict__.get("_member_map_", {})
        if name in member_map:
            raise AttributeError("cannot reassign member %r" % (name,))
        super().__setattr__(name, value)

    def __delattr__(cls, attr):
        if attr in cls.__dict__.get("_member_map_", {}):
            raise AttributeError("%r cannot delete member %r." % (cls.__name__, attr))
        super().__delattr__(attr)


builtins_type = type
EnumMeta = EnumType


class Enum(metaclass=EnumType):
    """A set of names bound to constant values: Color.RED, Color(1),
    Color["RED"], iteration in definition order."""

    def __new__(cls, value):
        if builtins_type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            for member in cls._member_map_.values():
                if member._value_ == value:
                    return member
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is not None:
            raise TypeError("error in %s._missing_: returned %r instead of None or a valid member"
                            % (cls.__name__, result))
        raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))

    def __init__(self, *args, **kwds):
        pass

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        return "<%s.%s: %r>" % (self.__class__.__name__, self._name_, self._value_)

    def __str__(self):
        return "%s.%s" % (self.__class__.__name__, self._name_)

    def __format__(self, format_spec):
        return str.__format__(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_


class ReprEnum(Enum):
    """An Enum whose str() and format() are those of its data type."""


def _data_str(self):
    return self._member_type_.__str__(self)


def _data_format(self, format_spec):
    return self._member_type_.__format__(self._value_, format_spec)


class IntEnum(int, ReprEnum):
    """Enum members that are ints."""
    __str__ = int.__repr__

    def __format__(self, format_spec):
        return int.__format__(self._value_, format_spec)


class StrEnum(str, ReprEnum):
    """Enum members that are strs; auto() gives the lower-cased name."""

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError("too many arguments for str(): %r" % (values,))
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError("%r is not a string" % (values[0],))
        value = str(*values)
        member = str.__new__(cls, value)
        member._value_ = value
        return member

    def __str__(self):
        return str.__str__(self)

    def __format__(self, format_spec):
        return str.__format__(str.__str__(self), format_spec)

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()



class FlagBoundary(StrEnum):
    STRICT = auto()
    CONFORM = auto()
    EJECT = auto()
    KEEP = auto()


STRICT, CONFORM, EJECT, KEEP = FlagBoundary.STRICT, FlagBoundary.CONFORM, FlagBoundary.EJECT, FlagBoundary.KEEP


class Flag(Enum):
    """Members that combine with | & ^ ~; a combination not named in the class
    is made on demand, named by its members ("R|W")."""

    _boundary_ = STRICT

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        last_value = max(last_values)
        return 2 ** (_high_bit(last_value) + 1)

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        flag_mask = cls._flag_mask_
        neg = value < 0
        if neg:
            value = value & cls._all_bits_ if cls._boundary_ is not KEEP else value
            if value < 0:
                value = cls._all_bits_ + 1 + value
        unknown = value & ~flag_mask
        if unknown and cls._boundary_ is STRICT:
            bits = max(value.bit_length(), flag_mask.bit_length())
            raise ValueError("%r invalid value %r\n    given %s\n  allowed %s"
                             % (cls, value, _bin(value, bits), _bin(flag_mask, bits)))
        if unknown and cls._boundary_ is CONFORM:
            value &= flag_mask
            unknown = 0
        if unknown and cls._boundary_ is EJECT:
            return value
        if cls._member_type_ is object:
            pseudo = object.__new__(cls)
        else:
            pseudo = cls._member_type_.__new__(cls, value)
        pseudo._value_ = value
        names = [m._name_ for m in cls._iter_members_(value)]
        if not names:
            pseudo._name_ = None
        else:
            if unknown:
                names.append(hex(unknown) if cls._member_type_ is object else str(unknown))
            pseudo._name_ = "|".join(names)
        pseudo._sort_order_ = -1
        return cls._value2member_map_.setdefault(value, pseudo)

    @classmethod
    def _iter_members_(cls, value):
        for name in cls._member_names_:
            m = cls._member_map_[name]
            if m._value_ and m._value_ & value == m._value_:
                yield m

    def __iter__(self):
        return self._iter_members_(self._value_)

    def __len__(self):
        return bin(self._value_).count("1")

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r"
                            % (type(other).__qualname__, self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    def __bool__(self):
        return bool(self._value_)

    def __repr__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return "<%s: %r>" % (cls_name, self._value_)
        return "<%s.%s: %r>" % (cls_name, self._name_, int(self._value_))

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return "%s(%r)" % (cls_name, self._value_)
        return "%s.%s" % (cls_name, self._name_)

    def _get_value(self, flag):
        if isinstance(flag, self.__class__):
            return flag._value_
        if self._member_type_ is not object and isinstance(flag, self._member_type_):
            return flag
        return NotImplemented

    def __or__(self, other):
        v = self._get_value(other)
        if v is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ | v)

    def __and__(self, other):
        v = self._get_value(other)
        if v is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ & v)

    def __xor__(self, other):
        v = self._get_value(other)
        if v is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ ^ v)

    def __invert__(self):
        if self._boundary_ is KEEP or self._boundary_ is EJECT:
            return self.__class__(~self._value_ & self._flag_mask_ if self._value_ >= 0 else ~self._value_)
        return self.__class__(self._flag_mask_ ^ self._value_)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__


def _bin(num, bits):
    digits = bin(num)[2:].rjust(bits, "0")
    return "0b0 " + digits


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    """Flag members that are ints: str() and format() are the int's."""
    __str__ = int.__repr__

    def __format__(self, format_spec):
        return int.__format__(self._value_, format_spec)

    def __invert__(self):
        return self.__class__(self._flag_mask_ ^ self._value_)

    __or__ = Flag.__or__
    __and__ = Flag.__and__
    __xor__ = Flag.__xor__
    __ror__ = Flag.__ror__
    __rand__ = Flag.__rand__
    __rxor__ = Flag.__rxor__


def unique(enumeration):
    """A class decorator: ValueError if two names share a value."""
    duplicates = []
    for name, member in enumeration.__members__.items():
        if name != member.name:
            duplicates.append((name, member.name))
    if duplicates:
        alias_details = ", ".join(["%s -> %s" % (alias, name) for (alias, name) in duplicates])
        raise ValueError("duplicate values found in %r: %s" % (enumeration, alias_details))
    return enumeration


def global_enum(cls):
    """Puts the members in the module's namespace."""
    sys.modules[cls.__module__].__dict__.update(cls.__members__)
    return cls


def verify(*checks):
    return lambda enumeration: enumeration

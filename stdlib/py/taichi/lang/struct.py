# Compound struct types and their fields: ti.Struct values, ti.types.struct /
# @ti.dataclass types, and struct fields (ti.Struct.field, StructType.field),
# written over scalars and matrices as matrix.py is: a struct is a dict of
# members, each a scalar (a Python number or an Expr), a Matrix or a Struct.
# In a kernel a struct variable's members are Taichi variables, a struct
# field's element is a struct of element pointers, and assigning to a member
# (or the whole struct) stores into them. A struct field is one field per
# member, placed side by side under one SNode (Taichi's AOS layout).
import taichi as _ti
from taichi import _taichi_core
from taichi.lang import matrix as _matrix

Matrix = _matrix.Matrix
MatrixType = _matrix.MatrixType
_get = object.__getattribute__
_set = object.__setattr__


def _compiling():
    return _taichi_core.compiling()


class _Probe:
    def method(self):
        return self


_MethodType = type(_Probe().method)   # types.MethodType, without importing types
del _Probe


class _HostAccess:
    """A member of a struct field's element in Python scope: the scalar
    field and index it reads and writes when used (Taichi's SNodeHostAccess)."""
    __slots__ = ("field", "key")

    def __init__(self, field, key):
        self.field = field
        self.key = key

    def get(self):
        return self.field[self.key]

    def set(self, value):
        self.field[self.key] = value


def _expr_init(v):
    return _taichi_core.builtin("expr_init", v)


def _host_value(v):
    return v.get() if type(v) is _HostAccess else v


class Struct:
    """A struct value: ti.Struct(a=1, b=ti.Vector([...])) or ti.Struct({...}).
    Members read and write as attributes (s.a); a member's name hides a
    method of the same name (keys, items, ...), as in Taichi."""
    __slots__ = ("_entries", "_methods", "_dtype")

    def __init__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and isinstance(args[0], dict):
            entries = dict(args[0])
        elif not args:
            entries = dict(kwargs)
        else:
            raise _ti.TaichiSyntaxError(
                "Custom structs need to be initialized using either dictionary or keyword arguments")
        methods = entries.pop("__struct_methods", {})
        entries.pop("__matrix_ndim", None)
        compiling = _compiling()
        for k, v in entries.items():
            if isinstance(v, (list, tuple)):
                v = Matrix(v)
            if isinstance(v, dict):
                v = Struct(v)
            entries[k] = _expr_init(v) if compiling else v
        _set(self, "_entries", entries)
        _set(self, "_methods", methods)
        _set(self, "_dtype", None)

    @classmethod
    def _make(cls, entries, methods, dtype):
        """A struct of these members as they are (no copies, no casts)."""
        s = cls.__new__(cls)
        _set(s, "_entries", entries)
        _set(s, "_methods", methods)
        _set(s, "_dtype", dtype)
        return s

    def __getattribute__(self, name):
        entries = _get(self, "_entries")
        if name in entries:
            return _host_value(entries[name])
        methods = _get(self, "_methods")
        if name in methods:
            return _MethodType(methods[name], self)
        return _get(self, name)

    def __setattr__(self, name, value):
        entries = _get(self, "_entries")
        if name not in entries:
            raise AttributeError("'Struct' object has no member '%s'" % name)
        self[name] = value

    def __getitem__(self, key):
        return _host_value(_get(self, "_entries")[key])

    def __setitem__(self, key, value):
        entries = _get(self, "_entries")
        cur = entries[key]
        if type(cur) is _HostAccess:
            if isinstance(value, (Matrix, Struct)):
                raise TypeError("A number is expected when assigning struct members")
            cur.set(value)
        elif _compiling():
            if not _assign_entry(cur, value):
                entries[key] = value
        elif isinstance(cur, Struct):
            cur._set_entries(value)
        elif isinstance(cur, Matrix):
            _set_matrix(cur, value)
        elif isinstance(value, (int, float)):
            entries[key] = value
        else:
            raise TypeError("A number is expected when assigning struct members")

    def _set_entries(self, value):
        """Python scope: every member from value (a Struct or dict), in place."""
        if isinstance(value, dict):
            value = Struct(value)
        for k in _get(self, "_entries"):
            self[k] = value[k]

    # ---- what the kernel compiler asks of a value (see matrix.py)
    def _ti_expr_init(self):
        entries = {k: _expr_init(_host_value(v)) for k, v in _get(self, "_entries").items()}
        return Struct._make(entries, _get(self, "_methods"), _get(self, "_dtype"))

    def _ti_assign(self, other):
        if isinstance(other, dict):
            other = Struct(other)
        if not isinstance(other, Struct):
            raise _ti.TaichiTypeError("Only dict or Struct can be assigned to a Struct")
        entries = _get(self, "_entries")
        theirs = _get(other, "_entries")
        if list(entries) != list(theirs):
            raise _ti.TaichiTypeError("Member mismatch between structs %s, %s" % (list(entries), list(theirs)))
        for k, cur in entries.items():
            v = _host_value(theirs[k])
            if not _assign_entry(cur, v):
                entries[k] = v
        return self

    def _ti_print_items(self):
        # Taichi's print takes scalars and matrices only
        raise _ti.TaichiTypeError("Invalid constant scalar data type: <class 'taichi.lang.struct.Struct'>")

    # ---- Taichi's public API
    @property
    def keys(self):
        return list(_get(self, "_entries").keys())

    @property
    def entries(self):
        return _get(self, "_entries")

    @property
    def methods(self):
        return _get(self, "_methods")

    @property
    def items(self):
        return {k: _host_value(v) for k, v in _get(self, "_entries").items()}.items()

    @property
    def _members(self):
        return [_host_value(v) for v in _get(self, "_entries").values()]

    def __len__(self):
        return len(_get(self, "_entries"))

    def __iter__(self):
        return iter(self._members)

    def to_dict(self, include_methods=False, include_ndim=False):
        out = {}
        for k, v in _get(self, "_entries").items():
            v = _host_value(v)
            if isinstance(v, Struct):
                v = v.to_dict(include_methods=include_methods, include_ndim=include_ndim)
            elif isinstance(v, Matrix):
                v = v.to_list()
            out[k] = v
        if include_methods:
            out["__struct_methods"] = _get(self, "_methods")
        if include_ndim:
            out["__matrix_ndim"] = {k: v.ndim for k, v in _get(self, "_entries").items() if isinstance(v, Matrix)}
        return out

    def __str__(self):
        if _compiling():
            return "<ti.Struct %s, struct_methods=%s>" % (
                ", ".join("%s=%s" % (k, v) for k, v in self.items), _get(self, "_methods"))
        return str(self.to_dict())

    def __repr__(self):
        return str(self.to_dict())

    @classmethod
    def field(cls, members, methods={}, shape=None, name="<Struct>", offset=None, needs_grad=False,
              needs_dual=False, layout=None, _dtype=None):
        """A struct field: one field per member (members: name -> type)."""
        if _compiling():
            raise _ti.TaichiSyntaxError("Fields cannot be created in Taichi scope: create them before the kernel runs")
        if shape is None and offset is not None:
            raise _ti.TaichiSyntaxError("shape cannot be None when offset is being set")
        fields = {}
        for key, dtype in members.items():
            fname = name + "." + key
            # members get the offset but no shape, which Taichi 1.7.4 refuses
            # too: a struct field cannot have an offset there
            if isinstance(dtype, StructType):
                fields[key] = dtype.field(name=fname, offset=offset, needs_grad=needs_grad, needs_dual=needs_dual)
            else:
                fields[key] = _ti.field(dtype, name=fname, offset=offset, needs_grad=needs_grad,
                                        needs_dual=needs_dual)
        if shape is not None:
            if isinstance(shape, int):
                shape = (shape,)
            if isinstance(offset, int):
                offset = (offset,)
            if offset is not None and len(shape) != len(offset):
                raise _ti.TaichiSyntaxError(
                    "The dimensionality of shape and offset must be the same (%d != %d)" % (len(shape), len(offset)))
            dims = _ti.axes(*range(len(shape)))
            _ti.root.dense(dims, shape).place(*fields.values(), offset=offset)
            grads = [f.grad for f in fields.values() if getattr(f, "grad", None) is not None]
            if grads:
                _ti.root.dense(dims, shape).place(*grads, offset=offset)
        return StructField(fields, methods, name, _dtype)


def _assign_entry(cur, v):
    """In a kernel: stores v into member cur (a variable or element pointer, a
    matrix or struct of them); False when cur holds no storage to store into."""
    if isinstance(cur, (Matrix, Struct)):
        cur._ti_assign(v)
        return True
    return bool(_taichi_core.builtin("assign", cur, v))


def _set_matrix(cur, value):
    """Python scope: a matrix member takes value's entries in place (into the
    field, for a field element's member), each converted to the kind of number
    it replaces (Taichi keeps a matrix's entries in a typed array)."""
    value = _matrix._as_matrix(value, cur)
    if (value.n, value.m) != (cur.n, cur.m):
        raise _ti.TaichiTypeError("Dimension mismatch between shapes (%d, %d), (%d, %d)" % (cur.n, cur.m, value.n, value.m))
    for k, v in enumerate(value.entries):
        old = cur.entries[k]
        if type(old) in (int, float):
            v = type(old)(v)
        if cur.ndim == 1:
            cur[k] = v
        else:
            cur[k // cur.m, k % cur.m] = v


def _cast_scalar(v, dtype):
    v = _host_value(v)
    if _compiling() or isinstance(v, _ti._Expr):
        return _ti.cast(v, dtype)
    return int(v) if _ti._is_integral(dtype) else float(v)


class StructType:
    """ti.types.struct(name=type, ...) and @ti.dataclass: a struct constructor
    (members by position or name; a missing one is 0) and a field dtype."""

    def __init__(self, **kwargs):
        self.members = {}
        self.methods = {}
        for k, dtype in kwargs.items():
            if k == "__struct_methods":
                self.methods = dtype
            elif isinstance(dtype, (StructType, MatrixType)):
                self.members[k] = dtype
            else:
                self.members[k] = _ti._dtype_of(dtype)

    def __call__(self, *args, **kwargs):
        d = {}
        for index, (name, dtype) in enumerate(self.members.items()):
            data = args[index] if index < len(args) else kwargs.get(name, 0)
            if isinstance(dtype, (StructType, MatrixType)) and not isinstance(data, (dict, Struct)):
                data = dtype(data)
            d[name] = data
        return self.cast(Struct._make(d, {}, None))

    def cast(self, struct):
        if isinstance(struct, dict):
            struct = Struct._make(dict(struct), {}, None)
        theirs = _get(struct, "_entries")
        if list(self.members) != list(theirs):
            raise _ti.TaichiSyntaxError("Incompatible arguments for custom struct members!")
        entries = {}
        for k, dtype in self.members.items():
            v = theirs[k]
            if isinstance(dtype, MatrixType):
                v = _host_value(v)
                entries[k] = dtype(list(v) if isinstance(v, tuple) else v)
            elif isinstance(dtype, StructType):
                entries[k] = dtype.cast(_host_value(v))
            else:
                entries[k] = _cast_scalar(v, dtype)
        entries["__struct_methods"] = self.methods
        s = Struct(entries)
        _set(s, "_dtype", self)
        return s

    def filled_with_scalar(self, value):
        entries = {}
        for k, dtype in self.members.items():
            entries[k] = dtype.filled_with_scalar(value) if isinstance(dtype, StructType) else (
                dtype(value) if isinstance(dtype, MatrixType) else value)
        entries["__struct_methods"] = self.methods
        return Struct(entries)

    def field(self, shape=None, **kwargs):
        return Struct.field(self.members, self.methods, shape=shape, _dtype=self, **kwargs)

    # a compound type of kernel parameters and return values (frontend/transform.h):
    # one slot per scalar, members in order, a matrix's entries row by row
    def _ti_slot_dtypes(self):
        out = []
        for dtype in self.members.values():
            if isinstance(dtype, StructType):
                out.extend(dtype._ti_slot_dtypes())
            elif isinstance(dtype, MatrixType):
                out.extend([dtype.dtype] * (dtype.n * dtype.m))
            else:
                out.append(dtype)
        return out

    def _ti_from_slots(self, vals):
        entries, k = {}, 0
        for name, dtype in self.members.items():
            if isinstance(dtype, StructType):
                n = len(dtype._ti_slot_dtypes())
                entries[name] = dtype._ti_from_slots(vals[k:k + n])
            elif isinstance(dtype, MatrixType):
                n = dtype.n * dtype.m
                entries[name] = Matrix._make(dtype.n, dtype.m, dtype.ndim, vals[k:k + n])
            else:
                n = 1
                entries[name] = vals[k]
            k += n
        return Struct._make(entries, self.methods, self)

    def _ti_to_slots(self, value):
        if not isinstance(value, Struct):
            if _compiling():
                raise _ti.TaichiTypeError("a %s needs a struct, got %s" % (self, type(value).__name__))
            raise _ti.TaichiRuntimeTypeError("Argument %s cannot be converted into required type %s"
                                             % (type(value), self))
        theirs = _get(value, "_entries")
        if list(theirs) != list(self.members):
            raise _ti.TaichiTypeError("a struct with members %s given for %s" % (list(theirs), self))
        out = []
        for name, dtype in self.members.items():
            v = _host_value(theirs[name])
            if isinstance(dtype, StructType):
                out.extend(dtype._ti_to_slots(v))
            elif isinstance(dtype, MatrixType):
                out.extend((v if isinstance(v, Matrix) else Matrix(list(v))).entries)
            else:
                out.append(v)
        return out

    def __str__(self):
        return "<ti.StructType %s, struct_methods=%s>" % (
            ", ".join("%s=%s" % (k, v) for k, v in self.members.items()), self.methods)

    __repr__ = __str__


def struct(**kwargs):
    """ti.types.struct(a=ti.f32, b=ti.types.vector(2, ti.i32), ...)"""
    return StructType(**kwargs)


def dataclass(cls):
    """@ti.dataclass: a struct type whose members are the class's annotations
    and whose methods (ti.func or Python) its values carry."""
    fields = dict(getattr(cls, "__annotations__", {}))
    for k in fields:
        if hasattr(cls, k):
            raise _ti.TaichiSyntaxError("Default value in @dataclass is not supported.")
    fields["__struct_methods"] = {a: getattr(cls, a) for a in dir(cls)
                                  if not a.startswith("__") and callable(getattr(cls, a))}
    return StructType(**fields)


def _leaves(f):
    """The scalar fields a field is made of."""
    return [f] if isinstance(f, _ti.ScalarField) else f._place_fields()


class StructField(_ti.Field):
    """A field of structs: one field (scalar, matrix or struct) per member;
    sf.a is member a's field, sf[I] the struct at I."""

    def __init__(self, field_dict, methods, name, dtype=None):
        self.field_dict = field_dict
        self.struct_methods = methods
        self.name = name
        self._name = name
        self._struct_type = dtype
        grads = {k: getattr(f, "grad", None) for k, f in field_dict.items()}
        self.grad = StructField(grads, methods, name + ".grad", dtype) if all(
            g is not None for g in grads.values()) and grads else None

    def __getattr__(self, name):
        d = _get(self, "field_dict")
        if name in d:
            return d[name]
        raise AttributeError("'StructField' object has no attribute '%s'" % name)

    @property
    def keys(self):
        return list(self.field_dict.keys())

    @property
    def _members(self):
        return list(self.field_dict.values())

    @property
    def _items(self):
        return self.field_dict.items()

    @property
    def dtype(self):
        """The first member's type, as Taichi answers."""
        return self._place_fields()[0].dtype

    def get_member_field(self, key):
        return self.field_dict[key]

    def _get_field_members(self):
        return self._place_fields()

    def _place_fields(self):
        out = []
        for f in self.field_dict.values():
            out.extend(_leaves(f))
        return out

    @property
    def _loop_field(self):
        return self._place_fields()[0]

    @property
    def shape(self):
        return self._members[0].shape

    @property
    def snode(self):
        return self._members[0].snode

    @property
    def _snode(self):
        return self.snode

    def parent(self, n=1):
        return self._members[0].parent(n)

    def _element(self, key):
        entries = {}
        compiling = _compiling()
        for k, f in self.field_dict.items():
            if isinstance(f, _ti.ScalarField):
                entries[k] = _taichi_core.builtin("field_ptr", f, key) if compiling else _HostAccess(f, key)
            else:
                entries[k] = f[key]
        return Struct._make(entries, self.struct_methods, self._struct_type)

    def __getitem__(self, key):
        return self._element(key)

    def __setitem__(self, key, value):
        if _compiling():
            self._element(key)._ti_assign(value)
        else:
            self._element(key)._set_entries(value)

    def fill(self, val):
        for f in self.field_dict.values():
            f.fill(val)

    def copy_from(self, other):
        if not isinstance(other, StructField):
            raise TypeError("Cannot copy from a non-field object" if not isinstance(other, _ti.Field)
                            else "Cannot copy a struct field from a field of another kind")
        if set(self.keys) != set(other.keys):
            raise ValueError("the struct fields have different members: %s, %s" % (self.keys, other.keys))
        for k in self.keys:
            self.field_dict[k].copy_from(other.field_dict[k])

    def to_numpy(self):
        return _ti.lang.np_interop.struct_to_numpy(self)

    def from_numpy(self, array_dict):
        _ti.lang.np_interop.struct_from_numpy(self, array_dict)

    def __repr__(self):
        return "<ti.StructField %s>" % self.name


def copy_from(self, other):
    """field.copy_from(other): every element of other (a field of the same
    shape) into this field, by kernels as in Taichi."""
    if not isinstance(other, _ti.Field):
        raise TypeError("Cannot copy from a non-field object")
    if self.shape != other.shape:
        raise ValueError("ti.field shape %s does not match the source field shape %s" % (self.shape, other.shape))
    mine, theirs = _leaves(self), _leaves(other)
    if len(mine) != len(theirs):
        raise ValueError("the fields have different numbers of entries: %d, %d" % (len(mine), len(theirs)))
    from taichi._kernels import tensor_to_tensor
    for dst, src in zip(mine, theirs):
        d_off = dst._offset or (0,) * len(self.shape)
        s_off = src._offset or (0,) * len(self.shape)
        tensor_to_tensor(dst, src, tuple(s - d for s, d in zip(s_off, d_off)))

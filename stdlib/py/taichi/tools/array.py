# taichi.tools.array: what ti.tools.imread, imresize and ti.GUI.get_image
# return where Taichi returns a numpy.ndarray, since tirun has no numpy: an
# n-dimensional array of one element type, indexed and computed with as
# numpy does for the common cases (integer and slice indexing, elementwise
# arithmetic and comparisons with a number or an array of the same shape,
# sum / min / max / mean / all / any, reshape, astype, tolist). Its elements
# are raw bytes of a Taichi type in a bytearray (_buf), in row-major order.
import taichi as ti
import _taichi_gui

_NUMPY_NAMES = {"i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "u8": "uint8", "u16": "uint16",
                "u32": "uint32", "u64": "uint64", "f16": "float16", "f32": "float32", "f64": "float64",
                "bool": "bool"}
_BY_NUMPY_NAME = {v: k for k, v in _NUMPY_NAMES.items()}


class dtype:
    """An element type, named as numpy names it (str(a.dtype) == "uint8");
    equal to that name, to another dtype and to the Taichi type (ti.u8)."""
    __slots__ = ("_ti",)

    def __init__(self, name):
        if isinstance(name, dtype):
            name = name._ti
        elif isinstance(name, ti._DataType):
            name = name._name
        elif name is int:
            name = "i64"
        elif name is float:
            name = "f64"
        elif name is bool:
            name = "bool"
        elif name in _BY_NUMPY_NAME:
            name = _BY_NUMPY_NAME[name]
        if name not in _NUMPY_NAMES:
            raise TypeError("data type %r not understood" % (name,))
        self._ti = name

    @property
    def name(self):
        return _NUMPY_NAMES[self._ti]

    @property
    def itemsize(self):
        return 1 if self._ti == "bool" else int(self._ti[1:]) // 8

    @property
    def kind(self):
        return "b" if self._ti == "bool" else self._ti[0]

    def _storage(self):
        return "u8" if self._ti == "bool" else self._ti

    def __eq__(self, other):
        try:
            return self._ti == dtype(other)._ti
        except TypeError:
            return False

    def __hash__(self):
        return hash(self._ti)

    def __repr__(self):
        return "dtype('%s')" % self.name

    def __str__(self):
        return self.name


def _size(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def _flatten(obj, shape, out):
    if isinstance(obj, (list, tuple)):
        shape.append(len(obj))
        for x in obj:
            _flatten(x, [], out)
    else:
        out.append(obj)


def array(obj, dtype=None):
    """numpy.array for nested lists of numbers (or an Array: a copy)."""
    if isinstance(obj, Array):
        return obj.astype(dtype or obj.dtype)
    shape = []
    probe = obj
    while isinstance(probe, (list, tuple)):
        shape.append(len(probe))
        probe = probe[0] if len(probe) else None
    flat = []
    _flatten(obj, [], flat)
    if len(flat) != _size(shape):
        raise ValueError("setting an array element with a sequence: the nested lists are ragged")
    if dtype is None:
        if all(isinstance(x, bool) for x in flat):
            dtype = "bool"
        elif all(isinstance(x, int) for x in flat):
            dtype = "i64"
        else:
            dtype = "f64"
    return Array._from_values(flat, dtype, tuple(shape))


def zeros(shape, dtype="f64"):
    if isinstance(shape, int):
        shape = (shape,)
    dt = globals()["dtype"](dtype)
    return Array(bytearray(_size(shape) * dt.itemsize), dt, tuple(shape))


class Array:
    """A numpy.ndarray stand-in (see the module's comment)."""
    __slots__ = ("_buf", "dtype", "shape")

    def __init__(self, buf, dt, shape):
        self._buf = buf
        self.dtype = dt if isinstance(dt, dtype) else dtype(dt)
        self.shape = tuple(shape)
        if len(buf) != _size(self.shape) * self.dtype.itemsize:
            raise ValueError("%d bytes do not hold a %s array of shape %s" % (len(buf), self.dtype, self.shape))

    @classmethod
    def _from_values(cls, values, dt, shape):
        dt = dtype(dt)
        if dt.kind == "b":
            values = [1 if v else 0 for v in values]
        return cls(_taichi_gui.pack(values, dt._storage()), dt, shape)

    def _values(self):
        values = _taichi_gui.unpack(self._buf, self.dtype._storage())
        if self.dtype.kind == "b":
            return [v != 0 for v in values]
        return values

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self):
        return _size(self.shape)

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return len(self._buf)

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __iter__(self):
        if not self.shape:
            raise TypeError("iteration over a 0-d array")
        for i in range(self.shape[0]):
            yield self[i]

    def tolist(self):
        values = self._values()

        def nest(at, dims):
            if not dims:
                return values[at]
            step = _size(dims[1:])
            return [nest(at + i * step, dims[1:]) for i in range(dims[0])]
        return nest(0, self.shape)

    def copy(self):
        return Array(bytearray(self._buf), self.dtype, self.shape)

    def astype(self, dt):
        dt = dtype(dt)
        if dt == self.dtype:
            return self.copy()
        values = self._values()
        if dt.kind in "iu" and self.dtype.kind == "f":
            values = [int(v) if v == v and v not in (float("inf"), float("-inf")) else 0 for v in values]
        return Array._from_values(values, dt, self.shape)

    def reshape(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        if shape.count(-1) == 1:
            rest = _size([d for d in shape if d != -1])
            shape = tuple(self.size // rest if d == -1 else d for d in shape)
        if _size(shape) != self.size:
            raise ValueError("cannot reshape array of size %d into shape %s" % (self.size, tuple(shape)))
        return Array(self._buf, self.dtype, shape)

    def flatten(self):
        return Array(bytearray(self._buf), self.dtype, (self.size,))

    # ---- indexing: ints and slices per axis (a copy, as numpy's fancy indexing)

    def _axes(self, key):
        if not isinstance(key, tuple):
            key = (key,)
        if any(k is Ellipsis for k in key):
            at = key.index(Ellipsis)
            key = key[:at] + (slice(None),) * (self.ndim - len(key) + 1) + key[at + 1:]
        if len(key) > self.ndim:
            raise IndexError("too many indices for array: array is %d-dimensional, but %d were indexed"
                             % (self.ndim, len(key)))
        key = key + (slice(None),) * (self.ndim - len(key))
        axes, shape = [], []
        for n, (k, d) in enumerate(zip(key, self.shape)):
            if isinstance(k, slice):
                r = range(*k.indices(d))
                axes.append(r)
                shape.append(len(r))
            else:
                i = k.__index__()
                if not -d <= i < d:
                    raise IndexError("index %d is out of bounds for axis %d with size %d" % (i, n, d))
                axes.append((i % d,))
        return axes, tuple(shape)

    def _offsets(self, axes):
        offsets = [0]
        for n, idx in enumerate(axes):
            stride = _size(self.shape[n + 1:])
            offsets = [o + i * stride for o in offsets for i in idx]
        return offsets

    def __getitem__(self, key):
        axes, shape = self._axes(key)
        w = self.dtype.itemsize
        offsets = self._offsets(axes)
        if not shape:
            return Array(self._buf[offsets[0] * w:(offsets[0] + 1) * w], self.dtype, ())._values()[0]
        if w == 1:
            buf = bytearray(self._buf[o] for o in offsets)
        else:
            buf = bytearray()
            for o in offsets:
                buf += self._buf[o * w:(o + 1) * w]
        return Array(buf, self.dtype, shape)

    def __setitem__(self, key, value):
        axes, shape = self._axes(key)
        offsets = self._offsets(axes)
        if isinstance(value, Array):
            if value.shape != shape:
                raise ValueError("could not broadcast input array from shape %s into shape %s" % (value.shape, shape))
            values = value.astype(self.dtype)._values()
        elif isinstance(value, (list, tuple)):
            values = array(value).astype(self.dtype)._values()
            if len(values) != len(offsets):
                raise ValueError("could not broadcast the value into shape %s" % (shape,))
        else:
            values = [value] * len(offsets)
        w = self.dtype.itemsize
        packed = Array._from_values(values, self.dtype, (len(values),))._buf
        for n, o in enumerate(offsets):
            self._buf[o * w:(o + 1) * w] = packed[n * w:(n + 1) * w]

    # ---- arithmetic

    def _result_type(self, other, op):
        """numpy's result type of self op other (a number or an Array)."""
        if op == "truediv":
            if self.dtype.kind == "f" and (not isinstance(other, Array) or other.dtype == self.dtype):
                return self.dtype
            return dtype("f64")
        if isinstance(other, Array):
            a, b = self.dtype, other.dtype
            if a == b:
                return a
            if "f" in (a.kind, b.kind):
                return dtype("f64") if "f64" in (a._ti, b._ti) or a.kind != b.kind else a if a.itemsize >= b.itemsize else b
            return dtype("i64")
        if isinstance(other, float) and self.dtype.kind != "f":
            return dtype("f64")
        if self.dtype.kind == "b":
            return dtype("i64") if isinstance(other, int) and not isinstance(other, bool) else self.dtype
        return self.dtype

    def _binary(self, other, op, f, reflected=False):
        if isinstance(other, (list, tuple)):
            other = array(other)
        if isinstance(other, Array):
            if other.shape != self.shape:
                raise ValueError("operands could not be broadcast together with shapes %s %s"
                                 % (self.shape, other.shape))
            rhs = other._values()
        elif isinstance(other, (int, float)):
            rhs = None
        else:
            return NotImplemented
        rt = dtype("bool") if op == "compare" else self._result_type(other, op)
        if rhs is None and rt._ti == "u8" == self.dtype._ti and op in ("add", "sub", "mul") and 0 <= other < 256:
            # uint8 with a number: through a table of the 256 results, at C speed
            table = bytes((f(other, a) if reflected else f(a, other)) & 255 for a in range(256))
            return Array(_taichi_gui.map_u8(self._buf, table), rt, self.shape)
        lhs = self._values()
        if rhs is None:
            values = [f(other, a) for a in lhs] if reflected else [f(a, other) for a in lhs]
        elif reflected:
            values = [f(b, a) for a, b in zip(lhs, rhs)]
        else:
            values = [f(a, b) for a, b in zip(lhs, rhs)]
        return Array._from_values(values, rt, self.shape)

    def _compare(self, other, f):
        return self._binary(other, "compare", f)

    def __add__(self, o): return self._binary(o, "add", lambda a, b: a + b)
    def __radd__(self, o): return self._binary(o, "add", lambda a, b: a + b, True)
    def __sub__(self, o): return self._binary(o, "sub", lambda a, b: a - b)
    def __rsub__(self, o): return self._binary(o, "sub", lambda a, b: a - b, True)
    def __mul__(self, o): return self._binary(o, "mul", lambda a, b: a * b)
    def __rmul__(self, o): return self._binary(o, "mul", lambda a, b: a * b, True)
    def __truediv__(self, o): return self._binary(o, "truediv", lambda a, b: a / b)
    def __rtruediv__(self, o): return self._binary(o, "truediv", lambda a, b: a / b, True)
    def __floordiv__(self, o): return self._binary(o, "floordiv", lambda a, b: a // b)
    def __rfloordiv__(self, o): return self._binary(o, "floordiv", lambda a, b: a // b, True)
    def __mod__(self, o): return self._binary(o, "mod", lambda a, b: a % b)
    def __rmod__(self, o): return self._binary(o, "mod", lambda a, b: a % b, True)
    def __pow__(self, o): return self._binary(o, "pow", lambda a, b: a ** b)
    def __eq__(self, o): return self._compare(o, lambda a, b: a == b)
    def __ne__(self, o): return self._compare(o, lambda a, b: a != b)
    def __lt__(self, o): return self._compare(o, lambda a, b: a < b)
    def __le__(self, o): return self._compare(o, lambda a, b: a <= b)
    def __gt__(self, o): return self._compare(o, lambda a, b: a > b)
    def __ge__(self, o): return self._compare(o, lambda a, b: a >= b)
    __hash__ = None

    def __neg__(self):
        return Array._from_values([-v for v in self._values()], self.dtype, self.shape)

    def __abs__(self):
        return Array._from_values([abs(v) for v in self._values()], self.dtype, self.shape)

    def __bool__(self):
        if self.size != 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. "
                             "Use a.any() or a.all()")
        return bool(self._values()[0])

    # ---- reductions over every element

    def sum(self):
        if self.dtype._ti == "u8":
            return sum(self._buf)
        values = self._values()
        if self.dtype.kind == "f":
            return float(sum(values)) if self.dtype._ti == "f64" else self._f32(sum(values))
        return sum(int(v) for v in values) if self.dtype.kind == "b" else sum(values)

    @staticmethod
    def _f32(x):
        return _taichi_gui.unpack(_taichi_gui.pack([x], "f32"), "f32")[0]

    def mean(self):
        return sum(self._values()) / self.size

    def min(self):
        return min(self._values())

    def max(self):
        return max(self._values())

    def all(self):
        return all(self._values())

    def any(self):
        return any(self._values())

    def __repr__(self):
        body = repr(self.tolist())
        if self.dtype._ti in ("i64", "f64", "bool"):
            return "array(%s)" % body
        return "array(%s, dtype=%s)" % (body, self.dtype)

    __str__ = __repr__

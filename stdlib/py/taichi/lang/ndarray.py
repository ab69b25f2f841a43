# taichi.lang.ndarray: ti.ndarray and its vector / matrix kinds (ti.Vector.ndarray,
# ti.Matrix.ndarray), arrays whose memory the runtime owns (a bytearray the VM's GC
# frees with them), read and written element by element from Python scope; the checks
# of an ndarray argument against its ti.types.ndarray() annotation; and what indexing an
# ndarray parameter of vector or matrix elements is in a kernel.
import taichi as _ti
from taichi import _taichi_core
from taichi.lang import matrix as _matrix

_builtins = _ti._builtins


def _prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def _is_int(x):
    return isinstance(_ti.lang.np_interop.index(x), int) and not isinstance(x, bool)


# ---- the annotation: ti.types.ndarray(dtype=..., ndim=...) ----------------------------------

def _element_type_name(dtype):
    """An element type as Taichi's messages print it (its to_string())."""
    if isinstance(dtype, _matrix.MatrixType):
        if dtype.ndim == 1:
            return "VectorType[%s, %s]" % (dtype.n, dtype.dtype)
        return "MatrixType[%s,%s, %s]" % (dtype.n, dtype.m, dtype.dtype)
    return str(dtype)


def init_annotation(anno, dtype, ndim, element_dim, element_shape, field_dim, needs_grad, boundary):
    if field_dim is not None:
        raise ValueError("The field_dim argument for ndarray type is already deprecated. Please use ndim instead.")
    if element_dim is not None or element_shape is not None:
        if isinstance(dtype, _matrix.MatrixType):
            raise TypeError('Cannot specifiy matrix dtype "%s" and element shape or dim at the same time.' % dtype)
        if element_shape is not None and element_dim is not None and len(element_shape) != element_dim:
            raise ValueError("Both element_shape and element_dim are specified, but shape doesn't match specified "
                             "dim: %d!=%d" % (len(element_shape), element_dim))
        if element_shape is not None and len(element_shape) > 2 or element_dim is not None and not 0 <= element_dim <= 2:
            raise ValueError("Only scalars, vectors, and matrices are allowed as elements of ti.types.ndarray()")
        if element_shape is not None and len(element_shape) == 1:
            dtype = _matrix.vector(element_shape[0], dtype)
        elif element_shape is not None and len(element_shape) == 2:
            dtype = _matrix.matrix(element_shape[0], element_shape[1], dtype)
    if boundary not in ("unsafe", "clamp"):
        raise ValueError("Invalid boundary argument: %s" % (boundary,))
    if ndim is not None and not (_is_int(ndim) and 0 <= ndim <= 8):
        raise _ti.TaichiSyntaxError("ti.types.ndarray(): ndim must be an int from 0 to 8, got %r" % (ndim,))
    anno.dtype = dtype
    anno.ndim = ndim
    anno.needs_grad = needs_grad
    anno.boundary = boundary
    anno.layout = "Layout.AOS"
    # the trailing dimensions of a numpy array argument that are its elements' (program/kernel.c)
    anno._ti_elem_dims = dtype.ndim if isinstance(dtype, _matrix.MatrixType) else 0


def element_type(arr):
    """What an ndarray's elements are: its primitive type, or a _TensorType."""
    es = arr.element_shape
    return arr.dtype if not es else _TensorType(es, arr.dtype)


def check_arg(anno, arg, name):
    """Taichi's error when arg (an ndarray or a numpy array) does not fit annotation anno."""
    if not isinstance(arg, _ti._ExternalArray):
        return _ti.lang.np_interop.check_arg(anno, arg, name)
    want = anno.dtype
    es = arg.element_shape
    if isinstance(want, _matrix.MatrixType):
        ok = len(es) == want.ndim and es == ((want.n,) if want.ndim == 1 else (want.n, want.m)) and \
            want.dtype is arg.dtype
        if not ok:
            raise ValueError("Invalid value for argument %s - required element type: %s, but %s is provided"
                             % (name, _element_type_name(want), element_type(arg)))
    elif want is not None:
        if (want if isinstance(want, _ti._DataType) else _ti._dtype_of(want)) is not arg.dtype or es:
            raise TypeError("Expect element type %s for argument %s, but get %s" % (want, name, element_type(arg)))
    if anno.ndim is not None and anno.ndim != len(arg.shape):
        raise ValueError("Invalid value for argument %s - required ndim=%d, but %dd ndarray with shape %s is provided"
                         % (name, anno.ndim, len(arg.shape), arg.shape))


def check_func_arg(anno, arg, name):
    """check_arg for a ti.func's ndarray parameter: arg must be a kernel's ndarray
    parameter; a mismatch is a compile error."""
    if not isinstance(arg, _ti._ExternalArray) or not isinstance(arg.address, _ti._Expr):
        raise _ti.TaichiTypeError("Expected ndarray in the kernel argument for argument %s, got %s" % (name, arg))
    try:
        check_arg(anno, arg, name)
    except (TypeError, ValueError) as e:
        raise _ti.TaichiCompilationError(str(e))


# ---- in a kernel: an ndarray parameter of vector / matrix elements ----------------------------

def _key_tuple(key):
    if key is None:
        return ()
    if isinstance(key, _matrix.Matrix):
        return tuple(key.entries)
    if isinstance(key, (tuple, list)):
        return tuple(key)
    return (key,)


def kernel_element(arr, key):
    """arr[key] in a kernel for an ndarray of vectors or matrices: a matrix whose entries
    are the pointers to the element's entries (reads load, writes store, += is atomic)."""
    if not _taichi_core.compiling() or not isinstance(arr.address, _ti._Expr):
        raise _ti.TaichiSyntaxError("an external array can only be accessed in a kernel through its "
                                    "ti.types.ndarray() parameter")
    key = _key_tuple(key)
    es = arr.element_shape
    if len(key) != len(arr.shape):
        raise _ti._TaichiIndexError("%dd ndarray indexed with %dd indices: %s" % (len(arr.shape), len(key), key))
    if len(es) == 1:
        entries = [_taichi_core.builtin("external_ptr", arr, key + (i,)) for i in range(es[0])]
        r = _KernelElement._make(es[0], 1, 1, entries)
    else:
        entries = [_taichi_core.builtin("external_ptr", arr, key + (i, j))
                   for i in range(es[0]) for j in range(es[1])]
        r = _KernelElement._make(es[0], es[1], 2, entries)
    r._arr, r._key = arr, key
    return r


def kernel_store(arr, key, value):
    """arr[key] = value in a kernel for an ndarray of vectors or matrices."""
    el = kernel_element(arr, key)
    if isinstance(value, (list, tuple, _matrix.Matrix)):
        m = value if isinstance(value, _matrix.Matrix) else _matrix.Matrix(value)
        if (m.n, m.m) != (el.n, el.m):
            def name(x):
                return "i32" if _builtins.all(_is_int(e) for e in x.entries) else "f32"
            shape = "%d" % m.n if m.ndim == 1 else "%d, %d" % (m.n, m.m)
            raise _ti.TaichiTypeError("cannot assign '[Tensor (%s) %s]' to '%s'"
                                      % (shape, name(m), _TensorType(arr.element_shape, arr.dtype)))
    el._ti_assign(value)


class _KernelElement(_matrix.Matrix):
    """An ndarray parameter's vector / matrix element in a kernel: its entries are
    pointers into the ndarray, so an entry index that is a Taichi value (x[i][j] with
    j a loop variable) is one more index into the ndarray."""
    __slots__ = ("_arr", "_key")

    def _dynamic(self, key):
        key = key if isinstance(key, tuple) else (key,)
        if not _builtins.any(isinstance(k, _ti._Expr) for k in key):
            return None
        if len(key) != len(self._arr.element_shape):
            raise _ti.TaichiSyntaxError("a %dd ndarray element indexed with %d indices"
                                        % (len(self._arr.element_shape), len(key)))
        return _taichi_core.builtin("external_ptr", self._arr, self._key + key)

    def __getitem__(self, key):
        p = self._dynamic(key)
        return _matrix.Matrix.__getitem__(self, key) if p is None else p

    def __setitem__(self, key, value):
        p = self._dynamic(key)
        if p is None:
            _matrix.Matrix.__setitem__(self, key, value)
        else:
            _taichi_core.builtin("assign", p, value)


# ---- ndarrays that own their memory ----------------------------------------------------------

class _TensorType:
    """The element type of a vector or matrix ndarray, as Taichi prints it: [Tensor (3) f32]."""

    def __init__(self, shape, dtype):
        self._shape = tuple(shape)
        self._dtype = dtype

    def element_type(self):
        return self._dtype

    def shape(self):
        return list(self._shape)

    def __eq__(self, other):
        return isinstance(other, _TensorType) and other._shape == self._shape and other._dtype is self._dtype

    __hash__ = None

    def __repr__(self):
        return "[Tensor (%s) %s]" % (", ".join(str(x) for x in self._shape), self._dtype)


class Ndarray(_ti._ExternalArray):
    """An ndarray: shape elements of dtype, or of vectors / matrices of dtype
    (element_shape), row-major and zero-filled, in memory this object owns."""

    def __init__(self, dtype, shape, element_shape):
        if not _ti._state.initialized:
            raise _ti.TaichiRuntimeError("Cannont create ndarray, maybe you forgot to call `ti.init()` first?")
        self._buf = _taichi_core.buffer_new(_builtins.max(1, _prod(shape) * _prod(element_shape)) * (dtype._bits // 8))
        _ti._ExternalArray.__init__(self, _taichi_core.buffer_address(self._buf), dtype, shape, element_shape)
        self.grad = None
        self.layout = "Layout.AOS"
        self.element_type = element_type(self)

    def get_type(self):
        return self.element_type

    def _get_element_size(self):
        return _prod(self.element_shape) * (self.dtype._bits // 8)

    def _get_nelement(self):
        return _prod(self.shape)

    def _index(self, key):
        """The linear index of the scalar at key (the element's indices, then the entry's)."""
        shape = self.shape + self.element_shape
        if key is None:
            key = ()
        if not isinstance(key, (tuple, list)):
            key = (key,)
        if len(key) != len(shape):
            raise _ti._TaichiIndexError("%dd ndarray indexed with %dd indices: %s" % (len(shape), len(key), key))
        lin = 0
        for i, n in zip(key, shape):
            i = _ti.lang.np_interop.index(i)
            if not _is_int(i):
                raise TypeError("ndarray indices must be ints, not %s" % type(i).__name__)
            if not 0 <= i < n:
                raise IndexError("index %d out of range for an ndarray of shape %s" % (i, shape))
            lin = lin * n + i
        return lin

    def _read(self, key):
        return _taichi_core.buffer_read(self._buf, self.dtype._name, self._index(key))

    def _write(self, key, value):
        _taichi_core.buffer_write(self._buf, self.dtype._name, self._index(key), value)

    def fill(self, val):
        """Sets every element (every entry of every element) to val, or to a vector / matrix val."""
        if _taichi_core.compiling():
            raise _ti.TaichiSyntaxError("ndarray.fill() is only available in Python scope")
        if isinstance(val, _matrix.Matrix):
            vals = list(val.entries)
        elif isinstance(val, (list, tuple)):
            vals = list(_matrix.Matrix(val).entries)
        else:
            vals = [val]
        if len(vals) != 1 and len(vals) != _prod(self.element_shape):
            raise ValueError("fill(): %d values for elements of shape %s" % (len(vals), self.element_shape))
        _taichi_core.buffer_fill(self._buf, self.dtype._name, vals)

    def copy_from(self, other):
        """Copies every element of other, an ndarray of the same shape."""
        assert isinstance(other, Ndarray)
        assert tuple(self.shape + self.element_shape) == tuple(other.shape + other.element_shape)
        assert self.dtype is other.dtype
        _taichi_core.buffer_copy(self._buf, other._buf)

    def _copy(self):
        raise NotImplementedError()

    def __deepcopy__(self, memo=None):
        r = self._copy()
        r.copy_from(self)
        return r

    def __iter__(self):
        raise NotImplementedError("Struct for is only available in Taichi scope.")


class _HostNdarray(Ndarray):
    """The kinds of ndarray that convert to and from host arrays (as Taichi's)."""

    def to_numpy(self):
        return _ti.lang.np_interop.ndarray_to_numpy(self)

    def from_numpy(self, arr):
        _ti.lang.np_interop.ndarray_from_numpy(self, arr)


class ScalarNdarray(_HostNdarray):
    """ti.ndarray(dtype, shape): an ndarray of scalars."""

    def __init__(self, dtype, shape):
        Ndarray.__init__(self, dtype, shape, ())

    def __getitem__(self, key):
        return self._read(key)

    def __setitem__(self, key, value):
        self._write(key, value)

    def _copy(self):
        return ScalarNdarray(self.dtype, self.shape)

    def __repr__(self):
        return "<ti.ndarray>"


def _element_key(key):
    if key is None:
        return ()
    return tuple(key) if isinstance(key, (tuple, list)) else (key,)


class _NdarrayElement(_matrix.Matrix):
    """ndarray[I] in Python scope for vector / matrix elements: the entries read when it
    was taken; writing an entry (v[I][j] = x, m[I][i, j] = x) writes the ndarray."""
    __slots__ = ("_arr", "_key")

    @classmethod
    def _of(cls, arr, key):
        r = cls.__new__(cls)
        es = arr.element_shape
        r.n, r.m, r.ndim = es[0], es[1] if len(es) == 2 else 1, len(es)
        r._arr, r._key = arr, _element_key(key)
        r.entries = [arr._read(r._key + r._entry(k)) for k in range(r.n * r.m)]
        return r

    def _entry(self, k):
        return (k,) if self.ndim == 1 else (k // self.m, k % self.m)

    def __getitem__(self, key):
        k = self._index(key)
        if k is None:
            return _matrix.Matrix.__getitem__(self, key)
        self.entries[k] = self._arr._read(self._key + self._entry(k))
        return self.entries[k]

    def __setitem__(self, key, value):
        k = self._index(key)
        if k is None:
            _matrix.Matrix.__setitem__(self, key, value)   # a row: entry by entry, through here
            return
        at = self._key + self._entry(k)
        self._arr._write(at, value)
        self.entries[k] = self._arr._read(at)


class _CompoundNdarray(_HostNdarray):
    def __getitem__(self, key):
        self._index(_element_key(key) + (0,) * len(self.element_shape))   # checks the key
        return _NdarrayElement._of(self, key)

    def __setitem__(self, key, value):
        key = _element_key(key)
        if isinstance(value, _matrix.Matrix):
            vals = value.entries
        elif isinstance(value, (list, tuple)):
            vals = _matrix.Matrix(value).entries
        else:
            vals = [value] * _prod(self.element_shape)
        if len(vals) != _prod(self.element_shape):
            raise ValueError("%d values for an element of shape %s" % (len(vals), self.element_shape))
        es = self.element_shape
        for k, v in enumerate(vals):
            self._write(key + ((k,) if len(es) == 1 else (k // es[1], k % es[1])), v)


class VectorNdarray(_CompoundNdarray):
    """ti.Vector.ndarray(n, dtype, shape): an ndarray of n-vectors."""

    def __init__(self, n, dtype, shape):
        Ndarray.__init__(self, dtype, shape, (n,))
        self.n = n

    def _copy(self):
        return VectorNdarray(self.n, self.dtype, self.shape)

    def __repr__(self):
        return "<%d Layout.AOS ti.Vector.ndarray>" % self.n


class MatrixNdarray(_CompoundNdarray):
    """ti.Matrix.ndarray(n, m, dtype, shape): an ndarray of n x m matrices."""

    def __init__(self, n, m, dtype, shape):
        Ndarray.__init__(self, dtype, shape, (n, m))
        self.n, self.m = n, m

    def _copy(self):
        return MatrixNdarray(self.n, self.m, self.dtype, self.shape)

    def __repr__(self):
        return "<%dx%d Layout.AOS ti.Matrix.ndarray>" % (self.n, self.m)


def _cook_shape(shape):
    if _is_int(shape) or isinstance(shape, float):
        shape = (shape,)
    if isinstance(shape, (tuple, list)):
        shape = tuple(_ti.lang.np_interop.index(x) for x in shape)
    if not isinstance(shape, (tuple, list)) or not _builtins.all(
            _is_int(x) and 0 < x <= 2 ** 31 - 1 for x in shape):
        raise _ti.TaichiRuntimeError("%s is not a valid shape for ndarray" % (shape,))
    return tuple(shape)


def ndarray(dtype, shape, needs_grad=False):
    """An ndarray of shape elements of dtype: a primitive type (or int / float), or a vector
    or matrix type (ti.types.vector(3, ti.f32), ti.math.vec2, ...)."""
    if _taichi_core.compiling():
        raise _ti.TaichiSyntaxError("ndarrays cannot be created in Taichi scope")
    if not _ti._state.initialized:
        raise _ti.TaichiRuntimeError("Cannont create ndarray, maybe you forgot to call `ti.init()` first?")
    shape = _cook_shape(shape)
    if isinstance(dtype, _matrix.MatrixType):
        dt = dtype.dtype
        x = VectorNdarray(dtype.n, dt, shape) if dtype.ndim == 1 else MatrixNdarray(dtype.n, dtype.m, dt, shape)
    elif isinstance(dtype, _ti._DataType) or dtype in (int, float):
        dt = _ti._dtype_of(dtype)
        if dt is _ti.f16:
            raise _ti.TaichiRuntimeError("f16 is not supported as ndarray element type in tirun")
        x = ScalarNdarray(dt, shape)
    else:
        raise _ti.TaichiRuntimeError("%s is not supported as ndarray element type" % (dtype,))
    if needs_grad:
        if dt._kind != "f":
            raise _ti.TaichiRuntimeError(
                "%s is not supported for ndarray with `needs_grad=True` or `needs_dual=True`." % dt)
        x.grad = ndarray(dtype, shape)
    return x


def _vector_ndarray(n, dtype, shape, needs_grad=False):
    return ndarray(_matrix.vector(n, dtype), shape, needs_grad)


def _matrix_ndarray(n, m, dtype, shape, needs_grad=False):
    return ndarray(_matrix.matrix(n, m, dtype), shape, needs_grad)


_matrix.Vector.ndarray = staticmethod(_vector_ndarray)
_matrix.Matrix.ndarray = staticmethod(_matrix_ndarray)

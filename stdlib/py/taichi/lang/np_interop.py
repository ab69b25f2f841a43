# taichi.lang.np_interop: fields and ndarrays to and from numpy arrays (to_numpy /
# from_numpy, Taichi's shapes and errors), numpy arrays as ndarray kernel arguments
# (the checks of ti.types.ndarray() against them), and the type maps of
# taichi.lang.util. The copies are one _taichi_core call per field (C: a memcpy per
# run of memory); numpy is imported on first use, never by `import taichi`.
import taichi as _ti
from taichi import _taichi_core

_NP_NAMES = {"i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "u8": "uint8", "u16": "uint16",
             "u32": "uint32", "u64": "uint64", "f16": "float16", "f32": "float32", "f64": "float64",
             "u1": "bool_"}


def _np():
    import numpy
    return numpy


def to_numpy_type(dt):
    """The numpy scalar type of a Taichi primitive type (ti.f32 -> np.float32)."""
    name = _NP_NAMES.get(getattr(dt, "_name", None)) if isinstance(dt, _ti._DataType) else None
    if name is None:
        raise AssertionError()
    return getattr(_np(), name)


def to_taichi_type(dt):
    """The Taichi primitive type of a numpy type or dtype (np.float32 -> ti.f32); a
    Taichi type is itself."""
    if isinstance(dt, _ti._DataType):
        return dt
    np = _np()
    for ti_name, np_name in _NP_NAMES.items():
        if dt == getattr(np, np_name):
            return getattr(_ti, ti_name)
    raise AssertionError("Unknown type %s" % (dt,))


def index(x):
    """x as a Python int when it is a numpy integer (which Taichi takes wherever it
    takes an int: indices, shapes, ndrange bounds), else x itself."""
    np = _ti._sys.modules.get("numpy")
    return int(x) if np is not None and isinstance(x, np.integer) else x


def index_key(key):
    """A field's key with numpy integers as ints; Taichi's TypeError for anything else."""
    key = tuple(index(x) for x in key)
    for x in key:
        if not isinstance(x, int):
            raise TypeError("Detected illegal element of type: %s. Please be aware that slicing a ti.field"
                            " is not supported so far." % type(x))
    return key


def _is_numpy_type(dt):
    """Whether dt names a numpy type (np.float32, np.dtype('f4')), which ti.field and
    friends take as Taichi takes them."""
    np = _np()
    return isinstance(dt, np.dtype) or (isinstance(dt, type) and issubclass(dt, np.generic))


def _result_dtype(dtype, field_dtype):
    if dtype is None:
        return to_numpy_type(field_dtype)
    return to_numpy_type(dtype) if isinstance(dtype, _ti._DataType) else dtype


def _check_array(arr):
    """from_numpy's argument: Taichi reads arr.flags first, which only arrays have."""
    np = _np()
    if not isinstance(arr, np.ndarray):
        raise AttributeError("'%s' object has no attribute 'flags'" % type(arr).__name__)


# ---- fields ------------------------------------------------------------------------------------

def scalar_to_numpy(f, dtype=None):
    arr = _np().empty(f.shape, dtype=_result_dtype(dtype, f.dtype))
    _taichi_core.field_numpy([f._place_id()], arr, False)
    return arr


def scalar_from_numpy(f, arr):
    _check_array(arr)
    shape = tuple(arr.shape)
    if len(f.shape) != len(shape) or f.shape != shape:
        raise ValueError("ti.field shape %s does not match the numpy array shape %s" % (f.shape, shape))
    _taichi_core.field_numpy([f._place_id()], arr, True)


def matrix_to_numpy(f, keep_dims=False, dtype=None):
    as_vector = f.m == 1 and not keep_dims
    shape_ext = (f.n,) if as_vector else (f.n, f.m)
    arr = _np().empty(f.shape + shape_ext, dtype=_result_dtype(dtype, f.dtype))
    _taichi_core.field_numpy([e._place_id() for e in f._fields], arr, False)
    return arr


def matrix_from_numpy(f, arr):
    _check_array(arr)
    shape = tuple(arr.shape)
    nd = len(f.shape)
    if len(shape) == nd + 1:
        assert f.m == 1, "This is not a vector field"
    else:
        assert len(shape) == nd + 2
    # Taichi reads each element's entries in row-major order whatever the element
    # dimensions, so a vector field takes (..., n), (..., n, 1) and (..., 1, n)
    entries = 1
    for x in shape[nd:]:
        entries *= x
    if shape[:nd] != f.shape or entries != f.n * f.m:
        want = f.shape + ((f.n,) if len(shape) == nd + 1 else (f.n, f.m))
        raise ValueError("ti.Matrix.field shape %s does not match the numpy array shape %s" % (want, shape))
    _taichi_core.field_numpy([e._place_id() for e in f._fields], arr, True)


def struct_to_numpy(f):
    return {k: v.to_numpy() for k, v in f._items}


def struct_from_numpy(f, array_dict):
    for k, v in f._items:
        v.from_numpy(array_dict[k])


# ---- ndarrays ----------------------------------------------------------------------------------

def ndarray_to_numpy(a):
    arr = _np().empty(tuple(a.shape) + tuple(a.element_shape), dtype=to_numpy_type(a.dtype))
    _taichi_core.ndarray_numpy(a._buf, a.dtype._name, arr, False)
    return arr


def ndarray_from_numpy(a, arr):
    np = _np()
    if not isinstance(arr, np.ndarray):
        raise TypeError("%s expected, but %s provided" % (np.ndarray, type(arr)))
    total = tuple(a.shape) + tuple(a.element_shape)
    if total != tuple(arr.shape):
        raise ValueError("Mismatch shape: %s expected, but %s provided"
                         % (total if a.element_shape else tuple(a.shape), tuple(arr.shape)))
    _taichi_core.ndarray_numpy(a._buf, a.dtype._name, arr, True)


# ---- numpy arrays as ndarray kernel arguments ---------------------------------------------------

def check_arg(anno, arr, name):
    """Taichi's error when numpy array arr does not fit ti.types.ndarray() annotation
    anno (parameter name); the launch passes its memory, no copy."""
    from taichi.lang import matrix as _matrix
    shape = tuple(arr.shape)
    dtype = to_taichi_type(arr.dtype)
    want = anno.dtype
    if isinstance(want, _matrix.MatrixType):
        if anno.ndim is not None:
            if len(shape) != want.ndim + anno.ndim:
                raise ValueError("Invalid value for argument %s - required array has ndim=%d element_dim=%d, "
                                 "array with %d dimensions is provided" % (name, anno.ndim, want.ndim, len(shape)))
        elif len(shape) < want.ndim:
            raise ValueError("Invalid value for argument %s - required element_dim=%d, array with %d dimensions "
                             "is provided" % (name, want.ndim, len(shape)))
        element_shape = shape[-want.ndim:]
        want_shape = (want.n,) if want.ndim == 1 else (want.n, want.m)
        if element_shape != want_shape:
            raise ValueError("Invalid value for argument %s - required element_shape=%s, array with element "
                             "shape of %s is provided" % (name, want_shape, element_shape))
    elif want is not None:
        want = want if isinstance(want, _ti._DataType) else _ti._dtype_of(want)
        if want is not dtype:
            raise ValueError("Invalid value for argument %s - required array has dtype=%s, array with dtype=%s "
                             "is provided" % (name, want, dtype))
        if anno.ndim is not None and len(shape) != anno.ndim:
            raise ValueError("Invalid value for argument %s - required array has ndim=%d, array with %d "
                             "dimensions is provided" % (name, anno.ndim, len(shape)))

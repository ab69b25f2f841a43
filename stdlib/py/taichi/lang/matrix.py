# Vectors and matrices (ti.Vector, ti.Matrix, ti.types.vector / matrix, ti.math.vecN)
# and their fields, written over scalars: a matrix is its entries, Python numbers
# or Taichi values (Expr), and every operation works entry by entry through the
# scalars' own operators, so in a kernel it builds IR and in Python scope it
# computes. In a kernel a matrix variable's entries are Taichi variables, and
# assigning to an entry (or to the whole matrix) stores into them.
import taichi as _ti
from taichi import _taichi_core

_builtins = _ti._builtins


def _is_expr(x):
    return isinstance(x, _ti.Expr)


def _compiling():
    return _taichi_core.compiling()


def _typed(e, dt):
    """An entry as a value of type dt. In a kernel, a cast even of a Python
    number (which would otherwise become a variable of the default type); in
    Python scope, the value an element of dt holds (Taichi keeps the entries
    in a numpy array of dt: f32 rounds, integers truncate)."""
    if _is_expr(e) or _compiling():
        return _taichi_core.builtin("cast", e, dt)
    return _taichi_core.convert(dt._name, e)


def _taichi_scope(name):
    if not _compiling():
        raise AssertionError("%s cannot be called in Python-scope" % name)


class Matrix:
    """An n x m matrix (m == 1 and ndim == 1: a vector) of scalars."""
    __slots__ = ("n", "m", "ndim", "entries")

    def __init__(self, arr, dt=None, ndim=None):
        if isinstance(arr, Matrix):
            arr = arr.to_list()
        if not isinstance(arr, (list, tuple)):
            raise _ti.TaichiTypeError("ti.Matrix needs a list, got %s" % type(arr).__name__)
        if len(arr) and isinstance(arr[0], (list, tuple, Matrix)):
            rows = [list(r.entries) if isinstance(r, Matrix) else list(r) for r in arr]
            self.n, self.m, self.ndim = len(rows), len(rows[0]), 2
            if any(len(r) != self.m for r in rows):
                raise _ti.TaichiSyntaxError("Matrix rows must have the same length")
            self.entries = [e for r in rows for e in r]
        else:
            self.n, self.m, self.ndim = len(arr), 1, 1
            self.entries = list(arr)
        if ndim is not None:
            self.ndim = ndim
        if dt is not None:
            dt = _ti._dtype_of(dt)
            self.entries = [_typed(e, dt) for e in self.entries]

    @classmethod
    def _make(cls, n, m, ndim, entries):
        r = cls.__new__(cls)
        r.n, r.m, r.ndim, r.entries = n, m, ndim, list(entries)
        return r

    def _like(self, entries):
        return Matrix._make(self.n, self.m, self.ndim, entries)

    # ---- element access
    def _index(self, key):
        if not isinstance(key, tuple):
            key = (key,)
        if any(_is_expr(k) for k in key):
            raise _ti.TaichiSyntaxError("Matrices can only be indexed by compile-time constants in tirun")
        if self.ndim == 1:
            if len(key) != 1:
                raise _ti.TaichiSyntaxError("A vector takes one index")
            i = key[0]
            if i < 0:
                i += self.n
            if not 0 <= i < self.n:
                raise IndexError("vector index out of range")
            return i
        if len(key) == 1:
            return None
        i, j = key
        if not (0 <= i < self.n and 0 <= j < self.m):
            raise IndexError("matrix index out of range")
        return i * self.m + j

    def __getitem__(self, key):
        k = self._index(key)
        if k is None:
            i = key[0] if isinstance(key, tuple) else key
            return Matrix._make(self.m, 1, 1, self.entries[i * self.m:(i + 1) * self.m])
        return self.entries[k]

    def __setitem__(self, key, value):
        k = self._index(key)
        if k is None:
            i = key[0] if isinstance(key, tuple) else key
            for j in range(self.m):
                self[i, j] = value[j]
            return
        e = self.entries[k]
        if not (_is_expr(e) and _taichi_core.builtin("assign", e, value)):
            self.entries[k] = value

    def __len__(self):
        return self.n

    def __iter__(self):
        if self.ndim == 1:
            return iter(self.entries)
        return iter([self[i] for i in range(self.n)])

    def _ti_key(self):
        return tuple(self.entries)

    def _ti_expr_init(self):
        return self._like([_taichi_core.builtin("expr_init", e) for e in self.entries])

    def _ti_assign(self, other):
        other = _as_matrix(other, self)
        for k in range(len(self.entries)):
            e = self.entries[k]
            if not (_is_expr(e) and _taichi_core.builtin("assign", e, other.entries[k])):
                self.entries[k] = other.entries[k]
        return self

    def _ti_augassign(self, atomic, value):
        """`self op= value` in a kernel for the operators Taichi makes atomic
        (atomic: "atomic_add", ...): the atomic on each entry, a field element
        (vf[I] += v) or a variable, as Taichi's Matrix.__iadd__ does. False for
        a matrix of Python values: the caller computes and assigns."""
        if not _builtins.all(_is_expr(e) for e in self.entries):
            return False
        self._map2(value, lambda e, v: _taichi_core.builtin(atomic, e, v))
        return True

    def _ti_print_items(self):
        if self.ndim == 1:
            return list(self.entries)
        return [self.entries[i * self.m:(i + 1) * self.m] for i in range(self.n)]

    def to_list(self):
        return self._ti_print_items()

    def to_numpy(self):
        raise ImportError("Matrix.to_numpy() needs numpy, which tirun does not have")

    # ---- shape helpers
    def get_shape(self):
        return (self.n,) if self.ndim == 1 else (self.n, self.m)

    @property
    def x(self):
        return self.entries[0]

    @property
    def y(self):
        return self.entries[1]

    @property
    def z(self):
        return self.entries[2]

    @property
    def w(self):
        return self.entries[3]

    # ---- arithmetic, entry by entry
    def _map2(self, other, f, reflected=False):
        o = _as_matrix(other, self)
        if o.n != self.n or o.m != self.m:
            raise _ti.TaichiTypeError("Dimension mismatch between shapes (%d, %d), (%d, %d)" % (self.n, self.m, o.n, o.m))
        if reflected:
            return self._like([f(b, a) for a, b in zip(self.entries, o.entries)])
        return self._like([f(a, b) for a, b in zip(self.entries, o.entries)])

    def __add__(self, o): return self._map2(o, lambda a, b: a + b)
    def __radd__(self, o): return self._map2(o, lambda a, b: a + b, True)
    def __sub__(self, o): return self._map2(o, lambda a, b: a - b)
    def __rsub__(self, o): return self._map2(o, lambda a, b: a - b, True)
    def __mul__(self, o): return self._map2(o, lambda a, b: a * b)
    def __rmul__(self, o): return self._map2(o, lambda a, b: a * b, True)
    def __truediv__(self, o): return self._map2(o, lambda a, b: a / b)
    def __rtruediv__(self, o): return self._map2(o, lambda a, b: a / b, True)
    def __floordiv__(self, o): return self._map2(o, lambda a, b: a // b)
    def __rfloordiv__(self, o): return self._map2(o, lambda a, b: a // b, True)
    def __mod__(self, o): return self._map2(o, lambda a, b: a % b)
    def __rmod__(self, o): return self._map2(o, lambda a, b: a % b, True)
    def __pow__(self, o): return self._map2(o, lambda a, b: a ** b)
    def __rpow__(self, o): return self._map2(o, lambda a, b: a ** b, True)
    def __and__(self, o): return self._map2(o, lambda a, b: a & b)
    def __rand__(self, o): return self._map2(o, lambda a, b: a & b, True)
    def __or__(self, o): return self._map2(o, lambda a, b: a | b)
    def __ror__(self, o): return self._map2(o, lambda a, b: a | b, True)
    def __xor__(self, o): return self._map2(o, lambda a, b: a ^ b)
    def __rxor__(self, o): return self._map2(o, lambda a, b: a ^ b, True)
    def __lshift__(self, o): return self._map2(o, lambda a, b: a << b)
    def __rshift__(self, o): return self._map2(o, lambda a, b: a >> b)
    def __lt__(self, o): return self._map2(o, lambda a, b: _cmp_int(a < b))
    def __le__(self, o): return self._map2(o, lambda a, b: _cmp_int(a <= b))
    def __gt__(self, o): return self._map2(o, lambda a, b: _cmp_int(a > b))
    def __ge__(self, o): return self._map2(o, lambda a, b: _cmp_int(a >= b))
    def __eq__(self, o): return self._map2(o, lambda a, b: _cmp_int(a == b))
    def __ne__(self, o): return self._map2(o, lambda a, b: _cmp_int(a != b))
    def __neg__(self): return self._like([-e for e in self.entries])
    def __pos__(self): return self
    def __invert__(self): return self._like([~e for e in self.entries])
    def __abs__(self): return self._like([abs(e) for e in self.entries])

    __hash__ = None

    def __bool__(self):
        raise _ti.TaichiSyntaxError("The truth value of a matrix is ambiguous: use .any() or .all()")

    def __matmul__(self, o):
        if not isinstance(o, Matrix):
            raise _ti.TaichiTypeError("@ needs two matrices")
        if self.m != o.n:
            raise _ti.TaichiTypeError("Dimension mismatch between shapes (%d, %d), (%d, %d)" % (self.n, self.m, o.n, o.m))
        out = []
        for i in range(self.n):
            for j in range(o.m):
                s = self.entries[i * self.m] * o.entries[j]
                for k in range(1, self.m):
                    s = s + self.entries[i * self.m + k] * o.entries[k * o.m + j]
                out.append(s)
        return Matrix._make(self.n, o.m, 1 if o.ndim == 1 and o.m == 1 else 2, out)

    # ---- reductions and linear algebra
    def sum(self):
        s = self.entries[0]
        for e in self.entries[1:]:
            s = s + e
        return s

    def max(self):
        s = self.entries[0]
        for e in self.entries[1:]:
            s = _ti.max(s, e)
        return s

    def min(self):
        s = self.entries[0]
        for e in self.entries[1:]:
            s = _ti.min(s, e)
        return s

    def any(self):
        s = _cmp_int(self.entries[0] != 0)
        for e in self.entries[1:]:
            s = s | _cmp_int(e != 0)
        return s

    def all(self):
        s = _cmp_int(self.entries[0] != 0)
        for e in self.entries[1:]:
            s = s & _cmp_int(e != 0)
        return s

    def dot(self, o):
        return (self * o).sum()

    def norm_sqr(self):
        return (self * self).sum()

    def norm(self, eps=0):
        return _ti.sqrt(self.norm_sqr() + eps)

    def normalized(self, eps=0):
        return self / self.norm(eps)

    def cross(self, o):
        a, b = self.entries, o.entries
        if self.n == 2:
            return a[0] * b[1] - a[1] * b[0]
        return Matrix([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]])

    def transpose(self):
        if self.ndim == 1:
            return Matrix._make(1, self.n, 2, self.entries)
        return Matrix._make(self.m, self.n, 2, [self.entries[i * self.m + j] for j in range(self.m) for i in range(self.n)])

    def trace(self):
        return _builtins.sum([self.entries[i * self.m + i] for i in range(_builtins.min(self.n, self.m))][1:],
                             self.entries[0])

    def norm_inv(self, eps=0):
        return _ti.rsqrt(self.norm_sqr() + eps)

    def outer_product(self, o):
        return Matrix([[a * b for b in o.entries] for a in self.entries])

    def determinant(self):
        _taichi_scope("determinant")
        from taichi.lang import linalg
        return linalg.determinant(self)

    def inverse(self):
        from taichi.lang import linalg
        return linalg.inverse(self)

    def cast(self, dt):
        return self._like([_ti.cast(e, dt) for e in self.entries])

    def fill(self, v):
        for k in range(len(self.entries)):
            self.entries[k] = v

    def __repr__(self):
        if _builtins.any(_is_expr(e) for e in self.entries):
            return "<ti.Matrix %dx%d of Taichi values>" % (self.n, self.m)
        return str(self.to_list())

    def __str__(self):
        return self.__repr__()

    # ---- constructors
    @staticmethod
    def field(n, m, dtype, shape=None, order=None, name="", offset=None, needs_grad=False, ndim=None):
        return MatrixField(n, m, dtype, shape, 2 if ndim is None else ndim, offset, name)

    # Taichi-scope only, as in Taichi; float / int as dt mean default_fp / default_ip
    @staticmethod
    def zero(dt, n, m=None):
        _taichi_scope("zero")
        if m is None:
            return Matrix([0] * n, dt)
        return Matrix([[0] * m for _ in range(n)], dt)

    @staticmethod
    def identity(dt, n):
        _taichi_scope("identity")
        return Matrix([[1 if i == j else 0 for j in range(n)] for i in range(n)], dt)

    @staticmethod
    def unit(n, i, dt=None):
        _taichi_scope("unit")
        assert 0 <= i < n
        return Matrix([1 if k == i else 0 for k in range(n)], int if dt is None else dt)

    @staticmethod
    def diag(dim, val):
        return Matrix([[val if i == j else 0 for j in range(dim)] for i in range(dim)])

    @staticmethod
    def rows(rows):
        return Matrix([list(r) for r in rows])

    @staticmethod
    def cols(cols):
        return Matrix.rows(cols).transpose()

    @staticmethod
    def one(dt, n, m=None):
        _taichi_scope("one")
        if m is None:
            return Matrix([1] * n, dt)
        return Matrix([[1] * m for _ in range(n)], dt)


def _cmp_int(x):
    """Comparisons of Python numbers give bools; Taichi's give i32 0 / 1."""
    return int(x) if isinstance(x, bool) else x


def _as_matrix(x, like):
    if isinstance(x, Matrix):
        return x
    if isinstance(x, (list, tuple)):
        return Matrix(x)
    return like._like([x] * len(like.entries))


class Vector(Matrix):
    """ti.Vector([...]): a 1-D matrix."""
    __slots__ = ()

    def __new__(cls, arr=None, dt=None, **kwargs):
        return Matrix(list(arr), dt)

    @staticmethod
    def field(n, dtype, shape=None, order=None, name="", offset=None, needs_grad=False, ndim=None):
        return MatrixField(n, 1, dtype, shape, 1, offset, name)


class MatrixType:
    """ti.types.vector(n, dtype) / matrix(n, m, dtype): a constructor and a field dtype."""

    def __init__(self, n, m, ndim, dtype):
        # dtype: a DataType, or for ti.math's types a function naming the
        # current default type (Taichi resolves those when they are used)
        self.n, self.m, self.ndim, self._dtype = n, m, ndim, dtype

    @property
    def dtype(self):
        d = self._dtype
        return d if isinstance(d, _ti.DataType) else d()

    def __call__(self, *args):
        if len(args) == 1 and isinstance(args[0], (list, tuple, Matrix)):
            vals = args[0].entries if isinstance(args[0], Matrix) else list(args[0])
        elif len(args) == 1:
            vals = [args[0]] * (self.n * self.m)
        else:
            vals = list(args)
        flat = []
        for v in vals:
            flat.extend(v.entries if isinstance(v, Matrix) else (v if isinstance(v, (list, tuple)) else [v]))
        if len(flat) != self.n * self.m:
            raise _ti.TaichiSyntaxError("%d values given for a %dx%d matrix" % (len(flat), self.n, self.m))
        dt = self.dtype
        flat = [_typed(v, dt) for v in flat]
        return Matrix._make(self.n, self.m, self.ndim, flat)

    def field(self, shape=None, **kwargs):
        return MatrixField(self.n, self.m, self.dtype, shape, self.ndim, kwargs.get("offset"), kwargs.get("name", ""))

    def __repr__(self):
        if self.ndim == 1:
            return "VectorType[%d, %s]" % (self.n, self.dtype)
        return "MatrixType[%d, %d, %s]" % (self.n, self.m, self.dtype)


def vector(n, dtype):
    return MatrixType(n, 1, 1, _ti._dtype_of(dtype))


def matrix(n, m, dtype):
    return MatrixType(n, m, 2, _ti._dtype_of(dtype))


class MatrixField(_ti.Field):
    """A field of n x m matrices: one scalar field per entry (struct of arrays)."""

    def __init__(self, n, m, dtype, shape, ndim, offset, name):
        self.n, self.m, self.ndim = n, m, ndim
        self._dtype = _ti._dtype_of(dtype)
        self._fields = [_ti.field(self._dtype, shape=shape, offset=offset, name=name) for _ in range(n * m)]
        self._offset = self._fields[0]._offset

    @property
    def dtype(self):
        return self._dtype

    @property
    def shape(self):
        return self._fields[0].shape

    @property
    def _loop_field(self):
        return self._fields[0]

    def _place_fields(self):
        return self._fields

    def get_scalar_field(self, *idx):
        return self._fields[idx[0] * self.m + (idx[1] if len(idx) > 1 else 0)]

    @property
    def snode(self):
        # the place of entry 0, as Taichi's; every entry has the same shape
        return self._fields[0].snode

    def parent(self, n=1):
        return self._fields[0].parent(n)

    @property
    def _name(self):
        return self._fields[0]._name

    def __getitem__(self, key):
        if _compiling():
            entries = [_taichi_core.builtin("field_ptr", f, key) for f in self._fields]
            return Matrix._make(self.n, self.m, self.ndim, entries)
        return _FieldElement._of(self, key)

    def __setitem__(self, key, value):
        value = _as_matrix(value, Matrix._make(self.n, self.m, self.ndim, [0] * (self.n * self.m)))
        if _compiling():
            for f, v in zip(self._fields, value.entries):
                _taichi_core.builtin("field_store", f, key, v)
        else:
            for f, v in zip(self._fields, value.entries):
                f[key] = v

    def fill(self, val):
        if isinstance(val, Matrix):
            vals = val.entries
        elif isinstance(val, (list, tuple)):
            vals = Matrix(val).entries
        else:
            vals = [val] * len(self._fields)
        if _compiling() or _builtins.any(_is_expr(v) for v in vals):
            for f, v in zip(self._fields, vals):
                f.fill(v)
            return
        # one kernel for the whole field, its value a template argument as in
        # Taichi (a tuple of rows: equal values share the compiled kernel)
        from taichi._kernels import field_fill_python_scope
        rows = [tuple(vals[i * self.m:(i + 1) * self.m]) for i in range(self.n)]
        field_fill_python_scope(self, tuple(rows) if self.ndim == 2 else tuple(vals))

    def __repr__(self):
        return "<ti.Matrix.field>"


class _FieldElement(Matrix):
    """field[I] in Python scope: the element's entries, read when it was
    taken, whose entries read and write the field itself (Taichi's host
    accessors), so field[I][j] = x and field[I][i, j] = x store into it."""
    __slots__ = ("_field", "_key")

    @classmethod
    def _of(cls, field, key):
        r = cls.__new__(cls)
        r.n, r.m, r.ndim = field.n, field.m, field.ndim
        r.entries = [f[key] for f in field._fields]
        r._field, r._key = field, key
        return r

    def __getitem__(self, key):
        k = self._index(key)
        if k is None:
            return Matrix.__getitem__(self, key)
        self.entries[k] = self._field._fields[k][self._key]
        return self.entries[k]

    def __setitem__(self, key, value):
        k = self._index(key)
        if k is None:
            Matrix.__setitem__(self, key, value)   # a row: entry by entry, through here
            return
        f = self._field._fields[k]
        f[self._key] = value
        self.entries[k] = f[self._key]


# ti.math's types follow ti.init's default_fp / default_ip when used, as
# Taichi's do (its default_up is u32 with default_ip i32, else u64)
def _default_fp():
    return _ti._dtype_of(float)


def _default_ip():
    return _ti._dtype_of(int)


def _default_up():
    return _ti.u32 if _default_ip() is _ti.i32 else _ti.u64


vec2 = MatrixType(2, 1, 1, _default_fp)
vec3 = MatrixType(3, 1, 1, _default_fp)
vec4 = MatrixType(4, 1, 1, _default_fp)
ivec2 = MatrixType(2, 1, 1, _default_ip)
ivec3 = MatrixType(3, 1, 1, _default_ip)
ivec4 = MatrixType(4, 1, 1, _default_ip)
uvec2 = MatrixType(2, 1, 1, _default_up)
uvec3 = MatrixType(3, 1, 1, _default_up)
uvec4 = MatrixType(4, 1, 1, _default_up)
mat2 = MatrixType(2, 2, 2, _default_fp)
mat3 = MatrixType(3, 3, 2, _default_fp)
mat4 = MatrixType(4, 4, 2, _default_fp)


def _generate_swizzle_patterns(key_group, required_length=4):
    """Every swizzle of 1 to required_length letters of key_group ('xyzw'):
    'x', ..., 'wwww', shortest first (Taichi's test_api lists them so)."""
    import itertools
    return ["".join(p) for n in range(1, required_length + 1) for p in itertools.product(key_group, repeat=n)]

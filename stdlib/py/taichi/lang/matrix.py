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
    return isinstance(x, _ti._Expr)


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


def _is_np_array(x):
    np = _ti._sys.modules.get("numpy")
    return np is not None and isinstance(x, np.ndarray)


def _taichi_scope(name):
    if not _compiling():
        raise AssertionError("%s cannot be called in Python-scope" % name)


class Matrix:
    """An n x m matrix (m == 1 and ndim == 1: a vector) of scalars."""
    # no __slots__: n, m, ndim and entries are instance attributes, as in Taichi (dir(ti.Matrix))

    def __init__(self, arr, dt=None, ndim=None):
        if isinstance(arr, Matrix):
            arr = arr.to_list()
        if _is_np_array(arr):
            # Taichi keeps the entries in the array: its dtype prints them
            if dt is None:
                self._np_dtype = arr.dtype
            arr = arr.tolist()
        if not isinstance(arr, (list, tuple)):
            raise _ti.TaichiTypeError("ti.Matrix needs a list, got %s" % type(arr).__name__)
        if len(arr) and (isinstance(arr[0], (list, tuple, Matrix)) or _is_np_array(arr[0])):
            rows = [list(r.entries) if isinstance(r, Matrix) else r.tolist() if _is_np_array(r) else list(r)
                    for r in arr]
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
            self._np_dtype = dt

    @classmethod
    def _make(cls, n, m, ndim, entries):
        r = cls.__new__(cls)
        r.n, r.m, r.ndim, r.entries = n, m, ndim, list(entries)
        return r

    def _like(self, entries):
        return Matrix._make(self.n, self.m, self.ndim, entries)

    # ---- element access
    def _index_count(self, keys):
        if len(keys) != self.ndim:
            msg = "Expected %d indices, got %d" % (self.ndim, len(keys))
            raise _ti._TaichiIndexError(msg + ".") if _compiling() else AssertionError(msg)

    def _index(self, key):
        if not isinstance(key, tuple):
            key = (key,)
        self._index_count(key)
        if self.ndim == 1:
            i = key[0]
            if i < 0:
                i += self.n
            if not 0 <= i < self.n:
                raise IndexError("vector index out of range")
            return i
        i, j = key
        if not (0 <= i < self.n and 0 <= j < self.m):
            raise IndexError("matrix index out of range")
        return i * self.m + j

    def _cells(self, key):
        """The entries key names: (flat positions, shape of the result) when
        it has a slice (shape None: one entry) or a Taichi value (a runtime
        index: each position then a list of (condition, position)); None for
        constant indices, which _index takes."""
        keys = key if isinstance(key, tuple) else (key,)
        has_slice = dynamic = False
        for k in keys:
            if isinstance(k, slice):
                has_slice = True
            elif _is_expr(k):
                dynamic = True
        if not has_slice and not dynamic:
            return None
        dims = (self.n,) if self.ndim == 1 else (self.n, self.m)
        self._index_count(keys)
        if not has_slice and _ti._cfg is not None and _ti._cfg.debug:
            # debug mode checks a runtime index, flattened as Taichi does
            flat = keys[0] * self.m + keys[1] if self.ndim == 2 else keys[0]
            _taichi_core.builtin("check_index", flat, len(self.entries))
        axes, shape = [], []
        for k, d in zip(keys, dims):
            if isinstance(k, slice):
                for b in (k.start, k.stop, k.step):
                    if b is not None and not isinstance(b, int):
                        raise _ti.TaichiCompilationError(
                            "Taichi does not support variables in slice now, please use constant instead of it.")
                axes.append([(None, i) for i in range(d)[k]])
                shape.append(len(axes[-1]))
            elif _is_expr(k):
                axes.append([(k, None)])
            else:
                i = k + d if k < 0 else k
                if not 0 <= i < d:
                    raise IndexError("matrix index out of range")
                axes.append([(None, i)])
        cells = []
        for ra, ri in axes[0]:
            for ca, ci in (axes[1] if len(axes) > 1 else [(None, 0)]):
                rows = [(None, ri)] if ra is None else [(ra == r, r) for r in range(dims[0])]
                cols = [(None, ci)] if ca is None else [(ca == c, c) for c in range(dims[1])]
                conds = []
                for rc, r in rows:
                    for cc, c in cols:
                        cond = rc if cc is None else (cc if rc is None else rc & cc)
                        conds.append((cond, r * self.m + c if self.ndim == 2 else r))
                cells.append(conds)
        return cells, shape

    def _read(self, conds):
        if len(conds) == 1:
            return self.entries[conds[0][1]]
        r = self.entries[conds[-1][1]]
        for cond, k in reversed(conds[:-1]):
            r = _taichi_core.builtin("select", cond, self.entries[k], r)
        return r

    def _constant_index(self, key):
        """The flat position of a constant in-range index (the common case,
        kept fast: kernels index matrices everywhere), else None."""
        c = key.__class__
        if c is int:
            if self.ndim == 1 and 0 <= key < self.n:
                return key
        elif c is tuple and len(key) == 2 and self.ndim == 2:
            i, j = key
            if i.__class__ is int and j.__class__ is int and 0 <= i < self.n and 0 <= j < self.m:
                return i * self.m + j
        return None

    def __getitem__(self, key):
        k = self._constant_index(key)
        if k is not None:
            return self.entries[k]
        cells = self._cells(key)
        if cells is not None:
            cells, shape = cells
            vals = [self._read(c) for c in cells]
            if not shape:
                return vals[0]
            if len(shape) == 1:
                return Matrix._make(shape[0], 1, 1, vals)
            return Matrix._make(shape[0], shape[1], 2, vals)
        return self.entries[self._index(key)]

    def _store(self, k, value):
        e = self.entries[k]
        if not (_is_expr(e) and _taichi_core.builtin("assign", e, value)):
            self.entries[k] = value

    def __setitem__(self, key, value):
        k = self._constant_index(key)
        if k is not None:
            self._store(k, value)
            return
        cells = self._cells(key)
        if cells is not None:
            cells, shape = cells
            vals = _loaded(value.entries if isinstance(value, Matrix) else
                           (list(value) if isinstance(value, (list, tuple)) else [value] * len(cells)))
            if len(vals) != len(cells):
                raise _ti.TaichiSyntaxError("%d values given for %d matrix entries" % (len(vals), len(cells)))
            for conds, v in zip(cells, vals):
                if len(conds) == 1:
                    self._store(conds[0][1], v)
                    continue
                for cond, k in conds:
                    # a store under `if` where the entry is a variable: other
                    # entries are not rewritten (parallel iterations may own them)
                    e = self.entries[k]
                    if not (_is_expr(e) and _taichi_core.builtin("store_if", cond, e, v)):
                        self._store(k, _taichi_core.builtin("select", cond, v, e))
            return
        self._store(self._index(key), value)

    def __len__(self):
        return self.n

    def __iter__(self):
        if self.ndim == 1:
            return iter(self.entries)
        return iter(self._rows())

    def _ti_key(self):
        return tuple(self.entries)

    def _ti_expr_init(self):
        return self._like([_taichi_core.builtin("expr_init", e) for e in self.entries])

    def _ti_assign(self, other):
        other = _as_matrix(other, self)
        if len(other.entries) != len(self.entries):
            raise _ti.TaichiTypeError("Dimension mismatch between shapes (%d, %d), (%d, %d)" %
                                      (self.n, self.m, other.n, other.m))
        vals = _loaded(other.entries)
        for k in range(len(self.entries)):
            self._store(k, vals[k])
        return self

    def _ti_augassign(self, atomic, value):
        """`self op= value` in a kernel for the operators Taichi makes atomic
        (atomic: "atomic_add", ...): the atomic on each entry, a field element
        (vf[I] += v) or a variable, as Taichi's Matrix.__iadd__ does. False for
        a matrix of Python values: the caller computes and assigns."""
        if not _builtins.all(_is_expr(e) for e in self.entries):
            return False
        if isinstance(value, (list, tuple)):
            value = Matrix(value)
        if isinstance(value, Matrix):
            value = value._like(_loaded(value.entries))
        self._map2(value, lambda e, v: _taichi_core.builtin(atomic, e, v))
        return True

    def _ti_print_items(self):
        if self.ndim == 1:
            return list(self.entries)
        return [self.entries[i * self.m:(i + 1) * self.m] for i in range(self.n)]

    def to_list(self):
        return self._ti_print_items()

    def to_numpy(self):
        """The entries as a numpy array (of the dtype the matrix was made with)."""
        np = _ti.lang.np_interop._np()
        dt = getattr(self, "_np_dtype", None)
        if isinstance(dt, _ti._DataType):
            dt = _ti.lang.np_interop.to_numpy_type(dt)
        return np.array(self.to_list(), dtype=dt)

    # ---- shape helpers
    def get_shape(self):
        return (self.n,) if self.ndim == 1 else (self.n, self.m)

    # swizzles (v.xy, v.bgr, v.xxz): a property for each pattern (below)
    def _swizzle(self, name):
        for group in _SWIZZLE_GROUPS:
            if _builtins.all(c in group for c in name):
                idx = [group.index(c) for c in name]
                if self.ndim != 1 or _builtins.max(idx) >= self.n:
                    raise _ti.TaichiSyntaxError("vec%d only has attributes=%s, got=%s" %
                                                (self.n, tuple(group[:self.n]), tuple(name)))
                return idx
        return None

    def _swizzle_set(self, name, value):
        idx = self._swizzle(name)
        if len(idx) == 1:
            self[idx[0]] = value
            return
        vals = value.entries if isinstance(value, Matrix) else list(value)
        if len(vals) != len(idx):
            raise _ti.TaichiRuntimeError("value len does not match the swizzle pattern=%s" % name)
        for i, v in zip(idx, _loaded(vals)):
            self[i] = v

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
    def __rlshift__(self, o): return self._map2(o, lambda a, b: a << b, True)
    def __rshift__(self, o): return self._map2(o, lambda a, b: a >> b)
    def __rrshift__(self, o): return self._map2(o, lambda a, b: a >> b, True)
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
        if self.ndim == 1 and o.ndim == 1:
            if self.n != o.n:
                raise _ti.TaichiTypeError("Dimension mismatch between shapes (%d,), (%d,)" % (self.n, o.n))
            return self.dot(o)
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
            raise _ti.TaichiCompilationError(
                "`transpose()` cannot apply to a vector. If you want something like `a @ b.transpose()`, "
                "write `a.outer_product(b)` instead.")
        return Matrix._make(self.m, self.n, 2, [self.entries[i * self.m + j] for j in range(self.m) for i in range(self.n)])

    def trace(self):
        return _builtins.sum([self.entries[i * self.m + i] for i in range(_builtins.min(self.n, self.m))][1:],
                             self.entries[0])

    def determinant(self):
        _taichi_scope("determinant")
        from taichi.lang import linalg
        return linalg.determinant(self)

    def inverse(self):
        from taichi.lang import linalg
        return linalg.inverse(self)

    def cast(self, dt):
        return self._like([_ti.cast(e, dt) for e in self.entries])

    def outer_product(self, o):
        if self.ndim != 1 or not isinstance(o, Matrix) or o.ndim != 1:
            raise _ti.TaichiTypeError("outer_product takes two vectors")
        return Matrix._make(self.n, o.n, 2, [a * b for a in self.entries for b in o.entries])

    def _rows(self):
        return [self.entries[i * self.m:(i + 1) * self.m] for i in range(self.n)]

    def norm_inv(self, eps=0):
        return _ti.rsqrt(self.norm_sqr() + eps)

    @staticmethod
    def rows(rows):
        return Matrix([list(r.entries) if isinstance(r, Matrix) else list(r) for r in rows])

    @staticmethod
    def cols(cols):
        return Matrix.rows(cols).transpose()

    @staticmethod
    def diag(dim, val):
        return Matrix([[val if i == j else 0 for j in range(dim)] for i in range(dim)])

    def fill(self, v):
        # in a kernel, entries that are variables or field elements are stored
        # into (x[i].fill(1.0) writes the field), as __setitem__ does
        for k in range(len(self.entries)):
            self._store(k, v)

    def __repr__(self):
        if _builtins.any(_is_expr(e) for e in self.entries):
            return "<ti.Matrix %dx%d of Taichi values>" % (self.n, self.m)
        return str(self.to_numpy())

    def __str__(self):
        return self.__repr__()

    # ---- constructors
    @staticmethod
    def field(n, m, dtype, shape=None, order=None, name="", offset=None, needs_grad=False, needs_dual=False,
              layout=None, ndim=None):
        return MatrixField(n, m, dtype, shape, 2 if ndim is None else ndim, offset, name, layout, needs_grad)

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
    def one(dt, n, m=None):
        _taichi_scope("one")
        if m is None:
            return Matrix([1] * n, dt)
        return Matrix([[1] * m for _ in range(n)], dt)


_SWIZZLE_GROUPS = ("xyzw", "rgba", "stpq")


def _swizzle_property(name):
    group = [g for g in _SWIZZLE_GROUPS if name[0] in g][0]
    idx = [group.index(c) for c in name]
    top = _builtins.max(idx)
    if len(name) == 1:
        i = idx[0]

        def get(self):
            if self.ndim == 1 and i < self.n:
                return self.entries[i] if self.__class__ is Matrix else self[i]
            return self[self._swizzle(name)[0]]
    else:
        def get(self):
            if self.ndim == 1 and top < self.n:
                return Matrix._make(len(idx), 1, 1, [self[i] for i in idx])
            return Matrix._make(len(name), 1, 1, [self[i] for i in self._swizzle(name)])

    def put(self, value):
        self._swizzle_set(name, value)
    return property(get, put)


def _generate_swizzle_patterns(key_group, required_length=4):
    """Every pattern of 1 to required_length letters of key_group (repeats too), shortest first."""
    out, last = [], [""]
    for _ in range(required_length):
        last = [p + c for p in last for c in key_group]
        out += last
    return out


for _group in _SWIZZLE_GROUPS:
    for _name in _generate_swizzle_patterns(_group):
        setattr(Matrix, _name, _swizzle_property(_name))
del _group, _name


def _loaded(vals):
    """vals with each variable read now: what an assignment stores must not
    see the stores before it (v.xy = v.yx, vf[i].xy = vf[i].yx)."""
    return [_taichi_core.builtin("load", v) if _is_expr(v) else v for v in vals]


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
        return Matrix(arr if _is_np_array(arr) else list(arr), dt)

    @staticmethod
    def field(n, dtype, shape=None, order=None, name="", offset=None, needs_grad=False, needs_dual=False,
              layout=None, ndim=None):
        return MatrixField(n, 1, dtype, shape, 1, offset, name, layout, needs_grad)


class MatrixType:
    """ti.types.vector(n, dtype) / matrix(n, m, dtype): a constructor and a field dtype."""

    def __init__(self, n, m, ndim, dtype):
        # dtype: a DataType, or for ti.math's types a function naming the
        # current default type (Taichi resolves those when they are used)
        self.n, self.m, self.ndim, self._dtype = n, m, ndim, dtype

    @property
    def dtype(self):
        d = self._dtype
        return d if isinstance(d, _ti._DataType) else d()

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
        return MatrixField(self.n, self.m, self.dtype, shape, self.ndim, kwargs.get("offset"), kwargs.get("name", ""),
                           kwargs.get("layout"), kwargs.get("needs_grad", False))

    # a compound type of kernel parameters and return values (frontend/transform.h)
    def _ti_slot_dtypes(self):
        return [self.dtype] * (self.n * self.m)

    def _ti_from_slots(self, vals):
        return Matrix._make(self.n, self.m, self.ndim, vals)

    def _ti_to_slots(self, value):
        if isinstance(value, (list, tuple)):
            value = Matrix(value)
        if not isinstance(value, Matrix):
            if _compiling() and (_is_expr(value) or isinstance(value, (int, float))):
                raise _ti.TaichiRuntimeTypeError("Return matrix ndim mismatch, expecting=%d, got=0." % self.ndim)
            raise _ti.TaichiRuntimeTypeError("Argument (type=%s) cannot be converted into required type %s" %
                                             (type(value).__name__, self))
        what = "Return" if _compiling() else "Argument"
        if value.ndim != self.ndim:
            raise _ti.TaichiRuntimeTypeError("%s matrix ndim mismatch, expecting=%d, got=%d." %
                                             (what, self.ndim, value.ndim))
        if (value.n, value.m) != (self.n, self.m):
            raise _ti.TaichiRuntimeTypeError("%s matrix shape mismatch, expecting=%s, got=%s." %
                                             (what, self._shape(), value.get_shape()))
        return list(value.entries)

    def _shape(self):
        return (self.n,) if self.ndim == 1 else (self.n, self.m)

    def get_shape(self):
        return self._shape()

    def __repr__(self):
        if self.ndim == 1:
            return "VectorType[%d, %s]" % (self.n, self.dtype)
        return "MatrixType[%d, %d, %s]" % (self.n, self.m, self.dtype)


class _TupleType:
    """A tuple of types as a kernel's return annotation, (ti.i32, vec3): one
    compound type of its members' slots."""

    def __init__(self, members):
        self.members = [_compound(m) or m for m in members]

    def _ti_slot_dtypes(self):
        out = []
        for m in self.members:
            out.extend(m._ti_slot_dtypes() if not isinstance(m, _ti._DataType) else [m])
        return out

    def _sizes(self):
        return [1 if isinstance(m, _ti._DataType) else len(m._ti_slot_dtypes()) for m in self.members]

    def _ti_from_slots(self, vals):
        out, k = [], 0
        for m, n in zip(self.members, self._sizes()):
            out.append(vals[k] if isinstance(m, _ti._DataType) else m._ti_from_slots(vals[k:k + n]))
            k += n
        return tuple(out)

    def _ti_to_slots(self, value):
        if not isinstance(value, (list, tuple)) or len(value) != len(self.members):
            raise _ti.TaichiTypeError("a kernel returning %d values must return a tuple of %d" %
                                      (len(self.members), len(self.members)))
        out = []
        for m, v in zip(self.members, value):
            out.extend([v] if isinstance(m, _ti._DataType) else m._ti_to_slots(v))
        return out


def _compound(anno):
    """The compound type (frontend/transform.h) an annotation names, or None."""
    if isinstance(anno, MatrixType):
        return anno
    if isinstance(anno, (tuple, list)) and anno:
        for m in anno:
            if not (isinstance(m, _ti._DataType) or m in (int, float) or _compound(m)):
                return None
        return _TupleType([_ti._dtype_of(m) if m in (int, float) else m for m in anno])
    if hasattr(anno, "_ti_slot_dtypes"):
        return anno
    return None


_taichi_core._compound = _compound


def vector(n, dtype):
    return MatrixType(n, 1, 1, _ti._dtype_of(dtype))


def matrix(n, m, dtype):
    return MatrixType(n, m, 2, _ti._dtype_of(dtype))


class _LayoutName(str):
    """A ti.Layout member: its name as a str, printed as Taichi's enum prints."""
    __slots__ = ()

    def __str__(self):
        return "Layout." + str.__str__(self)

    def __repr__(self):
        return "<Layout.%s: %d>" % (str.__str__(self), 0 if str.__eq__(self, "AOS") else 1)


class Layout:
    """ti.Layout: how a matrix field with a shape lays out its entries: AOS
    (each element's entries side by side, Taichi's default) or SOA (one
    array per entry)."""
    AOS = _LayoutName("AOS")
    SOA = _LayoutName("SOA")


class MatrixField(_ti.Field):
    """A field of n x m matrices: one scalar field per entry, placed in one
    dense SNode (Layout.AOS) or one each (Layout.SOA); without a shape, placed
    by ti.root...place(field)."""

    def __init__(self, n, m, dtype, shape, ndim, offset, name, layout=None, needs_grad=False):
        self.n, self.m, self.ndim = n, m, ndim
        self._dtype = _ti._dtype_of(dtype)
        if layout not in (None, Layout.AOS, Layout.SOA):
            raise ValueError("layout must be ti.Layout.AOS or ti.Layout.SOA, got %r" % (layout,))
        self.grad = None
        if needs_grad:
            if self._dtype._kind != "f":
                raise _ti.TaichiRuntimeError(
                    f"{self._dtype} is not supported for field with `needs_grad=True` or `needs_dual=True`.")
            # a field of the same shape and layout for the gradients (no autodiff yet)
            self.grad = MatrixField(n, m, dtype, shape, ndim, offset, name + ".grad" if name else "", layout)
        if shape is None or layout == Layout.SOA:
            self._fields = [_ti.field(self._dtype, shape=shape, offset=offset, name=name) for _ in range(n * m)]
            return
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        if offset is not None:
            offset = (offset,) if isinstance(offset, int) else tuple(offset)
            if len(offset) != len(shape):
                raise _ti.TaichiRuntimeError("The dimensionality of shape and offset must be the same (%d != %d)" %
                                             (len(shape), len(offset)))
        self._fields = [_ti.field(self._dtype, name=name) for _ in range(n * m)]
        _ti.root.dense(_ti.axes(*range(len(shape))), shape).place(*self._fields, offset=offset)

    @property
    def _offset(self):
        return self._fields[0]._offset

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

    def _get_dynamic_index_stride(self):
        """The byte distance between an element's consecutive entries when
        their SNode paths make it one for every element (Taichi's rule: the
        same path length, and below the nodes they share the same cell sizes
        and offsets but at the first level, whose offsets step evenly); else
        None."""
        fs = self._fields
        if _builtins.any(f.snode is None for f in fs):
            return None
        for f in fs:
            f._place_id()   # materializes
        if len(fs) == 1:
            return 0
        paths = [[n._id for n in f.snode._path_from_root()] for f in fs]
        length = len(paths[0])
        if _builtins.any(len(p) != length for p in paths):
            return None
        # info: (name, tree, materialized, offset in the parent's cell, cell size, container size)
        infos = [[_taichi_core.info(i) for i in p] for p in paths]
        d = 0
        while d < length and _builtins.all(p[d] == paths[0][d] for p in paths):
            d += 1
        if d == 0 or d == length:
            return None
        for level in range(d, length):
            ref = infos[0][level]
            for inf in infos:
                if inf[level][4] != ref[4] or inf[level][5] != ref[5] or (level > d and inf[level][3] != ref[3]):
                    return None
        offs = [inf[d][3] for inf in infos]
        stride = offs[1] - offs[0]
        if _builtins.any(b - a != stride for a, b in zip(offs, offs[1:])):
            return None
        return stride

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

    def to_numpy(self, keep_dims=False, dtype=None):
        return _ti.lang.np_interop.matrix_to_numpy(self, keep_dims, dtype)

    def from_numpy(self, arr):
        _ti.lang.np_interop.matrix_from_numpy(self, arr)

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
        k = self._constant_index(key)
        if k is None:
            return Matrix.__getitem__(self, key)   # a slice: of the entries as read
        self.entries[k] = self._field._fields[k][self._key]
        return self.entries[k]

    def _store(self, k, value):
        # every assignment to entries (an index, a slice, a swizzle) comes here
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

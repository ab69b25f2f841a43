# The Python-scope half of `import taichi as ti`: ti.init and its config,
# primitive types, archs, axes, fields and the SNode builder (ti.root), over
# the C module _taichi_core, which owns the SNode trees (ir/snode.h).
# Kernels (ti.kernel, ti.func, ...) are defined elsewhere and read `_cfg` (ti.cfg)
# and `_materialize_all` from here.
import builtins as _builtins
import posix as _posix  # not os: importing os costs ~15 ms of start-up (collections)
import sys as _sys

import _taichi_core


# ---- exceptions (as Taichi names them) -----------------------------------------------

class TaichiCompilationError(Exception):
    pass


class TaichiSyntaxError(TaichiCompilationError, SyntaxError):
    pass


class TaichiNameError(TaichiCompilationError, NameError):
    pass


class _TaichiIndexError(TaichiCompilationError, IndexError):
    pass


class TaichiTypeError(TaichiCompilationError, TypeError):
    pass


class TaichiRuntimeError(RuntimeError):
    pass


class TaichiRuntimeTypeError(TaichiRuntimeError, TypeError):
    pass


class TaichiAssertionError(TaichiRuntimeError, AssertionError):
    pass


for _e in (TaichiCompilationError, TaichiSyntaxError, TaichiNameError, _TaichiIndexError, TaichiTypeError, TaichiRuntimeError,
           TaichiRuntimeTypeError, TaichiAssertionError):
    _e.__module__ = "taichi.lang.exception"
del _e

# where Taichi's C++ core raises from (ti._lib.core.TaichiRuntimeError)
_lib = type(_sys)("taichi._lib")
_lib.core = type(_sys)("taichi._lib.core")
_lib.core.TaichiRuntimeError = TaichiRuntimeError

_taichi_core._assert_error = TaichiAssertionError
_taichi_core._runtime_type_error = TaichiRuntimeTypeError
_taichi_core._runtime_error = TaichiRuntimeError


# ---- primitive types -----------------------------------------------------------------

class _DataType:
    """A primitive type: ti.i32, ti.f32, ... Singletons: compared by identity."""
    __slots__ = ("_name", "_bits", "_kind")

    def __init__(self, name, bits, kind):
        self._name = name
        self._bits = bits
        self._kind = kind      # 'i' signed, 'u' unsigned, 'f' float

    def __repr__(self):
        return self._name

    def __str__(self):
        return self._name

    def __format__(self, spec):
        return format(self._name, spec)

    def __call__(self, *args, **kwargs):
        raise TaichiSyntaxError("Taichi data types cannot be called outside Taichi kernels.")


i8 = _DataType("i8", 8, "i")
i16 = _DataType("i16", 16, "i")
i32 = _DataType("i32", 32, "i")
i64 = _DataType("i64", 64, "i")
u1 = _DataType("u1", 1, "u")
u8 = _DataType("u8", 8, "u")
u16 = _DataType("u16", 16, "u")
u32 = _DataType("u32", 32, "u")
u64 = _DataType("u64", 64, "u")
f16 = _DataType("f16", 16, "f")
f32 = _DataType("f32", 32, "f")
f64 = _DataType("f64", 64, "f")
int8, int16, int32, int64 = i8, i16, i32, i64
uint1, uint8, uint16, uint32, uint64 = u1, u8, u16, u32, u64
float16, float32, float64 = f16, f32, f64

_primitive_types = [i8, i16, i32, i64, u1, u8, u16, u32, u64, f16, f32, f64]


def _is_integral(dt):
    return isinstance(dt, _DataType) and dt._kind != "f"


def _is_real(dt):
    return isinstance(dt, _DataType) and dt._kind == "f"


def _is_signed(dt):
    return isinstance(dt, _DataType) and dt._kind != "u"


class _Namespace:
    def __init__(self, name, **attrs):
        self.__name__ = name
        for k, v in attrs.items():
            setattr(self, k, v)

    def __repr__(self):
        return "<module '%s'>" % self.__name__


types = _Namespace(
    "taichi.types", i8=i8, i16=i16, i32=i32, i64=i64, u1=u1, u8=u8, u16=u16, u32=u32, u64=u64,
    f16=f16, f32=f32, f64=f64, int8=i8, int16=i16, int32=i32, int64=i64, uint1=u1, uint8=u8,
    uint16=u16, uint32=u32, uint64=u64, float16=f16, float32=f32, float64=f64,
    is_integral=_is_integral, is_real=_is_real, is_signed=_is_signed)
types.primitive_types = _Namespace(
    "taichi.types.primitive_types",
    all_types=[f16, f32, f64, float, i8, i16, i32, i64, u1, u8, u16, u32, u64, int, bool],
    integer_types=[i8, i16, i32, i64, u1, u8, u16, u32, u64, int, bool],
    real_types=[f16, f32, f64, float], **{t._name: t for t in _primitive_types})


def _ndarray_type(dtype=None, ndim=None, **kwargs):
    return _NdarrayType(dtype, ndim, **kwargs)


types.ndarray = _ndarray_type


# ---- archs -----------------------------------------------------------------------------

class _Arch:
    __slots__ = ("name", "value")

    def __init__(self, name, value):
        self.name = name
        self.value = value

    def __repr__(self):
        return "<Arch.%s: %d>" % (self.name, self.value)

    def __str__(self):
        return "Arch." + self.name


x64 = _Arch("x64", 0)
arm64 = _Arch("arm64", 1)
_js = _Arch("js", 2)
cuda = _Arch("cuda", 3)
metal = _Arch("metal", 4)
opengl = _Arch("opengl", 5)
dx11 = _Arch("dx11", 6)
dx12 = _Arch("dx12", 7)
_opencl = _Arch("opencl", 8)
amdgpu = _Arch("amdgpu", 9)
vulkan = _Arch("vulkan", 10)
gles = _Arch("gles", 11)
_archs = [x64, arm64, _js, cuda, metal, opengl, dx11, dx12, _opencl, amdgpu, vulkan, gles]


def _host_arch():
    try:
        machine = _posix.uname().machine
    except Exception:
        machine = "x86_64"
    return arm64 if machine in ("aarch64", "arm64") else x64


cpu = _host_arch()
gpu = [cuda, metal, vulkan, opengl, dx11, dx12, gles, amdgpu]


# ---- axes --------------------------------------------------------------------------------

class _Axis:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return "<ti.Axis %d>" % self.value


def axes(*x):
    """Physical indices by number: ti.axes(0, 1) is ti.ij."""
    return [_Axis(i) for i in x]


i, j, k, l = axes(0), axes(1), axes(2), axes(3)
ij, ik, il, jk, jl, kl = axes(0, 1), axes(0, 2), axes(0, 3), axes(1, 2), axes(1, 3), axes(2, 3)
ijk, ijl, ikl, jkl = axes(0, 1, 2), axes(0, 1, 3), axes(0, 2, 3), axes(1, 2, 3)
ijkl = axes(0, 1, 2, 3)


# ---- ti.init and its config -------------------------------------------------------------

class _Config:
    """What ti.init decided; the kernel compiler reads ti.cfg."""

    def __init__(self):
        self.arch = cpu
        self.debug = False
        self.print_ir = False
        self.default_fp = f32
        self.default_ip = i32
        self.random_seed = 0
        self.offline_cache = True
        self.offline_cache_file_path = None
        self.offline_cache_cleaning_policy = "never"
        self.offline_cache_max_size_of_files = 100 * 1024 * 1024
        self.offline_cache_cleaning_factor = 0.25
        self.cpu_max_num_threads = _posix.cpu_count() or 1
        self.short_circuit_operators = False
        self.check_out_of_bound = False
        self.advanced_optimization = True
        self.fast_math = True
        self.kernel_profiler = False
        self.log_level = "info"
        self.opt_level = None
        self.verbose = True
        self.unrolling_limit = 32

    def __repr__(self):
        return "<ti.cfg arch=%s debug=%s>" % (self.arch, self.debug)


_init_options = ("debug", "print_ir", "random_seed", "offline_cache", "offline_cache_file_path",
                 "cpu_max_num_threads", "short_circuit_operators", "check_out_of_bound",
                 "advanced_optimization", "fast_math", "kernel_profiler", "log_level", "opt_level",
                 "verbose", "device_memory_GB", "device_memory_fraction", "default_gpu_block_dim",
                 "print_preprocessed_ir", "print_kernel_llvm_ir", "excepthook", "make_thread_local",
                 "make_block_local", "cfg_optimization", "flatten_if", "real_matrix_scalarize",
                 "default_cpu_block_dim", "gpu_max_reg", "cpu_max_num_threads", "ad_stack_size",
                 "debug_info", "print_accessor_ir", "kernel_profiler", "unrolling_limit", "gdb_trigger",
                 "dynamic_index", "cpu_max_num_threads", "offline_cache_cleaning_policy",
                 "offline_cache_max_size_of_files", "offline_cache_cleaning_factor", "cuda_stack_limit")

_cfg = None


def _arch_named(name):
    name = name.strip()
    if name == "cpu":
        return cpu
    if name == "gpu":
        return gpu
    for a in _archs:
        if a.name == name:
            return a
    raise KeyError("Unknown arch: %s" % name)


def _warn(msg):
    _sys.stderr.write("[W] " + msg + "\n")


def init(arch=None, default_fp=None, default_ip=None, _test_mode=False, enable_fallback=True,
         require_version=None, **kwargs):
    """Starts a Taichi program: drops every field, then configures the backend.
    TI_ARCH in the environment overrides arch; only CPU archs run for now."""
    global _cfg
    unknown = [key for key in kwargs if key not in _init_options]
    if unknown:
        raise KeyError("Unrecognized keyword argument(s) for ti.init: %s" % ", ".join(unknown))
    reset()
    c = _Config()
    for key, cast in (("offline_cache", bool), ("offline_cache_file_path", str), ("fast_math", bool),
                      ("kernel_profiler", bool), ("cpu_max_num_threads", int)):
        env = _posix.environ.get("TI_" + key.upper(), "")
        if env and key not in kwargs:   # as Taichi: an argument of ti.init wins
            setattr(c, key, env not in ("0", "False", "false") if cast is bool else cast(env))
    for key, value in kwargs.items():
        setattr(c, key, value)
    if default_fp is not None:
        if default_fp not in (f16, f32, f64):
            raise ValueError("default_fp must be ti.f16, ti.f32 or ti.f64, got %s" % default_fp)
        c.default_fp = default_fp
    if default_ip is not None:
        if default_ip not in (i8, i16, i32, i64, u8, u16, u32, u64):
            raise ValueError("default_ip must be an integer type, got %s" % default_ip)
        c.default_ip = default_ip
    env = _posix.environ.get("TI_ARCH", "")
    if env:
        _sys.stderr.write("[I] Following TI_ARCH setting up for arch=%s\n" % env)
        arch = _arch_named(env)
    if arch is None:
        arch = cpu
    c.arch = arch
    chosen, fell_back = _configure(c)
    if fell_back:
        _warn("Arch=%s is not supported, falling back to CPU" % (arch if isinstance(arch, list) else [arch]))
    c.arch = _arch_named(chosen)
    _cfg = c
    _state.initialized = True
    if _taichi_core.banner():
        print("[Taichi] Starting on arch=%s" % c.arch.name)
    _logging.set_logging_level(c.log_level)   # as Taichi: after the banner


def reset():
    """Drops every field and SNode tree; fields made before are dead."""
    _taichi_core.reset()
    _state.clear()
    _state.initialized = False


def sync():
    """Waits until the kernels launched so far are done (the backend's sync)."""
    _taichi_core.sync()


# ---- fields and SNodes --------------------------------------------------------------------

class _State:
    def __init__(self):
        self.initialized = False
        self.generation = 0
        self.clear()

    def clear(self):
        self.generation += 1
        self.root = None           # the root id of the tree ti.root builds, not yet materialized
        self.pending = []          # trees (root ids) waiting for materialization
        self.unplaced = []         # fields created but not placed yet
        _taichi_core.set_unplaced(False)


_state = _State()


def _materialize_all():
    """Materializes every tree built so far (the first access to an element
    does it, and so will a kernel launch); ti.root then starts a new tree."""
    if _state.unplaced:
        bar = "=" * 44 + "\n"
        primal = [f for f in _state.unplaced if not f._is_grad]
        listed = bar.join("  %s (%s)\n" % (f._name or "<unnamed>", f._dtype) for f in primal or _state.unplaced)
        if primal:
            raise RuntimeError("These field(s) are not placed:\n" + bar + listed + bar +
                               "Please consider specifying a shape for them. E.g.,\n\n  x = ti.field(float, shape=(2, 3))")
        raise RuntimeError(
            "These field(s) requrie `needs_grad=True`, however their grad field(s) are not placed:\n" + bar + listed +
            bar + "Please consider place the grad field(s). E.g.,\n\n  ti.root.dense(ti.i, 1).place(x.grad)"
            "\n\n Or specify a shape for the field(s). E.g.,\n\n  x = ti.field(float, shape=(2, 3), needs_grad=True)")
    for root in _state.pending:
        _taichi_core.materialize(root)
    _state.pending = []
    _state.root = None


def _current_root():
    if _state.root is None:
        if not _state.initialized:
            raise TaichiRuntimeError("Cannont create field, maybe you forgot to call `ti.init()` first?")
        _state.root = _taichi_core.tree()
        _state.pending.append(_state.root)
    return _state.root


def _unsupported_snode(kind):
    raise TaichiRuntimeError("%s SNode is not supported on this backend." % kind)


class SNode:
    """A node of an SNode tree (root, dense or place)."""

    def __init__(self, id, kind, parent, generation):
        self._id = id
        self._kind = kind
        self._parent = parent
        self._gen = generation

    def _check(self):
        if self._gen != _state.generation:
            raise TaichiRuntimeError("this SNode belongs to a program that ti.reset() or ti.init() ended")

    def dense(self, axes, dimensions):
        """A dense child splitting `axes` (ti.i, ti.ij, ti.axes(...)) into `dimensions`."""
        self._check()
        if isinstance(axes, _Axis):
            axes = [axes]
        if isinstance(dimensions, (list, tuple)):
            dims = list(dimensions)
            if len(dims) != len(axes):
                raise TaichiRuntimeError("%d axes but %d dimensions" % (len(axes), len(dims)))
        else:
            dims = [dimensions] * len(axes)
        for n, d in enumerate(dims):
            d = dims[n] = lang.np_interop.index(d)
            if not isinstance(d, int):
                raise TypeError("dimension %d of a dense SNode must be an int, got %s" % (n, type(d).__name__))
            if d <= 0:
                raise TaichiRuntimeError(
                    "Every dimension of a Taichi field should be positive, got %d in demension %d." % (d, n))
        return SNode(_taichi_core.dense(self._id, [a.value for a in axes], dims), "dense", self, self._gen)

    # the CPU backend has dense SNodes only, no quantized types, no lazy gradients
    def pointer(self, axes, dimensions):
        _unsupported_snode("Pointer")

    def bitmasked(self, axes, dimensions):
        _unsupported_snode("Bitmasked")

    def dynamic(self, axis, dimension, chunk_size=None):
        _unsupported_snode("Dynamic")

    def quant_array(self, axes, dimensions, max_num_bits):
        _unsupported_snode("Quant array")

    def deactivate_all(self):
        raise NotImplementedError("tirun does not support deactivating SNodes yet (it has no sparse SNodes)")

    def lazy_grad(self):
        raise NotImplementedError("tirun does not support lazy_grad yet: give the fields needs_grad=True and a shape")

    def lazy_dual(self):
        raise NotImplementedError("tirun does not support lazy_dual (forward-mode autodiff) yet")

    def place(self, *args, offset=None):
        """Places the fields (one element each) in every cell of this node."""
        self._check()
        # a compound field (a matrix field) places its scalar fields
        args = [g for f in args for g in (f._place_fields() if hasattr(f, "_place_fields") else [f])]
        for f in args:
            if not isinstance(f, ScalarField):
                raise TaichiTypeError("place() takes fields, got %s" % type(f).__name__)
            if f._snode is not None:
                raise RuntimeError("This variable has been placed.")
            f._snode = SNode(_taichi_core.place(self._id, f._dtype._name), "place", self, self._gen)
            f._snode._name = f._name
            if offset is not None:
                f._offset = tuple(offset) if isinstance(offset, (list, tuple)) else (offset,)
            if f in _state.unplaced:
                _state.unplaced.remove(f)
                _taichi_core.set_unplaced(_state.unplaced)
        return self

    def parent(self, n=1):
        """The ancestor n levels up; a tree's root is ti.root (as in Taichi),
        past it None."""
        p = self
        for _ in range(n):
            if p is None:
                return None
            p = p._parent
        if p is not None and p._kind == "root":
            return root
        return p

    @property
    def shape(self):
        self._check()
        return _taichi_core.shape(self._id)

    def _path_from_root(self):
        path = []
        p = self
        while p is not None:
            path.append(p)
            p = p._parent
        path.reverse()
        return path

    def __repr__(self):
        if self._kind == "root":
            return "ti.root"
        return "<ti.SNode of type %s>" % self._kind

    def __str__(self):
        parts = ["ti.root"]
        for p in self._path_from_root()[1:]:
            parts.append("%s [%s]" % (p._kind, ", ".join(str(d) for d in p.shape)))
        return " => ".join(parts)


class _Root:
    """ti.root: the root of the tree being built; after a materialization
    (the first element access) it starts a new tree."""

    def _node(self):
        return SNode(_current_root(), "root", None, _state.generation)

    def dense(self, axes, dimensions):
        return self._node().dense(axes, dimensions)

    def place(self, *args, offset=None):
        return self._node().place(*args, offset=offset)

    def pointer(self, axes, dimensions):
        return self._node().pointer(axes, dimensions)

    def bitmasked(self, axes, dimensions):
        return self._node().bitmasked(axes, dimensions)

    def dynamic(self, axis, dimension, chunk_size=None):
        return self._node().dynamic(axis, dimension, chunk_size)

    def quant_array(self, axes, dimensions, max_num_bits):
        return self._node().quant_array(axes, dimensions, max_num_bits)

    def deactivate_all(self):
        return self._node().deactivate_all()

    def lazy_grad(self):
        return self._node().lazy_grad()

    def lazy_dual(self):
        return self._node().lazy_dual()

    def parent(self, n=1):
        return None

    @property
    def shape(self):
        return ()

    def __repr__(self):
        return "ti.root"


root = _Root()

def _dtype_of(dtype):
    if dtype is int:
        return _cfg.default_ip if _cfg else i32
    if dtype is float:
        return _cfg.default_fp if _cfg else f32
    if isinstance(dtype, _DataType):
        if dtype is u1:
            raise TaichiTypeError("fields of type u1 are not supported yet")
        return dtype
    raise ValueError("Invalid data type %s" % (dtype,))


class Field:
    """Taichi's field base class: what a scalar field does, which the compound
    fields (taichi.lang.matrix, taichi.lang.struct) override where they differ."""

    @property
    def dtype(self):
        return self._dtype

    @property
    def snode(self):
        return self._snode

    @property
    def shape(self):
        if self._snode is None:
            raise TaichiRuntimeError("the field is not placed: give it a shape, or place it with ti.root")
        return self._snode.shape

    def parent(self, n=1):
        return self._snode.parent(n)

    def fill(self, val):
        """Sets every element to val (cast to the field's type): a loop in a
        kernel, and from Python scope a kernel (taichi._kernels)."""
        if isinstance(val, _Expr) or _taichi_core.compiling():
            return _taichi_core.builtin("fill_field", self, val)
        from taichi._kernels import fill_field
        fill_field(self, (val,))

    def to_numpy(self, dtype=None):
        return lang.np_interop.scalar_to_numpy(self, dtype)

    def from_numpy(self, arr):
        lang.np_interop.scalar_from_numpy(self, arr)

    def __str__(self):
        return str(self.to_numpy())

    def to_torch(self, device=None):
        raise ImportError("Field.to_torch() needs PyTorch, which tirun does not have")

    def from_torch(self, arr):
        raise ImportError("Field.from_torch() needs PyTorch, which tirun does not have")

    def to_paddle(self, place=None):
        raise ImportError("Field.to_paddle() needs Paddle, which tirun does not have")

    def from_paddle(self, arr):
        raise ImportError("Field.from_paddle() needs Paddle, which tirun does not have")


class ScalarField(Field):
    """A field of one primitive type (ti.field)."""

    def __init__(self, dtype, name):
        self._dtype = dtype
        self._name = name
        self._snode = None
        self._offset = None
        self._ready = False
        self._is_grad = False      # the gradient of another field (needs_grad=True)
        self.grad = None

    def _place_id(self):
        s = self._snode
        if s is None:
            _materialize_all()  # Taichi's error for every field not placed
            raise TaichiRuntimeError("the field is not placed: give it a shape, or place it with ti.root")
        s._check()
        if not self._ready or _state.unplaced:
            _materialize_all()
            self._ready = True
        return s._id

    def _key(self, key):
        if key is None:
            key = ()
        if not isinstance(key, (tuple, list)):
            key = (key,)
        if len(key) != len(self.shape):
            raise AssertionError("Slicing is not supported on ti.field")
        for x in key:
            if not isinstance(x, int):
                key = lang.np_interop.index_key(key)
                break
        if self._offset is not None:
            key = tuple(x - o for x, o in zip(key, self._offset))
        return key

    def __getitem__(self, key):
        id = self._place_id()
        return _taichi_core.read(id, self._key(key))

    def __setitem__(self, key, value):
        id = self._place_id()
        _taichi_core.write(id, self._key(key), value)

    def __iter__(self):
        raise NotImplementedError("Struct for is only available in Taichi scope.")

    def __repr__(self):
        return "<ti.field>"


def field(dtype, shape=None, order=None, name="", offset=None, needs_grad=False, needs_dual=False):
    """A scalar field. With a shape it gets its own dense SNode under ti.root
    (shape=() is 0-d); without, place it with ti.root.dense(...).place(x)."""
    if isinstance(dtype, lang.struct.StructType):
        return dtype.field(shape=shape, offset=offset, name=name, needs_grad=needs_grad, needs_dual=needs_dual)
    if isinstance(dtype, lang.matrix.MatrixType):
        if (needs_grad or needs_dual) and dtype.dtype._kind != "f":
            raise TaichiRuntimeError(f"{dtype.dtype} is not supported for field with `needs_grad=True` or "
                                     "`needs_dual=True`.")
        return dtype.field(shape=shape, offset=offset, name=name)
    dtype = _dtype_of(dtype)
    if _taichi_core.compiling():
        raise TaichiSyntaxError("Fields cannot be created in Taichi scope: create them before the kernel runs")
    if not _state.initialized:
        raise TaichiRuntimeError("Cannont create field, maybe you forgot to call `ti.init()` first?")
    if isinstance(shape, int):
        shape = (shape,)
    if shape is not None:
        shape = tuple(shape)
    if offset is not None:
        if isinstance(offset, int):
            offset = (offset,)
        if shape is None:
            raise TaichiSyntaxError("shape cannot be None when offset is set")
        if len(offset) != len(shape):
            raise TaichiRuntimeError(
                "The dimensionality of shape and offset must be the same (%d != %d)" % (len(shape), len(offset)))
    if (needs_grad or needs_dual) and dtype._kind != "f":
        raise TaichiRuntimeError(f"{dtype} is not supported for field with `needs_grad=True` or `needs_dual=True`.")
    x = ScalarField(dtype, name)
    if needs_grad and dtype._kind == "f":
        x.grad = ScalarField(dtype, name + ".grad" if name else "")
        x.grad._is_grad = True
    if shape is None:
        _state.unplaced.append(x)
        if x.grad is not None:
            _state.unplaced.append(x.grad)
        _taichi_core.set_unplaced(True)
        return x
    dims = axes(*range(len(shape)))
    root.dense(dims, shape).place(x, offset=offset)
    if x.grad is not None:
        root.dense(dims, shape).place(x.grad, offset=offset)
    return x


# ---- kernels and functions ------------------------------------------------------------------
# A kernel's AST is compiled by the transformer in C (frontend/transform.c) on its first
# call per template signature. Taichi values met at compile time are Expr objects;
# their operators build IR through _taichi_core.

class _Expr:
    """A Taichi value while a kernel compiles (it exists only then)."""
    __slots__ = ("_stmt",)

    def __pos__(self): return self
    def __abs__(self): return _taichi_core.builtin("abs", self)

    def __bool__(self):
        raise TaichiSyntaxError("a Taichi value has no truth value at compile time; use ti.static() "
                                "for compile-time conditions")

    __hash__ = None

    def __repr__(self):
        return "<ti.Expr>"


class _Builtin:
    """A Taichi built-in: compiled inline in kernels; in Python scope it runs
    its Python equivalent."""
    __slots__ = ("name", "_py")

    def __init__(self, name, py):
        self.name = name
        self._py = py

    def __call__(self, *args, **kwargs):
        for k, a in enumerate(args):
            if isinstance(a, lang.matrix.Matrix) and self.name not in ("static", "static_print", "static_assert"):
                # entry by entry over a matrix (and a scalar or same-shaped other operands)
                def pick(x, e):
                    return x.entries[e] if isinstance(x, lang.matrix.Matrix) else x
                return a._like([self(*[pick(x, e) for x in args], **kwargs) for e in range(len(a.entries))])
        if any(isinstance(a, _Expr) for a in args):
            return _taichi_core.builtin(self.name, *args)
        if self._py is None:
            raise TaichiSyntaxError("ti.%s can only be used in Taichi scope" % self.name)
        return self._py(*args, **kwargs)

    @property
    def __name__(self):
        # Taichi's built-ins are functions: pytest names parameters after them
        return self.name

    def __repr__(self):
        return "<taichi built-in %s>" % self.name


class _Func:
    """A @ti.func: inlined where a kernel or another ti.func calls it. Taken from an
    object (a method), it is bound to it: _self is (obj,), else None. _real: a
    ti.real_func (taichi.lang.real_func), inlined too."""
    __slots__ = ("fn", "__name__", "_self", "_real")

    def __init__(self, fn, bound=None, real=False):
        self.fn = fn
        self.__name__ = fn.__name__
        self._self = bound
        self._real = real

    def __get__(self, obj, cls=None):
        if obj is None or self._self is not None:
            return self
        return _Func(self.fn, (obj,), self._real)

    def __call__(self, *args, **kwargs):
        raise TaichiSyntaxError("Taichi functions cannot be called from Python-scope.")


class _Template:
    """The annotation of a template parameter (ti.template())."""

    def __repr__(self):
        return "ti.template()"


class _NdarrayType:
    """The annotation of an ndarray parameter, ti.types.ndarray(dtype=ti.f32, ndim=2): the
    kernel takes an ndarray (a taichi.Ndarray or a host buffer, an _ExternalArray) by
    address and works on it in place. dtype (a primitive type or a vector / matrix type)
    and ndim (the number of field dimensions) may be left out: the argument decides them,
    one compiled instance per kind of argument (taichi.lang.ndarray checks them)."""

    def __init__(self, dtype=None, ndim=None, element_dim=None, element_shape=None, field_dim=None,
                 needs_grad=None, boundary="unsafe"):
        lang.ndarray.init_annotation(self, dtype, ndim, element_dim, element_shape, field_dim, needs_grad, boundary)

    def _ti_check(self, arg, name):
        """Raises Taichi's error when arg does not fit this annotation (parameter name)."""
        lang.ndarray.check_arg(self, arg, name)

    def _ti_check_func(self, arg, name):
        """The same for a ti.func's parameter, in a kernel that compiles."""
        lang.ndarray.check_func_arg(self, arg, name)

    def __repr__(self):
        return "NdarrayType(dtype=%s, ndim=%s, layout=Layout.AOS, needs_grad=%s)" % (
            self.dtype, self.ndim, self.needs_grad)


class _ExternalArray:
    """A host buffer for an ndarray parameter, made by _taichi_core.external_array(address,
    dtype, shape): no copy, the kernel reads and writes the memory at address (row-major,
    dtype elements; each element a vector or matrix of element_shape when that is not ()).
    While a kernel compiles, the parameter is one too, whose address and shape are Taichi
    values. taichi.lang.ndarray's ndarrays are ones that own their memory. Its data are
    instance attributes, as a Taichi ndarray's (dir(ti.Ndarray) is Taichi's)."""

    def __init__(self, address, dtype, shape, element_shape=(), boundary="unsafe"):
        if isinstance(dtype, str):
            dtype = {t._name: t for t in _primitive_types}.get(dtype, dtype)
        if not isinstance(dtype, _DataType) or dtype in (u1, f16):
            raise TypeError("external array dtype must be a primitive type other than u1 and f16, not %r"
                            % (dtype,))
        shape = tuple(shape)
        if not isinstance(address, _Expr):
            if not isinstance(address, int) or isinstance(address, bool) or address <= 0:
                raise TypeError("external array address must be a non-zero int, not %r" % (address,))
            if not 0 <= len(shape) + len(element_shape) <= 8:
                raise ValueError("external array ndim must be 0 to 8, got %d" % len(shape))
            for n in shape:
                if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < 2 ** 31:
                    raise ValueError("external array extents must be ints in [0, 2**31), not %r" % (n,))
        self.address = address
        self.dtype = dtype
        self.shape = shape
        self.ndim = len(shape)
        self._element_shape = tuple(element_shape)
        self.boundary = boundary    # "clamp": indices out of the shape are clamped into it

    @property
    def element_shape(self):
        return self._element_shape

    def __getitem__(self, key):
        return lang.ndarray.kernel_element(self, key)

    def __setitem__(self, key, value):
        lang.ndarray.kernel_store(self, key, value)

    def __repr__(self):
        return "<external array %s%r>" % (self.dtype, self.shape)


class _Kernel:
    """Never instantiated: kernels are native callables; kept for type checks."""


class _NdRange:
    """ti.ndrange(...): a multi-dimensional range for kernel for loops."""

    def __init__(self, *args):
        self._args = args
        self.bounds = []
        index = lang.np_interop.index
        for a in args:
            if isinstance(a, (tuple, list)):
                if len(a) != 2:
                    raise TaichiSyntaxError(
                        "Every argument of ndrange should be a scalar or a tuple/list like (begin, end)")
                self.bounds.append((index(a[0]), index(a[1])))
            else:
                self.bounds.append((0, index(a)))
        for b in self.bounds:
            for x in b:
                if not (isinstance(x, _Expr) or (isinstance(x, int) and not isinstance(x, bool))):
                    raise TaichiTypeError(
                        "Every argument of ndrange should be an integer scalar or a tuple/list of (int, int)")
        self.dimensions = [b[1] - b[0] for b in self.bounds] if not any(
            isinstance(x, _Expr) for b in self.bounds for x in b) else None

    def _static_items(self):
        import itertools
        return [tuple(x) for x in itertools.product(*[range(b, e) for b, e in self.bounds])]

    def __iter__(self):
        return iter(self._static_items() if len(self.bounds) != 1 else [x[0] for x in self._static_items()])


class _Grouped:
    """ti.grouped(x): loop over a field or ndrange with one index tuple."""

    def __init__(self, of):
        self._of = of

    def _static_items(self):
        if not isinstance(self._of, _NdRange):
            raise TaichiSyntaxError("Only 'ti.ndrange' is allowed in 'ti.static(ti.grouped(...))'.")
        return self._of._static_items()


def ndrange(*args):
    return _NdRange(*args)


def grouped(x):
    return _Grouped(x)


def template():
    return _Template()


def kernel(fn):
    """Decorates a Taichi kernel: compiled on its first call for each template signature."""
    if not isinstance(fn, _py_function):
        raise TaichiSyntaxError("ti.kernel decorates a function")
    if lang.oop.in_class_body(fn):
        return lang.oop.class_kernel(fn, lambda f: _taichi_core.kernel(f, _kernel_refs))
    return _taichi_core.kernel(fn, _kernel_refs)


def func(fn):
    """Decorates a Taichi function: inlined into the kernels that call it."""
    annotations = getattr(fn, "__annotations__", {})
    names = fn.__code__.co_varnames[:fn.__code__.co_argcount] if hasattr(fn, "__code__") else ()
    for i, name in enumerate(names):
        if name not in annotations:
            continue
        a = annotations[name]
        if not (isinstance(a, (_DataType, _Template, _NdarrayType)) or a in (int, float, bool) or lang.matrix._compound(a)):
            raise TaichiSyntaxError("Invalid type annotation (argument %d) of Taichi function: %s" % (i, a))
    return _Func(fn)


def pyfunc(fn):
    return _Func(fn)


def _static(*args):
    if len(args) == 1:
        return args[0]
    return args


def _py_math(name):
    import math
    return getattr(math, name)


def _select(cond, a, b):
    return a if cond else b


def _random(dtype=float):
    import random
    if dtype is int or (isinstance(dtype, _DataType) and dtype._kind != "f"):
        return random.getrandbits(31)
    return random.random()


def _loop_config(**kwargs):
    raise TaichiSyntaxError("ti.loop_config can only be used in Taichi scope")


def _cast(x, dtype):
    if isinstance(dtype, _DataType) and dtype._kind == "f" or dtype is float:
        return float(x)
    return int(x)


def _atomic_py(name):
    def f(x, y):
        raise TaichiSyntaxError("ti.%s can only be used in Taichi scope" % name)
    return f


_py_function = type(_static)
_kernel_refs = []   # not _kernels: importing the submodule taichi._kernels sets that name

static = _Builtin("static", _static)
static_print = _Builtin("static_print", print)
loop_config = _Builtin("loop_config", _loop_config)
cast = _Builtin("cast", _cast)
bit_cast = _Builtin("bit_cast", None)
select = _Builtin("select", _select)
random = _Builtin("random", _random)
sin = _Builtin("sin", _py_math("sin"))
cos = _Builtin("cos", _py_math("cos"))
tan = _Builtin("tan", _py_math("tan"))
asin = _Builtin("asin", _py_math("asin"))
acos = _Builtin("acos", _py_math("acos"))
atan2 = _Builtin("atan2", _py_math("atan2"))
tanh = _Builtin("tanh", _py_math("tanh"))
sqrt = _Builtin("sqrt", _py_math("sqrt"))
rsqrt = _Builtin("rsqrt", lambda x: 1.0 / _py_math("sqrt")(x))
exp = _Builtin("exp", _py_math("exp"))
log = _Builtin("log", _py_math("log"))
floor = _Builtin("floor", _py_math("floor"))
ceil = _Builtin("ceil", _py_math("ceil"))
round = _Builtin("round", _builtins.round)
abs = _Builtin("abs", _builtins.abs)
max = _Builtin("max", _builtins.max)
min = _Builtin("min", _builtins.min)
pow = _Builtin("pow", lambda a, b: a ** b)
raw_div = _Builtin("raw_div", None)
raw_mod = _Builtin("raw_mod", None)
bit_shr = _Builtin("bit_shr", None)
_bit_sar = _Builtin("bit_sar", None)
_bit_shl = _Builtin("bit_shl", None)
_logical_and = _Builtin("logical_and", lambda a, b: a and b)
_logical_or = _Builtin("logical_or", lambda a, b: a or b)
_logical_not = _Builtin("logical_not", lambda a: not a)
atomic_add = _Builtin("atomic_add", _atomic_py("atomic_add"))
atomic_sub = _Builtin("atomic_sub", _atomic_py("atomic_sub"))
atomic_min = _Builtin("atomic_min", _atomic_py("atomic_min"))
atomic_max = _Builtin("atomic_max", _atomic_py("atomic_max"))
atomic_and = _Builtin("atomic_and", _atomic_py("atomic_and"))
atomic_or = _Builtin("atomic_or", _atomic_py("atomic_or"))
atomic_xor = _Builtin("atomic_xor", _atomic_py("atomic_xor"))
atomic_mul = _Builtin("atomic_mul", _atomic_py("atomic_mul"))
static_assert = _Builtin("static_assert", None)


from taichi._profiler import profiler  # noqa: E402

_taichi_core.register(expr=_Expr, dtype=_DataType, field=ScalarField, builtin=_Builtin, func=_Func,
                      template=_Template, kernel=_Kernel, ndrange=_NdRange, grouped=_Grouped,
                      ndarray_type=_NdarrayType, external_array=_ExternalArray,
                      compile_error=TaichiCompilationError, syntax_error=TaichiSyntaxError,
                      name_error=TaichiNameError, type_error=TaichiTypeError)


# Expr's operators build IR through _taichi_core, which names its operator ids
# as Python's ast module names the operators.
def _expr_operators():
    def binary(op):
        return (lambda self, o: _taichi_core.binop(op, self, o)), (lambda self, o: _taichi_core.binop(op, o, self))

    def compare(op):
        return lambda self, o: _taichi_core.cmpop(op, self, o)

    def unary(op):
        return lambda self: _taichi_core.unop(op, self)

    for name, ast_name in (("add", "Add"), ("sub", "Sub"), ("mul", "Mult"), ("truediv", "Div"), ("mod", "Mod"),
                           ("pow", "Pow"), ("lshift", "LShift"), ("rshift", "RShift"), ("or", "BitOr"),
                           ("xor", "BitXor"), ("and", "BitAnd"), ("floordiv", "FloorDiv")):
        forward, reflected = binary(_taichi_core.binops[ast_name])
        setattr(_Expr, "__%s__" % name, forward)
        setattr(_Expr, "__r%s__" % name, reflected)
    for name, ast_name in (("eq", "Eq"), ("ne", "NotEq"), ("lt", "Lt"), ("le", "LtE"), ("gt", "Gt"), ("ge", "GtE")):
        setattr(_Expr, "__%s__" % name, compare(_taichi_core.cmpops[ast_name]))
    _Expr.__invert__ = unary(_taichi_core.unops["Invert"])
    _Expr.__neg__ = unary(_taichi_core.unops["USub"])


_expr_operators()
del _expr_operators

# private in `taichi` (Taichi keeps them elsewhere), under Taichi's class names in messages
for _c, _n in ((_TaichiIndexError, "TaichiIndexError"), (_DataType, "DataType"), (_Arch, "Arch"), (_Axis, "Axis"),
               (_Expr, "Expr")):
    _c.__name__ = _c.__qualname__ = _n
del _c, _n


def _configure(c):
    """Hands ti.init's options to C by name; returns (the arch it runs on, whether it fell back)."""
    arch = [a.name for a in c.arch] if isinstance(c.arch, list) else c.arch.name
    return _taichi_core.configure(arch=arch, debug=c.debug, print_ir=c.print_ir,
                                  default_fp=c.default_fp._name, default_ip=c.default_ip._name,
                                  short_circuit=c.short_circuit_operators, optimize=c.advanced_optimization,
                                  max_threads=c.cpu_max_num_threads, random_seed=c.random_seed,
                                  offline_cache=c.offline_cache, offline_cache_file_path=c.offline_cache_file_path,
                                  offline_cache_cleaning_policy=c.offline_cache_cleaning_policy,
                                  offline_cache_max_size_of_files=c.offline_cache_max_size_of_files,
                                  offline_cache_cleaning_factor=c.offline_cache_cleaning_factor,
                                  fast_math=c.fast_math, kernel_profiler=c.kernel_profiler,
                                  unrolling_limit=c.unrolling_limit)


class _Extension:
    """A backend extension (ti.extension.*): what test harnesses ask for."""
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "Extension.%s" % self.name


extension = _Namespace("taichi.extension", **{n: _Extension(n) for n in (
    "sparse", "quant", "quant_basic", "data64", "adstack", "bls", "assertion", "extfunc", "mesh")})

# the CPU backend has these (no sparse SNodes, quantized types or autodiff stacks yet)
_supported_extensions = ("data64", "assertion", "extfunc")


def _is_extension_supported(arch, ext):
    return ext.name in _supported_extensions

from taichi import lang  # noqa: E402  (the package's submodules need this module first)
from taichi.lang import matrix as _matrix  # noqa: E402
from taichi.lang import struct as _struct  # noqa: E402
from taichi.lang import fields_builder as _fields_builder  # noqa: E402

Struct = _struct.Struct
StructField = _struct.StructField
dataclass = _struct.dataclass
types.struct = _struct.struct
Field.copy_from = _struct.copy_from
FieldsBuilder = _fields_builder.FieldsBuilder
from taichi.lang.ndarray import ndarray, Ndarray, ScalarNdarray, VectorNdarray, MatrixNdarray  # noqa: E402
from taichi.lang.oop import data_oriented  # noqa: E402
from taichi.lang.real_func import real_func, ref  # noqa: E402

Matrix = _matrix.Matrix
Vector = _matrix.Vector
MatrixField = _matrix.MatrixField
Layout = _matrix.Layout
types.vector = _matrix.vector
types.matrix = _matrix.matrix
# the modules of Taichi's package shape (new names go in their own files)
from taichi import ad, algorithms  # noqa: E402  (ti.math loads on first use: __getattr__)
from taichi.lang.impl import one, zero  # noqa: E402
from taichi import _logging  # noqa: E402
from taichi._logging import (CRITICAL, DEBUG, ERROR, INFO, TRACE, WARN, is_logging_effective,  # noqa: E402
                             set_logging_level)
x86_64 = x64
_taichi_core._vector = Vector



# the names the modules below give, loaded on first use (see __getattr__)
_lazy = {
    "taichi.lang.linalg": ("eig", "polar_decompose", "solve", "svd", "sym_eig"),
    "taichi.lang.extra_ops": ("assume_in_range", "block_local", "cache_read_only", "experimental", "frexp",
                              "hex_to_rgb", "no_activate", "randn", "rgb_to_hex"),
    "taichi.lang.unsupported": ("ArgPack", "BitpackedFields", "DeviceCapability", "Format", "Mesh", "MeshInstance",
                                "Texture", "activate", "aot", "append", "argpack", "deactivate",
                                "deactivate_all_snodes", "get_addr", "global_thread_idx", "graph", "is_active",
                                "length", "linalg", "mesh_local", "mesh_patch_idx", "rescale_index", "simt",
                                "sparse", "sparse_matrix_builder", "stop_grad"),
}


def __dir__():
    return sorted(set(globals()) | {"math", "GUI", "ui", "tools"} | {n for names in _lazy.values() for n in names})


def __getattr__(name):
    """ti.GUI, ti.tools, ti.ui (and the ti.imwrite family of older Taichi),
    ti.math and the names in _lazy load on first use, so that `import taichi`
    stays quick. ti.cfg is Taichi's name for what ti.init configured."""
    if name == "cfg":
        return _cfg
    for module, names in _lazy.items():
        if name in names:
            value = getattr(__import__(module, None, None, ["_"]), name)
            globals()[name] = value
            return value
    if name == "math":
        import taichi.math
        return taichi.math
    if name in ("GUI", "ui", "tools", "imwrite", "imread", "imresize", "imshow"):
        import taichi.ui
        import taichi.tools
        return {"GUI": taichi.ui.GUI, "ui": taichi.ui, "tools": taichi.tools}.get(name) or getattr(taichi.tools, name)
    raise AttributeError("module 'taichi' has no attribute '%s'" % name)

# The Python-scope half of `import taichi as ti`: ti.init and its config,
# primitive types, archs, axes, fields and the SNode builder (ti.root), over
# the C module _taichi_core, which owns the SNode trees (ir/snode.h).
# Kernels (ti.kernel, ti.func, ...) are defined elsewhere and read `cfg`
# and `_materialize_all` from here.
import os
import sys

import _taichi_core


# ---- exceptions (as Taichi names them) -----------------------------------------------

class TaichiCompilationError(Exception):
    pass


class TaichiSyntaxError(TaichiCompilationError, SyntaxError):
    pass


class TaichiNameError(TaichiCompilationError, NameError):
    pass


class TaichiTypeError(TaichiCompilationError, TypeError):
    pass


class TaichiRuntimeError(RuntimeError):
    pass


class TaichiRuntimeTypeError(TaichiRuntimeError, TypeError):
    pass


class TaichiAssertionError(AssertionError):
    pass


_taichi_core._assert_error = TaichiAssertionError


# ---- primitive types -----------------------------------------------------------------

class DataType:
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


i8 = DataType("i8", 8, "i")
i16 = DataType("i16", 16, "i")
i32 = DataType("i32", 32, "i")
i64 = DataType("i64", 64, "i")
u1 = DataType("u1", 1, "u")
u8 = DataType("u8", 8, "u")
u16 = DataType("u16", 16, "u")
u32 = DataType("u32", 32, "u")
u64 = DataType("u64", 64, "u")
f16 = DataType("f16", 16, "f")
f32 = DataType("f32", 32, "f")
f64 = DataType("f64", 64, "f")
int8, int16, int32, int64 = i8, i16, i32, i64
uint1, uint8, uint16, uint32, uint64 = u1, u8, u16, u32, u64
float16, float32, float64 = f16, f32, f64

_primitive_types = [i8, i16, i32, i64, u1, u8, u16, u32, u64, f16, f32, f64]


def is_integral(dt):
    return isinstance(dt, DataType) and dt._kind != "f"


def is_real(dt):
    return isinstance(dt, DataType) and dt._kind == "f"


def is_signed(dt):
    return isinstance(dt, DataType) and dt._kind != "u"


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
    is_integral=is_integral, is_real=is_real, is_signed=is_signed)
types.primitive_types = _Namespace(
    "taichi.types.primitive_types", all_types=list(_primitive_types),
    integer_types=[t for t in _primitive_types if t._kind != "f"],
    real_types=[f16, f32, f64], **{t._name: t for t in _primitive_types})


# ---- archs -----------------------------------------------------------------------------

class Arch:
    __slots__ = ("name", "value")

    def __init__(self, name, value):
        self.name = name
        self.value = value

    def __repr__(self):
        return "<Arch.%s: %d>" % (self.name, self.value)

    def __str__(self):
        return "Arch." + self.name


x64 = Arch("x64", 0)
arm64 = Arch("arm64", 1)
js = Arch("js", 2)
cuda = Arch("cuda", 3)
metal = Arch("metal", 4)
opengl = Arch("opengl", 5)
dx11 = Arch("dx11", 6)
dx12 = Arch("dx12", 7)
opencl = Arch("opencl", 8)
amdgpu = Arch("amdgpu", 9)
vulkan = Arch("vulkan", 10)
gles = Arch("gles", 11)
_archs = [x64, arm64, js, cuda, metal, opengl, dx11, dx12, opencl, amdgpu, vulkan, gles]


def _host_arch():
    try:
        machine = os.uname().machine
    except Exception:
        machine = "x86_64"
    return arm64 if machine in ("aarch64", "arm64") else x64


cpu = _host_arch()
gpu = [cuda, metal, vulkan, opengl, dx11, dx12, gles, amdgpu]


# ---- axes --------------------------------------------------------------------------------

class Axis:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return "<ti.Axis %d>" % self.value


def axes(*x):
    """Physical indices by number: ti.axes(0, 1) is ti.ij."""
    return [Axis(i) for i in x]


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
        self.cpu_max_num_threads = os.cpu_count() or 1
        self.short_circuit_operators = False
        self.check_out_of_bound = False
        self.advanced_optimization = True
        self.fast_math = True
        self.kernel_profiler = False
        self.log_level = "info"
        self.opt_level = None
        self.verbose = True

    def __repr__(self):
        return "<ti.cfg arch=%s debug=%s>" % (self.arch, self.debug)


_init_options = ("debug", "print_ir", "random_seed", "offline_cache", "offline_cache_file_path",
                 "cpu_max_num_threads", "short_circuit_operators", "check_out_of_bound",
                 "advanced_optimization", "fast_math", "kernel_profiler", "log_level", "opt_level",
                 "verbose", "device_memory_GB", "device_memory_fraction", "default_gpu_block_dim",
                 "print_preprocessed_ir", "print_kernel_llvm_ir", "excepthook", "make_thread_local",
                 "make_block_local", "cfg_optimization", "flatten_if", "real_matrix_scalarize",
                 "default_cpu_block_dim", "gpu_max_reg", "cpu_max_num_threads", "ad_stack_size",
                 "debug_info", "print_accessor_ir", "kernel_profiler", "unrolling_limit")

cfg = None


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
    sys.stderr.write("[W] " + msg + "\n")


def init(arch=None, default_fp=None, default_ip=None, _test_mode=False, enable_fallback=True,
         require_version=None, **kwargs):
    """Starts a Taichi program: drops every field, then configures the backend.
    TI_ARCH in the environment overrides arch; only CPU archs run for now."""
    global cfg
    unknown = [key for key in kwargs if key not in _init_options]
    if unknown:
        raise KeyError("Unrecognized keyword argument(s) for ti.init: %s" % ", ".join(unknown))
    reset()
    c = _Config()
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
    env = os.environ.get("TI_ARCH", "")
    if env:
        sys.stderr.write("[I] Following TI_ARCH setting up for arch=%s\n" % env)
        arch = _arch_named(env)
    if arch is None:
        arch = cpu
    wanted = arch if isinstance(arch, list) else [arch]
    if vulkan in wanted and not isinstance(arch, list):
        raise TaichiRuntimeError(
            "arch=ti.vulkan: the Vulkan backend is not available in tirun yet; use arch=ti.cpu")
    if arch is x64 or arch is arm64:
        c.arch = arch
    else:
        _warn("Arch=%s is not supported, falling back to CPU" % wanted)
        c.arch = cpu
    cfg = c
    _state.initialized = True
    print("[Taichi] Starting on arch=%s" % c.arch.name)


def reset():
    """Drops every field and SNode tree; fields made before are dead."""
    _taichi_core.reset()
    _state.clear()
    _state.initialized = False


def sync():
    """Waits for running kernels; kernels on the CPU finish before they return."""
    return None


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


_state = _State()


def _materialize_all():
    """Materializes every tree built so far (the first access to an element
    does it, and so will a kernel launch); ti.root then starts a new tree."""
    if _state.unplaced:
        raise RuntimeError(
            "These field(s) are not placed:\n" +
            "".join("  %s (%s)\n" % (f._name or "<unnamed>", f._dtype) for f in _state.unplaced) +
            "Please consider specifying a shape for them. E.g.,\n\n  x = ti.field(float, shape=(2, 3))")
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
        if isinstance(axes, Axis):
            axes = [axes]
        if isinstance(dimensions, (list, tuple)):
            dims = list(dimensions)
            if len(dims) != len(axes):
                raise TaichiRuntimeError("%d axes but %d dimensions" % (len(axes), len(dims)))
        else:
            dims = [dimensions] * len(axes)
        for n, d in enumerate(dims):
            if not isinstance(d, int):
                raise TypeError("dimension %d of a dense SNode must be an int, got %s" % (n, type(d).__name__))
            if d <= 0:
                raise TaichiRuntimeError(
                    "Every dimension of a Taichi field should be positive, got %d in demension %d." % (d, n))
        return SNode(_taichi_core.dense(self._id, [a.value for a in axes], dims), "dense", self, self._gen)

    def place(self, *args, offset=None):
        """Places the fields (one element each) in every cell of this node."""
        self._check()
        for f in args:
            if not isinstance(f, ScalarField):
                raise TaichiTypeError("place() takes fields, got %s" % type(f).__name__)
            if f._snode is not None:
                raise RuntimeError("This variable has been placed.")
            f._snode = SNode(_taichi_core.place(self._id, f._dtype._name), "place", self, self._gen)
            if offset is not None:
                f._offset = tuple(offset) if isinstance(offset, (list, tuple)) else (offset,)
            if f in _state.unplaced:
                _state.unplaced.remove(f)
        return self

    def parent(self, n=1):
        p = self
        for _ in range(n):
            if p is None:
                return None
            p = p._parent
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
        return cfg.default_ip if cfg else i32
    if dtype is float:
        return cfg.default_fp if cfg else f32
    if isinstance(dtype, DataType):
        if dtype is u1:
            raise TaichiTypeError("fields of type u1 are not supported yet")
        return dtype
    raise ValueError("Invalid data type %s" % (dtype,))


class Field:
    """Taichi's field base class."""


class ScalarField(Field):
    """A field of one primitive type (ti.field)."""

    def __init__(self, dtype, name):
        self._dtype = dtype
        self._name = name
        self._snode = None
        self._offset = None
        self._ready = False
        self.grad = None

    def _place_id(self):
        s = self._snode
        if s is None:
            raise TaichiRuntimeError("the field is not placed: give it a shape, or place it with ti.root")
        s._check()
        if not self._ready:
            _materialize_all()
            self._ready = True
        return s._id

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

    def _key(self, key):
        if key is None:
            key = ()
        if not isinstance(key, (tuple, list)):
            key = (key,)
        if len(key) != len(self.shape):
            raise AssertionError("Slicing is not supported on ti.field")
        for x in key:
            if not isinstance(x, int):
                raise TypeError("Detected illegal element of type: %s. Please be aware that slicing a ti.field"
                                " is not supported so far." % type(x))
        if self._offset is not None:
            key = tuple(x - o for x, o in zip(key, self._offset))
        return key

    def __getitem__(self, key):
        id = self._place_id()
        return _taichi_core.read(id, self._key(key))

    def __setitem__(self, key, value):
        id = self._place_id()
        _taichi_core.write(id, self._key(key), value)

    def fill(self, val):
        """Sets every element to val (cast to the field's type)."""
        _taichi_core.fill(self._place_id(), val)

    def to_numpy(self, dtype=None):
        raise ImportError("Field.to_numpy() needs numpy, which tirun does not have")

    def from_numpy(self, arr):
        raise ImportError("Field.from_numpy() needs numpy, which tirun does not have")

    def __iter__(self):
        raise NotImplementedError("Struct for is only available in Taichi scope.")

    def __str__(self):
        return str(self.to_numpy())

    def __repr__(self):
        return "<ti.field>"


def field(dtype, shape=None, order=None, name="", offset=None, needs_grad=False, needs_dual=False):
    """A scalar field. With a shape it gets its own dense SNode under ti.root
    (shape=() is 0-d); without, place it with ti.root.dense(...).place(x)."""
    dtype = _dtype_of(dtype)
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
            raise TaichiRuntimeError("The shape cannot be None when offset is set")
        if len(offset) != len(shape):
            raise TaichiRuntimeError(
                "The dimensionality of shape and offset must be the same (%d != %d)" % (len(shape), len(offset)))
    x = ScalarField(dtype, name)
    if needs_grad and dtype._kind == "f":
        x.grad = ScalarField(dtype, name + ".grad" if name else "")
    if shape is None:
        _state.unplaced.append(x)
        if x.grad is not None:
            _state.unplaced.append(x.grad)
        return x
    dims = axes(*range(len(shape)))
    root.dense(dims, shape).place(x, offset=offset)
    if x.grad is not None:
        root.dense(dims, shape).place(x.grad, offset=offset)
    return x

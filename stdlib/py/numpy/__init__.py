"""numpy for tirun: the array type and its functions are written in C
(stdlib/numpy/, the _numpy module); this package adds the names numpy
programs import and the parts written in Python. Submodules (random,
linalg, testing) load on first use."""
import _numpy
from _numpy import *

__version__ = "2.0.0"

bool_ = _numpy.bool
True_ = bool_(True)
False_ = bool_(False)
byte = int8
short = int16
intc = int32
int_ = int64
intp = int64
long = int64
longlong = int64
ubyte = uint8
ushort = uint16
uintc = uint32
uint = uint64
uintp = uint64
ulonglong = uint64
half = float16
single = float32
double = float64
float_ = float64
longdouble = float64

newaxis = None
pi = 3.141592653589793
e = 2.718281828459045
euler_gamma = 0.5772156649015329
inf = float("inf")
nan = float("nan")
Inf = inf
NaN = nan
NINF = -inf
PINF = inf
NZERO = -0.0
PZERO = 0.0

ScalarType = (int, float, bool, bytes, str)


class iinfo:
    def __init__(self, int_type):
        dt = dtype(int_type)
        if dt.kind not in "iu":
            raise ValueError("Invalid integer data type %r." % (dt.kind,))
        self.dtype = dt
        self.kind = dt.kind
        self.bits = dt.itemsize * 8
        if dt.kind == "u":
            self.min = 0
            self.max = (1 << self.bits) - 1
        else:
            self.min = -(1 << (self.bits - 1))
            self.max = (1 << (self.bits - 1)) - 1

    def __repr__(self):
        return "iinfo(min=%d, max=%d, dtype=%s)" % (self.min, self.max, self.dtype)


_finfo_table = {
    "float16": (11, 5, 6.103515625e-05, 65504.0, 0.0009765625, 3, 6e-08),
    "float32": (24, 8, 1.1754943508222875e-38, 3.4028234663852886e38, 1.1920928955078125e-07, 6, 1e-45),
    "float64": (53, 11, 2.2250738585072014e-308, 1.7976931348623157e308, 2.220446049250313e-16, 15, 5e-324),
}


class finfo:
    def __init__(self, dtype_like):
        dt = dtype(dtype_like)
        if dt.kind != "f":
            dt = dtype(float64)
        nmant, nexp, tiny, mx, eps, precision, smallest_sub = _finfo_table[dt.name]
        t = dt.type
        self.dtype = dt
        self.bits = dt.itemsize * 8
        self.nmant = nmant - 1
        self.nexp = nexp
        self.eps = t(eps)
        self.max = t(mx)
        self.min = t(-mx)
        self.tiny = t(tiny)
        self.smallest_normal = self.tiny
        self.smallest_subnormal = t(smallest_sub)
        self.precision = precision
        self.resolution = t(10.0 ** -precision)

    def __repr__(self):
        return "finfo(resolution=%s, min=%s, max=%s, dtype=%s)" % (self.resolution, self.min, self.max, self.dtype)


def issubdtype(arg1, arg2):
    if not isinstance(arg1, type) or not issubclass(arg1, generic):
        arg1 = dtype(arg1).type
    if not isinstance(arg2, type) or not issubclass(arg2, generic):
        arg2 = dtype(arg2).type
    return issubclass(arg1, arg2)


def _lazy(name):
    import importlib
    return importlib.import_module("numpy." + name)


def __getattr__(name):
    if name in ("random", "linalg", "testing", "fft", "lib", "polynomial", "ma"):
        mod = __import__("numpy." + name, None, None, ["_"])
        globals()[name] = mod
        return mod
    raise AttributeError("module 'numpy' has no attribute '%s'" % name)

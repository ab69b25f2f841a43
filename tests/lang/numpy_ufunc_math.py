# numpy's math ufuncs as module functions: arrays, scalars and lists in, numpy's
# result dtypes out (int -> float64, int8 -> float16, float32 stays), out= and
# dtype=, two-output ufuncs, where / clip / round / isclose / nan_to_num.
import numpy as np

if hasattr(np, "seterr"):
    np.seterr(all="ignore")


def show(label, r):
    if isinstance(r, tuple):
        print(label, [(x.dtype.name, x.tolist()) for x in r])
    elif isinstance(r, np.ndarray):
        print(label, r.dtype.name, r.tolist())
    else:
        print(label, type(r).__name__, r.item() if isinstance(r, np.generic) else r)


xs = [0.25, 0.5, 1.0, 2.0, 3.5]
ints = np.array([1, 2, 3, 4], np.int32)
f64 = np.array(xs)
names = ["sqrt", "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan",
         "arctan", "sinh", "cosh", "tanh", "arcsinh", "degrees", "radians", "deg2rad", "rad2deg",
         "floor", "ceil", "trunc", "rint", "square", "negative", "positive", "absolute", "fabs", "sign",
         "reciprocal", "isnan", "isinf", "isfinite", "signbit"]
for n in names:
    f = getattr(np, n)
    show(n, f(f64))
    show(n + " int", f(ints))
    show(n + " scalar", f(2.0))
for n in ["arcsin", "arccos", "arctanh"]:
    show(n, getattr(np, n)(np.array([-0.5, 0.0, 0.25, 0.75])))
show("arccosh", np.arccosh(np.array([1.0, 2.0, 10.0])))
show("int8 sqrt", np.sqrt(np.array([4, 9], np.int8)))
show("bool exp", np.exp(np.array([True, False])))
show("f32 sqrt", np.sqrt(np.array([2.0, 9.0], np.float32)))
show("f32 floor", np.floor(np.array([-1.5, 2.5], np.float32)))
show("list", np.sqrt([1, 4, 9]))
show("f16", np.add(np.array([1.5, 2.25], np.float16), np.array([0.125, 1.0], np.float16)))
show("f16 sqrt", np.sqrt(np.array([2.0, 3.0], np.float16)))

a = np.array([3.0, -4.0, 0.5, -0.0])
bb = np.array([2.0, 3.0, -1.5, 1.0])
for n in ["add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "mod", "remainder", "fmod",
          "power", "maximum", "minimum", "fmax", "fmin", "arctan2", "hypot", "copysign", "logaddexp",
          "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and",
          "logical_or", "logical_xor"]:
    show(n, getattr(np, n)(a, bb))
show("fmod int", np.fmod(np.array([7, -7, 7]), np.array([3, 3, -3])))
show("maximum nan", np.maximum(np.array([1.0, np.nan, 3.0]), np.array([np.nan, 2.0, 1.0])))
show("fmax nan", np.fmax(np.array([1.0, np.nan, np.nan]), np.array([np.nan, 2.0, np.nan])))
show("bitwise", np.bitwise_and(ints, 6))
show("bitwise_or", np.bitwise_or(ints, 8))
show("bitwise_xor", np.bitwise_xor(ints, ints[::-1]))
show("invert", np.invert(ints))
show("left_shift", np.left_shift(ints, 2))
show("right_shift", np.right_shift(ints, 1))
show("logical_not", np.logical_not(np.array([0.0, 1.5, np.nan])))
show("modf", np.modf(np.array([1.5, -2.25, 3.0])))
show("divmod", np.divmod(np.array([7, -7]), 3))
show("isnan", np.isnan(np.array([1.0, np.nan, np.inf])))
show("isinf", np.isinf(np.array([1.0, np.nan, -np.inf])))

out = np.zeros(4)
r = np.add(a, 1, out=out)
print("out", r is out, out.tolist())
out32 = np.zeros(4, np.float32)
np.multiply(a, 2, out=out32)
print("out f32", out32.tolist())
show("dtype=", np.add(ints, ints, dtype=np.float32))
show("dtype= int", np.multiply(np.array([1, 2]), 3, dtype=np.int8))
show("scalar add", np.add(1, 2))
show("scalar sqrt", np.sqrt(np.float32(4.0)))
show("ufunc reduce", np.multiply.reduce(np.array([1, 2, 3, 4])))
show("logical reduce", np.logical_or.reduce(np.array([0, 0, 3])))
show("bitwise reduce", np.bitwise_or.reduce(np.array([1, 2, 8], np.uint8)))
show("bitwise_and reduce", np.bitwise_and.reduce(np.array([7, 6, 14])))
show("accumulate", np.multiply.accumulate(np.array([1, 2, 3, 4])))
show("outer", np.multiply.outer(np.array([1, 2]), np.array([1, 10, 100])))
show("add.reduce 2d", np.add.reduce(np.arange(6).reshape(2, 3)))
show("maximum.reduce axis1", np.maximum.reduce(np.arange(6).reshape(2, 3), axis=1))

m = np.arange(6).reshape(2, 3)
show("where3", np.where(m > 2, m, -1))
show("where f32", np.where(m > 2, np.float32(1), 0))
show("where1", np.where(m % 2 == 0))
show("clip", np.clip(m, 1, 4))
show("clip f", np.clip(np.array([0.5, 2.5]), 1, 2))
show("clip none", np.clip(m, None, 3))
show("method clip", m.clip(2, 3))
show("round", np.round(np.array([0.5, 1.5, 2.5, -0.5, 1.2345]), 2))
show("round0", np.round(np.array([0.5, 1.5, 2.5, -0.5, 3.7])))
show("around int", np.around(np.array([15, 25, 1234]), -1))
show("round f32", np.round(np.array([1.23456, 2.5], np.float32), 3))
print("py round", round(np.float64(2.5)), round(np.float64(3.5)), round(np.float32(1.26), 1) == np.float32(1.3))
show("isclose", np.isclose(np.array([1.0, 1.0001, np.nan]), np.array([1.0 + 1e-9, 1.0, np.nan])))
show("isclose nan", np.isclose(np.array([1.0, np.nan]), np.array([1.0, np.nan]), equal_nan=True))
print("allclose", np.allclose([1.0, 2.0], [1.0, 2.0 + 1e-9]), np.allclose([1.0], [1.1]), np.allclose(1, 1.0))
print("array_equal", np.array_equal([1, 2], [1, 2]), np.array_equal([1, 2], [1, 3]), np.array_equal([1], [1, 1]),
      np.array_equal([np.nan], [np.nan], equal_nan=True))
print("array_equiv", np.array_equiv([1, 2], [[1, 2], [1, 2]]), np.array_equiv([1, 2], [1, 2, 3]))
show("nan_to_num", np.nan_to_num(np.array([np.nan, np.inf, -np.inf, 1.0])))
show("nan_to_num f32", np.nan_to_num(np.array([np.nan, np.inf], np.float32), nan=-1.0))
show("nan_to_num int", np.nan_to_num(np.array([1, 2])))

# numpy's operators and ufuncs: result values and dtypes (NEP 50 promotion:
# Python scalars are weak, numpy scalars and arrays strong), in-place casting
# errors, ufunc objects. Printed with tolist() and dtype names.
import numpy as np

if hasattr(np, "seterr"):
    np.seterr(all="ignore")   # numpy warns on integer division by 0; tirun's numpy is silent


def show(label, r):
    if isinstance(r, tuple):
        print(label, [(x.dtype.name, x.tolist()) for x in r])
    else:
        print(label, r.dtype.name, r.tolist())


def err(label, f):
    try:
        f()
        print(label, "no error")
    except Exception as e:
        print(label, type(e).__name__ if not isinstance(e, TypeError) else "TypeError", e)


i32 = np.array([1, -2, 3, 7], np.int32)
i8 = np.array([100, -100, 5, 0], np.int8)
u8 = np.array([1, 200, 255, 0], np.uint8)
f32 = np.array([1.5, -2.25, 0.0, 3.0], np.float32)
f64 = np.array([0.5, -1.5, 2.0, -0.0])
b = np.array([True, False, True, False])

for name, x in [("i32", i32), ("i8", i8), ("u8", u8), ("f32", f32), ("f64", f64), ("b", b)]:
    show(name + "+1", x + 1)
    show(name + "*2.0", x * 2.0)
    show(name + "/2", x / 2)
    show(name + "+i32", x + i32)
    show(name + "+f32", x + f32)
    show(name + "<2", x < 2)
    show(name + "==f64", x == f64)

show("i32//3", i32 // 3)
show("i32%3", i32 % 3)
show("i32//-3", i32 // -3)
show("i32%-3", i32 % -3)
show("i32//0", i32 // np.array([0, 0, 0, 0], np.int32))
show("i32%0", i32 % np.array([0, 0, 0, 0], np.int32))
show("f64//0.75", f64 // 0.75)
show("f64%0.75", f64 % 0.75)
show("-f64%0.75", -f64 % -0.75)
show("divmod", divmod(np.array([7, -7, 7, -7]), np.array([2, 2, -2, -2])))
show("f divmod", divmod(np.array([7.5, -7.5]), 2.0))
show("i8+i8 wrap", i8 + i8)
show("u8-1", u8 - 1)
show("i32**2", i32 ** 2)
show("2**i32", 2 ** np.array([0, 1, 10], np.int32))
show("f32**0.5", np.abs(f32) ** 0.5)
show("u8<<3", u8 << 3)
show("i32>>1", i32 >> 1)
show("i32&5|2^1", (i32 & 5) | 2 ^ 1)
show("~i32", ~i32)
show("~b", ~b)
show("-u8", -u8)
show("abs i8", abs(i8))
show("b&b", b & b[::-1])
show("b|b", b | b[::-1])
show("b+b", b + b[::-1])
show("b*b", b * b[::-1])
show("u8+i8", u8 + i8)
show("u8 < 300", u8 < 300)
show("i8 == 1000", i8 == 1000)
show("u8 > -1", u8 > -1)
show("2-d bcast", np.arange(6).reshape(2, 3) + np.array([10, 20, 30]))
show("col bcast", np.arange(3).reshape(3, 1) * np.arange(4))

s = np.float32(1.5)
print("scalar types", type(s * 2).__name__, type(s * 2.0).__name__, type(2 * s).__name__,
      type(s + np.float64(1)).__name__, type(np.int32(3) + 3).__name__, type(np.int32(3) + np.int64(3)).__name__,
      type(np.int8(3) / 2).__name__, type(np.uint8(3) * True).__name__)
print("scalar values", float(s * 2), int(np.int32(7) // 2), bool(np.float64(0.5) > 0.25))

x = np.array([1, 2, 3], np.int64)
x += 2
x *= 3
print("inplace", x.dtype.name, x.tolist())
y = np.array([1.5, 2.5], np.float32)
y += np.array([1.0, 2.0])
y /= 2
print("inplace f32", y.dtype.name, y.tolist())
z = np.arange(6)
z[1:] += z[:-1]
print("overlap", z.tolist())
v = z[::2]
v -= 1
print("view inplace", z.tolist())
err("iadd float", lambda: x.__iadd__(1.5))
err("u8 overflow", lambda: u8 + 300)
err("bool sub", lambda: b - b)
err("bool neg", lambda: -b)
err("float invert", lambda: ~f32)
err("float shift", lambda: f32 << 1)
err("neg int power", lambda: np.array([2]) ** -1)
err("shape mismatch", lambda: np.zeros(3) + np.zeros(4))
err("ro out", lambda: np.add(1, 2, out=np.broadcast_to(np.zeros(1), (3,))))

print("ufunc", np.add, np.sin.__name__, np.add.nin, np.add.nout, np.modf.nout, np.add.identity,
      np.multiply.identity, np.maximum.identity, np.logical_and.identity, isinstance(np.add, np.ufunc))
print("aliases", np.abs is np.absolute, np.true_divide is np.divide, np.mod is np.remainder)

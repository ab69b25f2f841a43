# memoryview: views of bytes, bytearray and array.array, slicing, writing
# through, cast, comparison, hashing and release
from array import array

m = memoryview(b"abcdef")
print(len(m), m[0], m[-1], list(m[1:3]), m[::2].tobytes(), m.readonly, m.format, m.itemsize, m.nbytes)
print(m.ndim, m.shape, m.strides, m.tobytes(), m.hex(), m[2:4].hex(":"), bytes(m[1:]), m.obj)
print(m == b"abcdef", b"abcdef" == m, m[1:3] == b"bc", m != b"x", hash(m) == hash(b"abcdef"))

b = bytearray(b"hello")
v = memoryview(b)
v[0] = 72
v[1:3] = b"EL"
print(b, v.readonly, v.tolist()[:2], bytearray(v), v.toreadonly().readonly)

a = array("i", [1, 2, 3, 4])
w = memoryview(a)
w[2] = 30
print(a, w.format, w.itemsize, w[1:].tolist(), w.cast("B").nbytes, len(w.cast("B")))
print(memoryview(bytearray(b"\x01\x00\x00\x00")).cast("i").tolist(), memoryview(memoryview(b"xy")).tobytes())
print(int(memoryview(b"123")), bytes(memoryview(b"ab")), b"x" + memoryview(b"y"))

with memoryview(b"abc") as r:
    print(r[1])
print("released" in repr(r))

def error(f, *args):
    try:
        f(*args)
    except Exception as e:
        print(type(e).__name__ + ":", e)

error(memoryview, 1)
error(memoryview, "str")
error(m.__setitem__, 0, 1)
error(v.__setitem__, 0, 256)
error(v.__setitem__, 0, "x")
error(v.__setitem__, slice(0, 2), b"xyz")
error(v.__delitem__, 0)
error(hash, v)
error(lambda: m[10])
error(lambda: r[0])
error(lambda: w.cast("d"))

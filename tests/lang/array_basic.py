# array.array: typecodes, construction, the sequence protocol, methods, the
# buffer it exposes, and CPython's errors
from array import array, typecodes

print(typecodes)
for code in "bBhHiIlLqQfd":
    a = array(code, [1, 2, 3])
    print(code, a.itemsize, a, len(a), a[0], a[-1], a.tolist(), len(a.tobytes()))
print(array("d"), array("u", "hé€"), array("b", b"ab"), array("i", array("b", [1, 2])))
print(repr(array("f", [0.1])), array("d", [0.1, float("inf")]))

a = array("i", [5, 1, 4])
a.append(9)
a.extend([7, 7])
a.extend(array("i", [2]))
a.insert(0, 3)
a.insert(-100, 0)
print(a, a.pop(), a.pop(0), a.count(7), a.index(4), 4 in a, 99 in a)
a.remove(7)
a.reverse()
print(a, a[1:3], a[::-1], a[::2])
a[0] = 100
a[1:3] = array("i", [8, 8, 8])
del a[-1]
del a[::2]
print(a)
a += array("i", [6])
a *= 2
print(a, a + array("i", [1]), array("i", [1]) * 3, 2 * array("h", [4]))
print(array("b", [1, 2]) == array("d", [1.0, 2.0]), array("b", [1, 2]) < array("b", [1, 3]),
      array("B", [1]) != array("B", [1]))
print(list(iter(array("H", [10, 20]))), sorted(array("i", [3, 1, 2])))

b = array("h", [1, -2])
b.byteswap()
print(b, b.tobytes())
b.frombytes(b"\x01\x00")
b.fromlist([3])
print(b, bytes(array("H", [0x0102])), bytearray(array("b", [-1])), b"x" + array("b", [65]))
print(array("B", b"abc") in [array("B", b"abc")], array("u", "ab").tounicode())
m = memoryview(array("i", [1, 2, 3]))
print(m.format, m.itemsize, m.nbytes, m.tolist())

def error(f, *args):
    try:
        f(*args)
    except Exception as e:
        print(type(e).__name__ + ":", e)

error(array, "z")
error(array, "b", [200])
error(array, "B", [-1])
error(array, "h", [2 ** 70])
error(array, "I", [-1])
error(array, "Q", [2 ** 64])
error(array, "q", [2 ** 63])
error(array, "b", [1.5])
error(array, "d", ["x"])
error(array, "b", "abc")
error(array, "i", 5)
error(array("i").pop)
error(lambda: array("i", [1])[5])
error(lambda: array("i", [1]) + array("b"))
error(lambda: array("i", [1]) + [1])
error(array("i", [1]).index, 9)
error(array("i").frombytes, b"abc")
error(array("i", [1]).__setitem__, slice(0, 1), [1])

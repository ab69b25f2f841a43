# struct: formats with byte orders, sizes, alignment, Struct, the buffer
# functions and struct.error's messages
import struct

print(struct.pack("<hHiI", -2, 2, -3, 3), struct.pack(">q", -1), struct.pack("!H", 258))
print(struct.pack("@bi", 1, 2), struct.calcsize("@bi"), struct.calcsize("=bi"), struct.calcsize("bi0q"))
print(struct.unpack("<hHiI", struct.pack("<hHiI", -2, 2, -3, 3)))
print(struct.pack("<fd", 1.5, -0.25), struct.unpack("<e", struct.pack("<e", 1.5)))
print(struct.pack("3s2x?c", b"abcdef", 5, b"z"), struct.unpack("3sx?c", b"abc\x00\x01z"))
print(struct.pack("5p", b"ab"), struct.unpack("5p", b"\x02abcd"))
print(struct.pack("@QqNn", 2 ** 64 - 1, -2 ** 63, 5, -5), struct.calcsize("@NP"))
print(struct.unpack_from("<H", b"\x00\x01\x02", 1), list(struct.iter_unpack("<h", b"\x01\x00\x02\x00")))
buf = bytearray(6)
struct.pack_into("<hh", buf, 2, 7, -1)
print(buf)
s = struct.Struct("<ih")
print(s.size, s.format, s.pack(1, 2), s.unpack(b"\x01\x00\x00\x00\x02\x00"), s.unpack_from(b"xx" + bytes(6), 2))
class Index:
    def __index__(self):
        return 7
print(struct.pack("<i", Index()), struct.pack("<i", True))

def error(f, *args):
    try:
        f(*args)
    except (struct.error, TypeError, OverflowError) as e:
        print(type(e).__name__ + ":", e)

error(struct.pack, "b", 200)
error(struct.pack, "<H", -1)
error(struct.pack, "<i", 2 ** 31)
error(struct.pack, "<I", -1)
error(struct.pack, "<q", 2 ** 63)
error(struct.pack, "i", 1.5)
error(struct.pack, "d", "x")
error(struct.pack, "c", b"ab")
error(struct.pack, "s", 1)
error(struct.pack, "ii", 1)
error(struct.pack, "z", 1)
error(struct.pack, "3")
error(struct.pack, "<e", 1e10)
error(struct.unpack, "i", b"ab")
error(struct.unpack_from, "i", b"abc", 1)
error(struct.unpack_from, "i", b"abc", -5)
error(struct.pack_into, "i", bytearray(3), 1, 5)
error(struct.iter_unpack, "i", b"abcde")
print(issubclass(struct.error, Exception))

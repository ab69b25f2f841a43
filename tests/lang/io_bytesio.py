# io.BytesIO: writing past the end, reading, readinto, getbuffer, and that
# the initial bytes are copied
import io

b = io.BytesIO(b"foobar")
print(b.read(3), b.read(), b.read(), b.tell(), b.seek(10), b.read(10))
print(b.write(b"!"), b.getvalue())
b = io.BytesIO()
print(b.seek(4), b.write(b"12"), b.getvalue(), b.seek(-1, 2), b.write(b"0"), b.getvalue())
b.seek(0)
arr = bytearray(4)
print(b.readinto(arr), arr, b.read())
src = bytearray(b"abc")
c = io.BytesIO(src)
c.write(b"X")
print(src, c.getvalue(), c.getbuffer().tobytes(), io.BytesIO(b"a\nb\n").readlines())
c.truncate(2)
print(c.getvalue(), list(io.BytesIO(b"x\ny")), c.readable(), isinstance(c, io.BufferedIOBase))
class Sink(io.IOBase):
    def write(self, data):
        print("write", len(data))
        return len(data)
print("test", file=Sink())
c.close()
try:
    c.read()
except ValueError as e:
    print("ValueError:", e)
try:
    io.BytesIO().write("s")
except TypeError as e:
    print("TypeError:", e)

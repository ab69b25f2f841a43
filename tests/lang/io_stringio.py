# io.StringIO: writing, reading, seeking, lines, the context manager and the
# errors of a closed stream
import io

s = io.StringIO()
print(s.write("hello\n"), s.write("world"), s.getvalue(), s.tell(), repr(s.read()))
s.seek(0)
print(repr(s.readline()), repr(s.read(3)), repr(s.read()), s.tell())
s = io.StringIO("abcdef")
s.write("XY")
print(s.getvalue(), s.read(), s.seek(0, 2), s.truncate(3), s.getvalue())
s = io.StringIO("one\ntwo\nthree")
print(list(s), s.readable(), s.writable(), s.seekable())
s.seek(0)
print(s.readlines(), isinstance(s, io.TextIOBase), isinstance(s, io.IOBase))
with io.StringIO("x") as t:
    print(t.read(), t.closed)
print(t.closed)
print("hi", 1, 2, sep="-", file=(p := io.StringIO()))
print(repr(p.getvalue()), io.StringIO("a\r\nb", newline=None).read().split("\n"))
for f in (t.read, t.getvalue, lambda: t.write("x")):
    try:
        f()
    except ValueError as e:
        print("ValueError:", e)
try:
    io.StringIO().write(b"x")
except TypeError as e:
    print("TypeError:", e)
print(io.SEEK_SET, io.SEEK_CUR, io.SEEK_END, issubclass(io.UnsupportedOperation, OSError))

"""io: the stream classes. Files (open, FileIO, the buffered and text
wrappers) come from the VM's _io module (vm/objfile.c); this adds the
abstract bases and the in-memory streams StringIO and BytesIO, with CPython's
methods, positions and errors."""

from _io import (DEFAULT_BUFFER_SIZE, BufferedRandom, BufferedReader, BufferedWriter, FileIO, TextIOWrapper,
                 UnsupportedOperation, open)

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2

__all__ = ["BlockingIOError", "open", "IOBase", "RawIOBase", "FileIO", "BytesIO", "StringIO", "BufferedIOBase",
           "BufferedReader", "BufferedWriter", "BufferedRandom", "TextIOBase", "TextIOWrapper",
           "UnsupportedOperation", "SEEK_SET", "SEEK_CUR", "SEEK_END", "DEFAULT_BUFFER_SIZE", "text_encoding"]


def text_encoding(encoding, stacklevel=2):
    return "utf-8" if encoding is None else encoding


class IOBase:
    """The base of every stream: closing, context management, iteration by
    lines, and UnsupportedOperation for what a subclass does not do."""

    _closed = False

    def _unsupported(self, name):
        raise UnsupportedOperation("%s.%s() not supported" % (type(self).__name__, name))

    def seek(self, pos, whence=0):
        self._unsupported("seek")

    def tell(self):
        return self.seek(0, 1)

    def truncate(self, pos=None):
        self._unsupported("truncate")

    def flush(self):
        self._checkClosed()

    def close(self):
        if not self._closed:
            try:
                self.flush()
            finally:
                self._closed = True

    @property
    def closed(self):
        return self._closed

    def _checkClosed(self, msg=None):
        if self.closed:
            raise ValueError("I/O operation on closed file." if msg is None else msg)

    def seekable(self):
        return False

    def readable(self):
        return False

    def writable(self):
        return False

    def fileno(self):
        self._unsupported("fileno")

    def isatty(self):
        self._checkClosed()
        return False

    def __enter__(self):
        self._checkClosed()
        return self

    def __exit__(self, *args):
        self.close()

    def __iter__(self):
        self._checkClosed()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def readline(self, size=-1):
        res = bytearray()
        while size is None or size < 0 or len(res) < size:
            b = self.read(1)
            if not b:
                break
            res += b
            if res.endswith(b"\n"):
                break
        return bytes(res)

    def readlines(self, hint=None):
        if hint is None or hint <= 0:
            return list(self)
        lines, n = [], 0
        for line in self:
            lines.append(line)
            n += len(line)
            if n >= hint:
                break
        return lines

    def writelines(self, lines):
        self._checkClosed()
        for line in lines:
            self.write(line)


class RawIOBase(IOBase):
    def read(self, size=-1):
        if size is None or size < 0:
            return self.readall()
        b = bytearray(size)
        n = self.readinto(b)
        return None if n is None else bytes(b[:n])

    def readall(self):
        res = bytearray()
        while True:
            data = self.read(DEFAULT_BUFFER_SIZE)
            if not data:
                break
            res += data
        return bytes(res)


class BufferedIOBase(IOBase):
    def read(self, size=-1):
        self._unsupported("read")

    def read1(self, size=-1):
        return self.read(size)

    def write(self, b):
        self._unsupported("write")

    def readinto(self, b):
        data = self.read(len(b))
        n = len(data)
        b[:n] = data
        return n

    def detach(self):
        self._unsupported("detach")


class TextIOBase(IOBase):
    encoding = None
    errors = None
    newlines = None

    def read(self, size=-1):
        self._unsupported("read")

    def write(self, s):
        self._unsupported("write")

    def detach(self):
        self._unsupported("detach")


def _line_end(buf, pos, size, newline):
    """Where the line of buf starting at pos ends: past its newline, or at
    the end, or after size items when size >= 0."""
    end = buf.find(newline, pos)
    end = len(buf) if end < 0 else end + 1
    return min(end, pos + size) if size >= 0 else end


def _size_arg(size):
    if size is None:
        return -1
    if not hasattr(type(size), "__index__"):
        raise TypeError("argument should be integer or None, not '%s'" % type(size).__name__)
    return size.__index__()


class BytesIO(BufferedIOBase):
    """A binary stream over an in-memory buffer."""

    __module__ = "_io"

    def __init__(self, initial_bytes=b""):
        self._buf = bytearray(initial_bytes)
        self._pos = 0
        self._closed = False

    def getvalue(self):
        self._checkClosed()
        return bytes(self._buf)

    def getbuffer(self):
        self._checkClosed()
        return memoryview(self._buf)

    def read(self, size=-1):
        self._checkClosed()
        size = _size_arg(size)
        n = len(self._buf)
        if self._pos >= n:
            return b""
        end = n if size < 0 else min(n, self._pos + size)
        data = bytes(self._buf[self._pos:end])
        self._pos = end
        return data

    read1 = read

    def readline(self, size=-1):
        self._checkClosed()
        size = _size_arg(size)
        pos = self._pos
        end = _line_end(self._buf, pos, size, b"\n")
        if pos >= end:
            return b""
        self._pos = end
        return bytes(self._buf[pos:end])

    def readinto(self, b):
        self._checkClosed()
        data = self.read(len(b))
        n = len(data)
        memoryview(b).cast("B")[:n] = data
        return n

    readinto1 = readinto

    def write(self, b):
        self._checkClosed()
        if isinstance(b, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        data = bytes(b)
        n = len(data)
        pos = self._pos
        if pos > len(self._buf):
            self._buf += bytes(pos - len(self._buf))
        self._buf[pos:pos + n] = data
        self._pos = pos + n
        return n

    def seek(self, pos, whence=0):
        self._checkClosed()
        pos = pos.__index__() if hasattr(type(pos), "__index__") else pos
        if not isinstance(pos, int):
            raise TypeError("'%s' object cannot be interpreted as an integer" % type(pos).__name__)
        if whence == 0:
            if pos < 0:
                raise ValueError("negative seek value %d" % pos)
            self._pos = pos
        elif whence == 1:
            self._pos = max(0, self._pos + pos)
        elif whence == 2:
            self._pos = max(0, len(self._buf) + pos)
        else:
            raise ValueError("invalid whence (%d, should be 0, 1 or 2)" % whence)
        return self._pos

    def tell(self):
        self._checkClosed()
        return self._pos

    def truncate(self, size=None):
        self._checkClosed()
        size = self._pos if size is None else size
        if size < 0:
            raise ValueError("negative size value %d" % size)
        del self._buf[size:]
        return size

    def readable(self):
        self._checkClosed()
        return True

    writable = seekable = readable

    def close(self):
        self._closed = True


class StringIO(TextIOBase):
    """A text stream over an in-memory str."""

    __module__ = "_io"

    def __init__(self, initial_value="", newline="\n"):
        if newline is not None and not isinstance(newline, str):
            raise TypeError("newline must be str or None, not %s" % type(newline).__name__)
        if newline not in (None, "", "\n", "\r", "\r\n"):
            raise ValueError("illegal newline value: %r" % (newline,))
        if initial_value is not None and not isinstance(initial_value, str):
            raise TypeError("initial_value must be str or None, not %s" % type(initial_value).__name__)
        self._newline = newline
        self._closed = False
        self._text = ""
        self._tail = []      # pieces written at the end, joined when read
        self._pos = 0
        if initial_value:
            self.write(initial_value)
            self._pos = 0

    def _value(self):
        if self._tail:
            self._text += "".join(self._tail)
            self._tail = []
        return self._text

    def _translate(self, s):
        if self._newline is None:
            return s.replace("\r\n", "\n").replace("\r", "\n")
        if self._newline not in ("", "\n"):
            return s.replace("\n", self._newline)
        return s

    def getvalue(self):
        self._checkClosed()
        return self._value()

    def write(self, s):
        self._checkClosed()
        if not isinstance(s, str):
            raise TypeError("string argument expected, got '%s'" % type(s).__name__)
        n = len(s)
        s = self._translate(s)
        length = len(self._text) + sum(len(t) for t in self._tail) if self._tail else len(self._text)
        if self._pos == length:
            self._tail.append(s)
        else:
            text = self._value()
            if self._pos > len(text):
                text += "\0" * (self._pos - len(text))
            self._text = text[:self._pos] + s + text[self._pos + len(s):]
        self._pos += len(s)
        return n

    def read(self, size=-1):
        self._checkClosed()
        size = _size_arg(size)
        text = self._value()
        end = len(text) if size < 0 else min(len(text), self._pos + size)
        if self._pos >= end:
            return ""
        data = text[self._pos:end]
        self._pos = end
        return data

    def readline(self, size=-1):
        self._checkClosed()
        size = _size_arg(size)
        text, pos = self._value(), self._pos
        end = _line_end(text, pos, size, "\n")
        if pos >= end:
            return ""
        self._pos = end
        return text[pos:end]

    def seek(self, pos, whence=0):
        self._checkClosed()
        if whence == 0:
            if pos < 0:
                raise ValueError("Negative seek position %d" % pos)
            self._pos = pos
        elif whence in (1, 2):
            if pos != 0:
                raise OSError("Can't do nonzero cur-relative seeks")
            if whence == 2:
                self._pos = len(self._value())
        else:
            raise ValueError("Invalid whence (%d, should be 0, 1 or 2)" % whence)
        return self._pos

    def tell(self):
        self._checkClosed()
        return self._pos

    def truncate(self, size=None):
        self._checkClosed()
        size = self._pos if size is None else size
        if size < 0:
            raise ValueError("Negative size value %d" % size)
        self._text = self._value()[:size]
        return size

    def readable(self):
        self._checkClosed()
        return True

    writable = seekable = readable

    def close(self):
        self._closed = True

    def _checkClosed(self, msg=None):
        if self._closed:
            raise ValueError("I/O operation on closed file")

    @property
    def line_buffering(self):
        return False

    @property
    def newlines(self):
        return None

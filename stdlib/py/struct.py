"""struct: packing values into bytes as C lays them out. The work is done by
the _struct module (stdlib/modstruct.c); this adds the Struct class, a
format parsed once and kept with its size."""

from _struct import calcsize, error, iter_unpack, pack, pack_into, unpack, unpack_from
from _struct import _count

__all__ = ["calcsize", "pack", "pack_into", "unpack", "unpack_from", "iter_unpack", "Struct", "error"]


class Struct:
    """A compiled format: Struct(fmt).pack(...) is pack(fmt, ...)."""

    def __init__(self, format):
        if isinstance(format, bytes):
            format = format.decode("ascii")
        self.size = calcsize(format)
        self._count = _count(format)
        self.format = format

    def pack(self, *values):
        return pack(self.format, *values)

    def pack_into(self, buffer, offset, *values):
        return pack_into(self.format, buffer, offset, *values)

    def unpack(self, buffer):
        return unpack(self.format, buffer)

    def unpack_from(self, buffer, offset=0):
        return unpack_from(self.format, buffer, offset)

    def iter_unpack(self, buffer):
        return iter_unpack(self.format, buffer)

    def __repr__(self):
        return "Struct(%r)" % self.format


def _clearcache():
    """Nothing is cached: formats are parsed at each call."""

# bool is an int subclass; truthiness of every built-in kind; and/or/not return operands.
print(True, False, type(True), isinstance(True, int), issubclass(bool, int), bool.__mro__)
print(True + True, True * 10, -True, ~False, True / 2, True // 2, True << 4, int(True))
print(True == 1, False == 0, True is True, not True, not 0, not "", not [0])
print(str(True), repr(False), f"{True}", "%s %d %r" % (True, True, False), format(True, "d"), format(False, ">6"))
for v in (0, 1, -1, 0.0, 0.1, "", "a", " ", [], [0], (), (0,), {}, {0: 0}, set(), {0}, None, range(0), range(1), b"", b"\x00", 0j, 1j):
    print(repr(v), bool(v))
print(1 and 2, 0 and 2, 1 or 2, 0 or 2, None or "x", "" or [] or {}, [] and 1)
print(1 and 2 and 3, 1 and 0 and 3, 0 or 0.0 or "end", not 1 == 2, (not 1) == 2)
print(bool(), bool(True), bool("False"), True & True, True | False, True ^ True, type(True ^ False))
print(sum([True, True, False, True]), max(False, True), sorted([True, False, True]))
print(hash(True), hash(False), {True: "a", 1: "b"}, {False, 0, 0.0})

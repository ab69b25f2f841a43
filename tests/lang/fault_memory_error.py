# Impossible allocations raise MemoryError (and the program carries on).
for label, make in (("list", lambda: [None] * (2 ** 62)), ("str", lambda: "x" * (2 ** 62)),
                    ("bytes", lambda: bytes(2 ** 62)), ("bytearray", lambda: bytearray(2 ** 62))):
    try:
        make()
        print(label, "allocated?!")
    except MemoryError as e:
        print(label, "MemoryError", repr(e))
    except OverflowError as e:
        print(label, "OverflowError", e)
print(issubclass(MemoryError, Exception), "still running", len([0] * 1000))

# traceback.format_exception's limit and sys.tracebacklimit: frames kept per
# traceback (the first ones; the last ones for a negative limit)
import sys
import traceback


def f0():
    raise ValueError("value")


def f1():
    f0()


def f2():
    f1()


def frames(lines):
    return [l.split(", in ")[1].strip() if "  File " in l else l.strip() for l in lines]


try:
    f2()
except ValueError as e:
    err = e

for limit in (None, 5, 2, 1, 0, -1, -2, -9):
    print(limit, frames(traceback.format_exception(err, limit=limit)))

try:
    try:
        f2()
    except ValueError:
        raise KeyError("k")
except KeyError as e:
    chained = e
print(frames(traceback.format_exception(chained, limit=1)))

for limit in (3, 1, 0, -1):
    sys.tracebacklimit = limit
    print("sys", limit, frames(traceback.format_exception(err)))
print(hasattr(sys, "tracebacklimit"))
del sys.tracebacklimit
print(hasattr(sys, "tracebacklimit"), frames(traceback.format_exception(err)))

# atexit callbacks still run after an uncaught exception, after its traceback.
import atexit
import sys


def report():
    print("atexit callback")
    print("atexit callback on stderr", file=sys.stderr)


atexit.register(report)
print("before")
raise KeyError("not caught")

# SystemExit can be caught like any exception; sys.exit() with no argument exits with 0.
import sys
for arg in (None, 0, 5, "text", (1, 2)):
    try:
        if arg is None:
            sys.exit()
        sys.exit(arg)
    except SystemExit as e:
        print(repr(arg), "->", repr(e.code), e.args)
try:
    raise SystemExit(7)
except BaseException as e:
    print(type(e).__name__, e.code, isinstance(e, Exception))
print("exiting cleanly")
sys.exit(0)

# sys.argv, sys.path, version info, platform facts and the standard streams.
import sys
print(sys.argv, len(sys.argv), sys.argv[0])
print(type(sys.path).__name__, all(isinstance(p, str) for p in sys.path))
print(sys.version_info >= (3, 8), sys.version_info[0], sys.version_info.major, isinstance(sys.version, str))
print(sys.maxsize, sys.maxsize == 2 ** 63 - 1, sys.byteorder, sys.platform.startswith("linux"))
print(sys.float_info.max, sys.float_info.epsilon, sys.float_info.dig, sys.float_info.mant_dig)
print(sys.int_info.bits_per_digit > 0, sys.getrecursionlimit(), type(sys.modules).__name__, "sys" in sys.modules)
print(sys.stdout is sys.__stdout__, sys.stderr is sys.__stderr__, hasattr(sys.stdin, "read"))
n = sys.stdout.write("written with sys.stdout.write\n")
print(n)
sys.stderr.write("written to stderr\n")
print("builtins" in sys.builtin_module_names, callable(sys.exit), sys.exc_info())
try:
    raise KeyError("inside")
except KeyError:
    t, v, tb = sys.exc_info()
    print(t.__name__, repr(v), tb is not None)
print(sys.exc_info() == (None, None, None))

# The built-in exception hierarchy.
names = ["BaseException", "Exception", "ArithmeticError", "ZeroDivisionError", "OverflowError", "LookupError",
         "IndexError", "KeyError", "ValueError", "UnicodeError", "UnicodeDecodeError", "TypeError", "NameError",
         "UnboundLocalError", "AttributeError", "RuntimeError", "RecursionError", "NotImplementedError",
         "StopIteration", "GeneratorExit", "KeyboardInterrupt", "SystemExit", "OSError", "FileNotFoundError",
         "AssertionError", "ImportError", "ModuleNotFoundError", "EOFError", "MemoryError", "FloatingPointError",
         "IOError", "EnvironmentError", "PermissionError", "TimeoutError", "Warning", "UserWarning", "DeprecationWarning"]
import builtins
for n in names:
    cls = getattr(builtins, n)
    print(n, "->", " > ".join(k.__name__ for k in cls.__mro__[1:]))
print(issubclass(KeyError, LookupError), issubclass(StopIteration, Exception), issubclass(SystemExit, Exception))
print(IOError is OSError, EnvironmentError is OSError, issubclass(ModuleNotFoundError, ImportError))
for exc in (ZeroDivisionError(), KeyError(), RecursionError(), FileNotFoundError(), KeyboardInterrupt()):
    for base in (Exception, ArithmeticError, LookupError, RuntimeError, OSError):
        if isinstance(exc, base):
            print(type(exc).__name__, "is a", base.__name__)
try:
    {}["x"]
except LookupError as e:
    print("LookupError caught", type(e).__name__, e)
try:
    raise SystemExit(3)
except Exception:
    print("not here")
except BaseException as e:
    print("BaseException caught", type(e).__name__, e.code)

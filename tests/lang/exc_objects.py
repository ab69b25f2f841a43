# Exception objects: args, str, repr, attributes of specific types.
for e in (ValueError(), ValueError("one"), ValueError("a", 2), KeyError("k"), KeyError(), KeyError(1, 2),
          OSError(2, "No such file"), StopIteration(5), SystemExit(), SystemExit(2), SystemExit("msg"),
          IndexError("index"), Exception(None), UnicodeError("u"), AttributeError("attr")):
    print(type(e).__name__, e.args, repr(str(e)), repr(e))
e = StopIteration("v")
print(e.value, SystemExit(4).code, SystemExit().code, OSError(2, "x").errno, OSError(2, "x").strerror)
try:
    {"a": 1}["b"]
except KeyError as err:
    print(err.args, str(err), repr(err))
try:
    [].pop()
except IndexError as err:
    print(err.args)
try:
    getattr(object(), "zz")
except AttributeError as err:
    print(err.args, err.name if hasattr(err, "name") else "")
try:
    import no_such_module_xyz
except ImportError as err:
    print(type(err).__name__, err, err.name)
err = ValueError("mutable args")
err.args = ("changed",)
print(err, err.args)
err.note = "custom attribute"
print(err.note, ValueError("x") == ValueError("x"), isinstance(err, BaseException))
e2 = ValueError("with note")
e2.add_note("first note")
e2.add_note("second note")
print(e2.__notes__)
print(BaseException("a", "b").with_traceback(None).args)

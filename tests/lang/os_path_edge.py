# os.path corner cases: str and bytes, separators, dots, errors; no file-system state.
import os
import posixpath
p = os.path
print(p is posixpath, p.__name__, os.sep, os.altsep, os.devnull, p.defpath, os.name, os.curdir, os.pardir)
cases = ["", "/", "//", "///", "a", "a/", "/a", "a//b", "/a/b/", "./a", "../a", "a/..", "a/../..", "/..", "//a//b",
         "///a/../b", ".", "..", "...", ".a", "a.", "a.b.c", "/x.y/z", "/x.y/.z", "a/.b.c", "..b", "a/...", "a/b.", "a/./b/.", "../../x/../y"]
for c in cases:
    print(repr(c), p.split(c), p.splitext(c), repr(p.basename(c)), repr(p.dirname(c)), repr(p.normpath(c)), p.isabs(c))
for c in ("", "/", "a/b", "..//c/", ".x.y"):
    b = c.encode()
    print(repr(b), p.split(b), p.splitext(b), p.normpath(b), p.join(b, b"q"), p.splitdrive(b), p.normcase(b))
for a, b in [("a", "b"), ("a/", "b"), ("a", "/b"), ("", ""), ("", "b"), ("a", ""), ("/", "x"), ("a//", "//b"), ("a", "b/")]:
    print((a, b), repr(p.join(a, b)))
print(p.join("a", "b", "/c", "d"), p.join(b"x", b"", b"y"))
for path, start in [("/a/b/c", "/a"), ("/a/x", "/a/b/c"), ("/a", "/a"), ("/", "/a/b"), ("a/b", "a"), ("a", "a/b/c"), ("../x", "y"), ("/a/b", "/a/bc")]:
    print(path, start, p.relpath(path, start), p.relpath(path.encode(), start.encode()))
print(p.relpath("x") == "x", p.relpath(os.getcwd()), p.relpath(p.join(os.getcwd(), "q", "r")))
for group in (["/usr/lib", "/usr/local"], ["/usr/lib/", "/usr/lib"], ["a/b", "a/./b/c"], ["/a/b", "/a/c", "/a/b/d"], ["a", "b"], ["/"], [""], ["x/../y", "x/z"]):
    print(group, repr(p.commonpath(group)), repr(p.commonprefix(group)))
print(p.commonprefix([]), p.commonprefix([[1, 2, 3], [1, 2, 4]]), p.commonprefix(("abc", "abd", "ab")), p.commonpath([b"/a/b", b"/a/c"]))
os.environ["HOME"] = "/home/tester/"
os.environ["TIRUN_EDGE_VAR"] = "val"
for c in ("~", "~/x", "~x", "x~", "~nosuchuserzz/y", b"~/z", "$TIRUN_EDGE_VAR/a", "${TIRUN_EDGE_VAR}b", "$TIRUN_EDGE_VARx",
          "$TIRUN_UNSET_QQ", "${TIRUN_UNSET_QQ}", "$", "${", "${}", "a$", "$$TIRUN_EDGE_VAR", "${TIRUN_EDGE_VAR", "$1",
          b"$TIRUN_EDGE_VAR/${TIRUN_EDGE_VAR}", "no dollars"):
    print(repr(c), repr(p.expanduser(c)), repr(p.expandvars(c)))
os.environ["HOME"] = "/"
print(p.expanduser("~"), p.expanduser("~/a"))
del os.environ["HOME"]
print(p.expanduser("~x"))
class P:
    def __fspath__(self):
        return "pl/x.txt"
print(p.splitext(P()), p.join(P(), "y"), p.join("y", P()), os.fspath(P()), p.basename(P()), p.isabs(P()))
print(isinstance(P(), os.PathLike), isinstance("x", os.PathLike), issubclass(bytes, os.PathLike), os.fspath(b"b"))
def attempt(f, *args):
    try:
        print(f.__name__, repr(f(*args)))
    except (TypeError, ValueError) as e:
        print(f.__name__, type(e).__name__, e)
attempt(p.join, "a", 1)
attempt(p.join, "a", b"b")
attempt(p.join, b"a", "b", 3)
attempt(p.join, 1)
attempt(p.join, "a", None)
attempt(p.split, None)
attempt(p.relpath, "")
attempt(p.relpath, "a", b"b")
attempt(p.relpath, "a", 1)
attempt(p.commonpath, [])
attempt(p.commonpath, ["/a", "b"])
attempt(p.commonpath, ["/a", b"/b"])
attempt(p.commonpath, ["a", 1])
attempt(p.commonprefix, 5)
attempt(p.normpath, 3)
attempt(os.fspath, 3)
attempt(p.islink, 1)
attempt(p.exists, "a\0b")
attempt(p.isdir, "a\0b")

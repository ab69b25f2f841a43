# os.environ as a mapping, and the process-level functions of os and posix.
import os
import posix
import sys
from collections.abc import Mapping, MutableMapping
env = os.environ
print(type(env).__name__, isinstance(env, MutableMapping), isinstance(env, Mapping), isinstance(env, dict))
env["TIRUN_MISC_A"] = "1"
print(env.setdefault("TIRUN_MISC_A", "x"), env.setdefault("TIRUN_MISC_B", "2"), env.pop("TIRUN_MISC_B"), env.pop("TIRUN_MISC_B", "gone"))
env.update({"TIRUN_MISC_C": "3"}, TIRUN_MISC_D="4")
print([k for k in env if k.startswith("TIRUN_MISC_")], len(env) == len(list(env)), env.copy().__class__.__name__)
print(sorted((k, v) for k, v in env.items() if k.startswith("TIRUN_MISC_")), "3" in env.values(), "TIRUN_MISC_D" in env.keys())
merged = env | {"TIRUN_MISC_E": "5"}
print(type(merged).__name__, merged["TIRUN_MISC_E"], "TIRUN_MISC_E" in env)
env |= {"TIRUN_MISC_E": "5"}
print(env["TIRUN_MISC_E"], os.getenv("TIRUN_MISC_E"), os.getenv("TIRUN_MISC_NONE"), os.getenv("TIRUN_MISC_NONE", 0))
for key in [k for k in env if k.startswith("TIRUN_MISC_")]:
    del env[key]
print([k for k in env if k.startswith("TIRUN_MISC_")], os.getenv("TIRUN_MISC_A"))
def attempt(what, f):
    try:
        print(what, repr(f()))
    except Exception as e:
        print(what, type(e).__name__, e)
attempt("set int", lambda: env.__setitem__("TIRUN_MISC_X", 1))
attempt("set key", lambda: env.__setitem__(2, "x"))
attempt("get int", lambda: env.get(1))
attempt("in int", lambda: 1 in env)
attempt("bad name", lambda: env.__setitem__("A=B", "x"))
attempt("empty name", lambda: env.__setitem__("", "x"))
attempt("null value", lambda: env.__setitem__("TIRUN_MISC_X", "a\0b"))
attempt("del missing", lambda: env.__delitem__("TIRUN_MISC_NOPE"))
attempt("get missing", lambda: env["TIRUN_MISC_NOPE"])
attempt("or int", lambda: env | 1)
os.putenv("TIRUN_MISC_RAW", "r")
print("TIRUN_MISC_RAW" in env, os.system("test \"$TIRUN_MISC_RAW\" = r") == 0)
env["TIRUN_MISC_SEEN"] = "yes"
print(os.system("test \"$TIRUN_MISC_SEEN\" = yes"), os.system("exit 3") >> 8)
os.unsetenv("TIRUN_MISC_RAW")
print(os.system("test -z \"$TIRUN_MISC_RAW\""))
print(os.get_exec_path({"PATH": "/a:/b"}), os.get_exec_path({}), type(os.get_exec_path()).__name__)
print(os.getpid() == posix.getpid(), os.getppid() > 0, isinstance(os.getuid(), int), os.cpu_count() >= 1)
print(len(os.urandom(16)), os.urandom(0), type(os.urandom(3)).__name__, os.strerror(2), os.strerror(13))
attempt("urandom negative", lambda: os.urandom(-1))
attempt("getpid arg", lambda: os.getpid(1))
attempt("strerror str", lambda: os.strerror("x"))
attempt("putenv one", lambda: os.putenv("x"))
attempt("putenv int", lambda: os.putenv(1, "x"))
t = os.times()
print(type(t).__name__, len(t), t.user >= 0, t.elapsed == t[4], t._fields if hasattr(t, "_fields") else "no _fields")
u = os.uname()
print(type(u).__name__, len(u), u.sysname, u[0] == u.sysname)
print(os.fsencode("abc"), os.fsdecode(b"abc"), os.fsencode(b"x"), os.fsdecode("y"), os.fspath("s"))
print(os.error is OSError, os.linesep == "\n", os.SEEK_SET, os.SEEK_CUR, os.SEEK_END, os.O_RDONLY, os.O_WRONLY, os.O_RDWR)
print(os.stat_result is posix.stat_result, os.stat is posix.stat, os.path is sys.modules["os.path"], "path" in os.__all__, "makedirs" in os.__all__)
names = sys.builtin_module_names
print(type(names).__name__, list(names) == sorted(names), "posix" in names, "sys" in names, "builtins" in names, "os" in names)

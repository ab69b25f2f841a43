# File-system calls of os in a scratch directory made (and removed) under this one.
import os

def attempt(what, f, *args, **kw):
    try:
        r = f(*args, **kw)
    except Exception as e:
        print(what, "->", type(e).__name__, e, "| errno", getattr(e, "errno", None),
              repr(getattr(e, "filename", None)), repr(getattr(e, "filename2", None)))
    else:
        print(what, "->", repr(r))

home = os.getcwd()
scratch = "_os_files_scratch_%d" % os.getpid()
os.mkdir(scratch)
try:
    os.chdir(scratch)
    print(os.path.basename(os.getcwd()) == scratch, os.listdir(), os.listdir("."), os.listdir(b"."))
    with open("a.txt", "w") as f:
        f.write("hello\n")
    with open("b.bin", "wb") as f:
        f.write(bytes(range(10)))
    os.makedirs("d1/d2/d3")
    os.makedirs("d1/d2", exist_ok=True)
    attempt("makedirs existing", os.makedirs, "d1/d2")
    attempt("mkdir existing", os.mkdir, "d1")
    attempt("makedirs over a file", os.makedirs, "a.txt", 0o777, True)
    os.makedirs("e/./f/")
    print(sorted(os.listdir()), sorted(os.listdir("d1")), os.listdir(b"d1"), sorted(os.listdir("e")))

    st = os.stat("a.txt")
    print(type(st).__name__, type(st).__module__, len(st), st.st_size, st[6], st.n_fields, st.n_sequence_fields, st.n_unnamed_fields)
    print(type(st.st_mtime).__name__, type(st[8]).__name__, st[8] == int(st.st_mtime), st.st_mtime_ns // 10**9 == st[8],
          type(st.st_mtime_ns).__name__, st.st_mode & 0o170000 == 0o100000, st.st_nlink, st.st_ino == os.lstat("a.txt").st_ino)
    print(os.stat("d1").st_mode & 0o170000 == 0o040000, os.path.getsize("b.bin"), os.path.isfile("a.txt"),
          os.path.isdir("d1/d2"), os.path.exists("nope"), os.path.getmtime("a.txt") == st.st_mtime)
    print(os.access("a.txt", os.F_OK), os.access("a.txt", os.R_OK | os.W_OK), os.access("nope", os.F_OK), os.F_OK, os.R_OK, os.W_OK, os.X_OK)

    attempt("stat missing", os.stat, "nope")
    attempt("lstat bytes", os.lstat, b"nope")
    attempt("listdir file", os.listdir, "a.txt")
    attempt("remove dir", os.remove, "d1")
    attempt("rmdir non-empty", os.rmdir, "d1")
    attempt("rmdir missing", os.rmdir, "nope")
    attempt("unlink missing", os.unlink, "nope")
    attempt("rename missing", os.rename, "nope", "other")
    attempt("chdir missing", os.chdir, "nope")
    attempt("stat type", os.stat, 1.5)
    attempt("remove type", os.remove, None)
    attempt("listdir type", os.listdir, [])
    attempt("stat null", os.stat, "a\0b")
    attempt("mkdir args", os.mkdir)
    attempt("rename args", os.rename, "a", "b", "c")
    attempt("stat dir_fd", os.stat, "a.txt", dir_fd="x")

    os.rename("a.txt", "c.txt")
    os.replace("b.bin", "d1/b.bin")
    print(sorted(os.listdir()), sorted(os.listdir("d1")))
    os.renames("c.txt", "r1/r2/c.txt")
    print(sorted(os.listdir()), os.listdir("r1/r2"))
    os.renames("r1/r2/c.txt", "c.txt")
    print(sorted(os.listdir()))

    os.symlink("c.txt", "link")
    os.symlink("d1", "dirlink")
    print(os.path.islink("link"), os.path.islink("c.txt"), os.readlink("link"), os.readlink(b"link"),
          os.path.realpath("link") == os.path.join(os.getcwd(), "c.txt"), os.path.isdir("dirlink"),
          os.lstat("link").st_mode & 0o170000 == 0o120000, os.stat("link").st_size)
    os.symlink("loop2", "loop1")
    os.symlink("loop1", "loop2")
    print(os.path.relpath(os.path.realpath("loop1/x"), os.getcwd()), os.path.exists("loop1"), os.path.lexists("loop1"))
    try:
        os.path.realpath("loop1", strict=True)
    except OSError as e:
        print("strict loop:", type(e).__name__, e.errno, e.filename)

    for top, dirs, files in os.walk("."):
        dirs.sort()
        print("down", top, dirs, sorted(files))
    for top, dirs, files in os.walk("d1", topdown=False):
        print("up", top, dirs, sorted(files))
    for top, dirs, files in os.walk(".", followlinks=False):
        dirs[:] = [d for d in sorted(dirs) if d != "d1"]
        print("pruned", top, dirs)
    errors = []
    print(list(os.walk("nope", onerror=errors.append)), [type(e).__name__ for e in errors])

    fd = os.open("fd.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    print(os.write(fd, b"via descriptor\n"), os.fstat(fd).st_size, os.isatty(fd))
    os.close(fd)
    fd = os.open("fd.txt", os.O_RDONLY)
    print(os.read(fd, 4), os.read(fd, 100), os.read(fd, 100))
    os.close(fd)
    attempt("close closed", os.close, fd)
    attempt("open missing", os.open, "nope", os.O_RDONLY)
    attempt("exclusive", os.open, "fd.txt", os.O_WRONLY | os.O_CREAT | os.O_EXCL)

    for name in ("link", "dirlink", "loop1", "loop2", "c.txt", "fd.txt", "d1/b.bin"):
        os.remove(name)
    os.removedirs("d1/d2/d3")
    os.rmdir("e/f")
    os.rmdir("e")
    print(os.listdir())
finally:
    os.chdir(home)
    for top, dirs, files in os.walk(scratch, topdown=False):
        for n in files:
            os.remove(os.path.join(top, n))
        for n in dirs:
            p = os.path.join(top, n)
            (os.remove if os.path.islink(p) else os.rmdir)(p)
    os.rmdir(scratch)
print(os.path.exists(scratch))

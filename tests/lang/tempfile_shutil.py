# tempfile (mkdtemp, mkstemp, TemporaryDirectory, NamedTemporaryFile, gettempdir)
# and shutil (copy, copyfile, copytree, move, rmtree, which) on real files.
import os
import shutil
import tempfile

d = tempfile.mkdtemp(prefix="x_", suffix="_y")
print(os.path.isdir(d), os.path.basename(d).startswith("x_"), d.endswith("_y"), os.path.isabs(d))
print(oct(os.stat(d).st_mode & 0o777))
fd, p = tempfile.mkstemp(suffix=".txt", dir=d)
os.write(fd, b"hello\n")
os.close(fd)
print(os.path.dirname(p) == d, p.endswith(".txt"), oct(os.stat(p).st_mode & 0o777))
q = shutil.copy(p, os.path.join(d, "copy.txt"))
with open(q) as f:
    print(f.read(), end="")
print(shutil.copyfile(q, os.path.join(d, "c2")) == os.path.join(d, "c2"))
try:
    shutil.copyfile(q, q)
except shutil.SameFileError as e:
    print("SameFileError", isinstance(e, OSError))
os.makedirs(os.path.join(d, "sub", "deeper"))
with open(os.path.join(d, "sub", "deeper", "f"), "w") as f:
    f.write("x")
shutil.copytree(os.path.join(d, "sub"), os.path.join(d, "sub2"))
print(sorted(os.listdir(os.path.join(d, "sub2", "deeper"))))
print(sorted(os.listdir(d)) == sorted([os.path.basename(p), "copy.txt", "c2", "sub", "sub2"]))
m = shutil.move(os.path.join(d, "copy.txt"), os.path.join(d, "sub"))
print(os.path.relpath(m, d), os.path.exists(os.path.join(d, "copy.txt")))
print(os.path.relpath(shutil.move(os.path.join(d, "sub2"), os.path.join(d, "sub3")), d))
shutil.rmtree(d)
print(os.path.exists(d))
try:
    shutil.rmtree(d)
except FileNotFoundError as e:
    print("FileNotFoundError", e.errno)
shutil.rmtree(d, ignore_errors=True)
seen = []
shutil.rmtree(d, onerror=lambda fn, path, info: seen.append((path == d, info[0].__name__)))
print(seen[:1])
print(shutil.which("sh") is not None, shutil.which("no-such-program-xyz"))
print(os.path.isdir(tempfile.gettempdir()), tempfile.gettempprefix())
with tempfile.TemporaryDirectory() as t:
    open(os.path.join(t, "a"), "w").close()
    os.mkdir(os.path.join(t, "b"))
    print(os.path.isdir(t))
print(os.path.exists(t))
td = tempfile.TemporaryDirectory()
td.cleanup()
td.cleanup()
print(os.path.exists(td.name))
with tempfile.NamedTemporaryFile("w+", suffix=".py") as f:
    f.write("abc")
    f.flush()
    with open(f.name) as g:
        print(g.read(), f.name.endswith(".py"))
print(os.path.exists(f.name))
f = tempfile.NamedTemporaryFile(delete=False)
f.write(b"z")
f.close()
print(os.path.exists(f.name))
os.unlink(f.name)

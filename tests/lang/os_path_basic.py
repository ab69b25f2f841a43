# os.path string manipulation (POSIX semantics); no file-system state beyond this directory.
import os
import os.path
print(os.sep, os.pathsep, os.curdir, os.pardir, os.extsep, os.linesep == "\n", os.name)
print(os.path.join("a", "b", "c.txt"), os.path.join("/root", "x"), os.path.join("a", "/abs", "b"), os.path.join("a/", "b"), os.path.join("", "x"), os.path.join("a", ""))
for p in ("/usr/lib/python3/os.py", "relative/dir/", "file.tar.gz", ".bashrc", "/", "", "a/b/../c", "//double//slash"):
    print(repr(p), os.path.split(p), os.path.basename(p), os.path.dirname(p), os.path.splitext(p), os.path.isabs(p))
for p in ("a/./b/../c", "/a/b/../../..", "a//b///c/", "./x", "../../y", "", ".", "/.."):
    print(repr(p), repr(os.path.normpath(p)))
print(os.path.commonprefix(["/usr/lib", "/usr/local", "/usr/libexec"]), os.path.commonpath(["/usr/lib", "/usr/local"]))
print(os.path.splitext("archive.tar.gz"), os.path.splitext("noext"), os.path.splitext("dir.d/file"), os.path.splitext("..."))
print(os.path.relpath("/a/b/c", "/a"), os.path.relpath("/a/x", "/a/b/c"), os.path.expanduser("no_tilde"), os.path.splitdrive("/x/y"))
print(os.path.exists("os_path_basic.py"), os.path.isfile("os_path_basic.py"), os.path.isdir("mods"), os.path.exists("no/such/file"))
print(os.path.basename(os.path.abspath("os_path_basic.py")), os.path.isabs(os.getcwd()), os.path.join(*["p", "q", "r"]))

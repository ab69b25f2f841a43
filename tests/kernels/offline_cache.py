# tirun-only: Taichi's offline cache keeps no counters a program can read.
# A program run twice with the same cache directory compiles its kernels in
# the first run and loads all of them from the cache in the second; a cache
# file that is truncated, damaged or holds another kernel is ignored and that
# kernel compiled again (never a crash); offline_cache=False neither reads
# nor writes the cache. Each run is a child process (sys.executable).
import os
import sys

CHILD = '''
import sys
import taichi as ti
from taichi import _taichi_core as core

ti.init(arch=ti.cpu, debug=True, offline_cache=sys.argv[1] == "on")
x = ti.field(ti.f32, shape=8)


@ti.kernel
def fill(k: ti.f32):
    for i in x:
        x[i] = i * k


@ti.kernel
def total() -> ti.f32:
    s = 0.0
    for i in x:
        s += x[i]
    return s


@ti.kernel
def shout(n: ti.i32):
    print("n =", n)
    assert n < 100, "n too big"


fill(0.5)
shout(7)
try:
    shout(1000)
except AssertionError as e:
    print("assert:", str(e).strip())
print("total", total(), "compiled", core.backend_compiles(), "loaded", core.cache_loads())
'''

work = "/tmp/tirun-offline-cache-%d" % os.getpid()
cache = work + "/cache"
os.mkdir(work)
with open(work + "/child.py", "w") as f:
    f.write(CHILD)


def run(label, mode="on"):
    os.system("cd %s && XDG_CACHE_HOME=%s %s child.py %s > out.txt 2>&1" % (work, cache, sys.executable, mode))
    with open(work + "/out.txt") as f:
        print(label + ":", " | ".join(line.strip() for line in f if not line.startswith("[Taichi]")))


def cache_files():
    d = cache + "/tirun"
    return sorted(n for n in os.listdir(d) if n.endswith(".tic")) if os.path.isdir(d) else []


def read(name):
    with open(cache + "/tirun/" + name, "rb") as f:
        return f.read()


def write(name, data):
    with open(cache + "/tirun/" + name, "wb") as f:
        f.write(data)


run("first run")
files = cache_files()
print("cache files:", len(files), "index:", os.path.exists(cache + "/tirun/ticache.tcb"))
run("second run")

a, b, c = files
write(c, read(a))                                               # another kernel's file
write(a, read(a)[: len(read(a)) // 2])                          # truncated
data = bytearray(read(b))
data[len(data) - 7] ^= 0x40                                     # a damaged byte
write(b, bytes(data))
run("damaged files")
run("repaired")
write(a, b"")                                                   # empty
write(b, b"TIRUNKC1" + b"\xff" * 40)                            # a header with lengths past the end
run("garbage")

for n in os.listdir(cache + "/tirun"):
    os.remove(cache + "/tirun/" + n)
run("cache off", "off")
print("cache files:", len(cache_files()))

os.rmdir(cache + "/tirun")
os.rmdir(cache)
os.remove(work + "/child.py")
os.remove(work + "/out.txt")
os.rmdir(work)

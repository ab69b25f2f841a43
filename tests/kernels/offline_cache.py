# tirun-only: Taichi's offline cache keeps no counters a program can read.
# A program run twice with the same cache directory compiles its kernels in
# the first run and loads all of them from the cache in the second; a cache
# file that is truncated, damaged or holds another kernel is ignored and that
# kernel compiled again (never a crash); offline_cache=False neither reads
# nor writes the cache; processes running at once share it. Each run is a
# child process (sys.executable).
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


def outputs(mode, processes):
    """Runs the child (processes of it at once, sharing the cache): their outputs."""
    cmd = "XDG_CACHE_HOME=%s %s child.py %s" % (cache, sys.executable, mode)
    os.system("cd %s && (%s wait)" % (work, "".join("%s > out%d.txt 2>&1 & " % (cmd, i) for i in range(processes))))
    outs = []
    for i in range(processes):
        with open("%s/out%d.txt" % (work, i)) as f:
            outs.append(" | ".join(line.strip() for line in f if not line.startswith("[Taichi]")))
        os.remove("%s/out%d.txt" % (work, i))
    return outs


def run(label, mode="on"):
    print(label + ":", outputs(mode, 1)[0])


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


def clear():
    for n in os.listdir(cache + "/tirun"):
        os.remove(cache + "/tirun/" + n)


clear()
run("cache off", "off")
print("cache files:", len(cache_files()))
# processes that share the directory write whole files (temporary name, then
# rename) and one index between them
outs = outputs("on", 4)
# which of them found another's files depends on timing; each has 3 kernels
results = set(o.split(" compiled ")[0] for o in outs)
counts = [o.split(" compiled ")[1].split(" loaded ") for o in outs]
print("at once:", len(results), "result", results.pop(), "|", [int(c) + int(l) for c, l in counts])
print("cache files:", len(cache_files()), "others:", sorted(n for n in os.listdir(cache + "/tirun") if not n.endswith(".tic")))
run("after them")
clear()

os.rmdir(cache + "/tirun")
os.rmdir(cache)

# Taichi's cleaning policies, at the end of a program (ti.reset): lru and fifo
# drop the factor's share of the files once they add up to the size limit
import taichi as ti  # noqa: E402

path = work + "/own"


@ti.kernel
def k1() -> ti.i32:
    return 1


@ti.kernel
def k2() -> ti.i32:
    return 2


@ti.kernel
def k3() -> ti.i32:
    return 3


@ti.kernel
def k4() -> ti.i32:
    return 4


def files():
    return len(os.listdir(path)) if os.path.isdir(path) else 0


ti.init(arch=ti.cpu, offline_cache_file_path=path)
print(k1() + k2() + k3() + k4(), "files before the end:", files())
ti.reset()
print("after ti.reset:", files())
for policy, size, factor in (("never", 1, 1.0), ("fifo", 1 << 30, 0.5), ("version", 1, 1.0),
                             ("lru", 1, 0.5), ("fifo", 1, 0.5), ("lru", 1, 1.0)):
    ti.init(arch=ti.cpu, offline_cache_file_path=path, offline_cache_cleaning_policy=policy,
            offline_cache_max_size_of_files=size, offline_cache_cleaning_factor=factor)
    ti.reset()
    print(policy, size, factor, "->", files())
os.rmdir(path)
os.remove(work + "/child.py")
os.rmdir(work)

# tirun-only (Thread.start): tirun runs Python code on one thread, so
# Thread.start() raises RuntimeError rather than run the target some other way.
# Then the pattern of Taichi's test_offline_cache: an offline cache under a
# mkdtemp directory named by the thread's ident, removed with shutil.rmtree,
# the directory itself by an atexit callback.
import atexit
import threading
from os import listdir, rmdir
from os.path import exists, join
from shutil import rmtree
from tempfile import mkdtemp

import taichi as ti

ran = []
t = threading.Thread(target=ran.append, args=(1,))
try:
    t.start()
except RuntimeError as e:
    print("RuntimeError:", e)
print(ran, t.is_alive())

top = mkdtemp()


def remove_top():
    rmdir(top)
    print("atexit removed the directory:", not exists(top))


atexit.register(remove_top)
path = join(top, str(threading.current_thread().ident))
ti.init(arch=ti.cpu, offline_cache=True, offline_cache_file_path=path)


@ti.kernel
def k() -> ti.i32:
    return 7


print(k())
ti.reset()
print(len(listdir(path)) > 0)
rmtree(path)
print(exists(path))

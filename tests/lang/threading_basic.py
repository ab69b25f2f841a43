# threading on one thread: the main thread's object, Lock / RLock semantics,
# thread-local data, a Thread object before start().
import threading

t = threading.current_thread()
print(t is threading.main_thread(), t.name, type(t.ident).__name__, t.ident == threading.get_ident())
print(t.is_alive(), t.daemon, threading.active_count(), threading.enumerate() == [t])
lock = threading.Lock()
with lock:
    print(lock.locked(), lock.acquire(False), lock.acquire(timeout=0.01))
print(lock.locked(), lock.acquire(), lock.locked())
lock.release()
try:
    lock.release()
except RuntimeError as e:
    print("RuntimeError:", e)
r = threading.RLock()
with r:
    with r:
        print("reentrant")
try:
    r.release()
except RuntimeError as e:
    print("RuntimeError:", e)
loc = threading.local()
loc.x = 5
print(loc.x, hasattr(loc, "y"))


def work(a, b=0):
    print("work", a, b)


th = threading.Thread(target=work, args=(1,), kwargs={"b": 2}, name="worker")
print(th.name, th.ident, th.is_alive(), th.daemon)
th.run()
th2 = threading.Thread(target=work)
print(th2.name.endswith("(work)"))
try:
    th.join()
except RuntimeError as e:
    print("RuntimeError:", e)

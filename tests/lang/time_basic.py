# time: only deterministic properties (monotonicity, types, struct_time of fixed timestamps).
import time
t0 = time.time()
p0 = time.perf_counter()
m0 = time.monotonic()
time.sleep(0.01)
t1, p1, m1 = time.time(), time.perf_counter(), time.monotonic()
print(type(t0).__name__, t0 > 1.6e9, t1 >= t0, p1 - p0 >= 0.009, m1 >= m0, type(time.time_ns()).__name__)
print(time.perf_counter_ns() > 0, time.monotonic_ns() > 0, abs(time.time_ns() / 1e9 - time.time()) < 5)
g = time.gmtime(0)
print(g.tm_year, g.tm_mon, g.tm_mday, g.tm_hour, g.tm_min, g.tm_sec, g.tm_wday, g.tm_yday, g.tm_isdst)
print(tuple(time.gmtime(86400 * 365 + 3600 * 5 + 61)))
print(time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(1_000_000_000)), time.strftime("%a %b %d %j", time.gmtime(1_700_000_000)))
print(time.asctime(time.gmtime(0)), time.strftime("%y%m%d", time.gmtime(951782400)))
print(time.gmtime(1234567890)[:6], time.gmtime(1234567890).tm_year)
start = time.perf_counter()
total = sum(range(10000))
elapsed = time.perf_counter() - start
print(total, elapsed >= 0, elapsed < 5)

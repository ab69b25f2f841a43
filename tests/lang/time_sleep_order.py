# time.sleep with small durations keeps events in order; timings are checked, never printed.
import time
events = []
for delay in (0.005, 0.0, 0.002):
    before = time.monotonic()
    time.sleep(delay)
    events.append((delay, time.monotonic() - before >= delay * 0.9))
print(events)
deadline = time.monotonic() + 0.02
spins = 0
while time.monotonic() < deadline:
    spins += 1
print("spun", spins > 0)
try:
    time.sleep(-1)
except ValueError as e:
    print("ValueError:", e)
print(time.gmtime(0).tm_year, time.struct_time((2000, 1, 1, 0, 0, 0, 5, 1, 0)).tm_wday)

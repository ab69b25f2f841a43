# collections.deque: both ends, rotate, maxlen, indexing and repr.
from collections import deque
d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1], d[2])
print(d.pop(), d.popleft(), d)
d.extend([7, 8])
d.extendleft([-1, -2])
print(d)
d.rotate(2)
print(d)
d.rotate(-3)
print(d)
print(d.count(7), d.index(7), 8 in d, list(reversed(d)))
d.remove(7)
d.insert(1, 99)
print(d)
d.reverse()
print(d, d.copy() == d, d == deque(list(d)))
d.clear()
print(d, bool(d))
bounded = deque(maxlen=3)
for i in range(6):
    bounded.append(i)
    print(i, bounded)
bounded.appendleft(-1)
print(bounded, bounded.maxlen)
try:
    deque().pop()
except IndexError as e:
    print("IndexError:", e)
try:
    deque().popleft()
except IndexError as e:
    print("IndexError:", e)
q = deque()
for task in ("a", "b", "c"):
    q.append(task)
while q:
    print("processing", q.popleft(), "remaining", list(q))
print(deque("abc", maxlen=2), deque(range(5))[2], deque() == deque([]), deque([1]) + deque([2]), deque([1, 2]) * 2)

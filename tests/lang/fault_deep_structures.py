# Deeply nested data: repr and == of very deep structures raise RecursionError instead of crashing.
deep = []
cur = deep
for _ in range(100000):
    nxt = []
    cur.append(nxt)
    cur = nxt
try:
    repr(deep)
except RecursionError as e:
    print("RecursionError:", e)
other = []
cur = other
for _ in range(100000):
    nxt = []
    cur.append(nxt)
    cur = nxt
try:
    print(deep == other)
except RecursionError as e:
    print("RecursionError:", e)
d = {}
cur = d
for _ in range(100000):
    cur["k"] = {}
    cur = cur["k"]
try:
    str(d)
except RecursionError as e:
    print("RecursionError:", e)
shallow = [[[[1]]]]
print(repr(shallow), shallow == [[[[1]]]])
selfref = [1]
selfref.append(selfref)
print(selfref, {"me": (selfref,)})
dd = {}
dd["self"] = dd
print(dd)

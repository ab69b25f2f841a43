# Return values of generators surface as StopIteration.value; PEP 479 converts StopIteration.
def g():
    yield 1
    return "value"
it = g()
print(next(it))
try:
    next(it)
except StopIteration as e:
    print(repr(e.value), e.args)
def h():
    yield 1
    raise StopIteration("inside")
try:
    list(h())
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__cause__).__name__, e.__cause__)
def collect():
    results = []
    while True:
        item = yield
        if item is None:
            return results
        results.append(item)
def driver():
    r = yield from collect()
    print("collected", r)
    yield len(r)
d = driver()
next(d)
for v in "abc":
    d.send(v)
print(d.send(None))
def gen_none():
    yield 1
    return
it = gen_none()
next(it)
try:
    next(it)
except StopIteration as e:
    print("value is", e.value)

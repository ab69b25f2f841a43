# send(), throw() and close(): two-way communication with a generator.
def echo():
    received = None
    while True:
        received = yield f"got {received}"
        if received == "stop":
            return "stopped"
g = echo()
print(next(g))
print(g.send("hello"))
print(g.send(42))
try:
    g.send("stop")
except StopIteration as e:
    print("StopIteration value:", e.value)
def averager():
    total = count = 0
    avg = None
    while True:
        value = yield avg
        total += value
        count += 1
        avg = total / count
a = averager()
next(a)
print([a.send(v) for v in (10, 20, 30, 5)])
def catcher():
    while True:
        try:
            yield "ready"
        except ValueError as e:
            print("caught", e)
            yield "recovered"
c = catcher()
print(next(c), c.throw(ValueError("boom")), next(c))
try:
    c.throw(KeyError("k"))
except KeyError as e:
    print("propagated KeyError", e)
def closer():
    try:
        yield 1
        yield 2
    except GeneratorExit:
        print("GeneratorExit seen")
        raise
    finally:
        print("cleanup")
d = closer()
print(next(d))
d.close()
d.close()
print(list(d))
g2 = echo()
try:
    g2.send("too early")
except TypeError as e:
    print("TypeError:", e)
def bad_close():
    try:
        yield 1
    except GeneratorExit:
        yield 2
b = bad_close()
next(b)
try:
    b.close()
except RuntimeError as e:
    print("RuntimeError:", e)

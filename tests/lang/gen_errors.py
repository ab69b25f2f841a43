# Exceptions inside generators, and generators that are re-entered.
def faulty():
    yield 1
    raise ValueError("bad item")
g = faulty()
print(next(g))
try:
    next(g)
except ValueError as e:
    print("ValueError:", e)
print(next(g, "exhausted after error"))
def reentrant():
    yield next(me)
me = reentrant()
try:
    next(me)
except ValueError as e:
    print("ValueError:", e)
def cleanup():
    try:
        yield "a"
    finally:
        print("cleaned")
c = cleanup()
try:
    for v in c:
        raise KeyError(v)
except KeyError as e:
    print("KeyError:", e)
c.close()
def fin():
    try:
        yield 1
    finally:
        return "swallowed"
f = fin()
next(f)
try:
    f.throw(TypeError("ignored"))
except StopIteration as e:
    print("StopIteration", e.value)

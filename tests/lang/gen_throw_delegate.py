# throw() and close() reach the iterator a generator delegates to with yield from (PEP 380).
def inner():
    try:
        x = yield 1
        print("got", x)
        yield 2
    except KeyError as e:
        print("inner caught", repr(e))
        return "ret"
    finally:
        print("inner finally")
def outer():
    r = yield from inner()
    print("outer got", r)
    yield 3
g = outer()
print(next(g), g.send("s"), g.throw(KeyError("k")))
g.close()
g = outer(); next(g)
g.close()
g = outer(); next(g)
try:
    g.throw(ValueError("v"))
except ValueError as e:
    print("propagated", e)
class It:
    def __iter__(self): return self
    def __next__(self): return 5
    def throw(self, e): print("It.throw", type(e).__name__); raise StopIteration(9)
def o2():
    r = yield from It()
    print("o2", r)
    yield 10
g = o2(); print(next(g), g.throw(IndexError))

# yield from over iterators that are not generators: the value of the
# StopIteration that ends them (from __next__, send, or passing through map)
# is the value of the expression; a StopIteration thrown into a generator
# and left uncaught becomes RuntimeError (PEP 479)
class Ends:
    def __iter__(self):
        return self

    def __next__(self):
        raise StopIteration(42)


class Echo:
    def __iter__(self):
        return self

    def __next__(self):
        return self.send(None)

    def send(self, value):
        if value == "stop":
            raise StopIteration("sent stop")
        return "got %r" % (value,)


def outer(it):
    result = yield from it
    yield "result %r" % (result,)


def stops(x):
    raise StopIteration(x * 100)


print(list(outer(Ends())), list(outer(map(stops, [4, 5]))))
g = outer(Echo())
print(next(g), g.send(1), g.send("stop"))


def two():
    yield 1
    yield 2


g = two()
next(g)
try:
    g.throw(StopIteration)
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__cause__).__name__)
print(list(g))

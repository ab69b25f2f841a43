# next() keeps the StopIteration a __next__ raised, also through enumerate, map, zip and filter
class A:
    def __iter__(self):
        return self

    def __next__(self):
        raise StopIteration(42, "x")


class B:
    def __getitem__(self, i):
        raise StopIteration(7)


def gen():
    for _ in A():
        pass
    return "ret"
    yield


for name, make in [("next", A), ("enumerate", lambda: enumerate(A())), ("map", lambda: map(str, A())),
                   ("zip", lambda: zip(A())), ("filter", lambda: filter(None, A())),
                   ("iter-getitem", lambda: iter(B())), ("gen", gen), ("list-iter", lambda: iter([]))]:
    try:
        next(make())
        print(name, "no StopIteration")
    except StopIteration as e:
        print(name, e.args)
    print(name, next(make(), "default"))


def uses_loop(x):
    for _ in A():
        pass
    return x


try:
    next(map(uses_loop, []))
except StopIteration as e:
    print("map over loop", e.args)

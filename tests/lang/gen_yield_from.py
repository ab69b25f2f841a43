# yield from: delegation, return values, and forwarding of send/throw.
def inner():
    x = yield 1
    print("inner got", x)
    y = yield 2
    print("inner got", y)
    return "inner result"
def outer():
    result = yield from inner()
    print("outer received", result)
    yield 3
    return "outer done"
g = outer()
print(next(g))
print(g.send("a"))
print(g.send("b"))
try:
    next(g)
except StopIteration as e:
    print("finished:", e.value)
def chain(*its):
    for it in its:
        yield from it
print(list(chain([1, 2], "ab", range(3), (x * x for x in range(3)))))
def flatten(x):
    if isinstance(x, list):
        for item in x:
            yield from flatten(item)
    else:
        yield x
print(list(flatten([1, [2, [3, [4]], 5], [[6]]])))
def tree(depth, prefix=""):
    yield prefix or "root"
    if depth:
        for c in "ab":
            yield from tree(depth - 1, prefix + c)
print(list(tree(2)))
def resilient():
    try:
        yield 1
        yield 2
    except ValueError:
        yield "handled in inner"
def delegator():
    yield from resilient()
    yield "after"
d = delegator()
print(next(d), d.throw(ValueError), next(d))
def ret_only():
    return 7
    yield
def use_ret():
    v = yield from ret_only()
    yield v * 6
print(list(use_ret()))

# Keyword-only and positional-only parameters.
def kw(a, *, b, c=3):
    return a, b, c
print(kw(1, b=2), kw(1, c=4, b=5), kw(a=0, b=0))
try:
    kw(1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    kw(1)
except TypeError as e:
    print("TypeError:", e)
def pos(a, b, /, c, d=4):
    return a, b, c, d
print(pos(1, 2, 3), pos(1, 2, c=3), pos(1, 2, 3, d=5))
try:
    pos(1, b=2, c=3)
except TypeError as e:
    print("TypeError:", e)
def both(a, /, b, *, c):
    return a + b + c
print(both(1, 2, c=3), both(1, b=2, c=3))
def posname(a, /, **kw):
    return a, kw
print(posname(1, a=2))
def many(a, b, c, d):
    return a * 1000 + b * 100 + c * 10 + d
print(many(1, 2, 3, 4), many(d=1, c=2, b=3, a=4), many(1, 2, d=3, c=4))
for args, kwargs in [((1, 2, 3), {}), ((1, 2, 3, 4, 5), {}), ((1, 2, 3), {"x": 1}), ((1, 2, 3), {"a": 1}),
                     ((), {"a": 1, "b": 2}), ((1,), {})]:
    try:
        print(many(*args, **kwargs))
    except TypeError as e:
        print("TypeError:", e)

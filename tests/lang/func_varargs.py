# *args and **kwargs: collecting, forwarding and unpacking at call sites.
def show(*args, **kwargs):
    return f"args={args} kwargs={kwargs}"
print(show())
print(show(1, 2, x=3))
print(show(*[1, 2], *(3,), **{"a": 1}, b=2, **{"c": 3}))
def total(*nums, start=0):
    for n in nums:
        start += n
    return start
print(total(1, 2, 3), total(), total(*range(10), start=100))
def wrapper(*a, **k):
    return show(*a, **k)
print(wrapper("x", key="v"))
def kwsorted(**kw):
    return sorted(kw.items())
print(kwsorted(z=1, a=2, m=3), kwsorted(**dict(b=1)))
def first_rest(first, *rest):
    return first, rest
print(first_rest(1), first_rest(1, 2, 3), first_rest(*"abc"))
try:
    show(**{"a": 1}, a=2)
except TypeError as e:
    print("TypeError:", e)
try:
    show(**{1: 2})
except TypeError as e:
    print("TypeError:", e)
try:
    show(*5)
except TypeError as e:
    print("TypeError:", e)
try:
    show(**[1])
except TypeError as e:
    print("TypeError:", e)
def order(**kw):
    return list(kw)
print(order(c=1, a=2, b=3), order(**{"z": 0, "y": 0}, x=0))
print(max(*[3, 9, 2]), print(*["a", "b"], sep="-"), "{}{}".format(*"xy"))

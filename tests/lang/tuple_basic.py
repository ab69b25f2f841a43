# Tuples: construction, the one-element comma, immutability, methods, comparison, hashing.
t = (1, "two", 3.0, None, (5, 6))
print(t, len(t), t[1], t[-1][0], t[1:3], t[::-1], type(t).__name__)
print((), (1,), (1), tuple(), tuple([1, 2]), tuple("ab"), tuple(range(3)), tuple({3: 4}))
e = 1, 2
f = 3,
print(e, f, type(f), e + f, e * 2, 2 * f, (0,) * 0)
print(t.count(1), (1, 2, 1).count(1), (1, 2, 3).index(2), (1, 2, 1).index(1, 1))
print((1, 2) == (1, 2), (1, 2) < (1, 3), (1, 2) < (1, 2, 3), (2,) > (1, 9), () < (0,), (1, "a") < (1, "b"))
print(hash((1, 2)) == hash((1, 2)), {(1, 2): "pt"}[(1, 2)], (1, 2) in {(1, 2), (3, 4)})
print(1 in t, "two" in t, 9 not in t, max((3, 9, 2)), min((3, 9, 2)), sum((1, 2, 3)), sorted((3, 1, 2)))
try:
    t[0] = 9
except TypeError as e:
    print("TypeError:", e)
try:
    t.append(1)
except AttributeError as e:
    print("AttributeError:", e)
try:
    (1, 2).index(7)
except ValueError as e:
    print("ValueError:", e)
try:
    hash((1, [2]))
except TypeError as e:
    print("TypeError:", e)
try:
    t[10]
except IndexError as e:
    print("IndexError:", e)
inner = [1]
tt = (inner, 2)
inner.append(3)
print(tt)
a = (1, 2)
b = a
a += (3,)
print(a, b, a is b)
print(repr((1,)), str(("a", "b")), ((),), (((1,),),), tuple(x * 2 for x in range(3)))
print(divmod(7, 2), tuple(enumerate("ab")), tuple(zip("ab", (1, 2))))

# Assignment forms: chained, unpacking, starred targets, augmented, annotated.
a = 1
a = b = c = 2
a, b = 1, 2
(a, b) = [c, d] = e
[a, *b] = range(3)
a, *b, c = d
*a, = b
(a), (b) = c
a.b = 1
a.b.c = 2
a[0] = 1
a[1:2] = [3]
a[b][c] = d
a.b[c].d = e
a += 1; a -= 1; a *= 2; a /= 2; a //= 2; a %= 3
a **= 2; a @= b; a &= 1; a |= 2; a ^= 3; a <<= 1; a >>= 1
a.b += 1
a[0] -= 1
x: int
x: int = 1
(y): str = 'y'
a.b: float = 1.0
a[0]: list[int] = []
z: 'forward' = None
t: tuple[int, ...] = (1,)
a = yield_ = 3
a = *b, c
a = 1,
((a, b), c) = ((1, 2), 3)

# assert, del, raise, pass, and the remaining simple statements.
assert x
assert x, 'message'
assert (x, y)
assert x > 0, f'{x} is not positive'
del x
del x, y
del (x, y)
del [x, y]
del a.b, a[0], a[1:2]
del (x), [y]
del x,
raise
raise ValueError
raise ValueError('bad')
raise ValueError from None
raise ValueError('x') from exc
pass
pass; pass

# with: single and several items, targets, parenthesized item lists.
with a:
    pass
with a as b:
    pass
with a as b, c as d:
    pass
with a, b, c:
    pass
with (a, b) as c:
    pass
with a as (b, c):
    pass
with a as [b, c]:
    pass
with a as b.c, d as e[0]:
    pass
with (a as b, c as d):
    pass
with (a as b, c as d,):
    pass
with (
    open('x') as f,
    open('y') as g,
):
    pass
with (a, b):
    pass
with (a):
    pass
with (yield_):
    pass
with a() as b: pass
with (a, b as c):
    pass
with ti.Tape(loss=loss):
    compute()

# Attribute access chains, on literals and calls.
a.b
a.b.c.d
a.b().c[0].d
(1).real
1 .real
1.0.real
1j.imag
'abc'.upper()
b'x'.decode()
f'{a}'.strip()
[1].copy()
{}.keys()
(a or b).c
x = self.field[i, j].value
ti.root.dense(ti.ij, (4, 4)).place(x)
a.b = a.c = 1
del a.b
...
(...).__class__
None.__class__
True.real

# Expression statements and one-line compound statements.
x
1
'docstring-like'
...
f()
a.b
x, y
x if y else z
not x
-x
(x)
(yield_)
if x: pass
while 0: pass
for x in y: pass
with x: pass
class A: pass
def f(): pass
try: pass
finally: pass
if x: a; b; c
def g(): return 1; pass
class B: x = 1; y = 2

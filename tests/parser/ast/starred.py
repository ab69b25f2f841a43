# Starred expressions in targets, displays, calls, returns and subscripts.
a, *b = c
*a, b = c
a, *b, c = d
[*a] = b
(*a,) = b
a = *b, *c
a = [*b, *c]
a = {*b}
f(*a)
f(*a, *b)
print(*args, sep='')
for a, *b in c: pass
a = (*b,)
x[*a]
x[*a, *b] = 1
def f(): return *a, *b
def f(): yield *a, *b
a = *b, c,

# Comprehensions of every kind: nested, filtered, several for clauses.
a = [x for x in y]
b = {x for x in y}
c = {k: v for k, v in d.items()}
d = (x for x in y)
e = [x for x in y if x if not x]
f = [x * y for x in a for y in b]
g = [x for x in a if x for y in b if y]
h = [[x for x in row] for row in matrix]
i = {k: [v for v in vs if v] for k, vs in m.items() if k}
j = sum(x for x in range(10))
k = [(x, y) for (x, y) in pairs]
l = [x for x, in singles]
m = [x for *x, y in z]
n = [x for x in (lambda: y)()]
o = [x for x in y if (z := x)]
p = [y for x in data if (y := f(x)) is not None]
q = {x: y for x in range(3) for y in range(x)}
r = [x for x in [y for y in range(3)]]
s = (x for x in (y for y in (z for z in w)))
t = [i for i in range(10) if i % 2 if i % 3]
u = [a.b for a.b in c]
v = [a[0] for a[0] in c]
w = [x if x else y for x in z]
x = [lambda: x for x in y]
y = [x for x in (1, 2)]

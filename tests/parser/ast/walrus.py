# Assignment expressions (walrus) wherever the grammar allows them.
if (n := len(a)) > 10:
    pass
while (chunk := read()):
    pass
x = (y := 5)
f(z := 1)
[y := f(x), y ** 2]
{(k := 1): (v := 2)}
a = [last := x for x in data]
print((first := 1), first)
if any((hit := x) > 0 for x in xs):
    pass
r = (a := 1, b := 2)
s = {a := 1}
t = lambda: (x := 1)
u = (x := (y := 3))
v = x[(i := 0)]
w = [i := 0, i := i + 1]
if x := 1:
    pass
elif y := 2:
    pass
while z := 3:
    break
assert (a := True)

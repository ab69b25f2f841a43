# for and while loops with else, break, continue, tuple and starred targets.
for x in y:
    pass
for x in y:
    break
else:
    pass
for i, j in pairs:
    continue
for (i, j) in pairs:
    pass
for [i, j] in pairs:
    pass
for i, in singles:
    pass
for *a, b in c:
    pass
for a.b in c:
    pass
for a[0] in c:
    pass
for x in 1, 2, 3:
    pass
for x in *a, *b:
    pass
while True:
    if x:
        break
    elif y:
        continue
else:
    done()
while x: x -= 1
for i in range(10): print(i)
for i in ti.ndrange(4, 4):
    for j in ti.static(range(3)):
        pass
while (a and
       b):
    pass

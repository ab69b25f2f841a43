# for loops over range with break/continue/else and nested loops.
for i in range(10):
    if i % 2:
        continue
    if i > 6:
        break
    print("even", i)
else:
    print("never printed")
for i in range(3):
    pass
else:
    print("completed, i =", i)
total = 0
for i in range(1, 5):
    for j in range(i):
        total += i * j
print(total)
for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            print(n, "=", d, "*", n // d)
            break
    else:
        print(n, "is prime")
r = range(5)
it = iter(r)
print(next(it), next(it), list(it), list(r))
i = 0
for i in range(0):
    print("no")
print("i stays", i)

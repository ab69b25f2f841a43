# if/elif/else chains, while loops with else, break/continue, pass, and conditional expressions.
def grade(score):
    if score >= 90:
        return "A"
    elif score >= 80:
        return "B"
    elif score >= 70:
        return "C"
    else:
        return "F"
print([grade(s) for s in (95, 85, 75, 10, 90, 80)])
n = 0
while n < 10:
    n += 1
    if n % 3 == 0:
        continue
    if n == 8:
        break
    print("n =", n)
else:
    print("while-else skipped because of break")
k = 3
while k:
    k -= 1
else:
    print("while-else ran, k =", k)
for i in range(3):
    pass
if True:
    pass
x = 5
print("big" if x > 3 else "small", "even" if x % 2 == 0 else "odd", (1 if x else 2) + 10)
outer_done = False
for a in range(3):
    for b in range(3):
        if a * b == 2:
            outer_done = True
            break
    if outer_done:
        break
print("stopped at", a, b)
count = 0
while True:
    count += 1
    if count >= 5:
        break
print("count", count)
if 0:
    print("zero is truthy?")
elif []:
    print("empty list truthy?")
elif "x":
    print("non-empty string is truthy")

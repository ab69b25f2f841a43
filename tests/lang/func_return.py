# return: multiple values, early return, return in loops and try/finally.
def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    for limit, name in ((10, "small"), (100, "medium")):
        if n < limit:
            return name
    return "large"
print([classify(v) for v in (-5, 0, 3, 42, 1000)])
def divmod2(a, b):
    return a // b, a % b
q, r = divmod2(17, 5)
print(q, r, divmod2(17, 5))
def find(items, target):
    for i, v in enumerate(items):
        if v == target:
            return i
print(find([1, 2, 3], 2), find([1, 2, 3], 9))
def with_finally():
    try:
        return "try"
    finally:
        print("finally runs")
print(with_finally())
def override():
    try:
        return 1
    finally:
        return 2
print(override())
def loop_return():
    while True:
        for i in range(10):
            if i == 3:
                return i * 10
print(loop_return())
def nested_finally():
    out = []
    for i in range(3):
        try:
            if i == 1:
                continue
            out.append(i)
        finally:
            out.append("f%d" % i)
    return out
print(nested_finally())
def no_return():
    x = 1
print(no_return())

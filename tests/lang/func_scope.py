# global and nonlocal, LEGB lookup, and UnboundLocalError.
x = "global"
def read():
    return x
def shadow():
    x = "local"
    return x
def write():
    global x
    x = "rebound"
print(read(), shadow(), x)
write()
print(x, read())
def new_global():
    global created
    created = 42
new_global()
print(created)
def outer():
    y = 1
    def inner():
        nonlocal y
        y += 1
        return y
    inner(); inner()
    return y
print(outer())
def broken():
    print(x)
    x = 1
try:
    broken()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
def deleted():
    z = 1
    del z
    return z
try:
    deleted()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
try:
    print(no_such_name)
except NameError as e:
    print("NameError:", e)
len = lambda v: "shadowed builtin"
print(len([1, 2]))
del len
print(len([1, 2]))
def level1():
    a = 1
    def level2():
        b = 2
        def level3():
            nonlocal a
            a += b
            return a
        return level3()
    return level2(), a
print(level1())
counter = 0
def bump():
    global counter
    for _ in range(5):
        counter += 1
bump(); bump()
print(counter)

# global and nonlocal declarations.
x = 0
def f():
    global x
    global a, b, c
    x = 1
def g():
    y = 0
    def h():
        nonlocal y
        nonlocal y, y
        y += 1
    return h
class K:
    global z; z = 1

# ti.func inlining (arguments by value, several return values), templates with
# one instance per signature, free variables frozen at compile time, static if,
# Python values vs Taichi values, displays and comprehensions.
import taichi as ti

ti.init(arch=ti.cpu)

a = ti.field(ti.i32, shape=4)
b = ti.field(ti.i32, shape=4)
scale = 3


@ti.func
def sq(v):
    return v * v


@ti.func
def divmod_(p, q):
    return p // q, p % q


@ti.func
def bump(v):
    v += 100
    return v


@ti.func
def typed(v: ti.f32) -> ti.i32:
    return v * 2


@ti.kernel
def use_funcs(k: ti.i32) -> ti.i32:
    q, r = divmod_(k, 7)
    t = k
    u = bump(t)
    return sq(q) * 1000 + r * 100 + (u - t) + typed(1.75)


@ti.kernel
def copy(src: ti.template(), dst: ti.template()):
    for i in src:
        dst[i] = src[i] * scale


@ti.kernel
def static_branch(flag: ti.template()) -> ti.i32:
    r = 0
    if ti.static(flag):
        r = 1
    else:
        r = 2
    return r


@ti.kernel
def python_values() -> ti.i32:
    lst = [i * 2 for i in range(5)]
    d = {"x": 10, "y": 20}
    s = 0
    for i in ti.static(range(len(lst))):
        s += lst[i]
    return s + d["y"] + len([1, 2, 3]) + sum([1, 2])


@ti.kernel
def walrus() -> ti.i32:
    b = 2 + (c := 5)
    b += c
    return b


@ti.kernel
def annotated(v: ti.f32) -> ti.f32:
    x: ti.i32 = v
    y: ti.f64 = 0.5
    return x + y


@ti.kernel
def chained(v: ti.i32) -> ti.i32:
    return (0 < v < 10) + (v > 5 > 2) * 10


@ti.kernel
def ifexp(v: ti.i32) -> ti.f32:
    return 1.5 if v > 0 else v * 2


@ti.kernel
def boolops(p: ti.i32, q: ti.i32) -> ti.i32:
    return (p and q) * 10 + (p or q)


@ti.kernel
def scoping() -> ti.i32:
    s = 1
    if s > 0:
        t = 5
        s = t + 1
    return s


for i in range(4):
    a[i] = i + 1
print(use_funcs(23))
copy(a, b)
print([b[i] for i in range(4)])
copy(b, a)
print([a[i] for i in range(4)])
print(static_branch(True), static_branch(False), static_branch(True))
print(python_values(), walrus(), annotated(2.75))
print(chained(3), chained(7), chained(12))
print(ifexp(3), ifexp(-3))
print(boolops(0, 5), boolops(3, 0), boolops(2, 4))
print(scoping())
scale = 10
copy(a, b)
print([b[i] for i in range(4)])

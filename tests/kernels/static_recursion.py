# Compile-time recursion: a ti.func calling itself with a template argument
# that a ti.static condition ends (factorial, unrolling over a field) is
# inlined level by level; one that never ends is a compilation error
# (Taichi's RecursionError), not a crash.
import taichi as ti

ti.init(arch=ti.cpu)

f = ti.field(ti.i32, shape=6)


@ti.func
def fact(n: ti.template()):
    r = 1
    if ti.static(n > 1):
        r = n * fact(n - 1)
    return r


@ti.func
def unroll(x: ti.template(), n: ti.template()):
    if ti.static(n > 0):
        x[n - 1] = n * 10
        unroll(x, n - 1)


@ti.func
def fib(n: ti.template()) -> ti.i32:
    r = n
    if ti.static(n >= 2):
        r = fib(n - 1) + fib(n - 2)
    return r


@ti.func
def even(n: ti.template()):
    r = 1
    if ti.static(n > 0):
        r = odd(n - 1)
    return r


@ti.func
def odd(n: ti.template()):
    r = 0
    if ti.static(n > 0):
        r = even(n - 1)
    return r


@ti.kernel
def run(a: ti.i32) -> ti.i32:
    unroll(f, 6)
    return fact(5) + fib(10) * a + even(7) * 1000 + even(20) * 10000


print(run(2), [f[i] for i in range(6)])


@ti.func
def runaway(n: ti.template()):
    runaway(n + 1)


@ti.kernel
def bad():
    runaway(0)


try:
    bad()
except ti.TaichiCompilationError as e:
    print(type(e).__name__, str(e).strip().splitlines()[-1].startswith("RecursionError: maximum recursion depth exceeded"))

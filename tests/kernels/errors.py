# tirun-only: Taichi 1.7.4 prints the absolute path of the file in its
# position blocks, tirun the path it was given.
# Kernel compile errors: one 'File "F", line N, in f:' block with carets per
# inlined call level, then the message; each error type catchable from Python.
import taichi as ti

ti.init(arch=ti.cpu)

x = ti.field(ti.i32, shape=4)


@ti.func
def baz():
    a = 1 + 2j


@ti.func
def bar():
    baz()


@ti.kernel
def chain():
    bar()


@ti.kernel
def undefined():
    x[0] = y_not_defined + 1


@ti.kernel
def ret_in_if(a: ti.i32) -> ti.i32:
    if a > 0:
        return 1
    return 0


@ti.kernel
def parallel_break():
    for i in range(4):
        if i == 2:
            break


@ti.kernel
def immutable(a: ti.i32):
    a = 3


@ti.func
def rec(n):
    return rec(n - 1)


@ti.kernel
def recursion():
    rec(3)


@ti.kernel
def literal() -> ti.i64:
    return 10000000000


@ti.kernel
def literal_ok() -> ti.i64:
    return ti.i64(10000000000)


@ti.kernel
def float_bits(a: ti.f32) -> ti.f32:
    return a & 1


@ti.kernel
def unpack():
    a, b = 1, 2, 3


@ti.kernel
def unsupported():
    try:
        x[0] = 1
    except Exception:
        pass


@ti.kernel
def multi_line():
    x[0] = (1 +
            2j)


@ti.kernel
def needs_return() -> ti.i32:
    x[0] = 1


@ti.kernel
def static_break_in_if(a: ti.i32):
    for i in ti.static(range(3)):
        if a > i:
            break


@ti.kernel
def calls_kernel():
    chain()


@ti.kernel
def break_in_rows():
    for i, j in ti.ndrange(4, 64):
        if j == 3:
            break


def attempt(k, *args):
    try:
        r = k(*args)
        print("ok", r)
    except ti.TaichiCompilationError as e:
        print(type(e).__name__, isinstance(e, SyntaxError), isinstance(e, NameError), isinstance(e, TypeError))
        print(str(e))


attempt(chain)
attempt(undefined)
attempt(ret_in_if, 1)
attempt(parallel_break)
attempt(immutable, 1)
attempt(recursion)
attempt(literal)
attempt(literal_ok)
attempt(float_bits, 1.0)
attempt(unpack)
attempt(unsupported)
attempt(multi_line)
attempt(needs_return)
attempt(static_break_in_if, 1)
attempt(calls_kernel)
attempt(break_in_rows)


# errors in a kernel's signature come when it is decorated
def no_annotation(a):
    pass


def bad_annotation(a: str):
    pass


def bad_return() -> str:
    pass


for f in (no_annotation, bad_annotation, bad_return):
    try:
        ti.kernel(f)
    except ti.TaichiSyntaxError as e:
        print("TaichiSyntaxError", e)

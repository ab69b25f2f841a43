# Compile-time constants: ti.cast of a Python number, max / min of Python
# numbers, float-to-int casts of constants out of range (which must give what
# the same cast gives at run time).
import taichi as ti

ti.init(arch=ti.cpu)


def report(f, *args):
    try:
        print(f(*args))
    except Exception as e:
        print(type(e).__name__, str(e).strip().splitlines()[-1])


# ti.cast makes a Python float an f32 (default_fp) first, an int an i32.
@ti.kernel
def cast_float() -> ti.f64:
    return ti.cast(0.1, ti.f64)


@ti.kernel
def typed_literal() -> ti.f64:
    return ti.f64(0.1) + ti.cast(3, ti.f64) + ti.cast(True, ti.f64)


@ti.kernel
def cast_big_int() -> ti.f32:
    return ti.cast(7 << 31, ti.f32)


report(cast_float)
report(typed_literal)
report(cast_big_int)


# max / min of Python numbers are numpy's: a float makes the result a float,
# which is then an f32 like any Python float.
@ti.kernel
def py_min() -> ti.f64:
    return min(16777217, 1e10)


@ti.kernel
def py_max_int() -> ti.f64:
    return max(16777217, 3) + ti.max(16777219, 2)


@ti.kernel
def mixed(a: ti.i32) -> ti.f64:
    return ti.max(a, 1e10) + min(a, 2.5) + max(a, 1, 2.5) + ti.min(7, a, 3)


@ti.kernel
def static_range() -> ti.i32:
    s = 0
    for i in ti.static(range(min(3, 5))):
        s += i
    return s


@ti.kernel
def nan_wins() -> ti.i32:
    x = min(1.0, float("nan"))
    return x != x


report(py_min)
report(py_max_int)
report(mixed, 16777217)
report(static_range)
report(nan_wins)


# Out-of-range float constants cast to integers: the x86-64 result the same
# cast gives at run time (the integer indefinite value, then truncation).
@ti.kernel
def nan_i32() -> ti.i32:
    return ti.cast(ti.math.nan, ti.i32)


@ti.kernel
def big_i32() -> ti.i32:
    return ti.cast(1e20, ti.i32)


@ti.kernel
def folded_sum() -> ti.i32:
    x = ti.math.nan
    y = 1e20
    return ti.cast(x, ti.i32) + ti.cast(y, ti.i32) + 1


report(nan_i32)
report(big_i32)
report(folded_sum)

for T in [ti.i8, ti.i16, ti.i32, ti.i64, ti.u8, ti.u16, ti.u32, ti.u64]:

    @ti.kernel
    def consts() -> T:
        return ti.cast(float("nan"), T) + ti.cast(1e20, T) + ti.cast(-3e9, T)

    @ti.kernel
    def small() -> T:
        return ti.cast(300.0, T) + ti.cast(-200.0, T) + ti.cast(70000.0, T)

    @ti.kernel
    def run_time(x: ti.f32, y: ti.f64) -> T:
        return ti.cast(x, T) + ti.cast(y, T)

    @ti.kernel
    def neg_big() -> T:
        return ti.cast(-1e20, T) + ti.cast(-5e9, ti.f64)

    print(T, consts(), small(), run_time(float("nan"), -3e9), run_time(1e19, 1e19), neg_big())

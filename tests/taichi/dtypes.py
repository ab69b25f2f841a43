# Every primitive dtype: default zero, conversions on store, reads.
import taichi as ti

ti.init()


def attempt(f):
    try:
        print("ok", f())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])


for dt in [ti.i8, ti.i16, ti.i32, ti.i64, ti.u8, ti.u16, ti.u32, ti.u64, ti.f16, ti.f32, ti.f64]:
    f = ti.field(dt, shape=3)
    print(dt, f[0], f.dtype == dt)


def store(dt, value):
    f = ti.field(dt, shape=2)

    def go():
        f[1] = value
        return f[1]
    return go


for dt, value in [(ti.i32, 2**40 + 5), (ti.i32, -2**31 - 1), (ti.i32, 2**32 + 2**31), (ti.i32, True),
                  (ti.i8, 200), (ti.i16, -40000), (ti.u8, 300), (ti.u8, -1), (ti.u8, 2**63 + 7),
                  (ti.u16, 70000), (ti.u32, -1), (ti.u64, 2**64 - 1), (ti.u64, -1),
                  (ti.i64, 2**64 - 1), (ti.i64, 2**63), (ti.i64, -2**63),
                  (ti.f32, 0.1), (ti.f32, 3), (ti.f32, 2**70), (ti.f32, 1e300), (ti.f32, -1e300), (ti.f32, True),
                  (ti.f16, 0.1), (ti.f16, 70000.0), (ti.f16, 1 / 3), (ti.f16, -2.5), (ti.f16, 1e-6),
                  (ti.f64, 0.1), (ti.f64, 2**53 + 1)]:
    print(dt, value, end=" ")
    attempt(store(dt, value))

# values of the wrong kind
for dt, value in [(ti.i32, 3.7), (ti.i32, -3.7), (ti.i32, 2**64), (ti.i32, -2**63 - 1), (ti.f32, "a")]:
    print(dt, repr(value), end=" ")
    attempt(store(dt, value))

# fill casts as a kernel does
x = ti.field(ti.f32, shape=3)
x.fill(2.5); print(x[2]); x.fill(1); print(x[0])
y = ti.field(ti.i32, shape=3)
y.fill(2.9); print(y[1]); y.fill(-3); print(y[1]); y.fill(-2.9); print(y[0])
u = ti.field(ti.u8, shape=3)
u.fill(-1); print(u[1]); u.fill(300); print(u[1])
h = ti.field(ti.f16, shape=(2, 2))
h.fill(0.1); print(h[1, 1])

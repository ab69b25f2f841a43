# Errors in Python scope: indices, dtypes, shapes, placement, ti.init options.
import taichi as ti


def attempt(f):
    try:
        print("ok", f())
    except Exception as e:
        print(type(e).__name__ + ":", str(e).splitlines()[0])


attempt(lambda: ti.field(ti.i32, shape=3))
ti.init(debug=True)
y = ti.field(ti.i32, shape=10)
x = ti.field(ti.f32, shape=(3, 4))
s = ti.field(ti.f32, shape=())
attempt(lambda: y[1, 2])
attempt(lambda: y[None])
attempt(lambda: y[1.5])
attempt(lambda: y["a"])
attempt(lambda: x[1])
attempt(lambda: x[0, 1, 2])
attempt(lambda: s[0])
attempt(lambda: s[None])
attempt(lambda: s[()])
attempt(lambda: ti.field("i32", shape=3))
attempt(lambda: ti.field(3, shape=3))
attempt(lambda: ti.field(ti.i32, shape=-1))
attempt(lambda: ti.field(ti.i32, shape=(2, 0)))
attempt(lambda: ti.init(foo=3))
attempt(lambda: ti.init(no_such_option=True))
ti.init(debug=True)
z = ti.field(ti.i32)
ti.root.dense(ti.i, 3).place(z)
attempt(lambda: repr(z))
print(ti.sync())
ti.reset()
attempt(lambda: ti.field(ti.i32, shape=3))

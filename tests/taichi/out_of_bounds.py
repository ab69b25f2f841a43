# An index out of the shape (Taichi checks it with debug=True; tirun always).
import taichi as ti

ti.init(debug=True)
w = ti.field(ti.i32, shape=(2, 3))
w[1, 2] = 4
print(w[1, 2])
try:
    w[2, 0] = 1
except Exception as e:
    print(type(e).__name__, e)
try:
    print(w[0, -1])
except Exception as e:
    print(type(e).__name__, e)
y = ti.field(ti.f64, shape=10)
print(y[10])

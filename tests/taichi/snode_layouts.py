# ti.root.dense(...) layouts: shapes, nesting, several fields in one cell.
import taichi as ti

ti.init(debug=True)
x = ti.field(ti.i32)
y = ti.field(ti.f32)
b = ti.root.dense(ti.i, 4).dense(ti.j, 2)
b.place(x, y)
print(x.shape, y.shape, b, "|", b.parent(), "|", b.parent(2), "|", repr(b), b.shape)
print(x.snode, "|", x.snode.parent())
a = ti.field(ti.i32)
ti.root.dense(ti.j, 3).dense(ti.i, 5).place(a)
c = ti.field(ti.i32)
ti.root.dense(ti.ij, (3, 5)).place(c)
d = ti.field(ti.i32)
ti.root.dense(ti.axes(1, 0), (3, 5)).place(d)
e = ti.field(ti.i32)
ti.root.dense(ti.k, 2).place(e)
g = ti.field(ti.i32)
ti.root.dense(ti.i, 2).dense(ti.i, 3).place(g)
z = ti.field(ti.i32)
ti.root.dense(ti.ij, (3, 5)).place(z)
print(a.shape, c.shape, d.shape, e.shape, g.shape, z.shape)
for i in range(5):
    for j in range(3):
        a[i, j] = i * 10 + j
        d[i, j] = i * 10 + j
for i in range(3):
    for j in range(5):
        c[i, j] = i * 10 + j
print([a[i, j] for i in range(5) for j in range(3)])
print([c[i, j] for i in range(3) for j in range(5)])
print([d[i, j] for i in range(5) for j in range(3)])
e[1] = 3
print(e[1], e[0])
for n in range(6):
    g[n] = n + 100
print([g[n] for n in range(6)])
x[3, 1] = 7
y[3, 1] = 2.5
print(x[3, 1], y[3, 1], x[3, 0], y[2, 1])
w = ti.field(ti.f64)
ti.root.place(w)
print(w.shape)
w[None] = 4.5
print(w[None])
# a field made after the first access lives in a new tree
late = ti.field(ti.i32, shape=3)
late[2] = 5
print(late[2], x[3, 1], late.snode.parent())

# Vector and matrix fields placed through ti.root (dense, with and beside
# scalar fields), with offsets, in AOS and SOA layouts; struct-for over them,
# Python-scope element access, and the int(v) / float(v) of a vector.
import taichi as ti

ti.init(arch=ti.cpu)

a = ti.Vector.field(3, ti.f32)
b = ti.field(ti.i32)
ti.root.dense(ti.i, 4).place(a, b)
m = ti.Matrix.field(2, 2, ti.i32)
ti.root.dense(ti.ij, (2, 3)).place(m)
s = ti.Vector.field(2, ti.f32, shape=5, layout=ti.Layout.SOA)
o = ti.Vector.field(2, ti.i32, shape=(3, 2), offset=(-1, 4))
t = ti.types.vector(3, ti.i32).field(shape=2)


@ti.kernel
def fill():
    for i in a:
        a[i] = ti.Vector([i, i + 0.5, i * 2])
        b[i] = i * 10
    for i, j in m:
        m[i, j] = ti.Matrix([[i, j], [i + j, i * j]])
    for i in s:
        s[i] = [i * 0.25, -i]
    for I in ti.grouped(o):
        o[I] = I
    for i in t:
        t[i] = int(ti.Vector([i + 0.7, 1.2, -1.5]) * 2) + float(ti.Vector([1, 2, 3])).cast(ti.i32)


@ti.kernel
def total() -> ti.f32:
    r = 0.0
    for i in a:
        r += a[i].sum() + b[i]
    for i, j in m:
        r += m[i, j].trace()
    for i in s:
        r += s[i].x * s[i].y
    return r


fill()
print(total())
print(a[2][1], b[3], m[1, 2][1, 0], s[4][1], o[1, 5][0], o[-1, 4][1], t[1][0], t[1][2])
a[1] = [7, 8, 9]
m[0, 1][1, 1] = 42
print(a[1][2], m[0, 1][1, 1], a.shape, m.shape, o.shape, s.shape, m.n, m.m)
print(total())

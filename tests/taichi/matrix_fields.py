# Vector and matrix fields in Python scope: field[I][j] = x and
# field[I][i, j] = x write the field (the element is a view, as Taichi's host
# accessors), fill runs one compiled kernel per field and value as Taichi
# counts them, parent() reaches ti.root and then None, constructors with dt
# hold entries of that type (f32 rounds), and zero / one / identity / unit
# are Taichi-scope only.
import taichi as ti
from taichi.lang import impl

ti.init(arch=ti.cpu)

a = ti.Matrix.field(2, 2, ti.f32, shape=())
v = ti.Vector.field(3, ti.f32, shape=4)
iv = ti.Vector.field(2, ti.i32, shape=(2, 2))

# element writes
a[None][0, 1] = 5
a[None][1, 0] = 0.1
v[2][1] = 7.0
v[2][0] = 1.1
v[1][-1] = 3
iv[1, 0][1] = 9
print([[float(a[None][i, j]) for j in range(2)] for i in range(2)])
print([float(v[2][i]) for i in range(3)], float(v[2].x), float(v[3][1]), float(v[1][2]))
print([int(iv[1, 0][i]) for i in range(2)])
m = a[None]
m[0, 0] = 3
print(float(a[None][0, 0]), float(m[0, 0]))
x = v[1]
x[0] = 4
print(float(v[1][0]), float(x[0]))
# reads as before
print(float(a[None][0, 1] + 1), float(sum(v[2])), len(v[2]), [float(e) for e in v[2]])
print(float(v[2].dot(v[2])), [float(e) for e in (v[2] + v[1])])

# fill: one compiled kernel per field and value
rt = impl.get_runtime()
vf = ti.Vector.field(2, ti.f32, shape=4)
mf = ti.Matrix.field(2, 2, ti.i32, shape=3)
sf = ti.field(ti.i32, shape=(2, 3))
print(rt.get_num_compiled_functions())
vf.fill(1); print(rt.get_num_compiled_functions())
vf.fill(1.0); print(rt.get_num_compiled_functions())
vf.fill(2); print(rt.get_num_compiled_functions())
vf.fill([1, 2]); print(rt.get_num_compiled_functions())
mf.fill([[1, 2], [3, 4]]); print(rt.get_num_compiled_functions())
mf.fill(7.9); print(rt.get_num_compiled_functions())
sf.fill(2); print(rt.get_num_compiled_functions())
sf.fill(2.0); print(rt.get_num_compiled_functions())
sf.fill(-2.7); print(rt.get_num_compiled_functions())
print([float(e) for e in vf[3]], [[int(mf[2][i, j]) for j in range(2)] for i in range(2)], sf[1, 2])

# parent()
y = ti.field(ti.f32)
d = ti.root.dense(ti.i, 4)
d2 = d.dense(ti.j, 2)
d2.place(y)
print(d.parent(), d.parent(2), d2.parent(), d2.parent(2), d2.parent(3))
print(d.parent() is ti.root, d2.parent(2) is ti.root, y.snode.parent(3) is ti.root, y.parent(4))
print(v.parent(), v.parent(2) is ti.root, v.parent(3), v.snode.parent(), v.snode.parent(2) is ti.root)
print(ti.root.parent(), d.parent(0))

# constructors with a dtype
print([float(e) for e in ti.Vector([1.1, 2], dt=ti.f32)], [float(e) for e in ti.Vector([1.1, 2], dt=ti.f64)])
print([int(e) for e in ti.Vector([1.7, -2.5], dt=ti.i32)], [float(ti.Matrix([[0.1, 2]], dt=ti.f32)[0, j]) for j in range(2)])
print([float(e) for e in ti.types.vector(2, ti.f32)(0.1, 2)], [int(e) for e in ti.types.vector(2, ti.i32)(1.7, 2)])
print([float(e) for e in ti.math.vec2(0.1, 1)], [int(e) for e in ti.math.ivec2(1.5, 2)])
for f in (lambda: ti.Vector.zero(ti.f32, 2), lambda: ti.Matrix.one(float, 2, 3), lambda: ti.Matrix.identity(float, 2),
          lambda: ti.Vector.unit(3, 1)):
    try:
        f()
    except AssertionError as e:
        print("AssertionError:", e)

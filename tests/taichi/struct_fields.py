# Structs and struct fields in Python scope: ti.Struct values (members as
# attributes, to_dict, keys, a member named like a method hides it), struct
# types (casts: int() / float() of each member, nested structs), struct field
# elements that read and write the field (sf[i].a = v, sf[i] = struct, nested
# members), fill, copy_from (scalar, offset, matrix and struct fields),
# ti.FieldsBuilder, needs_grad (a struct field of gradients), and the errors
# Taichi raises.
import taichi as ti

ti.init(arch=ti.cpu)

s = ti.Struct(a=1, b=ti.Vector([1.5, 2.5]), c={"x": 3, "y": [1, 2]})
print(s, s.keys, s.a, s.b[1], s.c.x, s.c.y[0], len(s))
print(s.to_dict())
s.a = 5
s.b = [7, 8]
s.c.x = 4
print(s.to_dict())
try:
    s.a = ti.Vector([1, 2])
except TypeError as e:
    print("TypeError", e)
try:
    ti.Struct(1, 2)
except ti.TaichiSyntaxError as e:
    print("TaichiSyntaxError", e)

vec2 = ti.types.vector(2, ti.f32)
inner = ti.types.struct(v=vec2, w=ti.i32)
outer = ti.types.struct(i=inner, k=ti.f64, n=int)
o = outer(inner(vec2(1.25), 2.9), n=7.8)
print(o.to_dict())
print(outer(3).to_dict())


@ti.dataclass
class Item:
    keys: ti.i32
    items: ti.f32

    def doubled(self):
        return Item(self.keys * 2, self.items * 2)


it = Item(3, 1.5)
print(it.keys, it.items, it.doubled().to_dict())
try:
    @ti.dataclass
    class Bad:
        a: int
        b: float = 1.0
except ti.TaichiSyntaxError as e:
    print("TaichiSyntaxError", e)

sf = outer.field(shape=4)
print(sf.shape, sf.keys, type(sf.i).__name__, sf.k.shape)
sf[1].k = 2.5
sf[1].i.w = 9
sf[1].i.v = [0.5, 1.5]
sf[2] = outer(inner(vec2(2), 3), 4.5, 6)
sf[3] = {"i": {"v": [1, 2], "w": 5}, "k": 1.25, "n": 8}
for i in range(4):
    print(i, sf[i].i.v[0], sf[i].i.v[1], sf[i].i.w, sf[i].k, sf[i].n, sf.k[i], sf.i.v[i][1])
e = sf[1]
sf[1].k = -1
print(e.k, e.i.v[0])
sf.fill(3)
print(sf[0].i.v[1], sf[0].i.w, sf[0].k, sf[0].n)

a = ti.field(ti.i32, shape=5, offset=-2)
b = ti.field(ti.f32, shape=5, offset=3)
for i in range(5):
    b[i + 3] = i * 1.5
a.copy_from(b)
print([a[i - 2] for i in range(5)])
m1 = ti.Vector.field(2, ti.f32, shape=3)
m2 = ti.Vector.field(2, ti.f32, shape=3)
m2[1] = [1, 2]
m1.copy_from(m2)
print(m1[1][0], m1[1][1], m1[0][1])
z0 = ti.field(ti.f32, shape=())
z1 = ti.field(ti.i32, shape=())
z1[None] = 7
z0.copy_from(z1)
print(z0[None])
sf2 = outer.field(shape=4)
sf2.copy_from(sf)
print(sf2[2].i.v[0], sf2[2].i.w, sf2[2].k, sf2[2].n)
for bad in (ti.field(ti.f32, shape=4), ti.field(ti.f32, shape=(5, 2))):
    try:
        a.copy_from(bad)
    except ValueError as e:
        print("ValueError", e)
try:
    a.copy_from([1, 2])
except TypeError as e:
    print("TypeError", e)

fb = ti.FieldsBuilder()
x = ti.field(ti.f32)
y = ti.types.vector(3, ti.i32).field()
fb.dense(ti.i, 4).place(x, y)
tree = fb.finalize()
x[2] = 1.5
y[3] = [1, 2, 3]
print(x[2], y[3][2], x.shape, y.shape)
try:
    fb.dense(ti.i, 2)
except ti.TaichiRuntimeError as e:
    print("TaichiRuntimeError", e)
tree.destroy()
try:
    tree.destroy()
except ti.TaichiRuntimeError as e:
    print("TaichiRuntimeError", e)

gf = ti.Struct.field({"a": ti.f32, "b": ti.f32}, shape=3, needs_grad=True)
gf[1].a = 2
gf.grad[1].b = 0.5
print(gf[1].a, gf.grad[1].a, gf.b.grad[1], type(gf.grad).__name__)

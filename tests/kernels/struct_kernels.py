# Structs in kernels: ti.types.struct and @ti.dataclass values (members cast
# to their types, missing ones 0), copies on assignment, nested structs with
# vector members, struct fields (member and whole-element access, struct-for,
# placement through ti.root), ti.func methods whose self is the struct itself
# (a field element's method writes the field), and structs as ti.func
# arguments and return values.
import taichi as ti

ti.init(arch=ti.cpu)

vec3 = ti.types.vector(3, ti.f32)
line = ti.types.struct(dir=vec3, length=ti.f32)
seg = ti.types.struct(l=line, idx=ti.i32, big=ti.i64)


@ti.dataclass
class Particle:
    pos: vec3
    mass: ti.f32
    hits: ti.i32

    @ti.func
    def energy(self):
        return 0.5 * self.mass * self.pos.norm_sqr()

    @ti.func
    def hit(self, n):
        self.hits += n
        self.pos *= 2

    @ti.func
    def moved(self, d: ti.template()):
        return Particle(self.pos + d.pos, self.mass + d.mass, self.hits)


@ti.kernel
def locals_and_casts() -> ti.f32:
    s = seg(line(vec3(1.5), 2.75), 3.9)
    t = s                 # a copy
    t.idx = 7
    t.l.dir[1] = 10.0
    print(s.idx, t.idx, s.l.dir[1], t.l.dir[1], s.big, s.l.length)
    u = ti.Struct(a=1, b=ti.Vector([2.5, 3.5]))
    u.b += 1
    print(u.a, u.b[0], u.b[1])
    u = ti.Struct({"a": 4, "b": [0.25, 0.5]})
    print(u.a, u.b[0], u.b[1])
    return s.l.dir.sum() + t.l.length


n = 6
sf = seg.field(shape=n)
pf = Particle.field()
ti.root.dense(ti.i, n).place(pf)
plain = ti.Struct.field({"a": ti.f32, "v": ti.types.vector(2, ti.i32)}, shape=(2, 3))


@ti.kernel
def fill_fields():
    for i in sf:
        sf[i].idx = i
        sf[i].l.length = i * 0.5
        sf[i].l.dir = vec3(i, i + 1, i + 2)
        sf[i].big = ti.i64(1) << (32 + i)
    for i in pf:
        pf[i] = Particle(pos=vec3(i, 0, 1), mass=i + 1.0)
    for i, j in plain:
        plain[i, j].a = i * 10 + j
        plain[i, j].v = [i, j]


@ti.kernel
def use_methods() -> ti.f32:
    total = 0.0
    for i in pf:
        total += pf[i].energy()
    for i in pf:
        pf[i].hit(i)
    return total


@ti.func
def longest(a, b):
    r = a
    if b.l.length > a.l.length:
        r = b
    return r


@ti.kernel
def func_args() -> ti.i32:
    best = sf[0]
    for i in range(1, n):
        best = longest(best, sf[i])
    q = pf[1].moved(pf[2])
    print(q.pos[0], q.pos[1], q.pos[2], q.mass, q.hits)
    return best.idx


@ti.kernel
def whole_copy():
    for i in sf:
        if i > 0:
            sf[i].l = sf[0].l
    sf[0] = seg(idx=-1)


print(locals_and_casts())
fill_fields()
print(use_methods())
for i in range(n):
    print(i, sf[i].idx, sf[i].l.length, sf[i].l.dir[2], sf[i].big, pf[i].hits, pf[i].pos[0], pf[i].pos[2])
print(func_args())
whole_copy()
for i in range(n):
    print(i, sf[i].idx, sf[i].l.length, sf[i].l.dir[0], sf[i].l.dir[2], sf[i].big)
for i in range(2):
    for j in range(3):
        print(i, j, plain[i, j].a, plain[i, j].v[0], plain[i, j].v[1])
